/* tests/programs/all_gather.h - the layout all_gather_tensix.c and all_gather_eth.c share, on
 * a line of chips (system.chips, platform/configs/p150x2.json, p150x4.json): chip i's west
 * port is Ethernet channel 0 at (1,1), cabled to chip i-1's channel 1; its east port is channel
 * 1 at (16,1), cabled to chip i+1's channel 0. Chip i's buffer, made by BRISC of the Tensix
 * tile (1,2), is slot i; every slot lives at the same address on the Tensix tile and on both
 * Ethernet tiles, each with a 16-byte flag line saying it is there. check_all_gather.py
 * computes the same words on the host. */
#ifndef BH_TEST_ALL_GATHER_H
#define BH_TEST_ALL_GATHER_H
#include <stdint.h>
#include "firmware/include/bh_eth.h"
#include "tests/programs/niu.h"

#define AG_BYTES 4096u /* one chip's buffer */
#define AG_SLOT(j) (0x40000u + (j)*AG_BYTES)
#define AG_FLAG(j) (0x50000u + 16u * (j))
#define AG_RESULT 0x5F000u /* the Tensix tile: words as computed, then cycles */
#define AG_TENSIX XY(1, 2)
#define AG_WEST XY(1, 1)
#define AG_EAST XY(16, 1)
#define AG_WRITE_ACKED 0x12u

static inline uint32_t ag_word(uint32_t chip, uint32_t k)
{
    return (chip + 1u) * 0x01000193u ^ k * 0x9E3779B1u;
}

static inline uint32_t ag_flag(uint32_t j)
{
    invalidate_l1_cache();
    return *(volatile uint32_t *)AG_FLAG(j);
}

static inline void ag_set_flag(uint32_t j)
{
    volatile uint32_t *f = (volatile uint32_t *)AG_FLAG(j);
    f[0] = 1u, f[1] = 0u, f[2] = 0u, f[3] = 0u;
}

/* slot j, then its flag line, to the same addresses on tile xy (the data's acknowledgement
 * comes before the flag leaves: the flag never overtakes the data) */
static inline void ag_noc_copy(uint32_t j, uint32_t xy, uint32_t self)
{
    niu_issue(AG_WRITE_ACKED, AG_SLOT(j), self, AG_SLOT(j), xy, AG_BYTES, 0, MST_WR_ACK_RECEIVED);
    niu_issue(AG_WRITE_ACKED, AG_FLAG(j), self, AG_FLAG(j), xy, 16, 0, MST_WR_ACK_RECEIVED);
}

#endif
