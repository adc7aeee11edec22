// SPDX-License-Identifier: Apache-2.0
/* Tensix L1: data through every client, port and bank arbitration cycle by cycle, RMW
 * blocking, atomics, fairness, conservation, errors and configuration checks. Expected cycles
 * are formulas over the configuration (access_latency_cycles, rmw_cycles), never numbers read
 * back from the model; the bandwidth tests check the rates WormholeB0/TensixTile/L1.md states. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "model/tile/l1.h"
#include "tests/check.h"
#include "tests/test_log.h"

#define LOG_MAX 8192

typedef struct Tb {
    L1 l;
    L1Config g;
    L1Done log[LOG_MAX]; /* completions in the order taken */
    uint32_t nlog;
    uint64_t ndone;
    uint64_t now;
} Tb;

static Tb *tb_new(const L1Config *g)
{
    Tb *t = calloc(1, sizeof *t);
    t->g = *g;
    CHECK_OK(l1_init(&t->l, g, &test_log));
    return t;
}

static void tb_free(Tb *t)
{
    l1_destroy(&t->l);
    free(t);
}

static void take(Tb *t)
{
    L1Done d[32];
    uint32_t n;
    while ((n = l1_take_done(&t->l, d, 32)) > 0)
        for (uint32_t i = 0; i < n; i++, t->ndone++)
            if (t->nlog < LOG_MAX)
                t->log[t->nlog++] = d[i];
}

/* Event-driven from t->now until the model is idle (or `limit` cycles later). */
static void run_idle(Tb *t, uint64_t limit)
{
    uint64_t end = t->now + limit, next = t->now;
    while (next != BH_IDLE && next <= end) {
        t->now = next;
        next = l1_step(&t->l, t->now);
        take(t);
    }
    CHECK(next == BH_IDLE);
}

static const L1Done *find(const Tb *t, uint64_t token)
{
    for (uint32_t i = 0; i < t->nlog; i++)
        if (t->log[i].token == token)
            return &t->log[i];
    return NULL;
}

static uint64_t done_at(const Tb *t, uint64_t token)
{
    const L1Done *d = find(t, token);
    CHECK(d != NULL);
    return d ? d->done_cycle : BH_IDLE;
}

static int can(const L1Config *g, uint32_t k, uint32_t dir)
{
    for (uint32_t s = 0; s < g->client_ports[k]; s++)
        if (g->port_dir[k][s] & dir)
            return 1;
    return 0;
}

/* An address in bank `bank` (default word interleave), `n` stripes up. */
static uint64_t in_bank(const L1Config *g, uint32_t bank, uint32_t n)
{
    return (uint64_t)n * g->interleave_bytes * g->banks + (uint64_t)bank * g->interleave_bytes;
}

/* one per-client statistic (the L1ClientStats field at `off`) summed over the clients */
static uint64_t sum_clients(const L1Stats *st, size_t off)
{
    uint64_t s = 0;
    for (uint32_t k = 0; k < L1_CLIENTS; k++)
        s += *(const uint64_t *)((const char *)&st->client[k] + off);
    return s;
}
#define SUM_CLIENTS(st, f) sum_clients(st, offsetof(L1ClientStats, f))

static uint64_t sum_u64(const uint64_t *v, uint32_t n)
{
    uint64_t s = 0;
    for (uint32_t i = 0; i < n; i++)
        s += v[i];
    return s;
}

static void test_round_trip_every_client(void)
{
    L1Config g = l1_config_default();
    Tb *t = tb_new(&g);
    for (uint32_t k = 0; k < L1_CLIENTS; k++) {
        uint8_t w[L1_REQ_BYTES_MAX], r[L1_REQ_BYTES_MAX];
        uint64_t addr = 0x2000 + k * 0x100 + 3; /* unaligned: 5 accesses, two of them narrow */
        for (uint32_t i = 0; i < sizeof w; i++)
            w[i] = (uint8_t)(k * 37 + i * 11 + 1);
        if (can(&g, k, L1_DIR_WRITE)) {
            CHECK_OK(l1_request(&t->l, k, addr, sizeof w, 1, w, 100 + k, t->now));
            run_idle(t, 1000);
        } else {
            CHECK_EQ_U32(l1_request(&t->l, k, addr, sizeof w, 1, w, 100 + k, t->now),
                         BH_ERR_ACCESS);
            CHECK_OK(l1_debug_write(&t->l, addr, w, sizeof w));
        }
        memset(r, 0, sizeof r);
        if (can(&g, k, L1_DIR_READ)) {
            CHECK_OK(l1_request(&t->l, k, addr, sizeof w, 0, NULL, 200 + k, t->now));
            run_idle(t, 1000);
            const L1Done *d = find(t, 200 + k);
            CHECK(d && d->client == k && d->bytes == sizeof w && d->kind == L1_KIND_READ);
            if (d)
                memcpy(r, d->data, sizeof r);
        } else {
            CHECK_OK(l1_debug_read(&t->l, addr, r, sizeof r));
        }
        if (memcmp(r, w, sizeof w) != 0) {
            fprintf(stderr, "  client %s\n", l1_client_name(k));
            CHECK(0);
        }
    }
    CHECK(l1_idle(&t->l));
    tb_free(t);
}

/* Two clients on different ports, one bank: the bank serves one port per cycle. */
static void test_same_bank_serializes(void)
{
    L1Config g = l1_config_default();
    Tb *t = tb_new(&g);
    uint8_t w[16] = {1, 2, 3};
    uint64_t lat = g.access_latency_cycles;
    CHECK_OK(l1_request(&t->l, L1_BRISC, in_bank(&g, 0, 0), 16, 0, NULL, 1, 0)); /* port 2 */
    CHECK_OK(l1_request(&t->l, L1_NOC0, in_bank(&g, 0, 1), 16, 1, w, 2, 0));     /* port 4 */
    CHECK_OK(l1_request(&t->l, L1_NOC1, in_bank(&g, 1, 0), 16, 0, NULL, 3, 0));  /* bank 1 */
    run_idle(t, 100);
    CHECK_EQ_U64(done_at(t, 1), 0 + lat); /* lower port first in the bank's round robin */
    CHECK_EQ_U64(done_at(t, 2), 1 + lat); /* exactly one cycle later */
    CHECK_EQ_U64(done_at(t, 3), 0 + lat); /* another bank does not wait */
    CHECK_EQ_U64(t->l.st.client[L1_NOC0].wait_cycles, 1);
    CHECK_EQ_U64(t->l.st.client[L1_BRISC].wait_cycles, 0);
    CHECK_EQ_U64(t->l.st.client[L1_NOC1].wait_cycles, 0);
    CHECK_EQ_U64(t->l.st.bank_conflict[0][L1_BRISC], 1);
    CHECK_EQ_U64(t->l.st.bank_busy[0], 2);
    CHECK_EQ_U64(t->l.st.bank_busy[1], 1);
    /* what a tracer is told moved: the three ports (BRISC's 2, NoC0's 4, one of NoC1's) and
     * banks 0 and 1; then nothing until the next grant */
    uint32_t ports;
    uint64_t banks;
    l1_take_granted(&t->l, &ports, &banks);
    CHECK_EQ_U32(__builtin_popcount(ports), 3);
    CHECK(ports & 1u << 2 && ports & 1u << 4);
    CHECK_EQ_U64(banks, 3);
    l1_take_granted(&t->l, &ports, &banks);
    CHECK(ports == 0 && banks == 0);
    /* the bank's round robin resumes after port 4, the last port it served: it wraps to
     * port 2 (BRISC), then 3 (TRISC1), then 4 (NoC0) */
    t->now = 10;
    CHECK_OK(l1_request(&t->l, L1_NOC0, in_bank(&g, 0, 3), 16, 1, w, 4, t->now));
    CHECK_OK(l1_request(&t->l, L1_TRISC1, in_bank(&g, 0, 2), 16, 0, NULL, 5, t->now));
    CHECK_OK(l1_request(&t->l, L1_BRISC, in_bank(&g, 0, 4), 16, 0, NULL, 6, t->now));
    run_idle(t, 100);
    CHECK_EQ_U64(done_at(t, 6), 10 + lat);
    CHECK_EQ_U64(done_at(t, 5), 11 + lat);
    CHECK_EQ_U64(done_at(t, 4), 12 + lat);
    CHECK_EQ_U64(t->l.st.bank_conflict[0][L1_BRISC], 1 + 2);
    CHECK_EQ_U64(t->l.st.bank_conflict[0][L1_TRISC1], 1);
    tb_free(t);
}

/* Two clients on one port, no bank conflicts: the port alternates between them. */
static void test_same_port_round_robin(void)
{
    L1Config g = l1_config_default();
    Tb *t = tb_new(&g);
    uint64_t lat = g.access_latency_cycles;
    for (uint32_t i = 0; i < 4; i++) {
        CHECK_OK(l1_request(&t->l, L1_BRISC, in_bank(&g, i, 0), 16, 0, NULL, 10 + i, 0));
        CHECK_OK(l1_request(&t->l, L1_NCRISC, in_bank(&g, 4 + i, 0), 16, 0, NULL, 20 + i, 0));
    }
    run_idle(t, 100);
    for (uint32_t i = 0; i < 4; i++) {
        CHECK_EQ_U64(done_at(t, 10 + i), 2 * i + lat);
        CHECK_EQ_U64(done_at(t, 20 + i), 2 * i + 1 + lat);
    }
    /* NCRISC waited in cycles 0, 2, 4, 6 for BRISC, BRISC in 1, 3, 5 for NCRISC */
    CHECK_EQ_U64(t->l.st.port_conflict[2][L1_BRISC], 4);
    CHECK_EQ_U64(t->l.st.port_conflict[2][L1_NCRISC], 3);
    CHECK_EQ_U64(t->l.st.client[L1_NCRISC].wait_cycles, 4);
    CHECK_EQ_U64(t->l.st.client[L1_BRISC].wait_cycles, 3);
    CHECK_EQ_U64(t->l.st.waited_on[L1_NCRISC][L1_BRISC], 4); /* each behind the other */
    CHECK_EQ_U64(t->l.st.waited_on[L1_BRISC][L1_NCRISC], 3);
    CHECK_EQ_U64(t->l.st.port_busy[2], 8);
    tb_free(t);
}

/* A narrow write holds its bank and its port for rmw_cycles. */
static void test_narrow_write_blocks(void)
{
    L1Config g = l1_config_default();
    Tb *t = tb_new(&g);
    uint64_t lat = g.access_latency_cycles, rmw = g.rmw_cycles;
    uint32_t v = 0xdeadbeef;
    CHECK_OK(l1_request(&t->l, L1_NCRISC, in_bank(&g, 0, 0), 4, 1, &v, 1, 0));  /* port 2 */
    CHECK_OK(l1_request(&t->l, L1_NOC0, in_bank(&g, 0, 1), 16, 0, NULL, 2, 0)); /* same bank */
    CHECK_OK(l1_request(&t->l, L1_NOC1, in_bank(&g, 1, 0), 16, 0, NULL, 3, 0)); /* other bank */
    CHECK_EQ_U64(l1_step(&t->l, 0), 1);
    t->now = 1; /* the same port, another bank: waits for the port */
    CHECK_OK(l1_request(&t->l, L1_BRISC, in_bank(&g, 2, 0), 16, 0, NULL, 4, t->now));
    run_idle(t, 100);
    CHECK_EQ_U64(done_at(t, 1), rmw - 1 + lat);
    CHECK_EQ_U64(done_at(t, 2), rmw + lat);
    CHECK_EQ_U64(done_at(t, 3), 0 + lat);
    CHECK_EQ_U64(done_at(t, 4), rmw + lat);
    CHECK_EQ_U64(t->l.st.client[L1_NOC0].wait_cycles, rmw);
    CHECK_EQ_U64(t->l.st.bank_conflict[0][L1_NCRISC], rmw);
    CHECK_EQ_U64(t->l.st.client[L1_NOC1].wait_cycles, 0);
    CHECK_EQ_U64(t->l.st.client[L1_BRISC].wait_cycles, rmw - 1);
    CHECK_EQ_U64(t->l.st.port_conflict[2][L1_NCRISC], rmw - 1);
    /* NoC0 waited for the bank, BRISC for the port, both behind NCRISC's read-modify-write */
    CHECK_EQ_U64(t->l.st.waited_on[L1_NOC0][L1_NCRISC], rmw);
    CHECK_EQ_U64(t->l.st.waited_on[L1_BRISC][L1_NCRISC], rmw - 1);
    CHECK_EQ_U64(t->l.st.client[L1_NCRISC].rmw, 1);
    CHECK_EQ_U64(t->l.st.bank_busy[0], rmw + 1);
    CHECK_EQ_U64(t->l.st.port_busy[2], rmw + 1);
    uint32_t back;
    CHECK_OK(l1_debug_read(&t->l, in_bank(&g, 0, 0), &back, 4));
    CHECK_EQ_U32(back, v);

    /* a whole word is one cycle; the same word with one byte masked off is an RMW */
    uint8_t w[16], m[16];
    for (uint32_t i = 0; i < 16; i++)
        w[i] = (uint8_t)(0xa0 + i);
    t->now = 100;
    CHECK_OK(l1_request(&t->l, L1_NOC0, in_bank(&g, 5, 0), 16, 1, w, 5, t->now));
    CHECK_OK(
        l1_request_masked(&t->l, L1_NOC1, in_bank(&g, 6, 0), 16, w, 0xffff & ~(1u << 7), 6, 100));
    run_idle(t, 100);
    CHECK_EQ_U64(done_at(t, 5), 100 + lat);
    CHECK_EQ_U64(done_at(t, 6), 100 + rmw - 1 + lat);
    CHECK_OK(l1_debug_read(&t->l, in_bank(&g, 6, 0), m, 16));
    for (uint32_t i = 0; i < 16; i++)
        CHECK_EQ_U32(m[i], i == 7 ? 0 : w[i]);
    CHECK_EQ_U64(t->l.st.client[L1_NOC0].rmw, 0);
    CHECK_EQ_U64(t->l.st.client[L1_NOC1].rmw, 1);
    tb_free(t);
}

static uint32_t ref_atomic(uint32_t op, uint32_t old, uint32_t a, uint32_t b)
{
    switch (op) {
    case L1_AT_INCR:
        return ((old + a) & b) | (old & ~b);
    case L1_AT_CAS:
        return old == b ? a : old;
    case L1_AT_SWAP:
        return a;
    case L1_AT_AND:
        return old & a;
    case L1_AT_OR:
        return old | a;
    case L1_AT_XOR:
        return old ^ a;
    case L1_AT_MIN:
        return (int32_t)old < (int32_t)a ? old : a;
    case L1_AT_MAX:
        return (int32_t)old > (int32_t)a ? old : a;
    case L1_AT_MINU:
        return old < a ? old : a;
    case L1_AT_MAXU:
        return old > a ? old : a;
    }
    return old;
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* a block rule that swaps the first two words and sets the last to a + b + c */
static void swap_and_sum(uint8_t block[16], uint32_t a, uint32_t b, uint32_t c)
{
    uint8_t w0[4];
    memcpy(w0, block, 4);
    memmove(block, block + 4, 4);
    memcpy(block + 4, w0, 4);
    uint32_t v = a + b + c;
    memcpy(block + 12, &v, 4);
}

/* l1_atomic_block: the rule sees and changes the whole block atomically, the old block comes
 * back, it holds the bank rmw_cycles like any atomic; misaligned or split blocks are refused. */
static void test_block_atomic(void)
{
    L1Config g = l1_config_default();
    Tb *t = tb_new(&g);
    const uint32_t before[4] = {11, 22, 33, 44};
    CHECK_OK(l1_debug_write(&t->l, 0x6000, before, 16));
    t->now = 100;
    CHECK_OK(l1_atomic_block(&t->l, L1_THCON, 0x6000, swap_and_sum, 1, 2, 3, 7, t->now));
    run_idle(t, 100);
    const L1Done *d = find(t, 7);
    CHECK(d && d->bytes == 16 && !memcmp(d->data, before, 16));
    uint32_t after[4];
    CHECK_OK(l1_debug_read(&t->l, 0x6000, after, 16));
    CHECK_EQ_U32(after[0], 22);
    CHECK_EQ_U32(after[1], 11);
    CHECK_EQ_U32(after[2], 33);
    CHECK_EQ_U32(after[3], 6);
    CHECK_EQ_U64(done_at(t, 7), 100 + g.rmw_cycles - 1 + g.access_latency_cycles);
    CHECK_EQ_U32(l1_atomic_block(&t->l, L1_THCON, 0x6004, swap_and_sum, 0, 0, 0, 8, t->now),
                 BH_ERR_ACCESS);
    tb_free(t);
    g.bank_width_bytes = 8;
    g.interleave_bytes = 8;
    t = tb_new(&g);
    CHECK_EQ_U32(l1_atomic_block(&t->l, L1_THCON, 0x6000, swap_and_sum, 0, 0, 0, 9, t->now),
                 BH_ERR_ACCESS);
    tb_free(t);
}

static void test_atomics(void)
{
    L1Config g = l1_config_default();
    Tb *t = tb_new(&g);
    uint64_t lat = g.access_latency_cycles, rmw = g.rmw_cycles;
    /* every op: returns the old value, stores the documented new value */
    static const uint32_t olds[] = {41, 0xab0000ff, 0x80000000, 7};
    static const uint32_t as[] = {1, 0x7fffffff, 5, 0xfffffff0};
    static const uint32_t bs[] = {0xffffffff, 0xff, 41, 7};
    uint64_t token = 1;
    for (uint32_t op = 0; op < L1_AT_OPS; op++)
        for (uint32_t i = 0; i < BH_ARRAY_LEN(olds); i++, token++) {
            uint64_t addr = 0x4000 + 4 * (token % 4);
            CHECK_OK(l1_debug_write(&t->l, addr, &olds[i], 4));
            CHECK_OK(l1_atomic(&t->l, L1_NOC0, addr, op, as[i], bs[i], token, t->now));
            run_idle(t, 100);
            const L1Done *d = find(t, token);
            uint32_t now_val;
            CHECK_OK(l1_debug_read(&t->l, addr, &now_val, 4));
            if (!d || le32(d->data) != olds[i] ||
                now_val != ref_atomic(op, olds[i], as[i], bs[i])) {
                fprintf(stderr, "  op %s case %u\n", l1_atomic_name(op), i);
                CHECK(0);
            }
        }
    /* an atomic holds the bank rmw_cycles: it finishes rmw - 1 after a read granted with it */
    t->now = 1000;
    CHECK_OK(l1_atomic(&t->l, L1_THCON, in_bank(&g, 3, 9), L1_AT_INCR, 1, ~0u, 500, t->now));
    CHECK_OK(l1_request(&t->l, L1_NOC1, in_bank(&g, 4, 9), 4, 0, NULL, 501, t->now));
    run_idle(t, 100);
    CHECK_EQ_U64(done_at(t, 500), 1000 + rmw - 1 + lat);
    CHECK_EQ_U64(done_at(t, 501), 1000 + lat);
    /* errors */
    CHECK_EQ_U32(l1_atomic(&t->l, L1_NOC0, 0x4002, L1_AT_INCR, 1, ~0u, 1, t->now), BH_ERR_ACCESS);
    CHECK_EQ_U32(l1_atomic(&t->l, L1_UNPACK0, 0x4000, L1_AT_INCR, 1, ~0u, 1, t->now),
                 BH_ERR_ACCESS);
    CHECK_EQ_U32(l1_atomic(&t->l, L1_NOC0, 0x4000, L1_AT_OPS, 1, ~0u, 1, t->now),
                 BH_ERR_UNSUPPORTED);
    CHECK_EQ_U32(l1_atomic(&t->l, L1_NOC0, g.size_bytes, L1_AT_INCR, 1, ~0u, 1, t->now),
                 BH_ERR_ADDR);

    /* contention: every writing client increments one counter; each old value once */
    enum { PER = 60 };
    const uint64_t ctr = 0x8000;
    uint32_t zero = 0, clients[L1_CLIENTS], nc = 0, issued[L1_CLIENTS] = {0};
    CHECK_OK(l1_debug_write(&t->l, ctr, &zero, 4));
    for (uint32_t k = 0; k < L1_CLIENTS; k++)
        if (can(&g, k, L1_DIR_WRITE))
            clients[nc++] = k;
    t->nlog = 0;
    t->ndone = 0;
    uint64_t start = t->now + 1;
    for (t->now = start; t->ndone < (uint64_t)nc * PER && t->now < start + 100000; t->now++) {
        for (uint32_t i = 0; i < nc; i++)
            while (issued[i] < PER &&
                   l1_atomic(&t->l, clients[i], ctr, L1_AT_INCR, 1, ~0u,
                             (uint64_t)clients[i] << 32 | issued[i], t->now) == BH_OK)
                issued[i]++;
        l1_step(&t->l, t->now);
        take(t);
    }
    run_idle(t, 1000);
    uint32_t total = nc * PER, final;
    CHECK_OK(l1_debug_read(&t->l, ctr, &final, 4));
    CHECK_EQ_U32(final, total);
    CHECK_EQ_U64(t->nlog, total);
    uint8_t *seen = calloc(total, 1);
    for (uint32_t i = 0; i < t->nlog; i++) {
        uint32_t old = le32(t->log[i].data);
        CHECK(old < total && !seen[old]);
        if (old < total)
            seen[old] = 1;
    }
    free(seen);
    tb_free(t);
}

/* Keeps every listed client's queue full of one-word requests to bank 0 for `cycles`. */
static void hammer(Tb *t, const uint32_t *clients, uint32_t n, uint64_t cycles)
{
    static const uint8_t w[16];
    uint32_t next[L1_CLIENTS] = {0};
    for (uint64_t c = 0; c < cycles; c++, t->now++) {
        for (uint32_t i = 0; i < n; i++) {
            uint32_t k = clients[i];
            int wr = !can(&t->g, k, L1_DIR_READ);
            while (l1_request(&t->l, k, in_bank(&t->g, 0, 1 + k * 64 + next[k] % 64), 16, wr, w,
                              next[k], t->now) == BH_OK)
                next[k]++;
        }
        l1_step(&t->l, t->now);
        take(t);
    }
}

static void test_fairness(void)
{
    const uint64_t cycles = 10000;
    /* a. twelve clients, one port each: the bank's round robin gives each 1/12 */
    L1Config g = l1_config_default();
    g.ports = L1_CLIENTS;
    uint32_t all[L1_CLIENTS];
    for (uint32_t k = 0; k < L1_CLIENTS; k++) {
        g.client_ports[k] = 1;
        g.port_of_client[k][0] = (uint8_t)k;
        g.port_dir[k][0] = L1_DIR_READ | L1_DIR_WRITE;
        all[k] = k;
    }
    Tb *t = tb_new(&g);
    hammer(t, all, L1_CLIENTS, cycles);
    for (uint32_t k = 0; k < L1_CLIENTS; k++) {
        int64_t d = (int64_t)t->l.st.client[k].accesses - (int64_t)(cycles / L1_CLIENTS);
        CHECK(d >= -1 && d <= 1);
    }
    CHECK_EQ_U64(t->l.st.bank_busy[0], cycles);
    tb_free(t);

    /* b. the default map: B, NC, T0 share port 2, T1, T2 share port 3; the bank alternates
     * between the two ports, each port between its clients */
    g = l1_config_default();
    t = tb_new(&g);
    static const uint32_t risc[] = {L1_BRISC, L1_NCRISC, L1_TRISC0, L1_TRISC1, L1_TRISC2};
    hammer(t, risc, 5, cycles);
    for (uint32_t i = 0; i < 5; i++) {
        uint64_t share = i < 3 ? cycles / 2 / 3 : cycles / 2 / 2;
        int64_t d = (int64_t)t->l.st.client[risc[i]].accesses - (int64_t)share;
        CHECK(d >= -1 && d <= 1);
    }
    tb_free(t);

    /* c. everyone on the default map (all read): each requesting port gets an equal share
     * of the bank, split equally between its turns: a client reading through it, or its inner
     * mux (WH L1.md: round robin at each mux), whose turn is split equally between the clients
     * behind it; unpackers and NoCs own several ports, so several shares */
    t = tb_new(&g);
    hammer(t, all, L1_CLIENTS, cycles);
    uint32_t outer[L1_PORTS_MAX] = {0}, inner[L1_PORTS_MAX] = {0}, nports = 0;
    for (uint32_t k = 0; k < L1_CLIENTS; k++)
        for (uint32_t s = 0; s < g.client_ports[k]; s++)
            if (g.port_dir[k][s] & L1_DIR_READ) {
                const uint32_t p = g.port_of_client[k][s];
                nports += outer[p] + inner[p] == 0;
                if (!g.port_inner[k][s])
                    outer[p]++;
                else if (inner[p]++ == 0)
                    outer[p]++; /* the inner mux's one turn */
            }
    for (uint32_t k = 0; k < L1_CLIENTS; k++) {
        double share = 0;
        for (uint32_t s = 0; s < g.client_ports[k]; s++)
            if (g.port_dir[k][s] & L1_DIR_READ) {
                const uint32_t p = g.port_of_client[k][s];
                share += (double)cycles / nports / outer[p] / (g.port_inner[k][s] ? inner[p] : 1);
            }
        double d = (double)t->l.st.client[k].accesses - share;
        if (d < -3 || d > 3) {
            fprintf(stderr, "  %s: %.1f accesses, share %.1f\n", l1_client_name(k),
                    (double)t->l.st.client[k].accesses, share);
            CHECK(0);
        }
    }
    CHECK_EQ_U64(t->l.st.bank_busy[0], cycles);
    tb_free(t);
}

static uint32_t lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*s >> 33);
}

/* Random mixed traffic: bytes conserved, waits fully attributed, memory equal to a shadow
 * (each client writes only its own 4 KiB region, so issue order per client decides). */
static void test_random_conservation(void)
{
    L1Config g = l1_config_default();
    Tb *t = tb_new(&g);
    enum { REGION = 4096 };
    uint8_t *shadow = calloc(L1_CLIENTS * REGION, 1);
    uint64_t seed = 12345, accepted = 0;
    for (t->now = 0; t->now < 20000; t->now++) {
        for (uint32_t tries = lcg(&seed) % 4; tries > 0; tries--) {
            uint32_t k = lcg(&seed) % L1_CLIENTS, kind = lcg(&seed) % 4;
            uint32_t bytes = 1 + lcg(&seed) % L1_REQ_BYTES_MAX;
            uint64_t base = (uint64_t)k * REGION, off = lcg(&seed) % (REGION - bytes + 1);
            uint8_t w[L1_REQ_BYTES_MAX];
            for (uint32_t i = 0; i < bytes; i++)
                w[i] = (uint8_t)lcg(&seed);
            uint64_t be = (uint64_t)lcg(&seed) << 32 | lcg(&seed);
            uint32_t a = lcg(&seed), op = lcg(&seed) % L1_AT_OPS;
            uint8_t *sh = shadow + base + off;
            BhStatus s;
            if (kind == 0 || !can(&g, k, L1_DIR_WRITE)) {
                s = l1_request(&t->l, k, base + off, bytes, 0, NULL, accepted, t->now);
            } else if (kind == 1) {
                s = l1_request(&t->l, k, base + off, bytes, 1, w, accepted, t->now);
                if (s == BH_OK)
                    memcpy(sh, w, bytes);
            } else if (kind == 2) {
                s = l1_request_masked(&t->l, k, base + off, bytes, w, be, accepted, t->now);
                for (uint32_t i = 0; s == BH_OK && i < bytes; i++)
                    if ((be >> i) & 1)
                        sh[i] = w[i];
            } else {
                off &= ~3ull;
                sh = shadow + base + off;
                s = l1_atomic(&t->l, k, base + off, op, a, a >> 7, accepted, t->now);
                if (s == BH_OK) {
                    uint32_t v = ref_atomic(op, le32(sh), a, a >> 7);
                    for (uint32_t i = 0; i < 4; i++)
                        sh[i] = (uint8_t)(v >> (8 * i));
                }
            }
            CHECK(s == BH_OK || s == BH_ERR_FULL);
            accepted += s == BH_OK;
        }
        l1_step(&t->l, t->now);
        take(t);
    }
    run_idle(t, 10000);
    const L1Stats *st = &t->l.st;
    CHECK(accepted > 10000);
    CHECK_EQ_U64(t->ndone, accepted);
    CHECK_EQ_U64(SUM_CLIENTS(st, requests), accepted);
    CHECK_EQ_U64(st->bytes_requested, st->bytes_moved);
    CHECK_EQ_U64(st->bytes_moved, st->bytes_completed);
    CHECK_EQ_U64(SUM_CLIENTS(st, bytes), st->bytes_moved);
    CHECK_EQ_U64(SUM_CLIENTS(st, wait_cycles),
                 sum_u64(&st->port_conflict[0][0], L1_PORTS_MAX * L1_CLIENTS) +
                     sum_u64(&st->bank_conflict[0][0], L1_BANKS_MAX * L1_CLIENTS));
    CHECK(SUM_CLIENTS(st, wait_cycles) > 0);
    /* the waiter-by-holder matrix splits every client's waits exactly */
    CHECK_EQ_U64(sum_u64(&st->waited_on[0][0], L1_CLIENTS * L1_CLIENTS),
                 SUM_CLIENTS(st, wait_cycles));
    for (uint32_t k = 0; k < L1_CLIENTS; k++)
        CHECK_EQ_U64(sum_u64(st->waited_on[k], L1_CLIENTS), st->client[k].wait_cycles);
    uint8_t *mem = malloc(L1_CLIENTS * REGION);
    CHECK_OK(l1_debug_read(&t->l, 0, mem, L1_CLIENTS * REGION));
    CHECK(memcmp(mem, shadow, L1_CLIENTS * REGION) == 0);
    CHECK(l1_idle(&t->l));
    free(mem);
    free(shadow);
    tb_free(t);
}

/* A client's queue of a direction holds queue_depth requests per port it has for it: unpacker
 * 0 reads through 4 ports, the Mover reads through one and writes through another. */
static void test_queue_per_port(void)
{
    static const uint8_t w[16];
    L1Config g = l1_config_default();
    Tb *t = tb_new(&g);
    for (uint32_t i = 0; i < 4 * g.queue_depth; i++)
        CHECK_OK(l1_request(&t->l, L1_UNPACK0, 16 * i, 16, 0, NULL, i, 0));
    CHECK_EQ_U32(l1_request(&t->l, L1_UNPACK0, 0, 16, 0, NULL, 99, 0), BH_ERR_FULL);
    for (uint32_t i = 0; i < g.queue_depth; i++)
        CHECK_OK(l1_request(&t->l, L1_MOVER, 16 * i, 16, 0, NULL, i, 0));
    CHECK_EQ_U32(l1_request(&t->l, L1_MOVER, 0, 16, 0, NULL, 99, 0), BH_ERR_FULL);
    for (uint32_t i = 0; i < g.queue_depth; i++)
        CHECK_OK(l1_request(&t->l, L1_MOVER, 0x1000 + 16 * i, 16, 1, w, i, 0));
    CHECK_EQ_U32(l1_request(&t->l, L1_MOVER, 0x2000, 16, 1, w, 99, 0), BH_ERR_FULL);
    tb_free(t);
}

static void test_queue_full(void)
{
    L1Config g = l1_config_default();
    Tb *t = tb_new(&g);
    for (uint32_t i = 0; i < g.queue_depth; i++)
        CHECK_OK(l1_request(&t->l, L1_BRISC, 16 * i, 4, 0, NULL, i, 0));
    L1Stats before = t->l.st;
    CHECK_EQ_U32(l1_request(&t->l, L1_BRISC, 0, 4, 0, NULL, 99, 0), BH_ERR_FULL);
    CHECK(memcmp(&before, &t->l.st, sizeof before) == 0);
    CHECK_OK(l1_request(&t->l, L1_NCRISC, 0, 4, 0, NULL, 99, 0)); /* queues are per client */
    /* finished but not taken still occupies the queue */
    for (uint64_t c = 0; c < 100; c++)
        l1_step(&t->l, c);
    CHECK_EQ_U32(l1_request(&t->l, L1_BRISC, 0, 4, 0, NULL, 99, 100), BH_ERR_FULL);
    L1Done d;
    CHECK_EQ_U32(l1_take_done(&t->l, &d, 1), 1);
    CHECK_OK(l1_request(&t->l, L1_BRISC, 0, 4, 0, NULL, 99, 100));
    tb_free(t);
}

static void test_errors_change_nothing(void)
{
    L1Config g = l1_config_default();
    Tb *t = tb_new(&g);
    uint8_t w[64];
    memset(w, 0x5a, sizeof w);
    CHECK_OK(l1_debug_write(&t->l, g.size_bytes - 64, w, 64));
    uint8_t *snap = malloc(g.size_bytes);
    memcpy(snap, t->l.mem, g.size_bytes);
    L1Stats before = t->l.st;
    uint64_t guest0 = bh_log_count(&test_log, BH_LOG_GUEST);
    CHECK_EQ_U32(l1_request(&t->l, L1_NOC0, g.size_bytes - 4, 8, 1, w, 1, 0), BH_ERR_ADDR);
    CHECK_EQ_U32(l1_request(&t->l, L1_NOC0, g.size_bytes, 1, 0, NULL, 1, 0), BH_ERR_ADDR);
    CHECK_EQ_U32(l1_request(&t->l, L1_NOC0, UINT64_MAX - 2, 8, 0, NULL, 1, 0), BH_ERR_ADDR);
    CHECK_EQ_U32(l1_request_masked(&t->l, L1_PACK, g.size_bytes + 64, 4, w, 1, 1, 0), BH_ERR_ADDR);
    CHECK_EQ_U32(l1_request(&t->l, L1_NOC0, 0, 0, 0, NULL, 1, 0), BH_ERR_ACCESS);
    CHECK_EQ_U32(l1_request(&t->l, L1_NOC0, 0, L1_REQ_BYTES_MAX + 1, 0, NULL, 1, 0), BH_ERR_ACCESS);
    CHECK_EQ_U32(l1_request(&t->l, L1_UNPACK1, 0, 16, 1, w, 1, 0), BH_ERR_ACCESS);
    CHECK_EQ_U32(l1_debug_read(&t->l, g.size_bytes - 1, w, 2), BH_ERR_ADDR);
    CHECK_EQ_U32(l1_debug_write(&t->l, g.size_bytes, w, 1), BH_ERR_ADDR);
    CHECK_EQ_U64(bh_log_count(&test_log, BH_LOG_GUEST) - guest0, 7);
    CHECK(memcmp(&before, &t->l.st, sizeof before) == 0);
    CHECK(memcmp(snap, t->l.mem, g.size_bytes) == 0);
    CHECK(l1_idle(&t->l));
    CHECK_EQ_U64(l1_step(&t->l, 0), BH_IDLE);
    /* the last byte is accepted */
    CHECK_OK(l1_request(&t->l, L1_NOC0, g.size_bytes - 1, 1, 0, NULL, 7, 0));
    run_idle(t, 100);
    CHECK(find(t, 7) && find(t, 7)->data[0] == 0x5a);
    free(snap);
    tb_free(t);
}

static void expect_reject(const L1Config *g, const char *field)
{
    char why[256] = "";
    CHECK_EQ_U32(l1_config_check(g, why, sizeof why), BH_ERR_CONFIG);
    if (strncmp(why, field, strlen(field)) != 0) {
        fprintf(stderr, "  expected \"%s...\", got \"%s\"\n", field, why);
        CHECK(0);
    }
    L1 *l = malloc(sizeof *l);
    CHECK_EQ_U32(l1_init(l, g, &test_log), BH_ERR_CONFIG);
    free(l);
}

static void test_config_check(void)
{
    char why[256];
    L1Config d = l1_config_default(), g;
    CHECK_OK(l1_config_check(&d, why, sizeof why));
    L1Config wh = l1_config_wormhole();
    CHECK_OK(l1_config_check(&wh, why, sizeof why));
    CHECK_EQ_U32(d.size_bytes, 1536u * 1024);
    CHECK_EQ_U32(d.size_bytes / d.banks, 48u * 1024);
    CHECK_EQ_U32(wh.size_bytes / wh.banks, 91u * 1024 + 512); /* 91.5 KiB */
#define L1_X_RANGE(name, def, lo, hi, doc)                                                         \
    g = d;                                                                                         \
    g.name = (uint32_t)(lo)-1;                                                                     \
    if ((uint32_t)(lo) > 0)                                                                        \
        expect_reject(&g, #name);                                                                  \
    g = d;                                                                                         \
    g.name = (uint32_t)(hi) + 1;                                                                   \
    expect_reject(&g, #name);
    L1_PARAMS(L1_X_RANGE)
#undef L1_X_RANGE
    g = d;
    g.bank_width_bytes = 24;
    g.interleave_bytes = 48;
    expect_reject(&g, "bank_width_bytes");
    g = d;
    g.interleave_bytes = 24;
    expect_reject(&g, "interleave_bytes");
    g = d;
    g.size_bytes = 1536u * 1024 - 256;
    expect_reject(&g, "size_bytes");
    g = d;
    g.client_ports[L1_NOC1] = 0;
    expect_reject(&g, "client_ports.noc1");
    g = d;
    g.client_ports[L1_NOC1] = L1_CLIENT_PORTS_MAX + 1;
    expect_reject(&g, "client_ports.noc1");
    g = d;
    g.port_of_client[L1_MOVER][1] = (uint8_t)d.ports;
    expect_reject(&g, "port_of_client.mover[1]");
    g = d;
    g.port_dir[L1_THCON][0] = 0;
    expect_reject(&g, "port_dir.thcon[0]");
    g = d;
    g.port_dir[L1_THCON][0] = 4;
    expect_reject(&g, "port_dir.thcon[0]");
    g = d;
    g.port_of_client[L1_UNPACK0][3] = 9;
    expect_reject(&g, "port_of_client.unpack0[3]");
    /* contiguous banks are a valid what-if */
    g = d;
    g.interleave_bytes = g.size_bytes / g.banks;
    CHECK_OK(l1_config_check(&g, why, sizeof why));
}

static void test_idle_and_next_event(void)
{
    L1Config g = l1_config_default();
    Tb *t = tb_new(&g);
    CHECK_EQ_U64(l1_step(&t->l, 0), BH_IDLE);
    CHECK_EQ_U64(l1_step(&t->l, 5), BH_IDLE);
    CHECK_OK(l1_request(&t->l, L1_TRISC1, 64, 16, 0, NULL, 1, 5));
    CHECK_EQ_U64(l1_step(&t->l, 5), 5 + g.access_latency_cycles); /* granted, waits to finish */
    CHECK_EQ_U64(l1_step(&t->l, 5), 5 + g.access_latency_cycles); /* a second call is harmless */
    CHECK_EQ_U64(l1_step(&t->l, 5 + g.access_latency_cycles), BH_IDLE);
    take(t);
    CHECK_EQ_U64(done_at(t, 1), 5 + g.access_latency_cycles);
    CHECK_EQ_U64(t->l.st.bank_busy[l1_bank_of(&t->l, 64)], 1);
    /* a request arriving after the cycle's step: the port and bank it used stay used */
    CHECK_OK(l1_request(&t->l, L1_TRISC1, 96, 16, 0, NULL, 2, 20));
    CHECK_EQ_U64(l1_step(&t->l, 20), 20 + g.access_latency_cycles);
    CHECK_OK(l1_request(&t->l, L1_TRISC2, 128, 16, 0, NULL, 3, 20)); /* same port 3 */
    CHECK_EQ_U64(l1_step(&t->l, 20), 21);
    t->now = 21;
    run_idle(t, 100);
    CHECK_EQ_U64(done_at(t, 3), 21 + g.access_latency_cycles);
    CHECK_EQ_U64(t->l.st.client[L1_TRISC2].wait_cycles, 1);
    CHECK_EQ_U64(t->l.st.port_conflict[3][L1_TRISC1], 1);
    tb_free(t);
}

typedef struct Stream {
    uint32_t client, bytes;
    int write;
    uint64_t base, next, outstanding;
} Stream;

/* Sequential streams for `cycles`, each of its own client and direction, each keeping as many
 * requests as its L1 queue takes (queue_depth per port it has for the direction); returns in `rate`
 * each stream's client's accesses per cycle over the second half, after the pipelines fill. */
static void stream(Tb *t, Stream *s, uint32_t n, uint64_t cycles, double *rate)
{
    static const uint8_t w[L1_REQ_BYTES_MAX];
    uint64_t mid[L1_CLIENTS] = {0};
    for (uint64_t c = 0; c < cycles; c++, t->now++) {
        if (c == cycles / 2)
            for (uint32_t i = 0; i < n; i++)
                mid[i] = t->l.st.client[s[i].client].accesses;
        for (uint32_t i = 0; i < n; i++)
            while (l1_request(&t->l, s[i].client, s[i].base + s[i].next % 65536, s[i].bytes,
                              s[i].write, w, i, t->now) == BH_OK) {
                s[i].next += s[i].bytes;
                s[i].outstanding++;
            }
        l1_step(&t->l, t->now);
        L1Done d[32];
        for (uint32_t got; (got = l1_take_done(&t->l, d, 32)) > 0;)
            for (uint32_t k = 0; k < got; k++)
                s[d[k].token].outstanding--;
    }
    for (uint32_t i = 0; i < n; i++)
        rate[i] = (double)(t->l.st.client[s[i].client].accesses - mid[i]) / (double)(cycles / 2);
}

/* The rates WormholeB0/TensixTile/L1.md gives, on the WH layout, and the BH NoC's doubling. */
static void test_documented_bandwidth(void)
{
    L1Config wh = l1_config_wormhole(), bh = l1_config_default();
    double r[2];
    /* "If just one unpacker is operating, it can theoretically achieve four 128-bit reads" */
    Tb *t = tb_new(&wh);
    Stream u0 = {L1_UNPACK0, 64, 0, 0, 0, 0};
    stream(t, &u0, 1, 2000, r);
    CHECK(r[0] > 3.99);
    tb_free(t);
    /* "If both unpackers are operating, they can theoretically jointly achieve five": ports 0
     * and 1 are their own, 9, 10, 11 shared. Their streams run 8 banks apart: in step, bank
     * conflicts would take away part of the fifth read. */
    t = tb_new(&wh);
    Stream u01[2] = {{L1_UNPACK0, 64, 0, 0, 0, 0}, {L1_UNPACK1, 64, 0, 0x80080, 0, 0}};
    stream(t, u01, 2, 2000, r);
    CHECK(r[0] + r[1] > 4.99 && r[0] + r[1] <= 5.0);
    tb_free(t);
    /* "each NoC to read 256 bits per cycle and write 256 bits per cycle" */
    t = tb_new(&wh);
    Stream n0[2] = {{L1_NOC0, 64, 0, 0, 0, 0}, {L1_NOC0, 64, 1, 0x80000, 0, 0}};
    stream(t, n0, 2, 2000, r);
    CHECK(r[0] > 3.95 && r[0] <= 4.0); /* reads and writes together: 2 + 2 words */
    tb_free(t);
    /* Blackhole default: 4 write + 4 read ports per NoC, one 512-bit flit each way per cycle */
    t = tb_new(&bh);
    n0[0].next = n0[1].next = n0[0].outstanding = n0[1].outstanding = 0;
    stream(t, n0, 2, 2000, r);
    CHECK(r[0] > 7.9 && r[0] <= 8.0);
    tb_free(t);
    /* "one 32-bit write every five cycles" for RISCV stores (narrow: read-modify-write) */
    t = tb_new(&bh);
    Stream st = {L1_BRISC, 4, 1, 0, 0, 0};
    stream(t, &st, 1, 2000, r);
    CHECK(r[0] > 0.199 && r[0] <= 0.2);
    tb_free(t);
}

static void quiet(void *ctx, BhLogLevel level, const char *msg)
{
    (void)ctx;
    (void)level;
    (void)msg;
}

int main(void)
{
    bh_log_set_sink(&test_log, quiet,
                    NULL); /* guest-error messages are expected here; counts are checked */
    RUN(test_round_trip_every_client);
    RUN(test_same_bank_serializes);
    RUN(test_same_port_round_robin);
    RUN(test_narrow_write_blocks);
    RUN(test_atomics);
    RUN(test_fairness);
    RUN(test_random_conservation);
    RUN(test_queue_full);
    RUN(test_queue_per_port);
    RUN(test_errors_change_nothing);
    RUN(test_block_atomic);
    RUN(test_config_check);
    RUN(test_idle_and_next_event);
    RUN(test_documented_bandwidth);
    return check_failures();
}
