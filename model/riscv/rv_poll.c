// SPDX-License-Identifier: Apache-2.0
/* Poll detection (rv_core.h RvPoll, riscv.poll_sleep). A loop is a poll when two consecutive
 * iterations, head to head, leave every register as it was, take the same cycles and counts,
 * and take nothing from outside the core but one bus load that returned the same value both
 * times (or nothing at all: a loop on L0 D-cache hits, whose stale copy nothing else can
 * change, or a bare spin). The interpreter is deterministic, so every further iteration is an
 * exact repeat until that load returns something else; the owner can put the core to sleep
 * and later skip the iterations it would have executed (rv_core_poll_skip).
 * Not candidates: loops with a store, a fence or atomic, a load from a fast region (another
 * agent can change local RAM through its slow window, which the owner does not watch) or
 * from L1 through the bus (a PENDING answer: its timing depends on contention), anything still
 * in flight at the head. */
#include <string.h>
#include "model/riscv/rv_core_state.h"

#define POLL_NONE UINT32_MAX
#define POLL_BODY_MAX 256 /* instructions per iteration considered */
#define STAT_WORDS (sizeof(RvStats) / sizeof(uint64_t))

_Static_assert(sizeof(RvStats) % sizeof(uint64_t) == 0, "RvStats holds uint64_t fields only");

void rv_poll_reset(RvCore *c)
{
    c->poll_head = POLL_NONE;
    c->poll_reject = POLL_NONE;
    c->poll_prev_period = 0;
    c->last_load_at = 0;
}

static int quiet(const RvCore *c)
{
    if (c->outstanding || c->sq_open >= 0 || c->slot[RV_FETCH_SLOT].kind != RV_SLOT_FREE ||
        c->waiting)
        return 0;
    for (uint32_t i = 0; i < RV_SQ_MAX; i++)
        if (c->sq[i].state != RV_SQ_FREE)
            return 0;
    for (uint32_t r = 0; r < 32; r++)
        if (c->ready[r] > c->cycle)
            return 0;
    return 1;
}

static void delta(const RvStats *now, const RvStats *then, RvStats *d)
{
    const uint64_t *a = (const uint64_t *)now, *b = (const uint64_t *)then;
    uint64_t *o = (uint64_t *)d;
    for (size_t i = 0; i < STAT_WORDS; i++)
        o[i] = a[i] - b[i];
    d->cycles_run = 0; /* only totalled at the end of a run: the period stands for it */
    d->poll_sleeps = d->poll_skipped_iterations = 0;
}

static void arm(RvCore *c, uint32_t head)
{
    if (head != c->poll_head)
        c->poll_prev_period = 0;
    c->poll_head = head;
    c->poll_cycle = c->cycle;
    memcpy(c->poll_x, c->st.x, sizeof c->poll_x);
    c->poll_stats = c->stats;
}

int rv_poll_at_head(RvCore *c, uint32_t head)
{
    if (head == c->poll_reject)
        return 0;
    if (!quiet(c)) {
        c->poll_head = POLL_NONE;
        return 0;
    }
    if (head != c->poll_head) {
        c->poll_reject = POLL_NONE;
        arm(c, head);
        return 0;
    }
    RvStats d;
    delta(&c->stats, &c->poll_stats, &d);
    const uint64_t period = c->cycle - c->poll_cycle;
    const int one_load = d.bus_accesses == 1 && d.loads == 1 && d.dcache_hits == 0 &&
                         c->last_load_at >= c->poll_cycle;
    const int inside = d.bus_accesses == 0 && d.loads == d.dcache_hits;
    const int candidate = period > 0 && d.instret <= POLL_BODY_MAX && d.stores == 0 &&
                          (one_load || inside) && memcmp(c->st.x, c->poll_x, sizeof c->poll_x) == 0;
    /* a repeat of the previous candidate iteration: same period, counts and load */
    const int repeat =
        candidate && c->poll_prev_period == period && memcmp(&d, &c->poll_delta, sizeof d) == 0 &&
        (!one_load || (c->poll.addr == c->last_load_addr && c->poll.size == c->last_load_size &&
                       c->poll.value == c->last_load_value));
    if (candidate) {
        c->poll_prev_period = period;
        c->poll_delta = d;
        c->poll.addr = one_load ? c->last_load_addr : 0;
        c->poll.size = one_load ? c->last_load_size : 0;
        c->poll.value = one_load ? c->last_load_value : 0;
    } else {
        c->poll_prev_period = 0;
    }
    const uint64_t load_at = c->last_load_at;
    arm(c, head);
    if (!repeat)
        return 0;
    c->poll.pc = head;
    c->poll.loads = (uint32_t)one_load;
    c->poll.head_cycle = c->cycle;
    c->poll.period = period;
    c->poll.load_offset = one_load ? load_at - (c->cycle - period) : 0;
    c->stats.poll_sleeps++;
    return 1;
}

const RvPoll *rv_core_poll(const RvCore *c)
{
    return &c->poll;
}

void rv_core_poll_skip(RvCore *c, uint64_t iterations)
{
    if (!iterations)
        return;
    uint64_t *s = (uint64_t *)&c->stats;
    const uint64_t *d = (const uint64_t *)&c->poll_delta;
    for (size_t i = 0; i < STAT_WORDS; i++)
        s[i] += iterations * d[i];
    const uint64_t cycles = iterations * c->poll.period;
    RvProfEntry *e;
    if (c->prof && (e = rv_profile_at(c->prof, c->st.pc))) { /* all charged at the head */
        e->insns += iterations * c->poll_delta.instret;
        for (uint32_t s = 0; s < RV_STALLS; s++)
            e->stall[s] += iterations * c->poll_delta.stall[s];
    }
    c->stats.cycles_run += cycles;
    c->stats.poll_skipped_iterations += iterations;
    c->cycle += cycles;
    c->poll.head_cycle += cycles;
    c->poll_cycle += cycles;
    c->poll_stats = c->stats;
    c->last_load_at += cycles;
    for (uint32_t r = 0; r < 32; r++) /* quiet at the head: every register was ready */
        if (c->ready[r] < c->cycle)
            c->ready[r] = 0;
}

void rv_core_poll_reject(RvCore *c)
{
    c->poll_reject = c->poll_head;
}
