/* tests/programs/eth_recv.c - RISCV E1 of the Ethernet tile at the other end of eth_send.c's
 * cable waits for the sender's 64 KiB, tells the sender it is done (before checking, so the
 * sender times the link, not this loop), then counts the words that came as sent and leaves
 * the count at 0x6F000. */
#include "firmware/include/bh_eth.h"

#define BYTES 65536u

int main(void)
{
    eth_set_resend_timeout(0, 8192); /* its done frame too */
    eth_wait_for_bytes(0, BYTES);
    eth_receiver_done(0);
    volatile uint32_t *buf = (volatile uint32_t *)0x20000u;
    uint32_t same = 0;
    for (uint32_t i = 0; i < BYTES / 4; i++)
        same += buf[i] == (i * 0x2545F491u ^ 0x0E7E0E7Eu);
    *(volatile uint32_t *)0x6F000u = same;
    return 0;
}
