// SPDX-License-Identifier: Apache-2.0
/* Reader of two interleaved DRAM buffers of tiles, a and b, into CBs 0 and 1, one tile each at a
 * time: the eltwise workload's built-in reader. Runtime args: a_addr, b_addr, n_tiles, and
 * start_tile (the first tile of this core's share; a kernel that ignores it works on one core). */
#include "dataflow_api.h"

void kernel_main()
{
    const uint32_t a_addr = get_arg_val<uint32_t>(0);
    const uint32_t b_addr = get_arg_val<uint32_t>(1);
    const uint32_t n_tiles = get_arg_val<uint32_t>(2);
    const uint32_t start = get_arg_val<uint32_t>(3);
    constexpr uint32_t cb_a = 0, cb_b = 1;
    const InterleavedAddrGenFast<true> a = {.bank_base_address = a_addr,
                                            .page_size = get_tile_size(cb_a),
                                            .data_format = get_dataformat(cb_a)};
    const InterleavedAddrGenFast<true> b = {.bank_base_address = b_addr,
                                            .page_size = get_tile_size(cb_b),
                                            .data_format = get_dataformat(cb_b)};
    for (uint32_t i = start; i < start + n_tiles; i++) {
        cb_reserve_back(cb_a, 1);
        cb_reserve_back(cb_b, 1);
        noc_async_read_tile(i, a, get_write_ptr(cb_a));
        noc_async_read_tile(i, b, get_write_ptr(cb_b));
        noc_async_read_barrier();
        cb_push_back(cb_a, 1);
        cb_push_back(cb_b, 1);
    }
}
