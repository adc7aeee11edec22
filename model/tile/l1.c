// SPDX-License-Identifier: Apache-2.0
/* Tensix L1: configuration, reset, and functional (debug) access. Requests enter in l1_queue.c;
 * the per-cycle arbitration is l1_arb.c. */
#include "model/tile/l1.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/tile/l1_internal.h"

static const char *const client_name[L1_CLIENTS] = {
#define L1_X_NAME(name, str, ...) str,
    L1_CLIENT_TABLE(L1_X_NAME)
#undef L1_X_NAME
};

static const uint16_t client_default_ports[L1_CLIENTS][L1_CLIENT_PORTS_MAX] = {
#define L1_X_PORTS(name, str, ...) {__VA_ARGS__},
    L1_CLIENT_TABLE(L1_X_PORTS)
#undef L1_X_PORTS
};

static const char *const atomic_name[L1_AT_OPS] = {
#define L1_X_NAME(name, str, expr) str,
    L1_ATOMIC_OPS(L1_X_NAME)
#undef L1_X_NAME
};

const char *l1_client_name(uint32_t client)
{
    return client < L1_CLIENTS ? client_name[client] : "?";
}

const char *l1_atomic_name(uint32_t op)
{
    return op < L1_AT_OPS ? atomic_name[op] : "?";
}

L1Config l1_config_default(void)
{
    L1Config c;
    memset(&c, 0, sizeof c);
#define L1_X_DEFAULT(name, def, lo, hi, doc) c.name = (def);
    L1_PARAMS(L1_X_DEFAULT)
#undef L1_X_DEFAULT
    for (uint32_t k = 0; k < L1_CLIENTS; k++) {
        for (uint32_t s = 0; s < L1_CLIENT_PORTS_MAX && client_default_ports[k][s]; s++) {
            c.port_of_client[k][s] = (uint8_t)(client_default_ports[k][s] & 0xff);
            c.port_dir[k][s] = (uint8_t)(client_default_ports[k][s] >> 8 & 3);
            c.port_inner[k][s] = (uint8_t)(client_default_ports[k][s] >> 10 & 1);
            c.client_ports[k] = s + 1;
        }
    }
    return c;
}

/* WormholeB0/TensixTile/L1.md: 1464 KiB in 16 banks of 91.5 KiB, 16 ports, each NoC 2 write
 * + 2 read; everything else as the Blackhole preset, which is derived from this one (l1.h). */
L1Config l1_config_wormhole(void)
{
    L1Config c = l1_config_default();
    static const uint8_t noc_ports[2][4] = {{4, 5, 6, 7}, {12, 13, 14, 15}};
    c.size_bytes = 1464u * 1024;
    c.banks = 16;
    c.ports = 16;
    for (uint32_t n = 0; n < 2; n++) {
        uint32_t k = n ? L1_NOC1 : L1_NOC0;
        c.client_ports[k] = 4;
        for (uint32_t s = 0; s < 4; s++) {
            c.port_of_client[k][s] = noc_ports[n][s];
            c.port_dir[k][s] = s < 2 ? L1_DIR_WRITE : L1_DIR_READ;
        }
    }
    return c;
}

L1Config l1_config_preset(uint32_t preset)
{
    return preset == L1_PRESET_WORMHOLE ? l1_config_wormhole() : l1_config_default();
}

BhStatus l1_config_check(const L1Config *c, char *why, size_t len)
{
#define REJECT(...)                                                                                \
    do {                                                                                           \
        snprintf(why, len, __VA_ARGS__);                                                           \
        return BH_ERR_CONFIG;                                                                      \
    } while (0)
#define L1_X_CHECK(name, def, lo, hi, doc)                                                         \
    if (c->name < (uint32_t)(lo) || c->name > (uint32_t)(hi))                                      \
        REJECT("%s: must be %u..%u, got %u", #name, (unsigned)(lo), (unsigned)(hi), c->name);
    L1_PARAMS(L1_X_CHECK)
#undef L1_X_CHECK
    if (c->bank_width_bytes & (c->bank_width_bytes - 1))
        REJECT("bank_width_bytes: must be a power of two, got %u", c->bank_width_bytes);
    if (c->interleave_bytes % c->bank_width_bytes)
        REJECT("interleave_bytes: must be a multiple of bank_width_bytes (%u), got %u",
               c->bank_width_bytes, c->interleave_bytes);
    uint64_t stripe = (uint64_t)c->interleave_bytes * c->banks;
    if (c->size_bytes % stripe)
        REJECT("size_bytes: must be a multiple of interleave_bytes x banks (%llu), got %u",
               (unsigned long long)stripe, c->size_bytes);
    for (uint32_t k = 0; k < L1_CLIENTS; k++) {
        const char *nm = client_name[k];
        if (c->client_ports[k] < 1 || c->client_ports[k] > L1_CLIENT_PORTS_MAX)
            REJECT("client_ports.%s: must be 1..%d, got %u", nm, L1_CLIENT_PORTS_MAX,
                   c->client_ports[k]);
        for (uint32_t s = 0; s < c->client_ports[k]; s++) {
            uint32_t p = c->port_of_client[k][s], d = c->port_dir[k][s];
            if (p >= c->ports)
                REJECT("port_of_client.%s[%u]: must be below ports (%u), got %u", nm, s, c->ports,
                       p);
            if (d < 1 || d > (L1_DIR_READ | L1_DIR_WRITE))
                REJECT("port_dir.%s[%u]: must be 1 (read), 2 (write) or 3 (both), got %u", nm, s,
                       d);
            for (uint32_t t = 0; t < s; t++)
                if (c->port_of_client[k][t] == p)
                    REJECT("port_of_client.%s[%u]: port %u already listed at [%u]", nm, s, p, t);
        }
        /* every direction the client uses (its default ports') needs a port: a NoC reads and
         * writes, an unpacker only reads, the packer only writes */
        uint32_t has = 0, needs = 0;
        for (uint32_t s = 0; s < c->client_ports[k]; s++)
            has |= c->port_dir[k][s];
        for (uint32_t s = 0; s < L1_CLIENT_PORTS_MAX && client_default_ports[k][s]; s++)
            needs |= client_default_ports[k][s] >> 8 & 3;
        if (needs & ~has)
            REJECT("port_dir.%s: no port of %s can %s L1, which it does (l1.port_map)", nm, nm,
                   needs & ~has & L1_DIR_WRITE ? "write" : "read");
    }
    return BH_OK;
#undef REJECT
}

static void build_ports(L1 *l)
{
    memset(l->port, 0, sizeof l->port);
    for (uint32_t i = 0; i < L1_PORTS_MAX; i++)
        l->port[i].first_in = L1_NO_INNER;
    memset(l->fifo_ports, 0, sizeof l->fifo_ports);
    memset(l->client_dirs, 0, sizeof l->client_dirs);
    memset(l->client_port_mask, 0, sizeof l->client_port_mask);
    l->held_ports = 0;
    for (uint32_t k = 0; k < L1_CLIENTS; k++)
        for (uint32_t s = 0; s < l->cfg.client_ports[k]; s++) {
            L1Port *p = &l->port[l->cfg.port_of_client[k][s]];
            p->attach_client[p->nattach] = (uint8_t)k;
            p->attach_slot[p->nattach] = (uint8_t)s;
            p->attach_dirs[p->nattach] = l->cfg.port_dir[k][s];
            p->attach_inner[p->nattach] = l->cfg.port_inner[k][s] ? 1 : 0;
            if (l->cfg.port_inner[k][s] && p->first_in == L1_NO_INNER)
                p->first_in = p->nattach;
            p->attach_fifos |= (uint32_t)l->cfg.port_dir[k][s] << (2 * k);
            p->nattach++;
            l->client_dirs[k] |= l->cfg.port_dir[k][s];
            l->client_port_mask[k] |= 1u << l->cfg.port_of_client[k][s];
            for (uint32_t d = 0; d < 2; d++)
                if (l->cfg.port_dir[k][s] >> d & 1)
                    l->fifo_ports[2 * k + d] |= 1u << l->cfg.port_of_client[k][s];
        }
    for (uint32_t k = 0; k < L1_CLIENTS; k++)
        for (uint32_t d = 0; d < 2; d++) {
            const uint32_t n = (uint32_t)__builtin_popcount(l->fifo_ports[2 * k + d]);
            l->q_cap[k][d] = BH_MIN(l->cfg.queue_depth * n, (uint32_t)L1_QUEUE_MAX);
        }
    for (uint32_t i = 0; i < L1_PORTS_MAX; i++) {
        l->port[i].head = L1_NONE;
        l->port[i].rr = (uint8_t)(l->port[i].nattach ? l->port[i].nattach - 1 : 0);
        l->port[i].rr_in = l->port[i].rr;
    }
}

BhStatus l1_init(L1 *l, const L1Config *cfg, BhLogContext *log)
{
    char why[256];
    memset(l, 0, sizeof *l);
    if (l1_config_check(cfg, why, sizeof why) != BH_OK)
        return BH_ERR_CONFIG;
    l->cfg = *cfg;
    l->log = log;
    l->mem = calloc(cfg->size_bytes, 1);
    if (!l->mem)
        return BH_ERR_FULL;
    l1_reset(l);
    return BH_OK;
}

static int pow2(uint32_t v)
{
    return v && !(v & (v - 1));
}

void l1_reset(L1 *l)
{
    memset(l->req, 0, sizeof l->req);
    memset(l->req_live, 0, sizeof l->req_live);
    l->word_shift = (uint32_t)__builtin_ctz(l->cfg.bank_width_bytes);
    l->bank_shift = l->bank_mask = 0;
    if (pow2(l->cfg.interleave_bytes) && pow2(l->cfg.banks)) {
        l->bank_shift = (uint32_t)__builtin_ctz(l->cfg.interleave_bytes);
        l->bank_mask = l->cfg.banks - 1;
    }
    memset(l->qn, 0, sizeof l->qn);
    memset(l->qn_dir, 0, sizeof l->qn_dir);
    memset(l->fifo, 0, sizeof l->fifo);
    l->fifo_ready = 0;
    build_ports(l);
    memset(l->bank, 0, sizeof l->bank);
    for (uint32_t b = 0; b < L1_BANKS_MAX; b++)
        l->bank[b].rr = (uint8_t)(l->cfg.ports - 1);
    for (uint32_t k = 0; k < L1_CLIENTS; k++) {
        for (uint32_t s = 0; s < L1_CLIENT_PORTS_MAX; s++)
            l->waited_slot[k][s] = BH_IDLE;
        l->waited_dir[k][DIR_RD] = l->waited_dir[k][DIR_WR] = BH_IDLE;
    }
    l->fin_n = 0;
    l->granted_ports = 0;
    l->granted_banks = 0;
    l->done_rd = l->done_n = 0;
    l->pending = 0;
    l->seq = 0;
    l->now = 0;
    memset(&l->st, 0, sizeof l->st);
}

void l1_destroy(L1 *l)
{
    free(l->mem);
    l->mem = NULL;
}

uint32_t l1_bank_of(const L1 *l, uint64_t addr)
{
    return bank_of(l, addr);
}

int l1_idle(const L1 *l)
{
    for (uint32_t k = 0; k < L1_CLIENTS; k++)
        if (l->qn[k])
            return 0;
    return 1;
}

void l1_watch(L1 *l, const uint32_t *addrs, uint32_t n)
{
    BH_ASSERT(n <= L1_WATCH_MAX);
    for (uint32_t i = 0; i < n; i++)
        l->watch_word[i] = addrs[i] >> l->word_shift;
    l->watch_n = n;
}

BhStatus l1_debug_read(const L1 *l, uint64_t addr, void *buf, uint64_t len)
{
    if (addr > l->cfg.size_bytes || len > l->cfg.size_bytes - addr)
        return BH_ERR_ADDR;
    memcpy(buf, l->mem + addr, len);
    return BH_OK;
}

BhStatus l1_debug_write(L1 *l, uint64_t addr, const void *buf, uint64_t len)
{
    if (addr > l->cfg.size_bytes || len > l->cfg.size_bytes - addr)
        return BH_ERR_ADDR;
    memcpy(l->mem + addr, buf, len);
    l->debug_writes++;
    l->write_gen++;
    if (len) {
        const uint64_t first = addr >> l->word_shift, last = (addr + len - 1) >> l->word_shift;
        for (uint32_t i = 0; i < l->watch_n; i++)
            if (l->watch_word[i] >= first && l->watch_word[i] <= last) {
                l->watch_gen++;
                break;
            }
    }
    return BH_OK;
}

#define L1_X_ROW(field, key, kind, text) BH_STAT_ROW_(L1ClientStats, field, key, kind, text)
static const BhStat client_stats[] = {L1_CLIENT_STATS(L1_X_ROW)};
#undef L1_X_ROW
const BhStatTable l1_client_stat_table = {
    "L1ClientStats", "riscv[].l1_clients[], tiles[].l1.clients[]", client_stats,
    sizeof client_stats / sizeof client_stats[0]};
