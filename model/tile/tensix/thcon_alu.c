// SPDX-License-Identifier: Apache-2.0
/* ThCon register instructions: SETDMAREG, DMANOP and the six *DMAREG ALU operations. They
 * compute on GPRs only and never send a request, so they need only instruction entry from
 * thcon.c; each cites the ISA page whose functional model it follows. */
#include "model/tile/tensix/thcon_internal.h"

/* SETDMAREG_Immediate.md */
BhStatus thcon_setdmareg(Thcon *t, uint32_t thread, uint32_t NewValue, uint32_t ResultHalfReg,
                         uint64_t now)
{
    BH_ASSERT(NewValue <= 0xFFFF && ResultHalfReg < 2 * THCON_GPRS);
    BhStatus st = thcon_begin(t, thread, now);
    if (st != BH_OK)
        return st;
    half_set(t, thread, ResultHalfReg, NewValue);
    thcon_start(t, thread, now, 1);
    return BH_OK;
}

/* DMANOP.md */
BhStatus thcon_dmanop(Thcon *t, uint32_t thread, uint64_t now)
{
    BhStatus st = thcon_begin(t, thread, now);
    if (st != BH_OK)
        return st;
    thcon_start(t, thread, now, 1);
    return BH_OK;
}

typedef enum AluOp { ALU_ADD, ALU_SUB, ALU_MUL, ALU_BITWOP, ALU_SHIFT, ALU_CMP } AluOp;
static const char *const alu_name[] = {"ADDDMAREG",    "SUBDMAREG",   "MULDMAREG",
                                       "BITWOPDMAREG", "SHIFTDMAREG", "CMPDMAREG"};

/* ADDDMAREG.md, SUBDMAREG.md, MULDMAREG.md, BITWOPDMAREG.md, SHIFTDMAREG.md, CMPDMAREG.md */
static BhStatus dmareg(Thcon *t, uint32_t thread, AluOp op, uint32_t Mode, uint32_t RightIsImm,
                       uint32_t ResultReg, uint32_t RightReg, uint32_t LeftReg, uint64_t now)
{
    BH_ASSERT(RightIsImm <= 1 && Mode < 8 && ResultReg < THCON_GPRS && RightReg < THCON_GPRS &&
              LeftReg < THCON_GPRS);
    BhStatus st = thcon_begin(t, thread, now);
    if (st != BH_OK)
        return st;
    uint32_t *g = t->gpr[thread];
    uint32_t l = g[LeftReg], r = RightIsImm ? RightReg : g[RightReg], v = 0;
    int defined = 1;
    switch (op) {
    case ALU_ADD:
        v = l + r;
        break;
    case ALU_SUB:
        v = l - r;
        break;
    case ALU_MUL:
        v = (l & 0xFFFF) * (r & 0xFFFF);
        break;
    case ALU_BITWOP:
        defined = Mode <= 2;
        v = Mode == 0 ? (l & r) : Mode == 1 ? (l | r) : (l ^ r);
        break;
    case ALU_SHIFT:
        r &= 0x1F;
        defined = Mode <= 1;
        v = Mode == 0 ? l << r : l >> r;
        break;
    case ALU_CMP:
        defined = Mode <= 2;
        v = Mode == 0 ? l > r : Mode == 1 ? l < r : l == r;
        break;
    }
    if (!defined) {
        BH_LOG_GUEST(t->log, "thcon: thread %u %s Mode %u: undefined behaviour, ignored", thread,
                     alu_name[op], Mode);
        return BH_ERR_ACCESS;
    }
    g[ResultReg] = v;
    t->version++;
    thcon_start(t, thread, now,
                RightIsImm || (LeftReg >> 2) == (RightReg >> 2) ? t->cfg.alu_cycles
                                                                : t->cfg.alu_split_cycles);
    return BH_OK;
}

BhStatus thcon_dmareg_op(Thcon *t, uint32_t thread, uint32_t op, uint32_t RightIsImm, uint32_t Mode,
                         uint32_t ResultReg, uint32_t RightReg, uint32_t LeftReg, uint64_t now)
{
    BH_ASSERT(op <= ALU_CMP);
    return dmareg(t, thread, (AluOp)op, op <= ALU_MUL ? 0 : Mode, RightIsImm, ResultReg, RightReg,
                  LeftReg, now);
}

BhStatus thcon_adddmareg(Thcon *t, uint32_t thread, uint32_t RightIsImm, uint32_t ResultReg,
                         uint32_t RightReg, uint32_t LeftReg, uint64_t now)
{
    return dmareg(t, thread, ALU_ADD, 0, RightIsImm, ResultReg, RightReg, LeftReg, now);
}

BhStatus thcon_subdmareg(Thcon *t, uint32_t thread, uint32_t RightIsImm, uint32_t ResultReg,
                         uint32_t RightReg, uint32_t LeftReg, uint64_t now)
{
    return dmareg(t, thread, ALU_SUB, 0, RightIsImm, ResultReg, RightReg, LeftReg, now);
}

BhStatus thcon_muldmareg(Thcon *t, uint32_t thread, uint32_t RightIsImm, uint32_t ResultReg,
                         uint32_t RightReg, uint32_t LeftReg, uint64_t now)
{
    return dmareg(t, thread, ALU_MUL, 0, RightIsImm, ResultReg, RightReg, LeftReg, now);
}

BhStatus thcon_bitwopdmareg(Thcon *t, uint32_t thread, uint32_t RightIsImm, uint32_t Mode,
                            uint32_t ResultReg, uint32_t RightReg, uint32_t LeftReg, uint64_t now)
{
    return dmareg(t, thread, ALU_BITWOP, Mode, RightIsImm, ResultReg, RightReg, LeftReg, now);
}

BhStatus thcon_shiftdmareg(Thcon *t, uint32_t thread, uint32_t RightIsImm, uint32_t Mode,
                           uint32_t ResultReg, uint32_t RightReg, uint32_t LeftReg, uint64_t now)
{
    return dmareg(t, thread, ALU_SHIFT, Mode, RightIsImm, ResultReg, RightReg, LeftReg, now);
}

BhStatus thcon_cmpdmareg(Thcon *t, uint32_t thread, uint32_t RightIsImm, uint32_t Mode,
                         uint32_t ResultReg, uint32_t RightReg, uint32_t LeftReg, uint64_t now)
{
    return dmareg(t, thread, ALU_CMP, Mode, RightIsImm, ResultReg, RightReg, LeftReg, now);
}
