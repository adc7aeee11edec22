// SPDX-License-Identifier: Apache-2.0
/* GDDR6 controller: configuration, request intake from the port FIFOs, completion and
 * statistics. The command scheduler and the DRAM timing state are in gddr6_sched.c. */
#include "model/dram/gddr6.h"
#include <stdio.h>
#include <string.h>

#define REQ_NONE UINT32_MAX

typedef enum Gddr6Field { F_RO, F_BA, F_BG, F_CO, F_CH } Gddr6Field;
static const char *const field_name[GDDR6_MAP_FIELDS] = {"ro", "ba", "bg", "co", "ch"};

static uint32_t log2u(uint64_t v)
{
    uint32_t n = 0;
    while (v > 1) {
        v >>= 1;
        n++;
    }
    return n;
}

static int pow2_in(uint64_t v, uint64_t lo, uint64_t hi)
{
    return v >= lo && v <= hi && (v & (v - 1)) == 0;
}

static int in_range(uint32_t v, uint32_t lo, uint32_t hi)
{
    return v >= lo && v <= hi;
}

/* Parses "ro-ba-co-bg-ch" (highest field first) into fields lowest first. */
static int parse_map(const char *s, uint8_t lowest_first[GDDR6_MAP_FIELDS], char *err, size_t len)
{
    if (!memchr(s, '\0', GDDR6_MAP_CHARS)) {
        snprintf(err, len, "not terminated within %d characters", GDDR6_MAP_CHARS - 1);
        return 0;
    }
    uint8_t order[GDDR6_MAP_FIELDS];
    uint32_t seen = 0, n = 0;
    const char *p = s;
    for (;;) {
        size_t tok = strcspn(p, "-");
        int f = -1;
        for (int k = 0; k < GDDR6_MAP_FIELDS; k++)
            if (tok == 2 && strncmp(p, field_name[k], 2) == 0)
                f = k;
        if (f < 0) {
            snprintf(err, len, "unknown field \"%.*s\" in \"%s\" (fields: ro ba bg co ch)",
                     (int)tok, p, s);
            return 0;
        }
        if (seen & (1u << f) || n == GDDR6_MAP_FIELDS) {
            snprintf(err, len, "field %s repeated in \"%s\"", field_name[f], s);
            return 0;
        }
        seen |= 1u << f;
        order[n++] = (uint8_t)f;
        if (p[tok] == '\0')
            break;
        p += tok + 1;
    }
    if (n != GDDR6_MAP_FIELDS) {
        snprintf(err, len, "\"%s\" must name each of ro ba bg co ch once", s);
        return 0;
    }
    for (uint32_t i = 0; i < n; i++)
        lowest_first[i] = order[n - 1 - i];
    return 1;
}

Gddr6Config gddr6_config_for_rate(uint32_t data_rate_mts)
{
    Gddr6Config c;
    memset(&c, 0, sizeof c);
#define GDDR6_X_DEFAULT(name, def, lo, hi, doc) c.name = (def);
    GDDR6_PARAMS(GDDR6_X_DEFAULT)
#undef GDDR6_X_DEFAULT
    c.data_rate_mts = data_rate_mts;
    c.capacity_bytes = 4ull << 30;
    /* tCK = 8e6 / rate ps, so ps / tCK = ps x rate / 8e6, rounded up: a minimum delay */
#define GDDR6_X_REF(name, ps, ck, lo, hi, doc)                                                     \
    c.name = (ps) ? (uint32_t)(((uint64_t)(ps)*data_rate_mts + 7999999) / 8000000) : (ck);
    GDDR6_TIMINGS(GDDR6_X_REF)
#undef GDDR6_X_REF
    /* trefi is a maximum interval: round it down instead */
    c.trefi = (uint32_t)(1953125ull * data_rate_mts / 8000000);
    if (c.trc < c.tras + c.trp)
        c.trc = c.tras + c.trp;
    snprintf(c.address_map, sizeof c.address_map, "%s", "ro-ba-co-bg-ch");
    c.ports = 3;
    c.page_policy = GDDR6_PAGE_OPEN;
    c.refresh = 1;
    return c;
}

Gddr6Config gddr6_config_default(void)
{
    return gddr6_config_for_rate(16000);
}

uint64_t gddr6_clock_hz(const Gddr6Config *cfg)
{
    return (uint64_t)cfg->data_rate_mts * 1000000u / GDDR6_BEATS_PER_CK;
}

BhStatus gddr6_config_check(const Gddr6Config *c, char *why, size_t len)
{
#define REJECT(...)                                                                                \
    do {                                                                                           \
        snprintf(why, len, __VA_ARGS__);                                                           \
        return BH_ERR_CONFIG;                                                                      \
    } while (0)
#define GDDR6_X_RANGE(name, def, lo, hi, doc)                                                      \
    if (!in_range(c->name, lo, hi))                                                                \
        REJECT("%s: must be %u..%u, got %u", #name, (unsigned)(lo), (unsigned)(hi), c->name);
    GDDR6_PARAMS(GDDR6_X_RANGE)
#undef GDDR6_X_RANGE
    if (c->data_rate_mts < 1000 || c->data_rate_mts > 32000)
        REJECT("data_rate_mts: must be 1000..32000 MT/s, got %u", c->data_rate_mts);
    if (!pow2_in(c->bus_bits, 8, 64))
        REJECT("bus_bits: must be 8, 16, 32 or 64, got %u", c->bus_bits);
    if (!pow2_in(c->channels, 1, GDDR6_MAX_CHANNELS))
        REJECT("channels: must be a power of two 1..%d, got %u", GDDR6_MAX_CHANNELS, c->channels);
    if (!pow2_in(c->bank_groups, 1, GDDR6_MAX_BANK_GROUPS))
        REJECT("bank_groups: must be a power of two 1..%d, got %u", GDDR6_MAX_BANK_GROUPS,
               c->bank_groups);
    if (!pow2_in(c->banks_per_group, 1, GDDR6_MAX_BANKS) ||
        c->bank_groups * c->banks_per_group > GDDR6_MAX_BANKS)
        REJECT("banks_per_group: must be a power of two with bank_groups x banks_per_group <= "
               "%d, got %u",
               GDDR6_MAX_BANKS, c->banks_per_group);
    if (c->burst_length != 8 && c->burst_length != 16 && c->burst_length != 32)
        REJECT("burst_length: must be 8, 16 or 32, got %u", c->burst_length);
    if (!pow2_in(c->rows, 256, 1u << 20))
        REJECT("rows: must be a power of two 256..1048576, got %u", c->rows);
    uint32_t burst_bytes = c->bus_bits / 8 * c->burst_length;
    if (!pow2_in(c->page_bytes, burst_bytes, 65536))
        REJECT("page_bytes: must be a power of two from one burst (%u) to 65536, got %u",
               burst_bytes, c->page_bytes);
    uint64_t cap =
        (uint64_t)c->channels * c->bank_groups * c->banks_per_group * c->rows * c->page_bytes;
    if (c->capacity_bytes != cap)
        REJECT("capacity_bytes: must equal channels x bank_groups x banks_per_group x rows x "
               "page_bytes = %llu, got %llu",
               (unsigned long long)cap, (unsigned long long)c->capacity_bytes);
#define GDDR6_X_CHECK(name, ps, ck, lo, hi, doc)                                                   \
    if (!in_range(c->name, lo, hi))                                                                \
        REJECT("%s: must be %u..%u tCK, got %u", #name, (unsigned)(lo), (unsigned)(hi), c->name);
    GDDR6_TIMINGS(GDDR6_X_CHECK)
#undef GDDR6_X_CHECK
    if (c->tccdl < c->tccds)
        REJECT("tccdl: must be at least tccds (%u), got %u", c->tccds, c->tccdl);
    if (c->trrdl < c->trrds)
        REJECT("trrdl: must be at least trrds (%u), got %u", c->trrds, c->trrdl);
    if (c->twtrl < c->twtrs)
        REJECT("twtrl: must be at least twtrs (%u), got %u", c->twtrs, c->twtrl);
    if (c->trc < c->tras + c->trp)
        REJECT("trc: must be at least tras + trp = %u, got %u", c->tras + c->trp, c->trc);
    if (c->refresh > 1)
        REJECT("refresh: must be 0 or 1, got %u", c->refresh);
    if (c->refresh && c->trefi <= c->trfc + c->trc)
        REJECT("trefi: must exceed trfc + trc = %u when refresh is on, got %u", c->trfc + c->trc,
               c->trefi);
    uint8_t order[GDDR6_MAP_FIELDS];
    char err[160];
    if (!parse_map(c->address_map, order, err, sizeof err))
        REJECT("address_map: %s", err);
    if (c->ports < 1 || c->ports > GDDR6_MAX_PORTS)
        REJECT("ports: must be 1..%d, got %u", GDDR6_MAX_PORTS, c->ports);
    if (c->port_fifo_depth < 1 || c->port_fifo_depth > GDDR6_MAX_PORT_FIFO)
        REJECT("port_fifo_depth: must be 1..%d, got %u", GDDR6_MAX_PORT_FIFO, c->port_fifo_depth);
    if (c->read_queue_depth < 1 || c->read_queue_depth > GDDR6_MAX_QUEUE)
        REJECT("read_queue_depth: must be 1..%d, got %u", GDDR6_MAX_QUEUE, c->read_queue_depth);
    if (c->write_queue_depth < 1 || c->write_queue_depth > GDDR6_MAX_QUEUE)
        REJECT("write_queue_depth: must be 1..%d, got %u", GDDR6_MAX_QUEUE, c->write_queue_depth);
    if (c->write_high_watermark < 1 || c->write_high_watermark > c->write_queue_depth)
        REJECT("write_high_watermark: must be 1..write_queue_depth (%u), got %u",
               c->write_queue_depth, c->write_high_watermark);
    if (c->write_low_watermark >= c->write_high_watermark)
        REJECT("write_low_watermark: must be below write_high_watermark (%u), got %u",
               c->write_high_watermark, c->write_low_watermark);
    if (c->intake_per_cycle < 1 || c->intake_per_cycle > 16)
        REJECT("intake_per_cycle: must be 1..16, got %u", c->intake_per_cycle);
    if (c->page_policy > GDDR6_PAGE_CLOSED)
        REJECT("page_policy: must be 0 (open) or 1 (closed), got %u", c->page_policy);
    return BH_OK;
#undef REJECT
}

BhStatus gddr6_init(Gddr6 *c, const Gddr6Config *cfg, BhLogContext *log)
{
    char why[256];
    memset(c, 0, sizeof *c);
    c->log = log;
    if (gddr6_config_check(cfg, why, sizeof why) != BH_OK)
        return BH_ERR_CONFIG;
    c->cfg = *cfg;
    c->tburst = cfg->burst_length / GDDR6_BEATS_PER_CK;
    c->burst_bytes = cfg->bus_bits / 8 * cfg->burst_length;
    c->burst_shift = log2u(c->burst_bytes);
    parse_map(cfg->address_map, c->map_field, why, sizeof why);
    for (int i = 0; i < GDDR6_MAP_FIELDS; i++) {
        static const size_t off[GDDR6_MAP_FIELDS] = {
            offsetof(Gddr6Config, rows), offsetof(Gddr6Config, banks_per_group),
            offsetof(Gddr6Config, bank_groups), 0, offsetof(Gddr6Config, channels)};
        uint32_t count;
        if (c->map_field[i] == F_CO)
            count = cfg->page_bytes / c->burst_bytes;
        else
            memcpy(&count, (const char *)cfg + off[c->map_field[i]], sizeof count);
        c->map_bits[i] = (uint8_t)log2u(count);
    }
    gddr6_reset(c);
    return BH_OK;
}

void gddr6_reset(Gddr6 *c)
{
    Gddr6CmdFn fn = c->on_cmd;
    void *ctx = c->cmd_ctx;
    memset(c->req, 0, sizeof c->req);
    for (uint32_t i = 0; i < GDDR6_MAX_REQS; i++)
        c->req[i].next_free = i + 1 < GDDR6_MAX_REQS ? i + 1 : REQ_NONE;
    c->free_req = 0;
    c->live_reqs = 0;
    memset(c->fifo_rd, 0, sizeof c->fifo_rd);
    memset(c->fifo_n, 0, sizeof c->fifo_n);
    c->rq_n = c->wq_n = 0;
    c->fin_n = 0;
    c->done_rd = c->done_n = 0;
    memset(c->ch, 0, sizeof c->ch);
    for (uint32_t i = 0; i < GDDR6_MAX_CHANNELS; i++) {
        c->ch[i].last_cmd = BH_IDLE;
        c->ch[i].refresh_due = c->cfg.refresh ? c->cfg.trefi : BH_IDLE;
    }
    c->draining = 0;
    c->intake_rr = 0;
    c->intake_used = 0;
    c->intake_at = BH_IDLE;
    c->seq = 0;
    c->now = 0;
    memset(&c->st, 0, sizeof c->st);
    c->on_cmd = fn;
    c->cmd_ctx = ctx;
}

void gddr6_set_cmd_hook(Gddr6 *c, Gddr6CmdFn fn, void *ctx)
{
    c->on_cmd = fn;
    c->cmd_ctx = ctx;
}

void gddr6_decode(const Gddr6 *c, uint64_t addr, Gddr6Loc *loc)
{
    uint64_t b = addr >> c->burst_shift;
    uint32_t v[GDDR6_MAP_FIELDS];
    for (int i = 0; i < GDDR6_MAP_FIELDS; i++) {
        v[c->map_field[i]] = (uint32_t)(b & ((1ull << c->map_bits[i]) - 1));
        b >>= c->map_bits[i];
    }
    loc->ch = v[F_CH];
    loc->bg = v[F_BG];
    loc->ba = v[F_BA];
    loc->row = v[F_RO];
    loc->col = v[F_CO];
}

BhStatus gddr6_enqueue(Gddr6 *c, uint32_t port, uint64_t addr, uint32_t bytes, int is_write,
                       uint64_t token, uint64_t now)
{
    BH_ASSERT(port < c->cfg.ports);
    if (bytes == 0 || bytes > GDDR6_MAX_REQ_BYTES) {
        BH_LOG_GUEST(c->log, "gddr6: request of %u bytes (1..%d)", bytes, GDDR6_MAX_REQ_BYTES);
        return BH_ERR_ACCESS;
    }
    if (addr >= c->cfg.capacity_bytes || bytes > c->cfg.capacity_bytes - addr) {
        BH_LOG_GUEST(c->log, "gddr6: access 0x%llx + %u beyond %llu bytes",
                     (unsigned long long)addr, bytes, (unsigned long long)c->cfg.capacity_bytes);
        return BH_ERR_ADDR;
    }
    if (c->fifo_n[port] >= c->cfg.port_fifo_depth || c->free_req == REQ_NONE)
        return BH_ERR_FULL;
    uint32_t i = c->free_req;
    Gddr6Req *r = &c->req[i];
    c->free_req = r->next_free;
    c->live_reqs++;
    memset(r, 0, sizeof *r);
    r->addr = addr;
    r->token = token;
    r->enq = now;
    r->seq = c->seq++;
    r->bytes = bytes;
    r->nbursts = (uint32_t)(((addr + bytes - 1) >> c->burst_shift) - (addr >> c->burst_shift) + 1);
    r->port = (uint8_t)port;
    r->is_write = is_write ? 1 : 0;
    r->next_free = REQ_NONE;
    c->fifo[port][(c->fifo_rd[port] + c->fifo_n[port]) % GDDR6_MAX_PORT_FIFO] = (uint16_t)i;
    c->fifo_n[port]++;
    return BH_OK;
}

static int can_move(const Gddr6 *c, uint32_t p)
{
    if (c->fifo_n[p] == 0)
        return 0;
    const Gddr6Req *r = &c->req[c->fifo[p][c->fifo_rd[p]]];
    return r->is_write ? c->wq_n < c->cfg.write_queue_depth : c->rq_n < c->cfg.read_queue_depth;
}

/* Moves the next burst of port p's front request into its queue. */
static void move_burst(Gddr6 *c, uint32_t p)
{
    uint32_t ri = c->fifo[p][c->fifo_rd[p]];
    Gddr6Req *r = &c->req[ri];
    Gddr6Loc loc;
    gddr6_decode(c, ((r->addr >> c->burst_shift) + r->moved) << c->burst_shift, &loc);
    Gddr6Chan *h = &c->ch[loc.ch];
    Gddr6Burst *b = r->is_write ? &h->wq[h->wq_n++] : &h->rq[h->rq_n++];
    h->quiet_until = 0; /* the new burst may be legal sooner */
    b->req = ri;
    b->row = loc.row;
    b->col = (uint16_t)loc.col;
    b->ch = (uint8_t)loc.ch;
    b->bg = (uint8_t)loc.bg;
    b->bank = (uint8_t)(loc.bg * c->cfg.banks_per_group + loc.ba);
    b->classified = 0;
    if (r->is_write)
        c->wq_n++;
    else
        c->rq_n++;
    if (++r->moved == r->nbursts) {
        c->fifo_rd[p] = (c->fifo_rd[p] + 1) % GDDR6_MAX_PORT_FIFO;
        c->fifo_n[p]--;
    }
}

/* Round robin over the ports, one burst per turn, up to intake_per_cycle bursts per tCK.
 * Returns now + 1 when a burst that could move has to wait for the next tCK, else BH_IDLE
 * (a full queue frees space only when a command issues, which is an event of its own). */
static uint64_t intake(Gddr6 *c, uint64_t now)
{
    if (c->intake_at != now) {
        c->intake_at = now;
        c->intake_used = 0;
    }
    for (uint32_t idle = 0; idle < c->cfg.ports;) {
        uint32_t p = c->intake_rr;
        if (c->intake_used == c->cfg.intake_per_cycle) {
            for (uint32_t k = 0; k < c->cfg.ports; k++)
                if (can_move(c, k))
                    return now + 1;
            return BH_IDLE;
        }
        c->intake_rr = (uint8_t)((p + 1) % c->cfg.ports);
        if (can_move(c, p)) {
            move_burst(c, p);
            c->intake_used++;
            idle = 0;
        } else {
            idle++;
        }
    }
    return BH_IDLE;
}

static int fin_before(const Gddr6 *c, uint32_t a, uint32_t b)
{
    const Gddr6Req *x = &c->req[a], *y = &c->req[b];
    return x->finish < y->finish || (x->finish == y->finish && x->seq < y->seq);
}

void gddr6_burst_issued(Gddr6 *c, const Gddr6Burst *b, uint64_t data_end)
{
    Gddr6Req *r = &c->req[b->req];
    BH_ASSERT(r->issued < r->moved);
    r->issued++;
    if (!r->is_write) /* its data still crosses the PHY and the controller back to the port */
        data_end += c->cfg.read_return_tck;
    if (data_end > r->finish)
        r->finish = data_end;
    if (r->issued < r->nbursts)
        return;
    /* fully issued: wait in fin, ordered by (finish, seq), until its data has moved */
    uint32_t pos = c->fin_n;
    while (pos > 0 && fin_before(c, b->req, c->fin[pos - 1])) {
        c->fin[pos] = c->fin[pos - 1];
        pos--;
    }
    c->fin[pos] = (uint16_t)b->req;
    c->fin_n++;
}

static uint32_t lat_bucket(uint64_t v)
{
    if (v < GDDR6_LAT_LINEAR)
        return (uint32_t)v;
    uint32_t e = log2u(v);
    return GDDR6_LAT_LINEAR + (e - 8) * GDDR6_LAT_SUB + (uint32_t)((v >> (e - 4)) & 15);
}

static uint64_t lat_bucket_low(uint32_t i)
{
    if (i < GDDR6_LAT_LINEAR)
        return i;
    uint32_t e = (i - GDDR6_LAT_LINEAR) / GDDR6_LAT_SUB + 8, sub = (i - GDDR6_LAT_LINEAR) % 16;
    return (1ull << e) + ((uint64_t)sub << (e - 4));
}

uint64_t gddr6_read_latency_percentile(const Gddr6 *c, double q)
{
    uint64_t n = c->st.rd_lat_count;
    if (n == 0)
        return 0;
    if (q < 0)
        q = 0;
    if (q > 1)
        q = 1;
    uint64_t want = (uint64_t)(q * (double)n);
    if ((double)want < q * (double)n)
        want++;
    if (want == 0)
        want = 1;
    uint64_t acc = 0;
    for (uint32_t i = 0; i < GDDR6_LAT_BUCKETS; i++) {
        acc += c->st.rd_lat_hist[i];
        if (acc >= want)
            return lat_bucket_low(i);
    }
    return c->st.rd_lat_max;
}

/* Requests whose last data has moved by `now` become visible to gddr6_take_done. */
static void retire(Gddr6 *c, uint64_t now)
{
    uint32_t k = 0;
    while (k < c->fin_n && c->req[c->fin[k]].finish <= now) {
        uint32_t ri = c->fin[k++];
        Gddr6Req *r = &c->req[ri];
        BH_ASSERT(c->done_n < GDDR6_MAX_REQS);
        c->done[(c->done_rd + c->done_n++) % GDDR6_MAX_REQS] = (uint16_t)ri;
        if (r->is_write) {
            c->st.writes++;
            c->st.bytes_written += r->bytes;
        } else {
            uint64_t lat = r->finish - r->enq;
            c->st.reads++;
            c->st.bytes_read += r->bytes;
            c->st.rd_lat_count++;
            c->st.rd_lat_sum += lat;
            if (lat > c->st.rd_lat_max)
                c->st.rd_lat_max = lat;
            c->st.rd_lat_hist[lat_bucket(lat)]++;
        }
    }
    if (k) {
        memmove(c->fin, c->fin + k, (c->fin_n - k) * sizeof c->fin[0]);
        c->fin_n -= k;
    }
}

uint64_t gddr6_step(Gddr6 *c, uint64_t now)
{
    BH_ASSERT(now >= c->now);
    /* 1. queue occupancy integrals up to now (depths change only inside step) */
    uint64_t dt = now - c->now;
    c->st.rq_integral += (uint64_t)c->rq_n * dt;
    c->st.wq_integral += (uint64_t)c->wq_n * dt;
    c->st.integral_cycles += dt;
    c->now = now;
    /* 2. requests whose data has moved */
    retire(c, now);
    /* 3. port FIFOs to the read and write queues */
    uint64_t next = intake(c, now);
    /* 4. write drain mode: forced from the high watermark down to the low one */
    if (c->wq_n >= c->cfg.write_high_watermark)
        c->draining = 1;
    else if (c->draining && c->wq_n <= c->cfg.write_low_watermark)
        c->draining = 0;
    /* 5. at most one command per channel */
    for (uint32_t ch = 0; ch < c->cfg.channels; ch++) {
        uint64_t t = gddr6_sched_channel(c, ch, now);
        if (t < next)
            next = t;
    }
    /* 6. the next completion */
    if (c->fin_n && c->req[c->fin[0]].finish < next)
        next = c->req[c->fin[0]].finish;
    if (next <= now)
        next = now + 1;
    return next;
}

uint32_t gddr6_take_done(Gddr6 *c, Gddr6Done *out, uint32_t max)
{
    uint32_t n = 0;
    while (n < max && c->done_n) {
        uint32_t ri = c->done[c->done_rd];
        c->done_rd = (c->done_rd + 1) % GDDR6_MAX_REQS;
        c->done_n--;
        Gddr6Req *r = &c->req[ri];
        Gddr6Done *d = &out[n++];
        d->token = r->token;
        d->enq_cycle = r->enq;
        d->done_cycle = r->finish;
        d->bytes = r->bytes;
        d->port = r->port;
        d->is_write = r->is_write;
        r->next_free = c->free_req;
        c->free_req = ri;
        c->live_reqs--;
    }
    return n;
}

int gddr6_idle(const Gddr6 *c)
{
    return c->live_reqs == 0;
}

Gddr6Stats gddr6_stats_window(const Gddr6Stats *from, const Gddr6Stats *to)
{
    Gddr6Stats d = *to;
#define GDDR6_COUNTER_DIFF(name, key, kind, doc) d.name -= from->name;
    GDDR6_COUNTERS(GDDR6_COUNTER_DIFF)
#undef GDDR6_COUNTER_DIFF
    for (uint32_t i = 0; i < GDDR6_LAT_BUCKETS; i++)
        d.rd_lat_hist[i] -= from->rd_lat_hist[i];
    return d;
}

#define GDDR6_STAT_ROW(field, key, kind, text) BH_STAT_ROW_(Gddr6Stats, field, key, kind, text)
static const BhStat gddr6_rows[] = {GDDR6_COUNTERS(GDDR6_STAT_ROW)};
#undef GDDR6_STAT_ROW
const BhStatTable gddr6_stat_table = {
    "Gddr6Stats", "dram.controllers (the counters behind its figures; not in the report as such)",
    gddr6_rows, BH_ARRAY_LEN(gddr6_rows)};
