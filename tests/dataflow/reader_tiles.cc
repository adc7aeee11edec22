// SPDX-License-Identifier: Apache-2.0
/* tests/dataflow/reader_tiles.cc - a reader as tt-metal's kernels are written (this file must
 * compile unchanged against tt-metal's dataflow_api.h): num_tiles tiles of an interleaved
 * buffer (DRAM if compile-time argument 0 is 1, else L1) from tile start_id on, into CB 0. */
#include <stdint.h>
#include "dataflow_api.h"

void kernel_main()
{
    uint32_t src_addr = get_arg_val<uint32_t>(0);
    uint32_t num_tiles = get_arg_val<uint32_t>(1);
    uint32_t start_id = get_arg_val<uint32_t>(2);

    constexpr bool src_is_dram = get_compile_time_arg_val(0) == 1;
    constexpr uint32_t cb_id_in0 = 0;
    const uint32_t tile_bytes = get_tile_size(cb_id_in0);
    const DataFormat data_format = get_dataformat(cb_id_in0);

    const InterleavedAddrGenFast<src_is_dram> s = {
        .bank_base_address = src_addr, .page_size = tile_bytes, .data_format = data_format};

    for (uint32_t i = start_id; i < start_id + num_tiles; i++) {
        cb_reserve_back(cb_id_in0, 1);
        uint32_t l1_write_addr = get_write_ptr(cb_id_in0);
        noc_async_read_tile(i, s, l1_write_addr);
        noc_async_read_barrier();
        cb_push_back(cb_id_in0, 1);
    }
}
