// SPDX-License-Identifier: Apache-2.0
/* The Tensix tile's five baby RISC-V cores: their bus (the tile map seen by each core), their
 * reset through SOFT_RESET_0, and their stepping inside the tile's step.
 *
 * Why the bus answers as it does (rv_core.h's contract):
 * - Shared state is touched at the global cycle: an access whose core cycle is ahead of the
 *   tile's `now` (the core ran ahead on private work) is answered LATER at that cycle.
 * - L1 data, atomics and instruction-cache lines are L1 requests of the core's own L1 client,
 *   so they queue and contend at the core's port like any client's: PENDING, finished by
 *   the L1 completion (tile_cores_l1_done). A full client queue is LATER next cycle.
 * - Registers and windows (debug registers, the coprocessor's windows, the slow local-RAM
 *   windows, the NIUs) are performed at once and answer DONE with their latency class
 *   (docs/hardware.md#riscv: a lower bound; contention on those paths is not modelled).
 * - A full instruction FIFO (or another coprocessor window that says "retry") is LATER with
 *   no cycle: the core sleeps and the tile wakes it after the coprocessor's next step, so a
 *   core stalled on a full FIFO costs nothing while it waits. A mailbox that says "retry"
 *   (full, or empty on a pop) is the same, but only a push or a pop wakes the core.
 * - What the core may not see (tile_map.def's cores column), an unmapped address, or a
 *   register access of another width is FAULT: the core stops with a guest error.
 */
#include <stdio.h>
#include <string.h>
#include "model/tile/tensix_tile.h"
#include "model/tile/tensix_tile_internal.h"
#include "model/riscv/rv_profile.h"

/* How far a core may run ahead of the tile's cycle on private work before the tile steps it
 * again. Results do not depend on it (shared state is touched at the global cycle); it only
 * bounds how late a core notices the end of a run. */
#define TILE_RUN_AHEAD 4096u

static const uint32_t l1_client_of[TILE_CORES] = {
#define TILE_X_CLIENT(name, str, ram, pc, bit) L1_##name,
    TILE_CORE_TABLE(TILE_X_CLIENT)
#undef TILE_X_CLIENT
};

static const uint8_t amo_op[] = {
    [RV_AMO_SWAP] = L1_AT_SWAP, [RV_AMO_ADD] = L1_AT_INCR,  [RV_AMO_XOR] = L1_AT_XOR,
    [RV_AMO_AND] = L1_AT_AND,   [RV_AMO_OR] = L1_AT_OR,     [RV_AMO_MIN] = L1_AT_MIN,
    [RV_AMO_MAX] = L1_AT_MAX,   [RV_AMO_MINU] = L1_AT_MINU, [RV_AMO_MAXU] = L1_AT_MAXU,
};

static uint64_t l1_token(uint32_t core, uint16_t tag)
{
    return (uint64_t)core << 16 | tag;
}

/* An L1 request for a core: PENDING, or LATER next cycle if its queue is full */
static RvMemResult l1_issue(TensixTile *t, uint32_t core, const RvMemReq *q, uint64_t *when,
                            char *why, size_t why_len)
{
    const uint32_t client = l1_client_of[core];
    const uint64_t token = l1_token(core, q->tag);
    BhStatus st;
    switch (q->kind) {
    case RV_ACC_AMO: {
        uint32_t a;
        memcpy(&a, q->wdata, 4);
        if (q->amo >= BH_ARRAY_LEN(amo_op))
            return RV_MEM_FAULT;
        st = l1_atomic(&t->l1, client, q->addr, amo_op[q->amo], a, 0xFFFFFFFFu, token, t->now);
        break;
    }
    case RV_ACC_STORE:
        st = l1_request_masked(&t->l1, client, q->addr, q->size, q->wdata, q->mask, token, t->now);
        break;
    default: /* loads and instruction-cache lines */
        st = l1_request(&t->l1, client, q->addr, q->size, 0, NULL, token, t->now);
        break;
    }
    if (st == BH_OK)
        return RV_MEM_PENDING;
    if (st == BH_ERR_FULL) {
        *when = t->now + 1;
        return RV_MEM_LATER;
    }
    snprintf(why, why_len, "L1 %s of %u bytes at 0x%08x refused (%s)",
             q->kind == RV_ACC_STORE ? "store"
             : q->kind == RV_ACC_AMO ? "atomic"
                                     : "load",
             q->size, q->addr, bh_status_name(st));
    return RV_MEM_FAULT;
}

static RvMemResult mmio(TensixTile *t, uint32_t core, RvCore *rv, const RvMemReq *q, uint8_t *rdata,
                        uint32_t *latency, uint64_t *when, char *why, size_t why_len)
{
    rv_core_set_stall_cause(rv, RV_STALL_LOAD_REGISTER);
    const int write = q->kind == RV_ACC_STORE;
    const uint32_t region = tile_map_lookup(&t->map, q->addr);
    const TileRegion *r = tile_region(region);
    const char *what = write ? "store to" : "load from";
    if (!r) {
        snprintf(why, why_len, "%s unmapped address 0x%08x", what, q->addr);
        return RV_MEM_FAULT;
    }
    if (!(r->cores & 1u << core)) {
        snprintf(why, why_len, "%s 0x%08x (%s), which %s cannot see", what, q->addr, r->name,
                 tile_core_name(core));
        return RV_MEM_FAULT;
    }
    const uint32_t off = q->addr - r->base;
    uint8_t data[16] = {0};
    if (write)
        memcpy(data, q->wdata, q->size);
    TileAccess a = tensix_tile_access_region(t, core, region, off, q->size, write, data, t->now);
    /* a PIC read may clear; the NoC model watches its own NIU registers */
    if ((write || r->target == TILE_T_PIC) && a.status == BH_OK && r->target != TILE_T_NIU)
        t->poll_dirty |= (uint8_t)(1u << (tensix_tile_is_register(r->target) ? TILE_WATCH_DEBUG
                                                                             : TILE_WATCH_COPROC));
    switch (a.status) {
    case BH_OK:
        if (!write)
            memcpy(rdata, data, q->size);
        else if (r->target == TILE_T_INSTRN) /* one instruction per push (4-byte accesses) */
            rv_core_profile_coproc(rv);
        *latency = t->lat_cycles[a.latency];
        return RV_MEM_DONE;
    case BH_ERR_FULL: /* a FIFO that cannot take or give a word now: sleep until it changes */
        if (r->target == TILE_T_MAILBOX) { /* woken by a push or pop (tensix_tile.c) */
            t->cores[core].wait_mailbox = 1;
            rv_core_set_stall_cause(rv, RV_STALL_MAILBOX);
        } else {
            TileCoreSlot *s = &t->cores[core];
            s->wait_coproc = 1;
            rv_core_set_stall_cause(rv, RV_STALL_FIFO);
            /* a pop of an empty PCBuf: only a push (or its override) ends it, and both change
             * the sync unit, so it sleeps until then instead of retrying every cycle */
            if (r->target == TILE_T_PC_BUF && !write && off == SYNC_OFF_PCBUF && t->core &&
                core <= TILE_TRISC2) { /* TRISC0..2 are cores 0..2 */
                s->wait_pcbuf = 1;
                s->pcbuf_version = t->core->sync.version;
            }
            if (r->target == TILE_T_INSTRN) { /* retry_refused may repeat it */
                s->wait_push = 1;
                s->push_region = region;
                s->push_pc = rv_core_pc(rv);
            }
        }
        *when = BH_IDLE;
        return RV_MEM_LATER;
    default:
        if (r->target == TILE_T_NIU)
            snprintf(why, why_len, "%s NIU register 0x%08x: %s", what, q->addr,
                     a.status == BH_ERR_UNSUPPORTED ? "no NoC on this tile"
                     : a.status == BH_ERR_WIDTH     ? "NIU registers take 4-byte accesses"
                                                    : bh_status_name(a.status));
        else if (t->core && t->core->failed)
            snprintf(why, why_len, "%s 0x%08x (%s): %s", what, q->addr, r->name, t->core->error);
        else if (tensix_tile_reg_why(t, r->target) &&
                 !a.width_error) /* the fault names the address */
            snprintf(why, why_len, "%s %s", what, tensix_tile_reg_why(t, r->target));
        else if (a.width_error)
            snprintf(why, why_len, "%s 0x%08x (%s) takes %u-byte accesses only", what, q->addr,
                     r->name, r->ops->max_bytes);
        else
            snprintf(why, why_len, "%s 0x%08x (%s) %s", what, q->addr, r->name,
                     r->target == TILE_T_DST && a.status == BH_ERR_ACCESS
                         ? "in a way Dst.md leaves undefined for this thread's view, see the log"
                     : a.status == BH_ERR_ADDR ? "is not modeled"
                                               : bh_status_name(a.status));
        return RV_MEM_FAULT;
    }
}

static RvMemResult core_access(void *ctx, RvCore *rv, const RvMemReq *q, uint64_t at,
                               uint8_t *rdata, uint32_t *latency, uint64_t *when, char *why,
                               size_t why_len)
{
    TileCoreSlot *s = ctx;
    TensixTile *t = s->tile;
    const uint32_t core = s->id;
    s->wait_push = 0;
    if (at > t->now) {
        *when = at;
        return RV_MEM_LATER;
    }
    if (q->kind == RV_ACC_CSR) {
        uint32_t val = 0;
        if (t->core && core <= TILE_TRISC2 &&
            tensix_core_csr_read(t->core, core, q->addr, &val) != BH_OK) {
            snprintf(why, why_len, "CSR 0x%03x is not modeled", q->addr);
            return RV_MEM_FAULT;
        }
        memcpy(rdata, &val, 4);
        *latency = 1;
        return RV_MEM_DONE;
    }
    const int in_l1 = q->addr < t->l1.cfg.size_bytes && q->size <= t->l1.cfg.size_bytes - q->addr;
    if (q->kind == RV_ACC_FETCH || q->kind == RV_ACC_AMO || in_l1) {
        if (!in_l1) {
            snprintf(why, why_len, "atomic at 0x%08x outside L1", q->addr);
            return RV_MEM_FAULT;
        }
        return l1_issue(t, core, q, when, why, why_len);
    }
    return mmio(t, core, rv, q, rdata, latency, when, why, why_len);
}

BhStatus tensix_tile_enable_cores(TensixTile *t, const RvConfig *cfg, TileNiuFn niu, void *niu_ctx,
                                  char *why, size_t why_len)
{
    if (rv_config_check(cfg, why, why_len) != BH_OK)
        return BH_ERR_CONFIG;
    t->niu = niu;
    t->niu_ctx = niu_ctx;
    t->l1_path_cycles = cfg->l1_path_cycles;
    for (uint32_t k = 0; k < TILE_LATENCIES; k++)
        t->lat_cycles[k] = tile_latency_cycles(k);
    t->lat_cycles[TILE_LAT_LOCAL] = cfg->local_load_cycles;
    for (uint32_t c = 0; c < TILE_CORES; c++) {
        TileCoreSlot *s = &t->cores[c];
        s->tile = t;
        s->id = c;
        s->rv = rv_core_create(cfg, c, core_access, s);
        if (!s->rv) {
            snprintf(why, why_len, "%s: out of memory", tile_core_name(c));
            return BH_ERR_CONFIG;
        }
        const RvRegion local = {tile_region(TILE_RG_LOCAL_MEM)->base, s->ram_bytes, s->ram,
                                RV_REGION_READ | RV_REGION_WRITE};
        const RvRegion code = {0, t->l1.cfg.size_bytes, t->l1.mem, RV_REGION_FETCH};
        if (rv_core_map(s->rv, &local) != BH_OK || rv_core_map(s->rv, &code) != BH_OK) {
            snprintf(why, why_len, "%s: cannot map its memories", tile_core_name(c));
            return BH_ERR_CONFIG;
        }
        rv_core_set_l1(s->rv, 0, t->l1.cfg.size_bytes);
        s->held = (uint8_t)tensix_tile_core_in_reset(t, c);
        s->wake = BH_IDLE;
    }
    t->cores_enabled = 1;
    t->idle_poll = UINT32_MAX;
    t->niu_vis = BH_IDLE;
    t->noc_reg_vis = BH_IDLE;
    t->horizon = BH_IDLE;
    return BH_OK;
}

void tensix_tile_set_latencies(TensixTile *t, const TileLatencyConfig *c)
{
    t->lat_cycles[TILE_LAT_MAILBOX] = c->mailbox_load_cycles;
    t->lat_cycles[TILE_LAT_TENSIX_REG] = c->tensix_reg_load_cycles;
    t->lat_cycles[TILE_LAT_MMIO] = c->mmio_load_cycles;
    t->lat_cycles[TILE_LAT_SLOW_LOCAL] = c->slow_local_load_cycles;
}

void tensix_tile_destroy_cores(TensixTile *t)
{
    for (uint32_t c = 0; c < TILE_CORES; c++) {
        rv_core_destroy(t->cores[c].rv);
        t->cores[c].rv = NULL;
    }
    t->cores_enabled = 0;
}

/* What a core owes its RvCore after retry_refused's lazy retries: the last refused one, then
 * the wake that followed it. Anything that runs, reads or changes the core calls it first. */
static void sync_push(TileCoreSlot *s)
{
    if (!s->push_lazy)
        return;
    if (s->push_k != BH_IDLE)
        rv_core_refused(s->rv, RV_STALL_FIFO, s->push_k);
    if (s->push_wake != BH_IDLE)
        rv_core_wake(s->rv, s->push_wake);
    s->push_lazy = 0;
    s->push_k = s->push_wake = BH_IDLE;
}

void tensix_tile_sync_cores(TensixTile *t)
{
    for (uint32_t c = 0; c < TILE_CORES; c++)
        sync_push(&t->cores[c]);
}

/* SOFT_RESET_0 changed from old to its current value at `now`. A core entering reset stops
 * and its local RAM clears; a core leaving it starts at its reset PC. The hardware clears the
 * RAM during the 2048 cycles after release (BH BabyRISCV README "Local Data RAM"); clearing on
 * entry instead keeps what a loader placed while the core was held, which on silicon only the
 * slow window after release can do, and a program never sees the difference. */
void tensix_tile_reset_changed(TensixTile *t, uint32_t old, uint64_t now)
{
    if (!t->cores_enabled)
        return;
    for (uint32_t c = 0; c < TILE_CORES; c++) {
        TileCoreSlot *s = &t->cores[c];
        const int held = tensix_tile_core_in_reset(t, c);
        (void)old;
        if (held == s->held)
            continue;
        sync_push(s);
        s->held = (uint8_t)held;
        tile_poll_unwatch(t, s);
        s->sleeping = 0;
        if (held) {
            s->wake = BH_IDLE;
            memset(s->ram, 0, TILE_LOCAL_RAM_MAX);
        } else {
            rv_core_reset(s->rv, tensix_tile_core_start_pc(t, c), now);
            s->stopped = 0;
            s->wait_coproc = 0;
            s->wait_push = 0;
            s->wait_mailbox = 0;
            s->wait_pcbuf = 0;
            s->released = 1;
            t->zone_depth[c] = 0; /* zones die with the program that opened them */
            s->wake = now;
            t->cores_kick = 1;
        }
    }
}

static void core_stopped(TensixTile *t, TileCoreSlot *s)
{
    s->stopped = 1;
    s->wake = BH_IDLE;
    if (rv_core_stop(s->rv) == RV_STOP_EBREAK)
        return;
    char insn[64];
    const uint32_t pc = rv_core_pc(s->rv);
    uint32_t word = 0;
    if (pc < t->l1.cfg.size_bytes - 4)
        memcpy(&word, t->l1.mem + pc, 4);
    rv_disasm(word, pc, insn, sizeof insn);
    char msg[sizeof t->error];
    snprintf(msg, sizeof msg, "%s: %s; pc 0x%08x (%s), cycle %llu",
             tensix_tile_core_name(s->tile, s->id), rv_core_why(s->rv), pc, insn,
             (unsigned long long)rv_core_cycle(s->rv));
    BH_LOG_GUEST(t->log, "%s %s", t->name, msg);
    if (!t->failed) {
        t->failed = 1;
        snprintf(t->error, sizeof t->error, "%s", msg);
    }
}

/* A core woken at an instruction push its full FIFO refused, when that FIFO is still full and
 * the core would do nothing but offer the push again: the refused push and the new wait, as
 * running it would give, without running it (a TRISC retries every cycle of a long MOP). The
 * first such retry updates the RvCore; later ones (push_lazy) only record their cycle while
 * nothing the core's run depends on changes (its instruction, its store-queue deadline, the
 * horizon; a completion or a reset syncs it first). 0 if the core must run. */
static int retry_refused(TensixTile *t, TileCoreSlot *s, uint64_t now)
{
    if (s->push_lazy) {
        const uint64_t k = s->push_wake;
        uint32_t word = s->push_word;
        if (k != BH_IDLE && t->l1.watch_gen != s->push_watch) { /* a write landed near it */
            s->push_watch = t->l1.watch_gen;
            memcpy(&word, t->l1.mem + s->push_pc, 4);
        }
        if (k != BH_IDLE && k <= now && k < s->push_limit && k < t->horizon &&
            word == s->push_word && tensix_core_refuse_push(t->core, s->id, s->push_region, now)) {
            s->push_k = k;
            s->push_wake = BH_IDLE;
            s->wait_coproc = 1;
            return 1;
        }
        sync_push(s);
    }
    const uint64_t until = BH_MIN(now + TILE_RUN_AHEAD, t->horizon);
    uint64_t limit = 0;
    const uint64_t k = t->core && rv_core_pc(s->rv) == s->push_pc
                           ? rv_core_retry_at(s->rv, until, &limit)
                           : BH_IDLE;
    if (k > now || !tensix_core_refuse_push(t->core, s->id, s->push_region, now))
        return 0;
    rv_core_refused(s->rv, RV_STALL_FIFO, k);
    s->wait_coproc = 1;
    s->push_lazy = 1;
    s->push_limit = limit;
    tile_l1_watch_update(t);
    s->push_watch = t->l1.watch_gen;
    memcpy(&s->push_word, t->l1.mem + s->push_pc, 4);
    s->push_k = s->push_wake = BH_IDLE;
    return 1;
}

static uint64_t run_core(TensixTile *t, TileCoreSlot *s, uint64_t now)
{
    const uint64_t until = BH_MIN(now + TILE_RUN_AHEAD, t->horizon);
    uint64_t wake = BH_IDLE;
    RvRun r;
    while ((r = rv_core_run(s->rv, until, &wake)) == RV_RUN_POLL)
        if (tile_poll_sleep(t, s))
            return BH_IDLE;
    if (r == RV_RUN_STOPPED) {
        core_stopped(t, s);
        return BH_IDLE;
    }
    if (r == RV_RUN_UNTIL)
        wake = rv_core_cycle(s->rv) >= t->horizon ? BH_IDLE : BH_MAX(rv_core_cycle(s->rv), now + 1);
    return wake == BH_IDLE ? BH_IDLE : BH_MAX(wake, now + 1);
}

uint64_t tensix_tile_step_cores(TensixTile *t, uint64_t now)
{
    uint64_t next = BH_IDLE;
    t->now = now;
    t->cores_kick = 0;
    if (t->niu_vis <= now) { /* the NoC changed an NIU register before the cores' turn */
        t->niu_vis = BH_IDLE;
        tile_poll_recheck(t, TILE_WATCH_NIU, now, TILE_CORES);
    }
    if (t->noc_reg_vis <= now) { /* ... or wrote a tile register */
        t->noc_reg_vis = BH_IDLE;
        tile_poll_recheck(t, TILE_WATCH_DEBUG, now, TILE_CORES);
    }
    tile_poll_recheck_l1(t, now); /* ... or something landed in L1 */
    for (uint32_t c = 0; c < TILE_CORES; c++) {
        TileCoreSlot *s = &t->cores[c];
        if (s->held || s->stopped || s->sleeping || s->wake == BH_IDLE)
            continue;
        if (s->wake > now) {
            next = BH_MIN(next, s->wake);
            continue;
        }
        s->wake = s->wait_push && retry_refused(t, s, now) ? BH_IDLE : run_core(t, s, now);
        tile_poll_recheck_after(t, c, now);
    }
    /* cores woken by a later core's write run next cycle; their wake is now */
    for (uint32_t c = 0; c < TILE_CORES; c++) {
        TileCoreSlot *s = &t->cores[c];
        if (s->held || s->stopped || s->sleeping || s->wake == BH_IDLE)
            continue;
        if (s->wake <= now)
            s->wake = now + 1;
        next = BH_MIN(next, s->wake);
    }
    t->cores_ran_at = now;
    return next;
}

/* A sleeping core is where its twin that ran every iteration was when it began the next one;
 * at the end of a run it skips the iterations that twin completed before `end` and runs the
 * rest as the twin did in the last cycle stepped (end - 1; its poll load is performed if due
 * by then). */
void tensix_tile_settle_cores(TensixTile *t, uint64_t end)
{
    if (!t->cores_enabled || !end)
        return;
    tensix_tile_sync_cores(t);
    t->now = end - 1;
    for (uint32_t c = 0; c < TILE_CORES; c++) {
        TileCoreSlot *s = &t->cores[c];
        if (!s->sleeping)
            continue;
        const RvPoll *p = rv_core_poll(s->rv);
        if (end > p->head_cycle + p->period)
            rv_core_poll_skip(s->rv, (end - p->head_cycle) / p->period - 1);
        tile_poll_unwatch(t, s);
        s->sleeping = 0;
        rv_core_poll_reject(s->rv); /* the twin kept looping: no more sleeping */
        const uint64_t saved = t->horizon;
        t->horizon = BH_MIN(t->horizon, end);
        s->wake = run_core(t, s, t->now);
        t->horizon = saved;
    }
}

/* After the coprocessor stepped: cores sleeping on its FIFOs try again next cycle, and cores
 * sleeping on a poll of its words re-read them (what it did is seen next cycle). */
uint64_t tensix_tile_wake_coproc_waiters(TensixTile *t, uint64_t now)
{
    uint64_t next = BH_IDLE;
    tile_poll_recheck(t, TILE_WATCH_COPROC, now + 1, TILE_CORES);
    for (uint32_t c = 0; c < TILE_CORES; c++)
        if (t->cores[c].wake == now && !t->cores[c].sleeping) {
            t->cores[c].wake = now + 1;
            next = now + 1;
        }
    const uint64_t woken = tensix_tile_wake_waiters(t, TILE_WAIT_COPROC, now);
    return BH_MIN(next, woken);
}

/* Cores asleep on a FIFO of `what` (a coprocessor FIFO, a mailbox) try again next cycle: a
 * spurious wake costs one retry. */
uint64_t tensix_tile_wake_waiters(TensixTile *t, TileWait what, uint64_t now)
{
    uint64_t next = BH_IDLE;
    for (uint32_t c = 0; c < TILE_CORES; c++) {
        TileCoreSlot *s = &t->cores[c];
        uint8_t *waits = what == TILE_WAIT_MAILBOX ? &s->wait_mailbox : &s->wait_coproc;
        if (!*waits || s->held || s->stopped)
            continue;
        if (what == TILE_WAIT_COPROC && s->wait_pcbuf) {
            if (t->core && t->core->sync.version == s->pcbuf_version)
                continue; /* its PCBuf has not changed: still empty */
            s->wait_pcbuf = 0;
        }
        *waits = 0;
        if (!s->push_lazy)
            rv_core_wake(s->rv, now + 1);
        else if (s->push_wake == BH_IDLE) /* as rv_core_wake: the first wake counts */
            s->push_wake = now + 1;
        s->wake = now + 1;
        next = now + 1;
    }
    return next;
}

int tensix_tile_owns_l1_client(uint32_t client)
{
    for (uint32_t c = 0; c < TILE_CORES; c++)
        if (l1_client_of[c] == client)
            return 1;
    return 0;
}

uint64_t tensix_tile_core_l1_done(TensixTile *t, const L1Done *d, uint64_t now)
{
    const uint32_t core = (uint32_t)(d->token >> 16);
    BH_ASSERT(core < TILE_CORES && l1_client_of[core] == d->client);
    TileCoreSlot *s = &t->cores[core];
    if (s->held || !s->rv)
        return BH_IDLE; /* reset while the request was in flight: drop it */
    sync_push(s);
    uint8_t data[16] = {0};
    memcpy(data, d->data, BH_MIN(d->bytes, 16u));
    /* a read's data reaches the core l1_path_cycles after L1 is done; a store's queue slot
     * frees when L1 has written it */
    const uint64_t at = d->done_cycle + (d->kind == L1_KIND_WRITE ? 0 : t->l1_path_cycles);
    rv_core_mem_done(s->rv, (uint16_t)(d->token & 0xFFFF), data, at);
    if (s->stopped)
        return BH_IDLE;
    s->wake = BH_MIN(s->wake, now + 1);
    return s->wake;
}

int tensix_tile_cores_idle(const TensixTile *t)
{
    for (uint32_t c = 0; c < TILE_CORES; c++) {
        const TileCoreSlot *s = &t->cores[c];
        if (s->released && !s->held && !s->stopped)
            return 0;
    }
    return 1;
}

TileCoreState tensix_tile_core_state(const TensixTile *t, uint32_t core)
{
    BH_ASSERT(core < TILE_CORES);
    const TileCoreSlot *s = &t->cores[core];
    if (!s->rv || s->held || !s->released)
        return TILE_CORE_HELD;
    if (s->stopped)
        return rv_core_stop(s->rv) == RV_STOP_EBREAK ? TILE_CORE_EBREAK : TILE_CORE_ERROR;
    if (s->sleeping)
        return TILE_CORE_POLL_SLEEP;
    /* a core that waits at a cycle after now ran ahead: at now it was still executing */
    if (s->wait_coproc || s->wait_mailbox ||
        (rv_core_waiting(s->rv) && rv_core_cycle(s->rv) <= t->now))
        return TILE_CORE_WAITING;
    return TILE_CORE_RUNNING;
}

static const char *const state_names[] = {
#define TILE_X_STATE_NAME(name, str, doc) str,
    TILE_CORE_STATE_TABLE(TILE_X_STATE_NAME)
#undef TILE_X_STATE_NAME
};

const char *tile_core_state_name(uint32_t state)
{
    return state < TILE_CORE_STATES ? state_names[state] : "?";
}
