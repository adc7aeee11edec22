// SPDX-License-Identifier: Apache-2.0
/* Tile data formats: the unpack conversions of UNPACR's FormatConversion and the legal pairs of
 * Unpackers/FormatConversion.md, the packer's early/late conversions and BFP exponent sharing
 * (Packers/FormatConversion.md), checked against values worked out here with float arithmetic
 * and register layouts placed field by field from the Src/Dst diagrams. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "model/tile/tensix/tile_format.h"
#include "tests/check.h"

/* ------------------------------------------------------------------ test-side references */

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

static uint32_t f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static float u2f(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* Register layouts: sign, then mantissa, then exponent (the diagrams' field order). */
static uint32_t src_dat(uint32_t s, uint32_t man10, uint32_t exp8)
{
    return s << 18 | man10 << 8 | exp8;
}
static uint32_t src_of_bf16(uint32_t b)
{
    return src_dat(b >> 15, (b & 0x7F) << 3, b >> 7 & 0xFF);
}
static uint32_t src_of_fp16(uint32_t h)
{
    return src_dat(h >> 15, h & 0x3FF, h >> 10 & 0x1F);
}
static uint32_t dst_of_bf16(uint32_t b)
{
    return (b & 0x8000) | (b & 0x7F) << 8 | (b >> 7 & 0xFF);
}
static uint32_t dst_of_fp16(uint32_t h)
{
    return (h & 0x8000) | (h & 0x3FF) << 5 | (h >> 10 & 0x1F);
}
static uint32_t dst_of_fp32(uint32_t f)
{
    return dst_of_bf16(f >> 16) << 16 | (f & 0xFFFF);
}

/* Tensix FP16 from a real value: |v| >= 2^17 (or non-finite) saturates to 0x7FFF, |v| < 2^-14
 * flushes, the mantissa is truncated (FP16 exponent 31 is an ordinary value). */
static uint32_t ref_fp16_trunc(double v)
{
    uint32_t s = signbit(v) ? 0x8000 : 0;
    double a = fabs(v);
    if (!isfinite(a) || a >= 131072.0)
        return s | 0x7FFF;
    if (a < ldexp(1, -14))
        return s;
    int k;
    double f = frexp(a, &k); /* a = f * 2^k, f in [0.5, 1) */
    uint32_t man = (uint32_t)floor(f * 2048.0) - 1024;
    return s | (uint32_t)(k - 1 + 15) << 10 | man;
}

static double fp16_value(uint32_t h) /* normal Tensix FP16 */
{
    double v = ldexp(1.0 + (h & 0x3FF) / 1024.0, (int)(h >> 10 & 0x1F) - 15);
    return (h & 0x8000) ? -v : v;
}

/* FP32 rounded to `keep` mantissa bits, to nearest with ties away, via double arithmetic */
static uint32_t ref_round(uint32_t fp32, int keep)
{
    float x = u2f(fp32);
    if (isnan(x))
        return (fp32 & 0x80000000u) | 0x7F800000u;
    if (isinf(x))
        return fp32;
    if ((fp32 & 0x7F800000u) == 0)
        return 0;
    int k;
    frexp(fabs(x), &k);
    double ulp = ldexp(1, k - 1 - keep);
    double q = floor(fabs(x) / ulp + 0.5) * ulp;
    if (q >= ldexp(1, 128))
        return (fp32 & 0x80000000u) | 0x7F800000u;
    return (fp32 & 0x80000000u) | f2u((float)q); /* exact */
}

static int legal_ref(uint32_t in, uint32_t out, int dst)
{
    /* the two configuration tables of Unpackers/FormatConversion.md (Src; Dst), plus the
     * TF32 -> Dst cases the UNPACR functional model defines */
    static const uint8_t both[][2] = {
        {0, 5}, {0, 1}, {5, 5},   {6, 6},   {7, 7}, {15, 15}, {1, 1},
        {2, 2}, {3, 3}, {11, 11}, {10, 10}, {9, 9}, {14, 14},
    };
    for (unsigned i = 0; i < sizeof both / sizeof both[0]; i++)
        if (both[i][0] == in && both[i][1] == out)
            return 1;
    if (in == 0 && out == 4)
        return 1; /* FP32 -> TF32: Src TF32, Dst FP32 */
    if (!dst)
        return 0;
    return (in == 0 && out == 0) || (in == 8 && out == 8) || (in == 4 && out == 4);
}

/* ------------------------------------------------------------------ format table */

static void test_format_table(void)
{
    static const struct {
        uint32_t code, bits;
        const char *name;
        int bfp;
    } t[] = {
        {0, 32, "FP32", 0},  {1, 16, "FP16", 0},  {2, 8, "BFP8a", 1}, {3, 4, "BFP4a", 1},
        {4, 32, "TF32", 0},  {5, 16, "BF16", 0},  {6, 8, "BFP8", 1},  {7, 4, "BFP4", 1},
        {8, 32, "INT32", 0}, {9, 16, "INT16", 0}, {10, 8, "FP8", 0},  {11, 2, "BFP2a", 1},
        {14, 8, "INT8", 0},  {15, 2, "BFP2", 1},
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        CHECK(tfmt_valid(t[i].code));
        CHECK_EQ_U32(tfmt_datum_bits((TfmtFormat)t[i].code), t[i].bits);
        CHECK(strcmp(tfmt_name(t[i].code), t[i].name) == 0);
        CHECK_EQ_U32(tfmt_is_bfp((TfmtFormat)t[i].code), t[i].bfp);
        /* a 32x32 tile: 1024 datums, 64 exponents = 64 bytes (already 16-aligned) */
        CHECK_EQ_U32(tfmt_data_section_bytes((TfmtFormat)t[i].code, 1024), 1024 * t[i].bits / 8);
        CHECK_EQ_U32(tfmt_exp_section_bytes((TfmtFormat)t[i].code, 1024), t[i].bfp ? 64 : 0);
    }
    CHECK(!tfmt_valid(12) && !tfmt_valid(13) && !tfmt_valid(16));
    CHECK(strcmp(tfmt_name(12), "reserved") == 0);
    CHECK(tfmt_is_bfp_a(TFMT_BFP2A) && !tfmt_is_bfp_a(TFMT_BFP2));
    /* one 16x16 face: 16 exponents -> one 16-byte block; 17 exponents -> two blocks */
    CHECK_EQ_U32(tfmt_exp_section_bytes(TFMT_BFP4, 256), 16);
    CHECK_EQ_U32(tfmt_exp_section_bytes(TFMT_BFP4, 257), 32);
    CHECK_EQ_U32(tfmt_exp_section_bytes(TFMT_BFP8, 1), 16);
    CHECK_EQ_U32(tfmt_data_section_bytes(TFMT_BFP2, 5), 2);
    CHECK_EQ_U32(tfmt_data_section_bytes(TFMT_BFP4, 3), 2);
}

static void test_datum_access(void)
{
    uint8_t b[8] = {0x21, 0x43, 0x65, 0x87, 0xE4, 0, 0, 0};
    CHECK_EQ_U32(tfmt_read_datum(TFMT_BFP4, b, 0), 0x1); /* low nibble first */
    CHECK_EQ_U32(tfmt_read_datum(TFMT_BFP4, b, 1), 0x2);
    CHECK_EQ_U32(tfmt_read_datum(TFMT_BFP4, b, 7), 0x8);
    CHECK_EQ_U32(tfmt_read_datum(TFMT_BFP2, b, 16), 0x0); /* 0xE4 = 11 10 01 00 */
    CHECK_EQ_U32(tfmt_read_datum(TFMT_BFP2, b, 17), 0x1);
    CHECK_EQ_U32(tfmt_read_datum(TFMT_BFP2, b, 19), 0x3);
    CHECK_EQ_U32(tfmt_read_datum(TFMT_BF16, b, 1), 0x8765);
    CHECK_EQ_U32(tfmt_read_datum(TFMT_FP32, b, 0), 0x87654321u);
    tfmt_write_datum(TFMT_BFP4, b, 1, 0xF);
    CHECK_EQ_U32(b[0], 0xF1);
    tfmt_write_datum(TFMT_BFP2, b, 18, 0);
    CHECK_EQ_U32(b[4], 0xC4);
    tfmt_write_datum(TFMT_INT32, b, 1, 0xA1B2C3D4u);
    CHECK(b[4] == 0xD4 && b[7] == 0xA1);
}

static void test_unpack_legal_pairs(void)
{
    uint32_t legal = 0;
    for (int dst = 0; dst < 2; dst++)
        for (uint32_t in = 0; in < 17; in++)
            for (uint32_t out = 0; out < 17; out++) {
                int want = in < 16 && out < 16 && legal_ref(in, out, dst);
                CHECK_EQ_U32(tfmt_unpack_legal(in, out, dst), want);
                legal += (uint32_t)want;
            }
    CHECK_EQ_U32(legal, 14 + 17); /* 14 Src pairs, 17 Dst pairs */
    /* pairs that software might try but the documents rule out */
    CHECK(!tfmt_unpack_legal(TFMT_BF16, TFMT_FP16, 0));
    CHECK(!tfmt_unpack_legal(TFMT_FP16, TFMT_BF16, 1));
    CHECK(!tfmt_unpack_legal(TFMT_INT32, TFMT_INT32, 0));
    CHECK(!tfmt_unpack_legal(TFMT_FP32, TFMT_FP32, 0));
    CHECK(!tfmt_unpack_legal(TFMT_TF32, TFMT_TF32, 0));
    CHECK(!tfmt_unpack_legal(TFMT_FP32, TFMT_BFP8, 1));
    CHECK(!tfmt_unpack_legal(TFMT_BFP4, TFMT_BFP8, 0));
    CHECK(tfmt_unpack_dst32(TFMT_TF32) && tfmt_unpack_dst32(TFMT_INT32) &&
          !tfmt_unpack_dst32(TFMT_BF16));
}

/* ------------------------------------------------------------------ unpack */

static uint32_t unpack1(uint32_t in, uint32_t out, int dst, uint32_t bits)
{
    TfmtUnpack u = {.in = (uint8_t)in, .out = (uint8_t)out, .to_dst = (uint8_t)dst};
    return tfmt_unpack_datum(&u, bits, 0, NULL);
}

static void test_unpack_fp32(void)
{
    /* chosen values: +-0, +-1, min/max normal, a denormal, Inf, NaN, pi */
    CHECK_EQ_U32(unpack1(0, 4, 0, 0x3F800000u), src_dat(0, 0, 127));
    CHECK_EQ_U32(unpack1(0, 4, 0, 0xBF800000u), src_dat(1, 0, 127));
    CHECK_EQ_U32(unpack1(0, 4, 0, 0x40490FDBu), src_dat(0, 0x248, 128)); /* pi, truncated */
    CHECK_EQ_U32(unpack1(0, 4, 0, 0x00000001u), 0);                      /* TF32 keeps exp 0 bits */
    CHECK_EQ_U32(unpack1(0, 4, 0, 0x00400000u), src_dat(0, 0x200, 0));   /* no flush for TF32 */
    CHECK_EQ_U32(unpack1(0, 5, 0, 0x00400000u), 0);                /* BF16 flushes denormals */
    CHECK_EQ_U32(unpack1(0, 5, 0, 0x80400000u), src_dat(1, 0, 0)); /* ... to signed zero */
    CHECK_EQ_U32(unpack1(0, 5, 0, 0x7F7FFFFFu), src_dat(0, 0x3F8, 254)); /* truncation */
    CHECK_EQ_U32(unpack1(0, 5, 1, 0x00800000u), dst_of_bf16(0x0080));    /* min normal */
    CHECK_EQ_U32(unpack1(0, 5, 1, 0xFF800000u), dst_of_bf16(0xFF80));    /* -Inf kept */
    CHECK_EQ_U32(unpack1(0, 5, 1, 0x7FC00001u), dst_of_bf16(0x7FC0));    /* NaN kept */
    CHECK_EQ_U32(unpack1(0, 0, 1, 0x40490FDBu), dst_of_fp32(0x40490FDBu));
    CHECK_EQ_U32(unpack1(0, 4, 1, 0x40490FDBu), dst_of_fp32(0x40490FDBu)); /* TF32 = FP32 */
    CHECK_EQ_U32(unpack1(4, 4, 1, 0x3F802000u), dst_of_fp32(0x3F802000u));
    CHECK_EQ_U32(unpack1(0, 1, 0, 0x3F800000u), src_of_fp16(0x3C00));
    CHECK_EQ_U32(unpack1(0, 1, 1, 0x477FE000u), dst_of_fp16(0x7BFF)); /* 65504 */
    CHECK_EQ_U32(unpack1(0, 1, 1, 0x47800000u), dst_of_fp16(0x7C00)); /* 2^16: exp 31 is */
    CHECK_EQ_U32(unpack1(0, 1, 1, 0xC7FFE000u), dst_of_fp16(0xFFFF)); /* a normal value */
    CHECK_EQ_U32(unpack1(0, 1, 1, 0xC7FFFFFFu), dst_of_fp16(0xFFFF)); /* truncated */
    CHECK_EQ_U32(unpack1(0, 1, 1, 0x48000000u), dst_of_fp16(0x7FFF)); /* 2^17 saturates */
    CHECK_EQ_U32(unpack1(0, 1, 0, 0x7F800000u), src_of_fp16(0x7FFF)); /* Inf saturates */
    CHECK_EQ_U32(unpack1(0, 1, 0, 0xFFC00000u), src_of_fp16(0xFFFF)); /* so does NaN */
    CHECK_EQ_U32(unpack1(0, 1, 0, 0x387FFFFFu), src_of_fp16(0));      /* < 2^-14 flushes */
    CHECK_EQ_U32(unpack1(0, 1, 0, 0x38800000u), src_of_fp16(0x0400)); /* 2^-14 */

    /* random values against the float references */
    uint32_t bad = 0;
    for (int i = 0; i < 200000; i++) {
        uint32_t f = rnd() ^ rnd() << 16;
        float x = u2f(f);
        uint32_t tf = f >> 13;
        bad += unpack1(0, 4, 0, f) != src_dat(tf >> 18, tf & 0x3FF, tf >> 10 & 0xFF);
        uint32_t bf = (f & 0x7F800000u) ? f >> 16 : (f >> 16 & 0x8000);
        bad += unpack1(0, 5, 0, f) != src_of_bf16(bf);
        bad += unpack1(0, 5, 1, f) != dst_of_bf16(bf);
        bad += unpack1(0, 0, 1, f) != dst_of_fp32(f);
        uint32_t h = ref_fp16_trunc(isnan(x) ? (signbit(x) ? -INFINITY : INFINITY) : x);
        bad += unpack1(0, 1, 0, f) != src_of_fp16(h);
        bad += unpack1(0, 1, 1, f) != dst_of_fp16(h);
        /* the value survives within the FP16 truncation bound where FP16 can hold it */
        double a = fabs((double)x);
        if (isfinite(a) && a >= ldexp(1, -14) && a < 131072.0)
            bad += fabs(fp16_value(h) - (double)x) >= a * ldexp(1, -10);
    }
    CHECK_EQ_U32(bad, 0);
}

static void test_unpack_16_and_8(void)
{
    uint32_t bad = 0;
    for (uint32_t v = 0; v < 0x10000; v++) {
        bad += unpack1(5, 5, 0, v) != src_of_bf16(v);
        bad += unpack1(5, 5, 1, v) != dst_of_bf16(v);
        bad += unpack1(1, 1, 0, v) != src_of_fp16(v); /* denormals kept as bits */
        bad += unpack1(1, 1, 1, v) != dst_of_fp16(v);
        /* INT16 to Src: high byte moves up three places, low byte stays (opaque data) */
        bad += unpack1(9, 9, 0, v) != ((v >> 8) << 11 | (v & 0xFF));
        bad += unpack1(9, 9, 1, v) != v;
    }
    for (uint32_t v = 0; v < 256; v++) {
        /* FP8 e5m2 is the top byte of an FP16 */
        bad += unpack1(10, 10, 0, v) != src_of_fp16(v << 8);
        bad += unpack1(10, 10, 1, v) != dst_of_fp16(v << 8);
        /* INT8 sign-magnitude: the value -> sign, magnitude in the mantissa, exponent 16 */
        int val = (v & 0x80) ? -(int)(v & 0x7F) : (int)(v & 0x7F);
        uint32_t s = v >> 7, mag = (uint32_t)abs(val), e = mag ? 16 : 0;
        bad += unpack1(14, 14, 0, v) != src_dat(s, mag, e);
        bad += unpack1(14, 14, 1, v) != (s << 15 | mag << 5 | e);
        TfmtUnpack u = {.in = 14, .out = 14, .int8_unsigned = 1};
        bad += tfmt_unpack_datum(&u, v, 0, NULL) != src_dat(0, v, v ? 16 : 0);
        u.to_dst = 1;
        bad += tfmt_unpack_datum(&u, v, 0, NULL) != (v << 5 | (v ? 16u : 0u));
    }
    CHECK_EQ_U32(bad, 0);
    CHECK_EQ_U32(unpack1(14, 14, 0, 0x85), src_dat(1, 5, 16));   /* -5 */
    CHECK_EQ_U32(unpack1(10, 10, 1, 0x3C), dst_of_fp16(0x3C00)); /* 1.0 */
}

static void test_unpack_32_to_dst(void)
{
    uint32_t bad = 0;
    for (int i = 0; i < 100000; i++) {
        uint32_t v = rnd() ^ rnd() << 16;
        /* INT32 sign-magnitude uses the FP32 layout: top 16 bits swizzled like a BF16 */
        bad += unpack1(8, 8, 1, v) != dst_of_fp32(v);
        bad += unpack1(4, 4, 1, v) != dst_of_fp32(v);
    }
    CHECK_EQ_U32(bad, 0);
    CHECK_EQ_U32(unpack1(8, 8, 1, 0x80000005u), 0x80000005u);
}

/* BFP datum value = sign * Mag / 2^(bits-2) * 2^(E - bias) (FloatBitPatterns.md) */
static double bfp_value(uint32_t d, unsigned bits, int e, int bias)
{
    uint32_t mag = d & ((1u << (bits - 1)) - 1);
    double v = ldexp(mag, (int)(e - bias) - (int)(bits - 2));
    return (d >> (bits - 1)) ? -v : v;
}

static uint32_t bf16_of(double v) /* exact for the values used here */
{
    return f2u((float)v) >> 16;
}

static void test_unpack_bfp(void)
{
    static const TfmtFormat b8[] = {TFMT_BFP8, TFMT_BFP4, TFMT_BFP2};
    static const TfmtFormat a8[] = {TFMT_BFP8A, TFMT_BFP4A, TFMT_BFP2A};
    uint8_t data[256], exps[16];
    uint32_t out[256], bad = 0;
    for (int k = 0; k < 3; k++) {
        TfmtFormat f = b8[k], fa = a8[k];
        unsigned bits = tfmt_datum_bits(f);
        for (int rep = 0; rep < 200; rep++) {
            for (int i = 0; i < 256; i++)
                data[i] = (uint8_t)rnd();
            for (int i = 0; i < 16; i++)
                exps[i] = (uint8_t)(8 + rnd() % 240);
            uint32_t first = rnd() % 64, n = 64 + rnd() % 64;
            for (int dst = 0; dst < 2; dst++) {
                TfmtUnpack u = {.in = f, .out = f, .to_dst = (uint8_t)dst};
                CHECK_EQ_U32(tfmt_unpack_row(&u, data, exps, first, n, out), 0);
                for (uint32_t i = 0; i < n; i++) {
                    uint32_t d = tfmt_read_datum(f, data, first + i);
                    double v = bfp_value(d, bits, exps[(first + i) / 16], 127);
                    uint32_t b = (d == 1u << (bits - 1)) ? 0xFF80 : bf16_of(v); /* -0: -Inf */
                    bad += out[i] != (dst ? dst_of_bf16(b) : src_of_bf16(b));
                }
                /* the 'a' variant: same magnitudes, 5-bit exponent, FP16 result */
                for (int i = 0; i < 16; i++)
                    exps[i] = (uint8_t)(7 + exps[i] % 25);
                TfmtUnpack ua = {.in = fa, .out = fa, .to_dst = (uint8_t)dst};
                CHECK_EQ_U32(tfmt_unpack_row(&ua, data, exps, first, n, out), 0);
                for (uint32_t i = 0; i < n; i++) {
                    uint32_t d = tfmt_read_datum(fa, data, first + i);
                    double v = bfp_value(d, bits, exps[(first + i) / 16], 15);
                    uint32_t h = (d == 1u << (bits - 1)) ? 0xFC00 : v == 0 ? 0 : ref_fp16_trunc(v);
                    bad += out[i] != (dst ? dst_of_fp16(h) : src_of_fp16(h));
                }
                for (int i = 0; i < 16; i++)
                    exps[i] = (uint8_t)(8 + rnd() % 240);
            }
        }
    }
    CHECK_EQ_U32(bad, 0);

    /* chosen BFP8 values, exponent 130: 0x40 = 1.0 * 2^3, 0x41 = (1 + 1/64) * 8, 0x01 = 8/64 */
    TfmtUnpack u = {.in = TFMT_BFP8, .out = TFMT_BFP8};
    uint8_t d8[4] = {0x40, 0xC1, 0x01, 0x00}, e8[1] = {130};
    CHECK_EQ_U32(tfmt_unpack_row(&u, d8, e8, 0, 4, out), 0);
    CHECK_EQ_U32(out[0], src_of_bf16(f2u(8.0f) >> 16));
    CHECK_EQ_U32(out[1], src_of_bf16(f2u(-8.125f) >> 16));
    CHECK_EQ_U32(out[2], src_of_bf16(f2u(0.125f) >> 16));
    CHECK_EQ_U32(out[3], 0);
    /* a forced exponent replaces the section (INT8 -> BF16 via BFP8 + Force_shared_exp):
     * with exponent 127 + 6, magnitude m reads as the integer m */
    u.force_exp = 1;
    u.forced_exp = 133;
    uint8_t ints[3] = {0x05, 0xFF, 0x7F};
    tfmt_unpack_row(&u, ints, NULL, 0, 3, out);
    CHECK_EQ_U32(out[0], src_of_bf16(f2u(5.0f) >> 16));
    CHECK_EQ_U32(out[1], src_of_bf16(f2u(-127.0f) >> 16)); /* BFP8 -> BF16 is lossless */
    CHECK_EQ_U32(out[2], src_of_bf16(f2u(127.0f) >> 16));
    /* normalising below exponent 0 wraps in 8 bits, as the documented routine does */
    uint8_t tiny = 0x01, e3 = 3;
    u.force_exp = 0;
    tfmt_unpack_row(&u, &tiny, &e3, 0, 1, out);
    CHECK_EQ_U32(out[0], src_dat(0, 0, (3u - 6u) & 0xFF));
    /* BFP8a: a normalised exponent beyond 5 bits is undefined and reported */
    TfmtUnpack ua = {.in = TFMT_BFP8A, .out = TFMT_BFP8A, .to_dst = 1};
    uint8_t big = 0x40, e40 = 40;
    CHECK_EQ_U32(tfmt_unpack_row(&ua, &big, &e40, 0, 1, out), 1);
}

/* ------------------------------------------------------------------ pack */

static TfmtPack plan(uint8_t r32, uint8_t raw, uint8_t r10, uint8_t inter, uint8_t from, uint8_t to)
{
    TfmtPackCfg c = {.read_32b = r32,
                     .read_raw = raw,
                     .round_10b_mant = r10,
                     .inter = inter,
                     .late_from = from,
                     .late_to = to};
    TfmtPack p;
    char why[160];
    memset(&p, 0, sizeof p);
    BhStatus st = tfmt_pack_plan(&c, &p, why, sizeof why);
    if (st != BH_OK)
        fprintf(stderr, "plan: %s\n", why);
    CHECK_OK(st);
    return p;
}

static int plan_ok(uint8_t r32, uint8_t raw, uint8_t r10, uint8_t uns, uint8_t inter, uint8_t from,
                   uint8_t to)
{
    TfmtPackCfg c = {.read_32b = r32,
                     .read_raw = raw,
                     .round_10b_mant = r10,
                     .read_unsigned = uns,
                     .inter = inter,
                     .late_from = from,
                     .late_to = to};
    TfmtPack p;
    char why[160] = "";
    BhStatus st = tfmt_pack_plan(&c, &p, why, sizeof why);
    CHECK(st == BH_OK || strlen(why) > 0); /* a rejection always says why */
    return st == BH_OK;
}

static void test_pack_plan(void)
{
    CHECK(plan_ok(1, 0, 0, 0, TFMT_BF16, TFMT_BF16, TFMT_BFP8));
    CHECK(plan_ok(1, 1, 0, 0, TFMT_INT32, TFMT_INT32, TFMT_INT32));
    CHECK(plan_ok(1, 0, 0, 0, TFMT_FP32, TFMT_FP32, TFMT_FP16));
    CHECK(plan_ok(0, 1, 0, 0, TFMT_FP16, TFMT_FP16, TFMT_BFP8A));
    CHECK(plan_ok(0, 0, 0, 0, TFMT_INT16, TFMT_INT16, TFMT_INT16));
    CHECK(plan_ok(1, 0, 0, 1, TFMT_INT8, TFMT_INT8, TFMT_INT8));
    CHECK(!plan_ok(1, 0, 0, 0, TFMT_FP32, TFMT_FP32, TFMT_TF32)); /* "use early conversion" */
    CHECK(!plan_ok(0, 0, 0, 0, TFMT_FP32, TFMT_FP32, TFMT_FP32)); /* BF16 -> FP32: "No" */
    CHECK(!plan_ok(1, 0, 0, 0, TFMT_FP16, TFMT_FP16, TFMT_FP16)); /* FP32 -> FP16 early: No */
    CHECK(!plan_ok(1, 0, 0, 0, TFMT_INT32, TFMT_INT32, TFMT_BF16));
    CHECK(!plan_ok(0, 1, 0, 1, TFMT_INT8, TFMT_INT8, TFMT_INT8)); /* 16b -> UINT8: No */
    CHECK(!plan_ok(1, 0, 0, 0, TFMT_BFP4, TFMT_BFP4, TFMT_BFP4)); /* BFP4 only as Out */
    CHECK(!plan_ok(1, 0, 0, 0, TFMT_BF16, TFMT_FP16, TFMT_FP16)); /* family mismatch */
    CHECK(!plan_ok(1, 0, 0, 0, TFMT_BF16, TFMT_BF16, 12));
}

/* the E5M6 / E8M6 early roundings (IntermediateFormat BFP8a / BFP8 without Read_raw) */
static void test_pack_early_m6(void)
{
    TfmtPack a = plan(0, 0, 0, TFMT_BFP8A, TFMT_BFP8A, TFMT_BFP8A);
    TfmtPack b = plan(0, 0, 0, TFMT_BFP8, TFMT_BFP8, TFMT_BFP8);
    uint32_t bad = 0;
    for (uint32_t h = 0; h < 0x10000; h++) {
        uint32_t e = h >> 10 & 0x1F, want = 0;
        if (e) { /* nearest multiple of 2^(e-15-6), ties away; past the top: saturate */
            double ulp = ldexp(1, (int)e - 15 - 6), q = floor(fabs(fp16_value(h)) / ulp + 0.5);
            double top = ldexp(127.0, 16 - 6); /* 1.111111b * 2^16 */
            want = q * ulp > top ? 0x7FF0 : ref_fp16_trunc(q * ulp);
            want |= h & 0x8000;
        }
        bad += tfmt_pack_early(&a, dst_of_fp16(h)) != want;
        bad += tfmt_pack_early(&b, dst_of_bf16(h)) != ref_round(h << 16, 6);
    }
    CHECK_EQ_U32(bad, 0);
    CHECK_EQ_U32(tfmt_pack_early(&a, dst_of_fp16(0x3C0C)), 0x3C10); /* tie rounds away */
    CHECK_EQ_U32(tfmt_pack_early(&a, dst_of_fp16(0x7FFF)), 0x7FF0); /* saturates */
}

static void test_pack_fp32_dst(void)
{
    uint32_t dst[16];
    uint8_t l1[64];
    /* identity FP32 and its round trip through the unpacker to Dst */
    TfmtPack p = plan(1, 0, 0, TFMT_FP32, TFMT_FP32, TFMT_FP32);
    TfmtUnpack u = {.in = TFMT_FP32, .out = TFMT_FP32, .to_dst = 1};
    uint32_t bad = 0, back[16];
    for (int rep = 0; rep < 5000; rep++) {
        for (int i = 0; i < 16; i++)
            dst[i] = rnd() ^ rnd() << 16;
        tfmt_pack_row(&p, dst, 16, l1, NULL);
        tfmt_unpack_row(&u, l1, NULL, 0, 16, back);
        bad += memcmp(back, dst, sizeof dst) != 0;
    }
    CHECK_EQ_U32(bad, 0);

    /* FP32 -> BF16 rounding (ties away, denormal/-0 -> +0, NaN -> Inf) vs truncation */
    TfmtPack rnd16 = plan(1, 0, 0, TFMT_BF16, TFMT_BF16, TFMT_BF16);
    TfmtPack trunc16 = plan(1, 1, 0, TFMT_BF16, TFMT_BF16, TFMT_BF16);
    static const uint32_t in[][3] = {
        /* FP32, rounded BF16, truncated BF16 */
        {0x3F808000u, 0x3F81, 0x3F80}, /* exact tie: away from zero */
        {0xBF808000u, 0xBF81, 0xBF80}, {0x3F807FFFu, 0x3F80, 0x3F80},
        {0x80000000u, 0x0000, 0x8000}, /* -0 */
        {0x00400000u, 0x0000, 0x0040}, /* denormal */
        {0x7FC00001u, 0x7F80, 0x7FC0}, /* NaN */
        {0x7F800001u, 0x7F80, 0x7F80}, /* NaN truncated to the Inf pattern */
        {0x7F7FFFFFu, 0x7F80, 0x7F7F}, /* max normal rounds up to Inf */
    };
    for (unsigned i = 0; i < sizeof in / sizeof in[0]; i++) {
        dst[0] = dst_of_fp32(in[i][0]);
        tfmt_pack_row(&rnd16, dst, 1, l1, NULL);
        CHECK_EQ_U32(tfmt_read_datum(TFMT_BF16, l1, 0), in[i][1]);
        tfmt_pack_row(&trunc16, dst, 1, l1, NULL);
        CHECK_EQ_U32(tfmt_read_datum(TFMT_BF16, l1, 0), in[i][2]);
    }
    /* random: rounded BF16/TF32 vs double arithmetic; late FP32 -> FP16 vs truncation
     * reference; late FP32 -> BF16 truncates and flushes */
    TfmtPack tf = plan(1, 0, 0, TFMT_TF32, TFMT_TF32, TFMT_TF32);
    TfmtPack h = plan(1, 0, 0, TFMT_FP32, TFMT_FP32, TFMT_FP16);
    TfmtPack f8 = plan(1, 0, 0, TFMT_FP32, TFMT_FP32, TFMT_FP8);
    TfmtPack lb = plan(1, 0, 0, TFMT_FP32, TFMT_FP32, TFMT_BF16);
    double worst = 0; /* relative error of rounded BF16, in ulps */
    for (int rep = 0; rep < 100000; rep++) {
        uint32_t f = rnd() ^ rnd() << 16;
        float x = u2f(f);
        dst[0] = dst_of_fp32(f);
        tfmt_pack_row(&rnd16, dst, 1, l1, NULL);
        uint32_t r = tfmt_read_datum(TFMT_BF16, l1, 0);
        bad += r != ref_round(f, 7) >> 16;
        if (isnormal(x) && isfinite(u2f(r << 16))) {
            int k;
            frexp(fabs(x), &k);
            double err = fabs((double)u2f(r << 16) - x) / ldexp(1, k - 8);
            worst = err > worst ? err : worst;
        }
        tfmt_pack_row(&tf, dst, 1, l1, NULL);
        bad += tfmt_read_datum(TFMT_TF32, l1, 0) != ref_round(f, 10);
        double xv = isnan(x) ? (signbit(x) ? -INFINITY : INFINITY) : x;
        tfmt_pack_row(&h, dst, 1, l1, NULL);
        bad += tfmt_read_datum(TFMT_FP16, l1, 0) != ref_fp16_trunc(xv);
        tfmt_pack_row(&f8, dst, 1, l1, NULL);
        uint32_t h8 = ref_fp16_trunc(xv);
        bad += tfmt_read_datum(TFMT_FP8, l1, 0) != h8 >> 8;
        tfmt_pack_row(&lb, dst, 1, l1, NULL);
        uint32_t tb = (f & 0x7F800000u) ? f >> 16 : (f >> 31) << 15;
        bad += tfmt_read_datum(TFMT_BF16, l1, 0) != tb;
    }
    CHECK_EQ_U32(bad, 0);
    CHECK(worst <= 0.5); /* round to nearest: at most half an ulp */
    fprintf(stderr, "  FP32->BF16 rounding: worst error %.4f ulp\n", worst);
}

/* late conversions that widen the exponent: FP16 values keep their value in FP32/TF32, lose
 * mantissa bits by truncation in BF16; FP16 denormals ("mishandled") come out as zero */
static void test_pack_fp16_widening(void)
{
    TfmtPack f32 = plan(0, 1, 0, TFMT_FP16, TFMT_FP16, TFMT_FP32);
    TfmtPack t32 = plan(0, 1, 0, TFMT_FP16, TFMT_FP16, TFMT_TF32);
    TfmtPack b16 = plan(0, 1, 0, TFMT_FP16, TFMT_FP16, TFMT_BF16);
    uint8_t l1[4];
    uint32_t bad = 0;
    for (uint32_t h = 0; h < 0x10000; h++) {
        uint32_t d = dst_of_fp16(h);
        uint32_t want = (h & 0x7C00) ? f2u((float)fp16_value(h)) : (h & 0x8000) << 16;
        tfmt_pack_row(&f32, &d, 1, l1, NULL);
        bad += tfmt_read_datum(TFMT_FP32, l1, 0) != want;
        tfmt_pack_row(&t32, &d, 1, l1, NULL);
        bad += tfmt_read_datum(TFMT_TF32, l1, 0) != want;
        tfmt_pack_row(&b16, &d, 1, l1, NULL);
        bad += tfmt_read_datum(TFMT_BF16, l1, 0) != want >> 16;
    }
    CHECK_EQ_U32(bad, 0);
}

static void test_pack_16bit_round_trips(void)
{
    uint8_t l1[4];
    uint32_t d, back, bad = 0;
    /* lossless: Dst16 BF16 / FP16 / INT16 -> same format (raw) -> unpack to Dst -> same */
    TfmtPack pb = plan(0, 1, 0, TFMT_BF16, TFMT_BF16, TFMT_BF16);
    TfmtPack ph = plan(0, 1, 0, TFMT_FP16, TFMT_FP16, TFMT_FP16);
    TfmtPack pi = plan(0, 0, 0, TFMT_INT16, TFMT_INT16, TFMT_INT16);
    TfmtPack pbr = plan(0, 0, 0, TFMT_BF16, TFMT_BF16, TFMT_BF16);
    TfmtPack phr = plan(0, 0, 0, TFMT_FP16, TFMT_FP16, TFMT_FP16);
    TfmtPack p8 = plan(0, 1, 0, TFMT_FP8, TFMT_FP8, TFMT_FP8);
    TfmtUnpack ub = {.in = 5, .out = 5, .to_dst = 1}, uh = {.in = 1, .out = 1, .to_dst = 1};
    TfmtUnpack ui = {.in = 9, .out = 9, .to_dst = 1};
    for (uint32_t v = 0; v < 0x10000; v++) {
        d = dst_of_bf16(v);
        tfmt_pack_row(&pb, &d, 1, l1, NULL);
        tfmt_unpack_row(&ub, l1, NULL, 0, 1, &back);
        bad += back != d;
        d = dst_of_fp16(v);
        tfmt_pack_row(&ph, &d, 1, l1, NULL);
        tfmt_unpack_row(&uh, l1, NULL, 0, 1, &back);
        bad += back != d;
        tfmt_pack_row(&pi, &v, 1, l1, NULL);
        tfmt_unpack_row(&ui, l1, NULL, 0, 1, &back);
        bad += back != v;
        /* BF16 "rounding" flushes denormals and -0, turns NaN into Inf, keeps the rest */
        uint32_t e = v >> 7 & 0xFF, want = e == 0 ? 0 : e == 0xFF ? (v & 0xFF80) : v;
        d = dst_of_bf16(v);
        tfmt_pack_row(&pbr, &d, 1, l1, NULL);
        bad += tfmt_read_datum(TFMT_BF16, l1, 0) != want;
        /* FP16 rounding to FP16: flush denormals and -0 only (no NaN in Tensix FP16) */
        d = dst_of_fp16(v);
        tfmt_pack_row(&phr, &d, 1, l1, NULL);
        bad += tfmt_read_datum(TFMT_FP16, l1, 0) != ((v & 0x7C00) ? v : 0);
        /* FP16 -> FP8 truncates to the top byte, early; FP8 -> FP8 late keeps denormals */
        tfmt_pack_row(&p8, &d, 1, l1, NULL);
        bad += tfmt_read_datum(TFMT_FP8, l1, 0) != v >> 8;
    }
    CHECK_EQ_U32(bad, 0);
}

static void test_pack_int(void)
{
    uint8_t l1[64];
    uint32_t dst[16], back[16], bad = 0;
    /* INT32 identity and round trip through unpack-to-Dst */
    TfmtPack p = plan(1, 0, 0, TFMT_INT32, TFMT_INT32, TFMT_INT32);
    TfmtUnpack u = {.in = 8, .out = 8, .to_dst = 1};
    for (int rep = 0; rep < 2000; rep++) {
        for (int i = 0; i < 16; i++)
            dst[i] = dst_of_fp32(rnd() ^ rnd() << 16);
        tfmt_pack_row(&p, dst, 16, l1, NULL);
        tfmt_unpack_row(&u, l1, NULL, 0, 16, back);
        bad += memcmp(back, dst, sizeof dst) != 0;
    }
    /* INT32 -> INT8: shift, round half away, saturate; or raw sign + low bits */
    for (unsigned shift = 0; shift < 32; shift += 3)
        for (int rep = 0; rep < 2000; rep++) {
            uint32_t mag = (rnd() & 0x7FFFFFFFu) >> (rnd() % 32), sign = rnd() & 1;
            int64_t val = sign ? -(int64_t)mag : (int64_t)mag;
            double q = floor(fabs((double)val) / ldexp(1, (int)shift) + 0.5);
            TfmtPackCfg c = {.read_32b = 1,
                             .inter = TFMT_INT8,
                             .late_from = TFMT_INT8,
                             .late_to = TFMT_INT8,
                             .shift_amount = (uint8_t)shift};
            TfmtPack ps, pu;
            char why[128];
            CHECK_OK(tfmt_pack_plan(&c, &ps, why, sizeof why));
            c.read_unsigned = 1;
            CHECK_OK(tfmt_pack_plan(&c, &pu, why, sizeof why));
            dst[0] = dst_of_fp32(sign << 31 | mag);
            tfmt_pack_row(&ps, dst, 1, l1, NULL);
            uint32_t m = q > 127 ? 127 : (uint32_t)q;
            bad += l1[0] != (m ? (sign << 7 | m) : 0);
            tfmt_pack_row(&pu, dst, 1, l1, NULL);
            bad += l1[0] != (sign ? 0 : (q > 255 ? 255 : (uint32_t)q));
        }
    TfmtPack raw = plan(1, 1, 0, TFMT_INT8, TFMT_INT8, TFMT_INT8);
    dst[0] = dst_of_fp32(0x800001F5u); /* -501: sign and low 7 bits of 0x1F5 */
    tfmt_pack_row(&raw, dst, 1, l1, NULL);
    CHECK_EQ_U32(l1[0], 0xF5);
    TfmtPackCfg cu = {.read_32b = 1,
                      .read_raw = 1,
                      .read_unsigned = 1,
                      .inter = TFMT_INT8,
                      .late_from = TFMT_INT8,
                      .late_to = TFMT_INT8};
    TfmtPack rawu;
    char why[128];
    CHECK_OK(tfmt_pack_plan(&cu, &rawu, why, sizeof why));
    tfmt_pack_row(&rawu, dst, 1, l1, NULL);
    CHECK_EQ_U32(l1[0], 0xF5); /* UINT8: the low 8 bits, sign ignored */
    dst[0] = dst_of_fp32(0x000000A7u);
    tfmt_pack_row(&rawu, dst, 1, l1, NULL);
    CHECK_EQ_U32(l1[0], 0xA7);
    tfmt_pack_row(&raw, dst, 1, l1, NULL);
    CHECK_EQ_U32(l1[0], 0x27); /* INT8: sign 0, low 7 bits */
    /* from a 16-bit float Dst, INT8 keeps the sign only */
    TfmtPack so = plan(0, 1, 0, TFMT_INT8, TFMT_INT8, TFMT_INT8);
    dst[0] = dst_of_bf16(0xC2F6); /* -123.0 */
    tfmt_pack_row(&so, dst, 1, l1, NULL);
    CHECK_EQ_U32(l1[0], 0x80);
    CHECK_EQ_U32(bad, 0);
}

/* BFP reference: BF16 (or E5M7) datums share the largest exponent of their 16; magnitudes are
 * value / 2^(Emax - 6) rounded to nearest (ties away), at most 127, then truncated for 4/2. */
static void ref_bfp(const double *v, int n, int a, unsigned bits, uint32_t *datums, uint32_t *exp)
{
    int emax = -1000;
    for (int i = 0; i < n; i++)
        if (v[i] != 0) {
            int k;
            frexp(fabs(v[i]), &k);
            emax = k - 1 > emax ? k - 1 : emax;
        }
    *exp = emax == -1000 ? 0 : (uint32_t)(emax + (a ? 15 : 127));
    for (int i = 0; i < n; i++) {
        double q = emax == -1000 ? 0 : floor(fabs(v[i]) / ldexp(1, emax - 6) + 0.5);
        uint32_t m = q > 127 ? 127 : (uint32_t)q;
        m >>= 8 - bits;
        datums[i] = m ? ((v[i] < 0) << (bits - 1) | m) : 0;
    }
}

static void test_pack_bfp(void)
{
    static const TfmtFormat fmts[] = {TFMT_BFP8,  TFMT_BFP4,  TFMT_BFP2,
                                      TFMT_BFP8A, TFMT_BFP4A, TFMT_BFP2A};
    uint32_t dst[48], bad = 0, rt_bad = 0, groups = 0;
    uint8_t l1[64], ex[4], l1b[64], exb[4];
    for (unsigned k = 0; k < 6; k++) {
        TfmtFormat f = fmts[k];
        int a = tfmt_is_bfp_a(f);
        unsigned bits = tfmt_datum_bits(f);
        /* Dst BF16 -> BFP8/4/2 via late conversion; Dst FP16 -> BFP*a via E5M7 (raw) */
        TfmtPack p =
            a ? plan(0, 1, 0, TFMT_BFP8A, TFMT_BFP8A, f) : plan(0, 1, 0, TFMT_BFP8, TFMT_BFP8, f);
        for (int rep = 0; rep < 3000; rep++) {
            double v[48];
            int spread = 1 + (int)(rnd() % 12); /* exponent spread within a group */
            for (int i = 0; i < 48; i++) {
                int e = (a ? 8 : 120) + (int)(rnd() % (uint32_t)spread);
                double m = 1.0 + (rnd() & 0x7F) / 128.0; /* 7 bits for BF16 / E5M7 */
                v[i] = (rnd() % 9 == 0) ? 0 : ldexp((rnd() & 1) ? -m : m, e - (a ? 15 : 127));
                uint32_t raw = a ? ref_fp16_trunc(v[i]) : bf16_of(v[i]);
                dst[i] = a ? dst_of_fp16(raw) : dst_of_bf16(raw);
            }
            tfmt_pack_row(&p, dst, 48, l1, ex);
            for (int g = 0; g < 3; g++, groups++) {
                uint32_t want[16], wexp;
                ref_bfp(&v[g * 16], 16, a, bits, want, &wexp);
                bad += ex[g] != wexp;
                for (int i = 0; i < 16; i++)
                    bad += tfmt_read_datum(f, l1, (uint32_t)(g * 16 + i)) != want[i];
            }
            /* BFP -> register -> pack -> BFP reproduces the bytes */
            TfmtUnpack u = {.in = f, .out = f, .to_dst = 1};
            uint32_t back[48];
            CHECK_EQ_U32(tfmt_unpack_row(&u, l1, ex, 0, 48, back), 0);
            tfmt_pack_row(&p, back, 48, l1b, exb);
            rt_bad += memcmp(l1, l1b, tfmt_data_section_bytes(f, 48)) != 0;
            for (int g = 0; g < 3; g++) /* an all-zero group's exponent is not data */
                rt_bad += exb[g] != ex[g] && exb[g] != 0;
        }
    }
    CHECK_EQ_U32(bad, 0);
    CHECK_EQ_U32(rt_bad, 0);

    /* worked example: 1.0, 0.75 and 2^-7 * 1.5 share exponent 127: 0.75 -> 48, the small one
     * loses its low bits: 1.5 * 2^-7 * 64 = 0.75 -> rounds to 1 */
    TfmtPack p = plan(1, 0, 0, TFMT_FP32, TFMT_FP32, TFMT_BFP8);
    uint32_t d3[3] = {dst_of_fp32(0x3F800000u), dst_of_fp32(0xBF400000u),
                      dst_of_fp32(f2u(1.5f / 128))};
    tfmt_pack_row(&p, d3, 3, l1, ex);
    CHECK_EQ_U32(ex[0], 127);
    CHECK_EQ_U32(l1[0], 0x40);
    CHECK_EQ_U32(l1[1], 0x80 | 48);
    CHECK_EQ_U32(l1[2], 1);
    /* a magnitude that rounds past 127 saturates; -0 packs as +0 (sign 1 + 0 would be -Inf) */
    uint32_t d2[2] = {dst_of_fp32(0x3FFFFFFFu), dst_of_fp32(0x80000000u)};
    tfmt_pack_row(&p, d2, 2, l1, ex);
    CHECK_EQ_U32(ex[0], 127);
    CHECK_EQ_U32(l1[0], 0x7F);
    CHECK_EQ_U32(l1[1], 0x00);
    fprintf(stderr, "  BFP: %u groups of 16 checked\n", groups);
}

int main(void)
{
    RUN(test_format_table);
    RUN(test_datum_access);
    RUN(test_unpack_legal_pairs);
    RUN(test_unpack_fp32);
    RUN(test_unpack_16_and_8);
    RUN(test_unpack_32_to_dst);
    RUN(test_unpack_bfp);
    RUN(test_pack_plan);
    RUN(test_pack_early_m6);
    RUN(test_pack_fp32_dst);
    RUN(test_pack_16bit_round_trips);
    RUN(test_pack_fp16_widening);
    RUN(test_pack_int);
    RUN(test_pack_bfp);
    return check_failures();
}
