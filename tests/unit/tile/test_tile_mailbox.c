/* tests/unit/tile/test_tile_mailbox.c - the mailboxes through the tile module and real cores,
 * without SystemC: BRISC and TRISC0 exchange values; a reader that finds its mailbox empty and
 * a writer that finds its budget full both sleep, and the other core's access wakes them
 * (with and without a coprocessor on the tile), without the tile stepping each cycle of the
 * wait; a status read; NCRISC and byte accesses stop the core with a guest error. */
#include <stdlib.h>
#include <string.h>
#include "model/tile/tensix_tile.h"
#include "tests/unit/riscv/rv_tb.h"
#include "tests/test_log.h"

#define B_PROG 0x0u     /* BRISC starts at 0 */
#define T0_PROG 0x1000u /* TRISC0 through its reset PC override */
#define NC_PROG 0x2000u
#define A0 10
#define A1 11
#define A2 12
#define A3 13
#define S0 8
#define S1 9
#define S2 18
#define BNE(a, b, off) enc_b(off, b, a, 1)
#define BLT(a, b, off) enc_b(off, b, a, 4)
#define LB(rd, rs, imm) enc_i(imm, rs, 0, rd, 0x03)
#define CSRR_CYCLE(rd) (0xC0002073u | (rd) << 7)
#define MBOX(i) (0xFFEC0u + (i)) /* lui immediate of MAILBOXi (B, T0, T1, T2) */
#define DELAY 2000 /* iterations of a 2-instruction loop (private work); an addi immediate */

static void done_nothing(void *ctx, const L1Done *d)
{
    (void)ctx, (void)d;
}

static void write_reg(TensixTile *t, uint32_t reg, uint32_t v)
{
    CHECK_OK(tensix_tile_debug(t, TILE_BRISC, 0xFFB12000u + tile_reg_offset(reg), 4, 1, &v, 0));
}

static TensixTile *tile_new(int coprocessor)
{
    TensixTile *t = calloc(1, sizeof *t);
    char why[256];
    L1Config l1 = l1_config_default();
    CHECK_OK(tensix_tile_init(t, &l1, done_nothing, NULL, &test_log, why, sizeof why));
    if (coprocessor) {
        TensixCoreConfig cc = tensix_core_config_default();
        CHECK_OK(tensix_tile_enable_coprocessor(t, &cc, 100000));
    }
    RvConfig rc = rv_config_default();
    CHECK_OK(tensix_tile_enable_cores(t, &rc, NULL, NULL, why, sizeof why));
    snprintf(t->name, sizeof t->name, "tile (test)");
    return t;
}

static void tile_free(TensixTile *t)
{
    tensix_tile_destroy(t);
    free(t);
}

static void load(TensixTile *t, uint32_t at, const uint32_t *prog, size_t bytes)
{
    CHECK_OK(l1_debug_write(&t->l1, at, prog, (uint32_t)bytes));
}

/* releases the cores in `mask` (TileCore bits) and steps the tile until all of them stopped or
 * nothing is left to do; returns the number of tensix_tile_step calls, the last cycle in *end */
static uint32_t run(TensixTile *t, uint32_t mask, uint64_t *end)
{
    write_reg(t, TILE_R_TRISC0_RESET_PC, T0_PROG);
    write_reg(t, TILE_R_TRISC_RESET_PC_OVERRIDE, 1);
    write_reg(t, TILE_R_NCRISC_RESET_PC, NC_PROG);
    write_reg(t, TILE_R_NCRISC_RESET_PC_OVERRIDE, 1);
    uint32_t soft = tile_reg_reset_value(TILE_R_SOFT_RESET_0);
    for (uint32_t c = 0; c < TILE_CORES; c++)
        if (mask & 1u << c)
            soft &= ~(1u << tile_core_reset_bit(c));
    write_reg(t, TILE_R_SOFT_RESET_0, soft);
    uint64_t now = 0;
    uint32_t steps = 0;
    for (; steps < 100000; steps++) {
        int all = 1;
        for (uint32_t c = 0; c < TILE_CORES; c++)
            if (mask & 1u << c && !t->cores[c].stopped)
                all = 0;
        if (all)
            break;
        const uint64_t next = tensix_tile_step(t, now);
        if (next == BH_IDLE)
            break;
        now = next;
    }
    *end = now;
    return steps;
}

/* B: private work for DELAY iterations, then pushes 1234 and 1321 to T0 and reads the cycle.
 * T0: pops two values from B at once (the first waits), adds them, reads the cycle. */
static void test_reader_waits(int coprocessor)
{
    TensixTile *t = tile_new(coprocessor);
    const uint32_t b[] = {ADDI(S1, 0, DELAY), ADDI(S1, S1, -1),
                          BNE(S1, 0, -4),     LUI(S0, MBOX(1)),
                          ADDI(A0, 0, 1234),  SW(A0, S0, 0),
                          ADDI(A0, 0, 1321),  SW(A0, S0, 0x40), /* any offset pushes */
                          CSRR_CYCLE(A3),     EBREAK};
    const uint32_t t0[] = {LUI(S0, MBOX(0)), LW(A0, S0, 0),  LW(A1, S0, 0),
                           ADD(A2, A0, A1),  CSRR_CYCLE(A3), EBREAK};
    load(t, B_PROG, b, sizeof b);
    load(t, T0_PROG, t0, sizeof t0);
    uint64_t end;
    const uint32_t steps = run(t, 1u << TILE_BRISC | 1u << TILE_TRISC0, &end);
    CHECK(!t->failed);
    if (t->failed)
        fprintf(stderr, "%s\n", t->error);
    RvCore *rb = t->cores[TILE_BRISC].rv, *rt = t->cores[TILE_TRISC0].rv;
    CHECK(t->cores[TILE_TRISC0].stopped && t->cores[TILE_BRISC].stopped);
    CHECK_EQ_U32(rv_core_reg(rt, A0), 1234);
    CHECK_EQ_U32(rv_core_reg(rt, A1), 1321);
    CHECK_EQ_U32(rv_core_reg(rt, A2), 2555);
    /* T0 finished after B's pushes, and B's private work took thousands of cycles */
    CHECK(rv_core_reg(rb, A3) > 2 * DELAY);
    CHECK(rv_core_reg(rt, A3) > rv_core_reg(rb, A3) - 8);
    /* while T0 slept, the tile stepped a few times, not once per cycle of the wait */
    CHECK(steps < 40);
    if (steps >= 40)
        fprintf(stderr, "%u steps for %llu cycles\n", steps, (unsigned long long)end);
    CHECK_EQ_U64(t->mbox.pushes, 2);
    CHECK_EQ_U64(t->mbox.pops, 2);
    CHECK(t->mbox.pop_waits >= 1);
    CHECK(!t->cores[TILE_TRISC0].wait_mailbox && !t->cores[TILE_TRISC0].wait_coproc);
    tile_free(t);
}

static void test_reader_waits_bare(void)
{
    test_reader_waits(0);
}

static void test_reader_waits_coprocessor(void)
{
    test_reader_waits(1);
}

/* B pushes 1..8 to T0 at once: the fifth push waits for T0 (4 values per writer). T0 works
 * privately first, then pops 8 values, summing them, and polls the status word in between:
 * after the last pop it reads 0, before it 1. */
static void test_writer_waits(void)
{
    TensixTile *t = tile_new(0);
    const uint32_t b[] = {LUI(S0, MBOX(1)), ADDI(A0, 0, 1),  ADDI(A1, 0, 9), SW(A0, S0, 0),
                          ADDI(A0, A0, 1),  BLT(A0, A1, -8), CSRR_CYCLE(A3), EBREAK};
    const uint32_t t0[] = {ADDI(S1, 0, DELAY), ADDI(S1, S1, -1),
                           BNE(S1, 0, -4),     LUI(S0, MBOX(0)),
                           LW(S2, S0, 4), /* not empty: 1 */
                           ADDI(A2, 0, 0),     ADDI(S1, 0, 8),
                           LW(A0, S0, 0),      ADD(A2, A2, A0),
                           ADDI(S1, S1, -1),   BNE(S1, 0, -12),
                           LW(A1, S0, 4), /* empty: 0 */
                           CSRR_CYCLE(A3),     EBREAK};
    load(t, B_PROG, b, sizeof b);
    load(t, T0_PROG, t0, sizeof t0);
    uint64_t end;
    const uint32_t steps = run(t, 1u << TILE_BRISC | 1u << TILE_TRISC0, &end);
    CHECK(!t->failed);
    RvCore *rb = t->cores[TILE_BRISC].rv, *rt = t->cores[TILE_TRISC0].rv;
    CHECK_EQ_U32(rv_core_reg(rt, A2), 36);
    CHECK_EQ_U32(rv_core_reg(rt, S2), 1);
    CHECK_EQ_U32(rv_core_reg(rt, A1), 0);
    CHECK(rv_core_reg(rb, A3) > 2 * DELAY); /* B waited for T0's pops */
    CHECK(t->mbox.push_waits >= 1);
    CHECK(steps < 60);
    CHECK_EQ_U32(mailbox_count(&t->mbox, 0, 1), 0);
    tile_free(t);
}

/* NCRISC cannot see the mailboxes; B may not use a byte access */
static void test_guest_errors(void)
{
    TensixTile *t = tile_new(0);
    const uint32_t nc[] = {LUI(S0, MBOX(0)), LW(A0, S0, 0), EBREAK};
    load(t, NC_PROG, nc, sizeof nc);
    uint64_t end;
    run(t, 1u << TILE_NCRISC, &end);
    CHECK(t->failed && strstr(t->error, "ncrisc: ") &&
          strstr(t->error, "0xffec0000 (MAILBOX0), which ncrisc cannot see"));
    tile_free(t);
    t = tile_new(0);
    const uint32_t b[] = {LUI(S0, MBOX(2)), LB(A0, S0, 0), EBREAK};
    load(t, B_PROG, b, sizeof b);
    run(t, 1u << TILE_BRISC, &end);
    CHECK(t->failed && strstr(t->error, "MAILBOX2) takes 4-byte accesses only"));
    if (t->failed)
        fprintf(stderr, "(expected) %s\n", t->error);
    tile_free(t);
}

int main(void)
{
    RUN(test_reader_waits_bare);
    RUN(test_reader_waits_coprocessor);
    RUN(test_writer_waits);
    RUN(test_guest_errors);
    return check_failures();
}
