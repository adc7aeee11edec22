// SPDX-License-Identifier: Apache-2.0
/* model/riscv/rv_decode.c - decode and disassembly, both generated from rv_insn.def. Decoding
 * scans the table (first match wins); the core calls it only on a predecode-cache miss. */
#include <stdio.h>
#include <string.h>
#include "model/riscv/rv_core_state.h"

const RvInsnInfo rv_insn_table[RV_OPS] = {
#define RV_INSN(id, str, mask, match, fmt, cls, ext)                                               \
    [RV_OP_##id] = {str, ext, mask, match, RV_F_##fmt, RV_C_##cls},
#include "model/riscv/rv_insn.def"
#undef RV_INSN
    [RV_OP_ILLEGAL] = {"illegal", "", 0, 0, RV_F_X, RV_C_ILLEGAL},
};

static int32_t imm_i(uint32_t w)
{
    return (int32_t)w >> 20;
}

static int32_t imm_s(uint32_t w)
{
    return (int32_t)(((int32_t)w >> 25) * 32) | (int32_t)((w >> 7) & 0x1f);
}

static int32_t imm_b(uint32_t w)
{
    uint32_t v = ((w >> 8) & 0xf) << 1 | ((w >> 25) & 0x3f) << 5 | ((w >> 7) & 1) << 11;
    return (int32_t)v | (int32_t)(w & 0x80000000u ? 0xfffff000u : 0);
}

static int32_t imm_j(uint32_t w)
{
    uint32_t v = ((w >> 21) & 0x3ff) << 1 | ((w >> 20) & 1) << 11 | ((w >> 12) & 0xff) << 12;
    return (int32_t)v | (int32_t)(w & 0x80000000u ? 0xfff00000u : 0);
}

void rv_decode(uint32_t word, uint32_t pc, RvDecoded *d)
{
    uint32_t op = RV_OP_ILLEGAL;
    for (uint32_t i = 0; i < RV_OP_ILLEGAL; i++)
        if ((word & rv_insn_table[i].mask) == rv_insn_table[i].match) {
            op = i;
            break;
        }
    uint32_t rd = (word >> 7) & 31, rs1 = (word >> 15) & 31, rs2 = (word >> 20) & 31;
    d->pc = pc;
    d->word = word;
    d->op = (uint16_t)op;
    d->rd = d->rs1 = d->rs2 = 0;
    d->imm = 0;
    switch ((RvFormat)rv_insn_table[op].fmt) {
    case RV_F_R:
    case RV_F_AMO:
        d->rd = (uint8_t)rd, d->rs1 = (uint8_t)rs1, d->rs2 = (uint8_t)rs2;
        break;
    case RV_F_R1:
        d->rd = (uint8_t)rd, d->rs1 = (uint8_t)rs1;
        break;
    case RV_F_I:
    case RV_F_L:
        d->rd = (uint8_t)rd, d->rs1 = (uint8_t)rs1, d->imm = imm_i(word);
        break;
    case RV_F_SH:
        d->rd = (uint8_t)rd, d->rs1 = (uint8_t)rs1, d->imm = (int32_t)rs2;
        break;
    case RV_F_U:
        d->rd = (uint8_t)rd, d->imm = (int32_t)(word & 0xfffff000u);
        break;
    case RV_F_J:
        d->rd = (uint8_t)rd, d->imm = imm_j(word);
        break;
    case RV_F_B:
        d->rs1 = (uint8_t)rs1, d->rs2 = (uint8_t)rs2, d->imm = imm_b(word);
        break;
    case RV_F_S:
        d->rs1 = (uint8_t)rs1, d->rs2 = (uint8_t)rs2, d->imm = imm_s(word);
        break;
    case RV_F_CSR:
        d->rd = (uint8_t)rd, d->rs1 = (uint8_t)rs1, d->imm = (int32_t)(word >> 20);
        break;
    case RV_F_CSRI:
        d->rd = (uint8_t)rd, d->imm = (int32_t)((word >> 20) | rs1 << 12);
        break;
    case RV_F_FENCE:
        d->imm = (int32_t)((word >> 20) & 0xff);
        break;
    case RV_F_TT:
        d->imm = (int32_t)(word >> 2 | word << 30);
        break;
    case RV_F_N:
    case RV_F_X:
        break;
    }
}

static const char *const abi[32] = {"zero", "ra", "sp",  "gp",  "tp", "t0", "t1", "t2",
                                    "s0",   "s1", "a0",  "a1",  "a2", "a3", "a4", "a5",
                                    "a6",   "a7", "s2",  "s3",  "s4", "s5", "s6", "s7",
                                    "s8",   "s9", "s10", "s11", "t3", "t4", "t5", "t6"};

static void fence_set(uint32_t bits, char *out)
{
    const char *names = "iorw";
    int n = 0;
    for (int i = 0; i < 4; i++)
        if (bits & (8u >> i))
            out[n++] = names[i];
    out[n] = 0;
}

const char *rv_disasm(uint32_t word, uint32_t pc, char *buf, size_t len)
{
    RvDecoded d;
    rv_decode(word, pc, &d);
    const RvInsnInfo *in = &rv_insn_table[d.op];
    const char *n = in->name, *rd = abi[d.rd], *r1 = abi[d.rs1], *r2 = abi[d.rs2];
    uint32_t target = pc + (uint32_t)d.imm;
    switch ((RvFormat)in->fmt) {
    case RV_F_R:
        snprintf(buf, len, "%s %s, %s, %s", n, rd, r1, r2);
        break;
    case RV_F_R1:
        snprintf(buf, len, "%s %s, %s", n, rd, r1);
        break;
    case RV_F_I:
        snprintf(buf, len, "%s %s, %s, %d", n, rd, r1, d.imm);
        break;
    case RV_F_SH:
        snprintf(buf, len, "%s %s, %s, %d", n, rd, r1, d.imm);
        break;
    case RV_F_U:
        snprintf(buf, len, "%s %s, 0x%x", n, rd, (uint32_t)d.imm >> 12);
        break;
    case RV_F_J:
        snprintf(buf, len, "%s %s, 0x%x", n, rd, target);
        break;
    case RV_F_B:
        snprintf(buf, len, "%s %s, %s, 0x%x", n, r1, r2, target);
        break;
    case RV_F_L:
        snprintf(buf, len, "%s %s, %d(%s)", n, rd, d.imm, r1);
        break;
    case RV_F_S:
        snprintf(buf, len, "%s %s, %d(%s)", n, r2, d.imm, r1);
        break;
    case RV_F_CSR:
        snprintf(buf, len, "%s %s, 0x%x, %s", n, rd, (uint32_t)d.imm, r1);
        break;
    case RV_F_CSRI:
        snprintf(buf, len, "%s %s, 0x%x, %u", n, rd, (uint32_t)d.imm & 0xfff,
                 (uint32_t)d.imm >> 12);
        break;
    case RV_F_AMO:
        snprintf(buf, len, "%s %s, %s, (%s)", n, rd, r2, r1);
        break;
    case RV_F_FENCE: {
        char p[5], s[5];
        fence_set((uint32_t)d.imm >> 4, p);
        fence_set((uint32_t)d.imm & 15, s);
        snprintf(buf, len, "%s %s, %s", n, p, s);
        break;
    }
    case RV_F_N:
        snprintf(buf, len, "%s", n);
        break;
    case RV_F_TT:
        snprintf(buf, len, "ttinsn 0x%08x", (uint32_t)d.imm);
        break;
    case RV_F_X:
        if (d.op == RV_OP_ILLEGAL)
            snprintf(buf, len, "illegal 0x%08x", word);
        else
            snprintf(buf, len, "%s 0x%08x", n, word);
        break;
    }
    return buf;
}
