// SPDX-License-Identifier: Apache-2.0
/* GDDR6 command scheduling: per-channel bank, bank-group and data-bus timing state, FR-FCFS
 * command selection, and all-bank refresh. Every "next_*" field holds the earliest cycle at
 * which that command may issue; issuing a command raises the fields it constrains. */
#include "model/dram/gddr6.h"
#include <string.h>

enum { BUS_NONE, BUS_READ, BUS_WRITE };

static uint64_t max64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

static void hook(Gddr6 *c, Gddr6CmdKind kind, uint32_t ch, uint32_t bank, uint32_t row,
                 uint32_t col, uint64_t token, uint64_t now)
{
    if (!c->on_cmd)
        return;
    Gddr6CmdRec rec = {
        .cycle = now,
        .token = token,
        .row = row,
        .col = (uint16_t)col,
        .kind = (uint8_t)kind,
        .ch = (uint8_t)ch,
        .bg = (uint8_t)(bank / c->cfg.banks_per_group),
        .ba = (uint8_t)(bank % c->cfg.banks_per_group),
    };
    c->on_cmd(c->cmd_ctx, &rec);
}

static uint64_t act_ready(const Gddr6 *c, const Gddr6Chan *h, uint32_t bank, uint32_t bg)
{
    uint64_t t = max64(h->bank[bank].next_act, max64(h->bg_next_act[bg], h->next_act));
    if (h->faw_n == 4) /* faw[faw_pos] is the oldest of the last four ACTs */
        t = max64(t, h->faw[h->faw_pos] + c->cfg.tfaw);
    return t;
}

/* Earliest RD or WR for burst b, whose row is open. */
static uint64_t cas_ready(const Gddr6 *c, const Gddr6Chan *h, const Gddr6Burst *b, int is_write)
{
    const Gddr6Bank *k = &h->bank[b->bank];
    uint64_t t, bus;
    uint32_t lat;
    if (is_write) {
        t = max64(k->next_wr, max64(h->bg_next_wr[b->bg], h->next_wr));
        bus = h->bus_free + (h->bus_dir == BUS_READ ? c->cfg.trtw_turn : 0);
        lat = c->cfg.tcwl;
    } else {
        t = max64(k->next_rd, max64(h->bg_next_rd[b->bg], h->next_rd));
        bus = h->bus_free + (h->bus_dir == BUS_WRITE ? c->cfg.twtr_turn : 0);
        lat = c->cfg.tcl;
    }
    /* the burst's data must start once the bus is free (and turned around) */
    if (bus > lat)
        t = max64(t, bus - lat);
    return t;
}

static void classify(Gddr6Burst *b, uint64_t *counter)
{
    if (!b->classified) {
        b->classified = 1;
        (*counter)++;
    }
}

static void issue_act(Gddr6 *c, Gddr6Chan *h, uint32_t ch, Gddr6Burst *b, uint64_t now)
{
    const Gddr6Config *g = &c->cfg;
    Gddr6Bank *k = &h->bank[b->bank];
    BH_ASSERT(!k->open);
    k->open = 1;
    k->row = b->row;
    k->next_rd = now + g->trcd;
    k->next_wr = now + g->trcd_wr;
    k->next_pre = now + g->tras;
    k->next_act = now + g->trc;
    h->bg_next_act[b->bg] = max64(h->bg_next_act[b->bg], now + g->trrdl);
    h->next_act = max64(h->next_act, now + g->trrds);
    if (h->faw_n < 4) {
        h->faw[(h->faw_pos + h->faw_n) % 4] = now;
        h->faw_n++;
    } else {
        h->faw[h->faw_pos] = now;
        h->faw_pos = (h->faw_pos + 1) % 4;
    }
    h->open_banks++;
    c->st.activates++;
    classify(b, &c->st.row_misses);
    hook(c, GDDR6_CMD_ACT, ch, b->bank, b->row, 0, c->req[b->req].token, now);
}

static void close_bank(Gddr6 *c, Gddr6Chan *h, uint32_t bank, uint64_t at)
{
    Gddr6Bank *k = &h->bank[bank];
    BH_ASSERT(k->open);
    k->open = 0;
    k->next_act = max64(k->next_act, at + c->cfg.trp);
    h->open_banks--;
    c->st.precharges++;
}

/* Another queued burst (either queue) of channel h wants the same open row. */
static int row_wanted(const Gddr6Chan *h, uint32_t bank, uint32_t row)
{
    for (uint32_t i = 0; i < h->rq_n; i++)
        if (h->rq[i].bank == bank && h->rq[i].row == row)
            return 1;
    for (uint32_t i = 0; i < h->wq_n; i++)
        if (h->wq[i].bank == bank && h->wq[i].row == row)
            return 1;
    return 0;
}

/* RD or WR for the burst at index qi of its queue; the burst leaves the queue. */
static void issue_cas(Gddr6 *c, Gddr6Chan *h, uint32_t ch, int is_write, uint32_t qi, uint64_t now)
{
    const Gddr6Config *g = &c->cfg;
    Gddr6Burst *q = is_write ? h->wq : h->rq;
    uint32_t *n = is_write ? &h->wq_n : &h->rq_n;
    Gddr6Burst b = q[qi];
    memmove(&q[qi], &q[qi + 1], (*n - qi - 1) * sizeof q[0]);
    (*n)--;
    Gddr6Bank *k = &h->bank[b.bank];
    uint64_t data_end;
    classify(&b, &c->st.row_hits);
    if (is_write) {
        c->wq_n--;
        data_end = now + g->tcwl + c->tburst;
        k->next_pre = max64(k->next_pre, data_end + g->twr);
        h->bg_next_rd[b.bg] = max64(h->bg_next_rd[b.bg], data_end + g->twtrl);
        h->next_rd = max64(h->next_rd, data_end + g->twtrs);
        h->bg_next_wr[b.bg] = max64(h->bg_next_wr[b.bg], now + g->tccdl);
        h->next_wr = max64(h->next_wr, now + g->tccds);
        h->bus_dir = BUS_WRITE;
        c->st.wr_bursts++;
    } else {
        c->rq_n--;
        data_end = now + g->tcl + c->tburst;
        k->next_pre = max64(k->next_pre, now + g->trtp);
        h->bg_next_rd[b.bg] = max64(h->bg_next_rd[b.bg], now + g->tccdl);
        h->next_rd = max64(h->next_rd, now + g->tccds);
        h->bus_dir = BUS_READ;
        c->st.rd_bursts++;
    }
    h->bus_free = data_end;
    c->st.bus_busy_cycles += c->tburst;
    Gddr6CmdKind kind = is_write ? GDDR6_CMD_WR : GDDR6_CMD_RD;
    if (g->page_policy == GDDR6_PAGE_CLOSED && !row_wanted(h, b.bank, b.row)) {
        /* auto-precharge: the bank closes as soon as tRAS and tRTP / tWR allow */
        close_bank(c, h, b.bank, k->next_pre);
        kind = is_write ? GDDR6_CMD_WRA : GDDR6_CMD_RDA;
    }
    hook(c, kind, ch, b.bank, b.row, b.col, c->req[b.req].token, now);
    gddr6_burst_issued(c, &b, data_end);
}

/* Refresh due: close the open banks, then REF once every bank is past tRP and tRC. */
static uint64_t refresh_step(Gddr6 *c, Gddr6Chan *h, uint32_t ch, uint64_t now, int can_issue)
{
    uint32_t nbanks = c->cfg.bank_groups * c->cfg.banks_per_group;
    uint64_t t = BH_IDLE;
    int pick = -1;
    for (uint32_t i = 0; i < nbanks; i++)
        if (h->bank[i].open && h->bank[i].next_pre < t) {
            t = h->bank[i].next_pre;
            pick = (int)i;
        }
    if (pick >= 0) {
        if (t <= now && can_issue) {
            close_bank(c, h, (uint32_t)pick, now);
            h->last_cmd = now;
            hook(c, GDDR6_CMD_PRE, ch, (uint32_t)pick, h->bank[pick].row, 0, 0, now);
            return now + 1;
        }
        return t;
    }
    t = 0;
    for (uint32_t i = 0; i < nbanks; i++)
        t = max64(t, h->bank[i].next_act);
    if (t > now || !can_issue)
        return t;
    for (uint32_t i = 0; i < nbanks; i++)
        h->bank[i].next_act = max64(h->bank[i].next_act, now + c->cfg.trfc);
    h->ref_end = now + c->cfg.trfc;
    h->refresh_due += c->cfg.trefi;
    h->last_cmd = now;
    c->st.refreshes++;
    hook(c, GDDR6_CMD_REF, ch, 0, 0, 0, 0, now);
    return now + 1;
}

uint64_t gddr6_sched_channel(Gddr6 *c, uint32_t ch, uint64_t now)
{
    Gddr6Chan *h = &c->ch[ch];
    int can_issue = h->last_cmd != now;
    int due = c->cfg.refresh && now >= h->refresh_due;
    h->refreshing = (uint8_t)(due || now < h->ref_end);
    if (due) {
        h->quiet_until = 0;
        return refresh_step(c, h, ch, now, can_issue);
    }
    /* nothing has changed that the last scan read: its answer stands (the timing state
     * changes only when this channel issues, which the scan decides) */
    if (now < h->quiet_until && h->quiet_draining == c->draining)
        return h->quiet_until;
    uint64_t next = h->refresh_due; /* BH_IDLE when refresh is off */

    /* 1. the queue: writes while draining (or when this channel has no reads), else reads */
    int is_write = c->draining ? h->wq_n > 0 : h->rq_n == 0;
    Gddr6Burst *q = is_write ? h->wq : h->rq;
    uint32_t n = is_write ? h->wq_n : h->rq_n;
    if (n == 0)
        return next;

    /* 2. FR-FCFS in one pass, oldest first: the first ready row hit wins; else the oldest
     * ready ACT (closed bank) or PRE (another row open). A bank with a queued hit is never
     * precharged for a conflict, which only the whole queue tells: conflicts are noted per
     * bank (all of one bank's wait for the same next_pre) and decided after the pass. */
    int hit = -1, other = -1;
    uint32_t hit_banks = 0, conflict_banks = 0, closed_banks = 0;
    uint16_t first_conflict[GDDR6_MAX_BANKS];
    for (uint32_t i = 0; i < n; i++) {
        const Gddr6Burst *b = &q[i];
        const Gddr6Bank *k = &h->bank[b->bank];
        const uint32_t bit = 1u << b->bank;
        uint64_t t;
        /* the ACT of a closed bank, or the RD/WR of a hit, waits for the same cycle whichever
         * of the bank's bursts it serves: the bank's first such burst decides for them all */
        if (!k->open) {
            if (closed_banks & bit)
                continue;
            closed_banks |= bit;
            t = act_ready(c, h, b->bank, b->bg);
        } else if (k->row == b->row) {
            if (hit_banks & bit)
                continue;
            hit_banks |= bit;
            t = cas_ready(c, h, b, is_write);
            if (t <= now) {
                hit = (int)i;
                break;
            }
        } else {
            if (!(conflict_banks & bit)) {
                conflict_banks |= bit;
                first_conflict[b->bank] = (uint16_t)i;
            }
            continue;
        }
        if (t <= now) {
            if (other < 0)
                other = (int)i;
        } else if (t < next) {
            next = t;
        }
    }
    if (hit < 0) {
        for (uint32_t bits = conflict_banks & ~hit_banks; bits; bits &= bits - 1) {
            uint32_t bank = (uint32_t)__builtin_ctz(bits);
            uint64_t t = h->bank[bank].next_pre;
            if (t <= now) {
                if (other < 0 || first_conflict[bank] < other)
                    other = first_conflict[bank];
            } else if (t < next) {
                next = t;
            }
        }
    }
    if (hit < 0 && other < 0) {
        h->quiet_until = next;
        h->quiet_draining = c->draining;
        return next;
    }
    if (!can_issue) /* a command already went out on this channel this cycle */
        return now + 1;

    /* 3. issue */
    h->last_cmd = now;
    if (hit >= 0) {
        issue_cas(c, h, ch, is_write, (uint32_t)hit, now);
    } else {
        Gddr6Burst *b = &q[other];
        if (!h->bank[b->bank].open) {
            issue_act(c, h, ch, b, now);
        } else {
            classify(b, &c->st.row_conflicts);
            close_bank(c, h, b->bank, now);
            hook(c, GDDR6_CMD_PRE, ch, b->bank, h->bank[b->bank].row, 0, c->req[b->req].token, now);
        }
    }
    return now + 1;
}
