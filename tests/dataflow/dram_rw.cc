// SPDX-License-Identifier: Apache-2.0
/* tests/dataflow/dram_rw.cc - BRISC: n pages at src (its L1) written to an interleaved DRAM
 * buffer at bank address `base` with InterleavedAddrGenFast, read back the same way into
 * `back`, and read raw from the banks the test computed on its own (x, y, bank offset per
 * page, NoC0) into `raw`. Then semaphore 0 tells NCRISC (dram_rd_page.cc) to read them too.
 * Results at `out`: cycles of the n writes (to the last acknowledgement), of one tile read,
 * and of the n reads.
 * Last, the n pages read as one transfer (over 16 KiB: split) from its own L1 into `self`.
 * Arguments: src, n, page size, base, back, raw, out, self, then x, y, offset for each page. */
#include "dataflow_api.h"

void kernel_main()
{
    const uint32_t src = get_arg_val<uint32_t>(0), n = get_arg_val<uint32_t>(1);
    const uint32_t page = get_arg_val<uint32_t>(2), base = get_arg_val<uint32_t>(3);
    const uint32_t back = get_arg_val<uint32_t>(4), raw = get_arg_val<uint32_t>(5);
    volatile uint32_t *out = (volatile uint32_t *)get_arg_val<uint32_t>(6);
    const uint32_t self = get_arg_val<uint32_t>(7);
    const InterleavedAddrGenFast<true> s = {
        .bank_base_address = base, .page_size = page, .data_format = DataFormat::Float16_b};

    uint32_t t = bh_wall_clock();
    for (uint32_t i = 0; i < n; i++)
        noc_async_write_tile(i, s, src + i * page);
    noc_async_write_barrier();
    out[0] = bh_wall_clock() - t;

    t = bh_wall_clock();
    noc_async_read_tile(1, s, back + page);
    noc_async_read_barrier();
    out[1] = bh_wall_clock() - t;

    t = bh_wall_clock();
    for (uint32_t i = 0; i < n; i++)
        noc_async_read_tile(i, s, back + i * page);
    noc_async_read_barrier();
    out[2] = bh_wall_clock() - t;

    for (uint32_t i = 0; i < n; i++) {
        const uint32_t x = get_arg_val<uint32_t>(8 + 3 * i), y = get_arg_val<uint32_t>(9 + 3 * i);
        noc_async_read(get_noc_addr(x, y, get_arg_val<uint32_t>(10 + 3 * i)), raw + i * page, page);
    }
    noc_async_read(get_noc_addr(src), self, n * page);
    noc_async_read_barrier();
    noc_semaphore_set((volatile uint32_t *)get_semaphore(0), 1);
}
