// SPDX-License-Identifier: Apache-2.0
/* Writes compile-time argument 0 plus the sum of runtime arguments 2.. (argument 1 of them)
 * to the L1 address in runtime argument 0. */
#include "firmware/api/bh_kernel_common.h"

void kernel_main()
{
    const uint32_t addr = get_arg_val<uint32_t>(0);
    const uint32_t n = get_arg_val<uint32_t>(1);
    uint32_t sum = get_compile_time_arg_val(0);
    for (uint32_t i = 0; i < n; i++)
        sum += get_arg_val<uint32_t>(2 + (int)i);
    bh_l1_write(addr, sum);
}
