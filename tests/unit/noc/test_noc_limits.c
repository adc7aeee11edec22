// SPDX-License-Identifier: Apache-2.0
/* What bounds one tile's traffic, each mechanism against a bound worked out here from the
 * stage latencies of noc_net.h (zero-load latency n2r + hops x router + r2n + flits - 1):
 * outstanding reads x round trip caps a reader; a target acting on one request per VC paces
 * reads behind slow memory; the VC-assignment interval paces a command stream; a path-reserving
 * multicast pays the grant's round trip and its acknowledgements' per transfer, and a linked
 * transaction pays only the acknowledgements; age arbitration lets the older packet through. */
#include "tests/check.h"
#include "tests/test_log.h"
#include "tests/unit/noc/noc_harness.h"

#define MEM (64 * 1024)
#define W 4
#define H 5

static uint32_t node_at(uint32_t x, uint32_t y)
{
    return y * W + x;
}

/* Router-to-router hops from a to b on the unidirectional torus (+x, +y). */
static uint32_t hops(uint32_t a, uint32_t b)
{
    return (b % W + W - a % W) % W + (b / W + H - a / W) % H;
}

static uint64_t zl(const NocNetConfig *c, uint32_t h, uint32_t flits)
{
    return c->niu_to_router_cycles + (uint64_t)h * c->router_latency_cycles +
           c->router_to_niu_cycles + (flits - 1);
}

/* A master that re-issues its request whenever one completes, and records completions. */
typedef struct Stream {
    Harness *h;
    NocRequest rq;
    uint32_t node;
    uint64_t from, until; /* count completions in [from, until) */
    uint64_t done, first_at, last_at, at[64];
    uint32_t reissue;
} Stream;

static void stream_done(void *ctx, uint64_t token, BhStatus st, uint64_t now)
{
    Stream *s = ctx;
    (void)token;
    CHECK_EQ_U32(st, BH_OK);
    if (s->done < 64)
        s->at[s->done] = now;
    if (now >= s->from && now < s->until) {
        if (!s->first_at)
            s->first_at = now;
        s->last_at = now;
    }
    s->done++;
    if (s->reissue && now < s->until)
        CHECK_OK(noc_niu_port_request(&s->h->net[0], s->node, &s->rq, now));
}

static void setup(Harness *h)
{
    h_init(h, BH_TOPO_UNITORUS, W, H, MEM);
}

static NocRequest request(uint8_t op, uint32_t src, uint32_t dst, Stream *s)
{
    NocRequest r;
    memset(&r, 0, sizeof r);
    r.op = op;
    r.target = dst;
    r.reply_node = src;
    r.tag = BH_IDLE;
    r.done = stream_done;
    r.done_ctx = s;
    return r;
}

/* Completions per cycle between the first and last completion of the window. */
static double rate(const Stream *s, uint64_t in_window)
{
    return (double)(in_window - 1) / (double)(s->last_at - s->first_at);
}

static uint64_t count_window(Harness *h, Stream *s, uint32_t records)
{
    for (uint32_t i = 0; i < records; i++)
        CHECK_OK(noc_niu_port_request(&h->net[0], s->node, &s->rq, h->now));
    uint64_t before = 0;
    while (h->now < s->until) {
        if (h->now == s->from)
            before = s->done;
        h_run(h, h->now + 1);
    }
    return s->done - before;
}

/* With at most N reads outstanding, a reader streams N reads per round trip, the zero-load
 * round trip being request out (1 flit) plus response back (1 + S/64 flits): N x S / RTT. */
static void test_outstanding_reads_cap_a_reader(void)
{
    const uint32_t src = node_at(1, 1), dst = node_at(3, 4), len = 1024;
    for (uint32_t cap = 1; cap <= 3; cap++) {
        Harness h;
        setup(&h);
        h.cfg[0].niu_outstanding_reads = cap;
        h.cfg[0].read_request_interval_cycles = 1; /* the cap alone paces the reads */
        h_start(&h);
        Stream s = {.h = &h, .node = src, .from = 2000, .until = 20000, .reissue = 1};
        s.rq = request(NOC_REQ_READ, src, dst, &s);
        s.rq.remote_addr = 0x1000;
        s.rq.local_addr = 0x4000;
        s.rq.len = len;
        uint64_t n = count_window(&h, &s, 8);
        const NocNetConfig *c = &h.cfg[0];
        uint64_t rtt = zl(c, hops(src, dst), 1) + zl(c, hops(dst, src), 1 + len / 64);
        /* the reads leave together, so their responses share the link back: each round
         * trip is at most (cap - 1) responses of 1 + len / 64 flits longer */
        double want = (double)cap / (double)rtt, got = rate(&s, n);
        double floor = (double)cap / (double)(rtt + (cap - 1) * (1 + len / 64));
        CHECK(got <= want * 1.001);
        CHECK(got >= floor * 0.999);
        /* the bound in bytes per cycle, and that it is below the link's 64 x 16 / 17 */
        CHECK(got * len <= cap * len / (double)rtt + 0.01);
        h_run(&h, h.now + 100000);
        CHECK(noc_net_quiescent(&h.net[0]));
        CHECK_EQ_U32(h.net[0].nius[src].reads_out, 0);
        h_destroy(&h);
    }
    /* no cap: the 8 requests of the port all fly, more than three times the cap of 2 */
    Harness h;
    setup(&h);
    h.cfg[0].read_request_interval_cycles = 1;
    h_start(&h);
    Stream s = {.h = &h, .node = src, .from = 2000, .until = 20000, .reissue = 1};
    s.rq = request(NOC_REQ_READ, src, dst, &s);
    s.rq.len = len;
    uint64_t n = count_window(&h, &s, 8);
    uint64_t rtt = zl(&h.cfg[0], hops(src, dst), 1) + zl(&h.cfg[0], hops(dst, src), 1 + len / 64);
    CHECK(rate(&s, n) > 3.0 * 2.0 / (double)rtt);
    h_run(&h, h.now + 100000);
    h_destroy(&h);
}

/* A target acts on one request per ejection VC: with one request VC and memory that answers
 * after L cycles, reads are served one per L + 1 cycles (the response's data leaves when the
 * memory answers, and the next request is taken the cycle after); without the rule up to
 * noc.niu_response_slots overlap. */
static void test_target_acts_on_one_request_per_vc(void)
{
    const uint32_t src = node_at(1, 1), dst = node_at(3, 4), lat = 100;
    double r[2];
    for (uint32_t one = 0; one <= 1; one++) {
        Harness h;
        setup(&h);
        h.cfg[0].request_vcs = 1;
        h.cfg[0].target_one_per_vc = one;
        h.cfg[0].read_request_interval_cycles = 1; /* reads leave as fast as VCs allow */
        h_start(&h);
        h.timed_latency = lat;
        h.timed_cap = 64;
        noc_net_set_timed_memory(&h.net[0], dst, 1);
        Stream s = {.h = &h, .node = src, .from = 3000, .until = 30000, .reissue = 1};
        s.rq = request(NOC_REQ_READ, src, dst, &s);
        s.rq.len = 64;
        uint64_t n = count_window(&h, &s, 8);
        r[one] = rate(&s, n);
        h_run(&h, h.now + 100000);
        CHECK(noc_net_quiescent(&h.net[0]));
        h_destroy(&h);
    }
    CHECK(r[1] <= 1.0 / (lat + 1) * 1.001);
    CHECK(r[1] >= 1.0 / (lat + 1) * 0.99);
    CHECK(r[0] >= 4.0 * r[1]); /* 8 overlap without the rule */
}

/* Requests leave one per vc_assign_interval_cycles: posted one-flit writes complete (their
 * last flit leaves the NIU) exactly that far apart. */
static void test_vc_assign_interval_paces_requests(void)
{
    const uint32_t src = node_at(1, 1), dst = node_at(2, 1), gap = 5;
    Harness h;
    setup(&h);
    h.cfg[0].vc_assign_interval_cycles = gap;
    h_start(&h);
    Stream s = {.h = &h, .node = src, .from = 0, .until = 1000};
    s.rq = request(NOC_REQ_WRITE, src, dst, &s);
    s.rq.len = 64;
    for (uint32_t i = 0; i < 8; i++)
        CHECK_OK(noc_niu_port_request(&h.net[0], src, &s.rq, 0));
    h_run(&h, 10000);
    CHECK_EQ_U64(s.done, 8);
    CHECK_EQ_U64(s.at[0], 2); /* VC at 1, header at 1, data flit at 2 */
    for (uint32_t i = 1; i < 8; i++)
        CHECK_EQ_U64(s.at[i] - s.at[i - 1], gap);
    h_destroy(&h);
}

/* Reads leave one per read_request_interval_cycles, writes behind them one per
 * vc_assign_interval_cycles: 64-B reads to a zero-load target complete exactly that far apart
 * (each completion is its request's departure plus the same round trip). */
static void test_read_request_interval_paces_reads(void)
{
    const uint32_t src = node_at(1, 1), dst = node_at(2, 1), gap = 35;
    Harness h;
    setup(&h);
    h.cfg[0].read_request_interval_cycles = gap;
    h_start(&h);
    Stream s = {.h = &h, .node = src, .from = 0, .until = 100000};
    s.rq = request(NOC_REQ_READ, src, dst, &s);
    s.rq.len = 64;
    for (uint32_t i = 0; i < 8; i++)
        CHECK_OK(noc_niu_port_request(&h.net[0], src, &s.rq, 0));
    h_run(&h, 10000);
    CHECK_EQ_U64(s.done, 8);
    for (uint32_t i = 1; i < 8; i++)
        CHECK_EQ_U64(s.at[i] - s.at[i - 1], gap);
    h_destroy(&h);
}

/* One acknowledged, path-reserving multicast at a time, the next made when every receiver's
 * acknowledgement is back. A transfer of F data flits to receivers at most `far` hops away,
 * every receiver being W + H hops out and back, takes at zero load:
 *   1 (first-hop VC) + [header out, grant back: 2 x (n2r + r2n) + far x (router + grant hop)]
 *   + F - 1 + [last data flit out, its ack back: 2 x (n2r + r2n) + (W + H) x router]
 * and up to one cycle per receiver more where their acks meet at the sender. Linked, every
 * transfer after the first skips the reservation: 1 + F + the ack trip. */
static void test_multicast_reservation_and_acks_bound_a_sender(void)
{
    const uint32_t src = node_at(1, 1), F = 32, receivers = 6;
    const uint8_t rect[4] = {2, 2, 3, 4};
    for (uint32_t linked = 0; linked <= 1; linked++) {
        Harness h;
        setup(&h);
        h_start(&h);
        const NocNetConfig *c = &h.cfg[0];
        Stream s = {.h = &h, .node = src, .from = 0, .until = 20000, .reissue = 1};
        s.rq = request(NOC_REQ_WRITE, src, 0, &s);
        s.rq.mcast = 1;
        s.rq.acked = 1;
        s.rq.path_reserve = 1;
        s.rq.linked = (uint8_t)linked;
        memcpy(s.rq.rect, rect, 4);
        s.rq.len = F * 64;
        s.rq.local_addr = 0x1000;
        s.rq.remote_addr = 0x8000;
        count_window(&h, &s, 1);
        uint32_t far = hops(src, node_at(3, 4));
        uint64_t niu = c->niu_to_router_cycles + c->router_to_niu_cycles;
        uint64_t acks = 2 * niu + (uint64_t)(W + H) * c->router_latency_cycles;
        uint64_t reserve =
            2 * niu + (uint64_t)far * (c->router_latency_cycles + c->mcast_grant_hop_cycles);
        uint64_t lo_first = 1 + reserve + F - 1 + acks;
        uint64_t lo = linked ? 1 + F + acks : lo_first;
        CHECK(s.done > 20);
        CHECK(s.at[0] >= lo_first && s.at[0] <= lo_first + receivers);
        for (uint32_t i = 1; i < 20; i++) {
            uint64_t period = s.at[i] - s.at[i - 1];
            CHECK(period >= lo && period <= lo + receivers);
        }
        /* every receiver got every transfer's data */
        CHECK_EQ_U64(h.net[0].flits_sunk, 0);
        h_run(&h, h.now + 100000);
        CHECK(noc_net_quiescent(&h.net[0]));
        CHECK_EQ_U32(h.net[0].nius[src].acks_out, 0);
        h_destroy(&h);
    }
}

/* Posted, path-reserving, unlinked multicasts issued together: each reserves its path once
 * the previous one's last data flit has left, so they complete (their last flit leaves) one
 * reservation round trip plus the data apart:
 *   1 (first-hop VC) + [2 x (n2r + r2n) + far x (router + grant hop)] + F, give or take a cycle.
 * Without the rule the next reservation overlaps the data, and the period is shorter than the
 * reservation and the data in series. */
static void test_multicast_reserves_after_previous_data(void)
{
    const uint32_t src = node_at(1, 1), F = 32;
    const uint8_t rect[4] = {2, 2, 3, 4};
    uint64_t serial = 0;
    for (int rule = 1; rule >= 0; rule--) {
        Harness h;
        setup(&h);
        h.cfg[0].mcast_reserve_after_data = (uint32_t)rule;
        h_start(&h);
        const NocNetConfig *c = &h.cfg[0];
        Stream s = {.h = &h, .node = src, .from = 0, .until = 20000};
        s.rq = request(NOC_REQ_WRITE, src, 0, &s);
        s.rq.mcast = 1;
        s.rq.path_reserve = 1;
        memcpy(s.rq.rect, rect, 4);
        s.rq.len = F * 64;
        s.rq.local_addr = 0x1000;
        s.rq.remote_addr = 0x8000;
        for (uint32_t i = 0; i < 8; i++)
            CHECK_OK(noc_niu_port_request(&h.net[0], src, &s.rq, 0));
        h_run(&h, 20000);
        CHECK_EQ_U64(s.done, 8);
        uint32_t far = hops(src, node_at(3, 4));
        uint64_t niu = c->niu_to_router_cycles + c->router_to_niu_cycles;
        uint64_t reserve =
            2 * niu + (uint64_t)far * (c->router_latency_cycles + c->mcast_grant_hop_cycles);
        serial = 1 + reserve + F;
        for (uint32_t i = 2; i < 8; i++) { /* the first two may differ: the queue fills */
            uint64_t period = s.at[i] - s.at[i - 1];
            if (rule)
                CHECK(period >= serial - 1 && period <= serial + 1);
            else
                CHECK(period + F / 2 < serial);
        }
        CHECK_EQ_U64(h.net[0].flits_sunk, 0);
        h_destroy(&h);
    }
}

/* A linked transaction's packets keep their first-hop VC, and the NIU starts nothing else
 * until the request without the flag has been given its VC (MemoryMap.md NOC_CTRL): a read
 * queued behind two linked writes and an unlinked one gets its VC the cycle after the third
 * write did, not before. */
static void test_linked_transaction_holds_the_niu(void)
{
    const uint32_t src = node_at(1, 1), dst = node_at(2, 3);
    Harness h;
    setup(&h);
    h_start(&h);
    Stream w = {.h = &h, .node = src, .until = 100000};
    Stream r = {.h = &h, .node = src, .until = 100000};
    w.rq = request(NOC_REQ_WRITE, src, dst, &w);
    w.rq.len = 16 * 64;
    w.rq.acked = 1;
    w.rq.linked = 1;
    CHECK_OK(noc_niu_port_request(&h.net[0], src, &w.rq, 0));
    CHECK_OK(noc_niu_port_request(&h.net[0], src, &w.rq, 0));
    w.rq.linked = 0;
    CHECK_OK(noc_niu_port_request(&h.net[0], src, &w.rq, 0));
    r.rq = request(NOC_REQ_READ, src, dst, &r);
    r.rq.len = 64;
    CHECK_OK(noc_niu_port_request(&h.net[0], src, &r.rq, 0));
    h_run(&h, 100000);
    CHECK_EQ_U64(w.done, 3);
    CHECK_EQ_U64(r.done, 1);
    /* the writes leave back to back on one VC, each taking it once the previous tail has
     * gone: VCs at 1, 18, 35; the read's at 36, its header taking one cycle from the third
     * write, whose tail leaves at 35 + 17 */
    const NocNetConfig *c = &h.cfg[0];
    uint64_t back = zl(c, hops(src, dst), 1) + zl(c, hops(dst, src), 1);
    CHECK_EQ_U64(w.at[0], 1 + 17 - 1 + back);
    CHECK_EQ_U64(w.at[1], 18 + 17 - 1 + back);
    CHECK_EQ_U64(w.at[2], 35 + 17 + back);
    CHECK_EQ_U64(r.at[0], 36 + zl(c, hops(src, dst), 1) + zl(c, hops(dst, src), 2));
    CHECK(noc_net_quiescent(&h.net[0]));
    uint32_t held = 0;
    for (uint32_t i = 0; i < h.nodes; i++)
        for (uint32_t p = 0; p < NOC_PORTS; p++)
            held |= h.net[0].routers[i].out[p].vc_owned;
    CHECK_EQ_U32(held, 0); /* the unlinked last packet released every hop */
    CHECK_EQ_U32(h.net[0].nius[src].link_vc, 0xFF);
    h_destroy(&h);
}

/* Two writes meet at router (1,1)'s +x output, the younger one already streaming: with age
 * arbitration the older gets every cycle and completes at its zero-load latency; round robin
 * interleaves them and it completes later. */
static void test_age_arbitration_lets_the_older_through(void)
{
    const uint32_t a = node_at(0, 1), b = node_at(1, 1), d = node_at(3, 1), F = 64;
    uint64_t done_at[2];
    for (uint32_t age = 0; age <= 1; age++) {
        Harness h;
        setup(&h);
        h.cfg[0].arbitration = age ? NOC_ARB_AGE : NOC_ARB_ROUND_ROBIN;
        h_start(&h);
        Stream sa = {.h = &h, .node = a, .until = 100000};
        Stream sb = {.h = &h, .node = b, .until = 100000};
        sa.rq = request(NOC_REQ_WRITE, a, d, &sa);
        sa.rq.len = F * 64;
        sa.rq.acked = 1;
        sb.rq = request(NOC_REQ_WRITE, b, d, &sb);
        sb.rq.len = F * 64;
        sb.rq.acked = 1;
        CHECK_OK(noc_niu_port_request(&h.net[0], a, &sa.rq, 0));
        h_run(&h, 2);
        CHECK_OK(noc_niu_port_request(&h.net[0], b, &sb.rq, h.now));
        h_run(&h, 100000);
        CHECK_EQ_U64(sa.done, 1);
        CHECK_EQ_U64(sb.done, 1);
        done_at[age] = sa.at[0];
        const NocNetConfig *c = &h.cfg[0];
        uint64_t zero = 1 + zl(c, hops(a, d), 1 + F) + zl(c, hops(d, a), 1);
        if (age)
            CHECK_EQ_U64(sa.at[0], zero);
        else
            CHECK(sa.at[0] > zero + F / 4);
        h_destroy(&h);
    }
    CHECK(done_at[1] < done_at[0]);
}

/* A multicast flit may leave on one branch cycles before another branch has a credit for it:
 * its copies are counted when the first copy leaves, so the branch that finishes early cannot
 * end the packet while the other still carries it. Shallow buffers and a unicast stream across
 * one branch make such stalls common; every packet must end exactly once, every receiver get
 * every byte. */
static void test_multicast_copies_survive_stalled_branches(void)
{
    const uint32_t src = node_at(0, 0), F = 64, rounds = 12;
    for (uint32_t linked = 0; linked <= 1; linked++) {
        Harness h;
        setup(&h);
        h.cfg[0].vc_buffer_flits = 2;
        h_start(&h);
        for (uint32_t i = 0; i < F * 64; i++)
            h_mem(&h, src, 0x1000)[i] = (uint8_t)(i * 13 + 5);
        Stream m = {.h = &h, .node = src, .until = 30000, .reissue = 1};
        m.rq = request(NOC_REQ_WRITE, src, 0, &m);
        m.rq.mcast = 1;
        m.rq.acked = 1;
        m.rq.path_reserve = 1;
        m.rq.linked = (uint8_t)linked;
        const uint8_t rect[4] = {1, 1, 3, 4};
        memcpy(m.rq.rect, rect, 4);
        m.rq.len = F * 64;
        m.rq.local_addr = 0x1000;
        m.rq.remote_addr = 0x8000;
        Stream u = {.h = &h, .node = node_at(1, 2), .until = 30000, .reissue = 1};
        u.rq = request(NOC_REQ_WRITE, u.node, node_at(3, 2), &u);
        u.rq.len = 32 * 64;
        u.rq.local_addr = 0x4000;
        u.rq.remote_addr = 0x4000;
        CHECK_OK(noc_niu_port_request(&h.net[0], src, &m.rq, 0));
        for (uint32_t i = 0; i < 4; i++)
            CHECK_OK(noc_niu_port_request(&h.net[0], u.node, &u.rq, 0));
        while (m.done < rounds && h.now < 30000)
            h_run(&h, h.now + 1);
        m.reissue = u.reissue = 0;
        h_run(&h, h.now + 100000);
        CHECK(m.done >= rounds);
        CHECK(noc_net_quiescent(&h.net[0]));
        CHECK_EQ_U64(h.net[0].packets_created, h.net[0].packets_freed);
        for (uint32_t y = 1; y <= 4; y++)
            for (uint32_t x = 1; x <= 3; x++)
                CHECK(memcmp(h_mem(&h, node_at(x, y), 0x8000), h_mem(&h, src, 0x1000), F * 64) ==
                      0);
        h_destroy(&h);
    }
}

int main(void)
{
    RUN(test_outstanding_reads_cap_a_reader);
    RUN(test_target_acts_on_one_request_per_vc);
    RUN(test_vc_assign_interval_paces_requests);
    RUN(test_read_request_interval_paces_reads);
    RUN(test_multicast_reserves_after_previous_data);
    RUN(test_multicast_reservation_and_acks_bound_a_sender);
    RUN(test_linked_transaction_holds_the_niu);
    RUN(test_age_arbitration_lets_the_older_through);
    RUN(test_multicast_copies_survive_stalled_branches);
    return check_failures();
}
