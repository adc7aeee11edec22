/* tests/programs/pic_recv.c - BRISC of tile (5,7) polls the PIC's software IRQ 9 (0xFFB1_303C),
 * which reads 0 while cleared, until pic_send.c on (1,2) raises it over the NoC; the read that
 * sees the value clears it (the Tensix-tile PIC page), so the next read gives 0. With
 * riscv.poll_sleep it sleeps on the register. Stores both reads at L1 0x30000. */
#include "tests/programs/tile_io.h"

#define PIC_SW_INT(i) (0xFFB13018u + 4u * (i))

int main(void)
{
    volatile uint32_t *out = (volatile uint32_t *)0x30000u;
    uint32_t v;
    while ((v = mmio_read(PIC_SW_INT(9))) == 0)
        ;
    out[0] = v;
    out[1] = mmio_read(PIC_SW_INT(9));
    return 0;
}
