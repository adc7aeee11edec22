// SPDX-License-Identifier: Apache-2.0
/* What a host TLP hits at the PCIe tile: a TLB window (a NoC transaction from the tile's NIU,
 * issued in the TLB's ordering), the TLB configuration words, the tile's NIU registers, the
 * ARC window or BAR2's DBI words (answered at once). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/pcie/pcie_tile_internal.h"

static uint64_t now_cycle(const PcieTile *t)
{
    return t->hooks.now_cycle(t->hooks.ctx);
}

static void respond_now(PcieTile *t, const PcieLinkEvent *ev)
{
    pcie_link_respond(&t->link, ev->op, BH_MAX(ev->time_ps, tile_now(t)), ev->addr, ev->bytes);
}

static void tlb_cfg_words(PcieTile *t, const PcieLinkEvent *ev, const PcieTarget *tg, uint8_t *data,
                          int write)
{
    for (uint32_t i = 0; i + 4 <= ev->bytes; i += 4) {
        BhRegionAccess a = {
            0, 0, 0, (uint32_t)(tg->offset + i), 4, (uint8_t)write, 0, 0, data + i, now_cycle(t)};
        const BhStatus st = bh_region_access(&pcie_tlb_cfg_region, &t->tlbs, &a);
        if (st != BH_OK)
            BH_LOG_GUEST(t->log, "pcie: host %s at 0x%llx: past the TLB configuration words",
                         write ? "write" : "read", (unsigned long long)(ev->addr + i));
    }
}

/* BAR2: the controller's DBI (pcie_dbi.h); dev is the PcieTile, whose configuration space the
 * DBI's first 4 KiB show */
static BhStatus dbi_read(void *dev, BhRegionAccess *a)
{
    PcieTile *t = dev;
    uint32_t v = 0; /* a->data may be any byte of a TLP's payload: not aligned for a uint32_t */
    const BhStatus st = pcie_dbi_read32(&t->dbi, &t->pcfg, a->off, &v);
    memcpy(a->data, &v, 4);
    return st;
}

static BhStatus dbi_write(void *dev, BhRegionAccess *a)
{
    PcieTile *t = dev;
    uint32_t v;
    memcpy(&v, a->data, 4);
    return pcie_dbi_write32(&t->dbi, &t->pcfg, a->off, v);
}

static const BhRegionOps dbi_region = {"controller's DBI (BAR2)", dbi_read, dbi_write, 4, 4, 1, 0};

static void dbi_words(PcieTile *t, const PcieLinkEvent *ev, const PcieTarget *tg, uint8_t *data,
                      int write)
{
    for (uint32_t i = 0; i + 4 <= ev->bytes; i += 4) {
        BhRegionAccess a = {
            0, 0, 0, (uint32_t)(tg->offset + i), 4, (uint8_t)write, 0, 0, data + i, now_cycle(t)};
        if (bh_region_access(&dbi_region, t, &a) != BH_OK)
            BH_LOG_GUEST(t->log, "pcie: host %s at 0x%llx: past BAR2's end",
                         write ? "write" : "read", (unsigned long long)(ev->addr + i));
    }
}

/* BAR0's NIU windows: the tile's own NIU #niu registers (NoC/MemoryMap.md offsets from
 * NIU_BASE), a word at a time, answered at once as the TLB configuration is */
static void niu_regs(PcieTile *t, uint32_t niu, uint32_t off, int write, uint8_t *data,
                     uint32_t bytes, uint64_t paddr)
{
    if (niu >= t->cfg.n_nocs) {
        BH_LOG_GUEST(t->log,
                     "pcie: host access at 0x%llx: NIU #%u's registers, but NoC%u is not built",
                     (unsigned long long)paddr, niu, niu);
        return;
    }
    for (uint32_t i = 0; i + 4 <= bytes; i += 4) {
        uint32_t v = 0;
        if (write)
            memcpy(&v, data + i, 4);
        const BhStatus st = t->hooks.niu_reg(t->hooks.ctx, niu, off + i, write, &v, now_cycle(t));
        if (!write)
            memcpy(data + i, &v, 4);
        if (st != BH_OK)
            BH_LOG_GUEST(t->log, "pcie: host %s at 0x%llx: NIU #%u register 0x%x: %s",
                         write ? "write" : "read", (unsigned long long)(paddr + i), niu, off + i,
                         bh_status_name(st));
    }
}

static void arc_window(PcieTile *t, uint64_t arc_addr, int write, uint8_t *data, uint32_t bytes,
                       uint64_t paddr)
{
    const BhStatus st = t->hooks.arc(t->hooks.ctx, arc_addr, write, data, bytes);
    if (st != BH_OK)
        BH_LOG_GUEST(t->log, "pcie: host %s of %u bytes at 0x%llx: ARC address 0x%llx: %s",
                     write ? "write" : "read", bytes, (unsigned long long)paddr,
                     (unsigned long long)arc_addr, bh_status_name(st));
}

/* ---------------------------------------------------------------- window transactions */

/* Window transactions go to the NIU in the order their TLPs arrived, each once its TLB's
 * ordering mode lets it (pcie_order.h) and the NIU has a request record for it. */
static void pump(PcieTile *t, uint64_t now)
{
    while (t->q_len) {
        PcieWindowXfer *x = &t->xfers[t->queue[t->q_head]];
        const int read = x->rq.op == NOC_REQ_READ;
        if (!pcie_order_may_issue(&t->order, x->ordering, read) ||
            t->hooks.noc_request(t->hooks.ctx, x->noc, &x->rq, now) == BH_ERR_FULL)
            return;
        pcie_order_issued(&t->order, x->ordering, read);
        x->queued = 0;
        t->q_head = (t->q_head + 1) % t->q_cap;
        t->q_len--;
    }
}

static void xfer_done(void *ctx, uint64_t token, BhStatus status, uint64_t now)
{
    (void)status; /* a failed access at the target is a guest error logged there */
    PcieTile *t = ctx;
    PcieWindowXfer *x = &t->xfers[token];
    PcieTileOp *op = pcie_tile_op(t, x->op);
    if (op->is_read) {
        /* the TLP asked for the NoC read's bytes (the host CPU sized it: pcie_host_cpu.h) */
        pcie_link_respond(&t->link, x->link_op, BH_MAX(tile_cycle_ps(t, now), tile_now(t)),
                          op->paddr + x->off, x->rq.len);
        tile_wake(t, tile_now(t));
    }
    op->noc_due--;
    pcie_order_done(&t->order,
                    x->ordering == PCIE_ORDER_STRICT ? PCIE_ORDER_STRICT : PCIE_ORDER_DEFAULT,
                    op->is_read);
    x->used = 0;
    pcie_tile_finish_if_done(t, op);
    pump(t, now); /* a request record is free again, and what waited on this may go */
}

static PcieWindowXfer *new_xfer(PcieTile *t, uint32_t *index)
{
    for (uint32_t i = 0; i < t->n_xfers; i++)
        if (!t->xfers[i].used) {
            *index = i;
            return &t->xfers[i];
        }
    if (!pcie_tile_grow((void **)&t->xfers, &t->cap_xfers, t->n_xfers + 1, sizeof *t->xfers))
        return NULL;
    *index = t->n_xfers++;
    return &t->xfers[*index];
}

static int enqueue(PcieTile *t, uint32_t index)
{
    if (t->q_len == t->q_cap) { /* grow the ring, unrolling it */
        uint32_t cap = t->q_cap;
        uint32_t *q = NULL;
        if (!pcie_tile_grow((void **)&q, &cap, t->q_len + 1, sizeof *q))
            return 0;
        for (uint32_t i = 0; i < t->q_len; i++)
            q[i] = t->queue[(t->q_head + i) % t->q_cap];
        free(t->queue);
        t->queue = q, t->q_cap = cap, t->q_head = 0;
    }
    t->queue[(t->q_head + t->q_len) % t->q_cap] = index;
    t->q_len++;
    return 1;
}

/* One TLP through a TLB window: a NoC write of its bytes, or a NoC read of them into the
 * tile, from the NIU of the TLB's NoC. A TLB names its target in that NoC's own frame. */
static void window_access(PcieTile *t, PcieTileOp *op, const PcieLinkEvent *ev,
                          const PcieTarget *tg)
{
    const NocFrame *f = &t->cfg.frame;
    const uint32_t noc = tg->noc < t->cfg.n_nocs ? tg->noc : 0;
    /* the NIU translates the TLB's coordinates as it does a command buffer's */
    uint32_t tx = tg->x, ty = tg->y;
    uint8_t rect[4];
    memcpy(rect, tg->rect, sizeof rect);
    if (t->hooks.translate) {
        t->hooks.translate(t->hooks.ctx, noc, &tx, &ty);
        for (int k = 0; k < 4; k += 2) {
            uint32_t rx = rect[k], ry = rect[k + 1];
            t->hooks.translate(t->hooks.ctx, noc, &rx, &ry);
            rect[k] = (uint8_t)rx, rect[k + 1] = (uint8_t)ry;
        }
    }
    if (!tg->mcast && (tx >= f->w || ty >= f->h)) {
        BH_LOG_GUEST(t->log, "pcie: TLB %u targets (%u,%u) on NoC%u, outside the grid%s", tg->tlb,
                     tg->x, tg->y, noc,
                     tx == tg->x && ty == tg->y
                         ? " (translated coordinates such as tt-umd's need noc.translation=1)"
                         : "");
        if (ev->kind == PCIE_TLP_MRD)
            respond_now(t, ev);
        return;
    }
    uint32_t index = 0;
    PcieWindowXfer *x = new_xfer(t, &index);
    if (!x) {
        bh_log(t->log, BH_LOG_ERROR, "pcie: out of memory: a window transaction is lost");
        return;
    }
    memset(x, 0, sizeof *x);
    x->used = x->queued = 1;
    x->op = op->id;
    x->off = ev->addr - op->paddr;
    x->link_op = ev->op;
    x->noc = noc;
    x->ordering = tg->ordering;
    NocRequest *rq = &x->rq;
    rq->reply_node = noc_frame_node(f, noc, t->cfg.node0);
    rq->remote_addr = tg->noc_addr;
    rq->local_addr =
        PCIE_TILE_INBOUND | ((uint64_t)(op->id % PCIE_TILE_OPS) << 32) | (uint32_t)x->off;
    rq->len = ev->bytes;
    rq->tag = BH_IDLE;
    rq->done = xfer_done;
    rq->done_ctx = t;
    rq->token = index;
    if (ev->kind == PCIE_TLP_MRD) {
        rq->op = NOC_REQ_READ;
        rq->target = ty * f->w + tx;
    } else {
        rq->op = NOC_REQ_WRITE;
        rq->acked = pcie_order_acked(tg->ordering) != 0; /* posted writes: not acknowledged */
        if (tg->mcast) {
            rq->mcast = 1;
            memcpy(rq->rect, rect, sizeof rq->rect);
            rq->path_reserve = 1;
        } else {
            rq->target = ty * f->w + tx;
        }
    }
    op->noc_due++;
    if (tg->ordering == PCIE_ORDER_COUNTED)
        BH_LOG_UNIMP_ONCE(t->log, "pcie: TLB ordering 3 (counted writes) is not documented; it "
                                  "acts as ordering 0 (default)");
    if (!enqueue(t, index)) {
        bh_log(t->log, BH_LOG_ERROR, "pcie: out of memory: a window transaction is lost");
        x->used = 0;
        return;
    }
    pump(t, now_cycle(t));
}

/* ---------------------------------------------------------------- dispatch */

void pcie_tile_tlp_at_device(PcieTile *t, const PcieLinkEvent *ev)
{
    PcieTileOp *op = pcie_tile_op(t, ev->token);
    int bar = 0;
    uint64_t off = 0;
    PcieTarget tg;
    memset(&tg, 0, sizeof tg);
    const BhRegionOps *words = NULL; /* a register window's rule (bh_region.h) */
    char why[192] = "";
    /* what the TLP's first word hits (a TLP never crosses a 2 MiB window: it is split at
     * max-payload and read-request boundaries); the TLB configuration takes whole words */
    if (pcie_cfg_bar_decode(&t->pcfg, ev->addr, &bar, &off) != BH_OK ||
        pcie_bar_access_decode(&t->tlbs, bar, off, ev->bytes < 4 ? ev->bytes : 4, &tg, why,
                               sizeof why) != BH_OK)
        tg.kind = PCIE_TGT_NONE;
    else if ((words = tg.kind == PCIE_TGT_NIU       ? &noc_niu_regs_region
                      : tg.kind == PCIE_TGT_TLB_CFG ? &pcie_tlb_cfg_region
                      : tg.kind == PCIE_TGT_DBI     ? &dbi_region
                                                    : NULL) &&
             bh_region_check_burst(words, ev->addr, ev->bytes) != BH_OK) {
        snprintf(why, sizeof why, "the %s take%s whole aligned %u-bit words", words->name,
                 tg.kind == PCIE_TGT_NIU ? "" : "s", 8u * words->max_bytes);
        tg.kind = PCIE_TGT_NONE;
    } else if (tg.kind == PCIE_TGT_ARC && tg.offset < PCIE_TILE_ARC_XBAR_OFF) {
        snprintf(why, sizeof why,
                 "the ARC window's first MiB (BAR0 0x1FE0_0000; tt-umd's ARC_CSM_OFFSET, \"no "
                 "longer valid for Blackhole\") is not modeled");
        tg.kind = PCIE_TGT_NONE;
    }
    uint8_t *data = op->data + (ev->addr - op->paddr);
    const int write = ev->kind == PCIE_TLP_MWR;
    switch (tg.kind) {
    case PCIE_TGT_TLB:
        window_access(t, op, ev, &tg);
        break;
    case PCIE_TGT_TLB_CFG:
        tlb_cfg_words(t, ev, &tg, data, write);
        break;
    case PCIE_TGT_DBI:
        dbi_words(t, ev, &tg, data, write);
        break;
    case PCIE_TGT_NIU:
        niu_regs(t, tg.niu, (uint32_t)tg.offset, write, data, ev->bytes, ev->addr);
        break;
    case PCIE_TGT_ARC: /* PCIe 1's own path to ARC: the NoC address ARC_NOC_XBAR + offset */
        arc_window(t, PCIE_TILE_ARC_NOC + (tg.offset - PCIE_TILE_ARC_XBAR_OFF), write, data,
                   ev->bytes, ev->addr);
        break;
    default:
        BH_LOG_GUEST(t->log, "pcie: host %s of %u bytes at 0x%llx: %s", write ? "write" : "read",
                     ev->bytes, (unsigned long long)ev->addr, why[0] ? why : "nothing there");
        break;
    }
    if (write) {
        if (ev->op_done) {
            op->link_done = 1;
            pcie_tile_finish_if_done(t, op);
        }
    } else if (tg.kind != PCIE_TGT_TLB) { /* answered at once: no NoC read */
        respond_now(t, ev);
        tile_wake(t, tile_now(t));
    }
}
