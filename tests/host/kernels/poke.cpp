// SPDX-License-Identifier: Apache-2.0
/* After a delay (so its peer is asleep on its poll), writes runtime argument 3 into the L1
 * word at argument 2 of the tile at NoC0 (argument 0, argument 1) with an acknowledged inline
 * write over NoC0 (raw NIU registers: the dataflow API is not needed for one word), and waits
 * for the acknowledgement. */
#include "firmware/api/bh_kernel_common.h"

#define NIU0 0xFFB20000u
#define WR_ACKS (NIU0 + 0x204u)

static void niu(uint32_t off, uint32_t v)
{
    *(volatile uint32_t *)(NIU0 + off) = v;
}

void kernel_main()
{
    for (volatile uint32_t i = 0; i < 300; i = i + 1)
        ;
    const uint32_t acks = *(volatile uint32_t *)WR_ACKS;
    niu(0x00, get_arg_val<uint32_t>(2));                                 /* TARG_ADDR_LO */
    niu(0x08, get_arg_val<uint32_t>(0) | get_arg_val<uint32_t>(1) << 6); /* TARG_ADDR_HI */
    niu(0x1C, 0x1A);                     /* CTRL: write, inline, acknowledged */
    niu(0x20, 0);                        /* AT_LEN_BE 0: one 32-bit store */
    niu(0x28, get_arg_val<uint32_t>(3)); /* AT_DATA */
    niu(0x40, 1);                        /* CMD_CTRL: issue */
    while (*(volatile uint32_t *)WR_ACKS == acks)
        ;
}
