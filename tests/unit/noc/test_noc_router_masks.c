// SPDX-License-Identifier: Apache-2.0
/* The router's VC masks (alloc, cand, sink: noc_net.h) only let a cycle skip VCs that would do
 * nothing. Under saturated traffic of several patterns, after every cycle, every buffered VC
 * left out of a mask is checked against what the router would compute for it:
 *   not in alloc: it has a route, and either holds every output VC it needs or waits in
 *                 vc_wait of each output it lacks, where no VC of its class is free now;
 *   not in cand:  no output it holds a VC on and has not yet sent the front flit to has a
 *                 credit;
 *   sink:         exactly the routed VCs with no output. */
#include <stdio.h>
#include <stdlib.h>
#include "tests/check.h"
#include "tests/unit/noc/noc_harness.h"

#define MEM (64 * 1024)
#define CYCLES 3000

/* The dateline half of the VC the packet takes at output o (noc_router.c next_dateline). */
static uint32_t next_half(const NocNet *n, uint32_t node, uint32_t in, uint32_t vc, uint32_t o)
{
    if (o == NOC_PORT_LOCAL)
        return 0;
    int in_x = in == NOC_PORT_XP || in == NOC_PORT_XN, out_x = o == NOC_PORT_XP || o == NOC_PORT_XN;
    uint32_t dl = in != NOC_PORT_LOCAL && in_x == out_x ? vc >= n->vc_half : 0;
    return dl | n->links[n->routers[node].out[o].link].wrap;
}

static int class_full(NocNet *n, uint32_t node, uint32_t p, uint32_t v, uint32_t o)
{
    NocRouter *r = &n->routers[node];
    const NocPacket *pk = &n->pkts[noc_in_flit(n, node, p, v, r->in[p][v].rd)->pkt];
    return noc_vc_alloc(n, &r->out[o], pk->cls, next_half(n, node, p, v, o), 1) == NOC_NONE;
}

/* Returns the number of VCs breaking a rule (and prints the first few). */
static uint32_t check_masks(NocNet *n, uint64_t now)
{
    uint32_t bad = 0;
    for (uint32_t node = 0; node < n->n_nodes; node++) {
        NocRouter *r = &n->routers[node];
        for (uint32_t p = 0; p < n->nports; p++)
            for (uint32_t bits = r->nonempty[p]; bits; bits &= bits - 1) {
                uint32_t v = (uint32_t)__builtin_ctz(bits), bit = 1u << v;
                const NocInVc *iv = &r->in[p][v];
                const char *why = NULL;
                uint32_t lacks = iv->out_mask & ~iv->granted_mask;
                if (!(r->alloc[p] & bit)) {
                    if (!iv->routed)
                        why = "unrouted VC outside alloc";
                    for (uint32_t o = 0; o < n->nports && !why && lacks; o++)
                        if ((lacks & (1u << o)) && !(r->vc_wait[o][p] & bit))
                            why = "VC lacking an output VC neither in alloc nor waiting for it";
                    /* a reserving multicast fails if one branch is full, the others only if
                     * every branch they lack is */
                    const NocPacket *pk = &n->pkts[noc_in_flit(n, node, p, v, iv->rd)->pkt];
                    int any_full = 0, all_full = 1;
                    for (uint32_t o = 0; o < n->nports && !why && lacks; o++)
                        if (lacks & (1u << o)) {
                            int full = class_full(n, node, p, v, o);
                            any_full |= full;
                            all_full &= full;
                        }
                    if (!why && lacks && !(pk->mcast && pk->reserve ? any_full : all_full))
                        why = "waiting VC whose allocation would now succeed";
                }
                if (!(r->cand[p] & bit) && iv->routed) {
                    uint32_t ready = iv->granted_mask & ~iv->sent_mask;
                    for (uint32_t o = 0; o < n->nports && !why; o++)
                        if ((ready & (1u << o)) && r->out[o].credits[iv->out_vc[o]] > 0)
                            why = "VC able to send outside cand";
                }
                if (!why && !!(r->sink[p] & bit) != (iv->routed && iv->out_mask == 0))
                    why = "sink mask disagrees with the route";
                if (why && bad++ < 5)
                    fprintf(stderr, "  cycle %llu NoC%u node %u port %u VC %u: %s\n",
                            (unsigned long long)now, n->cfg.noc_id, node, p, v, why);
            }
    }
    return bad;
}

static void run_pattern(uint32_t topology, uint32_t w, uint32_t hh, NocPattern pat, NocOp op)
{
    Harness h;
    h_init(&h, topology, w, hh, MEM);
    if (topology == BH_TOPO_BLACKHOLE) /* fewer VCs and buffers: more waiting for both */
        for (uint32_t k = 0; k < 2; k++) {
            h.cfg[k].request_vcs = 2;
            h.cfg[k].vc_buffer_flits = 4;
        }
    h_start(&h);
    uint32_t inj[BH_GRID_MAX_NODES];
    for (uint32_t i = 0; i < h.nodes; i++)
        inj[i] = i;
    NocTrafficConfig tc = {
        .pattern = pat,
        .op = op,
        .rate = 1.0,
        .packet_bytes = 512,
        .flit_bytes = 64,
        .max_packet_bytes = 16384,
        .noc_mask = h.nnocs == 2 ? 3 : 1,
        .w = w,
        .h = hh,
        .mirror_noc1 = topology == BH_TOPO_BLACKHOLE,
        .max_outstanding = 16,
        .src_addr = 0x1000,
        .dst_addr = 0x4000,
        .mem_bytes = MEM,
        .target = h.nodes / 2,
        .hotspot_fraction = 0.3,
        .mcast_src = 3,
        .mcast_rect = {1, 2, (uint8_t)(w - 1), (uint8_t)(hh - 1)},
        .mcast_reserve = 1,
        .queue_limit = 4,
        .seed = 7,
        .warmup = 0,
        .stop = CYCLES,
    };
    for (uint32_t i = 0; i < h.nodes; i++)
        tc.mcast_receivers += i != tc.mcast_src && i % w >= 1 && i / w >= 2;
    NocTraffic *t = malloc(sizeof *t);
    NocTrafficIo io = {h_workload_write, h_workload_read, &h};
    CHECK_OK(noc_traffic_init(t, &tc, inj, h.nodes, &io));
    h.traffic = t;
    uint32_t bad = 0;
    uint64_t moved = 0;
    while (h.now < CYCLES) {
        h.now++;
        noc_traffic_step(t, h.now);
        for (uint32_t k = 0; k < h.nnocs; k++) {
            noc_net_step(&h.net[k], h.now);
            bad += check_masks(&h.net[k], h.now);
        }
    }
    for (uint32_t k = 0; k < h.nnocs; k++)
        moved += h.net[k].flits_ejected;
    CHECK(moved > 0);
    CHECK_EQ_U32(bad, 0);
    noc_traffic_destroy(t);
    free(t);
    h_destroy(&h);
}

static void test_masks_under_saturation(void)
{
    run_pattern(BH_TOPO_BLACKHOLE, 17, 12, NOC_PAT_UNIFORM, NOC_OP_WRITE);
    run_pattern(BH_TOPO_BLACKHOLE, 17, 12, NOC_PAT_HOTSPOT, NOC_OP_READ);
    run_pattern(BH_TOPO_BLACKHOLE, 17, 12, NOC_PAT_MULTICAST, NOC_OP_WRITE);
    run_pattern(BH_TOPO_MESH, 8, 8, NOC_PAT_TRANSPOSE, NOC_OP_WRITE);
    run_pattern(BH_TOPO_TORUS, 8, 8, NOC_PAT_UNIFORM, NOC_OP_POSTED_WRITE);
}

int main(void)
{
    RUN(test_masks_under_saturation);
    return check_failures();
}
