// SPDX-License-Identifier: Apache-2.0
/* Matrix unit: data movement between SrcA, SrcB and Dst, the Src shifts and transpose, and
 * GMPOOL (fpu.h). Each follows its page's functional model in tt-isa-documentation
 * WormholeB0/TensixTile/TensixCoprocessor/. */
#include <string.h>
#include "model/tile/tensix/fpu.h"
#include "model/tile/tensix/tensix_isa.h"

/* ------------------------------------------------------------------ Src -> Dst */

/* Src datum -> Dst BF16 (Sign, Man 7, Exp 8) keeping the 8-bit exponent */
static uint16_t remove_low_mantissa(uint32_t x)
{
    return (uint16_t)((x >> 18 & 1u) << 15 | (x >> 11 & 0x7Fu) << 8 | (x & 0xFFu));
}

/* Src datum -> Dst FP16 (Sign, Man 10, Exp 5) keeping the low 5 exponent bits */
static uint16_t remove_high_exponent(uint32_t x)
{
    return (uint16_t)((x >> 18 & 1u) << 15 | (x >> 8 & 0x3FFu) << 5 | (x & 0x1Fu));
}

/* one row of MOVA2D / MOVB2D (col0: every column reads column 0) */
static void src_row_to_dst(FpuOp *op, const uint32_t *src, uint32_t drow, int lo, int col0)
{
    int use8 = !op->fp16a_force && fpu_fmt_8bit_exp(op->srca_fmt);
    int flush = !TCFG_GET(op->cfg, op->state, ALU_ACC_CTRL_Zero_Flag_disabled_src);
    for (uint32_t col = 0; col < SRC_COLS; col++) {
        uint32_t v = src[col0 ? 0 : col];
        if (flush && !(v & 0xFFu))
            v = 0;
        uint16_t v16 = use8 ? remove_low_mantissa(v) : remove_high_exponent(v);
        if (op->srca_fmt == FPU_FMT_TF32) {
            /* Dst FP32 = Sign, HiMan 7, Exp 8, then the 3 low TF32 mantissa bits */
            uint32_t low = (v >> 8 & 7u) << 13;
            if (lo)
                low |= v16;
            fpu_dst32_put(op->r, drow, col, (uint32_t)v16 << 16 | low);
        } else if (lo) {
            uint32_t keep = dst32_read(op->r, drow & 0x3FFu, col) & 0xFFFF0000u;
            fpu_dst32_put(op->r, drow, col, keep | v16);
        } else {
            fpu_dst16_put(op->r, drow, col, v16);
        }
    }
}

BhStatus fpu_mova2d(FpuOp *op, uint32_t w)
{
    SrcDst *r = op->r;
    int eight = TENSIX_GET(MOVA2D, INSTR_MOD, w) >> 1 & 1;
    uint32_t n = eight ? 8 : 1;
    uint32_t drow = fpu_dst_row(op, TENSIX_GET(MOVA2D, DST, w)) & (eight ? 0x3F8u : 0x3FFu);
    uint32_t srow = (TENSIX_GET(MOVA2D, SRC, w) + op->rwc->srca) & (eight ? 0x38u : 0x3Fu);
    const SrcBank *bank = &r->src[SRC_A][r->fpu_bank[SRC_A]];
    for (uint32_t i = 0; i < n; i++)
        src_row_to_dst(op, bank->rows[srow + i], drow + i, (int)TENSIX_GET(MOVA2D, DEST_32B_LO, w),
                       0);
    fpu_addr_mod(op, TENSIX_GET(MOVA2D, ADDR_MODE, w));
    return BH_OK;
}

BhStatus fpu_movb2d(FpuOp *op, uint32_t w)
{
    SrcDst *r = op->r;
    uint32_t mod = TENSIX_GET(MOVB2D, MOVB2D_INSTR_MOD, w);
    int col0 = mod & 1u, bcast8 = mod >> 1 & 1u, four = mod >> 2 & 1u;
    uint32_t n = bcast8 ? 8 : four ? 4 : 1;
    uint32_t drow = fpu_dst_row(op, TENSIX_GET(MOVB2D, DST, w)) & (0x400u - n);
    uint32_t srow =
        (TENSIX_GET(MOVB2D, SRC, w) + op->rwc->srcb) & (!bcast8 && four ? 0x3Cu : 0x3Fu);
    const SrcBank *bank = &r->src[SRC_B][r->fpu_bank[SRC_B]];
    for (uint32_t i = 0; i < n; i++)
        src_row_to_dst(op, bank->rows[srow + (bcast8 ? 0 : i)], drow + i,
                       (int)TENSIX_GET(MOVB2D, DEST_32B_LO, w), col0);
    fpu_addr_mod(op, TENSIX_GET(MOVB2D, ADDR_MODE, w));
    return BH_OK;
}

/* ------------------------------------------------------------------ Dst -> Src */

static uint32_t shuffle_bf16(uint32_t x)
{
    return (x & 0xFF00u) << 3 | (x & 0xFFu);
}

static uint32_t shuffle_fp16(uint32_t x)
{
    return (x & 0xFFE0u) << 3 | (x & 0x1Fu);
}

/* x = Dst FP32 >> 13: Sign [18], HiMan [17:11], Exp [10:3], LoMan [2:0]. MOVD2A.md masks
 * SignHiMan with 0x3fc000, which is these bits shifted left by 3; the layouts only fit with
 * 0x7f800. */
static uint32_t shuffle_tf32(uint32_t x)
{
    return (x & 0x7F800u) | (x & 7u) << 8 | (x & 0x7F8u) >> 3;
}

BhStatus fpu_movd2ab(FpuOp *op, uint32_t w, SrcReg to)
{
    SrcDst *r = op->r;
    int use32 = !op->fp16a_force && (op->fp32_dst || op->int8_math);
    int style = op->fp16a_force ? FPU_STYLE_FP16 : fpu_fmt_style(op->srca_fmt);
    int four = TENSIX_GET(MOVD2A, INSTR_MOD, w) >> 1 & 1,
        lo = (int)TENSIX_GET(MOVD2A, DEST_32B_LO, w);
    uint32_t n = four ? 4 : 1;
    uint32_t drow = fpu_dst_row(op, TENSIX_GET(MOVD2A, DST, w)) & (four ? 0x3FCu : 0x3FFu);
    uint32_t rwc_row = to == SRC_A ? op->rwc->srca : op->rwc->srcb;
    uint32_t srow = (TENSIX_GET(MOVD2A, SRC, w) + rwc_row) & (four ? 0x3Cu : 0x3Fu);
    if (!use32 && (lo || style == FPU_STYLE_TF32)) {
        BH_LOG_GUEST(op->cfg->log,
                     "fpu: %s from 16-bit Dst with %s is undefined; Src left unchanged",
                     to == SRC_A ? "MOVD2A" : "MOVD2B", lo ? "UseDst32bLo" : "a TF32 SrcA format");
    } else {
        SrcBank *bank = &r->src[to][r->fpu_bank[to]];
        for (uint32_t i = 0; i < n; i++) {
            uint32_t row = (drow + i) & 0x3FFu;
            for (uint32_t col = 0; col < SRC_COLS; col++) {
                uint32_t v;
                if (use32) {
                    uint32_t d = fpu_dst32_defined(r, row) ? dst32_read(r, row, col) : 0;
                    if (lo)
                        d = d << 16 | (d & 0xFFFFu);
                    if (style == FPU_STYLE_BF16)
                        v = shuffle_bf16(d >> 16);
                    else if (style == FPU_STYLE_FP16)
                        v = shuffle_fp16(d >> 16);
                    else if (!lo)
                        v = shuffle_tf32(d >> 13);
                    else
                        v = d & 0x1FFFu;
                } else {
                    uint32_t d = fpu_dst16_defined(r, row) ? r->dst[row][col] : 0;
                    v = style == FPU_STYLE_BF16 ? shuffle_bf16(d) : shuffle_fp16(d);
                }
                bank->rows[srow + i][col] = v;
            }
        }
    }
    fpu_addr_mod(op, TENSIX_GET(MOVD2A, ADDR_MODE, w));
    return BH_OK;
}

/* ------------------------------------------------------------------ Src -> Src */

BhStatus fpu_movb2a(FpuOp *op, uint32_t w)
{
    SrcDst *r = op->r;
    int four = TENSIX_GET(MOVB2A, INSTR_MOD, w) >> 1 & 1;
    uint32_t mask = four ? 0x3Cu : 0x3Fu, n = four ? 4 : 1;
    uint32_t arow = (TENSIX_GET(MOVB2A, SRCA, w) + op->rwc->srca) & mask;
    uint32_t brow = (TENSIX_GET(MOVB2A, SRCB, w) + op->rwc->srcb) & mask;
    for (uint32_t i = 0; i < n; i++)
        memcpy(r->src[SRC_A][r->fpu_bank[SRC_A]].rows[arow + i],
               r->src[SRC_B][r->fpu_bank[SRC_B]].rows[brow + i], sizeof(uint32_t) * SRC_COLS);
    fpu_addr_mod(op, TENSIX_GET(MOVB2A, ADDR_MODE, w));
    return BH_OK;
}

BhStatus fpu_trnspsrcb(FpuOp *op)
{
    uint32_t(*b)[SRC_COLS] = op->r->src[SRC_B][op->r->fpu_bank[SRC_B]].rows;
    for (uint32_t i = 0; i < 16; i++)
        for (uint32_t j = 0; j < i; j++) {
            uint32_t t = b[16 + i][j];
            b[16 + i][j] = b[16 + j][i];
            b[16 + j][i] = t;
        }
    return BH_OK;
}

/* SHIFTXA: tt-llk's layout, shift_mode in bits 1:0 (2 right, 3 left). in_row is the 16-row
 * block the last SrcA-addressing instruction used (the page's HardwareBug()). */
BhStatus fpu_shiftxa(FpuOp *op, uint32_t w, uint32_t in_row)
{
    uint32_t dir = w & 3u;
    if (dir < 2)
        return BH_ERR_UNSUPPORTED; /* reserved encodings */
    uint32_t(*a)[SRC_COLS] = op->r->src[SRC_A][op->r->fpu_bank[SRC_A]].rows;
    for (uint32_t i = 0; i < 16; i++) {
        uint32_t in[SRC_COLS];
        memcpy(in, a[in_row + i], sizeof in);
        for (uint32_t col = 0; col < SRC_COLS; col++)
            if (dir == 2)
                a[i][col] = col ? in[col - 1] : 0;
            else
                a[i][col] = col < SRC_COLS - 1 ? in[col + 1] : 0;
    }
    return BH_OK;
}

/* SHIFTXB: tt-llk's layout, row in bits 5:0, ShiftInZero bit 10, ADDR_MODE bits 16:14 */
BhStatus fpu_shiftxb(FpuOp *op, uint32_t w)
{
    uint32_t row = ((w & 0x3Fu) + op->rwc->srcb) & 0x3Fu;
    uint32_t *b = op->r->src[SRC_B][op->r->fpu_bank[SRC_B]].rows[row];
    uint32_t c0 = b[0];
    for (uint32_t col = 0; col < SRC_COLS - 1; col++)
        b[col] = b[col + 1];
    b[SRC_COLS - 1] = (w >> 10 & 1u) ? 0 : c0;
    fpu_addr_mod(op, w >> 14 & 7u);
    return BH_OK;
}

/* ------------------------------------------------------------------ GMPOOL */

enum { DS_BF16, DS_FP16, DS_TF32, DS_INT32 };

typedef struct Datum {
    uint32_t sign; /* 1 bit */
    uint32_t exp;  /* 9 bits */
    uint32_t mag;  /* 10 bits: magnitude or mantissa */
} Datum;

static Datum read_dst(uint32_t v, int ds)
{
    Datum d = {v >> 31, 0, 0};
    switch (ds) {
    case DS_INT32: /* magnitude bits 9:0 and 18:10 of Sign, MagMid 7, MagHi 8, MagLo 16 */
        d.mag = v & 0x3FFu;
        d.exp = ((v >> 10 & 0x3Fu) + ((v >> 24 & 7u) << 6)) & 0x1FFu;
        break;
    case DS_FP16:
        d.exp = ((v >> 16 & 0x1Fu) + 15u) & 0x1FFu;
        d.mag = v >> 21 & 0x3FFu;
        break;
    default:
        d.exp = ((v >> 16 & 0xFFu) + 127u) & 0x1FFu;
        d.mag = (v >> 24 & 0x7Fu) << 3;
        if (ds == DS_TF32)
            d.mag += v >> 13 & 7u;
        break;
    }
    return d;
}

static uint32_t write_dst(Datum d, int ds)
{
    switch (ds) {
    case DS_INT32: /* sign and 13 magnitude bits only */
        return d.sign << 31 | (d.exp & 7u) << 10 | d.mag;
    case DS_FP16:
        if (!(d.exp & 0x3Fu))
            return 0;
        return d.sign << 31 | d.mag << 21 | ((d.exp - 15u) & 0x1Fu) << 16;
    default: {
        if (!d.exp)
            return 0;
        uint32_t x = d.sign << 31 | (d.mag & 0x3F8u) << 21 | ((d.exp - 127u) & 0xFFu) << 16;
        if (ds == DS_TF32)
            x += (d.mag & 7u) << 13;
        return x;
    }
    }
}

/* SrcA scaled by the exponent of SrcB: exponents add (biased twice, as Dst reads are) */
static Datum read_scale_src(uint32_t a, int style, uint32_t b)
{
    Datum d = {0, 0, 0};
    uint32_t ae = a & 0xFFu, be = b & 0xFFu;
    if (!be)
        return (Datum){1, 0x1FFu, 0x3FFu}; /* minus infinity */
    if (!ae)
        return d;
    d.sign = a >> 18 & 1u;
    d.mag = a >> 8 & 0x3FFu;
    switch (style) {
    case FPU_STYLE_INT8:
        break;
    case FPU_STYLE_FP16:
        d.exp = (ae & 0x1Fu) + (be & 0x1Fu);
        break;
    case FPU_STYLE_BF16:
        d.mag &= 0x3F8u;
        /* fall through */
    default:
        d.exp = (ae + be) & 0x1FFu;
        break;
    }
    return d;
}

static int32_t comparable(Datum d)
{
    int32_t v = (int32_t)((d.exp << 10) + d.mag);
    return d.sign ? -v : v;
}

BhStatus fpu_gmpool(FpuOp *op, uint32_t w)
{
    static const uint8_t index_code[8] = {0, 3, 6, 1, 4, 7, 2, 5};
    SrcDst *r = op->r;
    int argmax = (int)TENSIX_GET(GMPOOL, MAX_POOL_INDEX_EN, w), src_style, ds, use32;
    if (op->fp16a_force) {
        src_style = FPU_STYLE_FP16, ds = DS_FP16, use32 = 0;
    } else if (op->int8_math) {
        src_style = FPU_STYLE_INT8, ds = DS_INT32, use32 = 1;
    } else {
        use32 = op->fp32_dst;
        src_style = fpu_fmt_style(op->srca_fmt);
        if (src_style == FPU_STYLE_TF32)
            ds = argmax ? DS_INT32 : use32 ? DS_TF32 : DS_BF16;
        else if (src_style == FPU_STYLE_BF16)
            ds = argmax && use32 ? DS_BF16 : use32 ? DS_TF32 : DS_BF16;
        else
            ds = argmax && use32 ? DS_FP16 : use32 ? DS_TF32 : DS_FP16;
    }
    const uint32_t(*a)[SRC_COLS] = r->src[SRC_A][r->fpu_bank[SRC_A]].rows;
    const uint32_t *b = r->src[SRC_B][r->fpu_bank[SRC_B]].rows[op->rwc->srcb & 0x38u];
    uint32_t arow = op->rwc->srca & 0x30u;
    uint32_t drow = fpu_dst_row(op, TENSIX_GET(GMPOOL, DST, w)) & 0x3FCu;

    /* sampled before column 0 makes the row defined */
    int def = use32 ? fpu_dst32_defined(r, drow) : fpu_dst16_defined(r, drow);
    for (uint32_t j = 0; j < 16; j++) {
        uint32_t dv; /* undefined rows read as all ones: minus infinity */
        if (use32)
            dv = def ? dst32_read(r, drow, j) : 0xFFFFFFFFu;
        else
            dv = (uint32_t)(def ? r->dst[drow][j] : 0xFFFFu) << 16;
        Datum max = read_dst(dv, ds);
        uint32_t max_index = dv & 0xFFu, phase = (dv + 0x100u) & 0xF00u;
        for (uint32_t i_ = 0; i_ < 16; i_++) {
            uint32_t i = i_ < 8 ? i_ ^ 4u : i_; /* the visiting order decides argmax ties */
            Datum x = read_scale_src(a[arow + i][j], src_style, b[i]);
            if (comparable(x) >= comparable(max)) {
                max = x;
                if (i < 8)
                    max_index = ((phase >> 4) + index_code[i]) & 0xFFu;
            }
        }
        if (argmax)
            dv = ds == DS_INT32 ? (phase | max_index) : (write_dst(max, ds) | phase | max_index);
        else
            dv = write_dst(max, ds);
        if (use32) {
            fpu_dst32_put(r, drow, j, dv);
            for (uint32_t i = 1; i < 4; i++)
                fpu_dst32_put(r, drow + i, j,
                              argmax ? (dst32_read(r, drow + i, j) + 0x100u) & 0xF00u : 0);
        } else {
            fpu_dst16_put(r, drow, j, (uint16_t)(dv >> 16));
            for (uint32_t i = 1; i < 4; i++)
                fpu_dst16_put(r, drow + i, j, 0);
        }
    }
    fpu_flip_src(op, TENSIX_GET(GMPOOL, CLEAR_DVALID, w));
    fpu_addr_mod(op, TENSIX_GET(GMPOOL, POOL_ADDR_MODE, w));
    return BH_OK;
}
