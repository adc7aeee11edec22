// SPDX-License-Identifier: Apache-2.0
/* The matrix unit's BF16 element-wise arithmetic (ref_fpu.h). */
#include "host/programs/ref_fpu.h"
#include <float.h>
#include <math.h>

float ref_fpu_round_bf16(float x)
{
    if (isinf(x) || isnan(x))
        return x;
    int e;
    float m = frexpf(x, &e);
    float y = ldexpf(rintf(ldexpf(m, 8)), e - 8);
    return fabsf(y) < FLT_MIN ? copysignf(0.0f, x) : y;
}

/* v = s * 2^(e - 7) with s the 8-bit significand (1.mmmmmmm) */
static int split(float v, uint32_t *s, int *e)
{
    if (v == 0.0f)
        return 0;
    int ex;
    float m = frexpf(fabsf(v), &ex); /* [0.5, 1) */
    *s = (uint32_t)ldexpf(m, 8);
    *e = ex - 1;
    return 1;
}

float ref_fpu_part_srca(float v, unsigned phase)
{
    uint32_t s;
    int e;
    if (!split(v, &s, &e))
        return 0.0f;
    float part = phase % 2 == 0 ? ldexpf((float)(s >> 3), e - 4) : ldexpf((float)(s & 7), e - 7);
    return signbit(v) ? -part : part;
}

float ref_fpu_part_srcb(float v, unsigned phase)
{
    uint32_t s;
    int e;
    if (!split(v, &s, &e))
        return 0.0f;
    float part = phase < 2 ? ldexpf((float)(s >> 1), e - 6) : ldexpf((float)(s & 1), e - 7);
    return signbit(v) ? -part : part;
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
        for (unsigned kh = 0; kh < 2; kh++)
            for (unsigned i = 0; i < 32; i++)
                for (unsigned j = 0; j < 32; j++) {
                    float x = 0.0f;
                    for (unsigned k = 16 * kh; k < 16 * kh + 16; k++)
                        x += pa[i][k] * pb[k][j];
                    acc[i][j] = ref_fpu_round_bf16(x + acc[i][j]);
                }
    }
}
