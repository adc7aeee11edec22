// SPDX-License-Identifier: Apache-2.0
/* Reader of one interleaved DRAM buffer of pages into CB 0, `batch` reads in flight and one
 * barrier per batch (the CB holds two batches). Runtime args: src_addr, n_pages, start_page.
 * Compile-time arg 0: batch (pages). Used by the dram_copy and sfpu workloads. */
#include "dataflow_api.h"

void kernel_main()
{
    const uint32_t src_addr = get_arg_val<uint32_t>(0);
    const uint32_t n_pages = get_arg_val<uint32_t>(1);
    const uint32_t start = get_arg_val<uint32_t>(2);
    constexpr uint32_t cb = 0, batch = get_compile_time_arg_val(0);
    const uint32_t page = get_tile_size(cb);
    const InterleavedAddrGenFast<true> src = {
        .bank_base_address = src_addr, .page_size = page, .data_format = get_dataformat(cb)};
    for (uint32_t i = start; i < start + n_pages; i += batch) {
        const uint32_t n = start + n_pages - i < batch ? start + n_pages - i : batch;
        cb_reserve_back(cb, n);
        uint32_t l1 = get_write_ptr(cb);
        for (uint32_t j = 0; j < n; j++, l1 += page)
            noc_async_read_tile(i + j, src, l1);
        noc_async_read_barrier();
        cb_push_back(cb, n);
    }
}
