// SPDX-License-Identifier: Apache-2.0
/* Tensix L1 shared by clients (issue 27's proofs): a NoC client writing into a bank the
 * unpacker is reading shares that bank's cycles with it, and two clients on one port never
 * get more than one access a cycle through it together. Expected figures are formulas over the
 * configuration (access_latency_cycles, rmw_cycles), never numbers read back from the model. */
#include <stdlib.h>
#include <string.h>
#include "model/tile/l1.h"
#include "tests/check.h"
#include "tests/test_log.h"

enum { WORDS = 64, MAX_DONE = 8192 };

static uint64_t lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

/* An address in bank `bank` (default word interleave), `n` stripes up. */
static uint64_t in_bank(const L1Config *g, uint32_t bank, uint32_t n)
{
    return (uint64_t)n * g->interleave_bytes * g->banks + (uint64_t)bank * g->interleave_bytes;
}

/* Each completion's cycle, by its token. */
static void take_done(L1 *l, uint64_t *done_at)
{
    L1Done d[32];
    for (uint32_t n; (n = l1_take_done(l, d, 32)) > 0;)
        for (uint32_t i = 0; i < n; i++)
            done_at[d[i].token] = d[i].done_cycle;
}

/* Runs cycles from `now` until the L1 is idle, keeping each completion's cycle by token. */
static uint64_t drain(L1 *l, uint64_t now, uint64_t *done_at)
{
    uint64_t last = now;
    for (uint64_t next = now; next != BH_IDLE;) {
        last = next;
        next = l1_step(l, last);
        take_done(l, done_at);
    }
    return last;
}

/* Unpacker 0 reads WORDS bank words of bank 3 alone, then again while NoC0 writes WORDS words
 * into the same bank (read data landing): the bank grants one access a cycle, so together they
 * take 2 WORDS of its cycles, each waits behind the other, and the unpacker's reads end about
 * WORDS cycles later than alone. */
static void test_landing_shares_the_unpackers_bank(void)
{
    const L1Config g = l1_config_default();
    const uint64_t lat = g.access_latency_cycles;
    static const uint8_t w[16] = {7};
    uint64_t *done_at = calloc(MAX_DONE, sizeof *done_at);
    for (int with_noc = 0; with_noc <= 1; with_noc++) {
        L1 l;
        CHECK_OK(l1_init(&l, &g, &test_log));
        uint32_t reads = 0, writes = 0;
        uint64_t now = 0;
        /* each client offers its next access every cycle; its queue takes what it can */
        for (; reads < WORDS || (with_noc && writes < WORDS); now++) {
            if (reads < WORDS &&
                l1_request(&l, L1_UNPACK0, in_bank(&g, 3, reads), 16, 0, NULL, reads, now) == BH_OK)
                reads++;
            if (with_noc && writes < WORDS &&
                l1_request(&l, L1_NOC0, in_bank(&g, 3, WORDS + writes), 16, 1, w, WORDS + writes,
                           now) == BH_OK)
                writes++;
            l1_step(&l, now);
            take_done(&l, done_at);
        }
        drain(&l, now, done_at);
        const L1Stats *st = &l.st;
        uint64_t last_read = 0, last = 0;
        for (uint32_t i = 0; i < WORDS; i++)
            last_read = BH_MAX(last_read, done_at[i]);
        const uint32_t total = WORDS * (1 + with_noc);
        /* one grant of bank 3 a cycle: the completions are all distinct */
        for (uint32_t i = 0; i < total; i++) {
            last = BH_MAX(last, done_at[i]);
            for (uint32_t j = 0; j < i; j++)
                CHECK(done_at[i] != done_at[j]);
        }
        CHECK_EQ_U64(st->bank_busy[3], total);
        CHECK(last >= total - 1 + lat);
        if (!with_noc) { /* alone: one read a cycle */
            CHECK_EQ_U64(last_read, WORDS - 1 + lat);
            CHECK_EQ_U64(st->client[L1_UNPACK0].wait_cycles, 0);
            l1_destroy(&l);
            continue;
        }
        /* shared round robin: the unpacker's last read lands within a few cycles of the
         * bank's last grant, not WORDS cycles before it */
        CHECK_EQ_U64(last, total - 1 + lat);
        CHECK(last_read + 4 >= last);
        CHECK(st->waited_on[L1_UNPACK0][L1_NOC0] >= WORDS - 2);
        CHECK(st->waited_on[L1_NOC0][L1_UNPACK0] >= WORDS - 2);
        /* nobody else holds the bank: each waits behind the other or its own accesses on its
         * other ports */
        CHECK_EQ_U64(st->client[L1_UNPACK0].wait_cycles,
                     st->waited_on[L1_UNPACK0][L1_NOC0] + st->waited_on[L1_UNPACK0][L1_UNPACK0]);
        CHECK_EQ_U64(st->client[L1_NOC0].wait_cycles,
                     st->waited_on[L1_NOC0][L1_UNPACK0] + st->waited_on[L1_NOC0][L1_NOC0]);
        l1_destroy(&l);
    }
    free(done_at);
}

/* BRISC and NCRISC share port 2. Random whole-word reads and writes to random banks, and
 * narrow writes (read-modify-writes: rmw_cycles each): the port's busy cycles are exactly its
 * accesses' holding times, never more than the cycles that passed, and the whole-word accesses'
 * grants (completion minus latency) are never two in one cycle. */
static void test_two_clients_one_port(void)
{
    const L1Config g = l1_config_default();
    const uint64_t lat = g.access_latency_cycles;
    L1 l;
    CHECK_OK(l1_init(&l, &g, &test_log));
    uint64_t *done_at = calloc(MAX_DONE, sizeof *done_at);
    uint8_t *narrow = calloc(MAX_DONE, 1);
    uint64_t seed = 27, now = 0, hold = 0;
    uint32_t n = 0;
    static const uint8_t w[16] = {1, 2, 3, 4};
    for (; now < 3000 && n < MAX_DONE; now++) {
        for (uint32_t k = L1_BRISC; k <= L1_NCRISC; k++) {
            const uint32_t kind = (uint32_t)(lcg(&seed) % 8);
            const uint64_t addr = in_bank(&g, (uint32_t)(lcg(&seed) % g.banks), (k + 2 * n) % 512);
            BhStatus s = kind < 4   ? l1_request(&l, k, addr, 16, 0, NULL, n, now)
                         : kind < 7 ? l1_request(&l, k, addr, 16, 1, w, n, now)
                                    : l1_request(&l, k, addr, 4, 1, w, n, now);
            CHECK(s == BH_OK || s == BH_ERR_FULL);
            if (s == BH_OK) {
                narrow[n] = kind == 7;
                hold += kind == 7 ? g.rmw_cycles : 1;
                n++;
            }
        }
        l1_step(&l, now);
        take_done(&l, done_at);
    }
    const uint64_t end = drain(&l, now, done_at);
    CHECK(n > 1000);
    CHECK_EQ_U64(l.st.port_busy[2], hold);
    CHECK(l.st.port_busy[2] <= end + 1);
    /* whole-word grants: sort their cycles and look for a repeat */
    uint64_t *grant = calloc(n, sizeof *grant);
    uint32_t whole = 0, repeats = 0;
    for (uint32_t i = 0; i < n; i++)
        if (!narrow[i])
            grant[whole++] = done_at[i] - lat;
    for (uint32_t i = 1; i < whole; i++) /* insertion sort: a few thousand */
        for (uint32_t j = i; j > 0 && grant[j - 1] > grant[j]; j--) {
            const uint64_t x = grant[j];
            grant[j] = grant[j - 1];
            grant[j - 1] = x;
        }
    for (uint32_t i = 1; i < whole; i++)
        repeats += grant[i] == grant[i - 1];
    CHECK_EQ_U32(repeats, 0);
    /* and the port was the bottleneck: both waited behind each other */
    CHECK(l.st.waited_on[L1_BRISC][L1_NCRISC] > 0 && l.st.waited_on[L1_NCRISC][L1_BRISC] > 0);
    free(grant);
    free(narrow);
    free(done_at);
    l1_destroy(&l);
}

int main(void)
{
    RUN(test_landing_shares_the_unpackers_bank);
    RUN(test_two_clients_one_port);
    return check_failures();
}
