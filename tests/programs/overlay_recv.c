/* tests/programs/overlay_recv.c - BRISC of tile (5,7) uses overlay stream 10 as a counter:
 * it writes REMOTE_DEST_BUF_SIZE (which sets REMOTE_DEST_BUF_SPACE_AVAILABLE, AsGeneralUse.md),
 * then polls SPACE_AVAILABLE until overlay_send.c on (1,2) has added 7 through the update
 * register over the NoC; with riscv.poll_sleep it sleeps on the register. It stores at L1
 * 0x30000: the space after the size write, the space it waited for, and stream 20's registers
 * 4..7 that (1,2) wrote as one NoC block. */
#include "tests/programs/overlay.h"

int main(void)
{
    volatile uint32_t *out = (volatile uint32_t *)0x30000u;
    mmio_write(STREAM_REG(COUNTER_STREAM, STREAM_REMOTE_DEST_BUF_SIZE), 3);
    out[0] = mmio_read(STREAM_REG(COUNTER_STREAM, STREAM_SPACE));
    while (mmio_read(STREAM_REG(COUNTER_STREAM, STREAM_SPACE)) != 10)
        ;
    out[1] = mmio_read(STREAM_REG(COUNTER_STREAM, STREAM_SPACE));
    for (uint32_t i = 0; i < 4; i++)
        out[2 + i] = mmio_read(STREAM_REG(BLOCK_STREAM, STREAM_REMOTE_SRC + i));
    return 0;
}
