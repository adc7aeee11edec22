// SPDX-License-Identifier: Apache-2.0
/* model/tile/tensix_tile_poll.c - the tile's side of poll sleep: which words a sleeping core
 * watches, when it wakes and how many iterations it skips, and the stall test the platform's
 * watchdog asks. Separate from tensix_tile_cores.c (the cores' bus and stepping) because it
 * is a policy on top of them: with riscv.poll_sleep = 0 none of it runs. */
#include <stdio.h>
#include "model/tile/tensix_tile.h"
#include "model/tile/tensix_tile_internal.h"

/* Poll sleep (riscv.poll_sleep, rv_core.h RvPoll). A sleeping core costs nothing; when what
 * it polls changes, it skips the iterations it would have run and resumes at the first one
 * whose load sees the change: the same results and cycles as running every iteration. A
 * change is seen by a core's load at cycle `vis`: the NoC's changes at the cycle they happen
 * (the networks step before the tile), a core's write at that cycle by the cores stepped
 * after it and the next cycle by those before, the coprocessor's the next cycle (it steps
 * after the cores). */
static int watch_of(const TensixTile *t, const RvPoll *p, uint32_t *region)
{
    if (!p->loads)
        return TILE_WATCH_FOREVER;
    *region = tile_map_lookup(&t->map, p->addr);
    const TileRegion *r = tile_region(*region);
    if (!r || p->size != 4)
        return -1;
    const uint32_t off = p->addr - r->base;
    switch (r->target) {
    case TILE_T_NIU:
        return t->niu ? TILE_WATCH_NIU : -1;
    case TILE_T_GPR:
    case TILE_T_CFG:
        return t->core ? TILE_WATCH_COPROC : -1;
    case TILE_T_PC_BUF: /* semaphores; the PCBuf and TTSync words pop or block when read */
        return t->core && r->arg == 0 && off >= 0x20 ? TILE_WATCH_COPROC : -1;
    case TILE_T_L1: /* only loops the core reported with poll_sleep_l1 (its load was L1's) */
        return TILE_WATCH_L1;
    case TILE_T_OVERLAY: /* no overlay register changes by itself (no message engine) */
    case TILE_T_PIC:     /* nor a PIC register (no hardware IRQ source); polls read 0 */
        return TILE_WATCH_DEBUG;
    case TILE_T_DEBUG: /* not the wall clock, which reads differently every cycle */
        return off >= tile_reg_offset(TILE_R_WALL_CLOCK_L) &&
                       off <= tile_reg_offset(TILE_R_WALL_CLOCK_H)
                   ? -1
                   : TILE_WATCH_DEBUG;
    default:
        return -1;
    }
}

/* what the poll would read now, without side effects; 0 if it cannot be read */
static int poll_read(TensixTile *t, const TileCoreSlot *s, uint32_t *val)
{
    const RvPoll *p = rv_core_poll(s->rv);
    const TileRegion *r = tile_region(s->watch_region);
    const uint32_t off = p->addr - (uint32_t)r->base;
    switch (s->watch) {
    case TILE_WATCH_NIU:
        return t->niu(t->niu_ctx, r->arg, off, 4, 0, 1, val, t->now) == BH_OK;
    case TILE_WATCH_COPROC:
        return tensix_core_region_read(t->core, s->id, s->watch_region, off, val, t->now) == BH_OK;
    case TILE_WATCH_DEBUG:
        return tensix_tile_debug(t, s->id, p->addr, 4, 0, val, t->now) == BH_OK;
    case TILE_WATCH_L1:
        return l1_debug_read(&t->l1, p->addr, val, 4) == BH_OK;
    default:
        return 0;
    }
}

static void poll_wake(TensixTile *t, TileCoreSlot *s, uint64_t vis)
{
    const RvPoll *p = rv_core_poll(s->rv);
    const uint64_t first = p->head_cycle + p->load_offset; /* the next iteration's load */
    const uint64_t skip = vis > first ? (vis - first + p->period - 1) / p->period : 0;
    rv_core_poll_skip(s->rv, skip);
    tile_poll_unwatch(t, s);
    s->sleeping = 0;
    s->wake = t->now;
}

/* wakes the cores sleeping on `watch` whose polled word changed; vis for cores after `writer`
 * in step order, vis + 1 for the others (writer TILE_CORES: every core sees it at vis) */
void tile_poll_recheck(TensixTile *t, uint32_t watch, uint64_t vis, uint32_t writer)
{
    for (uint32_t c = 0; c < TILE_CORES; c++) {
        TileCoreSlot *s = &t->cores[c];
        uint32_t v;
        if (!s->sleeping || s->watch != watch || !poll_read(t, s, &v) ||
            v == rv_core_poll(s->rv)->value)
            continue;
        poll_wake(t, s, writer >= TILE_CORES || c > writer ? vis : vis + 1);
    }
}

/* The core stands at the head of a poll loop: sleep it if its word can be watched and has not
 * changed since its last load (else it simply runs on). */
int tile_poll_sleep(TensixTile *t, TileCoreSlot *s)
{
    const RvPoll *p = rv_core_poll(s->rv);
    uint32_t region = TILE_RG_NONE, v = 0;
    const int watch = watch_of(t, p, &region);
    if (watch < 0) {
        rv_core_poll_reject(s->rv);
        return 0;
    }
    s->watch = (uint8_t)watch;
    s->watch_region = region;
    if (watch != TILE_WATCH_FOREVER && (!poll_read(t, s, &v) || v != p->value))
        return 0;
    s->sleeping = 1;
    s->wake = BH_IDLE;
    if (watch == TILE_WATCH_NIU)
        t->niu_sleepers++;
    if (watch == TILE_WATCH_L1) {
        t->l1_sleepers++;
        tile_l1_watch_update(t);
    }
    return 1;
}

void tile_poll_unwatch(TensixTile *t, const TileCoreSlot *s)
{
    if (s->sleeping && s->watch == TILE_WATCH_NIU)
        t->niu_sleepers--;
    if (s->sleeping && s->watch == TILE_WATCH_L1)
        t->l1_sleepers--;
}

void tile_l1_watch_update(TensixTile *t)
{
    uint32_t addr[2 * TILE_CORES], n = 0;
    for (uint32_t c = 0; c < TILE_CORES; c++) {
        const TileCoreSlot *s = &t->cores[c];
        if (s->sleeping && s->watch == TILE_WATCH_L1)
            addr[n++] = rv_core_poll(s->rv)->addr;
        if (s->push_lazy)
            addr[n++] = s->push_pc;
    }
    l1_watch(&t->l1, addr, n);
}

/* Something landed in L1 since the sleepers last looked: those whose word changed wake. Writes
 * are not tracked by address, so each check reads every sleeper's word (at most five). */
void tile_poll_recheck_l1(TensixTile *t, uint64_t now)
{
    if (!t->l1_sleepers || t->l1.write_gen == t->l1_gen_seen)
        return;
    t->l1_gen_seen = t->l1.write_gen;
    if (t->l1.watch_gen == t->l1_watch_seen) /* no write landed on a word they poll */
        return;
    t->l1_watch_seen = t->l1.watch_gen;
    tile_poll_recheck(t, TILE_WATCH_L1, now, TILE_CORES);
}

int tensix_tile_noc_wrote(TensixTile *t, uint32_t region, uint64_t now)
{
    const uint32_t target = tile_region(region)->target;
    if (!t->cores_enabled || !tensix_tile_is_register(target))
        return 0;
    const uint64_t vis = t->cores_ran_at == now ? now + 1 : now;
    t->noc_reg_vis = BH_MIN(t->noc_reg_vis, vis);
    return 1;
}

int tensix_tile_niu_changed(TensixTile *t, uint64_t now)
{
    if (!t->niu_sleepers)
        return 0;
    const uint64_t vis = t->cores_ran_at == now ? now + 1 : now;
    t->niu_vis = BH_MIN(t->niu_vis, vis);
    return 1;
}

void tile_poll_recheck_after(TensixTile *t, uint32_t writer, uint64_t now)
{
    if (t->niu_vis <= now) {
        t->niu_vis = BH_IDLE;
        tile_poll_recheck(t, TILE_WATCH_NIU, now, writer);
    }
    for (uint32_t w = TILE_WATCH_COPROC; w <= TILE_WATCH_DEBUG; w++)
        if (t->poll_dirty & 1u << w) {
            t->poll_dirty &= (uint8_t) ~(1u << w);
            tile_poll_recheck(t, w, now, writer);
        }
}

/* A tile whose released cores all wait for something only another agent could change (a poll
 * asleep, an empty or full mailbox, a coprocessor FIFO) while its coprocessor and L1 are idle:
 * 1, with what each waits for in `what`; 0 if no core waits (all done or held); -1 if anything
 * on the tile still runs. The platform calls it a stall once nothing has moved anywhere for a
 * while. */
int tensix_tile_cores_stuck(const TensixTile *t, char *what, size_t len)
{
    if (what)
        what[0] = 0;
    if (!t->cores_enabled)
        return 0;
    if (!l1_idle(&t->l1) || (t->core && !tensix_core_idle(t->core)))
        return -1;
    size_t n = 0;
    int waiting = 0;
    for (uint32_t c = 0; c < TILE_CORES; c++) {
        const TileCoreSlot *s = &t->cores[c];
        if (!s->released || s->held || s->stopped)
            continue;
        if (s->wake != BH_IDLE)
            return -1; /* it runs */
        if (s->sleeping && s->watch == TILE_WATCH_L1 && rv_core_poll(s->rv)->addr == t->idle_poll)
            continue; /* idle firmware waiting for work: not stuck */
        waiting++;
        if (!what)
            continue; /* the answer only: the run loop asks often */
        const RvPoll *p = rv_core_poll(s->rv);
        char one[160];
        if (s->sleeping && s->watch == TILE_WATCH_FOREVER)
            snprintf(one, sizeof one, "%s %s spins at pc 0x%08x on nothing that can change",
                     t->name, tensix_tile_core_name(t, c), p->pc);
        else if (s->sleeping)
            snprintf(one, sizeof one, "%s %s polls 0x%08x (%s) at pc 0x%08x, still 0x%08x", t->name,
                     tensix_tile_core_name(t, c), p->addr, tile_region(s->watch_region)->name,
                     p->pc, p->value);
        else if (s->wait_pcbuf)
            snprintf(one, sizeof one,
                     "%s %s waits at pc 0x%08x to pop its PCBuf, which is empty: only BRISC "
                     "pushes to it",
                     t->name, tensix_tile_core_name(t, c), rv_core_pc(s->rv));
        else
            snprintf(one, sizeof one, "%s %s waits at pc 0x%08x for %s", t->name,
                     tensix_tile_core_name(t, c), rv_core_pc(s->rv),
                     s->wait_mailbox  ? "a mailbox (empty, or full)"
                     : s->wait_coproc ? "the coprocessor (a full FIFO)"
                                      : "an access to complete");
        n +=
            (size_t)snprintf(what + n, n < len ? len - n : 0, "%s%s", waiting > 1 ? "\n" : "", one);
    }
    return waiting > 0;
}

int tensix_tile_cores_held_unfinished(const TensixTile *t, char *what, size_t len)
{
    size_t n = 0;
    int held = 0;
    what[0] = 0;
    for (uint32_t c = 0; c < TILE_CORES; c++) {
        const TileCoreSlot *s = &t->cores[c];
        if (!s->rv || !s->released || !s->held || s->stopped)
            continue;
        held++;
        n += (size_t)snprintf(what + n, n < len ? len - n : 0,
                              "%s%s %s is held in reset (SOFT_RESET_0) at pc 0x%08x before it "
                              "reached ebreak, and nothing is left to release it",
                              held > 1 ? "\n" : "", t->name, tensix_tile_core_name(t, c),
                              rv_core_pc(s->rv));
    }
    return held;
}
