// SPDX-License-Identifier: Apache-2.0
#include "platform/noc/noc_report.h"
#include "platform/output/report.h"
#include "platform/output/stats.h"

namespace bh
{

namespace json = boost::json;

static const char *link_dir(uint32_t noc, uint32_t port, bool blackhole)
{
    /* NoC1 runs in a frame rotated by 180 degrees: its +x is the chip's -x */
    static const char *const names[2][NOC_PORTS] = {{"niu", "+x", "+y", "-x", "-y"},
                                                    {"niu", "-x", "-y", "+x", "+y"}};
    return names[blackhole && noc == 1][port];
}

static json::array xy(uint32_t node, uint32_t w)
{
    return json::array{node % w, node / w};
}

void noc_for_each_router_link(
    Chip &chip, const RunInfo &run, uint32_t k,
    const std::function<void(const NocLink &, uint32_t, uint32_t, double)> &fn)
{
    const NocNet &net = chip.noc(k).net();
    for (uint32_t li = 0; li < net.n_links; li++) {
        const NocLink &L = net.links[li];
        if (L.src_port == NOC_PORTS || L.dst_port == NOC_PORTS)
            continue; /* NIU links */
        double u =
            run.window_cycles ? (double)run.window_flits[k][li] / (double)run.window_cycles : 0.0;
        fn(L, chip.noc0_node_of_frame(k, L.src_node), chip.noc0_node_of_frame(k, L.dst_node), u);
    }
}

void noc_report(uint32_t k, const ReportContext &ctx, json::object &n)
{
    Chip &chip = ctx.chip;
    const BhGrid &g = *ctx.plan.grid;
    const bool bh = g.cfg.topology == BH_TOPO_BLACKHOLE;
    const NocNet &net = chip.noc(k).net();
    if (chip.workload())
        chip.workload()->model().report_noc(k, ctx, n);
    n["flits"] = stats_object(noc_net_flit_stat_table, &net);
    n["guest_errors"] = net.guest_errors;
    json::array links;
    double sum = 0, mx = 0;
    uint32_t count = 0;
    noc_for_each_router_link(chip, ctx.run, k,
                             [&](const NocLink &L, uint32_t a, uint32_t b, double u) {
                                 sum += u;
                                 mx = u > mx ? u : mx;
                                 count++;
                                 links.push_back({{"from", xy(a, g.w)},
                                                  {"to", xy(b, g.w)},
                                                  {"direction", link_dir(k, L.src_port, bh)},
                                                  {"utilisation", u}});
                             });
    n["link_utilisation"] = {{"mean", count ? sum / count : 0.0}, {"max", mx}};
    n["links"] = std::move(links);
}

} // namespace bh
