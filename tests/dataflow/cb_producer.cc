// SPDX-License-Identifier: Apache-2.0
/* tests/dataflow/cb_producer.cc - NCRISC: n pages read over its NoC from (src_x, src_y) at
 * src_addr into CB 0, each pushed once its read barrier has passed; `delay` cycles per page
 * make the producer the slow side when the test wants the consumer to wait.
 * Arguments: src_x, src_y, src_addr, n, delay (cycles). */
#include "dataflow_api.h"
#include "tests/dataflow/df_test.h"

void kernel_main()
{
    const uint32_t src_x = get_arg_val<uint32_t>(0), src_y = get_arg_val<uint32_t>(1);
    const uint32_t src_addr = get_arg_val<uint32_t>(2), n = get_arg_val<uint32_t>(3);
    const uint32_t delay = get_arg_val<uint32_t>(4);
    constexpr uint32_t cb = 0;
    const uint32_t page = get_tile_size(cb);
    for (uint32_t i = 0; i < n; i++) {
        cb_reserve_back(cb, 1);
        noc_async_read(get_noc_addr(src_x, src_y, src_addr + i * page), get_write_ptr(cb), page);
        noc_async_read_barrier();
        df_spin(delay);
        cb_push_back(cb, 1);
    }
}
