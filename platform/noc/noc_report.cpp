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

/* a flow's end, a node of NoC k's frame, in NoC0 coordinates */
static json::array flow_xy(const Chip &chip, uint32_t k, uint32_t node, uint32_t w)
{
    return xy(chip.noc0_node_of_frame(k, node), w);
}

/* A link's waits (noc_link_waited), added to its entry o: the total, per VC, and the flows
 * that waited most there, most first (NOC_LINK_TOP_FLOWS, approximate beyond that many). */
static void add_waits(const Chip &chip, uint32_t k, const NocNet &net, uint32_t li, json::object &o)
{
    const NocLinkWaits &lw = net.link_waits[li];
    const uint32_t w = net.cfg.w;
    const uint64_t *vc = &net.vc_waits[(size_t)li * net.nvcs];
    NocFlowWait top[NOC_LINK_TOP_FLOWS];
    uint32_t nt = 0;
    for (const NocFlowWait &f : lw.top) { /* insertion: most cycles first, then by flow */
        if (!f.cycles)
            continue;
        uint32_t i = nt++;
        for (; i > 0 && (top[i - 1].cycles < f.cycles ||
                         (top[i - 1].cycles == f.cycles && top[i - 1].flow > f.flow));
             i--)
            top[i] = top[i - 1];
        top[i] = f;
    }
    json::array flows;
    flows.reserve(nt);
    for (uint32_t i = 0; i < nt; i++) {
        const uint64_t f = top[i].flow;
        const uint32_t dst = (uint32_t)(f >> 16 & 0xFFFF), r = (uint32_t)(f >> 32);
        json::array src = flow_xy(chip, k, (uint32_t)(f & 0xFFFF), w);
        if (dst != NOC_FLOW_MCAST)
            flows.push_back(json::object{{"source", std::move(src)},
                                         {"target", flow_xy(chip, k, dst, w)},
                                         {"cycles", top[i].cycles}});
        else /* the rectangle's corners (start, end) */
            flows.push_back(json::object{
                {"source", std::move(src)},
                {"multicast",
                 json::array{flow_xy(chip, k, (r >> 8 & 0xFF) * w + (r & 0xFF), w),
                             flow_xy(chip, k, (r >> 24 & 0xFF) * w + (r >> 16 & 0xFF), w)}},
                {"cycles", top[i].cycles}});
    }
    o.reserve(o.size() + 3);
    o.emplace("wait_cycles", lw.cycles);
    o.emplace("vc_wait_cycles", json::array(vc, vc + net.nvcs));
    o.emplace("blocked_flows", std::move(flows));
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
    uint64_t waits = 0;
    noc_for_each_router_link(chip, ctx.run, k,
                             [&](const NocLink &L, uint32_t a, uint32_t b, double u) {
                                 sum += u;
                                 mx = u > mx ? u : mx;
                                 count++;
                                 json::object o{{"from", xy(a, g.w)},
                                                {"to", xy(b, g.w)},
                                                {"direction", link_dir(k, L.src_port, bh)},
                                                {"utilisation", u}};
                                 const uint32_t li = (uint32_t)(&L - net.links);
                                 if (net.link_waits[li].cycles) {
                                     waits += net.link_waits[li].cycles;
                                     add_waits(chip, k, net, li, o);
                                 }
                                 links.push_back(std::move(o));
                             });
    n["link_utilisation"] = {{"mean", count ? sum / count : 0.0}, {"max", mx}};
    n["links"] = std::move(links);
    n["link_waits"] = waits;
    /* router -> NIU links (each node's ejection), only those that waited */
    json::array ej;
    uint64_t ej_waits = 0;
    for (uint32_t li = 0; li < net.n_links; li++) {
        const NocLink &L = net.links[li];
        if (L.dst_port != NOC_PORTS || !net.link_waits[li].cycles)
            continue;
        ej_waits += net.link_waits[li].cycles;
        json::object o{{"tile", xy(chip.noc0_node_of_frame(k, L.dst_node), g.w)}};
        add_waits(chip, k, net, li, o);
        ej.push_back(std::move(o));
    }
    n["ejection_waits"] = ej_waits;
    n["ejection_links"] = std::move(ej);
}

} // namespace bh
