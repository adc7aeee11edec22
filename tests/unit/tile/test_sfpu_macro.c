// SPDX-License-Identifier: Apache-2.0
/* SFPLOADMACRO: LoadMacroConfig written the way tt-llk writes it (SFPLOADI halves into LReg[0],
 * then SFPCONFIG), macros checked lane by lane against the same instructions issued by hand and
 * against host IEEE float / integer arithmetic, store cycles against the delays stated in
 * BlackholeA0/.../SFPLOADMACRO.md, and the undefined cases against the log. Dst FP32 bit
 * layouts are built here from the Dst.md diagrams. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "model/tile/tensix/sfpu.h"
#include "model/tile/tensix/tensix_isa.h"
#include "tests/check.h"
#include "tests/test_log.h"

#define PUT(mn, f, v) TENSIX_PUT(mn, f, v)
#define OP(mn) ((uint32_t)TENSIX_OP_##mn)
#define L 32
#define NOP TENSIX_WORD(SFPNOP)

typedef struct Env {
    Sfpu s;
    SrcDst r;
    Rwc rwc;
    TensixCfg cfg;
    uint64_t now;
} Env;

static Env A, B; /* A runs the macro, B the same work by hand */

static void env_reset(Env *e)
{
    memset(e, 0, sizeof *e);
    sfpu_init(&e->s, &test_log);
    srcdst_reset(&e->r);
    tensix_cfg_init(&e->cfg, NULL, &test_log);
}

static BhStatus issue_at(Env *e, uint32_t w, uint64_t at)
{
    e->now = at + 1;
    return sfpu_issue(&e->s, &e->r, &e->rwc, &e->cfg, 0, w, at);
}

/* present the word until the SFPU takes it, issue it, move to the next cycle */
static void run(Env *e, uint32_t w)
{
    while (!sfpu_can_issue(&e->s, w, e->now))
        e->now++;
    CHECK_OK(issue_at(e, w, e->now));
}

/* ---- log capture: the refusals must name their reason */
static char last_log[256];
static void sink(void *ctx, BhLogLevel level, const char *msg)
{
    (void)ctx;
    if (level == BH_LOG_UNIMP || level == BH_LOG_GUEST)
        snprintf(last_log, sizeof last_log, "%s", msg);
}

/* ---- word builders */
static uint32_t w_load(uint32_t vd, uint32_t mod0, uint32_t addr)
{
    return TENSIX_WORD(SFPLOAD) | PUT(SFPLOAD, LREG_IND, vd) | PUT(SFPLOAD, INSTR_MOD0, mod0) |
           PUT(SFPLOAD, DEST_REG_ADDR, addr);
}
static uint32_t w_store(uint32_t vd, uint32_t mod0, uint32_t addr)
{
    return TENSIX_WORD(SFPSTORE) | PUT(SFPSTORE, LREG_IND, vd) | PUT(SFPSTORE, INSTR_MOD0, mod0) |
           PUT(SFPSTORE, DEST_REG_ADDR, addr);
}
static uint32_t w_loadi(uint32_t vd, uint32_t mod0, uint32_t imm)
{
    return TENSIX_WORD(SFPLOADI) | PUT(SFPLOADI, LREG_IND, vd) | PUT(SFPLOADI, INSTR_MOD0, mod0) |
           PUT(SFPLOADI, IMM16, imm);
}
static uint32_t w_mad(uint32_t op, uint32_t va, uint32_t vb, uint32_t vc, uint32_t vd)
{
    return op << 24 | PUT(SFPMAD, LREG_SRC_A, va) | PUT(SFPMAD, LREG_SRC_B, vb) |
           PUT(SFPMAD, LREG_SRC_C, vc) | PUT(SFPMAD, LREG_DEST, vd);
}
static uint32_t w_op(uint32_t op, uint32_t imm12, uint32_t vc, uint32_t vd, uint32_t mod1)
{
    return op << 24 | (imm12 & 0xFFF) << 12 | PUT(SFPIADD, LREG_C, vc) |
           PUT(SFPIADD, LREG_DEST, vd) | PUT(SFPIADD, INSTR_MOD1, mod1);
}
static uint32_t w_cfg(uint32_t vd, uint32_t mod1, uint32_t imm16)
{
    return TENSIX_WORD(SFPCONFIG) | PUT(SFPCONFIG, CONFIG_DEST, vd) |
           PUT(SFPCONFIG, INSTR_MOD1, mod1) | PUT(SFPCONFIG, IMM16_MATH, imm16);
}
/* SFPLOADMACRO.md syntax: LREG_IND = MacroIndex << 2 | VDLo, DEST_REG_ADDR = Imm9 << 1 | VDHi */
static uint32_t w_lm(uint32_t macro, uint32_t vd, uint32_t mod0, uint32_t imm9)
{
    return TENSIX_WORD(SFPLOADMACRO) | PUT(SFPLOADMACRO, LREG_IND, macro << 2 | (vd & 3)) |
           PUT(SFPLOADMACRO, INSTR_MOD0, mod0) |
           PUT(SFPLOADMACRO, DEST_REG_ADDR, imm9 << 1 | (vd >> 2));
}
/* one Sequence byte: bit 7 loaded VD goes to VB, bit 6 result/operand LReg[16], delay, select */
static uint32_t seqb(uint32_t to_vb, uint32_t l16, uint32_t delay, uint32_t sel)
{
    return (to_vb ? 0x80u : 0) | (l16 ? 0x40u : 0) | delay << 3 | sel;
}
static uint32_t seq(uint32_t simple, uint32_t mad, uint32_t round, uint32_t store)
{
    return simple | mad << 8 | round << 16 | store << 24;
}

/* LReg[0] = v (all lanes), then SFPCONFIG VD: as tt-llk programs templates and sequences */
static void config32(Env *e, uint32_t vd, uint32_t v)
{
    run(e, w_loadi(0, 10, v & 0xFFFF));
    run(e, w_loadi(0, 8, v >> 16));
    run(e, w_cfg(vd, 0, 0));
}
/* Misc: StoreMod0 [3:0], UsesLoadMod0ForStore [7:4], UnitDelayKind [11:8] */
static void config_misc(Env *e, uint32_t misc)
{
    run(e, w_cfg(8, 1, misc));
}

/* ---- Dst FP32 layout (Dst.md): high half as BF16 (sign, man 7, exp 8) in row r, low half 8
 * rows on */
static uint32_t adj32(uint32_t row)
{
    return ((row & 0x1F8) << 1) | (row & 0x207);
}
static void dst32_put(Env *e, uint32_t row, uint32_t col, uint32_t bits)
{
    uint32_t h = bits >> 16;
    e->r.dst[adj32(row)][col] = (uint16_t)((h & 0x8000) | (h & 0x7F) << 8 | ((h >> 7) & 0xFF));
    e->r.dst[adj32(row) + 8][col] = (uint16_t)bits;
}
static uint32_t dst32_get(const Env *e, uint32_t row, uint32_t col)
{
    uint16_t hi = e->r.dst[adj32(row)][col], lo = e->r.dst[adj32(row) + 8][col];
    uint32_t raw_hi = (hi & 0x8000u) | (hi & 0xFFu) << 7 | (hi >> 8 & 0x7Fu);
    return raw_hi << 16 | lo;
}
static uint32_t lane_row(uint32_t addr, uint32_t l)
{
    return (addr & ~3u) + l / 8;
}
static uint32_t lane_col(uint32_t addr, uint32_t l)
{
    return 2 * (l & 7) + ((addr >> 1) & 1);
}
static uint32_t f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
/* lane l's input: moderate normal floats of both signs, a few mantissa bits each */
static float input(uint32_t addr, uint32_t l)
{
    return (float)((int)(l * 37 + addr * 11) % 201 - 100) * 0.375f + 0.125f;
}
static void fill(Env *e, uint32_t addr)
{
    for (uint32_t l = 0; l < L; l++)
        dst32_put(e, lane_row(addr, l), lane_col(addr, l), f2u(input(addr, l)));
}

/* a = 1.5 in LReg[5], b = -0.75 in LReg[6] (BF16 immediates) */
static void set_ab(Env *e)
{
    run(e, w_loadi(5, 0, 0x3FC0));
    run(e, w_loadi(6, 0, 0xBF40));
}

/* ---- tests */

/* Macro 0: MAD slot runs template 0 = SFPMAD(VA=5, VB=6, VD=0) with the loaded LReg as VC and
 * as VD; the store slot writes it back (Mod0 of the SFPLOADMACRO). Two addresses: VDHi = 0 and
 * VDHi = 1 (the low address bit doubles as VD's high bit). */
static void test_macro_mad_store(void)
{
    env_reset(&A);
    env_reset(&B);
    set_ab(&A);
    set_ab(&B);
    config32(&A, 0, w_mad(OP(SFPMAD), 5, 6, 0, 0));
    config32(&A, 4, seq(0, seqb(0, 0, 0, 4), 0, seqb(0, 0, 2, 3)));
    config_misc(&A, 1u << 4);                          /* macro 0 stores with the load's Mod0 */
    const uint32_t vds[2] = {3, 7}, imm9s[2] = {2, 8}; /* addresses 4 and 17 */
    for (uint32_t k = 0; k < 2; k++) {
        uint32_t addr = imm9s[k] << 1 | (vds[k] >> 2);
        fill(&A, addr);
        fill(&B, addr);
        run(&A, w_lm(0, vds[k], SFPU_FMT_FP32, imm9s[k]));
        for (int i = 0; i < 4; i++)
            run(&A, NOP);
        /* by hand */
        run(&B, w_load(vds[k], SFPU_FMT_FP32, addr));
        run(&B, w_mad(OP(SFPMAD), 5, 6, vds[k], vds[k]));
        run(&B, w_store(vds[k], SFPU_FMT_FP32, addr));
        for (uint32_t l = 0; l < L; l++) {
            uint32_t row = lane_row(addr, l), col = lane_col(addr, l);
            /* 1.5 * -0.75 is exact, so one rounding of an exact double sum */
            float want = (float)(1.5 * -0.75 + (double)input(addr, l));
            CHECK_EQ_U32(dst32_get(&A, row, col), f2u(want));
            CHECK_EQ_U32(dst32_get(&A, row, col), dst32_get(&B, row, col));
            CHECK_EQ_U32(A.s.lreg[vds[k]][l], f2u(want));
        }
    }
    CHECK_EQ_U32(A.s.stats.macro_ops, 4);
    CHECK(memcmp(A.r.dst, B.r.dst, sizeof A.r.dst) == 0);
}

/* Macro 1 through LReg[16]: template 1 = SFPMUL(VA=5, VB=0, VC=9 (zero), VD=12); bit 7 routes
 * the loaded LReg to VB (VC keeps its 9), bit 6 sends the result to LReg[16], and the store
 * slot reads LReg[16] with Misc.StoreMod0 = FP32. By hand: the same MUL into LReg[3]. */
static void test_macro_mul_via_lreg16(void)
{
    env_reset(&A);
    env_reset(&B);
    set_ab(&A);
    set_ab(&B);
    config32(&A, 1, w_mad(OP(SFPMUL), 5, 0, 9, 12));
    config32(&A, 5, seq(0, seqb(1, 1, 1, 5), 0, seqb(0, 1, 3, 3)));
    config_misc(&A, SFPU_FMT_FP32); /* UsesLoadMod0ForStore clear: StoreMod0 applies */
    uint32_t addr = 40;
    fill(&A, addr);
    fill(&B, addr);
    run(&A, w_lm(1, 2, SFPU_FMT_FP32, addr >> 1));
    for (int i = 0; i < 5; i++)
        run(&A, NOP);
    run(&B, w_load(2, SFPU_FMT_FP32, addr));
    run(&B, w_mad(OP(SFPMUL), 5, 2, 9, 3));
    run(&B, w_store(3, SFPU_FMT_FP32, addr));
    for (uint32_t l = 0; l < L; l++) {
        uint32_t row = lane_row(addr, l), col = lane_col(addr, l);
        float want = (float)(1.5 * (double)input(addr, l)); /* exact */
        CHECK_EQ_U32(dst32_get(&A, row, col), f2u(want));
        CHECK_EQ_U32(dst32_get(&A, row, col), dst32_get(&B, row, col));
        CHECK_EQ_U32(A.s.lreg[16][l], f2u(want));
        CHECK_EQ_U32(A.s.lreg[2][l], f2u(input(addr, l))); /* the loaded LReg is untouched */
    }
}

/* Simple sub-unit, tt-llk typecast style: SFPIADD template (VC = 1, VD = 13) with bit 7: VB =
 * loaded LReg, VC stays 1, VD = LReg[16]: L16 = L1 + loaded, integer add; stored as INT32. */
static void test_macro_iadd_simple(void)
{
    env_reset(&A);
    env_reset(&B);
    run(&A, w_loadi(1, 4, 0x7FFF)); /* L1 = 32767 (sign-extended imm) */
    run(&B, w_loadi(1, 4, 0x7FFF));
    config32(&A, 2, w_op(OP(SFPIADD), 0, 1, 13, 4)); /* CC_NONE */
    config32(&A, 6, seq(seqb(1, 1, 0, 6), 0, 0, seqb(0, 1, 1, 3)));
    config_misc(&A, 1u << (4 + 2) | 0xF00); /* macro 2: load's Mod0; count instructions */
    uint32_t addr = 64;
    for (uint32_t l = 0; l < L; l++) {
        uint32_t v = l * 0x01010101u ^ 0x80000000u;
        dst32_put(&A, lane_row(addr, l), lane_col(addr, l), v);
        dst32_put(&B, lane_row(addr, l), lane_col(addr, l), v);
    }
    run(&A, w_lm(2, 0, SFPU_FMT_INT32, addr >> 1));
    run(&A, NOP);
    run(&A, NOP);
    run(&B, w_load(0, SFPU_FMT_INT32, addr));
    run(&B, w_op(OP(SFPIADD), 0, 1, 0, 4));
    run(&B, w_store(0, SFPU_FMT_INT32, addr));
    for (uint32_t l = 0; l < L; l++) {
        uint32_t row = lane_row(addr, l), col = lane_col(addr, l);
        uint32_t want = (l * 0x01010101u ^ 0x80000000u) + 32767u;
        CHECK_EQ_U32(dst32_get(&A, row, col), want);
        CHECK_EQ_U32(dst32_get(&B, row, col), want);
    }
    CHECK_EQ_U32(A.s.flags, B.s.flags);
}

/* Sequence slots off (select 0): only the SFPLOAD part happens, however long we wait; then the
 * same macro with the MAD slot on but the store slot off changes LRegs and not Dst. */
static void test_macro_disabled_slots(void)
{
    env_reset(&A);
    set_ab(&A);
    config32(&A, 0, w_mad(OP(SFPMAD), 5, 6, 0, 0));
    config32(&A, 4, 0); /* every sub-unit off */
    uint32_t addr = 8;
    fill(&A, addr);
    uint16_t before[1024][16];
    memcpy(before, A.r.dst, sizeof before);
    run(&A, w_lm(0, 1, SFPU_FMT_FP32, addr >> 1));
    for (int i = 0; i < 10; i++)
        run(&A, NOP);
    CHECK_OK(sfpu_advance(&A.s, &A.r, A.now + 100));
    for (uint32_t l = 0; l < L; l++)
        CHECK_EQ_U32(A.s.lreg[1][l], f2u(input(addr, l)));
    CHECK(memcmp(before, A.r.dst, sizeof before) == 0);
    CHECK_EQ_U32(A.s.stats.macro_ops, 0);
    /* SFPCONFIG's IMM16 form reaches only the Simple and MAD bytes: MAD on, store off */
    run(&A, w_cfg(4, 1, seq(0, seqb(0, 0, 0, 4), 0, 0)));
    run(&A, w_lm(0, 1, SFPU_FMT_FP32, addr >> 1));
    run(&A, NOP);
    run(&A, NOP);
    for (uint32_t l = 0; l < L; l++)
        CHECK_EQ_U32(A.s.lreg[1][l], f2u((float)(-1.125 + (double)input(addr, l))));
    CHECK(memcmp(before, A.r.dst, sizeof before) == 0);
    CHECK_EQ_U32(A.s.stats.macro_ops, 1);
}

/* SFPLOADMACRO.md: delay 0 runs on the cycle after SFPLOADMACRO; delay d > 0 counts down and
 * runs on the cycle after it counts 1 -> 0, so (WaitForElapsedCycles) at T + 1 + d. With
 * WaitForElapsedInstructions the count moves only when a word issues: the d-th later word
 * issues at cycle Td and the instruction runs at Td + 1. */
static void test_macro_store_cycle(void)
{
    for (uint32_t d = 0; d < 7; d++) {
        env_reset(&A);
        config32(&A, 4, seq(0, 0, 0, seqb(0, 0, d, 3)));
        config_misc(&A, 1u << 4);
        uint32_t addr = 100, vd = 2;
        fill(&A, addr);
        uint64_t t = A.now + 3;
        CHECK_OK(issue_at(&A, w_lm(0, vd, SFPU_FMT_FP32, addr >> 1), t));
        /* make the stored value differ from what was loaded: poke the LReg directly */
        for (uint32_t l = 0; l < L; l++)
            A.s.lreg[vd][l] = 0x40000000u + l;
        uint32_t row0 = lane_row(addr, 0), col0 = lane_col(addr, 0);
        CHECK_OK(sfpu_advance(&A.s, &A.r, t + 1 + d)); /* cycles up to T + d */
        CHECK_EQ_U32(dst32_get(&A, row0, col0), f2u(input(addr, 0)));
        CHECK_OK(sfpu_advance(&A.s, &A.r, t + 2 + d)); /* cycle T + 1 + d */
        CHECK_EQ_U32(dst32_get(&A, row0, col0), 0x40000000u);
        CHECK(sfpu_busy(&A.s, t + 1 + d));
    }
    /* instruction-counted: nothing lands while no word issues */
    env_reset(&A);
    uint32_t d = 3, addr = 100, vd = 2;
    config32(&A, 4, seq(0, 0, 0, seqb(0, 0, d, 3)));
    config_misc(&A, 1u << 4 | 1u << 11);
    fill(&A, addr);
    uint64_t t = A.now + 1;
    CHECK_OK(issue_at(&A, w_lm(0, vd, SFPU_FMT_FP32, addr >> 1), t));
    for (uint32_t l = 0; l < L; l++)
        A.s.lreg[vd][l] = 0x40000000u + l;
    CHECK_OK(sfpu_advance(&A.s, &A.r, t + 50));
    CHECK_EQ_U32(dst32_get(&A, lane_row(addr, 0), lane_col(addr, 0)), f2u(input(addr, 0)));
    uint64_t issues[3] = {t + 60, t + 75, t + 90};
    for (uint32_t i = 0; i < 3; i++) {
        CHECK_OK(issue_at(&A, NOP, issues[i]));
        CHECK_OK(sfpu_advance(&A.s, &A.r, issues[i] + 1));
        CHECK_EQ_U32(dst32_get(&A, lane_row(addr, 0), lane_col(addr, 0)), f2u(input(addr, 0)));
    }
    CHECK_OK(sfpu_advance(&A.s, &A.r, issues[2] + 2)); /* runs at T3 + 1 */
    for (uint32_t l = 0; l < L; l++)
        CHECK_EQ_U32(dst32_get(&A, lane_row(addr, l), lane_col(addr, l)), 0x40000000u + l);
}

/* Conflicts: a word issued to a sub-unit on the cycle a scheduled instruction arrives there
 * is dropped; a later SFPLOADMACRO scheduling for the same moment on the same sub-unit makes
 * it forget the earlier one. */
static void test_macro_conflicts(void)
{
    env_reset(&A);
    bh_log_set_sink(&test_log, sink, NULL);
    /* Simple: SFPNOT template, loaded LReg to VC, result to the loaded LReg, delay 1 */
    config32(&A, 0, w_op(OP(SFPNOT), 0, 0, 0, 0));
    config32(&A, 4, seq(seqb(0, 0, 1, 4), 0, 0, 0));
    uint32_t addr = 200;
    fill(&A, addr);
    run(&A, w_loadi(4, 2, 0x1234));
    uint64_t t = A.now;
    CHECK_OK(issue_at(&A, w_lm(0, 1, SFPU_FMT_FP32, addr >> 1), t));
    CHECK_OK(issue_at(&A, w_op(OP(SFPNOT), 0, 4, 4, 0), t + 2)); /* the Simple unit's cycle */
    CHECK_EQ_U32(A.s.lreg[4][0], 0x1234);                        /* dropped */
    CHECK_EQ_U32(A.s.stats.discarded, 1);
    CHECK(strstr(last_log, "displaced") != NULL);
    for (uint32_t l = 0; l < L; l++)
        CHECK_EQ_U32(A.s.lreg[1][l], ~f2u(input(addr, l)));
    /* a word for another sub-unit on that cycle is not dropped */
    t = A.now + 1;
    CHECK_OK(issue_at(&A, w_lm(0, 1, SFPU_FMT_FP32, addr >> 1), t));
    CHECK_OK(issue_at(&A, w_mad(OP(SFPADD), 10, 10, 9, 4), t + 2));
    CHECK_EQ_U32(A.s.lreg[4][0], f2u(1.0f));
    CHECK_EQ_U32(A.s.stats.discarded, 1);
    /* forget: delay 2 at T, then delay 1 at T+1 on the same sub-unit: only the second runs */
    config32(&A, 5, seq(seqb(0, 0, 2, 4), 0, 0, 0));
    config32(&A, 6, seq(seqb(0, 0, 1, 4), 0, 0, 0));
    fill(&A, addr);
    fill(&A, addr + 4);
    t = A.now + 1;
    CHECK_OK(issue_at(&A, w_lm(1, 2, SFPU_FMT_FP32, addr >> 1), t));
    CHECK_OK(issue_at(&A, w_lm(2, 3, SFPU_FMT_FP32, (addr + 4) >> 1), t + 1));
    uint64_t ops = A.s.stats.macro_ops;
    CHECK_OK(sfpu_advance(&A.s, &A.r, t + 10));
    CHECK_EQ_U32(A.s.stats.macro_ops - ops, 1);
    for (uint32_t l = 0; l < L; l++) {
        CHECK_EQ_U32(A.s.lreg[2][l], f2u(input(addr, l)));      /* forgotten: stays loaded */
        CHECK_EQ_U32(A.s.lreg[3][l], ~f2u(input(addr + 4, l))); /* ran */
    }
    bh_log_set_sink(&test_log, NULL, NULL);
}

/* Undefined or unmodelled configurations stop with BH_ERR_UNSUPPORTED, a message naming the
 * case, and no load done. */
/* The Blackhole additions as templates, tt-llk typecast / mul_int style: the Round slot runs
 * SFP_STOCH_RND FP32 -> UINT16 (round to nearest) on the loaded LReg into LReg[16], the MAD
 * slot SFPMUL24 (VA = 5, VC = 9) with bit 7 (the loaded LReg as VB) into the loaded LReg, and
 * the store writes LReg[16] as INT32. Checked against host rounding / integer multiply. */
static void test_macro_bh_templates(void)
{
    env_reset(&A);
    run(&A, w_loadi(5, 2, 3)); /* LReg[5] = 3 */
    uint32_t rnd = TENSIX_WORD(SFP_STOCH_RND) | PUT(SFP_STOCH_RND, LREG_DEST, 13) |
                   PUT(SFP_STOCH_RND, INSTR_MOD1, 6);
    config32(&A, 0, rnd);
    config32(&A, 1, w_mad(OP(SFPMUL24), 5, 0, 9, 0));
    config32(&A, 4, seq(0, seqb(1, 0, 1, 5), seqb(0, 1, 0, 4), seqb(0, 1, 2, 3)));
    config_misc(&A, SFPU_FMT_INT32);
    uint32_t addr = 24;
    fill(&A, addr);
    run(&A, w_lm(0, 2, SFPU_FMT_FP32, addr >> 1));
    for (int i = 0; i < 4; i++)
        run(&A, NOP);
    for (uint32_t l = 0; l < L; l++) {
        float x = input(addr, l);
        uint32_t want = (uint32_t)(fabsf(x) + 0.5f); /* half away from zero, |x| < 38 */
        CHECK_EQ_U32(A.s.lreg[16][l], want);
        CHECK_EQ_U32(dst32_get(&A, lane_row(addr, l), lane_col(addr, l)), want);
        CHECK_EQ_U32(A.s.lreg[2][l], (3u * f2u(x)) & 0x7FFFFF);
    }
    CHECK_EQ_U32(A.s.stats.macro_ops, 3);
}

/* SFPSWAP as a template with Sequence bit 7 (tt-llk typecast's max(0, x)): the template's VC
 * (LReg[9], zero) stays, VD is the loaded LReg; Mod1 15 leaves the larger value in VD. */
static void test_macro_swap_max(void)
{
    env_reset(&A);
    config32(&A, 0, w_op(OP(SFPSWAP), 0, 9, 12, 15));
    config32(&A, 4, seq(seqb(1, 0, 0, 4), 0, 0, seqb(0, 0, 2, 3)));
    config_misc(&A, SFPU_FMT_FP32);
    uint32_t addr = 8;
    fill(&A, addr);
    run(&A, w_lm(0, 1, SFPU_FMT_FP32, addr >> 1));
    for (int i = 0; i < 4; i++)
        run(&A, NOP);
    for (uint32_t l = 0; l < L; l++) {
        float x = input(addr, l);
        CHECK_EQ_U32(dst32_get(&A, lane_row(addr, l), lane_col(addr, l)), f2u(x > 0 ? x : 0.0f));
    }
}

static void test_macro_unsupported(void)
{
    bh_log_set_sink(&test_log, sink, NULL);
    const struct {
        uint32_t tmpl, sequence;
        const char *needle;
    } cases[] = {
        {0, 1u << 8, "undefined"},                                   /* select 1 */
        {w_mad(OP(SFPMAD), 5, 6, 0, 0), 4u << 24, "Store sub-unit"}, /* MAD on store */
        {w_op(OP(SFPSWAP), 0, 0, 14, 1), 4u, "SFPSWAP"},             /* Simple */
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(cases); i++) {
        env_reset(&A);
        config32(&A, 0, cases[i].tmpl);
        config32(&A, 4, cases[i].sequence);
        fill(&A, 0);
        last_log[0] = 0;
        uint32_t l1 = A.s.lreg[1][0];
        CHECK_EQ_U32(issue_at(&A, w_lm(0, 1, SFPU_FMT_FP32, 0), A.now), BH_ERR_UNSUPPORTED);
        CHECK_EQ_U32(A.s.lreg[1][0], l1); /* refused before the load */
        CHECK(strstr(last_log, cases[i].needle) != NULL);
        CHECK(strstr(last_log, "SFPLOADMACRO") != NULL);
    }
    /* (dagger) Simple and Round in one cycle, both with VD == 16: the clash shows when that
     * cycle runs */
    env_reset(&A);
    config32(&A, 0, w_op(OP(SFPSHFT2), 0, 0, 0, 3)); /* Round */
    config32(&A, 1, w_op(OP(SFPNOT), 0, 0, 0, 0));   /* Simple */
    config32(&A, 4, seq(seqb(0, 1, 0, 5), 0, seqb(0, 1, 0, 4), 0));
    last_log[0] = 0;
    CHECK_OK(issue_at(&A, w_lm(0, 1, SFPU_FMT_FP32, 0), A.now));
    CHECK_EQ_U32(issue_at(&A, NOP, A.now), BH_ERR_UNSUPPORTED);
    CHECK(strstr(last_log, "exactly one has VD == 16") != NULL);
    /* with the Simple one writing LReg[1] instead, both run */
    env_reset(&A);
    config32(&A, 0, w_op(OP(SFPSHFT2), 0, 0, 0, 3));
    config32(&A, 1, w_op(OP(SFPNOT), 0, 0, 0, 0));
    config32(&A, 4, seq(seqb(0, 0, 0, 5), 0, seqb(0, 1, 0, 4), 0));
    CHECK_OK(issue_at(&A, w_lm(0, 1, SFPU_FMT_FP32, 0), A.now));
    CHECK_OK(issue_at(&A, NOP, A.now));
    CHECK_EQ_U32(A.s.stats.macro_ops, 2);
    /* LoadMacroConfig that differs between lanes: column 3 only gets a Sequence */
    env_reset(&A);
    run(&A, w_cfg(4, 1 | 8, 0));
    run(&A, w_loadi(0, 2, 0x2));
    run(&A, w_cfg(4, 8, 1u << 6));
    last_log[0] = 0;
    CHECK_EQ_U32(issue_at(&A, w_lm(0, 1, SFPU_FMT_FP32, 0), A.now), BH_ERR_UNSUPPORTED);
    CHECK(strstr(last_log, "differs between lanes") != NULL);
    bh_log_set_sink(&test_log, NULL, NULL);
}

int main(void)
{
    RUN(test_macro_mad_store);
    RUN(test_macro_mul_via_lreg16);
    RUN(test_macro_iadd_simple);
    RUN(test_macro_disabled_slots);
    RUN(test_macro_store_cycle);
    RUN(test_macro_conflicts);
    RUN(test_macro_bh_templates);
    RUN(test_macro_swap_max);
    RUN(test_macro_unsupported);
    return check_failures();
}
