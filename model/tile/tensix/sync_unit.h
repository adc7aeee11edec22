/* model/tile/tensix/sync_unit.h - Tensix coprocessor Sync Unit: the 8 semaphores, the 4 mutexes,
 * and the RISC-V side of them (semaphore MMIO, PCBufs, manual TTSync) at PC_BUF_BASE.
 *
 * Sources: tt-isa-documentation BlackholeA0/TensixTile/TensixCoprocessor/SyncUnit.md,
 * SEMINIT.md, SEMPOST.md, SEMGET.md, SEMWAIT.md, ATGETM.md, ATRELM.md;
 * BlackholeA0/TensixTile/BabyRISCV/PCBufs.md, ManualTTSync.md (docs/hardware.md#frontend,
 * #sync).
 *
 * Interface:
 *   instructions  sync_seminit/sempost/semget/atgetm/atrelm and sync_wait_issue take the
 *                 decoded fields, named as in the ISA pages, and the current cycle. Result:
 *                 BH_OK           executed;
 *                 BH_ERR_FULL     not executed this cycle (ATGETM waiting for its mutex, or
 *                                 the unit's per-cycle issue limit): present it again later;
 *                 BH_ERR_ACCESS   guest error, logged with BH_LOG_GUEST; the instruction is
 *                                 consumed and the state is unchanged.
 *   wait gate     sync_sem_wait_ready() is SEMWAIT's condition, polled every cycle by the wait
 *                 gate that holds the latched SEMWAIT (the latch itself lives there).
 *   mmio          sync_mmio_read/write, one 64 KiB window per SyncPort, offsets from the
 *                 window base (PC_BUF_BASE 0xFFE8_0000 for T0/T1/T2 and for B's PCBuf[0];
 *                 PC1_BUF_BASE 0xFFE9_0000 and PC2_BUF_BASE 0xFFEA_0000 for B's PCBuf[1]/[2]).
 *                 Only naturally aligned 32-bit accesses; anything else is BH_ERR_ACCESS.
 *                 BH_ERR_FULL means the access waits inside the memory subsystem (PCBuf full or
 *                 empty, TTSync not yet satisfied): the shell holds it and retries.
 *                 T_i view:  +0x0 PCBuf[i] (read pops, waiting while empty unless OverrideEn
 *                            returns OverrideValue; writes discarded); +0x4 CoprocessorDoneCheck
 *                            and +0x8 MOPExpanderDoneCheck (reads wait for the hooks below,
 *                            then return 0; writes discarded); +0x20 + 4 * s semaphore s (read
 *                            Value; write bit0 = 1 decrements like SEMGET, bit0 = 0 increments
 *                            like SEMPOST). Other offsets: BH_ERR_ADDR.
 *                 B view:    every offset is PCBuf[i]: a write pushes (waits while 16 values
 *                            are queued), a read waits until the FIFO is empty, RISC-V T_i is
 *                            blocked reading it and Tensix thread i is idle, then returns 0
 *                            (OverrideEn && OverrideBusy returns 0 at once).
 *                 debug = 1: reads have no side effects (a PCBuf read peeks, 0 if empty; TTSync
 *                 reads return 0); a semaphore write sets Value to data & 15; PCBuf writes
 *                 push as usual; other writes are discarded.
 *   hooks         SyncHooks::thread_idle / mop_idle tell whether Tensix thread i has nothing in
 *                 flight / no MOP queued or expanding (NULL: always true).
 *   override      sync_set_pcbuf_override() takes the value of RISCV_DEBUG_REG_TRISC_PC_BUF_
 *                 OVERRIDE (tile debug registers) whenever it is written.
 * Timing: no internal time, so no step function; every operation takes effect in the cycle it
 *   is accepted. Per-cycle limits (SyncUnit.md "Throughput"): at most one of SEMINIT/SEMPOST/
 *   SEMGET and STALLWAIT/SEMWAIT/STREAMWAIT per cycle across all threads; ATGETM/ATRELM up to
 *   three per cycle if they name different mutexes (one accepted operation per mutex per
 *   cycle). `version` counts state changes so a poller can sleep until it moves.
 * Mutex fairness: when several threads wait for a free mutex, the first to present its ATGETM
 *   in a cycle wins; when thread i releases a mutex that both others wait for, thread
 *   (i + 1) % 3 gets it (ATRELM.md), and when one other waits, that one does.
 * Not modeled: the "maybe wait a cycle or two" of ATGETM/ATRELM under contention; RISC-V
 *   semaphore writes do not take a slot of the one-per-cycle semaphore group; the shared store
 *   buffers that let RISC-V B queue PCBuf writes beyond 16 (B waits instead); the 1-cycle lag
 *   of the wait gate (the wait gate's business); STREAMWAIT's condition (NoC overlay streams).
 */
#ifndef BH_SYNC_UNIT_H
#define BH_SYNC_UNIT_H
#include <stdint.h>
#include "model/common/bh_common.h"
#ifdef __cplusplus
extern "C" {
#endif

#define SYNC_THREADS 3
#define SYNC_SEMAPHORES 8
#define SYNC_SEM_LIMIT 15    /* Value and Max are 4-bit; SEMPOST saturates here */
#define SYNC_MUTEX_SLOTS 5   /* indices 0..4; 1 does not exist (Blackhole has 0, 2, 3, 4) */
#define SYNC_MUTEX_FREE 0xFF /* mutex_holder / mutex_reserved: nobody */
#define SYNC_PCBUF_DEPTH 16  /* 32-bit values per PCBuf (PCBufs.md) */
#define SYNC_WINDOW_BYTES 0x10000
#define SYNC_OFF_PCBUF 0x0
#define SYNC_OFF_COPROC_DONE 0x4 /* CoprocessorDoneCheck (ManualTTSync.md) */
#define SYNC_OFF_MOP_DONE 0x8    /* MOPExpanderDoneCheck */
#define SYNC_OFF_SEMAPHORE 0x20  /* 4 * PC_BUF_SEMAPHORE_BASE (8) */
#define SYNC_COND_ZERO 0x1       /* SEMWAIT C0: wait while a selected Value == 0 */
#define SYNC_COND_MAX 0x2        /* SEMWAIT C1: wait while a selected Value >= Max */

/* Which RISC-V window an MMIO access arrives through. */
typedef enum SyncPort {
    SYNC_PORT_T0, /* RISC-V T0 at PC_BUF_BASE */
    SYNC_PORT_T1,
    SYNC_PORT_T2,
    SYNC_PORT_B0, /* RISC-V B at PC_BUF_BASE: PCBuf[0] */
    SYNC_PORT_B1, /* RISC-V B at PC1_BUF_BASE: PCBuf[1] */
    SYNC_PORT_B2, /* RISC-V B at PC2_BUF_BASE: PCBuf[2] */
    SYNC_PORTS
} SyncPort;

typedef struct SyncHooks {
    int (*thread_idle)(void *ctx, uint32_t thread); /* no in-flight Tensix instruction */
    int (*mop_idle)(void *ctx, uint32_t thread);    /* no MOP queued before or in expander */
    void *ctx;
} SyncHooks;

typedef struct SyncSemaphore {
    uint8_t value; /* 0..15 */
    uint8_t max;   /* 0..15, only read by SEMWAIT C1 */
} SyncSemaphore;

typedef struct SyncPcBuf {
    uint32_t fifo[SYNC_PCBUF_DEPTH];
    uint8_t head;      /* index of the oldest value */
    uint8_t count;     /* values queued */
    uint8_t t_waiting; /* RISC-V T_i is blocked reading this empty FIFO */
} SyncPcBuf;

typedef struct SyncStats {
    uint64_t sem_ops;         /* SEMINIT/SEMPOST/SEMGET executed */
    uint64_t sem_mmio_writes; /* RISC-V semaphore writes */
    uint64_t waits_issued;    /* STALLWAIT/SEMWAIT/STREAMWAIT passed to a wait gate */
    uint64_t group_stalls;    /* instructions refused by a per-cycle issue limit */
    uint64_t mutex_acquires;
    uint64_t mutex_waits; /* ATGETM refusals because another thread holds the mutex */
    uint64_t pcbuf_pushes;
    uint64_t pcbuf_pops;
} SyncStats;

typedef struct SyncUnit {
    BhLogContext *log; /* the chip's, from the core at init */
    SyncSemaphore sem[SYNC_SEMAPHORES];
    uint8_t mutex_holder[SYNC_MUTEX_SLOTS];   /* thread 0..2 or SYNC_MUTEX_FREE */
    uint8_t mutex_waiting[SYNC_MUTEX_SLOTS];  /* bit t: thread t waits in ATGETM for it */
    uint8_t mutex_reserved[SYNC_MUTEX_SLOTS]; /* next owner chosen at release, or FREE */
    uint64_t mutex_op_at[SYNC_MUTEX_SLOTS];   /* 1 + cycle of the last ATGETM/ATRELM, 0 none */
    uint64_t sem_group_at;                    /* 1 + cycle of the last semaphore-group op */
    SyncPcBuf pcbuf[SYNC_THREADS];
    uint32_t pcbuf_override; /* RISCV_DEBUG_REG_TRISC_PC_BUF_OVERRIDE */
    uint8_t hang_logged;     /* bit t: thread t's wait on a missing mutex was reported */
    SyncHooks hooks;
    uint64_t version; /* +1 on every change of semaphores, mutexes or PCBufs */
    SyncStats stats;
} SyncUnit;

void sync_init(SyncUnit *s, const SyncHooks *hooks,
               BhLogContext *log); /* hooks may be NULL; also resets */
void sync_reset(SyncUnit *s);

BhStatus sync_seminit(SyncUnit *s, uint32_t NewMax, uint32_t NewValue, uint32_t SemaphoreMask,
                      uint64_t now);
BhStatus sync_sempost(SyncUnit *s, uint32_t SemaphoreMask, uint64_t now);
BhStatus sync_semget(SyncUnit *s, uint32_t SemaphoreMask, uint64_t now);
/* STALLWAIT, SEMWAIT and STREAMWAIT executing in the Sync Unit on their way to the wait gate:
 * takes the cycle's semaphore-group slot. */
BhStatus sync_wait_issue(SyncUnit *s, uint64_t now);
/* SEMWAIT: 1 when none of the conditions in ConditionMask (SYNC_COND_*) holds for any
 * semaphore in SemaphoreMask, i.e. the wait is over. ConditionMask 0 selects no semaphore
 * condition (the wait gate turns such a SEMWAIT into a STALLWAIT) and returns 1. */
int sync_sem_wait_ready(const SyncUnit *s, uint32_t SemaphoreMask, uint32_t ConditionMask);

BhStatus sync_atgetm(SyncUnit *s, uint32_t thread, uint32_t Index, uint64_t now);
BhStatus sync_atrelm(SyncUnit *s, uint32_t thread, uint32_t Index, uint64_t now);

BhStatus sync_mmio_read(SyncUnit *s, SyncPort port, uint32_t off, void *buf, uint32_t len,
                        int debug);
BhStatus sync_mmio_write(SyncUnit *s, SyncPort port, uint32_t off, const void *buf, uint32_t len,
                         int debug);
void sync_set_pcbuf_override(SyncUnit *s, uint32_t reg);

#ifdef __cplusplus
}
#endif
#endif
