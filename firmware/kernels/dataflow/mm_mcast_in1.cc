// SPDX-License-Identifier: Apache-2.0
/* The B side of the multicast matmul and its writer (matmul workload, workload.mcast=1): the
 * core in row 0 of each column of the grid reads the column's B block, K block by K block, from
 * DRAM into CB 1 and multicasts it down the column (same handshake as mm_mcast_in0.cc); then
 * every core writes its pcM x pcN output tiles from CB 16 to C in DRAM.
 * Runtime args: b_addr, Kt, kb, pcN (B tile columns of this column block), n_start (first B
 *   tile column), Nt, c_addr, pcM, m_start, is_sender, then for a sender: x_start, y_start,
 *   x_end, y_end (NoC0), num_dests; for a receiver: the sender's NoC0 x, y.
 * Compile-time args: sender semaphore id, receiver semaphore id. */
#include "mm_mcast_block.h"

void kernel_main()
{
    const uint32_t b_addr = get_arg_val<uint32_t>(0);
    const uint32_t Kt = get_arg_val<uint32_t>(1);
    const uint32_t kb = get_arg_val<uint32_t>(2);
    const uint32_t pcN = get_arg_val<uint32_t>(3);
    const uint32_t n_start = get_arg_val<uint32_t>(4);
    const uint32_t Nt = get_arg_val<uint32_t>(5);
    const uint32_t c_addr = get_arg_val<uint32_t>(6);
    const uint32_t pcM = get_arg_val<uint32_t>(7);
    const uint32_t m_start = get_arg_val<uint32_t>(8);
    const uint32_t is_sender = get_arg_val<uint32_t>(9);
    constexpr uint32_t cb = 1, cb_out = 16;
    const McastSems sems = mcast_sems();
    const uint32_t tile_bytes = get_tile_size(cb), block_tiles = kb * pcN;
    const InterleavedAddrGenFast<true> b = {
        .bank_base_address = b_addr, .page_size = tile_bytes, .data_format = get_dataformat(cb)};
    for (uint32_t k0 = 0; k0 < Kt; k0 += kb) {
        cb_reserve_back(cb, block_tiles);
        const uint32_t l1 = get_write_ptr(cb);
        if (is_sender) {
            const uint32_t x0 = get_arg_val<uint32_t>(10), y0 = get_arg_val<uint32_t>(11);
            const uint32_t x1 = get_arg_val<uint32_t>(12), y1 = get_arg_val<uint32_t>(13);
            const uint32_t num_dests = get_arg_val<uint32_t>(14);
            uint32_t dst = l1;
            for (uint32_t k = 0; k < kb; k++)
                for (uint32_t n = 0; n < pcN; n++) {
                    noc_async_read_tile((k0 + k) * Nt + n_start + n, b, dst);
                    dst += tile_bytes;
                }
            noc_async_read_barrier();
            mcast_block_send(sems, l1, block_tiles * tile_bytes, x0, y0, x1, y1, num_dests);
        } else {
            mcast_block_receive(sems, get_arg_val<uint32_t>(10), get_arg_val<uint32_t>(11));
        }
        cb_push_back(cb, block_tiles);
    }
    /* the output block, row by row */
    const InterleavedAddrGenFast<true> c = {.bank_base_address = c_addr,
                                            .page_size = get_tile_size(cb_out),
                                            .data_format = get_dataformat(cb_out)};
    for (uint32_t m = 0; m < pcM; m++)
        for (uint32_t n = 0; n < pcN; n++) {
            cb_wait_front(cb_out, 1);
            noc_async_write_tile((m_start + m) * Nt + n_start + n, c, get_read_ptr(cb_out));
            noc_async_writes_flushed();
            cb_pop_front(cb_out, 1);
        }
    noc_async_write_barrier();
    noc_async_atomic_barrier();
}
