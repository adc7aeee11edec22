// SPDX-License-Identifier: Apache-2.0
/* Tensix L1: request intake (a request cut into one access per bank word, queued per client and
 * direction) and the hand-over of finished requests. */
#include <string.h>
#include "model/tile/l1.h"
#include "model/tile/l1_internal.h"

static int has_dir(const L1 *l, uint32_t client, uint32_t dir)
{
    return (l->client_dirs[client] & (dir == DIR_RD ? L1_DIR_READ : L1_DIR_WRITE)) != 0;
}

static BhStatus enqueue(L1 *l, uint32_t client, uint32_t kind, uint64_t addr, uint32_t bytes,
                        const void *wdata, uint64_t be, uint32_t op, uint32_t a, uint32_t b,
                        uint32_t c, L1BlockRmw block, uint64_t token, uint64_t now)
{
    BH_ASSERT(client < L1_CLIENTS);
    if (bytes == 0 || bytes > L1_REQ_BYTES_MAX) {
        BH_LOG_GUEST(l->log, "l1: %s request of %u bytes (1..%d)", l1_client_name(client), bytes,
                     L1_REQ_BYTES_MAX);
        return BH_ERR_ACCESS;
    }
    if (addr >= l->cfg.size_bytes || bytes > l->cfg.size_bytes - addr) {
        BH_LOG_GUEST(l->log, "l1: %s access 0x%llx + %u beyond %u bytes", l1_client_name(client),
                     (unsigned long long)addr, bytes, l->cfg.size_bytes);
        return BH_ERR_ADDR;
    }
    uint32_t dir = kind == L1_KIND_READ ? DIR_RD : DIR_WR;
    if (!has_dir(l, client, dir)) {
        BH_LOG_GUEST(l->log, "l1: %s has no L1 port that can %s", l1_client_name(client),
                     dir == DIR_RD ? "read" : "write");
        return BH_ERR_ACCESS;
    }
    if (kind == L1_KIND_ATOMIC && op == L1_AT_BLOCK &&
        ((addr & 15) || l->cfg.bank_width_bytes < 16)) {
        BH_LOG_GUEST(l->log,
                     "l1: %s block atomic at 0x%llx: needs a 16-byte aligned block within one "
                     "bank word (bank width %u)",
                     l1_client_name(client), (unsigned long long)addr, l->cfg.bank_width_bytes);
        return BH_ERR_ACCESS;
    }
    if (kind == L1_KIND_ATOMIC && (addr & 3)) {
        BH_LOG_GUEST(l->log, "l1: %s atomic at 0x%llx not 4-byte aligned", l1_client_name(client),
                     (unsigned long long)addr);
        return BH_ERR_ACCESS;
    }
    if (l->qn_dir[client][dir] >= l->q_cap[client][dir] || l->qn[client] >= L1_QUEUE_MAX)
        return BH_ERR_FULL;
    /* the lowest free slot of the client's */
    BH_ASSERT(~l->req_live[client] & low_mask(L1_QUEUE_MAX));
    const uint32_t slot = (uint32_t)__builtin_ctzll(~l->req_live[client]);
    const uint32_t ri = client * L1_QUEUE_MAX + slot;
    l->req_live[client] |= 1ull << slot;
    L1Req *r = &l->req[ri];
    /* every field set; a port decodes each access from them when it takes it (access_of) */
    r->addr = (uint32_t)addr;
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
    l->at_block[ri] = block;
    /* one access per bank word the request touches */
    const uint32_t naccess =
        (uint32_t)(((addr + bytes - 1) >> l->word_shift) - (addr >> l->word_shift)) + 1;
    r->naccess = (uint8_t)naccess;
    r->ngranted = 0;
    /* data: a write's bytes; a read's and an atomic's are all written at the grant. What a
     * completion hands over past them, up to 16 bytes, is zero. */
    if (kind == L1_KIND_WRITE)
        memcpy(r->data, wdata, bytes);
    if (bytes < 16)
        memset(r->data + bytes, 0, 16 - bytes);
    /* the grant reads or writes these bytes of L1 some cycles later, after every other tile
     * has had its turn: start bringing them in now (no effect on the model) */
    __builtin_prefetch(l->mem + addr);
    __builtin_prefetch(l->mem + addr + bytes - 1);
    L1Fifo *f = &l->fifo[client][dir];
    BH_ASSERT(f->n < L1_FIFO_MAX);
    f->slot[(f->rd + f->n++) & (L1_FIFO_MAX - 1)] = (uint8_t)slot;
    l->fifo_ready |= 1u << (2 * client + dir);
    l->qn[client]++;
    l->qn_dir[client][dir]++;
    l->pending += naccess;
    l->st.client[client].requests++;
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
        /* the request's bytes, and at least 16 (a narrow read's, an atomic's rest is zero);
         * the usual 16 as one fixed-size copy */
        if (r->bytes <= 16)
            memcpy(d->data, r->data, 16);
        else
            memcpy(d->data, r->data, r->bytes);
        l->req_live[d->client] &= ~(1ull << (ri % L1_QUEUE_MAX));
        l->qn[d->client]--;
        l->qn_dir[d->client][r->kind == L1_KIND_READ ? DIR_RD : DIR_WR]--;
    }
    return n;
}

void l1_take_granted(L1 *l, uint32_t *ports, uint64_t *banks)
{
    *ports = l->granted_ports;
    *banks = l->granted_banks;
    l->granted_ports = 0;
    l->granted_banks = 0;
}
