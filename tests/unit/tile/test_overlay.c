// SPDX-License-Identifier: Apache-2.0
/* The NoC overlay's stream registers as general-purpose MMIO, against
 * tenstorrent/tt-isa-documentation WormholeB0/NoC/Overlay/AsGeneralUse.md at the indices and
 * widths of tt-metal's blackhole/noc/noc_overlay_parameters.h (the numbers below are written out
 * from those documents, not taken from the model's table). Then the same registers through the
 * tile map, by a core's view and by the NoC (streaming, word by word). */
#include <string.h>
#include "model/tile/overlay.h"
#include "model/tile/tensix_tile.h"
#include "tests/check.h"
#include "tests/test_log.h"

/* Blackhole register indices (noc_overlay_parameters.h) */
enum {
    SRC_NEW_MSG = 0,
    ONETIME_MISC_CFG = 2,
    MISC_CFG = 3,
    REMOTE_SRC = 4,
    REMOTE_SRC_PHASE = 5,
    ACK_THRESHOLD = 6,
    REMOTE_DEST = 7,
    REMOTE_DEST_BUF_START = 8,
    REMOTE_DEST_BUF_START_HI = 9,
    REMOTE_DEST_BUF_SIZE = 10,
    REMOTE_DEST_WR_PTR = 11,
    BUF_START = 17,
    BUF_SIZE = 18,
    RD_PTR = 19,
    WR_PTR = 20,
    MSG_INFO_PTR = 22,
    MSG_INFO_WR_PTR = 23,
    MCAST_DEST_NUM = 25,
    GATHER = 26,
    CURR_PHASE_BASE = 28,
    CURR_PHASE = 29,
    CFG_PTR_BASE = 30,
    CFG_PTR = 31,
    CFG_HEADER = 34,
    SCRATCH = 36,
    LOCAL_SRC_MASK = 224,
    WAIT_STATUS = 257,
    NEXT_MSG_ADDR = 262,
    NEXT_MSG_SIZE = 263,
    PHASE_ADVANCE = 267,
    SPACE_UPDATE = 270,
    CAN_PUSH = 275,
    SPACE = 297,
    DEBUG_STATUS = 501,
};

static Overlay ov;

static uint32_t off(uint32_t stream, uint32_t index)
{
    return stream * 0x1000u + index * 4u;
}

static BhStatus wr(uint32_t s, uint32_t i, uint32_t v)
{
    return overlay_access(&ov, off(s, i), 1, &v, 0);
}

static uint32_t rd(uint32_t s, uint32_t i)
{
    uint32_t v = 0xDEADBEEF;
    CHECK_OK(overlay_access(&ov, off(s, i), 0, &v, 0));
    return v;
}

/* ttsim tile_regs.json noc_overlay_stream: the byte offsets it models are these indices */
static void test_ttsim_offsets(void)
{
    uint32_t reg, inst;
    overlay_init(&ov);
    const struct {
        uint32_t offset;
        const char *name;
    } ttsim[] = {{0x10, "REMOTE_SRC"},
                 {0x20, "REMOTE_DEST_BUF_START"},
                 {0x28, "REMOTE_DEST_BUF_SIZE"},
                 {0x438, "REMOTE_DEST_BUF_SPACE_AVAILABLE_UPDATE"},
                 {0x4A4, "REMOTE_DEST_BUF_SPACE_AVAILABLE"}};
    for (uint32_t k = 0; k < 5; k++) {
        CHECK(overlay_decode(&ov, ttsim[k].offset, &reg, &inst));
        CHECK(strcmp(overlay_reg_name(reg), ttsim[k].name) == 0);
        CHECK_EQ_U32(inst, 0);
    }
}

static void test_reset_and_widths(void)
{
    overlay_init(&ov);
    CHECK_EQ_U32(rd(7, REMOTE_SRC), 0);
    CHECK_EQ_U32(rd(7, SPACE), 0);
    const struct {
        uint32_t index, mask;
    } w[] = {
        {MISC_CFG, 0x7FFFFF},
        {REMOTE_SRC, 0xFFFFFF},
        {ACK_THRESHOLD, 0xF},
        {REMOTE_DEST, 0x3FFFF},
        {REMOTE_DEST_BUF_START, 0x1FFFF},
        {REMOTE_DEST_BUF_SIZE, 0x1FFFF},
        {BUF_START, 0x1FFFF},
        {BUF_SIZE, 0x1FFFF},
        {WR_PTR, 0x3FFFF},
        {MSG_INFO_PTR, 0x1FFFF},
        {MSG_INFO_WR_PTR, 0x1FFFF},
        {CURR_PHASE_BASE, 0xFFFFF},
        {CFG_PTR_BASE, 0x1FFFF},
    };
    for (uint32_t k = 0; k < BH_ARRAY_LEN(w); k++) {
        CHECK_OK(wr(12, w[k].index, 0xFFFFFFFFu));
        CHECK_EQ_U32(rd(12, w[k].index), w[k].mask);
    }
    /* streams without a capability: writes ignored, reads zero (AsGeneralUse.md) */
    CHECK_OK(wr(2, MCAST_DEST_NUM, 0xFF));
    CHECK_EQ_U32(rd(2, MCAST_DEST_NUM), 0x3F);
    CHECK_OK(wr(4, MCAST_DEST_NUM, 0xFF));
    CHECK_EQ_U32(rd(4, MCAST_DEST_NUM), 0);
    CHECK_OK(wr(5, GATHER, 0xFFFFFFFF));
    CHECK_EQ_U32(rd(5, GATHER), 0x3FFFF);
    CHECK_OK(wr(6, GATHER, 0xFFFFFFFF));
    CHECK_EQ_U32(rd(6, GATHER), 0);
    CHECK_OK(wr(5, LOCAL_SRC_MASK + 2, 0xFFFFFFFF));
    CHECK_EQ_U32(rd(5, LOCAL_SRC_MASK + 2), 0xFFFF);
    CHECK_OK(wr(9, SCRATCH + 5, 0xFFFFFFFF)); /* streams 0-3 and 8-11 */
    CHECK_EQ_U32(rd(9, SCRATCH + 5), 0xFFFFFF);
    CHECK_OK(wr(12, SCRATCH, 0x123));
    CHECK_EQ_U32(rd(12, SCRATCH), 0);
    CHECK_OK(wr(8, REMOTE_DEST_BUF_START_HI, 0xFFFFFFFF));
    CHECK_EQ_U32(rd(8, REMOTE_DEST_BUF_START_HI), 0x7FFF);
    /* streams are independent */
    CHECK_OK(wr(1, REMOTE_SRC, 0x111));
    CHECK_OK(wr(63, REMOTE_SRC, 0x6363));
    CHECK_EQ_U32(rd(1, REMOTE_SRC), 0x111);
    CHECK_EQ_U32(rd(63, REMOTE_SRC), 0x6363);
}

static void test_buffer_pointers(void)
{
    overlay_init(&ov);
    CHECK_OK(wr(3, RD_PTR, 0x10));
    CHECK_OK(wr(3, WR_PTR, 0x20));
    CHECK_OK(wr(3, BUF_START, 0x1000)); /* zeroes both pointers */
    CHECK_EQ_U32(rd(3, BUF_START), 0x1000);
    CHECK_EQ_U32(rd(3, RD_PTR), 0);
    CHECK_EQ_U32(rd(3, WR_PTR), 0);
    /* RD_PTR: NEXT_RECEIVED_MSG_SIZE = 0, NEXT_RECEIVED_MSG_ADDR = BUF_START + RD_PTR */
    CHECK_OK(wr(3, RD_PTR, 0x34));
    CHECK_EQ_U32(rd(3, NEXT_MSG_ADDR), 0x1034);
    CHECK_EQ_U32(rd(3, NEXT_MSG_SIZE), 0);
    CHECK_OK(wr(3, REMOTE_DEST_WR_PTR, 0x55));
    CHECK_OK(wr(3, REMOTE_DEST_BUF_START, 0x200)); /* zeroes REMOTE_DEST_WR_PTR */
    CHECK_EQ_U32(rd(3, REMOTE_DEST_WR_PTR), 0);
    CHECK_EQ_U32(rd(3, REMOTE_DEST_BUF_START), 0x200);
    /* MSG_INFO_CAN_PUSH_NEW_MSG: MSG_INFO_PTR == MSG_INFO_WR_PTR */
    CHECK_EQ_U32(rd(3, CAN_PUSH), 1);
    CHECK_OK(wr(3, MSG_INFO_WR_PTR, 5));
    CHECK_EQ_U32(rd(3, CAN_PUSH), 0);
    CHECK_OK(wr(3, MSG_INFO_PTR, 5));
    CHECK_EQ_U32(rd(3, CAN_PUSH), 1);
    CHECK_EQ_U32(rd(3, WAIT_STATUS), 1); /* idle, waiting for software */
}

static void test_phase_bases(void)
{
    overlay_init(&ov);
    CHECK_OK(wr(10, CURR_PHASE_BASE, 1000));
    CHECK_OK(wr(10, CURR_PHASE, 5));
    CHECK_EQ_U32(rd(10, CURR_PHASE), 5);
    CHECK_OK(wr(10, CURR_PHASE_BASE, 1003)); /* the stored phase is base + 5 = 1005 */
    CHECK_EQ_U32(rd(10, CURR_PHASE), 2);
    CHECK_OK(wr(10, CURR_PHASE_BASE, 0));
    CHECK_EQ_U32(rd(10, CURR_PHASE), 1005);
    CHECK_OK(wr(10, CURR_PHASE_BASE, 1006)); /* 20-bit wrap on the read */
    CHECK_EQ_U32(rd(10, CURR_PHASE), 0xFFFFF);
    CHECK_OK(wr(10, CURR_PHASE_BASE, 100));
    CHECK_OK(wr(10, REMOTE_SRC_PHASE, 7));
    CHECK_EQ_U32(rd(10, REMOTE_SRC_PHASE), 7);
    CHECK_OK(wr(10, CURR_PHASE_BASE, 0));
    CHECK_EQ_U32(rd(10, REMOTE_SRC_PHASE), 107);
    CHECK_OK(wr(10, CFG_PTR_BASE, 0x100));
    CHECK_OK(wr(10, CFG_PTR, 0x20));
    CHECK_EQ_U32(rd(10, CFG_PTR), 0x20);
    CHECK_OK(wr(10, CFG_PTR_BASE, 0));
    CHECK_EQ_U32(rd(10, CFG_PTR), 0x120);
    /* PHASE_AUTO_CFG_HEADER: low 12 bits increment CURR_PHASE, high 20 kept */
    CHECK_OK(wr(10, CURR_PHASE, 40));
    CHECK_OK(wr(10, CFG_HEADER, 0xABCDE003));
    CHECK_EQ_U32(rd(10, CURR_PHASE), 43);
    CHECK_EQ_U32(rd(10, CFG_HEADER) & 0xFFFFF000u, 0xABCDE000);
    CHECK_OK(wr(10, CFG_HEADER, 0x00001FFF));
    CHECK_EQ_U32(rd(10, CURR_PHASE), 43 + 0xFFF);
    CHECK_EQ_U32(rd(10, CFG_HEADER) & 0xFFFFF000u, 0x1000);
}

static void test_space_available(void)
{
    overlay_init(&ov);
    /* REMOTE_DEST_BUF_SIZE writes every SPACE_AVAILABLE + i: 32 on a multicast stream */
    CHECK_OK(wr(0, REMOTE_DEST_BUF_SIZE, 0x40));
    for (uint32_t i = 0; i < 32; i++)
        CHECK_EQ_U32(rd(0, SPACE + i), 0x40);
    CHECK_OK(wr(20, REMOTE_DEST_BUF_SIZE, 0x123456)); /* 17 bits */
    CHECK_EQ_U32(rd(20, SPACE), 0x3456);
    CHECK_EQ_U32(rd(20, SPACE + 1), 0); /* only i == 0 on other streams */
    /* the update register: (j << 6) + i adds j to SPACE_AVAILABLE + i */
    CHECK_OK(wr(0, SPACE_UPDATE, (5u << 6) + 3));
    CHECK_EQ_U32(rd(0, SPACE + 3), 0x45);
    CHECK_EQ_U32(rd(0, SPACE + 2), 0x40);
    CHECK_OK(wr(20, SPACE_UPDATE, 7u << 6));
    CHECK_EQ_U32(rd(20, SPACE), 0x3456 + 7);
    CHECK_OK(wr(20, SPACE_UPDATE, (9u << 6) + 1)); /* no destination 1: nothing changes */
    CHECK_EQ_U32(rd(20, SPACE + 1), 0);
    CHECK_EQ_U32(rd(20, SPACE), 0x3456 + 7);
    /* a decrement as tt-metal writes it: -1 in the 17-bit field (NOC_STREAM_WRITE_REG_FIELD) */
    CHECK_OK(wr(20, SPACE_UPDATE, 0x1FFFFu << 6));
    CHECK_EQ_U32(rd(20, SPACE), 0x3456 + 6);
    /* BH: bits 31:23 count the message-info words free, bits 25:17 of the register */
    CHECK_OK(wr(21, SPACE_UPDATE, (2u << 23) | (1u << 6)));
    CHECK_EQ_U32(rd(21, SPACE), (2u << 17) | 1u);
    CHECK_OK(wr(21, REMOTE_DEST_BUF_SIZE, 8)); /* the words field only */
    CHECK_EQ_U32(rd(21, SPACE), (2u << 17) | 8u);
    /* the update register is write-only: reads 0 */
    CHECK_EQ_U32(rd(20, SPACE_UPDATE), 0);
    /* DEBUG_STATUS + 2 bit 3: every SPACE_AVAILABLE + i is non-zero */
    CHECK_EQ_U32(rd(20, DEBUG_STATUS + 2) & 8, 8);
    CHECK_OK(wr(22, REMOTE_DEST_BUF_SIZE, 0));
    CHECK_EQ_U32(rd(22, DEBUG_STATUS + 2) & 8, 0);
    CHECK_EQ_U32(rd(0, DEBUG_STATUS + 2) & 8, 8);
    CHECK_OK(wr(0, SPACE_UPDATE, (0x1FFC0u << 6) + 31)); /* -0x40 from destination 31 */
    CHECK_EQ_U32(rd(0, SPACE + 31), 0);
    CHECK_EQ_U32(rd(0, DEBUG_STATUS + 2) & 8, 0);
}

static void test_refused(void)
{
    overlay_init(&ov);
    uint32_t v = 1;
    /* read-only */
    CHECK_EQ_U32(overlay_access(&ov, off(5, SPACE), 1, &v, 0), BH_ERR_ACCESS);
    CHECK(strstr(ov.why, "stream 5") && strstr(ov.why, "REMOTE_DEST_BUF_SPACE_AVAILABLE"));
    CHECK_EQ_U32(overlay_access(&ov, off(5, CAN_PUSH), 1, &v, 0), BH_ERR_ACCESS);
    /* the message engine: PHASE_ADVANCE, a new message, PHASE_AUTO_CONFIG */
    CHECK_EQ_U32(overlay_access(&ov, off(6, PHASE_ADVANCE), 1, &v, 0), BH_ERR_UNSUPPORTED);
    CHECK(strstr(ov.why, "stream 6") && strstr(ov.why, "PHASE_ADVANCE") &&
          strstr(ov.why, "message engine") &&
          strlen(ov.why) < 96 - sizeof "store to "); /* fits the core's fault message */
    CHECK_EQ_U32(rd(6, PHASE_ADVANCE), 0);
    CHECK_EQ_U32(overlay_access(&ov, off(7, SRC_NEW_MSG), 1, &v, 0), BH_ERR_UNSUPPORTED);
    CHECK(strstr(ov.why, "stream 7") && strstr(ov.why, "SOURCE_ENDPOINT_NEW_MSG_INFO"));
    v = 0x3; /* PHASE_AUTO_CONFIG | PHASE_AUTO_ADVANCE */
    CHECK_EQ_U32(overlay_access(&ov, off(8, ONETIME_MISC_CFG), 1, &v, 0), BH_ERR_UNSUPPORTED);
    CHECK(strstr(ov.why, "stream 8") && strstr(ov.why, "PHASE_AUTO_CONFIG"));
    CHECK_EQ_U32(rd(8, ONETIME_MISC_CFG), 0); /* not stored */
    CHECK_OK(wr(8, ONETIME_MISC_CFG, 0x7FE)); /* the other fields are configuration */
    CHECK_EQ_U32(rd(8, ONETIME_MISC_CFG), 0x7FE);
    /* outside the table: named, not modeled */
    CHECK_EQ_U32(overlay_access(&ov, off(9, 33), 0, &v, 0), BH_ERR_ADDR);
    CHECK(strstr(ov.why, "stream 9") && strstr(ov.why, "index 33"));
    CHECK_EQ_U32(overlay_access(&ov, 9 * 0x1000u + 0x800u, 0, &v, 0), BH_ERR_ADDR);
    CHECK_EQ_U32(overlay_access(&ov, off(9, DEBUG_STATUS), 0, &v, 0), BH_ERR_ADDR);
    /* state unchanged by a refused write */
    CHECK_EQ_U32(rd(5, SPACE), 0);
    CHECK_EQ_U64(ov.writes, 1);
}

/* through the tile: a core's 4-byte accesses, and the NoC's streaming access word by word */
static void test_through_tile(void)
{
    static TensixTile t;
    L1Config cfg = l1_config_default();
    char why[256];
    CHECK_OK(tensix_tile_init(&t, &cfg, NULL, NULL, &test_log, why, sizeof why));
    const uint64_t base = 0xFFB40000u;
    uint32_t v = 0x80;
    TileAccess a =
        tensix_tile_access(&t, TILE_BRISC, base + off(2, REMOTE_DEST_BUF_SIZE), 4, 1, &v, 0);
    CHECK_OK(a.status);
    CHECK_EQ_U32(a.latency, TILE_LAT_MMIO);
    v = 0;
    CHECK_OK(tensix_tile_debug(&t, TILE_TRISC1, base + off(2, SPACE + 17), 4, 0, &v, 0));
    CHECK_EQ_U32(v, 0x80);
    a = tensix_tile_access(&t, TILE_BRISC, base + off(2, SPACE), 2, 0, &v, 0);
    CHECK(a.status == BH_ERR_WIDTH && a.width_error);
    /* the NoC: four words from REMOTE_SRC (index 4) to REMOTE_DEST (7), in order */
    uint32_t w[4] = {0xFFFFFFFF, 0x12345, 0x6, 0x7}, r[4] = {0};
    a = tensix_tile_noc_access(&t, base + off(40, REMOTE_SRC), 16, 1, w, 0);
    CHECK_OK(a.status);
    a = tensix_tile_noc_access(&t, base + off(40, REMOTE_SRC), 16, 0, r, 0);
    CHECK_OK(a.status);
    CHECK_EQ_U32(r[0], 0xFFFFFF);
    CHECK_EQ_U32(r[1], 0x12345 & 0xFFFFF);
    CHECK_EQ_U32(r[2], 0x6);
    CHECK_EQ_U32(r[3], 0x7);
    /* not whole words: refused before any word is written */
    w[0] = 0x55;
    a = tensix_tile_noc_access(&t, base + off(41, REMOTE_SRC), 6, 1, w, 0);
    CHECK_EQ_U32(a.status, BH_ERR_ACCESS);
    a = tensix_tile_noc_access(&t, base + off(41, REMOTE_SRC) + 2, 4, 1, w, 0);
    CHECK_EQ_U32(a.status, BH_ERR_ACCESS);
    CHECK_OK(tensix_tile_debug(&t, TILE_BRISC, base + off(41, REMOTE_SRC), 4, 0, &v, 0));
    CHECK_EQ_U32(v, 0);
    /* a word the table refuses stops the stream there: the words before it are written */
    uint32_t e[3] = {0x21, 0x22, 0x23}; /* indices 9 (absent on stream 41: ignored), 10, 11 */
    a = tensix_tile_noc_access(&t, base + off(41, REMOTE_DEST_BUF_START_HI), 12, 1, e, 0);
    CHECK_OK(a.status);
    CHECK_OK(tensix_tile_debug(&t, TILE_BRISC, base + off(41, SPACE), 4, 0, &v, 0));
    CHECK_EQ_U32(v, 0x22);
    uint32_t f[2] = {0x31, 0x32}; /* index 11, then 12: not modeled */
    a = tensix_tile_noc_access(&t, base + off(42, REMOTE_DEST_WR_PTR), 8, 1, f, 0);
    CHECK_EQ_U32(a.status, BH_ERR_ADDR);
    CHECK_OK(tensix_tile_debug(&t, TILE_BRISC, base + off(42, REMOTE_DEST_WR_PTR), 4, 0, &v, 0));
    CHECK_EQ_U32(v, 0x31);
    /* a region the NoC does not see, and one not modeled (PC snapshots) */
    a = tensix_tile_noc_access(&t, 0xFFB11000u, 8, 0, r, 0);
    CHECK_EQ_U32(a.status, BH_ERR_ADDR);
    a = tensix_tile_noc_access(&t, 0xFFB13138u, 4, 0, r, 0);
    CHECK_EQ_U32(a.status, BH_ERR_ADDR);
    /* a debug register stream: SOFT_RESET_0 alone is modeled around it */
    v = 0x47800;
    a = tensix_tile_noc_access(&t, 0xFFB121B0u, 4, 1, &v, 0);
    CHECK_OK(a.status);
    /* slow local-RAM windows take any length */
    uint8_t bytes[7] = {1, 2, 3, 4, 5, 6, 7}, back[7] = {0};
    CHECK_OK(tensix_tile_noc_access(&t, 0xFFB14001u, 7, 1, bytes, 0).status);
    CHECK_OK(tensix_tile_noc_access(&t, 0xFFB14001u, 7, 0, back, 0).status);
    CHECK(memcmp(bytes, back, 7) == 0);
    tensix_tile_destroy(&t);
}

int main(void)
{
    RUN(test_ttsim_offsets);
    RUN(test_reset_and_widths);
    RUN(test_buffer_pointers);
    RUN(test_phase_bases);
    RUN(test_space_available);
    RUN(test_refused);
    RUN(test_through_tile);
    return check_failures();
}
