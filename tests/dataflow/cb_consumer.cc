// SPDX-License-Identifier: Apache-2.0
/* tests/dataflow/cb_consumer.cc - BRISC: n pages from CB 0 written over its NoC to
 * (dst_x, dst_y) at dst_addr, each popped once its data has left (writes flushed); `delay`
 * cycles per page make the consumer the slow side when the test wants the producer to wait.
 * Results at `out`: cycles from the first wait to the last acknowledgement, then the read
 * pointer of every page (the ring's wrap-around, checked by the test).
 * Arguments: dst_x, dst_y, dst_addr, n, delay (cycles), out. */
#include "dataflow_api.h"
#include "tests/dataflow/df_test.h"

void kernel_main()
{
    const uint32_t dst_x = get_arg_val<uint32_t>(0), dst_y = get_arg_val<uint32_t>(1);
    const uint32_t dst_addr = get_arg_val<uint32_t>(2), n = get_arg_val<uint32_t>(3);
    const uint32_t delay = get_arg_val<uint32_t>(4);
    volatile uint32_t *out = (volatile uint32_t *)get_arg_val<uint32_t>(5);
    constexpr uint32_t cb = 0;
    const uint32_t page = get_tile_size(cb);
    const uint32_t t0 = bh_wall_clock();
    for (uint32_t i = 0; i < n; i++) {
        cb_wait_front(cb, 1);
        df_spin(delay);
        out[1 + i] = get_read_ptr(cb);
        noc_async_write(get_read_ptr(cb), get_noc_addr(dst_x, dst_y, dst_addr + i * page), page);
        noc_async_writes_flushed();
        cb_pop_front(cb, 1);
    }
    noc_async_write_barrier();
    out[0] = bh_wall_clock() - t0;
}
