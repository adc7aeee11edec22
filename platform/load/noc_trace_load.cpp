// SPDX-License-Identifier: Apache-2.0
/* The NoC trace loader's shared half: the Loader's field readers (typed, range-checked, with
 * coordinates converted to NoC0 and checked against the chip), the event store that groups
 * events into streams, and the entry points parse_noc_trace / load_noc_trace, which tell the
 * two formats apart. The formats themselves are noc_trace_metal.cpp and noc_trace_npe.cpp. */
#include "platform/load/noc_trace_load.h"
#include "platform/load/file_read.h"
#include "platform/load/json_text.h"
#include "platform/load/noc_trace_loader.h"
#include "model/chip/noc_frame.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace bh
{
namespace noc_trace_detail
{

std::string xy(int x, int y)
{
    return "(" + std::to_string(x) + "," + std::to_string(y) + ")";
}

std::string describe(const json::value &v)
{
    if (v.is_object())
        return "an object";
    return v.is_array() ? "an array" : json::serialize(v);
}

NocTraceEvent blank_event(uint32_t index)
{
    NocTraceEvent e;
    std::memset(&e, 0, sizeof e);
    e.index = index;
    e.noc = e.dst_x = e.dst_y = e.trid = NOC_TRACE_NONE;
    e.mcast_x0 = e.mcast_y0 = e.mcast_x1 = e.mcast_y1 = NOC_TRACE_NONE;
    e.vc = -1;
    return e;
}

bool Loader::fail(const std::string &msg)
{
    *err = shown + ": " + (where.empty() ? "" : where + ": ") + msg;
    return false;
}

bool Loader::bad(const char *key, const std::string &msg)
{
    return fail("field \"" + std::string(key) + "\": " + msg);
}

/* *p = o[key]; absent: an error, or false in *found if found is given. */
bool Loader::field(const Obj &o, const char *key, const json::value **p, bool *found)
{
    *p = o.if_contains(key);
    if (found)
        *found = *p != nullptr;
    return *p || found || fail("missing field \"" + std::string(key) + "\"");
}

/* o[key], an integer in lo..hi. Absent: an error, or false in *found if found is given. */
bool Loader::get_int(const Obj &o, const char *key, int64_t lo, int64_t hi, int64_t *v, bool *found)
{
    const json::value *p = nullptr;
    if (!field(o, key, &p, found) || !p)
        return !p && found;
    if (!p->is_int64() && !p->is_uint64())
        return bad(key, "expected an integer, got " + describe(*p));
    if (p->is_uint64() || p->get_int64() < lo || p->get_int64() > hi)
        return bad(key, "must be " + std::to_string(lo) + ".." + std::to_string(hi) + ", got " +
                            json::serialize(*p));
    *v = p->get_int64();
    return true;
}

bool Loader::get_str(const Obj &o, const char *key, std::string *v, bool *found)
{
    const json::value *p = nullptr;
    if (!field(o, key, &p, found) || !p)
        return !p && found;
    if (!p->is_string())
        return bad(key, "expected a string, got " + describe(*p));
    *v = std::string(p->get_string());
    return true;
}

bool Loader::get_noc(const Obj &o, const char *key, uint8_t *noc)
{
    std::string s;
    const json::value *p = o.if_contains(key);
    if (p && p->is_int64() && (p->get_int64() == 0 || p->get_int64() == 1)) {
        *noc = static_cast<uint8_t>(p->get_int64());
        return true;
    }
    if (!get_str(o, key, &s))
        return false;
    if (s != "NOC_0" && s != "NOC_1")
        return bad(key, "expected \"NOC_0\" or \"NOC_1\", got \"" + s + "\"");
    *noc = s == "NOC_1";
    return true;
}

/* (o[kx], o[ky]) in the file's space -> NoC0; an endpoint must be a tile that may send or
 * receive. Without `found`, both fields are required. */
bool Loader::get_tile(const Obj &o, const char *kx, const char *ky, int noc, bool endpoint,
                      uint8_t *x, uint8_t *y, bool *found)
{
    int64_t fx = 0, fy = 0;
    bool hx = true, hy = true;
    if (!get_int(o, kx, 0, 255, &fx, found ? &hx : nullptr) ||
        !get_int(o, ky, 0, 255, &fy, found ? &hy : nullptr))
        return false;
    if (found && hx != hy)
        return fail("missing field \"" + std::string(hx ? ky : kx) + "\"");
    if (found && !(*found = hx))
        return true;
    const std::string fields = "fields \"" + std::string(kx) + "\",\"" + ky + "\": ";
    int nx = static_cast<int>(fx), ny = static_cast<int>(fy);
    std::string shown_xy = xy(nx, ny), why;
    if (space == CoordSpace::Translated) {
        if (!translated_to_noc0(chip, nx, ny, &nx, &ny, &why))
            return fail(fields + "translated " + shown_xy + ": " + why);
        shown_xy = "translated " + shown_xy + " = NoC0 " + xy(nx, ny);
    } else if (nx >= chip.w || ny >= chip.h) {
        return fail(fields + shown_xy + " is outside the " + std::to_string(chip.w) + "x" +
                    std::to_string(chip.h) + " grid");
    } else if (space == CoordSpace::NocNative && noc == 1) {
        const NocFrame f{(uint32_t)chip.w, (uint32_t)chip.h, 1}; /* NoC1's frame is rotated */
        const uint32_t n0 = noc_frame_node(&f, 1, (uint32_t)(ny * chip.w + nx));
        nx = (int)(n0 % (uint32_t)chip.w), ny = (int)(n0 / (uint32_t)chip.w);
        shown_xy = "NoC1 " + shown_xy + " = NoC0 " + xy(nx, ny);
    }
    if (endpoint && !(chip.tile_exists ? chip.tile_exists(nx, ny) : default_exists(chip, nx, ny))) {
        std::string label = chip.tile_label ? chip.tile_label(nx, ny) : "";
        if (!chip.tile_label && is_blackhole(chip))
            label = blackhole_tile_label(nx, ny) + " (" +
                    kind_of_label(blackhole_tile_label(nx, ny)) + ")";
        return fail(fields + shown_xy + (label.empty() ? "" : " is " + label) +
                    ", not an enabled tile on this chip");
    }
    *x = static_cast<uint8_t>(nx), *y = static_cast<uint8_t>(ny);
    return true;
}

/* The multicast rectangle, corners in either order: NoC1 multicasts name it from its
 * NoC0 bottom-right corner. */
bool Loader::get_rect(const Obj &o, int noc, NocTraceEvent *e)
{
    uint8_t x0, y0, x1, y1;
    if (!get_tile(o, "mcast_start_x", "mcast_start_y", noc, false, &x0, &y0) ||
        !get_tile(o, "mcast_end_x", "mcast_end_y", noc, false, &x1, &y1))
        return false;
    e->mcast_x0 = std::min(x0, x1), e->mcast_x1 = std::max(x0, x1);
    e->mcast_y0 = std::min(y0, y1), e->mcast_y1 = std::max(y0, y1);
    return true;
}

bool Loader::check_device(const Obj &o, const char *key)
{
    int64_t d = 0;
    bool found = false;
    if (!get_int(o, key, 0, INT32_MAX, &d, &found))
        return false;
    if (found && device >= 0 && d != device)
        return bad(key, "device " + std::to_string(d) + ", but earlier events are on device " +
                            std::to_string(device) + " (one chip per trace)");
    device = found ? d : device;
    return true;
}

bool Loader::intern(std::map<std::string, uint32_t> *m, std::vector<std::string> *names,
                    const std::string &s, uint32_t max, const char *what, uint32_t *ix)
{
    auto it = m->find(s);
    if (it == m->end()) {
        if (names->size() >= max)
            return fail("more than " + std::to_string(max) + " distinct " + what);
        it = m->emplace(s, static_cast<uint32_t>(names->size())).first;
        names->push_back(s);
    }
    *ix = it->second;
    return true;
}

uint32_t Loader::stream_for(const NocTraceEvent &e)
{
    const auto key = std::make_tuple(int(e.src_x), int(e.src_y), int(e.proc));
    auto it = stream_ix.find(key);
    if (it == stream_ix.end()) {
        it = stream_ix.emplace(key, static_cast<uint32_t>(t.streams.size())).first;
        NocTraceStream s{};
        s.x = e.src_x, s.y = e.src_y, s.proc = e.proc;
        t.streams.push_back(s);
        info.emplace_back();
    }
    return it->second;
}

bool Loader::add(NocTraceEvent e, const std::string &type_name)
{
    if (t.events.size() >= max_events)
        return fail("more than " + std::to_string(max_events) + " events (the loader's limit)");
    const uint32_t s = stream_for(e);
    StreamInfo &si = info[s];
    if (in_time_order && si.any && e.timestamp < si.last_ts)
        return bad("timestamp", std::to_string(e.timestamp) + " is earlier than " +
                                    std::to_string(si.last_ts) + " of event " +
                                    std::to_string(si.last_index) + " in the same stream " +
                                    xy(e.src_x, e.src_y) + " " + t.procs[e.proc]);
    si.any = true, si.last_ts = e.timestamp, si.last_index = e.index;
    /* truncated as snprintf would, without formatting once per event (a tt-npe transfer may
     * expand to millions) */
    const size_t n = std::min(type_name.size(), sizeof e.type_name - 1);
    std::memcpy(e.type_name, type_name.data(), n);
    e.type_name[n] = 0;
    t.streams[s].count++;
    t.streams[s].transfers += noc_trace_op_is_transfer(e.op) ? 1 : 0;
    t.events.push_back(e);
    stream_of.push_back(s);
    return true;
}

bool Loader::proc_of(const std::string &proc, NocTraceEvent *e)
{
    uint32_t p = 0;
    if (!intern(&proc_ix, &t.procs, proc, NOC_TRACE_MAX_PROCS, "\"proc\" names", &p))
        return false;
    e->proc = static_cast<uint8_t>(p);
    return true;
}

/* Lays the events out stream by stream: file order inside a trace's streams, time order
 * (then file order) inside a workload's. */
void Loader::finish(NocTrace *out)
{
    std::vector<uint32_t> order(t.events.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = static_cast<uint32_t>(i);
    const auto before = [&](uint32_t a, uint32_t b) {
        if (stream_of[a] != stream_of[b])
            return stream_of[a] < stream_of[b];
        return !in_time_order && t.events[a].timestamp < t.events[b].timestamp;
    };
    /* events usually come in stream order already (a tt-npe transfer's packets do): a
     * stable sort would leave them as they are, so only out-of-order traces pay for it */
    if (!std::is_sorted(order.begin(), order.end(), before))
        std::stable_sort(order.begin(), order.end(), before);
    std::vector<NocTraceEvent> ev;
    ev.reserve(order.size());
    t.first_ts = order.empty() ? 0 : UINT64_MAX;
    for (uint32_t i : order) {
        ev.push_back(t.events[i]);
        t.first_ts = std::min(t.first_ts, ev.back().timestamp);
        t.last_ts = std::max(t.last_ts, ev.back().timestamp);
    }
    uint32_t first = 0;
    for (NocTraceStream &s : t.streams)
        s.first = first, first += s.count;
    t.events.swap(ev);
    *out = std::move(t);
}

} // namespace noc_trace_detail

using namespace noc_trace_detail;

bool parse_noc_trace(const std::string &text, const std::string &shown, CoordSpace space,
                     const ChipShape &chip, NocTrace *out, std::string *err, uint32_t max_events)
{
    std::string dummy;
    err = err ? err : &dummy;
    json::value v;
    if (!parse_json_text(text, shown, &v, err))
        return false;
    for (int h : chip.harvested_tensix_cols)
        if (is_blackhole(chip) && (phys_index(h) < 0))
            return *err = shown + ": chip: harvested Tensix column " + std::to_string(h) +
                          " is not a Tensix column (NoC0 x 1..7, 10..16)",
                   false;
    Loader ld(shown, space, chip, err, std::min(max_events, kNocTraceMaxEvents));
    if (v.is_array())
        return ld.trace(v.get_array()) ? ld.finish(out), true : false;
    if (v.is_object())
        return ld.workload(v.get_object()) ? ld.finish(out), true : false;
    *err = shown +
           ": expected a JSON array of NoC events (tt-metal NoC trace) or an object with "
           "\"phases\" (tt-npe workload), got " +
           describe(v);
    return false;
}

bool load_noc_trace(const std::string &path, CoordSpace space, const ChipShape &chip, NocTrace *out,
                    std::string *err)
{
    std::string text, why;
    if (!read_file_capped(path, kNocTraceFileMaxBytes, &text, &why)) {
        if (err)
            *err = "cannot read NoC trace '" + path + "': " + why;
        return false;
    }
    return parse_noc_trace(text, path, space, chip, out, err);
}

} // namespace bh
