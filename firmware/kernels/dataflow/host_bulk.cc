// SPDX-License-Identifier: Apache-2.0
/* The host library's bulk buffer path (host/bh_bulk.c): one core's share of an interleaved
 * buffer moved between pinned host memory and its banks through the PCIe tile, as tt-metal's
 * dispatch kernels move large buffers through the host's hugepage instead of BAR writes.
 * The core owns pages [first, first + n_pages), laid out in page order in host memory from
 * host_addr. It moves them in chunks of chunk_pages pages through two L1 slots: to the device,
 * one NoC read of the chunk from host memory, then a write per page to its bank; from the
 * device, a read per page from its bank, then one NoC write of the chunk to host memory. At
 * the end it writes its flag (16 bytes at flag_l1: `token`) to host memory after its data (the
 * link keeps writes in order), so the host sees its pages have landed.
 * Compile-time args: 0 to the device (1) or from it (0); 1 DRAM (1) or L1 (0) buffer.
 * Runtime args: host_lo, host_hi, page_size, first, n_pages, buf_addr, slot0 (L1),
 * chunk_pages, pcie_x, pcie_y (NoC0), flag_l1, flag_host_lo, flag_host_hi, token. */
#include "dataflow_api.h"

template <bool DRAM> static void move(bool to_device)
{
    const uint64_t host_addr = get_arg_val<uint32_t>(0) | (uint64_t)get_arg_val<uint32_t>(1) << 32;
    const uint32_t page = get_arg_val<uint32_t>(2);
    const uint32_t first = get_arg_val<uint32_t>(3);
    const uint32_t n_pages = get_arg_val<uint32_t>(4);
    const InterleavedAddrGen<DRAM> buf = {.bank_base_address = get_arg_val<uint32_t>(5),
                                          .page_size = page};
    const uint32_t slot0 = get_arg_val<uint32_t>(6);
    const uint32_t chunk_pages = get_arg_val<uint32_t>(7);
    const uint64_t host =
        NOC_XY_PCIE_ENCODING(NOC_X(get_arg_val<uint32_t>(8)), NOC_Y(get_arg_val<uint32_t>(9)));
    const uint32_t flag_l1 = get_arg_val<uint32_t>(10);
    const uint64_t flag_host = get_arg_val<uint32_t>(11) | (uint64_t)get_arg_val<uint32_t>(12)
                                                               << 32;
    const uint32_t token = get_arg_val<uint32_t>(13);
    const uint32_t slot_bytes = chunk_pages * page;
    uint32_t s = 0;
    for (uint32_t done = 0; done < n_pages; s ^= 1) {
        const uint32_t n = n_pages - done < chunk_pages ? n_pages - done : chunk_pages;
        const uint32_t l1 = slot0 + s * slot_bytes;
        const uint64_t at = host | (host_addr + (uint64_t)(first + done) * page);
        if (to_device) {
            noc_async_read(at, l1, n * page);
            noc_async_read_barrier();
            for (uint32_t i = 0; i < n; i++)
                noc_async_write(l1 + i * page, buf.get_noc_addr(first + done + i), page);
        } else {
            for (uint32_t i = 0; i < n; i++)
                noc_async_read(buf.get_noc_addr(first + done + i), l1 + i * page, page);
            noc_async_read_barrier();
            noc_async_write(l1, at, n * page);
        }
        /* the other slot is reused next: its data must have left L1 */
        noc_async_writes_flushed();
        done += n;
    }
    noc_async_write_barrier();
    volatile uint32_t *flag = (volatile uint32_t *)flag_l1;
    flag[0] = token;
    flag[1] = flag[2] = flag[3] = 0;
    noc_async_write(flag_l1, host | flag_host, 16);
    noc_async_write_barrier();
}

void kernel_main()
{
    constexpr bool to_device = get_compile_time_arg_val(0) == 1;
    if constexpr (get_compile_time_arg_val(1) == 1)
        move<true>(to_device);
    else
        move<false>(to_device);
}
