// SPDX-License-Identifier: Apache-2.0
/* firmware/api/dataflow_noc.h - the NoC half of the dataflow API (tt-metal's names and
 * semantics): addresses, reads, writes, multicast, atomics and the barriers, all issued by
 * programming this core's NIU command buffers and polling its counters (docs/hardware.md#niu).
 *
 * Dedicated-NoC mode, as tt-metal's default: a data-movement core owns one NoC (NOC_INDEX:
 * BRISC 0, NCRISC 1 unless the build says otherwise) and its four command buffers, used as
 * tt-metal's Blackhole code uses them: 0 writes, 1 reads, 2 small writes (semaphores),
 * 3 atomics. The barriers compare NIU counters with running counts kept by this core, which
 * bh_noc_init() seeds from the counters before the kernel starts, so the two cores of a tile
 * must not share a NoC through this API.
 *
 * Addresses: a 64-bit NoC address is {y[6], x[6], local[36]} (multicast: start x/y above),
 * the layout tt-metal uses; coordinates inside it are those of the NoC the address is for.
 * Kernels pass NoC0 coordinates; get_noc_addr() turns them into NoC1's for a NoC1 transfer
 * (NoC1 (x, y) = (16 - x, 11 - y)), as tt-metal's NOC_X/NOC_Y do where the NIU does not
 * translate coordinates. */
#ifndef BH_DATAFLOW_NOC_H
#define BH_DATAFLOW_NOC_H
#include <stdint.h>
#include "firmware/api/bh_kernel_common.h"
#include "firmware/include/bh_niu.h"

#ifndef NOC_INDEX
#if defined(COMPILE_FOR_NCRISC)
#define NOC_INDEX 1
#else
#define NOC_INDEX 0
#endif
#endif

#define FORCE_INLINE inline __attribute__((always_inline))
#define tt_l1_ptr
#define tt_reg_ptr

constexpr uint8_t noc_index = NOC_INDEX;
constexpr uint32_t NUM_NOCS = 2;
constexpr uint32_t noc_size_x = 17;
constexpr uint32_t noc_size_y = 12;
constexpr uint32_t NOC_MAX_BURST_SIZE = 16384; /* 256 data flits of 64 bytes */
constexpr uint32_t NOC_ADDR_LOCAL_BITS = 36;
constexpr uint32_t NOC_ADDR_NODE_ID_BITS = 6;
constexpr uint32_t NOC_ADDR_COORD_SHIFT = 36;
constexpr uint32_t NOC_COORDINATE_MASK = 0xFFFFFF;
constexpr uint32_t NOC_PCIE_MASK = 0x1000000F; /* local address bits 35:32 and 60 (PCIe) */
constexpr uint32_t NOC_UNICAST_WRITE_VC = 1;
constexpr uint32_t NOC_MULTICAST_WRITE_VC = 4;

#define NOC_XY_ADDR(x, y, addr)                                                                    \
    ((((uint64_t)(y)) << (NOC_ADDR_LOCAL_BITS + NOC_ADDR_NODE_ID_BITS)) |                          \
     (((uint64_t)(x)) << NOC_ADDR_LOCAL_BITS) | ((uint64_t)(addr)))
#define NOC_MULTICAST_ADDR(x_start, y_start, x_end, y_end, addr)                                   \
    ((((uint64_t)(x_start)) << (NOC_ADDR_LOCAL_BITS + 2 * NOC_ADDR_NODE_ID_BITS)) |                \
     (((uint64_t)(y_start)) << (NOC_ADDR_LOCAL_BITS + 3 * NOC_ADDR_NODE_ID_BITS)) |                \
     (((uint64_t)(x_end)) << NOC_ADDR_LOCAL_BITS) |                                                \
     (((uint64_t)(y_end)) << (NOC_ADDR_LOCAL_BITS + NOC_ADDR_NODE_ID_BITS)) | ((uint64_t)(addr)))
/* Host memory from a kernel: the PCIe tile's coordinates (those of the NoC used) with address
 * bit 60, the host window that goes through the outbound iATU to the host (docs/hardware.md#pcie;
 * tenstorrent/tt-metal tt_metal/hw/inc/blackhole/noc/noc_parameters.h NOC_XY_PCIE_ENCODING);
 * OR the host address in. The command buffers carry bit 60 in NOC_PCIE_MASK's bit 28 of the
 * _MID register, so host addresses reach up to 2^36 bytes. */
#define NOC_XY_PCIE_ENCODING(x, y) (NOC_XY_ADDR((x), (y), 0) | 0x1000000000000000ull)
/* a NoC0 coordinate as NoC `noc` names the same tile */
#define DYNAMIC_NOC_X(noc, x) ((noc) == 0 ? (x) : (noc_size_x - 1 - (x)))
#define DYNAMIC_NOC_Y(noc, y) ((noc) == 0 ? (y) : (noc_size_y - 1 - (y)))
#define NOC_X(x) DYNAMIC_NOC_X(noc_index, (x))
#define NOC_Y(y) DYNAMIC_NOC_Y(noc_index, (y))

/* ---- the NIU: BH_NIU_BASE, BH_NIU_<register> offsets and BH_NIU_<counter> indices
 * (firmware/include/bh_niu.h, generated from model/noc/noc_niu_regs.def) */
/* NOC_CTRL */
constexpr uint32_t BH_NOC_CMD_RD = 0u;
constexpr uint32_t BH_NOC_CMD_AT = 1u;
constexpr uint32_t BH_NOC_CMD_WR = 2u;
constexpr uint32_t BH_NOC_CMD_WR_INLINE = 1u << 3;
constexpr uint32_t BH_NOC_CMD_RESP_MARKED = 1u << 4;
constexpr uint32_t BH_NOC_CMD_BRCST_PACKET = 1u << 5;
constexpr uint32_t BH_NOC_CMD_VC_LINKED = 1u << 6;
constexpr uint32_t BH_NOC_CMD_PATH_RESERVE = 1u << 8;
constexpr uint32_t BH_NOC_CMD_BRCST_SRC_INCLUDE = 1u << 17;
/* NOC_AT_LEN_BE of an atomic increment: opcode [15:12], wrap width [6:2], word [1:0] */
constexpr uint32_t BH_NOC_AT_INCR = 1u << 12;

/* tt-metal's dedicated-NoC command buffers */
constexpr uint32_t write_cmd_buf = 0;
constexpr uint32_t read_cmd_buf = 1;
constexpr uint32_t write_reg_cmd_buf = 2;
constexpr uint32_t write_at_cmd_buf = 3;

FORCE_INLINE void bh_niu_write(uint32_t noc, uint32_t buf, uint32_t reg, uint32_t v)
{
    *(volatile uint32_t *)(BH_NIU_BASE(noc) + buf * BH_NIU_CMD_BUF_STRIDE + reg) = v;
}

FORCE_INLINE uint32_t bh_niu_read(uint32_t noc, uint32_t buf, uint32_t reg)
{
    return *(volatile uint32_t *)(BH_NIU_BASE(noc) + buf * BH_NIU_CMD_BUF_STRIDE + reg);
}

FORCE_INLINE uint32_t bh_niu_counter(uint32_t noc, uint32_t index)
{
    return *(volatile uint32_t *)(BH_NIU_BASE(noc) + BH_NIU_COUNTER_BASE + 4u * index);
}

/* A command buffer's registers may be written only once CMD_CTRL reads 0 again (the NIU has
 * taken its last command). */
FORCE_INLINE bool noc_cmd_buf_ready(uint32_t noc, uint32_t cmd_buf)
{
    return bh_niu_read(noc, cmd_buf, BH_NIU_CMD_CTRL) == 0;
}

FORCE_INLINE void bh_noc_wait_ready(uint32_t noc, uint32_t cmd_buf)
{
    while (!noc_cmd_buf_ready(noc, cmd_buf)) {
    }
}

/* ---- this core's NoC state, in its local data RAM after the CB interfaces (bh_cb.h
 * BH_NOC_STATE_ADDR), as tt-metal's firmware and kernels keep their .data and .bss in local
 * memory (tt_metal/hw/toolchain/sections.ld: .ldm_data > REGION_DATA): every transfer updates
 * these counts, at a local load's 2 cycles rather than an L1 load's 8. bh_noc_init sets them
 * all before the kernel starts. tt-metal's names stay usable as arrays. */
struct BhNocState {
    uint32_t reads_num_issued[NUM_NOCS];
    uint32_t nonposted_writes_num_issued[NUM_NOCS];
    uint32_t nonposted_writes_acked[NUM_NOCS];
    uint32_t nonposted_atomics_acked[NUM_NOCS];
    uint32_t posted_writes_num_issued[NUM_NOCS];
    uint8_t my_x[NUM_NOCS], my_y[NUM_NOCS]; /* this tile, in each NoC's coordinates */
};
static_assert(sizeof(BhNocState) <= BH_NOC_STATE_BYTES, "BhNocState outgrew its local RAM");
#define BH_NOC_STATE (*(BhNocState *)BH_NOC_STATE_ADDR)
#define noc_reads_num_issued (BH_NOC_STATE.reads_num_issued)
#define noc_nonposted_writes_num_issued (BH_NOC_STATE.nonposted_writes_num_issued)
#define noc_nonposted_writes_acked (BH_NOC_STATE.nonposted_writes_acked)
#define noc_nonposted_atomics_acked (BH_NOC_STATE.nonposted_atomics_acked)
#define noc_posted_writes_num_issued (BH_NOC_STATE.posted_writes_num_issued)
#define my_x (BH_NOC_STATE.my_x)
#define my_y (BH_NOC_STATE.my_y)
/* an atomic's old value comes back here (RET_ADDR); tt-metal's inline writes to L1 stage
 * their word here (Blackhole's inline writes to L1 are unsafe, docs/hardware.md#noc). Own
 * 16-B lines. */
alignas(16) inline volatile uint32_t bh_noc_atomic_ret[NUM_NOCS][4];
alignas(16) inline volatile uint32_t bh_noc_inline_stage[NUM_NOCS][4];

/* The counts the barriers wait for start from the NIU's counters now (tt-metal's
 * noc_local_state_init): earlier kernels' transfers count there too. */
inline void noc_local_state_init(int noc)
{
    noc_reads_num_issued[noc] = bh_niu_counter(noc, BH_NIU_MST_RD_RESP_RECEIVED);
    noc_nonposted_writes_num_issued[noc] = bh_niu_counter(noc, BH_NIU_MST_NONPOSTED_WR_REQ_SENT);
    noc_nonposted_writes_acked[noc] = bh_niu_counter(noc, BH_NIU_MST_WR_ACK_RECEIVED);
    noc_nonposted_atomics_acked[noc] = bh_niu_counter(noc, BH_NIU_MST_ATOMIC_RESP_RECEIVED);
    noc_posted_writes_num_issued[noc] = bh_niu_counter(noc, BH_NIU_MST_POSTED_WR_REQ_SENT);
}

/* Sets the registers that stay the same for every request of a buffer (tt-metal's noc_init):
 * where writes are acknowledged and read data and atomic results return (this tile), and the
 * read buffer's NOC_CTRL. Then the counts. */
inline void bh_noc_init(uint32_t noc)
{
    const volatile BhLaunchMsg *launch = (const volatile BhLaunchMsg *)BH_L1_LAUNCH;
    my_x[noc] = (uint8_t)launch->tile_x[noc];
    my_y[noc] = (uint8_t)launch->tile_y[noc];
    const uint32_t me = my_x[noc] | (uint32_t)my_y[noc] << NOC_ADDR_NODE_ID_BITS;
    for (uint32_t b = 0; b < 4; b++)
        bh_noc_wait_ready(noc, b);
    const uint32_t write_bufs[2] = {write_cmd_buf, write_reg_cmd_buf};
    for (uint32_t b : write_bufs) {
        bh_niu_write(noc, b, BH_NIU_TARG_ADDR_MID, 0);
        bh_niu_write(noc, b, BH_NIU_TARG_ADDR_HI, me);
        bh_niu_write(noc, b, BH_NIU_PACKET_TAG, 0); /* transaction id 0 */
    }
    bh_niu_write(noc, write_at_cmd_buf, BH_NIU_RET_ADDR_LO, (uint32_t)&bh_noc_atomic_ret[noc][0]);
    bh_niu_write(noc, write_at_cmd_buf, BH_NIU_RET_ADDR_MID, 0);
    bh_niu_write(noc, write_at_cmd_buf, BH_NIU_RET_ADDR_HI, me);
    bh_niu_write(noc, write_at_cmd_buf, BH_NIU_PACKET_TAG, 0);
    bh_niu_write(noc, read_cmd_buf, BH_NIU_CTRL, BH_NOC_CMD_RD | BH_NOC_CMD_RESP_MARKED);
    bh_niu_write(noc, read_cmd_buf, BH_NIU_RET_ADDR_MID, 0);
    bh_niu_write(noc, read_cmd_buf, BH_NIU_RET_ADDR_HI, me);
    bh_niu_write(noc, read_cmd_buf, BH_NIU_PACKET_TAG, 0);
    noc_local_state_init((int)noc);
}

/* What a data-movement kernel's start-up calls before kernel_main (after the CB interfaces). */
inline void bh_dataflow_init()
{
    bh_noc_init(noc_index);
}

/* ---- addresses */

FORCE_INLINE uint64_t get_noc_addr(uint32_t noc_x, uint32_t noc_y, uint32_t addr,
                                   uint8_t noc = noc_index)
{
    return NOC_XY_ADDR(DYNAMIC_NOC_X(noc, noc_x), DYNAMIC_NOC_Y(noc, noc_y), addr);
}

/* this tile's own L1 */
FORCE_INLINE uint64_t get_noc_addr(uint32_t addr, uint8_t noc = noc_index)
{
    return NOC_XY_ADDR(my_x[noc], my_y[noc], addr);
}

/* The rectangle from (start) to (end) in NoC0 coordinates. On NoC1 the rectangle runs the
 * other way: as in tt-metal, a NoC1 caller passes the NoC0 end corner as start. */
FORCE_INLINE uint64_t get_noc_multicast_addr(uint32_t noc_x_start, uint32_t noc_y_start,
                                             uint32_t noc_x_end, uint32_t noc_y_end, uint32_t addr,
                                             uint8_t noc = noc_index)
{
    return NOC_MULTICAST_ADDR(DYNAMIC_NOC_X(noc, noc_x_start), DYNAMIC_NOC_Y(noc, noc_y_start),
                              DYNAMIC_NOC_X(noc, noc_x_end), DYNAMIC_NOC_Y(noc, noc_y_end), addr);
}

/* ---- one packet each; callers split at NOC_MAX_BURST_SIZE */

FORCE_INLINE void bh_noc_read_packet(uint32_t noc, uint64_t src, uint32_t dst, uint32_t len)
{
    bh_noc_wait_ready(noc, read_cmd_buf);
    bh_niu_write(noc, read_cmd_buf, BH_NIU_RET_ADDR_LO, dst);
    bh_niu_write(noc, read_cmd_buf, BH_NIU_TARG_ADDR_LO, (uint32_t)src);
    bh_niu_write(noc, read_cmd_buf, BH_NIU_TARG_ADDR_MID, (uint32_t)(src >> 32) & NOC_PCIE_MASK);
    bh_niu_write(noc, read_cmd_buf, BH_NIU_TARG_ADDR_HI,
                 (uint32_t)(src >> NOC_ADDR_COORD_SHIFT) & NOC_COORDINATE_MASK);
    bh_niu_write(noc, read_cmd_buf, BH_NIU_AT_LEN_BE, len);
    bh_niu_write(noc, read_cmd_buf, BH_NIU_CMD_CTRL, 1);
    noc_reads_num_issued[noc] += 1;
}

/* A write of `len` bytes at local `src` to `dst` (unicast or a multicast rectangle). A
 * non-posted write is acknowledged once per receiver: num_dests acknowledgements to wait for. */
FORCE_INLINE void bh_noc_write_packet(uint32_t noc, uint32_t cmd_buf, uint32_t src, uint64_t dst,
                                      uint32_t len, uint32_t flags, uint32_t num_dests, bool posted)
{
    bh_noc_wait_ready(noc, cmd_buf);
    bh_niu_write(noc, cmd_buf, BH_NIU_CTRL,
                 BH_NOC_CMD_WR | flags | (posted ? 0u : BH_NOC_CMD_RESP_MARKED));
    bh_niu_write(noc, cmd_buf, BH_NIU_TARG_ADDR_LO, src);
    bh_niu_write(noc, cmd_buf, BH_NIU_RET_ADDR_LO, (uint32_t)dst);
    bh_niu_write(noc, cmd_buf, BH_NIU_RET_ADDR_MID, (uint32_t)(dst >> 32) & NOC_PCIE_MASK);
    bh_niu_write(noc, cmd_buf, BH_NIU_RET_ADDR_HI,
                 (uint32_t)(dst >> NOC_ADDR_COORD_SHIFT) & NOC_COORDINATE_MASK);
    bh_niu_write(noc, cmd_buf, BH_NIU_AT_LEN_BE, len);
    bh_niu_write(noc, cmd_buf, BH_NIU_CMD_CTRL, 1);
    if (posted) {
        noc_posted_writes_num_issued[noc] += 1;
    } else {
        noc_nonposted_writes_num_issued[noc] += 1;
        noc_nonposted_writes_acked[noc] += num_dests;
    }
}

/* Longer transfers go as NOC_MAX_BURST_SIZE packets, so every count above moves once per
 * packet, as the NIU counts (its own splitting would also need 64-byte alignment). */
inline void bh_noc_write_any_len(uint32_t noc, uint32_t cmd_buf, uint32_t src, uint64_t dst,
                                 uint32_t size, uint32_t flags, uint32_t num_dests, bool posted)
{
    while (size > NOC_MAX_BURST_SIZE) {
        bh_noc_write_packet(noc, cmd_buf, src, dst, NOC_MAX_BURST_SIZE, flags, num_dests, posted);
        src += NOC_MAX_BURST_SIZE;
        dst += NOC_MAX_BURST_SIZE;
        size -= NOC_MAX_BURST_SIZE;
    }
    if (size)
        bh_noc_write_packet(noc, cmd_buf, src, dst, size, flags, num_dests, posted);
}

/* ---- tt-metal's asynchronous transfers. `vc` is accepted and ignored: the NIU picks any
 * free virtual channel of the request class (static VCs are not used on Blackhole). A
 * transfer of 0 bytes issues nothing. */

template <uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true>
inline void noc_async_read(uint64_t src_noc_addr, uint32_t dst_local_l1_addr, uint32_t size,
                           uint8_t noc = noc_index, uint32_t read_req_vc = 1)
{
    (void)read_req_vc;
    if constexpr (max_page_size > NOC_MAX_BURST_SIZE) {
        while (size > NOC_MAX_BURST_SIZE) {
            bh_noc_read_packet(noc, src_noc_addr, dst_local_l1_addr, NOC_MAX_BURST_SIZE);
            src_noc_addr += NOC_MAX_BURST_SIZE;
            dst_local_l1_addr += NOC_MAX_BURST_SIZE;
            size -= NOC_MAX_BURST_SIZE;
        }
    }
    if (size)
        bh_noc_read_packet(noc, src_noc_addr, dst_local_l1_addr, size);
}

template <uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true,
          bool posted = false>
inline void noc_async_write(uint32_t src_local_l1_addr, uint64_t dst_noc_addr, uint32_t size,
                            uint8_t noc = noc_index, uint32_t vc = NOC_UNICAST_WRITE_VC)
{
    (void)vc;
    bh_noc_write_any_len(noc, write_cmd_buf, src_local_l1_addr, dst_noc_addr, size, 0, 1, posted);
}

/* ---- one packet (size at most NOC_MAX_BURST_SIZE: no splitting loop, no size check) */

template <bool enable_noc_tracing = true>
FORCE_INLINE void noc_async_read_one_packet(uint64_t src_noc_addr, uint32_t dst_local_l1_addr,
                                            uint32_t size, uint8_t noc = noc_index,
                                            uint32_t read_req_vc = NOC_UNICAST_WRITE_VC)
{
    (void)read_req_vc;
    if (size)
        bh_noc_read_packet(noc, src_noc_addr, dst_local_l1_addr, size);
}

template <bool enable_noc_tracing = true, bool posted = false>
FORCE_INLINE void noc_async_write_one_packet(uint32_t src_local_l1_addr, uint64_t dst_noc_addr,
                                             uint32_t size, uint8_t noc = noc_index,
                                             uint32_t vc = NOC_UNICAST_WRITE_VC)
{
    (void)vc;
    if (size)
        bh_noc_write_packet(noc, write_cmd_buf, src_local_l1_addr, dst_noc_addr, size, 0, 1,
                            posted);
}

/* ---- stateful transfers (tt-metal's *_set_state / *_with_state). A set_state call writes the
 * registers a run of transfers shares into the command buffer once: the far tile's coordinates
 * (and the PCIe bit), for one-packet variants the length, for writes NOC_CTRL. Each with_state
 * call then writes only the two low addresses (and the length where it varies) and CMD_CTRL:
 * 3 NIU stores a one-packet read instead of 6. The with_state calls take the far address's
 * low 32 bits only; the coordinates are those of the last set_state. Any other transfer through
 * the same command buffer (noc_async_read, noc_async_write, ...) overwrites that state: set it
 * again afterwards. The counts the barriers wait for move once per packet, as for the plain
 * calls, so every barrier works after them. */

/* the far tile's coordinates in the command buffer: TARG_ (reads) or RET_ (writes) MID/HI */
FORCE_INLINE void bh_noc_set_far_coords(uint32_t noc, uint32_t cmd_buf, uint32_t mid_reg,
                                        uint32_t hi_reg, uint64_t addr)
{
    bh_niu_write(noc, cmd_buf, mid_reg, (uint32_t)(addr >> 32) & NOC_PCIE_MASK);
    bh_niu_write(noc, cmd_buf, hi_reg,
                 (uint32_t)(addr >> NOC_ADDR_COORD_SHIFT) & NOC_COORDINATE_MASK);
}

/* issues a read of the length already in NOC_AT_LEN_BE from the tile set by set_state */
template <bool inc_num_issued>
FORCE_INLINE void bh_noc_read_with_state(uint32_t noc, uint32_t src, uint32_t dst)
{
    bh_noc_wait_ready(noc, read_cmd_buf);
    bh_niu_write(noc, read_cmd_buf, BH_NIU_RET_ADDR_LO, dst);
    bh_niu_write(noc, read_cmd_buf, BH_NIU_TARG_ADDR_LO, src);
    bh_niu_write(noc, read_cmd_buf, BH_NIU_CMD_CTRL, 1);
    if constexpr (inc_num_issued)
        noc_reads_num_issued[noc] += 1;
}

/* `vc` and `use_vc` are accepted and ignored (as noc_async_read's read_req_vc). */
template <bool use_vc = false>
FORCE_INLINE void noc_async_read_one_packet_set_state(uint64_t src_noc_addr, uint32_t size,
                                                      const uint32_t vc = 0,
                                                      uint8_t noc = noc_index)
{
    (void)vc;
    bh_noc_wait_ready(noc, read_cmd_buf);
    bh_noc_set_far_coords(noc, read_cmd_buf, BH_NIU_TARG_ADDR_MID, BH_NIU_TARG_ADDR_HI,
                          src_noc_addr);
    bh_niu_write(noc, read_cmd_buf, BH_NIU_AT_LEN_BE, size);
}

/* inc_num_issued false: the caller counts with noc_async_read_inc_num_issued before its
 * read barrier. */
template <bool inc_num_issued = true, bool use_vc = false>
FORCE_INLINE void
noc_async_read_one_packet_with_state(uint32_t src_local_l1_addr, uint32_t dst_local_l1_addr,
                                     const uint32_t vc = 0, uint8_t noc = noc_index)
{
    (void)vc;
    bh_noc_read_with_state<inc_num_issued>(noc, src_local_l1_addr, dst_local_l1_addr);
}

FORCE_INLINE void noc_async_read_set_state(uint64_t src_noc_addr, uint8_t noc = noc_index)
{
    bh_noc_wait_ready(noc, read_cmd_buf);
    bh_noc_set_far_coords(noc, read_cmd_buf, BH_NIU_TARG_ADDR_MID, BH_NIU_TARG_ADDR_HI,
                          src_noc_addr);
}

/* any size: NOC_MAX_BURST_SIZE packets (the length written once for all of them), then the
 * rest. Leaves NOC_AT_LEN_BE at the last packet's length. */
template <bool inc_num_issued = true>
FORCE_INLINE void noc_async_read_with_state(uint32_t src_local_l1_addr, uint32_t dst_local_l1_addr,
                                            uint32_t size, uint8_t noc = noc_index)
{
    if (size > NOC_MAX_BURST_SIZE) {
        bh_noc_wait_ready(noc, read_cmd_buf);
        bh_niu_write(noc, read_cmd_buf, BH_NIU_AT_LEN_BE, NOC_MAX_BURST_SIZE);
        while (size > NOC_MAX_BURST_SIZE) {
            bh_noc_read_with_state<inc_num_issued>(noc, src_local_l1_addr, dst_local_l1_addr);
            src_local_l1_addr += NOC_MAX_BURST_SIZE;
            dst_local_l1_addr += NOC_MAX_BURST_SIZE;
            size -= NOC_MAX_BURST_SIZE;
        }
    }
    if (size) {
        bh_noc_wait_ready(noc, read_cmd_buf);
        bh_niu_write(noc, read_cmd_buf, BH_NIU_AT_LEN_BE, size);
        bh_noc_read_with_state<inc_num_issued>(noc, src_local_l1_addr, dst_local_l1_addr);
    }
}

FORCE_INLINE void noc_async_read_inc_num_issued(uint32_t num_issued_reads_inc,
                                                uint8_t noc = noc_index)
{
    noc_reads_num_issued[noc] += num_issued_reads_inc;
}

/* `posted` must be the same in the set_state call and its with_state calls (NOC_CTRL says
 * whether writes are acknowledged; the with_state call counts them). `vc` is ignored. */
template <bool posted = false>
FORCE_INLINE void noc_async_write_one_packet_set_state(uint64_t dst_noc_addr, uint32_t size,
                                                       uint8_t noc = noc_index,
                                                       uint8_t vc = NOC_UNICAST_WRITE_VC)
{
    (void)vc;
    bh_noc_wait_ready(noc, write_cmd_buf);
    bh_niu_write(noc, write_cmd_buf, BH_NIU_CTRL,
                 BH_NOC_CMD_WR | (posted ? 0u : BH_NOC_CMD_RESP_MARKED));
    bh_noc_set_far_coords(noc, write_cmd_buf, BH_NIU_RET_ADDR_MID, BH_NIU_RET_ADDR_HI,
                          dst_noc_addr);
    bh_niu_write(noc, write_cmd_buf, BH_NIU_AT_LEN_BE, size);
}

template <bool posted = false>
FORCE_INLINE void noc_async_write_one_packet_with_state(uint32_t src_local_l1_addr,
                                                        uint32_t dst_local_l1_addr,
                                                        uint8_t noc = noc_index)
{
    bh_noc_wait_ready(noc, write_cmd_buf);
    bh_niu_write(noc, write_cmd_buf, BH_NIU_TARG_ADDR_LO, src_local_l1_addr);
    bh_niu_write(noc, write_cmd_buf, BH_NIU_RET_ADDR_LO, dst_local_l1_addr);
    bh_niu_write(noc, write_cmd_buf, BH_NIU_CMD_CTRL, 1);
    if constexpr (posted) {
        noc_posted_writes_num_issued[noc] += 1;
    } else {
        noc_nonposted_writes_num_issued[noc] += 1;
        noc_nonposted_writes_acked[noc] += 1;
    }
}

/* A multicast write: `num_dests` counts the tiles of the rectangle that receive (Tensix tiles,
 * and the sender itself with loopback). Path reservation on, as tt-metal's default. */
inline void bh_noc_write_multicast(uint32_t noc, uint32_t cmd_buf, uint32_t src, uint64_t dst,
                                   uint32_t size, uint32_t num_dests, bool linked, bool loopback)
{
    const uint32_t flags = BH_NOC_CMD_BRCST_PACKET | BH_NOC_CMD_PATH_RESERVE |
                           (loopback ? BH_NOC_CMD_BRCST_SRC_INCLUDE : 0u) |
                           (linked ? BH_NOC_CMD_VC_LINKED : 0u);
    bh_noc_write_any_len(noc, cmd_buf, src, dst, size, flags, num_dests, false);
}

template <uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1>
inline void noc_async_write_multicast(uint32_t src_local_l1_addr, uint64_t dst_noc_addr_multicast,
                                      uint32_t size, uint32_t num_dests, bool linked = false,
                                      uint8_t noc = noc_index)
{
    bh_noc_write_multicast(noc, write_cmd_buf, src_local_l1_addr, dst_noc_addr_multicast, size,
                           num_dests, linked, false);
}

inline void noc_async_write_multicast_loopback_src(uint32_t src_local_l1_addr,
                                                   uint64_t dst_noc_addr_multicast, uint32_t size,
                                                   uint32_t num_dests, bool linked = false,
                                                   uint8_t noc = noc_index)
{
    bh_noc_write_multicast(noc, write_cmd_buf, src_local_l1_addr, dst_noc_addr_multicast, size,
                           num_dests, linked, true);
}

/* ---- barriers: each poll is one NIU register load against a count held in a register, so
 * a waiting core sleeps (riscv.poll_sleep) until the counter moves. */

inline void noc_async_read_barrier(uint8_t noc = noc_index)
{
    const uint32_t want = noc_reads_num_issued[noc];
    while (bh_niu_counter(noc, BH_NIU_MST_RD_RESP_RECEIVED) != want) {
    }
}

inline void noc_async_write_barrier(uint8_t noc = noc_index)
{
    const uint32_t want = noc_nonposted_writes_acked[noc];
    while (bh_niu_counter(noc, BH_NIU_MST_WR_ACK_RECEIVED) != want) {
    }
}

/* Every write issued so far has read its data out of local L1, so the source may be reused.
 * tt-metal compares NONPOSTED_WR_REQ_SENT with its issue count, but the NIU counts a write
 * "sent" before its data reads complete (NoC/Counters.md); WRITE_REQS_OUTGOING_ID(0) drops
 * after them, so this waits on that. Reading CMD_CTRL back first orders the poll after the
 * last CMD_CTRL write (Counters.md's warning). */
inline void noc_async_writes_flushed(uint8_t noc = noc_index)
{
    (void)bh_niu_read(noc, write_cmd_buf, BH_NIU_CMD_CTRL);
    (void)bh_niu_read(noc, write_reg_cmd_buf, BH_NIU_CMD_CTRL);
    while (bh_niu_counter(noc, BH_NIU_MST_WRITE_REQS_OUTGOING_ID0) != 0) {
    }
}

inline void noc_async_posted_writes_flushed(uint8_t noc = noc_index)
{
    noc_async_writes_flushed(noc);
}

inline void noc_async_atomic_barrier(uint8_t noc_idx = noc_index)
{
    const uint32_t want = noc_nonposted_atomics_acked[noc_idx];
    while (bh_niu_counter(noc_idx, BH_NIU_MST_ATOMIC_RESP_RECEIVED) != want) {
    }
}

inline void noc_async_full_barrier(uint8_t noc_idx = noc_index)
{
    noc_async_read_barrier(noc_idx);
    noc_async_write_barrier(noc_idx);
    noc_async_writes_flushed(noc_idx);
    noc_async_atomic_barrier(noc_idx);
}

/* ---- atomics and single words */

/* Adds `incr` to the 32-bit word at `addr` (a Tensix L1), non-posted as tt-metal forces on
 * Blackhole; noc_async_atomic_barrier waits for the response. */
inline void bh_noc_atomic_inc(uint32_t noc, uint64_t addr, uint32_t incr, uint32_t mcast_flags,
                              uint32_t num_dests)
{
    bh_noc_wait_ready(noc, write_at_cmd_buf);
    bh_niu_write(noc, write_at_cmd_buf, BH_NIU_TARG_ADDR_LO, (uint32_t)addr);
    bh_niu_write(noc, write_at_cmd_buf, BH_NIU_TARG_ADDR_MID,
                 (uint32_t)(addr >> 32) & NOC_PCIE_MASK);
    bh_niu_write(noc, write_at_cmd_buf, BH_NIU_TARG_ADDR_HI,
                 (uint32_t)(addr >> NOC_ADDR_COORD_SHIFT) & NOC_COORDINATE_MASK);
    bh_niu_write(noc, write_at_cmd_buf, BH_NIU_CTRL,
                 BH_NOC_CMD_AT | BH_NOC_CMD_RESP_MARKED | mcast_flags);
    /* wrap 31: the whole 32-bit word counts */
    bh_niu_write(noc, write_at_cmd_buf, BH_NIU_AT_LEN_BE,
                 BH_NOC_AT_INCR | 31u << 2 | ((uint32_t)(addr >> 2) & 3u));
    bh_niu_write(noc, write_at_cmd_buf, BH_NIU_AT_DATA, incr);
    bh_niu_write(noc, write_at_cmd_buf, BH_NIU_CMD_CTRL, 1);
    noc_nonposted_atomics_acked[noc] += num_dests;
}

/* `posted` is accepted and ignored: the increment is always non-posted (above) */
template <bool posted = false>
inline void noc_semaphore_inc(uint64_t addr, uint32_t incr, uint8_t noc_id = noc_index,
                              uint8_t vc = NOC_UNICAST_WRITE_VC)
{
    (void)vc;
    bh_noc_atomic_inc(noc_id, addr, incr, 0, 1);
}

inline void noc_semaphore_inc_multicast(uint64_t addr, uint32_t incr, uint32_t num_dests,
                                        uint8_t noc_id = noc_index)
{
    bh_noc_atomic_inc(noc_id, addr, incr, BH_NOC_CMD_BRCST_PACKET | BH_NOC_CMD_PATH_RESERVE,
                      num_dests);
}

/* One 32-bit word to `addr`. To L1 the word goes as a 4-byte write from a staging slot
 * (Blackhole's inline writes to L1 are unsafe; tt-metal does the same); to registers
 * (addresses from 0xFF000000) as an inline write. be: byte enables of the word. */
inline void noc_inline_dw_write(uint64_t addr, uint32_t val, uint8_t be = 0xF,
                                uint8_t noc = noc_index)
{
    if ((uint32_t)addr >= 0xFF000000u) {
        bh_noc_wait_ready(noc, write_reg_cmd_buf);
        bh_niu_write(noc, write_reg_cmd_buf, BH_NIU_AT_DATA, val);
        bh_niu_write(noc, write_reg_cmd_buf, BH_NIU_CTRL,
                     BH_NOC_CMD_WR | BH_NOC_CMD_WR_INLINE | BH_NOC_CMD_RESP_MARKED);
        bh_niu_write(noc, write_reg_cmd_buf, BH_NIU_TARG_ADDR_LO, (uint32_t)addr);
        bh_niu_write(noc, write_reg_cmd_buf, BH_NIU_TARG_ADDR_MID,
                     (uint32_t)(addr >> 32) & NOC_PCIE_MASK);
        bh_niu_write(noc, write_reg_cmd_buf, BH_NIU_TARG_ADDR_HI,
                     (uint32_t)(addr >> NOC_ADDR_COORD_SHIFT) & NOC_COORDINATE_MASK);
        bh_niu_write(noc, write_reg_cmd_buf, BH_NIU_AT_LEN_BE, (uint32_t)be << (addr & 3u));
        bh_niu_write(noc, write_reg_cmd_buf, BH_NIU_CMD_CTRL, 1);
        /* the next write through this buffer needs TARG_ADDR_HI back on this tile */
        bh_noc_wait_ready(noc, write_reg_cmd_buf);
        bh_niu_write(noc, write_reg_cmd_buf, BH_NIU_TARG_ADDR_MID, 0);
        bh_niu_write(noc, write_reg_cmd_buf, BH_NIU_TARG_ADDR_HI,
                     my_x[noc] | (uint32_t)my_y[noc] << NOC_ADDR_NODE_ID_BITS);
        noc_nonposted_writes_num_issued[noc] += 1;
        noc_nonposted_writes_acked[noc] += 1;
        return;
    }
    /* the slot must not change while an earlier staged word is still being read out */
    noc_async_writes_flushed(noc);
    volatile uint8_t *slot = (volatile uint8_t *)&bh_noc_inline_stage[noc][0];
    const uint32_t off = (uint32_t)addr & 0xFu;
    for (uint32_t i = 0; i < 4; i++)
        if (be >> i & 1)
            slot[off + i] = (uint8_t)(val >> (8 * i));
    /* whole enabled runs only: the common case (be 0xF) is one 4-byte write */
    for (uint32_t i = 0; i < 4;) {
        if (!(be >> i & 1)) {
            i++;
            continue;
        }
        uint32_t j = i;
        while (j < 4 && (be >> j & 1))
            j++;
        bh_noc_write_packet(noc, write_reg_cmd_buf, (uint32_t)&slot[off + i], addr + i, j - i, 0, 1,
                            false);
        i = j;
    }
}

#endif
