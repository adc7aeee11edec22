// SPDX-License-Identifier: Apache-2.0
/* firmware/api/dataflow_cb.h - circular buffers for data-movement kernels, tt-metal's names and
 * semantics over bh_cb.h's protocol: each side keeps its running count in its CB interface
 * (local data RAM) and publishes it in its own L1 line; it only reads the other side's line,
 * with a fence first so the read misses the L0 data cache, and waits in a loop of that one
 * load, so a waiting core sleeps until the other side writes (riscv.poll_sleep). */
#ifndef BH_DATAFLOW_CB_H
#define BH_DATAFLOW_CB_H
#include <stdint.h>
#include "firmware/api/bh_kernel_common.h"

/* tt-metal's DataFormat, the numbers of bh_l1_layout.h's BhDataFormat */
enum class DataFormat : uint8_t {
    Float32 = 0,
    Float16 = 1,
    Bfp8 = 2,
    Bfp4 = 3,
    Tf32 = 4,
    Float16_b = 5,
    Bfp8_b = 6,
    Bfp4_b = 7,
    Int32 = 8,
    UInt16 = 9,
    Lf8 = 10,
    Bfp2 = 11,
    Int8 = 14,
    Bfp2_b = 15,
    UInt32 = 24,
    Fp8_e4m3 = 0x1A,
    UInt8 = 30,
    RawUInt8 = 0xf0,
    RawUInt16 = 0xf1,
    RawUInt32 = 0xf2,
    Invalid = 0xff
};

inline BhCbInterface *bh_cb(uint32_t operand)
{
    return &BH_CB_INTERFACE[operand];
}

/* the address advanced by `bytes` within the ring */
inline uint32_t bh_cb_advance(const BhCbInterface *cb, uint32_t ptr, uint32_t bytes)
{
    ptr += bytes;
    if (ptr >= cb->fifo_limit)
        ptr -= cb->fifo_size;
    return ptr;
}

/* Free pages: num_pages - (received(local) - acked(L1)). */
inline bool cb_pages_reservable_at_back(int32_t operand, int32_t num_pages)
{
    const BhCbInterface *cb = bh_cb((uint32_t)operand);
    const uint32_t acked = bh_l1_read_fresh(BH_L1_CB_ACKED(operand));
    return cb->num_pages - (cb->received - acked) >= (uint32_t)num_pages;
}

/* Waits until num_pages pages at the back are free, i.e. until the consumer's acked count
 * reaches received + num_pages - ring pages (compared as a signed difference: counts wrap). */
inline void cb_reserve_back(int32_t operand, int32_t num_pages)
{
    const BhCbInterface *cb = bh_cb((uint32_t)operand);
    const uint32_t line = BH_L1_CB_ACKED(operand);
    const uint32_t need = cb->received + (uint32_t)num_pages - cb->num_pages;
    while ((int32_t)(bh_l1_read_fresh(line) - need) < 0) {
    }
}

/* The pages' data must be in L1 first (after noc_async_read_barrier for NoC reads). */
inline void cb_push_back(int32_t operand, int32_t num_pages)
{
    BhCbInterface *cb = bh_cb((uint32_t)operand);
    cb->received += (uint32_t)num_pages;
    bh_l1_write(BH_L1_CB_RECEIVED(operand), cb->received);
    cb->wr_ptr = bh_cb_advance(cb, cb->wr_ptr, (uint32_t)num_pages * cb->page_size);
}

/* Pages available: received(L1) - acked(local). */
inline bool cb_pages_available_at_front(int32_t operand, int32_t num_pages)
{
    const BhCbInterface *cb = bh_cb((uint32_t)operand);
    const uint32_t received = bh_l1_read_fresh(BH_L1_CB_RECEIVED(operand));
    return received - cb->acked >= (uint32_t)num_pages;
}

inline void cb_wait_front(int32_t operand, int32_t num_pages)
{
    const BhCbInterface *cb = bh_cb((uint32_t)operand);
    const uint32_t line = BH_L1_CB_RECEIVED(operand);
    const uint32_t need = cb->acked + (uint32_t)num_pages;
    while ((int32_t)(bh_l1_read_fresh(line) - need) < 0) {
    }
}

/* The pages must be no longer needed: a NoC write from them must have read its data
 * (noc_async_writes_flushed or noc_async_write_barrier) first. */
inline void cb_pop_front(int32_t operand, int32_t num_pages)
{
    BhCbInterface *cb = bh_cb((uint32_t)operand);
    cb->acked += (uint32_t)num_pages;
    bh_l1_write(BH_L1_CB_ACKED(operand), cb->acked);
    cb->rd_ptr = bh_cb_advance(cb, cb->rd_ptr, (uint32_t)num_pages * cb->page_size);
}

/* L1 byte address of the back page (producer) and of the front page (consumer) */
inline uint32_t get_write_ptr(uint32_t operand)
{
    return bh_cb(operand)->wr_ptr;
}

inline uint32_t get_read_ptr(uint32_t operand)
{
    return bh_cb(operand)->rd_ptr;
}

/* the CB's page size: a tile of its format, as the host configured it */
inline uint32_t get_tile_size(int32_t operand)
{
    return bh_cb((uint32_t)operand)->page_size;
}

inline DataFormat get_dataformat(int32_t operand)
{
    return static_cast<DataFormat>(bh_cb((uint32_t)operand)->format);
}

#endif
