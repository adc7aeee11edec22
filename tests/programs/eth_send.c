/* tests/programs/eth_send.c - RISCV E1 of the Ethernet tile at one end of a cable sends 64 KiB
 * of its L1 (0x20000, a pattern) to the same address at the other end with eth_send_bytes,
 * then the channel's sync word, waits for the receiver's done, and leaves at 0x6F000 its
 * wall-clock cycles from the first command to the done (check_eth_send.py checks the bytes and
 * the time against the link's analytic bound). */
#include "firmware/include/bh_eth.h"
#include "tests/programs/tile_io.h"

#define BYTES 65536u

int main(void)
{
    volatile uint32_t *buf = (volatile uint32_t *)0x20000u;
    for (uint32_t i = 0; i < BYTES / 4; i++)
        buf[i] = i * 0x2545F491u ^ 0x0E7E0E7Eu;
    eth_set_resend_timeout(0, 8192); /* a lost frame (eth.link.drop_every) is sent again */
    const uint32_t t0 = mmio_read(WALL_CLOCK_L);
    eth_send_bytes(0x20000u, 0x20000u, BYTES);
    eth_send_channel_sync(0, BYTES);
    eth_wait_for_receiver_done(0);
    const uint32_t t1 = mmio_read(WALL_CLOCK_L);
    *(volatile uint32_t *)0x6F000u = t1 - t0;
    return 0;
}
