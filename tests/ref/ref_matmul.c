// SPDX-License-Identifier: Apache-2.0
/* Reference 32x32 tile product of the matrix unit (ref_matmul.h): significands split into
 * integer parts per fidelity phase, then ordinary binary32 arithmetic. */
#include "tests/ref/ref_matmul.h"
#include <float.h>
#include <math.h>
#include <string.h>

float ref_f32(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

static uint32_t f32_bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

static unsigned mant_bits(RefSrcFmt fmt)
{
    return fmt == REF_SRC_BF16 ? 7 : 10;
}

/* value = sig * 2^(exp - n), sig = 1.mmm with n mantissa bits; 0 for a zero input */
static int split(uint32_t bits, unsigned n, uint32_t *sig, int *exp)
{
    uint32_t e = bits >> 23 & 0xFF;
    if (e == 0)
        return 0;
    *sig = (1u << n) | (bits & 0x7FFFFF) >> (23 - n);
    *exp = (int)e - 127;
    return 1;
}

/* the part of an in1 element (SrcA) that phase p multiplies */
static float part_srca(uint32_t bits, unsigned n, unsigned p)
{
    uint32_t s;
    int e;
    if (!split(bits, n, &s, &e))
        return 0.0f;
    float v;
    if (p % 2 == 0) {
        v = ldexpf((float)(s >> (n - 4)), e - 4);
    } else {
        unsigned w = n - 4 < 5 ? n - 4 : 5, sh = n - 4 - w;
        v = ldexpf((float)((s >> sh) & ((1u << w) - 1)), e - (int)n + (int)sh);
    }
    return (bits >> 31) ? -v : v;
}

/* the part of an in0 element (SrcB) that phase p multiplies */
static float part_srcb(uint32_t bits, unsigned n, unsigned p)
{
    uint32_t s;
    int e;
    if (!split(bits, n, &s, &e))
        return 0.0f;
    float v = p < 2 ? ldexpf((float)(s >> (n - 6)), e - 6)
                    : ldexpf((float)(s & ((1u << (n - 6)) - 1)), e - (int)n);
    return (bits >> 31) ? -v : v;
}

float ref_round_dst(float x, RefDstFmt dst)
{
    if (dst == REF_DST_FP32)
        return fabsf(x) < FLT_MIN ? copysignf(0.0f, x) : x;
    const float fp16_max = 131008.0f;
    if (isinf(x))
        return dst == REF_DST_BF16 ? x : copysignf(fp16_max, x);
    int e;
    float m = frexpf(x, &e); /* |m| in [0.5, 1) */
    int keep = dst == REF_DST_BF16 ? 8 : 11;
    float y = ldexpf(rintf(ldexpf(m, keep)), e - keep);
    float min_normal = dst == REF_DST_BF16 ? FLT_MIN : ldexpf(1.0f, -14);
    if (fabsf(y) < min_normal)
        return copysignf(0.0f, x);
    if (dst == REF_DST_FP16 && fabsf(y) > fp16_max)
        return copysignf(fp16_max, x);
    return y;
}

void ref_matmul_acc(const uint32_t a[32][32], const uint32_t b[32][32], RefSrcFmt fmt,
                    unsigned phases, RefDstFmt dst, uint32_t c[32][32])
{
    unsigned n = mant_bits(fmt);
    float acc[32][32];
    for (unsigned i = 0; i < 32; i++)
        for (unsigned j = 0; j < 32; j++)
            acc[i][j] = ref_f32(c[i][j]);
    for (unsigned p = 0; p < phases; p++)
        for (unsigned kh = 0; kh < 2; kh++)
            for (unsigned i = 0; i < 32; i++)
                for (unsigned j = 0; j < 32; j++) {
                    float x = 0.0f;
                    for (unsigned k = 16 * kh; k < 16 * kh + 16; k++)
                        x += part_srcb(a[i][k], n, p) * part_srca(b[k][j], n, p);
                    acc[i][j] = ref_round_dst(x + acc[i][j], dst);
                }
    for (unsigned i = 0; i < 32; i++)
        for (unsigned j = 0; j < 32; j++)
            c[i][j] = f32_bits(acc[i][j]);
}

void ref_matmul(const uint32_t a[32][32], const uint32_t b[32][32], RefSrcFmt fmt, unsigned phases,
                RefDstFmt dst, uint32_t c[32][32])
{
    memset(c, 0, 32 * 32 * sizeof c[0][0]);
    ref_matmul_acc(a, b, fmt, phases, dst, c);
}

void ref_matmul_fp64(const uint32_t a[32][32], const uint32_t b[32][32], double c[32][32])
{
    for (unsigned i = 0; i < 32; i++)
        for (unsigned j = 0; j < 32; j++) {
            double x = 0.0;
            for (unsigned k = 0; k < 32; k++)
                x += (double)ref_f32(a[i][k]) * (double)ref_f32(b[k][j]);
            c[i][j] = x;
        }
}
