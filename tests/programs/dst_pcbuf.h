/* tests/programs/dst_pcbuf.h - what pcbuf_send.c (BRISC) and dst_fill.c (TRISC1) share: the
 * numbers BRISC sends through PC1_BUF (check_dst_pcbuf.py has the same formula), where each
 * lands in Dst, and where the results go in L1. */
#ifndef BH_TEST_DST_PCBUF_H
#define BH_TEST_DST_PCBUF_H
#include "tests/programs/tile_io.h"

#define PCBUF_N 40 /* more than the 16 a PCBuf holds: BRISC waits for TRISC1 */
#define PCBUF_SENTINEL 0x5EA1u
#define DST_OUT 0x30000u /* 3 * PCBUF_N words by TRISC1, then its sentinel, then BRISC's word */
#define PC1_BUF_BASE 0xFFE90000u
#define DST_BASE 0xFFBD8000u
#define DST_CTRL_WORD 3u   /* Config word of RISC_DEST_ACCESS_CTRL_SEC0..2 */
#define DST_SEC1_SHIFT 19u /* SEC1: no_swizzle 19, unsigned_int 20, fmt 21..23 */

static inline uint32_t pcbuf_value(uint32_t i)
{
    return i * 2654435761u ^ (i << 7) ^ (i * i);
}

/* value i goes to Dst32b[row32(i)][i % 16] and, as int16, to Dst16b[row16(i)][i % 16] */
static inline uint32_t pcbuf_row32(uint32_t i)
{
    return (i * 37u) % 512u;
}

static inline uint32_t pcbuf_row16(uint32_t i)
{
    return (i * 101u + 5u) % 1024u;
}

#endif
