/* tests/programs/all_gather_tensix.c - BRISC of (1,2) on every chip: makes this chip's buffer
 * in its slot, hands it to the chip's Ethernet ports, waits until every chip's buffer has come
 * (the ports copy each one here), checks them all and leaves at AG_RESULT the number of words
 * as computed and the cycles from the hand-off to the last arrival. */
#include "tests/programs/all_gather.h"

int main(void)
{
    const uint32_t id = bh_chip_id(), n = bh_chip_count();
    volatile uint32_t *mine = (volatile uint32_t *)AG_SLOT(id);
    for (uint32_t k = 0; k < AG_BYTES / 4; k++)
        mine[k] = ag_word(id, k);
    ag_set_flag(id);
    const uint32_t t0 = mmio_read(WALL_CLOCK_L);
    if (id > 0)
        ag_noc_copy(id, AG_WEST, AG_TENSIX);
    if (id + 1 < n)
        ag_noc_copy(id, AG_EAST, AG_TENSIX);
    for (uint32_t j = 0; j < n; j++)
        while (!ag_flag(j))
            ;
    const uint32_t t1 = mmio_read(WALL_CLOCK_L);
    uint32_t same = 0;
    for (uint32_t j = 0; j < n; j++) {
        volatile uint32_t *s = (volatile uint32_t *)AG_SLOT(j);
        for (uint32_t k = 0; k < AG_BYTES / 4; k++)
            same += s[k] == ag_word(j, k);
    }
    volatile uint32_t *out = (volatile uint32_t *)AG_RESULT;
    out[0] = same;
    out[1] = t1 - t0;
    return 0;
}
