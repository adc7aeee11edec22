// SPDX-License-Identifier: Apache-2.0
/* tests/api/test_api.c - a host program in C that knows bhsim only through platform/bhsim.h:
 * chips created from a product name and overrides, bytes moved by backdoor into and out of L1
 * and DRAM, time advanced, the report read; timed NoC reads through a tile's NIU checked
 * against the zero-load formula; two chips in one process, which must keep their own time,
 * memory and log apart; then the errors a host program can make. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include "platform/bhsim.h"
#include "tests/check.h"

static const char *const kNone[] = {"workload.name=none"};

static BhChip *make(const char *config)
{
    BhChipOptions o = {0};
    o.config = config;
    o.sets = kNone;
    o.nsets = 1;
    o.quiet = 1;
    char err[512] = "";
    BhChip *c = NULL;
    CHECK_EQ_U32(bh_chip_create(&o, &c, err, sizeof err), BH_CHIP_OK);
    if (!c) {
        fprintf(stderr, "test_api: %s\n", err);
        exit(1);
    }
    return c;
}

static void fill(uint8_t *b, size_t n, uint32_t seed)
{
    for (size_t i = 0; i < n; i++)
        b[i] = (uint8_t)(i * 7u + seed * 13u + (i >> 8));
}

/* 4 KiB into Tensix (1,2)'s L1 and back; a DRAM endpoint's store; nothing outside the grid. */
static void test_backdoor(BhChip *c, uint32_t seed)
{
    uint8_t in[4096], out[4096];
    fill(in, sizeof in, seed);
    CHECK_EQ_U32(bh_chip_mem_write(c, 1, 2, 0x10000, in, sizeof in), BH_CHIP_OK);
    memset(out, 0, sizeof out);
    CHECK_EQ_U32(bh_chip_mem_read(c, 1, 2, 0x10000, out, sizeof out), BH_CHIP_OK);
    CHECK(memcmp(in, out, sizeof in) == 0);
    CHECK(strcmp(bh_chip_tile_kind(c, 0, 0), "dram") == 0);
    CHECK_EQ_U32(bh_chip_mem_write(c, 0, 0, 0x12345678, in, 64), BH_CHIP_OK);
    memset(out, 0, 64);
    CHECK_EQ_U32(bh_chip_mem_read(c, 0, 0, 0x12345678, out, 64), BH_CHIP_OK);
    CHECK(memcmp(in, out, 64) == 0);
    /* the last byte of L1 is reachable, one past it is not */
    CHECK_EQ_U32(bh_chip_mem_write(c, 1, 2, 1536 * 1024 - 1, in, 1), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_mem_write(c, 1, 2, 1536 * 1024 - 1, in, 2), BH_CHIP_ERR_ADDRESS);
    CHECK_EQ_U32(bh_chip_mem_read(c, 99, 2, 0, out, 4), BH_CHIP_ERR_ADDRESS);
    CHECK(bh_chip_tile_kind(c, 17, 0) == NULL);
}

static void test_one_chip(void)
{
    BhChip *c = make("p150b");
    CHECK_EQ_U32(bh_chip_width(c), 17);
    CHECK_EQ_U32(bh_chip_height(c), 12);
    CHECK(strcmp(bh_chip_tile_kind(c, 1, 2), "tensix") == 0);
    CHECK_EQ_U64(bh_chip_now(c), 0);
    test_backdoor(c, 1);
    CHECK_EQ_U32(bh_chip_advance(c, 1000), BH_CHIP_OK);
    CHECK_EQ_U64(bh_chip_now(c), 1000);
    CHECK_EQ_U32(bh_chip_advance(c, 4321), BH_CHIP_OK);
    CHECK_EQ_U64(bh_chip_now(c), 5321);
    const char *r = bh_chip_report(c);
    CHECK(r && strstr(r, "\"cycles\":5321") != NULL);
    CHECK(strcmp(bh_chip_error(c), "") == 0);
    bh_chip_free(c);
}

/* Two chips: each keeps its own clock and bytes; freeing one leaves the other working. */
static void test_two_chips(void)
{
    BhChip *a = make("p150b"), *b = make("p100a");
    test_backdoor(a, 2);
    test_backdoor(b, 3);
    CHECK_EQ_U32(bh_chip_advance(a, 700), BH_CHIP_OK);
    CHECK_EQ_U64(bh_chip_now(a), 700);
    CHECK_EQ_U64(bh_chip_now(b), 0);
    CHECK_EQ_U32(bh_chip_advance(b, 300), BH_CHIP_OK);
    CHECK_EQ_U64(bh_chip_now(a), 700);
    CHECK_EQ_U64(bh_chip_now(b), 300);
    uint8_t x[4096], y[4096], want[4096];
    CHECK_EQ_U32(bh_chip_mem_read(a, 1, 2, 0x10000, x, sizeof x), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_mem_read(b, 1, 2, 0x10000, y, sizeof y), BH_CHIP_OK);
    fill(want, sizeof want, 2);
    CHECK(memcmp(x, want, sizeof x) == 0);
    fill(want, sizeof want, 3);
    CHECK(memcmp(y, want, sizeof y) == 0);
    bh_chip_free(a);
    CHECK_EQ_U32(bh_chip_advance(b, 100), BH_CHIP_OK);
    CHECK_EQ_U64(bh_chip_now(b), 400);
    BhChip *c = make("p150a"); /* a chip created after another ran and was freed */
    CHECK_EQ_U64(bh_chip_now(c), 0);
    CHECK_EQ_U32(bh_chip_advance(c, 10), BH_CHIP_OK);
    CHECK_EQ_U64(bh_chip_now(b), 400);
    bh_chip_free(c);
    bh_chip_free(b);
}

/* What one chip's log sink received. */
typedef struct Heard {
    uint64_t n[4];
    char last[256];
} Heard;

static void hear(void *ctx, int level, const char *msg)
{
    Heard *h = ctx;
    if (level >= 0 && level < 4)
        h->n[level]++;
    snprintf(h->last, sizeof h->last, "%s", msg);
}

static BhChip *make_heard(Heard *h)
{
    BhChipOptions o = {0};
    o.config = "p150b";
    o.sets = kNone;
    o.nsets = 1;
    o.quiet = 1;
    o.log = hear;
    o.log_ctx = h;
    char err[512] = "";
    BhChip *c = NULL;
    CHECK_EQ_U32(bh_chip_create(&o, &c, err, sizeof err), BH_CHIP_OK);
    if (!c) {
        fprintf(stderr, "test_api: %s\n", err);
        exit(1);
    }
    return c;
}

/* Two chips that both log while they run, advanced in turns: each message reaches its own
 * chip's sink and counts, and a "once" message is given once per chip (each chip's blocks hold
 * their chip's log context). The messages: a NoC read of an L2CPU tile's memory, which is not
 * modeled (logged once, while the read is served), and a zero-length read (a guest error,
 * logged when it is refused). */
static void test_two_chips_log(void)
{
    Heard ha = {{0}, ""}, hb = {{0}, ""};
    BhChip *a = make_heard(&ha), *b = make_heard(&hb);
    uint32_t px = 0, py = 0;
    while (py < 12 && strcmp(bh_chip_tile_kind(a, px, py), "l2cpu") != 0)
        if (++px == 17)
            px = 0, py++;
    CHECK(py < 12);
    uint64_t ia, ib, extra;
    CHECK_EQ_U32(bh_chip_noc_read(a, 0, 5, 7, px, py, 0, 0x40000, 64, &ia), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_noc_read(b, 0, 5, 7, px, py, 0, 0x40000, 64, &ib), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_advance_until_done(a, ia, 100000), BH_CHIP_OK);
    CHECK_EQ_U64(ha.n[2], 1); /* not modeled: memory behind L2CPU */
    CHECK(strstr(ha.last, "L2CPU") != NULL);
    CHECK_EQ_U64(hb.n[2], 0); /* b has not run */
    CHECK_EQ_U64(bh_chip_log_count(a, 2), 1);
    CHECK_EQ_U64(bh_chip_log_count(b, 2), 0);
    CHECK_EQ_U32(bh_chip_noc_read(a, 0, 5, 7, 1, 2, 0, 0x60000, 0, &extra), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U64(ha.n[1], 1); /* a's guest error, not b's */
    CHECK_EQ_U64(hb.n[1], 0);
    CHECK_EQ_U32(bh_chip_advance(a, 50), BH_CHIP_OK); /* a runs on while b waits */
    CHECK_EQ_U32(bh_chip_advance_until_done(b, ib, 100000), BH_CHIP_OK);
    CHECK_EQ_U64(hb.n[2], 1); /* b gives the once-message too: its own once-flags */
    CHECK(strstr(hb.last, "L2CPU") != NULL);
    CHECK_EQ_U64(ha.n[2], 1);
    /* again on both, interleaved: once per chip stays once */
    CHECK_EQ_U32(bh_chip_noc_read(a, 0, 5, 7, px, py, 64, 0x40040, 64, &ia), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_noc_read(b, 0, 5, 7, px, py, 64, 0x40040, 64, &ib), BH_CHIP_OK);
    for (int i = 0; i < 50 && (bh_chip_access_done(a, ia, NULL, NULL) != 1 ||
                               bh_chip_access_done(b, ib, NULL, NULL) != 1);
         i++) {
        CHECK_EQ_U32(bh_chip_advance(b, 20), BH_CHIP_OK);
        CHECK_EQ_U32(bh_chip_advance(a, 20), BH_CHIP_OK);
    }
    CHECK_EQ_U32(bh_chip_access_done(a, ia, NULL, NULL), 1);
    CHECK_EQ_U32(bh_chip_access_done(b, ib, NULL, NULL), 1);
    CHECK_EQ_U32(bh_chip_noc_read(b, 0, 5, 7, 1, 2, 0, 0x60000, 0, &extra), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_noc_read(b, 0, 5, 7, 1, 2, 0, 0x60000, 0, &extra), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U64(ha.n[1], 1);
    CHECK_EQ_U64(hb.n[1], 2);
    CHECK_EQ_U64(ha.n[2], 1);
    CHECK_EQ_U64(hb.n[2], 1);
    CHECK_EQ_U64(bh_chip_log_count(a, 1), 1);
    CHECK_EQ_U64(bh_chip_log_count(b, 1), 2);
    bh_chip_free(a);
    bh_chip_free(b);
}

/* Zero-load latency of a packet of `flits` flits over `hops` router hops (model/noc/noc_net.h):
 * NIU to router, one router_latency per hop, router to NIU, then a flit per cycle. The stage
 * latencies are the documented defaults (docs/configuration.md, noc.*_cycles). */
static uint64_t zero_load(uint64_t router_latency, uint32_t hops, uint32_t flits)
{
    return 5 + hops * router_latency + 5 + (flits - 1);
}

/* Hops between NoC0 tiles on Blackhole's NoC0 (a unidirectional 17 x 12 torus, +x then +y). */
static uint32_t noc0_hops(uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1)
{
    return (x1 + 17 - x0) % 17 + (y1 + 12 - y0) % 12;
}

/* A 4 KiB read by Tensix (5,7)'s NIU of what the backdoor put in Tensix (1,2)'s L1, completes
 * at the cycle the zero-load formula gives: the request (1 flit) out, the response (header + 64
 * data flits) back, issued the cycle after the request; with timed L1 the source's reads add the
 * L1 access latency once (they stream one flit per cycle behind the first). */
static uint64_t read_4k(BhChip *c, uint32_t noc, uint32_t seed)
{
    uint8_t in[4096], out[4096];
    fill(in, sizeof in, seed);
    CHECK_EQ_U32(bh_chip_mem_write(c, 1, 2, 0x10000, in, sizeof in), BH_CHIP_OK);
    uint64_t id = 99, issued = 0, done = 0;
    CHECK_EQ_U32(bh_chip_noc_read(c, noc, 5, 7, 1, 2, 0x10000, 0x30000, sizeof in, &id),
                 BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_access_done(c, id, &issued, NULL), 0);
    CHECK_EQ_U32(bh_chip_advance_until_done(c, id, 100000), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_access_done(c, id, &issued, &done), 1);
    memset(out, 0, sizeof out);
    CHECK_EQ_U32(bh_chip_mem_read(c, 5, 7, 0x30000, out, sizeof out), BH_CHIP_OK);
    CHECK(memcmp(in, out, sizeof in) == 0);
    return done - issued;
}

static BhChip *make_with(const char *const *sets, int n)
{
    BhChipOptions o = {0};
    o.config = "p150b";
    o.sets = sets;
    o.nsets = n;
    o.quiet = 1;
    char err[512] = "";
    BhChip *c = NULL;
    CHECK_EQ_U32(bh_chip_create(&o, &c, err, sizeof err), BH_CHIP_OK);
    if (!c) {
        fprintf(stderr, "test_api: %s\n", err);
        exit(1);
    }
    return c;
}

static void test_noc_read(void)
{
    const uint32_t out_hops = noc0_hops(5, 7, 1, 2), back_hops = noc0_hops(1, 2, 5, 7);
    /* NoC1 runs the other way round the same rings: its request takes back_hops and its
     * response out_hops, which gives the same total for this pair */
    const uint64_t want = 1 + zero_load(9, out_hops, 1) + zero_load(9, back_hops, 1 + 64);
    const char *const untimed[] = {"workload.name=none", "l1.timed=false"};
    BhChip *c = make_with(untimed, 2);
    CHECK_EQ_U32(bh_chip_advance(c, 100), BH_CHIP_OK);
    CHECK_EQ_U64(read_4k(c, 0, 4), want);
    CHECK_EQ_U64(read_4k(c, 1, 5), want);
    bh_chip_free(c);
    /* timed L1s: the target's NIU reads the first flit 5 cycles before it can leave, the
     * requester's NIU writes the last one into its L1 (noc.local_l1_timed, the default) 5
     * cycles before the read is done; the writes in between overlap the flits' arrival */
    const char *const timed[] = {"workload.name=none", "l1.access_latency_cycles=5"};
    c = make_with(timed, 2);
    CHECK_EQ_U64(read_4k(c, 0, 6), want + 5 + 5);
    bh_chip_free(c);
    const char *const free_local[] = {"workload.name=none", "l1.access_latency_cycles=5",
                                      "noc.local_l1_timed=0"};
    c = make_with(free_local, 3);
    CHECK_EQ_U64(read_4k(c, 0, 7), want + 5);
    bh_chip_free(c);
}

/* Two chips in one process, each with its own router latency, reads interleaved: each obeys
 * its own zero-load formula and neither moves while the other runs. */
static void test_noc_read_two_chips(void)
{
    const char *const a_sets[] = {"workload.name=none", "l1.timed=false"};
    const char *const b_sets[] = {"workload.name=none", "l1.timed=false",
                                  "noc.router_latency_cycles=4"};
    BhChip *a = make_with(a_sets, 2), *b = make_with(b_sets, 3);
    uint8_t pa[4096], pb[4096], got[4096];
    fill(pa, sizeof pa, 7);
    fill(pb, sizeof pb, 8);
    CHECK_EQ_U32(bh_chip_mem_write(a, 1, 2, 0, pa, sizeof pa), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_mem_write(b, 1, 2, 0, pb, sizeof pb), BH_CHIP_OK);
    uint64_t ia, ib, issued, done;
    CHECK_EQ_U32(bh_chip_noc_read(a, 0, 5, 7, 1, 2, 0, 0x40000, 4096, &ia), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_noc_read(b, 0, 5, 7, 1, 2, 0, 0x40000, 4096, &ib), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_advance_until_done(b, ib, 100000), BH_CHIP_OK);
    CHECK_EQ_U64(bh_chip_now(a), 0);
    CHECK_EQ_U32(bh_chip_access_done(a, ia, NULL, NULL), 0);
    CHECK_EQ_U32(bh_chip_advance_until_done(a, ia, 100000), BH_CHIP_OK);
    const uint32_t h1 = noc0_hops(5, 7, 1, 2), h2 = noc0_hops(1, 2, 5, 7);
    CHECK_EQ_U32(bh_chip_access_done(a, ia, &issued, &done), 1);
    CHECK_EQ_U64(done - issued, 1 + zero_load(9, h1, 1) + zero_load(9, h2, 65));
    CHECK_EQ_U32(bh_chip_access_done(b, ib, &issued, &done), 1);
    CHECK_EQ_U64(done - issued, 1 + zero_load(4, h1, 1) + zero_load(4, h2, 65));
    CHECK_EQ_U32(bh_chip_mem_read(a, 5, 7, 0x40000, got, sizeof got), BH_CHIP_OK);
    CHECK(memcmp(got, pa, sizeof got) == 0);
    CHECK_EQ_U32(bh_chip_mem_read(b, 5, 7, 0x40000, got, sizeof got), BH_CHIP_OK);
    CHECK(memcmp(got, pb, sizeof got) == 0);
    bh_chip_free(a);
    bh_chip_free(b);
}

/* The NIU holds a bounded number of master requests: the one past them waits (BUSY) until
 * an earlier one completes; bad arguments are refused and name nothing in flight. */
static void test_noc_read_limits(void)
{
    const char *const sets[] = {"workload.name=none"};
    BhChip *c = make_with(sets, 1);
    uint64_t ids[64], extra;
    uint32_t n = 0;
    while (n < 64 &&
           bh_chip_noc_read(c, 0, 5, 7, 1, 2, 0, 0x50000 + n * 64, 64, &ids[n]) == BH_CHIP_OK)
        n++;
    CHECK(n >= 1 && n < 64);
    CHECK_EQ_U32(bh_chip_noc_read(c, 0, 5, 7, 1, 2, 0, 0x60000, 64, &extra), BH_CHIP_ERR_BUSY);
    CHECK_EQ_U32(bh_chip_advance_until_done(c, ids[0], 100000), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_noc_read(c, 0, 5, 7, 1, 2, 0, 0x60000, 64, &extra), BH_CHIP_OK);
    for (uint32_t i = 0; i < n; i++)
        CHECK_EQ_U32(bh_chip_advance_until_done(c, ids[i], 100000), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_advance_until_done(c, extra, 100000), BH_CHIP_OK);
    const uint64_t guest = bh_chip_log_count(c, 1);
    CHECK_EQ_U32(bh_chip_noc_read(c, 0, 5, 7, 1, 2, 0, 0x60000, 0, &extra), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U64(bh_chip_log_count(c, 1), guest + 1); /* a zero-length read is a guest error */
    CHECK_EQ_U32(bh_chip_noc_read(c, 2, 5, 7, 1, 2, 0, 0x60000, 64, &extra), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_noc_read(c, 0, 17, 7, 1, 2, 0, 0x60000, 64, &extra), BH_CHIP_ERR_ADDRESS);
    CHECK(bh_chip_access_done(c, 12345, NULL, NULL) == -1);
    bh_chip_free(c);
}

/* A window ended without a begin measures from the chip's creation: the report is built (it
 * threw std::out_of_range on the DRAM counters' missing start, which the API turned into a
 * stopped chip; fuzz_api found it) and its rates divide by the cycles given */
static void test_window_end_without_begin(void)
{
    const char *const sets[] = {"workload.name=none"};
    BhChip *c = make_with(sets, 1);
    CHECK_EQ_U32(bh_chip_advance(c, 1000), BH_CHIP_OK);
    bh_chip_window_end(c, 0);
    const char *r = bh_chip_report(c);
    CHECK(r != NULL && strstr(r, "\"dram\"") != NULL);
    CHECK(strcmp(bh_chip_error(c), "") == 0);
    bh_chip_free(c);
}

/* A host program that gives up says why: the chip stops (advance refuses), the report's error
 * object holds the kind and message at the cycle it failed, and a later failure does not
 * replace the first; empty or NULL kind and message are refused. */
static void test_fail(void)
{
    const char *const sets[] = {"workload.name=none"};
    BhChip *c = make_with(sets, 1);
    CHECK_EQ_U32(bh_chip_fail(c, NULL, "why"), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_fail(c, "livelock", ""), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_fail(NULL, "livelock", "why"), BH_CHIP_ERR_CONFIG);
    CHECK(strcmp(bh_chip_error(c), "") == 0);
    CHECK_EQ_U32(bh_chip_advance(c, 500), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_fail(c, "livelock", "no progress"), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_fail(c, "deadline", "later"), BH_CHIP_OK);
    CHECK(strcmp(bh_chip_error(c), "no progress") == 0);
    CHECK_EQ_U32(bh_chip_advance(c, 10), BH_CHIP_ERR_SIM);
    const char *r = bh_chip_report(c);
    CHECK(r != NULL &&
          strstr(r, "\"error\":{\"kind\":\"livelock\",\"message\":\"no progress\",\"cycle\":500}"));
    bh_chip_free(c);
}

/* The longest NoC read there is, 4 GiB - 1 bytes: the NIU splits it into 262144 packets
 * (the count wrapped to 0 in 32 bits, and the first packet sent ended the process with an
 * assertion; fuzz_api found it). It goes on for ever here: some cycles of it are enough. */
static void test_noc_read_longest(void)
{
    const char *const sets[] = {"workload.name=none"};
    BhChip *c = make_with(sets, 1);
    uint64_t id = 0;
    CHECK_EQ_U32(bh_chip_noc_read(c, 0, 5, 7, 1, 2, 0x10000, 0xfff00, UINT32_MAX, &id), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_advance(c, 3000), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_access_done(c, id, NULL, NULL), 0);
    bh_chip_free(c);
}

/* Until idle: a chip with nothing to do is idle at once; two reads in flight keep it busy until
 * the later has landed and the networks are empty; a chip whose workload injects for 20000
 * cycles is still busy after 1000, and the error says what is busy. */
static void test_until_idle(void)
{
    const char *const sets[] = {"workload.name=none", "l1.timed=false"};
    BhChip *c = make_with(sets, 2);
    uint64_t n = 99, a, b, done_a, done_b;
    CHECK_EQ_U32(bh_chip_advance_until_idle(c, 1000, &n), BH_CHIP_OK);
    CHECK_EQ_U64(n, 0);
    CHECK_EQ_U32(bh_chip_noc_read(c, 0, 5, 7, 1, 2, 0, 0x40000, 4096, &a), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_noc_read(c, 1, 5, 7, 1, 2, 0, 0x50000, 4096, &b), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_advance_until_idle(c, 100000, &n), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_access_done(c, a, NULL, &done_a), 1);
    CHECK_EQ_U32(bh_chip_access_done(c, b, NULL, &done_b), 1);
    CHECK(bh_chip_now(c) >= done_a && bh_chip_now(c) >= done_b);
    CHECK(n >= 346); /* at least the zero-load time of one read (test_noc_read) */
    bh_chip_free(c);
    const char *const busy[] = {"workload.name=uniform", "sim.cycles=20000"};
    c = make_with(busy, 2);
    CHECK_EQ_U32(bh_chip_advance_until_idle(c, 1000, &n), BH_CHIP_ERR_SIM);
    CHECK(strstr(bh_chip_error(c), "still busy after 1000 cycles: NoC0 holds") != NULL);
    CHECK(strstr(bh_chip_error(c), "the workload has work left") != NULL);
    bh_chip_free(c);
}

static void test_bad_input(void)
{
    const char *const bad[] = {"noc.vc_buffer_flits=0"};
    BhChipOptions o = {0};
    o.config = "p150b";
    o.sets = bad;
    o.nsets = 1;
    char err[512] = "";
    BhChip *c = (BhChip *)&o; /* must be overwritten with NULL */
    CHECK_EQ_U32(bh_chip_create(&o, &c, err, sizeof err), BH_CHIP_ERR_CONFIG);
    CHECK(c == NULL);
    CHECK(strstr(err, "config: noc.vc_buffer_flits: must be 1..255, got 0") == err);
    o.sets = NULL;
    o.nsets = 0;
    o.config = "p999";
    CHECK_EQ_U32(bh_chip_create(&o, &c, err, sizeof err), BH_CHIP_ERR_CONFIG);
    CHECK(strstr(err, "config 'p999' not found") != NULL);
}

/* configuration values as text; a host's report section */
static void test_params_and_sections(void)
{
    static const char *const sets[] = {"workload.name=host", "noc.deadlock_cycles=12345"};
    BhChip *c = make_with(sets, 2);
    char buf[128];
    CHECK_EQ_U32(bh_chip_param_text(c, "workload.name", buf, sizeof buf), BH_CHIP_OK);
    CHECK(strcmp(buf, "host") == 0);
    CHECK_EQ_U32(bh_chip_param_text(c, "noc.deadlock_cycles", buf, sizeof buf), BH_CHIP_OK);
    CHECK(strcmp(buf, "12345") == 0);
    CHECK_EQ_U32(bh_chip_param_text(c, "noc.no_such_key", buf, sizeof buf), BH_CHIP_ERR_CONFIG);
    CHECK(strstr(buf, "noc.no_such_key") != NULL);
    CHECK_EQ_U32(bh_chip_param_text(c, "workload.name", buf, 3), BH_CHIP_ERR_CONFIG);
    CHECK(bh_workload_is_host("host") && bh_workload_is_host("matmul"));
    CHECK(!bh_workload_is_host("riscv") && !bh_workload_is_host("hos"));
    CHECK_EQ_U32(bh_chip_set_report_section(c, "program", "{\"passed\": true, \"n\": 3}"),
                 BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_set_report_section(c, "program", "{\"passed\": false}"), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_set_report_section(c, "broken", "{\"passed\": "), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_set_report_section(c, "noc0", "{}"), BH_CHIP_ERR_CONFIG);
    const char *r = bh_chip_report(c);
    CHECK(strstr(r, "\"program\":{\"passed\":false}") != NULL);
    CHECK(strstr(r, "broken") == NULL);
    bh_chip_free(c);
}

/* The backdoor reaches a core's tile registers: a write to the register BRISC polls (asleep)
 * wakes it, as a NoC write would; its PC is named by the symbols registered for it. */
/* A careless caller gets a status and a reason, never an abort: NULL options or result, a
 * negative count, a NULL entry (each once threw a C++ exception through the C API) */
static void test_create_bad_arguments(void)
{
    char err[256] = "";
    BhChip *c = (BhChip *)&err; /* set to NULL on failure */
    CHECK_EQ_U32(bh_chip_create(NULL, &c, err, sizeof err), BH_CHIP_ERR_CONFIG);
    CHECK(c == NULL && strstr(err, "opts is NULL"));
    BhChipOptions o = {0};
    o.quiet = 1;
    CHECK_EQ_U32(bh_chip_create(&o, NULL, err, sizeof err), BH_CHIP_ERR_CONFIG);
    CHECK(strstr(err, "out is NULL") != NULL);
    o.nsets = -5;
    CHECK_EQ_U32(bh_chip_create(&o, &c, err, sizeof err), BH_CHIP_ERR_CONFIG);
    CHECK(strstr(err, "sets: -5 entries") != NULL);
    const char *const sets[] = {NULL};
    o.sets = sets;
    o.nsets = 1;
    CHECK_EQ_U32(bh_chip_create(&o, &c, err, sizeof err), BH_CHIP_ERR_CONFIG);
    CHECK(strstr(err, "sets[0] is NULL") != NULL);
    o.nsets = 0;
    o.ndumps = 2; /* dumps NULL */
    CHECK_EQ_U32(bh_chip_create(&o, &c, err, sizeof err), BH_CHIP_ERR_CONFIG);
    CHECK(strstr(err, "dumps: 2 entries at NULL") != NULL);
    CHECK(c == NULL);
    /* the other calls' pointers: NULL where a caller may not care, refused where it must */
    const char *const sets2[] = {"workload.name=none"};
    c = make_with(sets2, 1);
    uint32_t x = 99;
    CHECK_EQ_U32(bh_chip_pcie_tile(c, &x, NULL), BH_CHIP_OK);
    CHECK(x < bh_chip_width(c));
    CHECK_EQ_U32(bh_chip_pcie_tile(c, NULL, NULL), BH_CHIP_OK);
    char text[64] = "";
    CHECK_EQ_U32(bh_chip_param_text(c, NULL, text, sizeof text), BH_CHIP_ERR_CONFIG);
    CHECK(strstr(text, "the key is NULL") != NULL);
    CHECK_EQ_U32(bh_chip_noc_read(c, 0, 5, 7, 1, 2, 0x1000, 0x2000, 64, NULL), BH_CHIP_OK);
    bh_chip_free(c);
}

/* cycle -> picoseconds saturates instead of wrapping: at 1.35 GHz a cycle is 740.7 ps, so
 * 2^62 cycles are past 2^64 ps */
static void test_cycle_ps_saturates(void)
{
    const char *const sets[] = {"workload.name=none"};
    BhChip *c = make_with(sets, 1);
    CHECK_EQ_U64(bh_chip_cycle_ps(c, 1350), 1000000); /* 1 us */
    CHECK_EQ_U64(bh_chip_cycle_ps(c, UINT64_MAX), UINT64_MAX);
    CHECK_EQ_U64(bh_chip_cycle_ps(c, 1ull << 62), UINT64_MAX);
    CHECK(bh_chip_cycle_ps(c, 1ull << 40) < bh_chip_cycle_ps(c, (1ull << 40) + 1));
    bh_chip_free(c);
}

/* Backdoor accesses are all or nothing: a range that runs past L1's end (1.5 MiB) is refused
 * before a byte moves (a write used to land its first megabyte, a read to fill part of the
 * buffer), on a tile with cores and on a DRAM endpoint's store alike */
static void test_backdoor_all_or_nothing(void)
{
    const char *const sets[] = {"workload.name=none"};
    BhChip *c = make_with(sets, 1);
    const uint64_t l1 = 0x180000, len = 0x200000; /* 2 MiB from 0: its first MiB is L1 */
    uint8_t *buf = malloc(len);
    memset(buf, 0xAB, len);
    CHECK_EQ_U32(bh_chip_mem_write(c, 2, 3, 0, buf, len), BH_CHIP_ERR_ADDRESS);
    uint32_t v = 1;
    CHECK_EQ_U32(bh_chip_mem_read(c, 2, 3, 0, &v, 4), BH_CHIP_OK);
    CHECK_EQ_U32(v, 0); /* untouched */
    memset(buf, 0x5C, len);
    CHECK_EQ_U32(bh_chip_mem_read(c, 2, 3, 0, buf, len), BH_CHIP_ERR_ADDRESS);
    CHECK(buf[0] == 0x5C && buf[len - 1] == 0x5C); /* not filled in part */
    /* a range across two regions (L1's last word and what follows) */
    CHECK_EQ_U32(bh_chip_mem_write(c, 2, 3, l1 - 4, buf, 8), BH_CHIP_ERR_ADDRESS);
    /* within L1 it works, to its last byte */
    CHECK_EQ_U32(bh_chip_mem_write(c, 2, 3, l1 - 4, buf, 4), BH_CHIP_OK);
    bh_chip_free(c);
    free(buf);
}

/* An idle chip advances any representable distance at once (a 4-billion-cycle advance of an
 * idle chip took minutes of 2000-cycle slices), and a count past what 64 bits of femtoseconds
 * hold is refused with a reason instead of wrapping or running for ever */
static void test_advance_far(void)
{
    /* without refresh, the idle chip has nothing at all to do meanwhile */
    const char *const sets[] = {"workload.name=none", "dram.refresh=false"};
    BhChip *c = make_with(sets, 2);
    CHECK_EQ_U32(bh_chip_advance(c, 100), BH_CHIP_OK); /* settle the start-up steps */
    CHECK_EQ_U32(bh_chip_advance(c, 4000000000ull), BH_CHIP_OK);
    CHECK_EQ_U64(bh_chip_now(c), 4000000100ull);
    CHECK_EQ_U32(bh_chip_advance(c, UINT64_MAX), BH_CHIP_ERR_CONFIG);
    CHECK(strstr(bh_chip_refusal(c), "pass the last cycle") != NULL);
    CHECK(bh_chip_error(c)[0] == 0); /* refused, not failed: the chip goes on */
    CHECK_EQ_U32(bh_chip_advance(c, 10), BH_CHIP_OK);
    CHECK_EQ_U64(bh_chip_now(c), 4000000110ull);
    bh_chip_free(c);
}

/* The chip is built from hardware keys alone: with no workload at all, every Tensix tile has its
 * cores, held in reset, and a program a debugger places and releases runs (the four words are
 * RV32I, assembled by hand: lui x5,0x30; addi x6,x0,0x55; sw x6,0(x5); ebreak). */
static void test_cores_without_a_workload(void)
{
    const char *const sets[] = {"workload.name=none"};
    BhChip *c = make_with(sets, 1);
    const uint32_t prog[4] = {0x000302B7u, 0x05500313u, 0x0062A023u, 0x00100073u};
    char what[256] = "";
    CHECK_EQ_U32(bh_chip_core_text(c, 2, 3, "brisc", what, sizeof what), BH_CHIP_OK);
    CHECK(strstr(what, "held") != NULL);
    CHECK_EQ_U32(bh_chip_mem_write(c, 2, 3, 0x0, prog, sizeof prog), BH_CHIP_OK); /* reset PC */
    uint32_t v = 0x47800u & ~(1u << 11); /* SOFT_RESET_0 without BRISC's bit */
    CHECK_EQ_U32(bh_chip_mem_write(c, 2, 3, 0xFFB121B0u, &v, 4), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_advance(c, 1000), BH_CHIP_OK);
    v = 0;
    CHECK_EQ_U32(bh_chip_mem_read(c, 2, 3, 0x30000, &v, 4), BH_CHIP_OK);
    CHECK_EQ_U32(v, 0x55);
    CHECK_EQ_U32(bh_chip_core_text(c, 2, 3, "brisc", what, sizeof what), BH_CHIP_OK);
    CHECK(strstr(what, "ebreak") != NULL);
    /* no other tile's cores moved */
    CHECK_EQ_U32(bh_chip_core_text(c, 3, 3, "brisc", what, sizeof what), BH_CHIP_OK);
    CHECK(strstr(what, "held") != NULL);
    bh_chip_free(c);
}

static void test_backdoor_registers(void)
{
    static const char *const sets[] = {"workload.name=riscv",
                                       "workload.elf=5,7:brisc:" BH_POLL_REG_ELF};
    BhChip *c = make_with(sets, 2);
    uint32_t v = 0;
    CHECK_EQ_U32(bh_chip_mem_read(c, 5, 7, 0xFFB121B0u, &v, 4), BH_CHIP_OK); /* SOFT_RESET_0 */
    CHECK_EQ_U32(v, 0x47800u & ~(1u << 11));                                 /* BRISC released */
    CHECK_EQ_U32(bh_chip_add_symbols(c, 5, 7, "brisc", BH_POLL_REG_ELF), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_add_symbols(c, 5, 7, "bogus", BH_POLL_REG_ELF), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_add_symbols(c, 0, 0, "brisc", BH_POLL_REG_ELF), BH_CHIP_ERR_ADDRESS);
    CHECK_EQ_U32(bh_chip_add_symbols(c, 5, 7, "brisc", "/no/such.elf"), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_advance(c, 2000), BH_CHIP_OK);
    char what[256] = "";
    CHECK_EQ_U32(bh_chip_core_text(c, 5, 7, "brisc", what, sizeof what), BH_CHIP_OK);
    CHECK(strstr(what, "poll_sleep") && strstr(what, "(main+") && strstr(what, "0xffb12068"));
    fprintf(stderr, "before: %s\n", what);
    v = 0x77;
    CHECK_EQ_U32(bh_chip_mem_write(c, 5, 7, 0xFFB12068u, &v, 4), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_advance(c, 2000), BH_CHIP_OK);
    v = 0;
    CHECK_EQ_U32(bh_chip_mem_read(c, 5, 7, 0x30000, &v, 4), BH_CHIP_OK);
    CHECK_EQ_U32(v, 0x77);
    CHECK_EQ_U32(bh_chip_core_text(c, 5, 7, "brisc", what, sizeof what), BH_CHIP_OK);
    CHECK(strstr(what, "ebreak") != NULL);
    fprintf(stderr, "after: %s\n", what);
    /* a held core starts when the backdoor releases it (NCRISC runs from its reset PC) */
    CHECK_EQ_U32(bh_chip_core_text(c, 5, 7, "ncrisc", what, sizeof what), BH_CHIP_OK);
    CHECK(strstr(what, "held") != NULL);
    /* every Tensix tile has its cores, whatever the workload runs: (4,7) runs no program, its
     * cores are held; a tile that is not a Tensix tile has none */
    CHECK_EQ_U32(bh_chip_core_text(c, 4, 7, "brisc", what, sizeof what), BH_CHIP_OK);
    CHECK(strstr(what, "held") != NULL);
    CHECK_EQ_U32(bh_chip_core_text(c, 0, 0, "brisc", what, sizeof what), BH_CHIP_ERR_ADDRESS);
    /* BRISC's local data RAM, and NCRISC's through its window, as a debugger reaches them */
    v = 0x1234;
    CHECK_EQ_U32(bh_chip_mem_write(c, 5, 7, 0xFFB00100u, &v, 4), BH_CHIP_OK);
    v = 0;
    CHECK_EQ_U32(bh_chip_mem_read(c, 5, 7, 0xFFB00100u, &v, 4), BH_CHIP_OK);
    CHECK_EQ_U32(v, 0x1234);
    CHECK_EQ_U32(bh_chip_mem_read(c, 5, 7, 0xFFB00000u + 8192, &v, 4), BH_CHIP_ERR_ADDRESS);
    bh_chip_free(c);
}

/* Every call on a NULL chip is refused with the neutral answer bhsim.h documents (each
 * dereferenced the handle before) */
static void test_null_chip(void)
{
    uint8_t b[8] = {0};
    char text[96] = "";
    uint64_t id = 7, n = 7;
    uint32_t x = 7;
    int port = 7;
    CHECK_EQ_U64(bh_chip_now(NULL), 0);
    CHECK_EQ_U32(bh_chip_width(NULL), 0);
    CHECK_EQ_U32(bh_chip_height(NULL), 0);
    CHECK(bh_chip_tile_kind(NULL, 1, 2) == NULL);
    CHECK(bh_chip_tile_index(NULL, 1, 2, &port) == -1);
    CHECK_EQ_U32(port, 7);
    CHECK_EQ_U32(bh_chip_advance(NULL, 10), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_advance_until_idle(NULL, 10, &n), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_run(NULL), BH_CHIP_ERR_CONFIG);
    CHECK(strstr(bh_chip_error(NULL), "NULL") != NULL);
    CHECK(strstr(bh_chip_refusal(NULL), "NULL") != NULL);
    CHECK_EQ_U32(bh_chip_mem_write(NULL, 1, 2, 0, b, 8), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_mem_read(NULL, 1, 2, 0, b, 8), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_noc_read(NULL, 0, 5, 7, 1, 2, 0, 0, 64, &id), BH_CHIP_ERR_CONFIG);
    CHECK(bh_chip_access_done(NULL, 0, &id, &n) == -1);
    CHECK_EQ_U32(bh_chip_advance_until_done(NULL, 0, 10), BH_CHIP_ERR_CONFIG);
    bh_chip_window_begin(NULL);
    bh_chip_window_end(NULL, 0);
    CHECK(bh_chip_report(NULL) == NULL);
    CHECK_EQ_U32(bh_chip_write_outputs(NULL, text, sizeof text), BH_CHIP_ERR_CONFIG);
    CHECK(strstr(text, "NULL") != NULL);
    bh_chip_print_summary(NULL);
    CHECK_EQ_U64(bh_chip_log_count(NULL, 1), 0);
    text[0] = 0;
    CHECK_EQ_U32(bh_chip_param_text(NULL, "workload.name", text, sizeof text), BH_CHIP_ERR_CONFIG);
    CHECK(strstr(text, "NULL") != NULL);
    CHECK_EQ_U32(bh_chip_set_report_section(NULL, "program", "{}"), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_add_symbols(NULL, 1, 2, "brisc", "x.elf"), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_core_text(NULL, 1, 2, "brisc", text, sizeof text), BH_CHIP_ERR_CONFIG);
    bh_chip_set_idle_poll(NULL, 0);
    CHECK_EQ_U32(bh_chip_pcie_tile(NULL, &x, NULL), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(x, 7);
    CHECK_EQ_U32(bh_chip_pci_config_read32(NULL, 0), 0xFFFFFFFFu);
    CHECK_EQ_U32(bh_chip_pci_config_write32(NULL, 0x10, 0), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_pci_write(NULL, 1ull << 32, b, 4, &id), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_pci_read(NULL, 1ull << 32, b, 4), BH_CHIP_ERR_CONFIG);
    CHECK(bh_chip_pci_done(NULL, 0, &n) == -1);
    CHECK_EQ_U32(bh_chip_pci_wait(NULL, 0, 10), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U64(bh_chip_time_ps(NULL), 0);
    CHECK_EQ_U64(bh_chip_cycle_ps(NULL, 1350), 0);
    bh_chip_set_host_memory(NULL, NULL, NULL, NULL);
    CHECK_EQ_U32(bh_chip_host_mem_read(NULL, 0, b, 8), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_host_mem_write(NULL, 0, b, 8), BH_CHIP_ERR_CONFIG);
    bh_chip_free(NULL);
    CHECK(!bh_workload_is_host(NULL));
}

/* A NULL buffer with a length is refused before anything moves (the backdoor and the host
 * memory copied from or to it); a zero length with NULL is nothing to do; a NULL key, text or
 * file is refused; the chip is not stopped by any of it */
static void test_null_buffers(void)
{
    BhChip *c = make("p150b");
    CHECK_EQ_U32(bh_chip_mem_write(c, 1, 2, 0x1000, NULL, 16), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_mem_read(c, 1, 2, 0x1000, NULL, 16), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_mem_read(c, 1, 2, 0x1000, NULL, 0), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_host_mem_write(c, 0x1000, NULL, 16), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_host_mem_read(c, 0x1000, NULL, 16), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_pci_write(c, 1ull << 32, NULL, 64, NULL), BH_CHIP_ERR_CONFIG);
    CHECK(strstr(bh_chip_refusal(c), "NULL") != NULL);
    CHECK_EQ_U32(bh_chip_pci_read(c, 1ull << 32, NULL, 64), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_set_report_section(c, "program", NULL), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_set_report_section(c, NULL, "{}"), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_add_symbols(c, 1, 2, "brisc", NULL), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_add_symbols(c, 1, 2, NULL, "x.elf"), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_param_text(c, "workload.name", NULL, 0), BH_CHIP_ERR_CONFIG);
    CHECK_EQ_U32(bh_chip_advance(c, 100), BH_CHIP_OK);
    CHECK(strcmp(bh_chip_error(c), "") == 0);
    bh_chip_free(c);
}

#if defined(__SANITIZE_ADDRESS__)
#define ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ASAN 1
#endif
#endif

/* An exception inside bhsim (here std::bad_alloc: the address space is capped, then a report
 * section needs far more than is left) stops the chip with a reason instead of leaving the C
 * API (which ended the process in std::terminate). In a child process: the cap stays there. */
static void test_exception_stops_the_chip(void)
{
#ifdef ASAN
    fprintf(stderr, "test_exception_stops_the_chip: skipped (ASan reserves the address space)\n");
#else
    fflush(stderr);
    const pid_t pid = fork();
    CHECK(pid >= 0);
    if (pid == 0) {
        BhChip *c = make("p150b");
        const size_t n = 16u << 20; /* "[0,0,...]": 32 MiB of text, 256 MiB parsed */
        char *json = malloc(2 * n + 2);
        if (!json)
            _exit(3);
        json[0] = '[';
        for (size_t i = 0; i < n; i++)
            memcpy(json + 1 + 2 * i, i + 1 < n ? "0," : "0]", 2);
        json[2 * n + 1] = 0;
        long pages = 0, size = 0;
        FILE *f = fopen("/proc/self/statm", "r");
        if (!f || fscanf(f, "%ld %ld", &size, &pages) != 2)
            _exit(4);
        fclose(f);
        const rlim_t cap = (rlim_t)size * (rlim_t)sysconf(_SC_PAGESIZE) + (64u << 20);
        struct rlimit was, rl;
        getrlimit(RLIMIT_AS, &was);
        rl = was;
        rl.rlim_cur = cap;
        if (setrlimit(RLIMIT_AS, &rl) != 0)
            _exit(5);
        int bad = 0;
        bad |= bh_chip_set_report_section(c, "program", json) != BH_CHIP_ERR_SIM;
        bad |= strstr(bh_chip_error(c), "bh_chip_set_report_section: internal error: ") == NULL;
        bad |= bh_chip_log_count(c, 3) != 1;
        setrlimit(RLIMIT_AS, &was);
        bad |= bh_chip_advance(c, 10) != BH_CHIP_ERR_SIM; /* the chip stopped */
        if (bad)
            fprintf(stderr, "test_exception_stops_the_chip: error '%s'\n", bh_chip_error(c));
        _exit(bad ? 1 : 0);
    }
    int status = 0;
    CHECK(waitpid(pid, &status, 0) == pid);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    if (!WIFEXITED(status))
        fprintf(stderr, "test_exception_stops_the_chip: child ended by signal %d\n",
                WTERMSIG(status));
#endif
}

int main(void)
{
    RUN(test_null_chip);
    RUN(test_null_buffers);
    RUN(test_exception_stops_the_chip);
    RUN(test_params_and_sections);
    RUN(test_create_bad_arguments);
    RUN(test_cycle_ps_saturates);
    RUN(test_backdoor_all_or_nothing);
    RUN(test_advance_far);
    RUN(test_cores_without_a_workload);
    RUN(test_backdoor_registers);
    RUN(test_one_chip);
    RUN(test_two_chips);
    RUN(test_two_chips_log);
    RUN(test_noc_read);
    RUN(test_noc_read_two_chips);
    RUN(test_noc_read_limits);
    RUN(test_noc_read_longest);
    RUN(test_window_end_without_begin);
    RUN(test_fail);
    RUN(test_until_idle);
    RUN(test_bad_input);
    return check_failures();
}
