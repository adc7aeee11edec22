/* tests/programs/noc_flood.c - BRISC of tile (2,2) writes 8 KiB at a time from its L1 over NoC0
 * into tile (1,2)'s L1 at 0x80000, again and again (posted writes, one command buffer, waiting
 * only for the buffer to be free): the NoC traffic against which bench/riscv.py measures
 * memcpy.c on (1,2). It never ends: the run's sim.cycles does. */
#include "tests/programs/niu.h"

int main(void)
{
    for (;;) {
        while (mmio_read(NIU0 + CMD_CTRL)) /* the buffer is still issuing */
            ;
        mmio_write(NIU0 + TARG_ADDR_LO, 0x20000u); /* local source */
        mmio_write(NIU0 + TARG_ADDR_HI, XY(2, 2));
        mmio_write(NIU0 + RET_ADDR_LO, 0x80000u); /* remote destination */
        mmio_write(NIU0 + RET_ADDR_HI, XY(1, 2));
        mmio_write(NIU0 + CTRL, 0x02u); /* write, posted */
        mmio_write(NIU0 + AT_LEN_BE, 8192u);
        mmio_write(NIU0 + CMD_CTRL, 1u); /* issue */
    }
    return 0;
}
