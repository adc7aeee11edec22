// SPDX-License-Identifier: Apache-2.0
/* Each workload's part of the report (WorkloadModel::report_noc, report, report_cores): the
 * report asks the running workload, whatever it is, instead of testing its type. */
#include <algorithm>
#include "platform/output/report.h"
#include "platform/workload/workloads.h"

namespace bh
{

namespace json = boost::json;

static json::object latency_json(const NocLatency &l)
{
    return {{"count", l.count},
            {"mean", l.count ? (double)l.sum / (double)l.count : 0.0},
            {"p50", noc_latency_percentile(&l, 0.50)},
            {"p99", noc_latency_percentile(&l, 0.99)},
            {"max", l.max}};
}

/* dram_stream on one NoC: what landed in the measured window (the rates) beside what was
 * issued over the whole run (warm-up and drain included), so the two are never confused. */
static json::object dram_stream_json(const DramStreamStats &s, uint32_t flit_bytes, double secs)
{
    double rd = (double)s.window_read_flits * flit_bytes,
           wr = (double)s.window_write_flits * flit_bytes;
    return {{"window",
             {{"reads", s.window_reads},
              {"writes", s.window_writes},
              {"bytes_read", rd},
              {"bytes_written", wr},
              {"read_gbps", secs > 0 ? rd / secs / 1e9 : 0.0},
              {"write_gbps", secs > 0 ? wr / secs / 1e9 : 0.0}}},
            {"issued_whole_run",
             {{"reads", s.reads},
              {"writes", s.writes},
              {"bytes_read", s.bytes_read},
              {"bytes_written", s.bytes_written}}},
            {"read_latency", latency_json(s.read_latency)},
            {"write_latency", latency_json(s.write_latency)},
            {"dropped_at_source", s.dropped}};
}

void SyntheticTraffic::report_noc(uint32_t k, const ReportContext &ctx, json::object &n) const
{
    const ChipPlan &plan = ctx.plan;
    if (!(plan.traffic.noc_mask & (1u << k)))
        return;
    const NocTrafficStats &s = state().stats[k];
    double window = (double)ctx.run.window_cycles;
    double denom = (double)plan.injectors.size() * window;
    n["offered_flits_per_node_cycle"] = (double)s.offered_flits / denom;
    if (plan.traffic.pattern == NOC_PAT_MULTICAST) {
        /* every receiver takes a copy: per receiver, it compares with the offer */
        double r = plan.traffic.mcast_receivers;
        n["multicast_receivers"] = plan.traffic.mcast_receivers;
        n["accepted_flits_per_node_cycle"] = (double)s.accepted_flits / (r * window);
        n["accepted_flits_all_receivers_per_cycle"] = (double)s.accepted_flits / window;
    } else {
        n["accepted_flits_per_node_cycle"] = (double)s.accepted_flits / denom;
    }
    n["packet_latency"] = latency_json(s.latency);
    n["transfers"] = {{"created", s.created},
                      {"issued", s.issued},
                      {"delivered", s.delivered},
                      {"dropped_at_source", s.dropped}};
}

void DramStreamWorkload::report_noc(uint32_t k, const ReportContext &ctx, json::object &n) const
{
    const ChipPlan &plan = ctx.plan;
    if (plan.dram.noc_mask & (1u << k))
        n["dram_stream"] =
            dram_stream_json(state().stats[k], plan.noc[0].flit_bytes, window_seconds(ctx));
}

/* The data that landed in the measured window, and the controllers workload.banks names. */
bool DramStreamWorkload::report_dram(const ReportContext &ctx, DramFigures *f) const
{
    const ChipPlan &plan = ctx.plan;
    uint64_t flits = 0;
    for (uint32_t k = 0; k < plan.n_nocs; k++)
        flits += state().stats[k].done_flits;
    double secs = window_seconds(ctx);
    double bytes = (double)flits * plan.noc[0].flit_bytes;
    f->total_gbps = secs > 0 ? bytes / secs / 1e9 : 0.0;
    f->banks_used = plan.dram.banks;
    return true;
}

/* Per processor and overall: the simulated duration beside the recorded one. */
void TraceReplay::report(const ReportContext &ctx, json::object &out) const
{
    const RunInfo &run = ctx.run;
    const NocTrace &tr = trace();
    const NocReplay &r = state();
    json::array procs;
    uint64_t first = UINT64_MAX, last = 0;
    for (uint32_t i = 0; i < tr.streams.size(); i++) {
        const NocTraceStream &s = tr.streams[i];
        const NocReplayStream &st = r.st[i];
        uint64_t rec =
            s.count ? tr.events[s.first + s.count - 1].timestamp - tr.events[s.first].timestamp : 0;
        first = std::min(first, st.started_at);
        last = std::max(last, st.finished_at);
        procs.push_back({{"tile", json::array{s.x, s.y}},
                         {"proc", tr.procs[s.proc]},
                         {"events", s.count},
                         {"transfers", s.transfers},
                         {"simulated_cycles", st.finished_at - st.started_at},
                         {"recorded_cycles", rec}});
    }
    uint64_t transfers = 0, bytes = 0;
    for (const NocReplayStats &s : r.stats) {
        transfers += s.transfers;
        bytes += s.bytes;
    }
    out["trace"] = json::object{
        {"format", tr.format},
        {"events", tr.events.size()},
        {"processors", tr.streams.size()},
        {"transfers", transfers},
        {"bytes", bytes},
        {"recorded_cycles", tr.last_ts - tr.first_ts},
        /* to the last flit delivered, not just the last event issued */
        {"simulated_cycles", std::max(last, run.cycles) - (first == UINT64_MAX ? 0 : first)},
        {"golden_cycles", tr.golden_cycles},
        {"per_processor", std::move(procs)}};
}

void TensixStreamWorkload::report_cores(uint32_t node0, json::array &cores) const
{
    static const char *const core_names[TENSIX_STREAM_CORES] = {"trisc0", "trisc1", "trisc2",
                                                                "brisc"};
    for (uint32_t i = 0; i < s_.n_cores; i++) {
        const TensixStreamCore &k = s_.cores[i];
        if (k.node0 == node0)
            cores.push_back({{"core", core_names[k.core]},
                             {"finished_cycle", k.done ? json::value(k.finished_at) : nullptr},
                             {"stall_cycles", k.stall_cycles}});
    }
}

} // namespace bh
