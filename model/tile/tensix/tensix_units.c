// SPDX-License-Identifier: Apache-2.0
/* The coprocessor units' states, cycle by cycle (TENSIX_UNIT_STATES in tensix_core.h): what each
 * unit did in every cycle of the coprocessor's active window, from what the step already knows:
 * which units work, which threads hold work, and what each thread's wait gate held back this
 * cycle and why (tensix_frontend.c: the wait's class, or the unit's refusal).
 *
 * Cost: a unit's state is kept as a run (its state and the cycle it began), so a cycle adds to
 * the counts only where a state changes; a cycle whose inputs equal the previous cycle's
 * (ukey) is not classified again; a cycle in which nothing is active is not looked at, and the
 * gap of such cycles before the next active one closes every run as idle at once. */
#include "model/tile/tensix/tensix_core.h"
#include "model/tile/tensix/tensix_isa.h"

static const char *const state_names[TENSIX_UNIT_STATE_COUNT] = {
#define TENSIX_X_NAME(name, str) str,
    TENSIX_UNIT_STATES(TENSIX_X_NAME)
#undef TENSIX_X_NAME
};

const char *tensix_unit_state_name(uint32_t state)
{
    return state < TENSIX_UNIT_STATE_COUNT ? state_names[state] : "?";
}

/* a gate held back for a wait of this class: the unit's stall cause */
static const uint8_t wait_cause[TENSIX_WAIT_CLASS_COUNT] = {
    [TENSIX_WAIT_SEMAPHORE] = TENSIX_US_SEMAPHORE,
    [TENSIX_WAIT_SRC] = TENSIX_US_SRC,
    [TENSIX_WAIT_MATRIX] = TENSIX_US_DST,
    [TENSIX_WAIT_UNPACK] = TENSIX_US_SRC,
    [TENSIX_WAIT_PACK] = TENSIX_US_DST,
    [TENSIX_WAIT_SFPU] = TENSIX_US_DST,
    [TENSIX_WAIT_MOVER] = TENSIX_US_OTHER,
    [TENSIX_WAIT_THCON] = TENSIX_US_OTHER,
    [TENSIX_WAIT_CFG] = TENSIX_US_OTHER,
    [TENSIX_WAIT_LAG] = TENSIX_US_OTHER,
};

/* the unit an instruction of block class cls goes to (tensix_issue.c's dispatch), or
 * TENSIX_UNITS for a plain NOP */
static uint32_t unit_of(uint32_t w, uint32_t cls)
{
    const uint32_t op = tensix_opcode(w);
    if (cls == TENSIX_B_ALL)
        return op == TENSIX_OP_NOP ? TENSIX_UNITS : TENSIX_UNIT_SYNC;
    if (cls & TENSIX_B_FPU)
        return TENSIX_UNIT_MATRIX;
    if (cls & TENSIX_B_SFPU)
        return TENSIX_UNIT_VECTOR;
    if (cls & TENSIX_B_UNPACK)
        return TENSIX_UNIT_UNPACK0 + (op == TENSIX_OP_UNPACR
                                          ? TENSIX_GET(UNPACR, UNPACK_BLOCK_SELECTION, w)
                                          : TENSIX_GET(UNPACR_NOP, UNPACKER_SELECT, w));
    if (cls & TENSIX_B_PACK)
        return TENSIX_UNIT_PACK;
    if (cls & TENSIX_B_XMOV)
        return TENSIX_UNIT_MOVER;
    if (cls & TENSIX_B_THCON)
        return TENSIX_UNIT_THCON;
    if (cls & TENSIX_B_CFG)
        return TENSIX_UNIT_CFG;
    if (cls & TENSIX_B_SYNC)
        return TENSIX_UNIT_SYNC;
    return op == TENSIX_OP_SETDVALID ? TENSIX_UNIT_MATRIX : TENSIX_UNIT_ADC;
}

/* the L1 client of each unit that has one */
static const int8_t l1_client[TENSIX_UNITS] = {
    [TENSIX_UNIT_SYNC] = -1,
    [TENSIX_UNIT_CFG] = -1,
    [TENSIX_UNIT_THCON] = L1_THCON,
    [TENSIX_UNIT_MOVER] = L1_MOVER,
    [TENSIX_UNIT_MATRIX] = -1,
    [TENSIX_UNIT_UNPACK0] = L1_UNPACK0,
    [TENSIX_UNIT_UNPACK1] = L1_UNPACK1,
    [TENSIX_UNIT_PACK] = L1_PACK,
    [TENSIX_UNIT_ADC] = -1,
    [TENSIX_UNIT_VECTOR] = -1,
};
#define L1_UNITS                                                                                   \
    (1u << TENSIX_UNIT_THCON | 1u << TENSIX_UNIT_MOVER | 1u << TENSIX_UNIT_UNPACK0 |               \
     1u << TENSIX_UNIT_UNPACK1 | 1u << TENSIX_UNIT_PACK)

/* The busy units (of `units`) whose L1 accesses waited behind another client's in the L1's
 * last cycle (L1 steps after the coprocessor: the previous cycle's arbitration). Waits behind
 * the unit's own accesses are its own rate, not a stall. */
static uint32_t l1_waits(TensixCore *c, uint32_t units)
{
    const L1Stats *st = &c->l1->st;
    uint32_t waited = 0;
    for (uint32_t m = units; m; m &= m - 1) {
        const uint32_t u = (uint32_t)__builtin_ctz(m), k = (uint32_t)l1_client[u];
        const uint64_t w = st->client[k].wait_cycles - st->waited_on[k][k];
        if (w != c->l1_waits_seen[u]) {
            c->l1_waits_seen[u] = w;
            waited |= 1u << u;
        }
    }
    return waited;
}

static void set_state(TensixCore *c, uint32_t u, uint32_t s, uint64_t at)
{
    c->ucycles[u][c->ustate[u]] += at - c->usince[u];
    c->ustate[u] = (uint8_t)s;
    c->usince[u] = at;
}

/* one cycle's states from its inputs (the key's fields) */
static void classify(TensixCore *c, uint32_t busy, uint32_t l1, uint32_t src, uint32_t threads,
                     const uint8_t held[TENSIX_THREADS][2], uint64_t now)
{
    uint8_t st[TENSIX_UNITS];
    for (uint32_t u = 0; u < TENSIX_UNITS; u++)
        st[u] = (threads >> c->feeder[u] & 1) ? TENSIX_US_FIFO : TENSIX_US_IDLE;
    for (uint32_t t = TENSIX_THREADS; t-- > 0;) /* the lowest thread's cause wins */
        if (held[t][0] < TENSIX_UNITS)
            st[held[t][0]] = held[t][1];
    for (uint32_t m = busy; m; m &= m - 1) {
        const uint32_t u = (uint32_t)__builtin_ctz(m);
        st[u] = (src >> u & 1) ? TENSIX_US_SRC : (l1 >> u & 1) ? TENSIX_US_L1 : TENSIX_US_BUSY;
    }
    for (uint32_t u = 0; u < TENSIX_UNITS; u++)
        if (st[u] != c->ustate[u])
            set_state(c, u, st[u], now);
}

void tensix_units_account(TensixCore *c, uint32_t busy, uint32_t src, uint32_t threads,
                          uint64_t now)
{
    const uint32_t accepted = c->accepted;
    c->accepted = 0;
    if (!(busy | threads | accepted) || (c->acct_started && now < c->acct_end))
        return;
    if (!c->acct_started) { /* the window opens: every unit idle from here */
        c->acct_started = 1;
        c->acct_first = c->acct_end = now;
        for (uint32_t u = 0; u < TENSIX_UNITS; u++) {
            c->ustate[u] = TENSIX_US_IDLE;
            c->usince[u] = now;
        }
        c->ukey = ~0ull;
    } else if (now > c->acct_end) { /* nothing was active in [acct_end, now): idle */
        for (uint32_t u = 0; u < TENSIX_UNITS; u++)
            if (c->ustate[u] != TENSIX_US_IDLE)
                set_state(c, u, TENSIX_US_IDLE, c->acct_end);
        c->ukey = ~0ull;
    }
    /* a unit that took an instruction is busy this cycle, whatever else it waits for */
    const uint32_t l1 = (busy & L1_UNITS) ? l1_waits(c, busy & L1_UNITS) & ~accepted : 0;
    src &= ~accepted;
    busy |= accepted;
    /* the key: the units' and threads' bits, each thread's gate verdict (what held it back and
     * why); what it held back changes only when an instruction issues, which forces a new
     * classification (as does a unit's new feeder, tensix_issue.c) */
    uint64_t key = busy | (uint64_t)l1 << 10 | (uint64_t)src << 20 | (uint64_t)threads << 30;
    for (uint32_t t = 0; t < TENSIX_THREADS; t++) {
        const TensixThread *th = &c->thr[t];
        const uint32_t why =
            th->blocked == 1 + TENSIX_STALL_UNIT_BUSY ? c->refused_cause[t] : th->blocked_wait;
        key |= (uint64_t)(th->blocked | why << 2) << (33 + 8 * t);
    }
    if (key != c->ukey || c->issued != c->acct_issued) {
        c->ukey = key;
        c->acct_issued = c->issued;
        uint8_t held[TENSIX_THREADS][2];
        for (uint32_t t = 0; t < TENSIX_THREADS; t++) {
            const TensixThread *th = &c->thr[t];
            held[t][0] = TENSIX_UNITS;
            if (!th->blocked)
                continue;
            held[t][0] = (uint8_t)unit_of(th->blocked_word, th->blocked_cls);
            held[t][1] = th->blocked == 1 + TENSIX_STALL_UNIT_BUSY ? c->refused_cause[t]
                                                                   : wait_cause[th->blocked_wait];
        }
        classify(c, busy, l1, src, threads, held, now);
    }
    c->acct_end = now + 1;
}

uint64_t tensix_core_unit_window(const TensixCore *c)
{
    return c->acct_started ? c->acct_end - c->acct_first : 0;
}

void tensix_core_unit_cycles(const TensixCore *c, uint32_t unit, uint64_t *cycles)
{
    BH_ASSERT(unit < TENSIX_UNITS);
    for (uint32_t s = 0; s < TENSIX_UNIT_STATE_COUNT; s++)
        cycles[s] = c->ucycles[unit][s];
    if (c->acct_started) /* the open run, to the window's end */
        cycles[c->ustate[unit]] += c->acct_end - c->usince[unit];
}

uint32_t tensix_core_unit_state(const TensixCore *c, uint32_t unit, uint64_t now)
{
    return c->acct_started && c->acct_end == now + 1 ? c->ustate[unit] : TENSIX_US_IDLE;
}
