// SPDX-License-Identifier: Apache-2.0
/* tt-npe workloads (a JSON object {"phases": [{"transfers": [...]}, ...]}): each transfer
 * group expands to num_packets synthetic events, spread by injection_rate, reads issued by
 * the destination. Kept apart from the tt-metal trace parser (noc_trace_metal.cpp): the two
 * formats share only the Loader's readers (noc_trace_load.cpp). */
#include "platform/load/noc_trace_loader.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace bh
{
namespace noc_trace_detail
{
namespace
{

/* tt-npe packets leave at most this many cycles after cycle 0 (phase_cycle_offset's bound). */
constexpr uint64_t kMaxTimestamp = uint64_t(INT64_MAX) / 2;

} // namespace

/* One tt-npe transfer group -> num_packets events. A group whose data comes from a DRAM
 * endpoint, or whose noc_event_type is a READ*, becomes reads issued by its destination. */
bool Loader::transfer(const Obj &o, uint32_t ordinal)
{
    int64_t size = 0, count = 0, offset = 0;
    bool unicast = false, found = false;
    std::string noc_type, ev_type;
    NocTraceEvent e = blank_event(ordinal);
    uint8_t sx, sy;
    if (!get_int(o, "packet_size", 1, UINT32_MAX, &size) ||
        !get_int(o, "num_packets", 1, max_events, &count) || !get_noc(o, "noc_type", &e.noc) ||
        !check_device(o, "device_id") || !get_tile(o, "src_x", "src_y", e.noc, true, &sx, &sy) ||
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

bool Loader::workload(const Obj &top)
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
            if (total > max_events)
                return fail("\"num_packets\" of the workload add up to more than " +
                            std::to_string(max_events) + " packets (the loader's limit)");
            if (!transfer(x.get_object(), ordinal))
                return false;
        }
    }
    return true;
}

} // namespace noc_trace_detail
} // namespace bh
