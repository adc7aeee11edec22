/* tests/unit/noc/noc_harness.h - a chip's worth of NoCs for unit tests, without SystemC:
 * plain byte arrays as tile memories, traffic wired straight to the NIU register functions
 * (the platform does the same through TLM). */
#ifndef BH_TEST_NOC_HARNESS_H
#define BH_TEST_NOC_HARNESS_H
#include <stdlib.h>
#include <string.h>
#include "model/chip/bh_grid.h"
#include "model/noc/noc_net.h"
#include "tests/test_log.h"
#include "model/workload/noc_traffic.h"

typedef struct HNode {
    struct Harness *h;
    uint32_t node0; /* NoC0 node index */
} HNode;

typedef struct Harness {
    NocNetConfig cfg[2];
    NocNet net[2];
    uint32_t nnocs, w, h, nodes;
    uint32_t mem_bytes;
    uint8_t *mem; /* nodes x mem_bytes */
    HNode ctx[BH_GRID_MAX_NODES];
    NocTraffic *traffic;
    uint64_t now;
    /* timed memory: every access takes timed_latency cycles; at most timed_cap in flight
     * per node */
    uint32_t timed_latency, timed_cap;
    uint32_t timed_every; /* > 1: accesses are taken only in cycles that are multiples of it */
    struct HReq {
        uint64_t done_at, token;
        uint32_t node0;
    } pend[4096];
    uint32_t npend, in_flight[BH_GRID_MAX_NODES];
    uint64_t timed_reads, timed_writes, timed_only; /* timed_only: writes with no byte enabled */
    struct HNoc {
        struct Harness *h;
        uint32_t noc;
    } dctx[2];
    uint64_t delivered[2];
} Harness;

static inline uint32_t h_frame(const Harness *h, uint32_t noc, uint32_t node0)
{
    if (noc == 0 || h->cfg[0].topology != BH_TOPO_BLACKHOLE)
        return node0;
    return (h->h - 1 - node0 / h->w) * h->w + (h->w - 1 - node0 % h->w);
}

static inline BhStatus h_read(void *ctx, uint64_t addr, void *buf, uint32_t len)
{
    HNode *c = ctx;
    if (addr + len > c->h->mem_bytes)
        return BH_ERR_ADDR;
    memcpy(buf, c->h->mem + (size_t)c->node0 * c->h->mem_bytes + addr, len);
    return BH_OK;
}

static inline BhStatus h_write(void *ctx, uint64_t addr, const void *buf, uint32_t len)
{
    HNode *c = ctx;
    if (addr + len > c->h->mem_bytes)
        return BH_ERR_ADDR;
    memcpy(c->h->mem + (size_t)c->node0 * c->h->mem_bytes + addr, buf, len);
    return BH_OK;
}

static inline BhStatus h_request(void *ctx, int is_write, uint64_t addr, uint32_t len,
                                 const void *wdata, const NocMemAccess *acc);

static inline uint8_t *h_mem(Harness *h, uint32_t node0, uint32_t addr)
{
    return h->mem + (size_t)node0 * h->mem_bytes + addr;
}

static inline void h_delivered(void *ctx, uint32_t node, uint64_t tag, uint32_t flits,
                               uint64_t now);

/* Blackhole (both NoCs) or a generic topology (one NoC); every node receives multicast. */
static inline void h_init(Harness *h, uint32_t topology, uint32_t w, uint32_t hh,
                          uint32_t mem_bytes)
{
    memset(h, 0, sizeof *h);
    h->w = w;
    h->h = hh;
    h->nodes = w * hh;
    h->mem_bytes = mem_bytes;
    h->mem = calloc(h->nodes, mem_bytes);
    h->nnocs = topology == BH_TOPO_BLACKHOLE ? 2 : 1;
    for (uint32_t k = 0; k < h->nnocs; k++) {
        NocNetConfig c = noc_net_config_default();
        c.topology = topology;
        c.w = w;
        c.h = hh;
        c.noc_id = k;
        c.y_first = k == 1;
        h->cfg[k] = c;
    }
    for (uint32_t i = 0; i < h->nodes; i++)
        h->ctx[i] = (HNode){h, i};
}

static inline void h_start(Harness *h)
{
    NocMemOps ops = {h_read, h_write, h_request};
    for (uint32_t k = 0; k < h->nnocs; k++) {
        if (noc_net_init(&h->net[k], &h->cfg[k], &ops, &test_log) != BH_OK)
            abort();
        for (uint32_t i = 0; i < h->nodes; i++)
            noc_net_set_node(&h->net[k], h_frame(h, k, i), &h->ctx[i], i, 1);
        h->dctx[k].h = h;
        h->dctx[k].noc = k;
        noc_net_set_delivery(&h->net[k], h_delivered, &h->dctx[k]);
    }
}

static inline void h_destroy(Harness *h)
{
    for (uint32_t k = 0; k < h->nnocs; k++)
        noc_net_destroy(&h->net[k]);
    free(h->mem);
}

static inline void h_delivered(void *ctx, uint32_t node, uint64_t tag, uint32_t flits, uint64_t now)
{
    struct HNoc *d = ctx;
    (void)node;
    d->h->delivered[d->noc]++;
    if (d->h->traffic)
        noc_traffic_delivered(d->h->traffic, d->noc, tag, flits, now);
}

/* Writes a 32-bit NIU register of NoC k at frame node `node`, as a core would. */
static inline BhStatus h_reg(Harness *h, uint32_t k, uint32_t node, uint32_t buf, NocCmdReg r,
                             uint32_t v)
{
    return noc_niu_mmio_write(&h->net[k], node, buf * NOC_CMD_BUF_STRIDE + noc_niu_reg_offset(r), v,
                              h->now);
}

static inline uint32_t h_rd(Harness *h, uint32_t k, uint32_t node, uint32_t off)
{
    uint32_t v = 0;
    noc_niu_mmio_read(&h->net[k], node, off, &v, 1);
    return v;
}

/* A workload's MMIO stores and loads (NocTrafficIo): straight into the NIU, tagging each
 * command with the workload's tag as the platform does. */
static inline BhStatus h_workload_write(void *ctx, uint32_t noc, uint32_t node, uint32_t off,
                                        uint32_t val, uint64_t tag)
{
    Harness *h = ctx;
    if (off % NOC_CMD_BUF_STRIDE == noc_niu_reg_offset(NOC_R_CMD_CTRL))
        noc_niu_tag_command(&h->net[noc], node, off / NOC_CMD_BUF_STRIDE, tag);
    return noc_niu_mmio_write(&h->net[noc], node, off, val, h->now);
}

static inline BhStatus h_workload_read(void *ctx, uint32_t noc, uint32_t node, uint32_t off,
                                       uint32_t *val)
{
    Harness *h = ctx;
    return noc_niu_mmio_read(&h->net[noc], node, off, val, 0);
}

static inline uint32_t h_counter(Harness *h, uint32_t k, uint32_t node, uint32_t idx)
{
    return h_rd(h, k, node, 0x200 + 4 * idx);
}

static inline BhStatus h_request(void *ctx, int is_write, uint64_t addr, uint32_t len,
                                 const void *wdata, const NocMemAccess *acc)
{
    const uint64_t token = acc->token;
    HNode *c = ctx;
    Harness *h = c->h;
    if (h->in_flight[c->node0] >= h->timed_cap || h->npend == 4096 ||
        (h->timed_every > 1 && h->now % h->timed_every))
        return BH_ERR_FULL;
    if (addr + len > h->mem_bytes)
        return BH_ERR_ADDR;
    if (acc->timing_only) {
        h->timed_only++;
    } else if (is_write) {
        memcpy(h->mem + (size_t)c->node0 * h->mem_bytes + addr, wdata, len);
        h->timed_writes++;
    } else {
        h->timed_reads++;
    }
    h->in_flight[c->node0]++;
    h->pend[h->npend++] = (struct HReq){h->now + h->timed_latency, token, c->node0};
    return BH_OK;
}

static inline uint32_t h_frame(const Harness *h, uint32_t noc, uint32_t node0);
static inline void h_complete_timed(Harness *h)
{
    for (uint32_t i = 0; i < h->npend;) {
        struct HReq r = h->pend[i];
        if (r.done_at > h->now) {
            i++;
            continue;
        }
        h->pend[i] = h->pend[--h->npend];
        h->in_flight[r.node0]--;
        uint32_t noc = (uint32_t)(r.token >> 32);
        noc_net_mem_done(&h->net[noc], h_frame(h, noc, r.node0), r.token);
    }
}

/* Steps every NoC one cycle at a time until `until` or until all are quiescent. */
static inline void h_run(Harness *h, uint64_t until)
{
    while (h->now < until) {
        h->now++;
        h_complete_timed(h);
        int busy = h->npend != 0;
        for (uint32_t k = 0; k < h->nnocs; k++) {
            noc_net_step(&h->net[k], h->now);
            busy |= !noc_net_quiescent(&h->net[k]);
        }
        if (!busy)
            return;
    }
}

static inline uint32_t h_xy(const Harness *h, uint32_t frame_node)
{
    return (frame_node % h->w) | ((frame_node / h->w) << 6);
}
#endif
