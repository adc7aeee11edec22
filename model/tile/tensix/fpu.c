// SPDX-License-Identifier: Apache-2.0
/* Matrix unit: decoding shared by its instructions, issue rules and timing (fpu.h). The
 * arithmetic is in fpu_math.c, data movement and GMPOOL in fpu_move.c. */
#include "model/tile/tensix/fpu.h"
#include <string.h>
#include "model/tile/tensix/tensix_isa.h"

enum { SRC_WAIT_A = 1, SRC_WAIT_B = 2 };

void fpu_init(Fpu *f)
{
    memset(f, 0, sizeof *f);
}

int fpu_handles(uint32_t opcode)
{
    switch (opcode) {
    case TENSIX_OP_MVMUL:
    case TENSIX_OP_DOTPV:
    case TENSIX_OP_GAPOOL:
    case TENSIX_OP_GMPOOL:
    case TENSIX_OP_ELWADD:
    case TENSIX_OP_ELWSUB:
    case TENSIX_OP_ELWMUL:
    case TENSIX_OP_ZEROACC:
    case TENSIX_OP_ZEROSRC:
    case TENSIX_OP_MOVA2D:
    case TENSIX_OP_MOVB2D:
    case TENSIX_OP_MOVD2A:
    case TENSIX_OP_MOVD2B:
    case TENSIX_OP_MOVB2A:
    case TENSIX_OP_TRNSPSRCB:
    case TENSIX_OP_SHIFTXA:
    case TENSIX_OP_SHIFTXB:
    case TENSIX_OP_GATESRCRST:
        return 1;
    default:
        return 0;
    }
}

/* ------------------------------------------------------------------ shared decoding */

int fpu_fmt_8bit_exp(uint32_t fmt)
{
    switch (fmt) {
    case 0:  /* FP32 */
    case 4:  /* TF32 */
    case 5:  /* BF16 */
    case 6:  /* BFP8 */
    case 7:  /* BFP4 */
    case 15: /* BFP2 */
    case 8:  /* INT32 */
    case 9:  /* INT16 */
        return 1;
    default:
        return 0;
    }
}

int fpu_fmt_style(uint32_t fmt)
{
    switch (fmt) {
    case 1:  /* FP16 */
    case 10: /* FP8 */
    case 2:  /* BFP8a */
    case 3:  /* BFP4a */
    case 11: /* BFP2a */
    case 14: /* INT8 */
        return FPU_STYLE_FP16;
    default:
        if (fmt != FPU_FMT_TF32 && fpu_fmt_8bit_exp(fmt))
            return FPU_STYLE_BF16;
        return FPU_STYLE_TF32; /* the pages' "else": TF32 and unassigned codes */
    }
}

void fpu_op_decode(FpuOp *op, const SrcDst *r, const Rwc *rwc, const TensixCfg *cfg,
                   uint32_t thread)
{
    (void)r, (void)rwc; /* the caller points op->r / op->rwc at what it may write */
    op->cfg = cfg;
    op->thread = thread;
    op->state = tensix_cfg_state_id(cfg, thread);
    op->srca_fmt = TCFG_GET(cfg, op->state, ALU_FORMAT_SPEC_REG_SrcA_override)
                       ? TCFG_GET(cfg, op->state, ALU_FORMAT_SPEC_REG_SrcA_val)
                       : TCFG_GET(cfg, op->state, ALU_FORMAT_SPEC_REG0_SrcA);
    op->fp16a_force = (uint8_t)TCFG_THD_GET(cfg, thread, FP16A_FORCE_Enable);
    op->int8_math = (uint8_t)TCFG_GET(cfg, op->state, ALU_ACC_CTRL_INT8_math_enabled);
    op->fp32_dst = (uint8_t)TCFG_GET(cfg, op->state, ALU_ACC_CTRL_Fp32_enabled);
    op->style = op->fp16a_force ? FPU_STYLE_FP16
                : op->int8_math ? FPU_STYLE_INT8
                                : (uint8_t)fpu_fmt_style(op->srca_fmt);
}

/* UseDst32b of the arithmetic pages */
int fpu_math_dst32(const FpuOp *op)
{
    return op->fp16a_force ? 0 : op->int8_math ? 1 : op->fp32_dst;
}

uint32_t fpu_dst_row(const FpuOp *op, uint32_t imm)
{
    return (imm + TCFG_THD_GET(op->cfg, op->thread, DEST_TARGET_REG_CFG_MATH_Offset) +
            op->rwc->dst + TCFG_GET(op->cfg, op->state, DEST_REGW_BASE_Base)) &
           0x3FFu;
}

void fpu_addr_mod(const FpuOp *op, uint32_t am)
{
    rwc_apply_addr_mod(op->rwc, op->cfg, op->thread, am, 1);
}

int fpu_dst16_defined(const SrcDst *r, uint32_t row)
{
    return r->dst_row_valid[row & 0x3FFu];
}

int fpu_dst32_defined(const SrcDst *r, uint32_t row)
{
    uint32_t a = dst_adj32(row & 0x3FFu);
    return r->dst_row_valid[a] && r->dst_row_valid[a + 8];
}

void fpu_dst16_put(SrcDst *r, uint32_t row, uint32_t col, uint16_t v)
{
    row &= 0x3FFu;
    r->dst[row][col] = v;
    r->dst_row_valid[row] = 1;
}

void fpu_dst32_put(SrcDst *r, uint32_t row, uint32_t col, uint32_t v)
{
    uint32_t a = dst_adj32(row & 0x3FFu);
    dst32_write(r, row & 0x3FFu, col, v);
    r->dst_row_valid[a] = r->dst_row_valid[a + 8] = 1;
}

void fpu_flip_src(const FpuOp *op, uint32_t flips)
{
    static const TensixThreadField disable[2] = {TCFG_T_CLR_DVALID_SrcA_Disable,
                                                 TCFG_T_CLR_DVALID_SrcB_Disable};
    for (uint32_t reg = 0; reg < 2; reg++) {
        if (!(flips >> reg & 1u))
            continue;
        if (!tensix_cfg_thread_get(op->cfg, op->thread, disable[reg]))
            src_clear_dvalid(op->r, (SrcReg)reg, 0);
        else
            op->r->fpu_bank[reg] ^= 1;
    }
}

/* ------------------------------------------------------------------ issue rules */

/* DOTPV, SHIFTXA and SHIFTXB have no row in tensix_isa.def: tt-llk's ckernel_ops.h layouts */
#define DOTPV_DST(w) ((w)&0x3FFu)
#define DOTPV_ADDR_MODE(w) ((w) >> 14 & 7u)
#define DOTPV_CLEAR_DVALID(w) ((w) >> 22 & 3u)

typedef struct DstUse {
    uint32_t row, n; /* first Dst row (Dst16b or Dst32b index) and how many */
    uint8_t is32, reads, writes;
} DstUse;

/* Dst rows `word` will touch, computed from the state before it executes. */
static void dst_use(const FpuOp *op, uint32_t w, DstUse *u)
{
    memset(u, 0, sizeof *u);
    uint32_t opc = tensix_opcode(w);
    int mov32 = op->srca_fmt == FPU_FMT_TF32; /* MOVA2D/MOVB2D test the format alone */
    switch (opc) {
    case TENSIX_OP_MVMUL:
        u->n = TENSIX_GET(MVMUL, INSTR_MOD19, w) ? 7 : 8;
        u->row = fpu_dst_row(op, TENSIX_GET(MVMUL, DST, w)) & (0x400u - u->n);
        u->is32 = (uint8_t)fpu_math_dst32(op), u->reads = u->writes = 1;
        break;
    case TENSIX_OP_DOTPV:
        u->n = 8, u->row = fpu_dst_row(op, DOTPV_DST(w)) & 0x3F8u;
        u->is32 = (uint8_t)fpu_math_dst32(op), u->reads = u->writes = 1;
        break;
    case TENSIX_OP_GAPOOL:
    case TENSIX_OP_GMPOOL:
        u->n = 4, u->row = fpu_dst_row(op, TENSIX_GET(GAPOOL, DST, w)) & 0x3FCu;
        u->is32 = (uint8_t)fpu_math_dst32(op), u->reads = u->writes = 1;
        break;
    case TENSIX_OP_ELWADD:
    case TENSIX_OP_ELWSUB:
    case TENSIX_OP_ELWMUL:
        u->n = 8, u->row = fpu_dst_row(op, TENSIX_GET(ELWADD, DST, w)) & 0x3F8u;
        u->is32 = (uint8_t)fpu_math_dst32(op), u->writes = 1;
        u->reads = opc == TENSIX_OP_ELWMUL || TENSIX_GET(ELWADD, DEST_ACCUM_EN, w);
        break;
    case TENSIX_OP_MOVA2D: {
        int eight = TENSIX_GET(MOVA2D, INSTR_MOD, w) >> 1 & 1;
        u->n = eight ? 8 : 1;
        u->row = fpu_dst_row(op, TENSIX_GET(MOVA2D, DST, w)) & (eight ? 0x3F8u : 0x3FFu);
        u->is32 = (uint8_t)(mov32 || TENSIX_GET(MOVA2D, DEST_32B_LO, w)), u->writes = 1;
        break;
    }
    case TENSIX_OP_MOVB2D: {
        uint32_t mod = TENSIX_GET(MOVB2D, MOVB2D_INSTR_MOD, w);
        u->n = (mod & 2u) ? 8 : (mod & 4u) ? 4 : 1;
        u->row = fpu_dst_row(op, TENSIX_GET(MOVB2D, DST, w)) & (0x400u - u->n);
        u->is32 = (uint8_t)(mov32 || TENSIX_GET(MOVB2D, DEST_32B_LO, w)), u->writes = 1;
        break;
    }
    case TENSIX_OP_MOVD2A:
    case TENSIX_OP_MOVD2B: {
        int four = TENSIX_GET(MOVD2A, INSTR_MOD, w) >> 1 & 1;
        u->n = four ? 4 : 1;
        u->row = fpu_dst_row(op, TENSIX_GET(MOVD2A, DST, w)) & (four ? 0x3FCu : 0x3FFu);
        u->is32 = (uint8_t)(!op->fp16a_force && (op->fp32_dst || op->int8_math)), u->reads = 1;
        break;
    }
    default:
        break;
    }
}

static uint32_t dst_block(const DstUse *u, uint32_t i, uint32_t half)
{
    uint32_t row = (u->row + i) & 0x3FFu;
    return ((u->is32 ? dst_adj32(row) + 8 * half : row) >> 3) % FPU_DST_BLOCKS;
}

static uint32_t src_waits(uint32_t opc)
{
    switch (opc) {
    case TENSIX_OP_MVMUL:
    case TENSIX_OP_DOTPV:
    case TENSIX_OP_GAPOOL:
    case TENSIX_OP_GMPOOL:
    case TENSIX_OP_ELWADD:
    case TENSIX_OP_ELWSUB:
    case TENSIX_OP_ELWMUL:
        return SRC_WAIT_A | SRC_WAIT_B;
    case TENSIX_OP_MOVA2D:
    case TENSIX_OP_SHIFTXA:
        return SRC_WAIT_A;
    case TENSIX_OP_MOVB2D:
    case TENSIX_OP_MOVB2A:
    case TENSIX_OP_TRNSPSRCB:
    case TENSIX_OP_SHIFTXB:
        return SRC_WAIT_B;
    default:
        return 0;
    }
}

/* the instructions MOVA2D/MOVB2D hold back for three cycles */
static int after_mov2d_waits(uint32_t opc)
{
    return opc == TENSIX_OP_MOVD2A || opc == TENSIX_OP_MOVD2B || opc == TENSIX_OP_ELWMUL ||
           opc == TENSIX_OP_MVMUL || opc == TENSIX_OP_DOTPV || opc == TENSIX_OP_GMPOOL ||
           opc == TENSIX_OP_GAPOOL;
}

int fpu_can_issue(const Fpu *f, const SrcDst *r, const Rwc *rwc, const TensixCfg *cfg,
                  uint32_t thread, uint32_t word, uint64_t now)
{
    return fpu_check_issue(f, r, rwc, cfg, thread, word, now) == FPU_CAN_ISSUE;
}

FpuRefusal fpu_check_issue(const Fpu *f, const SrcDst *r, const Rwc *rwc, const TensixCfg *cfg,
                           uint32_t thread, uint32_t word, uint64_t now)
{
    uint32_t opc = tensix_opcode(word);
    BH_ASSERT(thread < TCFG_THREADS);
    if (now < f->next_issue)
        return FPU_REFUSE_PIPE;
    if (now < f->movd2a_until && opc != TENSIX_OP_MOVD2A && opc != TENSIX_OP_MOVB2A)
        return FPU_REFUSE_PIPE;
    if (now < f->movd2b_until && opc != TENSIX_OP_MOVD2B)
        return FPU_REFUSE_PIPE;
    if (now < f->mov2d_until && after_mov2d_waits(opc))
        return FPU_REFUSE_PIPE;
    uint32_t waits = src_waits(opc);
    if ((waits & SRC_WAIT_A) && !src_matrix_may_read(r, SRC_A))
        return FPU_REFUSE_SRC;
    if ((waits & SRC_WAIT_B) && !src_matrix_may_read(r, SRC_B))
        return FPU_REFUSE_SRC;

    FpuOp op;
    Rwc copy = rwc[thread];
    fpu_op_decode(&op, r, &copy, cfg, thread);
    op.r = NULL;
    op.rwc = &copy;
    DstUse u;
    dst_use(&op, word, &u);
    if (u.reads)
        for (uint32_t i = 0; i < u.n; i++)
            for (uint32_t h = 0; h <= u.is32; h++)
                if (now < f->dst_ready[dst_block(&u, i, h)])
                    return FPU_REFUSE_DST;
    return FPU_CAN_ISSUE;
}

void fpu_note_stall(Fpu *f)
{
    f->stats.stall_cycles++;
}

int fpu_busy(const Fpu *f, uint64_t now)
{
    return now < f->done_at;
}

static uint32_t latency(uint32_t opc)
{
    switch (opc) {
    case TENSIX_OP_MVMUL:
    case TENSIX_OP_DOTPV:
    case TENSIX_OP_GAPOOL:
    case TENSIX_OP_GMPOOL:
    case TENSIX_OP_ELWADD:
    case TENSIX_OP_ELWSUB:
    case TENSIX_OP_ELWMUL:
        return 5;
    case TENSIX_OP_MOVA2D:
    case TENSIX_OP_MOVB2D:
    case TENSIX_OP_MOVB2A:
    case TENSIX_OP_MOVD2B:
        return 4;
    case TENSIX_OP_MOVD2A:
    case TENSIX_OP_SHIFTXB:
        return 2;
    default:
        return 1;
    }
}

static uint64_t flops(uint32_t w)
{
    switch (tensix_opcode(w)) {
    case TENSIX_OP_MVMUL:
        return TENSIX_GET(MVMUL, INSTR_MOD19, w) ? 560 : 2 * 8 * 16 * 16;
    case TENSIX_OP_DOTPV:
        return 2 * 8 * 16 * 16;
    case TENSIX_OP_GAPOOL:
        return 2 * 4 * 16 * 16;
    case TENSIX_OP_ELWMUL:
    case TENSIX_OP_GMPOOL:
        return 256;
    case TENSIX_OP_ELWADD:
    case TENSIX_OP_ELWSUB:
        return TENSIX_GET(ELWADD, DEST_ACCUM_EN, w) ? 256 : 128;
    default:
        return 0;
    }
}

/* the SrcA row an instruction computes, for SHIFTXA's HardwareBug() */
static uint8_t srca_row_of(const Rwc *rwc, uint32_t w)
{
    switch (tensix_opcode(w)) {
    case TENSIX_OP_MOVA2D:
    case TENSIX_OP_MOVD2A:
        return (uint8_t)((TENSIX_GET(MOVA2D, SRC, w) + rwc->srca) & 0x3Fu);
    case TENSIX_OP_MOVB2A:
        return (uint8_t)((TENSIX_GET(MOVB2A, SRCA, w) + rwc->srca) & 0x3Fu);
    default:
        return rwc->srca;
    }
}

static BhStatus execute(Fpu *f, FpuOp *op, uint32_t w)
{
    uint32_t opc = tensix_opcode(w);
    switch (opc) {
    case TENSIX_OP_MVMUL:
        fpu_matmul(op, TENSIX_GET(MVMUL, DST, w), TENSIX_GET(MVMUL, INSTR_MOD19, w) ? 7 : 8,
                   (int)TENSIX_GET(MVMUL, INSTR_MOD19, w));
        fpu_flip_src(op, TENSIX_GET(MVMUL, CLEAR_DVALID, w));
        fpu_addr_mod(op, TENSIX_GET(MVMUL, ADDR_MODE, w));
        return BH_OK;
    case TENSIX_OP_DOTPV:
        fpu_matmul(op, DOTPV_DST(w), 8, 0);
        fpu_flip_src(op, DOTPV_CLEAR_DVALID(w));
        fpu_addr_mod(op, DOTPV_ADDR_MODE(w));
        return BH_OK;
    case TENSIX_OP_GAPOOL:
        if (TENSIX_GET(GAPOOL, MAX_POOL_INDEX_EN, w))
            return BH_ERR_UNSUPPORTED; /* the page fixes this bit to false */
        fpu_matmul(op, TENSIX_GET(GAPOOL, DST, w), 4, 0);
        fpu_flip_src(op, TENSIX_GET(GAPOOL, CLEAR_DVALID, w));
        fpu_addr_mod(op, TENSIX_GET(GAPOOL, POOL_ADDR_MODE, w));
        return BH_OK;
    case TENSIX_OP_GMPOOL:
        return fpu_gmpool(op, w);
    case TENSIX_OP_ELWADD:
    case TENSIX_OP_ELWSUB:
    case TENSIX_OP_ELWMUL: {
        int kind = opc == TENSIX_OP_ELWADD   ? FPU_ELW_ADD
                   : opc == TENSIX_OP_ELWSUB ? FPU_ELW_SUB
                                             : FPU_ELW_MUL;
        fpu_eltwise(op, TENSIX_GET(ELWADD, DST, w), kind, TENSIX_GET(ELWADD, INSTR_MOD19, w),
                    kind == FPU_ELW_MUL || TENSIX_GET(ELWADD, DEST_ACCUM_EN, w));
        fpu_flip_src(op, TENSIX_GET(ELWADD, CLEAR_DVALID, w));
        fpu_addr_mod(op, TENSIX_GET(ELWADD, ADDR_MODE, w));
        return BH_OK;
    }
    case TENSIX_OP_ZEROACC:
        fpu_zeroacc(op, w);
        return BH_OK;
    case TENSIX_OP_ZEROSRC:
        fpu_zerosrc(op, w);
        return BH_OK;
    case TENSIX_OP_MOVA2D:
        return fpu_mova2d(op, w);
    case TENSIX_OP_MOVB2D:
        return fpu_movb2d(op, w);
    case TENSIX_OP_MOVD2A:
        return fpu_movd2ab(op, w, SRC_A);
    case TENSIX_OP_MOVD2B:
        return fpu_movd2ab(op, w, SRC_B);
    case TENSIX_OP_MOVB2A:
        return fpu_movb2a(op, w);
    case TENSIX_OP_TRNSPSRCB:
        return fpu_trnspsrcb(op);
    case TENSIX_OP_SHIFTXA:
        return fpu_shiftxa(op, w, f->last_srca_row & 0x30u);
    case TENSIX_OP_SHIFTXB:
        return fpu_shiftxb(op, w);
    case TENSIX_OP_GATESRCRST:
        return BH_OK; /* Src caches are not modeled: nothing to invalidate */
    default:
        return BH_ERR_UNSUPPORTED;
    }
}

BhStatus fpu_issue(Fpu *f, SrcDst *r, Rwc *rwc, const TensixCfg *cfg, uint32_t thread,
                   uint32_t word, uint64_t now)
{
    BH_ASSERT(thread < TCFG_THREADS);
    uint32_t opc = tensix_opcode(word);
    FpuOp op;
    fpu_op_decode(&op, r, &rwc[thread], cfg, thread);
    op.r = r;
    op.rwc = &rwc[thread];
    /* no document gives the FPU's stochastic rounding (which random bits, compared with what):
     * stop rather than round to nearest unannounced */
    if (flops(word) && opc != TENSIX_OP_GMPOOL &&
        TCFG_GET(cfg, op.state, ALU_ROUNDING_MODE_Fpu_srnd_en)) {
        bh_log(cfg->log, BH_LOG_UNIMP,
               "fpu: stochastic rounding (ALU_ROUNDING_MODE_Fpu_srnd_en) is not modelled");
        return BH_ERR_UNSUPPORTED;
    }

    /* 1. what it touches, from the state before it runs */
    DstUse u;
    dst_use(&op, word, &u);
    uint8_t srca_row = srca_row_of(op.rwc, word);

    /* 2. the data and counters */
    BhStatus st = execute(f, &op, word);
    if (st != BH_OK)
        return st;

    /* 3. timing state */
    if (opc != TENSIX_OP_SHIFTXA && opc != TENSIX_OP_ZEROACC && opc != TENSIX_OP_ZEROSRC &&
        opc != TENSIX_OP_TRNSPSRCB && opc != TENSIX_OP_SHIFTXB && opc != TENSIX_OP_GATESRCRST)
        f->last_srca_row = srca_row;
    uint32_t occupy = opc == TENSIX_OP_SHIFTXB ? 2 : 1;
    f->next_issue = now + occupy;
    if (u.writes)
        for (uint32_t i = 0; i < u.n; i++)
            for (uint32_t h = 0; h <= u.is32; h++)
                f->dst_ready[dst_block(&u, i, h)] = now + 1 + FPU_DST_HAZARD_CYCLES;
    if (opc == TENSIX_OP_MOVA2D || opc == TENSIX_OP_MOVB2D)
        f->mov2d_until = now + 4;
    if (opc == TENSIX_OP_MOVD2A)
        f->movd2a_until = now + 2;
    if (opc == TENSIX_OP_MOVD2B)
        f->movd2b_until = now + 4;
    f->done_at = BH_MAX(f->done_at, now + latency(opc));
    if (!f->stats.instructions)
        f->stats.first_issue = now;
    f->stats.last_issue = now;
    f->stats.instructions++;
    f->stats.flops += flops(word);
    f->stats.busy_cycles += occupy;
    return BH_OK;
}

#define FPU_X_ROW(field, key, kind, text) BH_STAT_ROW_(FpuStats, field, key, kind, text)
static const BhStat fpu_stats[] = {FPU_STATS(FPU_X_ROW)};
#undef FPU_X_ROW
const BhStatTable fpu_stat_table = {"FpuStats", "tiles[].units.matrix (tensix_stream)", fpu_stats,
                                    sizeof fpu_stats / sizeof fpu_stats[0]};
