// SPDX-License-Identifier: Apache-2.0
/* model/riscv/rv_core.c - the baby RISC-V core's run loop: fetch from the fetch region, predecode
 * cache, scoreboard issue, integer execution and branch prediction. Memory, caches and the
 * store queue are in rv_mem.c, CSRs in rv_csr.c, the instruction table in rv_decode.c.
 *
 * Cycle accounting: core->cycle is the cycle the next instruction can enter EX1. Every cycle
 * between two issues is charged to one RvStall cause (operand wait: the cause recorded with the
 * producing register; div occupancy beyond one cycle: MULDIV; mispredict bubble: MISPREDICT;
 * I-cache miss: FETCH; waiting for the bus or a wake: the cause of the wait), so
 * stats.cycles_run == stats.instret + sum(stats.stall) exactly.
 *
 * Branch prediction (Blackhole's predictor is NOT FOUND in the documents; the README gives only
 * the 4-cycle mispredict bubble and cfg0.DisBp):
 *   - conditional branches: branch_predictor 0 predicts not taken, 1 backward taken / forward
 *     not taken, 2 a table of RV_BHT_ENTRIES 2-bit counters indexed by pc[7:2] (reset to
 *     weakly not taken); cfg0.DisBp (bit 1) selects 0;
 *   - jal never mispredicts: its target is in the instruction, assumed computed by the
 *     frontend as it fetches;
 *   - jalr: a return (rd = x0, rs1 = ra) is predicted by an RV_RAS_DEPTH-entry return-address
 *     stack that jal/jalr with rd = ra push; every other jalr, and every jalr when the
 *     predictor is off, mispredicts (no target buffer is assumed).
 * A correctly predicted taken branch costs nothing extra.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/riscv/rv_core_state.h"

void rv_core_reset(RvCore *c, uint32_t start_pc, uint64_t now)
{
    memset(&c->st, 0, sizeof c->st);
    c->st.pc = start_pc;
    c->cycle = now;
    memset(c->ready, 0, sizeof c->ready);
    memset(c->ready_cause, 0, sizeof c->ready_cause);
    c->waiting = c->wait_fresh = 0;
    c->resume_at = 0;
    c->last_at = now;
    c->stop = RV_RUNNING;
    c->stop_pc = c->stop_insn = 0;
    c->why[0] = 0;
    memset(c->ic_valid, 0, sizeof c->ic_valid);
    c->ic_last_valid = 0;
    c->ras_pos = c->ras_n = 0;
    c->fetch_grant = 0;
    memset(c->bht, 1, sizeof c->bht);
    for (uint32_t i = 0; i < RV_PRE_ENTRIES; i++)
        c->pre[i].pc = 1; /* never a fetchable pc */
    rv_mem_reset(c);
    rv_poll_reset(c);
    rv_csr_reset(c, now);
}

void rv_core_fault(RvCore *c, RvStop s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->why, sizeof c->why, fmt, ap);
    va_end(ap);
    c->stop = s;
    c->stop_pc = c->st.pc;
    c->stop_insn = 0;
    uint32_t off = c->st.pc - c->fetch_base;
    if (c->fetch_mem && off <= c->fetch_last && !(off & 3))
        memcpy(&c->stop_insn, c->fetch_mem + off, 4);
}

void rv_core_wait(RvCore *c, uint8_t cause, uint64_t resume_at)
{
    c->waiting = 1;
    c->wait_fresh = 1;
    c->wait_cause = cause;
    c->resume_at = resume_at;
}

void rv_core_wake(RvCore *c, uint64_t at)
{
    if (c->waiting && c->resume_at == BH_IDLE)
        c->resume_at = at > c->cycle ? at : c->cycle;
}

static inline uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline void put_le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16),
    p[3] = (uint8_t)(v >> 24);
}

static uint32_t div_cycles(uint32_t a, uint32_t b, int is_signed)
{
    if (b == 0 || b == 1 || (is_signed && a == 0x80000000u && b == 0xffffffffu))
        return 2;
    uint32_t mag = is_signed && (int32_t)a < 0 ? 0u - a : a;
    uint32_t bits = mag ? 32u - (uint32_t)__builtin_clz(mag) : 0;
    uint32_t n = 1 + bits < 6 ? 6 : 1 + bits;
    return n > 33 ? 33 : n;
}

static uint32_t brev8(uint32_t v)
{
    v = ((v & 0x55555555u) << 1) | ((v >> 1) & 0x55555555u);
    v = ((v & 0x33333333u) << 2) | ((v >> 2) & 0x33333333u);
    return ((v & 0x0f0f0f0fu) << 4) | ((v >> 4) & 0x0f0f0f0fu);
}

static uint32_t orc_b(uint32_t v)
{
    uint32_t r = 0;
    for (int i = 0; i < 32; i += 8)
        if ((v >> i) & 0xff)
            r |= 0xffu << i;
    return r;
}

static inline uint32_t rotl(uint32_t v, uint32_t n)
{
    n &= 31;
    return n ? v << n | v >> (32 - n) : v;
}

static int predict_taken(RvCore *c, uint32_t pc, int32_t off)
{
    uint32_t mode = (c->st.cfg0 & 2u) ? 0 : c->cfg.branch_predictor;
    if (mode == 1)
        return off < 0;
    if (mode == 2)
        return c->bht[(pc >> 2) % RV_BHT_ENTRIES] >= 2;
    return 0;
}

static void train(RvCore *c, uint32_t pc, int taken)
{
    uint8_t *k = &c->bht[(pc >> 2) % RV_BHT_ENTRIES];
    if (taken && *k < 3)
        (*k)++;
    else if (!taken && *k > 0)
        (*k)--;
}

static int jalr_mispredicts(RvCore *c, const RvDecoded *d, uint32_t target)
{
    int on = !(c->st.cfg0 & 2u) && c->cfg.branch_predictor != 0;
    int miss = 1;
    if (on && d->rd == 0 && d->rs1 == 1 && c->ras_n) {
        c->ras_pos = (c->ras_pos + RV_RAS_DEPTH - 1) % RV_RAS_DEPTH;
        c->ras_n--;
        miss = c->ras[c->ras_pos] != target;
    }
    return miss;
}

static void ras_push(RvCore *c, uint32_t ret)
{
    c->ras[c->ras_pos] = ret;
    c->ras_pos = (c->ras_pos + 1) % RV_RAS_DEPTH;
    if (c->ras_n < RV_RAS_DEPTH)
        c->ras_n++;
}

static void stop_unimp(RvCore *c, const RvDecoded *d)
{
    const RvInsnInfo *in = &rv_insn_table[d->op];
    if (in->cls == RV_C_ILLEGAL)
        rv_core_fault(c, RV_STOP_ILLEGAL, "illegal instruction 0x%08x at pc 0x%08x", d->word,
                      d->pc);
    else
        rv_core_fault(c, RV_STOP_UNIMP, "%s (%s, major opcode 0x%02x) not modeled, pc 0x%08x",
                      in->name, in->ext, d->word & 0x7f, d->pc);
}

RvRun rv_core_run(RvCore *c, uint64_t until, uint64_t *wake)
{
    uint32_t *x = c->st.x;
    uint64_t *ready = c->ready;
    const uint64_t start = c->cycle;
    RvRun ret;
    for (;;) {
        if (c->stop != RV_RUNNING) {
            *wake = BH_IDLE;
            ret = RV_RUN_STOPPED;
            break;
        }
        if (c->waiting) {
            /* a wait begun in this call returns to the caller (LATER: at *when) */
            if (c->resume_at == BH_IDLE || c->wait_fresh) {
                c->wait_fresh = 0;
                *wake = c->resume_at;
                ret = RV_RUN_WAIT;
                break;
            }
            if (c->resume_at > until && c->resume_at > c->cycle) {
                *wake = c->resume_at;
                ret = RV_RUN_WAIT;
                break;
            }
            if (c->resume_at > c->cycle) {
                c->stats.stall[c->wait_cause] += c->resume_at - c->cycle;
                rv_prof_stall(c, c->wait_cause, c->resume_at - c->cycle);
                c->cycle = c->resume_at;
            }
            c->waiting = 0;
        }
        if (c->cycle >= until) {
            *wake = c->cycle;
            ret = RV_RUN_UNTIL;
            break;
        }
        if (c->cycle >= c->sq_deadline && rv_mem_sq_expire(c))
            continue;
        /* 1. fetch */
        const uint32_t pc = c->st.pc;
        const uint32_t off = pc - c->fetch_base;
        if (!c->fetch_mem || off > c->fetch_last || (pc & 3)) {
            rv_core_fault(c, RV_STOP_FAULT,
                          "fetch outside L1 (fetch region) or misaligned: pc 0x%08x", pc);
            continue;
        }
        if (!c->ic_last_valid || (pc >> c->ic_shift) != c->ic_last)
            if (rv_mem_fetch_miss(c, pc))
                continue;
        const uint32_t word = le32(c->fetch_mem + off);
        RvDecoded *d = &c->pre[(pc >> 2) & (RV_PRE_ENTRIES - 1)];
        if (d->pc != pc || d->word != word)
            rv_decode(word, pc, d);
        /* 2. issue: operands known (a PENDING one, or a PENDING rd, waits for completion) */
        uint64_t t = c->cycle;
        const uint64_t r1 = ready[d->rs1], r2 = ready[d->rs2];
        if (r1 > t || r2 > t || ready[d->rd] == RV_PENDING) {
            if (r1 == RV_PENDING || r2 == RV_PENDING || ready[d->rd] == RV_PENDING) {
                rv_core_wait(c, RV_STALL_LOAD, BH_IDLE);
                continue;
            }
            const uint32_t who = r1 >= r2 ? d->rs1 : d->rs2;
            const uint64_t u = r1 >= r2 ? r1 : r2;
            c->stats.stall[c->ready_cause[who]] += u - t;
            rv_prof_stall(c, c->ready_cause[who], u - t);
            c->cycle = t = u;
        }
        /* 3. execute */
        const uint32_t a = x[d->rs1], b = x[d->rs2], imm = (uint32_t)d->imm;
        uint32_t v = 0, npc = pc + 4, rd = d->rd;
        uint64_t lat = 1, occ = 1;
        switch ((RvOp)d->op) {
        case RV_OP_lui:
            v = imm;
            break;
        case RV_OP_auipc:
            v = pc + imm;
            break;
        case RV_OP_addi:
            v = a + imm;
            break;
        case RV_OP_slti:
            v = (int32_t)a < (int32_t)imm;
            break;
        case RV_OP_sltiu:
            v = a < imm;
            break;
        case RV_OP_xori:
            v = a ^ imm;
            break;
        case RV_OP_ori:
            v = a | imm;
            break;
        case RV_OP_andi:
            v = a & imm;
            break;
        case RV_OP_slli:
            v = a << imm;
            break;
        case RV_OP_srli:
            v = a >> imm;
            break;
        case RV_OP_srai:
            v = (uint32_t)((int32_t)a >> imm);
            break;
        case RV_OP_add:
            v = a + b;
            break;
        case RV_OP_sub:
            v = a - b;
            break;
        case RV_OP_sll:
            v = a << (b & 31);
            break;
        case RV_OP_slt:
            v = (int32_t)a < (int32_t)b;
            break;
        case RV_OP_sltu:
            v = a < b;
            break;
        case RV_OP_xor:
            v = a ^ b;
            break;
        case RV_OP_srl:
            v = a >> (b & 31);
            break;
        case RV_OP_sra:
            v = (uint32_t)((int32_t)a >> (b & 31));
            break;
        case RV_OP_or:
            v = a | b;
            break;
        case RV_OP_and:
            v = a & b;
            break;
        case RV_OP_sh1add:
            v = (a << 1) + b;
            break;
        case RV_OP_sh2add:
            v = (a << 2) + b;
            break;
        case RV_OP_sh3add:
            v = (a << 3) + b;
            break;
        case RV_OP_andn:
            v = a & ~b;
            break;
        case RV_OP_orn:
            v = a | ~b;
            break;
        case RV_OP_xnor:
            v = ~(a ^ b);
            break;
        case RV_OP_clz:
            v = a ? (uint32_t)__builtin_clz(a) : 32;
            break;
        case RV_OP_ctz:
            v = a ? (uint32_t)__builtin_ctz(a) : 32;
            break;
        case RV_OP_cpop:
            v = (uint32_t)__builtin_popcount(a);
            break;
        case RV_OP_sext_b:
            v = (uint32_t)(int32_t)(int8_t)a;
            break;
        case RV_OP_sext_h:
            v = (uint32_t)(int32_t)(int16_t)a;
            break;
        case RV_OP_zext_h:
            v = a & 0xffff;
            break;
        case RV_OP_max:
            v = (int32_t)a > (int32_t)b ? a : b;
            break;
        case RV_OP_maxu:
            v = a > b ? a : b;
            break;
        case RV_OP_min:
            v = (int32_t)a < (int32_t)b ? a : b;
            break;
        case RV_OP_minu:
            v = a < b ? a : b;
            break;
        case RV_OP_rol:
            v = rotl(a, b);
            break;
        case RV_OP_ror:
            v = rotl(a, 32 - (b & 31));
            break;
        case RV_OP_rori:
            v = rotl(a, 32 - imm);
            break;
        case RV_OP_orc_b:
            v = orc_b(a);
            break;
        case RV_OP_rev8:
            v = __builtin_bswap32(a);
            break;
        case RV_OP_pack:
            v = (a & 0xffff) | b << 16;
            break;
        case RV_OP_packh:
            v = (a & 0xff) | (b & 0xff) << 8;
            break;
        case RV_OP_brev8:
            v = brev8(a);
            break;
        case RV_OP_fence_i:
            break;
        case RV_OP_mul:
        case RV_OP_mulh:
        case RV_OP_mulhsu:
        case RV_OP_mulhu: {
            int64_t sa = (int32_t)a, sb = (int32_t)b;
            if (d->op == RV_OP_mul)
                v = a * b;
            else if (d->op == RV_OP_mulh)
                v = (uint32_t)((uint64_t)(sa * sb) >> 32);
            else if (d->op == RV_OP_mulhsu)
                v = (uint32_t)((uint64_t)(sa * (int64_t)(uint64_t)b) >> 32);
            else
                v = (uint32_t)(((uint64_t)a * b) >> 32);
            lat = c->cfg.mul_latency_cycles;
            c->ready_cause[rd] = RV_STALL_MULDIV;
            break;
        }
        case RV_OP_div:
        case RV_OP_rem:
            if (b == 0)
                v = d->op == RV_OP_div ? 0xffffffffu : a;
            else if (a == 0x80000000u && b == 0xffffffffu)
                v = d->op == RV_OP_div ? a : 0;
            else
                v = d->op == RV_OP_div ? (uint32_t)((int32_t)a / (int32_t)b)
                                       : (uint32_t)((int32_t)a % (int32_t)b);
            lat = occ = div_cycles(a, b, 1);
            c->stats.stall[RV_STALL_MULDIV] += occ - 1;
            rv_prof_stall(c, RV_STALL_MULDIV, occ - 1);
            break;
        case RV_OP_divu:
        case RV_OP_remu:
            if (b == 0)
                v = d->op == RV_OP_divu ? 0xffffffffu : a;
            else
                v = d->op == RV_OP_divu ? a / b : a % b;
            lat = occ = div_cycles(a, b, 0);
            c->stats.stall[RV_STALL_MULDIV] += occ - 1;
            rv_prof_stall(c, RV_STALL_MULDIV, occ - 1);
            break;
        case RV_OP_beq:
        case RV_OP_bne:
        case RV_OP_blt:
        case RV_OP_bge:
        case RV_OP_bltu:
        case RV_OP_bgeu: {
            int taken;
            switch (d->op) {
            case RV_OP_beq:
                taken = a == b;
                break;
            case RV_OP_bne:
                taken = a != b;
                break;
            case RV_OP_blt:
                taken = (int32_t)a < (int32_t)b;
                break;
            case RV_OP_bge:
                taken = (int32_t)a >= (int32_t)b;
                break;
            case RV_OP_bltu:
                taken = a < b;
                break;
            default:
                taken = a >= b;
                break;
            }
            if (predict_taken(c, pc, d->imm) != taken) {
                occ += c->cfg.mispredict_cycles;
                c->stats.stall[RV_STALL_MISPREDICT] += c->cfg.mispredict_cycles;
                rv_prof_stall(c, RV_STALL_MISPREDICT, c->cfg.mispredict_cycles);
                c->stats.mispredicts++;
            }
            train(c, pc, taken);
            if (taken)
                npc = pc + imm;
            break;
        }
        case RV_OP_jal:
            v = pc + 4;
            npc = pc + imm;
            if (rd == 1)
                ras_push(c, v);
            break;
        case RV_OP_jalr:
            v = pc + 4;
            npc = (a + imm) & ~1u;
            if (jalr_mispredicts(c, d, npc)) {
                occ += c->cfg.mispredict_cycles;
                c->stats.stall[RV_STALL_MISPREDICT] += c->cfg.mispredict_cycles;
                rv_prof_stall(c, RV_STALL_MISPREDICT, c->cfg.mispredict_cycles);
                c->stats.mispredicts++;
            }
            if (rd == 1)
                ras_push(c, v);
            break;
        case RV_OP_lb:
        case RV_OP_lh:
        case RV_OP_lw:
        case RV_OP_lbu:
        case RV_OP_lhu: {
            static const uint8_t size[] = {1, 2, 4, 0, 1, 2};
            const uint32_t f3 = (d->word >> 12) & 7, n = size[f3], ea = a + imm;
            const RvRegion *r = &c->region[0];
            if (ea - r->base <= r->size - n && !(ea & (n - 1)) && (r->flags & RV_REGION_READ)) {
                const uint8_t *p = r->mem + (ea - r->base);
                v = n == 4 ? le32(p) : n == 2 ? (uint32_t)(p[0] | p[1] << 8) : p[0];
                if (f3 == 0)
                    v = (uint32_t)(int32_t)(int8_t)v;
                else if (f3 == 1)
                    v = (uint32_t)(int32_t)(int16_t)v;
                lat = c->cfg.local_load_cycles;
                c->ready_cause[rd] = RV_STALL_LOAD_LOCAL;
                c->stats.loads++;
                break;
            }
            if (rv_mem_load(c, d, t, ea, n, f3 < 4))
                continue;
            rd = 0;
            break;
        }
        case RV_OP_sb:
        case RV_OP_sh:
        case RV_OP_sw: {
            const uint32_t n = 1u << ((d->word >> 12) & 3), ea = a + imm;
            const RvRegion *r = &c->region[0];
            if (ea - r->base <= r->size - n && !(ea & (n - 1)) && (r->flags & RV_REGION_WRITE)) {
                uint8_t *p = r->mem + (ea - r->base);
                if (n == 4)
                    put_le32(p, b);
                else if (n == 2)
                    p[0] = (uint8_t)b, p[1] = (uint8_t)(b >> 8);
                else
                    p[0] = (uint8_t)b;
                c->stats.stores++;
                break;
            }
            if (rv_mem_store(c, d, t, ea, n, b))
                continue;
            break;
        }
        case RV_OP_ttinsn0:
        case RV_OP_ttinsn1:
        case RV_OP_ttinsn2:
            if (rv_mem_store(c, d, t, RV_TTINSN_ADDR, 4, imm))
                continue;
            break;
        case RV_OP_amoadd_w:
        case RV_OP_amoswap_w:
        case RV_OP_amoxor_w:
        case RV_OP_amoor_w:
        case RV_OP_amoand_w:
        case RV_OP_amomin_w:
        case RV_OP_amomax_w:
        case RV_OP_amominu_w:
        case RV_OP_amomaxu_w:
            if (rv_mem_amo(c, d, t, a, b))
                continue;
            rd = 0;
            break;
        case RV_OP_fence:
            if (rv_mem_fence(c, t))
                continue;
            break;
        case RV_OP_csrrw:
        case RV_OP_csrrs:
        case RV_OP_csrrc:
        case RV_OP_csrrwi:
        case RV_OP_csrrsi:
        case RV_OP_csrrci:
            if (rv_csr_exec(c, d, t))
                continue;
            rd = 0;
            break;
        case RV_OP_ecall:
        case RV_OP_ebreak:
            /* serialising (CSRs.md: older instructions retire first): the store queue drains
             * and outstanding accesses complete before the core stops */
            if (rv_mem_fence(c, t))
                continue;
            if (c->stop == RV_RUNNING)
                rv_core_fault(c, d->op == RV_OP_ecall ? RV_STOP_ECALL : RV_STOP_EBREAK,
                              "%s at pc 0x%08x", d->op == RV_OP_ecall ? "ecall" : "ebreak", pc);
            continue;
        default:
            stop_unimp(c, d);
            continue;
        }
        if (c->stop != RV_RUNNING)
            continue;
        /* 4. retire: x0 stays zero and always ready */
        x[rd] = v;
        ready[rd] = t + lat;
        x[0] = 0;
        ready[0] = 0;
        if (c->prof) {
            RvProfEntry *e = rv_profile_at(c->prof, pc);
            if (e)
                e->insns++;
        }
        c->st.pc = npc;
        c->cycle = t + occ;
        c->stats.instret++;
        if (npc <= pc && c->cfg.poll_sleep && rv_poll_at_head(c, npc)) {
            *wake = BH_IDLE;
            ret = RV_RUN_POLL;
            break;
        }
    }
    c->stats.cycles_run += c->cycle - start;
    return ret;
}
