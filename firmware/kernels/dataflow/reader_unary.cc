// SPDX-License-Identifier: Apache-2.0
/* Reader of one interleaved DRAM buffer of pages into CB 0. Runtime args: src_addr, n_pages,
 * start_page. Used by the dram_copy and sfpu workloads. */
#include "dataflow_api.h"

void kernel_main()
{
    const uint32_t src_addr = get_arg_val<uint32_t>(0);
    const uint32_t n_pages = get_arg_val<uint32_t>(1);
    const uint32_t start = get_arg_val<uint32_t>(2);
    constexpr uint32_t cb = 0;
    const InterleavedAddrGenFast<true> src = {.bank_base_address = src_addr,
                                              .page_size = get_tile_size(cb),
                                              .data_format = get_dataformat(cb)};
    for (uint32_t i = start; i < start + n_pages; i++) {
        cb_reserve_back(cb, 1);
        noc_async_read_tile(i, src, get_write_ptr(cb));
        noc_async_read_barrier();
        cb_push_back(cb, 1);
    }
}
