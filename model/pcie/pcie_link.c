// SPDX-License-Identifier: Apache-2.0
/* The host link (pcie_link.h): two serialisers, TLPs split by size, completions, ACK DLLPs. */
#include "model/pcie/pcie_link.h"
#include <stdio.h>
#include <string.h>

static int pow2(uint32_t v)
{
    return v && !(v & (v - 1));
}

PcieLinkConfig pcie_link_config_default(void)
{
    PcieLinkConfig c;
#define PCIE_LINK_X_DEFAULT(name, def, lo, hi, doc) c.name = (def);
    PCIE_LINK_PARAMS(PCIE_LINK_X_DEFAULT)
#undef PCIE_LINK_X_DEFAULT
    return c;
}

/* a function, so that a bound of 0 draws no always-false warning */
static int out_of_range(uint32_t v, uint32_t lo, uint32_t hi)
{
    return v < lo || v > hi;
}

BhStatus pcie_link_config_check(const PcieLinkConfig *c, char *why, size_t len)
{
#define REJECT(...)                                                                                \
    do {                                                                                           \
        snprintf(why, len, __VA_ARGS__);                                                           \
        return BH_ERR_CONFIG;                                                                      \
    } while (0)
#define PCIE_LINK_X_CHECK(name, def, lo, hi, doc)                                                  \
    if (out_of_range(c->name, (lo), (hi)))                                                         \
        REJECT("%s: must be %u..%u, got %u", #name, (unsigned)(lo), (unsigned)(hi), c->name);
    PCIE_LINK_PARAMS(PCIE_LINK_X_CHECK)
#undef PCIE_LINK_X_CHECK
    if (!pow2(c->lanes))
        REJECT("lanes: must be 1, 2, 4, 8 or 16, got %u", c->lanes);
    if (c->enc_block_bits < c->enc_data_bits)
        REJECT("enc_block_bits: must be at least enc_data_bits (%u), got %u", c->enc_data_bits,
               c->enc_block_bits);
    if (!pow2(c->mps_bytes))
        REJECT("mps_bytes: must be a power of two, got %u", c->mps_bytes);
    if (!pow2(c->mrrs_bytes))
        REJECT("mrrs_bytes: must be a power of two, got %u", c->mrrs_bytes);
    if (c->host_rcb_bytes != 64 && c->host_rcb_bytes != 128)
        REJECT("host_rcb_bytes: must be 64 or 128, got %u", c->host_rcb_bytes);
    if (!pow2(c->dev_cpl_bytes) || c->dev_cpl_bytes > c->mps_bytes)
        REJECT("dev_cpl_bytes: must be a power of two <= mps_bytes (%u), got %u", c->mps_bytes,
               c->dev_cpl_bytes);
    return BH_OK;
#undef REJECT
}

void pcie_link_reset(PcieLink *l)
{
    memset(l->side, 0, sizeof l->side);
    memset(l->streams, 0, sizeof l->streams);
    memset(l->stream_live, 0, sizeof l->stream_live);
    memset(l->ops, 0, sizeof l->ops);
    l->next_seq = 0;
    l->clock_ps = 0;
}

BhStatus pcie_link_init(PcieLink *l, const PcieLinkConfig *c, PcieLinkEventFn fn, void *ctx)
{
    char why[128];
    if (pcie_link_config_check(c, why, sizeof why) != BH_OK)
        return BH_ERR_CONFIG;
    memset(l, 0, sizeof *l);
    l->cfg = *c;
    /* ps per wire byte = 8 bits x block/data / lanes / (rate_mtps x 10^6 per s) x 10^12 */
    uint64_t num = 8ull * c->enc_block_bits * 1000000ull;
    uint64_t den = (uint64_t)c->lanes * c->enc_data_bits * c->rate_mtps;
    uint64_t g = bh_gcd64(num, den);
    l->ps_num = num / g;
    l->ps_den = den / g;
    l->on_event = fn;
    l->event_ctx = ctx;
    pcie_link_reset(l);
    return BH_OK;
}

uint32_t pcie_link_tlp_wire_bytes(const PcieLink *l, PcieTlpKind kind, uint64_t addr,
                                  uint32_t bytes)
{
    const PcieLinkConfig *c = &l->cfg;
    if (kind == PCIE_TLP_DLLP)
        return c->dllp_bytes;
    uint32_t hdr = 12, data = 0;
    if (kind != PCIE_TLP_CPLD && addr + bytes - 1 > 0xFFFFFFFFull)
        hdr = 16; /* 64-bit address: 4-dword header */
    if (kind != PCIE_TLP_MRD)
        data = (uint32_t)(((addr & 3) + bytes + 3) / 4 * 4); /* whole dwords */
    return c->framing_bytes + c->seq_bytes + hdr + data + c->ecrc_bytes + c->lcrc_bytes;
}

static PcieStream *new_stream(PcieLink *l, uint8_t kind, uint8_t dir, uint16_t op, uint64_t ready,
                              uint64_t addr, uint32_t left, uint32_t chunk)
{
    /* the lowest free record, as a scan of every record's used flag would find */
    for (uint32_t w = 0; w < PCIE_LINK_STREAM_WORDS; w++) {
        const uint64_t free = ~(l->stream_live[0][w] | l->stream_live[1][w]);
        if (!free)
            continue;
        const uint32_t i = 64 * w + (uint32_t)__builtin_ctzll(free);
        if (i >= PCIE_LINK_STREAMS_MAX)
            break;
        PcieStream *s = &l->streams[i];
        *s = (PcieStream){.ready_ps = ready,
                          .seq = l->next_seq++,
                          .addr = addr,
                          .left = left,
                          .chunk = chunk,
                          .op = op,
                          .used = 1,
                          .kind = kind,
                          .dir = dir};
        l->stream_live[dir][w] |= 1ull << (i % 64);
        return s;
    }
    BH_ASSERT(0); /* sized for every operation, every tag of both sides and two DLLP runs */
    return NULL;
}

/* The first stream of direction d at index `from` or above, -1 if none: the link visits the
 * used streams in index order, not all 578 records (most are free). */
static int next_live(const PcieLink *l, int d, int from)
{
    for (uint32_t w = (uint32_t)from / 64; w < PCIE_LINK_STREAM_WORDS; w++) {
        uint64_t m = l->stream_live[d][w];
        if (w == (uint32_t)from / 64)
            m &= ~0ull << (from % 64);
        if (m)
            return (int)(64 * w) + __builtin_ctzll(m);
    }
    return -1;
}

static BhStatus new_op(PcieLink *l, PcieDir dir, uint32_t bytes, int is_read, int autor,
                       uint64_t token, uint32_t *op, uint32_t *idx)
{
    if (bytes == 0)
        return BH_ERR_ACCESS;
    for (uint32_t i = 0; i < PCIE_LINK_OPS_MAX; i++) {
        if (l->ops[i].used)
            continue;
        l->ops[i] = (PcieOp){.token = token,
                             .bytes_due = bytes,
                             .used = 1,
                             .is_read = (uint8_t)is_read,
                             .dir = (uint8_t)dir,
                             .respond_auto = (uint8_t)autor};
        *idx = i;
        if (op)
            *op = i;
        return BH_OK;
    }
    return BH_ERR_FULL;
}

/* when a side's request made at now is ready at its transmitter */
static uint64_t tx_ready(const PcieLink *l, PcieDir dir, uint64_t now)
{
    return dir == PCIE_D2H ? now + l->cfg.niu_crossing_ps : now;
}

/* the split boundary of a paced operation: the pace's, within the link's own */
static uint32_t paced_chunk(uint32_t link_chunk, const PcieLinkPace *pace)
{
    return pace && pace->tlp_bytes && pace->tlp_bytes < link_chunk ? pace->tlp_bytes : link_chunk;
}

static void pace_stream(PcieStream *s, const PcieLinkPace *pace)
{
    if (pace) {
        s->gap_ps = pace->gap_ps;
        s->serial = pace->serial;
    }
}

BhStatus pcie_link_write_paced(PcieLink *l, PcieDir dir, uint64_t now_ps, uint64_t addr,
                               uint32_t bytes, const PcieLinkPace *pace, uint64_t token,
                               uint32_t *op)
{
    uint32_t i;
    BhStatus st = new_op(l, dir, bytes, 0, 0, token, op, &i);
    if (st == BH_OK)
        pace_stream(new_stream(l, PCIE_TLP_MWR, (uint8_t)dir, (uint16_t)i, tx_ready(l, dir, now_ps),
                               addr, bytes, paced_chunk(l->cfg.mps_bytes, pace)),
                    pace);
    return st;
}

BhStatus pcie_link_read_paced(PcieLink *l, PcieDir dir, uint64_t now_ps, uint64_t addr,
                              uint32_t bytes, int respond_auto, const PcieLinkPace *pace,
                              uint64_t token, uint32_t *op)
{
    uint32_t i;
    BhStatus st = new_op(l, dir, bytes, 1, respond_auto != 0, token, op, &i);
    if (st == BH_OK)
        pace_stream(new_stream(l, PCIE_TLP_MRD, (uint8_t)dir, (uint16_t)i, tx_ready(l, dir, now_ps),
                               addr, bytes, paced_chunk(l->cfg.mrrs_bytes, pace)),
                    pace);
    return st;
}

BhStatus pcie_link_write(PcieLink *l, PcieDir dir, uint64_t now_ps, uint64_t addr, uint32_t bytes,
                         uint64_t token, uint32_t *op)
{
    return pcie_link_write_paced(l, dir, now_ps, addr, bytes, NULL, token, op);
}

BhStatus pcie_link_read(PcieLink *l, PcieDir dir, uint64_t now_ps, uint64_t addr, uint32_t bytes,
                        int respond_auto, uint64_t token, uint32_t *op)
{
    return pcie_link_read_paced(l, dir, now_ps, addr, bytes, respond_auto, NULL, token, op);
}

/* completions for a request of op travelling `req_dir`, data ready at the completer at t */
static void add_completions(PcieLink *l, uint16_t op, PcieDir req_dir, uint64_t t, uint64_t addr,
                            uint32_t bytes)
{
    const PcieDir back = req_dir == PCIE_H2D ? PCIE_D2H : PCIE_H2D;
    const uint32_t chunk = back == PCIE_D2H ? l->cfg.dev_cpl_bytes : l->cfg.host_rcb_bytes;
    new_stream(l, PCIE_TLP_CPLD, (uint8_t)back, op, tx_ready(l, back, t), addr, bytes, chunk);
}

BhStatus pcie_link_respond(PcieLink *l, uint32_t op, uint64_t now_ps, uint64_t addr, uint32_t bytes)
{
    if (op >= PCIE_LINK_OPS_MAX || !l->ops[op].used || !l->ops[op].is_read ||
        l->ops[op].respond_auto || bytes == 0)
        return BH_ERR_ACCESS;
    add_completions(l, (uint16_t)op, (PcieDir)l->ops[op].dir, now_ps, addr, bytes);
    return BH_OK;
}

/* The stream direction d sends next and when it starts; BH_IDLE if none can. */
static uint64_t next_tx(const PcieLink *l, int d, int *which)
{
    const PcieLinkSide *s = &l->side[d];
    if (s->fl_count == PCIE_LINK_FLIGHT_MAX)
        return BH_IDLE; /* resumes when the receiver takes one */
    uint64_t min_ready = BH_IDLE;
    for (int i = next_live(l, d, 0); i >= 0; i = next_live(l, d, i + 1)) {
        const PcieStream *st = &l->streams[i];
        if (st->waiting || (st->kind == PCIE_TLP_MRD && s->tags_used >= l->cfg.read_tags))
            continue; /* resumes when a request is fully answered */
        if (st->ready_ps < min_ready)
            min_ready = st->ready_ps;
    }
    if (min_ready == BH_IDLE)
        return BH_IDLE;
    /* a stream unblocked by a tag or a flight slot freed at clock_ps starts no earlier */
    const uint64_t start = BH_MAX(BH_MAX(min_ready, s->free_ps), l->clock_ps);
    int best = -1;
    for (int i = next_live(l, d, 0); i >= 0; i = next_live(l, d, i + 1)) {
        const PcieStream *st = &l->streams[i];
        if (st->ready_ps > start || st->waiting)
            continue;
        if (st->kind == PCIE_TLP_MRD && s->tags_used >= l->cfg.read_tags)
            continue;
        if (best < 0) {
            best = i;
            continue;
        }
        const PcieStream *b = &l->streams[best];
        int st_dllp = st->kind == PCIE_TLP_DLLP, b_dllp = b->kind == PCIE_TLP_DLLP;
        if (st_dllp != b_dllp
                ? st_dllp
                : (st->ready_ps < b->ready_ps || (st->ready_ps == b->ready_ps && st->seq < b->seq)))
            best = i;
    }
    BH_ASSERT(best >= 0);
    *which = best;
    return start;
}

/* Serialise the next TLP / DLLP of stream `which` on direction d from `start`. */
static void transmit(PcieLink *l, int d, int which, uint64_t start)
{
    PcieLinkSide *s = &l->side[d];
    PcieStream *st = &l->streams[which];
    uint32_t n = 0;
    if (st->kind == PCIE_TLP_DLLP) {
        st->left--;
        s->dllps++;
    } else {
        n = (uint32_t)BH_MIN((uint64_t)st->left, st->chunk - st->addr % st->chunk);
        s->tlps++;
        if (st->kind != PCIE_TLP_MRD)
            s->payload_bytes += n;
        else
            s->tags_used++;
    }
    const uint32_t wire = pcie_link_tlp_wire_bytes(l, (PcieTlpKind)st->kind, st->addr, n);
    if (start > s->free_ps || s->period_bytes == 0) { /* the link was idle: a new busy period */
        s->period_ps = start;
        s->period_bytes = 0;
    }
    BH_ASSERT(s->period_bytes < UINT64_MAX / l->ps_num / 2);
    s->period_bytes += wire;
    s->wire_bytes += wire;
    s->free_ps = s->period_ps + (s->period_bytes * l->ps_num + l->ps_den - 1) / l->ps_den;
    if (st->kind != PCIE_TLP_DLLP) {
        PcieFlight *f = &s->flight[(s->fl_head + s->fl_count++) % PCIE_LINK_FLIGHT_MAX];
        *f = (PcieFlight){.dll_ps = s->free_ps + l->cfg.link_latency_ps,
                          .addr = st->addr,
                          .bytes = n,
                          .op = st->op,
                          .kind = st->kind,
                          .last = st->left == n};
        st->addr += n;
        st->left -= n;
        st->ready_ps += st->gap_ps; /* the requester's next TLP (a serial read: see receive) */
        st->waiting = st->serial;
    }
    if (st->left == 0) {
        st->used = 0;
        l->stream_live[d][which / 64] &= ~(1ull << (which % 64));
    }
}

static void queue_ack(PcieLink *l, int d, uint64_t t)
{
    for (int i = next_live(l, d, 0); i >= 0; i = next_live(l, d, i + 1)) {
        PcieStream *st = &l->streams[i];
        if (st->kind == PCIE_TLP_DLLP) {
            st->left++; /* joins the run already waiting (its ready time is earlier) */
            return;
        }
    }
    new_stream(l, PCIE_TLP_DLLP, (uint8_t)d, 0, t, 0, 1, 1);
}

/* A serial read of op (requests going direction d) has its request answered at t: its next
 * request is ready gap_ps after the data reached the requester. */
static void release_serial(PcieLink *l, int d, uint16_t op, uint64_t t)
{
    for (int i = next_live(l, d, 0); i >= 0; i = next_live(l, d, i + 1)) {
        PcieStream *st = &l->streams[i];
        if (st->op == op && st->kind == PCIE_TLP_MRD && st->waiting) {
            st->waiting = 0;
            st->ready_ps = t + st->gap_ps;
            return;
        }
    }
}

/* The TLP at the head of direction d's flight reaches the receiver's link layer. */
static void receive(PcieLink *l, int d)
{
    PcieLinkSide *s = &l->side[d];
    PcieFlight f = s->flight[s->fl_head];
    s->fl_head = (s->fl_head + 1) % PCIE_LINK_FLIGHT_MAX;
    s->fl_count--;
    if (l->cfg.ack_every_tlps && ++s->rx_since_ack == l->cfg.ack_every_tlps) {
        s->rx_since_ack = 0;
        queue_ack(l, !d, f.dll_ps);
    }
    PcieOp *op = &l->ops[f.op];
    PcieLinkEvent ev = {.token = op->token,
                        .time_ps = f.dll_ps + (d == PCIE_H2D ? l->cfg.niu_crossing_ps : 0),
                        .addr = f.addr,
                        .bytes = f.bytes,
                        .op = f.op,
                        .kind = f.kind,
                        .dir = (uint8_t)d};
    if (f.kind == PCIE_TLP_MRD) {
        if (op->respond_auto)
            add_completions(l, f.op, (PcieDir)d,
                            ev.time_ps + (d == PCIE_H2D ? l->cfg.dev_read_latency_ps
                                                        : l->cfg.host_read_latency_ps),
                            f.addr, f.bytes);
    } else {
        BH_ASSERT(op->used && op->bytes_due >= f.bytes);
        op->bytes_due -= f.bytes;
        ev.op_done = op->bytes_due == 0;
        if (f.kind == PCIE_TLP_CPLD && f.last) {
            BH_ASSERT(l->side[!d].tags_used > 0);
            l->side[!d].tags_used--; /* the request that travelled the other way is answered */
            release_serial(l, !d, f.op, ev.time_ps);
        }
    }
    if (ev.op_done)
        op->used = 0;
    if (l->on_event)
        l->on_event(l->event_ctx, &ev);
}

uint64_t pcie_link_step(PcieLink *l, uint64_t now_ps)
{
    for (;;) {
        /* 1. the earliest thing due: a TLP reaching a receiver, or one starting to go out */
        uint64_t t_rx[2], t_tx[2];
        int which[2] = {-1, -1};
        for (int d = 0; d < 2; d++) {
            const PcieLinkSide *s = &l->side[d];
            t_rx[d] = s->fl_count ? s->flight[s->fl_head].dll_ps : BH_IDLE;
            t_tx[d] = next_tx(l, d, &which[d]);
        }
        const uint64_t t = BH_MIN(BH_MIN(t_rx[0], t_rx[1]), BH_MIN(t_tx[0], t_tx[1]));
        if (t == BH_IDLE || t > now_ps)
            return t;
        /* 2. arrivals before departures at the same time: they may free tags or add ACKs */
        l->clock_ps = t;
        if (t_rx[0] == t)
            receive(l, 0);
        else if (t_rx[1] == t)
            receive(l, 1);
        else if (t_tx[0] == t)
            transmit(l, 0, which[0], t);
        else
            transmit(l, 1, which[1], t);
    }
}

#define PCIE_SIDE_ROW(field, key, kind, text) BH_STAT_ROW_(PcieLinkSide, field, key, kind, text)
static const BhStat side_rows[] = {PCIE_LINK_SIDE_STATS(PCIE_SIDE_ROW)};
#undef PCIE_SIDE_ROW
const BhStatTable pcie_link_side_stat_table = {
    "PcieLinkSide", "pcie.host_to_device, pcie.device_to_host", side_rows, BH_ARRAY_LEN(side_rows)};
