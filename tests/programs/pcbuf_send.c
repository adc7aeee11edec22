/* tests/programs/pcbuf_send.c - BRISC sends PCBUF_N numbers to TRISC1 through PC1_BUF (its
 * PCBuf[1]; each store waits while 16 are queued), then reads PC1_BUF, which waits until
 * TRISC1 has popped them all and waits on an empty PCBuf, stores what the read returned (0)
 * and sends the sentinel that ends TRISC1's wait. dst_fill.c is the other half. */
#include "tests/programs/dst_pcbuf.h"

int main(void)
{
    volatile uint32_t *out = (volatile uint32_t *)DST_OUT;
    for (uint32_t i = 0; i < PCBUF_N; i++)
        mmio_write(PC1_BUF_BASE, pcbuf_value(i));
    out[3 * PCBUF_N + 1] = mmio_read(PC1_BUF_BASE) + 0xB0000000u;
    mmio_write(PC1_BUF_BASE + 0x100u, PCBUF_SENTINEL); /* any offset is PCBuf[1] */
    return 0;
}
