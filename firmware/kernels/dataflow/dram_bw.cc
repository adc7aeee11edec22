// SPDX-License-Identifier: Apache-2.0
/* DRAM bandwidth of one core (the dram_bw workload): n_pages pages of an interleaved DRAM
 * buffer, starting at start_page, read into (or written from) a ring of `depth` pages in L1,
 * with up to `depth` transfers outstanding: a barrier after each full ring.
 * Compile-time arg 0: 1 read, 0 write. Runtime args: dram_addr, page_bytes, n_pages,
 * start_page, ring_addr (L1), depth. */
#include "dataflow_api.h"

void kernel_main()
{
    const uint32_t dram_addr = get_arg_val<uint32_t>(0);
    const uint32_t page_bytes = get_arg_val<uint32_t>(1);
    const uint32_t n_pages = get_arg_val<uint32_t>(2);
    const uint32_t start = get_arg_val<uint32_t>(3);
    const uint32_t ring = get_arg_val<uint32_t>(4);
    const uint32_t depth = get_arg_val<uint32_t>(5);
    constexpr bool is_read = get_compile_time_arg_val(0) == 1;
    const InterleavedAddrGen<true> dram = {.bank_base_address = dram_addr, .page_size = page_bytes};
    uint32_t slot = 0;
    for (uint32_t i = 0; i < n_pages; i++) {
        const uint64_t addr = get_noc_addr(start + i, dram);
        if (is_read)
            noc_async_read(addr, ring + slot * page_bytes, page_bytes);
        else
            noc_async_write(ring + slot * page_bytes, addr, page_bytes);
        if (++slot == depth) {
            slot = 0;
            if (is_read)
                noc_async_read_barrier();
            else
                noc_async_write_barrier();
        }
    }
    noc_async_read_barrier();
    noc_async_write_barrier();
}
