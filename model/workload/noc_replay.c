// SPDX-License-Identifier: Apache-2.0
#include "model/workload/noc_replay.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/noc/noc_net.h"

BhStatus noc_replay_init(NocReplay *r, const NocReplayConfig *cfg, const NocTraceEvent *events,
                         const NocTraceStream *streams, uint32_t n_streams, uint64_t first_ts,
                         const NocTrafficIo *io, char *why, size_t why_len)
{
    memset(r, 0, sizeof *r);
    r->cfg = *cfg;
    r->io = *io;
    r->events = events;
    r->streams = streams;
    r->n_streams = n_streams;
    r->first_ts = first_ts;
    r->st = calloc(n_streams ? n_streams : 1, sizeof *r->st);
    if (!r->st)
        return BH_ERR_FULL;
    /* two transaction IDs per processor of a tile, in order of first appearance */
    for (uint32_t i = 0; i < n_streams; i++) {
        const NocTraceStream *t = &streams[i];
        uint32_t slot = 0;
        for (uint32_t j = 0; j < i; j++)
            slot += streams[j].x == t->x && streams[j].y == t->y;
        if (slot >= NOC_REPLAY_PROCS_PER_TILE) {
            snprintf(why, why_len,
                     "workload.trace: tile (%u,%u) has more than %d processors in the trace", t->x,
                     t->y, NOC_REPLAY_PROCS_PER_TILE);
            noc_replay_destroy(r);
            return BH_ERR_CONFIG;
        }
        NocReplayStream *s = &r->st[i];
        s->tid_rd = (uint8_t)(2 * slot);
        s->tid_wr = (uint8_t)(2 * slot + 1);
        s->next = t->first;
        s->end = t->first + t->count;
        s->ready_at = t->count ? events[t->first].timestamp - first_ts : 0;
        s->started_at = s->ready_at;
        s->finished = t->count == 0;
        r->finished += s->finished;
    }
    return BH_OK;
}

void noc_replay_destroy(NocReplay *r)
{
    free(r->st);
    r->st = NULL;
}

static uint32_t frame(const NocReplay *r, uint32_t noc, uint32_t x, uint32_t y)
{
    NocFrame f = {r->cfg.w, r->cfg.h, r->cfg.mirror_noc1};
    return noc_frame_node(&f, noc, y * r->cfg.w + x);
}

static uint32_t xy(const NocReplay *r, uint32_t node)
{
    return (node % r->cfg.w) | ((node / r->cfg.w) << 6);
}

/* Recorded address when it fits the memory, else the fallback buffer. */
static uint64_t pick_addr(const NocReplay *r, int recorded, uint64_t addr, uint32_t len, int dram,
                          uint64_t fallback)
{
    uint64_t size = dram ? (4ull << 30) : r->cfg.l1_bytes;
    if (recorded && addr + len <= size)
        return addr;
    if (dram)
        return 0;
    return len <= r->cfg.l1_span ? fallback : 0;
}

static BhStatus wr(NocReplay *r, uint32_t noc, uint32_t node, uint32_t buf, NocCmdReg reg,
                   uint32_t val, uint64_t tag)
{
    return r->io.write(r->io.ctx, noc, node, buf * NOC_CMD_BUF_STRIDE + noc_niu_reg_offset(reg),
                       val, tag);
}

static int issue(NocReplay *r, NocReplayStream *s, const NocTraceEvent *e, uint64_t now)
{
    uint32_t noc = e->noc == 1 ? 1 : 0, avail = 0;
    uint32_t me = frame(r, noc, e->src_x, e->src_y);
    if (r->io.read(r->io.ctx, noc, me, noc_niu_reg_offset(NOC_R_CMD_BUF_AVAIL), &avail) != BH_OK ||
        !(avail & 0xF)) {
        /* every command buffer busy: the kernel would spin on CMD_CTRL */
        s->wait = (NocWait){.kind = NOC_WAIT_CMD_BUF,
                            .noc = (uint8_t)noc,
                            .x = (uint8_t)e->src_x,
                            .y = (uint8_t)e->src_y,
                            .why = "a traced transfer"};
        return 0;
    }
    uint32_t buf = s->buf_rr;
    while (!(avail & (1u << buf)))
        buf = (buf + 1) % NOC_CMD_BUFS;
    s->buf_rr = (uint8_t)((buf + 1) % NOC_CMD_BUFS);

    uint32_t len = e->num_bytes, ctrl, tid = s->tid_wr, at_len = len, at_data = 0;
    uint32_t targ_hi, ret_hi;
    uint64_t targ, ret;
    int marked = !e->posted;
    int remote_dram = e->op != NOC_TR_WRITE_MCAST && r->cfg.is_dram &&
                      r->cfg.is_dram[e->dst_y * r->cfg.w + e->dst_x];
    uint64_t local = pick_addr(r, e->has_addr, e->src_addr, len, 0, r->cfg.l1_src_addr);
    uint64_t remote = pick_addr(r, e->has_addr, e->dst_addr, len, remote_dram, r->cfg.l1_dst_addr);
    switch (e->op) {
    case NOC_TR_READ:
        ctrl = NOC_CTRL_TYPE_RD;
        tid = s->tid_rd;
        targ = remote;
        targ_hi = xy(r, frame(r, noc, e->dst_x, e->dst_y));
        ret = local;
        ret_hi = xy(r, me);
        break;
    case NOC_TR_WRITE_MCAST: {
        uint32_t a = frame(r, noc, e->mcast_x0, e->mcast_y0);
        uint32_t b = frame(r, noc, e->mcast_x1, e->mcast_y1);
        if (noc == 1 && r->cfg.mirror_noc1) { /* the rotated frame swaps the corners */
            uint32_t t = a;
            a = b;
            b = t;
        }
        /* posted: hardware acknowledges a multicast once per receiver while counting it
         * once, so kernels track those acks in software; the replay uses the flush instead */
        ctrl = NOC_CTRL_TYPE_WR | NOC_CTRL_BRCST | NOC_CTRL_PATH_RESERVE;
        targ = local;
        targ_hi = xy(r, me);
        ret = pick_addr(r, e->has_addr, e->dst_addr, len, 0, r->cfg.l1_dst_addr);
        ret_hi = xy(r, b) | (xy(r, a) << 12);
        break;
    }
    case NOC_TR_ATOMIC:
        ctrl = NOC_CTRL_TYPE_AT | (marked ? NOC_CTRL_RESP_MARKED : 0);
        targ = remote & ~3ull;
        targ_hi = xy(r, frame(r, noc, e->dst_x, e->dst_y));
        ret = r->cfg.l1_src_addr;
        ret_hi = xy(r, me);
        at_len = (NOC_AT_OP_INCR << 12) | (31u << 2) | (uint32_t)((targ >> 2) & 3);
        at_data = 1;
        break;
    case NOC_TR_WRITE_INLINE:
        ctrl = NOC_CTRL_TYPE_WR | NOC_CTRL_WR_INLINE | (marked ? NOC_CTRL_RESP_MARKED : 0);
        targ = remote & ~3ull;
        targ_hi = xy(r, frame(r, noc, e->dst_x, e->dst_y));
        ret = 0;
        ret_hi = xy(r, me);
        at_len = 0; /* one 32-bit store */
        break;
    default: /* NOC_TR_WRITE */
        ctrl = NOC_CTRL_TYPE_WR | (marked ? NOC_CTRL_RESP_MARKED : 0);
        targ = local;
        targ_hi = xy(r, me);
        ret = remote;
        ret_hi = xy(r, frame(r, noc, e->dst_x, e->dst_y));
        break;
    }
    uint64_t tag = now;
    BhStatus st = wr(r, noc, me, buf, NOC_R_TARG_ADDR_LO, (uint32_t)targ, tag) |
                  wr(r, noc, me, buf, NOC_R_TARG_ADDR_MID, (uint32_t)(targ >> 32), tag) |
                  wr(r, noc, me, buf, NOC_R_TARG_ADDR_HI, targ_hi, tag) |
                  wr(r, noc, me, buf, NOC_R_RET_ADDR_LO, (uint32_t)ret, tag) |
                  wr(r, noc, me, buf, NOC_R_RET_ADDR_MID, (uint32_t)(ret >> 32), tag) |
                  wr(r, noc, me, buf, NOC_R_RET_ADDR_HI, ret_hi, tag) |
                  wr(r, noc, me, buf, NOC_R_PACKET_TAG, tid << NOC_TAG_TID_SHIFT, tag) |
                  wr(r, noc, me, buf, NOC_R_CTRL, ctrl, tag) |
                  wr(r, noc, me, buf, NOC_R_AT_LEN_BE, at_len, tag) |
                  wr(r, noc, me, buf, NOC_R_AT_DATA, at_data, tag) |
                  wr(r, noc, me, buf, NOC_R_CMD_CTRL, 1, tag);
    BH_ASSERT(st == BH_OK); /* the registers of a free buffer always take writes */
    r->stats[noc].transfers++;
    r->stats[noc].bytes += len;
    return 1;
}

static uint32_t counter(NocReplay *r, uint32_t noc, uint32_t node, uint32_t idx)
{
    uint32_t v = 0;
    r->io.read(r->io.ctx, noc, node, 0x200 + 4 * idx, &v);
    return v;
}

/* Does the barrier hold on the event's NoC (both if it does not say)? */
static int barrier_holds(NocReplay *r, NocReplayStream *s, const NocTraceEvent *e)
{
    for (uint32_t noc = 0; noc < NOC_TRAFFIC_NOCS; noc++) {
        if (e->noc != NOC_TRACE_NONE && e->noc != noc)
            continue;
        if (noc == 1 && !r->cfg.mirror_noc1)
            continue; /* generic grids have one NoC */
        uint32_t me = frame(r, noc, e->src_x, e->src_y);
        r->stats[noc].barrier_polls++;
        int reads = e->op == NOC_TR_READ_BARRIER || e->op == NOC_TR_FULL_BARRIER;
        int acked = e->op == NOC_TR_WRITE_BARRIER || e->op == NOC_TR_ATOMIC_BARRIER ||
                    e->op == NOC_TR_FULL_BARRIER;
        int flushed = e->op == NOC_TR_WRITE_FLUSH || e->op == NOC_TR_FULL_BARRIER;
        uint32_t polled[3] = {reads ? NOC_CNT_MST_REQS_OUTSTANDING_ID0 + s->tid_rd : 0,
                              acked ? NOC_CNT_MST_REQS_OUTSTANDING_ID0 + s->tid_wr : 0,
                              flushed ? NOC_CNT_MST_WRITE_REQS_OUTGOING_ID0 + s->tid_wr : 0};
        static const char *const what[3] = {"a read barrier", "a write or atomic barrier",
                                            "a write flush"};
        for (int k = 0; k < 3; k++) {
            uint32_t v = polled[k] ? counter(r, noc, me, polled[k]) : 0;
            if (!v)
                continue;
            s->wait = (NocWait){.kind = NOC_WAIT_BELOW,
                                .noc = (uint8_t)noc,
                                .x = (uint8_t)e->src_x,
                                .y = (uint8_t)e->src_y,
                                .counter = polled[k],
                                .id = k ? s->tid_wr : s->tid_rd,
                                .value = v,
                                .target = 1,
                                .why = what[k]};
            return 0;
        }
    }
    return 1;
}

/* Runs the stream's events that are due; returns the cycle it next needs a step. */
static uint64_t advance(NocReplay *r, NocReplayStream *s, uint64_t now)
{
    while (!s->finished && s->ready_at <= now) {
        const NocTraceEvent *e = &r->events[s->next];
        int done = 1;
        if (noc_trace_op_is_transfer(e->op))
            done = issue(r, s, e, now);
        else if (e->op >= NOC_TR_READ_BARRIER && e->op <= NOC_TR_FULL_BARRIER)
            done = barrier_holds(r, s, e);
        if (!done)
            return now + 1; /* poll, as the processor would */
        s->wait.kind = NOC_WAIT_NONE;
        if (++s->next == s->end) {
            s->finished = 1;
            s->finished_at = now;
            r->finished++;
            break;
        }
        const NocTraceEvent *n = &r->events[s->next];
        /* local work between events; the recorded length of a barrier is replaced by the
         * simulated wait, so its end marker adds nothing */
        s->ready_at = now + (n->op == NOC_TR_BARRIER_END ? 0 : n->timestamp - e->timestamp);
    }
    return s->finished ? BH_IDLE : BH_MAX(s->ready_at, now + 1);
}

uint64_t noc_replay_step(NocReplay *r, uint64_t now)
{
    uint64_t next = BH_IDLE;
    for (uint32_t i = 0; i < r->n_streams; i++) {
        uint64_t t = advance(r, &r->st[i], now);
        if (t < next)
            next = t;
    }
    return next;
}

void noc_replay_delivered(NocReplay *r, uint32_t noc, uint64_t tag, uint32_t flits, uint64_t now)
{
    (void)flits;
    if (tag != BH_IDLE && noc < NOC_TRAFFIC_NOCS)
        noc_latency_add(&r->stats[noc].latency, now - tag);
}

uint32_t noc_replay_describe_wait(const NocReplay *r, char *buf, size_t len)
{
    uint32_t n = 0;
    size_t used = 0;
    if (len)
        buf[0] = 0;
    for (uint32_t i = 0; i < r->n_streams; i++)
        if (!r->st[i].finished)
            noc_wait_list_add(&r->st[i].wait, buf, len, &used, &n);
    return n;
}

int noc_replay_idle(const NocReplay *r)
{
    return r->finished == r->n_streams;
}
