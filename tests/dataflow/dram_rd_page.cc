// SPDX-License-Identifier: Apache-2.0
/* tests/dataflow/dram_rd_page.cc - NCRISC: once semaphore 0 says BRISC has written the DRAM
 * buffer, n pages of it read with InterleavedAddrGen and noc_async_read_page over its NoC
 * (NoC1: the bank table's NoC1 coordinates) into dst.
 * Arguments: base, n, page size, dst. */
#include "dataflow_api.h"

void kernel_main()
{
    const uint32_t base = get_arg_val<uint32_t>(0), n = get_arg_val<uint32_t>(1);
    const uint32_t page = get_arg_val<uint32_t>(2), dst = get_arg_val<uint32_t>(3);
    noc_semaphore_wait((volatile uint32_t *)get_semaphore(0), 1);
    const InterleavedAddrGen<true> s = {.bank_base_address = base, .page_size = page};
    for (uint32_t i = 0; i < n; i++)
        noc_async_read_page(i, s, dst + i * page);
    noc_async_read_barrier();
}
