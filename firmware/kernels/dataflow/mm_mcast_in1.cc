// SPDX-License-Identifier: Apache-2.0
/* The B side of the multicast matmul and its writer (matmul workload, workload.mcast=1): the
 * core in row 0 of each column of the grid reads the column's B block, K block by K block, from
 * DRAM into CB 1 and multicasts it down the column (same handshake as mm_mcast_in0.cc); then
 * every core writes its pcM x pcN output tiles from CB 16 to C in DRAM.
 * Runtime args: b_addr, Kt, kb, pcN (B tile columns of this column block), n_start (first B
 *   tile column), Nt, c_addr, pcM, m_start, is_sender, then for a sender: x_start, y_start,
 *   x_end, y_end (NoC0), num_dests; for a receiver: the sender's NoC0 x, y.
 * Compile-time args: sender semaphore id, receiver semaphore id. */
#include "dataflow_api.h"

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
    constexpr uint32_t cb = 1, cb_out = 16, VALID = 1, INVALID = 0;
    const uint32_t sender_sem = get_semaphore(get_compile_time_arg_val(0));
    const uint32_t receiver_sem = get_semaphore(get_compile_time_arg_val(1));
    volatile tt_l1_ptr uint32_t *sender_sem_ptr = (volatile tt_l1_ptr uint32_t *)sender_sem;
    volatile tt_l1_ptr uint32_t *receiver_sem_ptr = (volatile tt_l1_ptr uint32_t *)receiver_sem;
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
            if (num_dests) {
                noc_semaphore_wait(sender_sem_ptr, num_dests);
                noc_semaphore_set(sender_sem_ptr, 0);
                const uint64_t data = get_noc_multicast_addr(x0, y0, x1, y1, l1);
                noc_async_write_multicast(l1, data, block_tiles * tile_bytes, num_dests);
                noc_async_writes_flushed();
                *receiver_sem_ptr = VALID;
                noc_semaphore_set_multicast(
                    receiver_sem, get_noc_multicast_addr(x0, y0, x1, y1, receiver_sem), num_dests);
            }
        } else {
            const uint32_t sx = get_arg_val<uint32_t>(10), sy = get_arg_val<uint32_t>(11);
            noc_semaphore_set(receiver_sem_ptr, INVALID);
            noc_semaphore_inc(get_noc_addr(sx, sy, sender_sem), 1);
            noc_semaphore_wait(receiver_sem_ptr, VALID);
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
