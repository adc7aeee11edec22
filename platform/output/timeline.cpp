// SPDX-License-Identifier: Apache-2.0
#include "platform/output/timeline.h"
#include <zlib.h>
#include <cerrno>
#include <algorithm>
#include <charconv>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <regex>
#include <systemc>
extern "C" {
#include "model/tile/tensix/tensix_core.h"
#include "model/tile/tensix/tensix_frontend.h"
#include "model/tile/tensix_tile.h"
}

namespace bh
{

namespace
{
const char *const kCategoryNames[] = {"cores", "threads", "units", "l1", "noc", "dram", "host"};
constexpr uint32_t kNocPid = 1, kDramPid = 3, kHostPid = 4; /* NoC k: kNocPid + k */
constexpr uint32_t kTilePid = 100;
constexpr uint32_t kZoneTid = 40; /* a core's zones: its own tid + this */
constexpr size_t kSpill = 1 << 20;

enum Kind : uint8_t { SPAN_CORE, SPAN_THREAD, SPAN_UNIT, COUNT_NONZERO, COUNT_VALUE, CORE_WAIT };

/* a span's state: held and ebreak (done) are no span on a core, idle none on a thread or unit */
bool shown_state(Kind k, uint64_t v)
{
    return k == SPAN_CORE ? v != TILE_CORE_HELD && v != TILE_CORE_EBREAK : v != 0;
}

uint32_t tile_pid(uint32_t x, uint32_t y)
{
    return kTilePid + 100 * y + x;
}

/* t_fs as microseconds, exactly: the kernel's femtoseconds with nine decimals */
std::string micros(uint64_t t_fs)
{
    char b[40];
    char *p = std::to_chars(b, b + 20, t_fs / UINT64_C(1000000000)).ptr;
    *p++ = '.';
    uint64_t frac = t_fs % UINT64_C(1000000000);
    for (int i = 8; i >= 0; i--, frac /= 10)
        p[i] = (char)('0' + frac % 10);
    return std::string(b, p + 9);
}

bool ends_with(const std::string &s, const char *tail)
{
    const size_t n = std::strlen(tail);
    return s.size() >= n && s.compare(s.size() - n, n, tail) == 0;
}

std::string quoted(const std::string &s)
{
    std::string q = "\"";
    for (char c : s)
        q += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
    return q + "\"";
}
} // namespace

struct TimelineWriter::Track {
    Kind kind;
    uint32_t pid, tid; /* spans */
    uint32_t counter;  /* counts: index into sums_; CORE_WAIT: its core's track */
    const char *cat;
    uint64_t value = 0; /* as last told */
    uint64_t since = 0; /* fs: when it took that value */
    uint32_t x = 0, y = 0;
    uint32_t wait_on = 0;   /* a core: the address it sleeps polling (its wait_on signal) */
    uint32_t span_wait = 0; /* ... when its current span began */
    std::string label;      /* ... what that poll waits for, named (wait_label) */
};

struct TimelineWriter::Sink {
    std::FILE *f = nullptr;
    gzFile gz = nullptr;
    std::string buf;
    bool failed = false;
    void spill()
    {
        if (buf.empty())
            return;
        if (gz)
            failed |= gzwrite(gz, buf.data(), (unsigned)buf.size()) != (int)buf.size();
        else
            failed |= std::fwrite(buf.data(), 1, buf.size(), f) != buf.size();
        buf.clear();
    }
    bool close()
    {
        spill();
        bool ok = !failed;
        if (gz)
            ok &= gzclose(gz) == Z_OK;
        else if (f)
            ok &= std::fclose(f) == 0;
        gz = nullptr;
        f = nullptr;
        return ok;
    }
};

bool timeline_categories(const std::string &text, uint32_t *bits, std::string *err)
{
    *bits = 0;
    size_t from = 0;
    while (from <= text.size()) {
        size_t comma = text.find(',', from);
        if (comma == std::string::npos)
            comma = text.size();
        const std::string word = text.substr(from, comma - from);
        uint32_t bit = 0;
        for (uint32_t i = 0; i < sizeof kCategoryNames / sizeof *kCategoryNames; i++)
            if (word == kCategoryNames[i])
                bit = 1u << i;
        if (word == "all")
            bit = ~0u;
        if (!bit) {
            *err = "output.timeline_categories: unknown category \"" + word +
                   "\" (all, or a comma list of cores, threads, units, l1, noc, dram, host)";
            return false;
        }
        *bits |= bit;
        from = comma + 1;
    }
    return true;
}

bool timeline_window(const std::string &text, uint64_t *first, uint64_t *end, std::string *err)
{
    *first = 0;
    *end = UINT64_MAX;
    const size_t colon = text.find(':');
    auto number = [&](size_t from, size_t to, uint64_t *v) {
        if (from == to)
            return true; /* empty: the default */
        const auto r = std::from_chars(text.data() + from, text.data() + to, *v);
        return r.ec == std::errc() && r.ptr == text.data() + to;
    };
    if (colon == std::string::npos || !number(0, colon, first) ||
        !number(colon + 1, text.size(), end)) {
        *err = "output.timeline_window: expected \"A:B\" in cycles (either may be empty; each "
               "below 2^64), got \"" +
               text + "\"";
        return false;
    }
    if (*end <= *first) {
        *err = "output.timeline_window: \"" + text + "\" is empty (B must be above A)";
        return false;
    }
    return true;
}

TimelineWriter::TimelineWriter() = default;
TimelineWriter::~TimelineWriter()
{
    if (out_)
        out_->close();
}

bool TimelineWriter::in_window(uint64_t t_fs) const
{
    const double c = (double)t_fs / fs_per_cycle_;
    return c >= (double)o_.first_cycle && c < (double)o_.end_cycle;
}

uint64_t TimelineWriter::clamp(uint64_t t_fs) const
{
    const double lo = (double)o_.first_cycle * fs_per_cycle_;
    const double hi = o_.end_cycle == UINT64_MAX ? 1e300 : (double)o_.end_cycle * fs_per_cycle_;
    return (uint64_t)std::llround(std::min(std::max((double)t_fs, lo), hi));
}

void TimelineWriter::emit(const std::string &json)
{
    out_->buf += first_event_ ? "\n" : ",\n";
    out_->buf += json;
    first_event_ = false;
    events_++;
    if (out_->buf.size() >= kSpill)
        out_->spill();
}

void TimelineWriter::meta(uint32_t pid, int64_t tid, const char *what, const std::string &name,
                          int sort)
{
    std::string tid_part = tid >= 0 ? ",\"tid\":" + std::to_string(tid) : "";
    emit("{\"ph\":\"M\",\"name\":\"" + std::string(what) + "\",\"pid\":" + std::to_string(pid) +
         tid_part + ",\"args\":{\"name\":" + quoted(name) + "}}");
    const char *sort_what = tid >= 0 ? "thread_sort_index" : "process_sort_index";
    emit("{\"ph\":\"M\",\"name\":\"" + std::string(sort_what) +
         "\",\"pid\":" + std::to_string(pid) + tid_part +
         ",\"args\":{\"sort_index\":" + std::to_string(sort) + "}}");
}

void TimelineWriter::span(const Track &t, uint64_t value, uint64_t from_fs, uint64_t to_fs)
{
    if (t.kind == SPAN_CORE && value == TILE_CORE_POLL_SLEEP && !t.label.empty()) {
        char polls[48];
        std::snprintf(polls, sizeof polls, ",\"state\":\"poll_sleep\",\"polls\":\"0x%08x\"",
                      t.span_wait);
        named_span(t.pid, t.tid, t.cat, t.label, from_fs, to_fs, polls);
        return;
    }
    const char *name = "?";
    if (t.kind == SPAN_CORE)
        name = tile_core_state_name((uint32_t)value);
    else if (t.kind == SPAN_UNIT)
        name = tensix_unit_state_name((uint32_t)value);
    else if (value == 1)
        name = "issued";
    else if (value - 2 < TENSIX_STALLS)
        name = tensix_stall_name((TensixStall)(value - 2));
    named_span(t.pid, t.tid, t.cat, name, from_fs, to_fs, "");
}

/* an X event, cut to the window; args_tail: more args after "cycles" (",\"k\":v..."), or "" */
void TimelineWriter::named_span(uint32_t pid, uint32_t tid, const char *cat,
                                const std::string &name, uint64_t from_fs, uint64_t to_fs,
                                const std::string &args_tail)
{
    from_fs = clamp(from_fs);
    to_fs = clamp(to_fs);
    if (to_fs <= from_fs)
        return;
    const uint64_t cycles = (uint64_t)std::llround((double)(to_fs - from_fs) / fs_per_cycle_);
    emit("{\"ph\":\"X\",\"name\":" + quoted(name) + ",\"cat\":\"" + cat +
         "\",\"pid\":" + std::to_string(pid) + ",\"tid\":" + std::to_string(tid) +
         ",\"ts\":" + micros(from_fs) + ",\"dur\":" + micros(to_fs - from_fs) +
         ",\"args\":{\"cycles\":" + std::to_string(cycles) + args_tail + "}}");
}

/* Zones nest on their core's "zones" thread. Each is emitted once its outermost zone closes,
 * all in the order they opened, so the thread's events stay in time order. */
void TimelineWriter::zone(uint32_t signal, uint64_t t_fs, const char *name)
{
    const uint32_t track = (uint32_t)track_of_[signal];
    ZoneStack &z = zones_[track];
    if (name) {
        z.open.push_back({name, t_fs, t_fs, (uint32_t)z.open.size()});
        return;
    }
    if (z.open.empty())
        return; /* the model reports a stray close; it never comes here */
    z.open.back().end_fs = t_fs;
    z.done.push_back(std::move(z.open.back()));
    z.open.pop_back();
    if (z.open.empty())
        flush_zones(tracks_[track], z);
}

void TimelineWriter::host_span(const char *name, uint64_t from_fs, uint64_t to_fs)
{
    if (!out_ || !(o_.categories & TL_HOST))
        return;
    if (!host_named_) {
        meta(kHostPid, -1, "process_name", "host", 3);
        meta(kHostPid, 0, "thread_name", "host program", 0);
        host_named_ = true;
    }
    named_span(kHostPid, 0, "host", name, from_fs, to_fs, "");
}

void TimelineWriter::flush_zones(const Track &t, ZoneStack &z)
{
    std::stable_sort(z.done.begin(), z.done.end(), [](const Zone &a, const Zone &b) {
        return a.begin_fs != b.begin_fs ? a.begin_fs < b.begin_fs : a.depth < b.depth;
    });
    const uint32_t tid = kZoneTid + t.tid;
    if (!z.named && !z.done.empty()) {
        meta(t.pid, tid, "thread_name", thread_names_[{t.pid, t.tid}] + " zones",
             2 * (int)t.tid + 1);
        z.named = true;
    }
    for (const Zone &zone : z.done)
        named_span(t.pid, tid, "zones", zone.name, zone.begin_fs, zone.end_fs,
                   ",\"depth\":" + std::to_string(zone.depth));
    z.done.clear();
}

void TimelineWriter::counter(uint32_t pid, const std::string &name, uint64_t t_fs, int64_t value)
{
    if (!in_window(t_fs))
        return;
    emit("{\"ph\":\"C\",\"name\":" + quoted(name) + ",\"pid\":" + std::to_string(pid) +
         ",\"ts\":" + micros(t_fs) + ",\"args\":{\"value\":" + std::to_string(value) + "}}");
}

void TimelineWriter::counter_mean(uint32_t k, uint64_t t_fs, double mean)
{
    if (!in_window(t_fs))
        return;
    char v[32];
    std::snprintf(v, sizeof v, "%.3f", mean);
    emit("{\"ph\":\"C\",\"name\":" + quoted(sum_names_[k]) +
         ",\"pid\":" + std::to_string(sum_pids_[k]) + ",\"ts\":" + micros(t_fs) +
         ",\"args\":{\"mean\":" + v + "}}");
}

bool TimelineWriter::shown(const Track &t)
{
    return shown_state(t.kind, t.value);
}

/* A counter that changes every cycle (links busy) would outweigh everything else: with
 * counter_cycles, each interval of that many cycles gets one event, the counter's mean over it
 * (at the interval's start), emitted when a change shows the interval has ended. */
void TimelineWriter::advance(uint32_t k, uint64_t t_fs)
{
    Series &s = series_[k];
    const double len = (double)o_.counter_cycles * fs_per_cycle_;
    const uint64_t b = (uint64_t)((double)t_fs / len);
    while (s.bucket < b) {
        const uint64_t end = (uint64_t)std::llround((double)(s.bucket + 1) * len);
        s.area += (double)s.now * (double)(end - s.since);
        counter_mean(k, (uint64_t)std::llround((double)s.bucket * len), s.area / len);
        s.area = 0;
        s.since = end;
        s.bucket++;
        if (s.bucket < b) { /* the intervals up to the change hold the value throughout */
            counter_mean(k, end, (double)s.now);
            s.bucket = b;
            s.since = (uint64_t)std::llround((double)b * len);
        }
    }
    s.area += (double)s.now * (double)(t_fs - s.since);
    s.since = t_fs;
}

void TimelineWriter::changed(uint32_t signal, uint64_t t_fs, uint64_t was, uint64_t value)
{
    Track &t = tracks_[(size_t)track_of_[signal]];
    if (t.kind == COUNT_NONZERO || t.kind == COUNT_VALUE) {
        const int64_t d = t.kind == COUNT_VALUE ? (int64_t)value - (int64_t)was
                                                : (int64_t)(value != 0) - (int64_t)(was != 0);
        if (!d)
            return;
        sums_[t.counter] += d;
        if (o_.counter_cycles == 0) {
            counter(sum_pids_[t.counter], sum_names_[t.counter], t_fs, sums_[t.counter]);
            return;
        }
        advance(t.counter, t_fs);
        series_[t.counter].now = sums_[t.counter];
        return;
    }
    if (t.kind == CORE_WAIT) {
        Track &core = tracks_[t.counter];
        core.wait_on = (uint32_t)value;
        if (core.since == t_fs) /* its span began now: it waits on this */
            begin_wait(core);
        else if (core.value == TILE_CORE_POLL_SLEEP && value && value != core.span_wait) {
            span(core, core.value, core.since, t_fs); /* asleep on another word now */
            core.since = t_fs;
            begin_wait(core);
        }
        return;
    }
    if (shown(t))
        span(t, t.value, t.since, t_fs);
    t.value = value;
    t.since = t_fs;
    if (t.kind == SPAN_CORE)
        begin_wait(t);
}

/* a core's span begins: what it polls, if it sleeps, named once per tile and address */
void TimelineWriter::begin_wait(Track &core)
{
    core.span_wait = core.value == TILE_CORE_POLL_SLEEP ? core.wait_on : 0;
    core.label.clear();
    if (!core.span_wait || !o_.wait_label)
        return;
    const uint64_t key = (uint64_t)core.pid << 32 | core.span_wait;
    auto it = wait_labels_.find(key);
    if (it == wait_labels_.end())
        it = wait_labels_.emplace(key, o_.wait_label(core.x, core.y, core.span_wait)).first;
    core.label = it->second;
}

bool TimelineWriter::open(VcdWriter &w, const TimelineOptions &o, std::string *err)
{
    o_ = o;
    fs_per_cycle_ = 1e9 / o.aiclk_mhz;
    static const std::regex tile_re(R"(tile_x(\d+)_y(\d+)_l1\.(.+)\.(state|holder)$)");
    static const std::regex link_re(R"(\.noc(\d)\.router\.\w+_busy$)");
    static const std::regex dram_re(R"(gddr(\d+)\.(read|write)_queue$)");
    static const char *const cores[] = {"trisc0", "trisc1", "trisc2", "brisc", "ncrisc"};
    std::map<std::pair<uint32_t, uint32_t>, std::map<std::string, uint32_t>> unit_tids;
    std::map<std::string, uint32_t> counters;
    std::map<uint32_t, std::pair<uint32_t, uint32_t>> tiles_seen; /* pid -> (x, y) */
    auto counter_of = [&](uint32_t pid, const std::string &name) {
        const std::string key = std::to_string(pid) + " " + name;
        auto it = counters.find(key);
        if (it != counters.end())
            return it->second;
        sums_.push_back(0);
        sum_names_.push_back(name);
        sum_pids_.push_back(pid);
        return counters[key] = (uint32_t)sums_.size() - 1;
    };
    auto wanted_tile = [&](uint32_t x, uint32_t y) {
        if (o.tiles.empty())
            return true;
        for (const auto &xy : o.tiles)
            if (xy.first == x && xy.second == y)
                return true;
        return false;
    };
    track_of_.assign(w.signals(), -1);
    std::vector<uint8_t> want(w.signals(), 0);
    std::smatch m;
    for (uint32_t s = 0; s < w.signals(); s++) {
        const std::string &name = w.name(s);
        Track t{};
        /* cheap tests first: a tile has tens of thousands of signals (banks, pcs) */
        const bool tile_sig = (ends_with(name, ".state") ||
                               (ends_with(name, ".holder") && name.find(".port") != name.npos)) &&
                              name.find("_l1.") != name.npos;
        if (tile_sig && std::regex_search(name, m, tile_re)) {
            const uint32_t x = (uint32_t)std::stoul(m[1]), y = (uint32_t)std::stoul(m[2]);
            const std::string what = m[3];
            if (!wanted_tile(x, y))
                continue;
            t.pid = tile_pid(x, y);
            if (m[4] == "holder") {
                if (what.compare(0, 4, "port") || !(o.categories & TL_L1))
                    continue;
                t.kind = COUNT_NONZERO;
                t.counter = counter_of(t.pid, "L1 ports held");
            } else if (what.compare(0, 5, "unit.") == 0) {
                if (!(o.categories & TL_UNITS))
                    continue;
                auto &tids = unit_tids[{x, y}];
                const std::string unit = what.substr(5);
                if (!tids.count(unit))
                    tids[unit] = 20 + (uint32_t)tids.size();
                t.kind = SPAN_UNIT;
                t.tid = tids[unit];
                t.cat = "units";
                thread_names_[{t.pid, t.tid}] = "unit " + unit;
            } else if (what.size() == 2 && what[0] == 'T') {
                if (!(o.categories & TL_THREADS))
                    continue;
                t.kind = SPAN_THREAD;
                t.tid = 10 + (uint32_t)(what[1] - '0');
                t.cat = "threads";
                thread_names_[{t.pid, t.tid}] = "coprocessor " + what;
            } else {
                uint32_t c = 0;
                while (c < 5 && what != cores[c])
                    c++;
                if (c == 5 || !(o.categories & TL_CORES))
                    continue;
                t.kind = SPAN_CORE;
                t.tid = c;
                t.cat = "cores";
                thread_names_[{t.pid, t.tid}] = what;
            }
            tiles_seen[t.pid] = {x, y};
            t.x = x;
            t.y = y;
        } else if (ends_with(name, ".wait_on")) { /* right after its core's state */
            if (s == 0 || track_of_[s - 1] < 0 ||
                tracks_[(size_t)track_of_[s - 1]].kind != SPAN_CORE)
                continue;
            t.kind = CORE_WAIT;
            t.counter = (uint32_t)track_of_[s - 1];
        } else if (ends_with(name, "_busy") && std::regex_search(name, m, link_re)) {
            if (!(o.categories & TL_NOC))
                continue;
            t.kind = COUNT_NONZERO;
            t.counter = counter_of(kNocPid + (uint32_t)std::stoul(m[1]), "links busy");
        } else if (ends_with(name, "_queue") && std::regex_search(name, m, dram_re)) {
            if (!(o.categories & TL_DRAM))
                continue;
            t.kind = COUNT_VALUE;
            t.counter = counter_of(kDramPid, "gddr" + m[1].str() + " " + m[2].str() + " queue");
        } else {
            continue;
        }
        t.value = w.value(s);
        track_of_[s] = (int32_t)tracks_.size();
        tracks_.push_back(t);
        want[s] = 1;
    }
    if (tracks_.empty()) {
        *err = "output.timeline: the tiles and categories chosen select nothing traced "
               "(output.vcd_l1 names the tiles traced)";
        return false;
    }
    out_ = std::make_unique<Sink>();
    const bool gz = o.path.size() > 3 && o.path.compare(o.path.size() - 3, 3, ".gz") == 0;
    if (gz)
        out_->gz = gzopen(o.path.c_str(), "wb6");
    else
        out_->f = std::fopen(o.path.c_str(), "w");
    if (!out_->gz && !out_->f) {
        *err = "cannot write '" + o.path + "': " + std::strerror(errno);
        out_.reset();
        return false;
    }
    out_->buf =
        "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"generator\":\"bhsim\",\"aiclk_mhz\":" +
        std::to_string(o.aiclk_mhz) +
        ",\"time_unit\":\"us of simulated time\"},"
        "\"traceEvents\":[";
    for (const auto &[pid, xy] : tiles_seen)
        meta(pid, -1, "process_name",
             "tile (" + std::to_string(xy.first) + "," + std::to_string(xy.second) + ")", (int)pid);
    for (const auto &[key, name] : thread_names_)
        meta(key.first, key.second, "thread_name", name,
             key.second < 5 ? 2 * (int)key.second : (int)key.second); /* a core, then its zones */
    if (o.categories & TL_NOC) {
        meta(kNocPid, -1, "process_name", "NoC0", 0);
        meta(kNocPid + 1, -1, "process_name", "NoC1", 1);
    }
    if (o.categories & TL_DRAM)
        meta(kDramPid, -1, "process_name", "GDDR6 controllers", 2);
    /* the counters' values at the start */
    for (const Track &t : tracks_)
        if ((t.kind == COUNT_NONZERO && t.value) || t.kind == COUNT_VALUE)
            sums_[t.counter] += t.kind == COUNT_VALUE ? (int64_t)t.value : 1;
    series_.assign(sums_.size(), Series{});
    for (uint32_t c = 0; c < sums_.size(); c++) {
        series_[c].now = sums_[c];
        if (o.counter_cycles == 0)
            counter(sum_pids_[c], sum_names_[c], clamp(0), sums_[c]);
    }
    w.listen(this, want);
    return true;
}

void *TimelineWriter::noc_context(uint32_t k,
                                  std::function<std::pair<uint32_t, uint32_t>(uint32_t)> xy)
{
    noc_ctx_.push_back(std::make_unique<NocCtx>(NocCtx{this, k, std::move(xy)}));
    return noc_ctx_.back().get();
}

void TimelineWriter::on_noc(void *ctx, const NocTransferView *p, NocObserved what, uint32_t node,
                            uint32_t count)
{
    NocCtx *c = static_cast<NocCtx *>(ctx);
    c->w->noc_event(*c, p, what, node, count);
}

void TimelineWriter::noc_event(NocCtx &c, const NocTransferView *p, NocObserved what, uint32_t node,
                               uint32_t count)
{
    if (!out_ || !(o_.categories & TL_NOC))
        return;
    const uint64_t t_fs = sc_core::sc_time_stamp().value();
    const uint64_t key = (uint64_t)c.k << 32 | p->id;
    const std::string id = "\"id\":\"" + std::to_string(c.k) + "." + std::to_string(p->id) +
                           "\",\"cat\":\"noc\",\"pid\":" + std::to_string(kNocPid + c.k) +
                           ",\"tid\":0,\"ts\":" + micros(t_fs);
    auto at = [&](uint32_t nd) {
        const auto xy = c.xy(nd);
        return "\"(" + std::to_string(xy.first) + "," + std::to_string(xy.second) + ")\"";
    };
    if (what == NOC_OBS_ISSUE) {
        if (!in_window(t_fs))
            return;
        Transfer t;
        t.deliveries = count;
        t.responses = p->kind == NOC_XFER_READ ? 1 : p->acked ? count : 0;
        t.name = std::string(p->mcast ? "multicast " : "") +
                 (p->kind == NOC_XFER_READ           ? "read"
                  : p->kind == NOC_XFER_ATOMIC       ? "atomic"
                  : p->kind == NOC_XFER_INLINE_WRITE ? "inline write"
                                                     : "write") +
                 " " + std::to_string(p->len) + " B";
        std::string target = p->mcast ? "\"(" + std::to_string(p->rect[0]) + "," +
                                            std::to_string(p->rect[1]) + ")-(" +
                                            std::to_string(p->rect[2]) + "," +
                                            std::to_string(p->rect[3]) + ") in its NoC's frame\""
                                      : at(p->dst);
        emit("{\"ph\":\"b\",\"name\":\"" + t.name + "\"," + id + ",\"args\":{\"source\":" +
             at(node) + ",\"target\":" + target + ",\"bytes\":" + std::to_string(p->len) +
             ",\"responses\":" + std::to_string(t.responses) + "}}");
        transfers_[key] = std::move(t);
        return;
    }
    auto it = transfers_.find(key);
    if (it == transfers_.end())
        return; /* issued outside the window */
    Transfer &t = it->second;
    if (what == NOC_OBS_DELIVER) {
        t.delivered++;
        emit("{\"ph\":\"n\",\"name\":\"" + t.name + "\"," + id +
             ",\"args\":{\"delivered_at\":" + at(node) + "}}");
    } else {
        t.responded++;
    }
    if (t.delivered >= t.deliveries && t.responded >= t.responses) {
        emit("{\"ph\":\"e\",\"name\":\"" + t.name + "\"," + id + "}");
        transfers_.erase(it);
    }
}

bool TimelineWriter::close(uint64_t t_fs, std::string *err)
{
    if (!out_)
        return true;
    for (Track &t : tracks_)
        if ((t.kind == SPAN_CORE || t.kind == SPAN_THREAD || t.kind == SPAN_UNIT) && shown(t))
            span(t, t.value, t.since, t_fs);
    for (auto &[track, z] : zones_) { /* zones still open end with the run */
        while (!z.open.empty()) {
            z.open.back().end_fs = t_fs;
            z.done.push_back(std::move(z.open.back()));
            z.open.pop_back();
        }
        flush_zones(tracks_[track], z);
    }
    if (o_.counter_cycles) /* the last interval, whole or not */
        for (uint32_t k = 0; k < series_.size(); k++) {
            const double len = (double)o_.counter_cycles * fs_per_cycle_;
            advance(k, t_fs);
            const Series &s = series_[k];
            const uint64_t start = (uint64_t)std::llround((double)s.bucket * len);
            if (t_fs > start)
                counter_mean(k, start, s.area / (double)(t_fs - start));
        }
    out_->buf += "\n]}\n";
    const bool ok = out_->close();
    out_.reset();
    if (!ok)
        *err = "cannot write '" + o_.path + "'";
    return ok;
}

} // namespace bh
