// SPDX-License-Identifier: Apache-2.0
/* The packer's format conversions (Packers/FormatConversion.md): the early conversion after the
 * Dst read, then the late conversion to the L1 format, including BFP exponent sharing. */
#include "model/tile/tensix/tile_format.h"
#include <stdio.h>
#include "model/tile/tensix/srcdst.h"

/* Early operations. Values in flight are FP32 bit patterns (8-bit exponent family), FP16 bit
 * patterns (5-bit family, whose exponent 31 is an ordinary value) or sign-magnitude integers. */
enum {
    EARLY_ID32,       /* 32-bit read, bits unchanged (identity or bitcast) */
    EARLY_RND_TF32,   /* round FP32 to 10 mantissa bits */
    EARLY_RND_BF16,   /* ... to 7 */
    EARLY_RND_E8M6,   /* ... to 6 */
    EARLY_TRUNC_BF16, /* drop the low 16 bits */
    EARLY_INT8_RAW,   /* sign and low 7 bits, or low 8 bits unsigned */
    EARLY_INT8_SHIFT, /* shift, round, saturate the magnitude */
    EARLY_BF16_ID,    /* 16-bit reads from here on */
    EARLY_BF16_RND,   /* BF16 to BF16/TF32 "rounding": nothing to round, rules still apply */
    EARLY_BF16_E8M6,
    EARLY_FP16_ID,
    EARLY_FP16_RND,
    EARLY_FP16_E5M7, /* truncation */
    EARLY_FP16_E5M6, /* rounding */
    EARLY_FP16_FP8,  /* truncation */
    EARLY_INT16_ID,
    EARLY_SIGN_ONLY, /* INT8 from a 16-bit float: sign bit, other bits zero */
};

/* Rounding as the packer documents it: to nearest, ties away from zero (the formats are
 * sign-magnitude, so that is "add half an ulp to the magnitude"); denormals and -0 become +0;
 * NaN becomes Inf. A carry out of the largest finite value gives Inf naturally. */
static uint32_t round_fp32(uint32_t v, unsigned keep)
{
    uint32_t e = v >> 23 & 0xFF, sign = v & 0x80000000u;
    if (e == 0)
        return 0;
    if (e == 0xFF)
        return sign | 0x7F800000u;
    unsigned drop = 23 - keep;
    uint32_t mag = v & 0x7FFFFFFFu;
    if (drop) {
        mag += 1u << (drop - 1);
        mag &= ~((1u << drop) - 1);
    }
    return sign | mag;
}

/* FP16 has no Inf to carry into: a carry past exponent 31 saturates. */
static uint32_t round_fp16(uint32_t v, unsigned keep)
{
    uint32_t e = v >> 10 & 0x1F, sign = v & 0x8000;
    if (e == 0)
        return 0;
    unsigned drop = 10 - keep;
    uint32_t mask = (1u << drop) - 1, mag = v & 0x7FFF;
    if (drop) {
        mag += 1u << (drop - 1);
        mag &= ~mask;
    }
    if (mag > 0x7FFF)
        mag = 0x7FFF & ~mask;
    return sign | mag;
}

static uint32_t int8_shift(uint32_t v, unsigned shift, int is_unsigned)
{
    uint64_t mag = v & 0x7FFFFFFFu;
    uint32_t sign = v >> 31;
    if (shift)
        mag = (mag + (1ull << (shift - 1))) >> shift;
    if (is_unsigned)
        return sign ? 0 : (uint32_t)BH_MIN(mag, 255);
    mag = BH_MIN(mag, 127);
    return mag ? (sign << 7 | (uint32_t)mag) : 0;
}

uint32_t tfmt_pack_early(const TfmtPack *p, uint32_t d)
{
    switch (p->early) {
    case EARLY_ID32:
        return dst32_to_fp32(d);
    case EARLY_RND_TF32:
        return round_fp32(dst32_to_fp32(d), 10);
    case EARLY_RND_BF16:
        return round_fp32(dst32_to_fp32(d), 7);
    case EARLY_RND_E8M6:
        return round_fp32(dst32_to_fp32(d), 6);
    case EARLY_TRUNC_BF16:
        return dst32_to_fp32(d) & 0xFFFF0000u;
    case EARLY_INT8_RAW: {
        uint32_t v = dst32_to_fp32(d);
        return p->int_unsigned ? (v & 0xFF) : ((v >> 31) << 7 | (v & 0x7F));
    }
    case EARLY_INT8_SHIFT:
        return int8_shift(dst32_to_fp32(d), p->shift, p->int_unsigned);
    case EARLY_BF16_ID:
        return dst16_to_raw(SRC_BF16, (uint16_t)d) << 16;
    case EARLY_BF16_RND:
        return round_fp32(dst16_to_raw(SRC_BF16, (uint16_t)d) << 16, 7);
    case EARLY_BF16_E8M6:
        return round_fp32(dst16_to_raw(SRC_BF16, (uint16_t)d) << 16, 6);
    case EARLY_FP16_ID:
        return dst16_to_raw(SRC_FP16, (uint16_t)d);
    case EARLY_FP16_RND:
        return round_fp16(dst16_to_raw(SRC_FP16, (uint16_t)d), 10);
    case EARLY_FP16_E5M7:
        return dst16_to_raw(SRC_FP16, (uint16_t)d) & ~7u;
    case EARLY_FP16_E5M6:
        return round_fp16(dst16_to_raw(SRC_FP16, (uint16_t)d), 6);
    case EARLY_FP16_FP8:
        return dst16_to_raw(SRC_FP16, (uint16_t)d) & ~0xFFu;
    case EARLY_INT16_ID:
        return dst16_to_raw(SRC_INT16, (uint16_t)d);
    case EARLY_SIGN_ONLY:
        return (d >> 15 & 1) << 7;
    }
    BH_ASSERT(0);
    return 0;
}

/* ------------------------------------------------------------------ plan */

static int fam_of_late_from(uint32_t f)
{
    switch (f) {
    case TFMT_FP32:
    case TFMT_TF32:
    case TFMT_BF16:
    case TFMT_BFP8:
        return TFMT_FAM_F8;
    case TFMT_FP16:
    case TFMT_BFP8A:
    case TFMT_FP8:
        return TFMT_FAM_F5;
    case TFMT_INT32:
        return TFMT_FAM_I32;
    case TFMT_INT16:
        return TFMT_FAM_I16;
    case TFMT_INT8:
        return TFMT_FAM_I8;
    }
    return -1; /* BFP4/BFP2 (+a) and reserved codes are not intermediate types */
}

/* The early table of FormatConversion.md, as the "Configuring the conversions" list sets it up.
 * Returns -1 for combinations the document does not describe. */
static int early_op(const TfmtPackCfg *c, uint8_t *dst_kind, int *fam)
{
    int raw = c->read_raw != 0, r10 = c->round_10b_mant != 0;
    if (c->read_32b) {
        *dst_kind = TFMT_FP32;
        *fam = TFMT_FAM_F8;
        switch (c->inter) {
        case TFMT_FP32:
            if (r10 && !raw)
                return EARLY_RND_TF32;
            *fam = TFMT_FAM_RAW32;
            return EARLY_ID32;
        case TFMT_TF32:
            if (raw) {
                *fam = TFMT_FAM_RAW32;
                return EARLY_ID32;
            }
            return EARLY_RND_TF32;
        case TFMT_BF16:
            return raw ? EARLY_TRUNC_BF16 : r10 ? EARLY_RND_TF32 : EARLY_RND_BF16;
        case TFMT_BFP8:
            return raw ? EARLY_TRUNC_BF16 : EARLY_RND_E8M6;
        case TFMT_INT32:
            *fam = TFMT_FAM_RAW32;
            return EARLY_ID32;
        case TFMT_INT8:
            *fam = TFMT_FAM_I8;
            return raw ? EARLY_INT8_RAW : EARLY_INT8_SHIFT;
        }
        return -1;
    }
    *dst_kind = TFMT_BF16;
    *fam = TFMT_FAM_F8;
    switch (c->inter) {
    case TFMT_BF16:
        return raw ? EARLY_BF16_ID : EARLY_BF16_RND;
    case TFMT_TF32:
        return raw ? -1 : EARLY_BF16_RND;
    case TFMT_FP32:
        return (r10 && !raw) ? EARLY_BF16_RND : -1;
    case TFMT_BFP8:
        return raw ? EARLY_BF16_ID : EARLY_BF16_E8M6;
    case TFMT_INT8:
        *fam = TFMT_FAM_I8;
        return (raw && !c->read_unsigned) ? EARLY_SIGN_ONLY : -1;
    case TFMT_INT16:
        *dst_kind = TFMT_INT16;
        *fam = TFMT_FAM_I16;
        return EARLY_INT16_ID;
    }
    *dst_kind = TFMT_FP16;
    *fam = TFMT_FAM_F5;
    switch (c->inter) {
    case TFMT_FP16:
        return raw ? EARLY_FP16_ID : EARLY_FP16_RND;
    case TFMT_BFP8A:
        return raw ? EARLY_FP16_E5M7 : EARLY_FP16_E5M6;
    case TFMT_FP8:
        return raw ? EARLY_FP16_FP8 : -1;
    }
    return -1;
}

static int late_legal(int fam, uint32_t from, uint32_t to)
{
    switch (fam) {
    case TFMT_FAM_I32:
        return to == TFMT_INT32;
    case TFMT_FAM_I16:
        return to == TFMT_INT16;
    case TFMT_FAM_I8:
        return to == TFMT_INT8;
    }
    if (!tfmt_is_float((TfmtFormat)to))
        return 0;
    return !(from == TFMT_FP32 && to == TFMT_TF32); /* "use early conversion" */
}

BhStatus tfmt_pack_plan(const TfmtPackCfg *c, TfmtPack *p, char *why, size_t why_len)
{
    uint8_t dst_kind = 0;
    int fam = 0, early = -1, from_fam = fam_of_late_from(c->late_from);
    if (!tfmt_valid(c->late_to) || from_fam < 0) {
        snprintf(why, why_len, "packer formats In %s / Out %s are not valid",
                 tfmt_name(c->late_from), tfmt_name(c->late_to));
        return BH_ERR_UNSUPPORTED;
    }
    early = early_op(c, &dst_kind, &fam);
    if (early < 0) {
        snprintf(why, why_len,
                 "packer early conversion to %s (Read_32b_data %u, Read_raw %u, "
                 "Round_10b_mant %u, Read_unsigned %u) is not documented",
                 tfmt_name(c->inter), c->read_32b, c->read_raw, c->round_10b_mant,
                 c->read_unsigned);
        return BH_ERR_UNSUPPORTED;
    }
    /* an unchanged 32-bit datum is whatever the late stage says it is */
    if (fam == TFMT_FAM_RAW32 && (from_fam == TFMT_FAM_F8 || from_fam == TFMT_FAM_I32))
        fam = from_fam;
    if (fam != from_fam || !late_legal(fam, c->late_from, c->late_to)) {
        snprintf(why, why_len, "packer conversion %s -> %s -> %s is not documented",
                 tfmt_name(c->inter), tfmt_name(c->late_from), tfmt_name(c->late_to));
        return BH_ERR_UNSUPPORTED;
    }
    p->dst_kind = dst_kind;
    p->early = (uint8_t)early;
    p->family = (uint8_t)fam;
    p->out = c->late_to;
    p->late_from = c->late_from;
    p->int_unsigned = c->read_unsigned != 0;
    p->shift = c->shift_amount & 31;
    return BH_OK;
}

/* ------------------------------------------------------------------ late conversion */

static uint32_t fp16_to_fp32(uint32_t h)
{
    uint32_t sign = (h & 0x8000) << 16, e = h >> 10 & 0x1F;
    if (e == 0)
        return sign; /* FP16 denormals: documented as mishandled; flushed here */
    return sign | (e - 15 + 127) << 23 | (h & 0x3FF) << 13;
}

/* the value as an FP32 pattern (8-bit family) or FP16 pattern (5-bit family) */
static uint32_t as_fp32(int fam, uint32_t v)
{
    return fam == TFMT_FAM_F5 ? fp16_to_fp32(v) : v;
}

static uint32_t as_fp16(int fam, uint32_t v)
{
    return fam == TFMT_FAM_F5 ? v : tfmt_fp32_to_fp16(v);
}

/* mantissa width of an intermediate type (BFP8 / BFP8a stand for E8M7 / E5M7 there) */
static unsigned mant_bits(uint32_t f)
{
    switch (f) {
    case TFMT_FP32:
        return 23;
    case TFMT_TF32:
    case TFMT_FP16:
        return 10;
    case TFMT_FP8:
        return 2;
    default:
        return 7;
    }
}

/* Denormals survive a late conversion only where neither exponent nor mantissa narrows. */
static uint32_t flush_if_narrowed(const TfmtPack *p, unsigned out_mant, uint32_t v,
                                  uint32_t exp_mask, uint32_t sign_bit)
{
    if ((v & exp_mask) || out_mant >= mant_bits(p->late_from))
        return v;
    return v & sign_bit;
}

static uint32_t late_scalar(const TfmtPack *p, uint32_t v)
{
    int fam = p->family;
    switch ((TfmtFormat)p->out) {
    case TFMT_FP32:
        return as_fp32(fam, v);
    case TFMT_TF32:
        return as_fp32(fam, v) & ~0x1FFFu;
    case TFMT_BF16:
        return flush_if_narrowed(p, 7, as_fp32(fam, v), 0x7F800000u, 0x80000000u) >> 16;
    case TFMT_FP16:
        return as_fp16(fam, v);
    case TFMT_FP8:
        return flush_if_narrowed(p, 2, as_fp16(fam, v), 0x7C00, 0x8000) >> 8;
    case TFMT_INT32:
        return v;
    case TFMT_INT16:
        return v & 0xFFFF;
    case TFMT_INT8:
        return v & 0xFF;
    default:
        break;
    }
    BH_ASSERT(0);
    return 0;
}

/* BFP: datums first become BF16 (8-bit shared exponent) or E5M7 (5-bit), then share the largest
 * exponent of their group of 16; each magnitude 1.mmmmmmm is shifted right to that exponent and
 * rounded to 7 bits (to nearest, ties away), and BFP4/BFP2 truncate that. */
static void pack_bfp_group(const TfmtPack *p, const uint32_t *vals, uint32_t n, uint8_t *data,
                           uint32_t first, uint8_t *exp_out)
{
    TfmtFormat out = (TfmtFormat)p->out;
    int a = tfmt_is_bfp_a(out);
    uint32_t e[16], m[16], s[16], emax = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t v = vals[i];
        if (a) {
            uint32_t h = as_fp16(p->family, v) & ~7u; /* E5M7 */
            s[i] = h >> 15;
            e[i] = h >> 10 & 0x1F;
            m[i] = h >> 3 & 0x7F;
        } else {
            uint32_t b = as_fp32(p->family, v) >> 16; /* BF16 by truncation */
            s[i] = b >> 15;
            e[i] = b >> 7 & 0xFF;
            m[i] = b & 0x7F;
        }
        if (e[i] > emax)
            emax = e[i];
    }
    unsigned bits = tfmt_datum_bits(out);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t mag = 0;
        if (e[i]) {
            uint32_t shift = 1 + emax - e[i];
            uint32_t full = 0x80 | m[i];
            mag = shift > 8 ? 0 : (full + (1u << (shift - 1))) >> shift;
            mag = BH_MIN(mag, 127u) >> (8 - bits);
        }
        uint32_t datum = mag ? (s[i] << (bits - 1) | mag) : 0;
        tfmt_write_datum(out, data, first + i, datum);
    }
    *exp_out = (uint8_t)emax;
}

void tfmt_pack_late(const TfmtPack *p, const uint32_t *vals, uint32_t n, uint8_t *data,
                    uint8_t *exps)
{
    TfmtFormat out = (TfmtFormat)p->out;
    if (!tfmt_is_bfp(out)) {
        for (uint32_t i = 0; i < n; i++)
            tfmt_write_datum(out, data, i, late_scalar(p, vals[i]));
        return;
    }
    for (uint32_t g = 0; g * 16 < n; g++)
        pack_bfp_group(p, vals + g * 16, BH_MIN(16u, n - g * 16), data, g * 16, &exps[g]);
}

void tfmt_pack_row(const TfmtPack *p, const uint32_t *dst, uint32_t n, uint8_t *data, uint8_t *exps)
{
    for (uint32_t g = 0; g * 16 < n; g++) {
        uint32_t vals[16], cnt = BH_MIN(16u, n - g * 16);
        for (uint32_t i = 0; i < cnt; i++)
            vals[i] = tfmt_pack_early(p, dst[g * 16 + i]);
        tfmt_pack_late(p, vals, cnt, data + g * 16 * tfmt_datum_bits((TfmtFormat)p->out) / 8,
                       exps ? exps + g : NULL);
    }
}
