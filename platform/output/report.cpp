// SPDX-License-Identifier: Apache-2.0
#include "platform/output/report.h"
#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>
#include "platform/config.h"
#include "platform/noc/noc_report.h"
#include "platform/output/heatmap.h"
#include "platform/workload_keys.h"

namespace bh
{

namespace json = boost::json;

static size_t injecting_tiles(const ChipPlan &plan)
{
    if (plan.trace) {
        std::vector<std::pair<int, int>> tiles;
        for (const NocTraceStream &s : plan.trace->streams)
            if (s.transfers)
                tiles.emplace_back(s.x, s.y);
        std::sort(tiles.begin(), tiles.end());
        return (size_t)(std::unique(tiles.begin(), tiles.end()) - tiles.begin());
    }
    return plan.dram_stream ? plan.cores.size() : plan.injectors.size();
}

double cycles_seconds(const Chip &chip, uint64_t first, uint64_t cycles)
{
    const Clock &clk = chip.clock();
    return (double)(Clock::ps_of(clk.time_of(first + cycles)) - Clock::ps_of(clk.time_of(first))) /
           1e12;
}

static double num(const json::value &v);

/* "zones": the profiler zones (DeviceZoneScopedN) of every tile's cores, by name: how many
 * closed, their cycles in all and the shortest and longest, and on how many cores, so a study
 * can take a kernel's phase as a metric (zones.NAME.cycles_max) */
static void add_zones(json::object &r)
{
    if (!r.contains("riscv"))
        return;
    std::map<std::string, json::object> by_name;
    for (const json::value &tv : r.at("riscv").as_array()) {
        const json::object &t = tv.as_object();
        if (!t.contains("zones"))
            continue;
        for (const json::value &zv : t.at("zones").as_array()) {
            const json::object &z = zv.as_object();
            json::object &o = by_name[std::string(z.at("name").as_string())];
            const uint64_t count = z.at("count").to_number<uint64_t>();
            const uint64_t cycles = z.at("cycles").to_number<uint64_t>();
            const uint64_t lo = z.at("cycles_min").to_number<uint64_t>();
            const uint64_t hi = z.at("cycles_max").to_number<uint64_t>();
            if (o.empty()) {
                o = {{"count", 0},
                     {"cycles", 0},
                     {"cycles_min", lo},
                     {"cycles_max", hi},
                     {"cores", 0}};
            }
            o["count"] = o.at("count").to_number<uint64_t>() + count;
            o["cycles"] = o.at("cycles").to_number<uint64_t>() + cycles;
            o["cycles_min"] = std::min(o.at("cycles_min").to_number<uint64_t>(), lo);
            o["cycles_max"] = std::max(o.at("cycles_max").to_number<uint64_t>(), hi);
            o["cores"] = o.at("cores").to_number<uint64_t>() + 1;
        }
    }
    if (by_name.empty())
        return;
    json::object zones;
    for (auto &[name, o] : by_name) {
        o["cycles_mean"] = o.at("cycles").to_number<double>() / o.at("count").to_number<double>();
        zones[name] = std::move(o);
    }
    r["zones"] = std::move(zones);
}

/* The chip's L1 waits by waiter and holder: every tile's clients' "waited_on" summed (the
 * "riscv" tiles of RISC-V and host workloads, the "tiles" of tensix_stream), largest first */
static void add_l1_waits(json::object &r)
{
    std::map<std::pair<std::string, std::string>, uint64_t> pairs;
    uint64_t total = 0;
    auto add_clients = [&](const json::array &clients) {
        for (const json::value &c : clients)
            for (const auto &h : c.at("waited_on").as_object()) {
                const uint64_t n = (uint64_t)num(h.value());
                pairs[{std::string(c.at("client").as_string()), std::string(h.key())}] += n;
                total += n;
            }
    };
    if (r.contains("riscv"))
        for (const json::value &t : r.at("riscv").as_array())
            add_clients(t.at("l1_clients").as_array());
    if (r.contains("tiles"))
        for (const json::value &t : r.at("tiles").as_array())
            if (t.as_object().contains("l1"))
                add_clients(t.at("l1").at("clients").as_array());
    if (pairs.empty())
        return;
    std::vector<std::pair<uint64_t, std::pair<std::string, std::string>>> sorted;
    for (const auto &[who, n] : pairs)
        sorted.push_back({n, who});
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const auto &a, const auto &b) { return a.first > b.first; });
    json::array list;
    for (const auto &[n, who] : sorted)
        list.push_back({{"waiter", who.first}, {"holder", who.second}, {"cycles", n}});
    r["l1_waits"] = {{"wait_cycles", total}, {"by_waiter_and_holder", std::move(list)}};
}

boost::json::object build_report(Chip &chip, const BhParams &p, const RunInfo &run)
{
    const ChipPlan &plan = chip.plan();
    const BhGrid &g = *plan.grid;
    uint64_t routers = (uint64_t)g.w * g.h * plan.n_nocs;
    json::object r;
    r["bhsim"] = {{"version", BH_VERSION}, {"config", run.config_name}};
    r["config"] = config_to_json(p);
    double cps = run.wall_seconds > 0 ? (double)run.cycles / run.wall_seconds : 0;
    r["sim"] = {{"cycles", run.cycles},
                {"measured_cycles", run.window_cycles},
                {"aiclk_mhz", plan.aiclk_mhz},
                {"simulated_seconds", cycles_seconds(chip, 0, run.cycles)},
                {"wall_seconds", run.wall_seconds},
                {"cycles_per_second", cps},
                {"routers", routers},
                {"router_cycles_per_second", cps * (double)routers},
                {"peak_rss_mib", run.peak_rss_mib},
                {"drained", run.drained},
                {"dram_resident_bytes", chip.dram_resident_bytes()}};
    if (!run.error_kind.empty())
        r["error"] = {
            {"kind", run.error_kind}, {"message", run.error_message}, {"cycle", run.error_cycle}};
    /* the workload's own keys (workload.injectors among them); and how many tiles inject,
     * for the workloads that drive the NoCs themselves */
    r["workload"] = workload_keys_json(p);
    json::object &w = r["workload"].as_object();
    if (plan.trace || plan.dram_stream || plan.traffic.pattern != NOC_PAT_NONE)
        w["injecting_tiles"] = injecting_tiles(plan);
    const ReportContext ctx{chip, plan, run};
    const WorkloadModel *wl = chip.workload() ? &chip.workload()->model() : nullptr;
    chip.blocks().report(ctx, r); /* the blocks' sections: "noc0", "noc1", "tiles", "riscv" */
    if (plan.rv_programs.empty() && r.contains("riscv")) /* a host's cores */
        mark_kernel_cores(chip, r);
    if (wl)
        wl->report(ctx, r);
    add_l1_waits(r);
    add_zones(r);
    return r;
}

json::object build_chip_sections(Chip &chip, const RunInfo &run)
{
    const ChipPlan &plan = chip.plan();
    json::object r = {{"chip", chip.chip_id()}, {"cycles", run.cycles}};
    const ReportContext ctx{chip, plan, run};
    chip.blocks().report(ctx, r);
    if (plan.rv_programs.empty() && r.contains("riscv"))
        mark_kernel_cores(chip, r);
    if (chip.workload())
        chip.workload()->model().report(ctx, r);
    add_l1_waits(r);
    add_zones(r);
    return r;
}

bool write_heatmap(Chip &chip, const RunInfo &run, const std::string &path, std::string *err)
{
    const ChipPlan &plan = chip.plan();
    const BhGrid &g = *plan.grid;
    std::vector<HeatTile> tiles;
    for (uint32_t i = 0; i < g.w * g.h; i++) {
        const BhTile &t = g.tiles[i];
        tiles.push_back({t.x, t.y, t.label, t.kind, t.enabled != 0});
    }
    std::vector<HeatLink> links;
    for (uint32_t k = 0; k < plan.n_nocs; k++)
        noc_for_each_router_link(chip, run, k,
                                 [&](const NocLink &, uint32_t a, uint32_t b, double u) {
                                     links.push_back({(int)k, (int)(a % g.w), (int)(a / g.w),
                                                      (int)(b % g.w), (int)(b / g.w), u});
                                 });
    std::string title = "bhsim " + run.config_name + ": link utilisation over the measured " +
                        std::to_string(run.window_cycles) + " cycles";
    return write_heatmap_svg(path, title, (int)g.w, (int)g.h, tiles, links, err);
}

static double num(const json::value &v)
{
    return v.is_double()  ? v.as_double()
           : v.is_int64() ? (double)v.as_int64()
                          : (double)v.as_uint64();
}

/* who waited for L1 behind whom, over the chip: the largest pairs of l1_waits */
static void print_l1_waits(const json::object &r, std::FILE *out)
{
    if (!r.contains("l1_waits"))
        return;
    const json::array &list = r.at("l1_waits").at("by_waiter_and_holder").as_array();
    std::fprintf(out, "  L1 waits, by waiter behind holder:");
    const size_t shown = std::min<size_t>(list.size(), 4);
    for (size_t i = 0; i < shown; i++)
        std::fprintf(out, "%s %s behind %s %.0f", i ? "," : "",
                     list[i].at("waiter").as_string().c_str(),
                     list[i].at("holder").as_string().c_str(), num(list[i].at("cycles")));
    if (list.size() > shown)
        std::fprintf(out, " (%zu pairs in all)", list.size());
    std::fprintf(out, "\n");
}

/* A NoC's link waits (noc_report): the total over its router-to-router links (and into the
 * NIUs), the link that waited most and the flow that waited most there */
static void print_link_waits(int k, const json::object &n, std::FILE *out)
{
    if (!n.contains("link_waits"))
        return;
    const double total = num(n.at("link_waits")), ej = num(n.at("ejection_waits"));
    if (total == 0 && ej == 0)
        return;
    std::fprintf(out, "  NoC%d link waits: %.0f cycles", k, total);
    if (ej > 0)
        std::fprintf(out, " (and %.0f into NIUs)", ej);
    const json::object *most = nullptr;
    for (const json::value &lv : n.at("links").as_array()) {
        const json::object &l = lv.as_object();
        if (l.contains("wait_cycles") &&
            (!most || num(l.at("wait_cycles")) > num(most->at("wait_cycles"))))
            most = &l;
    }
    auto xy = [](const json::value &v) {
        const json::array &a = v.as_array();
        return "(" + std::to_string((long long)num(a[0])) + "," +
               std::to_string((long long)num(a[1])) + ")";
    };
    if (most) {
        std::fprintf(out, "; most at %s->%s: %.0f", xy(most->at("from")).c_str(),
                     xy(most->at("to")).c_str(), num(most->at("wait_cycles")));
        const json::array &flows = most->at("blocked_flows").as_array();
        if (!flows.empty()) {
            const json::object &f = flows[0].as_object();
            std::string to = f.contains("target") ? xy(f.at("target"))
                                                  : "multicast " + xy(f.at("multicast").at(0)) +
                                                        "-" + xy(f.at("multicast").at(1));
            std::fprintf(out, ", mostly flow %s->%s", xy(f.at("source")).c_str(), to.c_str());
        }
    }
    std::fprintf(out, "\n");
}

/* L1 of the tiles whose cores ran: bytes its clients moved and the cycles they waited for a
 * bank or port, per tile and cycle */
static void print_l1_summary(const json::object &r, std::FILE *out)
{
    double bytes = 0, waits = 0, tiles = 0;
    for (const json::value &tv : r.at("riscv").as_array()) {
        double b = 0;
        for (const json::value &c : tv.at("l1_clients").as_array()) {
            b += num(c.at("bytes"));
            waits += num(c.at("wait_cycles"));
        }
        bytes += b;
        tiles += b > 0;
    }
    const double cycles = num(r.at("sim").at("cycles"));
    if (tiles > 0 && cycles > 0)
        std::fprintf(out,
                     "  L1: %.0f bytes through the clients of %.0f tiles, %.1f B/cycle per tile; "
                     "%.0f cycles waited for a bank or port\n",
                     bytes, tiles, bytes / tiles / cycles, waits);
    print_l1_waits(r, out);
}

/* A host program (a report with a "program" section): its result, how long the device took
 * from launch to done against the chip's whole run, its figures, the cores that ran its
 * kernels, and where the host's time went */
static void print_program_summary(const json::object &r, std::FILE *out)
{
    const json::object &p = r.at("program").as_object();
    const double mhz = num(r.at("sim").at("aiclk_mhz"));
    std::fprintf(
        out,
        "bhsim: %s, %s: %s, %.0f device cycles from launch to done (%.2f us at %.0f MHz), "
        "%.0f chip cycles\n",
        r.at("bhsim").at("config").as_string().c_str(), p.at("name").as_string().c_str(),
        p.at("passed").as_bool() ? "matches the host reference" : "DIFFERS from the host reference",
        num(p.at("cycles")), num(p.at("cycles")) / mhz, mhz, num(r.at("sim").at("cycles")));
    if (p.contains("tflops")) {
        std::fprintf(out, "  %.2f TFLOP/s, matrix unit %.1f%% of its %s peak on %.0f cores\n",
                     num(p.at("tflops")), 100 * num(p.at("fpu_utilisation")),
                     p.at("fidelity").as_string().c_str(), num(p.at("cores")));
        if (r.contains("riscv"))
            print_matrix_causes(r, out);
    } else if (p.contains("bytes_per_cycle"))
        std::fprintf(out, "  %.2f B/cycle\n", num(p.at("bytes_per_cycle")));
    if (r.contains("riscv")) {
        print_kernel_cores(r, out);
        print_coprocessors(r, out);
    }
    if (p.contains("host_transport"))
        std::fprintf(
            out,
            "  host over %s: %.1f us of transfers (firmware %.1f, kernels %.1f, runtime args %.1f, "
            "launch %.1f, buffers in %.1f / out %.1f), %.1f us polling; device %.1f us "
            "from launch to done\n",
            p.at("host_transport").as_string().c_str(), num(p.at("host_transfer_us")),
            num(p.at("host_firmware_us")), num(p.at("host_kernel_upload_us")),
            num(p.at("host_runtime_args_us")), num(p.at("host_launch_us")),
            num(p.at("host_buffer_write_us")), num(p.at("host_buffer_read_us")),
            num(p.at("host_boot_poll_us")) + num(p.at("host_done_poll_us")),
            num(p.at("device_us")));
}

void print_summary(const json::object &r, std::FILE *out)
{
    const json::object &sim = r.at("sim").as_object();
    const json::object &wl = r.at("workload").as_object();
    if (r.contains("program")) {
        print_program_summary(r, out);
    } else if (r.contains("riscv")) { /* riscv programs, or the host's firmware alone */
        print_riscv_summary(r, out);
    } else if (r.contains("tiles")) {
        std::fprintf(out, "bhsim: %s, tensix_stream on %zu tiles\n",
                     r.at("bhsim").at("config").as_string().c_str(),
                     r.at("tiles").as_array().size());
        for (const json::value &tv : r.at("tiles").as_array()) {
            const json::object &t = tv.as_object();
            const json::array &xy = t.at("tile").as_array();
            std::fprintf(out, "  tile (%lld,%lld): issued", (long long)num(xy[0]),
                         (long long)num(xy[1]));
            for (const json::value &th : t.at("threads").as_array())
                std::fprintf(out, " T%lld %lld", (long long)num(th.at("thread")),
                             (long long)num(th.at("issued")));
            std::fprintf(out, "; mover %lld bytes\n", (long long)num(t.at("mover").at("bytes")));
        }
    } else if (r.contains("trace")) {
        const json::object &t = r.at("trace").as_object();
        std::fprintf(out,
                     "bhsim: %s, replay of %lld events (%lld transfers) on %lld processors: "
                     "%lld cycles simulated, %lld recorded\n",
                     r.at("bhsim").at("config").as_string().c_str(), (long long)num(t.at("events")),
                     (long long)num(t.at("transfers")), (long long)num(t.at("processors")),
                     (long long)num(t.at("simulated_cycles")),
                     (long long)num(t.at("recorded_cycles")));
    } else if (wl.at("name").as_string() == "dram_stream")
        /* not "has a dram section": every workload on a chip with GDDR6 has one */
        std::fprintf(out, "bhsim: %s, workload dram_stream: %lld cores\n",
                     r.at("bhsim").at("config").as_string().c_str(),
                     (long long)num(wl.at("injecting_tiles")));
    else if (wl.contains("op")) /* synthetic traffic; op auto is a write */
        std::fprintf(out, "bhsim: %s, workload %s (%s, %lld B) at %.3f flits/node/cycle\n",
                     r.at("bhsim").at("config").as_string().c_str(),
                     wl.at("name").as_string().c_str(),
                     wl.at("op").as_string() == "auto" ? "write" : wl.at("op").as_string().c_str(),
                     (long long)num(wl.at("packet_bytes")), num(wl.at("rate")));
    else
        std::fprintf(out, "bhsim: %s, workload %s\n",
                     r.at("bhsim").at("config").as_string().c_str(),
                     wl.at("name").as_string().c_str());
    for (int k = 0; k < 2; k++) {
        std::string key = "noc" + std::to_string(k);
        if (!r.contains(key))
            continue;
        const json::object &n = r.at(key).as_object();
        const json::object &lu = n.at("link_utilisation").as_object();
        if (n.contains("packet_latency")) {
            const json::object &l = n.at("packet_latency").as_object();
            if (n.contains("multicast_receivers"))
                std::fprintf(out,
                             "  NoC%d: offered %.4f flits/cycle by the sender, accepted %.4f "
                             "per receiver (x %lld receivers)",
                             k, num(n.at("offered_flits_per_node_cycle")),
                             num(n.at("accepted_flits_per_node_cycle")),
                             (long long)num(n.at("multicast_receivers")));
            else
                std::fprintf(out, "  NoC%d: offered %.4f accepted %.4f flits/node/cycle", k,
                             num(n.at("offered_flits_per_node_cycle")),
                             num(n.at("accepted_flits_per_node_cycle")));
            std::fprintf(out,
                         "; latency mean %.1f p50 %.0f p99 %.0f max %.0f cycles; links mean "
                         "%.1f%% max %.1f%%\n",
                         num(l.at("mean")), num(l.at("p50")), num(l.at("p99")), num(l.at("max")),
                         100 * num(lu.at("mean")), 100 * num(lu.at("max")));
        } else if (r.contains("trace")) {
            std::fprintf(out, "  NoC%d: links mean %.1f%% max %.1f%%\n", k,
                         100 * num(lu.at("mean")), 100 * num(lu.at("max")));
        } else if (n.contains("dram_stream")) {
            const json::object &d = n.at("dram_stream").as_object();
            const json::object &w = d.at("window").as_object();
            const json::object &rl = d.at("read_latency").as_object();
            const json::object &wl2 = d.at("write_latency").as_object();
            std::fprintf(out,
                         "  NoC%d: %lld reads, %lld writes landed in the window (%.1f + %.1f "
                         "GB/s); read latency mean %.0f p99 %.0f, write latency mean %.0f p99 "
                         "%.0f cycles; links mean %.1f%% max %.1f%%\n",
                         k, (long long)num(w.at("reads")), (long long)num(w.at("writes")),
                         num(w.at("read_gbps")), num(w.at("write_gbps")), num(rl.at("mean")),
                         num(rl.at("p99")), num(wl2.at("mean")), num(wl2.at("p99")),
                         100 * num(lu.at("mean")), 100 * num(lu.at("max")));
        } else if (num(n.at("flits").at("injected")) > 0) { /* the cores' own traffic */
            std::fprintf(out, "  NoC%d: %.0f flits injected; links mean %.1f%% max %.1f%%\n", k,
                         num(n.at("flits").at("injected")), 100 * num(lu.at("mean")),
                         100 * num(lu.at("max")));
        } else {
            std::fprintf(out, "  NoC%d: no workload traffic\n", k);
        }
        print_link_waits(k, n, out);
    }
    if (r.contains("riscv"))
        print_l1_summary(r, out);
    if (r.contains("dram")) {
        const json::object &d = r.at("dram").as_object();
        std::fprintf(out,
                     "  DRAM: %.1f GB/s through %lld of %zu controllers (their peak %.1f GB/s)\n",
                     num(d.at("total_gbps")), (long long)num(d.at("banks_used")),
                     d.at("controllers").as_array().size(), num(d.at("peak_gbps_banks_used")));
    }
    if (r.contains("ethernet")) { /* the cables that carried frames, then how many did not */
        size_t idle = 0;
        for (const json::value &cv : r.at("ethernet").as_array()) {
            const json::object &c = cv.as_object();
            const json::array &d = c.at("directions").as_array();
            if (num(d[0].at("frames_sent")) + num(d[1].at("frames_sent")) == 0) {
                idle++;
                continue;
            }
            std::fprintf(out, "  %s: %.0f and %.0f frames, utilisation %.1f%% and %.1f%%\n",
                         c.at("cable").as_string().c_str(), num(d[0].at("frames_delivered")),
                         num(d[1].at("frames_delivered")), 100 * num(d[0].at("utilisation")),
                         100 * num(d[1].at("utilisation")));
        }
        if (idle)
            std::fprintf(out, "  %zu cable(s) carried nothing\n", idle);
    }
    if (r.contains("chips")) /* the other chips of system.chips: their sections */
        std::fprintf(out, "  %zu more chip(s): the report's chips section\n",
                     r.at("chips").as_array().size());
    std::fprintf(
        out, "  %.0f cycles in %.2f s: %.0f cycles/s, %.2f M router-cycles/s, peak RSS %.0f MiB\n",
        num(sim.at("cycles")), num(sim.at("wall_seconds")), num(sim.at("cycles_per_second")),
        num(sim.at("router_cycles_per_second")) / 1e6, num(sim.at("peak_rss_mib")));
}

} // namespace bh
