// SPDX-License-Identifier: Apache-2.0
/* MOP expander, checked against sequences written out by hand from the functional model in
 * tt-isa-documentation MOPExpander.md (and anuraagw.me's "mop and replay expanders" notes):
 * every expected word and cycle below is derived from the pseudo-code, never read back from
 * the model. Instruction words are built with local copies of tt-llk's TT_OP_* encodings,
 * independent of the generated table, which the "isa" tests at the end check against the same
 * encodings. */
#include <string.h>
#include "model/tile/tensix/mop.h"
#include "model/tile/tensix/tensix_isa.h"
#include "tests/check.h"
#include "tests/test_log.h"

#define TT_OP(op, params) (((uint32_t)(op) << 24) + (uint32_t)(params))
#define OP_MOP(tmpl, count1, mask_lo) TT_OP(0x01, ((tmpl) << 23) + ((count1) << 16) + (mask_lo))
#define OP_MOP_CFG(mask_hi) TT_OP(0x03, (mask_hi))
#define OP_REPLAY(idx, len, exec, load)                                                            \
    TT_OP(0x04, ((idx) << 14) + ((len) << 4) + ((exec) << 1) + (load))
#define OP_NOP TT_OP(0x02, 0)
#define OP_DMANOP TT_OP(0x60, 0)
#define OP_SFPNOP TT_OP(0x8F, 0)
#define I(n) TT_OP(0x26, (n)) /* an ordinary instruction (MVMUL, dst = n) */

/* Template roles, distinct and easy to read in a failure message. */
#define A0 I(0xA0)
#define A1 I(0xA1)
#define A2 I(0xA2)
#define A3 I(0xA3)
#define B I(0xB0)
#define SKA I(0x5A)
#define SKB I(0x5B)
#define S I(0x51)
#define E0 I(0xE0)
#define E1 I(0xE1)
#define L I(0x10)
#define L1 TT_OP(0x28, 0x11) /* LoopOp1: ELWADD, so the XOR flip spans opcode bits too */
#define LAST0 I(0x70)
#define LAST1 I(0x71)

#define MAX_OUT 40000

typedef struct Run {
    uint32_t word[MAX_OUT];
    uint64_t cycle[MAX_OUT];
    uint32_t n;
    uint64_t accepted[64]; /* cycle each input word was ingested */
} Run;

static Run run_;

/* Offer the inputs in order from cycle `start`, one per cycle as accepted, pulling every
 * cycle, until the expander has nothing left: the protocol of mop.h (accept, then next). */
static Run *run_from(Mop *m, const uint32_t *in, uint32_t n_in, uint64_t start)
{
    Run *r = &run_;
    memset(r, 0, sizeof *r);
    uint32_t i = 0;
    for (uint64_t now = start; now < start + 100000; now++) {
        if (i < n_in && mop_accept(m, in[i], now) == BH_OK)
            r->accepted[i++] = now;
        uint32_t w;
        if (mop_next(m, now, &w) && r->n < MAX_OUT) {
            r->word[r->n] = w;
            r->cycle[r->n++] = now;
        }
        if (i == n_in && mop_wake_cycle(m, now + 1) == BH_IDLE)
            break;
    }
    CHECK_EQ_U32(i, n_in);
    return r;
}

static Run *run(Mop *m, const uint32_t *in, uint32_t n_in)
{
    return run_from(m, in, n_in, 0);
}

static void check_words(const Run *r, const uint32_t *want, uint32_t n)
{
    CHECK_EQ_U32(r->n, n);
    for (uint32_t k = 0; k < n && k < r->n; k++)
        if (r->word[k] != want[k]) {
            fprintf(stderr, "word %u:\n", (unsigned)k);
            CHECK_EQ_U32(r->word[k], want[k]);
            return;
        }
}

/* Words emitted one per cycle from cycle `first` on. */
static void check_back_to_back(const Run *r, uint64_t first)
{
    for (uint32_t k = 0; k < r->n; k++)
        if (r->cycle[k] != first + k) {
            fprintf(stderr, "word %u:\n", (unsigned)k);
            CHECK_EQ_U64(r->cycle[k], first + k);
            return;
        }
}

static void cfg9(Mop *m, const uint32_t c[9])
{
    for (uint32_t k = 0; k < 9; k++)
        CHECK_OK(mop_write_cfg(m, k, c[k]));
}

/* Template 1 configuration in MopCfg order. */
static void cfg_t1(Mop *m, uint32_t outer, uint32_t inner, uint32_t start, uint32_t end0,
                   uint32_t end1, uint32_t loop, uint32_t loop1, uint32_t last0, uint32_t last1)
{
    const uint32_t c[9] = {outer, inner, start, end0, end1, loop, loop1, last0, last1};
    cfg9(m, c);
}

/* Template 0 configuration: Flags, InsnB, InsnA0..A3, SkipA0, SkipB (MopCfg[0] unused). */
static void cfg_t0(Mop *m, uint32_t flags)
{
    const uint32_t c[9] = {0xDEAD, flags, B, A0, A1, A2, A3, SKA, SKB};
    cfg9(m, c);
}

static void test_pass_through(void)
{
    Mop m;
    mop_init(&m, &test_log);
    const uint32_t in[] = {I(1), OP_REPLAY(16, 16, 0, 0), OP_DMANOP, I(2)};
    Run *r = run(&m, in, 4);
    check_words(r, in, 4);
    check_back_to_back(r, 0);
    CHECK_EQ_U64(m.passed, 4);
    CHECK(!mop_busy(&m));
}

static void test_t0_zero_mask(void)
{
    Mop m;
    mop_init(&m, &test_log);
    cfg_t0(&m, 0);
    const uint32_t in[] = {OP_MOP(0, 2, 0)};
    const uint32_t want[] = {A0, A0, A0}; /* Count1 + 1 = 3 iterations, mask bits 0 */
    Run *r = run(&m, in, 1);
    check_words(r, want, 3);
    check_back_to_back(r, 0); /* first word in the MOP's own cycle */
}

static void test_t0_flags_and_mask(void)
{
    Mop m;
    mop_init(&m, &test_log);
    cfg_t0(&m, 3); /* HasB | HasA123 */
    const uint32_t in[] = {OP_MOP(0, 3, 0x5)};
    const uint32_t want[] = {SKA, SKB,             /* bit 0 = 1 */
                             A0,  A1,  A2, A3, B,  /* bit 1 = 0 */
                             SKA, SKB,             /* bit 2 = 1 */
                             A0,  A1,  A2, A3, B}; /* bit 3 = 0 */
    Run *r = run(&m, in, 1);
    check_words(r, want, 14);
    check_back_to_back(r, 0);

    mop_init(&m, &test_log);
    cfg_t0(&m, 1); /* HasB only */
    const uint32_t in_b[] = {OP_MOP(0, 1, 0x2)};
    const uint32_t want_b[] = {A0, B, SKA, SKB};
    check_words(run(&m, in_b, 1), want_b, 4);

    mop_init(&m, &test_log);
    cfg_t0(&m, 2 | 4); /* HasA123 only; bit 2 is not a flag */
    const uint32_t in_a[] = {OP_MOP(0, 1, 0x1)};
    const uint32_t want_a[] = {SKA, A0, A1, A2, A3};
    check_words(run(&m, in_a, 1), want_a, 5);
}

/* MOP_CFG supplies mask bits 31:16, emits nothing but takes its ingest cycle, and MaskHi stays
 * for later MOPs; iterations past the 32nd see a mask shifted to zero (A path). */
static void test_t0_mask_hi(void)
{
    Mop m;
    mop_init(&m, &test_log);
    cfg_t0(&m, 0);
    const uint32_t in[] = {OP_MOP_CFG(0x8000), OP_MOP(0, 33, 0x0001), OP_MOP(0, 31, 0)};
    uint32_t want[34 + 32];
    uint32_t n = 0;
    for (uint32_t it = 0; it < 34; it++) /* mask 0x80000001, 34 iterations */
        want[n++] = (it == 0 || it == 31) ? SKA : A0;
    for (uint32_t it = 0; it < 32; it++) /* mask 0x80000000: MaskHi persisted */
        want[n++] = it == 31 ? SKA : A0;
    Run *r = run(&m, in, 3);
    check_words(r, want, n);
    CHECK_EQ_U64(r->accepted[0], 0);
    CHECK_EQ_U64(r->accepted[1], 1);  /* MOP_CFG took cycle 0 */
    CHECK_EQ_U64(r->accepted[2], 35); /* MOP right after MOP: no penalty (last word at 34) */
    check_back_to_back(r, 1);
    CHECK_EQ_U64(m.mop_cfgs, 1);
    CHECK_EQ_U64(m.mops, 2);
    CHECK_EQ_U64(m.expanded, 66);
}

static void test_t1_double_loop(void)
{
    Mop m;
    mop_init(&m, &test_log);
    cfg_t1(&m, 2, 3, S, E0, E1, L, OP_NOP, LAST0, LAST1);
    const uint32_t in[] = {OP_MOP(1, 0, 0)};
    const uint32_t want[] = {S, L, L, LAST1, E0, E1,  /* outer 0: last inner -> Loop1Last */
                             S, L, L, LAST0, E0, E1}; /* outer 1 (last): Loop0Last */
    Run *r = run(&m, in, 1);
    check_words(r, want, 12);
    check_back_to_back(r, 0);
}

/* Counts wider than 7 bits are masked, as on hardware (200 -> 72), and the guest is told. */
static void test_t1_count_masked(void)
{
    Mop m;
    mop_init(&m, &test_log);
    cfg_t1(&m, 1, 200, OP_NOP, OP_NOP, OP_NOP, L, OP_NOP, L, L);
    uint64_t warned = bh_log_count(&test_log, BH_LOG_GUEST);
    const uint32_t in[] = {OP_MOP(1, 0, 0)};
    CHECK_EQ_U32(run(&m, in, 1)->n, 72);
    CHECK_EQ_U64(bh_log_count(&test_log, BH_LOG_GUEST), warned + 1);
}

/* LoopOp1 not a NOP: 2 x InnerCount steps alternating by XOR; the override replaces the
 * LoopOp1 step at the end; an even number of flips starts each outer iteration at LoopOp. */
static void test_t1_alternation(void)
{
    Mop m;
    mop_init(&m, &test_log);
    cfg_t1(&m, 2, 2, OP_NOP, OP_NOP, E1, L, L1, LAST0, LAST1);
    const uint32_t in[] = {OP_MOP(1, 0, 0)};
    const uint32_t want[] = {L, L1, L, LAST1, L, L1, L, LAST0}; /* EndOp1 unused: EndOp0 NOP */
    check_words(run(&m, in, 1), want, 8);

    mop_init(&m, &test_log);
    cfg_t1(&m, 1, 1, OP_NOP, OP_NOP, OP_NOP, L, L1, LAST0, LAST1);
    const uint32_t want1[] = {L, LAST0};
    check_words(run(&m, in, 1), want1, 2);
}

static void test_t1_end_ops(void)
{
    Mop m;
    mop_init(&m, &test_log);
    cfg_t1(&m, 2, 1, OP_NOP, E0, OP_NOP, L, OP_NOP, LAST0, LAST1);
    const uint32_t in[] = {OP_MOP(1, 0, 0)};
    const uint32_t want[] = {LAST1, E0, LAST0, E0}; /* EndOp1 NOP: skipped */
    check_words(run(&m, in, 1), want, 4);

    mop_init(&m, &test_log);
    cfg_t1(&m, 2, 1, OP_NOP, OP_NOP, E1, L, OP_NOP, LAST0, LAST1);
    const uint32_t want2[] = {LAST1, LAST0}; /* EndOp1 needs EndOp0 */
    check_words(run(&m, in, 1), want2, 2);
}

/* Only opcode 0x02 is a NOP, whatever its operand bits; DMANOP and SFPNOP are emitted; the
 * last-iteration overrides are emitted even when they are NOPs. */
static void test_nop_is_opcode_2_only(void)
{
    Mop m;
    mop_init(&m, &test_log);
    const uint32_t nop_with_bits = TT_OP(0x02, 0x55);
    cfg_t1(&m, 1, 2, OP_DMANOP, OP_SFPNOP, TT_OP(0x02, 0x123), L, nop_with_bits, OP_NOP, LAST1);
    const uint32_t in[] = {OP_MOP(1, 0, 0)};
    const uint32_t want[] = {OP_DMANOP, L, OP_NOP, OP_SFPNOP}; /* no alternation: 2 steps */
    check_words(run(&m, in, 1), want, 4);

    /* MopCfg resets to 0, and opcode 0x00 is not a NOP either: StartOp, then LoopOp1 = 0 is
     * "not a NOP", so InnerCount 1 doubles to LoopOp and Loop0Last, then EndOp0, EndOp1. */
    mop_init(&m, &test_log);
    CHECK_OK(mop_write_cfg(&m, 0, 1));
    CHECK_OK(mop_write_cfg(&m, 1, 1));
    const uint32_t want0[] = {0, 0, 0, 0, 0};
    check_words(run(&m, in, 1), want0, 5);
}

/* OuterCount == 1 && StartOp NOP && InnerCount == 0 && EndOp0 not NOP: 129 outer iterations. */
static void test_t1_hardware_bug(void)
{
    Mop m;
    const uint32_t in[] = {OP_MOP(1, 0, 0)};
    uint32_t want[258];
    for (uint32_t j = 0; j < 129; j++) {
        want[2 * j] = E0;
        want[2 * j + 1] = E1;
    }
    mop_init(&m, &test_log);
    cfg_t1(&m, 1, 0, OP_NOP, E0, E1, L, OP_NOP, LAST0, LAST1);
    Run *r = run(&m, in, 1);
    check_words(r, want, 258);
    check_back_to_back(r, 0);

    /* InnerCount is tested after doubling: 0 x 2 is still 0. */
    mop_init(&m, &test_log);
    cfg_t1(&m, 1, 0, OP_NOP, E0, E1, L, L1, LAST0, LAST1);
    check_words(run(&m, in, 1), want, 258);

    /* 129 written is 1 after the low seven bits are taken: the bug again, EndOp1 NOP. */
    mop_init(&m, &test_log);
    cfg_t1(&m, 129, 0, OP_NOP, E0, OP_NOP, L, OP_NOP, LAST0, LAST1);
    r = run(&m, in, 1);
    CHECK_EQ_U32(r->n, 129);
    for (uint32_t k = 0; k < r->n; k++)
        if (r->word[k] != E0) {
            CHECK_EQ_U32(r->word[k], E0);
            break;
        }

    /* Not the bug: a StartOp, two outer iterations, or EndOp0 a NOP. */
    mop_init(&m, &test_log);
    cfg_t1(&m, 1, 0, S, E0, E1, L, OP_NOP, LAST0, LAST1);
    const uint32_t want_s[] = {S, E0, E1};
    check_words(run(&m, in, 1), want_s, 3);
    mop_init(&m, &test_log);
    cfg_t1(&m, 2, 0, OP_NOP, E0, OP_NOP, L, OP_NOP, LAST0, LAST1);
    const uint32_t want_2[] = {E0, E0};
    check_words(run(&m, in, 1), want_2, 2);
    mop_init(&m, &test_log);
    cfg_t1(&m, 1, 0, OP_NOP, OP_NOP, E1, L, OP_NOP, LAST0, LAST1);
    CHECK_EQ_U32(run(&m, in, 1)->n, 0);
}

static void test_t1_counts_low_seven_bits(void)
{
    Mop m;
    mop_init(&m, &test_log);
    cfg_t1(&m, 0x102, 0x181, OP_NOP, OP_NOP, OP_NOP, L, OP_NOP, LAST0, LAST1);
    const uint32_t in[] = {OP_MOP(1, 0, 0)};
    const uint32_t want[] = {LAST1, LAST0}; /* outer 2, inner 1 */
    check_words(run(&m, in, 1), want, 2);
}

/* The largest expansion, 127 x (1 + 254 + 2) = 32639 words, one per cycle, then the penalty. */
static void test_t1_largest(void)
{
    Mop m;
    mop_init(&m, &test_log);
    cfg_t1(&m, 127, 127, S, E0, E1, L, L1, LAST0, LAST1);
    const uint32_t in[] = {OP_MOP(1, 0, 0), I(9)};
    static uint32_t want[MOP_MAX_EXPANSION + 1];
    uint32_t n = 0;
    for (uint32_t j = 0; j < 127; j++) {
        want[n++] = S;
        for (uint32_t i = 0; i < 254; i++)
            want[n++] = i != 253 ? (i % 2 ? L1 : L) : (j != 126 ? LAST1 : LAST0);
        want[n++] = E0;
        want[n++] = E1;
    }
    CHECK_EQ_U32(n, MOP_MAX_EXPANSION);
    want[n++] = I(9);
    Run *r = run(&m, in, 2);
    check_words(r, want, n);
    CHECK_EQ_U64(r->cycle[MOP_MAX_EXPANSION - 1], MOP_MAX_EXPANSION - 1);
    CHECK_EQ_U64(r->accepted[1], MOP_MAX_EXPANSION + 1); /* cycle 32639 is the penalty */
    CHECK_EQ_U64(r->cycle[MOP_MAX_EXPANSION], MOP_MAX_EXPANSION + 1);
}

/* After an expansion whose last word leaves in cycle e, cycle e + 1 neither ingests nor emits
 * unless the next word is a MOP. */
static void test_transition_penalty(void)
{
    Mop m;
    mop_init(&m, &test_log);
    cfg_t1(&m, 1, 2, OP_NOP, OP_NOP, OP_NOP, L, OP_NOP, L, L);
    const uint32_t in[] = {OP_MOP(1, 0, 0), I(1), I(2)};
    const uint32_t want[] = {L, L, I(1), I(2)};
    Run *r = run(&m, in, 3);
    check_words(r, want, 4);
    CHECK_EQ_U64(r->cycle[0], 0);
    CHECK_EQ_U64(r->cycle[1], 1); /* e = 1 */
    CHECK_EQ_U64(r->cycle[2], 3); /* cycle 2: the penalty */
    CHECK_EQ_U64(r->cycle[3], 4);
    CHECK_EQ_U64(r->accepted[1], 3);
    CHECK_EQ_U64(m.penalties, 1);

    /* MOP then MOP: none; MOP then MOP_CFG: the penalty, then MOP_CFG's own cycle. */
    mop_init(&m, &test_log);
    cfg_t1(&m, 1, 2, OP_NOP, OP_NOP, OP_NOP, L, OP_NOP, L, L);
    const uint32_t in2[] = {OP_MOP(1, 0, 0), OP_MOP(1, 0, 0), OP_MOP_CFG(7), OP_MOP(1, 0, 0)};
    r = run(&m, in2, 4);
    CHECK_EQ_U32(r->n, 6);
    CHECK_EQ_U64(r->accepted[1], 2);
    CHECK_EQ_U64(r->accepted[2], 5); /* last word at 3, penalty at 4 */
    CHECK_EQ_U64(r->accepted[3], 6);
    CHECK_EQ_U64(r->cycle[2], 2);
    CHECK_EQ_U64(r->cycle[3], 3);
    CHECK_EQ_U64(r->cycle[4], 6);
    CHECK_EQ_U32(m.mask_hi, 7);

    /* An expansion with no words ends in its own cycle; the penalty follows it. */
    mop_init(&m, &test_log);
    cfg_t1(&m, 0, 5, S, E0, E1, L, OP_NOP, LAST0, LAST1); /* OuterCount 0 */
    const uint32_t in3[] = {OP_MOP(1, 0, 0), I(1)};
    r = run(&m, in3, 2);
    CHECK_EQ_U32(r->n, 1);
    CHECK_EQ_U64(r->accepted[1], 2);
    CHECK_EQ_U64(r->cycle[0], 2);
}

/* A consumer that does not pull stalls the expansion; ingestion waits for the last word, and
 * the penalty follows the cycle it actually left. busy and wake follow the expansion. */
static void test_back_pressure(void)
{
    Mop m;
    mop_init(&m, &test_log);
    cfg_t1(&m, 1, 3, OP_NOP, OP_NOP, OP_NOP, L, OP_NOP, LAST0, LAST1);
    uint32_t w = 0;
    CHECK_OK(mop_accept(&m, OP_MOP(1, 0, 0), 0));
    CHECK(mop_busy(&m));
    CHECK(mop_next(&m, 0, &w) && w == L);
    CHECK_EQ_U64(mop_wake_cycle(&m, 0), 1);
    for (uint64_t now = 1; now < 5; now++)
        CHECK_EQ_U32(mop_accept(&m, I(1), now), BH_ERR_FULL); /* no pulls in 1..4 */
    CHECK_EQ_U64(mop_wake_cycle(&m, 4), 4);
    CHECK(mop_next(&m, 5, &w) && w == L);
    CHECK(mop_busy(&m));
    CHECK_EQ_U32(mop_accept(&m, I(1), 6), BH_ERR_FULL);
    CHECK(mop_next(&m, 6, &w) && w == LAST0);
    CHECK(!mop_busy(&m));
    CHECK_EQ_U64(mop_wake_cycle(&m, 7), 8);
    CHECK_EQ_U32(mop_accept(&m, I(1), 7), BH_ERR_FULL); /* penalty */
    CHECK(!mop_next(&m, 7, &w));
    CHECK_OK(mop_accept(&m, I(1), 8));
    CHECK_EQ_U32(mop_accept(&m, I(2), 8), BH_ERR_FULL); /* one ingest per cycle */
    CHECK(mop_next(&m, 8, &w) && w == I(1));
    CHECK(!mop_next(&m, 8, &w)); /* one emission per cycle */
    CHECK_EQ_U64(mop_wake_cycle(&m, 9), BH_IDLE);

    /* A pass-through word nobody pulls blocks the next ingest. */
    CHECK_OK(mop_accept(&m, I(2), 9));
    CHECK_EQ_U32(mop_accept(&m, I(3), 10), BH_ERR_FULL);
    CHECK(mop_next(&m, 10, &w) && w == I(2));
    CHECK_OK(mop_accept(&m, I(3), 11));
}

/* MopCfg is sampled when the MOP is ingested; a write during the expansion is a guest error
 * that only the next MOP sees. */
static void test_cfg_snapshot(void)
{
    Mop m;
    mop_init(&m, &test_log);
    cfg_t1(&m, 1, 3, OP_NOP, OP_NOP, OP_NOP, L, OP_NOP, LAST0, LAST1);
    uint32_t w = 0;
    uint64_t guest = bh_log_count(&test_log, BH_LOG_GUEST);
    CHECK_OK(mop_accept(&m, OP_MOP(1, 0, 0), 0));
    CHECK(mop_next(&m, 0, &w) && w == L);
    CHECK_OK(mop_write_cfg(&m, 5, I(0x77)));
    CHECK_OK(mop_write_cfg(&m, 7, I(0x78)));
    CHECK_EQ_U64(bh_log_count(&test_log, BH_LOG_GUEST), guest + 2);
    CHECK(mop_next(&m, 1, &w) && w == L);
    CHECK(mop_next(&m, 2, &w) && w == LAST0);
    const uint32_t in[] = {OP_MOP(1, 0, 0)};
    Run *r = run_from(&m, in, 1, 10);
    const uint32_t want[] = {I(0x77), I(0x77), I(0x78)};
    check_words(r, want, 3);
    CHECK_EQ_U64(bh_log_count(&test_log, BH_LOG_GUEST), guest + 2);
}

/* MopCfg is 9 write-only words: index 9 is an address error, reads are undefined (0 here,
 * logged); a debug read sees the value. */
static void test_cfg_access(void)
{
    Mop m;
    mop_init(&m, &test_log);
    Mop before;
    memcpy(&before, &m, sizeof m);
    uint32_t v = 1;
    CHECK_EQ_U32(mop_write_cfg(&m, 9, 5), BH_ERR_ADDR);
    CHECK(memcmp(&m, &before, sizeof m) == 0);
    CHECK_OK(mop_write_cfg(&m, 8, 0x1234));
    uint64_t guest = bh_log_count(&test_log, BH_LOG_GUEST);
    CHECK_OK(mop_read_cfg(&m, 8, &v, 0));
    CHECK_EQ_U32(v, 0);
    CHECK_EQ_U64(bh_log_count(&test_log, BH_LOG_GUEST), guest + 1);
    CHECK_OK(mop_read_cfg(&m, 8, &v, 1));
    CHECK_EQ_U32(v, 0x1234);
    CHECK_EQ_U64(bh_log_count(&test_log, BH_LOG_GUEST), guest + 1);
    CHECK_EQ_U32(mop_read_cfg(&m, 9, &v, 1), BH_ERR_ADDR);
}

/* Template 1 takes nothing from the MOP word but the template bit (functional model); the
 * Blackhole count overrides are logged as not modeled. */
static void test_t1_ignores_mop_operands(void)
{
    Mop m;
    mop_init(&m, &test_log);
    cfg_t1(&m, 1, 2, OP_NOP, OP_NOP, OP_NOP, L, OP_NOP, LAST0, LAST1);
    uint64_t unimp = bh_log_count(&test_log, BH_LOG_UNIMP);
    const uint32_t in[] = {OP_MOP(1, 0x7F, 0xFFFF)};
    const uint32_t want[] = {L, LAST0};
    check_words(run(&m, in, 1), want, 2);
    CHECK(bh_log_count(&test_log, BH_LOG_UNIMP) <= unimp + 1);
}

/* ---- the generated instruction table, against tt-llk's encodings and the notes' examples */

static void test_isa_opcodes_and_names(void)
{
    CHECK_EQ_U32(TENSIX_OP_MOP, 0x01);
    CHECK_EQ_U32(TENSIX_OP_NOP, 0x02);
    CHECK_EQ_U32(TENSIX_OP_MOP_CFG, 0x03);
    CHECK_EQ_U32(TENSIX_OP_REPLAY, 0x04);
    CHECK_EQ_U32(TENSIX_OP_DMANOP, 0x60);
    CHECK_EQ_U32(TENSIX_OP_SFPNOP, 0x8F);
    CHECK_EQ_U32(TENSIX_OP_MVMUL, 0x26);
    CHECK_EQ_U32(TENSIX_OP_SETC16, 0xB2);
    CHECK(strcmp(tensix_op_name(0x26), "MVMUL") == 0);
    CHECK(strcmp(tensix_op_name(0x8E), "SFP_STOCH_RND") == 0);
    CHECK(tensix_op_name(0x00) == NULL && !tensix_op_known(0x00));
    CHECK(tensix_op_name(0x06) == NULL && tensix_op_name(256) == NULL);
    CHECK(tensix_op_known(0x05) && !tensix_op_supported(0x05)); /* RESOURCEDECL */
    CHECK(tensix_op_supported(0x26) && !tensix_op_supported(0x07));
    unsigned known = 0;
    for (uint32_t op = 0; op < 256; op++)
        known += (unsigned)tensix_op_known(op);
    CHECK_EQ_U32(known, 137); /* rows in tensix_isa.json */
    CHECK_EQ_U32(tensix_op_of(OP_MOP(1, 0, 0)), TENSIX_OP_MOP);
}

static void test_isa_fields(void)
{
    /* TT_OP_MOP(1, 0x55, 0xBEEF) and TT_OP_MOP_CFG(0xABCD). */
    uint32_t mop = OP_MOP(1, 0x55, 0xBEEF);
    CHECK_EQ_U32(TENSIX_GET(MOP, MOP_TYPE, mop), 1);
    CHECK_EQ_U32(TENSIX_GET(MOP, LOOP_COUNT, mop), 0x55);
    CHECK_EQ_U32(TENSIX_GET(MOP, ZMASK_LO16_OR_LOOP_COUNT, mop), 0xBEEF);
    CHECK_EQ_U32(TENSIX_GET(MOP_CFG, ZMASK_HI16, OP_MOP_CFG(0xABCD)), 0xABCD);
    CHECK_EQ_U32(TENSIX_WORD(MOP) | TENSIX_PUT(MOP, MOP_TYPE, 1) |
                     TENSIX_PUT(MOP, LOOP_COUNT, 0x55) |
                     TENSIX_PUT(MOP, ZMASK_LO16_OR_LOOP_COUNT, 0xBEEF),
                 mop);
    /* The notes' .ttinsn encodings: 0x06000000 is MOP(1, 0, 0). */
    CHECK_EQ_U32(tensix_from_ttinsn(0x06000000), OP_MOP(1, 0, 0));
    CHECK_EQ_U32(tensix_from_ttinsn(0x06000000), 0x01800000);
    /* MVMUL: dst [9:0], addr_mode [16:14], instr_mod19 [19], clear_dvalid [23:22]. */
    uint32_t mv = TT_OP(0x26, (2u << 22) + (1u << 19) + (5u << 14) + 0x3FF);
    CHECK_EQ_U32(TENSIX_GET(MVMUL, DST, mv), 0x3FF);
    CHECK_EQ_U32(TENSIX_GET(MVMUL, ADDR_MODE, mv), 5);
    CHECK_EQ_U32(TENSIX_GET(MVMUL, INSTR_MOD19, mv), 1);
    CHECK_EQ_U32(TENSIX_GET(MVMUL, CLEAR_DVALID, mv), 2);
    CHECK_EQ_U32(TENSIX_MVMUL_DST_WIDTH, 10);
    CHECK_EQ_U32(tensix_field(mv, TENSIX_FLD_MVMUL_ADDR_MODE), 5);
    CHECK_EQ_U32(tensix_field_op(TENSIX_FLD_SEMINIT_MAX_VALUE), TENSIX_OP_SEMINIT);
    CHECK_EQ_U32(tensix_field_lo(TENSIX_FLD_SEMINIT_MAX_VALUE), 20);
    CHECK_EQ_U32(tensix_field_width(TENSIX_FLD_SEMINIT_SEM_SEL), 8);
    TensixField first = TENSIX_FIELD_COUNT;
    CHECK_EQ_U32(tensix_op_fields(TENSIX_OP_MOP, &first), 3);
    CHECK_EQ_U32(first, TENSIX_FLD_MOP_ZMASK_LO16_OR_LOOP_COUNT);
    CHECK_EQ_U32(tensix_op_fields(TENSIX_OP_NOP, &first), 0);
    char buf[96];
    tensix_format(mop, buf, sizeof buf);
    CHECK(strcmp(buf, "MOP ZMASK_LO16_OR_LOOP_COUNT=48879 LOOP_COUNT=85 MOP_TYPE=1") == 0);
    tensix_format(0x07000000, buf, sizeof buf);
    CHECK(strcmp(buf, "?0x07000000") == 0);
    CHECK_EQ_U64(tensix_format(mop, buf, 4), strlen("MOP ZMASK_LO16_OR_LOOP_COUNT=48879 "
                                                    "LOOP_COUNT=85 MOP_TYPE=1"));
    CHECK(strcmp(buf, "MOP") == 0);

    /* Every field is inside bits 23:0, belongs to a known opcode, fields of one opcode are
     * consecutive ids in ascending, non-overlapping bit order. */
    for (unsigned f = 0; f < TENSIX_FIELD_COUNT; f++) {
        TensixField id = (TensixField)f;
        CHECK(tensix_field_width(id) >= 1);
        CHECK(tensix_field_lo(id) + tensix_field_width(id) <= 24);
        CHECK(tensix_op_known(tensix_field_op(id)));
        if (f > 0 && tensix_field_op(id) == tensix_field_op((TensixField)(f - 1)))
            CHECK(tensix_field_lo((TensixField)(f - 1)) +
                      tensix_field_width((TensixField)(f - 1)) <=
                  tensix_field_lo(id));
    }
}

int main(void)
{
    RUN(test_pass_through);
    RUN(test_t0_zero_mask);
    RUN(test_t0_flags_and_mask);
    RUN(test_t0_mask_hi);
    RUN(test_t1_double_loop);
    RUN(test_t1_count_masked);
    RUN(test_t1_alternation);
    RUN(test_t1_end_ops);
    RUN(test_nop_is_opcode_2_only);
    RUN(test_t1_hardware_bug);
    RUN(test_t1_counts_low_seven_bits);
    RUN(test_t1_largest);
    RUN(test_transition_penalty);
    RUN(test_back_pressure);
    RUN(test_cfg_snapshot);
    RUN(test_cfg_access);
    RUN(test_t1_ignores_mop_operands);
    RUN(test_isa_opcodes_and_names);
    RUN(test_isa_fields);
    return check_failures();
}
