/* tests/programs/noc_write.c - BRISC of tile (1,2) fills 4 KiB at 0x20000 with a pattern,
 * writes it over NoC0 to tile (5,7) at 0x30000 by programming command buffer 0 of its NIU (a
 * non-posted write), then polls MST_WR_ACK_RECEIVED until the acknowledgement arrives. The
 * poll is an NIU register read: with riscv.poll_sleep the core sleeps through it.
 * check_noc_write.py checks the bytes at (5,7); the run with poll_sleep 0 must report the same. */
#include "tests/programs/niu.h"

#define CTRL_WRITE_ACKED 0x12u /* write, acknowledged (RESP_MARKED) */

int main(void)
{
    volatile uint32_t *src = (volatile uint32_t *)0x20000u;
    for (uint32_t i = 0; i < 1024; i++)
        src[i] = i * 0x01000193u ^ 0x5A5A0000u;
    const uint32_t acks = mmio_read(NIU0 + MST_WR_ACK_RECEIVED);
    mmio_write(NIU0 + TARG_ADDR_LO, 0x20000u);
    mmio_write(NIU0 + TARG_ADDR_HI, XY(1, 2));
    mmio_write(NIU0 + RET_ADDR_LO, 0x30000u);
    mmio_write(NIU0 + RET_ADDR_HI, XY(5, 7));
    mmio_write(NIU0 + CTRL, CTRL_WRITE_ACKED);
    mmio_write(NIU0 + AT_LEN_BE, 4096);
    mmio_write(NIU0 + CMD_CTRL, 1);
    while (mmio_read(NIU0 + MST_WR_ACK_RECEIVED) == acks)
        ;
    return 0;
}
