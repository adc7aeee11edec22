// SPDX-License-Identifier: Apache-2.0
/* The coprocessor's backend dispatch: one handler per instruction (or per family sharing a
 * layout), found by opcode in a table indexed by the opcodes of tensix_isa.def; the matrix
 * unit's, vector unit's and address counters' instructions go to those units, which say which
 * opcodes they handle. A handler returns 1 (issued), 0 (not this cycle: the thread retries) or
 * -1 (not modeled: the run stops naming the instruction). */
#include "model/tile/tensix/tensix_core.h"
#include "model/tile/tensix/tensix_isa.h"

/* Nothing in the hardware holds a PACR back from Dst rows the matrix unit is still writing:
 * software orders them (STALLWAIT on the FPU, semaphores). A PACR that reads such rows would
 * see undefined data; the model reads the new values and reports the race as a guest error. */
static void check_pack_after_math(TensixCore *c, uint32_t thread, uint64_t now)
{
    const Packer *p = &c->pack;
    if (p->read_none || p->failed)
        return;
    for (uint32_t i = 0; i < 4; i++) {
        uint32_t row = p->read_row + i;
        uint32_t lo = p->read_wide ? dst_adj32(row & (DST_ROWS32 - 1)) : row & (DST_ROWS16 - 1);
        for (uint32_t h = 0; h < (p->read_wide ? 2u : 1u); h++) {
            uint32_t block = ((lo + 8 * h) >> 3) % FPU_DST_BLOCKS;
            if (now < c->fpu.dst_ready[block]) {
                c->pack_dst_races++;
                BH_LOG_GUEST(c->log,
                             "Tensix T%u at cycle %llu: PACR reads Dst row %u while the matrix "
                             "unit is still writing it (until cycle %llu); software must wait "
                             "(STALLWAIT on the FPU, a semaphore)",
                             thread, (unsigned long long)now, row,
                             (unsigned long long)c->fpu.dst_ready[block]);
                return;
            }
        }
    }
}

/* A unit's verdict: taken (1), not this cycle (0); a guest error is reported by the unit
 * and the instruction consumed, as the hardware does. */
static int verdict(TensixCore *c, uint32_t unit, BhStatus st)
{
    if (st == BH_ERR_FULL) { /* the sync unit refuses for a mutex or its semaphore port */
        c->refuse_cause = unit == TENSIX_UNIT_SYNC ? TENSIX_US_SEMAPHORE : TENSIX_US_OTHER;
        return 0;
    }
    c->unit_instructions[unit]++;
    c->accepted |= 1u << unit;
    if (c->feeder[unit] != c->issuing_thread) {
        c->feeder[unit] = c->issuing_thread;
        c->ukey = ~0ull; /* the units' states depend on it: classify again */
    }
    return 1;
}

/* FlipSrcA (bit 0) / FlipSrcB (bit 1) of SETRWC and CLEARDVALID: the matrix unit's bank goes
 * back to the unpackers unless the thread's CLR_DVALID_Src*_Disable is set, and (unless
 * keep_same) its pointer moves on (SETRWC.md, CLEARDVALID.md). */
static void give_back_src(TensixCore *c, uint32_t thread, uint32_t flips, uint32_t keep_same)
{
    static const TensixThreadField disable[2] = {TCFG_T_CLR_DVALID_SrcA_Disable,
                                                 TCFG_T_CLR_DVALID_SrcB_Disable};
    for (uint32_t reg = 0; reg < 2; reg++) {
        if (!(flips >> reg & 1))
            continue;
        if (!tensix_cfg_thread_get(&c->cfg, thread, disable[reg]))
            src_clear_dvalid(&c->regs, (SrcReg)reg, (int)keep_same);
        else if (!keep_same)
            c->regs.fpu_bank[reg] ^= 1;
    }
}

static int op_nop(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    (void)c, (void)thread, (void)w, (void)now;
    return 1;
}

static int op_dmanop(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    (void)w;
    return verdict(c, TENSIX_UNIT_THCON, thcon_dmanop(&c->thcon, thread, now));
}

static int op_setdmareg(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    if (TENSIX_GET(SETDMAREG, SET_SIGNALS_MODE, w))
        return -1; /* the special form is not modeled */
    return verdict(c, TENSIX_UNIT_THCON,
                   thcon_setdmareg(&c->thcon, thread, (w >> 8) & 0xFFFF,
                                   TENSIX_GET(SETDMAREG, REG_INDEX_16B, w), now));
}

/* ADD/SUB/MUL/BITWOP/SHIFT/CMPDMAREG: one layout; the table's
 * BITWOPDMAREG fields serve all six */
static int op_adddmareg(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    return verdict(c, TENSIX_UNIT_THCON,
                   thcon_dmareg_op(&c->thcon, thread, tensix_opcode(w) - TENSIX_OP_ADDDMAREG,
                                   TENSIX_GET(BITWOPDMAREG, OP_B_IS_CONST, w),
                                   TENSIX_GET(BITWOPDMAREG, OP_SEL, w),
                                   TENSIX_GET(BITWOPDMAREG, RESULT_REG_INDEX, w),
                                   TENSIX_GET(BITWOPDMAREG, OP_B_REG_INDEX, w),
                                   TENSIX_GET(BITWOPDMAREG, OP_A_REG_INDEX, w), now));
}

static int op_seminit(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    (void)thread;
    return verdict(c, TENSIX_UNIT_SYNC,
                   sync_seminit(&c->sync, TENSIX_GET(SEMINIT, MAX_VALUE, w),
                                TENSIX_GET(SEMINIT, INIT_VALUE, w), TENSIX_GET(SEMINIT, SEM_SEL, w),
                                now));
}

static int op_sempost(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    (void)thread;
    return verdict(c, TENSIX_UNIT_SYNC,
                   sync_sempost(&c->sync, TENSIX_GET(SEMPOST, SEM_SEL, w), now));
}

static int op_semget(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    (void)thread;
    return verdict(c, TENSIX_UNIT_SYNC, sync_semget(&c->sync, TENSIX_GET(SEMGET, SEM_SEL, w), now));
}

static int op_stallwait(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    (void)thread, (void)w;
    return verdict(c, TENSIX_UNIT_SYNC, sync_wait_issue(&c->sync, now));
}

static int op_atgetm(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    return verdict(c, TENSIX_UNIT_SYNC,
                   sync_atgetm(&c->sync, thread, TENSIX_GET(ATGETM, MUTEX_INDEX, w), now));
}

static int op_atrelm(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    return verdict(c, TENSIX_UNIT_SYNC,
                   sync_atrelm(&c->sync, thread, TENSIX_GET(ATRELM, MUTEX_INDEX, w), now));
}

static int op_wrcfg(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    uint32_t *gpr = thcon_gprs(&c->thcon, thread);
    return verdict(c, TENSIX_UNIT_CFG,
                   tensix_cfg_wrcfg(&c->cfg, thread, gpr, TENSIX_GET(WRCFG, GPR_ADDRESS, w),
                                    TENSIX_GET(WRCFG, WR128B, w), TENSIX_GET(WRCFG, CFG_REG, w),
                                    now));
}

static int op_rdcfg(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    uint32_t *gpr = thcon_gprs(&c->thcon, thread);
    return verdict(c, TENSIX_UNIT_CFG,
                   tensix_cfg_rdcfg(&c->cfg, thread, gpr, TENSIX_GET(RDCFG, GPR_ADDRESS, w),
                                    TENSIX_GET(RDCFG, CFG_REG, w), now));
}

static int op_setc16(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    (void)now;
    return verdict(c, TENSIX_UNIT_CFG,
                   tensix_cfg_setc16(&c->cfg, thread, TENSIX_GET(SETC16, SETC16_REG, w),
                                     TENSIX_GET(SETC16, SETC16_VALUE, w)));
}

static int op_rmwcib0(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    return verdict(c, TENSIX_UNIT_CFG,
                   tensix_cfg_rmwcib(&c->cfg, thread, tensix_opcode(w) - TENSIX_OP_RMWCIB0,
                                     TENSIX_GET(RMWCIB0, MASK, w), TENSIX_GET(RMWCIB0, DATA, w),
                                     TENSIX_GET(RMWCIB0, CFG_REG_ADDR, w), now));
}

static int op_setrwc(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    (void)now;
    rwc_setrwc(&c->rwc[thread], TENSIX_GET(SETRWC, BIT_MASK, w), TENSIX_GET(SETRWC, RWC_CR, w),
               TENSIX_GET(SETRWC, RWC_A, w), TENSIX_GET(SETRWC, RWC_B, w),
               TENSIX_GET(SETRWC, RWC_D, w));
    give_back_src(c, thread, TENSIX_GET(SETRWC, CLEAR_AB_VLD, w), 0);
    return verdict(c, TENSIX_UNIT_MATRIX, BH_OK);
}

static int op_incrwc(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    (void)now;
    rwc_incrwc(&c->rwc[thread], TENSIX_GET(INCRWC, RWC_CR, w), TENSIX_GET(INCRWC, RWC_A, w),
               TENSIX_GET(INCRWC, RWC_B, w), TENSIX_GET(INCRWC, RWC_D, w));
    return verdict(c, TENSIX_UNIT_MATRIX, BH_OK);
}

/* CLEARDVALID: RESET field: bit 0 Reset, bit 1 KeepReadingSameSrc */
static int op_cleardvalid(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    (void)now;
    uint32_t r = TENSIX_GET(CLEARDVALID, RESET, w);
    if (r & 1)
        src_clear_dvalid_reset(&c->regs);
    else
        give_back_src(c, thread, TENSIX_GET(CLEARDVALID, CLEARDVALID, w), r >> 1);
    return verdict(c, TENSIX_UNIT_MATRIX, BH_OK);
}

/* SETDVALID: bit 0 SrcA, bit 1 SrcB; also the thread's SrcRow */
static int op_setdvalid(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    (void)now;
    for (uint32_t reg = 0; reg < 2; reg++)
        if (TENSIX_GET(SETDVALID, SETVALID, w) >> reg & 1) {
            src_set_dvalid(&c->regs, (SrcReg)reg);
            unpacker_reset_src_row(&c->unp, &c->cfg, reg, thread);
        }
    return verdict(c, TENSIX_UNIT_MATRIX, BH_OK);
}

static int op_unpacr(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    uint32_t which = tensix_opcode(w) == TENSIX_OP_UNPACR
                         ? TENSIX_GET(UNPACR, UNPACK_BLOCK_SELECTION, w)
                         : TENSIX_GET(UNPACR_NOP, UNPACKER_SELECT, w);
    if (!unpacker_try_issue(&c->unp, &c->regs, &c->adc, &c->cfg, thread, w, now))
        return 0;
    return verdict(c, TENSIX_UNIT_UNPACK0 + which, BH_OK);
}

static int op_pacr(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    if (!packer_try_issue(&c->pack, &c->regs, &c->adc, &c->cfg, thread, w, now))
        return 0;
    check_pack_after_math(c, thread, now);
    return verdict(c, TENSIX_UNIT_PACK, BH_OK);
}

static int op_cfgshiftmask(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    return verdict(
        c, TENSIX_UNIT_CFG,
        tensix_cfg_cfgshiftmask(
            &c->cfg, thread, TENSIX_GET(CFGSHIFTMASK, DISABLE_MASK_ON_OLD_VAL, w),
            TENSIX_GET(CFGSHIFTMASK, OPERATION, w), TENSIX_GET(CFGSHIFTMASK, MASK_WIDTH, w),
            TENSIX_GET(CFGSHIFTMASK, RIGHT_CSHIFT_AMT, w), TENSIX_GET(CFGSHIFTMASK, SCRATCH_SEL, w),
            TENSIX_GET(CFGSHIFTMASK, CFG_REG, w), now));
}

static int op_loadind(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    return verdict(c, TENSIX_UNIT_THCON,
                   thcon_loadind(&c->thcon, thread, TENSIX_GET(LOADIND, SIZE, w),
                                 TENSIX_GET(LOADIND, OFFSET_HALF_REG, w),
                                 TENSIX_GET(LOADIND, OFFSET_INCREMENT, w),
                                 TENSIX_GET(LOADIND, RESULT_REG, w),
                                 TENSIX_GET(LOADIND, ADDR_REG, w), now));
}

static int op_storeind(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    if (!TENSIX_GET(STOREIND, MEM_HIER_SEL, w)) {
        if (!TENSIX_GET(STOREIND, SIZE_SEL, w))
            return -1; /* the SrcA/SrcB form waits for the register files */
        return verdict(c, TENSIX_UNIT_THCON,
                       thcon_storeind_mmio(&c->thcon, thread,
                                           TENSIX_GET(STOREIND, OFFSET_HALF_REG, w),
                                           TENSIX_GET(STOREIND, OFFSET_INCREMENT, w),
                                           TENSIX_GET(STOREIND, DATA_REG, w),
                                           TENSIX_GET(STOREIND, ADDR_REG, w), now));
    }
    return verdict(
        c, TENSIX_UNIT_THCON,
        thcon_storeind_l1(
            &c->thcon, thread,
            TENSIX_GET(STOREIND, SIZE_SEL, w) << 1 | TENSIX_GET(STOREIND, REG_SIZE_SEL, w),
            TENSIX_GET(STOREIND, OFFSET_HALF_REG, w), TENSIX_GET(STOREIND, OFFSET_INCREMENT, w),
            TENSIX_GET(STOREIND, DATA_REG, w), TENSIX_GET(STOREIND, ADDR_REG, w), now));
}

static int op_loadreg(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    return verdict(c, TENSIX_UNIT_THCON,
                   thcon_loadreg(&c->thcon, thread, TENSIX_GET(LOADREG, RESULT_REG, w),
                                 TENSIX_GET(LOADREG, ADDR_LO, w), now));
}

static int op_storereg(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    return verdict(c, TENSIX_UNIT_THCON,
                   thcon_storereg(&c->thcon, thread, TENSIX_GET(STOREREG, TDMA_DATA_REG_INDEX, w),
                                  TENSIX_GET(STOREREG, REG_ADDR, w), now));
}

static int op_atincget(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    return verdict(c, TENSIX_UNIT_THCON,
                   thcon_atincget(&c->thcon, thread, TENSIX_GET(ATINCGET, INT_WIDTH, w),
                                  TENSIX_GET(ATINCGET, OFS, w), TENSIX_GET(ATINCGET, IN_OUT_REG, w),
                                  TENSIX_GET(ATINCGET, ADDR_REG, w), now));
}

static int op_atincgetptr(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    return verdict(c, TENSIX_UNIT_THCON,
                   thcon_atincgetptr(
                       &c->thcon, thread, TENSIX_GET(ATINCGETPTR, NO_INCR, w),
                       TENSIX_GET(ATINCGETPTR, INCR_LOG2, w), TENSIX_GET(ATINCGETPTR, INT_WIDTH, w),
                       TENSIX_GET(ATINCGETPTR, OFS, w), TENSIX_GET(ATINCGETPTR, RESULT_REG, w),
                       TENSIX_GET(ATINCGETPTR, ADDR_REG, w), now));
}

static int op_atcas(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    return verdict(c, TENSIX_UNIT_THCON,
                   thcon_atcas(&c->thcon, thread, TENSIX_GET(ATCAS, SET_VAL, w),
                               TENSIX_GET(ATCAS, CMP_VAL, w), TENSIX_GET(ATCAS, OFS, w),
                               TENSIX_GET(ATCAS, ADDR_REG, w), now));
}

static int op_atswap(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    return verdict(c, TENSIX_UNIT_THCON,
                   thcon_atswap(&c->thcon, thread, TENSIX_GET(ATSWAP, SINGLE_DATA_REG, w),
                                TENSIX_GET(ATSWAP, MASK, w), TENSIX_GET(ATSWAP, DATA_REG, w),
                                TENSIX_GET(ATSWAP, ADDR_REG, w), now));
}

/* XMOV: XMOV.md: the issuing thread's config state names the copy */
static int op_xmov(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    (void)w;
    uint32_t st = tensix_cfg_state_id(&c->cfg, thread);
    return verdict(
        c, TENSIX_UNIT_MOVER,
        mover_xmov(&c->mover, thread,
                   tensix_cfg_get(&c->cfg, st, TCFG_F_THCON_SEC0_REG6_Source_address),
                   tensix_cfg_get(&c->cfg, st, TCFG_F_THCON_SEC0_REG6_Destination_address),
                   tensix_cfg_get(&c->cfg, st, TCFG_F_THCON_SEC0_REG6_Buffer_size),
                   tensix_cfg_get(&c->cfg, st, TCFG_F_THCON_SEC0_REG6_Transfer_direction), now));
}

/* Instructions of the matrix unit, the vector unit and the address counters, and the rest */
static int op_other(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    if (fpu_handles(tensix_opcode(w))) {
        const FpuRefusal why = fpu_check_issue(&c->fpu, &c->regs, c->rwc, &c->cfg, thread, w, now);
        if (why != FPU_CAN_ISSUE) {
            static const uint8_t cause[] = {[FPU_REFUSE_PIPE] = TENSIX_US_OTHER,
                                            [FPU_REFUSE_SRC] = TENSIX_US_SRC,
                                            [FPU_REFUSE_DST] = TENSIX_US_DST};
            fpu_note_stall(&c->fpu);
            c->refuse_cause = cause[why];
            return 0;
        }
        if (fpu_issue(&c->fpu, &c->regs, c->rwc, &c->cfg, thread, w, now) != BH_OK)
            return -1;
        return verdict(c, TENSIX_UNIT_MATRIX, BH_OK);
    }
    if (sfpu_handles(tensix_opcode(w))) {
        if (!sfpu_can_issue(&c->sfpu, w, now))
            return 0;
        if (sfpu_issue(&c->sfpu, &c->regs, &c->rwc[thread], &c->cfg, thread, w, now) != BH_OK)
            return -1;
        return verdict(c, TENSIX_UNIT_VECTOR, BH_OK);
    }
    if (adc_handles(tensix_opcode(w))) {
        adc_execute(&c->adc, thread, w);
        return verdict(c, TENSIX_UNIT_ADC, BH_OK);
    }
    return -1;
}

typedef int (*IssueFn)(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now);
static const IssueFn dispatch[256] = {
    [TENSIX_OP_NOP] = op_nop,
    [TENSIX_OP_DMANOP] = op_dmanop,
    [TENSIX_OP_SETDMAREG] = op_setdmareg,
    [TENSIX_OP_ADDDMAREG] = op_adddmareg,
    [TENSIX_OP_SUBDMAREG] = op_adddmareg,
    [TENSIX_OP_MULDMAREG] = op_adddmareg,
    [TENSIX_OP_BITWOPDMAREG] = op_adddmareg,
    [TENSIX_OP_SHIFTDMAREG] = op_adddmareg,
    [TENSIX_OP_CMPDMAREG] = op_adddmareg,
    [TENSIX_OP_SEMINIT] = op_seminit,
    [TENSIX_OP_SEMPOST] = op_sempost,
    [TENSIX_OP_SEMGET] = op_semget,
    [TENSIX_OP_STALLWAIT] = op_stallwait,
    [TENSIX_OP_SEMWAIT] = op_stallwait,
    [TENSIX_OP_ATGETM] = op_atgetm,
    [TENSIX_OP_ATRELM] = op_atrelm,
    [TENSIX_OP_WRCFG] = op_wrcfg,
    [TENSIX_OP_RDCFG] = op_rdcfg,
    [TENSIX_OP_SETC16] = op_setc16,
    [TENSIX_OP_RMWCIB0] = op_rmwcib0,
    [TENSIX_OP_RMWCIB1] = op_rmwcib0,
    [TENSIX_OP_RMWCIB2] = op_rmwcib0,
    [TENSIX_OP_RMWCIB3] = op_rmwcib0,
    [TENSIX_OP_SETRWC] = op_setrwc,
    [TENSIX_OP_INCRWC] = op_incrwc,
    [TENSIX_OP_CLEARDVALID] = op_cleardvalid,
    [TENSIX_OP_SETDVALID] = op_setdvalid,
    [TENSIX_OP_UNPACR] = op_unpacr,
    [TENSIX_OP_UNPACR_NOP] = op_unpacr,
    [TENSIX_OP_PACR] = op_pacr,
    [TENSIX_OP_CFGSHIFTMASK] = op_cfgshiftmask,
    [TENSIX_OP_LOADIND] = op_loadind,
    [TENSIX_OP_STOREIND] = op_storeind,
    [TENSIX_OP_LOADREG] = op_loadreg,
    [TENSIX_OP_STOREREG] = op_storereg,
    [TENSIX_OP_ATINCGET] = op_atincget,
    [TENSIX_OP_ATINCGETPTR] = op_atincgetptr,
    [TENSIX_OP_ATCAS] = op_atcas,
    [TENSIX_OP_ATSWAP] = op_atswap,
    [TENSIX_OP_XMOV] = op_xmov,
};

int tensix_core_issue(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now)
{
    const IssueFn f = dispatch[tensix_opcode(w) & 0xFF];
    c->issuing_thread = (uint8_t)thread;
    c->refuse_cause = TENSIX_US_OTHER;
    return f ? f(c, thread, w, now) : op_other(c, thread, w, now);
}
