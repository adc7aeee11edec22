// SPDX-License-Identifier: Apache-2.0
/* The PCIe tile as a NoC target: device accesses to host memory. Writes are gathered into TLPs
 * of up to the maximum payload and go up the link; reads go up as non-posted reads, and their
 * flits are answered as the completions come back. The host side is pcie_tile.c. */
#include <stdlib.h>
#include <string.h>
#include "model/pcie/pcie_tile_internal.h"

#define HOST_MASK ((1ull << PCIE_TILE_HOST_WINDOW_BITS) - 1)

/* The windows the ARC firmware sets up (tt-system-firmware bh_arc/pcie.c SetupOutboundTlbs):
 * 0..3 to the host (IOMMU) with plain, relaxed-ordering, no-snoop, or both attributes; 4..7
 * the same through the outbound iATU. */
static int host_window(uint64_t addr)
{
    return addr >> PCIE_TILE_HOST_WINDOW_BITS < 8;
}

/* The controller's DBI, as the ARC firmware maps it (tt-system-firmware pcie.c DBI_PCIE_TLB_ID;
 * tt-kmd blackhole.c PCIE_DBI_ADDR 0xF800_0000_0000_0000) */
#define DBI_WINDOW 62

static int dbi_window(uint64_t addr)
{
    return addr >> PCIE_TILE_HOST_WINDOW_BITS == DBI_WINDOW;
}

/* A NoC access of the DBI takes whole aligned words of BAR2's map (pcie_dbi.h) */
static BhStatus dbi_check(PcieTile *t, int write, uint64_t addr, uint32_t len)
{
    const uint64_t off = addr & HOST_MASK;
    if (off % 4 || len % 4 || len == 0 || off + len > PCIE_BAR2_BYTES) {
        BH_LOG_GUEST(t->log,
                     "pcie: NoC %s of %u bytes at 0x%llx: the controller's DBI takes whole "
                     "aligned 32-bit words below 1 MiB",
                     write ? "write" : "read", len, (unsigned long long)addr);
        return BH_ERR_ADDR;
    }
    return BH_OK;
}

/* ... answered at once */
static BhStatus dbi_access(PcieTile *t, int write, uint64_t addr, uint8_t *buf, uint32_t len)
{
    const uint64_t off = addr & HOST_MASK;
    if (dbi_check(t, write, addr, len) != BH_OK)
        return BH_ERR_ADDR;
    for (uint32_t i = 0; i < len; i += 4) {
        uint32_t v = 0;
        if (write) {
            memcpy(&v, buf + i, 4);
            pcie_dbi_write32(&t->dbi, &t->pcfg, (uint32_t)(off + i), v);
        } else {
            pcie_dbi_read32(&t->dbi, &t->pcfg, (uint32_t)(off + i), &v);
            memcpy(buf + i, &v, 4);
        }
    }
    return BH_OK;
}

/* The host address a NoC address in a host window reaches */
static uint64_t host_addr(const PcieTile *t, uint64_t addr)
{
    uint64_t host = addr & HOST_MASK;
    if (addr >> PCIE_TILE_HOST_WINDOW_BITS >= 4)
        pcie_dbi_outbound(&t->dbi, addr & HOST_MASK, &host);
    return host;
}

static uint64_t now_cycle(const PcieTile *t)
{
    return t->hooks.now_cycle(t->hooks.ctx);
}

/* A device write to host memory goes up the link in TLPs of up to max payload, as the NoC
 * packet's AXI burst is split by the controller. The NoC hands it over flit by flit, and
 * packets arriving on different VCs interleave, so a flit joins the open chunk it continues,
 * which leaves when it reaches a max-payload boundary or the packet's end. Where the end is
 * not known (posted writes, read data landing in a host window) a chunk also leaves when no
 * flit has joined it for a cycle. */
static void gather_d2h(PcieTile *t, uint64_t host, const uint8_t *buf, uint32_t len, int end_known,
                       int last)
{
    const uint64_t now = tile_now(t);
    const uint32_t mps = t->cfg.link.mps_bytes;
    t->d2h_bytes += len;
    uint32_t done = 0;
    while (done < len) {
        uint32_t i = t->n_d2h;
        while (i > 0 &&
               (t->d2h[i - 1].sealed || t->d2h[i - 1].addr + t->d2h[i - 1].len != host + done))
            i--;
        PcieD2hChunk *ch;
        if (i == 0) {
            if (!pcie_tile_grow((void **)&t->d2h, &t->cap_d2h, t->n_d2h + 1, sizeof *t->d2h)) {
                bh_log(t->log, BH_LOG_ERROR, "pcie: out of memory: a device write is lost");
                t->d2h_bytes -= len - done;
                return;
            }
            ch = &t->d2h[t->n_d2h++];
            ch->addr = host + done;
            ch->len = 0;
            ch->sealed = 0;
            ch->end_known = (uint8_t)end_known;
        } else {
            ch = &t->d2h[i - 1];
        }
        const uint64_t end = ch->addr + ch->len;
        const uint32_t room = (uint32_t)(mps - end % mps);
        const uint32_t n = BH_MIN(room, len - done);
        memcpy(ch->data + ch->len, buf + done, n);
        ch->len += n;
        ch->last_ps = now;
        ch->sealed = n == room || (last && done + n == len);
        done += n;
    }
    pcie_tile_send_d2h(t);
    tile_wake(t, tile_cycle_ps(t, now_cycle(t) + 2));
}

/* Device writes waiting to go up the link: each sealed chunk (or one of unknown end no flit
 * has joined for a cycle), oldest first, becomes a link write while the link has operation
 * records free. */
void pcie_tile_send_d2h(PcieTile *t)
{
    const uint64_t now = tile_now(t), cyc = now_cycle(t);
    const uint64_t quiet = tile_cycle_ps(t, cyc + 1) - tile_cycle_ps(t, cyc);
    uint32_t keep = 0;
    for (uint32_t i = 0; i < t->n_d2h; i++) {
        PcieD2hChunk *ch = &t->d2h[i];
        int go = ch->sealed || (!ch->end_known && now - ch->last_ps >= quiet);
        PcieTileOp *op = go ? pcie_tile_new_op(t) : NULL;
        uint8_t *data = op ? malloc(ch->len) : NULL;
        uint32_t link_op = 0;
        if (data && pcie_link_write(&t->link, PCIE_D2H, now, ch->addr, ch->len, t->next_id,
                                    &link_op) != BH_OK) {
            free(data);
            data = NULL;
        }
        if (!data) {
            if (go) { /* the link is full: try again as it drains; keep the rest in order */
                memmove(&t->d2h[keep], &t->d2h[i], (t->n_d2h - i) * sizeof *t->d2h);
                t->n_d2h = keep + (t->n_d2h - i);
                return;
            }
            if (keep != i)
                t->d2h[keep] = *ch;
            keep++;
            continue;
        }
        memcpy(data, ch->data, ch->len);
        pcie_tile_commit_op(t, op, data, ch->len);
        op->paddr = ch->addr;
        op->device = 1;
        op->link_op = link_op;
    }
    t->n_d2h = keep;
}

/* ---------------------------------------------------------------- device reads */

static PcieDevRead *find_read(PcieTile *t, uint64_t key)
{
    for (uint32_t i = 0; i < t->n_reads; i++)
        if (t->reads[i].used && t->reads[i].key == key)
            return &t->reads[i];
    return NULL;
}

static PcieDevRead *new_read(PcieTile *t)
{
    for (uint32_t i = 0; i < t->n_reads; i++)
        if (!t->reads[i].used)
            return &t->reads[i];
    if (!pcie_tile_grow((void **)&t->reads, &t->cap_reads, t->n_reads + 1, sizeof *t->reads))
        return NULL;
    t->reads[t->n_reads].used = 0;
    return &t->reads[t->n_reads++];
}

static void end_read(PcieTile *t, PcieDevRead *r)
{
    r->used = 0;
    t->reads_open--;
}

/* The read's first flit: the whole NoC read goes up the link. NULL: not now. */
static PcieDevRead *start_read(PcieTile *t, const NocMemAccess *acc)
{
    PcieTileOp *op = pcie_tile_new_op(t);
    PcieDevRead *r = op ? new_read(t) : NULL;
    uint32_t link_op = 0;
    if (!r || acc->flit_bytes == 0 ||
        pcie_link_read(&t->link, PCIE_D2H, tile_now(t), host_addr(t, acc->pkt_addr), acc->pkt_bytes,
                       1, t->next_id, &link_op) != BH_OK)
        return NULL; /* no operation record free: retried as the link drains */
    pcie_tile_commit_op(t, op, NULL, 0);
    op->device = op->is_read = 1;
    op->paddr = host_addr(t, acc->pkt_addr);
    op->link_op = link_op;
    op->dev_read = (uint32_t)(r - t->reads);
    memset(r, 0, sizeof *r);
    r->used = 1;
    r->key = acc->token;
    r->base = acc->pkt_addr;
    r->flit_bytes = acc->flit_bytes;
    r->flits = (acc->pkt_bytes + r->flit_bytes - 1) / r->flit_bytes;
    BH_ASSERT(r->flits <= PCIE_TILE_READ_FLITS);
    for (uint32_t i = 0; i < r->flits; i++)
        r->missing[i] = (uint16_t)BH_MIN(r->flit_bytes, acc->pkt_bytes - i * r->flit_bytes);
    r->left = r->flits;
    t->reads_open++;
    tile_wake(t, tile_now(t));
    return r;
}

/* A completion of a device read reaches the NIU: the flits it completes are answered. */
void pcie_tile_dev_read_data(PcieTile *t, const PcieLinkEvent *ev)
{
    PcieTileOp *op = pcie_tile_op(t, ev->token);
    const uint32_t ri = op->dev_read; /* by index: an answer may start another read */
    BH_ASSERT(t->reads[ri].used);
    const uint64_t base = op->paddr, fb = t->reads[ri].flit_bytes;
    for (uint64_t a = ev->addr; a < ev->addr + ev->bytes;) {
        PcieDevRead *r = &t->reads[ri];
        const uint64_t f = (a - base) / fb;
        const uint64_t end = BH_MIN(base + (f + 1) * fb, ev->addr + ev->bytes);
        r->missing[f] = (uint16_t)(r->missing[f] - (end - a));
        if (r->missing[f] == 0 && r->asked[f]) {
            void *h = r->asked[f];
            r->asked[f] = NULL;
            r->left--;
            t->hooks.dev_answered(t->hooks.ctx, h, BH_OK);
        }
        a = end;
    }
    PcieDevRead *r = &t->reads[ri];
    if (ev->op_done) {
        op->link_done = 1;
        op->done_ps = ev->time_ps;
        pcie_tile_finish_if_done(t, op);
    }
    if (r->used && r->left == 0)
        end_read(t, r);
}

/* ---------------------------------------------------------------- the NIU's accesses */

static PcieDevResult dev_access(PcieTile *t, void *handle, int is_write, uint64_t addr,
                                uint32_t len, uint8_t *data, const NocMemAccess *acc,
                                BhStatus *status)
{
    *status = BH_OK;
    if (dbi_window(addr)) { /* a write acts now; a read's data is taken by mem_access */
        *status = is_write ? dbi_access(t, 1, addr, data, len) : dbi_check(t, 0, addr, len);
        return PCIE_DEV_DONE;
    }
    if (!host_window(addr)) {
        BH_LOG_GUEST(t->log,
                     "pcie: NoC %s of %u bytes at 0x%llx in the PCIe tile: not one of its host "
                     "windows (address bits 63..58 must be 0..7) nor its DBI (62)",
                     is_write ? "write" : "read", len, (unsigned long long)addr);
        *status = BH_ERR_ADDR;
        return PCIE_DEV_DONE;
    }
    if (is_write) {
        if (t->d2h_bytes && t->d2h_bytes + len > t->cfg.link.d2h_buffer_bytes)
            return PCIE_DEV_HELD;
        /* a non-posted write's packet ends with its last flit (posted writes: not known) */
        gather_d2h(t, host_addr(t, addr), data, len, acc->acked, acc->acked && acc->last);
        return PCIE_DEV_DONE;
    }
    PcieDevRead *r = find_read(t, acc->token);
    if (!r && !(r = start_read(t, acc)))
        return PCIE_DEV_HELD;
    const uint64_t f = (addr - r->base) / r->flit_bytes;
    BH_ASSERT(addr >= r->base && f < r->flits);
    if (r->missing[f]) {
        r->asked[f] = handle;
        return PCIE_DEV_PENDING;
    }
    if (--r->left == 0)
        end_read(t, r);
    return PCIE_DEV_DONE;
}

PcieDevResult pcie_tile_dev_access(PcieTile *t, void *handle, int is_write, uint64_t addr,
                                   uint32_t len, uint8_t *data, const NocMemAccess *acc,
                                   BhStatus *status)
{
    BH_ASSERT(!t->held.used); /* the NIU sends nothing more until a held access is taken */
    const PcieDevResult r = dev_access(t, handle, is_write, addr, len, data, acc, status);
    if (r == PCIE_DEV_HELD) {
        PcieHeld *h = &t->held;
        h->used = 1;
        h->handle = handle, h->is_write = (uint8_t)is_write, h->addr = addr, h->len = len;
        h->data = data, h->acc = *acc;
        tile_wake(t, tile_now(t));
    }
    return r;
}

void pcie_tile_retry_held(PcieTile *t)
{
    PcieHeld *h = &t->held;
    if (!h->used)
        return;
    BhStatus st = BH_OK;
    const PcieDevResult r =
        dev_access(t, h->handle, h->is_write, h->addr, h->len, h->data, &h->acc, &st);
    if (r == PCIE_DEV_HELD)
        return;
    h->used = 0;
    if (r == PCIE_DEV_DONE)
        t->hooks.dev_answered(t->hooks.ctx, h->handle, st);
    else
        t->hooks.dev_taken(t->hooks.ctx, h->handle);
}

BhStatus pcie_tile_mem_access(PcieTile *t, int write, uint64_t addr, uint8_t *buf, uint32_t len,
                              int debug)
{
    if ((addr & PCIE_TILE_INBOUND_MASK) == PCIE_TILE_INBOUND) { /* a host access's data */
        const uint64_t rec = (addr >> 32) & 0xFFFFFF, off = addr & 0xFFFFFFFFu;
        if (rec >= PCIE_TILE_OPS || !t->ops[rec].used || off + len > t->ops[rec].len)
            return BH_ERR_ADDR;
        uint8_t *d = t->ops[rec].data + off;
        write ? memcpy(d, buf, len) : memcpy(buf, d, len);
        return BH_OK;
    }
    if (dbi_window(addr))
        return dbi_access(t, write, addr, buf, len);
    if (!host_window(addr))
        return BH_ERR_ADDR;
    if (debug || !write) /* a read's data: its time was taken at the timed port */
        pcie_tile_host_mem(t, write, host_addr(t, addr), buf, len);
    else
        gather_d2h(t, host_addr(t, addr), buf, len, 0, 0);
    return BH_OK;
}
