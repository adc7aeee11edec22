// SPDX-License-Identifier: Apache-2.0
/* Sync Unit: semaphores (SEMINIT/SEMPOST/SEMGET limits, SEMWAIT conditions, RISC-V access),
 * mutexes (ATGETM/ATRELM, contention, fairness, wrong owner), PCBufs and manual TTSync, each
 * against the BlackholeA0 ISA page it cites. */
#include <string.h>
#include "model/tile/tensix/sync_unit.h"
#include "tests/check.h"
#include "tests/test_log.h"

static void quiet(void *ctx, BhLogLevel level, const char *msg)
{
    (void)ctx;
    (void)level;
    (void)msg;
}

typedef struct Idle {
    int thread_idle[SYNC_THREADS];
    int mop_idle[SYNC_THREADS];
} Idle;

static int thread_idle(void *ctx, uint32_t thread)
{
    return ((Idle *)ctx)->thread_idle[thread];
}

static int mop_idle(void *ctx, uint32_t thread)
{
    return ((Idle *)ctx)->mop_idle[thread];
}

static BhStatus rd(SyncUnit *s, SyncPort port, uint32_t off, uint32_t *v)
{
    *v = 0xDEADBEEF;
    return sync_mmio_read(s, port, off, v, 4, 0);
}

static BhStatus wr(SyncUnit *s, SyncPort port, uint32_t off, uint32_t v)
{
    return sync_mmio_write(s, port, off, &v, 4, 0);
}

static void test_reset_state(void)
{
    SyncUnit s;
    sync_init(&s, NULL, &test_log);
    for (int i = 0; i < SYNC_SEMAPHORES; i++) {
        CHECK_EQ_U32(s.sem[i].value, 0);
        CHECK_EQ_U32(s.sem[i].max, 0);
    }
    for (int m = 0; m < SYNC_MUTEX_SLOTS; m++)
        CHECK_EQ_U32(s.mutex_holder[m], SYNC_MUTEX_FREE);
    for (int i = 0; i < SYNC_THREADS; i++)
        CHECK_EQ_U32(s.pcbuf[i].count, 0);
}

/* SEMINIT.md: only the masked semaphores change, Value and Max both. */
static void test_seminit_mask(void)
{
    SyncUnit s;
    sync_init(&s, NULL, &test_log);
    CHECK_OK(sync_seminit(&s, 9, 4, 0xA5, 0));
    for (int i = 0; i < SYNC_SEMAPHORES; i++) {
        int sel = (0xA5 >> i) & 1;
        CHECK_EQ_U32(s.sem[i].value, sel ? 4 : 0);
        CHECK_EQ_U32(s.sem[i].max, sel ? 9 : 0);
    }
    CHECK_OK(sync_seminit(&s, 15, 15, 0x01, 1));
    CHECK_EQ_U32(s.sem[0].value, 15);
    CHECK_EQ_U32(s.sem[2].value, 4);
}

/* SEMPOST.md: +1 up to 15 whatever Max says; SEMGET.md: -1 down to 0. */
static void test_post_get_limits(void)
{
    SyncUnit s;
    sync_init(&s, NULL, &test_log);
    uint64_t now = 0;
    CHECK_OK(sync_seminit(&s, 2, 0, 0x03, now++));
    for (int k = 0; k < 20; k++)
        CHECK_OK(sync_sempost(&s, 0x01, now++));
    CHECK_EQ_U32(s.sem[0].value, 15); /* saturated, far past Max = 2 */
    CHECK_EQ_U32(s.sem[0].max, 2);    /* SEMPOST leaves Max alone */
    CHECK_EQ_U32(s.sem[1].value, 0);
    CHECK_OK(sync_semget(&s, 0x03, now++));
    CHECK_EQ_U32(s.sem[0].value, 14);
    CHECK_EQ_U32(s.sem[1].value, 0); /* no underflow */
    for (int k = 0; k < 20; k++)
        CHECK_OK(sync_semget(&s, 0x01, now++));
    CHECK_EQ_U32(s.sem[0].value, 0);
    CHECK_OK(sync_sempost(&s, 0xFF, now++));
    for (int i = 0; i < SYNC_SEMAPHORES; i++)
        CHECK_EQ_U32(s.sem[i].value, 1);
}

/* SyncUnit.md: at most one of SEMINIT/SEMPOST/SEMGET/STALLWAIT/SEMWAIT per cycle. */
static void test_semaphore_group_one_per_cycle(void)
{
    SyncUnit s;
    sync_init(&s, NULL, &test_log);
    CHECK_OK(sync_sempost(&s, 0x01, 10));
    CHECK_EQ_U32(sync_sempost(&s, 0x02, 10), BH_ERR_FULL);
    CHECK_EQ_U32(sync_wait_issue(&s, 10), BH_ERR_FULL);
    CHECK_EQ_U32(s.sem[1].value, 0); /* the refused post did nothing */
    CHECK_OK(sync_sempost(&s, 0x02, 11));
    CHECK_EQ_U32(s.sem[1].value, 1);
    CHECK_OK(sync_wait_issue(&s, 12));
    CHECK_EQ_U32(sync_semget(&s, 0x02, 12), BH_ERR_FULL);
    CHECK_EQ_U32(s.stats.group_stalls, 3);
}

/* SEMWAIT.md: C0 waits while a selected Value == 0, C1 while a selected Value >= Max. */
static void test_semwait_conditions(void)
{
    SyncUnit s;
    sync_init(&s, NULL, &test_log);
    uint64_t now = 0;
    CHECK_OK(sync_seminit(&s, 2, 0, 0x06, now++)); /* sems 1, 2: value 0, max 2 */
    CHECK(!sync_sem_wait_ready(&s, 0x02, SYNC_COND_ZERO));
    CHECK(sync_sem_wait_ready(&s, 0x02, SYNC_COND_MAX));
    CHECK(!sync_sem_wait_ready(&s, 0x02, SYNC_COND_ZERO | SYNC_COND_MAX));
    CHECK(sync_sem_wait_ready(&s, 0x02, 0));              /* no condition selected */
    CHECK(sync_sem_wait_ready(&s, 0x00, SYNC_COND_ZERO)); /* no semaphore selected */
    CHECK_OK(sync_sempost(&s, 0x02, now++));              /* sem 1 = 1 */
    CHECK(sync_sem_wait_ready(&s, 0x02, SYNC_COND_ZERO | SYNC_COND_MAX));
    CHECK(!sync_sem_wait_ready(&s, 0x06, SYNC_COND_ZERO)); /* sem 2 still 0: any blocks */
    CHECK_OK(sync_sempost(&s, 0x02, now++));               /* sem 1 = 2 = Max */
    CHECK(!sync_sem_wait_ready(&s, 0x02, SYNC_COND_MAX));
    CHECK(sync_sem_wait_ready(&s, 0x02, SYNC_COND_ZERO));
    CHECK_OK(sync_sempost(&s, 0x02, now++)); /* 3 > Max still waits */
    CHECK(!sync_sem_wait_ready(&s, 0x02, SYNC_COND_MAX));
    CHECK_OK(sync_seminit(&s, 0, 0, 0x08, now++)); /* Max 0: Value >= Max always */
    CHECK(!sync_sem_wait_ready(&s, 0x08, SYNC_COND_MAX));
}

/* ATGETM.md / ATRELM.md: acquire, contention, release, wrong owner. */
static void test_mutex_acquire_release(void)
{
    SyncUnit s;
    sync_init(&s, NULL, &test_log);
    uint64_t g0 = bh_log_count(&test_log, BH_LOG_GUEST);
    CHECK_OK(sync_atgetm(&s, 0, 2, 0));
    CHECK_EQ_U32(s.mutex_holder[2], 0);
    CHECK_EQ_U32(sync_atgetm(&s, 1, 2, 1), BH_ERR_FULL); /* held by T0 */
    CHECK_EQ_U32(sync_atgetm(&s, 1, 2, 2), BH_ERR_FULL);
    CHECK_OK(sync_atgetm(&s, 0, 2, 3)); /* the holder may acquire again */
    /* T2 releasing T0's mutex: guest error, nothing changes */
    CHECK_EQ_U32(sync_atrelm(&s, 2, 2, 4), BH_ERR_ACCESS);
    CHECK_EQ_U32(bh_log_count(&test_log, BH_LOG_GUEST), g0 + 1);
    CHECK_EQ_U32(s.mutex_holder[2], 0);
    CHECK_OK(sync_atrelm(&s, 0, 2, 5));
    CHECK_EQ_U32(s.mutex_holder[2], SYNC_MUTEX_FREE);
    /* one operation per mutex per cycle: T1 gets it the cycle after the release */
    CHECK_EQ_U32(sync_atgetm(&s, 1, 2, 5), BH_ERR_FULL);
    CHECK_OK(sync_atgetm(&s, 1, 2, 6));
    CHECK_EQ_U32(s.mutex_holder[2], 1);
    /* releasing a free mutex is a guest error too */
    CHECK_OK(sync_atrelm(&s, 1, 2, 7));
    CHECK_EQ_U32(sync_atrelm(&s, 1, 2, 8), BH_ERR_ACCESS);
    CHECK_EQ_U32(bh_log_count(&test_log, BH_LOG_GUEST), g0 + 2);
    /* different mutexes in one cycle: all three accepted */
    CHECK_OK(sync_atgetm(&s, 0, 0, 20));
    CHECK_OK(sync_atgetm(&s, 1, 3, 20));
    CHECK_OK(sync_atgetm(&s, 2, 4, 20));
    CHECK_EQ_U32(s.mutex_holder[0], 0);
    CHECK_EQ_U32(s.mutex_holder[3], 1);
    CHECK_EQ_U32(s.mutex_holder[4], 2);
}

/* ATGETM.md: index 1 and indices above 4 do not exist on Blackhole: the thread waits forever,
 * reported once. */
static void test_mutex_missing_index_hangs(void)
{
    SyncUnit s;
    sync_init(&s, NULL, &test_log);
    uint64_t g0 = bh_log_count(&test_log, BH_LOG_GUEST);
    for (uint64_t now = 0; now < 5; now++)
        CHECK_EQ_U32(sync_atgetm(&s, 1, 1, now), BH_ERR_FULL);
    CHECK_EQ_U32(bh_log_count(&test_log, BH_LOG_GUEST), g0 + 1);
    CHECK_EQ_U32(sync_atgetm(&s, 2, 7, 6), BH_ERR_FULL);
    CHECK_EQ_U32(sync_atrelm(&s, 0, 5, 6), BH_ERR_FULL);
    CHECK_EQ_U32(bh_log_count(&test_log, BH_LOG_GUEST), g0 + 3);
    for (int m = 0; m < SYNC_MUTEX_SLOTS; m++)
        CHECK_EQ_U32(s.mutex_holder[m], SYNC_MUTEX_FREE);
}

/* ATRELM.md: thread i releasing while both others wait hands the mutex to (i + 1) % 3. */
static void test_mutex_release_fairness(void)
{
    SyncUnit s;
    sync_init(&s, NULL, &test_log);
    CHECK_OK(sync_atgetm(&s, 0, 3, 0));
    CHECK_EQ_U32(sync_atgetm(&s, 2, 3, 1), BH_ERR_FULL);
    CHECK_EQ_U32(sync_atgetm(&s, 1, 3, 1), BH_ERR_FULL);
    CHECK_OK(sync_atrelm(&s, 0, 3, 2));
    /* T2 asks first, but T1 = (0 + 1) % 3 is the one chosen */
    CHECK_EQ_U32(sync_atgetm(&s, 2, 3, 3), BH_ERR_FULL);
    CHECK_OK(sync_atgetm(&s, 1, 3, 3));
    /* T0 queues again; T1 releases with T2 and T0 waiting: T2 = (1 + 1) % 3 wins */
    CHECK_EQ_U32(sync_atgetm(&s, 0, 3, 4), BH_ERR_FULL);
    CHECK_OK(sync_atrelm(&s, 1, 3, 5));
    CHECK_EQ_U32(sync_atgetm(&s, 0, 3, 6), BH_ERR_FULL);
    CHECK_OK(sync_atgetm(&s, 2, 3, 6));
    /* T2 releases with only T0 waiting: T0 gets it, T1 (not waiting) cannot jump in */
    CHECK_OK(sync_atrelm(&s, 2, 3, 7));
    CHECK_EQ_U32(sync_atgetm(&s, 1, 3, 8), BH_ERR_FULL);
    CHECK_OK(sync_atgetm(&s, 0, 3, 8));
    /* T0 releases with T1 (refused at cycle 8) waiting: T1 */
    CHECK_EQ_U32(s.mutex_waiting[3], 0x2);
    CHECK_OK(sync_atrelm(&s, 0, 3, 9));
    CHECK_EQ_U32(sync_atgetm(&s, 2, 3, 10), BH_ERR_FULL);
    CHECK_OK(sync_atgetm(&s, 1, 3, 10));
    /* nobody waiting at release: the first to ask wins */
    CHECK_OK(sync_atrelm(&s, 1, 3, 11));
    CHECK_EQ_U32(s.mutex_reserved[3], 2); /* T2 was refused at cycle 10 */
    CHECK_OK(sync_atgetm(&s, 2, 3, 12));
    CHECK_OK(sync_atrelm(&s, 2, 3, 13));
    CHECK_EQ_U32(s.mutex_reserved[3], SYNC_MUTEX_FREE);
    CHECK_OK(sync_atgetm(&s, 0, 3, 14));
}

/* SyncUnit.md "RISCV access to semaphores": lw reads Value, sw bit0 = 1 gets, bit0 = 0 posts. */
static void test_semaphore_mmio(void)
{
    SyncUnit s;
    sync_init(&s, NULL, &test_log);
    uint32_t v;
    CHECK_OK(sync_seminit(&s, 3, 5, 0x80, 0));
    CHECK_OK(rd(&s, SYNC_PORT_T2, SYNC_OFF_SEMAPHORE + 4 * 7, &v));
    CHECK_EQ_U32(v, 5);
    CHECK_OK(wr(&s, SYNC_PORT_T0, SYNC_OFF_SEMAPHORE + 4 * 7, 0)); /* post */
    CHECK_OK(wr(&s, SYNC_PORT_T1, SYNC_OFF_SEMAPHORE + 4 * 7, 2)); /* bit0 = 0: post */
    CHECK_EQ_U32(s.sem[7].value, 7);
    CHECK_OK(wr(&s, SYNC_PORT_T1, SYNC_OFF_SEMAPHORE + 4 * 7, 1)); /* get */
    CHECK_EQ_U32(s.sem[7].value, 6);
    CHECK_EQ_U32(s.sem[7].max, 3);
    for (int k = 0; k < 20; k++)
        CHECK_OK(wr(&s, SYNC_PORT_T0, SYNC_OFF_SEMAPHORE, 0));
    CHECK_OK(rd(&s, SYNC_PORT_T0, SYNC_OFF_SEMAPHORE, &v));
    CHECK_EQ_U32(v, 15);
    for (int k = 0; k < 20; k++)
        CHECK_OK(wr(&s, SYNC_PORT_T0, SYNC_OFF_SEMAPHORE, 0xFFFFFFFF));
    CHECK_EQ_U32(s.sem[0].value, 0);
    /* a debugger write sets Value directly */
    v = 0x1C;
    CHECK_OK(sync_mmio_write(&s, SYNC_PORT_T0, SYNC_OFF_SEMAPHORE + 4, &v, 4, 1));
    CHECK_EQ_U32(s.sem[1].value, 0xC);
    /* RISC-V B has no semaphores: offset 0x20 of its window is PCBuf[0] */
    CHECK_OK(wr(&s, SYNC_PORT_B0, SYNC_OFF_SEMAPHORE, 0x1234));
    CHECK_EQ_U32(s.sem[0].value, 0);
    CHECK_EQ_U32(s.pcbuf[0].count, 1);
}

static void test_mmio_errors(void)
{
    SyncUnit s;
    sync_init(&s, NULL, &test_log);
    uint64_t g0 = bh_log_count(&test_log, BH_LOG_GUEST);
    uint32_t v = 0;
    uint16_t h = 0;
    CHECK_EQ_U32(rd(&s, SYNC_PORT_T0, 0xC, &v), BH_ERR_ADDR);
    CHECK_EQ_U32(rd(&s, SYNC_PORT_T0, SYNC_OFF_SEMAPHORE + 32, &v), BH_ERR_ADDR);
    CHECK_EQ_U32(wr(&s, SYNC_PORT_T1, 0x1C, 0), BH_ERR_ADDR);
    CHECK_EQ_U32(rd(&s, SYNC_PORT_B1, SYNC_WINDOW_BYTES, &v), BH_ERR_ADDR);
    CHECK_EQ_U32(sync_mmio_read(&s, SYNC_PORT_T0, SYNC_OFF_SEMAPHORE, &h, 2, 0), BH_ERR_ACCESS);
    CHECK_EQ_U32(wr(&s, SYNC_PORT_T0, SYNC_OFF_SEMAPHORE + 1, 0), BH_ERR_ACCESS);
    CHECK_EQ_U32(bh_log_count(&test_log, BH_LOG_GUEST), g0 + 6);
    CHECK_EQ_U32(s.sem[0].value, 0);
    /* the last word of B's window is still PCBuf */
    CHECK_OK(wr(&s, SYNC_PORT_B2, SYNC_WINDOW_BYTES - 4, 7));
    CHECK_EQ_U32(s.pcbuf[2].count, 1);
    /* T_i writes to its PCBuf and to the TTSync words are discarded */
    uint64_t ver = s.version;
    CHECK_OK(wr(&s, SYNC_PORT_T2, SYNC_OFF_PCBUF, 1));
    CHECK_OK(wr(&s, SYNC_PORT_T2, SYNC_OFF_COPROC_DONE, 1));
    CHECK_OK(wr(&s, SYNC_PORT_T2, SYNC_OFF_MOP_DONE, 1));
    CHECK_EQ_U32(s.pcbuf[2].count, 1);
    CHECK_EQ_U64(s.version, ver);
}

/* PCBufs.md: a 16-entry FIFO from RISC-V B to each T_i. */
static void test_pcbuf_fifo(void)
{
    SyncUnit s;
    sync_init(&s, NULL, &test_log);
    uint32_t v;
    for (uint32_t k = 0; k < SYNC_PCBUF_DEPTH; k++)
        CHECK_OK(wr(&s, SYNC_PORT_B1, 0, 100 + k));
    CHECK_EQ_U32(wr(&s, SYNC_PORT_B1, 0, 999), BH_ERR_FULL); /* B waits */
    CHECK_EQ_U32(s.pcbuf[1].count, SYNC_PCBUF_DEPTH);
    CHECK_EQ_U32(rd(&s, SYNC_PORT_T0, SYNC_OFF_PCBUF, &v), BH_ERR_FULL); /* T0's is empty */
    /* a debug read peeks */
    CHECK_OK(sync_mmio_read(&s, SYNC_PORT_T1, SYNC_OFF_PCBUF, &v, 4, 1));
    CHECK_EQ_U32(v, 100);
    CHECK_EQ_U32(s.pcbuf[1].count, SYNC_PCBUF_DEPTH);
    CHECK_OK(rd(&s, SYNC_PORT_T1, SYNC_OFF_PCBUF, &v));
    CHECK_EQ_U32(v, 100);
    CHECK_OK(wr(&s, SYNC_PORT_B1, 0, 116)); /* room again */
    for (uint32_t k = 1; k <= SYNC_PCBUF_DEPTH; k++) {
        CHECK_OK(rd(&s, SYNC_PORT_T1, SYNC_OFF_PCBUF, &v));
        CHECK_EQ_U32(v, 100 + k);
    }
    CHECK_EQ_U32(rd(&s, SYNC_PORT_T1, SYNC_OFF_PCBUF, &v), BH_ERR_FULL); /* empty: T1 waits */
    CHECK_EQ_U32(s.pcbuf[1].t_waiting, 1);
    CHECK_EQ_U64(s.stats.pcbuf_pushes, 17);
    CHECK_EQ_U64(s.stats.pcbuf_pops, 17);
}

/* PCBufs.md RISCV B read: returns only when the FIFO is empty, T_i waits on it and Tensix T_i
 * is idle. */
static void test_pcbuf_b_read_waits(void)
{
    Idle idle = {{0, 0, 0}, {1, 1, 1}};
    SyncHooks hooks = {thread_idle, mop_idle, &idle};
    SyncUnit s;
    sync_init(&s, &hooks, &test_log);
    uint32_t v;
    CHECK_OK(wr(&s, SYNC_PORT_B0, 0, 42));
    idle.thread_idle[0] = 1;
    CHECK_EQ_U32(rd(&s, SYNC_PORT_B0, 0, &v), BH_ERR_FULL); /* FIFO not empty */
    CHECK_OK(rd(&s, SYNC_PORT_T0, SYNC_OFF_PCBUF, &v));
    CHECK_EQ_U32(v, 42);
    CHECK_EQ_U32(rd(&s, SYNC_PORT_B0, 0, &v), BH_ERR_FULL); /* T0 not blocked reading */
    CHECK_EQ_U32(rd(&s, SYNC_PORT_T0, SYNC_OFF_PCBUF, &v), BH_ERR_FULL);
    idle.thread_idle[0] = 0;
    CHECK_EQ_U32(rd(&s, SYNC_PORT_B0, 0, &v), BH_ERR_FULL); /* Tensix T0 busy */
    idle.thread_idle[0] = 1;
    CHECK_OK(rd(&s, SYNC_PORT_B0, 0, &v));
    CHECK_EQ_U32(v, 0);
    /* the other buffers are independent */
    CHECK_EQ_U32(rd(&s, SYNC_PORT_B2, 0, &v), BH_ERR_FULL);
}

/* PCBufs.md "Configuration bits": OverrideEn makes an empty T_i read return OverrideValue;
 * OverrideEn && OverrideBusy lets B's read (and TTSync) return at once. */
static void test_pcbuf_override(void)
{
    Idle idle = {{0, 0, 0}, {0, 0, 0}};
    SyncHooks hooks = {thread_idle, mop_idle, &idle};
    SyncUnit s;
    sync_init(&s, &hooks, &test_log);
    uint32_t v;
    sync_set_pcbuf_override(&s, (1u << 20) | (0x5Au << 22)); /* PCBuf[2]: En, value 0x5A */
    CHECK_OK(rd(&s, SYNC_PORT_T2, SYNC_OFF_PCBUF, &v));
    CHECK_EQ_U32(v, 0x5A);
    CHECK_OK(wr(&s, SYNC_PORT_B2, 0, 77)); /* a queued value still wins */
    CHECK_OK(rd(&s, SYNC_PORT_T2, SYNC_OFF_PCBUF, &v));
    CHECK_EQ_U32(v, 77);
    CHECK_EQ_U32(rd(&s, SYNC_PORT_B2, 0, &v), BH_ERR_FULL); /* En without Busy: normal */
    CHECK_EQ_U32(rd(&s, SYNC_PORT_T2, SYNC_OFF_COPROC_DONE, &v), BH_ERR_FULL);
    sync_set_pcbuf_override(&s, (3u << 20));
    CHECK_OK(rd(&s, SYNC_PORT_B2, 0, &v));
    CHECK_EQ_U32(v, 0);
    CHECK_OK(rd(&s, SYNC_PORT_T2, SYNC_OFF_COPROC_DONE, &v));
    CHECK_OK(rd(&s, SYNC_PORT_T2, SYNC_OFF_MOP_DONE, &v));
    CHECK_EQ_U32(rd(&s, SYNC_PORT_T1, SYNC_OFF_COPROC_DONE, &v), BH_ERR_FULL); /* only [2] */
}

/* ManualTTSync.md: CoprocessorDoneCheck waits for an idle thread, MOPExpanderDoneCheck for an
 * idle MOP expander. */
static void test_ttsync(void)
{
    Idle idle = {{0, 0, 0}, {0, 0, 0}};
    SyncHooks hooks = {thread_idle, mop_idle, &idle};
    SyncUnit s;
    sync_init(&s, &hooks, &test_log);
    uint32_t v;
    CHECK_EQ_U32(rd(&s, SYNC_PORT_T1, SYNC_OFF_COPROC_DONE, &v), BH_ERR_FULL);
    CHECK_EQ_U32(rd(&s, SYNC_PORT_T1, SYNC_OFF_MOP_DONE, &v), BH_ERR_FULL);
    idle.mop_idle[1] = 1;
    CHECK_EQ_U32(rd(&s, SYNC_PORT_T1, SYNC_OFF_COPROC_DONE, &v), BH_ERR_FULL);
    CHECK_OK(rd(&s, SYNC_PORT_T1, SYNC_OFF_MOP_DONE, &v));
    CHECK_EQ_U32(v, 0);
    idle.thread_idle[1] = 1;
    CHECK_OK(rd(&s, SYNC_PORT_T1, SYNC_OFF_COPROC_DONE, &v));
    CHECK_EQ_U32(rd(&s, SYNC_PORT_T0, SYNC_OFF_COPROC_DONE, &v), BH_ERR_FULL);
    CHECK_OK(sync_mmio_read(&s, SYNC_PORT_T0, SYNC_OFF_COPROC_DONE, &v, 4, 1)); /* debug */
    /* without hooks everything counts as idle */
    SyncUnit n;
    sync_init(&n, NULL, &test_log);
    CHECK_OK(rd(&n, SYNC_PORT_T0, SYNC_OFF_COPROC_DONE, &v));
}

int main(void)
{
    bh_log_set_sink(&test_log, quiet, NULL);
    RUN(test_reset_state);
    RUN(test_seminit_mask);
    RUN(test_post_get_limits);
    RUN(test_semaphore_group_one_per_cycle);
    RUN(test_semwait_conditions);
    RUN(test_mutex_acquire_release);
    RUN(test_mutex_missing_index_hangs);
    RUN(test_mutex_release_fairness);
    RUN(test_semaphore_mmio);
    RUN(test_mmio_errors);
    RUN(test_pcbuf_fifo);
    RUN(test_pcbuf_b_read_waits);
    RUN(test_pcbuf_override);
    RUN(test_ttsync);
    return check_failures();
}
