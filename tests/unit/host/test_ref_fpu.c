// SPDX-License-Identifier: Apache-2.0
/* The host reference's BF16 rounding: its bit-pattern fast path gives what its definition
 * (frexpf, rintf, flush below 2^-126) gives, over every exponent and sign, the patterns where
 * rounding changes (ties, carries into the exponent, the largest finite values, the subnormal
 * boundary) and a stride through all 2^32 patterns. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "host/programs/ref_fpu.h"
#include "tests/check.h"

static uint32_t bits_of(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

static float float_of(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

static unsigned long compared, differing;

static void compare(uint32_t pattern)
{
    const float x = float_of(pattern);
    const uint32_t fast = bits_of(ref_fpu_round_bf16(x));
    const uint32_t slow = bits_of(ref_fpu_round_bf16_by_frexp(x));
    compared++;
    /* NaNs: both return the input unchanged */
    if (fast != slow && !(isnan(x) && fast == pattern && slow == pattern)) {
        if (differing++ < 8)
            printf("  0x%08x: fast 0x%08x, definition 0x%08x\n", pattern, fast, slow);
    }
}

int main(void)
{
    /* around every rounding boundary of every exponent and sign: the low 16 bits near the
     * tie 0x8000, near 0 and near 0xFFFF (a carry), with the kept bits' last one 0 and 1 */
    static const uint32_t lows[] = {0x0000, 0x0001, 0x7FFE, 0x7FFF, 0x8000,
                                    0x8001, 0xFFFE, 0xFFFF, 0x4000, 0xC000};
    for (uint32_t sign = 0; sign < 2; sign++)
        for (uint32_t exp = 0; exp < 256; exp++)
            for (uint32_t mant_hi = 0; mant_hi < 128; mant_hi++)
                for (size_t i = 0; i < sizeof lows / sizeof lows[0]; i++)
                    compare(sign << 31 | exp << 23 | mant_hi << 16 | lows[i]);
    /* a stride through every pattern (odd, so every low bit pattern occurs) */
    for (uint64_t p = 0; p < (1ull << 32); p += 977)
        compare((uint32_t)p);
    /* the named cases */
    compare(bits_of(FLT_MAX));
    compare(bits_of(-FLT_MAX));
    compare(bits_of(FLT_MIN));
    compare(0x007F8000u); /* rounds to FLT_MIN at bit 15, but not as 8 significant bits */
    compare(0x007FC000u);
    compare(0x80000000u);
    printf("test_ref_fpu: %lu patterns compared, %lu differ\n", compared, differing);
    CHECK(differing == 0);
    CHECK(compared > 4000000);
    return check_failures() ? 1 : 0;
}
