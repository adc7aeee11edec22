// SPDX-License-Identifier: Apache-2.0
/* The dm workload's kernel: one core moves `n` transactions of `size` bytes the way the
 * directed data-movement tests of tt-metal (tests/tt_metal/tt_metal/data_movement/) do, and
 * times the span those tests time: from before the first transaction is issued to after the
 * barrier that waits for the last one (their profiler zone around the loop and the barrier).
 * The span, in AICLK cycles from the tile's wall clock, goes to the L1 word at `result`; a
 * zone, "dm transactions", wraps it on the timeline (golden.timeline_zone checks the two agree).
 *
 *   DM_DRAM_WRITE  n writes from the same L1 address to consecutive addresses of one DRAM
 *                  bank, then the write barrier; afterwards it sets semaphore `sem` to 1
 *   DM_DRAM_READ   waits for `sem` (the writer has finished: the two never overlap), then n
 *                  reads of consecutive bank addresses into the same L1 address, read barrier
 *   DM_WRITE       n writes from `local` to `remote` of the peer core (its own for tt-metal's
 *                  Loopback), write barrier
 *   DM_READ        n reads from `remote` of the peer core into `local`, read barrier
 *   DM_MCAST       n multicast writes from `local` to `remote` of every Tensix of the
 *                  rectangle (the sender excluded, or with `loopback` included), the first
 *                  n - 1 linked if `linked`, the last never (so the path is released), write
 *                  barrier
 *   DM_WRITE_ALL   for each of `count` cores in turn, n unicast writes from `local` to its
 *                  `remote`; one write barrier after the last (tt-metal's one_to_all unicast)
 *   DM_READ_ALL    for each of `count` cores in turn, n reads of its `remote` into `local`; one
 *                  read barrier after the last (tt-metal's one_from_all)
 * Each kernel runs on the NoC its spec names (the dm workload's workload.dm_noc), with the
 * peers' coordinates given in NoC0's numbering and translated by the dataflow API.
 * No barrier between transactions: the command buffer's ready bit is the only throttle, so
 * the NIU takes transactions as fast as this core can write its registers.
 *
 * Compile-time args: mode, n, size, flags (bit 0 linked, bit 1 loopback). Runtime args:
 *   result, local, remote, and DRAM: bank, sem; core to core: peer x, peer y (NoC0);
 *   multicast: x0, y0, x1, y1 (NoC0), receivers; to or from all: count, then one word per
 *   core, x << 16 | y (NoC0). */
#include "dataflow_api.h"

enum : uint32_t {
    DM_DRAM_WRITE,
    DM_DRAM_READ,
    DM_WRITE,
    DM_READ,
    DM_MCAST,
    DM_WRITE_ALL,
    DM_READ_ALL
};

void kernel_main()
{
    constexpr uint32_t mode = get_compile_time_arg_val(0);
    constexpr uint32_t n = get_compile_time_arg_val(1);
    constexpr uint32_t size = get_compile_time_arg_val(2);
    constexpr bool linked = (get_compile_time_arg_val(3) & 1u) != 0;
    constexpr bool loopback = (get_compile_time_arg_val(3) & 2u) != 0;
    const uint32_t result = get_arg_val<uint32_t>(0);
    const uint32_t local = get_arg_val<uint32_t>(1);
    const uint32_t remote = get_arg_val<uint32_t>(2);
    const uint32_t a3 = get_arg_val<uint32_t>(3), a4 = get_arg_val<uint32_t>(4);
    volatile uint32_t *sem = (volatile uint32_t *)get_semaphore(a4);
    uint64_t dst = 0;
    if constexpr (mode == DM_DRAM_WRITE || mode == DM_DRAM_READ)
        dst = get_noc_addr_from_bank_id<true>(a3, remote);
    else if constexpr (mode == DM_MCAST) {
        /* the rectangle's corners come in NoC0 order; NoC1 runs the other way, so there its
         * start is NoC0's end (workload.dm_noc=1) */
        const uint32_t a5 = get_arg_val<uint32_t>(5), a6 = get_arg_val<uint32_t>(6);
        dst = noc_index == 0 ? get_noc_multicast_addr(a3, a4, a5, a6, remote)
                             : get_noc_multicast_addr(a5, a6, a3, a4, remote);
    } else if constexpr (mode != DM_WRITE_ALL && mode != DM_READ_ALL)
        dst = get_noc_addr(a3, a4, remote);
    if constexpr (mode == DM_DRAM_READ)
        noc_semaphore_wait(sem, 1);

    uint32_t t0, t1;
    {
        DeviceZoneScopedN("dm transactions");
        t0 = bh_wall_clock();
        if constexpr (mode == DM_DRAM_WRITE) {
            for (uint32_t i = 0; i < n; i++, dst += size)
                noc_async_write(local, dst, size);
            noc_async_write_barrier();
        } else if constexpr (mode == DM_DRAM_READ) {
            for (uint32_t i = 0; i < n; i++, dst += size)
                noc_async_read(dst, local, size);
            noc_async_read_barrier();
        } else if constexpr (mode == DM_WRITE) {
            for (uint32_t i = 0; i < n; i++)
                noc_async_write(local, dst, size);
            noc_async_write_barrier();
        } else if constexpr (mode == DM_READ) {
            for (uint32_t i = 0; i < n; i++)
                noc_async_read(dst, local, size);
            noc_async_read_barrier();
        } else if constexpr (mode == DM_WRITE_ALL) {
            for (uint32_t c = 0; c < a3; c++) {
                const uint32_t xy = get_arg_val<uint32_t>(4 + c);
                const uint64_t to = get_noc_addr(xy >> 16, xy & 0xffffu, remote);
                for (uint32_t i = 0; i < n; i++)
                    noc_async_write(local, to, size);
            }
            noc_async_write_barrier();
        } else if constexpr (mode == DM_READ_ALL) {
            for (uint32_t c = 0; c < a3; c++) {
                const uint32_t xy = get_arg_val<uint32_t>(4 + c);
                const uint64_t from = get_noc_addr(xy >> 16, xy & 0xffffu, remote);
                for (uint32_t i = 0; i < n; i++)
                    noc_async_read(from, local, size);
            }
            noc_async_read_barrier();
        } else if constexpr (loopback) {
            const uint32_t receivers = get_arg_val<uint32_t>(7);
            for (uint32_t i = 0; i + 1 < n; i++)
                noc_async_write_multicast_loopback_src(local, dst, size, receivers, linked);
            noc_async_write_multicast_loopback_src(local, dst, size, receivers, false);
            noc_async_write_barrier();
        } else {
            const uint32_t receivers = get_arg_val<uint32_t>(7);
            for (uint32_t i = 0; i + 1 < n; i++)
                noc_async_write_multicast(local, dst, size, receivers, linked);
            noc_async_write_multicast(local, dst, size, receivers, false);
            noc_async_write_barrier();
        }
        t1 = bh_wall_clock();
    }

    bh_l1_write(result, t1 - t0);
    if constexpr (mode == DM_DRAM_WRITE)
        noc_semaphore_set(sem, 1);
}
