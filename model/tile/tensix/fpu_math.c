// SPDX-License-Identifier: Apache-2.0
/* Matrix unit arithmetic: MVMUL/DOTPV/GAPOOL, ELWADD/ELWSUB/ELWMUL, ZEROACC, ZEROSRC, with the
 * number formats and rounding rules fpu.h states. */
#include <string.h>
#include "model/tile/tensix/fpu.h"
#include "model/tile/tensix/tensix_isa.h"

/* ------------------------------------------------------------------ number formats */

static float as_float(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

static uint32_t as_bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

static uint32_t flush32(uint32_t b)
{
    return (b & 0x7F800000u) ? b : (b & 0x80000000u);
}

/* A Src value's binary32 pattern; each style's exponent field, bias to binary32 and mantissa
 * bits are the three constants below. Branch-free, so the loops over rows vectorise. */
static inline uint32_t src_bits(uint32_t d, uint32_t e_mask, uint32_t bias, uint32_t man_mask)
{
    const uint32_t e = d & e_mask;
    return (d >> 18 & 1u) << 31 | (e ? (e + bias) << 23 | (d >> 8 & man_mask) << 13 : 0u);
}
#define SRC_E_MASK(style) ((style) == FPU_STYLE_FP16 ? 0x1Fu : 0xFFu)
#define SRC_BIAS(style) ((style) == FPU_STYLE_FP16 ? 112u : 0u)
#define SRC_MAN_MASK(style) ((style) == FPU_STYLE_BF16 ? 0x3F8u : 0x3FFu)

static float src_fp(int style, uint32_t d)
{
    return as_float(src_bits(d, SRC_E_MASK(style), SRC_BIAS(style), SRC_MAN_MASK(style)));
}

/* SrcAFidelityBits / SrcBFidelityBits of ELWMUL.md, on the binary32 pattern: a phase without
 * the operand's bit multiplies the top bits HI keeps, one with it the value less what LO keeps */
#define SRCA_HI 0xFFF80000u
#define SRCA_LO 0xFFF83FFFu
#define SRCB_HI 0xFFFE0000u
#define SRCB_LO 0xFFFE1FFFu

static float srca_bits(float x, uint32_t phase)
{
    if (!(phase & 1u))
        return as_float(as_bits(x) & SRCA_HI);
    return x - as_float(as_bits(x) & SRCA_LO);
}

static float srcb_bits(float x, uint32_t phase)
{
    if (!(phase & 2u))
        return as_float(as_bits(x) & SRCB_HI);
    return x - as_float(as_bits(x) & SRCB_LO);
}

/* src_fp and then srca_bits / srcb_bits over n values: the part of each a fidelity phase
 * multiplies (hi: the top significand bits the mask keeps; lo: the value less the bits the
 * second mask keeps). Branch-free, with style and part hoisted, so gcc vectorises it: these
 * conversions, not the products, were most of an MVMUL's instructions. */
static void src_parts(int style, const uint32_t *d, uint32_t n, int low, uint32_t hi_mask,
                      uint32_t lo_mask, float *out)
{
    const uint32_t e_mask = SRC_E_MASK(style), bias = SRC_BIAS(style);
    const uint32_t man_mask = SRC_MAN_MASK(style);
    uint32_t bits[256];
    for (uint32_t i = 0; i < n; i++)
        bits[i] = src_bits(d[i], e_mask, bias, man_mask);
    if (!low) {
        for (uint32_t i = 0; i < n; i++)
            out[i] = as_float(bits[i] & hi_mask);
    } else {
        for (uint32_t i = 0; i < n; i++)
            out[i] = as_float(bits[i]) - as_float(bits[i] & lo_mask);
    }
}

static int32_t src_int8(uint32_t d)
{
    int32_t mag = (int32_t)(d >> 8 & 0x3FFu);
    return (d >> 18 & 1u) ? -mag : mag;
}

static uint16_t round_bf16(float x)
{
    uint32_t b = as_bits(x);
    if ((b & 0x7F800000u) != 0x7F800000u)
        b += 0x7FFFu + (b >> 16 & 1u);
    uint32_t h = b >> 16;
    return (uint16_t)((h & 0x7F80u) ? h : (h & 0x8000u));
}

static uint16_t round_fp16(float x)
{
    uint32_t b = as_bits(x), s = b >> 16 & 0x8000u, m = b & 0x7FFFFFu;
    int e = (int)(b >> 23 & 0xFFu) - 127;
    if (e < -15)
        return (uint16_t)s;
    if (e > 16)
        return (uint16_t)(s | 0x7FFFu);
    uint32_t q = (m | 0x800000u) >> 13, rem = m & 0x1FFFu;
    if (rem > 0x1000u || (rem == 0x1000u && (q & 1u)))
        q++;
    if (q == 0x800u) {
        q = 0x400u;
        e++;
    }
    if (e < -14)
        return (uint16_t)s;
    if (e > 16)
        return (uint16_t)(s | 0x7FFFu);
    return (uint16_t)(s | (uint32_t)(e + 15) << 10 | (q & 0x3FFu));
}

static float fp16_raw_value(uint32_t raw)
{
    uint32_t s = (raw & 0x8000u) << 16, e = raw >> 10 & 0x1Fu;
    return as_float(e ? s | (e + 112u) << 23 | (raw & 0x3FFu) << 13 : s);
}

/* x (+ Dst when add) stored to Dst as FP32, FP16 or BF16 (the arithmetic pages' tail). The
 * caller samples whether the row is defined before writing any of its columns. */
static void dst_store_fp(FpuOp *op, uint32_t row, uint32_t col, float x, int add, int dst32)
{
    SrcDst *r = op->r;
    if (dst32) {
        if (add)
            x += as_float(flush32(dst32_to_fp32(dst32_read(r, row, col))));
        fpu_dst32_put(r, row, col, dst32_from_fp32(flush32(as_bits(x))));
    } else if (op->style == FPU_STYLE_FP16) {
        if (add)
            x += fp16_raw_value(dst16_to_raw(SRC_FP16, r->dst[row][col]));
        fpu_dst16_put(r, row, col, dst16_from_raw(SRC_FP16, round_fp16(x)));
    } else {
        if (add)
            x += as_float(flush32(dst16_to_raw(SRC_BF16, r->dst[row][col]) << 16));
        fpu_dst16_put(r, row, col, dst16_from_raw(SRC_BF16, round_bf16(x)));
    }
}

/* A whole row of 16 results x (+ Dst when add) stored as dst_store_fp stores each column; the
 * commonest case, BF16 into Dst16, inline. */
static void dst_store_row_fp(FpuOp *op, uint32_t row, const float x[16], int add, int dst32)
{
    if (dst32 || op->style == FPU_STYLE_FP16) {
        for (uint32_t j = 0; j < 16; j++)
            dst_store_fp(op, row, j, x[j], add, dst32);
        return;
    }
    SrcDst *r = op->r;
    uint16_t *d = r->dst[row & 0x3FFu];
    for (uint32_t j = 0; j < 16; j++) {
        float v = x[j];
        if (add)
            v += as_float(flush32(dst16_to_bf16(d[j]) << 16));
        d[j] = dst16_from_bf16(round_bf16(v));
    }
    r->dst_row_valid[row & 0x3FFu] = 1;
}

static void dst_store_int(FpuOp *op, uint32_t row, uint32_t col, int32_t x, int add)
{
    int64_t v = x;
    if (add) {
        uint32_t sm = dst32_to_int32_sm(dst32_read(op->r, row, col));
        int64_t d = sm & 0x7FFFFFFFu;
        v += (sm >> 31) ? -d : d;
    }
    if (v > INT32_MAX)
        v = INT32_MAX;
    if (v < -INT32_MAX)
        v = -INT32_MAX;
    uint32_t sm = v < 0 ? 0x80000000u | (uint32_t)-v : (uint32_t)v;
    fpu_dst32_put(op->r, row, col, dst32_from_int32_sm(sm));
}

/* ------------------------------------------------------------------ arithmetic */

static int row_defined(const FpuOp *op, uint32_t row, int dst32)
{
    return dst32 ? fpu_dst32_defined(op->r, row) : fpu_dst16_defined(op->r, row);
}

/* MVMUL (nrows 8, or 7 with SrcB row broadcast), DOTPV (8) and GAPOOL (4). Built twice on
 * x86-64, for AVX2 and for the baseline, and picked when the program loads: its conversions and
 * products are the simulator's largest arithmetic, and twice the lanes halve them. Either way
 * each operation is one IEEE binary32 operation (C11 mode does not contract a * b + c), so
 * results are bit for bit the same. Flattened, so the helpers it calls are built for AVX2 too. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default"), flatten))
#endif
void fpu_matmul(FpuOp *op, uint32_t imm, uint32_t nrows, int bcast)
{
    SrcDst *r = op->r;
    const uint32_t(*a)[SRC_COLS] = r->src[SRC_A][r->fpu_bank[SRC_A]].rows;
    const uint32_t(*b)[SRC_COLS] = r->src[SRC_B][r->fpu_bank[SRC_B]].rows;
    uint32_t arow = op->rwc->srca & 0x38u, brow = op->rwc->srcb & (bcast ? 0x3Fu : 0x38u);
    uint32_t drow = fpu_dst_row(op, imm) & (0x400u - nrows);
    uint32_t phase =
        (op->rwc->fidelity + TCFG_THD_GET(op->cfg, op->thread, FIDELITY_BASE_Phase)) & 3u;
    int dst32 = fpu_math_dst32(op);

    if (op->style == FPU_STYLE_INT8) {
        int32_t bm[8][16], am[16][16];
        for (uint32_t i = 0; i < nrows; i++)
            for (uint32_t j = 0; j < 16; j++)
                bm[i][j] =
                    src_int8(b[brow + (bcast ? 0 : i)][j] & (phase & 2u ? 0x40FFFu : 0x7F0FFu));
        for (uint32_t i = 0; i < 16; i++)
            for (uint32_t j = 0; j < 16; j++)
                am[i][j] = src_int8(a[arow + i][j] & (phase & 1u ? 0x41FFFu : 0x4E0FFu));
        for (uint32_t i = 0; i < nrows; i += bcast ? 2 : 1) {
            int def = row_defined(op, drow + i, 1);
            for (uint32_t j = 0; j < 16; j++) {
                int32_t x = 0;
                for (uint32_t k = 0; k < 16; k++)
                    x += bm[i][k] * am[k][j];
                dst_store_int(op, drow + i, j, x, def);
            }
        }
        return;
    }
    float bm[8][16], am[16][16];
    _Static_assert(SRC_COLS == 16, "Src rows are contiguous runs of 16 values");
    if (bcast) { /* row brow for every row */
        src_parts(op->style, b[brow], 16, phase & 2u, SRCB_HI, SRCB_LO, bm[0]);
        for (uint32_t i = 1; i < nrows; i++)
            memcpy(bm[i], bm[0], sizeof bm[0]);
    } else {
        src_parts(op->style, b[brow], 16 * nrows, phase & 2u, SRCB_HI, SRCB_LO, bm[0]);
    }
    src_parts(op->style, a[arow], 256, phase & 1u, SRCA_HI, SRCA_LO, am[0]);
    /* the 16 columns of a row accumulate side by side, each in the order k = 0..15; the
     * pragma keeps gcc from unrolling the column loop whole and vectorising over k instead */
    for (uint32_t i = 0; i < nrows; i += bcast ? 2 : 1) {
        float x[16] = {0.0f};
        for (uint32_t k = 0; k < 16; k++) {
            const float bk = bm[i][k];
#pragma GCC unroll 4
            for (uint32_t j = 0; j < 16; j++)
                x[j] += bk * am[k][j];
        }
        dst_store_row_fp(op, drow + i, x, row_defined(op, drow + i, dst32), dst32);
    }
}

void fpu_eltwise(FpuOp *op, uint32_t imm, int kind, uint32_t bcast, int add_dst)
{
    SrcDst *r = op->r;
    const uint32_t(*a)[SRC_COLS] = r->src[SRC_A][r->fpu_bank[SRC_A]].rows;
    const uint32_t(*b)[SRC_COLS] = r->src[SRC_B][r->fpu_bank[SRC_B]].rows;
    int brow_bcast = bcast >> 1 & 1, col0 = bcast & 1;
    uint32_t arow = op->rwc->srca & 0x38u, brow = op->rwc->srcb & (brow_bcast ? 0x3Fu : 0x38u);
    uint32_t drow = fpu_dst_row(op, imm) & 0x3F8u;
    uint32_t phase =
        (op->rwc->fidelity + TCFG_THD_GET(op->cfg, op->thread, FIDELITY_BASE_Phase)) & 3u;
    int dst32 = fpu_math_dst32(op);

    for (uint32_t i = 0; i < 8; i++) {
        int add = add_dst && row_defined(op, drow + i, dst32);
        for (uint32_t j = 0; j < 16; j++) {
            uint32_t av = a[arow + i][j], bv = b[brow + (brow_bcast ? 0 : i)][col0 ? 0 : j];
            if (op->style == FPU_STYLE_INT8) {
                int32_t x;
                if (kind == FPU_ELW_MUL)
                    x = src_int8(av & (phase & 1u ? 0x41FFFu : 0x4E0FFu)) *
                        src_int8(bv & (phase & 2u ? 0x40FFFu : 0x7F0FFu));
                else
                    x = kind == FPU_ELW_ADD ? src_int8(av) + src_int8(bv)
                                            : src_int8(av) - src_int8(bv);
                dst_store_int(op, drow + i, j, x, add);
                continue;
            }
            float x, af = src_fp(op->style, av), bf = src_fp(op->style, bv);
            if (kind == FPU_ELW_MUL) {
                x = srca_bits(af, phase) * srcb_bits(bf, phase);
            } else {
                x = kind == FPU_ELW_ADD ? af + bf : af - bf;
                if (phase & 1u) /* the pages' divisions for a non-zero phase */
                    x /= 32.0f;
                if (phase & 2u)
                    x /= 128.0f;
            }
            dst_store_fp(op, drow + i, j, x, add, dst32);
        }
    }
}

static void undefine32(SrcDst *r, uint32_t row)
{
    uint32_t a = dst_adj32(row & 0x3FFu);
    r->dst_row_valid[a] = r->dst_row_valid[a + 8] = 0;
}

void fpu_zeroacc(FpuOp *op, uint32_t w)
{
    SrcDst *r = op->r;
    uint32_t mode = TENSIX_GET(ZEROACC, CLEAR_MODE, w), imm = TENSIX_GET(ZEROACC, WHERE, w);
    if (TENSIX_GET(ZEROACC, CLEAR_ZERO_FLAGS, w))
        BH_LOG_UNIMP_ONCE(op->cfg->log, "fpu: ZEROACC bit 17 (CLEAR_ZERO_FLAGS) ignored");
    switch (mode) {
    case 0: { /* one row, addressed like the arithmetic instructions */
        uint32_t row = fpu_dst_row(op, imm);
        if (op->fp32_dst || op->int8_math)
            undefine32(r, row);
        else
            r->dst_row_valid[row] = 0;
        break;
    }
    case 1: /* 16 rows */
        imm &= 0xFFu;
        if (TENSIX_GET(ZEROACC, USE_32_BIT_MODE, w)) {
            if (imm < 32)
                for (uint32_t i = 0; i < 16; i++)
                    undefine32(r, imm * 16 + i);
        } else if (imm < 64) {
            memset(&r->dst_row_valid[imm * 16], 0, 16);
        }
        break;
    case 2: /* half: Dst16b 512 rows and Dst32b 256 rows are the same storage */
        memset(&r->dst_row_valid[(imm & 1u) ? 512 : 0], 0, 512);
        break;
    default:
        memset(r->dst_row_valid, 0, sizeof r->dst_row_valid);
        break;
    }
    if (mode < 2)
        fpu_addr_mod(op, TENSIX_GET(ZEROACC, ADDR_MODE, w));
}

void fpu_zerosrc(FpuOp *op, uint32_t w)
{
    SrcDst *r = op->r;
    uint32_t which = TENSIX_GET(ZEROSRC, SRC_MASK, w);
    for (uint32_t reg = 0; reg < 2; reg++) {
        if (!(which >> reg & 1u))
            continue;
        uint32_t val = (reg == SRC_A && TENSIX_GET(ZEROSRC, ZERO_VAL, w)) ? 0x7FFFFu : 0;
        for (uint32_t bank = 0; bank < SRC_BANKS; bank++) {
            int hit = TENSIX_GET(ZEROSRC, BANK_MASK, w)    ? 1
                      : TENSIX_GET(ZEROSRC, WRITE_MODE, w) ? bank == r->fpu_bank[reg]
                                                           : bank == r->unpack_bank[reg];
            if (!hit)
                continue;
            for (uint32_t i = 0; i < SRC_ROWS; i++)
                for (uint32_t j = 0; j < SRC_COLS; j++)
                    r->src[reg][bank].rows[i][j] = val;
        }
    }
}
