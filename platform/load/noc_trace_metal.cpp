// SPDX-License-Identifier: Apache-2.0
/* tt-metal NoC event traces (a JSON array, tt-npe tt_npe/doc/noc_trace_format.md): the event
 * type table, the per-stream command-buffer state the *_SET_STATE / *_WITH_STATE events share,
 * and profiler zone markers. Kept apart from the tt-npe workload parser (noc_trace_npe.cpp):
 * the two formats share only the Loader's readers (noc_trace_load.cpp). */
#include "platform/load/noc_trace_loader.h"

namespace bh
{
namespace noc_trace_detail
{
namespace
{

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

} // namespace

bool Loader::zone_marker(const Obj &o, uint32_t i)
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

bool Loader::trace_event(const Obj &o, uint32_t i)
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
            return bad("type", type + " without a preceding " +
                                   ((row->flags & F_RD) ? "READ_SET_STATE" : "WRITE_SET_STATE") +
                                   " on NOC_" + std::to_string(e.noc) + " in stream " +
                                   xy(e.src_x, e.src_y) + " " + proc);
        e.dst_x = st->x, e.dst_y = st->y, e.from_state = 1;
        e.num_bytes = st->bytes ? st->bytes : e.num_bytes;
    }
    if ((row->flags & F_4BYTES) && e.num_bytes == 0)
        e.num_bytes = 4;
    if ((row->flags & F_BYTES) && e.num_bytes == 0)
        return bad("num_bytes", "0 bytes for a " + type + " transfer" +
                                    ((row->flags & F_USE) ? " (none set by its *_SET_STATE)" : ""));
    return add(e, type);
}

bool Loader::trace(const json::array &a)
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

} // namespace noc_trace_detail
} // namespace bh
