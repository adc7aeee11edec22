// SPDX-License-Identifier: Apache-2.0
/* Host memory bandwidth of one core (dram_bw's host_write / host_read): n_pages pages of
 * page_bytes between a ring of `depth` pages in L1 and host memory at host_addr + page *
 * page_bytes (host_addr below 2^36), through the PCIe tile (pcie_x, pcie_y) (NoC0), with up
 * to `depth` transfers outstanding: a barrier after each full ring. After a write, the core
 * writes its flag (the 16 bytes at flag_l1: its index + 1) to host memory at flag_host, so
 * the host sees the data has landed (the link keeps writes in order), as tt-metal's
 * completion queues do.
 * Compile-time arg 0: 1 read, 0 write. Runtime args: host_addr, page_bytes, n_pages,
 * ring_addr (L1), depth, pcie_x, pcie_y, flag_l1, flag_host, core index. */
#include "dataflow_api.h"

void kernel_main()
{
    const uint32_t host_addr = get_arg_val<uint32_t>(0);
    const uint32_t page_bytes = get_arg_val<uint32_t>(1);
    const uint32_t n_pages = get_arg_val<uint32_t>(2);
    const uint32_t ring = get_arg_val<uint32_t>(3);
    const uint32_t depth = get_arg_val<uint32_t>(4);
    const uint32_t pcie_x = get_arg_val<uint32_t>(5);
    const uint32_t pcie_y = get_arg_val<uint32_t>(6);
    const uint32_t flag_l1 = get_arg_val<uint32_t>(7);
    const uint32_t flag_host = get_arg_val<uint32_t>(8);
    const uint32_t core = get_arg_val<uint32_t>(9);
    constexpr bool is_read = get_compile_time_arg_val(0) == 1;
    const uint64_t host = NOC_XY_PCIE_ENCODING(NOC_X(pcie_x), NOC_Y(pcie_y));
    uint32_t slot = 0;
    for (uint32_t i = 0; i < n_pages; i++) {
        const uint64_t addr = host | ((uint64_t)host_addr + (uint64_t)i * page_bytes);
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
    if (!is_read) {
        volatile uint32_t *flag = (volatile uint32_t *)flag_l1;
        flag[0] = core + 1;
        flag[1] = flag[2] = flag[3] = 0;
        noc_async_write(flag_l1, host | flag_host, 16);
        noc_async_write_barrier();
    }
}
