// SPDX-License-Identifier: Apache-2.0
/* Vector Unit (sfpu.h): the instructions built around a rounding step or a table, most of them
 * new in Blackhole: SFPSTOCHRND's three flavours (FP32 -> FP16A/BF16 precision, FP32 -> bounded
 * sign-magnitude integer, integer descale), SFPMUL24, SFPLUTFP32 and SFPARECIP's exp mode.
 * Sources: tt-isa-documentation (jasondavies fork) BlackholeA0/TensixTile/TensixCoprocessor/
 * SFPSTOCHRND_FloatFloat.md, SFPSTOCHRND_FloatInt.md, SFPSTOCHRND_IntInt.md, SFPMUL24.md,
 * SFPLUTFP32.md, SFPARECIP.md and VectorUnit.md (AdvancePRNG). The hardware bugs the pages
 * describe (the >= in the rounding compare, FP16_3ENTRY_TABLE writing LReg[LReg[7] & 15]) are
 * reproduced: software written for the chip expects them. */
#include "model/tile/tensix/sfpu.h"
#include "model/tile/tensix/tensix_isa.h"

#define BIT(lane) (1u << (lane))
#define SIGN 0x80000000u

static int writable(uint32_t vd)
{
    return vd < 8 || vd == 16;
}

/* ------------------------------------------------------------------ SFPSTOCHRND */

enum { RND_NEAREST = 0, RND_STOCH = 1, RND_ZERO = 2 };

/* The threshold the discarded bits (as a 23-bit fraction) are compared with: random for
 * stochastic rounding, fixed otherwise. The PRNG steps in every mode. */
static uint32_t round_threshold(Sfpu *s, uint32_t lane, uint32_t mode)
{
    uint32_t r = sfpu_prng_next(s, lane) & 0x7FFFFF;
    return mode == RND_NEAREST ? 0x400000u : mode == RND_ZERO ? 0x7FFFFFu : r;
}

static uint32_t stochrnd_float(uint32_t x, uint32_t mod1, uint32_t thr)
{
    uint32_t exp = (x >> 23) & 0xFF;
    if (exp == 0)
        return 0; /* denormals and -0 become +0 */
    if (exp == 255)
        return x & 0xFF800000u;          /* NaN becomes the infinity of its sign */
    uint32_t drop = mod1 == 0 ? 13 : 16; /* FP16A keeps 10 mantissa bits, BF16 7 */
    uint32_t lost = x & ((1u << drop) - 1);
    x -= lost;
    if (lost >= thr >> (23 - drop))
        x += 1u << drop;
    return x;
}

static uint32_t stochrnd_to_int(uint32_t c, uint32_t mod1, uint32_t thr)
{
    int keep_sign = mod1 == 3 || mod1 == 7;
    uint32_t max = mod1 == 2 ? 255 : mod1 == 3 ? 127 : mod1 == 6 ? 65535 : 32767;
    uint32_t sign = keep_sign ? c & SIGN : 0;
    int32_t e = (int32_t)((c >> 23) & 0xFF) - 127;
    uint64_t mag;
    if (e < -1)
        return 0; /* |x| < 0.5 rounds to +0 whatever the mode */
    if (e >= 16) {
        mag = max; /* NaN too */
    } else {
        mag = 0x800000u | (c & 0x7FFFFF);
        mag = e >= 0 ? mag << e : mag >> -e;
        mag = (mag >> 23) + ((mag & 0x7FFFFF) >= thr);
        if (mag > max)
            mag = max;
    }
    return mag ? sign + (uint32_t)mag : 0;
}

static uint32_t stochrnd_descale(uint32_t c, uint32_t b, uint32_t w, uint32_t thr)
{
    uint32_t mod1 = w & 7, sign = c & SIGN;
    uint32_t shift = (w & 8) ? TENSIX_GET(SFP_STOCH_RND, IMM8_MATH, w) : b & 31;
    uint64_t mag = ((uint64_t)(c & ~SIGN) << 23) >> shift;
    mag = (mag >> 23) + ((mag & 0x7FFFFF) >= thr);
    if (mod1 == 4)
        return mag > 255 ? 255 : (uint32_t)mag; /* unsigned: the sign goes */
    if (mag > 127)
        mag = 127;
    return mag ? sign + (uint32_t)mag : 0;
}

static void exec_stochrnd(Sfpu *s, uint32_t w, const SfpuRegs *o)
{
    uint32_t mod1 = w & 7, mode = TENSIX_GET(SFP_STOCH_RND, RND_MODE, w);
    uint32_t en = sfpu_lane_enabled(s);
    for (uint32_t l = 0; l < SFPU_LANES; l++) {
        if (!(en & BIT(l)))
            continue;
        uint32_t thr = round_threshold(s, l, mode), c = s->lreg[o->vc][l], d;
        if (mod1 <= 1)
            d = stochrnd_float(c, mod1, thr);
        else if (mod1 == 4 || mod1 == 5)
            d = stochrnd_descale(c, s->lreg[o->vb][l], w, thr);
        else
            d = stochrnd_to_int(c, mod1, thr);
        if (writable(o->vd))
            s->lreg[o->vd][l] = d;
    }
}

/* ------------------------------------------------------------------ SFPMUL24 */

/* The 23-bit product added to an FP32 addend as the MAD datapath aligns it (SFPMUL24.md's
 * Mul24ShiftAdd): the product sits at exponent 129; a zero exponent leaves it alone. */
static uint32_t mul24_shift_add(uint32_t p, uint32_t z)
{
    uint32_t ze = (z >> 23) & 0xFF;
    if (ze == 0)
        return p;
    uint32_t re = ze > 129 ? ze : 129, sh = (re - ze) & 31;
    uint32_t grs = ((1u << 23) + (z & 0x7FFFFF)) << 3; /* guard, round and sticky room */
    p >>= (re - 129) & 31;
    uint32_t zm = grs >> sh;
    if (zm) {
        p += zm;
        p += (uint32_t)(((zm << sh) ^ grs) > 0xFFFF) << 16;
        p &= 0x7FFFFF;
    }
    return p;
}

static void exec_mul24(Sfpu *s, uint32_t w, const SfpuRegs *o)
{
    uint32_t mod1 = w & 15, en = sfpu_lane_enabled(s);
    for (uint32_t l = 0; l < SFPU_LANES; l++) {
        if (!(en & BIT(l)))
            continue;
        uint32_t va = (mod1 & 4) ? s->lreg[7][l] & 15 : o->va;
        uint32_t a = s->lreg[va][l], b = s->lreg[o->vb][l], p;
        if (mod1 & 1)
            p = (uint32_t)(((uint64_t)(a & 0x7FFFFF) * (b & 0x7FFFFF)) >> 23);
        else
            p = (a * b) & 0x7FFFFF;
        p = mul24_shift_add(p, s->lreg[o->vc][l]);
        uint32_t vd = ((mod1 & 8) && o->vd != 16) ? s->lreg[7][l] & 15 : o->vd;
        if (writable(vd))
            s->lreg[vd][l] = p;
    }
}

/* ------------------------------------------------------------------ SFPLUTFP32 */

/* A table half-word: FP16's layout with exponent 0 read as a normal number and exponent 31
 * as zero. */
static uint32_t lut16_to_fp32(uint32_t h)
{
    uint32_t e = (h >> 10) & 0x1F;
    return (h >> 15 & 1) << 31 | (e == 31 ? 0 : 112 + e) << 23 | (h & 0x3FF) << 13;
}

static void exec_lutfp32(Sfpu *s, uint32_t w, const SfpuRegs *o)
{
    uint32_t mod1 = w & 15, en = sfpu_lane_enabled(s);
    for (uint32_t l = 0; l < SFPU_LANES; l++) {
        if (!(en & BIT(l)))
            continue;
        uint32_t x3 = s->lreg[3][l], b = x3 & ~SIGN, a, c;
        /* on magnitudes the bit patterns order as the floats do; NaN lands in the last range */
        uint32_t i = b < 0x3F800000u ? 0 : b < 0x40000000u ? 1 : 2;
        if (!(mod1 & 2)) {
            a = s->lreg[i][l];
            c = s->lreg[4 + i][l];
        } else if ((mod1 & 10) == 10) { /* FP16_3ENTRY_TABLE: slope high, offset low */
            a = lut16_to_fp32(s->lreg[i][l] >> 16);
            c = lut16_to_fp32(s->lreg[i][l] & 0xFFFF);
        } else { /* six FP16 entries: each range split in two, halves picked by j */
            uint32_t cut = (mod1 & 3) == 3 ? 0x40800000u : 0x40400000u; /* 4.0 or 3.0 */
            uint32_t j = b < 0x3F000000u   ? 0
                         : b < 0x3F800000u ? 16
                         : b < 0x3FC00000u ? 0
                         : b < 0x40000000u ? 16
                         : b < cut         ? 0
                                           : 16;
            a = lut16_to_fp32(s->lreg[i][l] >> j & 0xFFFF);
            c = lut16_to_fp32(s->lreg[4 + i][l] >> j & 0xFFFF);
        }
        uint32_t d = sfpu_fp32_mad(a, b, c);
        if (mod1 & 4)
            d = (d & ~SIGN) | (x3 & SIGN);
        uint32_t vd = ((mod1 & 8) && o->vd != 16) ? s->lreg[7][l] & 15 : o->vd;
        if (writable(vd))
            s->lreg[vd][l] = d;
    }
}

/* ------------------------------------------------------------------ SFPARECIP exp */

/* Mantissa tops for ApproxExp on [2^-6, 2), one per 2^-7 step of x's top 16 bits from
 * 0x3C80: the bf16 truncation of e^x (x with its low 16 bits cleared), relative to 1.0 below
 * 0.6953125 and to 2.0 above (values past 127 carry into the exponent, e^x >= 4). Copied
 * as data from SFPARECIP.md's table; tests/unit/tile/test_sfpu_bh.c rederives every entry. */
static const uint8_t exp_lut[896] = {
    2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   /* 0x000 */
    2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   /* 0x010 */
    2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   /* 0x020 */
    2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   2,   3,   3,   /* 0x030 */
    3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   /* 0x040 */
    3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   /* 0x050 */
    3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   /* 0x060 */
    3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   3,   4,   4,   4,   /* 0x070 */
    4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   /* 0x080 */
    4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   5,   5,   5,   /* 0x090 */
    5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   /* 0x0a0 */
    5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   6,   6,   6,   6,   /* 0x0b0 */
    6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   /* 0x0c0 */
    6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   7,   7,   7,   7,   7,   /* 0x0d0 */
    7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   /* 0x0e0 */
    7,   7,   7,   7,   7,   7,   7,   7,   7,   8,   8,   8,   8,   8,   8,   8,   /* 0x0f0 */
    8,   8,   8,   8,   8,   8,   8,   8,   8,   8,   8,   8,   9,   9,   9,   9,   /* 0x100 */
    9,   9,   9,   9,   9,   9,   9,   9,   9,   9,   9,   10,  10,  10,  10,  10,  /* 0x110 */
    10,  10,  10,  10,  10,  10,  10,  10,  10,  11,  11,  11,  11,  11,  11,  11,  /* 0x120 */
    11,  11,  11,  11,  11,  11,  11,  11,  12,  12,  12,  12,  12,  12,  12,  12,  /* 0x130 */
    12,  12,  12,  12,  12,  12,  12,  13,  13,  13,  13,  13,  13,  13,  13,  13,  /* 0x140 */
    13,  13,  13,  13,  13,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  /* 0x150 */
    14,  14,  14,  15,  15,  15,  15,  15,  15,  15,  15,  15,  15,  15,  15,  15,  /* 0x160 */
    15,  15,  16,  16,  16,  16,  16,  16,  16,  16,  16,  16,  16,  16,  16,  16,  /* 0x170 */
    17,  17,  17,  17,  17,  17,  17,  18,  18,  18,  18,  18,  18,  18,  19,  19,  /* 0x180 */
    19,  19,  19,  19,  19,  20,  20,  20,  20,  20,  20,  20,  21,  21,  21,  21,  /* 0x190 */
    21,  21,  21,  22,  22,  22,  22,  22,  22,  22,  23,  23,  23,  23,  23,  23,  /* 0x1a0 */
    24,  24,  24,  24,  24,  24,  24,  25,  25,  25,  25,  25,  25,  25,  26,  26,  /* 0x1b0 */
    26,  26,  26,  26,  27,  27,  27,  27,  27,  27,  27,  28,  28,  28,  28,  28,  /* 0x1c0 */
    28,  28,  29,  29,  29,  29,  29,  29,  30,  30,  30,  30,  30,  30,  30,  31,  /* 0x1d0 */
    31,  31,  31,  31,  31,  32,  32,  32,  32,  32,  32,  33,  33,  33,  33,  33,  /* 0x1e0 */
    33,  33,  34,  34,  34,  34,  34,  34,  35,  35,  35,  35,  35,  35,  36,  36,  /* 0x1f0 */
    36,  36,  36,  37,  37,  37,  38,  38,  38,  39,  39,  39,  40,  40,  40,  41,  /* 0x200 */
    41,  41,  42,  42,  42,  43,  43,  43,  44,  44,  44,  45,  45,  45,  46,  46,  /* 0x210 */
    46,  47,  47,  47,  48,  48,  49,  49,  49,  50,  50,  50,  51,  51,  51,  52,  /* 0x220 */
    52,  52,  53,  53,  53,  54,  54,  54,  55,  55,  56,  56,  56,  57,  57,  57,  /* 0x230 */
    58,  58,  58,  59,  59,  60,  60,  60,  61,  61,  61,  62,  62,  63,  63,  63,  /* 0x240 */
    64,  64,  64,  65,  65,  66,  66,  66,  67,  67,  67,  68,  68,  69,  69,  69,  /* 0x250 */
    70,  70,  71,  71,  71,  72,  72,  72,  73,  73,  74,  74,  74,  75,  75,  76,  /* 0x260 */
    76,  76,  77,  77,  78,  78,  78,  79,  79,  80,  80,  80,  81,  81,  82,  82,  /* 0x270 */
    83,  83,  84,  85,  86,  87,  88,  88,  89,  90,  91,  92,  93,  94,  94,  95,  /* 0x280 */
    96,  97,  98,  99,  100, 101, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, /* 0x290 */
    111, 112, 113, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, /* 0x2a0 */
    126, 127, 0,   0,   1,   1,   2,   2,   3,   3,   4,   4,   5,   5,   6,   6,   /* 0x2b0 */
    7,   8,   8,   9,   9,   10,  10,  11,  11,  12,  12,  13,  13,  14,  15,  15,  /* 0x2c0 */
    16,  16,  17,  17,  18,  19,  19,  20,  20,  21,  21,  22,  23,  23,  24,  24,  /* 0x2d0 */
    25,  26,  26,  27,  27,  28,  29,  29,  30,  31,  31,  32,  32,  33,  34,  34,  /* 0x2e0 */
    35,  36,  36,  37,  38,  38,  39,  39,  40,  41,  41,  42,  43,  43,  44,  45,  /* 0x2f0 */
    45,  47,  48,  50,  51,  52,  54,  55,  57,  58,  60,  61,  63,  64,  66,  67,  /* 0x300 */
    69,  70,  72,  73,  75,  76,  78,  80,  81,  83,  85,  86,  88,  90,  91,  93,  /* 0x310 */
    95,  97,  98,  100, 102, 104, 106, 107, 109, 111, 113, 115, 117, 119, 121, 123, /* 0x320 */
    125, 127, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 139, 140, 141, 142, /* 0x330 */
    143, 144, 145, 146, 147, 149, 150, 151, 152, 153, 155, 156, 157, 158, 159, 161, /* 0x340 */
    162, 163, 165, 166, 167, 168, 170, 171, 172, 174, 175, 177, 178, 179, 181, 182, /* 0x350 */
    184, 185, 187, 188, 189, 191, 192, 194, 196, 197, 199, 200, 202, 203, 205, 207, /* 0x360 */
    208, 210, 211, 213, 215, 216, 218, 220, 222, 223, 225, 227, 229, 230, 232, 234, /* 0x370 */
};

static uint32_t approx_exp(uint32_t x)
{
    if (x < 0x00800000u)
        return 0x3F800000u;
    if (x < 0x3C800000u)
        return 0x3F810000u | (x & 0xFFFF);
    if (x >= 0x40000000u)
        return 0x40800000u | (x & 0xFFFF);
    uint32_t base = x < 0x3F320000u ? 0x3F800000u : 0x40000000u;
    return base | (uint32_t)exp_lut[(x >> 16) - 0x3C80] << 16 | (x & 0xFFFF);
}

/* SFPARECIP with Mod1 >= 2: sign-magnitude exp, the sign put back on afterwards. */
static void exec_arecip_exp(Sfpu *s, const SfpuRegs *o)
{
    uint32_t en = sfpu_lane_enabled(s);
    if (!writable(o->vd))
        return;
    for (uint32_t l = 0; l < SFPU_LANES; l++)
        if (en & BIT(l)) {
            uint32_t x = s->lreg[o->vc][l];
            s->lreg[o->vd][l] = (x & SIGN) + approx_exp(x & ~SIGN);
        }
}

BhStatus sfpu_exec_bh(Sfpu *s, uint32_t w, const SfpuRegs *o)
{
    switch (w >> 24) {
    case TENSIX_OP_SFP_STOCH_RND:
        exec_stochrnd(s, w, o);
        return BH_OK;
    case TENSIX_OP_SFPMUL24:
        exec_mul24(s, w, o);
        return BH_OK;
    case TENSIX_OP_SFPLUTFP32:
        exec_lutfp32(s, w, o);
        return BH_OK;
    case TENSIX_OP_SFPARECIP:
        exec_arecip_exp(s, o);
        return BH_OK;
    default:
        return BH_ERR_UNSUPPORTED;
    }
}
