// SPDX-License-Identifier: Apache-2.0
/* firmware/api/dataflow_api.h - what a data-movement kernel includes: tt-metal's dataflow API
 * (a subset, same names and semantics) for bhsim's Blackhole, freestanding C++17 for RV32.
 *   arguments          get_arg_val, get_compile_time_arg_val (bh_kernel_common.h)
 *   circular buffers   cb_reserve_back, cb_push_back, cb_wait_front, cb_pop_front,
 *                      get_write_ptr, get_read_ptr, get_tile_size, get_dataformat (dataflow_cb.h)
 *   NoC                get_noc_addr, get_noc_multicast_addr, noc_async_read/write(_multicast),
 *                      the barriers, noc_semaphore_inc, noc_inline_dw_write (dataflow_noc.h)
 *   interleaved        InterleavedAddrGen(Fast), noc_async_read/write_tile/page
 *                      (dataflow_addrgen.h)
 *   sharded, accessor  ShardedInfo, experimental::ShardedAddrGen (dataflow_sharded.h),
 *                      TensorAccessorArgs, TensorAccessor (dataflow_accessor.h)
 *   semaphores         get_semaphore, noc_semaphore_set/wait/set_remote/set_multicast (here)
 * The kernel's start-up runs bh_cb_interface_init (the firmware) and bh_dataflow_init before
 * kernel_main. */
#ifndef BH_DATAFLOW_API_H
#define BH_DATAFLOW_API_H
#include <stdint.h>
#include "firmware/api/bh_kernel_common.h"
#include "firmware/api/dataflow_addrgen.h"
#include "firmware/api/dataflow_cb.h"
#include "firmware/api/dataflow_noc.h"
#include "firmware/api/dataflow_sharded.h"

void kernel_main();

/* ---- semaphores: 32-bit words in L1, each in its own 16-byte line (BH_L1_SEMAPHORE) */

inline uint32_t get_semaphore(uint32_t semaphore_id)
{
    return BH_L1_SEMAPHORE(semaphore_id);
}

inline void noc_semaphore_set(volatile uint32_t *sem_addr, uint32_t val)
{
    *sem_addr = val;
}

/* Waits until the local semaphore holds `val`; other agents write it over the NoC, so each
 * read goes around the L0 data cache. */
inline void noc_semaphore_wait(volatile uint32_t *sem_addr, uint32_t val)
{
    while (bh_l1_read_fresh((uint32_t)sem_addr) != val) {
    }
}

inline void noc_semaphore_wait_min(volatile uint32_t *sem_addr, uint32_t val)
{
    while (bh_l1_read_fresh((uint32_t)sem_addr) < val) {
    }
}

/* Copies the local word at src_local_l1_addr to a remote semaphore (a 4-byte write). */
inline void noc_semaphore_set_remote(uint32_t src_local_l1_addr, uint64_t dst_noc_addr,
                                     uint8_t noc = noc_index)
{
    bh_noc_write_packet(noc, write_reg_cmd_buf, src_local_l1_addr, dst_noc_addr, 4, 0, 1, false);
}

inline void noc_semaphore_set_multicast(uint32_t src_local_l1_addr, uint64_t dst_noc_addr_multicast,
                                        uint32_t num_dests, bool linked = false,
                                        uint8_t noc = noc_index)
{
    bh_noc_write_multicast(noc, write_reg_cmd_buf, src_local_l1_addr, dst_noc_addr_multicast, 4,
                           num_dests, linked, false);
}

inline void noc_semaphore_set_multicast_loopback_src(uint32_t src_local_l1_addr,
                                                     uint64_t dst_noc_addr_multicast,
                                                     uint32_t num_dests, bool linked = false,
                                                     uint8_t noc = noc_index)
{
    bh_noc_write_multicast(noc, write_reg_cmd_buf, src_local_l1_addr, dst_noc_addr_multicast, 4,
                           num_dests, linked, true);
}

#endif
