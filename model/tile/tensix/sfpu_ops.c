// SPDX-License-Identifier: Apache-2.0
/* Vector Unit lanewise instructions (sfpu.h): the MAD class with Blackhole's FP32 multiply-add,
 * integer, bitwise and FP32 field operations, conversions, comparisons, SFPARECIP, SFPSWAP,
 * SFPTRANSP and SFPSHFT2. Each follows the functional model on its BlackholeA0 page. */
#include <string.h>
#include "model/tile/tensix/sfpu.h"
#include "model/tile/tensix/tensix_isa.h"

#define BIT(lane) (1u << (lane))
#define FOR_ENABLED(s, l)                                                                          \
    for (uint32_t en_ = sfpu_lane_enabled(s), l = 0; l < SFPU_LANES; l++)                          \
        if (en_ & BIT(l))
#define SIGN 0x80000000u
#define FP_ONE 0x3F800000u
#define QNAN 0x7FC00000u

static int writable(uint32_t vd) /* the LRegs ordinary instructions may write */
{
    return vd < 8 || vd == 16;
}

static uint32_t sext12(uint32_t x)
{
    return (uint32_t)(((int32_t)(x << 20)) >> 20);
}

/* ------------------------------------------------------------------ FP32 multiply-add */

/* Shift right, ORing the lost bits into bit 0 unless nothing is left (the adder's
 * "semi-sticky" alignment, FMA/README.md). */
static uint64_t align_right(uint64_t v, int32_t n)
{
    if (n >= 64)
        return 0;
    uint64_t r = v >> n;
    if (r != 0 && (r << n) != v)
        r |= 1;
    return r;
}

uint32_t sfpu_fp32_mad(uint32_t a, uint32_t b, uint32_t c)
{
    int32_t ea = (a >> 23) & 0xFF, eb = (b >> 23) & 0xFF, ec = (c >> 23) & 0xFF;
    /* significands with the hidden bit; denormal inputs count as zero */
    uint64_t ma = ea ? ((a & 0x7FFFFF) | 0x800000) : 0;
    uint64_t mb = eb ? ((b & 0x7FFFFF) | 0x800000) : 0;
    uint64_t mc = ec ? ((c & 0x7FFFFF) | 0x800000) : 0;
    uint32_t sp = (a ^ b) & SIGN, sc = c & SIGN;

    /* The 48-bit product keeps only 3 bits below c's 24 (sticky), on c's scale of 2^-26. */
    uint64_t pm = ma * mb;
    pm = (pm >> 20) | ((pm & 0xFFFFF) != 0);
    int32_t ep = ea + eb - 127;
    mc <<= 3;

    if (ea == 255 || eb == 255 || ec == 255 || ep >= 255) {
        int nan_a = ea == 255 && ((a & 0x7FFFFF) || mb == 0);
        int nan_b = eb == 255 && ((b & 0x7FFFFF) || ma == 0);
        int nan_c = ec == 255 && (c & 0x7FFFFF);
        int inf_clash = ec == 255 && (ea == 255 || eb == 255) && sp != sc;
        if (nan_a || nan_b || nan_c || inf_clash)
            return QNAN;
        return ec == 255 ? c : (sp | 0x7F800000u);
    }
    if (pm == 0 || ep < 0) /* a zero product, or one that would underflow on its own */
        return mc ? c : (sc & sp);

    int32_t e = ep > ec ? ep : ec;
    pm = align_right(pm, e - ep);
    mc = align_right(mc, e - ec);
    uint32_t sign = pm >= mc ? sp : sc;
    uint32_t m = (uint32_t)(sp == sc ? pm + mc : (pm >= mc ? pm - mc : mc - pm));
    if (m == 0)
        return sc & sp;

    int32_t n = 5 - __builtin_clz(m); /* leading one to bit 26 */
    e += n;
    if (e >= 255)
        return sign | 0x7F800000u;
    if (e <= 0) {
        n += 1;
        e = 0;
    }
    if (n <= 0)
        m <<= -n;
    else /* the sticky bit looks at the bits (n | 1) selects, as in the documented model */
        m = (m >> n) | ((m & (uint32_t)(n | 1)) != 0);

    uint32_t r = ((uint32_t)e << 23) + ((m >> 3) & 0x7FFFFF);
    uint32_t grs = m & 7;
    if (grs > 4 || (grs == 4 && (r & 1)))
        r++;
    if ((r >> 23) == 0) /* denormal after rounding */
        r = 0;
    return sign | r;
}

/* ------------------------------------------------------------------ MAD class */

static void write_indirect(Sfpu *s, uint32_t l, uint32_t vd, int indirect, uint32_t v)
{
    if (indirect && vd != 16)
        vd = s->lreg[7][l] & 15;
    if (writable(vd))
        s->lreg[vd][l] = v;
}

static void exec_mad(Sfpu *s, uint32_t w, const SfpuRegs *o)
{
    uint32_t mod1 = TENSIX_GET(SFPMAD, INSTR_MOD1, w), vd = o->vd;
    uint32_t va = o->va, vb = o->vb, vc = o->vc;
    uint32_t r[SFPU_LANES], en = sfpu_lane_enabled(s);
    /* compute every lane before writing: an indirect VD may hit another lane's source */
    for (uint32_t l = 0; l < SFPU_LANES; l++) {
        uint32_t a = s->lreg[(mod1 & 4) ? (s->lreg[7][l] & 15) : va][l];
        uint32_t b = s->lreg[vb][l] ^ ((mod1 & 1) ? SIGN : 0);
        uint32_t c = s->lreg[vc][l] ^ ((mod1 & 2) ? SIGN : 0);
        r[l] = sfpu_fp32_mad(a, b, c);
    }
    for (uint32_t l = 0; l < SFPU_LANES; l++)
        if (en & BIT(l))
            write_indirect(s, l, vd, mod1 & 8, r[l]);
}

static void exec_addi_muli(Sfpu *s, uint32_t w, int mul, const SfpuRegs *o)
{
    uint32_t mod1 = TENSIX_GET(SFPADDI, INSTR_MOD1, w), vd = o->vd;
    uint32_t imm = TENSIX_GET(SFPADDI, IMM16_MATH, w) << 16;
    FOR_ENABLED(s, l)
    {
        uint32_t c = s->lreg[o->vc][l] ^ ((mod1 & 2) ? SIGN : 0);
        write_indirect(s, l, vd, mod1 & 8,
                       mul ? sfpu_fp32_mad(imm, c, 0) : sfpu_fp32_mad(imm, FP_ONE, c));
    }
}

static uint32_t lut8_to_fp32(uint32_t x)
{
    if (x == 0xFF)
        return 0;
    return (x >> 7) << 31 | (127 - ((x >> 4) & 7)) << 23 | (x & 15) << 19;
}

static void exec_lut(Sfpu *s, uint32_t w, const SfpuRegs *o)
{
    uint32_t mod0 = TENSIX_GET(SFPLUT, INSTR_MOD0, w), vd = o->vd;
    FOR_ENABLED(s, l)
    {
        uint32_t l3 = s->lreg[3][l], b = l3 & ~SIGN; /* NaN magnitudes sort above 2.0 too */
        uint32_t k = s->lreg[b < FP_ONE ? 0 : b < 0x40000000u ? 1 : 2][l];
        uint32_t d = sfpu_fp32_mad(lut8_to_fp32((k >> 8) & 0xFF), b, lut8_to_fp32(k & 0xFF));
        if (mod0 & 4)
            d = (d & ~SIGN) | (l3 & SIGN);
        write_indirect(s, l, vd, mod0 & 8, d);
    }
}

/* ------------------------------------------------------------------ integer and bits */

/* sign-magnitude (or FP32 total order) c < d */
static int sm_less(uint32_t c, uint32_t d)
{
    c ^= (c & SIGN) ? 0x7FFFFFFFu : 0; /* -0..-(2^31-1) -> two's complement -1..-2^31 */
    d ^= (d & SIGN) ? 0x7FFFFFFFu : 0;
    return (int32_t)c < (int32_t)d;
}

static void set_flag(Sfpu *s, uint32_t l, int f)
{
    s->flags = f ? (s->flags | BIT(l)) : (s->flags & ~BIT(l));
}

static void exec_iadd(Sfpu *s, uint32_t w, const SfpuRegs *o)
{
    uint32_t mod1 = TENSIX_GET(SFPIADD, INSTR_MOD1, w), vd = o->vd;
    uint32_t vc = o->vc, imm = sext12(TENSIX_GET(SFPIADD, IMM12_MATH, w));
    if (!writable(vd))
        return;
    FOR_ENABLED(s, l)
    {
        uint32_t c = s->lreg[vc][l], d = s->lreg[o->vb][l];
        d = (mod1 & 1) ? c + imm : (mod1 & 2) ? c - d : c + d;
        s->lreg[vd][l] = d;
        if (vd >= 8)
            continue;
        if (!(mod1 & 4))
            set_flag(s, l, (int32_t)d < 0);
        if (mod1 & 8)
            set_flag(s, l, !(s->flags & BIT(l)));
    }
}

static uint32_t shift(uint32_t x, int32_t amount, int arithmetic)
{
    if (amount >= 0)
        return x << (amount & 31);
    uint32_t n = (0u - (uint32_t)amount) & 31;
    return arithmetic ? (uint32_t)((int32_t)x >> n) : x >> n;
}

static void exec_shft(Sfpu *s, uint32_t w, const SfpuRegs *o)
{
    uint32_t mod1 = TENSIX_GET(SFPSHFT, INSTR_MOD1, w), vd = o->vd;
    uint32_t vc = o->vc, imm = sext12(TENSIX_GET(SFPSHFT, IMM12_MATH, w));
    if (!writable(vd))
        return;
    FOR_ENABLED(s, l)
    {
        uint32_t x = s->lreg[o->vb][l];
        int32_t amount = (int32_t)s->lreg[vc][l];
        if (mod1 & 1) {
            if (mod1 & 4)
                x = (uint32_t)amount;
            amount = (int32_t)imm;
        }
        s->lreg[vd][l] = shift(x, amount, mod1 & 2);
    }
}

/* lanewise ops with no flags: VD = f(VC, VB) */
static BhStatus exec_unary(Sfpu *s, uint32_t w, const SfpuRegs *o)
{
    uint32_t op = w >> 24, mod1 = w & 15, vd = o->vd, vc = o->vc;
    uint32_t imm = (w >> 12) & 0xFFF;
    if (op == TENSIX_OP_SFPARECIP && mod1 != 0 && mod1 != 1)
        return sfpu_exec_bh(s, w, o); /* approximate exp */
    if (!writable(vd))
        return BH_OK;
    FOR_ENABLED(s, l)
    {
        uint32_t c = s->lreg[vc][l], d = s->lreg[o->vb][l], x;
        uint32_t exp = (c >> 23) & 0xFF;
        switch (op) {
        case TENSIX_OP_SFPABS:
            x = !(c & SIGN) ? c : !(mod1 & 1) ? 0u - c : c > 0xFF800000u ? c : c & ~SIGN;
            break;
        case TENSIX_OP_SFPAND:
            x = d & c;
            break;
        case TENSIX_OP_SFPOR:
            x = d | c;
            break;
        case TENSIX_OP_SFPXOR:
            x = d ^ c;
            break;
        case TENSIX_OP_SFPNOT:
            x = ~c;
            break;
        case TENSIX_OP_SFPDIVP2:
            if (mod1 & 1)
                exp = exp == 255 ? exp : (exp + imm) & 0xFF;
            else
                exp = imm & 0xFF;
            x = (c & SIGN) | exp << 23 | (c & 0x7FFFFF);
            break;
        case TENSIX_OP_SFPSETEXP:
            exp = (mod1 & 1) ? imm & 0xFF : (mod1 & 2) ? (d >> 23) & 0xFF : d & 0xFF;
            x = (c & SIGN) | exp << 23 | (c & 0x7FFFFF);
            break;
        case TENSIX_OP_SFPSETMAN:
            x = (c & 0xFF800000u) | ((mod1 & 1) ? imm << 11 : d & 0x7FFFFF);
            break;
        case TENSIX_OP_SFPSETSGN:
            x = (c & ~SIGN) | ((mod1 & 1) ? (imm & 1) << 31 : d & SIGN);
            break;
        case TENSIX_OP_SFPEXMAN:
            x = ((mod1 & 1) ? 0 : 0x800000u) + (c & 0x7FFFFF);
            break;
        default: { /* SFPARECIP: reciprocal of the magnitude from a 128-entry table */
            uint32_t mag = c & ~SIGN, rc;
            if (mag < 0x00800000u) {
                rc = 0x7F800000u;
            } else if (mag < 0x7E800000u) {
                /* entry i = round(2^16 / (257 + 2i)): 1/x at the middle of the interval */
                uint32_t den = 257 + 2 * ((mag >> 16) & 0x7F);
                rc = (253 - (mag >> 23)) << 23 | (((2u << 16) + den) / (2 * den) - 128) << 16;
            } else {
                rc = 0;
            }
            if (mod1 == 0)
                x = (c & SIGN) + rc;
            else
                x = (int32_t)d < 0 ? rc : c;
            break;
        }
        }
        s->lreg[vd][l] = x;
    }
    return BH_OK;
}

static void exec_lz_exexp(Sfpu *s, uint32_t w, const SfpuRegs *o)
{
    uint32_t mod1 = w & 15, vd = o->vd, vc = o->vc;
    int lz = (w >> 24) == TENSIX_OP_SFPLZ;
    if (!writable(vd))
        return;
    FOR_ENABLED(s, l)
    {
        uint32_t c = s->lreg[vc][l];
        if (lz) {
            if (mod1 & 4)
                c &= ~SIGN;
            s->lreg[vd][l] = c ? (uint32_t)__builtin_clz(c) : 32;
        } else {
            s->lreg[vd][l] = ((c >> 23) & 0xFF) - ((mod1 & 1) ? 0 : 127);
        }
        if (vd < 8) {
            if (lz && (mod1 & 2))
                set_flag(s, l, c != 0);
            if (!lz && (mod1 & 2))
                set_flag(s, l, (int32_t)s->lreg[vd][l] < 0);
            if (mod1 & 8)
                set_flag(s, l, !(s->flags & BIT(l)));
        }
    }
}

static void exec_cast(Sfpu *s, uint32_t w, const SfpuRegs *o)
{
    uint32_t mod1 = TENSIX_GET(SFPCAST, INSTR_MOD1, w), vd = o->vd, vc = o->vc;
    FOR_ENABLED(s, l)
    {
        uint32_t c = s->lreg[vc][l], d;
        if ((mod1 & 3) == 2) { /* a hardware bug makes this encoding an integer abs */
            d = (c & SIGN) ? 0u - c : c;
        } else if ((mod1 & 3) == 3) { /* sign-magnitude <-> two's complement */
            d = (c & SIGN) | ((c & SIGN) ? 0u - c : c);
        } else { /* sign-magnitude -> FP32, RNE or stochastic */
            uint32_t mag = c & ~SIGN, lzc = mag ? (uint32_t)__builtin_clz(mag) : 157;
            uint32_t norm = mag << (lzc & 31);
            d = (c & SIGN) + ((157 - lzc) << 23) + (norm >> 8);
            if (mod1 & 1) {
                uint32_t x = s->prng[l], taps = (uint32_t)__builtin_popcount(x & 0x80200003u);
                s->prng[l] = (~taps << 31) | (x >> 1);
                d += (norm & 0xFE) > ((x >> 9) & 0xFE);
            } else {
                d += (norm & 0x80) && (norm & 0x17F);
            }
        }
        if (writable(vd))
            s->lreg[vd][l] = d;
    }
}

/* SFPGT (gt = 1): VB > VC; SFPLE: VB <= VC */
static void exec_cmp(Sfpu *s, uint32_t w, int gt, const SfpuRegs *o)
{
    uint32_t mod1 = w & 15, vd = o->vd, vc = o->vc, en = sfpu_lane_enabled(s);
    uint32_t res = 0;
    for (uint32_t l = 0; l < SFPU_LANES; l++) {
        int r = sm_less(s->lreg[vc][l], s->lreg[o->vb][l]) == gt;
        res |= r ? BIT(l) : 0;
        if (!(en & BIT(l)))
            continue;
        if ((mod1 & 8) && writable(vd))
            s->lreg[vd][l] = r ? 0xFFFFFFFFu : 0;
        if (mod1 & 1)
            set_flag(s, l, r);
    }
    if ((mod1 & 2) && s->depth) {
        uint32_t *top = &s->stack_flags[s->depth - 1];
        *top = (mod1 & 4) ? (*top | res) : (*top & res);
    }
}

/* ------------------------------------------------------------------ lane movement */

static void exec_swap(Sfpu *s, uint32_t w, const SfpuRegs *o)
{
    static const uint32_t vd_gets_min[9] = {0,           0xFFFFFFFFu, 0x0000FFFFu,
                                            0x00FF00FFu, 0xFF0000FFu, 0x000000FFu,
                                            0x0000FF00u, 0x00FF0000u, 0xFF000000u};
    uint32_t mod1 = w & 15, vd = o->vd, vc = o->vc;
    uint32_t min_mask = mod1 < 9 ? vd_gets_min[mod1] : 0;
    FOR_ENABLED(s, l)
    {
        uint32_t cv = s->lreg[vc][l], dv = s->lreg[vd][l], lc = s->lane_config[l & 7];
        int swap = 1;
        if (mod1 != 0) {
            swap = (min_mask & BIT(l)) ? sm_less(cv, dv) : !sm_less(cv, dv);
            if (lc & SFPU_LC_EXCHANGE_SRCB_SRCC)
                swap = !swap;
        }
        if (!swap)
            continue;
        uint32_t lim = (lc & SFPU_LC_ENABLE_DEST_INDEX) ? 4 : 8;
        if (vc < lim)
            s->lreg[vc][l] = dv;
        if (vd < lim)
            s->lreg[vd][l] = cv;
        if (lim == 4) { /* argmin/argmax: the paired index registers follow */
            uint32_t ca = 4 + (vc & 3), da = 4 + (vd & 3), t = s->lreg[ca][l];
            s->lreg[ca][l] = s->lreg[da][l];
            s->lreg[da][l] = t;
        }
    }
}

static void exec_transp(Sfpu *s)
{
    uint32_t old[8][SFPU_LANES];
    memcpy(old, s->lreg, sizeof old);
    FOR_ENABLED(s, l)
    {
        uint32_t row = l / 8, col = l & 7;
        for (uint32_t base = 0; base < 8; base += 4)
            for (uint32_t k = 0; k < 4; k++)
                s->lreg[base + k][l] = old[base + row][k * 8 + col];
    }
}

static void exec_shft2(Sfpu *s, uint32_t w, const SfpuRegs *o)
{
    uint32_t mod1 = w & 15, vd = o->vd, vc = o->vc;
    uint32_t imm = (w >> 12) & 0xFFF, v0[SFPU_LANES], vcs[SFPU_LANES];
    memcpy(v0, s->lreg[0], sizeof v0);
    memcpy(vcs, s->lreg[vc], sizeof vcs);
    if (mod1 > 6) {
        BH_LOG_GUEST(s->log, "sfpu: SFPSHFT2 reserved Mod1 %u (ignored)", mod1);
        return;
    }
    if (mod1 >= 3 && !writable(vd))
        return;
    FOR_ENABLED(s, l)
    {
        uint32_t ror = vcs[(l & 7) ? l - 1 : l + 7];
        if (mod1 <= 2) {
            s->lreg[0][l] = s->lreg[1][l];
            s->lreg[1][l] = s->lreg[2][l];
            s->lreg[2][l] = s->lreg[3][l];
            s->lreg[3][l] = mod1 == 0 ? 0 : mod1 == 1 ? (l < 24 ? v0[l + 8] : 0) : ror;
        } else if (mod1 == 3) {
            s->lreg[vd][l] = ror;
        } else if (mod1 == 4) {
            s->lreg[vd][l] = (l & 7) ? vcs[l - 1] : 0;
        } else if (mod1 == 5) {
            s->lreg[vd][l] = shift(s->lreg[o->vb][l], (int32_t)vcs[l], 0);
        } else {
            s->lreg[vd][l] = shift(s->lreg[o->vb][l], (int32_t)sext12(imm), 0);
        }
    }
}

/* ------------------------------------------------------------------ dispatch */

BhStatus sfpu_exec_alu(Sfpu *s, uint32_t w, const SfpuRegs *o)
{
    switch (w >> 24) {
    case TENSIX_OP_SFPMAD:
    case TENSIX_OP_SFPADD:
    case TENSIX_OP_SFPMUL:
        exec_mad(s, w, o);
        return BH_OK;
    case TENSIX_OP_SFPADDI:
        exec_addi_muli(s, w, 0, o);
        return BH_OK;
    case TENSIX_OP_SFPMULI:
        exec_addi_muli(s, w, 1, o);
        return BH_OK;
    case TENSIX_OP_SFPLUT:
        exec_lut(s, w, o);
        return BH_OK;
    case TENSIX_OP_SFPIADD:
        exec_iadd(s, w, o);
        return BH_OK;
    case TENSIX_OP_SFPSHFT:
        exec_shft(s, w, o);
        return BH_OK;
    case TENSIX_OP_SFPABS:
    case TENSIX_OP_SFPAND:
    case TENSIX_OP_SFPOR:
    case TENSIX_OP_SFPXOR:
    case TENSIX_OP_SFPNOT:
    case TENSIX_OP_SFPDIVP2:
    case TENSIX_OP_SFPSETEXP:
    case TENSIX_OP_SFPSETMAN:
    case TENSIX_OP_SFPSETSGN:
    case TENSIX_OP_SFPEXMAN:
    case TENSIX_OP_SFPARECIP:
        return exec_unary(s, w, o);
    case TENSIX_OP_SFPLZ:
    case TENSIX_OP_SFPEXEXP:
        exec_lz_exexp(s, w, o);
        return BH_OK;
    case TENSIX_OP_SFPCAST:
        exec_cast(s, w, o);
        return BH_OK;
    case TENSIX_OP_SFPGT:
        exec_cmp(s, w, 1, o);
        return BH_OK;
    case TENSIX_OP_SFPLE:
        exec_cmp(s, w, 0, o);
        return BH_OK;
    case TENSIX_OP_SFPSWAP:
        exec_swap(s, w, o);
        return BH_OK;
    case TENSIX_OP_SFPTRANSP:
        exec_transp(s);
        return BH_OK;
    case TENSIX_OP_SFPSHFT2:
        exec_shft2(s, w, o);
        return BH_OK;
    default: /* SFP_STOCH_RND, SFPLUTFP32, SFPMUL24 (SFPLOADMACRO goes to sfpu_macro.c) */
        return sfpu_exec_bh(s, w, o);
    }
}
