/* tests/programs/trisc_xmov.c - TRISC0 does what traces/tensix/thcon_xmov/t0.txt scripts: ThCon
 * fills 1 KiB at 0x8000 with 64 STOREINDs from a MOP, then the Mover copies it to 0xC000; then
 * it posts semaphore 1 and polls it until the post has landed (the run then ends when the
 * coprocessor is idle too, so the Mover's copy is complete in the dump). Half of the Tensix
 * instructions are .ttinsn, half stores to INSTRN_BUF_BASE, so both ways of pushing are exercised.
 */
#include "tests/programs/tile_io.h"

static void push(uint32_t insn)
{
    mmio_write(INSTRN_BUF_BASE, insn);
}

int main(void)
{
    mmio_write(TENSIX_CFG_BASE + 0x160, 0x800);      /* XMOV source 0x8000 / 16 */
    mmio_write(TENSIX_CFG_BASE + 0x164, 0xC00);      /* destination 0xC000 / 16 */
    mmio_write(TENSIX_CFG_BASE + 0x168, 0xC0000040); /* 64 x 16 bytes, L1 to L1 */
    static const uint32_t mop[9] = {1,          64,         0x02000000, 0x02000000, 0x02000000,
                                    0x66813201, 0x02000000, 0x66813201, 0x66813201};
    for (int i = 0; i < 9; i++)
        mmio_write(TENSIX_MOP_CFG_BASE + 4 * i, mop[i]);
    TTINSN(0x45080002); /* SETDMAREG GPR1 low = 0x800 */
    TTINSN(0x45111110); /* GPR8..11: the data */
    TTINSN(0x45222211);
    push(0x45333312);
    push(0x45555514);
    push(0x45777716);
    push(0x45000004);   /* the running offset */
    TTINSN(0x01800000); /* MOP: 64 STOREINDs */
    push(0xA2080001);   /* STALLWAIT: hold XMOV while ThCon is busy */
    TTINSN(0x40000000); /* XMOV */
    push(0xA3100008);   /* SEMINIT semaphore 1: value 0, max 1 */
    push(0xA4000008);   /* SEMPOST semaphore 1 */
    while (mmio_read(SEMAPHORE_BASE + 4 * 1) == 0)
        ;
    return 0;
}
