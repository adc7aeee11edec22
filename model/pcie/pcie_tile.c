// SPDX-License-Identifier: Apache-2.0
/* The PCIe tile's host side: host accesses over the link, what their TLPs hit at the tile
 * (TLB windows, TLB configuration, NIU registers, ARC), and the window transactions on the
 * NoC in their ordering. The device side (NoC accesses to host memory) is pcie_tile_dev.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/pcie/pcie_tile_internal.h"

int pcie_tile_grow(void **arr, uint32_t *cap, uint32_t need, size_t elem)
{
    if (need <= *cap)
        return 1;
    uint32_t n = *cap ? *cap : 16;
    while (n < need)
        n *= 2;
    void *p = realloc(*arr, (size_t)n * elem);
    if (!p)
        return 0;
    *arr = p;
    *cap = n;
    return 1;
}

BhStatus pcie_tile_config_check(const PcieTileConfig *c, char *why, size_t why_len)
{
    if (pcie_cfg_config_check(&c->cfg, why, why_len) != BH_OK ||
        pcie_tlbs_config_check(&c->tlb, why, why_len) != BH_OK ||
        pcie_link_config_check(&c->link, why, why_len) != BH_OK ||
        pcie_host_config_check(&c->host, &c->link, why, why_len) != BH_OK)
        return BH_ERR_CONFIG;
    const char *bad = NULL;
    if (c->n_nocs < 1 || c->n_nocs > 2)
        bad = "n_nocs: must be 1 or 2";
    else if (c->frame.w == 0 || c->frame.h == 0 || c->node0 >= c->frame.w * c->frame.h)
        bad = "node0: outside the grid";
    else if (c->link.mps_bytes > sizeof(((PcieD2hChunk *)0)->data))
        bad = "link.mps_bytes: larger than a device write chunk holds";
    else if (c->host_bytes == 0)
        bad = "host_bytes: must not be 0";
    if (bad) {
        snprintf(why, why_len, "pcie tile: %s", bad);
        return BH_ERR_CONFIG;
    }
    return BH_OK;
}

static void tlp_event(void *ctx, const PcieLinkEvent *ev);
static void tlp_at_host(PcieTile *t, const PcieLinkEvent *ev);

BhStatus pcie_tile_init(PcieTile *t, const PcieTileConfig *c, const PcieTileHooks *hooks,
                        BhLogContext *log)
{
    char why[256];
    memset(t, 0, sizeof *t);
    if (pcie_tile_config_check(c, why, sizeof why) != BH_OK)
        return BH_ERR_CONFIG;
    t->cfg = *c;
    t->hooks = *hooks;
    t->log = log;
    if (pcie_cfg_init(&t->pcfg, &c->cfg) != BH_OK || pcie_tlbs_init(&t->tlbs, &c->tlb) != BH_OK ||
        pcie_link_init(&t->link, &c->link, tlp_event, t) != BH_OK)
        return BH_ERR_CONFIG;
    pcie_host_cpu_init(&t->cpu, &c->host);
    if (bh_sparse_init(&t->host, c->host_bytes) != BH_OK)
        return BH_ERR_FULL;
    for (uint32_t b = 0; b < PCIE_CFG_BARS; b++) {
        pcie_cfg_write32(&t->pcfg, 0x10 + 8 * b, (uint32_t)c->bar_base[b]);
        pcie_cfg_write32(&t->pcfg, 0x14 + 8 * b, (uint32_t)(c->bar_base[b] >> 32));
    }
    return BH_OK;
}

void pcie_tile_destroy(PcieTile *t)
{
    for (uint32_t i = 0; i < PCIE_TILE_OPS; i++)
        free(t->ops[i].data);
    free(t->xfers);
    free(t->queue);
    free(t->reads);
    free(t->d2h);
    free(t->later);
    bh_sparse_destroy(&t->host);
    memset(t, 0, sizeof *t);
}

void pcie_tile_set_host_memory(PcieTile *t, PcieHostMemRead rd, PcieHostMemWrite wr, void *ctx)
{
    t->host_rd = rd, t->host_wr = wr, t->host_ctx = ctx;
}

BhStatus pcie_tile_host_mem_read(const PcieTile *t, uint64_t addr, void *buf, uint64_t len)
{
    return bh_sparse_read(&t->host, addr, buf, len);
}

BhStatus pcie_tile_host_mem_write(PcieTile *t, uint64_t addr, const void *buf, uint64_t len)
{
    return bh_sparse_write(&t->host, addr, buf, len);
}

void pcie_tile_host_mem(PcieTile *t, int write, uint64_t addr, uint8_t *buf, uint32_t len)
{
    if (write && t->host_wr)
        t->host_wr(t->host_ctx, addr, buf, len);
    else if (!write && t->host_rd)
        t->host_rd(t->host_ctx, addr, buf, len);
    else if (write ? bh_sparse_write(&t->host, addr, buf, len) != BH_OK
                   : bh_sparse_read(&t->host, addr, buf, len) != BH_OK)
        BH_LOG_GUEST(t->log,
                     "pcie: device access to host address 0x%llx (%u bytes) is past the "
                     "host memory's %llu bytes",
                     (unsigned long long)addr, len, (unsigned long long)t->cfg.host_bytes);
}

/* ---------------------------------------------------------------- operation records */

PcieTileOp *pcie_tile_new_op(PcieTile *t)
{
    PcieTileOp *op = &t->ops[t->next_id % PCIE_TILE_OPS];
    return op->used && !op->done ? NULL : op;
}

uint64_t pcie_tile_commit_op(PcieTile *t, PcieTileOp *op, uint8_t *data, uint32_t len)
{
    free(op->data);
    memset(op, 0, sizeof *op);
    op->id = t->next_id++;
    op->used = 1;
    op->data = data;
    op->len = len;
    t->open_ops++;
    return op->id;
}

PcieTileOp *pcie_tile_op(PcieTile *t, uint64_t id)
{
    PcieTileOp *op = &t->ops[id % PCIE_TILE_OPS];
    BH_ASSERT(op->used && op->id == id);
    return op;
}

void pcie_tile_finish_if_done(PcieTile *t, PcieTileOp *op)
{
    if (op->done || !op->link_done || op->noc_due != 0)
        return;
    op->done = 1;
    t->open_ops--;
    op->done_ps = BH_MAX(op->done_ps, tile_now(t));
    if (!op->device && t->hooks.host_done)
        t->hooks.host_done(t->hooks.ctx, op->id);
    if (!op->is_read) { /* the bytes are in the NoC's targets now */
        free(op->data);
        op->data = NULL;
        op->len = 0;
    }
}

/* ---------------------------------------------------------------- host accesses */

static BhStatus host_access(PcieTile *t, int read, uint64_t paddr, const void *data, uint32_t len,
                            uint64_t *id, char *why, size_t why_len)
{
    if (len == 0) {
        snprintf(why, why_len, "pcie: a host access of 0 bytes at 0x%llx",
                 (unsigned long long)paddr);
        return BH_ERR_ACCESS;
    }
    int bar = 0, last_bar = 0;
    uint64_t off = 0;
    if (pcie_cfg_bar_decode(&t->pcfg, paddr, &bar, &off) != BH_OK ||
        pcie_cfg_bar_decode(&t->pcfg, paddr + len - 1, &last_bar, &off) != BH_OK ||
        bar != last_bar) {
        int n = snprintf(why, why_len,
                         "pcie: host address 0x%llx (%u bytes) is not inside one BAR of the chip",
                         (unsigned long long)paddr, len);
        for (int i = 0; i < PCIE_CFG_BARS && n >= 0 && (size_t)n < why_len; i++) /* the BARs */
            n += snprintf(why + n, why_len - (size_t)n, "%s BAR%d 0x%llx + 0x%llx", i ? "," : ":",
                          2 * i, (unsigned long long)t->pcfg.bar_base[i],
                          (unsigned long long)t->pcfg.bar_mask[i] + 1);
        return BH_ERR_ADDR;
    }
    PcieTileOp *op = pcie_tile_new_op(t);
    uint8_t *buf = op ? malloc(len) : NULL;
    if (!buf)
        return BH_ERR_FULL;
    if (read)
        memset(buf, 0xFF, len);
    else
        memcpy(buf, data, len);
    const uint64_t oid = t->next_id, now = tile_now(t);
    uint32_t link_op = 0;
    /* what the CPU makes of it (its state moves only once the link took the access) */
    PcieHostCpu cpu = t->cpu;
    PcieLinkPace pace;
    const uint64_t ready = read ? pcie_host_cpu_read(&cpu, now, paddr, len, &pace)
                                : pcie_host_cpu_write(&cpu, now, paddr, len, &pace);
    const BhStatus st =
        read ? pcie_link_read_paced(&t->link, PCIE_H2D, ready, paddr, len, 0, &pace, oid, &link_op)
             : pcie_link_write_paced(&t->link, PCIE_H2D, ready, paddr, len, &pace, oid, &link_op);
    if (st == BH_OK)
        t->cpu = cpu;
    if (st != BH_OK) {
        free(buf);
        if (st != BH_ERR_FULL) /* full: the caller advances and retries */
            snprintf(why, why_len, "pcie: the host link refused a %u-byte %s at 0x%llx: %s", len,
                     read ? "read" : "write", (unsigned long long)paddr, bh_status_name(st));
        return st;
    }
    pcie_tile_commit_op(t, op, buf, len);
    op->paddr = paddr;
    op->is_read = (uint8_t)read;
    op->link_op = link_op;
    *id = oid;
    tile_wake(t, now);
    return BH_OK;
}

BhStatus pcie_tile_host_write(PcieTile *t, uint64_t paddr, const void *data, uint32_t len,
                              uint64_t *id, char *why, size_t why_len)
{
    return host_access(t, 0, paddr, data, len, id, why, why_len);
}

BhStatus pcie_tile_host_read(PcieTile *t, uint64_t paddr, uint32_t len, uint64_t *id, char *why,
                             size_t why_len)
{
    return host_access(t, 1, paddr, NULL, len, id, why, why_len);
}

int pcie_tile_done(const PcieTile *t, uint64_t id, void *out, uint64_t *at_ps)
{
    const PcieTileOp *op = &t->ops[id % PCIE_TILE_OPS];
    if (!op->used || op->id != id || op->device)
        return -1;
    if (!op->done)
        return 0;
    if (out && op->is_read)
        memcpy(out, op->data, op->len);
    if (at_ps)
        *at_ps = op->done_ps;
    return 1;
}

int pcie_tile_idle(const PcieTile *t)
{
    return t->open_ops == 0 && t->q_len == 0 && t->n_later == 0 && t->n_d2h == 0 &&
           t->reads_open == 0 && !t->held.used;
}

/* ---------------------------------------------------------------- TLPs acting later */

static int later_before(const PcieLater *a, const PcieLater *b)
{
    return a->time_ps != b->time_ps ? a->time_ps < b->time_ps : a->seq < b->seq;
}

static void later_push(PcieTile *t, const PcieLinkEvent *ev)
{
    if (!pcie_tile_grow((void **)&t->later, &t->cap_later, t->n_later + 1, sizeof *t->later)) {
        bh_log(t->log, BH_LOG_ERROR, "pcie: out of memory: a TLP at %llu ps is lost",
               (unsigned long long)ev->time_ps);
        return;
    }
    uint32_t i = t->n_later++;
    PcieLater e = {ev->time_ps, t->later_seq++, *ev};
    while (i > 0 && later_before(&e, &t->later[(i - 1) / 2])) {
        t->later[i] = t->later[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    t->later[i] = e;
}

static PcieLinkEvent later_pop(PcieTile *t)
{
    const PcieLinkEvent top = t->later[0].ev;
    const PcieLater last = t->later[--t->n_later];
    uint32_t i = 0;
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= t->n_later)
            break;
        if (c + 1 < t->n_later && later_before(&t->later[c + 1], &t->later[c]))
            c++;
        if (!later_before(&t->later[c], &last))
            break;
        t->later[i] = t->later[c];
        i = c;
    }
    if (t->n_later)
        t->later[i] = last;
    return top;
}

/* The link reports a TLP when it reaches the receiver's link layer; it acts at ev->time_ps,
 * when it reaches the user (the device side: after the NIU crossing). */
static void tlp_event(void *ctx, const PcieLinkEvent *ev)
{
    PcieTile *t = ctx;
    if (ev->time_ps > tile_now(t)) {
        later_push(t, ev);
        return;
    }
    pcie_tile_act(t, ev);
}

void pcie_tile_act(PcieTile *t, const PcieLinkEvent *ev)
{
    if (ev->dir == PCIE_D2H)
        tlp_at_host(t, ev);
    else if (ev->kind == PCIE_TLP_CPLD) /* the host answers a device read */
        pcie_tile_dev_read_data(t, ev);
    else
        pcie_tile_tlp_at_device(t, ev);
}

/* Completions for the host's reads and device writes reaching host memory. */
static void tlp_at_host(PcieTile *t, const PcieLinkEvent *ev)
{
    PcieTileOp *op = pcie_tile_op(t, ev->token);
    if (ev->kind == PCIE_TLP_MWR) { /* a device write: its bytes reach host memory */
        pcie_tile_host_mem(t, 1, ev->addr, op->data + (ev->addr - op->paddr), ev->bytes);
        t->d2h_bytes -= ev->bytes; /* the tile's buffer has room again */
    }
    if (ev->op_done) {
        op->link_done = 1;
        op->done_ps = ev->time_ps;
        pcie_tile_finish_if_done(t, op);
    }
}

uint64_t pcie_tile_step(PcieTile *t)
{
    const uint64_t now = tile_now(t);
    uint64_t next = pcie_link_step(&t->link, now);
    pcie_tile_send_d2h(t);
    /* TLPs whose user-side time has come, in time order (a step may add more) */
    while (t->n_later && t->later[0].time_ps <= now) {
        const PcieLinkEvent ev = later_pop(t);
        pcie_tile_act(t, &ev);
    }
    next = BH_MIN(next, pcie_link_step(&t->link, now));
    if (t->n_later)
        next = BH_MIN(next, t->later[0].time_ps);
    pcie_tile_retry_held(t); /* the link may have room now, or the host may have taken writes */
    next = BH_MIN(next, pcie_link_step(&t->link, now));
    if (t->n_d2h) /* waiting for the link, or for a flit to join it */
        next = BH_MIN(next, tile_cycle_ps(t, t->hooks.now_cycle(t->hooks.ctx) + 1));
    return next;
}
