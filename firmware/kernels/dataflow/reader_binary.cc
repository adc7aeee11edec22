// SPDX-License-Identifier: Apache-2.0
/* Reader of two interleaved DRAM buffers of tiles, a and b, into CBs 0 and 1: the eltwise
 * workload's built-in reader. Tiles go in batches: `batch` reads of each buffer in flight, one
 * barrier, then the batch is pushed (the CBs hold two batches, so the next batch's reads
 * overlap the compute kernel's work on this one).
 * Runtime args: a_addr, b_addr, n_tiles, start_tile (the first tile of this core's share; a
 * kernel that ignores it works on one core). Compile-time arg 0: batch (tiles). */
#include "dataflow_api.h"

void kernel_main()
{
    const uint32_t a_addr = get_arg_val<uint32_t>(0);
    const uint32_t b_addr = get_arg_val<uint32_t>(1);
    const uint32_t n_tiles = get_arg_val<uint32_t>(2);
    const uint32_t start = get_arg_val<uint32_t>(3);
    constexpr uint32_t cb_a = 0, cb_b = 1, batch = get_compile_time_arg_val(0);
    const uint32_t tile_a = get_tile_size(cb_a), tile_b = get_tile_size(cb_b);
    const InterleavedAddrGenFast<true> a = {
        .bank_base_address = a_addr, .page_size = tile_a, .data_format = get_dataformat(cb_a)};
    const InterleavedAddrGenFast<true> b = {
        .bank_base_address = b_addr, .page_size = tile_b, .data_format = get_dataformat(cb_b)};
    for (uint32_t i = start; i < start + n_tiles; i += batch) {
        const uint32_t n = start + n_tiles - i < batch ? start + n_tiles - i : batch;
        cb_reserve_back(cb_a, n);
        cb_reserve_back(cb_b, n);
        uint32_t la = get_write_ptr(cb_a), lb = get_write_ptr(cb_b);
        for (uint32_t j = 0; j < n; j++, la += tile_a, lb += tile_b) {
            noc_async_read_tile(i + j, a, la);
            noc_async_read_tile(i + j, b, lb);
        }
        noc_async_read_barrier();
        cb_push_back(cb_a, n);
        cb_push_back(cb_b, n);
    }
}
