// SPDX-License-Identifier: Apache-2.0
/* A reader that stores to an address no core can reach: the core stops with a guest error
 * naming the address and the chip reports it. */
#include "dataflow_api.h"

void kernel_main()
{
    *(volatile uint32_t *)0x00200000u = 1;
}
