// SPDX-License-Identifier: Apache-2.0
/* RISC-V core timing: cycle counts computed by hand from the rules in rv_core.h (issue at
 * max(cycle, operands ready); mul 2; div 2 or max(6, 1 + dividend bits) up to 33; mispredict
 * +mispredict_cycles; I-cache miss +latency; loads local_load_cycles or the bus's figure),
 * never read back from the model. Every test also checks cycles = instret + stalls. */
#include <string.h>
#include "tests/unit/riscv/rv_tb.h"

static void check_identity(const RvCore *c)
{
    const RvStats *s = rv_core_stats(c);
    uint64_t sum = s->instret;
    for (uint32_t i = 0; i < RV_STALLS; i++)
        sum += s->stall[i];
    CHECK_EQ_U64(s->cycles_run, sum);
}

static Tb *tb_fast(void)
{
    Tb *t = tb_new();
    t->fetch_lat = 0; /* I-cache misses cost nothing unless a test says so */
    return t;
}

static uint64_t run_cycles(Tb *t, const uint32_t *p, uint32_t n)
{
    tb_load(t, p, n);
    uint64_t before = rv_core_stats(t->c)->cycles_run;
    CHECK_EQ_U32(tb_run(t), RV_RUN_STOPPED);
    CHECK_EQ_U32(rv_core_stop(t->c), RV_STOP_EBREAK);
    check_identity(t->c);
    CHECK_EQ_U64(rv_core_stats(t->c)->cycles_run - before, rv_core_cycle(t->c));
    return rv_core_cycle(t->c);
}

static void test_alu_block(void)
{
    Tb *t = tb_fast();
    uint32_t p[16];
    for (uint32_t i = 0; i < 16; i++)
        p[i] = ADDI(5 + i % 8, 5 + (i + 3) % 8, 1); /* dependent chains: ALU results next cycle */
    CHECK_EQ_U64(run_cycles(t, p, 16), 16);
    CHECK_EQ_U64(rv_core_stats(t->c)->instret, 16);
    tb_free(t);
}

static void test_load_mul_use(void)
{
    Tb *t = tb_fast();
    uint32_t p[] = {LW(10, 0, 0x400), ADD(11, 10, 10)};
    CHECK_EQ_U64(run_cycles(t, p, 2), 2 + 1); /* lw at 0, add at 2 */
    CHECK_EQ_U64(rv_core_stats(t->c)->stall[RV_STALL_LOAD_LOCAL], 1);
    uint32_t q[] = {LW(10, 0, 0x400), ADDI(12, 0, 1), ADD(11, 10, 10)};
    CHECK_EQ_U64(run_cycles(t, q, 3), 3); /* one independent instruction hides it */
    uint32_t m[] = {MUL(10, 11, 12), ADD(13, 10, 10)};
    uint64_t st = rv_core_stats(t->c)->stall[RV_STALL_MULDIV];
    CHECK_EQ_U64(run_cycles(t, m, 2), 2 + 1);
    CHECK_EQ_U64(rv_core_stats(t->c)->stall[RV_STALL_MULDIV] - st, 1);
    tb_free(t);
}

static uint64_t div_run(Tb *t, uint32_t insn, uint32_t a, uint32_t b)
{
    tb_load(t, &insn, 1);
    rv_core_set_reg(t->c, 11, a);
    rv_core_set_reg(t->c, 12, b);
    tb_run(t);
    check_identity(t->c);
    return rv_core_cycle(t->c);
}

static void test_div_cycles(void)
{
    Tb *t = tb_fast();
    const uint32_t div = enc_r(1, 12, 11, 4, 10, 0x33), divu = enc_r(1, 12, 11, 5, 10, 0x33);
    CHECK_EQ_U64(div_run(t, div, 100, 0), 2);                   /* by zero */
    CHECK_EQ_U64(div_run(t, div, 100, 1), 2);                   /* by one */
    CHECK_EQ_U64(div_run(t, div, 0x80000000u, 0xffffffffu), 2); /* INT_MIN / -1 */
    CHECK_EQ_U64(div_run(t, div, 0, 3), 6);                     /* max(6, 1 + 0) */
    CHECK_EQ_U64(div_run(t, div, 1, 3), 6);                     /* max(6, 1 + 1) */
    CHECK_EQ_U64(div_run(t, div, 100, 3), 1 + 7);               /* 100 has 7 bits */
    CHECK_EQ_U64(div_run(t, div, (uint32_t)-100, 3), 1 + 7);    /* magnitude */
    CHECK_EQ_U64(div_run(t, div, 0x7fffffffu, 3), 1 + 31);
    CHECK_EQ_U64(div_run(t, div, 0x80000000u, 3), 33); /* 2^31: 32 bits */
    CHECK_EQ_U64(div_run(t, divu, 0xffffffffu, 3), 33);
    /* the quotient is usable right after: div, add = occupancy + 1 */
    uint32_t p[] = {div, ADD(13, 10, 10)};
    tb_load(t, p, 2);
    rv_core_set_reg(t->c, 11, 100);
    rv_core_set_reg(t->c, 12, 3);
    tb_run(t);
    CHECK_EQ_U64(rv_core_cycle(t->c), 8 + 1);
    CHECK_EQ_U32(rv_core_reg(t->c, 13), 66);
    tb_free(t);
}

static void test_mispredicts(void)
{
    static const uint64_t fwd[3] = {5, 5, 5};     /* beq x0,x0,+8: taken, forward */
    static const uint64_t loop[3] = {14, 10, 14}; /* 3 iterations: T, T, N */
    for (uint32_t bp = 0; bp < 3; bp++) {
        RvConfig cfg = rv_config_default();
        cfg.branch_predictor = bp;
        Tb *t = tb_new_cfg(&cfg);
        t->fetch_lat = 0;
        uint32_t p[] = {enc_b(8, 0, 0, 0), NOP};
        CHECK_EQ_U64(run_cycles(t, p, 2), fwd[bp]);
        /* 0: addi a0,a0,-1 ; 4: bnez a0,-4 */
        uint32_t q[] = {ADDI(10, 10, -1), enc_b(-4, 0, 10, 1)};
        tb_load(t, q, 2);
        rv_core_set_reg(t->c, 10, 3);
        tb_run(t);
        CHECK_EQ_U64(rv_core_cycle(t->c), loop[bp]);
        check_identity(t->c);
        tb_free(t);
    }
    /* cfg0.DisBp turns BTFN off: the backward loop then mispredicts twice */
    Tb *t = tb_fast();
    uint32_t q[] = {enc_i(0x7c0, 2, 6, 0, 0x73) /* csrrsi x0, cfg0, 2 */, ADDI(10, 10, -1),
                    enc_b(-4, 0, 10, 1)};
    tb_load(t, q, 3);
    rv_core_set_reg(t->c, 10, 3);
    tb_run(t);
    CHECK_EQ_U64(rv_core_cycle(t->c), 1 + 14);
    /* jal never mispredicts; a return through the RAS does not; other jalr do */
    uint32_t r[] = {enc_j(8, 1),
                    enc_j(12, 0) /* 4: skip to 16 */,
                    enc_i(0, 1, 0, 0, 0x67),
                    NOP,
                    enc_i(16, 0, 0, 5, 0x13) /* 16: addi t0, x0, 16 */,
                    enc_i(8, 5, 0, 0, 0x67) /* jalr x0, 8(t0) -> 24 */};
    /* 0 jal ra,8 -> 8: ret -> 4: jal 16 -> 16: addi -> 20: jalr (mispredicts) -> 24: ebreak */
    CHECK_EQ_U64(run_cycles(t, r, 6), 5 + 4);
    tb_free(t);
}

static void test_icache(void)
{
    Tb *t = tb_new();
    t->fetch_lat = 10;
    uint32_t p[] = {NOP, NOP, NOP, NOP};
    CHECK_EQ_U64(run_cycles(t, p, 4), 10 + 4); /* one 32-B line holds all 5 words */
    CHECK_EQ_U64(rv_core_stats(t->c)->icache_misses, 1);
    CHECK_EQ_U64(rv_core_stats(t->c)->stall[RV_STALL_FETCH], 10);
    CHECK_EQ_U32(t->log[0].kind, RV_ACC_FETCH);
    CHECK_EQ_U32(t->log[0].size, 32);
    tb_free(t);
    RvConfig cfg = rv_config_default();
    cfg.icache_bytes = 0;
    t = tb_new_cfg(&cfg);
    t->fetch_lat = 10;
    CHECK_EQ_U64(run_cycles(t, p, 4), 5 * 10 + 4); /* every fetch misses, ebreak's too */
    /* a PENDING line fetch stalls the frontend until it completes */
    t->fetch_mode = RV_MEM_PENDING;
    tb_load(t, p, 1);
    uint64_t wake;
    CHECK_EQ_U32(rv_core_run(t->c, 1000, &wake), RV_RUN_WAIT);
    CHECK_EQ_U64(wake, BH_IDLE);
    tb_complete(t, 7);
    CHECK_EQ_U32(rv_core_run(t->c, 1000, &wake), RV_RUN_WAIT); /* the ebreak's fetch */
    CHECK_EQ_U64(rv_core_cycle(t->c), 8);
    tb_complete(t, 20);
    CHECK_EQ_U32(rv_core_run(t->c, 1000, &wake), RV_RUN_STOPPED);
    CHECK_EQ_U64(rv_core_cycle(t->c), 20);
    check_identity(t->c);
    tb_free(t);
}

static void test_l1_loads(void)
{
    Tb *t = tb_fast();
    /* DONE at the bus's latency 8, then a D-cache hit on the same line at 2 */
    uint32_t p[] = {LW(10, 11, 0), ADD(12, 10, 10), LW(13, 11, 4), ADD(14, 13, 13)};
    tb_put(t->l1 + 0x100, 4, 21);
    tb_load(t, p, 4);
    rv_core_set_reg(t->c, 11, TB_L1 + 0x100);
    tb_run(t);
    CHECK_EQ_U64(rv_core_cycle(t->c), 8 + 1 + 2 + 1);
    CHECK_EQ_U32(rv_core_reg(t->c, 12), 42);
    CHECK_EQ_U64(rv_core_stats(t->c)->dcache_hits, 1);
    check_identity(t->c);
    /* PENDING: independent instructions go on, the consumer waits for completion */
    t->load_mode = RV_MEM_PENDING;
    uint32_t q[] = {LW(10, 11, 0), ADDI(15, 15, 1), ADDI(16, 16, 1), ADD(12, 10, 10)};
    tb_load(t, q, 4);
    rv_core_set_reg(t->c, 11, TB_L1 + 0x100);
    uint64_t wake;
    CHECK_EQ_U32(rv_core_run(t->c, 1000, &wake), RV_RUN_WAIT);
    CHECK_EQ_U64(wake, BH_IDLE);
    CHECK_EQ_U32(rv_core_pc(t->c), 12);
    CHECK_EQ_U64(rv_core_cycle(t->c), 3);
    CHECK_EQ_U32(t->log[1].kind, RV_ACC_LOAD); /* after the I-cache line fetch */
    CHECK_EQ_U32(t->log[1].addr, TB_L1 + 0x100);
    CHECK_EQ_U32(t->log[1].size, 16); /* the whole D-cache line */
    CHECK_EQ_U64(t->log_at[1], 0);
    tb_complete(t, 8);
    CHECK_EQ_U32(rv_core_run(t->c, 1000, &wake), RV_RUN_STOPPED);
    CHECK_EQ_U64(rv_core_cycle(t->c), 8 + 1);
    CHECK_EQ_U32(rv_core_reg(t->c, 12), 42);
    CHECK_EQ_U64(rv_core_stats(t->c)->stall[RV_STALL_LOAD], 7 + 1 + 5); /* 7 + 1: the first part */
    check_identity(t->c);
    tb_free(t);
}

static uint32_t count_stores(const Tb *t)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < t->nlog; i++)
        n += t->log[i].kind == RV_ACC_STORE;
    return n;
}

static void test_store_queue(void)
{
    Tb *t = tb_fast();
    uint32_t p[] = {SW(12, 11, 0), SW(12, 11, 4), SW(12, 11, 8), SW(12, 11, 12)};
    tb_load(t, p, 4);
    rv_core_set_reg(t->c, 11, TB_L1 + 0x200);
    rv_core_set_reg(t->c, 12, 0x01020304u);
    tb_run(t);
    CHECK_EQ_U64(rv_core_cycle(t->c), 4);
    CHECK_EQ_U32(count_stores(t), 1);
    const RvMemReq *s = NULL;
    for (uint32_t i = 0; i < t->nlog; i++)
        if (t->log[i].kind == RV_ACC_STORE)
            s = &t->log[i];
    CHECK(s && s->addr == TB_L1 + 0x200 && s->size == 16 && s->mask == 0xffff);
    CHECK_EQ_U32(tb_get(t->l1 + 0x20c), 0x01020304u);
    /* start addresses 8 apart do not merge */
    uint32_t q[] = {SW(12, 11, 0), SW(12, 11, 8)};
    tb_load(t, q, 2);
    rv_core_set_reg(t->c, 11, TB_L1 + 0x300);
    tb_run(t);
    CHECK_EQ_U32(count_stores(t), 2);
    CHECK_EQ_U32(t->log[1].mask, 0x000f);
    CHECK_EQ_U32(t->log[2].mask, 0x0f00);
    /* the merge timer (cfg0.StMergeTimer = 16) sends an entry 16 cycles after its store */
    uint32_t r[24] = {SW(12, 11, 0)};
    for (uint32_t i = 1; i < 24; i++)
        r[i] = NOP;
    tb_load(t, r, 24);
    rv_core_set_reg(t->c, 11, TB_L1 + 0x400);
    tb_run(t);
    CHECK_EQ_U32(count_stores(t), 1);
    for (uint32_t i = 0; i < t->nlog; i++)
        if (t->log[i].kind == RV_ACC_STORE)
            CHECK_EQ_U64(t->log_at[i], 16);
    /* a loop storing to one word: a store to a byte the open entry already holds sends the
     * entry first, so every value reaches the bus, in order, and the first one before the
     * second store issues (2 cycles later); only the last waits for the timer */
    uint32_t w[64];
    for (uint32_t i = 0; i < 64; i += 2)
        w[i] = SW(12, 11, 0), w[i + 1] = ADDI(12, 12, 1);
    tb_load(t, w, 64);
    rv_core_set_reg(t->c, 11, TB_L1 + 0x480);
    rv_core_set_reg(t->c, 12, 0);
    tb_run(t);
    uint32_t sent = 0;
    for (uint32_t i = 0; i < t->nlog; i++)
        if (t->log[i].kind == RV_ACC_STORE && t->log[i].addr == TB_L1 + 0x480) {
            if (sent == 0)
                CHECK_EQ_U64(t->log_at[i], 2);
            sent++;
        }
    CHECK_EQ_U32(sent, 32);
    CHECK_EQ_U32(tb_get(t->l1 + 0x480), 31);
    /* a load overlapping the open entry drains it first */
    uint32_t u[] = {SW(12, 11, 0), LW(13, 11, 0)};
    tb_load(t, u, 2);
    rv_core_set_reg(t->c, 11, TB_L1 + 0x500);
    rv_core_set_reg(t->c, 12, 0x01020304u);
    tb_run(t);
    CHECK_EQ_U32(t->log[1].kind, RV_ACC_STORE);
    CHECK_EQ_U32(t->log[2].kind, RV_ACC_LOAD);
    CHECK_EQ_U32(rv_core_reg(t->c, 13), 0x01020304u);
    check_identity(t->c);
    tb_free(t);
}

static void test_later_reexecutes(void)
{
    Tb *t = tb_fast();
    t->later_until = 50;
    uint32_t p[] = {LW(10, 11, 0), ADD(12, 10, 10)};
    tb_put(t->l1 + 0x100, 4, 5);
    tb_load(t, p, 2);
    rv_core_set_reg(t->c, 11, TB_L1 + 0x100);
    uint64_t wake;
    CHECK_EQ_U32(rv_core_run(t->c, 1000, &wake), RV_RUN_WAIT);
    CHECK_EQ_U64(wake, 50);
    CHECK_EQ_U32(rv_core_pc(t->c), 0);
    CHECK_EQ_U64(rv_core_cycle(t->c), 0);
    CHECK_EQ_U32(rv_core_run(t->c, 1000, &wake), RV_RUN_STOPPED);
    CHECK_EQ_U64(t->log_at[t->nlog - 1], 50);
    CHECK_EQ_U64(rv_core_cycle(t->c), 50 + 8 + 1);
    CHECK_EQ_U32(rv_core_reg(t->c, 12), 10);
    CHECK_EQ_U64(rv_core_stats(t->c)->stall[RV_STALL_FIFO], 50);
    check_identity(t->c);
    /* run(until) stops at `until` and resumes there */
    t->later_until = 0;
    uint32_t q[8];
    for (uint32_t i = 0; i < 8; i++)
        q[i] = NOP;
    tb_load(t, q, 8);
    CHECK_EQ_U32(rv_core_run(t->c, 3, &wake), RV_RUN_UNTIL);
    CHECK_EQ_U64(rv_core_cycle(t->c), 3);
    CHECK_EQ_U32(rv_core_run(t->c, 100, &wake), RV_RUN_STOPPED);
    CHECK_EQ_U64(rv_core_cycle(t->c), 8);
    tb_free(t);
}

static void test_config_check(void)
{
    char why[160];
    RvConfig d = rv_config_default();
    CHECK_OK(rv_config_check(&d, why, sizeof why));
#define RV_X_TRY(name, def, lo, hi, doc)                                                           \
    {                                                                                              \
        RvConfig c = d;                                                                            \
        c.name = (uint32_t)(hi) + 1;                                                               \
        CHECK_EQ_U32(rv_config_check(&c, why, sizeof why), BH_ERR_CONFIG);                         \
        CHECK(strstr(why, #name) != NULL);                                                         \
    }
    RV_PARAMS(RV_X_TRY)
#undef RV_X_TRY
    d.icache_line_bytes = 24;
    CHECK_EQ_U32(rv_config_check(&d, why, sizeof why), BH_ERR_CONFIG);
}

int main(void)
{
    RUN(test_alu_block);
    RUN(test_load_mul_use);
    RUN(test_div_cycles);
    RUN(test_mispredicts);
    RUN(test_icache);
    RUN(test_l1_loads);
    RUN(test_store_queue);
    RUN(test_later_reexecutes);
    RUN(test_config_check);
    return check_failures();
}
