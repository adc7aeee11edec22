// SPDX-License-Identifier: Apache-2.0
/* Writer of pages from a CB to an interleaved DRAM buffer: each page is freed as soon as its
 * data has left L1 (writes flushed), and one barrier at the end waits for every
 * acknowledgement. Runtime args: dst_addr, n_pages, start_page. Compile-time arg 0: the CB (16
 * for the compute workloads' output, 0 for dram_copy, where it drains the reader's CB). */
#include "dataflow_api.h"

void kernel_main()
{
    const uint32_t dst_addr = get_arg_val<uint32_t>(0);
    const uint32_t n_pages = get_arg_val<uint32_t>(1);
    const uint32_t start = get_arg_val<uint32_t>(2);
    constexpr uint32_t cb = get_compile_time_arg_val(0);
    const InterleavedAddrGenFast<true> dst = {.bank_base_address = dst_addr,
                                              .page_size = get_tile_size(cb),
                                              .data_format = get_dataformat(cb)};
    for (uint32_t i = start; i < start + n_pages; i++) {
        cb_wait_front(cb, 1);
        noc_async_write_tile(i, dst, get_read_ptr(cb));
        noc_async_writes_flushed();
        cb_pop_front(cb, 1);
    }
    noc_async_write_barrier();
}
