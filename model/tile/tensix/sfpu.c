// SPDX-License-Identifier: Apache-2.0
/* Vector Unit (sfpu.h): state, issue timing, dispatch, lane predication and the flag stack,
 * SFPLOAD/SFPSTORE/SFPLOADI, SFPCONFIG and SFPMOV. The lanewise arithmetic is in sfpu_ops.c. */
#include "model/tile/tensix/sfpu.h"
#include <string.h>
#include "model/tile/tensix/tensix_isa.h"

#define BIT(lane) (1u << (lane))

void sfpu_init(Sfpu *s, BhLogContext *log)
{
    memset(s, 0, sizeof *s);
    s->log = log;
    const float k08373 = 0.8373f, k1 = 1.0f;
    uint32_t c8, c10;
    memcpy(&c8, &k08373, 4);
    memcpy(&c10, &k1, 4);
    for (uint32_t l = 0; l < SFPU_LANES; l++) {
        s->lreg[8][l] = c8;
        s->lreg[10][l] = c10;
        s->lreg[15][l] = 2 * l;
    }
}

void sfpu_seed_prng(Sfpu *s, uint32_t seed)
{
    for (uint32_t l = 0; l < SFPU_LANES; l++)
        s->prng[l] = seed;
}

int sfpu_handles(uint32_t opcode)
{
    return opcode >= TENSIX_OP_SFPLOAD && opcode <= TENSIX_OP_SFPARECIP;
}

uint32_t sfpu_lane_enabled(const Sfpu *s)
{
    uint32_t en = 0;
    for (uint32_t l = 0; l < SFPU_LANES; l++) {
        if ((s->lane_config[l & 7] >> (SFPU_LC_ROW_MASK_SHIFT + l / 8)) & 1)
            continue;
        if ((s->use_flags & BIT(l)) && !(s->flags & BIT(l)))
            continue;
        en |= BIT(l);
    }
    return en;
}

/* ------------------------------------------------------------------ timing */

#define ALL_LREGS 0x1FFFFu
#define R(i) (1u << ((i)&15))

static int is_mad_class(uint32_t op)
{
    return op == TENSIX_OP_SFPMAD || op == TENSIX_OP_SFPADD || op == TENSIX_OP_SFPMUL ||
           op == TENSIX_OP_SFPADDI || op == TENSIX_OP_SFPMULI || op == TENSIX_OP_SFPLUT ||
           op == TENSIX_OP_SFPLUTFP32 || op == TENSIX_OP_SFPMUL24;
}

/* LRegs a MAD-class word writes, as the stall logic sees it */
static uint32_t mad_write_set(uint32_t w)
{
    uint32_t op = w >> 24;
    if (op == TENSIX_OP_SFPLUT)
        return (TENSIX_GET(SFPLUT, INSTR_MOD0, w) & 8) ? ALL_LREGS
                                                       : R(TENSIX_GET(SFPLUT, LREG_IND, w));
    if (op == TENSIX_OP_SFPLUTFP32) /* the stall logic reads Mod1Mirror, not Mod1 */
        return ((w >> 16) & 8) ? ALL_LREGS : R(TENSIX_GET(SFPLUTFP32, LREG_DEST, w));
    /* SFPMUL24, SFPADDI / SFPMULI share SFPMAD's MOD1 and VD positions */
    return (TENSIX_GET(SFPMAD, INSTR_MOD1, w) & 8) ? ALL_LREGS
                                                   : R(TENSIX_GET(SFPMAD, LREG_DEST, w));
}

/* LRegs a word reads, as the stall logic sees it (SFPMAD.md lists where that is wrong) */
static uint32_t stall_read_set(uint32_t w)
{
    uint32_t op = w >> 24, mod1 = w & 15;
    uint32_t vd = (w >> 4) & 15, vc = (w >> 8) & 15; /* the common LREG_DEST / LREG_C spots */
    switch (op) {
    case TENSIX_OP_SFPMAD:
    case TENSIX_OP_SFPADD:
    case TENSIX_OP_SFPMUL:
    case TENSIX_OP_SFPMUL24:
        if (mod1 & 4)
            return ALL_LREGS;
        return R(TENSIX_GET(SFPMAD, LREG_SRC_A, w)) | R(TENSIX_GET(SFPMAD, LREG_SRC_B, w)) | R(vc) |
               ((mod1 & 8) ? R(7) : 0);
    case TENSIX_OP_SFPADDI:
    case TENSIX_OP_SFPMULI:
        return R(vd) | ((mod1 & 8) ? R(7) : 0);
    case TENSIX_OP_SFPLUT:
        return 0xF | ((TENSIX_GET(SFPLUT, INSTR_MOD0, w) & 8) ? R(7) : 0);
    case TENSIX_OP_SFPLUTFP32: /* every LReg but LReg[7] unless Mod1Mirror says INDIRECT_VD */
        return ((w >> 16) & 8) ? ALL_LREGS : ALL_LREGS & ~R(7);
    case TENSIX_OP_SFP_STOCH_RND:
        return R(vc) | R(TENSIX_GET(SFP_STOCH_RND, LREG_SRC_B, w));
    case TENSIX_OP_SFPLOADMACRO: /* its load writes LReg[VDHi:VDLo]; the same partial reads */
    case TENSIX_OP_SFPLOAD: {
        uint32_t m = TENSIX_GET(SFPLOAD, INSTR_MOD0, w);
        uint32_t vd = op == TENSIX_OP_SFPLOAD ? TENSIX_GET(SFPLOAD, LREG_IND, w)
                                              : ((w >> 20) & 3) | (w & 1) << 2;
        return (m == SFPU_FMT_LO16_ONLY || m == SFPU_FMT_HI16_ONLY) ? R(vd) : 0;
    }
    case TENSIX_OP_SFPSTORE:
        return R(TENSIX_GET(SFPSTORE, LREG_IND, w));
    case TENSIX_OP_SFPLOADI: {
        uint32_t m = TENSIX_GET(SFPLOADI, INSTR_MOD0, w);
        return (m == 8 || m == 10) ? R(TENSIX_GET(SFPLOADI, LREG_IND, w)) : 0;
    }
    case TENSIX_OP_SFPMOV:
        return (mod1 & 8) ? 0 : R(vc);
    case TENSIX_OP_SFPIADD: /* blind to VD */
    case TENSIX_OP_SFPSHFT: /* blind to VD */
    case TENSIX_OP_SFPABS:
    case TENSIX_OP_SFPNOT:
    case TENSIX_OP_SFPLZ:
    case TENSIX_OP_SFPEXEXP:
    case TENSIX_OP_SFPEXMAN:
    case TENSIX_OP_SFPDIVP2:
    case TENSIX_OP_SFPSETCC:
    case TENSIX_OP_SFPCAST:
        return R(vc);
    case TENSIX_OP_SFPAND: /* always VD, never VB */
    case TENSIX_OP_SFPOR:
    case TENSIX_OP_SFPXOR:
    case TENSIX_OP_SFPGT:
    case TENSIX_OP_SFPLE:
        return R(vc) | R(vd);
    case TENSIX_OP_SFPSETEXP:
    case TENSIX_OP_SFPSETMAN:
    case TENSIX_OP_SFPSETSGN:
        return R(vc) | ((mod1 & 1) ? 0 : R(vd));
    case TENSIX_OP_SFPARECIP:
        return R(vc) | (mod1 == 1 ? R(TENSIX_GET(SFPARECIP, IMM12_MATH, w)) : 0);
    case TENSIX_OP_SFPSWAP: /* the compare cycle's reads go unseen */
        return mod1 == 0 ? R(vc) | R(vd) : 0;
    case TENSIX_OP_SFPTRANSP:
        return 0xFF;
    case TENSIX_OP_SFPSHFT2:
        switch (mod1) {
        case 0:
        case 1:
            return 0xF;
        case 5:
            return R(vc) | R(vd); /* reads VB, the logic thinks VD */
        case 6:
            return R(vd);
        default:
            return 0; /* the shuffles' reads go unseen */
        }
    default: /* SFPCONFIG (blind to LReg[0]), SFPNOP, flag-stack instructions */
        return 0;
    }
}

/* after these, only SFPNOP may issue in the next cycle */
static int blocks_next(uint32_t w)
{
    uint32_t op = w >> 24, mod1 = w & 15;
    return op == TENSIX_OP_SFPSWAP || (op == TENSIX_OP_SFPSHFT2 && mod1 >= 2 && mod1 <= 4);
}

int sfpu_can_issue(const Sfpu *s, uint32_t word, uint64_t now)
{
    if (now < s->next_issue)
        return 0;
    if (now < s->nop_only_until && (word >> 24) != TENSIX_OP_SFPNOP)
        return 0;
    if (now < s->mad_ready && (stall_read_set(word) & s->mad_writes))
        return 0;
    return 1;
}

int sfpu_busy(const Sfpu *s, uint64_t now)
{
    if (now < s->busy_until)
        return 1;
    if (!s->lm_live)
        return 0;
    /* an instruction SFPLOADMACRO scheduled by cycle count still has to land; one that counts
     * instructions waits for vector words, not for time */
    for (uint32_t i = 0; i < SFPU_MACRO_SLOTS; i++)
        if (s->lm_ops[i].live && !s->lm_ops[i].by_instr)
            return 1;
    return 0;
}

static void account(Sfpu *s, uint32_t w, uint64_t now)
{
    uint32_t op = w >> 24;
    uint64_t lat = (is_mad_class(op) || blocks_next(w)) ? 2 : 1;
    s->next_issue = now + 1;
    if (now + lat > s->busy_until)
        s->busy_until = now + lat;
    if (is_mad_class(op)) {
        s->mad_ready = now + 2;
        s->mad_writes = mad_write_set(w);
        s->stats.mad++;
    }
    if (blocks_next(w))
        s->nop_only_until = now + 2;
    s->stats.instrs++;
}

/* ------------------------------------------------------------------ flags */

/* SFPPUSHC / SFPPOPC Mod1 1..12 combine two flag sets with one of twelve boolean functions;
 * bit (2a + b) of the entry is f(a, b). */
static uint32_t bool_op_mask(uint32_t mod1, uint32_t a, uint32_t b)
{
    static const uint8_t truth[13] = {0,   0xA, 0x5, 0x8, 0xE, 0x4, 0xD,
                                      0x2, 0xB, 0x1, 0x7, 0x6, 0x9};
    uint32_t t = truth[mod1];
    return ((t & 1) ? ~a & ~b : 0) | ((t & 2) ? ~a & b : 0) | ((t & 4) ? a & ~b : 0) |
           ((t & 8) ? a & b : 0);
}

static void exec_setcc(Sfpu *s, uint32_t w, uint32_t vc)
{
    uint32_t mod1 = TENSIX_GET(SFPSETCC, INSTR_MOD1, w);
    uint32_t imm = TENSIX_GET(SFPSETCC, IMM12_MATH, w), en = sfpu_lane_enabled(s);
    for (uint32_t l = 0; l < SFPU_LANES; l++) {
        if (!(en & BIT(l)))
            continue;
        int32_t c = (int32_t)s->lreg[vc][l];
        int f;
        if (!(s->use_flags & BIT(l)) || (mod1 & 8))
            f = 0;
        else if (mod1 & 1)
            f = imm != 0;
        else if (mod1 == 0)
            f = c < 0;
        else if (mod1 == 2)
            f = c != 0;
        else if (mod1 == 4)
            f = c >= 0;
        else if (mod1 == 6)
            f = c == 0;
        else
            continue; /* no comparison named: flags stay */
        s->flags = f ? (s->flags | BIT(l)) : (s->flags & ~BIT(l));
    }
}

static void exec_encc(Sfpu *s, uint32_t w)
{
    uint32_t mod1 = TENSIX_GET(SFPENCC, INSTR_MOD1, w), imm = TENSIX_GET(SFPENCC, IMM12_MATH, w);
    if (mod1 & 2)
        s->use_flags = (imm & 1) ? ~0u : 0;
    else if (mod1 & 1)
        s->use_flags = ~s->use_flags;
    s->flags = (mod1 & 8) ? ((imm & 2) ? ~0u : 0) : ~0u;
}

static void exec_compc(Sfpu *s)
{
    uint32_t top_f = s->depth ? s->stack_flags[s->depth - 1] : ~0u;
    uint32_t top_u = s->depth ? s->stack_use[s->depth - 1] : ~0u;
    s->flags = top_u & s->use_flags & top_f & ~s->flags;
}

static void exec_pushc(Sfpu *s, uint32_t w)
{
    uint32_t mod1 = TENSIX_GET(SFPPUSHC, INSTR_MOD1, w);
    if (mod1 == 0) {
        if (s->depth >= SFPU_STACK_DEPTH) {
            BH_LOG_GUEST(s->log, "sfpu: SFPPUSHC onto a full flag stack (ignored)");
            return;
        }
        s->stack_flags[s->depth] = s->flags;
        s->stack_use[s->depth] = s->use_flags;
        s->depth++;
        return;
    }
    if (s->depth == 0) {
        BH_LOG_GUEST(s->log, "sfpu: SFPPUSHC Mod1=%u on an empty flag stack (ignored)", mod1);
        return;
    }
    uint32_t *tf = &s->stack_flags[s->depth - 1], *tu = &s->stack_use[s->depth - 1];
    if (mod1 <= 12) {
        *tu = s->use_flags;
        *tf = bool_op_mask(mod1, *tf, s->flags);
    } else if (mod1 == 13) {
        s->flags = ~s->flags;
        *tu = s->use_flags;
        *tf = s->flags;
    } else {
        *tu = ~0u;
        *tf = mod1 == 14 ? ~0u : 0;
    }
}

static void exec_popc(Sfpu *s, uint32_t w)
{
    uint32_t mod1 = TENSIX_GET(SFPPOPC, INSTR_MOD1, w);
    uint32_t top_f = s->depth ? s->stack_flags[s->depth - 1] : 0;
    uint32_t top_u = s->depth ? s->stack_use[s->depth - 1] : 0;
    if (mod1 == 0) {
        if (s->depth == 0)
            BH_LOG_GUEST(s->log, "sfpu: SFPPOPC from an empty flag stack");
        else
            s->depth--;
        s->use_flags = top_u;
        s->flags = top_f;
    } else if (mod1 <= 12) {
        s->use_flags = top_u;
        s->flags = bool_op_mask(mod1, s->flags, top_f);
    } else if (mod1 == 13) {
        s->flags = ~s->flags;
    } else {
        s->use_flags = ~0u;
        s->flags = mod1 == 14 ? ~0u : 0;
    }
}

/* ------------------------------------------------------------------ configuration */

static void exec_config(Sfpu *s, uint32_t w, uint32_t vd)
{
    static const float lreg_defaults[4] = {-1.0f, 1.0f / 65536.0f, -0.67487759f, -0.34484843f};
    uint32_t mod1 = TENSIX_GET(SFPCONFIG, INSTR_MOD1, w);
    uint32_t imm = TENSIX_GET(SFPCONFIG, IMM16_MATH, w);
    /* only the first 8 lanes' predication counts, then each column is broadcast down */
    for (uint32_t c = 0; c < SFPU_COLS; c++) {
        if ((mod1 & 8) && !((imm >> (2 * c)) & 1))
            continue;
        if ((s->use_flags & BIT(c)) && !(s->flags & BIT(c)))
            continue;
        uint32_t v = (mod1 & 1) ? imm : s->lreg[0][c];
        uint32_t *dst = NULL, keep_hi = 0;
        if (vd < 4) {
            s->lm_template[vd][c] = s->lreg[0][c];
        } else if (vd < 8) {
            s->lm_sequence[vd - 4][c] = v;
        } else if (vd == 8) {
            dst = &s->lm_misc[c];
        } else if (vd >= 11 && vd <= 14) {
            if (mod1 & 1)
                memcpy(&v, &lreg_defaults[vd - 11], 4);
            for (uint32_t r = 0; r < 4; r++)
                s->lreg[vd][r * 8 + c] = v;
        } else if (vd == 15) {
            dst = &s->lane_config[c];
            keep_hi = (mod1 & 1) ? (*dst & ~0xFFFFu) : 0;
        }
        if (dst) {
            uint32_t width = vd == 8 ? 0xFFFu : 0x3FFFFu;
            switch (mod1 & 6) {
            case 0:
                *dst = v;
                break;
            case 2:
                *dst |= v;
                break;
            case 4:
                *dst &= v;
                break;
            default:
                *dst ^= v;
                break;
            }
            *dst = (*dst | keep_hi) & width;
        }
    }
}

uint32_t sfpu_prng_next(Sfpu *s, uint32_t lane)
{
    uint32_t x = s->prng[lane];
    uint32_t taps = (uint32_t)__builtin_popcount(x & 0x80200003u);
    s->prng[lane] = (~taps << 31) | (x >> 1);
    return x;
}

static void exec_mov(Sfpu *s, uint32_t w, const SfpuRegs *o)
{
    uint32_t mod1 = TENSIX_GET(SFPMOV, INSTR_MOD1, w), vc = o->vc;
    uint32_t vd = o->vd, en = sfpu_lane_enabled(s);
    for (uint32_t l = 0; l < SFPU_LANES; l++) {
        if (!(en & BIT(l)) && mod1 != 2)
            continue;
        uint32_t x, c = l & 7;
        if (mod1 & 8) {
            if (vc < 4)
                x = s->lm_template[vc][c];
            else if (vc < 8)
                x = s->lm_sequence[vc - 4][c];
            else if (vc == 8)
                x = s->lm_misc[c];
            else if (vc == 9)
                x = sfpu_prng_next(s, l);
            else
                x = vc == 15 ? s->lane_config[c] : 0;
        } else {
            x = s->lreg[vc][l] ^ ((mod1 & 1) ? 0x80000000u : 0);
        }
        if (vd < 8 || vd == 16)
            s->lreg[vd][l] = x;
    }
}

/* ------------------------------------------------------------------ dispatch */

/* The VD of instructions whose model starts "if (VD < 12 || DISABLE_BACKDOOR_LOAD)", or -1. */
static int guarded_vd(uint32_t w)
{
    uint32_t op = w >> 24, mod1 = w & 15, vd = (w >> 4) & 15;
    switch (op) {
    case TENSIX_OP_SFPLUT:
    case TENSIX_OP_SFPSTORE:
        return (int)((w >> 20) & 15);
    case TENSIX_OP_SFPMAD:
    case TENSIX_OP_SFPADD:
    case TENSIX_OP_SFPMUL:
    case TENSIX_OP_SFPADDI:
    case TENSIX_OP_SFPMULI:
    case TENSIX_OP_SFPSETCC:
    case TENSIX_OP_SFPENCC:
    case TENSIX_OP_SFPCOMPC:
    case TENSIX_OP_SFPPUSHC:
    case TENSIX_OP_SFPPOPC:
    case TENSIX_OP_SFPMOV:
    case TENSIX_OP_SFPSWAP:
    case TENSIX_OP_SFPTRANSP:
    case TENSIX_OP_SFPGT:
    case TENSIX_OP_SFPLE:
    case TENSIX_OP_SFPMUL24:
    case TENSIX_OP_SFPLUTFP32:
    case TENSIX_OP_SFP_STOCH_RND:
        return (int)vd;
    case TENSIX_OP_SFPSHFT2:
        return mod1 <= 3 ? (int)vd : -1;
    case TENSIX_OP_SFPCAST:
        return (mod1 & 3) <= 1 ? (int)vd : -1;
    default:
        return -1;
    }
}

/* VD >= 12 with the backdoor open writes the word to InstructionTemplate[VD - 12] instead.
 * Returns 1 if that happened (or cannot be modeled: *st says which). */
static int backdoor(Sfpu *s, uint32_t w, BhStatus *st)
{
    int vd = guarded_vd(w);
    if (vd < 12)
        return 0;
    uint32_t closed = 0;
    for (uint32_t c = 0; c < SFPU_COLS; c++)
        closed += (s->lane_config[c] & SFPU_LC_DISABLE_BACKDOOR_LOAD) != 0;
    if (closed == SFPU_COLS)
        return 0;
    if (closed != 0) {
        *st = BH_ERR_UNSUPPORTED;
        return 1;
    }
    for (uint32_t c = 0; c < SFPU_COLS; c++)
        s->lm_template[vd - 12][c] = w;
    return 1;
}

void sfpu_decode_regs(uint32_t w, SfpuRegs *o)
{
    uint32_t op = w >> 24, mod1 = w & 15;
    o->va = 0;
    o->vd = (w >> 4) & 15; /* the common LREG_DEST spot */
    o->vc = (w >> 8) & 15;
    o->vb = o->vd; /* "unsigned VB = VD;" unless the instruction names VB */
    switch (op) {
    case TENSIX_OP_SFPMAD:
    case TENSIX_OP_SFPADD:
    case TENSIX_OP_SFPMUL:
    case TENSIX_OP_SFPMUL24:
        o->va = TENSIX_GET(SFPMAD, LREG_SRC_A, w);
        o->vb = TENSIX_GET(SFPMAD, LREG_SRC_B, w);
        break;
    case TENSIX_OP_SFPADDI:
    case TENSIX_OP_SFPMULI:
        o->vc = o->vd;
        break;
    case TENSIX_OP_SFPLUT:
        o->vd = TENSIX_GET(SFPLUT, LREG_IND, w);
        break;
    case TENSIX_OP_SFPAND:
    case TENSIX_OP_SFPOR:
        o->vb = (mod1 & 1) ? (w >> 12) & 15 : o->vd;
        break;
    case TENSIX_OP_SFPARECIP:
    case TENSIX_OP_SFPSHFT2:
    case TENSIX_OP_SFP_STOCH_RND:
        o->vb = (w >> 12) & 15;
        break;
    default:
        break;
    }
}

BhStatus sfpu_exec_op(Sfpu *s, uint32_t w, const SfpuRegs *o)
{
    switch (w >> 24) {
    case TENSIX_OP_SFPCONFIG:
        exec_config(s, w, o->vd);
        return BH_OK;
    case TENSIX_OP_SFPMOV:
        exec_mov(s, w, o);
        return BH_OK;
    case TENSIX_OP_SFPSETCC:
        exec_setcc(s, w, o->vc);
        return BH_OK;
    case TENSIX_OP_SFPENCC:
        exec_encc(s, w);
        return BH_OK;
    case TENSIX_OP_SFPCOMPC:
        exec_compc(s);
        return BH_OK;
    case TENSIX_OP_SFPPUSHC:
        exec_pushc(s, w);
        return BH_OK;
    case TENSIX_OP_SFPPOPC:
        exec_popc(s, w);
        return BH_OK;
    case TENSIX_OP_SFPNOP:
        return BH_OK;
    default:
        return sfpu_exec_alu(s, w, o);
    }
}

BhStatus sfpu_issue(Sfpu *s, SrcDst *r, Rwc *rwc, const TensixCfg *cfg, uint32_t thread,
                    uint32_t word, uint64_t now)
{
    BH_ASSERT(thread < TCFG_THREADS && sfpu_handles(word >> 24));
    int discard = 0;
    BhStatus st = sfpu_macro_before_issue(s, r, word, now, &discard);
    if (st != BH_OK || discard || backdoor(s, word, &st)) {
        /* a displaced word still took its issue slot */
    } else if ((word >> 24) == TENSIX_OP_SFPLOADMACRO) {
        st = sfpu_macro_issue(s, r, rwc, cfg, thread, word, now);
    } else if ((word >> 24) <= TENSIX_OP_SFPSTORE) {
        st = sfpu_exec_mem(s, r, rwc, cfg, thread, word);
    } else {
        SfpuRegs o;
        sfpu_decode_regs(word, &o);
        st = sfpu_exec_op(s, word, &o);
    }
    if (st == BH_OK) {
        sfpu_macro_after_issue(s, now);
        account(s, word, now);
    }
    return st;
}
