// SPDX-License-Identifier: Apache-2.0
/* Matrix unit through real instruction words: tt-llk's 32x32 tile matmul (Blackhole
 * llk_math_matmul.h: 16 MVMULs per fidelity phase, ADDR_MOD 0/1/2/4/5) bit-exact against the
 * plain-C reference tests/ref/ref_matmul.c for BF16, FP16, TF32 at 1..4 phases and 16/32-bit
 * Dst; element-wise ops, GMPOOL, moves and transposes against plain C and index arithmetic;
 * issue rules from MatrixUnit.md, Dst.md and the MOV pages. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "model/tile/tensix/fpu.h"
#include "model/tile/tensix/tensix_isa.h"
#include "tests/check.h"
#include "tests/ref/ref_matmul.h"
#include "tests/test_log.h"

enum { FMT_FP32 = 0, FMT_FP16 = 1, FMT_TF32 = 4, FMT_BF16 = 5 };

typedef struct Env {
    Fpu f;
    SrcDst r;
    Rwc rwc[TCFG_THREADS];
    TensixCfg cfg;
    uint64_t now;
} Env;

static Env *env_new(uint32_t srca_fmt, int fp32_dst)
{
    Env *e = calloc(1, sizeof *e);
    fpu_init(&e->f);
    srcdst_reset(&e->r);
    tensix_cfg_init(&e->cfg, NULL, &test_log);
    TCFG_SET(&e->cfg, 0, ALU_FORMAT_SPEC_REG0_SrcA, srca_fmt);
    TCFG_SET(&e->cfg, 0, ALU_ACC_CTRL_Fp32_enabled, (uint32_t)fp32_dst);
    e->now = 100;
    return e;
}

/* one issue through the rules: the word must be issuable now */
static BhStatus issue(Env *e, uint32_t w)
{
    CHECK(fpu_can_issue(&e->f, &e->r, e->rwc, &e->cfg, 0, w, e->now));
    BhStatus st = fpu_issue(&e->f, &e->r, e->rwc, &e->cfg, 0, w, e->now);
    e->now++;
    return st;
}

static int can(Env *e, uint32_t w, uint64_t at)
{
    return fpu_can_issue(&e->f, &e->r, e->rwc, &e->cfg, 0, w, at);
}

/* an ADDR_MOD slot as tt-llk's addr_mod_t packs it, written with SETC16 */
typedef struct Am {
    uint32_t a_incr, a_cr, a_clr, b_incr, b_cr, b_clr, d_incr, d_cr, d_clr, f_incr;
} Am;

static void set_addr_mod(Env *e, uint32_t slot, Am m)
{
    uint32_t ab = (m.a_incr | m.a_cr << 6 | m.a_clr << 7) | (m.b_incr | m.b_cr << 6 | m.b_clr << 7)
                                                                << 8;
    uint32_t dst = m.d_incr | m.d_cr << 10 | m.d_clr << 11 | m.f_incr << 13;
    CHECK_OK(tensix_cfg_setc16(&e->cfg, 0, TCFG_ADDR32_ADDR_MOD_AB_SEC0_SrcAIncr + slot, ab));
    CHECK_OK(tensix_cfg_setc16(&e->cfg, 0, TCFG_ADDR32_ADDR_MOD_DST_SEC0_DestIncr + slot, dst));
}

static uint32_t rng_state = 0x12345678u;
static uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

/* a random value of the Src format as FP32 bits, magnitude in [2^-3, 2^4) */
static uint32_t rnd_val(RefSrcFmt fmt)
{
    uint32_t n = fmt == REF_SRC_BF16 ? 7 : 10, r = rnd();
    uint32_t man = (r & ((1u << n) - 1)) << (23 - n), exp = 124 + (r >> 16) % 7;
    return (r >> 31) << 31 | exp << 23 | man;
}

static uint32_t f32_bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

/* FP32 bits of a representable value -> Src datum / Dst16 datum of the format */
static uint32_t to_src(RefSrcFmt fmt, uint32_t b)
{
    if (fmt == REF_SRC_TF32)
        return src_from_raw(SRC_TF32, b >> 13);
    if (fmt == REF_SRC_BF16)
        return src_from_raw(SRC_BF16, b >> 16);
    uint32_t e = b >> 23 & 0xFF; /* FP16: rebias the exponent */
    uint32_t raw = (b >> 31) << 15 | (e ? e - 112 : 0) << 10 | (b >> 13 & 0x3FF);
    return src_from_raw(SRC_FP16, raw);
}

static uint32_t fp16_raw_to_f32(uint32_t raw)
{
    uint32_t e = raw >> 10 & 0x1F, s = (raw >> 15) << 31;
    return e ? s | (e + 112) << 23 | (raw & 0x3FF) << 13 : s;
}

/* a 32x32 tile into Src rows 0..63 as four 16x16 faces, face f at rows 16f */
static void load_tile(SrcBank *bank, RefSrcFmt fmt, const uint32_t t[32][32])
{
    for (uint32_t f = 0; f < 4; f++)
        for (uint32_t r = 0; r < 16; r++)
            for (uint32_t c = 0; c < 16; c++)
                bank->rows[16 * f + r][c] = to_src(fmt, t[(f >> 1) * 16 + r][(f & 1) * 16 + c]);
}

static uint32_t mvmul(uint32_t am)
{
    return TENSIX_WORD(MVMUL) | TENSIX_PUT(MVMUL, ADDR_MODE, am);
}

/* tt-llk's ADDR_MOD 0/1/2/4/5 for 32x32 x 32x32 (not transposed) */
static void llk_matmul_addr_mods(Env *e, int hifi)
{
    set_addr_mod(e, 0, (Am){.b_incr = 8, .d_incr = 8});
    set_addr_mod(e, 1, (Am){.a_incr = 16, .b_cr = 1, .d_incr = 8});
    set_addr_mod(e, 2, (Am){.a_cr = 1, .b_incr = 32, .b_cr = 1, .d_incr = 8});
    set_addr_mod(e, 4, (Am){.a_incr = 32, .a_cr = 1, .b_incr = 48, .b_cr = 1, .d_cr = 1});
    set_addr_mod(e, 5,
                 (Am){.a_cr = 1,
                      .a_clr = 1,
                      .b_cr = 1,
                      .b_clr = 1,
                      .d_cr = 1,
                      .d_clr = 1,
                      .f_incr = hifi ? 1 : 0});
}

static const uint32_t llk_seq[16] = {0, 1, 0, 2, 0, 1, 0, 4, 0, 1, 0, 2, 0, 1, 0, 5};

/* runs tt-llk's sequence `phases` times, one MVMUL per cycle; returns cycles used */
static uint64_t run_llk_matmul(Env *e, unsigned phases)
{
    uint64_t start = e->now;
    for (unsigned p = 0; p < phases; p++)
        for (unsigned i = 0; i < 16; i++)
            CHECK_OK(issue(e, mvmul(llk_seq[i])));
    return e->now - start;
}

static void read_tile(const Env *e, RefDstFmt dst, uint32_t c[32][32])
{
    for (uint32_t f = 0; f < 4; f++)
        for (uint32_t r = 0; r < 16; r++)
            for (uint32_t col = 0; col < 16; col++) {
                uint32_t row = 16 * f + r, v;
                if (dst == REF_DST_FP32)
                    v = dst32_to_fp32(dst32_read(&e->r, row, col));
                else if (dst == REF_DST_BF16)
                    v = dst16_to_raw(SRC_BF16, e->r.dst[row][col]) << 16;
                else
                    v = fp16_raw_to_f32(dst16_to_raw(SRC_FP16, e->r.dst[row][col]));
                c[(f >> 1) * 16 + r][(f & 1) * 16 + col] = v;
            }
}

static uint32_t A[32][32], B[32][32], C[32][32], R[32][32];

static void test_matmul_bit_exact(void)
{
    static const RefSrcFmt fmts[3] = {REF_SRC_BF16, REF_SRC_FP16, REF_SRC_TF32};
    static const uint32_t codes[3] = {FMT_BF16, FMT_FP16, FMT_TF32};
    for (int fi = 0; fi < 3; fi++)
        for (int dst32 = 0; dst32 < 2; dst32++)
            for (unsigned phases = 1; phases <= 4; phases++) {
                RefDstFmt dst = dst32                      ? REF_DST_FP32
                                : fmts[fi] == REF_SRC_FP16 ? REF_DST_FP16
                                                           : REF_DST_BF16;
                for (int i = 0; i < 32; i++)
                    for (int j = 0; j < 32; j++)
                        A[i][j] = rnd_val(fmts[fi]), B[i][j] = rnd_val(fmts[fi]);
                Env *e = env_new(codes[fi], dst32);
                llk_matmul_addr_mods(e, phases > 1);
                load_tile(&e->r.src[SRC_B][0], fmts[fi], A); /* in0 -> SrcB */
                load_tile(&e->r.src[SRC_A][0], fmts[fi], B); /* in1 -> SrcA */
                src_set_dvalid(&e->r, SRC_A);
                src_set_dvalid(&e->r, SRC_B);
                uint64_t cycles = run_llk_matmul(e, phases);
                read_tile(e, dst, C);
                ref_matmul(A, B, fmts[fi], phases, dst, R);
                uint32_t bad = 0;
                for (int i = 0; i < 32; i++)
                    for (int j = 0; j < 32; j++)
                        bad += C[i][j] != R[i][j];
                if (bad)
                    fprintf(
                        stderr,
                        "  fmt %d dst32 %d phases %u: %u of 1024 differ (C[0][0] %08x ref %08x)\n",
                        fi, dst32, phases, bad, C[0][0], R[0][0]);
                CHECK_EQ_U32(bad, 0);
                /* one MVMUL per cycle, no stall: 16 per phase; the RWCs come back to 0 */
                CHECK_EQ_U64(cycles, 16 * phases);
                CHECK_EQ_U64(e->f.stats.flops, 16ull * phases * 4096);
                CHECK(e->rwc[0].srca == 0 && e->rwc[0].srcb == 0 && e->rwc[0].dst == 0);
                CHECK_EQ_U32(e->rwc[0].fidelity, phases > 1 ? phases % 4 : 0);
                free(e);
            }
}

/* the model agrees with the reference, so the reference's error against exact products
 * measures the model's: more phases never hurt, all four beat one */
static void test_fidelity_error(void)
{
    static const RefSrcFmt fmts[3] = {REF_SRC_BF16, REF_SRC_FP16, REF_SRC_TF32};
    static double exact[32][32];
    for (int fi = 0; fi < 3; fi++) {
        for (int i = 0; i < 32; i++)
            for (int j = 0; j < 32; j++)
                A[i][j] = rnd_val(fmts[fi]), B[i][j] = rnd_val(fmts[fi]);
        ref_matmul_fp64(A, B, exact);
        double err[5] = {0};
        for (unsigned p = 1; p <= 4; p++) {
            ref_matmul(A, B, fmts[fi], p, REF_DST_FP32, R);
            for (int i = 0; i < 32; i++)
                for (int j = 0; j < 32; j++)
                    err[p] += fabs((double)ref_f32(R[i][j]) - exact[i][j]) / 1024.0;
        }
        fprintf(stderr, "  %s mean |err| LoFi %.3g HiFi2 %.3g HiFi3 %.3g HiFi4 %.3g\n",
                fi == 0   ? "BF16"
                : fi == 1 ? "FP16"
                          : "TF32",
                err[1], err[2], err[3], err[4]);
        CHECK(err[2] <= err[1] && err[3] <= err[2] && err[4] <= err[3]);
        CHECK(err[4] < err[1]);
    }
}

/* INT8: four phases give the exact integer product (|SrcA| <= 255, |SrcB| <= 1023) */
static void test_mvmul_int8(void)
{
    Env *e = env_new(FMT_BF16, 0);
    TCFG_SET(&e->cfg, 0, ALU_ACC_CTRL_INT8_math_enabled, 1);
    set_addr_mod(e, 0, (Am){.f_incr = 1});
    int32_t a[16][16], b[8][16];
    for (int i = 0; i < 16; i++)
        for (int j = 0; j < 16; j++) {
            a[i][j] = (int32_t)(rnd() % 511) - 255;
            e->r.src[SRC_A][0].rows[i][j] =
                src_from_raw(SRC_INT8, (a[i][j] < 0) << 10 | (uint32_t)abs(a[i][j]));
        }
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 16; j++) {
            b[i][j] = (int32_t)(rnd() % 2047) - 1023;
            e->r.src[SRC_B][0].rows[i][j] =
                src_from_raw(SRC_INT8, (b[i][j] < 0) << 10 | (uint32_t)abs(b[i][j]));
        }
    src_set_dvalid(&e->r, SRC_A);
    src_set_dvalid(&e->r, SRC_B);
    for (int p = 0; p < 4; p++) {
        CHECK_OK(issue(e, mvmul(0)));
        e->now += 4; /* same Dst block each time */
    }
    uint32_t bad = 0;
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 16; j++) {
            int32_t x = 0;
            for (int k = 0; k < 16; k++)
                x += b[i][k] * a[k][j];
            uint32_t sm = dst32_to_int32_sm(dst32_read(&e->r, (uint32_t)i, (uint32_t)j));
            int32_t got = (sm >> 31) ? -(int32_t)(sm & 0x7FFFFFFF) : (int32_t)sm;
            bad += got != x;
        }
    CHECK_EQ_U32(bad, 0);
    free(e);
}

/* ------------------------------------------------------------------ element-wise */

static uint32_t elw(TensixOp opc, uint32_t add_dst, uint32_t bcast, uint32_t dst_row)
{
    return (uint32_t)opc << 24 | TENSIX_PUT(ELWADD, DEST_ACCUM_EN, add_dst) |
           TENSIX_PUT(ELWADD, INSTR_MOD19, bcast) | TENSIX_PUT(ELWADD, DST, dst_row);
}

static void fill_src_bf16(Env *e, float va[64][16], float vb[64][16])
{
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 16; j++) {
            uint32_t x = rnd_val(REF_SRC_BF16), y = rnd_val(REF_SRC_BF16);
            va[i][j] = ref_f32(x), vb[i][j] = ref_f32(y);
            e->r.src[SRC_A][0].rows[i][j] = to_src(REF_SRC_BF16, x);
            e->r.src[SRC_B][0].rows[i][j] = to_src(REF_SRC_BF16, y);
        }
    src_set_dvalid(&e->r, SRC_A);
    src_set_dvalid(&e->r, SRC_B);
}

static float dst32_f(const Env *e, uint32_t row, uint32_t col)
{
    return ref_f32(dst32_to_fp32(dst32_read(&e->r, row, col)));
}

static void test_eltwise(void)
{
    static float va[64][16], vb[64][16];
    Env *e = env_new(FMT_BF16, 1);
    fill_src_bf16(e, va, vb);
    /* Dst[0..7] = A[0..7] + B[0..7]; then += A - B with SrcB row 3 broadcast (RWC SrcB = 3),
     * inputs within 2^7 of each other so every sum is exact in binary32 */
    CHECK_OK(issue(e, elw(TENSIX_OP_ELWADD, 0, 0, 0)));
    e->rwc[0].srcb = 3;
    e->now += 4;
    CHECK_OK(issue(e, elw(TENSIX_OP_ELWSUB, 1, 2, 0)));
    /* rows 8..15: A * B element-wise, SrcB column 0 broadcast, four phases accumulated */
    e->rwc[0].srca = 8, e->rwc[0].srcb = 8;
    set_addr_mod(e, 0, (Am){.f_incr = 1});
    for (int p = 0; p < 4; p++) {
        CHECK_OK(issue(e, elw(TENSIX_OP_ELWMUL, 0, 1, 8)));
        e->now += 4;
    }
    uint32_t bad = 0;
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 16; j++) {
            float want = (va[i][j] + vb[i][j]) + (va[i][j] - vb[3][j]);
            bad += dst32_f(e, (uint32_t)i, (uint32_t)j) != want;
            bad += dst32_f(e, (uint32_t)i + 8, (uint32_t)j) != va[8 + i][j] * vb[8 + i][0];
        }
    CHECK_EQ_U32(bad, 0);
    CHECK_EQ_U64(e->f.stats.flops, 128 + 256 + 4 * 256);
    free(e);

    /* 16-bit BF16 Dst: the sum rounded to BF16; ZEROACC'd rows add nothing */
    e = env_new(FMT_BF16, 0);
    fill_src_bf16(e, va, vb);
    for (uint32_t row = 16; row < 24; row++) /* stale data, about to be undefined */
        for (uint32_t col = 0; col < 16; col++)
            fpu_dst16_put(&e->r, row, col, 0x3F80);
    CHECK_OK(issue(e, TENSIX_WORD(ZEROACC) | TENSIX_PUT(ZEROACC, CLEAR_MODE, 1) |
                          TENSIX_PUT(ZEROACC, WHERE, 1)));
    CHECK(!e->r.dst_row_valid[16] && !e->r.dst_row_valid[23] && !e->r.dst_row_valid[31]);
    CHECK_OK(issue(e, elw(TENSIX_OP_ELWADD, 1, 0, 16)));
    bad = 0;
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 16; j++) {
            float want = ref_round_dst(va[i][j] + vb[i][j], REF_DST_BF16);
            bad += dst16_to_raw(SRC_BF16, e->r.dst[16 + i][j]) << 16 != f32_bits(want);
        }
    CHECK_EQ_U32(bad, 0);
    CHECK(e->r.dst_row_valid[16] && e->r.dst_row_valid[23] && !e->r.dst_row_valid[24]);
    free(e);
}

/* ------------------------------------------------------------------ GMPOOL */

static void test_gmpool(void)
{
    static float va[64][16], vb[64][16];
    Env *e = env_new(FMT_BF16, 0);
    fill_src_bf16(e, va, vb);
    /* SrcB row 0 scales SrcA row i by lane i's exponent: 1.0, but 2.0 at lane 7 and exponent
     * 0 (minus infinity) at lane 5; SrcA rows 0..15 negative, so a row 5 that was not
     * excluded would win */
    for (int j = 0; j < 16; j++)
        e->r.src[SRC_B][e->r.fpu_bank[SRC_B]].rows[0][j] =
            j == 5 ? 0 : to_src(REF_SRC_BF16, j == 7 ? 0x40000000u : 0x3F800000u);
    for (int i = 0; i < 16; i++)
        for (int j = 0; j < 16; j++) {
            e->r.src[SRC_A][e->r.fpu_bank[SRC_A]].rows[i][j] |= 1u << 18;
            va[i][j] = -fabsf(va[i][j]);
        }
    uint32_t w =
        TENSIX_WORD(GMPOOL) | TENSIX_PUT(GMPOOL, INSTR_MOD19, 1) | TENSIX_PUT(GMPOOL, DST, 4);
    CHECK_OK(issue(e, w)); /* Dst rows 4..7 undefined: the max is SrcA's alone */
    uint32_t bad = 0;
    float m[16];
    for (int j = 0; j < 16; j++) {
        m[j] = -INFINITY;
        for (int i = 0; i < 16; i++)
            if (i != 5)
                m[j] = fmaxf(m[j], i == 7 ? 2 * va[i][j] : va[i][j]);
        bad += dst16_to_raw(SRC_BF16, e->r.dst[4][j]) << 16 != f32_bits(m[j]);
        bad += e->r.dst[5][j] != 0 || e->r.dst[6][j] != 0 || e->r.dst[7][j] != 0;
    }
    CHECK_EQ_U32(bad, 0);
    /* again on rows 16..31 of SrcA against the defined Dst row: max of both */
    e->rwc[0].srca = 16;
    e->now += 4;
    CHECK_OK(issue(e, w));
    bad = 0;
    for (int j = 0; j < 16; j++) {
        float m2 = m[j];
        for (int i = 0; i < 16; i++)
            if (i != 5)
                m2 = fmaxf(m2, i == 7 ? 2 * va[16 + i][j] : va[16 + i][j]);
        bad += dst16_to_raw(SRC_BF16, e->r.dst[4][j]) << 16 != f32_bits(m2);
    }
    CHECK_EQ_U32(bad, 0);
    free(e);
}

/* ------------------------------------------------------------------ moves */

static void test_transpose_and_shifts(void)
{
    Env *e = env_new(FMT_BF16, 0);
    SrcBank *b = &e->r.src[SRC_B][0], *a = &e->r.src[SRC_A][0];
    for (uint32_t i = 0; i < 64; i++)
        for (uint32_t j = 0; j < 16; j++)
            b->rows[i][j] = i * 16 + j, a->rows[i][j] = 0x10000 + i * 16 + j;
    src_set_dvalid(&e->r, SRC_A);
    src_set_dvalid(&e->r, SRC_B);
    CHECK_OK(issue(e, TENSIX_WORD(TRNSPSRCB)));
    uint32_t bad = 0;
    for (uint32_t i = 0; i < 64; i++)
        for (uint32_t j = 0; j < 16; j++) {
            uint32_t want = (i >= 16 && i < 32) ? (16 + j) * 16 + (i - 16) : i * 16 + j;
            bad += b->rows[i][j] != want;
        }
    CHECK_EQ_U32(bad, 0);
    /* SHIFTXB row 40 + RWC.SrcB 2: rotate left, then shift left with zero fill */
    e->rwc[0].srcb = 2;
    CHECK_OK(issue(e, TENSIX_WORD(SHIFTXB) | 40));
    CHECK(!can(e, TENSIX_WORD(SHIFTXB), e->now)); /* two cycles per SHIFTXB */
    e->now++;
    CHECK_OK(issue(e, TENSIX_WORD(SHIFTXB) | 1u << 10 | 40));
    bad = 0;
    for (uint32_t j = 0; j < 16; j++)
        bad += b->rows[42][j] != (j < 14 ? 42 * 16 + j + 2 : j == 14 ? 42 * 16 : 0);
    CHECK_EQ_U32(bad, 0);
    /* SHIFTXA reads the 16-row block the last SrcA-addressing instruction used (MOVB2A to
     * SrcA row 32 here) and writes rows 0..15 */
    e->now++;
    CHECK_OK(
        issue(e, TENSIX_WORD(MOVB2A) | TENSIX_PUT(MOVB2A, SRCA, 33) | TENSIX_PUT(MOVB2A, SRCB, 1)));
    CHECK_EQ_U32(a->rows[33][7], b->rows[3][7]); /* SRCB 1 + RWC.SrcB 2 */
    uint32_t saved[16][16];
    memcpy(saved, a->rows[32], sizeof saved);
    CHECK_OK(issue(e, TENSIX_WORD(SHIFTXA) | 2)); /* right */
    bad = 0;
    for (uint32_t i = 0; i < 16; i++)
        for (uint32_t j = 0; j < 16; j++)
            bad += a->rows[i][j] != (j ? saved[i][j - 1] : 0);
    CHECK_EQ_U32(bad, 0);
    CHECK_EQ_U32(fpu_issue(&e->f, &e->r, e->rwc, &e->cfg, 0, TENSIX_WORD(SHIFTXA), e->now),
                 BH_ERR_UNSUPPORTED);
    CHECK_EQ_U32(a->rows[0][1], saved[0][0]); /* refused: nothing moved */
    free(e);
}

/* SrcA -> Dst -> SrcA and SrcB -> Dst32 -> SrcB round trips; MOVB2D broadcasts */
static void test_move_round_trips(void)
{
    Env *e = env_new(FMT_BF16, 0);
    SrcBank *a = &e->r.src[SRC_A][0], *b = &e->r.src[SRC_B][0];
    for (uint32_t i = 0; i < 64; i++)
        for (uint32_t j = 0; j < 16; j++) {
            a->rows[i][j] = to_src(REF_SRC_BF16, rnd_val(REF_SRC_BF16));
            b->rows[i][j] = to_src(REF_SRC_BF16, rnd_val(REF_SRC_BF16));
        }
    src_set_dvalid(&e->r, SRC_A);
    src_set_dvalid(&e->r, SRC_B);
    uint32_t orig[8][16];
    memcpy(orig, a->rows[8], sizeof orig);
    /* MOVA2D 8 rows: SrcA 8..15 -> Dst 40..47 (8 + RWC.Dst 32) */
    e->rwc[0].dst = 32;
    CHECK_OK(issue(e, TENSIX_WORD(MOVA2D) | TENSIX_PUT(MOVA2D, INSTR_MOD, 2) |
                          TENSIX_PUT(MOVA2D, SRC, 8) | TENSIX_PUT(MOVA2D, DST, 8)));
    uint32_t bad = 0;
    for (uint32_t i = 0; i < 8; i++)
        for (uint32_t j = 0; j < 16; j++)
            bad += dst16_to_raw(SRC_BF16, e->r.dst[40 + i][j]) != src_to_raw(SRC_BF16, orig[i][j]);
    CHECK_EQ_U32(bad, 0);
    /* MOVD2A 4 rows twice: Dst 40..47 -> SrcA 48..55 */
    e->rwc[0].dst = 0;
    uint32_t d2a = TENSIX_WORD(MOVD2A) | TENSIX_PUT(MOVD2A, INSTR_MOD, 2);
    CHECK(!can(e, d2a | TENSIX_PUT(MOVD2A, DST, 40), e->now + 3)); /* Dst block written 4 ago */
    e->now += 4;
    CHECK_OK(issue(e, d2a | TENSIX_PUT(MOVD2A, SRC, 48) | TENSIX_PUT(MOVD2A, DST, 40)));
    CHECK_OK(issue(e, d2a | TENSIX_PUT(MOVD2A, SRC, 52) | TENSIX_PUT(MOVD2A, DST, 44)));
    CHECK(memcmp(a->rows[48], orig, sizeof orig) == 0);
    /* MOVB2D: SrcB row 5 broadcast to Dst 64..71 with column 0 broadcast */
    e->now += 2;
    CHECK_OK(issue(e, TENSIX_WORD(MOVB2D) | TENSIX_PUT(MOVB2D, MOVB2D_INSTR_MOD, 3) |
                          TENSIX_PUT(MOVB2D, SRC, 5) | TENSIX_PUT(MOVB2D, DST, 64)));
    bad = 0;
    for (uint32_t i = 0; i < 8; i++)
        for (uint32_t j = 0; j < 16; j++)
            bad +=
                dst16_to_raw(SRC_BF16, e->r.dst[64 + i][j]) != src_to_raw(SRC_BF16, b->rows[5][0]);
    CHECK_EQ_U32(bad, 0);
    free(e);

    /* TF32 through 32-bit Dst: MOVB2D 4 rows keeps all 10 mantissa bits, MOVD2B brings them
     * back */
    e = env_new(FMT_TF32, 1);
    b = &e->r.src[SRC_B][0];
    uint32_t vals[4][16];
    for (uint32_t i = 0; i < 4; i++)
        for (uint32_t j = 0; j < 16; j++)
            vals[i][j] = rnd_val(REF_SRC_TF32),
            b->rows[12 + i][j] = to_src(REF_SRC_TF32, vals[i][j]);
    src_set_dvalid(&e->r, SRC_A);
    src_set_dvalid(&e->r, SRC_B);
    CHECK_OK(issue(e, TENSIX_WORD(MOVB2D) | TENSIX_PUT(MOVB2D, MOVB2D_INSTR_MOD, 4) |
                          TENSIX_PUT(MOVB2D, SRC, 12) | TENSIX_PUT(MOVB2D, DST, 20)));
    bad = 0;
    for (uint32_t i = 0; i < 4; i++)
        for (uint32_t j = 0; j < 16; j++)
            bad += dst32_to_fp32(dst32_read(&e->r, 20 + i, j)) != vals[i][j];
    CHECK_EQ_U32(bad, 0);
    e->now += 4;
    CHECK_OK(issue(e, TENSIX_WORD(MOVD2B) | TENSIX_PUT(MOVD2B, INSTR_MOD, 2) |
                          TENSIX_PUT(MOVD2B, SRC, 32) | TENSIX_PUT(MOVD2B, DST, 20)));
    bad = 0;
    for (uint32_t i = 0; i < 4; i++)
        for (uint32_t j = 0; j < 16; j++)
            bad += b->rows[32 + i][j] != b->rows[12 + i][j];
    CHECK_EQ_U32(bad, 0);
    free(e);
}

/* ------------------------------------------------------------------ issue rules */

static void test_issue_rules(void)
{
    Env *e = env_new(FMT_BF16, 0);
    uint32_t mv = mvmul(3); /* slot 3 empty: the RWCs stay */
    CHECK(fpu_handles(TENSIX_OP_MVMUL) && fpu_handles(TENSIX_OP_GMPOOL) &&
          !fpu_handles(TENSIX_OP_SETRWC) && !fpu_handles(TENSIX_OP_NOP));
    /* no Src bank owned, then only SrcA: MVMUL waits */
    CHECK(!can(e, mv, e->now));
    src_set_dvalid(&e->r, SRC_A);
    CHECK(!can(e, mv, e->now));
    CHECK(can(e, TENSIX_WORD(MOVD2B), e->now)); /* MOVD2B does not wait for SrcB */
    src_set_dvalid(&e->r, SRC_B);
    CHECK(can(e, mv, e->now));

    /* the same 8-row Dst block: 4 cycles of read-after-write stall */
    uint64_t t = e->now;
    CHECK_OK(issue(e, mv));
    CHECK(!can(e, mv, t)); /* one instruction per cycle */
    for (uint64_t c = t + 1; c <= t + 4; c++)
        CHECK(!can(e, mv, c));
    CHECK(can(e, mv, t + 5));
    CHECK(can(e, mv | TENSIX_PUT(MVMUL, DST, 8), t + 1)); /* another block is free */
    CHECK(fpu_busy(&e->f, t + 4) && !fpu_busy(&e->f, t + 5));
    CHECK_EQ_U64(e->f.stats.instructions, 1);

    /* 32-bit Dst: Dst32b rows 0..7 live in DstBits blocks 0 and 1 */
    TCFG_SET(&e->cfg, 0, ALU_ACC_CTRL_Fp32_enabled, 1);
    t = e->now = t + 10;
    CHECK_OK(issue(e, mv | TENSIX_PUT(MVMUL, DST, 16)));
    TCFG_SET(&e->cfg, 0, ALU_ACC_CTRL_Fp32_enabled, 0);
    /* Dst32b rows 16..23 are DstBits 32..39 and 40..47 */
    CHECK(!can(e, mv | TENSIX_PUT(MVMUL, DST, 40), t + 2));
    CHECK(can(e, mv | TENSIX_PUT(MVMUL, DST, 48), t + 2));

    /* MOVA2D: MVMUL anywhere waits 3 cycles, ELWADD does not */
    t = e->now = t + 10;
    CHECK_OK(issue(e, TENSIX_WORD(MOVA2D) | TENSIX_PUT(MOVA2D, DST, 200)));
    uint32_t far = mv | TENSIX_PUT(MVMUL, DST, 512);
    CHECK(!can(e, far, t + 1) && !can(e, far, t + 3) && can(e, far, t + 4));
    CHECK(can(e, elw(TENSIX_OP_ELWADD, 0, 0, 512), t + 1));
    /* MOVD2A: next cycle only MOVD2A / MOVB2A */
    t = e->now = t + 10;
    CHECK_OK(issue(e, TENSIX_WORD(MOVD2A) | TENSIX_PUT(MOVD2A, DST, 300)));
    CHECK(can(e, TENSIX_WORD(MOVD2A), t + 1) && can(e, TENSIX_WORD(MOVB2A), t + 1));
    CHECK(!can(e, elw(TENSIX_OP_ELWADD, 0, 0, 512), t + 1));
    CHECK(can(e, elw(TENSIX_OP_ELWADD, 0, 0, 512), t + 2));
    /* MOVD2B: three cycles only MOVD2B */
    t = e->now = t + 10;
    CHECK_OK(issue(e, TENSIX_WORD(MOVD2B) | TENSIX_PUT(MOVD2B, DST, 300)));
    CHECK(can(e, TENSIX_WORD(MOVD2B), t + 1) && !can(e, TENSIX_WORD(MOVD2A), t + 3));
    CHECK(can(e, TENSIX_WORD(MOVD2A), t + 4));
    free(e);
}

/* Flip bits give banks back; CLR_DVALID_SrcA_Disable keeps the bank but moves on */
/* FPU stochastic rounding is not documented: arithmetic stops while Fpu_srnd_en is set,
 * moves and clears (no rounding) carry on */
static void test_srnd_refused(void)
{
    Env *e = env_new(FMT_BF16, 0);
    src_set_dvalid(&e->r, SRC_A);
    src_set_dvalid(&e->r, SRC_B);
    TCFG_SET(&e->cfg, 0, ALU_ROUNDING_MODE_Fpu_srnd_en, 1);
    CHECK_EQ_U32(fpu_issue(&e->f, &e->r, e->rwc, &e->cfg, 0, mvmul(3), e->now), BH_ERR_UNSUPPORTED);
    CHECK_EQ_U32(
        fpu_issue(&e->f, &e->r, e->rwc, &e->cfg, 0, elw(TENSIX_OP_ELWADD, 0, 0, 0), e->now),
        BH_ERR_UNSUPPORTED);
    CHECK_EQ_U64(e->f.stats.instructions, 0);
    CHECK_OK(issue(e, TENSIX_WORD(ZEROACC)));
    TCFG_SET(&e->cfg, 0, ALU_ROUNDING_MODE_Fpu_srnd_en, 0);
    e->now += 10;
    CHECK_OK(issue(e, mvmul(3)));
    free(e);
}

static void test_flips(void)
{
    Env *e = env_new(FMT_BF16, 0);
    src_set_dvalid(&e->r, SRC_A);
    src_set_dvalid(&e->r, SRC_B);
    CHECK_OK(issue(e, mvmul(3) | TENSIX_PUT(MVMUL, CLEAR_DVALID, 1)));
    CHECK(e->r.allowed[SRC_A][0] == SRC_CLIENT_UNPACKERS && e->r.fpu_bank[SRC_A] == 1);
    CHECK(e->r.allowed[SRC_B][0] == SRC_CLIENT_MATRIX && e->r.fpu_bank[SRC_B] == 0);
    CHECK(!can(e, mvmul(3), e->now)); /* SrcA bank 1 is the unpacker's */
    TCFG_THD_SET(&e->cfg, 0, CLR_DVALID_SrcB_Disable, 1);
    src_set_dvalid(&e->r, SRC_A); /* unpacker 0 now hands over bank 1 */
    e->now += 5;
    CHECK_OK(issue(e, mvmul(3) | TENSIX_PUT(MVMUL, CLEAR_DVALID, 2)));
    CHECK(e->r.allowed[SRC_B][0] == SRC_CLIENT_MATRIX && e->r.fpu_bank[SRC_B] == 1);
    free(e);
}

int main(void)
{
    RUN(test_matmul_bit_exact);
    RUN(test_fidelity_error);
    RUN(test_mvmul_int8);
    RUN(test_eltwise);
    RUN(test_gmpool);
    RUN(test_transpose_and_shifts);
    RUN(test_move_round_trips);
    RUN(test_issue_rules);
    RUN(test_srnd_refused);
    RUN(test_flips);
    return check_failures();
}
