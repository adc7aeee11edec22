// SPDX-License-Identifier: Apache-2.0
/* 80 KiB of initialised data: more than a 64 KiB kernel slot holds. */
#include "firmware/api/bh_kernel_common.h"

static volatile uint8_t big[80 * 1024] = {1};

void kernel_main()
{
    big[get_arg_val<uint32_t>(0)] = 2;
}
