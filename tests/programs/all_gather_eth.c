/* tests/programs/all_gather_eth.c - RISCV E1 of one Ethernet port of every chip (built twice:
 * AG_WEST_PORT for channel 0, else channel 1). Its port sends this chip's buffer and then
 * every buffer the other port brings in, as each becomes present, over its cable (data, then
 * the slot's flag line: TT-link keeps them in order); and it copies every buffer that arrives
 * over its cable to the Tensix tile and to the other port, which passes it on. One loop
 * serves both directions, so neither waits on the other. A port with no neighbour (the ends of
 * the line) has nothing to do. */
#include "tests/programs/all_gather.h"

int main(void)
{
    const uint32_t id = bh_chip_id(), n = bh_chip_count();
#ifdef AG_WEST_PORT
    if (id == 0)
        return 0;
    const uint32_t self = AG_WEST, other = AG_EAST, has_other = id + 1 < n;
    /* out: this chip, then the east's arrivals j = id+1.. ; in: j = id-1 down to 0 */
    const uint32_t n_out = n - id, n_in = id;
#define OUT_SLOT(s) (id + (s))
#define IN_SLOT(s) (id - 1u - (s))
#else
    if (id + 1 >= n)
        return 0;
    const uint32_t self = AG_EAST, other = AG_WEST, has_other = id > 0;
    /* out: this chip, then the west's arrivals j = id-1 down to 0; in: j = id+1.. */
    const uint32_t n_out = id + 1, n_in = n - 1 - id;
#define OUT_SLOT(s) (id - (s))
#define IN_SLOT(s) (id + 1u + (s))
#endif
    uint32_t sent = 0, got = 0;
    while (sent < n_out || got < n_in) {
        if (sent < n_out && ag_flag(OUT_SLOT(sent))) {
            const uint32_t j = OUT_SLOT(sent);
            eth_send_bytes(AG_SLOT(j), AG_SLOT(j), AG_BYTES);
            eth_send_packet(0, AG_FLAG(j) >> 4, AG_FLAG(j) >> 4, 1);
            sent++;
        }
        if (got < n_in && ag_flag(IN_SLOT(got))) {
            const uint32_t j = IN_SLOT(got);
            ag_noc_copy(j, AG_TENSIX, self);
            if (has_other)
                ag_noc_copy(j, other, self);
            got++;
        }
    }
    while (eth_txq_is_busy(0))
        ;
    return 0;
}
