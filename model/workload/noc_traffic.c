// SPDX-License-Identifier: Apache-2.0
#include "model/workload/noc_traffic.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/common/bh_rng.h"
#include "model/noc/noc_net.h"

/* ------------------------------------------------------------------ latency histogram */

void noc_latency_add(NocLatency *l, uint64_t v)
{
    l->count++;
    l->sum += v;
    if (v > l->max)
        l->max = v;
    if (v < NOC_LAT_EXACT) {
        l->exact[v]++;
        return;
    }
    /* 16 buckets per octave: octave o covers [4096 << o, 4096 << (o + 1)) */
    uint32_t o = 0;
    while ((uint64_t)NOC_LAT_EXACT << (o + 1) <= v && o < 31)
        o++;
    uint64_t lo = (uint64_t)NOC_LAT_EXACT << o;
    uint32_t sub = (uint32_t)(((v - lo) * 16) / lo);
    uint32_t b = o * 16 + BH_MIN(sub, 15u);
    l->log_bucket[BH_MIN(b, NOC_LAT_LOG_BUCKETS - 1u)]++;
}

uint64_t noc_latency_percentile(const NocLatency *l, double q)
{
    if (!l->count)
        return 0;
    uint64_t rank = (uint64_t)ceil(q * (double)l->count);
    if (rank < 1)
        rank = 1;
    uint64_t seen = 0;
    for (uint32_t v = 0; v < NOC_LAT_EXACT; v++) {
        seen += l->exact[v];
        if (seen >= rank)
            return v;
    }
    for (uint32_t b = 0; b < NOC_LAT_LOG_BUCKETS; b++) {
        seen += l->log_bucket[b];
        if (seen >= rank) { /* report the bucket's upper edge, capped by the maximum */
            uint64_t lo = (uint64_t)NOC_LAT_EXACT << (b / 16);
            uint64_t hi = lo + lo * (b % 16 + 1) / 16;
            return BH_MIN(hi, l->max);
        }
    }
    return l->max;
}

/* ------------------------------------------------------------------ waits */

size_t noc_wait_format(const NocWait *w, char *buf, size_t len)
{
    int n;
    char cnt[64];
    uint32_t per_id =
        w->counter >= NOC_CNT_MST_REQS_OUTSTANDING_ID0 && w->counter < NOC_CNT_SLV_ATOMIC_RESP_SENT;
    if (per_id)
        snprintf(cnt, sizeof cnt, "%s%u", noc_niu_counter_name(w->counter), w->id);
    else
        snprintf(cnt, sizeof cnt, "%s", noc_niu_counter_name(w->counter));
    switch (w->kind) {
    case NOC_WAIT_CMD_BUF:
        n = snprintf(buf, len, "NoC%u (%u,%u): waits for a free command buffer (%s)", w->noc, w->x,
                     w->y, w->why);
        break;
    case NOC_WAIT_BELOW:
        n = w->target == 1
                ? snprintf(buf, len, "NoC%u (%u,%u): polls %s = %u until it reads 0 (%s)", w->noc,
                           w->x, w->y, cnt, w->value, w->why)
                : snprintf(buf, len, "NoC%u (%u,%u): polls %s = %u until it falls below %u (%s)",
                           w->noc, w->x, w->y, cnt, w->value, w->target, w->why);
        break;
    case NOC_WAIT_REACH:
        n = snprintf(buf, len, "NoC%u (%u,%u): polls %s = %u until it reaches %u (%s)", w->noc,
                     w->x, w->y, cnt, w->value, w->target, w->why);
        break;
    default:
        n = snprintf(buf, len, "NoC%u (%u,%u): not waiting", w->noc, w->x, w->y);
        break;
    }
    return n < 0 ? 0 : (size_t)n;
}

void noc_wait_list_add(const NocWait *w, char *buf, size_t len, size_t *used, uint32_t *n)
{
    if (w->kind == NOC_WAIT_NONE)
        return;
    if ((*n)++ >= NOC_WAIT_LIST_SHOWN || *used + 1 >= len)
        return;
    *used += noc_wait_format(w, buf + *used, len - *used);
    *used = BH_MIN(*used, len - 1);
    if (*used + 1 < len) {
        buf[(*used)++] = '\n';
        buf[*used] = 0;
    }
}

/* ------------------------------------------------------------------ helpers */

static uint32_t in_frame(const NocTrafficConfig *c, uint32_t noc, uint32_t node)
{
    NocFrame f = {c->w, c->h, c->mirror_noc1};
    return noc_frame_node(&f, noc, node);
}

static void set_wait(const NocTraffic *t, NocTrafficSource *s, uint8_t kind, uint32_t counter,
                     uint32_t value, uint32_t target, const char *why)
{
    uint32_t node0 = in_frame(&t->cfg, s->noc, s->node); /* an involution */
    s->wait = (NocWait){.kind = kind,
                        .noc = (uint8_t)s->noc,
                        .x = (uint8_t)(node0 % t->cfg.w),
                        .y = (uint8_t)(node0 / t->cfg.w),
                        .counter = counter,
                        .id = NOC_TRAFFIC_TID,
                        .value = value,
                        .target = target,
                        .why = why};
}

static uint64_t next_gap(NocTraffic *t, NocTrafficSource *s)
{
    return bh_rng_gap(&s->rng, t->p_create);
}

BhStatus noc_traffic_config_check(const NocTrafficConfig *c, uint32_t n_injectors, char *why,
                                  size_t len)
{
#define REJECT(...)                                                                                \
    do {                                                                                           \
        snprintf(why, len, __VA_ARGS__);                                                           \
        return BH_ERR_CONFIG;                                                                      \
    } while (0)
    if (c->pattern == NOC_PAT_NONE)
        return BH_OK;
    if (!(c->rate >= 0.0 && c->rate <= 1.0))
        REJECT("workload.rate: must be 0..1 flits per node per cycle, got %g", c->rate);
    if (c->packet_bytes < 4 || c->packet_bytes > 512 * 1024)
        REJECT("workload.packet_bytes: must be 4..524288, got %u", c->packet_bytes);
    if (c->src_addr + c->packet_bytes > c->mem_bytes)
        REJECT("workload.src_addr: the %u-byte source buffer at 0x%llx does not fit in L1 "
               "(%llu bytes)",
               c->packet_bytes, (unsigned long long)c->src_addr, (unsigned long long)c->mem_bytes);
    if (c->dst_addr + c->packet_bytes > c->mem_bytes)
        REJECT("workload.dst_addr: the %u-byte destination buffer at 0x%llx does not fit in L1",
               c->packet_bytes, (unsigned long long)c->dst_addr);
    if (c->pattern == NOC_PAT_MULTICAST && (c->op == NOC_OP_READ || c->op == NOC_OP_ATOMIC))
        REJECT("workload.op: multicast carries writes (write or posted_write), got %s",
               c->op == NOC_OP_READ ? "read" : "atomic");
    if (c->pattern == NOC_PAT_MULTICAST && c->mcast_receivers == 0)
        REJECT("workload.multicast_rect: no tile in the rectangle receives the multicast");
    if (c->pattern != NOC_PAT_MULTICAST && n_injectors < 2 && c->pattern != NOC_PAT_GATHER)
        REJECT("workload.injectors: the pattern needs at least 2 injecting tiles, got %u",
               n_injectors);
    if (c->op == NOC_OP_ATOMIC && (c->dst_addr & 3))
        REJECT("workload.dst_addr: atomics need a 4-byte aligned address, got 0x%llx",
               (unsigned long long)c->dst_addr);
    if (c->queue_limit < 1 || c->queue_limit > NOC_TRAFFIC_QUEUE)
        REJECT("queue_limit: must be 1..%d, got %u", NOC_TRAFFIC_QUEUE, c->queue_limit);
    if (c->max_outstanding < 1 || c->max_outstanding > 255)
        REJECT("workload.max_outstanding: must be 1..255, got %u", c->max_outstanding);
    return BH_OK;
#undef REJECT
}

/* Fixed destinations of the permutation patterns on the injectors' logical grid. */
static uint32_t fixed_destination(const NocTraffic *t, uint32_t noc, uint32_t frame_node)
{
    const NocTrafficConfig *c = &t->cfg;
    if (c->pattern == NOC_PAT_GATHER)
        return in_frame(c, noc, c->target);
    if (c->pattern != NOC_PAT_TRANSPOSE && c->pattern != NOC_PAT_NEIGHBOUR)
        return NOC_TRAFFIC_NONE;
    uint8_t col_used[64] = {0}, row_used[64] = {0};
    for (uint32_t i = 0; i < t->n_injectors; i++) {
        uint32_t f = in_frame(c, noc, t->injectors[i]);
        col_used[f % c->w] = row_used[f / c->w] = 1;
    }
    int col_of[64], row_of[64], col_x[64], row_y[64], C = 0, R = 0;
    for (uint32_t x = 0; x < c->w; x++)
        col_of[x] = col_used[x] ? (col_x[C] = (int)x, C++) : -1;
    for (uint32_t y = 0; y < c->h; y++)
        row_of[y] = row_used[y] ? (row_y[R] = (int)y, R++) : -1;
    int col = col_of[frame_node % c->w], row = row_of[frame_node / c->w];
    int dc, dr;
    if (c->pattern == NOC_PAT_TRANSPOSE) {
        dc = row % C;
        dr = col % R;
    } else {
        dc = (col + 1) % C;
        dr = row;
    }
    uint32_t dst = (uint32_t)row_y[dr] * c->w + (uint32_t)col_x[dc];
    for (uint32_t i = 0; i < t->n_injectors; i++)
        if (in_frame(c, noc, t->injectors[i]) == dst)
            return dst == frame_node ? NOC_TRAFFIC_NONE : dst;
    return NOC_TRAFFIC_NONE;
}

BhStatus noc_traffic_init(NocTraffic *t, const NocTrafficConfig *cfg, const uint32_t *injectors,
                          uint32_t n_injectors, const NocTrafficIo *io)
{
    char why[256];
    memset(t, 0, sizeof *t);
    if (n_injectors > NOC_TRAFFIC_MAX_SOURCES ||
        noc_traffic_config_check(cfg, n_injectors, why, sizeof why) != BH_OK)
        return BH_ERR_CONFIG;
    t->cfg = *cfg;
    t->io = *io;
    t->n_injectors = n_injectors;
    memcpy(t->injectors, injectors, n_injectors * sizeof *injectors);
    uint32_t fb = cfg->flit_bytes;
    t->packets_per_transfer =
        (cfg->packet_bytes + cfg->max_packet_bytes - 1) / cfg->max_packet_bytes;
    t->flits_per_transfer =
        cfg->op == NOC_OP_ATOMIC ? 1 : t->packets_per_transfer + (cfg->packet_bytes + fb - 1) / fb;
    t->p_create = cfg->back_to_back ? 0.0 : cfg->rate / t->flits_per_transfer;
    if (cfg->pattern == NOC_PAT_NONE || (cfg->rate <= 0.0 && !cfg->back_to_back))
        return BH_OK;

    t->sources = calloc((size_t)n_injectors * NOC_TRAFFIC_NOCS, sizeof *t->sources);
    if (!t->sources)
        return BH_ERR_FULL;
    for (uint32_t noc = 0; noc < NOC_TRAFFIC_NOCS; noc++) {
        if (!(cfg->noc_mask & (1u << noc)))
            continue;
        for (uint32_t i = 0; i < n_injectors; i++) {
            uint32_t node0 = injectors[i];
            if (cfg->pattern == NOC_PAT_MULTICAST && node0 != cfg->mcast_src)
                continue;
            if (cfg->pattern == NOC_PAT_GATHER && node0 == cfg->target)
                continue;
            NocTrafficSource *s = &t->sources[t->n_sources];
            s->noc = noc;
            s->index = i;
            s->node = in_frame(cfg, noc, node0);
            s->fixed_dst = fixed_destination(t, noc, s->node);
            if ((cfg->pattern == NOC_PAT_TRANSPOSE || cfg->pattern == NOC_PAT_NEIGHBOUR) &&
                s->fixed_dst == NOC_TRAFFIC_NONE)
                continue; /* maps onto itself: does not inject */
            s->rng = cfg->seed ^ ((uint64_t)noc << 40) ^ ((uint64_t)node0 << 20) ^ 0x5DEECE66Dull;
            s->next_arrival = cfg->back_to_back ? 0 : next_gap(t, s) - 1;
            t->n_sources++;
        }
    }
    return BH_OK;
}

void noc_traffic_destroy(NocTraffic *t)
{
    free(t->sources);
    t->sources = NULL;
}

static uint32_t pick_destination(NocTraffic *t, NocTrafficSource *s)
{
    const NocTrafficConfig *c = &t->cfg;
    if (s->fixed_dst != NOC_TRAFFIC_NONE)
        return s->fixed_dst;
    if (c->pattern == NOC_PAT_HOTSPOT && bh_rng_uniform(&s->rng) <= c->hotspot_fraction) {
        uint32_t hot = in_frame(c, s->noc, c->target);
        if (hot != s->node)
            return hot;
    }
    /* uniform over the other injectors */
    uint32_t k = (uint32_t)(bh_rng_next(&s->rng) % (t->n_injectors - 1));
    if (k >= s->index)
        k++;
    return in_frame(c, s->noc, t->injectors[k]);
}

static BhStatus wr(NocTraffic *t, const NocTrafficSource *s, uint32_t buf, NocCmdReg r,
                   uint32_t val, uint64_t tag)
{
    BhStatus st = t->io.write(t->io.ctx, s->noc, s->node,
                              buf * NOC_CMD_BUF_STRIDE + noc_niu_reg_offset(r), val, tag);
    if (st != BH_OK)
        t->io_errors++;
    return st;
}

static uint32_t xy(const NocTrafficConfig *c, uint32_t node)
{
    return (node % c->w) | ((node / c->w) << 6);
}

/* Programs one free command buffer with the oldest queued transfer; 0 if it must wait. */
static int try_issue(NocTraffic *t, NocTrafficSource *s)
{
    const NocTrafficConfig *c = &t->cfg;
    uint32_t avail = 0;
    if (t->io.read(t->io.ctx, s->noc, s->node, noc_niu_reg_offset(NOC_R_CMD_BUF_AVAIL), &avail) !=
            BH_OK ||
        !(avail & 0xF)) {
        set_wait(t, s, NOC_WAIT_CMD_BUF, 0, 0, 0, "all four busy");
        return 0;
    }
    int mcast = c->pattern == NOC_PAT_MULTICAST;
    if (c->op != NOC_OP_POSTED_WRITE && !mcast) {
        uint32_t out = 0, cnt = NOC_CNT_MST_REQS_OUTSTANDING_ID0 + NOC_TRAFFIC_TID;
        t->io.read(t->io.ctx, s->noc, s->node, 0x200 + 4 * cnt, &out);
        if (out + t->packets_per_transfer > c->max_outstanding) {
            set_wait(t, s, NOC_WAIT_BELOW, cnt, out,
                     c->max_outstanding + 1 - t->packets_per_transfer,
                     "workload.max_outstanding transfers in flight");
            return 0;
        }
    }
    if (c->op == NOC_OP_WRITE && mcast) {
        /* Each receiver acknowledges an acknowledged multicast while the ID's outstanding
         * counter went up once per packet, so that counter wraps; a kernel counts the acks it
         * is owed and compares them with MST_WR_ACK_RECEIVED, and so does this core. */
        uint32_t got = 0, r = c->mcast_receivers;
        t->io.read(t->io.ctx, s->noc, s->node, 0x200 + 4 * NOC_CNT_MST_WR_ACK_RECEIVED, &got);
        uint32_t owed = s->acks_expected - got; /* both wrap at 2^32 */
        uint32_t in_flight = (owed + r - 1) / r;
        if (in_flight + t->packets_per_transfer > c->max_outstanding) {
            uint32_t may_owe = (c->max_outstanding - t->packets_per_transfer) * r;
            set_wait(t, s, NOC_WAIT_REACH, NOC_CNT_MST_WR_ACK_RECEIVED, got,
                     s->acks_expected - may_owe,
                     "acknowledgements of workload.max_outstanding multicasts, one per receiver");
            return 0;
        }
    }
    uint32_t buf = s->buf_rr;
    while (!(avail & (1u << buf)))
        buf = (buf + 1) % NOC_CMD_BUFS;
    s->buf_rr = (uint8_t)((buf + 1) % NOC_CMD_BUFS);

    uint64_t tag = s->queue[s->q_rd];
    uint32_t slots = (uint32_t)BH_MAX(1, (c->mem_bytes - c->dst_addr) / c->packet_bytes);
    uint32_t dst_addr = (uint32_t)(c->dst_addr + (uint64_t)(s->index % slots) * c->packet_bytes);
    uint32_t ctrl, targ_lo, targ_hi, ret_lo, ret_hi, len = c->packet_bytes, at_data = 0;
    uint32_t own = xy(c, s->node);
    if (c->pattern == NOC_PAT_MULTICAST) {
        uint32_t a = in_frame(c, s->noc, c->mcast_rect[1] * c->w + c->mcast_rect[0]);
        uint32_t b = in_frame(c, s->noc, c->mcast_rect[3] * c->w + c->mcast_rect[2]);
        if (s->noc == 1 && c->mirror_noc1) { /* corners swap in the rotated frame */
            uint32_t tmp = a;
            a = b;
            b = tmp;
        }
        ctrl = NOC_CTRL_TYPE_WR | NOC_CTRL_BRCST |
               (c->op == NOC_OP_WRITE ? NOC_CTRL_RESP_MARKED : 0) |
               (c->mcast_y_major ? NOC_CTRL_BRCST_XY : 0) |
               (c->mcast_reserve ? NOC_CTRL_PATH_RESERVE : 0) |
               (c->mcast_linked ? NOC_CTRL_VC_LINKED : 0) |
               (c->mcast_include_src ? NOC_CTRL_BRCST_SRC_INCLUDE : 0);
        targ_lo = (uint32_t)c->src_addr;
        targ_hi = own;
        ret_lo = (uint32_t)c->dst_addr;
        ret_hi = xy(c, b) | (xy(c, a) << 12);
    } else {
        uint32_t dst = pick_destination(t, s);
        switch (c->op) {
        case NOC_OP_READ:
            ctrl = NOC_CTRL_TYPE_RD;
            targ_lo = (uint32_t)c->src_addr;
            targ_hi = xy(c, dst);
            ret_lo = dst_addr;
            ret_hi = own;
            break;
        case NOC_OP_ATOMIC:
            ctrl = NOC_CTRL_TYPE_AT | NOC_CTRL_RESP_MARKED;
            targ_lo = (uint32_t)c->dst_addr;
            targ_hi = xy(c, dst);
            ret_lo = (uint32_t)c->src_addr;
            ret_hi = own;
            len = (NOC_AT_OP_INCR << 12) | (31u << 2) | (((uint32_t)c->dst_addr >> 2) & 3);
            at_data = 1;
            break;
        default:
            ctrl = NOC_CTRL_TYPE_WR | (c->op == NOC_OP_WRITE ? NOC_CTRL_RESP_MARKED : 0);
            targ_lo = (uint32_t)c->src_addr;
            targ_hi = own;
            ret_lo = dst_addr;
            ret_hi = xy(c, dst);
            break;
        }
    }
    if (wr(t, s, buf, NOC_R_TARG_ADDR_LO, targ_lo, tag) ||
        wr(t, s, buf, NOC_R_TARG_ADDR_MID, 0, tag) ||
        wr(t, s, buf, NOC_R_TARG_ADDR_HI, targ_hi, tag) ||
        wr(t, s, buf, NOC_R_RET_ADDR_LO, ret_lo, tag) ||
        wr(t, s, buf, NOC_R_RET_ADDR_MID, 0, tag) ||
        wr(t, s, buf, NOC_R_RET_ADDR_HI, ret_hi, tag) ||
        wr(t, s, buf, NOC_R_PACKET_TAG, NOC_TRAFFIC_TID << NOC_TAG_TID_SHIFT, tag) ||
        wr(t, s, buf, NOC_R_CTRL, ctrl, tag) || wr(t, s, buf, NOC_R_AT_LEN_BE, len, tag) ||
        wr(t, s, buf, NOC_R_AT_DATA, at_data, tag) || wr(t, s, buf, NOC_R_CMD_CTRL, 1, tag))
        return 0;
    if (c->op == NOC_OP_WRITE && c->pattern == NOC_PAT_MULTICAST)
        s->acks_expected += t->packets_per_transfer * c->mcast_receivers;
    s->wait.kind = NOC_WAIT_NONE;
    s->q_rd = (s->q_rd + 1) % NOC_TRAFFIC_QUEUE;
    s->q_n--;
    t->stats[s->noc].issued++;
    return 1;
}

uint64_t noc_traffic_step(NocTraffic *t, uint64_t now)
{
    const NocTrafficConfig *c = &t->cfg;
    uint64_t next = BH_IDLE;
    for (uint32_t i = 0; i < t->n_sources; i++) {
        NocTrafficSource *s = &t->sources[i];
        NocTrafficStats *st = &t->stats[s->noc];
        while (s->next_arrival <= now && s->next_arrival < c->stop) {
            if (s->q_n < c->queue_limit) {
                s->queue[(s->q_rd + s->q_n) % NOC_TRAFFIC_QUEUE] = s->next_arrival;
                s->q_n++;
                st->created++;
            } else {
                st->dropped++;
            }
            if (s->next_arrival >= c->warmup)
                st->offered_flits += t->flits_per_transfer;
            if (c->back_to_back) { /* the next one the cycle the queue empties */
                s->next_arrival = UINT64_MAX;
                break;
            }
            s->next_arrival += next_gap(t, s);
        }
        if (s->q_n && try_issue(t, s) && c->back_to_back && !s->q_n)
            s->next_arrival = now + 1;
        if (s->q_n)
            next = now + 1; /* waiting for a command buffer or the in-flight limit */
        else if (s->next_arrival < c->stop && s->next_arrival < next)
            next = s->next_arrival;
    }
    return next;
}

void noc_traffic_delivered(NocTraffic *t, uint32_t noc, uint64_t tag, uint32_t flits, uint64_t now)
{
    if (tag == BH_IDLE || noc >= NOC_TRAFFIC_NOCS)
        return;
    NocTrafficStats *st = &t->stats[noc];
    st->delivered++;
    if (now >= t->cfg.warmup && now < t->cfg.stop)
        st->accepted_flits += flits;
    if (tag >= t->cfg.warmup && tag < t->cfg.stop)
        noc_latency_add(&st->latency, now - tag);
}

uint32_t noc_traffic_describe_wait(const NocTraffic *t, char *buf, size_t len)
{
    uint32_t n = 0;
    size_t used = 0;
    if (len)
        buf[0] = 0;
    for (uint32_t i = 0; i < t->n_sources; i++)
        if (t->sources[i].q_n)
            noc_wait_list_add(&t->sources[i].wait, buf, len, &used, &n);
    return n;
}

int noc_traffic_idle(const NocTraffic *t, uint64_t now)
{
    for (uint32_t i = 0; i < t->n_sources; i++)
        if (t->sources[i].q_n || (t->sources[i].next_arrival < t->cfg.stop && now < t->cfg.stop))
            return 0;
    return 1;
}
