/* tests/programs/mbox.h - what mbox_send.c (BRISC) and mbox_sum.c (TRISC0) share: the numbers
 * sent (check_mbox.py has the same formula) and where the results go in L1. */
#ifndef BH_TEST_MBOX_H
#define BH_TEST_MBOX_H
#include "tests/programs/tile_io.h"

#define MBOX_N 200
#define MBOX_OUT 0x30000u

static inline uint32_t mbox_value(uint32_t i)
{
    return i * 2654435761u ^ (i << 7) ^ (i * i);
}

#endif
