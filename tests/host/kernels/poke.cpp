// SPDX-License-Identifier: Apache-2.0
/* After a delay (so its peer is asleep on its poll), writes runtime argument 3 into the L1
 * word at argument 2 of the tile at NoC0 (argument 0, argument 1) with an acknowledged inline
 * write over NoC0 (raw NIU registers: the dataflow API is not needed for one word), and waits
 * for the acknowledgement. */
#include "firmware/api/bh_kernel_common.h"
#include "firmware/include/bh_niu.h"

#define WR_ACKS (BH_NIU_BASE(0) + BH_NIU_COUNTER_BASE + 4u * BH_NIU_MST_WR_ACK_RECEIVED)

static void niu(uint32_t off, uint32_t v)
{
    *(volatile uint32_t *)(BH_NIU_BASE(0) + off) = v;
}

void kernel_main()
{
    for (volatile uint32_t i = 0; i < 300; i = i + 1)
        ;
    const uint32_t acks = *(volatile uint32_t *)WR_ACKS;
    niu(BH_NIU_TARG_ADDR_LO, get_arg_val<uint32_t>(2));
    niu(BH_NIU_TARG_ADDR_HI, get_arg_val<uint32_t>(0) | get_arg_val<uint32_t>(1) << 6);
    niu(BH_NIU_CTRL, 0x1A);   /* write, inline, acknowledged */
    niu(BH_NIU_AT_LEN_BE, 0); /* 0: one 32-bit store */
    niu(BH_NIU_AT_DATA, get_arg_val<uint32_t>(3));
    niu(BH_NIU_CMD_CTRL, 1); /* issue */
    while (*(volatile uint32_t *)WR_ACKS == acks)
        ;
}
