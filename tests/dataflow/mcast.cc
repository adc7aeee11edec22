// SPDX-License-Identifier: Apache-2.0
/* tests/dataflow/mcast.cc - a list of multicasts, each followed by its write barrier.
 * Arguments: count, then per multicast: kind (0 write, 1 write with loopback, 2 semaphore 1
 * set to `size` on every receiver), x_start, y_start, x_end, y_end (NoC0 coordinates, in the
 * order the kernel's NoC wants), src, size, dst, num_dests. */
#include "dataflow_api.h"

void kernel_main()
{
    const uint32_t count = get_arg_val<uint32_t>(0);
    for (uint32_t k = 0; k < count; k++) {
        const uint32_t *a = (const uint32_t *)get_arg_addr(1 + 9 * (int)k);
        const uint32_t kind = a[0], src = a[5], size = a[6], dst = a[7], num_dests = a[8];
        if (kind == 2) {
            const uint32_t sem = get_semaphore(1);
            noc_semaphore_set((volatile uint32_t *)sem, size);
            noc_semaphore_set_multicast(sem, get_noc_multicast_addr(a[1], a[2], a[3], a[4], sem),
                                        num_dests);
        } else {
            const uint64_t to = get_noc_multicast_addr(a[1], a[2], a[3], a[4], dst);
            if (kind == 1)
                noc_async_write_multicast_loopback_src(src, to, size, num_dests);
            else
                noc_async_write_multicast(src, to, size, num_dests);
        }
        noc_async_write_barrier();
    }
}
