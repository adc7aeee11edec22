/* tests/programs/poll_reg.c - BRISC of tile (5,7) polls its DBG_FEATURE_DISABLE register until
 * the NoC writes it (noc_reg_write.c on (1,2)), then stores what it read at L1 0x30000. With
 * riscv.poll_sleep it sleeps on the register until the NoC's write lands. */
#include "tests/programs/tile_io.h"

int main(void)
{
    uint32_t v;
    while ((v = mmio_read(RISCV_DEBUG_REGS + 0x068u)) == 0)
        ;
    *(volatile uint32_t *)0x30000u = v;
    return 0;
}
