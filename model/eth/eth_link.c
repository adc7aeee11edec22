// SPDX-License-Identifier: Apache-2.0
/* The Ethernet link (eth_link.h): two serialisers, receive slots with credits, CRC-32. */
#include "model/eth/eth_link.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

EthLinkConfig eth_link_config_default(void)
{
    EthLinkConfig c;
#define ETH_LINK_X_DEFAULT(name, def, lo, hi, doc) c.name = (def);
    ETH_LINK_PARAMS(ETH_LINK_X_DEFAULT)
#undef ETH_LINK_X_DEFAULT
    return c;
}

/* a function, so that a bound of 0 draws no always-false warning */
static int out_of_range(uint32_t v, uint32_t lo, uint32_t hi)
{
    return v < lo || v > hi;
}

BhStatus eth_link_config_check(const EthLinkConfig *c, char *why, size_t len)
{
#define REJECT(...)                                                                                \
    do {                                                                                           \
        snprintf(why, len, __VA_ARGS__);                                                           \
        return BH_ERR_CONFIG;                                                                      \
    } while (0)
#define ETH_LINK_X_CHECK(name, def, lo, hi, doc)                                                   \
    if (out_of_range(c->name, (lo), (hi)))                                                         \
        REJECT("eth.link.%s: must be %u..%u, got %u", #name, (unsigned)(lo), (unsigned)(hi),       \
               c->name);
    ETH_LINK_PARAMS(ETH_LINK_X_CHECK)
#undef ETH_LINK_X_CHECK
    if (c->fcs_bytes != 0 && c->fcs_bytes != ETH_LINK_FCS_BYTES_CRC)
        REJECT("eth.link.fcs_bytes: must be 4 (the CRC-32) or 0, got %u", c->fcs_bytes);
    if (c->min_frame_bytes > c->max_frame_bytes + c->fcs_bytes)
        REJECT("eth.link.min_frame_bytes: must be <= max_frame_bytes + fcs_bytes (%u), got %u",
               c->max_frame_bytes + c->fcs_bytes, c->min_frame_bytes);
    return BH_OK;
#undef REJECT
}

void eth_link_reset(EthLink *l)
{
    for (int d = 0; d < 2; d++) {
        EthLinkDir *x = &l->dir[d];
        uint8_t *pool = x->pool;
        memset(x, 0, sizeof *x);
        x->pool = pool;
        for (uint32_t i = 0; i < l->cfg.rx_queue_frames; i++)
            x->free_slots[i] = l->cfg.rx_queue_frames - 1 - i; /* slot 0 popped first */
        x->n_free = l->cfg.rx_queue_frames;
    }
}

BhStatus eth_link_init(EthLink *l, const EthLinkConfig *c, char *why, size_t why_len)
{
    BhStatus st = eth_link_config_check(c, why, why_len);
    if (st != BH_OK)
        return st;
    memset(l, 0, sizeof *l);
    l->cfg = *c;
    /* ps per wire byte = 8 bits / (gbps x 10^9 per s) x 10^12 = 8000 / gbps */
    const uint64_t g = bh_gcd64(8000, c->gbps);
    l->ps_num = 8000 / g;
    l->ps_den = c->gbps / g;
    l->slot_bytes = c->max_frame_bytes + ETH_LINK_FCS_BYTES_CRC;
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t r = i;
        for (int b = 0; b < 8; b++)
            r = (r >> 1) ^ (0xEDB88320u & (0u - (r & 1u)));
        l->crc_table[i] = r;
    }
    for (int d = 0; d < 2; d++) {
        l->dir[d].pool = malloc((size_t)c->rx_queue_frames * l->slot_bytes);
        if (!l->dir[d].pool) {
            eth_link_free(l);
            snprintf(why, why_len, "eth.link.rx_queue_frames: cannot allocate %u x %u bytes",
                     c->rx_queue_frames, l->slot_bytes);
            return BH_ERR_CONFIG;
        }
    }
    eth_link_reset(l);
    return BH_OK;
}

void eth_link_free(EthLink *l)
{
    for (int d = 0; d < 2; d++) {
        free(l->dir[d].pool);
        l->dir[d].pool = NULL;
    }
}

uint32_t eth_link_crc32(const EthLink *l, const uint8_t *data, size_t len)
{
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < len; i++)
        crc = (crc >> 8) ^ l->crc_table[(crc ^ data[i]) & 0xFF];
    return crc ^ 0xFFFFFFFFu;
}

static uint32_t body_bytes(const EthLink *l, uint32_t len)
{
    return BH_MAX(len + l->cfg.fcs_bytes, l->cfg.min_frame_bytes);
}

uint32_t eth_link_wire_bytes(const EthLink *l, uint32_t len)
{
    return l->cfg.preamble_sfd_bytes + body_bytes(l, len) + l->cfg.ifg_bytes;
}

/* end of the k-th byte of dir's current busy period */
static uint64_t byte_end(const EthLink *l, const EthLinkDir *x, uint64_t k)
{
    return x->period_ps + (k * l->ps_num + l->ps_den - 1) / l->ps_den;
}

static uint8_t *slot_data(const EthLink *l, const EthLinkDir *x, uint32_t slot)
{
    return x->pool + (size_t)slot * l->slot_bytes;
}

static void credit_later(EthLinkDir *x, uint64_t at_ps)
{
    BH_ASSERT(x->n_credit_wait < ETH_LINK_SLOTS_MAX);
    x->credit_ps[x->n_credit_wait++] = at_ps;
}

static void free_slot(EthLink *l, EthLinkDir *x, uint32_t slot, uint64_t at_ps)
{
    BH_ASSERT(x->n_free < l->cfg.rx_queue_frames);
    x->free_slots[x->n_free++] = slot;
    credit_later(x, at_ps + l->cfg.latency_ps);
}

/* credits whose time has come are back at the sender */
static void collect_credits(EthLinkDir *x, uint64_t now)
{
    for (uint32_t i = 0; i < x->n_credit_wait;) {
        if (x->credit_ps[i] <= now) {
            BH_ASSERT(x->credits_out > 0);
            x->credits_out--;
            x->credit_ps[i] = x->credit_ps[--x->n_credit_wait];
        } else {
            i++;
        }
    }
}

/* frames that have reached the receiver by now: checked, then delivered or discarded */
static void arrive(EthLink *l, EthLinkDir *x, uint64_t now)
{
    while (x->fl_count && x->flight[x->fl_head].arrival_ps <= now) {
        const EthLinkFlight f = x->flight[x->fl_head];
        x->fl_head = (x->fl_head + 1) % ETH_LINK_SLOTS_MAX;
        x->fl_count--;
        if (f.drop) {
            free_slot(l, x, f.slot, f.arrival_ps);
            continue;
        }
        const uint8_t *p = slot_data(l, x, f.slot);
        uint32_t fcs;
        memcpy(&fcs, p + f.len, sizeof fcs);
        if (eth_link_crc32(l, p, f.len) != fcs) {
            x->crc_errors++;
            free_slot(l, x, f.slot, f.arrival_ps);
            continue;
        }
        BH_ASSERT(x->rd_count < ETH_LINK_SLOTS_MAX);
        x->ready[(x->rd_head + x->rd_count++) % ETH_LINK_SLOTS_MAX] = f;
        x->frames_delivered++;
    }
}

uint32_t eth_link_credits(EthLink *l, int side, uint64_t now_ps)
{
    EthLinkDir *x = &l->dir[side & 1];
    arrive(l, x, now_ps);
    collect_credits(x, now_ps);
    return l->cfg.rx_queue_frames - x->credits_out;
}

BhStatus eth_link_send(EthLink *l, int side, const uint8_t *frame, uint32_t len, uint64_t now_ps)
{
    const EthLinkConfig *c = &l->cfg;
    EthLinkDir *x = &l->dir[side & 1];
    if (len == 0 || len > c->max_frame_bytes)
        return BH_ERR_ACCESS;
    if (eth_link_credits(l, side, now_ps) == 0) {
        x->refusals++;
        return BH_ERR_FULL;
    }
    /* 1. a receive slot: the credit guarantees one (slots free before their credit returns) */
    BH_ASSERT(x->n_free > 0 && x->fl_count < ETH_LINK_SLOTS_MAX);
    const uint32_t slot = x->free_slots[--x->n_free];
    x->credits_out++;
    const uint32_t used = c->rx_queue_frames - x->n_free;
    x->max_rx_occupancy = BH_MAX(x->max_rx_occupancy, used);
    /* 2. the bytes and their CRC, then the faults */
    uint8_t *p = slot_data(l, x, slot);
    memcpy(p, frame, len);
    const uint32_t fcs = eth_link_crc32(l, p, len);
    memcpy(p + len, &fcs, sizeof fcs);
    const uint64_t n = ++x->next_seq; /* 1-based: the Nth frame */
    const uint8_t drop = c->drop_every && n % c->drop_every == 0;
    if (!drop && c->corrupt_every && n % c->corrupt_every == 0)
        p[len / 2] ^= 1u;
    /* 3. the wire: a new busy period if it was idle */
    const uint64_t start = BH_MAX(now_ps, x->free_ps);
    if (start > x->free_ps || x->frames_sent == 0) {
        x->period_ps = start;
        x->period_bytes = 0;
    }
    const uint64_t k0 = x->period_bytes;
    const uint32_t wire = eth_link_wire_bytes(l, len);
    const uint64_t last = byte_end(l, x, k0 + c->preamble_sfd_bytes + body_bytes(l, len));
    x->period_bytes += wire;
    x->free_ps = byte_end(l, x, x->period_bytes);
    x->busy_ps += x->free_ps - start;
    x->frames_sent++;
    x->bytes_sent += wire;
    if (drop)
        x->frames_dropped++;
    x->flight[(x->fl_head + x->fl_count++) % ETH_LINK_SLOTS_MAX] = (EthLinkFlight){
        .arrival_ps = last + c->latency_ps, .seq = n - 1, .len = len, .slot = slot, .drop = drop};
    return BH_OK;
}

uint64_t eth_link_wire_free_ps(const EthLink *l, int side)
{
    return l->dir[side & 1].free_ps;
}

int eth_link_recv(EthLink *l, int side_rx, uint64_t now_ps, EthFrame *out)
{
    EthLinkDir *x = &l->dir[(side_rx & 1) ^ 1];
    arrive(l, x, now_ps);
    if (!x->rd_count)
        return 0;
    const EthLinkFlight *f = &x->ready[x->rd_head];
    const uint8_t *p = slot_data(l, x, f->slot);
    out->data = p;
    out->len = f->len;
    memcpy(&out->fcs, p + f->len, sizeof out->fcs);
    out->arrival_ps = f->arrival_ps;
    out->seq = f->seq;
    x->head_seen = 1;
    return 1;
}

BhStatus eth_link_release(EthLink *l, int side_rx, uint64_t now_ps)
{
    EthLinkDir *x = &l->dir[(side_rx & 1) ^ 1];
    arrive(l, x, now_ps);
    if (!x->rd_count)
        return BH_ERR_ACCESS;
    const EthLinkFlight *f = &x->ready[x->rd_head];
    free_slot(l, x, f->slot, BH_MAX(now_ps, f->arrival_ps));
    x->rd_head = (x->rd_head + 1) % ETH_LINK_SLOTS_MAX;
    x->rd_count--;
    x->head_seen = 0;
    return BH_OK;
}

uint64_t eth_link_next_ps(EthLink *l, uint64_t now_ps)
{
    uint64_t t = BH_IDLE;
    for (int d = 0; d < 2; d++) {
        EthLinkDir *x = &l->dir[d];
        arrive(l, x, now_ps);
        collect_credits(x, now_ps);
        if (x->rd_count && !x->head_seen)
            t = BH_MIN(t, now_ps); /* there already */
        if (x->fl_count)
            t = BH_MIN(t, x->flight[x->fl_head].arrival_ps);
        for (uint32_t i = 0; i < x->n_credit_wait; i++)
            t = BH_MIN(t, x->credit_ps[i]);
    }
    return t;
}

#define ETH_DIR_ROW(field, key, kind, text) BH_STAT_ROW_(EthLinkDir, field, key, kind, text)
static const BhStat dir_rows[] = {ETH_LINK_DIR_STATS(ETH_DIR_ROW)};
#undef ETH_DIR_ROW
const BhStatTable eth_link_dir_stat_table = {"EthLinkDir", "eth.side0_to_side1, eth.side1_to_side0",
                                             dir_rows, BH_ARRAY_LEN(dir_rows)};
