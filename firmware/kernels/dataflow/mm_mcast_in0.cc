// SPDX-License-Identifier: Apache-2.0
/* The A side of the multicast matmul (matmul workload, workload.mcast=1), in the pattern of
 * tt-metal's matmul_multicore_reuse_mcast: the core in column 0 of each row of the grid reads
 * the row's A block, K block by K block, from DRAM into CB 0 and multicasts it to the other
 * cores of the row, which receive it at the same CB address. Per block, each receiver says it
 * is ready (a NoC increment of the sender's semaphore) and waits for the sender to set its
 * own semaphore to VALID after the data.
 * Runtime args: a_addr, Kt, kb (K tiles per block), pcM (A tile rows of this row block),
 *   m_start (first A tile row), is_sender, then for a sender: x_start, y_start, x_end, y_end
 *   (NoC0 coordinates of the receivers' rectangle), num_dests; for a receiver: the sender's
 *   NoC0 x, y. Compile-time args: sender semaphore id, receiver semaphore id. */
#include "mm_mcast_block.h"

void kernel_main()
{
    const uint32_t a_addr = get_arg_val<uint32_t>(0);
    const uint32_t Kt = get_arg_val<uint32_t>(1);
    const uint32_t kb = get_arg_val<uint32_t>(2);
    const uint32_t pcM = get_arg_val<uint32_t>(3);
    const uint32_t m_start = get_arg_val<uint32_t>(4);
    const uint32_t is_sender = get_arg_val<uint32_t>(5);
    constexpr uint32_t cb = 0;
    const McastSems sems = mcast_sems();
    const uint32_t tile_bytes = get_tile_size(cb), block_tiles = pcM * kb;
    const InterleavedAddrGenFast<true> a = {
        .bank_base_address = a_addr, .page_size = tile_bytes, .data_format = get_dataformat(cb)};
    for (uint32_t k0 = 0; k0 < Kt; k0 += kb) {
        cb_reserve_back(cb, block_tiles);
        const uint32_t l1 = get_write_ptr(cb);
        if (is_sender) {
            const uint32_t x0 = get_arg_val<uint32_t>(6), y0 = get_arg_val<uint32_t>(7);
            const uint32_t x1 = get_arg_val<uint32_t>(8), y1 = get_arg_val<uint32_t>(9);
            const uint32_t num_dests = get_arg_val<uint32_t>(10);
            uint32_t dst = l1;
            for (uint32_t m = 0; m < pcM; m++)
                for (uint32_t k = 0; k < kb; k++) {
                    noc_async_read_tile((m_start + m) * Kt + k0 + k, a, dst);
                    dst += tile_bytes;
                }
            noc_async_read_barrier();
            mcast_block_send(sems, l1, block_tiles * tile_bytes, x0, y0, x1, y1, num_dests);
        } else {
            mcast_block_receive(sems, get_arg_val<uint32_t>(6), get_arg_val<uint32_t>(7));
        }
        cb_push_back(cb, block_tiles);
    }
    noc_async_write_barrier();
    noc_async_atomic_barrier();
}
