// SPDX-License-Identifier: Apache-2.0
/* Tensix L1: configuration, request intake, per-cycle port and bank arbitration, completion. */
#include "model/tile/l1.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DIR_RD 0 /* index of a client's read FIFO */
#define DIR_WR 1 /* writes and atomics */
_Static_assert(L1_DIR_READ == 1u << DIR_RD && L1_DIR_WRITE == 1u << DIR_WR,
               "a port's dirs are its FIFO bits");
_Static_assert(2 * L1_CLIENTS <= 32 && L1_PORTS_MAX <= 32 && L1_BANKS_MAX <= 64, "masks");

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
            c.port_dir[k][s] = (uint8_t)(client_default_ports[k][s] >> 8);
            c.client_ports[k] = s + 1;
        }
    }
    return c;
}

/* WormholeB0/TensixTile/L1.md: 16 banks of 91.5 KiB, 16 ports, each NoC 2 write + 2 read. */
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
    }
    return BH_OK;
#undef REJECT
}

static void build_ports(L1 *l)
{
    memset(l->port, 0, sizeof l->port);
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
            p->attach_fifos |= (uint32_t)l->cfg.port_dir[k][s] << (2 * k);
            p->nattach++;
            l->client_dirs[k] |= l->cfg.port_dir[k][s];
            l->client_port_mask[k] |= 1u << l->cfg.port_of_client[k][s];
            for (uint32_t d = 0; d < 2; d++)
                if (l->cfg.port_dir[k][s] >> d & 1)
                    l->fifo_ports[2 * k + d] |= 1u << l->cfg.port_of_client[k][s];
        }
    for (uint32_t i = 0; i < L1_PORTS_MAX; i++) {
        l->port[i].head = L1_NONE;
        l->port[i].rr = (uint8_t)(l->port[i].nattach ? l->port[i].nattach - 1 : 0);
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
    if (l->bank_shift) /* the same without dividing */
        return (uint32_t)(addr >> l->bank_shift) & l->bank_mask;
    return (uint32_t)((addr / l->cfg.interleave_bytes) % l->cfg.banks);
}

static uint64_t low_mask(uint32_t n)
{
    return n >= 64 ? UINT64_MAX : (1ull << n) - 1;
}

static int has_dir(const L1 *l, uint32_t client, uint32_t dir)
{
    return (l->client_dirs[client] & (dir == DIR_RD ? L1_DIR_READ : L1_DIR_WRITE)) != 0;
}

static BhStatus enqueue(L1 *l, uint32_t client, uint32_t kind, uint64_t addr, uint32_t bytes,
                        const void *wdata, uint64_t be, uint32_t op, uint32_t a, uint32_t b,
                        uint32_t c, L1BlockRmw block, uint64_t token, uint64_t now)
{
    BH_ASSERT(client < L1_CLIENTS);
    const char *nm = client_name[client];
    if (bytes == 0 || bytes > L1_REQ_BYTES_MAX) {
        BH_LOG_GUEST(l->log, "l1: %s request of %u bytes (1..%d)", nm, bytes, L1_REQ_BYTES_MAX);
        return BH_ERR_ACCESS;
    }
    if (addr >= l->cfg.size_bytes || bytes > l->cfg.size_bytes - addr) {
        BH_LOG_GUEST(l->log, "l1: %s access 0x%llx + %u beyond %u bytes", nm,
                     (unsigned long long)addr, bytes, l->cfg.size_bytes);
        return BH_ERR_ADDR;
    }
    uint32_t dir = kind == L1_KIND_READ ? DIR_RD : DIR_WR;
    if (!has_dir(l, client, dir)) {
        BH_LOG_GUEST(l->log, "l1: %s has no L1 port that can %s", nm,
                     dir == DIR_RD ? "read" : "write");
        return BH_ERR_ACCESS;
    }
    if (kind == L1_KIND_ATOMIC && op == L1_AT_BLOCK &&
        ((addr & 15) || l->cfg.bank_width_bytes < 16)) {
        BH_LOG_GUEST(l->log,
                     "l1: %s block atomic at 0x%llx: needs a 16-byte aligned block within one "
                     "bank word (bank width %u)",
                     nm, (unsigned long long)addr, l->cfg.bank_width_bytes);
        return BH_ERR_ACCESS;
    }
    if (kind == L1_KIND_ATOMIC && (addr & 3)) {
        BH_LOG_GUEST(l->log, "l1: %s atomic at 0x%llx not 4-byte aligned", nm,
                     (unsigned long long)addr);
        return BH_ERR_ACCESS;
    }
    if (l->qn[client] >= l->cfg.queue_depth)
        return BH_ERR_FULL;
    /* the lowest free slot of the client's */
    BH_ASSERT(~l->req_live[client] & ((1u << L1_QUEUE_MAX) - 1));
    const uint32_t slot = (uint32_t)__builtin_ctz(~l->req_live[client]);
    const uint32_t ri = client * L1_QUEUE_MAX + slot;
    l->req_live[client] |= 1u << slot;
    L1Req *r = &l->req[ri];
    /* every field set but the accesses, each of which is filled below before any use */
    r->live = 1;
    r->addr = addr;
    r->token = token;
    r->arrival = now;
    r->seq = l->seq++;
    r->done = 0;
    r->bytes = bytes;
    r->kind = (uint8_t)kind;
    r->be = be & low_mask(bytes);
    r->at_op = (uint8_t)op;
    r->at_a = a;
    r->at_b = b;
    r->at_c = c;
    r->at_block = block;
    r->naccess = r->ngranted = 0;
    /* data: a write's bytes; a read's and an atomic's are all written at the grant. What a
     * completion hands over past them, up to 16 bytes, is zero. */
    if (kind == L1_KIND_WRITE)
        memcpy(r->data, wdata, bytes);
    if (bytes < 16)
        memset(r->data + bytes, 0, 16 - bytes);
    /* one access per bank word the request touches */
    uint32_t w = l->cfg.bank_width_bytes;
    uint64_t first = addr >> l->word_shift, last = (addr + bytes - 1) >> l->word_shift;
    L1Fifo *f = &l->fifo[client][dir];
    for (uint64_t word = first; word <= last; word++) {
        L1Access *x = &r->acc[r->naccess];
        uint64_t lo = BH_MAX(addr, word * w), hi = BH_MIN(addr + bytes, (word + 1) * w);
        x->word = (uint32_t)word;
        x->bank = (uint16_t)l1_bank_of(l, word * w);
        x->off = (uint8_t)(lo - word * w);
        x->len = (uint8_t)(hi - lo);
        x->req_off = (uint8_t)(lo - addr);
        uint64_t want = low_mask(x->len);
        x->rmw = kind == L1_KIND_ATOMIC ||
                 (kind == L1_KIND_WRITE && (x->len < w || ((r->be >> x->req_off) & want) != want));
        BH_ASSERT(f->n < L1_FIFO_MAX);
        f->ref[(f->rd + f->n++) % L1_FIFO_MAX] = (uint16_t)(ri * 16 + r->naccess);
        l->fifo_ready |= 1u << (2 * client + dir);
        r->naccess++;
    }
    l->qn[client]++;
    l->pending += r->naccess;
    l->st.client_requests[client]++;
    l->st.bytes_requested += bytes;
    return BH_OK;
}

BhStatus l1_request(L1 *l, uint32_t client, uint64_t addr, uint32_t bytes, int is_write,
                    const void *wdata, uint64_t token, uint64_t now)
{
    BH_ASSERT(!is_write || wdata);
    return enqueue(l, client, is_write ? L1_KIND_WRITE : L1_KIND_READ, addr, bytes, wdata,
                   UINT64_MAX, 0, 0, 0, 0, NULL, token, now);
}

BhStatus l1_request_masked(L1 *l, uint32_t client, uint64_t addr, uint32_t bytes, const void *wdata,
                           uint64_t byte_enable, uint64_t token, uint64_t now)
{
    BH_ASSERT(wdata);
    return enqueue(l, client, L1_KIND_WRITE, addr, bytes, wdata, byte_enable, 0, 0, 0, 0, NULL,
                   token, now);
}

BhStatus l1_atomic(L1 *l, uint32_t client, uint64_t addr, uint32_t op, uint32_t a, uint32_t b,
                   uint64_t token, uint64_t now)
{
    if (op >= L1_AT_OPS) {
        BH_LOG_GUEST(l->log, "l1: %s atomic op %u unknown", l1_client_name(client), op);
        return BH_ERR_UNSUPPORTED;
    }
    return enqueue(l, client, L1_KIND_ATOMIC, addr, 4, NULL, 0, op, a, b, 0, NULL, token, now);
}

BhStatus l1_atomic_block(L1 *l, uint32_t client, uint64_t addr16, L1BlockRmw apply, uint32_t a,
                         uint32_t b, uint32_t c, uint64_t token, uint64_t now)
{
    BH_ASSERT(apply);
    return enqueue(l, client, L1_KIND_ATOMIC, addr16, 16, NULL, 0, L1_AT_BLOCK, a, b, c, apply,
                   token, now);
}

static L1Req *req_of(L1 *l, uint16_t ref)
{
    return &l->req[ref / 16];
}

static L1Access *acc_of(L1 *l, uint16_t ref)
{
    return &l->req[ref / 16].acc[ref % 16];
}

static uint32_t atomic_apply(uint32_t op, uint32_t old, uint32_t a, uint32_t b)
{
    switch (op) {
#define L1_X_APPLY(name, str, expr)                                                                \
    case L1_AT_##name:                                                                             \
        return (uint32_t)(expr);
        L1_ATOMIC_OPS(L1_X_APPLY)
#undef L1_X_APPLY
    }
    BH_ASSERT(0);
    return old;
}

static void move_data(L1 *l, L1Req *r, const L1Access *x)
{
    uint8_t *m = l->mem + (uint64_t)x->word * l->cfg.bank_width_bytes + x->off;
    if (r->kind == L1_KIND_READ) {
        memcpy(r->data + x->req_off, m, x->len);
    } else if (r->kind == L1_KIND_WRITE) {
        l->write_gen++;
        const uint64_t all = low_mask(x->len);
        if (((r->be >> x->req_off) & all) == all) { /* every byte enabled, as usual */
            memcpy(m, r->data + x->req_off, x->len);
        } else {
            for (uint32_t i = 0; i < x->len; i++)
                if ((r->be >> (x->req_off + i)) & 1)
                    m[i] = r->data[x->req_off + i];
        }
    } else if (r->at_op == L1_AT_BLOCK) {
        l->write_gen++;
        memcpy(r->data, m, 16);
        r->at_block(m, r->at_a, r->at_b, r->at_c);
    } else {
        l->write_gen++;
        uint32_t old =
            (uint32_t)m[0] | (uint32_t)m[1] << 8 | (uint32_t)m[2] << 16 | (uint32_t)m[3] << 24;
        uint32_t v = atomic_apply(r->at_op, old, r->at_a, r->at_b);
        for (uint32_t i = 0; i < 4; i++) {
            m[i] = (uint8_t)(v >> (8 * i));
            r->data[i] = (uint8_t)(old >> (8 * i));
        }
    }
}

/* A client's next access for a port carrying `dirs`: the older of its FIFO heads that the port
 * can carry, that has arrived, and that no older access of the same client to the same word
 * (one of them a write) still waits for at another port. Returns the FIFO index or -1. */
static int candidate(L1 *l, uint32_t k, uint32_t dirs, uint64_t now)
{
    int order[2] = {DIR_RD, DIR_WR};
    L1Fifo *fr = &l->fifo[k][DIR_RD], *fw = &l->fifo[k][DIR_WR];
    if (fr->n && fw->n && req_of(l, fw->ref[fw->rd])->seq < req_of(l, fr->ref[fr->rd])->seq) {
        order[0] = DIR_WR;
        order[1] = DIR_RD;
    }
    for (int i = 0; i < 2; i++) {
        int d = order[i];
        L1Fifo *f = &l->fifo[k][d];
        if (!f->n || !(dirs & (d == DIR_RD ? L1_DIR_READ : L1_DIR_WRITE)))
            continue;
        uint16_t ref = f->ref[f->rd];
        const L1Req *r = req_of(l, ref);
        if (r->arrival > now)
            continue;
        const L1Access *x = acc_of(l, ref);
        int hazard = 0; /* over the client's ports that hold an access */
        for (uint32_t h = l->held_ports & l->client_port_mask[k]; h && !hazard; h &= h - 1) {
            const L1Port *p = &l->port[__builtin_ctz(h)];
            if (p->head_client != k)
                continue;
            hazard = acc_of(l, p->head)->word == x->word &&
                     (r->kind != L1_KIND_READ || req_of(l, p->head)->kind != L1_KIND_READ);
        }
        if (!hazard)
            return d;
    }
    return -1;
}

static int fin_before(const L1 *l, uint32_t a, uint32_t b)
{
    const L1Req *x = &l->req[a], *y = &l->req[b];
    return x->done < y->done || (x->done == y->done && x->seq < y->seq);
}

static void grant(L1 *l, uint32_t pi, uint64_t now)
{
    L1Port *p = &l->port[pi];
    uint16_t ref = p->head;
    L1Req *r = req_of(l, ref);
    L1Access *x = acc_of(l, ref);
    uint32_t k = p->head_client;
    uint32_t occ = x->rmw ? l->cfg.rmw_cycles : 1;
    L1Bank *b = &l->bank[x->bank];
    move_data(l, r, x);
    p->head = L1_NONE;
    l->held_ports &= ~(1u << pi);
    p->busy_until = now + occ;
    p->hold_client = (uint8_t)k;
    b->busy_until = now + occ;
    b->hold_client = (uint8_t)k;
    b->rr = (uint8_t)pi;
    x->done = now + occ - 1 + l->cfg.access_latency_cycles;
    if (x->done > r->done)
        r->done = x->done;
    l->pending--;
    l->st.port_busy[pi] += occ;
    l->st.bank_busy[x->bank] += occ;
    l->st.client_accesses[k]++;
    l->st.client_rmw[k] += x->rmw;
    l->st.client_bytes[k] += x->len;
    l->st.bytes_moved += x->len;
    if (++r->ngranted < r->naccess)
        return;
    uint32_t ri = ref / 16, pos = l->fin_n;
    while (pos > 0 && fin_before(l, ri, l->fin[pos - 1])) {
        l->fin[pos] = l->fin[pos - 1];
        l->fin_done[pos] = l->fin_done[pos - 1];
        pos--;
    }
    l->fin[pos] = (uint16_t)ri;
    l->fin_done[pos] = r->done;
    l->fin_n++;
}

/* Who keeps port pi from a new client this cycle: its held access's client, else the client
 * of a grant still occupying it, else -1 (free). */
static int port_holder(const L1 *l, uint32_t pi, uint64_t now)
{
    const L1Port *p = &l->port[pi];
    if (p->head != L1_NONE)
        return p->head_client;
    return p->busy_until > now ? p->hold_client : -1;
}

/* Charges this cycle's waits (header: Statistics); once per cycle even if stepped twice. */
static void charge_waits(L1 *l, uint64_t now, uint32_t held, uint32_t ready)
{
    for (; held; held &= held - 1) {
        const uint32_t pi = (uint32_t)__builtin_ctz(held);
        L1Port *p = &l->port[pi];
        if (p->head == L1_NONE)
            continue;
        L1Access *x = acc_of(l, p->head);
        uint32_t s = 0;
        while (l->cfg.port_of_client[p->head_client][s] != pi)
            s++;
        if (l->waited_slot[p->head_client][s] == now)
            continue;
        l->waited_slot[p->head_client][s] = now;
        BH_ASSERT(l->bank[x->bank].busy_until > now);
        l->st.bank_conflict[x->bank][l->bank[x->bank].hold_client]++;
        l->st.client_wait[p->head_client]++;
    }
    for (; ready; ready &= ready - 1) {
        const uint32_t k = (uint32_t)__builtin_ctz(ready) / 2,
                       d = (uint32_t)__builtin_ctz(ready) % 2;
        L1Fifo *f = &l->fifo[k][d];
        if (!f->n || req_of(l, f->ref[f->rd])->arrival > now || l->waited_dir[k][d] == now)
            continue;
        uint32_t want = d == DIR_RD ? L1_DIR_READ : L1_DIR_WRITE;
        int blame = -1, free_port = 0;
        for (uint32_t s = 0; s < l->cfg.client_ports[k] && !free_port; s++) {
            if (!(l->cfg.port_dir[k][s] & want))
                continue;
            uint32_t pi = l->cfg.port_of_client[k][s];
            int h = port_holder(l, pi, now);
            if (h < 0)
                free_port = 1; /* left free by this client's own ordering: no wait */
            else if (h != (int)k && blame < 0)
                blame = (int)pi;
        }
        if (free_port || blame < 0)
            continue;
        l->waited_dir[k][d] = now;
        l->st.port_conflict[blame][port_holder(l, (uint32_t)blame, now)]++;
        l->st.client_wait[k]++;
    }
}

static void retire(L1 *l, uint64_t now)
{
    uint32_t n = 0;
    while (n < l->fin_n && l->fin_done[n] <= now) {
        uint32_t ri = l->fin[n++];
        BH_ASSERT(l->done_n < L1_REQS);
        l->done[(l->done_rd + l->done_n++) % L1_REQS] = (uint16_t)ri;
        l->st.bytes_completed += l->req[ri].bytes;
    }
    if (n) {
        memmove(l->fin, l->fin + n, (l->fin_n - n) * sizeof l->fin[0]);
        memmove(l->fin_done, l->fin_done + n, (l->fin_n - n) * sizeof l->fin_done[0]);
        l->fin_n -= n;
    }
}

uint64_t l1_step(L1 *l, uint64_t now)
{
    BH_ASSERT(now >= l->now);
    l->now = now;
    /* 1. requests whose last access has finished */
    retire(l, now);
    if (l->pending) {
        /* FIFOs holding accesses (bit 2 x client + direction): a port none of whose FIFOs
         * holds one, or a client whose FIFOs for the port are empty, has no candidate */
        uint32_t ready = l->fifo_ready;
        /* ports holding an access after step 2, and for each bank the ports that want it */
        uint32_t held = 0, want[L1_BANKS_MAX];
        uint64_t wanted = 0;
        /* 2. every free port without a held access takes one from its clients, round robin;
         * in port order, visiting only the ports that hold an access or that a FIFO holding
         * one feeds (the others have nothing to do) */
        uint32_t visit = l->held_ports;
        for (uint32_t f = ready; f; f &= f - 1)
            visit |= l->fifo_ports[__builtin_ctz(f)];
        for (; visit; visit &= visit - 1) {
            const uint32_t pi = (uint32_t)__builtin_ctz(visit);
            L1Port *p = &l->port[pi];
            if (p->head == L1_NONE && p->busy_until <= now && (p->attach_fifos & ready)) {
                for (uint32_t i = 0, a = p->rr; i < p->nattach; i++) {
                    a = a + 1 == p->nattach ? 0 : a + 1;
                    uint32_t k = p->attach_client[a];
                    if (!((ready >> (2 * k)) & p->attach_dirs[a]))
                        continue;
                    int d = candidate(l, k, p->attach_dirs[a], now);
                    if (d < 0)
                        continue;
                    L1Fifo *f = &l->fifo[k][d];
                    p->head = f->ref[f->rd];
                    p->head_client = (uint8_t)k;
                    l->held_ports |= 1u << pi;
                    acc_of(l, p->head)->port = (uint8_t)pi;
                    f->rd = (uint16_t)((f->rd + 1) % L1_FIFO_MAX);
                    if (--f->n == 0) {
                        ready &= ~(1u << (2 * k + (uint32_t)d));
                        l->fifo_ready &= ~(1u << (2 * k + (uint32_t)d));
                    }
                    p->rr = (uint8_t)a;
                    break;
                }
            }
            if (p->head != L1_NONE) {
                const uint32_t bi = acc_of(l, p->head)->bank;
                if (!(wanted >> bi & 1))
                    want[bi] = 0;
                want[bi] |= 1u << pi;
                wanted |= 1ull << bi;
                held |= 1u << pi;
            }
        }
        /* 3. every free bank grants one of the ports holding an access for it, round robin */
        for (; wanted; wanted &= wanted - 1) {
            const uint32_t bi = (uint32_t)__builtin_ctzll(wanted);
            L1Bank *b = &l->bank[bi];
            if (b->busy_until > now)
                continue;
            /* the first requesting port above the last one granted, else the lowest */
            uint32_t above = b->rr + 1u < 32 ? want[bi] & ~((2u << b->rr) - 1) : 0;
            grant(l, (uint32_t)__builtin_ctz(above ? above : want[bi]), now);
        }
        /* 4. statistics of who waited for whom */
        charge_waits(l, now, held, ready);
    }
    /* 5. the next cycle with work */
    if (l->pending)
        return now + 1;
    return l->fin_n ? l->fin_done[0] : BH_IDLE;
}

uint32_t l1_take_done(L1 *l, L1Done *out, uint32_t max)
{
    uint32_t n = 0;
    while (n < max && l->done_n) {
        uint32_t ri = l->done[l->done_rd];
        l->done_rd = (l->done_rd + 1) % L1_REQS;
        l->done_n--;
        L1Req *r = &l->req[ri];
        L1Done *d = &out[n++];
        d->token = r->token;
        d->arrival_cycle = r->arrival;
        d->done_cycle = r->done;
        d->client = ri / L1_QUEUE_MAX;
        d->bytes = r->bytes;
        d->kind = r->kind;
        /* the request's bytes, and at least 16 (a narrow read's, an atomic's rest is zero) */
        memcpy(d->data, r->data, r->bytes > 16 ? r->bytes : 16);
        r->live = 0;
        l->req_live[d->client] &= ~(1u << (ri % L1_QUEUE_MAX));
        l->qn[d->client]--;
    }
    return n;
}

int l1_idle(const L1 *l)
{
    for (uint32_t k = 0; k < L1_CLIENTS; k++)
        if (l->qn[k])
            return 0;
    return 1;
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
    return BH_OK;
}
