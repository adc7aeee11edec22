// SPDX-License-Identifier: Apache-2.0
/* The NIU request port driven as a hardware master would, with no command buffer: every
 * request type lands its bytes, completes once at the cycle the zero-load latency of
 * noc_net.h gives (worked out here from the stage latencies and the hop counts), the port
 * refuses a request when full, and a malformed request is refused with a guest error and
 * changes nothing. */
#include "tests/check.h"
#include "tests/unit/noc/noc_harness.h"
#include "tests/test_log.h"

#define MEM (64 * 1024)
#define W 4
#define H 5

typedef struct Done {
    uint32_t calls;
    uint64_t token, at;
    BhStatus status;
} Done;

static void on_done(void *ctx, uint64_t token, BhStatus status, uint64_t now)
{
    Done *d = ctx;
    d->calls++;
    d->token = token;
    d->status = status;
    d->at = now;
}

/* A 4 x 5 unidirectional torus (one NoC, flows +x/+y, X then Y); max_packet_bytes 0 keeps
 * the default. */
static void setup(Harness *h, uint32_t max_packet_bytes)
{
    h_init(h, BH_TOPO_UNITORUS, W, H, MEM);
    if (max_packet_bytes)
        h->cfg[0].max_packet_bytes = max_packet_bytes;
    h_start(h);
}

static uint32_t node_at(uint32_t x, uint32_t y)
{
    return y * W + x;
}

/* Router-to-router hops from a to b: on a unidirectional torus each axis goes forward. */
static uint32_t hops(uint32_t a, uint32_t b)
{
    return (b % W + W - a % W) % W + (b / W + H - a / W) % H;
}

/* Zero-load latency of a packet of `flits` flits over `h` hops (noc_net.h). */
static uint64_t zl(const Harness *hh, uint32_t h, uint32_t flits)
{
    const NocNetConfig *c = &hh->cfg[0];
    return c->niu_to_router_cycles + (uint64_t)h * c->router_latency_cycles +
           c->router_to_niu_cycles + (flits - 1);
}

static uint32_t dflits(uint32_t len)
{
    return (len + 63) / 64;
}

static NocRequest req(uint8_t op, uint32_t src, uint32_t dst, Done *d, uint64_t token)
{
    NocRequest r;
    memset(&r, 0, sizeof r);
    r.op = op;
    r.target = dst;
    r.reply_node = src;
    r.tag = BH_IDLE;
    r.done = on_done;
    r.done_ctx = d;
    r.token = token;
    return r;
}

static void fill(Harness *h, uint32_t node, uint32_t addr, uint32_t len, uint8_t seed)
{
    for (uint32_t i = 0; i < len; i++)
        h_mem(h, node, addr)[i] = (uint8_t)(seed + i * 7);
}

static uint32_t rd32(Harness *h, uint32_t node, uint32_t addr)
{
    uint32_t v;
    memcpy(&v, h_mem(h, node, addr), 4);
    return v;
}

static void wr32(Harness *h, uint32_t node, uint32_t addr, uint32_t v)
{
    memcpy(h_mem(h, node, addr), &v, 4);
}

/* Issues at cycle 0, runs to quiescence, checks one BH_OK completion at `when`. */
static void run_expect(Harness *h, const NocRequest *r, Done *d, uint64_t when)
{
    CHECK_OK(noc_niu_port_request(&h->net[0], node_at(1, 1), r, h->now));
    h_run(h, 100000);
    CHECK(noc_net_quiescent(&h->net[0]));
    CHECK_EQ_U32(d->calls, 1);
    CHECK_EQ_U32(d->status, BH_OK);
    CHECK_EQ_U64(d->token, r->token);
    CHECK_EQ_U64(d->at, when);
    CHECK_EQ_U64(h->net[0].guest_errors, 0);
}

static const uint32_t S = 1 * W + 1, T = 4 * W + 3; /* (1,1) -> (3,4) */

static void test_read(void)
{
    Harness h;
    Done d = {0};
    setup(&h, 0);
    fill(&h, T, 0x1000, 1000, 3);
    NocRequest r = req(NOC_REQ_READ, S, T, &d, 42);
    r.remote_addr = 0x1000;
    r.local_addr = 0x3000;
    r.len = 1000;
    run_expect(&h, &r, &d, 1 + zl(&h, hops(S, T), 1) + zl(&h, hops(T, S), 1 + dflits(1000)));
    CHECK(memcmp(h_mem(&h, S, 0x3000), h_mem(&h, T, 0x1000), 1000) == 0);
    CHECK_EQ_U32(h_counter(&h, 0, S, NOC_CNT_MST_RD_RESP_RECEIVED), 1);
    CHECK_EQ_U32(h_counter(&h, 0, S, NOC_CNT_MST_REQS_OUTSTANDING_ID0), 0);
    h_destroy(&h);
}

/* 1024 bytes in packets of 256: four requests leave on consecutive cycles and their
 * responses stream back interleaved, so the last data flit lands as if one response of all
 * their flits had been sent when the first request arrived. */
static void test_read_split(void)
{
    Harness h;
    Done d = {0};
    setup(&h, 256);
    fill(&h, T, 0x1000, 1024, 9);
    NocRequest r = req(NOC_REQ_READ, S, T, &d, 7);
    r.remote_addr = 0x1000;
    r.local_addr = 0x3000;
    r.len = 1024;
    /* its four read requests leave read_request_interval_cycles apart, longer than a
     * 5-flit response takes on the link, so the last response ends the read */
    const uint32_t gap = h.cfg[0].read_request_interval_cycles;
    CHECK(gap >= 1 + 4);
    run_expect(&h, &r, &d, 1 + zl(&h, hops(S, T), 1) + 3 * gap + zl(&h, hops(T, S), 1 + 4));
    CHECK(memcmp(h_mem(&h, S, 0x3000), h_mem(&h, T, 0x1000), 1024) == 0);
    CHECK_EQ_U32(h_counter(&h, 0, S, NOC_CNT_MST_RD_RESP_RECEIVED), 4);
    CHECK_EQ_U32(h_counter(&h, 0, S, NOC_CNT_MST_CMD_ACCEPTED), 4);
    h_destroy(&h);
}

static void test_write_acked(void)
{
    Harness h;
    Done d = {0};
    setup(&h, 0);
    fill(&h, S, 0x2000, 1000, 5);
    NocRequest r = req(NOC_REQ_WRITE, S, T, &d, 1);
    r.acked = 1;
    r.tid = 3;
    r.local_addr = 0x2000;
    r.remote_addr = 0x4000;
    r.len = 1000;
    run_expect(&h, &r, &d, 1 + zl(&h, hops(S, T), 1 + dflits(1000)) + zl(&h, hops(T, S), 1));
    CHECK(memcmp(h_mem(&h, T, 0x4000), h_mem(&h, S, 0x2000), 1000) == 0);
    CHECK_EQ_U32(h_counter(&h, 0, S, NOC_CNT_MST_WR_ACK_RECEIVED), 1);
    CHECK_EQ_U32(h_counter(&h, 0, S, NOC_CNT_MST_REQS_OUTSTANDING_ID0 + 3), 0);
    h_destroy(&h);
}

/* Split into four packets of 5 flits that interleave on the way; the last tail lands after
 * 20 flits and its acknowledgement comes straight back. */
static void test_write_split_acked(void)
{
    Harness h;
    Done d = {0};
    setup(&h, 256);
    fill(&h, S, 0x2000, 1024, 11);
    NocRequest r = req(NOC_REQ_WRITE, S, T, &d, 2);
    r.acked = 1;
    r.local_addr = 0x2000;
    r.remote_addr = 0x4000;
    r.len = 1024;
    run_expect(&h, &r, &d, 1 + zl(&h, hops(S, T), 4 * 5) + zl(&h, hops(T, S), 1));
    CHECK(memcmp(h_mem(&h, T, 0x4000), h_mem(&h, S, 0x2000), 1024) == 0);
    CHECK_EQ_U32(h_counter(&h, 0, S, NOC_CNT_MST_WR_ACK_RECEIVED), 4);
    h_destroy(&h);
}

/* Posted: complete when the last flit leaves the NIU, one flit per cycle from cycle 1. */
static void test_write_posted(void)
{
    Harness h;
    Done d = {0};
    setup(&h, 0);
    fill(&h, S, 0x2000, 640, 13);
    NocRequest r = req(NOC_REQ_WRITE, S, T, &d, 3);
    r.local_addr = 0x2000;
    r.remote_addr = 0x4000;
    r.len = 640;
    run_expect(&h, &r, &d, 1 + (1 + dflits(640)) - 1);
    CHECK(memcmp(h_mem(&h, T, 0x4000), h_mem(&h, S, 0x2000), 640) == 0);
    CHECK_EQ_U32(h_counter(&h, 0, S, NOC_CNT_MST_POSTED_WR_REQ_SENT), 1);
    CHECK_EQ_U32(h_counter(&h, 0, S, NOC_CNT_MST_WRITE_REQS_OUTGOING_ID0), 0);
    h_destroy(&h);
}

static void test_write_inline(void)
{
    Harness h;
    Done d = {0};
    setup(&h, 0);
    NocRequest r = req(NOC_REQ_WRITE_INLINE, S, T, &d, 4);
    r.acked = 1;
    r.remote_addr = 0x5004;
    r.data = 0xCAFEF00D;
    run_expect(&h, &r, &d, 1 + zl(&h, hops(S, T), 1) + zl(&h, hops(T, S), 1));
    CHECK_EQ_U32(rd32(&h, T, 0x5004), 0xCAFEF00D); /* byte_enable 0: one 32-bit store */
    /* byte enables select bytes of the 16-byte line, each from `data` by its lane */
    Done d2 = {0};
    NocRequest b = req(NOC_REQ_WRITE_INLINE, S, T, &d2, 5);
    b.remote_addr = 0x6000;
    b.data = 0x44332211;
    b.byte_enable = 0x0102; /* byte 1 (lane 1) and byte 8 (lane 0) */
    CHECK_OK(noc_niu_port_request(&h.net[0], S, &b, h.now));
    uint64_t t0 = h.now;
    h_run(&h, h.now + 1000);
    CHECK_EQ_U32(d2.calls, 1);
    CHECK_EQ_U64(d2.at, t0 + 1); /* posted: its only flit left on the next cycle */
    CHECK_EQ_U32(h_mem(&h, T, 0x6000)[1], 0x22);
    CHECK_EQ_U32(h_mem(&h, T, 0x6000)[8], 0x11);
    CHECK_EQ_U32(h_mem(&h, T, 0x6000)[0] | h_mem(&h, T, 0x6000)[2] | h_mem(&h, T, 0x6000)[9], 0);
    h_destroy(&h);
}

static void test_write_byte_enable(void)
{
    Harness h;
    Done d = {0};
    setup(&h, 0);
    fill(&h, S, 0x2000, 64, 17);
    memset(h_mem(&h, T, 0x4000), 0xEE, 64);
    NocRequest r = req(NOC_REQ_WRITE_BE, S, T, &d, 6);
    r.acked = 1;
    r.local_addr = 0x2000;
    r.remote_addr = 0x4000;
    r.byte_enable = 0xF00000000000000Full;
    run_expect(&h, &r, &d, 1 + zl(&h, hops(S, T), 2) + zl(&h, hops(T, S), 1));
    for (uint32_t i = 0; i < 64; i++)
        CHECK_EQ_U32(h_mem(&h, T, 0x4000)[i],
                     (r.byte_enable >> i & 1) ? h_mem(&h, S, 0x2000)[i] : 0xEE);
    h_destroy(&h);
}

static void test_atomics(void)
{
    Harness h;
    Done d = {0};
    setup(&h, 0);
    wr32(&h, T, 0x7008, 0x000000FF);
    NocRequest r = req(NOC_REQ_ATOMIC, S, T, &d, 8);
    r.acked = 1;
    r.remote_addr = 0x7000;
    r.local_addr = 0x3100;
    r.data = 1;
    r.atomic = (NocAtomic){.op = NOC_AT_OP_INCR, .word = 2, .width = 7}; /* wraps in 8 bits */
    run_expect(&h, &r, &d, 1 + zl(&h, hops(S, T), 1) + zl(&h, hops(T, S), 1));
    CHECK_EQ_U32(rd32(&h, T, 0x7008), 0x00000000);
    CHECK_EQ_U32(h_counter(&h, 0, S, NOC_CNT_MST_ATOMIC_RESP_RECEIVED), 1);
    /* compare-and-swap: stores 9 where 5 is found; the response lands at local_addr */
    Done d2 = {0}, d3 = {0};
    wr32(&h, T, 0x7100, 5);
    NocRequest c = req(NOC_REQ_ATOMIC, S, T, &d2, 9);
    c.acked = 1;
    c.remote_addr = 0x7100;
    c.local_addr = 0x3200;
    c.atomic = (NocAtomic){.op = NOC_AT_OP_CAS, .compare = 5, .swap = 9};
    CHECK_OK(noc_niu_port_request(&h.net[0], S, &c, h.now));
    uint64_t t0 = h.now;
    h_run(&h, h.now + 1000);
    CHECK_EQ_U32(d2.calls, 1);
    CHECK_EQ_U64(d2.at, t0 + 1 + zl(&h, hops(S, T), 1) + zl(&h, hops(T, S), 1));
    CHECK_EQ_U32(rd32(&h, T, 0x7100), 9);
    CHECK_EQ_U32(rd32(&h, S, 0x3200), 5);
    /* posted: no response, complete once its flit has left */
    c.acked = 0;
    c.done_ctx = &d3;
    CHECK_OK(noc_niu_port_request(&h.net[0], S, &c, h.now));
    t0 = h.now;
    h_run(&h, h.now + 1000);
    CHECK_EQ_U32(d3.calls, 1);
    CHECK_EQ_U64(d3.at, t0 + 1);
    CHECK_EQ_U32(rd32(&h, T, 0x7100), 9); /* 9 != 5: unchanged */
    CHECK_EQ_U64(h.net[0].guest_errors, 0);
    h_destroy(&h);
}

/* Rectangle (0,0)..(1,1) from (0,0), sender excluded: receivers (1,0), (0,1), (1,1). The
 * tree reaches each over its unicast hop count; the acknowledgements come back 4, 5 and 9
 * hops round trip apart, so they never meet and the one from (1,1) is the last. */
static void test_mcast_write(void)
{
    Harness h;
    Done d = {0};
    setup(&h, 0);
    uint32_t src = node_at(0, 0), far = node_at(1, 1);
    fill(&h, src, 0x2000, 256, 21);
    NocRequest r = req(NOC_REQ_WRITE, src, 0, &d, 10);
    r.acked = 1;
    r.tid = 5;
    r.mcast = 1;
    memcpy(r.rect, (uint8_t[4]){0, 0, 1, 1}, 4);
    r.local_addr = 0x2000;
    r.remote_addr = 0x4000;
    r.len = 256;
    CHECK_OK(noc_niu_port_request(&h.net[0], src, &r, h.now));
    h_run(&h, 100000);
    CHECK_EQ_U32(d.calls, 1);
    CHECK_EQ_U64(d.at, 1 + zl(&h, hops(src, far), 1 + 4) + zl(&h, hops(far, src), 1));
    for (uint32_t i = 0; i < W * H; i++) {
        int in = i % W <= 1 && i / W <= 1 && i != src;
        CHECK_EQ_U32(memcmp(h_mem(&h, i, 0x4000), h_mem(&h, src, 0x2000), 256) == 0, in);
    }
    CHECK_EQ_U32(h_counter(&h, 0, src, NOC_CNT_MST_WR_ACK_RECEIVED), 3);
    /* the documented quirk: counted once, acknowledged three times */
    CHECK_EQ_U32(h_counter(&h, 0, src, NOC_CNT_MST_REQS_OUTSTANDING_ID0 + 5), 0xFE);
    h_destroy(&h);
}

/* Y major, the sender included, path reservation, across the torus wrap: bytes land at
 * every receiver and the request completes once, after all six acknowledgements. */
static void test_mcast_variants(void)
{
    Harness h;
    Done d = {0}, d2 = {0};
    setup(&h, 0);
    uint32_t src = node_at(3, 4);
    fill(&h, src, 0x2000, 128, 23);
    NocRequest r = req(NOC_REQ_WRITE, src, 0, &d, 11);
    r.acked = 1;
    r.mcast = 1;
    r.y_major = 1;
    r.src_include = 1;
    r.path_reserve = 1;
    memcpy(r.rect, (uint8_t[4]){3, 4, 0, 0}, 4); /* columns 3, 0; rows 4, 0 (wrapping) */
    r.local_addr = 0x2000;
    r.remote_addr = 0x4000;
    r.len = 128;
    CHECK_OK(noc_niu_port_request(&h.net[0], src, &r, h.now));
    /* a multicast atomic over the same rectangle, the sender left out: one response per
     * receiver */
    NocRequest a = req(NOC_REQ_ATOMIC, src, 0, &d2, 12);
    a.acked = 1;
    a.mcast = 1;
    memcpy(a.rect, r.rect, 4);
    a.remote_addr = 0x7000;
    a.local_addr = 0x3000;
    a.data = 2;
    a.atomic = (NocAtomic){.op = NOC_AT_OP_INCR, .width = 31};
    CHECK_OK(noc_niu_port_request(&h.net[0], src, &a, h.now));
    h_run(&h, 100000);
    CHECK(noc_net_quiescent(&h.net[0]));
    CHECK_EQ_U32(d.calls, 1);
    CHECK_EQ_U32(d2.calls, 1);
    CHECK(d.at > 1 + zl(&h, 1, 1 + 2)); /* nearest receiver's data, then its ack at least */
    for (uint32_t i = 0; i < W * H; i++) {
        int in = (i % W == 3 || i % W == 0) && (i / W == 4 || i / W == 0);
        CHECK_EQ_U32(memcmp(h_mem(&h, i, 0x4000), h_mem(&h, src, 0x2000), 128) == 0, in);
        CHECK_EQ_U32(rd32(&h, i, 0x7000), in && i != src ? 2u : 0u);
    }
    CHECK_EQ_U32(h_counter(&h, 0, src, NOC_CNT_MST_WR_ACK_RECEIVED), 4);
    CHECK_EQ_U32(h_counter(&h, 0, src, NOC_CNT_MST_ATOMIC_RESP_RECEIVED), 3);
    h_destroy(&h);
}

/* port_slots records: the next request is refused with BH_ERR_FULL, changing nothing, and
 * accepted once a completion has freed a record. */
static void test_full(void)
{
    Harness h;
    Done d[NOC_PORT_MAX_SLOTS + 1];
    memset(d, 0, sizeof d);
    setup(&h, 0);
    uint32_t slots = h.cfg[0].port_slots;
    CHECK(slots >= 1 && slots <= NOC_PORT_MAX_SLOTS);
    CHECK_EQ_U32(noc_niu_port_free(&h.net[0], S), slots);
    NocRequest r = req(NOC_REQ_READ, S, T, NULL, 0);
    r.remote_addr = 0x1000;
    r.local_addr = 0x3000;
    r.len = 64;
    for (uint32_t i = 0; i < slots; i++) {
        r.done_ctx = &d[i];
        r.token = i;
        CHECK_OK(noc_niu_port_request(&h.net[0], S, &r, h.now));
    }
    CHECK_EQ_U32(noc_niu_port_free(&h.net[0], S), 0);
    uint32_t before[NOC_COUNTERS];
    memcpy(before, h.net[0].nius[S].counters, sizeof before);
    r.done_ctx = &d[slots];
    r.token = slots;
    CHECK_EQ_U32(noc_niu_port_request(&h.net[0], S, &r, h.now), BH_ERR_FULL);
    CHECK(memcmp(before, h.net[0].nius[S].counters, sizeof before) == 0);
    CHECK_EQ_U32(h.net[0].nius[S].port_q_n, slots);
    CHECK_EQ_U64(h.net[0].guest_errors, 0);
    h_run(&h, 100000);
    for (uint32_t i = 0; i < slots; i++)
        CHECK_EQ_U32(d[i].calls, 1);
    CHECK_EQ_U32(d[slots].calls, 0);
    CHECK_EQ_U32(noc_niu_port_free(&h.net[0], S), slots);
    CHECK_OK(noc_niu_port_request(&h.net[0], S, &r, h.now));
    h_run(&h, h.now + 100000);
    CHECK_EQ_U32(d[slots].calls, 1);
    /* without a callback a record is free as soon as its last packet has a VC */
    r.done = NULL;
    for (uint32_t i = 0; i < slots; i++)
        CHECK_OK(noc_niu_port_request(&h.net[0], S, &r, h.now));
    CHECK_EQ_U32(noc_niu_port_request(&h.net[0], S, &r, h.now), BH_ERR_FULL);
    h_run(&h, h.now + 2);
    CHECK(noc_niu_port_free(&h.net[0], S) >= 1);
    h_run(&h, h.now + 100000);
    CHECK_EQ_U32(noc_niu_port_free(&h.net[0], S), slots);
    h_destroy(&h);
}

/* Each malformed request: refused with its status, one guest error, nothing else moves. */
static void test_malformed(void)
{
    Harness h;
    Done d = {0};
    setup(&h, 0);
    NocRequest good = req(NOC_REQ_READ, S, T, &d, 0);
    good.len = 64;
    struct {
        NocRequest r;
        BhStatus st;
    } bad[12];
    uint32_t nb = 0;
    for (uint32_t i = 0; i < 12; i++)
        bad[i].r = good;
    bad[nb].r.target = W * H, bad[nb++].st = BH_ERR_ADDR;
    bad[nb].r.reply_node = W * H + 3, bad[nb++].st = BH_ERR_ADDR;
    bad[nb].r.op = NOC_REQ_WRITE, bad[nb].r.mcast = 1, bad[nb].r.rect[2] = W,
    bad[nb++].st = BH_ERR_ADDR;
    bad[nb].r.len = 0, bad[nb++].st = BH_ERR_ACCESS;
    bad[nb].r.op = NOC_REQ_WRITE, bad[nb].r.len = 0, bad[nb++].st = BH_ERR_ACCESS;
    bad[nb].r.mcast = 1, bad[nb++].st = BH_ERR_ACCESS; /* a multicast read */
    bad[nb].r.tid = NOC_TIDS, bad[nb++].st = BH_ERR_ACCESS;
    bad[nb].r.op = NOC_REQ_OPS, bad[nb++].st = BH_ERR_ACCESS;
    bad[nb].r.op = NOC_REQ_ATOMIC, bad[nb].r.atomic.word = 4, bad[nb++].st = BH_ERR_ACCESS;
    bad[nb].r.op = NOC_REQ_WRITE_INLINE, bad[nb].r.byte_enable = 1u << 16,
    bad[nb++].st = BH_ERR_ACCESS;
    NocNiu before = h.net[0].nius[S];
    uint64_t logged = bh_log_count(&test_log, BH_LOG_GUEST);
    for (uint32_t i = 0; i < nb; i++) {
        CHECK_EQ_U32(noc_niu_port_request(&h.net[0], S, &bad[i].r, h.now), bad[i].st);
        CHECK_EQ_U64(h.net[0].guest_errors, i + 1);
        CHECK_EQ_U64(bh_log_count(&test_log, BH_LOG_GUEST), logged + i + 1);
    }
    CHECK(memcmp(&before, &h.net[0].nius[S], sizeof before) == 0);
    CHECK(noc_net_quiescent(&h.net[0]));
    CHECK_EQ_U32(h.net[0].n_active_nodes, 0);
    h_run(&h, 1000);
    CHECK_EQ_U32(d.calls, 0);
    CHECK_EQ_U64(h.net[0].packets_created, 0);
    h_destroy(&h);
}

/* A master that issues its next read from the completion callback: each read takes the
 * same zero-load time, counted from the cycle the previous one completed. */
typedef struct Chain {
    Harness *h;
    NocRequest r;
    uint32_t left;
    uint64_t at[4];
    uint32_t n;
} Chain;

static void chain_done(void *ctx, uint64_t token, BhStatus status, uint64_t now)
{
    Chain *c = ctx;
    (void)token;
    CHECK_EQ_U32(status, BH_OK);
    c->at[c->n++] = now;
    if (c->left-- > 0)
        CHECK_OK(noc_niu_port_request(&c->h->net[0], S, &c->r, now));
}

static void test_chain_from_callback(void)
{
    Harness h;
    Chain c = {.h = &h, .left = 2};
    setup(&h, 0);
    c.r = req(NOC_REQ_READ, S, T, NULL, 0);
    c.r.done = chain_done;
    c.r.done_ctx = &c;
    c.r.remote_addr = 0x1000;
    c.r.local_addr = 0x3000;
    c.r.len = 128;
    CHECK_OK(noc_niu_port_request(&h.net[0], S, &c.r, h.now));
    h_run(&h, 100000);
    uint64_t one = 1 + zl(&h, hops(S, T), 1) + zl(&h, hops(T, S), 1 + 2);
    CHECK_EQ_U32(c.n, 3);
    for (uint32_t i = 0; i < c.n; i++)
        CHECK_EQ_U64(c.at[i], (i + 1) * one);
    CHECK_EQ_U32(noc_niu_port_free(&h.net[0], S), h.cfg[0].port_slots);
    h_destroy(&h);
}

/* A command buffer and the port asked for the same read move the same counters at the
 * same cycles: the buffer is just another client of the port. */
static void test_same_as_command_buffer(void)
{
    Harness h;
    Done d = {0};
    setup(&h, 256);
    uint32_t a = node_at(0, 2), b = node_at(2, 2), t = node_at(1, 0); /* same hop counts */
    CHECK_OK(h_reg(&h, 0, a, 1, NOC_R_TARG_ADDR_LO, 0x1000));
    CHECK_OK(h_reg(&h, 0, a, 1, NOC_R_TARG_ADDR_HI, h_xy(&h, t)));
    CHECK_OK(h_reg(&h, 0, a, 1, NOC_R_RET_ADDR_LO, 0x3000));
    CHECK_OK(h_reg(&h, 0, a, 1, NOC_R_RET_ADDR_HI, h_xy(&h, a)));
    CHECK_OK(h_reg(&h, 0, a, 1, NOC_R_AT_LEN_BE, 600));
    CHECK_OK(h_reg(&h, 0, a, 1, NOC_R_PACKET_TAG, 6u << NOC_TAG_TID_SHIFT));
    CHECK_OK(h_reg(&h, 0, a, 1, NOC_R_CMD_CTRL, 1));
    NocRequest r = req(NOC_REQ_READ, b, node_at(3, 0), &d, 0);
    r.tid = 6;
    r.remote_addr = 0x1000;
    r.local_addr = 0x3000;
    r.len = 600;
    CHECK_OK(noc_niu_port_request(&h.net[0], b, &r, h.now));
    for (uint32_t c = 0; c < 200; c++) {
        for (uint32_t i = 0; i < NOC_COUNTERS; i++)
            CHECK_EQ_U32(h_counter(&h, 0, a, i), h_counter(&h, 0, b, i));
        h_run(&h, h.now + 1);
    }
    CHECK_EQ_U32(d.calls, 1);
    h_destroy(&h);
}

int main(void)
{
    RUN(test_read);
    RUN(test_read_split);
    RUN(test_write_acked);
    RUN(test_write_split_acked);
    RUN(test_write_posted);
    RUN(test_write_inline);
    RUN(test_write_byte_enable);
    RUN(test_atomics);
    RUN(test_mcast_write);
    RUN(test_mcast_variants);
    RUN(test_full);
    RUN(test_malformed);
    RUN(test_chain_from_callback);
    RUN(test_same_as_command_buffer);
    return check_failures();
}
