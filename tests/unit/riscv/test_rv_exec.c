// SPDX-License-Identifier: Apache-2.0
/* RISC-V core semantics: each instruction on hand-picked operands, expected values computed
 * here by plain C reasoning (RISC-V rules: div by zero -> -1, rem -> dividend, INT_MIN / -1);
 * loads and stores through the fast region and the bus "L1", AMOs, CSRs, and the stops. */
#include <limits.h>
#include <string.h>
#include "tests/unit/riscv/rv_tb.h"

/* Runs `insn` (rd = a0, rs1 = a1, rs2 = a2) with a1 = a, a2 = b; returns a0. */
static uint32_t op1(Tb *t, uint32_t insn, uint32_t a, uint32_t b)
{
    tb_load(t, &insn, 1);
    rv_core_set_reg(t->c, 11, a);
    rv_core_set_reg(t->c, 12, b);
    CHECK_EQ_U32(tb_run(t), RV_RUN_STOPPED);
    CHECK_EQ_U32(rv_core_stop(t->c), RV_STOP_EBREAK);
    return rv_core_reg(t->c, 10);
}
#define R(f7, f3) enc_r(f7, 12, 11, f3, 10, 0x33)
#define R1(imm12, f3) enc_i(imm12, 11, f3, 10, 0x13)

static void test_alu_and_m(void)
{
    Tb *t = tb_new();
    const uint32_t m = 0x80000000u, n1 = 0xffffffffu;
    CHECK_EQ_U32(op1(t, R(0, 0), 5, n1), 4);              /* add */
    CHECK_EQ_U32(op1(t, R(0x20, 0), 5, 7), (uint32_t)-2); /* sub */
    CHECK_EQ_U32(op1(t, R(0, 1), 1, 33), 2);              /* sll: amount masked to 5 bits */
    CHECK_EQ_U32(op1(t, R(0, 5), m, 63), 1);              /* srl */
    CHECK_EQ_U32(op1(t, R(0x20, 5), m, 31), n1);          /* sra */
    CHECK_EQ_U32(op1(t, R(0, 2), n1, 0), 1);              /* slt */
    CHECK_EQ_U32(op1(t, R(0, 3), n1, 0), 0);              /* sltu */
    CHECK_EQ_U32(op1(t, R1(-1, 3), 5, 0), 1);             /* sltiu a0, a1, -1 */
    CHECK_EQ_U32(op1(t, enc_i(0x405, 11, 5, 10, 0x13), m, 0), 0xfc000000u); /* srai 5 */
    CHECK_EQ_U32(op1(t, R(1, 0), 0x10000, 0x10001), 0x10000u);              /* mul */
    CHECK_EQ_U32(op1(t, R(1, 1), n1, n1), 0);                               /* mulh -1*-1 */
    CHECK_EQ_U32(op1(t, R(1, 1), m, m), 0x40000000u);                       /* mulh */
    CHECK_EQ_U32(op1(t, R(1, 2), n1, n1), n1);                    /* mulhsu -1 * (2^32-1) */
    CHECK_EQ_U32(op1(t, R(1, 3), n1, n1), 0xfffffffeu);           /* mulhu */
    CHECK_EQ_U32(op1(t, R(1, 4), 7, 0), n1);                      /* div by zero */
    CHECK_EQ_U32(op1(t, R(1, 5), 7, 0), n1);                      /* divu by zero */
    CHECK_EQ_U32(op1(t, R(1, 6), 7, 0), 7);                       /* rem by zero: dividend */
    CHECK_EQ_U32(op1(t, R(1, 7), 7, 0), 7);                       /* remu by zero */
    CHECK_EQ_U32(op1(t, R(1, 4), m, n1), m);                      /* INT_MIN / -1 */
    CHECK_EQ_U32(op1(t, R(1, 6), m, n1), 0);                      /* INT_MIN % -1 */
    CHECK_EQ_U32(op1(t, R(1, 4), (uint32_t)-7, 2), (uint32_t)-3); /* truncates */
    CHECK_EQ_U32(op1(t, R(1, 6), (uint32_t)-7, 2), (uint32_t)-1);
    CHECK_EQ_U32(op1(t, R(1, 5), n1, 2), 0x7fffffffu);
    /* writes to x0 are ignored */
    uint32_t p[] = {ADDI(0, 0, 5), ADD(10, 0, 0)};
    tb_load(t, p, 2);
    tb_run(t);
    CHECK_EQ_U32(rv_core_reg(t->c, 0), 0);
    CHECK_EQ_U32(rv_core_reg(t->c, 10), 0);
    /* lui / auipc */
    uint32_t q[] = {NOP, LUI(10, 0xabcde), enc_u(0x1, 11, 0x17)};
    tb_load(t, q, 3);
    tb_run(t);
    CHECK_EQ_U32(rv_core_reg(t->c, 10), 0xabcde000u);
    CHECK_EQ_U32(rv_core_reg(t->c, 11), 0x1008u);
    tb_free(t);
}

static uint32_t ref_brev8(uint32_t v)
{
    uint32_t r = 0;
    for (int i = 0; i < 32; i++)
        if (v >> i & 1)
            r |= 1u << ((i & ~7) + 7 - (i & 7));
    return r;
}

static void test_bitmanip(void)
{
    Tb *t = tb_new();
    CHECK_EQ_U32(op1(t, R(0x10, 2), 3, 100), 106);             /* sh1add */
    CHECK_EQ_U32(op1(t, R(0x10, 4), 3, 100), 112);             /* sh2add */
    CHECK_EQ_U32(op1(t, R(0x10, 6), 3, 100), 124);             /* sh3add */
    CHECK_EQ_U32(op1(t, R(0x20, 7), 0xff, 0x0f), 0xf0);        /* andn */
    CHECK_EQ_U32(op1(t, R(0x20, 6), 0, 0xfffffff0u), 0xf);     /* orn */
    CHECK_EQ_U32(op1(t, R(0x20, 4), 0xf0, 0xff), 0xfffffff0u); /* xnor */
    CHECK_EQ_U32(op1(t, R1(0x600, 1), 0, 0), 32);              /* clz 0 */
    CHECK_EQ_U32(op1(t, R1(0x600, 1), 0x00010000, 0), 15);
    CHECK_EQ_U32(op1(t, R1(0x601, 1), 0, 0), 32); /* ctz 0 */
    CHECK_EQ_U32(op1(t, R1(0x601, 1), 0x00010000, 0), 16);
    CHECK_EQ_U32(op1(t, R1(0x602, 1), 0, 0), 0); /* cpop 0 */
    CHECK_EQ_U32(op1(t, R1(0x602, 1), 0xf0f0000fu, 0), 12);
    CHECK_EQ_U32(op1(t, R1(0x604, 1), 0x80, 0), 0xffffff80u);                   /* sext.b */
    CHECK_EQ_U32(op1(t, R1(0x605, 1), 0x18000, 0), 0xffff8000u);                /* sext.h */
    CHECK_EQ_U32(op1(t, enc_r(4, 0, 11, 4, 10, 0x33), 0x12345678u, 0), 0x5678); /* zext.h */
    CHECK_EQ_U32(op1(t, R(5, 6), (uint32_t)-1, 1), 1);                          /* max */
    CHECK_EQ_U32(op1(t, R(5, 7), (uint32_t)-1, 1), (uint32_t)-1);               /* maxu */
    CHECK_EQ_U32(op1(t, R(5, 4), (uint32_t)-1, 1), (uint32_t)-1);               /* min */
    CHECK_EQ_U32(op1(t, R(5, 5), (uint32_t)-1, 1), 1);                          /* minu */
    CHECK_EQ_U32(op1(t, R(0x30, 1), 0x80000001u, 33), 3);            /* rol by 33 = by 1 */
    CHECK_EQ_U32(op1(t, R(0x30, 5), 3, 1), 0x80000001u);             /* ror */
    CHECK_EQ_U32(op1(t, R(0x30, 5), 3, 0), 3);                       /* ror by 0 */
    CHECK_EQ_U32(op1(t, R1(0x604, 5), 0xf, 0), 0xf0000000u);         /* rori 4 */
    CHECK_EQ_U32(op1(t, R1(0x287, 5), 0x00120300u, 0), 0x00ffff00u); /* orc.b */
    CHECK_EQ_U32(op1(t, R1(0x698, 5), 0x11223344u, 0), 0x44332211u); /* rev8 */
    CHECK_EQ_U32(op1(t, R1(0x687, 5), 0x0180f001u, 0), ref_brev8(0x0180f001u)); /* brev8 */
    CHECK_EQ_U32(op1(t, R(4, 4), 0xaaaa1234u, 0xbbbb5678u), 0x56781234u);       /* pack */
    CHECK_EQ_U32(op1(t, R(4, 7), 0xaaaa1234u, 0xbbbb5678u), 0x7834u);           /* packh */
    tb_free(t);
}

static void test_branches_and_jumps(void)
{
    Tb *t = tb_new();
    /* 0: beq a1,a2,+8 ; 4: addi a0,a0,1 ; 8: addi a0,a0,2 ; 12: jal ra,+8 ; 16: addi a0,a0,4 ;
     * 20: jalr x0, 8(ra) -> 24 ; 24: ebreak */
    uint32_t p[] = {enc_b(8, 12, 11, 0), ADDI(10, 10, 1), ADDI(10, 10, 2),
                    enc_j(8, 1),         ADDI(10, 10, 4), enc_i(8, 1, 0, 0, 0x67)};
    tb_load(t, p, 6);
    rv_core_set_reg(t->c, 11, 3);
    rv_core_set_reg(t->c, 12, 3);
    tb_run(t);
    CHECK_EQ_U32(rv_core_stop(t->c), RV_STOP_EBREAK);
    CHECK_EQ_U32(rv_core_reg(t->c, 10), 2);
    CHECK_EQ_U32(rv_core_reg(t->c, 1), 16);
    CHECK_EQ_U32(rv_core_pc(t->c), 24);
    /* blt / bgeu signedness */
    uint32_t q[] = {enc_b(8, 12, 11, 4), ADDI(10, 0, 1), enc_b(8, 12, 11, 7), ADDI(13, 0, 1)};
    tb_load(t, q, 4);
    rv_core_set_reg(t->c, 11, (uint32_t)-1);
    rv_core_set_reg(t->c, 12, 1);
    tb_run(t);
    CHECK_EQ_U32(rv_core_reg(t->c, 10), 0); /* -1 < 1 signed: taken over the addi */
    CHECK_EQ_U32(rv_core_reg(t->c, 13), 0); /* 0xffffffff >= 1 unsigned: taken */
    tb_free(t);
}

static void test_loads_stores(void)
{
    Tb *t = tb_new();
    /* fast region: a1 = 0x800 */
    uint32_t p[] = {SW(12, 11, 0),
                    enc_i(0, 11, 0, 10, 0x03), /* lb a0, 0(a1) */
                    enc_i(0, 11, 4, 13, 0x03), /* lbu a3 */
                    enc_i(2, 11, 1, 14, 0x03), /* lh a4, 2(a1) */
                    enc_i(2, 11, 5, 15, 0x03), /* lhu a5 */
                    enc_s(5, 12, 11, 0),       /* sb a2, 5(a1) */
                    enc_s(6, 12, 11, 1),       /* sh a2, 6(a1) */
                    LW(16, 11, 4)};
    tb_load(t, p, 8);
    rv_core_set_reg(t->c, 11, 0x800);
    rv_core_set_reg(t->c, 12, 0x8081f0f0u);
    tb_run(t);
    CHECK_EQ_U32(rv_core_stop(t->c), RV_STOP_EBREAK);
    CHECK_EQ_U32(rv_core_reg(t->c, 10), 0xfffffff0u);
    CHECK_EQ_U32(rv_core_reg(t->c, 13), 0xf0u);
    CHECK_EQ_U32(rv_core_reg(t->c, 14), 0xffff8081u);
    CHECK_EQ_U32(rv_core_reg(t->c, 15), 0x8081u);
    CHECK_EQ_U32(rv_core_reg(t->c, 16), 0xf0f0f000u);
    /* the same through the bus L1 (D-cache on, store queue) */
    tb_load(t, p, 8);
    rv_core_set_reg(t->c, 11, TB_L1 + 0x800);
    rv_core_set_reg(t->c, 12, 0x8081f0f0u);
    tb_run(t);
    CHECK_EQ_U32(rv_core_stop(t->c), RV_STOP_EBREAK);
    CHECK_EQ_U32(rv_core_reg(t->c, 10), 0xfffffff0u);
    CHECK_EQ_U32(rv_core_reg(t->c, 14), 0xffff8081u);
    CHECK_EQ_U32(rv_core_reg(t->c, 16), 0xf0f0f000u);
    /* .ttinsn pushes through the bus as a 4-byte store of the rotated word */
    uint32_t tt = 0x12345678u << 2 | 0x12345678u >> 30;
    tb_load(t, &tt, 1);
    t->nlog = 0;
    tb_run(t);
    CHECK_EQ_U32(rv_core_stop(t->c), RV_STOP_EBREAK);
    int found = 0;
    for (uint32_t i = 0; i < t->nlog; i++)
        if (t->log[i].kind == RV_ACC_STORE && t->log[i].addr == RV_TTINSN_ADDR) {
            found = 1;
            CHECK_EQ_U32(t->log[i].size, 4);
            CHECK_EQ_U32(t->log[i].mask, 0xf);
            CHECK_EQ_U32(tb_get(t->log[i].wdata), 0x12345678u);
        }
    CHECK(found);
    tb_free(t);
}

static void test_amo(void)
{
    Tb *t = tb_new();
    static const struct {
        uint32_t f5;
        uint32_t mem, b, want;
    } cases[] = {
        {0x00, 5, 7, 12},
        {0x01, 5, 7, 7},
        {0x04, 5, 6, 3},
        {0x08, 5, 2, 7},
        {0x0c, 5, 6, 4},
        {0x10, (uint32_t)-5, 7, (uint32_t)-5},
        {0x14, (uint32_t)-5, 7, 7},
        {0x18, (uint32_t)-5, 7, 7},
        {0x1c, (uint32_t)-5, 7, (uint32_t)-5},
    };
    for (uint32_t i = 0; i < 9; i++) {
        uint32_t insn = enc_r(cases[i].f5 << 2 | 3 /* aq rl: ignored */, 12, 11, 2, 10, 0x2f);
        tb_put(t->l1 + 0x40, 4, cases[i].mem);
        uint32_t old = op1(t, insn, TB_L1 + 0x40, cases[i].b);
        CHECK_EQ_U32(old, cases[i].mem);
        CHECK_EQ_U32(tb_get(t->l1 + 0x40), cases[i].want);
    }
    /* outside L1: a fault */
    uint32_t insn = enc_r(0, 12, 11, 2, 10, 0x2f);
    tb_load(t, &insn, 1);
    rv_core_set_reg(t->c, 11, 0x800);
    CHECK_EQ_U32(tb_run(t), RV_RUN_STOPPED);
    CHECK_EQ_U32(rv_core_stop(t->c), RV_STOP_FAULT);
    CHECK(strstr(rv_core_why(t->c), "atomic outside L1") != NULL);
    tb_free(t);
}

#define CSRR(rd, csr) enc_i(csr, 0, 2, rd, 0x73)
#define CSRW(csr, rs) enc_i(csr, rs, 1, 0, 0x73)

static void test_csrs(void)
{
    Tb *t = tb_new();
    uint32_t p[] = {CSRR(10, 0x301),
                    CSRR(11, 0x300),
                    CSRR(12, 0xf14),
                    CSRR(13, 0x7c0),
                    CSRW(0x301, 5),
                    CSRR(14, 0x301),
                    CSRR(15, 0xc22),
                    CSRR(16, 0xbc0),
                    CSRW(0x7c3, 5),
                    CSRR(17, 0x7c3),
                    enc_i(0x7c3, 1, 7, 18, 0x73) /* csrrci */,
                    CSRR(19, 0x7c3),
                    CSRR(20, 0xb03)};
    tb_load(t, p, 13);
    rv_core_set_reg(t->c, 5, 0xdeadbeefu);
    tb_run(t);
    CHECK_EQ_U32(rv_core_stop(t->c), RV_STOP_EBREAK);
    CHECK_EQ_U32(rv_core_reg(t->c, 10), RV_MISA);
    CHECK_EQ_U32(rv_core_reg(t->c, 11), RV_MSTATUS);
    CHECK_EQ_U32(rv_core_reg(t->c, 12), 0);
    CHECK_EQ_U32(rv_core_reg(t->c, 13), 16u << 13);
    CHECK_EQ_U32(rv_core_reg(t->c, 14), RV_MISA); /* write ignored */
    CHECK_EQ_U32(rv_core_reg(t->c, 15), 16);
    CHECK_EQ_U32(rv_core_reg(t->c, 16), 0xc5000bc0u); /* answered by the bus */
    CHECK_EQ_U32(rv_core_reg(t->c, 17), 0xdeadbeefu);
    CHECK_EQ_U32(rv_core_reg(t->c, 18), 0xdeadbeefu);
    CHECK_EQ_U32(rv_core_reg(t->c, 19), 0xdeadbeeeu);
    CHECK_EQ_U32(rv_core_reg(t->c, 20), 0);
    /* instret / minstret alias and write; cycle counts issue cycles */
    uint32_t q[] = {NOP,
                    NOP,
                    CSRR(10, 0xc02),
                    CSRW(0xb02, 5),
                    CSRR(11, 0xb02),
                    CSRR(12, 0xb00),
                    CSRR(13, 0xc00)};
    tb_load(t, q, 7);
    rv_core_set_reg(t->c, 5, 100);
    tb_run(t);
    CHECK_EQ_U32(rv_core_reg(t->c, 10), 2);
    CHECK_EQ_U32(rv_core_reg(t->c, 11), 100);
    CHECK_EQ_U32(rv_core_reg(t->c, 13), rv_core_reg(t->c, 12) + 1);
    /* an unlisted CSR (mtvec, mscratch) is illegal and named */
    uint32_t r[] = {CSRR(10, 0x305)};
    tb_load(t, r, 1);
    tb_run(t);
    CHECK_EQ_U32(rv_core_stop(t->c), RV_STOP_ILLEGAL);
    CHECK(strstr(rv_core_why(t->c), "0x305") != NULL);
    tb_free(t);
}

static void test_stops(void)
{
    Tb *t = tb_new();
    uint32_t w;
    w = 0x00000073u; /* ecall */
    tb_load(t, &w, 1);
    tb_run(t);
    CHECK_EQ_U32(rv_core_stop(t->c), RV_STOP_ECALL);
    w = 0x1005252fu; /* lr.w */
    tb_load(t, &w, 1);
    tb_run(t);
    CHECK_EQ_U32(rv_core_stop(t->c), RV_STOP_ILLEGAL);
    CHECK_EQ_U32(rv_core_pc(t->c), 0);
    w = 0x0005a507u; /* flw */
    tb_load(t, &w, 1);
    tb_run(t);
    CHECK_EQ_U32(rv_core_stop(t->c), RV_STOP_UNIMP);
    CHECK(strstr(rv_core_why(t->c), "flw") != NULL);
    w = 0x00b50553u; /* fadd.s */
    tb_load(t, &w, 1);
    tb_run(t);
    CHECK(strstr(rv_core_why(t->c), "fadd.s") != NULL);
    w = 0x30200073u; /* mret */
    tb_load(t, &w, 1);
    tb_run(t);
    CHECK_EQ_U32(rv_core_stop(t->c), RV_STOP_UNIMP);
    w = LW(10, 11, 2); /* misaligned */
    tb_load(t, &w, 1);
    rv_core_set_reg(t->c, 11, 0x800);
    tb_run(t);
    CHECK_EQ_U32(rv_core_stop(t->c), RV_STOP_FAULT);
    CHECK(strstr(rv_core_why(t->c), "misaligned") != NULL);
    w = enc_i(0, 11, 0, 0, 0x67); /* jalr x0, 0(a1): outside the fetch region */
    tb_load(t, &w, 1);
    rv_core_set_reg(t->c, 11, 0x40000000u);
    tb_run(t);
    CHECK_EQ_U32(rv_core_stop(t->c), RV_STOP_FAULT);
    CHECK(strstr(rv_core_why(t->c), "fetch outside L1") != NULL);
    CHECK_EQ_U32(rv_core_pc(t->c), 0x40000000u);
    w = LW(10, 11, 0); /* bus fault */
    tb_load(t, &w, 1);
    rv_core_set_reg(t->c, 11, 0x50000000u);
    tb_run(t);
    CHECK_EQ_U32(rv_core_stop(t->c), RV_STOP_FAULT);
    CHECK(strstr(rv_core_why(t->c), "unmapped") != NULL);
    /* a stopped core stays stopped */
    uint64_t wake;
    CHECK_EQ_U32(rv_core_run(t->c, 1000, &wake), RV_RUN_STOPPED);
    tb_free(t);
}

/* Random words and random registers: the core must stop or run, never crash. */
static void test_random_words_never_crash(void)
{
    Tb *t = tb_new();
    uint32_t s = 12345;
    for (int round = 0; round < 300; round++) {
        uint32_t w[64];
        for (int i = 0; i < 64; i++) {
            s = s * 1664525u + 1013904223u;
            w[i] = s | ((s >> 7) & 1 ? 3u : 0u);
        }
        tb_load(t, w, 64);
        for (uint32_t r = 1; r < 32; r++) {
            s = s * 1664525u + 1013904223u;
            rv_core_set_reg(t->c, r, (s & 1) ? TB_L1 + (s & 0xfffc) : s);
        }
        uint64_t wake;
        for (int k = 0; k < 20 && rv_core_stop(t->c) == RV_RUNNING; k++)
            if (rv_core_run(t->c, rv_core_cycle(t->c) + 1000, &wake) == RV_RUN_WAIT &&
                wake == BH_IDLE)
                break;
    }
    tb_free(t);
}

int main(void)
{
    RUN(test_alu_and_m);
    RUN(test_bitmanip);
    RUN(test_branches_and_jumps);
    RUN(test_loads_stores);
    RUN(test_amo);
    RUN(test_csrs);
    RUN(test_stops);
    RUN(test_random_words_never_crash);
    return check_failures();
}
