// SPDX-License-Identifier: Apache-2.0
/* GDDR6 controller timing, checked against hand-derived schedules: every expected cycle below
 * is a formula over the configuration's timing fields, never a number read back from the
 * model. Most scenarios switch refresh off so that only the constraint under test shapes the
 * schedule; the refresh, idle and bandwidth tests switch it on. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "model/dram/gddr6.h"
#include "tests/check.h"
#include "tests/test_log.h"

#define LOG_MAX 16384
#define DONE_MAX 4096

typedef struct Tb {
    Gddr6 c;
    Gddr6Config g;
    Gddr6CmdRec log[LOG_MAX];
    uint32_t nlog;
    Gddr6Done done[DONE_MAX];
    uint32_t ndone;
    uint64_t now;   /* the testbench's current cycle: enqueues happen here */
    uint64_t steps; /* gddr6_step calls */
} Tb;

static void log_cmd(void *ctx, const Gddr6CmdRec *r)
{
    Tb *t = ctx;
    if (t->nlog < LOG_MAX)
        t->log[t->nlog++] = *r;
}

static Tb *tb_new(const Gddr6Config *g)
{
    Tb *t = calloc(1, sizeof *t);
    t->g = *g;
    CHECK_OK(gddr6_init(&t->c, g, &test_log));
    gddr6_set_cmd_hook(&t->c, log_cmd, t);
    return t;
}

/* The command timing tests see a read end with its data at the pins: no return path. */
static Gddr6Config cfg_norefresh(void)
{
    Gddr6Config g = gddr6_config_default();
    g.refresh = 0;
    g.read_return_tck = 0;
    return g;
}

/* A BL burst holds its channel's data bus BL / 8 tCK: GDDR6 moves 8 beats per pin per tCK. */
static uint64_t tburst(const Gddr6Config *g)
{
    return g->burst_length / 8;
}

static uint64_t burst_bytes(const Gddr6Config *g)
{
    return g->bus_bits / 8 * g->burst_length;
}

/* The default map "ro-ba-co-bg-ch", highest field first, above the 32-B burst offset. */
static uint64_t addr_of(const Gddr6Config *g, uint64_t ch, uint64_t bg, uint64_t ba, uint64_t row,
                        uint64_t col)
{
    uint64_t cols = g->page_bytes / burst_bytes(g);
    uint64_t b =
        (((row * g->banks_per_group + ba) * cols + col) * g->bank_groups + bg) * g->channels + ch;
    return b * burst_bytes(g);
}

static void enq(Tb *t, uint32_t port, uint64_t addr, uint32_t bytes, int wr, uint64_t token)
{
    CHECK_OK(gddr6_enqueue(&t->c, port, addr, bytes, wr, token, t->now));
}

/* Event-driven: step at every cycle the model asks for, up to `until`; then now = until. */
static void tb_run(Tb *t, uint64_t until)
{
    uint64_t next = t->now;
    while (next != BH_IDLE && next <= until) {
        t->now = next;
        next = gddr6_step(&t->c, t->now);
        t->steps++;
        t->ndone += gddr6_take_done(&t->c, t->done + t->ndone, DONE_MAX - t->ndone);
    }
    t->now = until;
}

/* Cycle of the nth (0-based) command of `kind` for `token` (any token if BH_IDLE). */
static uint64_t cmd_at(const Tb *t, Gddr6CmdKind kind, uint64_t token, uint32_t nth)
{
    for (uint32_t i = 0; i < t->nlog; i++)
        if (t->log[i].kind == kind && (token == BH_IDLE || t->log[i].token == token) && nth-- == 0)
            return t->log[i].cycle;
    return BH_IDLE;
}

/* Cycle of the nth (0-based) command of `kind` on channel ch. */
static uint64_t cmd_on(const Tb *t, Gddr6CmdKind kind, uint32_t ch, uint32_t nth)
{
    for (uint32_t i = 0; i < t->nlog; i++)
        if (t->log[i].kind == kind && t->log[i].ch == ch && nth-- == 0)
            return t->log[i].cycle;
    return BH_IDLE;
}

static uint64_t done_at(const Tb *t, uint64_t token)
{
    for (uint32_t i = 0; i < t->ndone; i++)
        if (t->done[i].token == token)
            return t->done[i].done_cycle;
    return BH_IDLE;
}

static void quiet(void *ctx, BhLogLevel level, const char *msg)
{
    (void)ctx;
    (void)level;
    (void)msg;
}

static void test_defaults_from_references(void)
{
    /* 16000 MT/s: tCK = 8 / 16e9 s = 500 ps; ps references round up, tREFI rounds down */
    Gddr6Config g = gddr6_config_default();
    CHECK_EQ_U64(gddr6_clock_hz(&g), 2000000000ull);
    CHECK_EQ_U32(g.tcl, 28);     /* ceil(13680 / 500) */
    CHECK_EQ_U32(g.tcwl, 7);     /* ceil(3420 / 500) */
    CHECK_EQ_U32(g.trcd, 30);    /* ceil(14820 / 500) */
    CHECK_EQ_U32(g.trcd_wr, 19); /* ceil(9120 / 500) */
    CHECK_EQ_U32(g.trp, 30);
    CHECK_EQ_U32(g.tras, 61); /* ceil(30210 / 500) */
    CHECK_EQ_U32(g.trc, 91);  /* ceil(45030 / 500) */
    CHECK_EQ_U32(g.tccds, 2);
    CHECK_EQ_U32(g.tccdl, 3);
    CHECK_EQ_U32(g.trrds, 6); /* ceil(2850 / 500) */
    CHECK_EQ_U32(g.trrdl, 7); /* ceil(3420 / 500) */
    CHECK_EQ_U32(g.tfaw, 32); /* ceil(15960 / 500) */
    CHECK_EQ_U32(g.twr, 30);
    CHECK_EQ_U32(g.twtrs, 11);    /* ceil(5130 / 500) */
    CHECK_EQ_U32(g.twtrl, 13);    /* ceil(6270 / 500) */
    CHECK_EQ_U32(g.trtp, 5);      /* ceil(2280 / 500) */
    CHECK_EQ_U32(g.trefi, 3906);  /* floor(1953125 / 500) */
    CHECK_EQ_U32(g.trfc, 240);    /* ceil(119700 / 500) */
    CHECK_EQ_U32(g.trtw_turn, 5); /* ceil(2280 / 500) */
    CHECK_EQ_U32(g.twtr_turn, 2); /* ceil(660 / 500) */
    CHECK_EQ_U64(g.capacity_bytes, 4ull << 30);
    CHECK_EQ_U64(g.capacity_bytes,
                 (uint64_t)g.channels * g.bank_groups * g.banks_per_group * g.rows * g.page_bytes);
    char why[256];
    CHECK_OK(gddr6_config_check(&g, why, sizeof why));
    /* 12000 MT/s: tCK = 2000/3 ps; tras = ceil(45.3) = 46, trp = ceil(22.2) = 23, and
     * ceil(45030 / 666.7) = 68 < 46 + 23, so trc is raised to 69 */
    Gddr6Config s = gddr6_config_for_rate(12000);
    CHECK_EQ_U32(s.tras, 46);
    CHECK_EQ_U32(s.trp, 23);
    CHECK_EQ_U32(s.trc, 69);
    CHECK_EQ_U32(s.trefi, 2929); /* floor(1953125 x 12000 / 8e6) */
    CHECK_OK(gddr6_config_check(&s, why, sizeof why));
    /* every accepted rate yields a configuration the check accepts */
    for (uint32_t r = 1000; r <= 32000; r += 500) {
        Gddr6Config x = gddr6_config_for_rate(r);
        CHECK_OK(gddr6_config_check(&x, why, sizeof why));
        CHECK_EQ_U64(gddr6_clock_hz(&x), (uint64_t)r * 1000000 / 8);
    }
}

static void test_single_read_closed_bank(void)
{
    Gddr6Config g = cfg_norefresh();
    Tb *t = tb_new(&g);
    t->now = 100;
    uint64_t t0 = t->now;
    enq(t, 0, addr_of(&g, 0, 0, 0, 5, 3), 32, 0, 1);
    tb_run(t, 10000);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_ACT, 1, 0), t0);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_RD, 1, 0), t0 + g.trcd);
    CHECK_EQ_U32(t->ndone, 1);
    CHECK_EQ_U64(t->done[0].done_cycle, t0 + g.trcd + g.tcl + tburst(&g));
    CHECK_EQ_U64(t->done[0].enq_cycle, t0);
    CHECK_EQ_U32(t->done[0].bytes, 32);
    CHECK_EQ_U32(t->done[0].is_write, 0);
    const Gddr6Stats *s = &t->c.st;
    CHECK_EQ_U64(s->activates, 1);
    CHECK_EQ_U64(s->row_misses, 1);
    CHECK_EQ_U64(s->row_hits, 0);
    CHECK_EQ_U64(s->rd_bursts, 1);
    CHECK_EQ_U64(s->reads, 1);
    CHECK_EQ_U64(s->bytes_read, 32);
    CHECK_EQ_U64(s->bus_busy_cycles, tburst(&g));
    CHECK_EQ_U64(s->rd_lat_count, 1);
    CHECK_EQ_U64(s->rd_lat_max, g.trcd + g.tcl + tburst(&g));
    CHECK_EQ_U64(gddr6_read_latency_percentile(&t->c, 0.5), g.trcd + g.tcl + tburst(&g));
    CHECK_EQ_U64(s->rq_integral, g.trcd); /* the burst waits in the queue from ACT to RD */
    CHECK(gddr6_idle(&t->c));
    /* idle with refresh off: the model asks for no further step */
    CHECK_EQ_U64(gddr6_step(&t->c, t->now), BH_IDLE);
    /* event-driven: ACT, the tick after, RD, the tick after, completion */
    CHECK(t->steps <= 6);

    /* a row hit in the same bank: RD at once */
    uint64_t t1 = t->now;
    enq(t, 0, addr_of(&g, 0, 0, 0, 5, 4), 32, 0, 2);
    tb_run(t, t1 + 1000);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_RD, 2, 0), t1);
    CHECK_EQ_U64(done_at(t, 2), t1 + g.tcl + tburst(&g));
    CHECK_EQ_U64(t->c.st.row_hits, 1);
    /* two more hits to the same bank (same bank group): tCCDL apart */
    uint64_t t2 = t->now;
    enq(t, 0, addr_of(&g, 0, 0, 0, 5, 6), 32, 0, 3);
    enq(t, 0, addr_of(&g, 0, 0, 0, 5, 7), 32, 0, 4);
    tb_run(t, t2 + 1000);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_RD, 3, 0), t2);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_RD, 4, 0), t2 + g.tccdl);
    CHECK_EQ_U64(done_at(t, 4), t2 + g.tccdl + g.tcl + tburst(&g));
    CHECK_EQ_U64(t->c.st.activates, 1);
    free(t);
}

static void test_single_write_closed_bank(void)
{
    Gddr6Config g = cfg_norefresh();
    Tb *t = tb_new(&g);
    t->now = 7;
    uint64_t t0 = t->now;
    enq(t, 1, addr_of(&g, 1, 2, 3, 100, 9), 32, 1, 5);
    tb_run(t, 10000);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_ACT, 5, 0), t0);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_WR, 5, 0), t0 + g.trcd_wr);
    /* complete when the write data has been transferred to the device */
    CHECK_EQ_U64(done_at(t, 5), t0 + g.trcd_wr + g.tcwl + tburst(&g));
    CHECK_EQ_U32(t->done[0].is_write, 1);
    CHECK_EQ_U32(t->done[0].port, 1);
    CHECK_EQ_U64(t->c.st.writes, 1);
    CHECK_EQ_U64(t->c.st.bytes_written, 32);
    CHECK_EQ_U64(t->c.st.wq_integral, g.trcd_wr);
    CHECK_EQ_U64(t->c.st.rd_lat_count, 0);
    CHECK(t->log[0].ch == 1 && t->log[0].bg == 2 && t->log[0].ba == 3 && t->log[0].row == 100);
    CHECK_EQ_U32(t->log[1].col, 9);
    free(t);
}

static void test_bank_groups_ccds_vs_ccdl(void)
{
    Gddr6Config g = cfg_norefresh();
    Tb *t = tb_new(&g);
    /* open row 1 in bank 0 of bank groups 0 and 1 on channel 0 */
    enq(t, 0, addr_of(&g, 0, 0, 0, 1, 0), 32, 0, 100);
    enq(t, 0, addr_of(&g, 0, 1, 0, 1, 0), 32, 0, 101);
    tb_run(t, 1000);
    CHECK_EQ_U32(t->ndone, 2);
    /* alternating bank groups: one read every max(tCCDS, burst); the same group is revisited
     * two reads later, which must already satisfy tCCDL for this to hold */
    uint64_t s = g.tccds > tburst(&g) ? g.tccds : tburst(&g);
    CHECK(2 * s >= g.tccdl);
    uint64_t t0 = t->now;
    for (uint32_t i = 0; i < 4; i++)
        enq(t, 0, addr_of(&g, 0, i % 2, 0, 1, 1 + i), 32, 0, i);
    tb_run(t, t0 + 1000);
    for (uint32_t i = 0; i < 4; i++)
        CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_RD, i, 0), t0 + i * s);
    CHECK_EQ_U64(done_at(t, 3), t0 + 3 * s + g.tcl + tburst(&g));
    /* one bank group: one read every tCCDL */
    uint64_t t1 = t->now;
    for (uint32_t i = 0; i < 4; i++)
        enq(t, 0, addr_of(&g, 0, 0, 0, 1, 10 + i), 32, 0, 10 + i);
    tb_run(t, t1 + 1000);
    for (uint32_t i = 0; i < 4; i++)
        CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_RD, 10 + i, 0), t1 + i * g.tccdl);
    CHECK_EQ_U64(done_at(t, 13), t1 + 3 * g.tccdl + g.tcl + tburst(&g));
    /* the other channel runs in parallel: same cycle on both command buses */
    uint64_t t2 = t->now;
    enq(t, 0, addr_of(&g, 0, 0, 0, 1, 20), 32, 0, 20);
    enq(t, 1, addr_of(&g, 1, 0, 0, 1, 20), 32, 0, 21);
    tb_run(t, t2 + 1000);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_ACT, 21, 0), t2);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_RD, 20, 0), t2);
    free(t);
}

static void test_row_conflict(void)
{
    Gddr6Config g = cfg_norefresh();
    Tb *t = tb_new(&g);
    uint64_t t0 = t->now;
    enq(t, 0, addr_of(&g, 0, 0, 0, 1, 0), 32, 0, 1);
    enq(t, 0, addr_of(&g, 0, 0, 0, 2, 0), 32, 0, 2); /* same bank, another row */
    tb_run(t, 10000);
    uint64_t rd1 = t0 + g.trcd;
    uint64_t pre = t0 + g.tras > rd1 + g.trtp ? t0 + g.tras : rd1 + g.trtp;
    uint64_t act2 = pre + g.trp > t0 + g.trc ? pre + g.trp : t0 + g.trc;
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_RD, 1, 0), rd1);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_PRE, 2, 0), pre);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_ACT, 2, 0), act2);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_RD, 2, 0), act2 + g.trcd);
    CHECK_EQ_U64(done_at(t, 2), act2 + g.trcd + g.tcl + tburst(&g));
    CHECK_EQ_U64(t->c.st.row_misses, 1);
    CHECK_EQ_U64(t->c.st.row_conflicts, 1);
    CHECK_EQ_U64(t->c.st.activates, 2);
    CHECK_EQ_U64(t->c.st.precharges, 1);
    free(t);
}

static void test_trrd(void)
{
    Gddr6Config g = cfg_norefresh();
    /* two banks of one bank group: tRRDL */
    Tb *t = tb_new(&g);
    enq(t, 0, addr_of(&g, 0, 0, 0, 1, 0), 32, 0, 1);
    enq(t, 0, addr_of(&g, 0, 0, 1, 1, 0), 32, 0, 2);
    tb_run(t, 1000);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_ACT, 2, 0) - cmd_at(t, GDDR6_CMD_ACT, 1, 0), g.trrdl);
    free(t);
    /* two bank groups: tRRDS */
    t = tb_new(&g);
    enq(t, 0, addr_of(&g, 0, 0, 0, 1, 0), 32, 0, 1);
    enq(t, 0, addr_of(&g, 0, 3, 2, 1, 0), 32, 0, 2);
    tb_run(t, 1000);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_ACT, 2, 0) - cmd_at(t, GDDR6_CMD_ACT, 1, 0), g.trrds);
    free(t);
}

static void test_tfaw(void)
{
    Gddr6Config g = cfg_norefresh();
    Tb *t = tb_new(&g);
    /* five banks of channel 0: bank groups 0..3, then bank 1 of group 0 */
    for (uint32_t i = 0; i < 5; i++)
        enq(t, 0, addr_of(&g, 0, i % 4, i / 4, 1, 0), 32, 0, i);
    tb_run(t, 1000);
    /* four ACTs tRRDS apart, the fifth held to tFAW after the first (4 tRRDS < tFAW) */
    CHECK(4 * g.trrds < g.tfaw);
    for (uint32_t i = 0; i < 4; i++)
        CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_ACT, i, 0), i * g.trrds);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_ACT, 4, 0), g.tfaw);
    CHECK_EQ_U64(done_at(t, 4), g.tfaw + g.trcd + g.tcl + tburst(&g));
    free(t);
}

/* Keeps one sequential read stream going: whenever the port FIFO takes it, the next request. */
typedef struct Stream {
    uint64_t next_addr, end_addr, token;
    uint32_t bytes, ports, port;
} Stream;

static void feed(Tb *t, Stream *s)
{
    while (s->next_addr < s->end_addr) {
        uint64_t a = s->next_addr % t->g.capacity_bytes;
        if (gddr6_enqueue(&t->c, s->port, a, s->bytes, 0, s->token, t->now) != BH_OK)
            return;
        s->next_addr += s->bytes;
        s->token++;
        s->port = (s->port + 1) % s->ports;
    }
}

static void tb_run_fed(Tb *t, Stream *s, uint64_t until)
{
    uint64_t next = t->now;
    while (next != BH_IDLE && next <= until) {
        t->now = next;
        feed(t, s);
        next = gddr6_step(&t->c, t->now);
        t->steps++;
        Gddr6Done d[64];
        while (gddr6_take_done(&t->c, d, 64) == 64)
            ;
    }
    t->now = until;
}

static void test_refresh_mid_stream(void)
{
    Gddr6Config g = gddr6_config_default();
    g.trefi = 500;
    g.trfc = 100;
    Tb *t = tb_new(&g);
    /* reads to one row of one bank: a RD every tCCDL, crossing the refresh due at tREFI */
    uint64_t seq[256];
    for (uint32_t i = 0; i < 256; i++)
        seq[i] = addr_of(&g, 0, 0, 0, 3, i % 128);
    uint64_t next = 0;
    uint32_t fed = 0;
    while (next <= 1200) {
        t->now = next;
        while (fed < 256 && gddr6_enqueue(&t->c, 0, seq[fed], 32, 0, fed, t->now) == BH_OK)
            fed++;
        next = gddr6_step(&t->c, t->now);
        t->ndone += gddr6_take_done(&t->c, t->done + t->ndone, DONE_MAX - t->ndone);
    }
    uint64_t due = g.trefi;
    uint64_t pre = cmd_on(t, GDDR6_CMD_PRE, 0, 0);
    uint64_t ref = cmd_on(t, GDDR6_CMD_REF, 0, 0);
    uint64_t act0 = cmd_on(t, GDDR6_CMD_ACT, 0, 0);
    uint64_t act1 = cmd_on(t, GDDR6_CMD_ACT, 0, 1);
    /* the last RD before the refresh, and the first after */
    uint64_t last_rd = 0, first_rd_after = BH_IDLE;
    for (uint32_t i = 0; i < t->nlog; i++) {
        if (t->log[i].kind != GDDR6_CMD_RD || t->log[i].ch != 0)
            continue;
        if (t->log[i].cycle < pre)
            last_rd = t->log[i].cycle;
        else if (first_rd_after == BH_IDLE)
            first_rd_after = t->log[i].cycle;
    }
    CHECK(last_rd < due && last_rd + g.tccdl >= due); /* the stream ran up to the due time */
    uint64_t p = due;
    if (act0 + g.tras > p)
        p = act0 + g.tras;
    if (last_rd + g.trtp > p)
        p = last_rd + g.trtp;
    CHECK_EQ_U64(pre, p);
    CHECK_EQ_U64(ref, pre + g.trp > act0 + g.trc ? pre + g.trp : act0 + g.trc);
    CHECK_EQ_U64(act1, ref + g.trfc);            /* the row reopens after tRFC */
    CHECK_EQ_U64(first_rd_after, act1 + g.trcd); /* and the stream resumes */
    CHECK_EQ_U64(t->log[0].kind, GDDR6_CMD_ACT);
    /* channel 1 was idle: it refreshed at the due times themselves */
    CHECK_EQ_U64(cmd_on(t, GDDR6_CMD_REF, 1, 0), due);
    CHECK_EQ_U64(cmd_on(t, GDDR6_CMD_REF, 1, 1), 2 * due);
    CHECK_EQ_U64(t->c.st.refreshes, 4); /* both channels at 500 and 1000 */
    CHECK_EQ_U32(fed, 256);
    CHECK_EQ_U32(t->ndone, 256);
    free(t);
}

static void test_turnarounds(void)
{
    Gddr6Config g = cfg_norefresh();
    Tb *t = tb_new(&g);
    enq(t, 0, addr_of(&g, 0, 0, 0, 1, 0), 32, 0, 100); /* open (bg 0, bank 0) */
    enq(t, 0, addr_of(&g, 0, 1, 0, 1, 0), 32, 0, 101); /* open (bg 1, bank 0) */
    tb_run(t, 1000);
    /* read then write, both row hits: write data follows read data after trtw_turn, i.e.
     * WR = RD + CL + burst + trtw_turn - CWL */
    uint64_t t0 = t->now;
    enq(t, 0, addr_of(&g, 0, 0, 0, 1, 1), 32, 0, 1);
    enq(t, 0, addr_of(&g, 0, 0, 0, 1, 2), 32, 1, 2);
    tb_run(t, t0 + 1000);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_RD, 1, 0), t0);
    uint64_t wr = t0 + g.tcl + tburst(&g) + g.trtw_turn - g.tcwl;
    CHECK(wr > t0 + g.tccds);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_WR, 2, 0), wr);
    CHECK_EQ_U64(done_at(t, 2), wr + g.tcwl + tburst(&g));
    /* write then read in the same bank group: CWL + burst + tWTRL */
    uint64_t t1 = t->now;
    enq(t, 0, addr_of(&g, 0, 0, 0, 1, 3), 32, 1, 3);
    tb_run(t, t1); /* the write issues alone */
    t->now = t1 + 1;
    enq(t, 0, addr_of(&g, 0, 0, 0, 1, 4), 32, 0, 4);
    tb_run(t, t1 + 1000);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_WR, 3, 0), t1);
    CHECK(g.twtrl + g.tcl >= g.twtr_turn); /* tWTRL, not the bus, binds */
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_RD, 4, 0), t1 + g.tcwl + tburst(&g) + g.twtrl);
    /* write then read in another bank group: CWL + burst + tWTRS */
    uint64_t t2 = t->now;
    enq(t, 0, addr_of(&g, 0, 0, 0, 1, 5), 32, 1, 5);
    tb_run(t, t2);
    t->now = t2 + 1;
    enq(t, 0, addr_of(&g, 0, 1, 0, 1, 6), 32, 0, 6);
    tb_run(t, t2 + 1000);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_WR, 5, 0), t2);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_RD, 6, 0), t2 + g.tcwl + tburst(&g) + g.twtrs);
    free(t);
}

static void test_write_drain_watermarks(void)
{
    Gddr6Config g = cfg_norefresh();
    g.write_queue_depth = 16;
    g.write_high_watermark = 8;
    g.write_low_watermark = 4;
    g.port_fifo_depth = 32;
    Tb *t = tb_new(&g);
    enq(t, 0, addr_of(&g, 0, 0, 0, 1, 0), 32, 0, 1000); /* open the row */
    tb_run(t, 1000);
    /* 24 reads and 8 writes, all hits to that row, arriving together */
    for (uint32_t i = 0; i < 24; i++)
        enq(t, 0, addr_of(&g, 0, 0, 0, 1, 1 + i), 32, 0, i);
    for (uint32_t i = 0; i < 8; i++)
        enq(t, 1, addr_of(&g, 0, 0, 0, 1, 40 + i), 32, 1, 100 + i);
    uint32_t first = t->nlog;
    tb_run(t, 10000);
    CHECK_EQ_U32(t->ndone, 1 + 24 + 8);
    /* the column commands in order: reads until the writes reach the high watermark, then
     * exactly high - low writes while the reads wait, then the reads, then the last writes
     * once no read is left */
    char seq[64];
    uint32_t n = 0;
    for (uint32_t i = first; i < t->nlog && n < sizeof seq - 1; i++)
        if (t->log[i].kind == GDDR6_CMD_RD || t->log[i].kind == GDDR6_CMD_WR)
            seq[n++] = t->log[i].kind == GDDR6_CMD_RD ? 'R' : 'W';
    seq[n] = '\0';
    CHECK_EQ_U32(n, 32);
    const char *w = strchr(seq, 'W');
    CHECK(w && w > seq);
    uint32_t burst = g.write_high_watermark - g.write_low_watermark;
    CHECK_EQ_U64(strspn(w, "W"), burst);
    CHECK_EQ_U64(strspn(w + burst, "R"), 24 - (uint64_t)(w - seq));
    CHECK_EQ_U64(strlen(w + burst + strspn(w + burst, "R")), g.write_low_watermark);
    free(t);
}

static void test_frfcfs_younger_hit_first(void)
{
    Gddr6Config g = cfg_norefresh();
    Tb *t = tb_new(&g);
    enq(t, 0, addr_of(&g, 0, 0, 0, 1, 0), 32, 0, 100);
    tb_run(t, 1000);
    uint64_t t0 = t->now;
    enq(t, 0, addr_of(&g, 0, 0, 0, 2, 0), 32, 0, 1); /* older: another row of the bank */
    enq(t, 1, addr_of(&g, 0, 0, 0, 1, 5), 32, 0, 2); /* younger: hits the open row */
    tb_run(t, t0 + 1000);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_RD, 2, 0), t0);
    /* then the miss: PRE after tRTP, ACT after tRP (tRAS and tRC long satisfied) */
    uint64_t pre = t0 + g.trtp;
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_PRE, 1, 0), pre);
    CHECK_EQ_U64(done_at(t, 1), pre + g.trp + g.trcd + g.tcl + tburst(&g));
    CHECK(t->done[1].token == 2 && t->done[2].token == 1); /* completion order */
    CHECK_EQ_U64(t->c.st.row_hits, 1);
    CHECK_EQ_U64(t->c.st.row_conflicts, 1);
    free(t);
}

static void test_port_fifo_full(void)
{
    Gddr6Config g = cfg_norefresh();
    g.port_fifo_depth = 4;
    Tb *t = tb_new(&g);
    for (uint32_t i = 0; i < 4; i++)
        enq(t, 0, addr_of(&g, 0, 0, 0, 1, i), 32, 0, i);
    CHECK_EQ_U32(gddr6_enqueue(&t->c, 0, 0, 32, 0, 9, 0), BH_ERR_FULL);
    CHECK_EQ_U32(t->c.fifo_n[0], 4);
    enq(t, 1, 0, 32, 0, 10); /* the other ports have their own FIFOs */
    gddr6_step(&t->c, 0);    /* intake moves each port's one-burst front request */
    CHECK_EQ_U32(t->c.fifo_n[0], 3);
    enq(t, 0, addr_of(&g, 0, 0, 0, 1, 4), 32, 0, 4);
    CHECK_EQ_U32(gddr6_enqueue(&t->c, 0, 0, 32, 0, 9, 0), BH_ERR_FULL);
    tb_run(t, 10000);
    CHECK_EQ_U32(t->ndone, 6);
    free(t);

    /* completions nobody takes hold their request slots: the table fills, enqueue says FULL,
     * and taking them frees it */
    g.port_fifo_depth = GDDR6_MAX_PORT_FIFO;
    g.ports = GDDR6_MAX_PORTS;
    t = tb_new(&g);
    uint64_t tok = 0;
    for (uint64_t now = 0; now < 100000 && t->c.live_reqs < GDDR6_MAX_REQS; now++) {
        for (uint32_t p = 0; p < g.ports; p++)
            gddr6_enqueue(&t->c, p, (tok % 4096) * 32, 32, 0, tok, now), tok++;
        gddr6_step(&t->c, now);
    }
    CHECK_EQ_U32(t->c.live_reqs, GDDR6_MAX_REQS);
    CHECK_EQ_U32(gddr6_enqueue(&t->c, 0, 0, 32, 0, 0, 100000), BH_ERR_FULL);
    uint64_t next = 100000;
    for (int i = 0; i < 100000 && next != BH_IDLE; i++)
        next = gddr6_step(&t->c, next);
    CHECK_EQ_U32(t->c.done_n, GDDR6_MAX_REQS);
    Gddr6Done d[8];
    CHECK_EQ_U32(gddr6_take_done(&t->c, d, 8), 8);
    CHECK_OK(gddr6_enqueue(&t->c, 0, 0, 32, 0, 0, 200000));
    free(t);
}

static void test_address_errors(void)
{
    Gddr6Config g = cfg_norefresh();
    Tb *t = tb_new(&g);
    uint64_t cap = g.capacity_bytes, guest = bh_log_count(&test_log, BH_LOG_GUEST);
    CHECK_EQ_U32(gddr6_enqueue(&t->c, 0, cap, 1, 0, 1, 0), BH_ERR_ADDR);
    CHECK_EQ_U32(gddr6_enqueue(&t->c, 0, cap - 16, 32, 1, 1, 0), BH_ERR_ADDR);
    CHECK_EQ_U32(gddr6_enqueue(&t->c, 0, UINT64_MAX - 8, 32, 0, 1, 0), BH_ERR_ADDR);
    CHECK_EQ_U32(gddr6_enqueue(&t->c, 0, 0, 0, 0, 1, 0), BH_ERR_ACCESS);
    CHECK_EQ_U32(gddr6_enqueue(&t->c, 0, 0, GDDR6_MAX_REQ_BYTES + 1, 0, 1, 0), BH_ERR_ACCESS);
    CHECK_EQ_U64(bh_log_count(&test_log, BH_LOG_GUEST) - guest, 5);
    CHECK_EQ_U32(t->c.fifo_n[0], 0);
    CHECK_EQ_U32(t->c.live_reqs, 0);
    /* the last byte and the largest request ending there are accepted */
    enq(t, 0, cap - 1, 1, 0, 2);
    enq(t, 1, cap - GDDR6_MAX_REQ_BYTES, GDDR6_MAX_REQ_BYTES, 1, 3);
    tb_run(t, 1000000);
    CHECK_EQ_U32(t->ndone, 2);
    CHECK_EQ_U64(t->c.st.wr_bursts, GDDR6_MAX_REQ_BYTES / burst_bytes(&g));
    free(t);
}

static void test_unaligned_multi_burst(void)
{
    Gddr6Config g = cfg_norefresh();
    Tb *t = tb_new(&g);
    /* 64 bytes from offset 16 cover three bursts: (ch 0, bg 0), (ch 1, bg 0), (ch 0, bg 1) */
    enq(t, 0, addr_of(&g, 0, 0, 0, 4, 0) + 16, 64, 0, 1);
    tb_run(t, 1000);
    uint64_t rd3 = g.trcd + (g.trrds > g.tccds ? g.trrds : g.tccds);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_RD, 1, 0), g.trcd);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_RD, 1, 1), g.trcd); /* channel 1, same cycle */
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_RD, 1, 2), rd3);
    CHECK_EQ_U64(done_at(t, 1), rd3 + g.tcl + tburst(&g));
    CHECK_EQ_U64(t->c.st.rd_bursts, 3);
    CHECK_EQ_U64(t->c.st.bytes_read, 64);
    CHECK_EQ_U64(t->c.st.reads, 1);
    free(t);
}

static void test_address_maps(void)
{
    Gddr6Config g = cfg_norefresh();
    Gddr6 *c = calloc(1, sizeof *c);
    CHECK_OK(gddr6_init(c, &g, &test_log));
    Gddr6Loc l;
    gddr6_decode(c, addr_of(&g, 1, 2, 3, 12345, 77) + 31, &l);
    CHECK(l.ch == 1 && l.bg == 2 && l.ba == 3 && l.row == 12345 && l.col == 77);
    gddr6_decode(c, g.capacity_bytes - 1, &l);
    CHECK(l.ch == g.channels - 1 && l.bg == g.bank_groups - 1 && l.ba == g.banks_per_group - 1);
    CHECK(l.row == g.rows - 1 && l.col == g.page_bytes / burst_bytes(&g) - 1);
    /* "ro-ba-bg-co-ch": a channel's consecutive bursts stay in one bank; burst 8 is column 4 */
    snprintf(g.address_map, sizeof g.address_map, "ro-ba-bg-co-ch");
    CHECK_OK(gddr6_init(c, &g, &test_log));
    gddr6_decode(c, 8 * 32, &l);
    CHECK(l.ch == 0 && l.col == 4 && l.bg == 0 && l.ba == 0);
    gddr6_decode(c, 2 * 128 * 32, &l); /* past one row of both channels: next bank group */
    CHECK(l.ch == 0 && l.col == 0 && l.bg == 1);
    /* "ro-co-ba-bg-ch": bursts 2, 8 and 32 go to bank group 1, bank 1 and column 1 */
    snprintf(g.address_map, sizeof g.address_map, "ro-co-ba-bg-ch");
    CHECK_OK(gddr6_init(c, &g, &test_log));
    gddr6_decode(c, 2 * 32, &l);
    CHECK(l.bg == 1 && l.ba == 0 && l.col == 0);
    gddr6_decode(c, 8 * 32, &l);
    CHECK(l.bg == 0 && l.ba == 1 && l.col == 0);
    gddr6_decode(c, 32 * 32, &l);
    CHECK(l.bg == 0 && l.ba == 0 && l.col == 1);
    free(c);
}

static void test_closed_page(void)
{
    Gddr6Config g = cfg_norefresh();
    g.page_policy = GDDR6_PAGE_CLOSED;
    g.trtp = 40; /* so that RDA + tRTP, not tRAS or tRC, decides when the bank reopens */
    Tb *t = tb_new(&g);
    /* two reads to one row: RD keeps it open for the second, which auto-precharges */
    enq(t, 0, addr_of(&g, 0, 0, 0, 1, 0), 32, 0, 1);
    enq(t, 0, addr_of(&g, 0, 0, 0, 1, 1), 32, 0, 2);
    uint64_t rda = g.trcd + g.tccdl;
    tb_run(t, rda);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_RD, 1, 0), g.trcd);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_RDA, 2, 0), rda);
    /* a third read of the same row, right after: the bank closed at max(tRAS, RDA + tRTP),
     * so it needs an ACT after tRP (and tRC) */
    uint64_t pre = g.tras > rda + g.trtp ? g.tras : rda + g.trtp;
    uint64_t act = pre + g.trp > g.trc ? pre + g.trp : g.trc;
    CHECK(rda + g.trtp > g.tras && pre + g.trp > g.trc);
    t->now = rda + 1;
    enq(t, 0, addr_of(&g, 0, 0, 0, 1, 2), 32, 0, 3);
    tb_run(t, 2000);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_ACT, 3, 0), act);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_RDA, 3, 0), act + g.trcd);
    CHECK_EQ_U64(t->c.st.activates, 2);
    CHECK_EQ_U64(t->c.st.precharges, 2);
    CHECK_EQ_U64(t->c.st.row_misses, 2);
    CHECK_EQ_U64(t->c.st.row_hits, 1);
    free(t);
}

/* read_return_tck delays a read's completion, and its counted latency, by exactly that much
 * after its last data; a write's completion does not move, nor do the commands. */
static void test_read_return_path(void)
{
    const uint32_t ret = 128;
    uint64_t rd[2], wr[2], act[2];
    for (uint32_t k = 0; k < 2; k++) {
        Gddr6Config g = cfg_norefresh();
        g.read_return_tck = k ? ret : 0;
        Tb *t = tb_new(&g);
        t->now = 100;
        enq(t, 0, addr_of(&g, 0, 0, 0, 5, 3), 32, 0, 1);
        enq(t, 1, addr_of(&g, 1, 0, 0, 7, 3), 32, 1, 2);
        tb_run(t, 10000);
        CHECK_EQ_U32(t->ndone, 2);
        rd[k] = done_at(t, 1);
        wr[k] = done_at(t, 2);
        act[k] = cmd_at(t, GDDR6_CMD_RD, 1, 0);
        CHECK_EQ_U64(t->c.st.rd_lat_max, rd[k] - 100);
        free(t);
    }
    CHECK_EQ_U64(rd[1], rd[0] + ret);
    CHECK_EQ_U64(wr[1], wr[0]);
    CHECK_EQ_U64(act[1], act[0]);
}

static void test_latency_percentiles(void)
{
    Gddr6Config g = cfg_norefresh();
    Tb *t = tb_new(&g);
    /* one miss, then 99 hits one at a time: latencies trcd + CL + burst, 99 x (CL + burst) */
    uint64_t miss = g.trcd + g.tcl + tburst(&g), hit = g.tcl + tburst(&g);
    for (uint32_t i = 0; i < 100; i++) {
        enq(t, i % 3, addr_of(&g, 0, 0, 0, 1, i % 128), 32, 0, i);
        tb_run(t, t->now + 1000);
    }
    CHECK_EQ_U64(t->c.st.rd_lat_count, 100);
    CHECK_EQ_U64(t->c.st.rd_lat_sum, miss + 99 * hit);
    CHECK_EQ_U64(t->c.st.rd_lat_max, miss);
    CHECK_EQ_U64(gddr6_read_latency_percentile(&t->c, 0.5), hit);
    CHECK_EQ_U64(gddr6_read_latency_percentile(&t->c, 0.99), hit);
    CHECK_EQ_U64(gddr6_read_latency_percentile(&t->c, 1.0), miss);
    free(t);
    /* above 256 tCK the histogram keeps 16 buckets per power of two: a 300-tCK latency
     * (a 270-tCK tRCD) reads back as the lower edge of [288, 304) */
    g.trcd = 270;
    g.tras = 300;
    g.trc = g.tras + g.trp;
    t = tb_new(&g);
    CHECK_EQ_U64(g.trcd + g.tcl + tburst(&g), 300);
    enq(t, 0, 0, 32, 0, 1);
    tb_run(t, 10000);
    CHECK_EQ_U64(gddr6_read_latency_percentile(&t->c, 0.5), 288);
    CHECK_EQ_U64(t->c.st.rd_lat_max, 300);
    free(t);
}

static void test_idle_costs_nothing(void)
{
    Gddr6Config g = gddr6_config_default();
    Tb *t = tb_new(&g);
    tb_run(t, 10 * (uint64_t)g.trefi);
    /* every tREFI: REF on both channels, one more step, then sleep until the next due time */
    CHECK_EQ_U64(t->c.st.refreshes, 10 * g.channels);
    CHECK(t->steps <= 2 * 10 + 1);
    CHECK_EQ_U64(cmd_at(t, GDDR6_CMD_REF, BH_IDLE, 2), 2 * (uint64_t)g.trefi);
    free(t);
}

/* Mixed random traffic, stepped every cycle and event-driven: identical commands and
 * completions, so the next-event times the model reports never skip work. */
typedef struct Arrival {
    uint64_t at, addr, token;
    uint32_t bytes, port;
    int wr;
} Arrival;

static uint32_t lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*s >> 33);
}

static void run_arrivals(Tb *t, const Arrival *a, uint32_t n, uint64_t end, int every_cycle)
{
    uint32_t k = 0;
    uint64_t now = 0;
    while (now <= end) {
        t->now = now;
        int blocked = 0;
        while (k < n && a[k].at <= now) {
            if (gddr6_enqueue(&t->c, a[k].port, a[k].addr, a[k].bytes, a[k].wr, a[k].token, now) !=
                BH_OK) {
                blocked = 1;
                break;
            }
            k++;
        }
        uint64_t next = gddr6_step(&t->c, now);
        t->steps++;
        t->ndone += gddr6_take_done(&t->c, t->done + t->ndone, DONE_MAX - t->ndone);
        if (blocked)
            next = now + 1;
        else if (k < n && a[k].at < next)
            next = a[k].at;
        now = every_cycle ? now + 1 : next;
    }
}

static void test_event_driven_matches_every_cycle(void)
{
    Gddr6Config g = gddr6_config_default();
    g.trefi = 800;
    g.write_queue_depth = 16;
    g.write_high_watermark = 12;
    g.write_low_watermark = 4;
    enum { N = 600 };
    Arrival *a = calloc(N, sizeof *a);
    uint64_t seed = 12345, at = 0;
    for (uint32_t i = 0; i < N; i++) {
        at += lcg(&seed) % 24;
        a[i].at = at;
        a[i].port = lcg(&seed) % g.ports;
        a[i].addr = (uint64_t)(lcg(&seed) % (1u << 21)) * 3; /* 2 MiB: rows collide */
        a[i].bytes = 1 + lcg(&seed) % 200;
        a[i].wr = lcg(&seed) % 3 == 0;
        a[i].token = i;
    }
    Tb *e = tb_new(&g), *p = tb_new(&g);
    run_arrivals(e, a, N, at + 20000, 0);
    run_arrivals(p, a, N, at + 20000, 1);
    CHECK_EQ_U32(e->ndone, N);
    CHECK_EQ_U32(p->ndone, N);
    CHECK_EQ_U32(e->nlog, p->nlog);
    CHECK(e->nlog < LOG_MAX);
    uint32_t diff = 0;
    for (uint32_t i = 0; i < e->nlog; i++) {
        const Gddr6CmdRec *x = &e->log[i], *y = &p->log[i];
        diff += x->cycle != y->cycle || x->token != y->token || x->row != y->row ||
                x->col != y->col || x->kind != y->kind || x->ch != y->ch || x->bg != y->bg ||
                x->ba != y->ba;
    }
    for (uint32_t i = 0; i < e->ndone; i++) {
        const Gddr6Done *x = &e->done[i], *y = &p->done[i];
        diff += x->token != y->token || x->done_cycle != y->done_cycle ||
                x->enq_cycle != y->enq_cycle || x->bytes != y->bytes || x->port != y->port ||
                x->is_write != y->is_write;
    }
    CHECK_EQ_U32(diff, 0);
    CHECK(e->c.st.row_conflicts > 0 && e->c.st.row_hits > 0 && e->c.st.refreshes > 0);
    CHECK(e->c.st.writes > 0 && e->c.st.reads > 0);
    CHECK(e->steps < p->steps);
    for (uint32_t i = 1; i < e->ndone; i++)
        CHECK(e->done[i].done_cycle >= e->done[i - 1].done_cycle);
    free(a);
    free(e);
    free(p);
}

static void test_sequential_read_bandwidth(void)
{
    /* Peak: each channel moves bus_bits / 8 bytes per beat, 8 beats per tCK, so
     * channels x bus_bits bytes per tCK (2 x 16 = 32 B/tCK = 64 GB/s at 2 GHz). All-bank
     * refresh takes each channel off the bus for at least tRFC every tREFI, so no schedule
     * beats (1 - tRFC / tREFI) x peak (93.9 %). A sequential stream should come within a few
     * percent below: each refresh also waits for tRAS / tRTP, precharges (tRP) and reopens
     * the rows (tRCD + CL before data flows again), about (tRP + tRCD + CL) / tREFI = 2.3 %;
     * with the default map the row and bank switches of the stream itself hide behind the
     * queued bursts. */
    Gddr6Config g = gddr6_config_default();
    Tb *t = tb_new(&g);
    gddr6_set_cmd_hook(&t->c, NULL, NULL);
    Stream s = {.next_addr = 0, .end_addr = UINT64_MAX, .bytes = 2048, .ports = g.ports};
    uint64_t warm = 2 * (uint64_t)g.trefi, span = 100 * (uint64_t)g.trefi;
    tb_run_fed(t, &s, warm);
    uint64_t b0 = t->c.st.rd_bursts;
    tb_run_fed(t, &s, warm + span);
    double moved = (double)(t->c.st.rd_bursts - b0) * (double)burst_bytes(&g);
    double peak = (double)g.channels * g.bus_bits * (double)span;
    double eff = moved / peak, bound = 1.0 - (double)g.trfc / g.trefi;
    fprintf(stderr, "     sequential reads: %.2f%% of peak, refresh bound %.2f%%\n", 100 * eff,
            100 * bound);
    CHECK(eff <= bound);
    CHECK(eff >= bound - 0.04);
    CHECK(t->c.st.row_hits > 50 * t->c.st.activates);
    free(t);
}

static void expect_reject(const Gddr6Config *g, const char *field)
{
    char why[256] = "";
    CHECK_EQ_U32(gddr6_config_check(g, why, sizeof why), BH_ERR_CONFIG);
    size_t n = strlen(field);
    int named = strncmp(why, field, n) == 0 && why[n] == ':';
    if (!named)
        fprintf(stderr, "expected a rejection naming %s, got \"%s\"\n", field, why);
    CHECK(named);
}

/* A copy of the defaults with one change must be rejected, naming `field`. */
#define REJECT_IF(change, field)                                                                   \
    do {                                                                                           \
        Gddr6Config g_ = ok, *g = &g_;                                                             \
        change;                                                                                    \
        expect_reject(g, field);                                                                   \
    } while (0)

static void test_config_check_rejects(void)
{
    const Gddr6Config ok = gddr6_config_default();
    REJECT_IF(g->data_rate_mts = 999, "data_rate_mts");
    REJECT_IF(g->data_rate_mts = 32001, "data_rate_mts");
    REJECT_IF(g->bus_bits = 12, "bus_bits");
    REJECT_IF(g->channels = 3, "channels");
    REJECT_IF(g->channels = 2 * GDDR6_MAX_CHANNELS, "channels");
    REJECT_IF(g->bank_groups = 2 * GDDR6_MAX_BANK_GROUPS, "bank_groups");
    REJECT_IF(g->banks_per_group = 3, "banks_per_group");
    REJECT_IF(g->banks_per_group = 2 * GDDR6_MAX_BANKS / g->bank_groups, "banks_per_group");
    REJECT_IF(g->burst_length = 12, "burst_length");
    REJECT_IF(g->rows = 100, "rows");
    REJECT_IF(g->page_bytes = (uint32_t)burst_bytes(g) / 2, "page_bytes");
    REJECT_IF(g->capacity_bytes += 4096, "capacity_bytes");
    REJECT_IF(g->rows /= 2, "capacity_bytes"); /* the geometry no longer adds up */
    REJECT_IF(g->tccdl = g->tccds - 1, "tccdl");
    REJECT_IF(g->trrdl = g->trrds - 1, "trrdl");
    REJECT_IF(g->twtrl = g->twtrs - 1, "twtrl");
    REJECT_IF(g->trc = g->tras + g->trp - 1, "trc");
    REJECT_IF(g->refresh = 2, "refresh");
    REJECT_IF(g->trefi = g->trfc + g->trc, "trefi");
    REJECT_IF(snprintf(g->address_map, GDDR6_MAP_CHARS, "ro-ba-co-bg"), "address_map");
    REJECT_IF(snprintf(g->address_map, GDDR6_MAP_CHARS, "ro-ba-co-bg-ch-ch"), "address_map");
    REJECT_IF(snprintf(g->address_map, GDDR6_MAP_CHARS, "ro-ba-co-ch-ch"), "address_map");
    REJECT_IF(snprintf(g->address_map, GDDR6_MAP_CHARS, "ro-xx-co-bg-ch"), "address_map");
    REJECT_IF(memset(g->address_map, 'a', GDDR6_MAP_CHARS), "address_map");
    REJECT_IF(g->ports = 0, "ports");
    REJECT_IF(g->ports = GDDR6_MAX_PORTS + 1, "ports");
    REJECT_IF(g->port_fifo_depth = 0, "port_fifo_depth");
    REJECT_IF(g->port_fifo_depth = GDDR6_MAX_PORT_FIFO + 1, "port_fifo_depth");
    REJECT_IF(g->read_queue_depth = 0, "read_queue_depth");
    REJECT_IF(g->read_queue_depth = GDDR6_MAX_QUEUE + 1, "read_queue_depth");
    REJECT_IF(g->write_queue_depth = 0, "write_queue_depth");
    REJECT_IF(g->write_queue_depth = GDDR6_MAX_QUEUE + 1, "write_queue_depth");
    REJECT_IF(g->write_high_watermark = 0, "write_high_watermark");
    REJECT_IF(g->write_high_watermark = g->write_queue_depth + 1, "write_high_watermark");
    REJECT_IF(g->write_low_watermark = g->write_high_watermark, "write_low_watermark");
    REJECT_IF(g->intake_per_cycle = 0, "intake_per_cycle");
    REJECT_IF(g->intake_per_cycle = 17, "intake_per_cycle");
    REJECT_IF(g->page_policy = 2, "page_policy");
    /* every timing field, just outside its range on either side */
#define TRY_TIMING(name, ps, ck, lo, hi, doc)                                                      \
    if ((lo) > 0)                                                                                  \
        REJECT_IF(g->name = (lo)-1, #name);                                                        \
    REJECT_IF(g->name = (hi) + 1, #name);
    GDDR6_TIMINGS(TRY_TIMING)
#undef TRY_TIMING
    Gddr6 *c = calloc(1, sizeof *c);
    Gddr6Config g = ok;
    g.channels = 3;
    CHECK_EQ_U32(gddr6_init(c, &g, &test_log), BH_ERR_CONFIG);
    free(c);
}

/* Every field of a window is end minus start except the maximum: a counter added to the
 * struct outside GDDR6_COUNTERS would be reported whole and fail here. */
static void test_stats_window_covers_every_counter(void)
{
    Gddr6Stats from, to;
    uint64_t *f = (uint64_t *)&from, *t = (uint64_t *)&to;
    size_t n = sizeof from / sizeof(uint64_t);
    CHECK_EQ_U64(sizeof from % sizeof(uint64_t), 0);
    for (size_t i = 0; i < n; i++) {
        f[i] = 1000 + i;
        t[i] = 5000 + 3 * i;
    }
    Gddr6Stats w = gddr6_stats_window(&from, &to);
    const uint64_t *d = (const uint64_t *)&w;
    size_t max_at = offsetof(Gddr6Stats, rd_lat_max) / sizeof(uint64_t);
    for (size_t i = 0; i < n; i++)
        CHECK_EQ_U64(d[i], i == max_at ? t[i] : t[i] - f[i]);
}

int main(void)
{
    RUN(test_stats_window_covers_every_counter);
    bh_log_set_sink(&test_log, quiet, NULL);
    RUN(test_defaults_from_references);
    RUN(test_single_read_closed_bank);
    RUN(test_read_return_path);
    RUN(test_single_write_closed_bank);
    RUN(test_bank_groups_ccds_vs_ccdl);
    RUN(test_row_conflict);
    RUN(test_trrd);
    RUN(test_tfaw);
    RUN(test_refresh_mid_stream);
    RUN(test_turnarounds);
    RUN(test_write_drain_watermarks);
    RUN(test_frfcfs_younger_hit_first);
    RUN(test_port_fifo_full);
    RUN(test_address_errors);
    RUN(test_unaligned_multi_burst);
    RUN(test_address_maps);
    RUN(test_closed_page);
    RUN(test_latency_percentiles);
    RUN(test_idle_costs_nothing);
    RUN(test_event_driven_matches_every_cycle);
    RUN(test_sequential_read_bandwidth);
    RUN(test_config_check_rejects);
    return check_failures();
}
