/* tests/programs/eth_noc.c - RISCV E1 of the Ethernet tile (1,1) (E0, NoC0 coordinates) fills
 * 2 KiB of its L1 at 0x20000 with a pattern, writes it over NoC0 to Tensix tile (5,7) at
 * 0x30000 (acknowledged), reads it back from there into its L1 at 0x28000, and stores at
 * 0x2F000 the number of words that came back as sent (512) and the sum of its local-RAM
 * scratch. check_eth_noc.py computes the same bytes on the host. */
#include "tests/programs/niu.h"

#define WORDS 512u
#define SELF XY(1, 1)
#define PEER XY(5, 7)

static uint32_t scratch[64]; /* .bss: in the core's local data RAM (tile.ld) */

int main(void)
{
    volatile uint32_t *src = (volatile uint32_t *)0x20000u;
    volatile uint32_t *back = (volatile uint32_t *)0x28000u;
    volatile uint32_t *out = (volatile uint32_t *)0x2F000u;
    for (uint32_t i = 0; i < WORDS; i++)
        src[i] = i * 0x9E3779B1u ^ 0xE1E1E1E1u;
    niu_issue(0x12u, 0x20000u, SELF, 0x30000u, PEER, WORDS * 4, 0, MST_WR_ACK_RECEIVED);
    niu_issue(0x0u, 0x30000u, PEER, 0x28000u, SELF, WORDS * 4, 0, MST_RD_RESP_RECEIVED);
    uint32_t same = 0, sum = 0;
    for (uint32_t i = 0; i < WORDS; i++)
        same += back[i] == (i * 0x9E3779B1u ^ 0xE1E1E1E1u);
    for (uint32_t i = 0; i < 64; i++)
        scratch[i] = i * i;
    for (uint32_t i = 0; i < 64; i++)
        sum += scratch[i];
    out[0] = same;
    out[1] = sum;
    return 0;
}
