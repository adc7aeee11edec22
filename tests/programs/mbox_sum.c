/* tests/programs/mbox_sum.c - TRISC0 pops MBOX_N numbers from BRISC (MAILBOX0 read: B to T0),
 * sums them with a running xor, stores both and the count at 0x30000, and sends the sum back
 * to BRISC (MAILBOX0 write: T0 to B). The other half of mbox_send.c. */
#include "tests/programs/mbox.h"

int main(void)
{
    volatile uint32_t *out = (volatile uint32_t *)MBOX_OUT;
    uint32_t sum = 0, mix = 0, n = 0;
    for (; n < MBOX_N; n++) {
        const uint32_t v = mmio_read(TENSIX_MAILBOX0_BASE); /* waits while B is behind */
        sum += v;
        mix = (mix << 1 | mix >> 31) ^ v;
    }
    out[0] = sum;
    out[1] = mix;
    out[2] = n;
    mmio_write(TENSIX_MAILBOX0_BASE, sum);
    return 0;
}
