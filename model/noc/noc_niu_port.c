// SPDX-License-Identifier: Apache-2.0
/* The NIU request port: requests from hardware masters and from the command buffers are
 * checked, counted as issued, queued in order, turned into packets at first-hop VC
 * assignment (splitting long transfers), and followed until they complete. */
#include <string.h>
#include "model/noc/noc_net.h"

#define count noc_niu_count

static uint32_t packets_for(const NocNet *n, uint32_t len)
{
    /* in 64 bits: len + max - 1 wraps for a length near 4 GiB (0 packets, then an assert) */
    const uint64_t max = n->cfg.max_packet_bytes;
    return len == 0 ? 1 : (uint32_t)(((uint64_t)len + max - 1) / max);
}

static uint32_t parts_of(const NocNet *n, const NocRequest *rq)
{
    return rq->op == NOC_REQ_READ || rq->op == NOC_REQ_WRITE ? packets_for(n, rq->len) : 1;
}

static int is_write(const NocRequest *rq)
{
    return rq->op == NOC_REQ_WRITE || rq->op == NOC_REQ_WRITE_BE;
}

/* Nodes that take a multicast from `node`: the ones the routers deliver to (noc_route.c). */
static uint32_t mcast_receivers(const NocNet *n, uint32_t node, const NocRequest *rq)
{
    uint32_t got = 0;
    for (uint32_t i = 0; i < n->n_nodes; i++)
        if (n->nius[i].mcast_receiver &&
            noc_rect_contains(&n->cfg, rq->rect, i % n->cfg.w, i / n->cfg.w) &&
            (i != node || rq->src_include))
            got++;
    return got;
}

/* The responses a request's completion waits for. */
static uint32_t responses_for(const NocNet *n, uint32_t node, const NocRequest *rq)
{
    if (rq->op == NOC_REQ_READ)
        return parts_of(n, rq);
    if (!rq->acked)
        return 0;
    return parts_of(n, rq) * (rq->mcast ? mcast_receivers(n, node, rq) : 1);
}

/* A malformed request from a master: why it is refused, or NULL. */
static const char *malformed(const NocNet *n, const NocRequest *rq, BhStatus *st)
{
    const NocAtomic *at = &rq->atomic;
    int replies = rq->op == NOC_REQ_READ || rq->acked;
    *st = BH_ERR_ADDR;
    if (rq->mcast && (rq->rect[0] >= n->cfg.w || rq->rect[2] >= n->cfg.w ||
                      rq->rect[1] >= n->cfg.h || rq->rect[3] >= n->cfg.h))
        return "multicast rectangle outside the grid";
    if (!rq->mcast && rq->target >= n->n_nodes)
        return "target node outside the grid";
    if (replies && rq->reply_node >= n->n_nodes)
        return "reply node outside the grid";
    *st = BH_ERR_ACCESS;
    if (rq->op >= NOC_REQ_OPS)
        return "unknown operation";
    if (rq->tid >= NOC_TIDS)
        return "transaction ID above 15";
    if (rq->op == NOC_REQ_READ && rq->mcast)
        return "a read cannot be multicast";
    if (rq->mcast && noc_topology_bidirectional(&n->cfg))
        return "multicast needs a unidirectional torus topology";
    if ((rq->op == NOC_REQ_READ || rq->op == NOC_REQ_WRITE) && rq->len == 0)
        return "transfer length is 0";
    if (rq->op == NOC_REQ_WRITE_INLINE && rq->byte_enable > 0xFFFFu)
        return "inline write byte enables beyond the 16-byte line";
    if (rq->op == NOC_REQ_ATOMIC &&
        (at->op > 15 || at->word > 3 || at->width > 31 || at->compare > 15 || at->swap > 15))
        return "atomic field out of range";
    return NULL;
}

/* The counters that move "as software writes NOC_CMD_CTRL", then the queue for first-hop VC
 * assignment. The request has been checked. */
void noc_niu_port_admit(NocNet *n, uint32_t node, uint32_t rec, const NocRequest *rq, uint64_t now)
{
    NocNiu *u = &n->nius[node];
    NocPortRec *r = &u->port[rec];
    uint32_t tid = rq->tid, k = parts_of(n, rq);
    /* the deadlock watchdog counts from the last flit that moved: in a network that was
     * empty, work that arrives now has not waited since then */
    if (noc_net_quiescent(n))
        n->last_progress = now;
    if (rq->op == NOC_REQ_READ) {
        count(u, NOC_CNT_MST_REQS_OUTSTANDING_ID0 + tid, k);
    } else if (!is_write(rq)) {
        if (rq->acked)
            count(u, NOC_CNT_MST_REQS_OUTSTANDING_ID0 + tid, 1);
    } else {
        if (rq->acked)
            count(u, NOC_CNT_MST_REQS_OUTSTANDING_ID0 + tid, k);
        count(u, NOC_CNT_MST_WRITE_REQS_OUTGOING_ID0 + tid, k);
    }
    r->rq = *rq;
    r->issued_at = now;
    r->busy = 1;
    r->parts_unsent = k;
    r->responses_due = rq->done ? responses_for(n, node, rq) : 0;
    u->port_q[u->port_q_n++] = (uint8_t)rec;
    noc_net_activate(n, node);
}

BhStatus noc_niu_port_request(NocNet *n, uint32_t node, const NocRequest *rq, uint64_t now)
{
    BH_ASSERT(node < n->n_nodes); /* the platform names the master's node */
    BhStatus st;
    const char *bad = malformed(n, rq, &st);
    if (bad) {
        noc_guest_error(n,
                        "NIU (%u,%u) request port: %s (op %u, target %u, reply %u, len %u); "
                        "request refused",
                        node % n->cfg.w, node / n->cfg.w, bad, rq->op, rq->target, rq->reply_node,
                        rq->len);
        return st;
    }
    NocNiu *u = &n->nius[node];
    for (uint32_t rec = NOC_CMD_BUFS; rec < NOC_CMD_BUFS + n->cfg.port_slots; rec++)
        if (!u->port[rec].busy) {
            noc_niu_port_admit(n, node, rec, rq, now);
            return BH_OK;
        }
    return BH_ERR_FULL;
}

uint32_t noc_niu_port_free(const NocNet *n, uint32_t node)
{
    uint32_t got = 0;
    for (uint32_t rec = NOC_CMD_BUFS; rec < NOC_CMD_BUFS + n->cfg.port_slots; rec++)
        got += !n->nius[node].port[rec].busy;
    return got;
}

/* ------------------------------------------------------------------ packetisation */

static uint32_t data_flits(const NocNet *n, uint32_t len)
{
    return (len + n->cfg.flit_bytes - 1) / n->cfg.flit_bytes;
}

static void fill_mcast(NocNet *n, NocPacket *p, const NocRequest *rq)
{
    p->mcast = 1;
    memcpy(p->rect, rq->rect, sizeof p->rect);
    p->y_major = rq->y_major;
    p->src_include = rq->src_include;
    p->reserve = rq->path_reserve;
    noc_route_mcast_prepare(&n->cfg, p);
}

/* Builds the next packet of a request. Returns the payload bytes it covers when the request
 * may be split (reads and writes without byte enables), else 0. */
static uint32_t build_packet(NocNet *n, uint32_t node, const NocRequest *rq, NocPacket *p)
{
    uint32_t chunk = 0;
    p->tid = rq->tid;
    p->posted = !rq->acked;
    p->src = node;
    p->origin = node;
    p->tag = rq->tag;
    p->cls = rq->mcast ? NOC_CLASS_MCAST : NOC_CLASS_REQ;
    p->nflits = 1;
    p->dst = rq->target;
    p->resp_node = rq->reply_node;
    switch (rq->op) {
    case NOC_REQ_READ:
        chunk = BH_MIN(rq->len, n->cfg.max_packet_bytes);
        p->type = NOC_PKT_RD_REQ;
        p->posted = 0;
        p->rd_addr = rq->remote_addr;
        p->wr_addr = rq->local_addr;
        p->len = chunk;
        return chunk;
    case NOC_REQ_ATOMIC:
    case NOC_REQ_WRITE_INLINE:
        p->type = rq->op == NOC_REQ_ATOMIC ? NOC_PKT_AT_REQ : NOC_PKT_WR_REQ;
        p->inline_wr = rq->op == NOC_REQ_WRITE_INLINE;
        p->wr_addr = rq->remote_addr;
        p->ret_addr = rq->local_addr;
        p->at = rq->atomic;
        p->be_mask = rq->byte_enable;
        p->at_data = rq->data;
        p->len = 4;
        break;
    default: /* writes with data flits */
        p->type = NOC_PKT_WR_REQ;
        p->rd_addr = rq->local_addr;
        p->wr_addr = rq->remote_addr;
        if (rq->op == NOC_REQ_WRITE_BE) {
            p->byte_enable = 1;
            p->be_mask = rq->byte_enable;
            if (n->cfg.flit_bytes < 64)
                p->be_mask &= (1ull << n->cfg.flit_bytes) - 1;
            p->len = n->cfg.flit_bytes;
        } else {
            chunk = BH_MIN(rq->len, n->cfg.max_packet_bytes);
            p->len = chunk;
        }
        p->nflits = (uint16_t)(1 + data_flits(n, p->len));
        if (n->nius[node].local_timed && !p->byte_enable) /* its data comes from timed L1 */
            p->mem_needed = (uint16_t)(p->nflits - 1);
        break;
    }
    if (rq->mcast)
        fill_mcast(n, p, rq);
    return chunk;
}

/* The first-hop VCs of a class, as a mask of u->inj_busy. */
static uint32_t class_mask(const NocNet *n, uint32_t cls)
{
    return ((1u << noc_class_vcs(&n->cfg, cls)) - 1u) << n->class_base[cls];
}

/* First-hop VC assignment for the oldest queued request: the moment hardware counts the
 * command accepted and CMD_CTRL drops back to 0 (or, for a split request, advances). */
void noc_niu_port_start(NocNet *n, uint32_t node, uint64_t now)
{
    NocNiu *u = &n->nius[node];
    uint32_t rec = u->port_q[0];
    NocPortRec *r = &u->port[rec];
    NocRequest *rq = &r->rq;
    if (r->issued_at >= now || now < u->next_assign) /* a register write lands at the end of
                                                          its cycle */
        return;
    if (u->resv_pkt != NOC_NONE) { /* a reservation holds the queue until its grant is back */
        const NocPacket *rp = &n->pkts[u->resv_pkt];
        if (rp->head_copies > 0 || now < rp->grant_at)
            return;
        u->resv_pkt = NOC_NONE;
    }
    uint32_t acks = 0;
    if (rq->op == NOC_REQ_READ) {
        if (now < u->next_read)
            return;
        if (n->cfg.niu_outstanding_reads && u->reads_out >= n->cfg.niu_outstanding_reads)
            return;
    } else if (rec < NOC_CMD_BUFS && is_write(rq) && now < u->next_write) {
        return;
    }
    if (rq->op != NOC_REQ_READ && rq->acked) {
        acks = rq->mcast ? mcast_receivers(n, node, rq) : 1;
        if (n->cfg.niu_outstanding_acks && u->acks_out && /* one owing more may still go alone */
            u->acks_out + acks > n->cfg.niu_outstanding_acks)
            return;
    }
    uint32_t cls = rq->mcast ? NOC_CLASS_MCAST : NOC_CLASS_REQ, v;
    int follows = u->link_vc != 0xFF; /* continues the open linked transaction */
    if (rq->mcast && rq->path_reserve && !follows && n->cfg.mcast_reserve_after_data &&
        (u->inj_busy & class_mask(n, NOC_CLASS_MCAST)))
        return; /* the previous multicast still holds the path it reserved */
    if (follows) {
        /* only the transaction's VC can be assigned, once its previous packet has left; a
         * request of another class never gets one (the hardware's continuous failure) */
        v = u->link_vc;
        if ((u->inj_busy & (1u << v)) || v < n->class_base[cls] ||
            v >= n->class_base[cls] + noc_class_vcs(&n->cfg, cls))
            return;
    } else {
        v = noc_vc_alloc(n, &u->inj, cls, 0, 0);
        if (v == NOC_NONE)
            return;
    }
    u->next_assign = now + n->cfg.vc_assign_interval_cycles;
    if (rq->op == NOC_REQ_READ)
        u->next_read = now + n->cfg.read_request_interval_cycles;
    else if (rec < NOC_CMD_BUFS && is_write(rq))
        u->next_write = now + n->cfg.write_request_interval_cycles;
    uint32_t k = noc_pkt_alloc(n);
    NocPacket *p = &n->pkts[k];
    uint32_t chunk = build_packet(n, node, rq, p);
    int marked = !p->posted;
    p->done_ref = rq->done ? (uint32_t)(r - n->port_store) : NOC_NONE;
    p->linked = rq->linked;
    if (follows)
        p->reserve = 0; /* the path is still held: nothing to reserve */
    if (p->mcast && p->reserve && p->nflits > 1 && n->cfg.mcast_reserve_holds_queue)
        u->resv_pkt = k;
    if (p->type == NOC_PKT_RD_REQ)
        u->reads_out++;
    u->acks_out += acks;
    u->link_vc = p->linked ? (uint8_t)v : 0xFF;

    count(u, NOC_CNT_MST_CMD_ACCEPTED, 1);
    if (rq->op == NOC_REQ_READ) {
        count(u, NOC_CNT_MST_RD_REQ_STARTED, 1);
    } else if (rq->op == NOC_REQ_ATOMIC) {
        if (marked)
            count(u, NOC_CNT_MST_NONPOSTED_ATOMIC_STARTED, 1);
    } else {
        count(u, marked ? NOC_CNT_MST_NONPOSTED_WR_REQ_STARTED : NOC_CNT_MST_POSTED_WR_REQ_STARTED,
              1);
        if (p->inline_wr)
            count(u, marked ? NOC_CNT_MST_NONPOSTED_WR_REQ_SENT : NOC_CNT_MST_POSTED_WR_REQ_SENT,
                  1);
    }
    u->inj_pkt[v] = k;
    u->inj_seq[v] = 0;
    u->inj_busy |= 1u << v;
    if (n->observe) {
        p->trace_id = ++n->trace_seq;
        noc_observe(n, p, NOC_OBS_ISSUE, node, rq->mcast ? mcast_receivers(n, node, rq) : 1);
    }

    if (chunk && rq->len > chunk) {
        /* automatic splitting: the request keeps the head and moves on to the next chunk */
        rq->len -= chunk;
        rq->remote_addr += chunk;
        rq->local_addr += chunk;
        if (rec < NOC_CMD_BUFS) { /* software sees the buffer's registers advance */
            uint32_t *rg = u->cmd[rec].regs;
            rg[NOC_R_AT_LEN_BE] -= chunk;
            rg[NOC_R_TARG_ADDR_LO] += chunk;
            rg[NOC_R_RET_ADDR_LO] += chunk;
        }
        return;
    }
    if (rec < NOC_CMD_BUFS) {
        u->cmd[rec].regs[NOC_R_CMD_CTRL] = 0;
        noc_niu_changed(u);
    }
    if (!rq->done)
        r->busy = 0; /* nobody waits: the record is free once its last packet has a VC */
    memmove(u->port_q, u->port_q + 1, --u->port_q_n);
}

/* A part of record `ref`'s request has left the NIU, or one of its responses has landed. */
void noc_niu_port_event(NocNet *n, uint32_t ref, int part_sent, uint64_t now)
{
    NocPortRec *r = &n->port_store[ref];
    BH_ASSERT(r->busy && r->rq.done);
    if (part_sent) {
        BH_ASSERT(r->parts_unsent > 0);
        r->parts_unsent--;
    } else {
        BH_ASSERT(r->responses_due > 0);
        r->responses_due--;
    }
    if (r->parts_unsent || r->responses_due)
        return;
    /* free the record first: the callback may make the master's next request */
    NocPortDoneFn done = r->rq.done;
    void *ctx = r->rq.done_ctx;
    uint64_t token = r->rq.token;
    r->busy = 0;
    done(ctx, token, BH_OK, now);
}
