// SPDX-License-Identifier: Apache-2.0
/* Reader of a matmul's inputs for the output tiles this core computes (the matmul workload,
 * one output tile at a time): for output tile t (row m = t / Nt, column n = t % Nt) it streams
 * A(m, k) into CB 0 and B(k, n) into CB 1 for k = 0..Kt-1, `batch` K steps per barrier (the CBs
 * hold two batches). A is Mt x Kt tiles and B Kt x Nt, both interleaved in DRAM in row-major
 * tile order. Runtime args: a_addr, b_addr, Mt, Kt, Nt, start_tile, n_tiles (output tiles).
 * Compile-time arg 0: batch (K steps). */
#include "dataflow_api.h"

void kernel_main()
{
    const uint32_t a_addr = get_arg_val<uint32_t>(0);
    const uint32_t b_addr = get_arg_val<uint32_t>(1);
    const uint32_t Kt = get_arg_val<uint32_t>(3);
    const uint32_t Nt = get_arg_val<uint32_t>(4);
    const uint32_t start = get_arg_val<uint32_t>(5);
    const uint32_t n_tiles = get_arg_val<uint32_t>(6);
    constexpr uint32_t cb_a = 0, cb_b = 1, batch = get_compile_time_arg_val(0);
    const uint32_t tile_a = get_tile_size(cb_a), tile_b = get_tile_size(cb_b);
    const InterleavedAddrGenFast<true> a = {
        .bank_base_address = a_addr, .page_size = tile_a, .data_format = get_dataformat(cb_a)};
    const InterleavedAddrGenFast<true> b = {
        .bank_base_address = b_addr, .page_size = tile_b, .data_format = get_dataformat(cb_b)};
    for (uint32_t t = start; t < start + n_tiles; t++) {
        const uint32_t m = t / Nt, n = t % Nt;
        for (uint32_t k0 = 0; k0 < Kt; k0 += batch) {
            const uint32_t nk = Kt - k0 < batch ? Kt - k0 : batch;
            cb_reserve_back(cb_a, nk);
            cb_reserve_back(cb_b, nk);
            uint32_t la = get_write_ptr(cb_a), lb = get_write_ptr(cb_b);
            for (uint32_t k = k0; k < k0 + nk; k++, la += tile_a, lb += tile_b) {
                noc_async_read_tile(m * Kt + k, a, la);
                noc_async_read_tile(k * Nt + n, b, lb);
            }
            noc_async_read_barrier();
            cb_push_back(cb_a, nk);
            cb_push_back(cb_b, nk);
        }
    }
}
