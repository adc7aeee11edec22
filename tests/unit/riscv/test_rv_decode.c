// SPDX-License-Identifier: Apache-2.0
/* RISC-V instruction table: no two rows match one word except the documented zext.h / pack
 * pair, every row decodes its own encoding and disassembles, illegal words stay illegal, and
 * .ttinsn is the word rotated right by 2. */
#include <string.h>
#include "tests/unit/riscv/rv_tb.h"

static void test_no_overlap_except_zext_h_pack(void)
{
    for (uint32_t i = 0; i < RV_OP_ILLEGAL; i++)
        for (uint32_t j = i + 1; j < RV_OP_ILLEGAL; j++) {
            const RvInsnInfo *a = &rv_insn_table[i], *b = &rv_insn_table[j];
            int overlap = ((a->match ^ b->match) & a->mask & b->mask) == 0;
            if (i == RV_OP_zext_h && j == RV_OP_pack) {
                /* zext.h is pack with rs2 = x0: strictly more specific, and first */
                CHECK(overlap);
                CHECK((a->mask & b->mask) == b->mask && a->mask != b->mask);
                CHECK((a->match & b->mask) == b->match);
                continue;
            }
            if (overlap)
                fprintf(stderr, "rows %s and %s overlap\n", a->name, b->name);
            CHECK(!overlap);
        }
    CHECK(RV_OP_zext_h < RV_OP_pack);
}

static void test_every_row_decodes_itself(void)
{
    char buf[96];
    for (uint32_t i = 0; i < RV_OP_ILLEGAL; i++) {
        const RvInsnInfo *in = &rv_insn_table[i];
        uint32_t w = in->match;
        if (i == RV_OP_pack)
            w |= 1u << 20; /* rs2 = x1: not zext.h */
        RvDecoded d;
        rv_decode(w, 0x100, &d);
        if (d.op != i)
            fprintf(stderr, "row %s: 0x%08x decodes as %s\n", in->name, w,
                    rv_insn_table[d.op].name);
        CHECK_EQ_U32(d.op, i);
        rv_disasm(w, 0x100, buf, sizeof buf);
        CHECK(strncmp(buf, in->name, strlen(in->name)) == 0);
        CHECK(in->cls != RV_C_ILLEGAL);
    }
}

static void test_disasm_syntax(void)
{
    char buf[96];
    CHECK(strcmp(rv_disasm(0x00150513, 0, buf, sizeof buf), "addi a0, a0, 1") == 0);
    CHECK(strcmp(rv_disasm(0x00812583, 0, buf, sizeof buf), "lw a1, 8(sp)") == 0);
    CHECK(strcmp(rv_disasm(0x00b12623, 0, buf, sizeof buf), "sw a1, 12(sp)") == 0);
    CHECK(strcmp(rv_disasm(enc_b(-8, 11, 10, 0), 0x100, buf, sizeof buf), "beq a0, a1, 0xf8") == 0);
    CHECK(strcmp(rv_disasm(enc_j(0x20, 1), 0x100, buf, sizeof buf), "jal ra, 0x120") == 0);
    CHECK(strcmp(rv_disasm(0x08004533, 0, buf, sizeof buf), "zext.h a0, zero") == 0);
    CHECK(strcmp(rv_disasm(0x08b54533, 0, buf, sizeof buf), "pack a0, a0, a1") == 0);
    CHECK(strcmp(rv_disasm(0x0ff0000f, 0, buf, sizeof buf), "fence iorw, iorw") == 0);
    CHECK(strcmp(rv_disasm(0xc0002573, 0, buf, sizeof buf), "csrrs a0, 0xc00, zero") == 0);
    CHECK(strcmp(rv_disasm(0x00b5252f, 0, buf, sizeof buf), "amoadd.w a0, a1, (a0)") == 0);
    CHECK(strcmp(rv_disasm(0x0005a507 /* flw fa0, 0(a1) */, 0, buf, sizeof buf),
                 "flw 0x0005a507") == 0);
}

static void test_illegal_words(void)
{
    static const uint32_t ill[] = {
        0xffffffffu, /* opcode 0x7f */
        0x1005252fu, /* lr.w */
        0x18b5252fu, /* sc.w */
        0x0005b507u, /* fld */
        0x00004073u, /* SYSTEM funct3 4 */
        0x02a5053bu, /* mulw (RV64) */
        0x0000001bu, /* addiw (RV64) */
        0x02055513u, /* srli with shamt[5] set (RV64 only) */
        0x00007057u | 0 /* vsetvl is recognised: see below */,
    };
    for (uint32_t i = 0; i + 1 < sizeof ill / sizeof ill[0]; i++) {
        RvDecoded d;
        rv_decode(ill[i], 0, &d);
        if (d.op != RV_OP_ILLEGAL)
            fprintf(stderr, "0x%08x decodes as %s\n", ill[i], rv_insn_table[d.op].name);
        CHECK_EQ_U32(d.op, RV_OP_ILLEGAL);
    }
    RvDecoded d;
    rv_decode(0x00007057u, 0, &d);
    CHECK_EQ_U32(rv_insn_table[d.op].cls, RV_C_UNIMP);
    rv_decode(0x0000100fu, 0, &d);
    CHECK_EQ_U32(d.op, RV_OP_fence_i);
}

static void test_ttinsn_rotation(void)
{
    /* A Tensix instruction below 0xC0000000 rotated left by 2 has low bits != 0b11 */
    const uint32_t tensix[] = {0x00000000u, 0x12345678u, 0x8badf00du, 0xbfffffffu};
    char buf[96], want[40];
    for (uint32_t i = 0; i < 4; i++) {
        uint32_t w = tensix[i] << 2 | tensix[i] >> 30;
        RvDecoded d;
        rv_decode(w, 0, &d);
        CHECK_EQ_U32(rv_insn_table[d.op].cls, RV_C_TT);
        CHECK_EQ_U32((uint32_t)d.imm, tensix[i]);
        snprintf(want, sizeof want, "ttinsn 0x%08x", tensix[i]);
        CHECK(strcmp(rv_disasm(w, 0, buf, sizeof buf), want) == 0);
    }
    /* every quadrant 0..2 is .ttinsn */
    for (uint32_t q = 0; q < 3; q++) {
        RvDecoded d;
        rv_decode(0xabcdef00u | q, 0, &d);
        CHECK_EQ_U32(rv_insn_table[d.op].cls, RV_C_TT);
    }
}

static void test_fields(void)
{
    RvDecoded d;
    rv_decode(enc_s(-4, 12, 13, 2), 0, &d);
    CHECK_EQ_U32(d.op, RV_OP_sw);
    CHECK_EQ_U32((uint32_t)d.imm, (uint32_t)-4);
    CHECK_EQ_U32(d.rs1, 13);
    CHECK_EQ_U32(d.rs2, 12);
    CHECK_EQ_U32(d.rd, 0);
    rv_decode(enc_b(-4096, 2, 1, 1), 0, &d);
    CHECK_EQ_U32((uint32_t)d.imm, (uint32_t)-4096);
    rv_decode(enc_j(-1048576, 0), 0, &d);
    CHECK_EQ_U32((uint32_t)d.imm, (uint32_t)-1048576);
    rv_decode(enc_j(1048574, 0), 0, &d);
    CHECK_EQ_U32((uint32_t)d.imm, 1048574);
    rv_decode(ADDI(5, 6, -2048), 0, &d);
    CHECK_EQ_U32((uint32_t)d.imm, (uint32_t)-2048);
    CHECK_EQ_U32(d.rs2, 0); /* not a source: no false dependency */
}

int main(void)
{
    RUN(test_no_overlap_except_zext_h_pack);
    RUN(test_every_row_decodes_itself);
    RUN(test_disasm_syntax);
    RUN(test_illegal_words);
    RUN(test_ttinsn_rotation);
    RUN(test_fields);
    return check_failures();
}
