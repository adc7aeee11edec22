// SPDX-License-Identifier: Apache-2.0
/* Link waits (noc_link_waited, issue 27): a packet alone never waits; two streams through one
 * link wait there within a bound worked out by hand, and only they are its blocked flows;
 * links nobody crosses stay at 0; the top-flows list keeps the largest flows and every cycle. */
#include <stdio.h>
#include "tests/check.h"
#include "tests/unit/noc/noc_harness.h"

#define MEM (64 * 1024)
#define BYTES 4096u              /* 64 data flits */
#define FLITS (1u + BYTES / 64u) /* with the header: the packet's length on every link */
#define W 4u                     /* a 4 x 2 mesh; the row y = 0 carries all the traffic */

static void write_to(Harness *h, uint32_t s, uint32_t d, uint32_t buf)
{
    CHECK_OK(h_reg(h, 0, s, buf, NOC_R_TARG_ADDR_LO, 0x100));
    CHECK_OK(h_reg(h, 0, s, buf, NOC_R_TARG_ADDR_HI, h_xy(h, s)));
    CHECK_OK(h_reg(h, 0, s, buf, NOC_R_RET_ADDR_LO, 0x4000 + 0x2000 * s));
    CHECK_OK(h_reg(h, 0, s, buf, NOC_R_RET_ADDR_HI, h_xy(h, d)));
    CHECK_OK(h_reg(h, 0, s, buf, NOC_R_CTRL, NOC_CTRL_TYPE_WR)); /* posted: no ack comes back */
    CHECK_OK(h_reg(h, 0, s, buf, NOC_R_AT_LEN_BE, BYTES));
    CHECK_OK(h_reg(h, 0, s, buf, NOC_R_CMD_CTRL, 1));
}

static uint64_t vc_sum(const NocNet *n, uint32_t li)
{
    uint64_t s = 0;
    for (uint32_t v = 0; v < n->nvcs; v++)
        s += n->vc_waits[(size_t)li * n->nvcs + v];
    return s;
}

/* a flow's cycles in link li's list, 0 if it is not there; *entries: how many are */
static uint64_t flow_cycles(const NocNet *n, uint32_t li, uint32_t s, uint32_t d, int *entries)
{
    uint64_t c = 0;
    *entries = 0;
    for (uint32_t i = 0; i < NOC_LINK_TOP_FLOWS; i++) {
        const NocFlowWait *f = &n->link_waits[li].top[i];
        if (!f->cycles)
            continue;
        (*entries)++;
        if (f->flow == (s | (uint64_t)d << 16))
            c = f->cycles;
    }
    return c;
}

/* One 65-flit packet over 3 router hops: every flit finds its output VC, a credit (20 per VC
 * cover a hop's 18-cycle credit loop) and a free switch the cycle it reaches the front. */
static void test_alone_no_waits(void)
{
    Harness h;
    h_init(&h, BH_TOPO_MESH, W, 2, MEM);
    h_start(&h);
    write_to(&h, 0, 3, 0);
    h_run(&h, 10000);
    CHECK(noc_net_quiescent(&h.net[0]));
    for (uint32_t li = 0; li < h.net[0].n_links; li++) {
        CHECK_EQ_U64(h.net[0].link_waits[li].cycles, 0);
        CHECK_EQ_U64(vc_sum(&h.net[0], li), 0);
    }
    h_destroy(&h);
}

/* A = (0,0) and B = (1,0) both write FLITS-flit packets to D = (3,0), both issued in the same
 * cycle. They share router (1,0)'s +x output L = (1,0)->(2,0): B's flits reach it from B's NIU
 * (niu_to_router = 5 cycles after injection), A's one hop later (5 + router_latency = 14). So
 * B sends 9 flits over L alone. From A's header on, the two take different request VCs and
 * the switch alternates between the two inputs: each cycle one front flit crosses L and the
 * other waits one cycle, as long as both have flits (each stream is offered 1 flit/cycle and
 * gets 1/2, so neither front empties). B's other FLITS - 9 flits take 2 (FLITS - 9) cycles
 * (one less if B wins the first round), then A's last 9 flits cross alone. So
 * W(L) = 2 (FLITS - 9) or one less; we allow 2 cycles either side for start-up. Both flows
 * wait there, and nobody else. Downstream, (2,0)->(3,0) and the ejection at D take 1
 * flit/cycle from one input: no waits. A's first hop (0,0)->(1,0) may wait for credits (its
 * buffer at (1,0) fills while A gets half of L), for A only. Every other link carries nothing,
 * so waits nothing. */
static void test_two_flows_share_a_link(void)
{
    Harness h;
    h_init(&h, BH_TOPO_MESH, W, 2, MEM);
    h_start(&h);
    write_to(&h, 0, 3, 0);
    write_to(&h, 1, 3, 0);
    h_run(&h, 10000);
    NocNet *n = &h.net[0];
    CHECK(noc_net_quiescent(n));
    const uint32_t L = n->routers[1].out[NOC_PORT_XP].link;
    const uint64_t wl = n->link_waits[L].cycles;
    printf("  shared link (1,0)->(2,0): %llu wait cycles, packets of %u flits\n",
           (unsigned long long)wl, FLITS);
    CHECK(wl + 2 >= 2 * (FLITS - 9));
    CHECK(wl <= 2 * (FLITS - 9) + 2);
    CHECK_EQ_U64(vc_sum(n, L), wl);
    int entries;
    uint64_t a = flow_cycles(n, L, 0, 3, &entries), b = flow_cycles(n, L, 1, 3, &entries);
    CHECK_EQ_U32((uint32_t)entries, 2); /* exactly the two flows */
    CHECK(a > 0 && b > 0);
    CHECK_EQ_U64(a + b, wl); /* at most NOC_LINK_TOP_FLOWS flows: exact */
    const uint32_t first = n->routers[0].out[NOC_PORT_XP].link;
    if (n->link_waits[first].cycles) {
        CHECK_EQ_U64(flow_cycles(n, first, 0, 3, &entries), n->link_waits[first].cycles);
        CHECK_EQ_U32((uint32_t)entries, 1);
    }
    uint64_t elsewhere = 0;
    for (uint32_t li = 0; li < n->n_links; li++)
        if (li != L && li != first)
            elsewhere += n->link_waits[li].cycles;
    CHECK_EQ_U64(elsewhere, 0);
    h_destroy(&h);
}

/* The top-flows list by hand: four flows fill it; a fifth replaces the smallest and carries
 * its count (space-saving); a present flow adds; no cycle is lost. */
static void test_top_flows_space_saving(void)
{
    Harness h;
    h_init(&h, BH_TOPO_MESH, W, 2, MEM);
    h_start(&h);
    NocNet *n = &h.net[0];
    uint32_t pk[5];
    for (uint32_t i = 0; i < 5; i++) {
        pk[i] = noc_pkt_alloc(n);
        n->pkts[pk[i]].src = i;
        n->pkts[pk[i]].dst = 7;
    }
    const uint32_t li = n->routers[5].out[NOC_PORT_XP].link, v = 3;
    static const uint32_t waits[4] = {30, 10, 40, 20};
    for (uint32_t i = 0; i < 4; i++)
        noc_link_waited(n, li, v, pk[i], waits[i]);
    int entries;
    CHECK_EQ_U64(flow_cycles(n, li, 1, 7, &entries), 10);
    CHECK_EQ_U32((uint32_t)entries, 4);
    noc_link_waited(n, li, v, pk[4], 5); /* replaces flow 1 (10): 15 */
    CHECK_EQ_U64(flow_cycles(n, li, 1, 7, &entries), 0);
    CHECK_EQ_U64(flow_cycles(n, li, 4, 7, &entries), 15);
    noc_link_waited(n, li, v, pk[2], 2); /* present: adds */
    CHECK_EQ_U64(flow_cycles(n, li, 2, 7, &entries), 42);
    CHECK_EQ_U64(n->link_waits[li].cycles, 107);
    CHECK_EQ_U64(n->vc_waits[(size_t)li * n->nvcs + v], 107);
    uint64_t listed = 0;
    for (uint32_t i = 0; i < NOC_LINK_TOP_FLOWS; i++)
        listed += n->link_waits[li].top[i].cycles;
    CHECK_EQ_U64(listed, 107);
    for (uint32_t i = 0; i < 5; i++)
        noc_pkt_release(n, pk[i]);
    h_destroy(&h);
}

int main(void)
{
    RUN(test_alone_no_waits);
    RUN(test_two_flows_share_a_link);
    RUN(test_top_flows_space_saving);
    return check_failures();
}
