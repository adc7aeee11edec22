// SPDX-License-Identifier: Apache-2.0
/* One router cycle: route computation and VC allocation for packets at the front of their
 * input VC, switch allocation (one flit per input port and per output port), traversal. */
#include <string.h>
#include "model/noc/noc_net.h"

static int same_dimension(uint32_t in_port, uint32_t out_port)
{
    if (in_port == NOC_PORT_LOCAL || out_port == NOC_PORT_LOCAL)
        return 0;
    int in_x = in_port == NOC_PORT_XP || in_port == NOC_PORT_XN;
    int out_x = out_port == NOC_PORT_XP || out_port == NOC_PORT_XN;
    return in_x == out_x;
}

/* Dateline half for the next hop: kept while the packet goes on along the same ring, set
 * when it crosses the wrap link, cleared on a turn (a new ring). */
static uint32_t next_dateline(const NocNet *n, uint32_t node, uint32_t in_port, uint32_t in_vc,
                              uint32_t out_port)
{
    if (out_port == NOC_PORT_LOCAL)
        return 0;
    uint32_t dl = same_dimension(in_port, out_port) ? in_vc >= n->vc_half : 0;
    const NocLink *l = &n->links[n->routers[node].out[out_port].link];
    return dl | l->wrap;
}

static uint32_t route(const NocNet *n, uint32_t node, const NocPacket *p)
{
    if (p->mcast)
        return noc_route_mcast(n, node, p);
    uint32_t w = n->cfg.w;
    return 1u << noc_route_unicast(&n->cfg, node % w, node / w, p->dst % w, p->dst / w);
}

static void allocate_vcs(NocNet *n, uint32_t node, uint32_t port, uint32_t vc)
{
    NocRouter *r = &n->routers[node];
    NocInVc *iv = &r->in[port][vc];
    const NocPacket *p = &n->pkts[noc_in_flit(n, node, port, vc, iv->rd)->pkt];
    uint32_t want = iv->out_mask & ~iv->granted_mask;
    if (p->mcast && p->reserve) {
        /* a reserving multicast forks only when every branch can be held at once */
        for (uint32_t o = 0; o < n->nports; o++)
            if ((want & (1u << o)) &&
                noc_vc_alloc(n, &r->out[o], p->cls, next_dateline(n, node, port, vc, o), 1) ==
                    NOC_NONE)
                return;
    }
    for (uint32_t o = 0; o < n->nports; o++) {
        if (!(want & (1u << o)))
            continue;
        uint32_t v = noc_vc_alloc(n, &r->out[o], p->cls, next_dateline(n, node, port, vc, o), 0);
        if (v == NOC_NONE)
            continue;
        iv->out_vc[o] = (uint8_t)v;
        iv->granted_mask |= (uint8_t)(1u << o);
    }
}

static void pop_front(NocNet *n, uint32_t node, uint32_t port, uint32_t vc, uint64_t now)
{
    NocRouter *r = &n->routers[node];
    NocInVc *iv = &r->in[port][vc];
    const NocFlit *f = noc_in_flit(n, node, port, vc, iv->rd);
    NocPacket *p = &n->pkts[f->pkt];
    int k = __builtin_popcount(iv->out_mask);
    uint32_t pkt = f->pkt;
    int head = f->seq == 0, tail = f->tail;

    iv->rd = (uint16_t)((iv->rd + 1) % n->cfg.vc_buffer_flits);
    if (--iv->n == 0)
        r->nonempty[port] &= ~(1u << vc);
    r->buffered--;
    noc_link_credit(n, r->in_link[port], (uint8_t)vc, now);
    iv->sent_mask = 0;
    if (k > 1)
        n->flits_forked += (uint64_t)(k - 1);
    if (k == 0)
        n->flits_sunk++;
    if (head)
        p->head_copies += k - 1;
    if (tail) {
        for (uint32_t o = 0; o < n->nports; o++)
            if (iv->out_mask & (1u << o))
                r->out[o].vc_owned &= ~(1u << iv->out_vc[o]);
        iv->routed = 0;
        iv->out_mask = iv->granted_mask = 0;
        p->copies += k - 1;
        if (p->copies == 0)
            noc_pkt_release(n, pkt);
    }
}

typedef struct Candidate {
    uint8_t port, vc;
} Candidate;

void noc_router_step(NocNet *n, uint32_t node, uint64_t now)
{
    NocRouter *r = &n->routers[node];
    if (!r->buffered)
        return;
    const uint32_t nports = n->nports, nvcs = n->nvcs, slots = nports * nvcs;
    Candidate cand[NOC_PORTS][NOC_PORTS * NOC_MAX_VCS];
    uint32_t ncand[NOC_PORTS] = {0};

    /* 1. route and allocate VCs for packets at the front; collect switch requests. The
     * starting port rotates so no input always wins freed VCs first. */
    for (uint32_t pi = 0; pi < nports; pi++) {
        uint32_t p = (uint32_t)((pi + now) % nports);
        for (uint32_t bits = r->nonempty[p]; bits; bits &= bits - 1) {
            uint32_t v = (uint32_t)__builtin_ctz(bits);
            NocInVc *iv = &r->in[p][v];
            if (!iv->routed) {
                const NocFlit *f = noc_in_flit(n, node, p, v, iv->rd);
                BH_ASSERT(f->seq == 0); /* a packet's first flit is its header */
                iv->out_mask = (uint8_t)route(n, node, &n->pkts[f->pkt]);
                iv->granted_mask = iv->sent_mask = 0;
                iv->routed = 1;
            }
            if (iv->granted_mask != iv->out_mask)
                allocate_vcs(n, node, p, v);
            uint32_t ready = iv->granted_mask & ~iv->sent_mask;
            for (uint32_t o = 0; ready >> o; o++)
                if ((ready & (1u << o)) && r->out[o].credits[iv->out_vc[o]] > 0)
                    cand[o][ncand[o]++] = (Candidate){(uint8_t)p, (uint8_t)v};
        }
    }

    /* 2. switch allocation: each output grants round robin over (port, vc); an input port
     * feeds one VC per cycle, though a multicast flit may leave on several outputs at once */
    uint8_t port_vc[NOC_PORTS];
    memset(port_vc, 0xFF, sizeof port_vc);
    for (uint32_t o = 0; o < nports; o++) {
        NocOutPort *out = &r->out[o];
        int best = -1;
        uint32_t best_dist = UINT32_MAX;
        for (uint32_t c = 0; c < ncand[o]; c++) {
            Candidate cd = cand[o][c];
            if (port_vc[cd.port] != 0xFF && port_vc[cd.port] != cd.vc)
                continue;
            uint32_t k = cd.port * nvcs + cd.vc;
            uint32_t dist = (k + slots - out->sw_rr - 1) % slots;
            if (dist < best_dist) {
                best_dist = dist;
                best = (int)c;
            }
        }
        if (best < 0)
            continue;
        Candidate cd = cand[o][best];
        NocInVc *iv = &r->in[cd.port][cd.vc];
        NocFlit f = *noc_in_flit(n, node, cd.port, cd.vc, iv->rd);
        f.vc = iv->out_vc[o];
        out->credits[f.vc]--;
        noc_link_send(n, out->link, &f, now);
        iv->sent_mask |= (uint8_t)(1u << o);
        out->sw_rr = (uint16_t)(cd.port * nvcs + cd.vc);
        port_vc[cd.port] = cd.vc;
    }

    /* 3. flits every output has taken leave the buffer; branch ends with no output drain */
    for (uint32_t p = 0; p < nports; p++) {
        if (port_vc[p] != 0xFF) {
            NocInVc *iv = &r->in[p][port_vc[p]];
            if (iv->sent_mask == iv->out_mask)
                pop_front(n, node, p, port_vc[p], now);
            continue;
        }
        for (uint32_t bits = r->nonempty[p]; bits; bits &= bits - 1) {
            uint32_t v = (uint32_t)__builtin_ctz(bits);
            NocInVc *iv = &r->in[p][v];
            if (iv->routed && iv->out_mask == 0) {
                pop_front(n, node, p, v, now);
                n->last_progress = now;
                break;
            }
        }
    }
}
