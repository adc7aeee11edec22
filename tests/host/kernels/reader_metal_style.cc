// SPDX-License-Identifier: Apache-2.0
/* A reader as tt-metal's eltwise examples write it, one tile of each input per barrier, with
 * only the three documented runtime args (a_addr, b_addr, n_tiles): it runs the eltwise
 * workload on one core in place of the built-in reader (workload.reader). */
#include <stdint.h>
#include "dataflow_api.h"

void kernel_main()
{
    uint32_t src0_addr = get_arg_val<uint32_t>(0);
    uint32_t src1_addr = get_arg_val<uint32_t>(1);
    uint32_t num_tiles = get_arg_val<uint32_t>(2);
    constexpr uint32_t cb_id_in0 = 0;
    constexpr uint32_t cb_id_in1 = 1;
    const uint32_t src0_tile_bytes = get_tile_size(cb_id_in0);
    const DataFormat src0_data_format = get_dataformat(cb_id_in0);
    const uint32_t src1_tile_bytes = get_tile_size(cb_id_in1);
    const DataFormat src1_data_format = get_dataformat(cb_id_in1);
    const InterleavedAddrGenFast<true> s0 = {.bank_base_address = src0_addr,
                                             .page_size = src0_tile_bytes,
                                             .data_format = src0_data_format};
    const InterleavedAddrGenFast<true> s1 = {.bank_base_address = src1_addr,
                                             .page_size = src1_tile_bytes,
                                             .data_format = src1_data_format};
    for (uint32_t i = 0; i < num_tiles; i++) {
        cb_reserve_back(cb_id_in0, 1);
        uint32_t l1_write_addr_in0 = get_write_ptr(cb_id_in0);
        noc_async_read_tile(i, s0, l1_write_addr_in0);
        cb_reserve_back(cb_id_in1, 1);
        uint32_t l1_write_addr_in1 = get_write_ptr(cb_id_in1);
        noc_async_read_tile(i, s1, l1_write_addr_in1);
        noc_async_read_barrier();
        cb_push_back(cb_id_in0, 1);
        cb_push_back(cb_id_in1, 1);
    }
}
