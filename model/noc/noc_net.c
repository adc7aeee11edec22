// SPDX-License-Identifier: Apache-2.0
/* Network assembly, links, packet pool and the per-cycle step loop. */
#include "model/noc/noc_net.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/chip/bh_grid.h"
#include "model/noc/noc_link.h"

#define GUEST_ERRORS_LOGGED 20

NocNetConfig noc_net_config_default(void)
{
    NocNetConfig c;
    memset(&c, 0, sizeof c);
    c.topology = BH_TOPO_BLACKHOLE;
    c.w = BH_BLACKHOLE_W;
    c.h = BH_BLACKHOLE_H;
#define NOC_X_DEFAULT(name, def, lo, hi, doc) c.name = (def);
    NOC_PARAMS(NOC_X_DEFAULT)
#undef NOC_X_DEFAULT
    return c;
}

uint32_t noc_class_vcs(const NocNetConfig *c, uint32_t cls)
{
    BH_ASSERT(cls < NOC_CLASSES);
    return cls == NOC_CLASS_REQ     ? c->request_vcs
           : cls == NOC_CLASS_MCAST ? c->multicast_vcs
                                    : c->response_vcs;
}

BhStatus noc_net_config_check(const NocNetConfig *c, char *why, size_t len)
{
#define REJECT(...)                                                                                \
    do {                                                                                           \
        snprintf(why, len, __VA_ARGS__);                                                           \
        return BH_ERR_CONFIG;                                                                      \
    } while (0)
    if (c->topology > BH_TOPO_UNITORUS)
        REJECT("topology: unknown value %u", c->topology);
    if (c->w < 2 || c->h < 2 || c->w > BH_GRID_MAX_DIM || c->h > BH_GRID_MAX_DIM)
        REJECT("width/height: must be 2..%d, got %ux%u", BH_GRID_MAX_DIM, c->w, c->h);
#define NOC_X_CHECK(name, def, lo, hi, doc)                                                        \
    if ((uint64_t)c->name + 1 < (uint64_t)(lo) + 1 || c->name > (uint32_t)(hi))                    \
        REJECT("%s: must be %u..%u, got %u", #name, (unsigned)(lo), (unsigned)(hi), c->name);
    NOC_PARAMS(NOC_X_CHECK)
#undef NOC_X_CHECK
    const uint32_t half = c->request_vcs + c->multicast_vcs + c->response_vcs;
    if (2 * half > NOC_MAX_VCS)
        REJECT("vcs: request + multicast + response VCs must be at most %d per dateline half, "
               "got %u",
               NOC_MAX_VCS / 2, half);
    if (c->flit_bytes != 16 && c->flit_bytes != 32 && c->flit_bytes != 64)
        REJECT("flit_bytes: must be 16, 32 or 64, got %u", c->flit_bytes);
    if (c->max_packet_bytes < c->flit_bytes || c->max_packet_bytes % c->flit_bytes ||
        c->max_packet_bytes / c->flit_bytes > 256)
        REJECT("max_packet_bytes: must be a multiple of flit_bytes (%u) of at most 256 flits, "
               "got %u",
               c->flit_bytes, c->max_packet_bytes);
    return BH_OK;
#undef REJECT
}

int noc_net_neighbour(const NocNetConfig *cfg, uint32_t node, NocPort port, uint32_t *out)
{
    uint32_t x = node % cfg->w, y = node / cfg->w;
    int mesh = cfg->topology == BH_TOPO_MESH;
    switch (port) {
    case NOC_PORT_XP:
        if (mesh && x == cfg->w - 1)
            return 0;
        x = (x + 1) % cfg->w;
        break;
    case NOC_PORT_YP:
        if (mesh && y == cfg->h - 1)
            return 0;
        y = (y + 1) % cfg->h;
        break;
    case NOC_PORT_XN:
        if (mesh && x == 0)
            return 0;
        x = (x + cfg->w - 1) % cfg->w;
        break;
    case NOC_PORT_YN:
        if (mesh && y == 0)
            return 0;
        y = (y + cfg->h - 1) % cfg->h;
        break;
    default:
        return 0;
    }
    *out = y * cfg->w + x;
    return 1;
}

static uint32_t add_link(NocNet *n, uint32_t src, uint8_t sport, uint32_t dst, uint8_t dport,
                         uint32_t latency, int wrap, uint32_t *pipe_total, uint32_t *cred_total)
{
    NocLink *l = &n->links[n->n_links];
    memset(l, 0, sizeof *l);
    l->src_node = src;
    l->dst_node = dst;
    l->src_port = sport;
    l->dst_port = dport;
    l->latency = latency;
    l->wrap = (uint8_t)wrap;
    /* at most one flit enters per cycle and each stays `latency` cycles */
    l->pipe_cap = (uint16_t)(latency + 1);
    l->pipe_base = *pipe_total;
    l->cred_base = *cred_total;
    *pipe_total += l->pipe_cap;
    *cred_total += l->pipe_cap;
    l->active_pos = NOC_NONE;
    l->due = BH_IDLE;
    return n->n_links++;
}

BhStatus noc_net_init(NocNet *n, const NocNetConfig *cfg, const NocMemOps *mem, BhLogContext *log)
{
    char why[256];
    memset(n, 0, sizeof *n);
    if (noc_net_config_check(cfg, why, sizeof why) != BH_OK)
        return BH_ERR_CONFIG;
    n->cfg = *cfg;
    n->mem = *mem;
    n->log = log;
    n->n_nodes = cfg->w * cfg->h;
    n->nports = noc_topology_bidirectional(cfg) ? 5 : 3;
    uint32_t acc = 0;
    for (int k = 0; k < NOC_CLASSES; k++) {
        n->class_base[k] = acc;
        acc += noc_class_vcs(cfg, (uint32_t)k);
    }
    n->vc_half = acc;
    n->nvcs = 2 * acc;
    uint32_t depth = cfg->vc_buffer_flits, nodes = n->n_nodes;

    n->routers = calloc(nodes, sizeof *n->routers);
    n->nius = calloc(nodes, sizeof *n->nius);
    /* a link is one cache line (64 bytes): aligned, a visit touches one line */
    size_t links_bytes = (size_t)nodes * (n->nports + 1) * sizeof *n->links;
    n->links = aligned_alloc(64, (links_bytes + 63) & ~(size_t)63);
    if (n->links)
        memset(n->links, 0, links_bytes);
    n->flits = calloc((size_t)nodes * n->nports * n->nvcs * depth, sizeof *n->flits);
    n->ej_flits = calloc((size_t)nodes * n->nvcs * depth, sizeof *n->ej_flits);
    n->resp_q_store = calloc((size_t)nodes * cfg->niu_response_slots, sizeof(uint32_t));
    n->job_store = calloc((size_t)nodes * cfg->niu_response_slots, sizeof(uint32_t));
    n->active_nodes = calloc(nodes, sizeof(uint32_t));
    n->port_store = calloc((size_t)nodes * (NOC_CMD_BUFS + cfg->port_slots), sizeof(NocPortRec));
    if (!n->routers || !n->nius || !n->links || !n->flits || !n->ej_flits || !n->resp_q_store ||
        !n->job_store || !n->active_nodes || !n->port_store) {
        noc_net_destroy(n);
        return BH_ERR_FULL;
    }

    /* 1. links: router to router, then NIU to router and router to NIU per node */
    uint32_t pipe_total = 0, cred_total = 0;
    for (uint32_t i = 0; i < nodes; i++) {
        NocRouter *r = &n->routers[i];
        for (uint32_t p = 0; p < NOC_PORTS; p++) {
            r->in_link[p] = NOC_NONE;
            r->out[p].link = NOC_NONE;
        }
    }
    for (uint32_t i = 0; i < nodes; i++) {
        for (uint32_t p = 1; p < n->nports; p++) {
            uint32_t j;
            if (!noc_net_neighbour(cfg, i, (NocPort)p, &j))
                continue;
            int wrap = noc_link_is_wrap(cfg, i % cfg->w, i / cfg->w, (NocPort)p);
            uint32_t l = add_link(n, i, (uint8_t)p, j, (uint8_t)p, cfg->router_latency_cycles, wrap,
                                  &pipe_total, &cred_total);
            n->routers[i].out[p].link = l;
            n->routers[j].in_link[p] = l;
        }
    }
    for (uint32_t i = 0; i < nodes; i++) {
        NocNiu *u = &n->nius[i];
        u->link_out = add_link(n, i, NOC_PORTS, i, NOC_PORT_LOCAL, cfg->niu_to_router_cycles, 0,
                               &pipe_total, &cred_total);
        n->routers[i].in_link[NOC_PORT_LOCAL] = u->link_out;
        u->link_in = add_link(n, i, NOC_PORT_LOCAL, i, NOC_PORTS, cfg->router_to_niu_cycles, 0,
                              &pipe_total, &cred_total);
        n->routers[i].out[NOC_PORT_LOCAL].link = u->link_in;
        u->inj.link = u->link_out;
    }
    n->pipe = calloc(pipe_total, sizeof *n->pipe);
    n->pipe_at = calloc(pipe_total, sizeof *n->pipe_at);
    n->cred_vc = calloc(cred_total, 1);
    n->cred_at = calloc(cred_total, sizeof *n->cred_at);
    n->active_links = calloc(n->n_links, sizeof(uint32_t));
    n->link_waits = calloc(n->n_links, sizeof *n->link_waits);
    n->vc_waits = calloc((size_t)n->n_links * n->nvcs, sizeof *n->vc_waits);
    /* every copy of a data flit sits in one buffer slot or link slot, so as many payload
     * slots as those suffice */
    n->n_data = nodes * n->nports * n->nvcs * depth + nodes * n->nvcs * depth + pipe_total;
    n->flit_data = calloc(n->n_data, cfg->flit_bytes);
    n->data_refs = calloc(n->n_data, sizeof *n->data_refs);

    /* 2. packet pool: a live packet has a flit in a buffer or on a link, or is held by an NIU
     * (command being injected, response queued or streaming), which bounds the pool. */
    uint64_t bound = (uint64_t)nodes * n->nports * n->nvcs * depth +
                     (uint64_t)nodes * n->nvcs * depth + pipe_total +
                     (uint64_t)nodes * (NOC_CMD_BUFS + cfg->niu_response_slots + n->nvcs);
    n->n_pkts = (uint32_t)bound;
    n->pkts = calloc(n->n_pkts, sizeof *n->pkts);
    if (!n->pipe || !n->pipe_at || !n->cred_vc || !n->cred_at || !n->active_links || !n->pkts ||
        !n->flit_data || !n->data_refs || !n->link_waits || !n->vc_waits) {
        noc_net_destroy(n);
        return BH_ERR_FULL;
    }
    /* packets, like data slots, are first taken in order (pkt_fresh) and then reused last
     * released first: the same order a pre-linked free list gives, without touching the pool's
     * pages (tens of MB a chip) before a packet needs them */
    n->free_pkt = NOC_NONE;
    n->pkt_fresh = 0;
    n->free_data = NOC_NONE; /* slots are first taken in order (data_fresh), then reused */

    /* 3. credits: every output starts with the downstream buffers empty */
    for (uint32_t i = 0; i < nodes; i++) {
        NocRouter *r = &n->routers[i];
        r->active_pos = NOC_NONE;
        for (uint32_t p = 0; p < n->nports; p++) {
            memset(r->out[p].credits, (int)depth, sizeof r->out[p].credits);
            r->alloc[p] = UINT32_MAX; /* no VC has routed a packet yet */
            for (uint32_t v = 0; v < n->nvcs; v++)
                r->in[p][v].buf = ((i * n->nports + p) * n->nvcs + v) * depth;
        }
        NocNiu *u = &n->nius[i];
        memset(u->inj.credits, (int)depth, sizeof u->inj.credits);
        for (uint32_t v = 0; v < NOC_MAX_VCS; v++)
            u->inj_pkt[v] = NOC_NONE;
        u->resp_q = &n->resp_q_store[(size_t)i * cfg->niu_response_slots];
        u->job_pkt = &n->job_store[(size_t)i * cfg->niu_response_slots];
        u->port = &n->port_store[(size_t)i * (NOC_CMD_BUFS + cfg->port_slots)];
        for (uint32_t v = 0; v < NOC_MAX_VCS; v++)
            u->ej_ack[v] = NOC_NONE;
        for (uint32_t v = 0; v < n->nvcs; v++)
            u->ej[v].buf = (i * n->nvcs + v) * depth;
        u->link_vc = 0xFF;
        u->resv_pkt = NOC_NONE;
        u->active_pos = NOC_NONE;
        u->accepts_traffic = 1;
        noc_net_set_node(n, i, NULL, 0, 1);
    }
    return BH_OK;
}

void noc_net_destroy(NocNet *n)
{
    free(n->routers);
    free(n->nius);
    free(n->links);
    free(n->flits);
    free(n->ej_flits);
    free(n->resp_q_store);
    free(n->job_store);
    free(n->port_store);
    free(n->active_nodes);
    free(n->pipe);
    free(n->pipe_at);
    free(n->cred_vc);
    free(n->cred_at);
    free(n->active_links);
    free(n->pkts);
    free(n->flit_data);
    free(n->data_refs);
    free(n->link_waits);
    free(n->vc_waits);
    memset(n, 0, sizeof *n);
}

void noc_net_set_node(NocNet *n, uint32_t node, void *mem_ctx, uint32_t endpoint_id,
                      int mcast_receiver)
{
    NocNiu *u = &n->nius[node];
    uint32_t x = node % n->cfg.w, y = node / n->cfg.w;
    u->mem_ctx = mem_ctx;
    u->endpoint_id = endpoint_id;
    u->mcast_receiver = (uint8_t)(mcast_receiver != 0);
    /* dateline flips happen on the wrap links leaving the last column / row */
    uint32_t dl_x = n->cfg.topology != BH_TOPO_MESH && x == n->cfg.w - 1;
    uint32_t dl_y = n->cfg.topology != BH_TOPO_MESH && y == n->cfg.h - 1;
    u->node_id = x | (y << 6) | (n->cfg.w << 12) | (n->cfg.h << 19) | (dl_x << 26) | (dl_y << 27) |
                 ((n->cfg.y_first ? 0u : 1u) << 28);
    u->cfg[NOC_CFG_ID_LOGICAL] = x | (y << 6);
}

void noc_net_set_niu_watch(NocNet *n, uint32_t node, void (*fn)(void *ctx), void *ctx)
{
    n->nius[node].watch = fn;
    n->nius[node].watch_ctx = ctx;
}

void noc_net_set_timed_memory(NocNet *n, uint32_t node, int timed)
{
    BH_ASSERT(!timed || n->mem.request);
    n->nius[node].timed_mem = (uint8_t)(timed != 0);
}

void noc_net_set_local_timed(NocNet *n, uint32_t node, int timed)
{
    BH_ASSERT(!timed || n->nius[node].timed_mem);
    n->nius[node].local_timed = (uint8_t)(timed != 0);
}

void noc_net_mem_done(NocNet *n, uint32_t node, uint64_t token)
{
    uint32_t k = (uint32_t)token;
    BH_ASSERT(noc_mem_token_noc(token) == n->cfg.noc_id);
    if (k == NOC_NONE)
        return; /* a posted write: nobody waits for it */
    if (k & NOC_MEM_TOKEN_GATE) {
        NocNiu *u = &n->nius[node];
        const uint32_t bit = 1u << (k & (NOC_MAX_VCS - 1));
        BH_ASSERT(u->gate_pending & bit);
        u->gate_pending &= ~bit;
        u->gate_done |= bit;
        noc_net_activate(n, node);
        return;
    }
    if (k & NOC_MEM_TOKEN_LAND) {
        NocPacket *p = &n->pkts[k & ~NOC_MEM_TOKEN_LAND];
        BH_ASSERT(p->land_done < p->land_needed);
        if (++p->land_done == p->land_needed && p->land_tail)
            noc_niu_read_landed(n, node, k & ~NOC_MEM_TOKEN_LAND, n->now);
        noc_net_activate(n, node);
        return;
    }
    NocPacket *p = &n->pkts[k];
    BH_ASSERT(p->mem_done < p->mem_needed);
    p->mem_done++;
    noc_net_activate(n, node);
}

void noc_observe(NocNet *n, const NocPacket *p, NocObserved what, uint32_t node, uint32_t count)
{
    if (!n->observe || !p->trace_id)
        return;
    NocTransferView t = {0};
    t.id = p->trace_id;
    t.kind = (uint8_t)(p->type == NOC_PKT_RD_REQ || p->type == NOC_PKT_RD_RESP   ? NOC_XFER_READ
                       : p->type == NOC_PKT_AT_REQ || p->type == NOC_PKT_AT_RESP ? NOC_XFER_ATOMIC
                       : p->inline_wr ? NOC_XFER_INLINE_WRITE
                                      : NOC_XFER_WRITE);
    t.mcast = p->mcast;
    t.acked = !p->posted;
    memcpy(t.rect, p->rect, sizeof t.rect);
    t.len = p->len;
    t.src = p->origin;
    t.dst = p->dst;
    n->observe(n->observe_ctx, &t, what, node, count);
}

void noc_net_set_observer(NocNet *n, NocObserveFn fn, void *ctx)
{
    n->observe = fn;
    n->observe_ctx = ctx;
}

void noc_net_set_delivery(NocNet *n, NocDeliveryFn fn, void *ctx)
{
    n->on_delivery = fn;
    n->delivery_ctx = ctx;
}

void noc_guest_error(NocNet *n, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    n->guest_errors++;
    if (n->guest_errors > GUEST_ERRORS_LOGGED)
        return;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    bh_log(n->log, BH_LOG_GUEST, "NoC%u %s%s", n->cfg.noc_id, msg,
           n->guest_errors == GUEST_ERRORS_LOGGED ? " (further NoC guest errors are counted only)"
                                                  : "");
}

/* ------------------------------------------------------------------ packets */

uint32_t noc_pkt_alloc(NocNet *n)
{
    uint32_t k = n->free_pkt;
    if (k != NOC_NONE) {
        n->free_pkt = n->pkts[k].next_free;
    } else {
        BH_ASSERT(n->pkt_fresh < n->n_pkts); /* the pool is sized by the network's capacity */
        k = n->pkt_fresh++;
    }
    memset(&n->pkts[k], 0, sizeof n->pkts[k]);
    n->pkts[k].copies = 1;
    n->pkts[k].head_copies = 1;
    n->pkts[k].tag = BH_IDLE;
    n->pkts[k].ej_vc = 0xFF;
    n->pkts[k].born = n->now;
    n->pkts_live++;
    n->packets_created++;
    return k;
}

void noc_pkt_release(NocNet *n, uint32_t k)
{
    n->pkts[k].next_free = n->free_pkt;
    n->free_pkt = k;
    n->pkts_live--;
    n->packets_freed++;
}

uint32_t noc_data_alloc(NocNet *n)
{
    uint32_t k = n->free_data;
    if (k != NOC_NONE) {
        n->free_data = n->data_refs[k];
    } else {
        BH_ASSERT(n->data_fresh < n->n_data); /* sized by the buffer and link slots */
        k = n->data_fresh++;
    }
    n->data_refs[k] = 1;
    return k;
}

/* ------------------------------------------------------------------ buffers and links */

void noc_net_activate(NocNet *n, uint32_t node)
{
    NocRouter *r = &n->routers[node];
    if (r->active_pos != NOC_NONE)
        return;
    r->active_pos = n->n_active_nodes;
    n->active_nodes[n->n_active_nodes++] = node;
}

void noc_link_send(NocNet *n, uint32_t li, const NocFlit *f, uint64_t now)
{
    *noc_link_slot(n, li, now) = *f;
}

void noc_link_waited(NocNet *n, uint32_t li, uint32_t vc, uint32_t pkt, uint32_t cycles)
{
    NocLinkWaits *w = &n->link_waits[li];
    w->cycles += cycles;
    n->vc_waits[(size_t)li * n->nvcs + vc] += cycles;
    /* weighted space-saving (noc_net.h): the flow's entry, else the one with fewest cycles */
    const uint64_t key = noc_flow_key(&n->pkts[pkt]);
    NocFlowWait *least = &w->top[0];
    for (uint32_t i = 0; i < NOC_LINK_TOP_FLOWS; i++) {
        NocFlowWait *e = &w->top[i];
        if (e->flow == key && e->cycles) {
            e->cycles += cycles;
            return;
        }
        if (e->cycles < least->cycles)
            least = e;
    }
    least->flow = key;
    least->cycles += cycles;
}

static void deliver(NocNet *n, const NocLink *l, const NocFlit *f)
{
    uint32_t node = l->dst_node, vc = f->vc;
    if (l->dst_port == NOC_PORTS) {
        NocNiu *u = &n->nius[node];
        NocInVc *iv = &u->ej[vc];
        BH_ASSERT(iv->n < n->cfg.vc_buffer_flits); /* credits forbid overflow */
        n->ej_flits[iv->buf + noc_ring1(iv->rd + iv->n, n->cfg.vc_buffer_flits)] = *f;
        iv->n++;
        u->ej_nonempty |= 1u << vc;
    } else {
        NocRouter *r = &n->routers[node];
        NocInVc *iv = &r->in[l->dst_port][vc];
        BH_ASSERT(iv->n < n->cfg.vc_buffer_flits);
        *noc_vc_flit(n, iv, iv->rd + iv->n) = *f;
        if (iv->n++ == 0) { /* a new front flit: it may be able to move */
            r->cand[l->dst_port] |= 1u << vc;
            iv->ready = (uint32_t)n->now;
        }
        r->nonempty[l->dst_port] |= 1u << vc;
        r->buffered++;
        r->stalled = 0;
    }
    noc_net_activate(n, node);
}

static void return_credit(NocNet *n, const NocLink *l, uint8_t vc)
{
    if (l->src_port == NOC_PORTS) {
        NocOutPort *o = &n->nius[l->src_node].inj;
        o->credits[vc]++;
        BH_ASSERT(o->credits[vc] <= n->cfg.vc_buffer_flits);
        return;
    }
    NocRouter *r = &n->routers[l->src_node];
    NocOutPort *o = &r->out[l->src_port];
    if (o->credits[vc]++ == 0) { /* the input VC holding this VC may move again */
        uint32_t who = r->owner[l->src_port][vc];
        r->cand[who >> 5] |= 1u << (who & 31);
        r->stalled = 0; /* only a change of cand can end a stall */
    }
    BH_ASSERT(o->credits[vc] <= n->cfg.vc_buffer_flits);
}

/* Allocates a free VC of class cls and dateline half dl at output o (round robin: the buddy
 * bit is adaptive); NOC_NONE if all are held. The first free VC of the class at or after the
 * round-robin position, wrapping, found with masks rather than a walk. */
uint32_t noc_vc_alloc(NocNet *n, NocOutPort *o, uint32_t cls, uint32_t dl, int dry_run)
{
    uint32_t base = dl * n->vc_half + n->class_base[cls], count = noc_class_vcs(&n->cfg, cls);
    uint32_t avail = (~o->vc_owned >> base) & ((1u << count) - 1u); /* count <= 8 */
    if (!avail)
        return NOC_NONE;
    uint32_t after = avail & ~((1u << noc_ring(o->vc_rr, count)) - 1u);
    uint32_t j = (uint32_t)__builtin_ctz(after ? after : avail);
    if (!dry_run) {
        o->vc_owned |= 1u << (base + j);
        o->vc_rr = (uint8_t)noc_ring1(j + 1, count);
    }
    return base + j;
}

/* ------------------------------------------------------------------ step */

static int niu_idle(const NocNiu *u)
{
    return !u->port_q_n && !u->inj_busy && !u->resp_n && !u->ej_nonempty && !u->job_n;
}

uint64_t noc_net_step(NocNet *n, uint64_t now)
{
    n->now = now;
    /* 1. links: flits and credits due now arrive */
    for (uint32_t i = n->n_active_links; i-- > 0;) {
        uint32_t li = n->active_links[i];
        NocLink *l = &n->links[li];
        l->busy = 0;
        if (l->due > now)
            continue;
        while (l->pipe_n && n->pipe_at[l->pipe_base + l->pipe_rd] <= now) {
            BH_ASSERT(n->pipe_at[l->pipe_base + l->pipe_rd] == now);
            deliver(n, l, &n->pipe[l->pipe_base + l->pipe_rd]);
            l->pipe_rd = (uint16_t)noc_ring1(l->pipe_rd + 1u, l->pipe_cap);
            l->pipe_n--;
        }
        while (l->cred_n && n->cred_at[l->cred_base + l->cred_rd] <= now) {
            return_credit(n, l, n->cred_vc[l->cred_base + l->cred_rd]);
            l->cred_rd = (uint16_t)noc_ring1(l->cred_rd + 1u, l->pipe_cap);
            l->cred_n--;
        }
        l->due = BH_IDLE;
        if (l->pipe_n)
            l->due = n->pipe_at[l->pipe_base + l->pipe_rd];
        if (l->cred_n && n->cred_at[l->cred_base + l->cred_rd] < l->due)
            l->due = n->cred_at[l->cred_base + l->cred_rd];
    }
    /* 2. routers and NIUs with work; both only send over links, so order does not matter */
    uint32_t count = n->n_active_nodes;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t node = n->active_nodes[i];
        const NocRouter *r = &n->routers[node];
        if (r->buffered && !r->stalled) /* the step's own first test, without the call */
            noc_router_step(n, node, now);
        noc_niu_step(n, node, now);
    }
    /* 3. retire idle nodes and empty links, find the next cycle with work */
    for (uint32_t i = n->n_active_nodes; i-- > 0;) {
        uint32_t node = n->active_nodes[i];
        if (n->routers[node].buffered || !niu_idle(&n->nius[node]))
            continue;
        uint32_t last = n->active_nodes[--n->n_active_nodes];
        n->active_nodes[i] = last;
        n->routers[last].active_pos = i;
        n->routers[node].active_pos = NOC_NONE;
    }
    uint64_t next = BH_IDLE;
    int busy = 0;
    for (uint32_t i = n->n_active_links; i-- > 0;) {
        uint32_t li = n->active_links[i];
        NocLink *l = &n->links[li];
        busy |= l->busy;
        if (l->due == BH_IDLE) { /* nothing in flight */
            uint32_t last = n->active_links[--n->n_active_links];
            n->active_links[i] = last;
            n->links[last].active_pos = i;
            l->active_pos = NOC_NONE;
            continue;
        }
        if (l->due < next)
            next = l->due;
    }
    if (n->n_active_nodes || (busy && n->trace_busy))
        next = now + 1;
    return next;
}

int noc_net_quiescent(const NocNet *n)
{
    return n->n_active_nodes == 0 && n->n_active_links == 0 && n->pkts_live == 0;
}

void noc_net_reset_window(NocNet *n)
{
    for (uint32_t i = 0; i < n->n_links; i++)
        n->links[i].window_flits = 0;
}

size_t noc_net_describe_blocked(const NocNet *n, char *buf, size_t len)
{
    size_t used = 0;
    int shown = 0;
    if (len)
        buf[0] = 0;
    for (uint32_t node = 0; node < n->n_nodes && shown < 8; node++) {
        const NocRouter *r = &n->routers[node];
        for (uint32_t p = 0; p < n->nports && shown < 8; p++)
            for (uint32_t v = 0; v < n->nvcs && shown < 8; v++) {
                const NocInVc *iv = &r->in[p][v];
                if (!iv->n)
                    continue;
                static const char *const pn[] = {"local", "+x", "+y", "-x", "-y"};
                int w = snprintf(buf + used, used < len ? len - used : 0,
                                 "  router (%u,%u) input %s VC %u: %u flits, wants outputs 0x%x, "
                                 "holds VCs for 0x%x, sent to 0x%x\n",
                                 node % n->cfg.w, node / n->cfg.w, pn[p], v, iv->n, iv->out_mask,
                                 iv->granted_mask, iv->sent_mask);
                if (w > 0)
                    used += (size_t)w;
                shown++;
            }
    }
    if (used >= len && len)
        buf[len - 1] = 0;
    return used;
}

#define NOC_FLIT_ROW(field, key, kind, text) BH_STAT_ROW_(NocNet, field, key, kind, text)
static const BhStat flit_rows[] = {NOC_NET_FLIT_STATS(NOC_FLIT_ROW)};
#undef NOC_FLIT_ROW
const BhStatTable noc_net_flit_stat_table = {"NocNet", "noc0.flits, noc1.flits", flit_rows,
                                             BH_ARRAY_LEN(flit_rows)};
