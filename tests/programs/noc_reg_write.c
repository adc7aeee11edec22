/* tests/programs/noc_reg_write.c - BRISC of tile (1,2), after some work of its own, writes
 * 0x1234 over NoC0 into tile (5,7)'s DBG_FEATURE_DISABLE register (0xFFB12068, a tile
 * register the NoC sees) with an acknowledged inline write, and waits for the acknowledgement.
 * poll_reg.c on (5,7) polls that register. */
#include "tests/programs/niu.h"

int main(void)
{
    volatile uint32_t sink = 0;
    for (uint32_t i = 0; i < 2000; i++) /* let (5,7) fall asleep on its poll first */
        sink = sink + i;
    const uint32_t acks = mmio_read(NIU0 + MST_WR_ACK_RECEIVED);
    mmio_write(NIU0 + TARG_ADDR_LO, RISCV_DEBUG_REGS + 0x068u); /* the register */
    mmio_write(NIU0 + TARG_ADDR_HI, XY(5, 7));
    mmio_write(NIU0 + CTRL, 0x1Au);   /* write, inline, acknowledged */
    mmio_write(NIU0 + AT_LEN_BE, 0u); /* 0: the MMIO form, one 32-bit store */
    mmio_write(NIU0 + AT_DATA, 0x1234u);
    mmio_write(NIU0 + CMD_CTRL, 1u); /* issue */
    while (mmio_read(NIU0 + MST_WR_ACK_RECEIVED) == acks)
        ;
    return 0;
}
