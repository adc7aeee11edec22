// SPDX-License-Identifier: Apache-2.0
/* The unpackers' remaining UNPACR / UNPACR_NOP forms on the real L1 model: compressed (zero
 * run-length) BF16 and BFP8 tiles built by an encoder written here from Packers/Compression.md
 * and unpacked whole-row, partial-row and by RowSearch (every datum checked against the dense
 * source, zeros included), the x1 speed and the RSI lookup's extra cycles as cycle floors, the
 * context counter form, RowSearch over blobs and rows, UNPACR_NOP's clears to 1 and to the NOP_REG
 * value (every datum of the bank), the BFP4-to-Dst speed cap, FlushCache as a no-op, and the
 * forms that still stop the run with a message naming them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/tile/tensix/tensix_core.h"
#include "model/tile/tensix/tensix_isa.h"
#include "tests/check.h"
#include "tests/unit/tile/tensix_rig.h"

enum {
    FMT_FP16 = 1,
    FMT_BF16 = 5,
    FMT_BFP8 = 6,
    FMT_BFP4 = 7,
    FMT_BFP2 = 15,
    A_ADDR = 0x10000,
    B_ADDR = 0x14000,
    SENTINEL = 0x12345
};

/* a THCON_SEC<which> field named by its SEC0 id (SEC1 words are SEC0's + 48) */
static void set_sec(Rig *r, uint32_t which, TensixCfgField f, uint32_t v)
{
    const TensixCfgFieldInfo *i = tensix_cfg_field_info(f);
    uint32_t *w = &r->core.cfg.cfg[0][i->addr32 + 48 * which];
    uint32_t mask = i->width == 32 ? ~0u : ((1u << i->width) - 1) << i->shift;
    *w = (*w & ~mask) | (v << i->shift & mask);
}

static uint32_t *desc(Rig *r, uint32_t which)
{
    return &r->core.cfg.cfg[0][TCFG_ADDR32_THCON_SEC0_REG0_TileDescriptor + 48 * which];
}

/* SrcA/SrcB layout of a BF16 value (SrcASrcB.md): sign [18], mantissa [17:11], exponent [7:0] */
static uint32_t src_bf16(uint16_t v)
{
    return (uint32_t)(v >> 15) << 18 | (uint32_t)(v & 0x7F) << 11 | (uint32_t)(v >> 7 & 0xFF);
}

/* ---- a dense source with zero runs of every length 0..20 and its compressed image */

#define ROWS 4
#define ROW_LEN 256
#define MAX_AUG (ROWS * ROW_LEN)

/* BF16 values; nonzero ones have exponent 126 or 127 and mantissa bits [1:0] clear, so BFP8
 * with the larger exponent of a group holds them exactly */
static void make_dense(uint16_t *d, uint32_t n, uint32_t seed)
{
    uint32_t s = seed * 2654435761u + 1, k = 0;
    while (k < n) {
        s = s * 1103515245u + 12345u;
        uint32_t zeros = (s >> 16) % 21, ones = 1 + (s >> 8) % 4;
        for (uint32_t z = 0; z < zeros && k < n; z++)
            d[k++] = 0;
        for (uint32_t o = 0; o < ones && k < n; o++) {
            s = s * 1103515245u + 12345u;
            uint32_t sign = s >> 31, e = 126 + (s >> 20 & 1), m = (s >> 8 & 0x1F) << 2;
            d[k++] = (uint16_t)(sign << 15 | e << 7 | m);
        }
    }
}

typedef struct Image {
    uint8_t b[8192];
    uint32_t len;
    uint16_t rsi[ROWS + 1];
    uint32_t groups_at;  /* byte offset of the first group */
    uint32_t group_size; /* bytes: 32 datums then 16 bytes of counts */
} Image;

/* Packers/Compression.md: a row's first and last datums are kept; a zero after a kept datum
 * adds one to that datum's count (at most 15); RSI[i] is the augmented index where row i
 * starts. bfp8: an exponent per 16 augmented datums (the group's largest), datums sign and
 * 7-bit magnitude; else BF16 datums. */
static void rle_encode(const uint16_t *dense, int bfp8, Image *im)
{
    uint16_t val[MAX_AUG];
    uint8_t cnt[MAX_AUG];
    uint32_t n = 0;
    memset(im, 0, sizeof *im);
    for (uint32_t row = 0; row < ROWS; row++) {
        im->rsi[row] = (uint16_t)n;
        for (uint32_t k = 0; k < ROW_LEN; k++) {
            uint16_t v = dense[row * ROW_LEN + k];
            if (k > 0 && k < ROW_LEN - 1 && v == 0 && cnt[n - 1] < 15) {
                cnt[n - 1]++;
            } else {
                val[n] = v, cnt[n] = 0;
                n++;
            }
        }
    }
    im->rsi[ROWS] = (uint16_t)n;
    uint32_t at = 0;
    for (uint32_t i = 0; i <= ROWS; i++, at += 2)
        im->b[at] = (uint8_t)im->rsi[i], im->b[at + 1] = (uint8_t)(im->rsi[i] >> 8);
    at = (at + 15) & ~15u;
    uint8_t exps[MAX_AUG / 16] = {0};
    if (bfp8) { /* the section holds ceil(dense count / 16) bytes; the first ones are used */
        for (uint32_t i = 0; i < n; i++)
            if (val[i] && (val[i] >> 7 & 0xFF) > exps[i / 16])
                exps[i / 16] = (uint8_t)(val[i] >> 7 & 0xFF);
        memcpy(&im->b[at], exps, sizeof exps);
        at += ((ROWS * ROW_LEN / 16) + 15) & ~15u;
    }
    uint32_t dbytes = bfp8 ? 1 : 2;
    im->groups_at = at;
    im->group_size = 32 * dbytes + 16;
    for (uint32_t i = 0; i < n; i++) {
        uint8_t *g = &im->b[at + i / 32 * im->group_size];
        uint32_t slot = i % 32;
        if (bfp8) {
            uint32_t v = val[i], mag = 0;
            if (v)
                mag = (0x40u | (v & 0x7F) >> 1) >> (exps[i / 16] - (v >> 7 & 0xFF));
            g[slot] = (uint8_t)((v >> 15) << 7 | mag);
        } else {
            g[2 * slot] = (uint8_t)val[i], g[2 * slot + 1] = (uint8_t)(val[i] >> 8);
        }
        g[32 * dbytes + slot / 2] |= (uint8_t)(cnt[i] << 4 * (slot & 1));
    }
    im->len = at + (n + 31) / 32 * im->group_size;
}

/* tile descriptor: format, compressed or not, XDim, YDim, ZDim */
static void config_tile(Rig *r, uint32_t which, uint32_t addr, uint32_t fmt, int compressed,
                        uint32_t xdim, uint32_t ydim, uint32_t zdim, uint32_t throttle)
{
    desc(r, which)[0] = fmt | (compressed ? 0u : 1u) << 4 | xdim << 16;
    desc(r, which)[1] = ydim | zdim << 16;
    set_sec(r, which, TCFG_F_THCON_SEC0_REG3_Base_address, addr / 16 - 1); /* no header */
    set_sec(r, which, TCFG_F_THCON_SEC0_REG2_Out_data_format, fmt);
    set_sec(r, which, TCFG_F_THCON_SEC0_REG2_Throttle_mode, throttle);
    uint32_t size = fmt == FMT_BF16 ? 2 : 1; /* the output address counts the format's bytes */
    if (which == 0) {                        /* SrcA skips 4 rows of output address */
        SET(UNP0_ADDR_BASE_REG_1_Base, 4 * 16 * size);
        SET(UNP0_ADDR_CTRL_ZW_REG_1_Zstride, 256 * size);
    } else {
        SET(UNP1_ADDR_CTRL_ZW_REG_1_Zstride, 256 * size);
    }
}

static uint32_t unpacr(uint32_t which, uint32_t incr, uint32_t flip)
{
    return TENSIX_WORD(UNPACR) | TENSIX_PUT(UNPACR, UNPACK_BLOCK_SELECTION, which) |
           TENSIX_PUT(UNPACR, ADDR_MODE, incr) | TENSIX_PUT(UNPACR, SET_DAT_VALID, flip);
}

static uint32_t setadcxx(uint32_t sets, uint32_t x_end, uint32_t x_start)
{
    return TENSIX_WORD(SETADCXX) | TENSIX_PUT(SETADCXX, CNT_SET_MASK, sets) |
           TENSIX_PUT(SETADCXX, X_END2, x_end) | TENSIX_PUT(SETADCXX, X_START, x_start);
}

/* one counter: dimension 0..3 = X, Y, Z, W of channel ch */
static uint32_t setadc(uint32_t sets, uint32_t ch, uint32_t dim, uint32_t v)
{
    return TENSIX_WORD(SETADC) | TENSIX_PUT(SETADC, CNT_SET_MASK, sets) |
           TENSIX_PUT(SETADC, CHANNEL_INDEX, ch) | TENSIX_PUT(SETADC, DIMENSION_INDEX, dim) |
           TENSIX_PUT(SETADC, VALUE, v);
}

static uint32_t setadczw_zero(uint32_t sets)
{
    return TENSIX_WORD(SETADCZW) | TENSIX_PUT(SETADCZW, CNT_SET_MASK, sets) |
           TENSIX_PUT(SETADCZW, BIT_MASK, 0xF);
}

static void fill_src(Rig *r, SrcReg reg, uint32_t v)
{
    for (uint32_t b = 0; b < SRC_BANKS; b++)
        for (uint32_t row = 0; row < SRC_ROWS; row++)
            for (uint32_t c = 0; c < SRC_COLS; c++)
                r->core.regs.src[reg][b].rows[row][c] = v;
}

/* four rows of 256 (one face each) through both unpackers, face by face */
static void check_compressed_tile(int bfp8)
{
    Rig *r = rig_new();
    static uint16_t da[ROWS * ROW_LEN], db[ROWS * ROW_LEN];
    static Image ia, ib;
    make_dense(da, ROWS * ROW_LEN, bfp8 ? 3 : 1);
    make_dense(db, ROWS * ROW_LEN, bfp8 ? 4 : 2);
    rle_encode(da, bfp8, &ia);
    rle_encode(db, bfp8, &ib);
    CHECK(ia.rsi[ROWS] < ROWS * ROW_LEN * 3 / 4); /* the source does compress */
    CHECK_OK(l1_debug_write(&r->l1, A_ADDR, ia.b, ia.len));
    CHECK_OK(l1_debug_write(&r->l1, B_ADDR, ib.b, ib.len));
    uint32_t fmt = bfp8 ? FMT_BFP8 : FMT_BF16;
    config_tile(r, 0, A_ADDR, fmt, 1, 256, 1, ROWS, 2);
    config_tile(r, 1, B_ADDR, fmt, 1, 256, 1, ROWS, 2);
    fill_src(r, SRC_A, SENTINEL);
    fill_src(r, SRC_B, SENTINEL);
    rig_push(r, 0, setadcxx(3, 255, 0));
    rig_push(r, 0, setadczw_zero(3));
    for (uint32_t f = 0; f < ROWS; f++) {
        rig_push(r, 0, unpacr(0, 0x11, f == ROWS - 1));
        rig_push(r, 0, unpacr(1, 0x11, f == ROWS - 1));
    }
    rig_drain(r);
    CHECK_NO_ERROR(r);
    uint32_t bad = 0, zeros = 0;
    for (uint32_t k = 0; k < ROWS * ROW_LEN; k++) {
        uint32_t row = k / 16, col = k % 16;
        bad += r->core.regs.src[SRC_A][0].rows[row][col] != src_bf16(da[k]);
        bad += r->core.regs.src[SRC_B][0].rows[row][col] != src_bf16(db[k]);
        zeros += da[k] == 0;
    }
    CHECK_EQ_U32(bad, 0);
    CHECK(zeros > 256); /* zeros were checked too, not only kept datums */
    CHECK_EQ_U64(r->core.unp.stats[0].datums, ROWS * ROW_LEN);
    rig_free(r);
}

static void test_compressed_bf16(void)
{
    check_compressed_tile(0);
}

static void test_compressed_bfp8(void)
{
    check_compressed_tile(1);
}

/* X 5 .. 100 of row 0: DecompressDrop 5, DecompressNumDatums 96; nothing written after */
static void test_compressed_partial_row(void)
{
    Rig *r = rig_new();
    static uint16_t d[ROWS * ROW_LEN];
    static Image im;
    make_dense(d, ROWS * ROW_LEN, 7);
    rle_encode(d, 0, &im);
    CHECK_OK(l1_debug_write(&r->l1, A_ADDR, im.b, im.len));
    config_tile(r, 0, A_ADDR, FMT_BF16, 1, 256, 1, ROWS, 2);
    fill_src(r, SRC_A, SENTINEL);
    rig_push(r, 0, setadczw_zero(1));
    rig_push(r, 0, setadcxx(1, 100, 5));
    rig_push(r, 0, unpacr(0, 0, 0));
    rig_drain(r);
    CHECK_NO_ERROR(r);
    uint32_t bad = 0;
    for (uint32_t k = 0; k < 256; k++) {
        uint32_t want = k < 96 ? src_bf16(d[5 + k]) : SENTINEL;
        bad += r->core.regs.src[SRC_A][0].rows[k / 16][k % 16] != want;
    }
    CHECK_EQ_U32(bad, 0);
    rig_free(r);
}

/* compressed RowSearch: RSI[Y = 1] .. RSI[X + 1 = 3] is rows 1 and 2 in one UNPACR */
static void test_compressed_row_search(void)
{
    Rig *r = rig_new();
    static uint16_t d[ROWS * ROW_LEN];
    static Image im;
    make_dense(d, ROWS * ROW_LEN, 11);
    rle_encode(d, 0, &im);
    CHECK_OK(l1_debug_write(&r->l1, A_ADDR, im.b, im.len));
    config_tile(r, 1, A_ADDR, FMT_BF16, 1, 256, 1, ROWS, 2);
    fill_src(r, SRC_B, SENTINEL);
    rig_push(r, 0, setadczw_zero(2));
    rig_push(r, 0, setadcxx(2, 0, 2));
    rig_push(r, 0, setadc(2, 0, 1, 1));
    rig_push(r, 0, unpacr(1, 0, 0) | TENSIX_PUT(UNPACR, ROW_SEARCH, 1));
    rig_drain(r);
    CHECK_NO_ERROR(r);
    uint32_t bad = 0;
    for (uint32_t k = 0; k < 1024; k++) {
        uint32_t want = k < 512 ? src_bf16(d[256 + k]) : SENTINEL;
        bad += r->core.regs.src[SRC_B][0].rows[k / 16][k % 16] != want;
    }
    CHECK_EQ_U32(bad, 0);
    rig_free(r);
}

/* cycles of one UNPACR of row 0 of `im` (compressed) or of n_dense BF16 datums (dense, x1) */
static uint64_t unpack_cycles(const Image *im, uint32_t n_dense)
{
    Rig *r = rig_new();
    CHECK_OK(l1_debug_write(&r->l1, A_ADDR, im->b, im->len));
    if (im->len == 0 || n_dense)
        config_tile(r, 1, A_ADDR, FMT_BF16, 0, n_dense, 1, 1, 0);
    else
        config_tile(r, 1, A_ADDR, FMT_BF16, 1, 256, 1, ROWS, 2); /* asks for x4 */
    rig_push(r, 0, setadczw_zero(2));
    rig_push(r, 0, setadcxx(2, n_dense ? n_dense - 1 : 255, 0));
    rig_drain(r);
    rig_push(r, 0, unpacr(1, 0, 0));
    uint64_t t = rig_drain(r);
    CHECK_NO_ERROR(r);
    rig_free(r);
    return t;
}

static void test_compressed_timing(void)
{
    static uint16_t d[ROWS * ROW_LEN];
    static Image im;
    make_dense(d, ROWS * ROW_LEN, 9);
    for (uint32_t k = 0; k < ROW_LEN; k++) /* row 0 dense: 8 whole groups, 40 blocks */
        d[k] = (uint16_t)(0x3F80 | (k & 0x7C));
    rle_encode(d, 0, &im);
    CHECK_EQ_U32(im.rsi[1], 256);
    uint32_t blocks = 256 / 32 * im.group_size / 16;
    uint64_t compressed = unpack_cycles(&im, 0);
    uint64_t dense = unpack_cycles(&im, blocks * 8); /* the same 40 blocks, x1 */
    CHECK(compressed >= 2 + 1 + blocks);             /* setup, RSI read, one block a cycle */
    CHECK(compressed > dense);                       /* the RSI lookup adds to address setup */
}

/* UNPACR with MultiContextMode and UseContextCounter on unpacker 1: context 0 reads tile A,
 * context 1 tile B; Context_count 1 makes the counter wrap at 2 */
static uint32_t context_run(uint32_t increments)
{
    Rig *r = rig_new();
    uint16_t a[256], b[256];
    for (uint32_t k = 0; k < 256; k++)
        a[k] = (uint16_t)(0x3F80 + k), b[k] = (uint16_t)(0xBF80 + k);
    CHECK_OK(l1_debug_write(&r->l1, A_ADDR, a, sizeof a));
    CHECK_OK(l1_debug_write(&r->l1, B_ADDR, b, sizeof b));
    config_tile(r, 1, A_ADDR, FMT_BF16, 0, 256, 1, 1, 2);
    set_sec(r, 1, TCFG_F_THCON_SEC0_REG3_Base_cntx1_address, B_ADDR / 16 - 1);
    set_sec(r, 1, TCFG_F_THCON_SEC0_REG2_Disable_zero_compress_cntx0, 1);
    set_sec(r, 1, TCFG_F_THCON_SEC0_REG2_Disable_zero_compress_cntx1, 1);
    set_sec(r, 1, TCFG_F_THCON_SEC0_REG2_Context_count, 1);
    rig_push(r, 0, setadczw_zero(2));
    rig_push(r, 0, setadcxx(2, 255, 0));
    uint32_t inc = TENSIX_WORD(UNPACR) | TENSIX_PUT(UNPACR, UNPACK_BLOCK_SELECTION, 1) |
                   TENSIX_PUT(UNPACR, CFG_CONTEXT_CNT_INC, 1);
    for (uint32_t i = 0; i < increments; i++)
        rig_push(r, 0, inc);
    rig_push(r, 0,
             unpacr(1, 0, 0) | TENSIX_PUT(UNPACR, OVRD_THREAD_ID, 1) |
                 TENSIX_PUT(UNPACR, AUTO_INC_CONTEXT_ID, 1));
    rig_drain(r);
    CHECK_NO_ERROR(r);
    uint32_t from_a = 0, from_b = 0;
    for (uint32_t k = 0; k < 256; k++) {
        from_a += r->core.regs.src[SRC_B][0].rows[k / 16][k % 16] == src_bf16(a[k]);
        from_b += r->core.regs.src[SRC_B][0].rows[k / 16][k % 16] == src_bf16(b[k]);
    }
    rig_free(r);
    return from_a == 256 ? 'A' : from_b == 256 ? 'B' : '?';
}

static void test_increment_context_counter(void)
{
    CHECK_EQ_U32(context_run(0), 'A');
    CHECK_EQ_U32(context_run(1), 'B');
    CHECK_EQ_U32(context_run(2), 'A'); /* 1 + 1 wraps at 1 << Context_count */
}

/* RowSearch, uncompressed: blob 1 of BlobsYStart {0, 2, 5} is datums 32 .. 79; the last blob
 * runs to XDim & 0x1F0; without blobs, row Y from 0 to channel 1's X (exclusive) */
static void row_search_case(uint32_t blobs, uint32_t x, uint32_t y, uint32_t x1,
                            uint32_t want_first, uint32_t want_n)
{
    Rig *r = rig_new();
    uint16_t t[1024];
    for (uint32_t k = 0; k < 1024; k++)
        t[k] = (uint16_t)(0x4000 + k);
    CHECK_OK(l1_debug_write(&r->l1, A_ADDR, t, sizeof t));
    config_tile(r, 1, A_ADDR, FMT_BF16, 0, 256, 4, 1, 2);
    desc(r, 1)[0] |= blobs << 8;
    uint32_t ys = 0x520; /* BlobsYStart[0..2] = 0, 2, 5: descriptor bits 80..111 */
    desc(r, 1)[2] = ys << 16;
    desc(r, 1)[3] = ys >> 16;
    fill_src(r, SRC_B, SENTINEL);
    rig_push(r, 0, setadczw_zero(2));
    rig_push(r, 0, setadcxx(2, x1, x));
    rig_push(r, 0, setadc(2, 0, 1, y));
    rig_push(r, 0, unpacr(1, 0, 0) | TENSIX_PUT(UNPACR, ROW_SEARCH, 1));
    rig_drain(r);
    CHECK_NO_ERROR(r);
    uint32_t bad = 0;
    for (uint32_t k = 0; k < 512; k++) {
        uint32_t want = k < want_n ? src_bf16(t[want_first + k]) : SENTINEL;
        bad += r->core.regs.src[SRC_B][0].rows[k / 16][k % 16] != want;
    }
    CHECK_EQ_U32(bad, 0);
    rig_free(r);
}

static void test_row_search(void)
{
    row_search_case(3, 1, 1, 0, 32, 48);       /* blob 1: 32 .. 79 */
    row_search_case(3, 2, 2, 0, 80, 256 - 80); /* last blob: 80 .. XDim & 0x1F0 */
    row_search_case(0, 0, 2, 40, 512, 40);     /* row 2, X 0 .. 39 */
}

static uint32_t nop_clear(uint32_t which, uint32_t val_ctrl, uint32_t fmt, uint32_t both)
{
    return TENSIX_WORD(UNPACR_NOP) | TENSIX_PUT(UNPACR_NOP, UNPACKER_SELECT, which) |
           TENSIX_PUT(UNPACR_NOP, UNPACK_POP, 1) |
           TENSIX_PUT(UNPACR_NOP, SRC_CLR_VAL_CTRL, val_ctrl) |
           TENSIX_PUT(UNPACR_NOP, CLR_TO1_FMT_CTRL, fmt) |
           TENSIX_PUT(UNPACR_NOP, BANK_CLR_CTRL, both);
}

/* every datum of both banks: the cleared bank(s) hold want, the other the sentinel */
static void check_clear(uint32_t which, uint32_t word, uint32_t want, int both)
{
    Rig *r = rig_new();
    SET(UNP0_NOP_REG_CLR_VAL_nop_reg_clr_val, 0xABCDE123u);
    SET(UNP1_NOP_REG_CLR_VAL_nop_reg_clr_val, 0x00054321u);
    SrcReg reg = which ? SRC_B : SRC_A;
    fill_src(r, reg, SENTINEL);
    rig_push(r, 0, word);
    rig_drain(r);
    CHECK_NO_ERROR(r);
    uint32_t bad = 0;
    for (uint32_t b = 0; b < SRC_BANKS; b++)
        for (uint32_t row = 0; row < SRC_ROWS; row++)
            for (uint32_t c = 0; c < SRC_COLS; c++)
                bad += r->core.regs.src[reg][b].rows[row][c] != (b == 0 || both ? want : SENTINEL);
    CHECK_EQ_U32(bad, 0);
    rig_free(r);
}

static void test_nop_clear_values(void)
{
    /* 1.0 in the Src layouts (SrcASrcB.md): FP16 exponent 15 in [4:0]; BF16/TF32 exponent 127
     * in [7:0]; INT8 magnitude 1 at [17:8] with 16 in [4:0] */
    check_clear(0, nop_clear(0, 2, 0, 0), 0x0F, 0);
    check_clear(0, nop_clear(0, 2, 1, 0), 0x7F, 0);
    check_clear(1, nop_clear(1, 2, 2, 0), 0x110, 0);
    /* the NOP_REG value of the unpacker's own register, 19 bits of it */
    check_clear(0, nop_clear(0, 3, 0, 0), 0xABCDE123u & 0x7FFFF, 0);
    check_clear(1, nop_clear(1, 3, 0, 1), 0x54321, 1);
}

/* BFP4 to Dst may not go faster than x2: 4096 datums are 128 blocks of data and 16 of
 * exponents */
static uint64_t bfp4_cycles(int to_dst)
{
    Rig *r = rig_new();
    config_tile(r, 0, A_ADDR, FMT_BFP4, 0, 4096, 1, 1, 2);
    set_sec(r, 0, TCFG_F_THCON_SEC0_REG2_Unpack_If_Sel, (uint32_t)to_dst);
    rig_push(r, 0, setadczw_zero(1));
    rig_push(r, 0, setadcxx(1, 0, 0));
    rig_push(r, 0, setadc(1, 1, 0, 4095)); /* SETADCXX's end field has 10 bits */
    rig_drain(r);
    rig_push(r, 0, unpacr(0, 0, 0));
    uint64_t t = rig_drain(r);
    CHECK_NO_ERROR(r);
    rig_free(r);
    return t;
}

static void test_bfp4_to_dst_speed(void)
{
    uint64_t dst = bfp4_cycles(1), src = bfp4_cycles(0);
    CHECK(dst >= (128 + 16) / 2);
    CHECK(src < (128 + 16) / 2); /* to SrcA the same run goes at x4 */
}

static void test_flush_cache_is_noop(void)
{
    Rig *r = rig_new();
    fill_src(r, SRC_A, SENTINEL);
    rig_push(r, 0,
             TENSIX_WORD(UNPACR) | TENSIX_PUT(UNPACR, SEARCH_CACHE_FLUSH, 1) |
                 TENSIX_PUT(UNPACR, OVRD_THREAD_ID, 1));
    rig_push(r, 0, TENSIX_WORD(UNPACR) | TENSIX_PUT(UNPACR, SEARCH_CACHE_FLUSH, 1));
    rig_drain(r);
    CHECK_NO_ERROR(r);
    CHECK_EQ_U32(r->core.regs.src[SRC_A][0].rows[0][0], SENTINEL);
    CHECK_EQ_U64(r->core.unp.stats[0].instructions, 2);
    rig_free(r);
}

/* the run stops with a message naming the instruction and each of `words` */
static void check_stops(uint32_t word, const char *op, const char *w1, const char *w2,
                        int compressed_bfp2)
{
    Rig *r = rig_new();
    if (compressed_bfp2)
        config_tile(r, 0, A_ADDR, FMT_BFP2, 1, 256, 1, 1, 0);
    rig_push(r, 0, word);
    for (int i = 0; i < 50 && !r->core.failed; i++)
        tick(r);
    CHECK(r->core.failed);
    CHECK(strstr(r->core.error, op) && strstr(r->core.error, w1) && strstr(r->core.error, w2));
    if (!r->core.failed || !strstr(r->core.error, w1))
        fprintf(stderr, "  message: %s\n", r->core.error);
    rig_free(r);
}

static void test_unmodelled_forms_stop(void)
{
    uint32_t nop = TENSIX_WORD(UNPACR_NOP);
    check_stops(nop | TENSIX_PUT(UNPACR_NOP, UNPACK_POP, 0), "UNPACR_NOP", "overlay", "pop", 0);
    check_stops(nop | TENSIX_PUT(UNPACR_NOP, UNPACK_POP, 3), "UNPACR_NOP", "overlay", "pop", 0);
    check_stops(nop_clear(0, 2, 3, 0), "UNPACR_NOP", "Clr_to1_fmt_Ctrl", "3", 0);
    check_stops(unpacr(0, 0, 0), "UNPACR", "compressed", "BFP2", 1);
}

int main(void)
{
    RUN(test_compressed_bf16);
    RUN(test_compressed_bfp8);
    RUN(test_compressed_partial_row);
    RUN(test_compressed_row_search);
    RUN(test_compressed_timing);
    RUN(test_increment_context_counter);
    RUN(test_row_search);
    RUN(test_nop_clear_values);
    RUN(test_bfp4_to_dst_speed);
    RUN(test_flush_cache_is_noop);
    RUN(test_unmodelled_forms_stop);
    return check_failures();
}
