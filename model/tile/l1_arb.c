// SPDX-License-Identifier: Apache-2.0
/* Tensix L1: one cycle of port and bank arbitration (l1_step), the data a grant moves, the
 * statistics of who waited for whom, and completion in order. */
#include <string.h>
#include "model/tile/l1.h"
#include "model/tile/l1_internal.h"

/* the request at the head of a client's FIFO */
static inline L1Req *head_of(L1 *l, uint32_t k, const L1Fifo *f)
{
    return &l->req[k * L1_QUEUE_MAX + f->slot[f->rd]];
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

static void move_data(L1 *l, uint32_t ri, const L1Access *x)
{
    L1Req *r = &l->req[ri];
    uint8_t *m = l->mem + ((uint64_t)x->word << l->word_shift) + x->off;
    if (r->kind == L1_KIND_READ) {
        if (x->len == 16) /* the usual whole 16-B word, as one fixed-size copy */
            memcpy(r->data + x->req_off, m, 16);
        else
            memcpy(r->data + x->req_off, m, x->len);
    } else if (r->kind == L1_KIND_WRITE) {
        l->write_gen++;
        watch_hit(l, x->word);
        const uint64_t all = low_mask(x->len);
        if (((r->be >> x->req_off) & all) == all) { /* every byte enabled, as usual */
            if (x->len == 16)
                memcpy(m, r->data + x->req_off, 16);
            else
                memcpy(m, r->data + x->req_off, x->len);
        } else {
            for (uint32_t i = 0; i < x->len; i++)
                if ((r->be >> (x->req_off + i)) & 1)
                    m[i] = r->data[x->req_off + i];
        }
    } else if (r->at_op == L1_AT_BLOCK) {
        l->write_gen++;
        watch_hit(l, x->word);
        memcpy(r->data, m, 16);
        l->at_block[ri](m, r->at_a, r->at_b, r->at_c);
    } else {
        l->write_gen++;
        watch_hit(l, x->word);
        uint32_t old =
            (uint32_t)m[0] | (uint32_t)m[1] << 8 | (uint32_t)m[2] << 16 | (uint32_t)m[3] << 24;
        uint32_t v = atomic_apply(r->at_op, old, r->at_a, r->at_b);
        for (uint32_t i = 0; i < 4; i++) {
            m[i] = (uint8_t)(v >> (8 * i));
            r->data[i] = (uint8_t)(old >> (8 * i));
        }
    }
}

/* A client's next access for a port carrying `dirs` (only those of its FIFOs holding accesses):
 * the older of its FIFO heads that the port can carry, that has arrived, and that no older
 * access of the same client to the same word (one of them a write) still waits for at another
 * port. Returns the FIFO index or -1. */
static int candidate(L1 *l, uint32_t k, uint32_t dirs, uint64_t now)
{
    L1Fifo *fr = &l->fifo[k][DIR_RD], *fw = &l->fifo[k][DIR_WR];
    /* reads first, unless the port carries both and the write head is older */
    uint32_t first = DIR_RD;
    if (dirs == (L1_DIR_READ | L1_DIR_WRITE) && head_of(l, k, fw)->seq < head_of(l, k, fr)->seq)
        first = DIR_WR;
    for (uint32_t i = 0; i < 2; i++) {
        const uint32_t d = first ^ i;
        if (!(dirs >> d & 1))
            continue;
        const L1Fifo *f = d == DIR_RD ? fr : fw;
        const L1Req *r = head_of(l, k, f);
        if (r->arrival > now)
            continue;
        const uint32_t word = (r->addr >> l->word_shift) + f->next;
        int hazard = 0; /* over the client's ports that hold an access */
        for (uint32_t h = l->held_ports & l->client_port_mask[k]; h && !hazard; h &= h - 1) {
            const L1Port *p = &l->port[__builtin_ctz(h)];
            if (p->head_client != k)
                continue;
            hazard = p->acc.word == word && (r->kind != L1_KIND_READ || p->acc.write);
        }
        if (!hazard)
            return (int)d;
    }
    return -1;
}

/* Port pi takes attach a's client's next access, if it has one the port can carry: 1 if so. */
static inline __attribute__((always_inline)) int take(L1 *l, L1Port *p, uint32_t pi, uint32_t a,
                                                      uint32_t *ready, uint64_t now)
{
    const uint32_t k = p->attach_client[a];
    /* a FIFO's ready bit is set exactly while it holds a request */
    const uint32_t dirs = (*ready >> (2 * k)) & p->attach_dirs[a];
    if (!dirs)
        return 0;
    const int d = candidate(l, k, dirs, now);
    if (d < 0)
        return 0;
    L1Fifo *f = &l->fifo[k][d];
    const uint32_t ri = k * L1_QUEUE_MAX + f->slot[f->rd];
    const L1Req *r = &l->req[ri];
    access_of(l, r, f->next, &p->acc);
    p->head = (uint16_t)(ri * 16 + f->next);
    p->head_client = (uint8_t)k;
    p->head_slot = p->attach_slot[a];
    l->held_ports |= 1u << pi;
    if (++f->next < r->naccess)
        return 1;
    f->next = 0;
    f->rd = (uint8_t)((f->rd + 1) & (L1_FIFO_MAX - 1));
    if (--f->n == 0) {
        *ready &= ~(1u << (2 * k + (uint32_t)d));
        l->fifo_ready &= ~(1u << (2 * k + (uint32_t)d));
    }
    return 1;
}

static int fin_before(const L1 *l, uint32_t a, uint32_t b)
{
    const L1Req *x = &l->req[a], *y = &l->req[b];
    return x->done < y->done || (x->done == y->done && x->seq < y->seq);
}

static void grant(L1 *l, uint32_t pi, uint64_t now)
{
    L1Port *p = &l->port[pi];
    const uint32_t ri = p->head / 16u;
    L1Req *r = &l->req[ri];
    const L1Access *x = &p->acc;
    uint32_t k = p->head_client;
    uint32_t occ = x->rmw ? l->cfg.rmw_cycles : 1;
    L1Bank *b = &l->bank[x->bank];
    move_data(l, ri, x);
    p->head = L1_NONE;
    l->held_ports &= ~(1u << pi);
    l->granted_ports |= 1u << pi;
    l->granted_banks |= 1ull << x->bank;
    p->busy_until = now + occ;
    p->hold_client = (uint8_t)k;
    b->busy_until = now + occ;
    b->hold_client = (uint8_t)k;
    b->rr = (uint8_t)pi;
    const uint64_t done = now + occ - 1 + l->cfg.access_latency_cycles;
    if (done > r->done)
        r->done = done;
    l->pending--;
    l->st.port_busy[pi] += occ;
    l->st.bank_busy[x->bank] += occ;
    l->st.client[k].accesses++;
    l->st.client[k].rmw += x->rmw;
    l->st.client[k].bytes += x->len;
    l->st.bytes_moved += x->len;
    if (++r->ngranted < r->naccess)
        return;
    uint32_t pos = l->fin_n;
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
        const L1Access *x = &p->acc;
        const uint32_t s = p->head_slot;
        if (l->waited_slot[p->head_client][s] == now)
            continue;
        l->waited_slot[p->head_client][s] = now;
        BH_ASSERT(l->bank[x->bank].busy_until > now);
        const uint32_t holder = l->bank[x->bank].hold_client;
        l->st.bank_conflict[x->bank][holder]++;
        l->st.waited_on[p->head_client][holder]++;
        l->st.client[p->head_client].wait_cycles++;
    }
    for (; ready; ready &= ready - 1) {
        const uint32_t k = (uint32_t)__builtin_ctz(ready) / 2,
                       d = (uint32_t)__builtin_ctz(ready) % 2;
        L1Fifo *f = &l->fifo[k][d];
        if (!f->n || head_of(l, k, f)->arrival > now || l->waited_dir[k][d] == now)
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
        const int holder = port_holder(l, (uint32_t)blame, now);
        l->st.port_conflict[blame][holder]++;
        l->st.waited_on[k][holder]++;
        l->st.client[k].wait_cycles++;
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
        /* the FIFO heads' requests, which step 2 reads, have usually left the cache since they
         * were queued: fetch them together rather than one miss after another */
        for (uint32_t f = ready; f; f &= f - 1) {
            const uint32_t b = (uint32_t)__builtin_ctz(f);
            const L1Req *r = head_of(l, b / 2, &l->fifo[b / 2][b % 2]);
            __builtin_prefetch(r);
            __builtin_prefetch((const uint8_t *)r + sizeof *r - 1, 1);
        }
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
                    if (p->attach_inner[a]) {
                        /* the inner mux, one turn at its first client: its own round robin */
                        if (a != p->first_in)
                            continue;
                        uint32_t b = p->rr_in, j = 0;
                        for (; j < p->nattach; j++) {
                            b = b + 1 == p->nattach ? 0 : b + 1;
                            if (p->attach_inner[b] && take(l, p, pi, b, &ready, now))
                                break;
                        }
                        if (j == p->nattach)
                            continue;
                        p->rr_in = (uint8_t)b;
                    } else if (!take(l, p, pi, a, &ready, now)) {
                        continue;
                    }
                    p->rr = (uint8_t)a;
                    break;
                }
            }
            if (p->head != L1_NONE) {
                const uint32_t bi = p->acc.bank;
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
