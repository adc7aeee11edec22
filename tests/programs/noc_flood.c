/* tests/programs/noc_flood.c - BRISC of tile (2,2) writes 8 KiB at a time from its L1 over NoC0
 * into tile (1,2)'s L1 at 0x80000, again and again (posted writes, one command buffer, waiting
 * only for the buffer to be free): the NoC traffic against which bench/riscv.py measures
 * memcpy.c on (1,2). It never ends: the run's sim.cycles does. */
#include "tests/programs/niu.h"

int main(void)
{
    for (;;) {
        while (mmio_read(NIU0 + 0x40u)) /* CMD_CTRL: the buffer is still issuing */
            ;
        mmio_write(NIU0 + 0x00u, 0x20000u); /* TARG_ADDR_LO: local source */
        mmio_write(NIU0 + 0x08u, XY(2, 2)); /* TARG_ADDR_HI */
        mmio_write(NIU0 + 0x0Cu, 0x80000u); /* RET_ADDR_LO: remote destination */
        mmio_write(NIU0 + 0x14u, XY(1, 2)); /* RET_ADDR_HI */
        mmio_write(NIU0 + 0x1Cu, 0x02u);    /* CTRL: write, posted */
        mmio_write(NIU0 + 0x20u, 8192u);    /* AT_LEN_BE */
        mmio_write(NIU0 + 0x40u, 1u);       /* CMD_CTRL: issue */
    }
    return 0;
}
