// SPDX-License-Identifier: Apache-2.0
/* Replay expander, and the MOP expander feeding it, checked against sequences written out by
 * hand from the functional models in tt-isa-documentation REPLAY.md and MOPExpander.md and
 * the examples of anuraagw.me's "mop and replay expanders" notes. Expected words and cycles
 * are derived from the documents, never read back from the model. Words are built with local
 * copies of tt-llk's TT_OP_* encodings. */
#include <string.h>
#include "model/tile/tensix/mop.h"
#include "model/tile/tensix/replay.h"
#include "model/tile/tensix/tensix_isa.h"
#include "tests/check.h"
#include "tests/test_log.h"

#define TT_OP(op, params) (((uint32_t)(op) << 24) + (uint32_t)(params))
#define OP_MOP(tmpl, count1, mask_lo) TT_OP(0x01, ((tmpl) << 23) + ((count1) << 16) + (mask_lo))
#define OP_REPLAY(idx, len, exec, load)                                                            \
    TT_OP(0x04, ((idx) << 14) + ((len) << 4) + ((exec) << 1) + (load))
#define OP_NOP TT_OP(0x02, 0)
#define OP_MVMUL(clear_dvalid, instr_mod19, addr_mode, dst)                                        \
    TT_OP(0x26, ((clear_dvalid) << 22) + ((instr_mod19) << 19) + ((addr_mode) << 14) + (dst))
#define OP_SFPLOAD(lreg, mod0, addr_mode, dst)                                                     \
    TT_OP(0x70, ((lreg) << 20) + ((mod0) << 16) + ((addr_mode) << 13) + (dst))
#define OP_SFPADD(a, b, c, d, mod1)                                                                \
    TT_OP(0x85, ((a) << 16) + ((b) << 12) + ((c) << 8) + ((d) << 4) + (mod1))
#define OP_SFPSTORE(lreg, mod0, addr_mode, dst)                                                    \
    TT_OP(0x72, ((lreg) << 20) + ((mod0) << 16) + ((addr_mode) << 13) + (dst))
#define OP_INCRWC(cr, d, b, a) TT_OP(0x38, ((cr) << 18) + ((d) << 14) + ((b) << 10) + ((a) << 6))
#define W(n) TT_OP(0x37, (n)) /* an ordinary instruction (SETRWC with operand n) */
#define CLR_NONE 0
#define CLR_A 1

#define MAX_OUT 4096
#define MAX_IN 256

typedef struct Run {
    uint32_t word[MAX_OUT];
    uint64_t cycle[MAX_OUT];
    uint32_t n;
    uint64_t accepted[MAX_IN]; /* cycle each input word was ingested */
} Run;

static Run run_;

static void record(Run *r, uint32_t w, uint64_t now)
{
    if (r->n < MAX_OUT) {
        r->word[r->n] = w;
        r->cycle[r->n++] = now;
    }
}

/* Feed the replay expander alone: accept (if an input is left), then pull, each cycle. */
static Run *run_replay(Replay *rp, const uint32_t *in, uint32_t n_in, uint64_t start)
{
    Run *r = &run_;
    memset(r, 0, sizeof *r);
    uint32_t i = 0;
    for (uint64_t now = start; now < start + 100000; now++) {
        if (i < n_in && replay_accept(rp, in[i], now) == BH_OK)
            r->accepted[i++] = now;
        uint32_t w;
        if (replay_next(rp, now, &w))
            record(r, w, now);
        if (i == n_in && replay_wake_cycle(rp, now + 1) == BH_IDLE)
            break;
    }
    CHECK_EQ_U32(i, n_in);
    return r;
}

/* The frontend chain: FIFO head -> MOP expander -> replay expander -> sink, upstream first
 * within each cycle, the MOP expander pulled only when the replay expander can take a word. */
static Run *run_chain(Mop *m, Replay *rp, const uint32_t *in, uint32_t n_in)
{
    Run *r = &run_;
    memset(r, 0, sizeof *r);
    uint32_t i = 0;
    for (uint64_t now = 0; now < 100000; now++) {
        if (i < n_in && mop_accept(m, in[i], now) == BH_OK)
            r->accepted[i++] = now;
        uint32_t w;
        if (replay_can_accept(rp, now) && mop_next(m, now, &w))
            CHECK_OK(replay_accept(rp, w, now));
        if (replay_next(rp, now, &w))
            record(r, w, now);
        if (i == n_in && mop_wake_cycle(m, now + 1) == BH_IDLE &&
            replay_wake_cycle(rp, now + 1) == BH_IDLE)
            break;
    }
    CHECK_EQ_U32(i, n_in);
    return r;
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

/* Words k..k+len-1 of the output leave one per cycle from cycle `first` on. */
static void check_cycles(const Run *r, uint32_t k, uint32_t len, uint64_t first)
{
    for (uint32_t j = 0; j < len; j++)
        if (k + j >= r->n || r->cycle[k + j] != first + j) {
            fprintf(stderr, "word %u:\n", (unsigned)(k + j));
            CHECK_EQ_U64(k + j < r->n ? r->cycle[k + j] : UINT64_MAX, first + j);
            return;
        }
}

static void test_pass_through(void)
{
    Replay rp;
    replay_init(&rp, &test_log);
    const uint32_t in[] = {W(1), OP_MOP(1, 0, 0), W(2)};
    Run *r = run_replay(&rp, in, 3, 0);
    check_words(r, in, 3);
    check_cycles(r, 0, 3, 0);
}

/* Record only: the REPLAY and its Count words emit nothing, one ingest per cycle; playback:
 * Count words from the REPLAY's own cycle on, ingesting nothing until the last is out. */
static void test_record_then_play(void)
{
    Replay rp;
    replay_init(&rp, &test_log);
    const uint32_t in[] = {OP_REPLAY(0, 5, 0, 1), W(1), W(2), W(3), W(4), W(5),
                           OP_REPLAY(0, 5, 0, 0), W(6)};
    const uint32_t want[] = {W(1), W(2), W(3), W(4), W(5), W(6)};
    Run *r = run_replay(&rp, in, 8, 0);
    check_words(r, want, 6);
    for (uint32_t k = 0; k < 7; k++)
        CHECK_EQ_U64(r->accepted[k], k);
    check_cycles(r, 0, 5, 6);
    CHECK_EQ_U64(r->accepted[7], 11);
    CHECK_EQ_U64(r->cycle[5], 11);
    for (uint32_t s = 0; s < 5; s++)
        CHECK_EQ_U32(rp.buf[s], W(s + 1));
    CHECK_EQ_U64(rp.recorded, 5);
    CHECK_EQ_U64(rp.played, 5);
}

/* Record + execute passes the words on as it stores them. */
static void test_record_and_execute(void)
{
    Replay rp;
    replay_init(&rp, &test_log);
    const uint32_t in[] = {OP_REPLAY(8, 3, 1, 1), W(1), W(2), W(3), W(4), OP_REPLAY(8, 3, 0, 0)};
    const uint32_t want[] = {W(1), W(2), W(3), W(4), W(1), W(2), W(3)};
    Run *r = run_replay(&rp, in, 6, 0);
    check_words(r, want, 7);
    check_cycles(r, 0, 7, 1);
    CHECK_EQ_U32(rp.buf[8], W(1));
    CHECK_EQ_U32(rp.buf[10], W(3));
    CHECK_EQ_U32(rp.buf[11], 0);
}

/* Count 0 is 32 (REPLAY.md since 065d59f; the notes and earlier revisions said 64). */
static void test_count_zero_is_32(void)
{
    Replay rp;
    replay_init(&rp, &test_log);
    uint32_t in[MAX_IN], want[MAX_IN];
    uint32_t n = 0, nw = 0;
    in[n++] = OP_REPLAY(0, 0, 0, 1);
    for (uint32_t k = 0; k < 32; k++)
        in[n++] = W(0x100 + k);
    in[n++] = W(0x999); /* the 33rd word is not recorded: it passes */
    in[n++] = OP_REPLAY(0, 0, 0, 0);
    in[n++] = W(0x998);
    want[nw++] = W(0x999);
    for (uint32_t k = 0; k < 32; k++)
        want[nw++] = W(0x100 + k);
    want[nw++] = W(0x998);
    Run *r = run_replay(&rp, in, n, 0);
    check_words(r, want, nw);
    CHECK_EQ_U64(r->cycle[0], 33);
    check_cycles(r, 1, 32, 34); /* playback REPLAY at 34 */
    CHECK_EQ_U64(r->cycle[33], 66);
}

/* Slots are (Index + i) % 32. */
static void test_index_wraps(void)
{
    Replay rp;
    replay_init(&rp, &test_log);
    const uint32_t in[] = {OP_REPLAY(30, 4, 0, 1),
                           W(1),
                           W(2),
                           W(3),
                           W(4),
                           OP_REPLAY(30, 4, 0, 0),
                           OP_REPLAY(0, 2, 0, 0),
                           OP_REPLAY(31, 1, 0, 0),
                           OP_REPLAY(5, 32, 0, 0)};
    uint32_t want[4 + 2 + 1 + 32] = {W(1), W(2), W(3), W(4), W(3), W(4), W(2)};
    uint32_t n = 7;
    for (uint32_t i = 0; i < 32; i++) { /* slots 5..31, 0..4: only 30, 31, 0, 1 written */
        uint32_t s = (5 + i) % 32;
        want[n++] = s == 30 ? W(1) : s == 31 ? W(2) : s == 0 ? W(3) : s == 1 ? W(4) : 0;
    }
    Run *r = run_replay(&rp, in, 9, 0);
    check_words(r, want, n);
    check_cycles(r, 0, n, 5); /* playbacks back to back, no transition penalty */
}

/* Index is 5 bits (18:14): bit 19 of a start_idx of 37 is not part of it. */
static void test_index_five_bits(void)
{
    Replay rp;
    replay_init(&rp, &test_log);
    const uint32_t in[] = {OP_REPLAY(5, 2, 0, 1), W(1), W(2), OP_REPLAY(37, 2, 0, 0)};
    const uint32_t want[] = {W(1), W(2)};
    check_words(run_replay(&rp, in, 4, 0), want, 2);
}

/* Counts above 32 are unsupported: a guest error, modeled with the low 5 bits. */
static void test_count_above_32(void)
{
    Replay rp;
    replay_init(&rp, &test_log);
    uint64_t guest = bh_log_count(&test_log, BH_LOG_GUEST);
    const uint32_t in[] = {OP_REPLAY(0, 2, 0, 1), W(1), W(2), OP_REPLAY(0, 33, 0, 0)};
    const uint32_t want[] = {W(1)};
    check_words(run_replay(&rp, in, 4, 0), want, 1);
    CHECK_EQ_U64(bh_log_count(&test_log, BH_LOG_GUEST), guest + 1);
    const uint32_t in32[] = {OP_REPLAY(0, 32, 0, 0)}; /* 32 itself is fine */
    CHECK_EQ_U32(run_replay(&rp, in32, 1, 100)->n, 32);
    CHECK_EQ_U64(bh_log_count(&test_log, BH_LOG_GUEST), guest + 1);
}

/* While recording, a REPLAY is data: stored, not obeyed, and replayed as a plain word. */
static void test_replay_recorded_as_data(void)
{
    Replay rp;
    replay_init(&rp, &test_log);
    const uint32_t inner = OP_REPLAY(3, 1, 0, 0);
    const uint32_t in[] = {OP_REPLAY(0, 2, 0, 1), inner, W(1), OP_REPLAY(0, 2, 0, 0)};
    const uint32_t want[] = {inner, W(1)};
    Run *r = run_replay(&rp, in, 4, 0);
    check_words(r, want, 2);
    check_cycles(r, 0, 2, 3);
    CHECK_EQ_U64(rp.plays, 1);
}

/* The notes' replay without MOP: record + execute 5 SFPU words, then six playbacks - 35
 * words with no gap after the REPLAY's own cycle. */
static void test_seed_standalone_example(void)
{
    Replay rp;
    replay_init(&rp, &test_log);
    const uint32_t body[5] = {OP_SFPLOAD(0, 0, 7, 0), OP_SFPADD(0, 0, 0, 0, 0), TT_OP(0x8F, 0),
                              OP_SFPSTORE(0, 0, 7, 0), OP_INCRWC(0, 2, 0, 0)};
    uint32_t in[12], want[35];
    uint32_t n = 0;
    in[n++] = OP_REPLAY(0, 5, 1, 1);
    for (uint32_t k = 0; k < 5; k++)
        in[n++] = body[k];
    for (uint32_t k = 0; k < 6; k++)
        in[n++] = OP_REPLAY(0, 5, 0, 0);
    for (uint32_t k = 0; k < 35; k++)
        want[k] = body[k % 5];
    Run *r = run_replay(&rp, in, n, 0);
    check_words(r, want, 35);
    check_cycles(r, 0, 35, 1);
    for (uint32_t k = 0; k < 6; k++)
        CHECK_EQ_U64(r->accepted[6 + k], 6 + 5 * k);
}

/* Fresh buffer: 32 zero words. Busy while recording or playing. Back-pressure stretches a
 * playback and holds ingestion until its last word. */
static void test_busy_backpressure_reset(void)
{
    Replay rp;
    replay_init(&rp, &test_log);
    uint32_t w = 1;
    CHECK(!replay_busy(&rp));
    CHECK_OK(replay_accept(&rp, OP_REPLAY(0, 2, 0, 0), 0));
    CHECK(replay_busy(&rp));
    CHECK(replay_next(&rp, 0, &w) && w == 0);
    CHECK(!replay_can_accept(&rp, 1));
    CHECK_EQ_U32(replay_accept(&rp, W(1), 1), BH_ERR_FULL);
    CHECK_EQ_U64(replay_wake_cycle(&rp, 3), 3);
    w = 1;
    CHECK(replay_next(&rp, 4, &w) && w == 0); /* pulled late */
    CHECK(!replay_busy(&rp));
    CHECK_EQ_U64(replay_wake_cycle(&rp, 5), BH_IDLE);
    CHECK_OK(replay_accept(&rp, OP_REPLAY(0, 2, 0, 1), 5));
    CHECK(replay_busy(&rp));
    CHECK(!replay_next(&rp, 5, &w));
    CHECK_OK(replay_accept(&rp, W(1), 9)); /* gaps in the input are fine */
    CHECK(replay_busy(&rp));
    CHECK_EQ_U32(replay_accept(&rp, W(2), 9), BH_ERR_FULL); /* one per cycle */
    CHECK_OK(replay_accept(&rp, W(2), 10));
    CHECK(!replay_busy(&rp));
    CHECK(!replay_next(&rp, 10, &w));
    CHECK_OK(replay_accept(&rp, W(3), 11));
    CHECK(replay_next(&rp, 11, &w) && w == W(3));
    CHECK(rp.buf[0] == W(1) && rp.buf[1] == W(2));
}

/* The notes' REPLAY encodings: the .ttinsn word rotated right by 2 is the Tensix word, and the
 * generated field table decodes it. */
static void test_isa_replay_encoding(void)
{
    CHECK_EQ_U32(tensix_from_ttinsn(0x10100404), OP_REPLAY(16, 16, 0, 1));
    CHECK_EQ_U32(tensix_from_ttinsn(0x1000014C), OP_REPLAY(0, 5, 1, 1));
    CHECK_EQ_U32(tensix_from_ttinsn(0x10000140), OP_REPLAY(0, 5, 0, 0));
    uint32_t w = OP_REPLAY(16, 16, 0, 1);
    CHECK_EQ_U32(w, 0x04040101);
    CHECK_EQ_U32(TENSIX_GET(REPLAY, START_IDX, w), 16);
    CHECK_EQ_U32(TENSIX_GET(REPLAY, LEN, w), 16);
    CHECK_EQ_U32(TENSIX_GET(REPLAY, EXECUTE_WHILE_LOADING, w), 0);
    CHECK_EQ_U32(TENSIX_GET(REPLAY, LOAD_MODE, w), 1);
    CHECK_EQ_U32(TENSIX_GET(REPLAY, EXECUTE_WHILE_LOADING, OP_REPLAY(0, 5, 1, 1)), 1);
    /* lltt::replay_insn(20, 4) = 67436544 + 64 (sfpi-gcc test ttreplay-22101-bh.C) */
    CHECK_EQ_U32(OP_REPLAY(20, 4, 0, 0), 67436544u + 64u);
    char buf[96];
    tensix_format(w, buf, sizeof buf);
    CHECK(strcmp(buf, "REPLAY LOAD_MODE=1 EXECUTE_WHILE_LOADING=0 LEN=16 START_IDX=16") == 0);
}

/* ---- MOP -> replay */

/* The notes' matmul: record 16 MVMULs (record + execute) into slots 16..31, program
 * ckernel_template(1, fidelity = 2, replay_insn(16, 16)) with
 * set_last_outer_loop_instr(MVMUL(CLR_A, 0, ADDR_MOD_3, 0)), run MOP(1, 0, 0), then one more
 * instruction. Loop0Last replaces the last REPLAY with a single MVMUL, so the MOP's
 * transition penalty shows as a one-cycle gap before the next instruction. */
static void test_chain_seed_matmul(void)
{
    Mop m;
    Replay rp;
    mop_init(&m, &test_log);
    replay_init(&rp, &test_log);
    uint32_t mv[16];
    for (uint32_t k = 0; k < 16; k++)
        mv[k] = OP_MVMUL(CLR_NONE, 0, k % 8, k);
    const uint32_t last = OP_MVMUL(CLR_A, 0, 3, 0);
    const uint32_t cfg[9] = {1,      2,      OP_NOP,
                             OP_NOP, OP_NOP, OP_REPLAY(16, 16, 0, 0),
                             OP_NOP, last,   OP_REPLAY(16, 16, 0, 0)};
    for (uint32_t k = 0; k < 9; k++)
        CHECK_OK(mop_write_cfg(&m, k, cfg[k]));
    uint32_t in[20], want[16 + 16 + 2];
    uint32_t n = 0, nw = 0;
    in[n++] = OP_REPLAY(16, 16, 1, 1);
    for (uint32_t k = 0; k < 16; k++)
        in[n++] = mv[k];
    in[n++] = OP_MOP(1, 0, 0);
    in[n++] = W(0x77);
    for (uint32_t k = 0; k < 32; k++)
        want[nw++] = mv[k % 16];
    want[nw++] = last;
    want[nw++] = W(0x77);
    Run *r = run_chain(&m, &rp, in, n);
    check_words(r, want, nw);
    check_cycles(r, 0, 16, 1);   /* recorded and executed */
    check_cycles(r, 16, 17, 17); /* MOP at 17: REPLAY 17..32, then Loop0Last at 33 */
    CHECK_EQ_U64(r->accepted[17], 17);
    CHECK_EQ_U64(r->accepted[18], 35); /* 34 is the penalty */
    CHECK_EQ_U64(r->cycle[33], 35);
    CHECK_EQ_U64(m.penalties, 1);
}

/* Same, but every inner iteration a REPLAY of 16 (the template's default Loop0Last): the
 * penalty cycle falls while the replay expander is still playing, so the backend sees one
 * word per cycle throughout. */
static void test_chain_replay_hides_penalty(void)
{
    Mop m;
    Replay rp;
    mop_init(&m, &test_log);
    replay_init(&rp, &test_log);
    const uint32_t rep = OP_REPLAY(16, 16, 0, 0);
    const uint32_t cfg[9] = {1, 2, OP_NOP, OP_NOP, OP_NOP, rep, OP_NOP, rep, rep};
    for (uint32_t k = 0; k < 9; k++)
        CHECK_OK(mop_write_cfg(&m, k, cfg[k]));
    uint32_t in[20], want[16 + 32 + 1];
    uint32_t n = 0, nw = 0;
    in[n++] = OP_REPLAY(16, 16, 1, 1);
    for (uint32_t k = 0; k < 16; k++)
        in[n++] = OP_MVMUL(CLR_NONE, 0, k % 8, k);
    in[n++] = OP_MOP(1, 0, 0);
    in[n++] = W(0x77);
    for (uint32_t k = 0; k < 48; k++)
        want[nw++] = OP_MVMUL(CLR_NONE, 0, (k % 16) % 8, k % 16);
    want[nw++] = W(0x77);
    Run *r = run_chain(&m, &rp, in, n);
    check_words(r, want, nw);
    check_cycles(r, 0, nw, 1); /* 1..49 without a gap */
}

/* The notes' SFPU example: record REPLAY(0, 4) without executing, then ckernel_template(1, 32,
 * replay_insn(0, 4)): 32 x 4 = 128 backend words, one per cycle. */
static void test_chain_seed_sfpu(void)
{
    Mop m;
    Replay rp;
    mop_init(&m, &test_log);
    replay_init(&rp, &test_log);
    const uint32_t rep = OP_REPLAY(0, 4, 0, 0);
    const uint32_t cfg[9] = {1, 32, OP_NOP, OP_NOP, OP_NOP, rep, OP_NOP, rep, rep};
    for (uint32_t k = 0; k < 9; k++)
        CHECK_OK(mop_write_cfg(&m, k, cfg[k]));
    const uint32_t body[4] = {OP_SFPLOAD(0, 0, 7, 0), OP_SFPADD(0, 0xE, 0, 0, 0),
                              OP_SFPSTORE(0, 0, 7, 0), OP_INCRWC(0, 2, 0, 0)};
    const uint32_t in[] = {OP_REPLAY(0, 4, 0, 1), body[0], body[1], body[2], body[3],
                           OP_MOP(1, 0, 0),       W(0x77)};
    uint32_t want[129];
    for (uint32_t k = 0; k < 128; k++)
        want[k] = body[k % 4];
    want[128] = W(0x77);
    Run *r = run_chain(&m, &rp, in, 7);
    check_words(r, want, 129);
    check_cycles(r, 0, 129, 5); /* MOP at 5; the last REPLAY plays 129..132; W at 133 */
    CHECK_EQ_U64(rp.plays, 32);
}

/* A single-instruction loop body (no REPLAY): the penalty is visible. */
static void test_chain_single_instruction_body(void)
{
    Mop m;
    Replay rp;
    mop_init(&m, &test_log);
    replay_init(&rp, &test_log);
    const uint32_t x = OP_MVMUL(CLR_NONE, 0, 0, 0);
    const uint32_t cfg[9] = {1, 3, OP_NOP, OP_NOP, OP_NOP, x, OP_NOP, x, x};
    for (uint32_t k = 0; k < 9; k++)
        CHECK_OK(mop_write_cfg(&m, k, cfg[k]));
    const uint32_t in[] = {OP_MOP(1, 0, 0), W(1), W(2)};
    const uint32_t want[] = {x, x, x, W(1), W(2)};
    Run *r = run_chain(&m, &rp, in, 3);
    check_words(r, want, 5);
    check_cycles(r, 0, 3, 0);
    check_cycles(r, 3, 2, 4); /* cycle 3: nothing */
}

int main(void)
{
    RUN(test_pass_through);
    RUN(test_record_then_play);
    RUN(test_record_and_execute);
    RUN(test_count_zero_is_32);
    RUN(test_index_wraps);
    RUN(test_index_five_bits);
    RUN(test_count_above_32);
    RUN(test_replay_recorded_as_data);
    RUN(test_seed_standalone_example);
    RUN(test_busy_backpressure_reset);
    RUN(test_isa_replay_encoding);
    RUN(test_chain_seed_matmul);
    RUN(test_chain_replay_hides_penalty);
    RUN(test_chain_seed_sfpu);
    RUN(test_chain_single_instruction_body);
    return check_failures();
}
