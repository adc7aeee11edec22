// SPDX-License-Identifier: Apache-2.0
/* The C API of platform/bhsim.h: a BhChip owns its configuration, its chip, its own SystemC
 * simulation context and its log context; it makes its simulation context current (Enter) for
 * every call that touches the simulation, and gives its log context to every block at
 * elaboration, so chips in one process never share time or messages. */
#include "platform/bhsim.h"
#include <sys/resource.h>
#include <cxxabi.h>
#include <chrono>
#include <algorithm>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>
#include "platform/chip.h"
#include "platform/config.h"
#include "platform/noc_access.h"
#include "platform/load/file_read.h"
#include "platform/output/report.h"
#include "platform/run_loop.h"
#include "platform/output/vcd_views.h"
extern "C" {
#include "model/tile/tensix/sync_unit.h"
}
#include "platform/bhsim_internal.h"

using namespace bh;

namespace
{

void to_sink(void *ctx, BhLogLevel level, const char *msg)
{
    const BhChip *c = static_cast<const BhChip *>(ctx);
    if (c->log_fn) {
        c->log_fn(c->log_ctx, (int)level, msg);
        return;
    }
    static const char *const prefix[] = {"info", "guest error", "not modeled", "error"};
    if (c->quiet && level == BH_LOG_INFO)
        return;
    std::fprintf(stderr, "bhsim: %s: %s\n", prefix[level], msg);
}

void set_err(char *err, size_t len, const std::string &msg)
{
    if (err && len)
        std::snprintf(err, len, "%s", msg.c_str());
}

/* output.vcd's file: the path, with ".vcd" added when it has no such ending */
std::string vcd_file(const std::string &path)
{
    if (path.size() > 4 && path.compare(path.size() - 4, 4, ".vcd") == 0)
        return path;
    return path + ".vcd";
}

double peak_rss_mib()
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_maxrss / 1024.0;
}

/* The tile's position as a NoC0 node, or false outside the grid. */
bool node_of(const BhChip *c, uint32_t x, uint32_t y, uint32_t *node)
{
    const BhGrid &g = *c->plan.grid;
    if (x >= g.w || y >= g.h)
        return false;
    *node = y * g.w + x;
    return true;
}

/* what a core of tile (x, y) polling addr waits for: the embedder's name, else the region's */
std::string poll_label(const BhChip *c, uint32_t x, uint32_t y, uint32_t addr)
{
    char name[96] = "";
    if (c->poll_namer && c->poll_namer(c->poll_namer_ctx, x, y, addr, name, sizeof name) && *name)
        return std::string(name, strnlen(name, sizeof name - 1));
    uint32_t node;
    const TileRegion *r = nullptr;
    if (node_of(c, x, y, &node) && c->chip->timed_l1(node))
        r = tile_region(tile_map_lookup(&c->chip->timed_l1(node)->tile().map, addr));
    const uint32_t off = r ? addr - (uint32_t)r->base : 0;
    if (r && r->target == TILE_T_L1)
        std::snprintf(name, sizeof name, "poll L1 0x%08x", addr);
    else if (r && r->target == TILE_T_PC_BUF && off >= SYNC_OFF_SEMAPHORE &&
             off < SYNC_OFF_SEMAPHORE + 4 * SYNC_SEMAPHORES)
        std::snprintf(name, sizeof name, "coprocessor semaphore %u",
                      (off - SYNC_OFF_SEMAPHORE) / 4);
    else if (r)
        std::snprintf(name, sizeof name, "poll %s +0x%x", r->name, off);
    else
        std::snprintf(name, sizeof name, "poll 0x%08x", addr);
    return name;
}

/* output.timeline and its filters, listening to the chip's traced signals */
bool open_timeline(BhChip *c, std::string *err)
{
    TimelineOptions o;
    o.path = c->p.output_timeline;
    o.aiclk_mhz = c->plan.aiclk_mhz;
    o.counter_cycles = (uint64_t)c->p.output_timeline_counter_cycles;
    if (!timeline_categories(c->p.output_timeline_categories, &o.categories, err) ||
        !timeline_window(c->p.output_timeline_window, &o.first_cycle, &o.end_cycle, err))
        return (*err = "config: " + *err), false;
    const std::string tiles = c->p.output_timeline_tiles;
    if (tiles != "all") {
        std::vector<std::pair<int, int>> xy;
        if (!parse_xy_list("output.timeline_tiles", tiles, &xy, err) || xy.empty())
            return (*err = "config: output.timeline_tiles: expected all or \"x,y;x,y\", got \"" +
                           tiles + "\""),
                   false;
        for (const auto &[x, y] : xy)
            o.tiles.push_back({(uint32_t)x, (uint32_t)y});
    }
    o.wait_label = [c](uint32_t x, uint32_t y, uint32_t addr) { return poll_label(c, x, y, addr); };
    c->timeline = std::make_unique<TimelineWriter>();
    if (!c->timeline->open(*c->vcd, o, err))
        return (*err = "output: " + *err), false;
    const uint32_t w = c->plan.grid->w;
    for (uint32_t k = 0; k < c->plan.n_nocs; k++) {
        Chip *chip = c->chip.get();
        void *ctx = c->timeline->noc_context(k, [chip, k, w](uint32_t node) {
            const uint32_t n0 = chip->noc0_node_of_frame(k, node);
            return std::make_pair(n0 % w, n0 / w);
        });
        noc_net_set_observer(&chip->noc(k).net(), TimelineWriter::on_noc, ctx);
    }
    return true;
}

} // namespace

BhChip::~BhChip()
{
    if (!sim)
        return;
    {
        Enter in(this);
        if (vcd) {
            std::string ignored; /* a write error was reported when the outputs were written */
            vcd->close(&ignored);
        }
        accesses.reset();
        system_cables.clear();
        peers.clear();
        chip.reset(); /* modules go before their context */
        vcd.reset();
    }
    sc_core::sc_simcontext *was = sc_core::sc_curr_simcontext;
    sc_core::sc_curr_simcontext = sim;
    delete sim;
    sc_core::sc_curr_simcontext = was == sim ? nullptr : was;
}

/* A host-driven chip turns what would stop it (c->error, c->run's error fields) into a notice,
 * logged once per new text, numbers aside (a stall or a faulted tile is found again at every
 * slice, its cycle in the text); the notice keeps the first such text and its cycle */
static void take_notice(BhChip *c, const char *kind, uint64_t now)
{
    std::string shape; /* the text without its numbers: a stall's message names the cycle */
    for (char ch : c->error)
        if (ch < '0' || ch > '9')
            shape += ch;
    if (shape != c->notice_error) {
        c->notice_error = shape;
        c->notice = std::string(kind) + " at cycle " + std::to_string(now) + ": " + c->error;
        while (!c->notice.empty() && c->notice.back() == '\n')
            c->notice.pop_back();
        c->notice_cycle = now;
        bh_log(&c->log, BH_LOG_GUEST, "%s (the chip goes on: a host drives it)", c->notice.c_str());
    }
    c->error.clear();
    c->run.error_kind.clear();
    c->run.error_message.clear();
    c->run.error_cycle = 0;
}

/* Advances `cycles` cycles, or less when stop() holds after the simulation paused (a block
 * calls sc_pause when what a caller waits for is done; the chip then stands at that time). */
BhChipStatus advance_chip(BhChip *c, uint64_t cycles, const std::function<bool()> &stop)
{
    if (!c->error.empty())
        return BH_CHIP_ERR_SIM;
    Enter in(c);
    const Clock &clk = c->chip->clock();
    uint64_t now = clk.now();
    /* SystemC's time is 64 bits of femtoseconds: about 2.5e13 cycles at 1.35 GHz */
    const uint64_t last = clk.cycle_at(sc_core::sc_max_time()) - 1;
    if (stop && cycles > last - now)
        cycles = last - now; /* "until done": the condition ends it long before */
    if (cycles > last - now) {
        c->refusal = "advance: " + std::to_string(cycles) + " cycles from cycle " +
                     std::to_string(now) + " pass the last cycle the simulation can represent (" +
                     std::to_string(last) + ")";
        return BH_CHIP_ERR_CONFIG;
    }
    c->refusal.clear();
    const uint64_t end = now + cycles;
    const uint64_t slice = 2000; /* the watchdogs look between slices */
    while (now < end) {
        uint64_t target = std::min(end, now + slice);
        /* every block idle: no watchdog can fire and no block can start work until the caller
         * acts again (what still happens, DRAM refresh, is its own), so one slice to the end */
        if (!stop && c->chip->blocks().idle(now))
            target = end;
        sc_core::sc_start(clk.time_of(target) - sc_core::sc_time_stamp());
        const bool stopped = stop && stop();
        now = stopped ? clk.now() : target;
        c->error = check_watchdogs(*c->chip, c->p, now, &c->run);
        if (!c->error.empty() && c->host_driven && c->run.error_kind == "stall") {
            take_notice(c, "stall", now);
            /* what the caller waits for (a host read's data) cannot come: end the wait, not
             * the chip, as a PCIe read without a completion ends on the host */
            if (stop) {
                c->refusal = "the access cannot complete: " + c->notice;
                c->run.cycles = now;
                return BH_CHIP_ERR_BUSY;
            }
        }
        if (c->error.empty())
            c->error = check_interrupt(c->stop_signal, now, &c->run);
        if (c->error.empty()) { /* a block that stopped: a core's guest error, a Tensix deadlock */
            const char *kind = "";
            c->error = c->chip->blocks().error(&kind);
            if (!c->error.empty()) {
                c->run.error_kind = kind;
                c->run.error_message = c->error;
                c->run.error_cycle = now;
                if (c->host_driven &&
                    (c->run.error_kind == "riscv" || c->run.error_kind == "tensix"))
                    take_notice(c, kind, now);
            }
        }
        if (!c->error.empty())
            return BH_CHIP_ERR_SIM;
        c->progress.line(now);
        if (stopped)
            break;
    }
    c->run.cycles = now;
    return BH_CHIP_OK;
}

void api_exception(const BhChip *c, const char *fn, const char *what) noexcept
{
    /* every BhChip is made non-const by bh_chip_create: recording through a const handle is
     * defined, and a const query that failed must still stop the chip */
    BhChip *m = const_cast<BhChip *>(c);
    try {
        m->error = std::string(fn) + ": internal error: " + what;
        m->run.error_kind = "internal";
        m->run.error_message = m->error;
    } catch (...) { /* no memory for the message: the log below still says it */
    }
    bh_log(&m->log, BH_LOG_ERROR, "%s: internal error: %s", fn, what);
}

uint64_t chip_now(const BhChip *c)
{
    Enter in(c);
    return c->chip->clock().now();
}

/* The chip's report as JSON text, kept in c->report_text. */
static const char *report_of(BhChip *c)
{
    Enter in(c);
    if (!c->ran) { /* driven by a host program: its window, or the whole time so far */
        if (!c->run.host_window) {
            close_window(*c->chip, &c->run);
            c->run.window_cycles = c->chip->clock().now();
            c->run.window_first = 0;
        }
        c->run.cycles = c->chip->clock().now();
        c->run.peak_rss_mib = peak_rss_mib();
        /* a host program's run lasts from the chip's creation (its compiles included) */
        c->run.wall_seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - c->created).count();
    }
    c->report = build_report(*c->chip, c->p, c->run);
    if (!c->peers.empty()) { /* the report's chips: chip 0 is the report itself */
        boost::json::array chips;
        for (size_t i = 0; i < c->peers.size(); i++) {
            RunInfo &r = c->peer_runs[i];
            r.cycles = c->run.cycles;
            r.window_cycles = c->run.window_cycles;
            r.window_first = c->run.window_first;
            r.config_name = c->run.config_name;
            chips.push_back(build_chip_sections(*c->peers[i], r));
        }
        c->report["chips"] = std::move(chips);
    }
    for (const auto &[key, value] : c->sections)
        c->report[key] = value;
    c->report_text = boost::json::serialize(c->report);
    return c->report_text.c_str();
}

/* A core of a Tensix tile by name, or TILE_CORES */
static uint32_t core_of(const char *name)
{
    for (uint32_t k = 0; k < TILE_CORES; k++)
        if (name && !std::strcmp(name, tile_core_name(k)))
            return k;
    return TILE_CORES;
}

/* The caller's arrays: a count that is not negative and no NULL entries (else why) */
static bool strings_ok(const char *const *v, int n, const char *what, std::string *why)
{
    if (n < 0 || (n > 0 && !v)) {
        *why = std::string(what) + ": " + std::to_string(n) + " entries at " +
               (v ? "an array" : "NULL");
        return false;
    }
    for (int i = 0; i < n; i++)
        if (!v[i]) {
            *why = std::string(what) + "[" + std::to_string(i) + "] is NULL";
            return false;
        }
    return true;
}

/* system.chips: chips 1.. beside chip 0, whose registry takes theirs as peers (the run ends
 * when every chip is idle; a fault on any stops it), and system.cables between them */
static void make_system(BhChip *c)
{
    const ChipPlan &plan = c->plan;
    c->peer_runs.resize(plan.chips > 1 ? plan.chips - 1 : 0); /* no reallocation after this */
    std::vector<Chip *> chips = {c->chip.get()};
    for (uint32_t i = 1; i < plan.chips; i++) {
        c->peers.push_back(
            std::make_unique<Chip>(("chip" + std::to_string(i)).c_str(), plan, false, &c->log, i));
        RunInfo *run = &c->peer_runs[i - 1];
        c->chip->blocks_mut().add_peer(&c->peers.back()->blocks(), run,
                                       [run] { run->window_flits.clear(); });
        chips.push_back(c->peers.back().get());
    }
    for (const HardwarePlan::SystemCable &sc : plan.system_cables) {
        TensixTileTlm *end[2];
        for (int k = 0; k < 2; k++)
            end[k] = chips[sc.chip[k]]->eth_port(sc.node[k]);
        const std::string name = "system_cable_" + std::to_string(sc.chip[0]) + "_" +
                                 std::to_string(plan.grid->tiles[sc.node[0]].index) + "_" +
                                 std::to_string(sc.chip[1]) + "_" +
                                 std::to_string(plan.grid->tiles[sc.node[1]].index);
        c->system_cables.push_back(std::make_unique<EthLinkTlm>(name.c_str(), plan.eth_link, end[0],
                                                                chips[sc.chip[0]]->clock(), end[1],
                                                                chips[sc.chip[1]]->clock()));
        EthLinkTlm *link = c->system_cables.back().get();
        for (int k = 0; k < 2; k++) {
            end[k]->tile().eth_send = k == 0 ? &EthLinkTlm::send_a : &EthLinkTlm::send_b;
            end[k]->tile().eth_send_ctx = link;
        }
        register_cable(c->chip->blocks_mut(), *link, plan, sc.chip, sc.node, c->chip->clock());
    }
}

static BhChipStatus create(const BhChipOptions *opts, BhChip **out, char *err, size_t err_len)
{
    auto c = std::make_unique<BhChip>();
    c->log_fn = opts->log;
    c->log_ctx = opts->log_ctx;
    c->quiet = opts->quiet != 0;
    c->stop_signal = opts->stop_signal;
    c->host_driven = opts->host_driven != 0;
    c->progress = Progress{c->quiet};
    const std::vector<std::string> sets(opts->sets, opts->sets + opts->nsets);
    const std::string cfg = opts->config ? opts->config : "p150b";
    std::string e;
    if (!config_load(cfg, sets, &c->p, &e)) {
        set_err(err, err_len, "config: " + e);
        return BH_CHIP_ERR_CONFIG;
    }
    std::string dump_list;
    for (int i = 0; i < opts->ndumps; i++)
        dump_list += std::string(";") + opts->dumps[i];
    if (!plan_chip(c->p, &c->plan, &e) ||
        !plan_l1_dumps(*c->plan.grid, "--dump-l1", dump_list, c->plan.l1.size_bytes,
                       &c->plan.l1_dumps, &e)) {
        set_err(err, err_len, "config: " + e);
        return BH_CHIP_ERR_CONFIG;
    }
    for (const L1Dump &d : c->plan.l1_dumps)
        if (d.chip >= c->plan.chips) {
            set_err(err, err_len,
                    "config: --dump-l1 / output.dump_l1: '" + d.path + "': chip " +
                        std::to_string(d.chip) + " is not one of the " +
                        std::to_string(c->plan.chips) + " chips (system.chips)");
            return BH_CHIP_ERR_CONFIG;
        }
    bh_log_context_init(&c->log, to_sink, c.get());
    c->sim = new sc_core::sc_simcontext;
    c->run.config_name = cfg;
    c->run.window_cycles = c->plan.traffic.stop - c->plan.traffic.warmup;
    c->run.window_first = c->plan.traffic.warmup;
    Enter in(c.get());
    try {
        const bool traced = *c->p.output_vcd || *c->p.output_timeline;
        c->chip = std::make_unique<Chip>("chip", c->plan, traced, &c->log);
        make_system(c.get());
        if (traced) {
            c->vcd = std::make_unique<VcdWriter>();
            c->chip->trace(*c->vcd);
            std::string e;
            if (*c->p.output_timeline && !open_timeline(c.get(), &e)) {
                set_err(err, err_len, e);
                return BH_CHIP_ERR_CONFIG;
            }
            if (!*c->p.output_vcd)
                c->vcd->open_without_file();
            else if (!c->vcd->open(vcd_file(c->p.output_vcd), &e)) {
                set_err(err, err_len, "output: " + e);
                return BH_CHIP_ERR_CONFIG;
            }
        }
        /* Bindings resolve at the end of elaboration: finish it now (as the first sc_start
         * would, without running anything) so the backdoor works before the first advance. */
        c->accesses = std::make_unique<NocAccesses>(*c->chip);
        sc_core::sc_get_curr_simcontext()->initialize(true);
        /* the measured window opens at creation (until bh_chip_window_begin or the run opens
         * it later), so a bh_chip_window_end without a begin measures from cycle 0: its DRAM
         * counters had no start, and the report threw std::out_of_range (fuzz_api) */
        c->chip->blocks().window_open(c->run);
    } catch (const std::exception &ex) {
        set_err(err, err_len, std::string("elaboration failed: ") + ex.what());
        return BH_CHIP_ERR_SIM;
    }
    *out = c.release();
    return BH_CHIP_OK;
}

extern "C" {

/* A host program links the platform without SystemC's sc_main; bhsim's sc_main.c overrides. */
__attribute__((weak)) int sc_main(int, char **)
{
    std::fprintf(stderr, "bhsim: this program has no sc_main; use the bhsim.h API\n");
    return 1;
}

BhChipStatus bh_chip_create(const BhChipOptions *opts, BhChip **out, char *err, size_t err_len)
{
    if (!out) {
        set_err(err, err_len, "bh_chip_create: out is NULL");
        return BH_CHIP_ERR_CONFIG;
    }
    *out = nullptr;
    try { /* no exception crosses the C API: out of memory, or a bhsim bug */
        std::string why;
        if (!opts)
            why = "opts is NULL";
        else if (strings_ok(opts->sets, opts->nsets, "sets", &why))
            strings_ok(opts->dumps, opts->ndumps, "dumps", &why);
        if (!why.empty()) {
            set_err(err, err_len, "bh_chip_create: " + why);
            return BH_CHIP_ERR_CONFIG;
        }
        return create(opts, out, err, err_len);
    } catch (abi::__forced_unwind &) {
        throw;
    } catch (const std::exception &ex) {
        set_err(err, err_len, std::string("bh_chip_create: internal error: ") + ex.what());
    } catch (...) {
        set_err(err, err_len, "bh_chip_create: internal error: an unknown exception");
    }
    return BH_CHIP_ERR_SIM;
}

void bh_chip_free(BhChip *c)
{
    delete c; /* ~BhChip is noexcept: what it calls does not throw */
}

uint64_t bh_chip_now(const BhChip *c)
{
    return api_value(c, __func__, uint64_t{0}, uint64_t{0}, [&] { return chip_now(c); });
}

uint32_t bh_chip_width(const BhChip *c)
{
    return c ? c->plan.grid->w : 0;
}

uint32_t bh_chip_height(const BhChip *c)
{
    return c ? c->plan.grid->h : 0;
}

const char *bh_chip_tile_kind(const BhChip *c, uint32_t x, uint32_t y)
{
    uint32_t node;
    if (!c || !node_of(c, x, y, &node))
        return nullptr;
    return bh_tile_kind_name((BhTileKind)c->plan.grid->tiles[node].kind);
}

int bh_chip_tile_index(const BhChip *c, uint32_t x, uint32_t y, int *port)
{
    uint32_t node;
    if (!c || !node_of(c, x, y, &node) || !c->plan.grid->tiles[node].enabled)
        return -1;
    const BhTile &t = c->plan.grid->tiles[node];
    if (port)
        *port = t.dram_port;
    return t.index;
}

BhChipStatus bh_chip_advance(BhChip *c, uint64_t cycles)
{
    return api_status(c, __func__, [&] { return advance_chip(c, cycles, nullptr); });
}

BhChipStatus bh_chip_advance_until_idle(BhChip *c, uint64_t max_cycles, uint64_t *cycles)
{
    return api_status(c, __func__, [&] {
        const uint64_t start = chip_now(c);
        const BhChipStatus st = advance_until(
            c, max_cycles,
            [c] {
                Enter in(c);
                return chip_idle(*c->chip, c->chip->clock().now());
            },
            [c, max_cycles] {
                Enter in(c);
                return "still busy after " + std::to_string(max_cycles) +
                       " cycles: " + still_busy(*c->chip, c->chip->clock().now());
            });
        if (st == BH_CHIP_OK && cycles)
            *cycles = chip_now(c) - start;
        return st;
    });
}

BhChipStatus bh_chip_run(BhChip *c)
{
    return api_status(c, __func__, [&] {
        if (!c->error.empty())
            return BH_CHIP_ERR_SIM;
        Enter in(c);
        c->error = run_loop(*c->chip, c->p, c->quiet, c->stop_signal, &c->run);
        c->run.peak_rss_mib = peak_rss_mib();
        c->ran = true;
        return c->error.empty() ? BH_CHIP_OK : BH_CHIP_ERR_SIM;
    });
}

const char *bh_chip_error(const BhChip *c)
{
    return c ? c->error.c_str() : "bh_chip_error: the chip is NULL";
}

const char *bh_chip_notice(const BhChip *c, uint64_t *cycle)
{
    if (cycle)
        *cycle = c ? c->notice_cycle : 0;
    return c ? c->notice.c_str() : "bh_chip_notice: the chip is NULL";
}

const char *bh_chip_refusal(const BhChip *c)
{
    return c ? c->refusal.c_str() : "bh_chip_refusal: the chip is NULL";
}

uint32_t bh_chip_count(const BhChip *c)
{
    return c ? (uint32_t)c->peers.size() + 1 : 0;
}

BhChipStatus bh_chip_select(BhChip *c, uint32_t chip_id)
{
    if (!c)
        return BH_CHIP_ERR_CONFIG;
    if (chip_id > c->peers.size()) {
        c->refusal = "select: chip " + std::to_string(chip_id) + " is not one of the " +
                     std::to_string(c->peers.size() + 1) + " chips (system.chips)";
        return BH_CHIP_ERR_CONFIG;
    }
    c->refusal.clear();
    c->selected = chip_id;
    return BH_CHIP_OK;
}

BhChipStatus bh_chip_mem_write(BhChip *c, uint32_t x, uint32_t y, uint64_t addr, const void *data,
                               uint64_t len)
{
    return api_status(c, __func__, [&] {
        uint32_t node;
        if (!data && len)
            return BH_CHIP_ERR_CONFIG;
        Enter in(c);
        return node_of(c, x, y, &node) && c->target()->backdoor_write(node, addr, data, len)
                   ? BH_CHIP_OK
                   : BH_CHIP_ERR_ADDRESS;
    });
}

BhChipStatus bh_chip_mem_read(BhChip *c, uint32_t x, uint32_t y, uint64_t addr, void *data,
                              uint64_t len)
{
    return api_status(c, __func__, [&] {
        uint32_t node;
        if (!data && len)
            return BH_CHIP_ERR_CONFIG;
        Enter in(c);
        return node_of(c, x, y, &node) && c->target()->backdoor_read(node, addr, data, len)
                   ? BH_CHIP_OK
                   : BH_CHIP_ERR_ADDRESS;
    });
}

BhChipStatus bh_chip_noc_read(BhChip *c, uint32_t noc, uint32_t x, uint32_t y, uint32_t src_x,
                              uint32_t src_y, uint64_t src_addr, uint64_t dst_addr, uint32_t len,
                              uint64_t *id)
{
    return api_status(c, __func__, [&] {
        uint32_t node, src;
        if (!node_of(c, x, y, &node) || !node_of(c, src_x, src_y, &src))
            return BH_CHIP_ERR_ADDRESS;
        if (!c->error.empty())
            return BH_CHIP_ERR_SIM;
        uint64_t unused;
        if (!id) /* the caller does not want to follow it */
            id = &unused;
        Enter in(c);
        switch (c->accesses->read(noc, node, src, src_addr, dst_addr, len, c->chip->clock().now(),
                                  id)) {
        case BH_OK:
            return BH_CHIP_OK;
        case BH_ERR_FULL:
            return BH_CHIP_ERR_BUSY;
        default:
            return BH_CHIP_ERR_CONFIG;
        }
    });
}

int bh_chip_access_done(const BhChip *c, uint64_t id, uint64_t *issued, uint64_t *completed)
{
    return c ? c->accesses->done(id, issued, completed) : -1;
}

BhChipStatus bh_chip_advance_until_done(BhChip *c, uint64_t id, uint64_t max_cycles)
{
    return api_status(c, __func__, [&] {
        if (c->accesses->done(id, nullptr, nullptr) < 0)
            return BH_CHIP_ERR_CONFIG;
        return advance_until(
            c, max_cycles, [c, id] { return c->accesses->done(id, nullptr, nullptr) != 0; },
            [id, max_cycles] {
                return "access " + std::to_string(id) + " still in flight after " +
                       std::to_string(max_cycles) + " cycles";
            });
    });
}

void bh_chip_window_begin(BhChip *c)
{
    api_void(c, __func__, [&] {
        Enter in(c);
        c->chip->blocks().window_open(c->run);
        c->window_begin = c->chip->clock().now();
        c->run.host_window = false; /* open */
    });
}

void bh_chip_window_end(BhChip *c, uint64_t cycles)
{
    api_void(c, __func__, [&] {
        Enter in(c);
        close_window(*c->chip, &c->run);
        c->run.window_cycles = cycles ? cycles : c->chip->clock().now() - c->window_begin;
        c->run.window_first = c->window_begin;
        c->run.host_window = true;
    });
}

const char *bh_chip_report(BhChip *c)
{
    return api_value(c, __func__, (const char *)nullptr, (const char *)nullptr,
                     [&] { return report_of(c); });
}

BhChipStatus bh_chip_write_outputs(BhChip *c, char *err, size_t err_len)
{
    if (!c) {
        set_err(err, err_len, "bh_chip_write_outputs: the chip is NULL");
        return BH_CHIP_ERR_CONFIG;
    }
    const BhChipStatus st = api_status(c, __func__, [&] {
        Enter in(c);
        std::string msgs, e;
        auto fail = [&](const std::string &m) { msgs += (msgs.empty() ? "" : "\n") + m; };
        /* L1 as the run left it, also after a failure: that is when it is most wanted */
        if (!c->chip->dump_l1(&e))
            fail(e);
        for (auto &peer : c->peers)
            if (!peer->dump_l1(&e))
                fail(e);
        if (c->vcd && c->vcd->is_open()) {
            if (!c->vcd->close(&e))
                fail(e);
            if (*c->p.output_vcd && !write_vcd_views(*c->chip, c->p.output_vcd, &e))
                fail(e);
        }
        if (c->timeline) {
            if (!c->timeline->close(sc_core::sc_time_stamp().value(), &e))
                fail(e);
            c->timeline.reset();
        }
        /* the report is written whatever happened: a failed run's says why, and when */
        const char *report = report_of(c);
        if (*c->p.output_report) {
            std::ofstream f(c->p.output_report);
            f << report << "\n";
            if (!f)
                fail(std::string("cannot write '") + c->p.output_report + "'");
        }
        if (*c->p.output_heatmap && !write_heatmap(*c->chip, c->run, c->p.output_heatmap, &e))
            fail(e);
        if (*c->p.output_profile &&
            !write_profile(c->chip->collect_profile(), c->p.output_profile, &e))
            fail(e);
        set_err(err, err_len, msgs);
        return msgs.empty() ? BH_CHIP_OK : BH_CHIP_ERR_OUTPUT;
    });
    if (st == BH_CHIP_ERR_SIM) /* an exception: the chip's error says which */
        set_err(err, err_len, c->error);
    return st;
}

void bh_chip_print_summary(BhChip *c)
{
    api_void(c, __func__, [&] {
        if (c->report.empty())
            report_of(c);
        print_summary(c->report, stdout);
    });
}

uint64_t bh_chip_log_count(const BhChip *c, int level)
{
    return c && level >= 0 && level <= BH_LOG_ERROR ? c->log.counts[level] : 0;
}

BhChipStatus bh_chip_param_text(const BhChip *c, const char *key, char *buf, size_t len)
{
    if (!c) {
        set_err(buf, len, "bh_chip_param_text: the chip is NULL");
        return BH_CHIP_ERR_CONFIG;
    }
    return api_status(c, __func__, [&] {
        if (!key) {
            set_err(buf, len, "no configuration key: the key is NULL");
            return BH_CHIP_ERR_CONFIG;
        }
        const boost::json::object all = config_to_json(c->p);
        const boost::json::value *v = all.if_contains(key);
        if (!v) {
            set_err(buf, len, std::string("no configuration key '") + key + "'");
            return BH_CHIP_ERR_CONFIG;
        }
        const std::string text = v->is_string() ? std::string(v->as_string()) : serialize(*v);
        if (!buf || text.size() >= len)
            return BH_CHIP_ERR_CONFIG;
        std::memcpy(buf, text.c_str(), text.size() + 1);
        return BH_CHIP_OK;
    });
}

BhChipStatus bh_chip_fail(BhChip *c, const char *kind, const char *message)
{
    return api_status(c, __func__, [&] {
        if (!kind || !*kind || !message || !*message)
            return BH_CHIP_ERR_CONFIG;
        if (c->error.empty()) {
            c->error = message;
            c->run.error_kind = kind;
            c->run.error_message = message;
            c->run.error_cycle = bh_chip_now(c);
        }
        return BH_CHIP_OK;
    });
}

BhChipStatus bh_chip_set_report_section(BhChip *c, const char *key, const char *json_text)
{
    return api_status(c, __func__, [&] {
        if (!key || !*key || !json_text)
            return BH_CHIP_ERR_CONFIG;
        Enter in(c);
        if (c->report.empty())
            report_of(c);
        boost::system::error_code ec;
        boost::json::value v = boost::json::parse(json_text, ec);
        if (ec)
            return BH_CHIP_ERR_CONFIG;
        auto same = [key](const auto &s) { return s.first == key; };
        auto it = std::find_if(c->sections.begin(), c->sections.end(), same);
        if (it == c->sections.end() && c->report.contains(key))
            return BH_CHIP_ERR_CONFIG; /* one of the report's own sections */
        if (it != c->sections.end())
            it->second = std::move(v);
        else
            c->sections.emplace_back(key, std::move(v));
        return BH_CHIP_OK;
    });
}

BhChipStatus bh_chip_add_symbols(BhChip *c, uint32_t x, uint32_t y, const char *core_name,
                                 const char *elf_path)
{
    return api_status(c, __func__, [&] {
        uint32_t node;
        if (!node_of(c, x, y, &node) || !c->chip->timed_l1(node))
            return BH_CHIP_ERR_ADDRESS;
        const uint32_t core = core_of(core_name);
        if (core == TILE_CORES || !elf_path)
            return BH_CHIP_ERR_CONFIG;
        std::shared_ptr<const RvProgram> &prog = c->elfs[elf_path];
        if (!prog) { /* read once: the firmware's symbols serve every tile */
            std::string text, e;
            auto p = std::make_shared<RvProgram>();
            p->path = elf_path;
            p->syms.resize(RV_ELF_SYMS_MAX);
            RvElfInfo info{};
            info.syms = p->syms.data();
            char why[256];
            auto skip = [](void *, uint32_t, const uint8_t *, uint32_t, char *, size_t) {
                return BH_OK;
            };
            if (!read_file_capped(elf_path, kElfFileMaxBytes, &text, &e) ||
                rv_elf_load(reinterpret_cast<const uint8_t *>(text.data()), text.size(), skip,
                            nullptr, &info, why, sizeof why) != BH_OK) {
                c->elfs.erase(elf_path);
                return BH_CHIP_ERR_CONFIG;
            }
            p->syms.resize(info.n_syms);
            p->entry = info.entry;
            for (RvElfSym &sym : p->syms) /* kernels are C++: "kernel_main()", not _Z11... */
                if (char *d = abi::__cxa_demangle(sym.name, nullptr, nullptr, nullptr)) {
                    std::snprintf(sym.name, sizeof sym.name, "%s", d);
                    std::free(d);
                }
            prog = std::move(p);
        }
        Enter in(c);
        c->chip->add_symbols(node, core, prog);
        return BH_CHIP_OK;
    });
}

void bh_chip_set_poll_namer(BhChip *c, BhPollNamer fn, void *ctx)
{
    api_void(c, __func__, [&] {
        c->poll_namer = fn;
        c->poll_namer_ctx = ctx;
    });
}

void bh_chip_host_span(BhChip *c, const char *name, uint64_t from_ps, uint64_t to_ps)
{
    api_void(c, __func__, [&] {
        if (c->timeline && name && to_ps >= from_ps)
            c->timeline->host_span(name, from_ps * 1000, to_ps * 1000);
    });
}

BhChipStatus bh_chip_core_text(const BhChip *c, uint32_t x, uint32_t y, const char *core_name,
                               char *buf, size_t len)
{
    return api_status(c, __func__, [&] {
        uint32_t node;
        if (!node_of(c, x, y, &node) || !c->chip->timed_l1(node) ||
            !c->chip->timed_l1(node)->tile().cores_enabled)
            return BH_CHIP_ERR_ADDRESS;
        const uint32_t core = core_of(core_name);
        if (core == TILE_CORES || !buf || !len)
            return BH_CHIP_ERR_CONFIG;
        Enter in(c);
        const TensixTile &t = c->chip->timed_l1(node)->tile();
        const TileCoreSlot &s = t.cores[core];
        char text[256];
        int n =
            std::snprintf(text, sizeof text, "%s %s at pc 0x%08x", tile_core_name(core),
                          tile_core_state_name(tensix_tile_core_state(&t, core)), rv_core_pc(s.rv));
        const RvPoll *p = rv_core_poll(s.rv);
        if (s.sleeping && p->loads)
            std::snprintf(text + n, sizeof text - (size_t)n, ", polling 0x%08x (still 0x%x)",
                          p->addr, p->value);
        else if (s.wait_mailbox || s.wait_coproc)
            std::snprintf(text + n, sizeof text - (size_t)n, ", waiting for %s",
                          s.wait_mailbox ? "a mailbox" : "a coprocessor FIFO");
        set_err(buf, len, c->chip->name_pcs(node, text));
        return BH_CHIP_OK;
    });
}

void bh_chip_set_idle_poll(BhChip *c, uint32_t addr)
{
    api_void(c, __func__, [&] {
        for (TensixTileTlm *l1 : c->chip->rv_tiles())
            l1->tile().idle_poll = addr;
    });
}

int bh_workload_is_host(const char *name)
{
    if (!name || !*name)
        return 0;
    try {
        const std::string list = std::string("|") + BH_HOST_WORKLOADS + "|";
        return list.find(std::string("|") + name + "|") != std::string::npos;
    } catch (...) { /* no memory for the strings: no chip to record it on */
        return 0;
    }
}

} /* extern "C" */
