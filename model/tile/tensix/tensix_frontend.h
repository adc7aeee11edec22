/* model/tile/tensix/tensix_frontend.h - one Tensix thread's frontend: the instruction FIFO its core
 * pushes into, the MOP expander, the FIFO before the replay expander, the replay expander, the
 * FIFO before the wait gate, and the wait gate that hands instructions to the backend in
 * order (docs/hardware.md#frontend; anuraagw.me's "tensix coprocessor pipeline" notes).
 *
 * Interface:
 *   tensix_thread_push          the thread's own core pushes a word (INSTRN_BUF_BASE):
 *                               BH_ERR_FULL when the first FIFO is full (the core stalls)
 *   tensix_thread_push_late     BRISC's push to this thread, entering after the MOP expander
 *   TensixBackend               issue(): the backend takes (1), cannot take this cycle (0) or
 *                               does not implement (-1) the word; busy_conditions() and
 *                               sem_ready() answer the latched wait's conditions
 * Timing: tensix_thread_step(now) moves every stage once, downstream first, so a word
 *   advances at most one stage per cycle apart from what the expanders pass straight through
 *   (their own documented timing: model/tile/tensix/mop.h, replay.h). FIFO depths: 32 (first; the
 *   Blackhole 28-then-drain quirk is not modeled), 8, 2 (Blackhole's, docs/hardware.md#frontend).
 * Wait gate: STALLWAIT and SEMWAIT latch {block mask, condition mask, semaphore mask}; on
 *   Blackhole a new wait does not execute until the latched one is forgotten. An instruction
 *   whose block class is in the mask waits while any selected condition holds; the latch is
 *   forgotten once none holds, and the instruction right after a wait is blocked for at least
 *   one cycle. Block mask 0 means B6 (FPU); STALLWAIT condition mask 0 means 0x0F (BH).
 *   Plain NOP is blocked only by all nine block bits. Instructions leave strictly in order.
 * Not modeled: Auto TTSync, the 4-wide fused push of the TRISC instruction cache, the
 *   dropped-instruction race between BRISC and a TRISC at the mux.
 */
#ifndef BH_TENSIX_FRONTEND_H
#define BH_TENSIX_FRONTEND_H
#include <stdint.h>
#include "model/common/bh_common.h"
#include "model/tile/tensix/mop.h"
#include "model/tile/tensix/replay.h"
#ifdef __cplusplus
extern "C" {
#endif

#define TENSIX_FIFO0_DEPTH 32
#define TENSIX_FIFO1_DEPTH 8
#define TENSIX_FIFO2_DEPTH 2

/* Block classes (bits of a wait's block mask), docs/hardware.md#frontend. */
enum {
    TENSIX_B_MISC = 1u << 0, /* misc, Mover, ThCon, packer, unpacker */
    TENSIX_B_SYNC = 1u << 1,
    TENSIX_B_PACK = 1u << 2,
    TENSIX_B_UNPACK = 1u << 3,
    TENSIX_B_XMOV = 1u << 4,
    TENSIX_B_THCON = 1u << 5,
    TENSIX_B_FPU = 1u << 6,
    TENSIX_B_CFG = 1u << 7,
    TENSIX_B_SFPU = 1u << 8,
    TENSIX_B_ALL = 0x1FF,
};

/* Why a thread did not issue in a cycle (statistics). */
#define TENSIX_STALL_CAUSES(X)                                                                     \
    X(WAIT_GATE, "wait_gate")                                                                      \
    X(UNIT_BUSY, "unit_busy")                                                                      \
    X(WAIT_LATCHED, "wait_latched")

typedef enum TensixStall {
#define TENSIX_X_ENUM(name, str) TENSIX_STALL_##name,
    TENSIX_STALL_CAUSES(TENSIX_X_ENUM)
#undef TENSIX_X_ENUM
        TENSIX_STALLS
} TensixStall;

/* What a latched wait that blocks a thread (wait_gate cycles) waits for: a SEMWAIT's
 * semaphore, else the first of its STALLWAIT conditions that held at the last evaluation, in
 * this order (the C bits of busy_conditions: Src 5-8, FPU 4, unpackers 1-2, packer 3, SFPU 11,
 * Mover 9, ThCon 0, config 12), or the cycle right after the wait (the minimum block). Each
 * wait_gate cycle counts once, so the classes sum to it. */
#define TENSIX_WAIT_CLASSES(X)                                                                     \
    X(SEMAPHORE, "semaphore", 0)                                                                   \
    X(SRC, "src", 0x1E0)                                                                           \
    X(MATRIX, "matrix", 0x010)                                                                     \
    X(UNPACK, "unpack", 0x006)                                                                     \
    X(PACK, "pack", 0x008)                                                                         \
    X(SFPU, "sfpu", 0x800)                                                                         \
    X(MOVER, "mover", 0x200)                                                                       \
    X(THCON, "thcon", 0x001)                                                                       \
    X(CFG, "cfg", 0x1000)                                                                          \
    X(LAG, "after_wait", 0)

typedef enum TensixWaitClass {
#define TENSIX_X_ENUM(name, str, bits) TENSIX_WAIT_##name,
    TENSIX_WAIT_CLASSES(TENSIX_X_ENUM)
#undef TENSIX_X_ENUM
        TENSIX_WAIT_CLASS_COUNT
} TensixWaitClass;
const char *tensix_wait_class_name(TensixWaitClass k);

typedef struct TensixBackend {
    int (*issue)(void *ctx, uint32_t thread, uint32_t word, uint64_t now);
    /* the BH C bits of `want` that hold (only those are evaluated: each reads another unit) */
    uint32_t (*busy_conditions)(void *ctx, uint32_t thread, uint32_t want, uint64_t now);
    int (*sem_ready)(void *ctx, uint32_t sem_mask, uint32_t cond, uint64_t now);
    void *ctx;
} TensixBackend;

typedef struct TensixFifo {
    uint32_t *slot;
    uint16_t depth, rd, n;
} TensixFifo;

typedef struct TensixThread {
    /* what a step of the thread reads every cycle, first and together, so that the 130 or so
     * coprocessors of a chip stepping each cycle touch few cache lines (the run is bound by
     * memory more than by instructions) */
    TensixFifo fifo0, fifo1, fifo2;
    /* latched wait */
    uint8_t wait_active, wait_is_sem;
    uint8_t stopped; /* on an instruction the backend does not implement */
    uint32_t wait_block, wait_cond, wait_sem;
    uint32_t wait_holding;   /* the conditions that held at the last evaluation (statistics) */
    uint64_t wait_lag_until; /* the next instruction is blocked up to this cycle */
    uint64_t issued;         /* instructions that left the wait gate, NOPs included */
    /* this cycle's gate, for the units' stall causes (tensix_units.c): 0 nothing held back,
     * else 1 + the TensixStall of blocked_word, its block class and the wait's class */
    uint8_t blocked, blocked_wait;
    uint32_t blocked_cls, blocked_word;
    uint64_t stall_cycles[TENSIX_STALLS];
    Mop mop;       /* its hot fields first too */
    Replay replay; /* likewise */
    uint32_t fifo0_store[TENSIX_FIFO0_DEPTH], fifo1_store[TENSIX_FIFO1_DEPTH],
        fifo2_store[TENSIX_FIFO2_DEPTH];
    BhLogContext *log; /* the chip's, from the core at init */
    uint32_t stop_word;
    uint64_t stop_cycle;
    uint64_t opcode_count[256];                     /* per opcode */
    uint64_t wait_gate_by[TENSIX_WAIT_CLASS_COUNT]; /* wait_gate stall cycles by what held */
} TensixThread;

void tensix_thread_init(TensixThread *t, BhLogContext *log);
BhStatus tensix_thread_push(TensixThread *t, uint32_t word, uint64_t now);
BhStatus tensix_thread_push_late(TensixThread *t, uint32_t word, uint64_t now);
/* 1 if a push (late: tensix_thread_push_late) offered now would be refused: its FIFO is full */
int tensix_thread_refuse(const TensixThread *t, int late);
/* One cycle; returns 1 while the thread holds instructions or a latched wait. A tile steps
 * its threads in two phases, every thread's eval_wait before any thread's advance, so that
 * no thread sees another's same-cycle effects (a SEMPOST releases a SEMWAIT the next cycle). */
int tensix_thread_step(TensixThread *t, uint32_t thread, const TensixBackend *be, uint64_t now);
void tensix_thread_eval_wait(TensixThread *t, uint32_t thread, const TensixBackend *be,
                             uint64_t now);
int tensix_thread_advance(TensixThread *t, uint32_t thread, const TensixBackend *be, uint64_t now);
int tensix_thread_idle(const TensixThread *t);     /* nothing queued, expanding or latched */
int tensix_thread_mop_idle(const TensixThread *t); /* no MOP queued or expanding */
/* The thread's own bits [10:0] of the tensix_queue_status CSR (0xBC0; bit layout of tt-llk
 * tt_llk_blackhole/common/inc/ckernel.h qstatus_u): 0 replay expander busy or a REPLAY
 * queued, 1 a MOP queued or expanding, then an instruction queued in the thread's FIFOs for
 * 2 ThCon, 3 Mover (XMOV), 4 unpacker, 5 packer, 6 config, 7 sync, 8 misc (TDMA), 9 SFPU,
 * 10 FPU. Bits 11-12 (SFPU condition codes) stay 0 until the vector unit exists. */
uint32_t tensix_thread_queue_status(const TensixThread *t);
uint32_t tensix_block_class(uint32_t opcode); /* TENSIX_B_* of an instruction */
const char *tensix_stall_name(TensixStall s);

#ifdef __cplusplus
}
#endif
#endif
