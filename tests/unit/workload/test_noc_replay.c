// SPDX-License-Identifier: Apache-2.0
/* Trace replay without SystemC: recorded gaps become local work, barriers wait for the
 * network, data really moves, and two processors on one tile keep separate barriers. */
#include <stdlib.h>
#include "model/workload/noc_replay.h"
#include "tests/check.h"
#include "tests/unit/noc/noc_harness.h"

#define MEM (64 * 1024)

static NocTraceEvent ev(uint64_t ts, NocTraceOp op, uint8_t noc, uint8_t proc, uint8_t sx,
                        uint8_t sy, uint8_t dx, uint8_t dy, uint32_t bytes)
{
    NocTraceEvent e;
    memset(&e, 0, sizeof e);
    e.timestamp = ts;
    e.op = (uint8_t)op;
    e.noc = noc;
    e.proc = proc;
    e.src_x = sx;
    e.src_y = sy;
    e.dst_x = dx;
    e.dst_y = dy;
    e.num_bytes = bytes;
    e.trid = NOC_TRACE_NONE;
    return e;
}

static uint64_t run(Harness *h, NocReplay *r, uint64_t limit)
{
    while (h->now < limit) {
        h->now++;
        noc_replay_step(r, h->now);
        int busy = !noc_replay_idle(r);
        for (uint32_t k = 0; k < h->nnocs; k++) {
            noc_net_step(&h->net[k], h->now);
            busy |= !noc_net_quiescent(&h->net[k]);
        }
        if (!busy)
            break;
    }
    return h->now;
}

static void test_write_barrier_then_read_back(void)
{
    Harness h;
    h_init(&h, BH_TOPO_BLACKHOLE, 17, 12, MEM);
    h_start(&h);
    /* processor 0 of (1,2) writes 2 KiB to (5,5), waits for the ack, idles 1000 recorded
     * cycles, then reads it back on NoC1 into another buffer and waits for it */
    NocTraceEvent e[] = {
        ev(5000, NOC_TR_WRITE, 0, 0, 1, 2, 5, 5, 2048),
        ev(5010, NOC_TR_WRITE_BARRIER, 0, 0, 1, 2, 0xFF, 0xFF, 0),
        ev(9000, NOC_TR_BARRIER_END, 0, 0, 1, 2, 0xFF, 0xFF, 0),
        ev(10000, NOC_TR_READ, 1, 0, 1, 2, 5, 5, 2048),
        ev(10005, NOC_TR_READ_BARRIER, 1, 0, 1, 2, 0xFF, 0xFF, 0),
        ev(10500, NOC_TR_BARRIER_END, 1, 0, 1, 2, 0xFF, 0xFF, 0),
    };
    e[0].has_addr = e[3].has_addr = 1;
    e[0].src_addr = 0x1000;
    e[0].dst_addr = 0x4000;
    e[3].src_addr = 0x8000; /* a read's local address: where the data lands */
    e[3].dst_addr = 0x4000;
    NocTraceStream s = {1, 2, 0, 0, BH_ARRAY_LEN(e), 2};
    uint8_t is_dram[BH_GRID_MAX_NODES] = {0};
    NocReplayConfig cfg = {17, 12, 1, MEM, 0x100, 0x2000, 0x1000, is_dram};
    uint32_t src = 2 * 17 + 1, dst = 5 * 17 + 5;
    for (uint32_t i = 0; i < 2048; i++)
        h_mem(&h, src, 0x1000)[i] = (uint8_t)(i * 7 + 1);
    NocReplay r;
    NocTrafficIo io = {h_workload_write, h_workload_read, &h};
    char why[128];
    CHECK_OK(noc_replay_init(&r, &cfg, e, &s, 1, 4000, &io, why, sizeof why));
    run(&h, &r, 200000);
    CHECK(noc_replay_idle(&r));
    CHECK(!memcmp(h_mem(&h, dst, 0x4000), h_mem(&h, src, 0x1000), 2048));
    CHECK(!memcmp(h_mem(&h, src, 0x8000), h_mem(&h, src, 0x1000), 2048));
    /* starts at its recorded offset (1000); the write with its ack round trip, the recorded
     * 10 cycles before the barrier and the 1000 after its end, then the read */
    uint64_t w_hops = 4 + 3, ack_hops = (1 + 17 - 5) + (2 + 12 - 5);
    uint64_t write_done = 1000 + 1 + 5 + 9 * w_hops + 5 + 32 + 5 + 9 * ack_hops + 5;
    CHECK(r.st[0].started_at == 1000);
    CHECK(r.st[0].finished_at >= write_done + 1000);
    CHECK(r.st[0].finished_at < write_done + 1000 + 1000); /* the read is far shorter */
    CHECK_EQ_U64(r.stats[0].transfers, 1);
    CHECK_EQ_U64(r.stats[1].transfers, 1);
    noc_replay_destroy(&r);
    h_destroy(&h);
}

/* Two processors of one tile: one's barrier does not wait for the other's traffic. */
static void test_processors_keep_separate_barriers(void)
{
    Harness h;
    h_init(&h, BH_TOPO_BLACKHOLE, 17, 12, MEM);
    h_start(&h);
    NocTraceEvent e[] = {
        /* proc 0: a long write far away, then a barrier */
        ev(0, NOC_TR_WRITE, 0, 0, 3, 3, 2, 2, 16384),
        ev(1, NOC_TR_WRITE_BARRIER, 0, 0, 3, 3, 0xFF, 0xFF, 0),
        /* proc 1: a tiny write next door, then its barrier */
        ev(0, NOC_TR_WRITE, 0, 1, 3, 3, 4, 3, 64),
        ev(1, NOC_TR_WRITE_BARRIER, 0, 1, 3, 3, 0xFF, 0xFF, 0),
    };
    NocTraceStream s[] = {{3, 3, 0, 0, 2, 1}, {3, 3, 1, 2, 2, 1}};
    uint8_t is_dram[BH_GRID_MAX_NODES] = {0};
    NocReplayConfig cfg = {17, 12, 1, MEM, 0x100, 0x5000, 0x8000, is_dram};
    NocReplay r;
    NocTrafficIo io = {h_workload_write, h_workload_read, &h};
    char why[128];
    CHECK_OK(noc_replay_init(&r, &cfg, e, s, 2, 0, &io, why, sizeof why));
    run(&h, &r, 100000);
    CHECK(noc_replay_idle(&r));
    CHECK(r.st[1].finished_at + 200 < r.st[0].finished_at);
    noc_replay_destroy(&r);
    h_destroy(&h);
}

/* Guest misbehaviour: another core of the tile issues an acknowledged multicast with the
 * transaction ID the replayed processor's write barrier polls. Each receiver acknowledges it
 * and the ID's 8-bit counter wraps (one increment, one decrement per receiver), so the barrier
 * never holds while the network empties: the replay must say who polls what. */
static void test_barrier_on_a_shared_id_is_described(void)
{
    Harness h;
    h_init(&h, BH_TOPO_BLACKHOLE, 17, 12, MEM);
    h_start(&h);
    NocTraceEvent e[] = {
        ev(0, NOC_TR_WRITE, 0, 0, 1, 2, 5, 5, 64),
        ev(100, NOC_TR_WRITE_BARRIER, 0, 0, 1, 2, 0xFF, 0xFF, 0),
    };
    NocTraceStream st = {1, 2, 0, 0, BH_ARRAY_LEN(e), 1};
    uint8_t is_dram[BH_GRID_MAX_NODES] = {0};
    NocReplayConfig cfg = {17, 12, 1, MEM, 0x100, 0x2000, 0x1000, is_dram};
    NocReplay r;
    NocTrafficIo io = {h_workload_write, h_workload_read, &h};
    char why[128], what[1024];
    CHECK_OK(noc_replay_init(&r, &cfg, e, &st, 1, 0, &io, why, sizeof why));
    uint32_t me = 2 * 17 + 1, tid = r.st[0].tid_wr;
    /* the other core: buffer 3, a 3x1 rectangle of Tensix tiles, (3..5, 4) */
    CHECK_OK(h_reg(&h, 0, me, 3, NOC_R_TARG_ADDR_LO, 0x100));
    CHECK_OK(h_reg(&h, 0, me, 3, NOC_R_TARG_ADDR_HI, me % 17 | (me / 17) << 6));
    CHECK_OK(h_reg(&h, 0, me, 3, NOC_R_RET_ADDR_LO, 0x3000));
    CHECK_OK(h_reg(&h, 0, me, 3, NOC_R_RET_ADDR_HI, (5 | 4 << 6) | (3 | 4 << 6) << 12));
    CHECK_OK(h_reg(&h, 0, me, 3, NOC_R_PACKET_TAG, tid << NOC_TAG_TID_SHIFT));
    CHECK_OK(
        h_reg(&h, 0, me, 3, NOC_R_CTRL,
              NOC_CTRL_TYPE_WR | NOC_CTRL_BRCST | NOC_CTRL_RESP_MARKED | NOC_CTRL_PATH_RESERVE));
    CHECK_OK(h_reg(&h, 0, me, 3, NOC_R_AT_LEN_BE, 64));
    CHECK_OK(h_reg(&h, 0, me, 3, NOC_R_CMD_CTRL, 1));
    h_run(&h, 5000); /* acknowledged before the replay starts: the counter reads 1 - 3 */
    CHECK_EQ_U32(h_counter(&h, 0, me, NOC_CNT_MST_REQS_OUTSTANDING_ID0 + tid), 254);
    run(&h, &r, 30000);
    CHECK(!noc_replay_idle(&r));
    CHECK(noc_net_quiescent(&h.net[0]) && noc_net_quiescent(&h.net[1]));
    /* 1 (multicast) - 3 (acks) + 1 (the traced write) - 1 (its ack) */
    CHECK_EQ_U32(h_counter(&h, 0, me, NOC_CNT_MST_REQS_OUTSTANDING_ID0 + tid), 254);
    CHECK_EQ_U32(noc_replay_describe_wait(&r, what, sizeof what), 1);
    char want[160];
    snprintf(want, sizeof want,
             "NoC0 (1,2): polls MST_REQS_OUTSTANDING_ID%u = 254 until it reads 0 (a write or "
             "atomic barrier)\n",
             tid);
    CHECK(!strcmp(what, want));
    if (strcmp(what, want))
        fprintf(stderr, "  got:  %s  want: %s", what, want);
    noc_replay_destroy(&r);
    h_destroy(&h);
}

int main(void)
{
    RUN(test_write_barrier_then_read_back);
    RUN(test_processors_keep_separate_barriers);
    RUN(test_barrier_on_a_shared_id_is_described);
    return check_failures();
}
