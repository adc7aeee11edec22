// SPDX-License-Identifier: Apache-2.0
/* The TRISCs' direct access to Dst (0xFFBD_8000, Dst.md "RISCV access to Dst") and BRISC's
 * PCBufs to TRISC1 / TRISC2 (PC1_BUF, PC2_BUF; PCBufs.md), both through the tile map. */
#include <stdlib.h>
#include <string.h>
#include "model/tile/tensix_tile.h"
#include "tests/check.h"
#include "tests/test_log.h"

#define DST_BASE 0xFFBD8000u

static TensixTile *tile_new(void)
{
    TensixTile *t = malloc(sizeof *t);
    L1Config cfg = l1_config_default();
    TensixCoreConfig cc = tensix_core_config_default();
    char why[256] = "";
    CHECK_OK(tensix_tile_init(t, &cfg, NULL, NULL, &test_log, why, sizeof why));
    CHECK_OK(tensix_tile_enable_coprocessor(t, &cc, 0));
    return t;
}

static void tile_free(TensixTile *t)
{
    tensix_tile_destroy(t);
    free(t);
}

static BhStatus st_n(TensixTile *t, uint32_t who, uint32_t addr, uint32_t len, uint32_t v)
{
    return tensix_tile_access(t, who, addr, len, 1, &v, 100).status;
}

static uint32_t ld_n(TensixTile *t, uint32_t who, uint32_t addr, uint32_t len, BhStatus *st)
{
    uint32_t v = 0;
    *st = tensix_tile_access(t, who, addr, len, 0, &v, 100).status;
    return v;
}

/* RISC_DEST_ACCESS_CTRL_SEC[thread] of Config[state] */
static void view(TensixTile *t, uint32_t state, uint32_t thread, uint32_t fmt, uint32_t no_swizzle,
                 uint32_t unsigned_int)
{
    static const TensixCfgField f[3][3] = {
        {TCFG_F_RISC_DEST_ACCESS_CTRL_SEC0_fmt, TCFG_F_RISC_DEST_ACCESS_CTRL_SEC0_no_swizzle,
         TCFG_F_RISC_DEST_ACCESS_CTRL_SEC0_unsigned_int},
        {TCFG_F_RISC_DEST_ACCESS_CTRL_SEC1_fmt, TCFG_F_RISC_DEST_ACCESS_CTRL_SEC1_no_swizzle,
         TCFG_F_RISC_DEST_ACCESS_CTRL_SEC1_unsigned_int},
        {TCFG_F_RISC_DEST_ACCESS_CTRL_SEC2_fmt, TCFG_F_RISC_DEST_ACCESS_CTRL_SEC2_no_swizzle,
         TCFG_F_RISC_DEST_ACCESS_CTRL_SEC2_unsigned_int}};
    tensix_cfg_set(&t->core->cfg, state, f[thread][0], fmt);
    tensix_cfg_set(&t->core->cfg, state, f[thread][1], no_swizzle);
    tensix_cfg_set(&t->core->cfg, state, f[thread][2], unsigned_int);
}

/* fmt 0 (reset): FP32 in Dst32b[512][16], element (row, col) at 4 * (16 * row + col) */
static void test_dst_fp32(void)
{
    TensixTile *t = tile_new();
    const SrcDst *r = &t->core->regs;
    BhStatus st;
    const uint32_t one = 0x3F800000u, pi = 0x40490FDBu, neg = 0xC2F6E979u; /* 1, pi, -123.456 */
    CHECK_OK(st_n(t, TILE_TRISC0, DST_BASE, 4, one));
    CHECK_OK(st_n(t, TILE_TRISC1, DST_BASE + 4 * (16 * 3 + 5), 4, pi));
    CHECK_OK(st_n(t, TILE_TRISC2, DST_BASE + 4 * (16 * 511 + 15), 4, neg)); /* last element */
    /* the coprocessor sees the Dst32b layout (srcdst.h): Dst32b[row] = DstBits[Adj32(row)]:[+8] */
    CHECK_EQ_U32(dst32_read(r, 0, 0), dst32_from_fp32(one));
    CHECK_EQ_U32(dst32_read(r, 3, 5), dst32_from_fp32(pi));
    CHECK_EQ_U32(dst32_to_fp32(dst32_read(r, 511, 15)), neg);
    CHECK_EQ_U32(r->dst[dst_adj32(3)][5], dst16_from_raw(SRC_BF16, pi >> 16));
    CHECK_EQ_U32(r->dst[dst_adj32(3) + 8][5], pi & 0xFFFF);
    CHECK_EQ_U32(ld_n(t, TILE_TRISC2, DST_BASE + 4 * (16 * 3 + 5), 4, &st), pi);
    CHECK_OK(st);
    CHECK_EQ_U32(ld_n(t, TILE_TRISC0, DST_BASE + 0x7FFC, 4, &st), neg);
    /* a value the coprocessor left (as SFPSTORE or the FPU would) reads in CPU layout */
    dst32_write(&t->core->regs, 100, 7, dst32_from_fp32(0xBF000000u));
    CHECK_EQ_U32(ld_n(t, TILE_TRISC1, DST_BASE + 4 * (16 * 100 + 7), 4, &st), 0xBF000000u);
    /* reads have no side effects: a debug read gives the same, twice */
    uint32_t v = 0;
    CHECK_OK(tensix_tile_debug(t, TILE_TRISC1, DST_BASE + 4 * (16 * 3 + 5), 4, 0, &v, 0));
    CHECK_EQ_U32(v, pi);
    CHECK_EQ_U32(ld_n(t, TILE_TRISC1, DST_BASE + 4 * (16 * 3 + 5), 4, &st), pi);
    /* no_swizzle: the bits as they are */
    view(t, 0, 0, 0, 1, 0);
    CHECK_EQ_U32(ld_n(t, TILE_TRISC0, DST_BASE + 4 * (16 * 3 + 5), 4, &st), dst32_from_fp32(pi));
    CHECK_OK(st_n(t, TILE_TRISC0, DST_BASE + 8, 4, 0x12345678u));
    CHECK_EQ_U32(dst32_read(r, 0, 2), 0x12345678u);
    tile_free(t);
}

/* fmt 1: int32 <-> sign-magnitude Integer "32" */
static void test_dst_int32(void)
{
    TensixTile *t = tile_new();
    BhStatus st;
    for (uint32_t th = 0; th < 3; th++)
        view(t, 0, th, 1, 0, 0);
    CHECK_OK(st_n(t, TILE_TRISC0, DST_BASE, 4, (uint32_t)-5));
    CHECK_EQ_U32(dst32_to_int32_sm(dst32_read(&t->core->regs, 0, 0)), 0x80000005u);
    CHECK_EQ_U32(ld_n(t, TILE_TRISC0, DST_BASE, 4, &st), (uint32_t)-5);
    CHECK_OK(st_n(t, TILE_TRISC1, DST_BASE + 4, 4, 0x80000000u)); /* clamps to -(2^31 - 1) */
    CHECK_EQ_U32(dst32_to_int32_sm(dst32_read(&t->core->regs, 0, 1)), 0xFFFFFFFFu);
    CHECK_EQ_U32(ld_n(t, TILE_TRISC1, DST_BASE + 4, 4, &st), 0x80000001u);
    CHECK_OK(st_n(t, TILE_TRISC2, DST_BASE + 8, 4, 123456789u));
    CHECK_EQ_U32(ld_n(t, TILE_TRISC2, DST_BASE + 8, 4, &st), 123456789u);
    dst32_write(&t->core->regs, 0, 3, dst32_from_int32_sm(0x80000000u)); /* -0 reads +0 */
    CHECK_EQ_U32(ld_n(t, TILE_TRISC0, DST_BASE + 12, 4, &st), 0);
    tile_free(t);
}

/* fmt 2, 3, 4: Dst16b[1024][16], element (row, col) at 2 * (16 * row + col) */
static void test_dst_16bit(void)
{
    TensixTile *t = tile_new();
    const SrcDst *r = &t->core->regs;
    BhStatus st;
    view(t, 0, 1, 2, 0, 0);                                                      /* T1: fp16 */
    CHECK_OK(st_n(t, TILE_TRISC1, DST_BASE + 2 * (16 * 1023 + 15), 2, 0xBC00u)); /* -1.0 */
    CHECK_EQ_U32(r->dst[1023][15], dst16_from_raw(SRC_FP16, 0xBC00u));
    CHECK_EQ_U32(ld_n(t, TILE_TRISC1, DST_BASE + 0x7FFE, 2, &st), 0xBC00u);
    view(t, 0, 1, 3, 0, 0);                                                  /* T1: bf16 */
    CHECK_OK(st_n(t, TILE_TRISC1, DST_BASE + 2 * (16 * 9 + 2), 2, 0x4049u)); /* 3.14 */
    CHECK_EQ_U32(r->dst[9][2], dst16_from_raw(SRC_BF16, 0x4049u));
    CHECK_EQ_U32(ld_n(t, TILE_TRISC1, DST_BASE + 2 * (16 * 9 + 2), 2, &st), 0x4049u);
    view(t, 0, 1, 4, 0, 0); /* T1: int16, two's complement <-> sign-magnitude */
    CHECK_OK(st_n(t, TILE_TRISC1, DST_BASE + 2, 2, 0xFFFFu)); /* -1 */
    CHECK_EQ_U32(r->dst[0][1], 0x8001u);
    CHECK_EQ_U32(ld_n(t, TILE_TRISC1, DST_BASE + 2, 2, &st), 0xFFFFu);
    CHECK_OK(st_n(t, TILE_TRISC1, DST_BASE + 4, 2, 0x8000u)); /* -2^15 clamps */
    CHECK_EQ_U32(r->dst[0][2], 0xFFFFu);
    CHECK_EQ_U32(ld_n(t, TILE_TRISC1, DST_BASE + 4, 2, &st), 0x8001u);
    view(t, 0, 1, 4, 0, 1); /* unsigned_int: opaque 16 bits */
    CHECK_OK(st_n(t, TILE_TRISC1, DST_BASE + 6, 2, 0xFFFEu));
    CHECK_EQ_U32(r->dst[0][3], 0xFFFEu);
    CHECK_EQ_U32(ld_n(t, TILE_TRISC1, DST_BASE + 4, 2, &st), 0xFFFFu);
    /* T2 may take two 16-bit elements with one 32-bit access */
    view(t, 0, 2, 4, 0, 0);
    CHECK_OK(st_n(t, TILE_TRISC2, DST_BASE + 2 * 32, 4, 0xFFFE0007u)); /* 7, then -2 */
    CHECK_EQ_U32(r->dst[2][0], 7);
    CHECK_EQ_U32(r->dst[2][1], 0x8002u);
    CHECK_EQ_U32(ld_n(t, TILE_TRISC2, DST_BASE + 2 * 32, 4, &st), 0xFFFE0007u);
    CHECK_OK(st);
    tile_free(t);
}

/* fmt 5: int8 <-> Integer "8", with Store8's documented quirk for negative values */
static void test_dst_int8(void)
{
    TensixTile *t = tile_new();
    const SrcDst *r = &t->core->regs;
    BhStatus st;
    view(t, 0, 0, 5, 0, 0);
    CHECK_OK(st_n(t, TILE_TRISC0, DST_BASE + 17, 1, 5)); /* row 1, column 1 */
    CHECK_EQ_U32(r->dst[1][1], 5u << 5 | 16);
    CHECK_EQ_U32(ld_n(t, TILE_TRISC0, DST_BASE + 17, 1, &st), 5);
    CHECK_OK(st_n(t, TILE_TRISC0, DST_BASE + 18, 1, 0));
    CHECK_EQ_U32(r->dst[1][2], 0);
    CHECK_OK(st_n(t, TILE_TRISC0, DST_BASE + 19, 1, 0xFF)); /* -1: magnitude 0x180 - 0xFF */
    CHECK_EQ_U32(r->dst[1][3], 0x8000u | 0x81u << 5 | 16);
    CHECK_EQ_U32(ld_n(t, TILE_TRISC0, DST_BASE + 19, 1, &st), 0xFF); /* low 7 bits: -1 */
    CHECK_OK(st_n(t, TILE_TRISC0, DST_BASE + 20, 1, 0x80));          /* -128: 0x180 - 0x80 - 1 */
    CHECK_EQ_U32(r->dst[1][4], 0x8000u | 0xFFu << 5 | 16);
    view(t, 0, 0, 5, 0, 1); /* unsigned: the low 8 bits of the magnitude */
    CHECK_EQ_U32(ld_n(t, TILE_TRISC0, DST_BASE + 19, 1, &st), 0x81);
    CHECK_OK(st_n(t, TILE_TRISC0, DST_BASE + 21, 1, 200));
    CHECK_EQ_U32(r->dst[1][5], 200u << 5 | 16);
    CHECK_OK(st_n(t, TILE_TRISC0, DST_BASE + 0x3FFF, 1, 1)); /* row 1023, column 15 */
    CHECK_EQ_U32(r->dst[1023][15], 1u << 5 | 16);
    tile_free(t);
}

/* Undefined behaviour is a guest error that changes nothing; only T0..T2 see the window */
static void test_dst_guest_errors(void)
{
    TensixTile *t = tile_new();
    BhStatus st;
    SrcDst before;
    CHECK_OK(st_n(t, TILE_TRISC0, DST_BASE, 4, 0x3F800000u));
    memcpy(&before, &t->core->regs, sizeof before);
    CHECK_EQ_U32(st_n(t, TILE_TRISC0, DST_BASE, 2, 1), BH_ERR_ACCESS);     /* fp32 view, sh */
    CHECK_EQ_U32(st_n(t, TILE_TRISC2, DST_BASE, 1, 1), BH_ERR_ACCESS);     /* smaller than one */
    CHECK_EQ_U32(st_n(t, TILE_TRISC1, DST_BASE + 2, 4, 1), BH_ERR_ACCESS); /* misaligned */
    view(t, 0, 0, 2, 0, 0);
    CHECK_EQ_U32(st_n(t, TILE_TRISC0, DST_BASE, 4, 1), BH_ERR_ACCESS); /* T0: one element only */
    ld_n(t, TILE_TRISC0, DST_BASE, 4, &st);
    CHECK_EQ_U32(st, BH_ERR_ACCESS);
    view(t, 0, 0, 6, 0, 0); /* reserved */
    CHECK_EQ_U32(st_n(t, TILE_TRISC0, DST_BASE, 4, 1), BH_ERR_ACCESS);
    CHECK_EQ_U32(st_n(t, TILE_TRISC0, DST_BASE, 2, 1), BH_ERR_ACCESS);
    view(t, 0, 0, 5, 0, 0);
    CHECK_EQ_U32(st_n(t, TILE_TRISC0, DST_BASE + 0x4000, 1, 1), BH_ERR_ACCESS); /* row 1024 */
    CHECK_EQ_U32(st_n(t, TILE_BRISC, DST_BASE, 4, 1), BH_ERR_ADDR);
    CHECK_EQ_U32(st_n(t, TILE_NCRISC, DST_BASE, 4, 1), BH_ERR_ADDR);
    CHECK_EQ_U32(st_n(t, TILE_NOC, DST_BASE, 4, 1), BH_ERR_ADDR);
    ld_n(t, TILE_BRISC, DST_BASE, 4, &st);
    CHECK_EQ_U32(st, BH_ERR_ADDR);
    CHECK(memcmp(&before, &t->core->regs, sizeof before) == 0);
    CHECK(!t->core->failed);
    tile_free(t);
}

/* The view comes from Config[ThreadConfig[thread].CFG_STATE_ID_StateID] */
static void test_dst_state_id(void)
{
    TensixTile *t = tile_new();
    BhStatus st;
    view(t, 1, 1, 4, 0, 0);
    tensix_cfg_thread_set(&t->core->cfg, 1, TCFG_T_CFG_STATE_ID_StateID, 1);
    CHECK_OK(st_n(t, TILE_TRISC1, DST_BASE + 2, 2, 0xFFFFu));
    CHECK_EQ_U32(t->core->regs.dst[0][1], 0x8001u);
    CHECK_EQ_U32(ld_n(t, TILE_TRISC0, DST_BASE, 4, &st), 0); /* T0 still in state 0, fp32 */
    CHECK_OK(st);
    tile_free(t);
}

/* PCBufs.md: B pushes to PCBuf[1] / [2] anywhere in PC1_BUF / PC2_BUF; T1 / T2 pop them in
 * order from PC_BUF; 16 values fit; a full push and an empty pop wait (BH_ERR_FULL). */
static void test_pcbuf_1_2(void)
{
    TensixTile *t = tile_new();
    BhStatus st;
    for (uint32_t i = 0; i < 16; i++)
        CHECK_OK(st_n(t, TILE_BRISC, 0xFFE90000u + (i % 2 ? 0xFFFCu : 0), 4, 100 + i));
    CHECK_EQ_U32(st_n(t, TILE_BRISC, 0xFFE90000u, 4, 999), BH_ERR_FULL);
    CHECK_OK(st_n(t, TILE_BRISC, 0xFFEA0000u, 4, 7)); /* PCBuf[2] is separate */
    ld_n(t, TILE_TRISC0, 0xFFE80000u, 4, &st);        /* PCBuf[0]: nothing for T0 */
    CHECK_EQ_U32(st, BH_ERR_FULL);
    /* B's read waits for T1 to have emptied the FIFO and to be waiting on it */
    ld_n(t, TILE_BRISC, 0xFFE90000u, 4, &st);
    CHECK_EQ_U32(st, BH_ERR_FULL);
    for (uint32_t i = 0; i < 16; i++) {
        CHECK_EQ_U32(ld_n(t, TILE_TRISC1, 0xFFE80000u, 4, &st), 100 + i);
        CHECK_OK(st);
    }
    CHECK_OK(st_n(t, TILE_BRISC, 0xFFE90000u, 4, 116)); /* room again */
    CHECK_EQ_U32(ld_n(t, TILE_TRISC1, 0xFFE80000u, 4, &st), 116);
    ld_n(t, TILE_TRISC1, 0xFFE80000u, 4, &st);
    CHECK_EQ_U32(st, BH_ERR_FULL); /* empty: T1 waits */
    CHECK_EQ_U32(ld_n(t, TILE_BRISC, 0xFFE90000u, 4, &st), 0);
    CHECK_OK(st); /* empty, T1 waiting, thread 1 idle */
    ld_n(t, TILE_BRISC, 0xFFEA0000u, 4, &st);
    CHECK_EQ_U32(st, BH_ERR_FULL); /* PCBuf[2] still holds 7 */
    CHECK_EQ_U32(ld_n(t, TILE_TRISC2, 0xFFE80000u, 4, &st), 7);
    CHECK_OK(st);
    /* only B sees PC1/PC2_BUF */
    CHECK_EQ_U32(st_n(t, TILE_TRISC1, 0xFFE90000u, 4, 1), BH_ERR_ADDR);
    CHECK_EQ_U32(st_n(t, TILE_NCRISC, 0xFFEA0000u, 4, 1), BH_ERR_ADDR);
    ld_n(t, TILE_TRISC2, 0xFFEA0000u, 4, &st);
    CHECK_EQ_U32(st, BH_ERR_ADDR);
    CHECK_EQ_U32(st_n(t, TILE_BRISC, 0xFFE90002u, 2, 1), BH_ERR_WIDTH);
    CHECK_EQ_U64(t->core->sync.stats.pcbuf_pushes, 18);
    CHECK_EQ_U64(t->core->sync.stats.pcbuf_pops, 18);
    tile_free(t);
}

int main(void)
{
    RUN(test_dst_fp32);
    RUN(test_dst_int32);
    RUN(test_dst_16bit);
    RUN(test_dst_int8);
    RUN(test_dst_guest_errors);
    RUN(test_dst_state_id);
    RUN(test_pcbuf_1_2);
    return check_failures();
}
