// SPDX-License-Identifier: Apache-2.0
/* tests/dataflow/writer_tiles.cc - a writer as tt-metal's kernels are written (this file must
 * compile unchanged against tt-metal's dataflow_api.h): num_tiles tiles from CB 0 to an
 * interleaved buffer (DRAM if compile-time argument 0 is 1, else L1) from tile start_id on. */
#include <stdint.h>
#include "dataflow_api.h"

void kernel_main()
{
    uint32_t dst_addr = get_arg_val<uint32_t>(0);
    uint32_t num_tiles = get_arg_val<uint32_t>(1);
    uint32_t start_id = get_arg_val<uint32_t>(2);

    constexpr bool dst_is_dram = get_compile_time_arg_val(0) == 1;
    constexpr uint32_t cb_id_out = 0;
    constexpr uint32_t onetile = 1;
    const uint32_t tile_bytes = get_tile_size(cb_id_out);
    const DataFormat data_format = get_dataformat(cb_id_out);

    const InterleavedAddrGenFast<dst_is_dram> s = {
        .bank_base_address = dst_addr, .page_size = tile_bytes, .data_format = data_format};

    for (uint32_t i = start_id; i < start_id + num_tiles; i++) {
        cb_wait_front(cb_id_out, onetile);
        uint32_t l1_read_addr = get_read_ptr(cb_id_out);
        noc_async_write_tile(i, s, l1_read_addr);
        noc_async_write_barrier();
        cb_pop_front(cb_id_out, onetile);
    }
}
