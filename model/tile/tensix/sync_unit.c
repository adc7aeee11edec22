// SPDX-License-Identifier: Apache-2.0
/* Tensix Sync Unit: semaphores, mutexes, PCBufs and manual TTSync. Functional models follow
 * the BlackholeA0 pages named in sync_unit.h; each function cites the one it implements. */
#include "model/tile/tensix/sync_unit.h"
#include <string.h>

static int mutex_exists(uint32_t index)
{
    return index < SYNC_MUTEX_SLOTS && index != 1;
}

void sync_init(SyncUnit *s, const SyncHooks *hooks, BhLogContext *log)
{
    memset(s, 0, sizeof *s);
    s->log = log;
    if (hooks)
        s->hooks = *hooks;
    sync_reset(s);
}

void sync_reset(SyncUnit *s)
{
    SyncHooks hooks = s->hooks;
    BhLogContext *log = s->log;
    memset(s, 0, sizeof *s);
    s->hooks = hooks;
    s->log = log;
    for (uint32_t m = 0; m < SYNC_MUTEX_SLOTS; m++) {
        s->mutex_holder[m] = SYNC_MUTEX_FREE;
        s->mutex_reserved[m] = SYNC_MUTEX_FREE;
    }
}

/* One of SEMINIT/SEMPOST/SEMGET/STALLWAIT/SEMWAIT/STREAMWAIT per cycle (SyncUnit.md). */
static int take_sem_group(SyncUnit *s, uint64_t now)
{
    if (s->sem_group_at == now + 1) {
        s->stats.group_stalls++;
        return 0;
    }
    s->sem_group_at = now + 1;
    return 1;
}

static void sem_post_one(SyncSemaphore *sem)
{
    if (sem->value < SYNC_SEM_LIMIT)
        sem->value++;
}

static void sem_get_one(SyncSemaphore *sem)
{
    if (sem->value > 0)
        sem->value--;
}

/* SEMINIT.md */
BhStatus sync_seminit(SyncUnit *s, uint32_t NewMax, uint32_t NewValue, uint32_t SemaphoreMask,
                      uint64_t now)
{
    BH_ASSERT(NewMax <= SYNC_SEM_LIMIT && NewValue <= SYNC_SEM_LIMIT && SemaphoreMask <= 0xFF);
    if (!take_sem_group(s, now))
        return BH_ERR_FULL;
    for (uint32_t i = 0; i < SYNC_SEMAPHORES; i++) {
        if (SemaphoreMask & (1u << i)) {
            s->sem[i].value = (uint8_t)NewValue;
            s->sem[i].max = (uint8_t)NewMax;
        }
    }
    s->stats.sem_ops++;
    s->version++;
    return BH_OK;
}

/* SEMPOST.md: Value saturates at 15; Max is not consulted. */
BhStatus sync_sempost(SyncUnit *s, uint32_t SemaphoreMask, uint64_t now)
{
    BH_ASSERT(SemaphoreMask <= 0xFF);
    if (!take_sem_group(s, now))
        return BH_ERR_FULL;
    for (uint32_t i = 0; i < SYNC_SEMAPHORES; i++)
        if (SemaphoreMask & (1u << i))
            sem_post_one(&s->sem[i]);
    s->stats.sem_ops++;
    s->version++;
    return BH_OK;
}

/* SEMGET.md: Value stays at 0 rather than underflowing. */
BhStatus sync_semget(SyncUnit *s, uint32_t SemaphoreMask, uint64_t now)
{
    BH_ASSERT(SemaphoreMask <= 0xFF);
    if (!take_sem_group(s, now))
        return BH_ERR_FULL;
    for (uint32_t i = 0; i < SYNC_SEMAPHORES; i++)
        if (SemaphoreMask & (1u << i))
            sem_get_one(&s->sem[i]);
    s->stats.sem_ops++;
    s->version++;
    return BH_OK;
}

BhStatus sync_wait_issue(SyncUnit *s, uint64_t now)
{
    if (!take_sem_group(s, now))
        return BH_ERR_FULL;
    s->stats.waits_issued++;
    return BH_OK;
}

/* SEMWAIT.md "Condition mask": C0 keeps waiting while a selected Value == 0, C1 while a
 * selected Value >= Max. */
int sync_sem_wait_ready(const SyncUnit *s, uint32_t SemaphoreMask, uint32_t ConditionMask)
{
    BH_ASSERT(SemaphoreMask <= 0xFF && ConditionMask <= 3);
    for (uint32_t i = 0; i < SYNC_SEMAPHORES; i++) {
        if (!(SemaphoreMask & (1u << i)))
            continue;
        if ((ConditionMask & SYNC_COND_ZERO) && s->sem[i].value == 0)
            return 0;
        if ((ConditionMask & SYNC_COND_MAX) && s->sem[i].value >= s->sem[i].max)
            return 0;
    }
    return 1;
}

/* One accepted ATGETM/ATRELM per mutex per cycle: "up to three per cycle, provided they
 * refer to different mutexes". */
static int take_mutex_slot(SyncUnit *s, uint32_t m, uint64_t now)
{
    if (s->mutex_op_at[m] == now + 1) {
        s->stats.group_stalls++;
        return 0;
    }
    s->mutex_op_at[m] = now + 1;
    return 1;
}

static BhStatus missing_mutex(SyncUnit *s, uint32_t thread, uint32_t Index, const char *op)
{
    /* "Invalid index causes infinite wait": the thread hangs, reported once per thread. */
    if (!(s->hang_logged & (1u << thread))) {
        s->hang_logged |= (uint8_t)(1u << thread);
        BH_LOG_GUEST(s->log,
                     "sync: thread %u %s of mutex %u, which Blackhole does not have (0, 2, 3, 4"
                     " exist): the thread waits forever",
                     thread, op, Index);
    }
    return BH_ERR_FULL;
}

/* ATGETM.md */
BhStatus sync_atgetm(SyncUnit *s, uint32_t thread, uint32_t Index, uint64_t now)
{
    BH_ASSERT(thread < SYNC_THREADS && Index <= 0xFFFF);
    if (!mutex_exists(Index))
        return missing_mutex(s, thread, Index, "ATGETM");
    uint8_t holder = s->mutex_holder[Index];
    uint8_t reserved = s->mutex_reserved[Index];
    int blocked = (holder != SYNC_MUTEX_FREE && holder != thread) ||
                  (holder == SYNC_MUTEX_FREE && reserved != SYNC_MUTEX_FREE && reserved != thread);
    if (blocked) {
        s->mutex_waiting[Index] |= (uint8_t)(1u << thread);
        s->stats.mutex_waits++;
        return BH_ERR_FULL;
    }
    if (!take_mutex_slot(s, Index, now))
        return BH_ERR_FULL;
    s->mutex_holder[Index] = (uint8_t)thread;
    s->mutex_reserved[Index] = SYNC_MUTEX_FREE;
    s->mutex_waiting[Index] &= (uint8_t) ~(1u << thread);
    s->hang_logged &= (uint8_t) ~(1u << thread);
    s->stats.mutex_acquires++;
    s->version++;
    return BH_OK;
}

/* ATRELM.md: a release by a thread that does not hold the mutex completes without effect;
 * the model reports it as a guest error. */
BhStatus sync_atrelm(SyncUnit *s, uint32_t thread, uint32_t Index, uint64_t now)
{
    BH_ASSERT(thread < SYNC_THREADS && Index <= 0xFFFF);
    if (!mutex_exists(Index))
        return missing_mutex(s, thread, Index, "ATRELM");
    if (!take_mutex_slot(s, Index, now))
        return BH_ERR_FULL;
    if (s->mutex_holder[Index] != thread) {
        if (s->mutex_holder[Index] == SYNC_MUTEX_FREE)
            BH_LOG_GUEST(s->log, "sync: thread %u ATRELM of mutex %u, which nobody holds", thread,
                         Index);
        else
            BH_LOG_GUEST(s->log, "sync: thread %u ATRELM of mutex %u, held by thread %u", thread,
                         Index, s->mutex_holder[Index]);
        return BH_ERR_ACCESS;
    }
    s->mutex_holder[Index] = SYNC_MUTEX_FREE;
    uint32_t next1 = (thread + 1) % SYNC_THREADS, next2 = (thread + 2) % SYNC_THREADS;
    uint8_t waiting = s->mutex_waiting[Index];
    if (waiting & (1u << next1))
        s->mutex_reserved[Index] = (uint8_t)next1;
    else if (waiting & (1u << next2))
        s->mutex_reserved[Index] = (uint8_t)next2;
    else
        s->mutex_reserved[Index] = SYNC_MUTEX_FREE;
    s->version++;
    return BH_OK;
}

void sync_set_pcbuf_override(SyncUnit *s, uint32_t reg)
{
    s->pcbuf_override = reg;
    s->version++;
}

/* PCBufs.md "Configuration bits": buffer i uses bits 10i (OverrideEn), 10i+1 (OverrideBusy)
 * and 10i+2..10i+9 (OverrideValue). */
static int override_en(const SyncUnit *s, uint32_t i)
{
    return (s->pcbuf_override >> (10 * i)) & 1;
}

static int override_busy(const SyncUnit *s, uint32_t i)
{
    return (s->pcbuf_override >> (10 * i + 1)) & 1;
}

static uint32_t override_value(const SyncUnit *s, uint32_t i)
{
    return (s->pcbuf_override >> (10 * i + 2)) & 0xFF;
}

static int hook_idle(int (*fn)(void *, uint32_t), void *ctx, uint32_t thread)
{
    return fn ? fn(ctx, thread) : 1;
}

static uint32_t pcbuf_pop(SyncPcBuf *p)
{
    uint32_t v = p->fifo[p->head];
    p->head = (uint8_t)((p->head + 1) % SYNC_PCBUF_DEPTH);
    p->count--;
    return v;
}

/* PCBufs.md, RISCV B read: waits for an empty FIFO, RISC-V T_i blocked reading it and an idle
 * Tensix thread i; OverrideEn && OverrideBusy answers at once. */
static BhStatus read_b(SyncUnit *s, uint32_t i, uint32_t *v, int debug)
{
    *v = 0;
    if (debug)
        return BH_OK;
    if (override_en(s, i) && override_busy(s, i))
        return BH_OK;
    const SyncPcBuf *p = &s->pcbuf[i];
    if (p->count == 0 && p->t_waiting && hook_idle(s->hooks.thread_idle, s->hooks.ctx, i))
        return BH_OK;
    return BH_ERR_FULL;
}

/* PCBufs.md, RISCV T_i read of PC_BUF_BASE: pops, or waits while empty unless OverrideEn. */
static BhStatus read_t_pcbuf(SyncUnit *s, uint32_t i, uint32_t *v, int debug)
{
    SyncPcBuf *p = &s->pcbuf[i];
    if (debug) {
        *v = p->count ? p->fifo[p->head] : 0;
        return BH_OK;
    }
    if (p->count) {
        *v = pcbuf_pop(p);
        p->t_waiting = 0;
        s->stats.pcbuf_pops++;
        s->version++;
        return BH_OK;
    }
    if (override_en(s, i)) {
        *v = override_value(s, i);
        p->t_waiting = 0;
        return BH_OK;
    }
    if (!p->t_waiting) {
        p->t_waiting = 1;
        s->version++;
    }
    return BH_ERR_FULL;
}

/* ManualTTSync.md: CoprocessorDoneCheck / MOPExpanderDoneCheck reads return (an undefined
 * value, here 0) once the condition holds or OverrideEn && OverrideBusy. */
static BhStatus read_ttsync(SyncUnit *s, uint32_t i, int mop, uint32_t *v, int debug)
{
    *v = 0;
    if (debug || (override_en(s, i) && override_busy(s, i)))
        return BH_OK;
    int done = mop ? hook_idle(s->hooks.mop_idle, s->hooks.ctx, i)
                   : hook_idle(s->hooks.thread_idle, s->hooks.ctx, i);
    return done ? BH_OK : BH_ERR_FULL;
}

static BhStatus check_access(const SyncUnit *s, SyncPort port, uint32_t off, uint32_t len,
                             const char *dir)
{
    BH_ASSERT(port < SYNC_PORTS);
    if (off >= SYNC_WINDOW_BYTES || len > SYNC_WINDOW_BYTES - off) {
        BH_LOG_GUEST(s->log, "sync: %s at PC_BUF window offset 0x%x (%u bytes) outside the window",
                     dir, off, len);
        return BH_ERR_ADDR;
    }
    if (len != 4 || (off & 3)) {
        BH_LOG_GUEST(s->log, "sync: %u-byte %s at PC_BUF offset 0x%x: only aligned 32-bit accesses",
                     len, dir, off);
        return BH_ERR_ACCESS;
    }
    return BH_OK;
}

static int sem_index(uint32_t off, uint32_t *i)
{
    if (off < SYNC_OFF_SEMAPHORE || off >= SYNC_OFF_SEMAPHORE + 4 * SYNC_SEMAPHORES)
        return 0;
    *i = (off - SYNC_OFF_SEMAPHORE) / 4;
    return 1;
}

BhStatus sync_mmio_read(SyncUnit *s, SyncPort port, uint32_t off, void *buf, uint32_t len,
                        int debug)
{
    BhStatus st = check_access(s, port, off, len, "read");
    if (st != BH_OK)
        return st;
    uint32_t v = 0, i;
    if (port >= SYNC_PORT_B0) {
        st = read_b(s, port - SYNC_PORT_B0, &v, debug);
    } else if (off == SYNC_OFF_PCBUF) {
        st = read_t_pcbuf(s, port, &v, debug);
    } else if (off == SYNC_OFF_COPROC_DONE || off == SYNC_OFF_MOP_DONE) {
        st = read_ttsync(s, port, off == SYNC_OFF_MOP_DONE, &v, debug);
    } else if (sem_index(off, &i)) {
        v = s->sem[i].value;
    } else {
        BH_LOG_GUEST(s->log, "sync: read of unmapped PC_BUF offset 0x%x", off);
        return BH_ERR_ADDR;
    }
    if (st == BH_OK)
        memcpy(buf, &v, 4);
    return st;
}

BhStatus sync_mmio_write(SyncUnit *s, SyncPort port, uint32_t off, const void *buf, uint32_t len,
                         int debug)
{
    BhStatus st = check_access(s, port, off, len, "write");
    if (st != BH_OK)
        return st;
    uint32_t v, i;
    memcpy(&v, buf, 4);
    if (port >= SYNC_PORT_B0) {
        SyncPcBuf *p = &s->pcbuf[port - SYNC_PORT_B0];
        if (p->count == SYNC_PCBUF_DEPTH)
            return BH_ERR_FULL;
        p->fifo[(p->head + p->count) % SYNC_PCBUF_DEPTH] = v;
        p->count++;
        s->stats.pcbuf_pushes++;
        s->version++;
        return BH_OK;
    }
    if (off == SYNC_OFF_PCBUF || off == SYNC_OFF_COPROC_DONE || off == SYNC_OFF_MOP_DONE)
        return BH_OK; /* discarded: only orders earlier stores (PCBufs.md, ManualTTSync.md) */
    if (!sem_index(off, &i)) {
        BH_LOG_GUEST(s->log, "sync: write of unmapped PC_BUF offset 0x%x", off);
        return BH_ERR_ADDR;
    }
    if (debug)
        s->sem[i].value = (uint8_t)(v & SYNC_SEM_LIMIT);
    else if (v & 1) /* SyncUnit.md "RISCV access to semaphores" */
        sem_get_one(&s->sem[i]);
    else
        sem_post_one(&s->sem[i]);
    s->stats.sem_mmio_writes++;
    s->version++;
    return BH_OK;
}
