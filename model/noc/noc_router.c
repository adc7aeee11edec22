// SPDX-License-Identifier: Apache-2.0
/* One router cycle: route computation and VC allocation for packets at the front of their
 * input VC, switch allocation (one flit per input port and per output port), traversal. */
#include <string.h>
#include "model/noc/noc_link.h"
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

/* Returns 0 if no VC was granted (then nothing changed). */
static int allocate_vcs(NocNet *n, uint32_t node, uint32_t port, uint32_t vc)
{
    NocRouter *r = &n->routers[node];
    NocInVc *iv = &r->in[port][vc];
    const NocPacket *p = &n->pkts[noc_vc_flit(n, iv, iv->rd)->pkt];
    uint32_t want = iv->out_mask & ~iv->granted_mask;
    if (p->mcast && p->reserve) {
        /* a reserving multicast forks only when every branch can be held at once */
        for (uint32_t bits = want; bits; bits &= bits - 1) {
            uint32_t o = (uint32_t)__builtin_ctz(bits);
            if (noc_vc_alloc(n, &r->out[o], p->cls, next_dateline(n, node, port, vc, o), 1) ==
                NOC_NONE)
                return 0;
        }
    }
    int got = 0;
    for (uint32_t bits = want; bits; bits &= bits - 1) { /* outputs in ascending order */
        uint32_t o = (uint32_t)__builtin_ctz(bits);
        uint32_t v = noc_vc_alloc(n, &r->out[o], p->cls, next_dateline(n, node, port, vc, o), 0);
        if (v == NOC_NONE)
            continue;
        iv->out_vc[o] = (uint8_t)v;
        iv->granted_mask |= (uint8_t)(1u << o);
        r->owner[o][v] = (uint8_t)(port << 5 | vc);
        r->cand[port] |= 1u << vc;
        got = 1;
    }
    return got;
}

/* A VC of output o was freed: VCs waiting for one may try again. */
static inline void vc_freed(NocRouter *r, uint32_t o, uint32_t vc, uint32_t nports)
{
    r->out[o].vc_owned &= ~(1u << vc);
    for (uint32_t p = 0; p < nports; p++) {
        r->alloc[p] |= r->vc_wait[o][p];
        r->vc_wait[o][p] = 0;
    }
}

/* Outputs in a mask: the build targets CPUs without a popcount instruction, where
 * __builtin_popcount is a library call. */
static inline int count_outputs(uint32_t mask)
{
    if (!(mask & (mask - 1u))) /* unicast, or none: nearly every flit */
        return mask != 0;
    int k = 0;
    for (; mask; mask &= mask - 1)
        k++;
    return k;
}

/* inlined: it runs for nearly every flit a router forwards */
static inline __attribute__((always_inline)) void
pop_front(NocNet *n, uint32_t node, uint32_t port, uint32_t vc, uint64_t now, const uint32_t nports)
{
    NocRouter *r = &n->routers[node];
    NocInVc *iv = &r->in[port][vc];
    const NocFlit *f = noc_vc_flit(n, iv, iv->rd);
    NocPacket *p = &n->pkts[f->pkt];
    int k = count_outputs(iv->out_mask);
    uint32_t pkt = f->pkt;
    int head = f->seq == 0, tail = f->tail;

    iv->rd = (uint16_t)(iv->rd + 1u == n->cfg.vc_buffer_flits ? 0 : iv->rd + 1u);
    if (--iv->n == 0) {
        r->nonempty[port] &= ~(1u << vc);
    } else {
        r->cand[port] |= 1u << vc; /* the next flit is at the front, free to move next cycle */
        iv->ready = (uint32_t)now + 1u;
    }
    r->buffered--;
    noc_link_credit(n, r->in_link[port], (uint8_t)vc, now);
    iv->sent_mask = 0;
    if (k > 1)
        n->flits_forked += (uint64_t)(k - 1);
    if (k == 0) {
        n->flits_sunk++;
        noc_data_release(n, f->data);
    }
    /* copies are counted when a flit is first sent on (see the switch); a branch end with no
     * output ends its copy here */
    if (head && k == 0) {
        p->head_copies--;
        if (p->mcast && p->reserve)
            noc_mcast_leaf_reached(n, p, node, now);
    }
    if (tail) {
        iv->routed = 0;
        r->alloc[port] |= 1u << vc;
        r->sink[port] &= ~(1u << vc);
        iv->held = p->linked && k > 0;
        if (!iv->held) { /* a linked packet keeps its output VCs for the next one */
            for (uint32_t o = 0; o < nports; o++)
                if (iv->out_mask & (1u << o))
                    vc_freed(r, o, iv->out_vc[o], nports);
            iv->out_mask = iv->granted_mask = 0;
        }
        if (k == 0 && --p->copies == 0)
            noc_pkt_release(n, pkt);
    }
}

/* The step for routers of nports ports; inlined twice by noc_router_step so that Blackhole's
 * count is a constant there. */
static inline __attribute__((always_inline)) void step(NocNet *n, uint32_t node, uint64_t now,
                                                       const uint32_t nports)
{
    NocRouter *r = &n->routers[node];
    if (!r->buffered || r->stalled)
        return;
    const uint32_t nvcs = n->nvcs;
    uint32_t work = 0, alloc_work = 0;
    for (uint32_t p = 0; p < nports; p++) {
        alloc_work |= r->alloc[p] & r->nonempty[p];
        work |= (r->cand[p] | r->sink[p]) & r->nonempty[p];
    }
    if (!(work | alloc_work)) {
        /* every buffered flit waits for a credit or an output VC: nothing changes until a
         * flit or a credit arrives (the masks change only then or in this router's step) */
        r->stalled = 1;
        return;
    }
    uint8_t port_vc[NOC_PORTS];          /* VC each input port nominates this cycle, 0xFF: none */
    uint32_t port_want[NOC_PORTS] = {0}; /* outputs the nominated VC can use now */
    memset(port_vc, 0xFF, sizeof port_vc);

    /* 1. route and allocate VCs for packets at the front of their VC. The starting port
     * rotates so no input always wins freed VCs first. alloc is read again after each VC:
     * one giving back held VCs wakes the VCs waiting for them, which try in this pass too. */
    const uint32_t start = alloc_work ? (uint32_t)(now % nports) : 0;
    for (uint32_t pi = 0; pi < nports && alloc_work; pi++) {
        uint32_t p = noc_ring1(start + pi, nports); /* (pi + now) % nports */
        uint32_t bits, after = UINT32_MAX;          /* VCs above the last one visited */
        while ((bits = r->alloc[p] & r->nonempty[p] & after) != 0) {
            uint32_t v = (uint32_t)__builtin_ctz(bits);
            after = (uint32_t)(UINT64_MAX << (v + 1));
            NocInVc *iv = &r->in[p][v];
            if (!iv->routed) {
                const NocFlit *f = noc_vc_flit(n, iv, iv->rd);
                BH_ASSERT(f->seq == 0); /* a packet's first flit is its header */
                uint8_t mask = (uint8_t)route(n, node, &n->pkts[f->pkt]);
                if (iv->held && mask != iv->out_mask) {
                    /* a linked transaction changed its target (a software error the
                     * hardware does not survive): give the held VCs back */
                    for (uint32_t o = 0; o < nports; o++)
                        if (iv->granted_mask & (1u << o))
                            vc_freed(r, o, iv->out_vc[o], nports);
                    iv->granted_mask = 0;
                } else if (!iv->held) {
                    iv->granted_mask = 0;
                }
                iv->out_mask = mask;
                iv->sent_mask = 0;
                iv->held = 0;
                iv->routed = 1;
                if (!mask)
                    r->sink[p] |= 1u << v;
            }
            uint32_t lacks = iv->out_mask & ~iv->granted_mask;
            if (lacks && !allocate_vcs(n, node, p, v)) {
                /* every VC it could take is held: it tries again once one is freed */
                for (uint32_t o = 0; o < nports; o++)
                    if (lacks & (1u << o))
                        r->vc_wait[o][p] |= 1u << v;
                lacks = 0;
            }
            if (!lacks || iv->granted_mask == iv->out_mask)
                r->alloc[p] &= ~(1u << v);
        }
    }

    /* 2. switch allocation, separable and input first: each input port nominates one VC
     * (round robin over the VCs with a flit that can move), then each output grants one of
     * the ports nominating it (round robin over ports). A multicast flit may leave on several
     * outputs in one cycle. */
    const int by_age = n->cfg.arbitration == NOC_ARB_AGE;
    uint64_t port_born[NOC_PORTS];    /* age arbitration: birth of the nominated flit's packet */
    uint32_t wanted = 0;              /* outputs some port nominates: the others grant none */
    uint32_t asking[NOC_PORTS] = {0}; /* per output: the input ports nominating it */
    for (uint32_t p = 0; p < nports; p++) {
        uint64_t best = UINT64_MAX; /* (birth cycle, round-robin distance), smallest wins */
        for (uint32_t bits = r->cand[p] & r->nonempty[p]; bits; bits &= bits - 1) {
            uint32_t v = (uint32_t)__builtin_ctz(bits);
            NocInVc *iv = &r->in[p][v];
            uint32_t ready = iv->granted_mask & ~iv->sent_mask, want = 0;
            for (; ready; ready &= ready - 1) {
                uint32_t o = (uint32_t)__builtin_ctz(ready);
                if (r->out[o].credits[iv->out_vc[o]] > 0)
                    want |= 1u << o;
            }
            if (!want) {
                r->cand[p] &= ~(1u << v); /* until a credit, an output VC or a new front */
                continue;
            }
            uint64_t key = noc_ring1(v + nvcs - r->in_rr[p] - 1, nvcs);
            uint64_t born = 0;
            if (by_age) {
                born = n->pkts[noc_vc_flit(n, iv, iv->rd)->pkt].born;
                key |= born << 8; /* nvcs <= 32: the distance fits below */
            }
            if (key < best) {
                best = key;
                port_vc[p] = (uint8_t)v;
                port_want[p] = want;
                port_born[p] = born;
            }
        }
        wanted |= port_want[p];
        for (uint32_t bits = port_want[p]; bits; bits &= bits - 1)
            asking[__builtin_ctz(bits)] |= 1u << p;
    }
    uint32_t granted[NOC_PORTS] = {0}; /* per input port: outputs granted this cycle */
    for (uint32_t outs = wanted; outs; outs &= outs - 1) {
        uint32_t o = (uint32_t)__builtin_ctz(outs);
        NocOutPort *out = &r->out[o];
        /* round robin: the first asking port after the last winner, wrapping */
        uint32_t winner = noc_rr_pick(asking[o], out->sw_rr);
        if (by_age) {
            uint32_t best_dist = UINT32_MAX;
            uint64_t best_born = UINT64_MAX;
            for (uint32_t p = 0; p < nports; p++) {
                if (!(asking[o] & (1u << p)))
                    continue;
                uint32_t dist = noc_ring(p + nports - out->sw_rr - 1, nports);
                if (port_born[p] != best_born) {
                    if (port_born[p] > best_born)
                        continue;
                    best_born = port_born[p]; /* older: wins whatever the distance */
                    best_dist = UINT32_MAX;
                }
                if (dist < best_dist) {
                    best_dist = dist;
                    winner = p;
                }
            }
        }
        NocInVc *iv = &r->in[winner][port_vc[winner]];
        NocFlit *f = noc_link_slot(n, out->link, now);
        *f = *noc_vc_flit(n, iv, iv->rd);
        f->vc = iv->out_vc[o];
        out->credits[f->vc]--;
        const uint32_t waited = (uint32_t)now - iv->ready; /* observation only */
        if (waited)
            noc_link_waited(n, out->link, f->vc, f->pkt, waited);
        if (iv->sent_mask == 0 && (iv->out_mask & (iv->out_mask - 1u))) {
            /* the first copy of a forking flit leaves: count all its copies now, before a
             * copy sent early on one branch can reach its end while another output waits;
             * the copies share one payload slot */
            int k = count_outputs(iv->out_mask);
            if (f->data != NOC_NONE)
                n->data_refs[f->data] += (uint32_t)(k - 1);
            if (f->seq == 0 || f->tail) {
                NocPacket *pk = &n->pkts[f->pkt];
                if (f->seq == 0)
                    pk->head_copies += k - 1;
                if (f->tail)
                    pk->copies += k - 1;
            }
        }
        iv->sent_mask |= (uint8_t)(1u << o);
        out->sw_rr = (uint16_t)winner;
        granted[winner] |= 1u << o;
    }

    /* 3. flits every output has taken leave the buffer; branch ends with no output drain.
     * A pop changes only its own port's masks (and alloc, which is not read here), so one
     * pass can both note the switch winners and pop. */
    for (uint32_t p = 0; p < nports; p++) {
        uint32_t v;
        int sunk = 0;
        if (granted[p]) {
            r->in_rr[p] = port_vc[p];
            v = port_vc[p];
            const NocInVc *iv = &r->in[p][v];
            if (iv->sent_mask != iv->out_mask)
                continue;
        } else {
            uint32_t sinks = r->sink[p] & r->nonempty[p];
            if (!sinks)
                continue;
            v = (uint32_t)__builtin_ctz(
                sinks); /* the lowest such VC, one flit per port and cycle */
            sunk = 1;
        }
        pop_front(n, node, p, v, now, nports); /* one call site: it is inlined */
        if (sunk)
            n->last_progress = now;
    }
}

void noc_router_step(NocNet *n, uint32_t node, uint64_t now)
{
    /* unidirectional tori (Blackhole) have 3 ports: with the count a constant, the compiler
     * specialises the per-port loops and the port arithmetic */
    if (n->nports == 3)
        step(n, node, now, 3);
    else
        step(n, node, now, n->nports);
}
