// SPDX-License-Identifier: Apache-2.0
#include "model/tile/tensix/tensix_frontend.h"
#include <string.h>
#include "model/tile/tensix/tensix_isa.h"

#define BH_STALLWAIT_DEFAULT_COND 0x0Fu /* Blackhole: condition mask 0 means 0x0F */

static const char *const stall_names[] = {
#define TENSIX_X_NAME(name, str) str,
    TENSIX_STALL_CAUSES(TENSIX_X_NAME)
#undef TENSIX_X_NAME
};

const char *tensix_stall_name(TensixStall s)
{
    return s < TENSIX_STALLS ? stall_names[s] : "?";
}

/* depths are powers of two, so a slot index is a mask, not a divide, on every push and pop */
_Static_assert(!(TENSIX_FIFO0_DEPTH & (TENSIX_FIFO0_DEPTH - 1)) &&
                   !(TENSIX_FIFO1_DEPTH & (TENSIX_FIFO1_DEPTH - 1)) &&
                   !(TENSIX_FIFO2_DEPTH & (TENSIX_FIFO2_DEPTH - 1)),
               "FIFO depths");

static void fifo_init(TensixFifo *f, uint32_t *store, uint16_t depth)
{
    f->slot = store;
    f->depth = depth;
    f->rd = f->n = 0;
}

static int fifo_push(TensixFifo *f, uint32_t w)
{
    if (f->n == f->depth)
        return 0;
    f->slot[(f->rd + f->n) & (f->depth - 1u)] = w;
    f->n++;
    return 1;
}

static uint32_t fifo_head(const TensixFifo *f)
{
    return f->slot[f->rd];
}

static void fifo_pop(TensixFifo *f)
{
    f->rd = (uint16_t)((f->rd + 1u) & (f->depth - 1u));
    f->n--;
}

void tensix_thread_init(TensixThread *t, BhLogContext *log)
{
    memset(t, 0, sizeof *t);
    t->log = log;
    fifo_init(&t->fifo0, t->fifo0_store, TENSIX_FIFO0_DEPTH);
    fifo_init(&t->fifo1, t->fifo1_store, TENSIX_FIFO1_DEPTH);
    fifo_init(&t->fifo2, t->fifo2_store, TENSIX_FIFO2_DEPTH);
    mop_init(&t->mop, log);
    replay_init(&t->replay, log);
}

BhStatus tensix_thread_push(TensixThread *t, uint32_t word, uint64_t now)
{
    (void)now;
    return fifo_push(&t->fifo0, word) ? BH_OK : BH_ERR_FULL;
}

BhStatus tensix_thread_push_late(TensixThread *t, uint32_t word, uint64_t now)
{
    (void)now;
    return fifo_push(&t->fifo1, word) ? BH_OK : BH_ERR_FULL;
}

int tensix_thread_refuse(const TensixThread *t, int late)
{
    const TensixFifo *f = late ? &t->fifo1 : &t->fifo0;
    return f->n == f->depth;
}

/* Block classes by instruction (STALLWAIT.md's per-instruction table, docs/hardware.md#frontend);
 * instructions not listed are matrix-unit (FPU) instructions, SFP* are the vector unit's. */
uint32_t tensix_block_class(uint32_t op)
{
    switch (op) {
    case TENSIX_OP_NOP:
        return TENSIX_B_ALL; /* a plain NOP waits only when every bit is set */
    case TENSIX_OP_ATGETM:
    case TENSIX_OP_ATRELM:
    case TENSIX_OP_SEMINIT:
    case TENSIX_OP_SEMPOST:
    case TENSIX_OP_SEMGET:
        return TENSIX_B_SYNC;
    case TENSIX_OP_STALLWAIT:
    case TENSIX_OP_SEMWAIT:
    case TENSIX_OP_STREAMWAIT:
        return TENSIX_B_ALL;
    case TENSIX_OP_PACR:
    case TENSIX_OP_PACR_SETREG:
        return TENSIX_B_PACK | TENSIX_B_MISC;
    case TENSIX_OP_UNPACR:
    case TENSIX_OP_UNPACR_NOP:
        return TENSIX_B_UNPACK | TENSIX_B_MISC;
    case TENSIX_OP_XMOV:
        return TENSIX_B_XMOV | TENSIX_B_MISC;
    case TENSIX_OP_SETDMAREG:
    case TENSIX_OP_ADDDMAREG:
    case TENSIX_OP_SUBDMAREG:
    case TENSIX_OP_MULDMAREG:
    case TENSIX_OP_BITWOPDMAREG:
    case TENSIX_OP_SHIFTDMAREG:
    case TENSIX_OP_CMPDMAREG:
    case TENSIX_OP_LOADIND:
    case TENSIX_OP_STOREIND:
    case TENSIX_OP_LOADREG:
    case TENSIX_OP_STOREREG:
    case TENSIX_OP_ATINCGET:
    case TENSIX_OP_ATINCGETPTR:
    case TENSIX_OP_ATSWAP:
    case TENSIX_OP_ATCAS:
    case TENSIX_OP_REG2FLOP:
    case TENSIX_OP_FLUSHDMA:
    case TENSIX_OP_DMANOP:
        return TENSIX_B_THCON | TENSIX_B_MISC;
    case TENSIX_OP_WRCFG:
    case TENSIX_OP_RDCFG:
    case TENSIX_OP_SETC16:
    case TENSIX_OP_RMWCIB0:
    case TENSIX_OP_RMWCIB1:
    case TENSIX_OP_RMWCIB2:
    case TENSIX_OP_RMWCIB3:
    case TENSIX_OP_CFGSHIFTMASK:
        return TENSIX_B_CFG;
    case TENSIX_OP_MVMUL: /* the matrix unit's commonest, answered before the name search */
    case TENSIX_OP_DOTPV:
    case TENSIX_OP_GAPOOL:
    case TENSIX_OP_GMPOOL:
    case TENSIX_OP_ELWADD:
    case TENSIX_OP_ELWSUB:
    case TENSIX_OP_ELWMUL:
    case TENSIX_OP_SETRWC:
    case TENSIX_OP_INCRWC:
    case TENSIX_OP_CLEARDVALID:
    case TENSIX_OP_ZEROACC:
    case TENSIX_OP_ZEROSRC:
    case TENSIX_OP_MOVA2D:
    case TENSIX_OP_MOVB2D:
    case TENSIX_OP_MOVD2A:
    case TENSIX_OP_MOVD2B:
    case TENSIX_OP_MOVB2A:
    case TENSIX_OP_TRNSPSRCB:
    case TENSIX_OP_SHIFTXA:
    case TENSIX_OP_SHIFTXB:
        return TENSIX_B_FPU;
    default:
        break;
    }
    const char *name = tensix_op_name(op);
    if (name && name[0] == 'S' && name[1] == 'F' && name[2] == 'P') /* "SFP...", no call */
        return TENSIX_B_SFPU;
    if (name &&
        (!strncmp(name, "SETADC", 6) || !strncmp(name, "INCADC", 6) ||
         !strncmp(name, "ADDRCR", 6) || !strcmp(name, "SETDVALID") || !strcmp(name, "RSTDMA")))
        return TENSIX_B_MISC;
    return TENSIX_B_FPU;
}

/* 1 while the latched wait still holds; the conditions that hold in t->wait_holding */
static int wait_holds(TensixThread *t, uint32_t thread, const TensixBackend *be, uint64_t now)
{
    if (t->wait_is_sem)
        return !be->sem_ready(be->ctx, t->wait_sem, t->wait_cond, now);
    t->wait_holding = be->busy_conditions(be->ctx, thread, t->wait_cond, now);
    return t->wait_holding != 0;
}

static const struct {
    const char *name;
    uint32_t bits;
} wait_classes[TENSIX_WAIT_CLASS_COUNT] = {
#define TENSIX_X_ROW(name, str, bits) {str, bits},
    TENSIX_WAIT_CLASSES(TENSIX_X_ROW)
#undef TENSIX_X_ROW
};

const char *tensix_wait_class_name(TensixWaitClass k)
{
    return (unsigned)k < TENSIX_WAIT_CLASS_COUNT ? wait_classes[k].name : "?";
}

/* which class a wait_gate cycle of t counts to */
static TensixWaitClass wait_class(const TensixThread *t, uint64_t now)
{
    if (t->wait_is_sem)
        return TENSIX_WAIT_SEMAPHORE;
    if (now < t->wait_lag_until || !t->wait_holding)
        return TENSIX_WAIT_LAG;
    for (uint32_t k = TENSIX_WAIT_SRC; k < TENSIX_WAIT_LAG; k++)
        if (t->wait_holding & wait_classes[k].bits)
            return (TensixWaitClass)k;
    return TENSIX_WAIT_LAG;
}

void tensix_thread_eval_wait(TensixThread *t, uint32_t thread, const TensixBackend *be,
                             uint64_t now)
{
    if (t->wait_active && now >= t->wait_lag_until && !wait_holds(t, thread, be, now))
        t->wait_active = 0;
}

/* the gate held w back this cycle (k): what the units' accounting reads */
static void held(TensixThread *t, TensixStall k, uint32_t w, uint32_t cls, TensixWaitClass wc)
{
    t->stall_cycles[k]++;
    t->blocked = (uint8_t)(1 + k);
    t->blocked_wait = (uint8_t)wc;
    t->blocked_cls = cls;
    t->blocked_word = w;
}

static void gate(TensixThread *t, uint32_t thread, const TensixBackend *be, uint64_t now)
{
    t->blocked = 0;
    if (!t->fifo2.n || t->stopped)
        return;
    uint32_t w = fifo_head(&t->fifo2), op = tensix_opcode(w);
    uint32_t cls = tensix_block_class(op);
    int is_wait = op == TENSIX_OP_STALLWAIT || op == TENSIX_OP_SEMWAIT;
    if (is_wait && t->wait_active) { /* Blackhole: a new wait waits for the latch to go */
        held(t, TENSIX_STALL_WAIT_LATCHED, w, cls, wait_class(t, now));
        return;
    }
    if (t->wait_active &&
        (cls == TENSIX_B_ALL ? t->wait_block == TENSIX_B_ALL : (cls & t->wait_block) != 0)) {
        const TensixWaitClass wc = wait_class(t, now);
        held(t, TENSIX_STALL_WAIT_GATE, w, cls, wc);
        t->wait_gate_by[wc]++;
        return;
    }
    int r = be->issue(be->ctx, thread, w, now);
    if (r == 0) {
        held(t, TENSIX_STALL_UNIT_BUSY, w, cls, TENSIX_WAIT_LAG);
        return;
    }
    if (r < 0) { /* not implemented: the run stops, naming the instruction */
        t->stopped = 1;
        t->stop_word = w;
        t->stop_cycle = now;
        return;
    }
    fifo_pop(&t->fifo2);
    t->issued++;
    t->opcode_count[op]++;
    if (is_wait) {
        uint32_t block = TENSIX_GET(STALLWAIT, STALL_RES, w);
        t->wait_block = block ? block : TENSIX_B_FPU;
        t->wait_is_sem = op == TENSIX_OP_SEMWAIT;
        if (t->wait_is_sem) {
            t->wait_sem = TENSIX_GET(SEMWAIT, SEM_SEL, w);
            t->wait_cond = TENSIX_GET(SEMWAIT, WAIT_SEM_COND, w);
            if (!t->wait_cond) { /* UndefinedBehaviour on BH: wait as a STALLWAIT would */
                BH_LOG_GUEST(t->log,
                             "Tensix thread %u: SEMWAIT with condition mask 0 (undefined on "
                             "Blackhole); waiting as STALLWAIT 0x0F",
                             thread);
                t->wait_is_sem = 0;
                t->wait_cond = BH_STALLWAIT_DEFAULT_COND;
            }
        } else {
            uint32_t cond = TENSIX_GET(STALLWAIT, WAIT_RES, w);
            t->wait_cond = cond ? cond : BH_STALLWAIT_DEFAULT_COND;
        }
        t->wait_active = 1;
        t->wait_holding = 0;         /* known at its first evaluation */
        t->wait_lag_until = now + 2; /* the next instruction waits at least one cycle */
    }
}

int tensix_thread_step(TensixThread *t, uint32_t thread, const TensixBackend *be, uint64_t now)
{
    tensix_thread_eval_wait(t, thread, be, now);
    return tensix_thread_advance(t, thread, be, now);
}

int tensix_thread_advance(TensixThread *t, uint32_t thread, const TensixBackend *be, uint64_t now)
{
    uint32_t w;
    /* 1. wait gate and backend */
    gate(t, thread, be, now);
    /* 2. replay expander: from the FIFO before it, into the FIFO before the gate */
    if (t->fifo1.n && replay_can_accept(&t->replay, now) &&
        replay_accept(&t->replay, fifo_head(&t->fifo1), now) == BH_OK)
        fifo_pop(&t->fifo1);
    if (t->fifo2.n < t->fifo2.depth && replay_next(&t->replay, now, &w))
        fifo_push(&t->fifo2, w);
    /* 3. MOP expander: from the first FIFO, into the FIFO before the replay expander */
    if (t->fifo0.n && mop_accept(&t->mop, fifo_head(&t->fifo0), now) == BH_OK)
        fifo_pop(&t->fifo0);
    if (t->fifo1.n < t->fifo1.depth && mop_next(&t->mop, now, &w))
        fifo_push(&t->fifo1, w);
    return !tensix_thread_idle(t);
}

int tensix_thread_mop_idle(const TensixThread *t)
{
    return !t->fifo0.n && !mop_busy(&t->mop);
}

static uint32_t queued_bits(const TensixFifo *f)
{
    static const struct {
        uint32_t block, bit;
    } map[] = {{TENSIX_B_THCON, 2}, {TENSIX_B_XMOV, 3}, {TENSIX_B_UNPACK, 4},
               {TENSIX_B_PACK, 5},  {TENSIX_B_CFG, 6},  {TENSIX_B_SYNC, 7},
               {TENSIX_B_MISC, 8},  {TENSIX_B_SFPU, 9}, {TENSIX_B_FPU, 10}};
    uint32_t bits = 0;
    for (uint32_t i = 0; i < f->n; i++) {
        uint32_t op = tensix_opcode(f->slot[(f->rd + i) & (f->depth - 1u)]);
        if (op == TENSIX_OP_MOP || op == TENSIX_OP_MOP_CFG) {
            bits |= 1u << 1;
        } else if (op == TENSIX_OP_REPLAY) {
            bits |= 1u << 0;
        } else if (op == TENSIX_OP_STALLWAIT || op == TENSIX_OP_SEMWAIT ||
                   op == TENSIX_OP_STREAMWAIT) {
            bits |= 1u << 7; /* waits are the sync unit's */
        } else if (op != TENSIX_OP_NOP) {
            uint32_t cls = tensix_block_class(op);
            for (uint32_t k = 0; k < sizeof map / sizeof map[0]; k++)
                if (cls & map[k].block)
                    bits |= 1u << map[k].bit;
        }
    }
    return bits;
}

uint32_t tensix_thread_queue_status(const TensixThread *t)
{
    return queued_bits(&t->fifo0) | queued_bits(&t->fifo1) | queued_bits(&t->fifo2) |
           (replay_busy(&t->replay) ? 1u << 0 : 0) | (mop_busy(&t->mop) ? 1u << 1 : 0);
}

int tensix_thread_idle(const TensixThread *t)
{
    return tensix_thread_mop_idle(t) && !t->fifo1.n && !replay_busy(&t->replay) && !t->fifo2.n &&
           !t->wait_active;
}
