// SPDX-License-Identifier: Apache-2.0
/* Vector Unit (sfpu.h): SFPLOADMACRO. Its SFPLOAD part runs at issue; the up to four
 * instructions it schedules wait in lm_ops on the Simple, MAD, Round and Store sub-units until
 * their delay counters run out, then run as if issued by hand with the operands the macro chose.
 * Source: tt-isa-documentation (jasondavies fork) BlackholeA0/TensixTile/TensixCoprocessor/
 * SFPLOADMACRO.md (functional model, delay kinds, sub-unit table, restrictions) and SFPCONFIG.md
 * (LoadMacroConfig); usage checked against tt-llk tt_llk_blackhole/common/inc/sfpu/
 * ckernel_sfpu_recip.h, ckernel_sfpu_typecast.h, ckernel_sfpu_where.h. */
#include "model/tile/tensix/sfpu.h"
#include "model/tile/tensix/tensix_isa.h"

#define OP(mn) TENSIX_OP_##mn

static const char *const unit_name[4] = {"Simple", "MAD", "Round", "Store"};

/* The sub-unit a hand-issued word goes to (SFPNOP counts as load-style: displacing it changes
 * nothing). */
static int unit_of(uint32_t op)
{
    switch (op) {
    case OP(SFPLOAD):
    case OP(SFPLOADI):
    case OP(SFPLOADMACRO):
    case OP(SFPNOP):
        return SFPU_UNIT_LOAD;
    case OP(SFPADD):
    case OP(SFPADDI):
    case OP(SFPLUT):
    case OP(SFPLUTFP32):
    case OP(SFPMAD):
    case OP(SFPMUL):
    case OP(SFPMULI):
    case OP(SFPMUL24):
        return SFPU_UNIT_MAD;
    case OP(SFPSHFT2):
    case OP(SFP_STOCH_RND):
        return SFPU_UNIT_ROUND;
    case OP(SFPSTORE):
        return SFPU_UNIT_STORE;
    default: /* the Simple column: every other SFPU opcode */
        return SFPU_UNIT_SIMPLE;
    }
}

static int can_execute(int unit, uint32_t op)
{
    if (op == OP(SFPNOP))
        return unit != SFPU_UNIT_STORE;
    return unit_of(op) == unit;
}

/* "Insn.VB / Insn.VC is None": the instruction has no such field */
static int has_vb(uint32_t op)
{
    return op == OP(SFPMAD) || op == OP(SFPADD) || op == OP(SFPMUL) || op == OP(SFPAND) ||
           op == OP(SFPOR) || op == OP(SFPARECIP) || op == OP(SFPSHFT2) || op == OP(SFPMUL24) ||
           op == OP(SFP_STOCH_RND);
}

static int has_vc(uint32_t op)
{
    return op != OP(SFPADDI) && op != OP(SFPMULI) && op != OP(SFPLUT) && op != OP(SFPNOP) &&
           op != OP(SFPCONFIG) && op != OP(SFPLUTFP32);
}

/* Templates this model cannot run, with the reason, or NULL. SFPSWAP has no VB: with Sequence
 * bit 7 clear the page's overrides give it VC = VD = the macro's VD, a swap of a register with
 * itself, yet tt-llk's exp kernel (ckernel_sfpu_exp.h, its clamp against LReg[14]) relies on
 * something else happening there; with bit 7 set the template's VC stays, which is what
 * tt-llk's typecast and reciprocal kernels use. */
static const char *unmodeled(uint32_t w, uint32_t bits)
{
    if ((w >> 24) == OP(SFPSWAP) && !(bits & 0x80))
        return "SFPSWAP with Sequence bit 7 clear (its operand routing is not documented)";
    return NULL;
}

static BhStatus refuse(const Sfpu *s, const char *what, uint32_t detail)
{
    bh_log(s->log, BH_LOG_UNIMP, "sfpu: SFPLOADMACRO: %s [%u]", what, detail);
    return BH_ERR_UNSUPPORTED;
}

static int any_by_instr(const Sfpu *s)
{
    if (!s->lm_live)
        return 0;
    for (uint32_t i = 0; i < SFPU_MACRO_SLOTS; i++)
        if (s->lm_ops[i].live && s->lm_ops[i].by_instr)
            return 1;
    return 0;
}

/* One cycle's countdown: every cycle, or only cycles on which a word issued while any
 * outstanding instruction waits for elapsed instructions. */
static void tick(Sfpu *s, uint64_t c, int issued)
{
    if (!s->lm_live)
        return;
    if (!issued && any_by_instr(s))
        return;
    for (uint32_t i = 0; i < SFPU_MACRO_SLOTS; i++) {
        SfpuMacroOp *m = &s->lm_ops[i];
        if (m->live && m->left > 0 && m->sched < c && --m->left == 0)
            m->at = c + 1;
    }
}

/* Runs what is due at cycle c, sub-unit by sub-unit; *units gets a bit per sub-unit used. */
static BhStatus exec_due(Sfpu *s, SrcDst *r, uint64_t c, uint32_t *units)
{
    SfpuMacroOp *due[4] = {NULL, NULL, NULL, NULL};
    for (uint32_t i = 0; i < SFPU_MACRO_SLOTS; i++) {
        SfpuMacroOp *m = &s->lm_ops[i];
        if (m->live && m->left == 0 && m->at == c) {
            if (due[m->unit]) /* two delay-7 instructions meeting: the page is silent */
                return refuse(s, "two scheduled instructions on one sub-unit in one cycle",
                              m->unit);
            due[m->unit] = m;
        }
    }
    SfpuMacroOp *sim = due[SFPU_UNIT_SIMPLE], *rnd = due[SFPU_UNIT_ROUND];
    if (sim && rnd && (sim->word >> 24) != OP(SFPNOP) && (rnd->word >> 24) != OP(SFPNOP) &&
        (sim->o.vd == 16) == (rnd->o.vd == 16))
        return refuse(s, "Simple and Round execute together and not exactly one has VD == 16",
                      sim->o.vd);
    BhStatus st = BH_OK;
    for (uint32_t u = 0; u < 4 && st == BH_OK; u++) {
        SfpuMacroOp *m = due[u];
        if (!m)
            continue;
        *units |= 1u << u;
        m->live = 0;
        s->lm_live--;
        if (u == SFPU_UNIT_STORE)
            sfpu_store_lanes(s, r, m->o.vd, m->store_mod0, m->store_addr);
        else
            st = sfpu_exec_op(s, m->word, &m->o);
        s->stats.macro_ops++;
    }
    return st;
}

static int any_live(const Sfpu *s)
{
    return s->lm_live != 0;
}

BhStatus sfpu_advance(Sfpu *s, SrcDst *r, uint64_t now)
{
    for (; s->lm_ticked < now; s->lm_ticked++) {
        if (!any_live(s)) {
            s->lm_ticked = now;
            break;
        }
        uint32_t units = 0;
        BhStatus st = exec_due(s, r, s->lm_ticked, &units);
        if (st != BH_OK)
            return st;
        tick(s, s->lm_ticked, 0);
    }
    return BH_OK;
}

void sfpu_macro_after_issue(Sfpu *s, uint64_t now)
{
    if (s->lm_ticked > now)
        return; /* SFPLOADMACRO counted its own issue */
    tick(s, now, 1);
    s->lm_ticked = now + 1;
}

/* Run again for the same cycle after a refused word, this finds nothing new to do. */
BhStatus sfpu_macro_before_issue(Sfpu *s, SrcDst *r, uint32_t word, uint64_t now, int *discard)
{
    BhStatus st = sfpu_advance(s, r, now);
    uint32_t units = 0;
    if (st == BH_OK)
        st = exec_due(s, r, now, &units);
    if (st != BH_OK)
        return st;
    int u = unit_of(word >> 24);
    if (u != SFPU_UNIT_LOAD && (units & (1u << u))) {
        /* the page: the scheduled instruction wins, the issued one is silently dropped */
        BH_LOG_GUEST(s->log,
                     "sfpu: word 0x%08x displaced by an SFPLOADMACRO instruction on the %s "
                     "sub-unit at cycle %llu",
                     word, unit_name[u], (unsigned long long)now);
        s->stats.discarded++;
        *discard = 1;
    }
    return BH_OK;
}

/* The instruction sub-unit u would get from Sequence byte `bits`, or an error. */
static BhStatus build(const Sfpu *s, uint32_t u, uint32_t bits, uint32_t vd, uint32_t *word,
                      SfpuRegs *o)
{
    uint32_t sel = bits & 7;
    if (sel == 1)
        return refuse(s, "Sequence selects template 1 (undefined)", u);
    uint32_t w = sel == 2   ? TENSIX_WORD(SFPNOP)
                 : sel == 3 ? TENSIX_WORD(SFPSTORE)
                            : s->lm_template[sel - 4][0];
    if (!can_execute((int)u, w >> 24)) {
        if (u == SFPU_UNIT_STORE)
            return refuse(s, "Store sub-unit given an instruction other than SFPSTORE", w >> 24);
        w = TENSIX_WORD(SFPNOP);
    }
    const char *why = unmodeled(w, bits);
    if (why)
        return refuse(s, why, u);
    uint32_t op = w >> 24;
    SfpuRegs raw;
    sfpu_decode_regs(w, &raw);
    if (u == SFPU_UNIT_STORE) {
        uint32_t tvd = TENSIX_GET(SFPSTORE, LREG_IND, w);
        o->vd = (bits & 0x40) ? 16 : (bits & 0x80) ? tvd : vd;
    } else {
        uint32_t vb = (op == OP(SFPAND) || op == OP(SFPOR)) ? (w >> 12) & 15 : raw.vb;
        o->va = raw.va;
        if (bits & 0x80) {
            o->vb = vd;
            o->vc = has_vc(op) ? raw.vc : raw.vd;
        } else {
            o->vc = vd;
            o->vb = has_vb(op) ? vb : raw.vd;
        }
        o->vd = (bits & 0x40) ? 16 : vd;
        /* SFPAND/SFPOR read VD, not VB, unless Mod1 says USE_VB */
        if ((op == OP(SFPAND) || op == OP(SFPOR)) && !(w & 1))
            o->vb = o->vd;
    }
    *word = w;
    return BH_OK;
}

static BhStatus check_uniform(const Sfpu *s, uint32_t macro)
{
    for (uint32_t c = 1; c < SFPU_COLS; c++) {
        int same =
            s->lm_sequence[macro][c] == s->lm_sequence[macro][0] && s->lm_misc[c] == s->lm_misc[0];
        for (uint32_t k = 0; k < 4; k++)
            same &= s->lm_template[k][c] == s->lm_template[k][0];
        if (!same)
            return refuse(s, "LoadMacroConfig differs between lanes", c);
    }
    return BH_OK;
}

BhStatus sfpu_macro_issue(Sfpu *s, SrcDst *r, Rwc *rwc, const TensixCfg *cfg, uint32_t thread,
                          uint32_t w, uint64_t now)
{
    uint32_t ind = TENSIX_GET(SFPLOADMACRO, LREG_IND, w), macro = ind >> 2;
    uint32_t imm10 = TENSIX_GET(SFPLOADMACRO, DEST_REG_ADDR, w);
    uint32_t mod0 = TENSIX_GET(SFPLOADMACRO, INSTR_MOD0, w);
    uint32_t vd = (imm10 & 1) << 2 | (ind & 3);
    BhStatus st = check_uniform(s, macro);
    if (st != BH_OK)
        return st;
    /* 1. parse all four sub-units first: a refused macro leaves no trace */
    uint32_t seq = s->lm_sequence[macro][0], misc = s->lm_misc[0];
    uint32_t words[4] = {0};
    SfpuRegs regs[4] = {{0}};
    for (uint32_t u = 0; u < 4; u++) {
        uint32_t bits = (seq >> (8 * u)) & 0xFF;
        if ((bits & 7) && (st = build(s, u, bits, vd, &words[u], &regs[u])) != BH_OK)
            return st;
    }
    /* 2. the SFPLOAD part; a macro-scheduled SFPSTORE reuses its address */
    uint32_t load =
        TENSIX_WORD(SFPLOAD) | TENSIX_PUT(SFPLOAD, LREG_IND, vd) |
        TENSIX_PUT(SFPLOAD, INSTR_MOD0, mod0) |
        TENSIX_PUT(SFPLOAD, SFPU_ADDR_MODE, TENSIX_GET(SFPLOADMACRO, SFPU_ADDR_MODE, w)) |
        TENSIX_PUT(SFPLOAD, DEST_REG_ADDR, imm10);
    uint32_t addr = sfpu_load_word(s, r, rwc, cfg, thread, load);
    uint32_t store_mod0 = ((misc >> (4 + macro)) & 1) ? mod0 : (misc & 15);
    sfpu_macro_after_issue(s, now); /* this issue counts down what was already waiting */
    /* 3. schedule, each replacing whatever that sub-unit had for the same moment */
    for (uint32_t u = 0; u < 4; u++) {
        uint32_t bits = (seq >> (8 * u)) & 0xFF, delay = (bits >> 3) & 7;
        if (!(bits & 7))
            continue;
        SfpuMacroOp *slot = NULL;
        for (uint32_t i = 0; i < SFPU_MACRO_SLOTS; i++) {
            SfpuMacroOp *m = &s->lm_ops[i];
            uint32_t remaining = m->left ? m->left : (m->at == now + 1 ? 0 : 8);
            if (m->live && m->unit == u && delay != 7 && remaining == delay) {
                m->live = 0;
                s->lm_live--;
            }
            if (!m->live && !slot)
                slot = m;
        }
        BH_ASSERT(slot); /* at most 8 per sub-unit: one per remaining delay */
        *slot = (SfpuMacroOp){.word = words[u],
                              .o = regs[u],
                              .store_addr = addr,
                              .store_mod0 = sfpu_resolve_mod0(cfg, thread, store_mod0),
                              .sched = now,
                              .at = delay ? 0 : now + 1,
                              .unit = (uint8_t)u,
                              .left = (uint8_t)delay,
                              .by_instr = (uint8_t)((misc >> (8 + u)) & 1),
                              .live = 1};
        s->lm_live++;
        if (now + 2 + delay > s->busy_until)
            s->busy_until = now + 2 + delay;
    }
    return BH_OK;
}
