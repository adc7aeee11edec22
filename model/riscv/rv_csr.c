// SPDX-License-Identifier: Apache-2.0
/* model/riscv/rv_csr.c - the CSRs of BH BabyRISCV/CSRs.md, exactly that list: any other number
 * (mtvec, mepc, mcause, mscratch, fflags, frm, ...) is RV_STOP_ILLEGAL naming it.
 *   - misa, mstatus, mhartid (0), vstart (0): read-only values, writes ignored (CSRs.md calls
 *     them non-writable, not trapping);
 *   - mcycle/minstret (+h) and their cycle/instret (+h) aliases, which CSRs.md documents as
 *     read/write aliases: mcycle reads the instruction's issue cycle since reset, minstret the
 *     instructions retired before it; a write sets the counter so that the next instruction
 *     reads the value written (minstret) or the value plus the cycles since (mcycle);
 *   - mhpmcounter3/4 (+h): read 0, writes ignored (HPM counting not modeled);
 *   - tt_cfg_qstatus / tt_cfg_bstatus: read through the bus (RV_ACC_CSR, addr = number) so
 *     the tile answers; writes ignored (cfg0.DisTTStatusReg freezing not modeled);
 *   - the rest hold what software writes: cfg0 (reset StMergeTimer = 16; DisBp, DisLowCash,
 *     DisStMerge and StMergeTimer act), pmacfg0/1 (strong ordering not modeled), cfg1, hwa_*,
 *     vgsrc, mcountinhibit, mhpmevent3/4, tt_cfg_sstatus0..7 (scratch on every core),
 *     intp_restore_pc, fcsr (8 bits), vxsat, vxrm, vl, vtype, vlenb (reset 16): plain storage,
 *     so start-up code that clears fcsr runs; F and V instructions themselves stop as UNIMP.
 * Timing: one cycle like an ALU instruction (the documented serialisation of CSR instructions
 * behind older ones is not modeled); a bus CSR read like a bus load.
 */
#include "model/riscv/rv_core_state.h"

#define RV_CFG0_RESET (16u << 13) /* StMergeTimer = 16, everything else clear */

void rv_csr_reset(RvCore *c, uint64_t now)
{
    c->st.cfg0 = RV_CFG0_RESET;
    c->st.vlenb = 16;
    c->st.cycle_off = now;
    c->st.instret_off = c->stats.instret;
}

static uint32_t *plain(RvCore *c, uint32_t csr)
{
    RvCoreState *s = &c->st;
    switch (csr) {
    case 0x003:
        return &s->fcsr;
    case 0x009:
        return &s->vxsat;
    case 0x00a:
        return &s->vxrm;
    case 0x320:
        return &s->mcountinhibit;
    case 0x323:
        return &s->mhpmevent3;
    case 0x324:
        return &s->mhpmevent4;
    case 0x7c0:
        return &s->cfg0;
    case 0x7c1:
        return &s->pmacfg0;
    case 0x7c2:
        return &s->pmacfg1;
    case 0x7c3:
        return &s->cfg1;
    case 0x7c4:
        return &s->hwa_mask;
    case 0x7c5:
        return &s->hwa_cfg;
    case 0x7c6:
        return &s->vgsrc;
    case 0xbca:
        return &s->intp_restore_pc;
    case 0xc20:
        return &s->vl;
    case 0xc21:
        return &s->vtype;
    case 0xc22:
        return &s->vlenb;
    default:
        if (csr >= 0xbc2 && csr <= 0xbc9)
            return &s->sstatus[csr - 0xbc2];
        return NULL;
    }
}

/* 1: known; value in *v */
static int csr_read(RvCore *c, uint32_t csr, uint64_t t, uint32_t *v)
{
    const uint64_t cyc = t - c->st.cycle_off, ins = c->stats.instret - c->st.instret_off;
    uint32_t *p = plain(c, csr);
    if (p) {
        *v = *p;
        return 1;
    }
    switch (csr) {
    case 0x008:
        *v = 0;
        return 1;
    case 0x300:
        *v = RV_MSTATUS;
        return 1;
    case 0x301:
        *v = RV_MISA;
        return 1;
    case 0xf14:
        *v = 0;
        return 1;
    case 0xb00:
    case 0xc00:
        *v = (uint32_t)cyc;
        return 1;
    case 0xb80:
    case 0xc80:
        *v = (uint32_t)(cyc >> 32);
        return 1;
    case 0xb02:
    case 0xc02:
        *v = (uint32_t)ins;
        return 1;
    case 0xb82:
    case 0xc82:
        *v = (uint32_t)(ins >> 32);
        return 1;
    case 0xb03:
    case 0xb04:
    case 0xb83:
    case 0xb84:
        *v = 0;
        return 1;
    default:
        return 0;
    }
}

static void csr_write(RvCore *c, uint32_t csr, uint64_t t, uint32_t v)
{
    uint32_t *p = plain(c, csr);
    if (p) {
        *p = csr == 0x003 ? (v & 0xff) : v;
        return;
    }
    const uint64_t cyc = t - c->st.cycle_off, ins = c->stats.instret + 1 - c->st.instret_off;
    uint64_t nv;
    switch (csr) {
    case 0xb00:
    case 0xc00:
        nv = (cyc & ~0xffffffffull) | v;
        c->st.cycle_off = t - nv;
        break;
    case 0xb80:
    case 0xc80:
        nv = (cyc & 0xffffffffull) | (uint64_t)v << 32;
        c->st.cycle_off = t - nv;
        break;
    case 0xb02:
    case 0xc02:
        nv = (ins & ~0xffffffffull) | v;
        c->st.instret_off = c->stats.instret + 1 - nv;
        break;
    case 0xb82:
    case 0xc82:
        nv = (ins & 0xffffffffull) | (uint64_t)v << 32;
        c->st.instret_off = c->stats.instret + 1 - nv;
        break;
    default: /* read-only values and counters that read 0 */
        break;
    }
}

int rv_csr_exec(RvCore *c, const RvDecoded *d, uint64_t t)
{
    const uint32_t csr = (uint32_t)d->imm & 0xfff, f3 = (d->word >> 12) & 7;
    const uint32_t src = f3 >= 5 ? (uint32_t)d->imm >> 12 : c->st.x[d->rs1];
    const uint32_t src_reg = (d->word >> 15) & 31; /* rs1 or uimm: 0 means "no write" */
    const int writes = (f3 & 3) == 1 || src_reg != 0;
    const int reads = (f3 & 3) != 1 || d->rd != 0;
    if (csr == 0xbc0 || csr == 0xbc1) { /* tt_cfg_qstatus / bstatus: the tile answers */
        if (!reads)
            return 0;
        return rv_mem_bus_csr(c, d, t, csr);
    }
    uint32_t old = 0;
    if (!csr_read(c, csr, t, &old)) {
        rv_core_fault(c, RV_STOP_ILLEGAL,
                      "csr 0x%03x is not a Blackhole baby RISC-V CSR (pc 0x%08x)", csr, d->pc);
        return 0;
    }
    if (writes) {
        uint32_t nv = (f3 & 3) == 1 ? src : (f3 & 3) == 2 ? old | src : old & ~src;
        csr_write(c, csr, t, nv);
    }
    if (d->rd) {
        c->st.x[d->rd] = old;
        c->ready[d->rd] = t + 1;
    }
    return 0;
}
