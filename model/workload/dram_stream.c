// SPDX-License-Identifier: Apache-2.0
#include "model/workload/dram_stream.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "model/common/bh_rng.h"
#include "model/noc/noc_net.h"

#define TID 2u /* the workload's transaction ID: its outstanding counter paces the core */

BhStatus dram_stream_config_check(const DramStreamConfig *c, uint32_t n_cores, char *why,
                                  size_t len)
{
#define REJECT(...)                                                                                \
    do {                                                                                           \
        snprintf(why, len, __VA_ARGS__);                                                           \
        return BH_ERR_CONFIG;                                                                      \
    } while (0)
    if (n_cores < 1 || n_cores > DRAM_STREAM_MAX_CORES)
        REJECT("workload.cores: must be 1..%d enabled Tensix cores, got %u", DRAM_STREAM_MAX_CORES,
               n_cores);
    if (c->banks < 1 || c->banks > DRAM_STREAM_MAX_BANKS)
        REJECT("workload.banks: must name 1..%d enabled controllers, got %u", DRAM_STREAM_MAX_BANKS,
               c->banks);
    if (c->page_bytes < 32 || c->page_bytes > 16384 || c->page_bytes % 32)
        REJECT("workload.page_bytes: must be a multiple of 32 in 32..16384, got %u", c->page_bytes);
    if (!(c->read_fraction >= 0.0 && c->read_fraction <= 1.0))
        REJECT("workload.read_fraction: must be 0..1, got %g", c->read_fraction);
    if (c->in_flight < 1 || c->in_flight > 255)
        REJECT("workload.in_flight: must be 1..255, got %u", c->in_flight);
    if (c->l1_addr + (uint64_t)c->in_flight * c->page_bytes > c->l1_bytes)
        REJECT("workload.in_flight: %u pages of %u bytes at L1 0x%llx do not fit in L1",
               c->in_flight, c->page_bytes, (unsigned long long)c->l1_addr);
    if (c->buffer_bytes < c->page_bytes)
        REJECT("workload.dram_buffer_bytes: must hold at least one page (%u bytes)", c->page_bytes);
    if (c->port < -1 || c->port > 2)
        REJECT("workload.dram_port: must be -1 (spread) or 0..2, got %d", c->port);
    if (c->open_loop && !(c->rate > 0.0 && c->rate <= 1.0))
        REJECT("workload.rate: open loop needs 0 < rate <= 1 flits per core per cycle, got %g",
               c->rate);
    return BH_OK;
#undef REJECT
}

static uint64_t gap(DramStream *d, DramStreamCore *c)
{
    return bh_rng_gap(&c->rng, d->p_create);
}

BhStatus dram_stream_init(DramStream *d, const DramStreamConfig *cfg, const uint32_t *cores,
                          uint32_t n_cores, const NocTrafficIo *io)
{
    char why[256];
    memset(d, 0, sizeof *d);
    if (dram_stream_config_check(cfg, n_cores, why, sizeof why) != BH_OK)
        return BH_ERR_CONFIG;
    d->cfg = *cfg;
    d->io = *io;
    d->n_cores = n_cores;
    d->pages = cfg->buffer_bytes / cfg->page_bytes * cfg->banks;
    d->p_create = cfg->rate / (1.0 + (cfg->page_bytes + 63) / 64);
    uint32_t nocs[2], n_nocs = 0;
    for (uint32_t k = 0; k < NOC_TRAFFIC_NOCS; k++)
        if (cfg->noc_mask & (1u << k))
            nocs[n_nocs++] = k;
    for (uint32_t i = 0; i < n_cores; i++) {
        DramStreamCore *c = &d->cores[i];
        c->node0 = cores[i];
        c->noc = nocs[i % n_nocs];
        c->index = i;
        c->next_page = i;
        c->rng = cfg->seed ^ ((uint64_t)cores[i] << 24) ^ 0xD1B54A32D192ED03ull;
        c->next_arrival = cfg->open_loop ? gap(d, c) - 1 : 0;
    }
    return BH_OK;
}

static uint32_t xy(const DramStreamConfig *c, uint32_t node)
{
    return (node % c->w) | ((node / c->w) << 6);
}

static BhStatus wr(DramStream *d, const DramStreamCore *c, uint32_t node, uint32_t buf, NocCmdReg r,
                   uint32_t val, uint64_t tag)
{
    return d->io.write(d->io.ctx, c->noc, node, buf * NOC_CMD_BUF_STRIDE + noc_niu_reg_offset(r),
                       val, tag);
}

/* Programs a free command buffer with the next page; 0 if the core must wait. */
static int issue(DramStream *d, DramStreamCore *c, uint64_t created)
{
    const DramStreamConfig *cfg = &d->cfg;
    NocFrame frame = {cfg->w, cfg->h, cfg->mirror_noc1};
    uint32_t me = noc_frame_node(&frame, c->noc, c->node0), avail = 0, out = 0;
    c->wait = (NocWait){.kind = NOC_WAIT_CMD_BUF,
                        .noc = (uint8_t)c->noc,
                        .x = (uint8_t)(c->node0 % cfg->w),
                        .y = (uint8_t)(c->node0 / cfg->w),
                        .counter = NOC_CNT_MST_REQS_OUTSTANDING_ID0 + TID,
                        .id = TID,
                        .target = cfg->in_flight,
                        .why = "all four busy"};
    if (d->io.read(d->io.ctx, c->noc, me, noc_niu_reg_offset(NOC_R_CMD_BUF_AVAIL), &avail) !=
            BH_OK ||
        !(avail & 0xF))
        return 0;
    d->io.read(d->io.ctx, c->noc, me, 0x200 + 4 * (NOC_CNT_MST_REQS_OUTSTANDING_ID0 + TID), &out);
    if (out >= cfg->in_flight) {
        c->wait.kind = NOC_WAIT_BELOW;
        c->wait.value = out;
        c->wait.why = "workload.in_flight requests outstanding";
        return 0;
    }
    c->wait.kind = NOC_WAIT_NONE;
    uint32_t buf = c->buf_rr;
    while (!(avail & (1u << buf)))
        buf = (buf + 1) % NOC_CMD_BUFS;
    c->buf_rr = (uint8_t)((buf + 1) % NOC_CMD_BUFS);

    uint64_t page = cfg->random ? bh_rng_next(&c->rng) % d->pages : c->next_page % d->pages;
    c->next_page += d->n_cores;
    uint32_t bank = (uint32_t)(page % cfg->banks);
    uint32_t port = cfg->port >= 0 ? (uint32_t)cfg->port : c->index % 3;
    uint32_t ep = noc_frame_node(&frame, c->noc, cfg->bank_node[bank][port]);
    uint64_t dram = cfg->dram_base + page / cfg->banks * cfg->page_bytes;
    uint32_t l1 = (uint32_t)(cfg->l1_addr + (uint64_t)c->slot * cfg->page_bytes);
    c->slot = (c->slot + 1) % cfg->in_flight;
    int read = bh_rng_uniform(&c->rng) <= cfg->read_fraction;
    uint64_t tag = created << 1 | (uint64_t)read;
    DramStreamStats *st = &d->stats[c->noc];
    BhStatus s;
    if (read) {
        s = wr(d, c, me, buf, NOC_R_TARG_ADDR_LO, (uint32_t)dram, tag) |
            wr(d, c, me, buf, NOC_R_TARG_ADDR_MID, (uint32_t)(dram >> 32), tag) |
            wr(d, c, me, buf, NOC_R_TARG_ADDR_HI, xy(cfg, ep), tag) |
            wr(d, c, me, buf, NOC_R_RET_ADDR_LO, l1, tag) |
            wr(d, c, me, buf, NOC_R_RET_ADDR_MID, 0, tag) |
            wr(d, c, me, buf, NOC_R_RET_ADDR_HI, xy(cfg, me), tag) |
            wr(d, c, me, buf, NOC_R_CTRL, NOC_CTRL_TYPE_RD, tag);
        st->reads++;
        st->bytes_read += cfg->page_bytes;
    } else {
        s = wr(d, c, me, buf, NOC_R_TARG_ADDR_LO, l1, tag) |
            wr(d, c, me, buf, NOC_R_TARG_ADDR_MID, 0, tag) |
            wr(d, c, me, buf, NOC_R_TARG_ADDR_HI, xy(cfg, me), tag) |
            wr(d, c, me, buf, NOC_R_RET_ADDR_LO, (uint32_t)dram, tag) |
            wr(d, c, me, buf, NOC_R_RET_ADDR_MID, (uint32_t)(dram >> 32), tag) |
            wr(d, c, me, buf, NOC_R_RET_ADDR_HI, xy(cfg, ep), tag) |
            wr(d, c, me, buf, NOC_R_CTRL, NOC_CTRL_TYPE_WR | NOC_CTRL_RESP_MARKED, tag);
        st->writes++;
        st->bytes_written += cfg->page_bytes;
    }
    s |= wr(d, c, me, buf, NOC_R_PACKET_TAG, TID << NOC_TAG_TID_SHIFT, tag) |
         wr(d, c, me, buf, NOC_R_AT_LEN_BE, cfg->page_bytes, tag) |
         wr(d, c, me, buf, NOC_R_CMD_CTRL, 1, tag);
    BH_ASSERT(s == BH_OK); /* the registers of a free buffer always take writes */
    return 1;
}

uint64_t dram_stream_step(DramStream *d, uint64_t now)
{
    const DramStreamConfig *cfg = &d->cfg;
    uint64_t next = BH_IDLE;
    for (uint32_t i = 0; i < d->n_cores; i++) {
        DramStreamCore *c = &d->cores[i];
        if (!cfg->open_loop) {
            if (now < cfg->stop) {
                issue(d, c, now);
                next = now + 1; /* a closed loop polls its counter every cycle */
            }
            continue;
        }
        while (c->next_arrival <= now && c->next_arrival < cfg->stop) {
            if (c->q_n < BH_ARRAY_LEN(c->queue))
                c->queue[(c->q_rd + c->q_n++) % BH_ARRAY_LEN(c->queue)] = c->next_arrival;
            else
                d->stats[c->noc].dropped++;
            c->next_arrival += gap(d, c);
        }
        if (c->q_n && issue(d, c, c->queue[c->q_rd])) {
            c->q_rd = (c->q_rd + 1) % (uint32_t)BH_ARRAY_LEN(c->queue);
            c->q_n--;
        }
        if (c->q_n)
            next = now + 1;
        else if (c->next_arrival < cfg->stop && c->next_arrival < next)
            next = c->next_arrival;
    }
    return next;
}

void dram_stream_delivered(DramStream *d, uint32_t noc, uint64_t tag, uint32_t flits, uint64_t now)
{
    if (tag == BH_IDLE || noc >= NOC_TRAFFIC_NOCS)
        return;
    DramStreamStats *st = &d->stats[noc];
    uint64_t created = tag >> 1;
    if (now >= d->cfg.warmup && now < d->cfg.stop) {
        st->done_flits += flits - 1;
        if (tag & 1) {
            st->window_reads++;
            st->window_read_flits += flits - 1;
        } else {
            st->window_writes++;
            st->window_write_flits += flits - 1;
        }
    }
    if (created >= d->cfg.warmup && created < d->cfg.stop)
        noc_latency_add(tag & 1 ? &st->read_latency : &st->write_latency, now - created);
}

uint32_t dram_stream_describe_wait(const DramStream *d, uint64_t now, char *buf, size_t len)
{
    uint32_t n = 0;
    size_t used = 0;
    if (len)
        buf[0] = 0;
    for (uint32_t i = 0; i < d->n_cores; i++) {
        const DramStreamCore *c = &d->cores[i];
        if (d->cfg.open_loop ? c->q_n != 0 : now < d->cfg.stop)
            noc_wait_list_add(&c->wait, buf, len, &used, &n);
    }
    return n;
}

int dram_stream_idle(const DramStream *d, uint64_t now)
{
    if (now < d->cfg.stop)
        return 0;
    for (uint32_t i = 0; i < d->n_cores; i++)
        if (d->cores[i].q_n)
            return 0;
    return 1;
}
