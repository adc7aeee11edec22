// SPDX-License-Identifier: Apache-2.0
/* NCRISC: writes runtime argument 1 to the L1 address in runtime argument 0, and its role
 * (which must be NCRISC's) after it. */
#include "firmware/api/bh_kernel_common.h"

void kernel_main()
{
    bh_l1_write(get_arg_val<uint32_t>(0), get_arg_val<uint32_t>(1));
    bh_l1_write(get_arg_val<uint32_t>(0) + 4, BH_MY_ROLE);
}
