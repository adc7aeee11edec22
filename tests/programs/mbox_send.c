/* tests/programs/mbox_send.c - BRISC sends MBOX_N numbers to TRISC0 through the mailboxes
 * (MAILBOX1 write: B to T0), then waits for TRISC0's sum to come back (MAILBOX1 read: T0 to
 * B) and stores it, with what the not-empty status said before and after, at 0x30010.
 * mbox_sum.c is the other half; check_mbox.py computes the expected words on the host. */
#include "tests/programs/mbox.h"

int main(void)
{
    volatile uint32_t *out = (volatile uint32_t *)(MBOX_OUT + 0x10u);
    const uint32_t before = mmio_read(TENSIX_MAILBOX1_BASE + MAILBOX_STATUS); /* nothing yet */
    for (uint32_t i = 0; i < MBOX_N; i++)
        mmio_write(TENSIX_MAILBOX1_BASE, mbox_value(i));  /* waits while T0 is behind */
    const uint32_t sum = mmio_read(TENSIX_MAILBOX1_BASE); /* waits for T0's answer */
    out[0] = sum;
    out[1] = before;
    out[2] = mmio_read(TENSIX_MAILBOX1_BASE + MAILBOX_STATUS); /* popped: empty again */
    return 0;
}
