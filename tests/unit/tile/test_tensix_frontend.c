// SPDX-License-Identifier: Apache-2.0
/* One thread's frontend with a scripted backend: one instruction per cycle through the FIFOs,
 * the wait gate's block and condition rules, MOP expansion feeding the backend, and a stop on
 * an instruction the backend does not implement. */
#include <string.h>
#include "model/tile/tensix/tensix_frontend.h"
#include "model/tile/tensix/tensix_isa.h"
#include "tests/check.h"
#include "tests/test_log.h"

typedef struct Fake {
    uint32_t busy_until_c0; /* condition C0 (ThCon) holds before this cycle */
    uint32_t sem_ready_at;  /* SEMWAIT is over from this cycle */
    uint32_t refuse_until;  /* the unit refuses DMANOP before this cycle */
    uint64_t issued_at[64]; /* cycle of each issue */
    uint32_t issued_word[64];
    uint32_t n;
} Fake;

static int f_issue(void *ctx, uint32_t thread, uint32_t word, uint64_t now)
{
    Fake *f = ctx;
    (void)thread;
    uint32_t op = tensix_opcode(word);
    if (op == 0x2F) /* an opcode this backend has not implemented */
        return -1;
    if (op == TENSIX_OP_DMANOP && now < f->refuse_until)
        return 0;
    if (f->n < 64) {
        f->issued_at[f->n] = now;
        f->issued_word[f->n] = word;
    }
    f->n++;
    return 1;
}

static uint32_t f_busy(void *ctx, uint32_t thread, uint32_t want, uint64_t now)
{
    Fake *f = ctx;
    (void)thread;
    return (now < f->busy_until_c0 ? 0x1u : 0) & want;
}

static int f_sem_ready(void *ctx, uint32_t mask, uint32_t cond, uint64_t now)
{
    Fake *f = ctx;
    (void)mask, (void)cond;
    return now >= f->sem_ready_at;
}

static void run(TensixThread *t, const TensixBackend *be, uint64_t from, uint64_t to)
{
    for (uint64_t c = from; c < to; c++)
        tensix_thread_step(t, 0, be, c);
}

static uint32_t stallwait(uint32_t block, uint32_t cond)
{
    return TENSIX_WORD(STALLWAIT) | TENSIX_PUT(STALLWAIT, STALL_RES, block) |
           TENSIX_PUT(STALLWAIT, WAIT_RES, cond);
}

static void test_one_per_cycle(void)
{
    TensixThread t;
    Fake f = {0};
    TensixBackend be = {f_issue, f_busy, f_sem_ready, &f};
    tensix_thread_init(&t, &test_log);
    for (int i = 0; i < 10; i++)
        CHECK_OK(tensix_thread_push(&t, TENSIX_WORD(DMANOP), 0));
    run(&t, &be, 0, 40);
    CHECK_EQ_U32(f.n, 10);
    for (uint32_t i = 1; i < 10; i++) /* back to back once the pipe is full */
        CHECK_EQ_U64(f.issued_at[i], f.issued_at[i - 1] + 1);
    CHECK_EQ_U64(t.issued, 10);
    CHECK_EQ_U64(t.opcode_count[TENSIX_OP_DMANOP], 10);
    CHECK(tensix_thread_idle(&t));
    /* the first FIFO holds 32: the 33rd push is refused */
    for (int i = 0; i < 32; i++)
        CHECK_OK(tensix_thread_push(&t, TENSIX_WORD(NOP), 100));
    CHECK_EQ_U32(tensix_thread_push(&t, TENSIX_WORD(NOP), 100), BH_ERR_FULL);
}

static void test_stallwait_blocks_its_class(void)
{
    TensixThread t;
    Fake f = {.busy_until_c0 = 20};
    TensixBackend be = {f_issue, f_busy, f_sem_ready, &f};
    tensix_thread_init(&t, &test_log);
    /* wait while ThCon is busy, blocking ThCon instructions; a SEMPOST (sync) may pass */
    CHECK_OK(tensix_thread_push(&t, stallwait(TENSIX_B_THCON, 0x1), 0));
    CHECK_OK(tensix_thread_push(&t, TENSIX_WORD(SEMPOST), 0));
    CHECK_OK(tensix_thread_push(&t, TENSIX_WORD(DMANOP), 0));
    run(&t, &be, 0, 40);
    CHECK_EQ_U32(f.n, 3);
    CHECK_EQ_U32(tensix_opcode(f.issued_word[1]), TENSIX_OP_SEMPOST);
    CHECK(f.issued_at[1] < 20);  /* not in the block mask */
    CHECK(f.issued_at[2] >= 20); /* DMANOP waited for the condition to clear */
    CHECK(t.stall_cycles[TENSIX_STALL_WAIT_GATE] > 0);
    /* its wait_gate cycles are ThCon's (C0), but for the minimum block right after the wait */
    uint64_t by = 0;
    for (uint32_t k = 0; k < TENSIX_WAIT_CLASS_COUNT; k++)
        by += t.wait_gate_by[k];
    CHECK_EQ_U64(by, t.stall_cycles[TENSIX_STALL_WAIT_GATE]);
    CHECK(t.wait_gate_by[TENSIX_WAIT_THCON] > 0);
    CHECK(t.wait_gate_by[TENSIX_WAIT_LAG] <= 1);
    CHECK_EQ_U64(t.wait_gate_by[TENSIX_WAIT_THCON] + t.wait_gate_by[TENSIX_WAIT_LAG],
                 t.stall_cycles[TENSIX_STALL_WAIT_GATE]);
    CHECK_EQ_U64(t.wait_gate_by[TENSIX_WAIT_SEMAPHORE], 0);
    /* in-order: an instruction behind a blocked one waits too */
    tensix_thread_init(&t, &test_log);
    f = (Fake){.busy_until_c0 = 120};
    CHECK_OK(tensix_thread_push(&t, stallwait(TENSIX_B_THCON, 0x1), 100));
    CHECK_OK(tensix_thread_push(&t, TENSIX_WORD(DMANOP), 100));
    CHECK_OK(tensix_thread_push(&t, TENSIX_WORD(SEMPOST), 100));
    run(&t, &be, 100, 140);
    CHECK_EQ_U32(f.n, 3);
    CHECK(f.issued_at[2] > f.issued_at[1] && f.issued_at[1] >= 120);
}

static void test_wait_lag_and_second_wait(void)
{
    TensixThread t;
    Fake f = {0};
    TensixBackend be = {f_issue, f_busy, f_sem_ready, &f};
    tensix_thread_init(&t, &test_log);
    /* the condition never holds, yet the next ThCon instruction waits at least one cycle */
    CHECK_OK(tensix_thread_push(&t, stallwait(TENSIX_B_THCON, 0x1), 0));
    CHECK_OK(tensix_thread_push(&t, TENSIX_WORD(DMANOP), 0));
    run(&t, &be, 0, 20);
    CHECK_EQ_U32(f.n, 2);
    CHECK(f.issued_at[1] >= f.issued_at[0] + 2);
    /* Blackhole: a second wait does not replace the latched one, it waits for it */
    tensix_thread_init(&t, &test_log);
    f = (Fake){.sem_ready_at = 50};
    uint32_t semwait = TENSIX_WORD(SEMWAIT) | TENSIX_PUT(SEMWAIT, STALL_RES, TENSIX_B_SYNC) |
                       TENSIX_PUT(SEMWAIT, SEM_SEL, 1) | TENSIX_PUT(SEMWAIT, WAIT_SEM_COND, 1);
    CHECK_OK(tensix_thread_push(&t, semwait, 0));
    CHECK_OK(tensix_thread_push(&t, stallwait(TENSIX_B_THCON, 0x1), 0));
    run(&t, &be, 0, 80);
    CHECK_EQ_U32(f.n, 2);
    CHECK(f.issued_at[1] >= 50);
    CHECK(t.stall_cycles[TENSIX_STALL_WAIT_LATCHED] > 0);
    /* a SEMPOST (sync) behind a SEMWAIT blocking sync: its wait_gate cycles are the
     * semaphore's, every one of them */
    tensix_thread_init(&t, &test_log);
    f = (Fake){.sem_ready_at = 30};
    CHECK_OK(tensix_thread_push(&t, semwait, 0));
    CHECK_OK(tensix_thread_push(&t, TENSIX_WORD(SEMPOST), 0));
    run(&t, &be, 0, 60);
    CHECK_EQ_U32(f.n, 2);
    CHECK(f.issued_at[1] >= 30);
    CHECK(t.stall_cycles[TENSIX_STALL_WAIT_GATE] > 0);
    CHECK_EQ_U64(t.wait_gate_by[TENSIX_WAIT_SEMAPHORE], t.stall_cycles[TENSIX_STALL_WAIT_GATE]);
}

static void test_unit_busy_and_unimplemented(void)
{
    TensixThread t;
    Fake f = {.refuse_until = 30};
    TensixBackend be = {f_issue, f_busy, f_sem_ready, &f};
    tensix_thread_init(&t, &test_log);
    CHECK_OK(tensix_thread_push(&t, TENSIX_WORD(DMANOP), 0));
    run(&t, &be, 0, 40);
    CHECK_EQ_U32(f.n, 1);
    CHECK_EQ_U64(f.issued_at[0], 30);
    CHECK(t.stall_cycles[TENSIX_STALL_UNIT_BUSY] > 0);
    /* an instruction the backend does not implement stops the thread, named with its cycle */
    CHECK_OK(tensix_thread_push(&t, 0x2F000000u, 40));
    CHECK_OK(tensix_thread_push(&t, TENSIX_WORD(DMANOP), 40));
    run(&t, &be, 40, 60);
    CHECK(t.stopped);
    CHECK_EQ_U32(t.stop_word, 0x2F000000u);
    CHECK(t.stop_cycle >= 40 && t.stop_cycle < 50);
    CHECK_EQ_U32(f.n, 1); /* nothing after it issued */
}

/* A template-1 MOP of DMANOPs reaches the backend one per cycle, then the bubble before the
 * next instruction (MOP expander timing, docs/hardware.md#frontend). */
static void test_mop_through_the_frontend(void)
{
    TensixThread t;
    Fake f = {0};
    TensixBackend be = {f_issue, f_busy, f_sem_ready, &f};
    tensix_thread_init(&t, &test_log);
    uint32_t nop = TENSIX_WORD(NOP), dma = TENSIX_WORD(DMANOP);
    const uint32_t cfg[MOP_CFG_WORDS] = {1, 6, nop, nop, nop, dma, nop, dma, dma};
    for (uint32_t i = 0; i < MOP_CFG_WORDS; i++)
        CHECK_OK(mop_write_cfg(&t.mop, i, cfg[i]));
    CHECK_OK(tensix_thread_push(&t, TENSIX_WORD(MOP) | (1u << 23), 0)); /* template 1 */
    CHECK_OK(tensix_thread_push(&t, TENSIX_WORD(SEMPOST), 0));
    run(&t, &be, 0, 40);
    CHECK_EQ_U32(f.n, 7); /* 6 inner steps, then SEMPOST */
    for (uint32_t i = 1; i < 6; i++)
        CHECK_EQ_U64(f.issued_at[i], f.issued_at[i - 1] + 1);
    CHECK_EQ_U64(f.issued_at[6], f.issued_at[5] + 2); /* the 1-cycle bubble */
}

int main(void)
{
    RUN(test_one_per_cycle);
    RUN(test_stallwait_blocks_its_class);
    RUN(test_wait_lag_and_second_wait);
    RUN(test_unit_busy_and_unimplemented);
    RUN(test_mop_through_the_frontend);
    return check_failures();
}
