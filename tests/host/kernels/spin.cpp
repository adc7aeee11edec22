// SPDX-License-Identifier: Apache-2.0
/* Waits for an L1 word (runtime argument 0) that nothing ever writes. */
#include "firmware/api/bh_kernel_common.h"

void kernel_main()
{
    const uint32_t addr = get_arg_val<uint32_t>(0);
    while (bh_l1_read_fresh(addr) == 0)
        ;
}
