// SPDX-License-Identifier: Apache-2.0
/* Tile data formats: codes, section sizes, L1 datum access and the unpackers' conversion
 * (UNPACR_Regular.md FormatConversion). The packer's side is in tile_format_pack.c. */
#include "model/tile/tensix/tile_format.h"
#include <string.h>
#include "model/tile/tensix/srcdst.h"

int tfmt_valid(uint32_t code)
{
    return code < TFMT_CODES && code != 12 && code != 13;
}

const char *tfmt_name(uint32_t code)
{
    static const char *const names[TFMT_CODES] = {
        "FP32",  "FP16",  "BFP8a", "BFP4a", "TF32",     "BF16",     "BFP8", "BFP4",
        "INT32", "INT16", "FP8",   "BFP2a", "reserved", "reserved", "INT8", "BFP2",
    };
    return code < TFMT_CODES ? names[code] : "reserved";
}

uint32_t tfmt_datum_bits(TfmtFormat f)
{
    switch (f) {
    case TFMT_FP32:
    case TFMT_TF32:
    case TFMT_INT32:
        return 32;
    case TFMT_FP16:
    case TFMT_BF16:
    case TFMT_INT16:
        return 16;
    case TFMT_BFP8:
    case TFMT_BFP8A:
    case TFMT_FP8:
    case TFMT_INT8:
        return 8;
    case TFMT_BFP4:
    case TFMT_BFP4A:
        return 4;
    case TFMT_BFP2:
    case TFMT_BFP2A:
        return 2;
    }
    BH_ASSERT(0);
    return 0;
}

int tfmt_is_bfp(TfmtFormat f)
{
    return f == TFMT_BFP8 || f == TFMT_BFP4 || f == TFMT_BFP2 || tfmt_is_bfp_a(f);
}

int tfmt_is_bfp_a(TfmtFormat f)
{
    return f == TFMT_BFP8A || f == TFMT_BFP4A || f == TFMT_BFP2A;
}

int tfmt_is_float(TfmtFormat f)
{
    return f != TFMT_INT32 && f != TFMT_INT16 && f != TFMT_INT8;
}

uint32_t tfmt_exp_section_bytes(TfmtFormat f, uint32_t n_datums)
{
    if (!tfmt_is_bfp(f))
        return 0;
    uint32_t exps = (n_datums + 15) / 16;
    return (exps + 15) / 16 * 16;
}

uint32_t tfmt_data_section_bytes(TfmtFormat f, uint32_t n_datums)
{
    return (uint32_t)(((uint64_t)n_datums * tfmt_datum_bits(f) + 7) / 8);
}

uint32_t tfmt_read_datum(TfmtFormat f, const uint8_t *data, uint32_t index)
{
    uint32_t bits = tfmt_datum_bits(f);
    if (bits < 8) {
        uint32_t bit = index * bits;
        return (uint32_t)(data[bit / 8] >> (bit % 8)) & ((1u << bits) - 1);
    }
    const uint8_t *p = data + (size_t)index * (bits / 8);
    uint32_t v = 0;
    for (uint32_t b = 0; b < bits / 8; b++)
        v |= (uint32_t)p[b] << (8 * b);
    return v;
}

void tfmt_write_datum(TfmtFormat f, uint8_t *data, uint32_t index, uint32_t v)
{
    uint32_t bits = tfmt_datum_bits(f);
    if (bits < 8) {
        uint32_t bit = index * bits, mask = (1u << bits) - 1;
        uint8_t *p = &data[bit / 8];
        *p = (uint8_t)((*p & ~(mask << (bit % 8))) | (v & mask) << (bit % 8));
        return;
    }
    uint8_t *p = data + (size_t)index * (bits / 8);
    for (uint32_t b = 0; b < bits / 8; b++)
        p[b] = (uint8_t)(v >> (8 * b));
}

/* ------------------------------------------------------------------ scalar conversions */

static unsigned leading_zeros8(uint8_t v)
{
    unsigned n = 0;
    while (n < 8 && !(v & 0x80u >> n))
        n++;
    return n;
}

/* Shared by both BFP families: the magnitude is normalised so its top set bit becomes the
 * implicit one, and the exponent drops by the shift (wrapping in 8 bits, as the documented
 * routine's uint8_t arithmetic does). */
uint16_t tfmt_bfp8_to_bf16(uint8_t datum, uint8_t exp)
{
    uint32_t sign = datum >> 7;
    uint8_t mag = (uint8_t)(datum << 1);
    if (mag == 0)
        return sign ? 0xFF80 : 0;
    unsigned lz = leading_zeros8(mag);
    mag = (uint8_t)(mag << lz);
    exp = (uint8_t)(exp - lz);
    return (uint16_t)(sign << 15 | (uint32_t)exp << 7 | (mag & 0x7Eu));
}

uint16_t tfmt_bfp8a_to_fp16(uint8_t datum, uint8_t exp, int *undefined)
{
    uint32_t sign = datum >> 7;
    uint8_t mag = (uint8_t)(datum << 1);
    if (mag == 0)
        return sign ? 0xFC00 : 0;
    unsigned lz = leading_zeros8(mag);
    mag = (uint8_t)(mag << lz);
    exp = (uint8_t)(exp - lz);
    if (exp & 0xE0) {
        if (undefined)
            *undefined = 1;
        exp &= 0x1F;
    }
    return (uint16_t)(sign << 15 | (uint32_t)exp << 10 | (uint32_t)(mag & 0x7Eu) << 3);
}

uint16_t tfmt_fp32_to_fp16(uint32_t fp32)
{
    uint32_t sign = fp32 >> 31 << 15;
    int32_t e = (int32_t)(fp32 >> 23 & 0xFF) - 127 + 15;
    if ((fp32 >> 23 & 0xFF) == 0xFF || e > 31)
        return (uint16_t)(sign | 0x7FFF); /* FP16 has no Inf/NaN: saturate */
    if (e < 1)
        return (uint16_t)sign; /* below the smallest FP16 normal */
    return (uint16_t)(sign | (uint32_t)e << 10 | (fp32 >> 13 & 0x3FF));
}

/* ------------------------------------------------------------------ unpack */

/* a little-endian 16-bit datum; on a little-endian host one load, which lets loops vectorise */
static inline uint32_t le16(const uint8_t *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint16_t v;
    memcpy(&v, p, sizeof v);
    return v;
#else
    return (uint32_t)p[0] | (uint32_t)p[1] << 8;
#endif
}

int tfmt_unpack_legal(uint32_t in, uint32_t out, int to_dst)
{
    if (!tfmt_valid(in) || !tfmt_valid(out))
        return 0;
    if (in == TFMT_FP32) {
        switch (out) {
        case TFMT_TF32:
        case TFMT_BF16:
        case TFMT_FP16:
            return 1;
        case TFMT_FP32:
            return to_dst; /* FP32 is not a Src type */
        default:
            return 0;
        }
    }
    if (in != out)
        return 0; /* every other input converts by In == Out */
    switch (in) {
    case TFMT_TF32:
    case TFMT_INT32:
        return to_dst; /* 32-bit data only reach Dst */
    default:
        return 1;
    }
}

int tfmt_unpack_dst32(uint32_t out)
{
    return out == TFMT_FP32 || out == TFMT_TF32 || out == TFMT_INT32;
}

static uint32_t to_register(const TfmtUnpack *u, SrcFmt kind, uint32_t raw)
{
    return u->to_dst ? dst16_from_raw(kind, raw) : src_from_raw(kind, raw);
}

uint32_t tfmt_unpack_datum(const TfmtUnpack *u, uint32_t bits, uint8_t exp, int *undefined)
{
    BH_ASSERT(tfmt_unpack_legal(u->in, u->out, u->to_dst));
    switch ((TfmtFormat)u->in) {
    case TFMT_FP32:
        if (u->out == TFMT_FP32 || u->out == TFMT_TF32) {
            if (u->to_dst)
                return dst32_from_fp32(bits); /* Dst has no TF32: the whole FP32 is kept */
            return src_from_raw(SRC_TF32, fp32_to_tf32_raw(bits));
        }
        if (u->out == TFMT_BF16) {
            if (!(bits & 0x7F800000u))
                bits &= 0x80000000u; /* denormals -> signed zero; the rest truncates */
            return to_register(u, SRC_BF16, bits >> 16);
        }
        return to_register(u, SRC_FP16, tfmt_fp32_to_fp16(bits));
    case TFMT_TF32:
    case TFMT_INT32:
        return dst32_from_fp32(bits); /* INT32 shares the FP32 layout */
    case TFMT_BF16:
        return to_register(u, SRC_BF16, bits);
    case TFMT_FP16:
        return to_register(u, SRC_FP16, bits);
    case TFMT_FP8:
        return to_register(u, SRC_FP16, bits << 8);
    case TFMT_BFP8:
    case TFMT_BFP4:
    case TFMT_BFP2: {
        unsigned up = 8 - tfmt_datum_bits((TfmtFormat)u->in);
        return to_register(u, SRC_BF16, tfmt_bfp8_to_bf16((uint8_t)(bits << up), exp));
    }
    case TFMT_BFP8A:
    case TFMT_BFP4A:
    case TFMT_BFP2A: {
        unsigned up = 8 - tfmt_datum_bits((TfmtFormat)u->in);
        return to_register(u, SRC_FP16, tfmt_bfp8a_to_fp16((uint8_t)(bits << up), exp, undefined));
    }
    case TFMT_INT8: {
        /* "Integer 8" rides on FP16: magnitude in the mantissa, a dummy exponent of 16 */
        uint32_t sign = u->int8_unsigned ? 0 : bits >> 7 & 1;
        uint32_t mag = u->int8_unsigned ? bits & 0xFF : bits & 0x7F;
        return to_register(u, SRC_INT8, sign << 10 | mag);
    }
    case TFMT_INT16:
        return u->to_dst ? (bits & 0xFFFF) : src_from_raw(SRC_INT16, bits);
    }
    BH_ASSERT(0);
    return 0;
}

uint32_t tfmt_unpack_row(const TfmtUnpack *u, const uint8_t *data, const uint8_t *exps,
                         uint32_t first, uint32_t n, uint32_t *out)
{
    TfmtFormat in = (TfmtFormat)u->in;
    if (in == TFMT_BF16) { /* the commonest input, without a call per datum */
        BH_ASSERT(tfmt_unpack_legal(u->in, u->out, u->to_dst));
        const uint8_t *p = data + 2 * (size_t)first;
        if (u->to_dst) {
            for (size_t i = 0; i < n; i++)
                out[i] = dst16_from_bf16(le16(p + 2 * i));
        } else {
            for (size_t i = 0; i < n; i++)
                out[i] = src_from_bf16(le16(p + 2 * i));
        }
        return 0;
    }
    int bfp = tfmt_is_bfp(in);
    uint32_t undefined = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t idx = first + i;
        uint8_t exp = 0;
        if (bfp)
            exp = u->force_exp ? u->forced_exp : exps[idx / 16];
        int undef = 0;
        out[i] = tfmt_unpack_datum(u, tfmt_read_datum(in, data, idx), exp, &undef);
        undefined += (uint32_t)undef;
    }
    return undefined;
}
