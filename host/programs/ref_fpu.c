// SPDX-License-Identifier: Apache-2.0
/* The matrix unit's BF16 element-wise arithmetic (ref_fpu.h). */
#include "host/programs/ref_fpu.h"
#include <float.h>
#include <math.h>
#include <string.h>

/* 2^n for -190 < n < 128, by the exponent field (two steps below the normal range, each of
 * them exact); ldexpf would do, but it dominated the reference's time */
static float pow2(int n)
{
    if (n < -126)
        return pow2(n + 64) * pow2(-64);
    const uint32_t b = (uint32_t)(n + 127) << 23;
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

/* The definition: 8 significant bits, nearest even, below 2^-126 flushed to signed zero. */
float ref_fpu_round_bf16_by_frexp(float x)
{
    if (isinf(x) || isnan(x))
        return x;
    int e;
    const float m = frexpf(x, &e); /* 0.5 <= |m| < 1: 8 significant bits are m * 2^8's */
    const float y = rintf(m * 256.0f) * pow2(e - 8);
    return fabsf(y) < FLT_MIN ? copysignf(0.0f, x) : y;
}

/* The same, faster (frexpf was a fifth of a large matmul check's time): a normal value's 8
 * significant bits are its pattern's top 16, so rounding to nearest even is an add at bit 15
 * (a carry moves the exponent, up to infinity). Zero and subnormals take the definition: their
 * significant bits are not at fixed positions. tests/unit/host/test_ref_fpu.c compares the two. */
float ref_fpu_round_bf16(float x)
{
    uint32_t b;
    memcpy(&b, &x, sizeof b);
    const uint32_t exp = b >> 23 & 0xFFu;
    if (exp == 0xFFu)
        return x; /* infinity, NaN */
    if (exp == 0)
        return ref_fpu_round_bf16_by_frexp(x);
    b += 0x7FFFu + (b >> 16 & 1u);
    b &= 0xFFFF0000u;
    memcpy(&x, &b, sizeof x);
    return x;
}

static float with_bits(float v, uint32_t keep)
{
    uint32_t b;
    memcpy(&b, &v, sizeof b);
    b &= keep;
    memcpy(&v, &b, sizeof v);
    return v;
}

/* A BF16 value is exact in binary32: its significand's top bits are a mask of the binary32
 * pattern, and the rest is the (exact) difference. */
float ref_fpu_part_srca(float v, unsigned phase)
{
    const float hi = with_bits(v, 0xFFF80000u); /* sign, exponent, 1 + 4 mantissa bits */
    return phase % 2 == 0 ? hi : v - hi;
}

float ref_fpu_part_srcb(float v, unsigned phase)
{
    const float hi = with_bits(v, 0xFFFE0000u); /* sign, exponent, 1 + 6 mantissa bits */
    return phase < 2 ? hi : v - hi;
}

float ref_fpu_eltwise(float a, float b, char op, unsigned phases)
{
    if (op == '+')
        return ref_fpu_round_bf16(a + b);
    if (op == '-')
        return ref_fpu_round_bf16(a - b);
    float acc = 0.0f;
    for (unsigned p = 0; p < phases; p++)
        acc = ref_fpu_round_bf16(ref_fpu_part_srca(a, p) * ref_fpu_part_srcb(b, p) + acc);
    return acc;
}

/* The host's check of every run's matmul: built for AVX2 too where the compiler can, as the
 * model's fpu_matmul is (each lane is one binary32 operation in the same order, so the result
 * is the same bit for bit; C11 mode does not contract a * b + c). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default"), flatten))
#endif
void ref_fpu_matmul_tile(const float a[32][32], const float b[32][32], unsigned phases,
                         float acc[32][32])
{
    for (unsigned p = 0; p < phases; p++) {
        float pa[32][32], pb[32][32]; /* the parts this phase multiplies */
        for (unsigned i = 0; i < 32; i++)
            for (unsigned j = 0; j < 32; j++) {
                pa[i][j] = ref_fpu_part_srcb(a[i][j], p);
                pb[i][j] = ref_fpu_part_srca(b[i][j], p);
            }
        /* each output element sums its 16 products of a half in k order; the loop runs over
         * a row's elements together, which keeps that order */
        for (unsigned kh = 0; kh < 2; kh++)
            for (unsigned i = 0; i < 32; i++) {
                float x[32] = {0};
                for (unsigned k = 16 * kh; k < 16 * kh + 16; k++)
                    for (unsigned j = 0; j < 32; j++)
                        x[j] += pa[i][k] * pb[k][j];
                for (unsigned j = 0; j < 32; j++)
                    acc[i][j] = ref_fpu_round_bf16(x[j] + acc[i][j]);
            }
    }
}
