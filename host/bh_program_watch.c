// SPDX-License-Identifier: Apache-2.0
/* host/bh_program_watch.c - how the host library watches a launched program: the run's
 * deadline (sim.cycles, then sim.drain_limit_cycles if sim.drain), the livelock detector
 * (host.livelock_cycles) and what each unfinished core waits for, said in the program's own
 * terms: its circular buffers, semaphores and kernels rather than bare L1 addresses.
 *
 * Everything here reads the chip by backdoor (no simulated time, no NoC traffic), so watching
 * never changes what the program does or when. */
#define _XOPEN_SOURCE 700
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "firmware/include/bh_niu.h"
#include "host/bh_host_internal.h"

#define SHOWN_MAX 8 /* cores listed in a wait's error */

static uint64_t param_u64(BhDevice *dev, const char *key, uint64_t dflt)
{
    char v[32] = "";
    if (bh_chip_param_text(dev->chip, key, v, sizeof v) != BH_CHIP_OK || !v[0])
        return dflt;
    if (!strcmp(v, "true") || !strcmp(v, "false"))
        return v[0] == 't';
    return strtoull(v, NULL, 10);
}

void bh_watch_open(BhDevice *dev)
{
    BhWatch *w = &dev->watch;
    const uint64_t cycles = param_u64(dev, "sim.cycles", 20000);
    const uint64_t drain = param_u64(dev, "sim.drain", 1);
    const uint64_t limit = param_u64(dev, "sim.drain_limit_cycles", 10000000);
    w->deadline = drain ? cycles + limit : cycles;
    if (drain)
        snprintf(w->deadline_keys, sizeof w->deadline_keys,
                 "sim.cycles %llu + sim.drain_limit_cycles %llu", (unsigned long long)cycles,
                 (unsigned long long)limit);
    else
        snprintf(w->deadline_keys, sizeof w->deadline_keys, "sim.cycles %llu, sim.drain false",
                 (unsigned long long)cycles);
    w->livelock_cycles = param_u64(dev, "host.livelock_cycles", 0);
}

static int in_range(const BhCoreRange *r, uint32_t x, uint32_t y)
{
    return x >= r->x0 && x <= r->x1 && y >= r->y0 && y <= r->y1;
}

/* FNV-1a over bytes, folded into h */
static uint64_t fold(uint64_t h, const void *data, size_t len)
{
    const uint8_t *p = data;
    for (size_t i = 0; i < len; i++)
        h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

/* What moves when a program makes progress, on every core of the launch: its done lines (a
 * kernel finished), CB counters (pages pushed or popped), semaphores, and its NIUs' count of
 * commands accepted (a transfer issued). */
static uint64_t progress_signature(BhDevice *dev, const BhProgram *prog)
{
    uint64_t h = 0xcbf29ce484222325ull;
    static const struct {
        uint32_t addr, len;
    } spans[] = {
        {BH_L1_DONE, BH_ROLES * 16},
        {BH_L1_CB_COUNTERS, BH_CB_COUNT * 32},
        {BH_L1_SEMAPHORES, BH_SEMAPHORE_COUNT * 16},
        {BH_NIU_BASE(0) + BH_NIU_COUNTER_BASE + 4 * BH_NIU_MST_CMD_ACCEPTED, 4},
        {BH_NIU_BASE(1) + BH_NIU_COUNTER_BASE + 4 * BH_NIU_MST_CMD_ACCEPTED, 4},
    };
    uint8_t buf[BH_CB_COUNT * 32];
    for (uint32_t wk = 0; wk < dev->n_workers; wk++) {
        if (!prog->launched_on[wk])
            continue;
        for (size_t i = 0; i < sizeof spans / sizeof spans[0]; i++)
            if (bh_chip_mem_read(dev->chip, dev->wx[wk], dev->wy[wk], spans[i].addr, buf,
                                 spans[i].len) == BH_CHIP_OK)
                h = fold(h, buf, spans[i].len);
    }
    return h;
}

void bh_watch_start(BhDevice *dev, const BhProgram *prog, uint64_t now)
{
    dev->watch.sig = progress_signature(dev, prog);
    dev->watch.sig_cycle = now;
}

int bh_watch_livelock(BhDevice *dev, const BhProgram *prog, uint64_t now)
{
    BhWatch *w = &dev->watch;
    if (!w->livelock_cycles)
        return 0;
    const uint64_t sig = progress_signature(dev, prog);
    if (sig != w->sig) {
        w->sig = sig;
        w->sig_cycle = now;
        return 0;
    }
    return now - w->sig_cycle >= w->livelock_cycles;
}

/* The kernel that runs as `role` on worker wk, or NULL */
static const BhKernel *kernel_of(const BhProgram *prog, const BhDevice *dev, uint32_t wk,
                                 uint32_t role)
{
    const uint32_t x = wk % dev->cols, y = wk / dev->cols;
    for (uint32_t i = 0; i < prog->n_kernels; i++) {
        const BhKernel *k = &prog->kernels[i];
        if (in_range(&k->range, x, y) && role >= k->first_role && role < k->first_role + k->n_roles)
            return k;
    }
    return NULL;
}

static const BhCb *cb_of(const BhProgram *prog, const BhDevice *dev, uint32_t wk, uint32_t index)
{
    for (uint32_t i = 0; i < prog->n_cbs; i++)
        if (prog->cbs[i].index == index &&
            in_range(&prog->cbs[i].range, wk % dev->cols, wk / dev->cols))
            return &prog->cbs[i];
    return NULL;
}

/* the NIU counters the dataflow API's barriers poll (firmware/api/dataflow_noc.h) */
static const struct {
    uint32_t counter;
    const char *api;
} barrier_of[] = {
    {BH_NIU_MST_RD_RESP_RECEIVED, "noc_async_read_barrier"},
    {BH_NIU_MST_WR_ACK_RECEIVED, "noc_async_write_barrier"},
    {BH_NIU_MST_WRITE_REQS_OUTGOING_ID0, "noc_async_writes_flushed"},
    {BH_NIU_MST_ATOMIC_RESP_RECEIVED, "noc_async_atomic_barrier"},
};

int bh_fw_poll_name(void *ctx, uint32_t x, uint32_t y, uint32_t addr, char *name, size_t len)
{
    (void)ctx;
    (void)x;
    (void)y;
    if (addr >= BH_L1_CB_COUNTERS && addr < BH_L1_CB_COUNTERS + BH_CB_COUNT * 32u) {
        const uint32_t cb = (addr - BH_L1_CB_COUNTERS) / 32u;
        snprintf(name, len, "%s (CB %u)",
                 (addr - BH_L1_CB_COUNTERS) % 32u >= 16 ? "cb_reserve_back" : "cb_wait_front", cb);
        return 1;
    }
    if (addr >= BH_L1_SEMAPHORES && addr < BH_L1_SEMAPHORES + BH_SEMAPHORE_COUNT * 16u) {
        snprintf(name, len, "noc_semaphore_wait (semaphore %u)", (addr - BH_L1_SEMAPHORES) / 16u);
        return 1;
    }
    if (addr >= BH_L1_LAUNCH && addr < BH_L1_LAUNCH + sizeof(BhLaunchMsg)) {
        snprintf(name, len, "firmware: waiting for a launch");
        return 1;
    }
    for (uint32_t noc = 0; noc < 2; noc++) {
        const uint32_t base = BH_NIU_BASE(noc);
        if (addr < base || addr >= base + 0x10000u)
            continue;
        const uint32_t off = addr - base;
        if (off % BH_NIU_CMD_BUF_STRIDE == (uint32_t)BH_NIU_CMD_CTRL) {
            snprintf(name, len, "NoC%u command buffer %u busy", noc, off / BH_NIU_CMD_BUF_STRIDE);
            return 1;
        }
        for (size_t i = 0; i < sizeof barrier_of / sizeof *barrier_of; i++)
            if (off == BH_NIU_COUNTER_BASE + 4u * barrier_of[i].counter) {
                snprintf(name, len, "%s (NoC%u)", barrier_of[i].api, noc);
                return 1;
            }
    }
    return 0;
}

/* What the L1 word at addr that a core of worker wk polls is, in the program's terms ("" if
 * nothing the host library laid out) */
static void name_poll(BhDevice *dev, const BhProgram *prog, uint32_t wk, uint32_t addr, char *out,
                      size_t len)
{
    out[0] = 0;
    const uint32_t x = dev->wx[wk], y = dev->wy[wk];
    if (addr >= BH_L1_CB_COUNTERS && addr < BH_L1_CB_COUNTERS + BH_CB_COUNT * 32) {
        const uint32_t cb = (addr - BH_L1_CB_COUNTERS) / 32;
        const int acked = (addr - BH_L1_CB_COUNTERS) % 32 >= 16;
        const BhCb *c = cb_of(prog, dev, wk, cb);
        if (!c) {
            snprintf(out, len,
                     ": waits for %s CB %u (%s), which the program never configured "
                     "on this core (bh_program_add_cb)",
                     acked ? "space in" : "pages in", cb,
                     acked ? "cb_reserve_back" : "cb_wait_front");
            return;
        }
        uint32_t pushed = 0, popped = 0;
        bh_chip_mem_read(dev->chip, x, y, BH_L1_CB_RECEIVED(cb), &pushed, 4);
        bh_chip_mem_read(dev->chip, x, y, BH_L1_CB_ACKED(cb), &popped, 4);
        if (acked)
            snprintf(out, len,
                     ": waits for space in CB %u (cb_reserve_back): %u pages pushed, %u popped, "
                     "%u pages in all%s",
                     cb, pushed, popped, c->num_pages,
                     popped == 0 ? "; nothing has ever popped it (cb_pop_front)" : "");
        else
            snprintf(out, len, ": waits for pages in CB %u (cb_wait_front): %u pushed, %u popped%s",
                     cb, pushed, popped,
                     pushed == 0 ? "; nothing has ever pushed to it (cb_push_back)" : "");
        return;
    }
    if (addr >= BH_L1_SEMAPHORES && addr < BH_L1_SEMAPHORES + BH_SEMAPHORE_COUNT * 16 &&
        addr % 16 == 0) {
        const uint32_t s = (addr - BH_L1_SEMAPHORES) / 16;
        uint32_t v = 0;
        bh_chip_mem_read(dev->chip, x, y, addr, &v, 4);
        if (s >= prog->n_sems)
            snprintf(out, len,
                     ": semaphore %u, which the program never created (it has %u: "
                     "bh_program_add_semaphore)",
                     s, prog->n_sems);
        else
            snprintf(out, len, ": waits on semaphore %u, now %u", s, v);
    }
}

void bh_watch_explain(BhDevice *dev, const BhProgram *prog, char *out, size_t len)
{
    size_t n = 0;
    uint32_t shown = 0, total = 0;
    out[0] = 0;
    for (uint32_t wk = 0; wk < dev->n_workers; wk++) {
        if (!prog->launched_on[wk])
            continue;
        BhDoneMsg d[BH_ROLES];
        bh_chip_mem_read(dev->chip, dev->wx[wk], dev->wy[wk], BH_L1_DONE, d, sizeof d);
        for (uint32_t r = 0; r < BH_ROLES; r++) {
            if (d[r].seq == prog->seq[wk])
                continue;
            if (total++ >= SHOWN_MAX)
                continue;
            char what[512] = "", poll[256] = "";
            bh_chip_core_text(dev->chip, dev->wx[wk], dev->wy[wk], bh_host_role_name(r), what,
                              sizeof what);
            const char *at = strstr(what, "polling 0x");
            if (at)
                name_poll(dev, prog, wk, (uint32_t)strtoul(at + 8, NULL, 16), poll, sizeof poll);
            const BhKernel *k = kernel_of(prog, dev, wk, r);
            const char *src = k ? strrchr(k->source, '/') : NULL;
            shown++;
            n += (size_t)snprintf(out + n, n < len ? len - n : 0,
                                  "\n  core (%u,%u) = tile (%u,%u), kernel %s: %s%s",
                                  wk % dev->cols, wk / dev->cols, dev->wx[wk], dev->wy[wk],
                                  k ? (src ? src + 1 : k->source) : "(none)", what, poll);
        }
    }
    if (total > shown && n < len)
        snprintf(out + n, len - n, "\n  ... %u cores in all", total);
}
