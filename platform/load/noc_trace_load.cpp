// SPDX-License-Identifier: Apache-2.0
#include "platform/load/noc_trace_load.h"
#include "platform/load/file_read.h"
#include "platform/load/json_text.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <tuple>
#include <boost/json.hpp>

namespace json = boost::json;

namespace bh
{
namespace
{

/* Blackhole tables (facts 1.2-1.5). Tensix column / Ethernet channel i sits at NoC0 x
 * kPhysX[i] (physical order, the order harvesting counts in); GDDR controller c's ports
 * 0..2 sit at x = c < 4 ? 0 : 9, y = kGddrY[c % 4][port]; L2CPU i sits at (8, kL2CpuY[i]). */
const int kPhysX[14] = {1, 16, 2, 15, 3, 14, 4, 13, 5, 12, 6, 11, 7, 10};
const int kTensixX[14] = {1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 16};
const int kGddrY[4][3] = {{0, 1, 11}, {2, 10, 3}, {9, 4, 8}, {5, 7, 6}};
const int kL2CpuY[4] = {3, 9, 5, 7};

bool is_blackhole(const ChipShape &c)
{
    return c.w == 17 && c.h == 12;
}

bool has(const std::vector<int> &v, int x)
{
    return std::find(v.begin(), v.end(), x) != v.end();
}

int phys_index(int x) /* -1 if no Tensix column / Ethernet channel sits at NoC0 x */
{
    const int *p = std::find(kPhysX, kPhysX + 14, x);
    return p == kPhysX + 14 ? -1 : static_cast<int>(p - kPhysX);
}

int dram_controller(int x, int y) /* -1 if (x, y) is no DRAM endpoint */
{
    for (int c = 0; c < 4 && (x == 0 || x == 9); ++c)
        if (std::find(kGddrY[c], kGddrY[c] + 3, y) != kGddrY[c] + 3)
            return (x == 9 ? 4 : 0) + c;
    return -1;
}

std::string xy(int x, int y)
{
    return "(" + std::to_string(x) + "," + std::to_string(y) + ")";
}

std::string kind_of_label(const std::string &l)
{
    static const char *const kinds[][2] = {
        {"T", "Tensix"}, {"D", "DRAM"}, {"E", "Ethernet"}, {"P", "PCIe"},
        {"C", "L2CPU"},  {"A", "ARC"},  {"S", "security"}, {"-", "router only"}};
    for (const auto &k : kinds)
        if (l.compare(0, 1, k[0]) == 0)
            return k[1];
    return "";
}

bool default_exists(const ChipShape &c, int x, int y)
{
    if (!is_blackhole(c))
        return true;
    const std::string l = blackhole_tile_label(x, y);
    if (l[0] == 'T')
        return !has(c.harvested_tensix_cols, x);
    if (l[0] == 'D')
        return !has(c.disabled_dram, dram_controller(x, y));
    if (l[0] == 'E')
        return !has(c.disabled_eth, phys_index(x));
    return l != "--";
}

std::string describe(const json::value &v)
{
    if (v.is_object())
        return "an object";
    return v.is_array() ? "an array" : json::serialize(v);
}

/* Event types of tt-metal's KernelProfilerNocEventMetadata::NocEventType. */
enum : unsigned {
    F_DST = 1,      /* needs dx, dy */
    F_MCAST = 2,    /* needs mcast_start_x/y, mcast_end_x/y */
    F_BYTES = 4,    /* num_bytes must end up > 0 */
    F_SET = 8,      /* sets its stream's command-buffer state (dst, num_bytes) on its NoC */
    F_USE = 16,     /* takes dst, and num_bytes if the state has one, from that state */
    F_RD = 32,      /* the read state, else the write state */
    F_TRID = 64,    /* *_TRID variant */
    F_4BYTES = 128, /* register-sized payload: num_bytes 0 means 4 */
};

struct TypeRow {
    const char *name;
    uint8_t op;
    unsigned flags;
};

// clang-format off
const TypeRow kTypes[] = {
    {"READ", NOC_TR_READ, F_DST | F_BYTES},
    {"READ_SET_STATE", NOC_TR_SET_STATE, F_SET | F_RD | F_DST},
    {"READ_SET_TRID", NOC_TR_SET_STATE, F_TRID},
    {"READ_WITH_STATE", NOC_TR_READ, F_USE | F_RD | F_BYTES},
    {"READ_WITH_STATE_AND_TRID", NOC_TR_READ, F_USE | F_RD | F_BYTES | F_TRID},
    {"READ_BARRIER_START", NOC_TR_READ_BARRIER, 0},
    {"READ_BARRIER_END", NOC_TR_BARRIER_END, 0},
    {"READ_BARRIER_WITH_TRID", NOC_TR_READ_BARRIER, F_TRID},
    {"READ_DRAM_SHARDED_SET_STATE", NOC_TR_SET_STATE, F_SET | F_RD | F_DST},
    {"READ_DRAM_SHARDED_WITH_STATE", NOC_TR_READ, F_USE | F_RD | F_BYTES},
    {"WRITE_", NOC_TR_WRITE, F_DST | F_BYTES},
    {"WRITE", NOC_TR_WRITE, F_DST | F_BYTES},
    {"WRITE_SET_TRID", NOC_TR_SET_STATE, F_TRID},
    {"WRITE_WITH_TRID", NOC_TR_WRITE, F_DST | F_BYTES | F_TRID},
    {"WRITE_INLINE", NOC_TR_WRITE_INLINE, F_DST | F_4BYTES},
    {"WRITE_MULTICAST", NOC_TR_WRITE_MCAST, F_MCAST | F_BYTES},
    {"WRITE_SET_STATE", NOC_TR_SET_STATE, F_SET | F_DST},
    {"WRITE_WITH_STATE", NOC_TR_WRITE, F_USE | F_BYTES},
    {"WRITE_WITH_TRID_SET_STATE", NOC_TR_SET_STATE, F_SET | F_DST | F_TRID},
    {"WRITE_WITH_TRID_WITH_STATE", NOC_TR_WRITE, F_USE | F_BYTES | F_TRID},
    {"WRITE_BARRIER_START", NOC_TR_WRITE_BARRIER, 0},
    {"WRITE_BARRIER_END", NOC_TR_BARRIER_END, 0},
    {"WRITE_BARRIER_WITH_TRID", NOC_TR_WRITE_BARRIER, F_TRID},
    {"WRITE_FLUSH", NOC_TR_WRITE_FLUSH, 0},
    {"WRITE_FLUSH_WITH_TRID", NOC_TR_WRITE_FLUSH, F_TRID},
    {"FULL_BARRIER", NOC_TR_FULL_BARRIER, 0},
    {"ATOMIC_BARRIER", NOC_TR_ATOMIC_BARRIER, 0},
    {"SEMAPHORE_INC", NOC_TR_ATOMIC, F_DST | F_4BYTES},
    {"SEMAPHORE_WAIT", NOC_TR_SEM_WAIT, 0},
    {"SEMAPHORE_SET", NOC_TR_SEM_SET, 0},
    {"FABRIC_UNICAST_WRITE", NOC_TR_FABRIC, 0},
    {"FABRIC_UNICAST_INLINE_WRITE", NOC_TR_FABRIC, 0},
    {"FABRIC_UNICAST_ATOMIC_INC", NOC_TR_FABRIC, 0},
    {"FABRIC_FUSED_UNICAST_ATOMIC_INC", NOC_TR_FABRIC, 0},
    {"FABRIC_MULTICAST_WRITE", NOC_TR_FABRIC, 0},
    {"FABRIC_MULTICAST_ATOMIC_INC", NOC_TR_FABRIC, 0},
    {"FABRIC_UNICAST_SCATTER_WRITE", NOC_TR_FABRIC, 0},
};
// clang-format on

struct CmdState { /* what a *_SET_STATE left in a command buffer */
    bool set = false;
    uint8_t x = 0, y = 0;
    uint32_t bytes = 0;
};

struct StreamInfo {
    uint64_t last_ts = 0;
    uint32_t last_index = 0;
    bool any = false;
    CmdState state[2][2]; /* [noc][read?] */
};

using Obj = json::object;

/* tt-npe packets leave at most this many cycles after cycle 0 (phase_cycle_offset's bound). */
constexpr uint64_t kMaxTimestamp = uint64_t(INT64_MAX) / 2;

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

struct Loader {
    const std::string &shown;
    CoordSpace space;
    const ChipShape &chip;
    std::string *err;
    std::string where; /* "event 12", "phases[0].transfers[3]" */
    NocTrace t;
    std::vector<uint32_t> stream_of; /* per event in t.events */
    std::map<std::tuple<int, int, int>, uint32_t> stream_ix;
    std::vector<StreamInfo> info;
    std::map<std::string, uint32_t> proc_ix, zone_ix;
    int64_t device = -1;
    bool in_time_order = true; /* traces: a stream's time must not go back */

    Loader(const std::string &s, CoordSpace sp, const ChipShape &c, std::string *e)
        : shown(s), space(sp), chip(c), err(e)
    {
    }

    bool fail(const std::string &msg)
    {
        *err = shown + ": " + (where.empty() ? "" : where + ": ") + msg;
        return false;
    }

    bool bad(const char *key, const std::string &msg)
    {
        return fail("field \"" + std::string(key) + "\": " + msg);
    }

    /* *p = o[key]; absent: an error, or false in *found if found is given. */
    bool field(const Obj &o, const char *key, const json::value **p, bool *found)
    {
        *p = o.if_contains(key);
        if (found)
            *found = *p != nullptr;
        return *p || found || fail("missing field \"" + std::string(key) + "\"");
    }

    /* o[key], an integer in lo..hi. Absent: an error, or false in *found if found is given. */
    bool get_int(const Obj &o, const char *key, int64_t lo, int64_t hi, int64_t *v,
                 bool *found = nullptr)
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

    bool get_str(const Obj &o, const char *key, std::string *v, bool *found = nullptr)
    {
        const json::value *p = nullptr;
        if (!field(o, key, &p, found) || !p)
            return !p && found;
        if (!p->is_string())
            return bad(key, "expected a string, got " + describe(*p));
        *v = std::string(p->get_string());
        return true;
    }

    bool get_noc(const Obj &o, const char *key, uint8_t *noc)
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
    bool get_tile(const Obj &o, const char *kx, const char *ky, int noc, bool endpoint, uint8_t *x,
                  uint8_t *y, bool *found = nullptr)
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
            nx = chip.w - 1 - nx, ny = chip.h - 1 - ny;
            shown_xy = "NoC1 " + shown_xy + " = NoC0 " + xy(nx, ny);
        }
        if (endpoint &&
            !(chip.tile_exists ? chip.tile_exists(nx, ny) : default_exists(chip, nx, ny))) {
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

    bool check_device(const Obj &o, const char *key)
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

    bool intern(std::map<std::string, uint32_t> *m, std::vector<std::string> *names,
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

    uint32_t stream_for(const NocTraceEvent &e)
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

    bool add(NocTraceEvent e, const std::string &type_name)
    {
        if (t.events.size() >= kNocTraceMaxEvents)
            return fail("more than " + std::to_string(kNocTraceMaxEvents) +
                        " events (the loader's limit)");
        const uint32_t s = stream_for(e);
        StreamInfo &si = info[s];
        if (in_time_order && si.any && e.timestamp < si.last_ts)
            return bad("timestamp", std::to_string(e.timestamp) + " is earlier than " +
                                        std::to_string(si.last_ts) + " of event " +
                                        std::to_string(si.last_index) + " in the same stream " +
                                        xy(e.src_x, e.src_y) + " " + t.procs[e.proc]);
        si.any = true, si.last_ts = e.timestamp, si.last_index = e.index;
        std::snprintf(e.type_name, sizeof e.type_name, "%s", type_name.c_str());
        t.streams[s].count++;
        t.streams[s].transfers += noc_trace_op_is_transfer(e.op) ? 1 : 0;
        t.events.push_back(e);
        stream_of.push_back(s);
        return true;
    }

    bool proc_of(const std::string &proc, NocTraceEvent *e)
    {
        uint32_t p = 0;
        if (!intern(&proc_ix, &t.procs, proc, NOC_TRACE_MAX_PROCS, "\"proc\" names", &p))
            return false;
        e->proc = static_cast<uint8_t>(p);
        return true;
    }

    bool zone_marker(const Obj &o, uint32_t i)
    {
        std::string proc, zone, phase;
        NocTraceEvent e = blank_event(i);
        int64_t ts = 0;
        uint32_t z = 0;
        if (!get_str(o, "proc", &proc) || !get_str(o, "zone", &zone) ||
            !get_str(o, "zone_phase", &phase))
            return false;
        if (phase != "begin" && phase != "ZONE_START" && phase != "end" && phase != "ZONE_END")
            return bad("zone_phase", "expected \"ZONE_START\", \"ZONE_END\", \"begin\" or \"end\", "
                                     "got \"" +
                                         phase + "\"");
        e.op = phase == "begin" || phase == "ZONE_START" ? NOC_TR_ZONE_BEGIN : NOC_TR_ZONE_END;
        if (proc.empty()) /* the profiler's own zones (PROFILER-NOC-QUICK-SEND) */
            return ++t.skipped, true;
        if (!check_device(o, "src_device_id") ||
            !get_tile(o, "sx", "sy", 0, true, &e.src_x, &e.src_y) ||
            !get_int(o, "timestamp", 0, INT64_MAX, &ts) || !proc_of(proc, &e) ||
            !intern(&zone_ix, &t.zones, zone, 65535, "zone names", &z))
            return false;
        e.timestamp = static_cast<uint64_t>(ts), e.zone = static_cast<uint16_t>(z);
        return add(e, phase);
    }

    bool trace_event(const Obj &o, uint32_t i)
    {
        if (!o.contains("type") && o.contains("zone"))
            return zone_marker(o, i);
        std::string type, proc;
        if (!get_str(o, "type", &type))
            return false;
        const TypeRow *row = nullptr;
        for (const TypeRow &r : kTypes)
            row = type == r.name ? &r : row;
        if (!row)
            return bad("type", "unknown event type \"" + type +
                                   "\" (valid: READ, READ_SET_STATE, READ_WITH_STATE, "
                                   "READ_BARRIER_START, WRITE_, WRITE_MULTICAST, WRITE_FLUSH, "
                                   "SEMAPHORE_INC, ...; see docs/noc_trace.md)");
        NocTraceEvent e = blank_event(i);
        e.op = row->op;
        int64_t v = 0, ts = 0;
        bool found = false;
        if (!get_str(o, "proc", &proc))
            return false;
        if (proc.empty())
            return bad("proc", "empty");
        if (!proc_of(proc, &e) || !get_noc(o, "noc", &e.noc) || !check_device(o, "src_device_id") ||
            !get_tile(o, "sx", "sy", e.noc, true, &e.src_x, &e.src_y) ||
            !get_int(o, "timestamp", 0, INT64_MAX, &ts) ||
            !get_int(o, "num_bytes", 0, UINT32_MAX, &v, &found))
            return false;
        e.timestamp = static_cast<uint64_t>(ts), e.num_bytes = static_cast<uint32_t>(v);
        if (!get_int(o, "vc", -1, 15, &v, &found))
            return false;
        e.vc = found ? static_cast<int8_t>(v) : -1;
        if (const json::value *pv = o.if_contains("posted")) {
            if (!pv->is_bool())
                return bad("posted", "expected true or false, got " + describe(*pv));
            e.posted = pv->get_bool();
        }
        if (!get_int(o, "dst_addr", 0, UINT32_MAX, &v, &found))
            return false;
        e.dst_addr = static_cast<uint32_t>(v), e.has_addr = found;
        if (!get_int(o, "src_addr", 0, UINT32_MAX, &v, &found))
            return false;
        e.src_addr = static_cast<uint32_t>(v);
        if (row->flags & F_TRID) {
            if (!get_int(o, "trid", 0, 15, &v, &found))
                return false;
            e.has_trid = 1, e.trid = found ? static_cast<uint8_t>(v) : NOC_TRACE_NONE;
        }
        if ((row->flags & F_DST) && !get_tile(o, "dx", "dy", e.noc, true, &e.dst_x, &e.dst_y))
            return false;
        if ((row->flags & F_MCAST) && !get_rect(o, e.noc, &e))
            return false;
        CmdState *st = &info[stream_for(e)].state[e.noc][(row->flags & F_RD) ? 1 : 0];
        if (row->flags & F_SET) {
            st->set = true, st->x = e.dst_x, st->y = e.dst_y, st->bytes = e.num_bytes;
        } else if (row->flags & F_USE) {
            if (!st->set)
                return bad("type",
                           type + " without a preceding " +
                               ((row->flags & F_RD) ? "READ_SET_STATE" : "WRITE_SET_STATE") +
                               " on NOC_" + std::to_string(e.noc) + " in stream " +
                               xy(e.src_x, e.src_y) + " " + proc);
            e.dst_x = st->x, e.dst_y = st->y, e.from_state = 1;
            e.num_bytes = st->bytes ? st->bytes : e.num_bytes;
        }
        if ((row->flags & F_4BYTES) && e.num_bytes == 0)
            e.num_bytes = 4;
        if ((row->flags & F_BYTES) && e.num_bytes == 0)
            return bad("num_bytes",
                       "0 bytes for a " + type + " transfer" +
                           ((row->flags & F_USE) ? " (none set by its *_SET_STATE)" : ""));
        return add(e, type);
    }

    /* The multicast rectangle, corners in either order: NoC1 multicasts name it from its
     * NoC0 bottom-right corner. */
    bool get_rect(const Obj &o, int noc, NocTraceEvent *e)
    {
        uint8_t x0, y0, x1, y1;
        if (!get_tile(o, "mcast_start_x", "mcast_start_y", noc, false, &x0, &y0) ||
            !get_tile(o, "mcast_end_x", "mcast_end_y", noc, false, &x1, &y1))
            return false;
        e->mcast_x0 = std::min(x0, x1), e->mcast_x1 = std::max(x0, x1);
        e->mcast_y0 = std::min(y0, y1), e->mcast_y1 = std::max(y0, y1);
        return true;
    }

    bool trace(const json::array &a)
    {
        t.format = "tt-metal-noc-trace";
        for (size_t i = 0; i < a.size(); ++i) {
            where = "event " + std::to_string(i);
            if (!a[i].is_object())
                return fail("expected an object, got " + describe(a[i]));
            if (!trace_event(a[i].get_object(), static_cast<uint32_t>(i)))
                return false;
        }
        return true;
    }

    /* One tt-npe transfer group -> num_packets events. A group whose data comes from a DRAM
     * endpoint, or whose noc_event_type is a READ*, becomes reads issued by its destination. */
    bool transfer(const Obj &o, uint32_t ordinal)
    {
        int64_t size = 0, count = 0, offset = 0;
        bool unicast = false, found = false;
        std::string noc_type, ev_type;
        NocTraceEvent e = blank_event(ordinal);
        uint8_t sx, sy;
        if (!get_int(o, "packet_size", 1, UINT32_MAX, &size) ||
            !get_int(o, "num_packets", 1, kNocTraceMaxEvents, &count) ||
            !get_noc(o, "noc_type", &e.noc) || !check_device(o, "device_id") ||
            !get_tile(o, "src_x", "src_y", e.noc, true, &sx, &sy) ||
            !get_tile(o, "dst_x", "dst_y", e.noc, true, &e.dst_x, &e.dst_y, &unicast) ||
            !get_int(o, "phase_cycle_offset", 0, INT64_MAX / 2, &offset, &found) ||
            !get_str(o, "noc_event_type", &ev_type, &found))
            return false;
        if (!unicast && !o.contains("mcast_start_x"))
            return fail("missing field \"dst_x\" (or \"mcast_start_x\" for a multicast)");
        if (!unicast && !get_rect(o, e.noc, &e))
            return false;
        double rate = 0;
        if (const json::value *p = o.if_contains("injection_rate")) {
            if (!p->is_number() || !(p->to_number<double>() >= 0))
                return bad("injection_rate",
                           "expected a number >= 0 (bytes per cycle), got " + describe(*p));
            rate = p->to_number<double>();
        }
        /* Packet k leaves k * packet_size / injection_rate cycles after the offset; the last
         * one must not leave later than kMaxTimestamp, so every gap converts to an integer. */
        const double span = double(count - 1) * double(size);
        const double room = double(kMaxTimestamp - static_cast<uint64_t>(offset));
        if (rate > 0 && !(span / rate <= room)) {
            char b[160];
            std::snprintf(b, sizeof b,
                          "%.17g bytes per cycle spreads %lld packets of %lld bytes over %.3g "
                          "cycles; must be 0 (all at once) or at least %.3g",
                          rate, static_cast<long long>(count), static_cast<long long>(size),
                          span / rate, span / room);
            return bad("injection_rate", std::string(b) + " (the last packet must leave by cycle " +
                                             std::to_string(kMaxTimestamp) + ")");
        }
        const bool from_dram = is_blackhole(chip) && blackhole_tile_label(sx, sy)[0] == 'D';
        const bool read = unicast && (ev_type.compare(0, 4, "READ") == 0 || from_dram);
        e.op = read ? NOC_TR_READ : unicast ? NOC_TR_WRITE : NOC_TR_WRITE_MCAST;
        e.src_x = read ? e.dst_x : sx, e.src_y = read ? e.dst_y : sy;
        if (read)
            e.dst_x = sx, e.dst_y = sy;
        e.num_bytes = static_cast<uint32_t>(size);
        if (!proc_of("NPE", &e))
            return false;
        const std::string name = !ev_type.empty() ? ev_type
                                 : read           ? "NPE_READ"
                                 : unicast        ? "NPE_WRITE"
                                                  : "NPE_WRITE_MULTICAST";
        for (int64_t k = 0; k < count; ++k) {
            const double gap = rate > 0 ? std::round(double(k) * double(size) / rate) : 0;
            e.timestamp = std::min<uint64_t>(kMaxTimestamp, static_cast<uint64_t>(offset) +
                                                                static_cast<uint64_t>(gap));
            if (!add(e, name))
                return false;
        }
        return true;
    }

    bool workload(const Obj &top)
    {
        t.format = "tt-npe-workload";
        in_time_order = false; /* transfer groups overlap; finish() sorts streams by time */
        int64_t golden = 0;
        if (const json::value *g = top.if_contains("golden_result")) {
            where = "golden_result";
            if (!g->is_object())
                return fail("expected an object, got " + describe(*g));
            bool found = false;
            if (!get_int(g->get_object(), "cycles", 0, INT64_MAX, &golden, &found))
                return false;
            t.golden_cycles = static_cast<uint64_t>(golden);
            where.clear();
        }
        const json::value *ph = top.if_contains("phases");
        if (!ph)
            return fail("missing field \"phases\" (expected a JSON array of NoC events, or a "
                        "tt-npe workload object with \"phases\")");
        if (!ph->is_array())
            return bad("phases", "expected an array, got " + describe(*ph));
        uint64_t total = 0;
        uint32_t ordinal = 0;
        for (size_t i = 0; i < ph->get_array().size(); ++i) {
            const json::value &phase = ph->get_array()[i];
            where = "phases[" + std::to_string(i) + "]";
            if (!phase.is_object())
                return fail("expected an object, got " + describe(phase));
            const json::value *tr = phase.get_object().if_contains("transfers");
            if (!tr)
                return fail("missing field \"transfers\"");
            if (!tr->is_array())
                return bad("transfers", "expected an array, got " + describe(*tr));
            for (size_t j = 0; j < tr->get_array().size(); ++j, ++ordinal) {
                const json::value &x = tr->get_array()[j];
                where = "phases[" + std::to_string(i) + "].transfers[" + std::to_string(j) + "]";
                if (!x.is_object())
                    return fail("expected an object, got " + describe(x));
                const json::value *n = x.get_object().if_contains("num_packets");
                total += n && n->is_int64() && n->get_int64() > 0 ? uint64_t(n->get_int64()) : 0;
                if (total > kNocTraceMaxEvents)
                    return fail("\"num_packets\" of the workload add up to more than " +
                                std::to_string(kNocTraceMaxEvents) +
                                " packets (the loader's limit)");
                if (!transfer(x.get_object(), ordinal))
                    return false;
            }
        }
        return true;
    }

    /* Lays the events out stream by stream: file order inside a trace's streams, time order
     * (then file order) inside a workload's. */
    void finish(NocTrace *out)
    {
        std::vector<uint32_t> order(t.events.size());
        for (size_t i = 0; i < order.size(); ++i)
            order[i] = static_cast<uint32_t>(i);
        std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
            if (stream_of[a] != stream_of[b])
                return stream_of[a] < stream_of[b];
            return !in_time_order && t.events[a].timestamp < t.events[b].timestamp;
        });
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
};

} // namespace

std::string blackhole_tile_label(int x, int y)
{
    if (x < 0 || x > 16 || y < 0 || y > 11)
        return "";
    const int dram = dram_controller(x, y);
    if (dram >= 0)
        return "D" + std::to_string(dram);
    if (y == 0)
        return x == 2 ? "P0" : x == 11 ? "P1" : x == 8 ? "ARC" : "--";
    if (y == 1)
        return x == 8 ? "--" : "E" + std::to_string(phys_index(x));
    if (x == 8) {
        const int *c = std::find(kL2CpuY, kL2CpuY + 4, y);
        return c != kL2CpuY + 4 ? "C" + std::to_string(c - kL2CpuY) : y == 2 ? "SEC" : "--";
    }
    return "T" + std::to_string((y - 2) * 14 + (std::find(kTensixX, kTensixX + 14, x) - kTensixX));
}

bool translated_to_noc0(const ChipShape &chip, int tx, int ty, int *x, int *y, std::string *why)
{
    std::string dummy;
    why = why ? why : &dummy;
    if (!is_blackhole(chip))
        return *why = "translated coordinates exist only on the 17x12 Blackhole grid", false;
    if (ty >= 0 && ty <= 11 && tx >= 0 && tx <= 16 && (ty <= 1 || tx == 0 || tx == 8 || tx == 9)) {
        *x = tx, *y = ty; /* rows 0-1 and the DRAM/CPU columns are not renumbered */
        return true;
    }
    if (ty >= 2 && ty <= 11 && tx >= 1 && tx <= 16) {
        /* Good Tensix columns fill x = 1..7, 10..16 in NoC0 order; harvested ones take the
         * highest x, lowest physical index first (at x = 16). */
        int slot[17], n = 0, bad = 0;
        for (int c : kTensixX)
            if (!has(chip.harvested_tensix_cols, c))
                slot[kTensixX[n++]] = c;
        for (int c : kPhysX)
            if (has(chip.harvested_tensix_cols, c))
                slot[16 - bad++] = c;
        if (bad > 7)
            return *why = "more than 7 harvested Tensix columns cannot be translated", false;
        *x = slot[tx], *y = ty;
        return true;
    }
    if ((tx == 17 || tx == 18) && ty >= 12 && ty <= 23) {
        if (chip.disabled_dram.size() > 1)
            return *why = "more than one disabled DRAM controller cannot be translated", false;
        /* x = 17 is the column without the bad controller (west if none), x = 18 the other;
         * both list their controllers top to bottom with the bad one's row moved last. */
        const int bad = chip.disabled_dram.empty() ? -1 : chip.disabled_dram[0];
        const bool west = (bad < 0 || bad >= 4) == (tx == 17);
        int rows[4] = {0, 1, 2, 3};
        if (bad >= 0)
            std::rotate(rows + bad % 4, rows + bad % 4 + 1, rows + 4);
        *x = west ? 0 : 9, *y = kGddrY[rows[(ty - 12) / 3]][(ty - 12) % 3];
        return true;
    }
    if (tx == 19 && ty == 24) {
        *x = chip.pcie_in_use ? 11 : 2, *y = 0;
        return true;
    }
    if (ty == 25 && tx >= 20 && tx <= 31) { /* enabled Ethernet channels in channel order */
        int k = tx - 20;
        for (int c = 0; c < 14; ++c)
            if (!has(chip.disabled_eth, c) && k-- == 0) {
                *x = kPhysX[c], *y = 1;
                return true;
            }
        return *why = "only " + std::to_string(tx - 20 - k) + " Ethernet channels are enabled",
               false;
    }
    if (tx == 8 && ty >= 26 && ty <= 30) {
        *x = 8, *y = ty == 30 ? 2 : kL2CpuY[ty - 26];
        return true;
    }
    return *why = "not in any translated region (rows 0-1; Tensix x 1..16 y 2..11; DRAM x 17..18 "
                  "y 12..23; PCIe (19,24); Ethernet x 20..31 y 25; L2CPU (8,26..29); security "
                  "(8,30))",
           false;
}

bool parse_noc_trace(const std::string &text, const std::string &shown, CoordSpace space,
                     const ChipShape &chip, NocTrace *out, std::string *err)
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
    Loader ld(shown, space, chip, err);
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
