// SPDX-License-Identifier: Apache-2.0
/* The network end to end without SystemC: zero-load latency against the sum of the stage
 * latencies, data really moving (writes, reads, splits, multicast), flit conservation, and
 * saturated runs of every pattern that must drain completely (no deadlock).
 * BH_TEST_SAT_CYCLES overrides the 100k-cycle saturated runs (e.g. for sanitizer builds). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/check.h"
#include "tests/unit/noc/noc_harness.h"

#define MEM (128 * 1024)

static void fill_pattern(uint8_t *p, uint32_t len, uint32_t seed)
{
    for (uint32_t i = 0; i < len; i++)
        p[i] = (uint8_t)(seed * 131u + i * 7u + (i >> 8));
}

static int same_pattern(const uint8_t *p, uint32_t len, uint32_t seed)
{
    for (uint32_t i = 0; i < len; i++)
        if (p[i] != (uint8_t)(seed * 131u + i * 7u + (i >> 8)))
            return 0;
    return 1;
}

/* A write from node s to node d through command buffer 0 of NoC k (frame nodes). */
static void issue_write(Harness *h, uint32_t k, uint32_t s, uint32_t d, uint32_t src_addr,
                        uint32_t dst_addr, uint32_t len, int posted, uint64_t tag)
{
    noc_niu_tag_command(&h->net[k], s, 0, tag);
    CHECK_OK(h_reg(h, k, s, 0, NOC_R_TARG_ADDR_LO, src_addr));
    CHECK_OK(h_reg(h, k, s, 0, NOC_R_TARG_ADDR_HI, h_xy(h, s)));
    CHECK_OK(h_reg(h, k, s, 0, NOC_R_RET_ADDR_LO, dst_addr));
    CHECK_OK(h_reg(h, k, s, 0, NOC_R_RET_ADDR_HI, h_xy(h, d)));
    CHECK_OK(h_reg(h, k, s, 0, NOC_R_CTRL, NOC_CTRL_TYPE_WR | (posted ? 0 : NOC_CTRL_RESP_MARKED)));
    CHECK_OK(h_reg(h, k, s, 0, NOC_R_AT_LEN_BE, len));
    CHECK_OK(h_reg(h, k, s, 0, NOC_R_CMD_CTRL, 1));
}

static uint64_t last_delivery;
static void record(void *ctx, uint32_t node, uint64_t tag, uint32_t flits, uint64_t now)
{
    (void)ctx, (void)node, (void)tag, (void)flits;
    last_delivery = now;
}

/* Zero load: header eligible 1 cycle after the CMD_CTRL write, then NIU->router, one
 * router latency per hop, router->NIU, and one cycle per further flit. */
static void test_zero_load_latency(void)
{
    Harness h;
    h_init(&h, BH_TOPO_BLACKHOLE, 17, 12, MEM);
    /* each write follows the previous one's delivery, which may come sooner than the
     * command buffer's write interval: pace nothing here */
    h.cfg[0].write_request_interval_cycles = h.cfg[1].write_request_interval_cycles = 1;
    h_start(&h);
    const NocNetConfig *c = &h.cfg[0];
    for (uint32_t k = 0; k < 2; k++) {
        noc_net_set_delivery(&h.net[k], record, NULL);
        for (uint32_t hops = 0; hops <= 16 + 11; hops += 3) {
            uint32_t s = 2 * 17 + 1, dx = (1 + BH_MIN(hops, 16u)) % 17;
            uint32_t dy = (2 + (hops > 16 ? hops - 16 : 0)) % 12, d = dy * 17 + dx;
            for (uint32_t bytes = 64; bytes <= 4096; bytes *= 8) {
                uint64_t t0 = h.now;
                issue_write(&h, k, s, d, 0x100, 0x4000, bytes, 1, t0);
                h_run(&h, t0 + 100000);
                uint32_t flits = 1 + bytes / 64;
                uint64_t want = 1 + c->niu_to_router_cycles + hops * c->router_latency_cycles +
                                c->router_to_niu_cycles + (flits - 1);
                if (last_delivery - t0 != want)
                    fprintf(stderr, "  NoC%u %u hops %u bytes: %llu cycles, expected %llu\n", k,
                            hops, bytes, (unsigned long long)(last_delivery - t0),
                            (unsigned long long)want);
                CHECK_EQ_U64(last_delivery - t0, want);
            }
        }
    }
    h_destroy(&h);
}

static uint64_t deliveries[4];
static uint32_t n_deliveries;
static void record_all(void *ctx, uint32_t node, uint64_t tag, uint32_t flits, uint64_t now)
{
    (void)ctx, (void)node, (void)tag, (void)flits;
    if (n_deliveries < 4)
        deliveries[n_deliveries] = now;
    n_deliveries++;
}

/* Writes from a command buffer leave one per write_request_interval_cycles: the second of two
 * equal writes, issued the cycle its buffer is free again, lands exactly that much later. */
static void test_command_buffer_writes_paced(void)
{
    for (uint32_t gap = 1; gap <= 23; gap += 22) {
        Harness h;
        h_init(&h, BH_TOPO_BLACKHOLE, 17, 12, MEM);
        h.cfg[0].write_request_interval_cycles = gap;
        h_start(&h);
        noc_net_set_delivery(&h.net[0], record_all, NULL);
        n_deliveries = 0;
        const uint32_t s = 2 * 17 + 1, d = 2 * 17 + 3;
        issue_write(&h, 0, s, d, 0x100, 0x4000, 64, 1, 1);
        h_run(&h, h.now + 2); /* its first-hop VC: CMD_CTRL reads 0 again */
        issue_write(&h, 0, s, d, 0x100, 0x4000, 64, 1, 2);
        h_run(&h, h.now + 1000);
        CHECK_EQ_U32(n_deliveries, 2);
        CHECK_EQ_U64(deliveries[1] - deliveries[0], gap > 2 ? gap : 2);
        h_destroy(&h);
    }
}

static uint32_t last_node;
static void record_node(void *ctx, uint32_t node, uint64_t tag, uint32_t flits, uint64_t now)
{
    (void)ctx, (void)tag, (void)flits;
    last_node = node;
    last_delivery = now;
}

/* Every source/destination pair of both NoCs, through the simulated network: a one-flit
 * inline write lands at the right tile, with the right value, after exactly the latency of
 * the expected number of hops (X then Y on NoC0, Y then X on NoC1, flowing downstream). */
static void test_every_pair_reached(void)
{
    Harness h;
    h_init(&h, BH_TOPO_BLACKHOLE, 17, 12, 4096);
    h_start(&h);
    const NocNetConfig *c = &h.cfg[0];
    uint32_t bad = 0, pairs = 0;
    for (uint32_t k = 0; k < 2; k++) {
        noc_net_set_delivery(&h.net[k], record_node, NULL);
        for (uint32_t s = 0; s < h.nodes; s++)
            for (uint32_t d = 0; d < h.nodes; d++) {
                if (s == d)
                    continue;
                uint64_t t0 = h.now;
                h_reg(&h, k, s, 2, NOC_R_TARG_ADDR_LO, 0x100);
                h_reg(&h, k, s, 2, NOC_R_TARG_ADDR_HI, h_xy(&h, d));
                h_reg(&h, k, s, 2, NOC_R_AT_DATA, s * 4096 + d);
                h_reg(&h, k, s, 2, NOC_R_CTRL, NOC_CTRL_TYPE_WR | NOC_CTRL_WR_INLINE);
                h_reg(&h, k, s, 2, NOC_R_CMD_CTRL, 1);
                h_run(&h, t0 + 1000);
                uint32_t hops = (d % 17 + 17 - s % 17) % 17 + (d / 17 + 12 - s / 17) % 12;
                uint32_t got;
                memcpy(&got, h_mem(&h, h_frame(&h, k, d), 0x100), 4);
                bad += last_node != d || got != s * 4096 + d ||
                       last_delivery - t0 != 1 + c->niu_to_router_cycles +
                                                 hops * c->router_latency_cycles +
                                                 c->router_to_niu_cycles;
                pairs++;
            }
    }
    CHECK_EQ_U32(pairs, 2 * 204 * 203);
    CHECK_EQ_U32(bad, 0);
    h_destroy(&h);
}

static void test_write_read_and_split(void)
{
    Harness h;
    h_init(&h, BH_TOPO_BLACKHOLE, 17, 12, MEM);
    h_start(&h);
    uint32_t s = 3 * 17 + 4, d = 9 * 17 + 12, len = 40 * 1024;
    fill_pattern(h_mem(&h, s, 0), len, 7);
    /* 40 KiB: three packets (16 + 16 + 8 KiB), CMD_CTRL busy until the last is accepted */
    issue_write(&h, 0, s, d, 0, 0x2000, len, 0, 0);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_REQS_OUTSTANDING_ID0), 3);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_WRITE_REQS_OUTGOING_ID0), 3);
    h_run(&h, 2);
    CHECK_EQ_U32(h_rd(&h, 0, s, noc_niu_reg_offset(NOC_R_CMD_CTRL)), 1);
    h_run(&h, 100000);
    CHECK(same_pattern(h_mem(&h, d, 0x2000), len, 7));
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_NONPOSTED_WR_REQ_SENT), 3);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_NONPOSTED_WR_DATA_WORD_SENT), len / 64);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_WR_ACK_RECEIVED), 3);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_REQS_OUTSTANDING_ID0), 0);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_WRITE_REQS_OUTGOING_ID0), 0);
    CHECK_EQ_U32(h_counter(&h, 0, d, NOC_CNT_SLV_NONPOSTED_WR_REQ_RECEIVED), 3);
    CHECK_EQ_U32(h_counter(&h, 0, d, NOC_CNT_SLV_NONPOSTED_WR_DATA_WORD_RECEIVED), len / 64);
    CHECK_EQ_U32(h_rd(&h, 0, s, noc_niu_reg_offset(NOC_R_CMD_CTRL)), 0);

    /* read it back on NoC1 (frame coordinates) into another buffer of s */
    uint32_t s1 = h_frame(&h, 1, s), d1 = h_frame(&h, 1, d);
    CHECK_OK(h_reg(&h, 1, s1, 1, NOC_R_TARG_ADDR_LO, 0x2000));
    CHECK_OK(h_reg(&h, 1, s1, 1, NOC_R_TARG_ADDR_HI, h_xy(&h, d1)));
    CHECK_OK(h_reg(&h, 1, s1, 1, NOC_R_RET_ADDR_LO, 0x10000 - 0x1000 * 0 + 0));
    CHECK_OK(h_reg(&h, 1, s1, 1, NOC_R_RET_ADDR_HI, h_xy(&h, s1)));
    CHECK_OK(h_reg(&h, 1, s1, 1, NOC_R_PACKET_TAG, 5u << NOC_TAG_TID_SHIFT));
    CHECK_OK(h_reg(&h, 1, s1, 1, NOC_R_CTRL, NOC_CTRL_TYPE_RD));
    CHECK_OK(h_reg(&h, 1, s1, 1, NOC_R_AT_LEN_BE, len));
    CHECK_OK(h_reg(&h, 1, s1, 1, NOC_R_CMD_CTRL, 1));
    CHECK_EQ_U32(h_counter(&h, 1, s1, NOC_CNT_MST_REQS_OUTSTANDING_ID0 + 5), 3);
    h_run(&h, h.now + 100000);
    CHECK(same_pattern(h_mem(&h, s, 0x10000), len, 7));
    CHECK_EQ_U32(h_counter(&h, 1, s1, NOC_CNT_MST_RD_RESP_RECEIVED), 3);
    CHECK_EQ_U32(h_counter(&h, 1, s1, NOC_CNT_MST_RD_DATA_WORD_RECEIVED), len / 64);
    CHECK_EQ_U32(h_counter(&h, 1, s1, NOC_CNT_MST_REQS_OUTSTANDING_ID0 + 5), 0);
    CHECK_EQ_U32(h_counter(&h, 1, d1, NOC_CNT_SLV_RD_REQ_RECEIVED), 3);
    CHECK_EQ_U32(h_counter(&h, 1, d1, NOC_CNT_SLV_RD_DATA_WORD_SENT), len / 64);
    h_destroy(&h);
}

static void test_atomic_increment(void)
{
    Harness h;
    h_init(&h, BH_TOPO_BLACKHOLE, 17, 12, MEM);
    h_start(&h);
    uint32_t d = 6 * 17 + 6, addr = 0x300;
    uint32_t init = 41;
    memcpy(h_mem(&h, d, addr), &init, 4);
    const uint32_t senders[] = {2 * 17 + 1, 11 * 17 + 16, 5 * 17 + 10};
    for (uint32_t i = 0; i < 3; i++) {
        uint32_t s = senders[i];
        CHECK_OK(h_reg(&h, 0, s, 3, NOC_R_TARG_ADDR_LO, addr));
        CHECK_OK(h_reg(&h, 0, s, 3, NOC_R_TARG_ADDR_HI, h_xy(&h, d)));
        CHECK_OK(h_reg(&h, 0, s, 3, NOC_R_RET_ADDR_LO, 0x40));
        CHECK_OK(h_reg(&h, 0, s, 3, NOC_R_RET_ADDR_HI, h_xy(&h, s)));
        CHECK_OK(h_reg(&h, 0, s, 3, NOC_R_AT_LEN_BE,
                       (NOC_AT_OP_INCR << 12) | (31u << 2) | ((addr >> 2) & 3)));
        CHECK_OK(h_reg(&h, 0, s, 3, NOC_R_AT_DATA, 1));
        CHECK_OK(h_reg(&h, 0, s, 3, NOC_R_CTRL, NOC_CTRL_TYPE_AT | NOC_CTRL_RESP_MARKED));
        CHECK_OK(h_reg(&h, 0, s, 3, NOC_R_CMD_CTRL, 1));
        h_run(&h, h.now + 10000); /* one after the other: the old values are 41, 42, 43 */
        uint32_t old;
        memcpy(&old, h_mem(&h, s, 0x40), 4);
        CHECK_EQ_U32(old, init + i);
        CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_ATOMIC_RESP_RECEIVED), 1);
    }
    uint32_t v;
    memcpy(&v, h_mem(&h, d, addr), 4);
    CHECK_EQ_U32(v, init + 3);
    CHECK_EQ_U32(h_counter(&h, 0, d, NOC_CNT_SLV_NONPOSTED_ATOMIC_RECEIVED), 3);
    h_destroy(&h);
}

/* Multicast reaches exactly the Tensix tiles of its rectangle, on both NoCs and both axes. */
static void test_multicast_data(void)
{
    Harness h;
    h_init(&h, BH_TOPO_BLACKHOLE, 17, 12, MEM);
    h_start(&h);
    BhGrid *g = malloc(sizeof *g);
    BhGridConfig gc = bh_grid_config_default();
    CHECK_OK(bh_grid_init(g, &gc));
    for (uint32_t k = 0; k < 2; k++)
        for (uint32_t i = 0; i < h.nodes; i++)
            h.net[k].nius[h_frame(&h, k, i)].mcast_receiver = g->tiles[i].kind == BH_TILE_TENSIX;
    uint32_t seed = 1;
    for (uint32_t k = 0; k < 2; k++)
        for (uint32_t ym = 0; ym < 2; ym++)
            for (uint32_t reserve = 0; reserve < 2; reserve++, seed++) {
                memset(h.mem, 0, (size_t)h.nodes * MEM);
                uint32_t s0 = 4 * 17 + 5; /* sender in NoC0 coordinates, inside the rectangle */
                uint32_t x0 = 3, y0 = 2, x1 = 12, y1 = 9;
                fill_pattern(h_mem(&h, s0, 0x800), 3000, seed);
                uint32_t s = h_frame(&h, k, s0), a = h_frame(&h, k, y0 * 17 + x0),
                         b = h_frame(&h, k, y1 * 17 + x1);
                if (k == 1) { /* the rotated frame swaps the corners */
                    uint32_t t = a;
                    a = b;
                    b = t;
                }
                CHECK_OK(h_reg(&h, k, s, 0, NOC_R_TARG_ADDR_LO, 0x800));
                CHECK_OK(h_reg(&h, k, s, 0, NOC_R_TARG_ADDR_HI, h_xy(&h, s)));
                CHECK_OK(h_reg(&h, k, s, 0, NOC_R_RET_ADDR_LO, 0x4000));
                CHECK_OK(h_reg(&h, k, s, 0, NOC_R_RET_ADDR_HI, h_xy(&h, b) | (h_xy(&h, a) << 12)));
                CHECK_OK(h_reg(&h, k, s, 0, NOC_R_CTRL,
                               NOC_CTRL_TYPE_WR | NOC_CTRL_BRCST | NOC_CTRL_RESP_MARKED |
                                   (ym ? NOC_CTRL_BRCST_XY : 0) |
                                   (reserve ? NOC_CTRL_PATH_RESERVE : 0)));
                CHECK_OK(h_reg(&h, k, s, 0, NOC_R_AT_LEN_BE, 3000));
                uint32_t acks0 = h_counter(&h, k, s, NOC_CNT_MST_WR_ACK_RECEIVED);
                uint32_t out0 = h_counter(&h, k, s, NOC_CNT_MST_REQS_OUTSTANDING_ID0);
                CHECK_OK(h_reg(&h, k, s, 0, NOC_R_CMD_CTRL, 1));
                h_run(&h, h.now + 100000);
                uint32_t bad = 0, receivers = 0;
                for (uint32_t i = 0; i < h.nodes; i++) {
                    uint32_t x = i % 17, y = i / 17;
                    int want = g->tiles[i].kind == BH_TILE_TENSIX && x >= x0 && x <= x1 &&
                               y >= y0 && y <= y1 && i != s0;
                    receivers += (uint32_t)want;
                    int got = same_pattern(h_mem(&h, i, 0x4000), 3000, seed);
                    bad += (uint32_t)(want != got);
                }
                CHECK_EQ_U32(bad, 0);
                /* one OUTSTANDING increment, one decrement per acknowledgement (Counters.md) */
                CHECK_EQ_U32(h_counter(&h, k, s, NOC_CNT_MST_WR_ACK_RECEIVED) - acks0, receivers);
                CHECK_EQ_U32(h_counter(&h, k, s, NOC_CNT_MST_REQS_OUTSTANDING_ID0),
                             (out0 + 1 - receivers) & 0xFF);
                CHECK(noc_net_quiescent(&h.net[k]));
            }
    free(g);
    h_destroy(&h);
}

/* A router that never gets credits back stops the packet behind it: the network keeps the
 * packet, stops making progress, and can say where it is stuck (the platform's deadlock
 * report). */
static void test_blocked_network_is_described(void)
{
    Harness h;
    h_init(&h, BH_TOPO_BLACKHOLE, 17, 12, MEM);
    h_start(&h);
    uint32_t stuck = 2 * 17 + 3;
    memset(h.net[0].routers[stuck].out[NOC_PORT_XP].credits, 0,
           sizeof h.net[0].routers[stuck].out[NOC_PORT_XP].credits);
    issue_write(&h, 0, 2 * 17 + 1, 2 * 17 + 6, 0, 0x1000, 256, 1, 0);
    h_run(&h, 5000);
    CHECK(!noc_net_quiescent(&h.net[0]));
    CHECK(h.net[0].last_progress < 100);
    char buf[2048];
    noc_net_describe_blocked(&h.net[0], buf, sizeof buf);
    CHECK(strstr(buf, "router (3,2) input +x") != NULL);
    h_destroy(&h);
}

/* A timed memory (a DRAM endpoint): read data leaves as the memory delivers it, a write's
 * acknowledgement waits for the writes to complete, and a memory that takes only a few
 * accesses at a time paces the NIU (back-pressure, not loss). */
static void test_timed_memory_paces_the_niu(void)
{
    Harness h;
    h_init(&h, BH_TOPO_BLACKHOLE, 17, 12, MEM);
    h_start(&h);
    h.timed_latency = 50;
    h.timed_cap = 4;
    uint32_t s = 3 * 17 + 2, d = 11 * 17 + 0, len = 4096, flits = len / 64;
    noc_net_set_timed_memory(&h.net[0], d, 1);
    fill_pattern(h_mem(&h, d, 0x8000), len, 3);
    uint64_t t0 = h.now;
    CHECK_OK(h_reg(&h, 0, s, 1, NOC_R_TARG_ADDR_LO, 0x8000));
    CHECK_OK(h_reg(&h, 0, s, 1, NOC_R_TARG_ADDR_HI, h_xy(&h, d)));
    CHECK_OK(h_reg(&h, 0, s, 1, NOC_R_RET_ADDR_LO, 0x1000));
    CHECK_OK(h_reg(&h, 0, s, 1, NOC_R_RET_ADDR_HI, h_xy(&h, s)));
    CHECK_OK(h_reg(&h, 0, s, 1, NOC_R_CTRL, NOC_CTRL_TYPE_RD));
    CHECK_OK(h_reg(&h, 0, s, 1, NOC_R_AT_LEN_BE, len));
    CHECK_OK(h_reg(&h, 0, s, 1, NOC_R_CMD_CTRL, 1));
    h_run(&h, t0 + 100000);
    CHECK(same_pattern(h_mem(&h, s, 0x1000), len, 3));
    CHECK_EQ_U64(h.timed_reads, flits);
    /* 4 accesses per 50 cycles at most: the read cannot finish sooner */
    CHECK(h.now - t0 >= (uint64_t)flits / 4 * 50);
    CHECK_EQ_U32(h_counter(&h, 0, s, NOC_CNT_MST_RD_RESP_RECEIVED), 1);

    /* a non-posted write: data lands (delivery), the ack comes only after the writes */
    noc_net_set_delivery(&h.net[0], record_node, NULL);
    fill_pattern(h_mem(&h, s, 0x2000), len, 9);
    t0 = h.now;
    issue_write(&h, 0, s, d, 0x2000, 0xA000, len, 0, t0);
    uint64_t landed = 0;
    while (h_counter(&h, 0, s, NOC_CNT_MST_WR_ACK_RECEIVED) == 0 && h.now < t0 + 100000) {
        h_run(&h, h.now + 1);
        if (!landed && last_node == d)
            landed = h.now;
    }
    CHECK(landed > 0);
    CHECK(h.now >= landed + h.timed_latency); /* the last write completes, then the ack flies */
    CHECK(same_pattern(h_mem(&h, d, 0xA000), len, 9));
    CHECK_EQ_U64(h.timed_writes, flits);
    h_run(&h, h.now + 10000);
    CHECK(noc_net_quiescent(&h.net[0]));
    CHECK_EQ_U64(h.net[0].guest_errors, 0);
    h_destroy(&h);
}

/* noc.local_l1_timed: a sender whose own memory is timed reads each data flit of its write as
 * a timed access, and a flit leaves only once its read has completed. With every cycle free
 * the write arrives the memory's latency later than at zero load; when the memory takes an
 * access only every other cycle (another client holds the port in between), the NIU injects
 * at most one data flit per free cycle, so the write takes twice as long, and nothing is lost
 * or reordered. */
static void test_local_timed_reads_pace_the_sender(void)
{
    for (uint32_t every = 1; every <= 2; every++) {
        Harness h;
        h_init(&h, BH_TOPO_BLACKHOLE, 17, 12, MEM);
        h_start(&h);
        h.timed_latency = 6;
        h.timed_cap = 64;
        h.timed_every = every;
        const NocNetConfig *c = &h.cfg[0];
        uint32_t s = 2 * 17 + 1, d = 2 * 17 + 4, len = 4096, flits = len / 64, hops = 3;
        noc_net_set_timed_memory(&h.net[0], s, 1);
        noc_net_set_local_timed(&h.net[0], s, 1);
        noc_net_set_delivery(&h.net[0], record, NULL);
        fill_pattern(h_mem(&h, s, 0x2000), len, 5);
        const uint64_t t0 = h.now;
        issue_write(&h, 0, s, d, 0x2000, 0x6000, len, 1, t0);
        h_run(&h, t0 + 100000);
        CHECK(same_pattern(h_mem(&h, d, 0x6000), len, 5));
        CHECK_EQ_U64(h.timed_reads, flits);
        const uint64_t zero_load = 1 + c->niu_to_router_cycles + hops * c->router_latency_cycles +
                                   c->router_to_niu_cycles + flits;
        const uint64_t took = last_delivery - t0;
        if (every == 1) { /* reads pipelined one per cycle: only the first one's latency shows */
            CHECK(took >= zero_load + h.timed_latency - 1);
            CHECK(took <= zero_load + h.timed_latency + 2);
        } else { /* one read, so one flit, per two cycles */
            CHECK(took >= zero_load + (flits - 1));
            CHECK(took <= zero_load + (flits - 1) + h.timed_latency + 4);
        }
        CHECK(noc_net_quiescent(&h.net[0]));
        CHECK_EQ_U64(h.net[0].guest_errors, 0);
        h_destroy(&h);
    }
}

/* noc.local_l1_timed, the other half: read data landing in the requester's timed memory is
 * written as timed accesses; a flit the memory does not take waits in the ejection buffer, and
 * the read counts as received (NIU_MST_RD_RESP_RECEIVED) only once its last write has
 * completed. With a memory free every other cycle, the 64 flits land at most one per two
 * cycles. */
static void test_local_timed_read_lands_paced(void)
{
    Harness h;
    h_init(&h, BH_TOPO_BLACKHOLE, 17, 12, MEM);
    h_start(&h);
    h.timed_latency = 6;
    h.timed_cap = 64;
    h.timed_every = 2;
    uint32_t s = 2 * 17 + 1, d = 2 * 17 + 4, len = 4096, flits = len / 64;
    noc_net_set_timed_memory(&h.net[0], s, 1);
    noc_net_set_local_timed(&h.net[0], s, 1);
    fill_pattern(h_mem(&h, d, 0x3000), len, 8);
    const uint64_t t0 = h.now;
    CHECK_OK(h_reg(&h, 0, s, 1, NOC_R_TARG_ADDR_LO, 0x3000));
    CHECK_OK(h_reg(&h, 0, s, 1, NOC_R_TARG_ADDR_HI, h_xy(&h, d)));
    CHECK_OK(h_reg(&h, 0, s, 1, NOC_R_RET_ADDR_LO, 0x7000));
    CHECK_OK(h_reg(&h, 0, s, 1, NOC_R_RET_ADDR_HI, h_xy(&h, s)));
    CHECK_OK(h_reg(&h, 0, s, 1, NOC_R_CTRL, NOC_CTRL_TYPE_RD));
    CHECK_OK(h_reg(&h, 0, s, 1, NOC_R_AT_LEN_BE, len));
    CHECK_OK(h_reg(&h, 0, s, 1, NOC_R_CMD_CTRL, 1));
    uint64_t received = 0;
    while (!received && h.now < t0 + 100000) {
        h_run(&h, h.now + 1);
        if (h_counter(&h, 0, s, NOC_CNT_MST_RD_RESP_RECEIVED))
            received = h.now;
    }
    CHECK(received > 0);
    CHECK(same_pattern(h_mem(&h, s, 0x7000), len, 8)); /* every byte there when it counts */
    CHECK_EQ_U64(h.timed_writes, flits);
    CHECK(received - t0 >= 2 * (uint64_t)(flits - 1) + h.timed_latency);
    h_run(&h, h.now + 10000);
    CHECK(noc_net_quiescent(&h.net[0]));
    CHECK_EQ_U64(h.net[0].guest_errors, 0);
    h_destroy(&h);
}

/* Cycles from CMD_CTRL until counter `cnt` of s reaches 1, for an atomic increment (inline 0)
 * or a non-posted inline write (1) from s to d, both NIUs' memories timed with `local` as
 * noc.local_l1_timed; checks the bytes. */
static uint64_t gated_op(uint32_t local, int inline_wr, uint64_t *timed_only)
{
    Harness h;
    h_init(&h, BH_TOPO_BLACKHOLE, 17, 12, MEM);
    h_start(&h);
    h.timed_latency = 6;
    h.timed_cap = 64;
    uint32_t s = 2 * 17 + 1, d = 2 * 17 + 4, addr = 0x300, init = 41;
    for (uint32_t node = s; node <= d; node += d - s) {
        noc_net_set_timed_memory(&h.net[0], node, 1);
        noc_net_set_local_timed(&h.net[0], node, local);
    }
    memcpy(h_mem(&h, d, addr), &init, 4);
    const uint64_t t0 = h.now;
    CHECK_OK(h_reg(&h, 0, s, 3, NOC_R_TARG_ADDR_LO, addr));
    CHECK_OK(h_reg(&h, 0, s, 3, NOC_R_TARG_ADDR_HI, h_xy(&h, d)));
    CHECK_OK(h_reg(&h, 0, s, 3, NOC_R_RET_ADDR_LO, 0x40));
    CHECK_OK(h_reg(&h, 0, s, 3, NOC_R_RET_ADDR_HI, h_xy(&h, s)));
    if (inline_wr) {
        CHECK_OK(h_reg(&h, 0, s, 3, NOC_R_AT_DATA, 0xC0FFEE));
        CHECK_OK(h_reg(&h, 0, s, 3, NOC_R_CTRL,
                       NOC_CTRL_TYPE_WR | NOC_CTRL_WR_INLINE | NOC_CTRL_RESP_MARKED));
    } else {
        CHECK_OK(h_reg(&h, 0, s, 3, NOC_R_AT_LEN_BE,
                       (NOC_AT_OP_INCR << 12) | (31u << 2) | ((addr >> 2) & 3)));
        CHECK_OK(h_reg(&h, 0, s, 3, NOC_R_AT_DATA, 1));
        CHECK_OK(h_reg(&h, 0, s, 3, NOC_R_CTRL, NOC_CTRL_TYPE_AT | NOC_CTRL_RESP_MARKED));
    }
    CHECK_OK(h_reg(&h, 0, s, 3, NOC_R_CMD_CTRL, 1));
    const uint32_t cnt = inline_wr ? NOC_CNT_MST_WR_ACK_RECEIVED : NOC_CNT_MST_ATOMIC_RESP_RECEIVED;
    while (!h_counter(&h, 0, s, cnt) && h.now < t0 + 10000)
        h_run(&h, h.now + 1);
    const uint64_t took = h.now - t0;
    uint32_t v, old;
    memcpy(&v, h_mem(&h, d, addr), 4);
    CHECK_EQ_U32(v, inline_wr ? 0xC0FFEEu : init + 1);
    if (!inline_wr) {
        memcpy(&old, h_mem(&h, s, 0x40), 4);
        CHECK_EQ_U32(old, init);
    }
    *timed_only = h.timed_only;
    CHECK_EQ_U64(h.timed_reads + h.timed_writes, 0); /* no data flits */
    h_run(&h, h.now + 1000);
    CHECK(noc_net_quiescent(&h.net[0]));
    CHECK_EQ_U64(h.net[0].guest_errors, 0);
    h_destroy(&h);
    return took;
}

/* noc.local_l1_timed, the accesses an NIU applies itself: an atomic takes its L1 time at the
 * target before it acts (and its response leaves), its response takes the requester's L1 time
 * before it counts as received; an inline write takes the target's before its ack leaves.
 * Each is one timing-only access of the memory's latency, on top of the untimed figure. */
static void test_local_timed_atomics_and_inline_writes(void)
{
    const uint64_t lat = 6;
    uint64_t gates = 0;
    const uint64_t at_free = gated_op(0, 0, &gates);
    CHECK_EQ_U64(gates, 0);
    const uint64_t at_timed = gated_op(1, 0, &gates);
    CHECK_EQ_U64(gates, 2); /* at the target, then the response at the requester */
    printf("atomic: %llu cycles with free local L1, %llu timed\n", (unsigned long long)at_free,
           (unsigned long long)at_timed);
    CHECK(at_timed >= at_free + 2 * lat && at_timed <= at_free + 2 * (lat + 1));
    const uint64_t wr_free = gated_op(0, 1, &gates);
    CHECK_EQ_U64(gates, 0);
    const uint64_t wr_timed = gated_op(1, 1, &gates);
    CHECK_EQ_U64(gates, 1); /* the ack lands in no memory */
    printf("inline write: %llu cycles with free local L1, %llu timed\n",
           (unsigned long long)wr_free, (unsigned long long)wr_timed);
    CHECK(wr_timed >= wr_free + lat && wr_timed <= wr_free + lat + 1);
}

static uint64_t sat_cycles(void)
{
    const char *e = getenv("BH_TEST_SAT_CYCLES");
    return e ? strtoull(e, NULL, 0) : 100000;
}

/* Saturates both NoCs with one pattern, then stops injecting and requires a full drain:
 * every created transfer delivered, every packet freed, and flits conserved. */
static void saturate(uint32_t topology, uint32_t w, uint32_t hh, NocPattern pat, NocOp op,
                     double rate)
{
    Harness h;
    h_init(&h, topology, w, hh, MEM);
    h_start(&h);
    BhGrid *g = malloc(sizeof *g);
    BhGridConfig gc = bh_grid_config_default();
    gc.topology = topology;
    gc.width = w;
    gc.height = hh;
    CHECK_OK(bh_grid_init(g, &gc));
    uint32_t inj[BH_GRID_MAX_NODES], n = 0;
    for (uint32_t i = 0; i < h.nodes; i++)
        if (g->tiles[i].kind == BH_TILE_TENSIX || g->tiles[i].kind == BH_TILE_GENERIC)
            inj[n++] = i;
    for (uint32_t k = 0; k < h.nnocs; k++)
        for (uint32_t i = 0; i < h.nodes; i++)
            h.net[k].nius[h_frame(&h, k, i)].mcast_receiver =
                g->tiles[i].kind == BH_TILE_TENSIX || g->tiles[i].kind == BH_TILE_GENERIC;
    NocTrafficConfig tc = {
        .pattern = pat,
        .op = op,
        .rate = rate,
        .packet_bytes = 1024,
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
        .target = inj[n / 2],
        .hotspot_fraction = 0.3,
        .mcast_src = inj[3],
        .mcast_rect = {1, 2, (uint8_t)(w - 1), (uint8_t)(hh - 1)},
        .mcast_reserve = 1,
        .queue_limit = 4,
        .seed = 42,
        .warmup = sat_cycles() / 10,
        .stop = sat_cycles(),
    };
    for (uint32_t i = 0; i < n; i++) /* the rectangle holds every injector's row and column */
        tc.mcast_receivers += inj[i] != tc.mcast_src && inj[i] % w >= 1 && inj[i] / w >= 2;
    NocTraffic *t = malloc(sizeof *t);
    NocTrafficIo io = {h_workload_write, h_workload_read, &h};
    CHECK_OK(noc_traffic_init(t, &tc, inj, n, &io));
    h.traffic = t;
    uint64_t limit = tc.stop + 2000000;
    while (h.now < limit) {
        h.now++;
        noc_traffic_step(t, h.now);
        int busy = !noc_traffic_idle(t, h.now);
        for (uint32_t k = 0; k < h.nnocs; k++) {
            noc_net_step(&h.net[k], h.now);
            busy |= !noc_net_quiescent(&h.net[k]);
        }
        if (!busy)
            break;
    }
    uint64_t created = 0, issued = 0;
    for (uint32_t k = 0; k < h.nnocs; k++) {
        NocNet *net = &h.net[k];
        CHECK(noc_net_quiescent(net));
        CHECK_EQ_U64(net->flits_injected + net->flits_forked, net->flits_ejected + net->flits_sunk);
        CHECK_EQ_U64(net->packets_created, net->packets_freed);
        CHECK_EQ_U64(net->guest_errors, 0);
        created += t->stats[k].created;
        issued += t->stats[k].issued;
        if (pat != NOC_PAT_MULTICAST)
            CHECK_EQ_U64(t->stats[k].delivered, t->stats[k].created);
        if (pat == NOC_PAT_MULTICAST && op == NOC_OP_WRITE) {
            /* every receiver acknowledged every multicast; the ID's counter took the quirk */
            uint32_t src = h_frame(&h, k, tc.mcast_src);
            uint64_t sent = t->stats[k].issued;
            CHECK_EQ_U64(t->stats[k].delivered, sent * tc.mcast_receivers);
            CHECK_EQ_U32(h_counter(&h, k, src, NOC_CNT_MST_WR_ACK_RECEIVED),
                         (uint32_t)(sent * tc.mcast_receivers));
            CHECK_EQ_U32(h_counter(&h, k, src, NOC_CNT_MST_REQS_OUTSTANDING_ID0 + NOC_TRAFFIC_TID),
                         (uint32_t)(sent - sent * tc.mcast_receivers) & 0xFF);
        }
        CHECK(t->stats[k].accepted_flits > 0 || t->stats[k].created == 0);
    }
    CHECK(created > 0);
    CHECK_EQ_U64(created, issued);
    fprintf(stderr,
            "  pattern %d op %d: drained at cycle %llu, %llu transfers, NoC0 accepted "
            "%.3f flits/node/cycle\n",
            pat, op, (unsigned long long)h.now, (unsigned long long)created,
            (double)t->stats[0].accepted_flits / n / (double)(tc.stop - tc.warmup));
    noc_traffic_destroy(t);
    free(t);
    free(g);
    h_destroy(&h);
}

static void test_saturation_drains_every_pattern(void)
{
    saturate(BH_TOPO_BLACKHOLE, 17, 12, NOC_PAT_UNIFORM, NOC_OP_WRITE, 1.0);
    saturate(BH_TOPO_BLACKHOLE, 17, 12, NOC_PAT_TRANSPOSE, NOC_OP_POSTED_WRITE, 1.0);
    saturate(BH_TOPO_BLACKHOLE, 17, 12, NOC_PAT_HOTSPOT, NOC_OP_READ, 1.0);
    saturate(BH_TOPO_BLACKHOLE, 17, 12, NOC_PAT_NEIGHBOUR, NOC_OP_WRITE, 1.0);
    saturate(BH_TOPO_BLACKHOLE, 17, 12, NOC_PAT_GATHER, NOC_OP_ATOMIC, 1.0);
    saturate(BH_TOPO_BLACKHOLE, 17, 12, NOC_PAT_MULTICAST, NOC_OP_WRITE, 1.0);
    saturate(BH_TOPO_MESH, 8, 8, NOC_PAT_UNIFORM, NOC_OP_READ, 1.0);
    saturate(BH_TOPO_TORUS, 8, 8, NOC_PAT_UNIFORM, NOC_OP_WRITE, 1.0);
    saturate(BH_TOPO_UNITORUS, 8, 8, NOC_PAT_TRANSPOSE, NOC_OP_WRITE, 1.0);
}

/* Every NOC_PARAMS row is checked against its range, naming the field, and the defaults pass. */
static void test_config_check_ranges(void)
{
    char why[160];
    NocNetConfig d = noc_net_config_default(), c;
    CHECK_EQ_U32(noc_net_config_check(&d, why, sizeof why), BH_OK);
#define NOC_X_BAD(name, def, lo, hi, doc)                                                          \
    c = d;                                                                                         \
    c.name = (uint32_t)(lo)-1;                                                                     \
    CHECK_EQ_U32(noc_net_config_check(&c, why, sizeof why), BH_ERR_CONFIG);                        \
    CHECK(strncmp(why, #name ":", strlen(#name ":")) == 0);                                        \
    c.name = (uint32_t)(hi) + 1;                                                                   \
    CHECK_EQ_U32(noc_net_config_check(&c, why, sizeof why), BH_ERR_CONFIG);                        \
    CHECK(strncmp(why, #name ":", strlen(#name ":")) == 0);
    NOC_PARAMS(NOC_X_BAD)
#undef NOC_X_BAD
    c = d; /* across fields: 2 x (6 + 6 + 6) VCs > NOC_MAX_VCS */
    c.request_vcs = c.multicast_vcs = c.response_vcs = 6;
    CHECK_EQ_U32(noc_net_config_check(&c, why, sizeof why), BH_ERR_CONFIG);
    c = d;
    c.max_packet_bytes = 100; /* not a multiple of 64 */
    CHECK_EQ_U32(noc_net_config_check(&c, why, sizeof why), BH_ERR_CONFIG);
}

int main(void)
{
    RUN(test_config_check_ranges);
    RUN(test_zero_load_latency);
    RUN(test_command_buffer_writes_paced);
    RUN(test_every_pair_reached);
    RUN(test_write_read_and_split);
    RUN(test_atomic_increment);
    RUN(test_multicast_data);
    RUN(test_blocked_network_is_described);
    RUN(test_timed_memory_paces_the_niu);
    RUN(test_local_timed_reads_pace_the_sender);
    RUN(test_local_timed_read_lands_paced);
    RUN(test_local_timed_atomics_and_inline_writes);
    RUN(test_saturation_drains_every_pattern);
    return check_failures();
}
