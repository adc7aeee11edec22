// SPDX-License-Identifier: Apache-2.0
/* The chip's networks: one NocNetTlm per NoC, each registered for its report section and as
 * the run's mover: idle when empty, its deadlock watchdog, the cycle it last moved a flit. */
#include <string>
#include "platform/chip.h"
#include "platform/noc/noc_report.h"
#include "platform/output/report.h"

namespace bh
{

void Chip::assemble_nocs(bool trace_busy, BhLogContext *log)
{
    NocMemOps ops = TileTlm::mem_ops();
    for (uint32_t k = 0; k < plan_.n_nocs; k++)
        nocs_[k] = std::make_unique<NocNetTlm>(("noc" + std::to_string(k)).c_str(), plan_.noc[k],
                                               ops, clk_, phase::kNoc0 + k * phase::kNocStride,
                                               trace_busy, log);
    /* each NoC's report section, "noc<k>", before the tiles' and cores' sections */
    static const char *const noc_keys[2] = {"noc0", "noc1"};
    for (uint32_t k = 0; k < plan_.n_nocs; k++) {
        BlockHooks h;
        h.name = nocs_[k]->basename();
        h.report_key = noc_keys[k];
        h.retime = [n = nocs_[k].get()] { n->retime(); };
        const NocNet *net = &nocs_[k]->net();
        h.idle = [net](uint64_t) { return noc_net_quiescent(net) != 0; };
        h.busy = [net, k](uint64_t) {
            return "NoC" + std::to_string(k) + " holds " + std::to_string(net->pkts_live) +
                   " packets (last flit moved at cycle " + std::to_string(net->last_progress) +
                   "); ";
        };
        h.last_move = [net] { return net->last_progress; };
        NocNet *mnet = &nocs_[k]->net();
        h.window_open = [mnet](RunInfo &) { noc_net_reset_window(mnet); };
        h.window_close = [net](RunInfo &run) { /* each link's flits in the window, NoC k's */
                                               std::vector<uint64_t> w(net->n_links);
                                               for (uint32_t li = 0; li < net->n_links; li++)
                                                   w[li] = net->links[li].window_flits;
                                               run.window_flits.push_back(std::move(w));
        };
        h.watchdog_kind = "noc_deadlock";
        h.watchdog = [net, k](uint64_t now, uint64_t limit) {
            if (noc_net_quiescent(net) || now <= net->last_progress + limit)
                return std::string();
            char buf[2048];
            noc_net_describe_blocked(net, buf, sizeof buf);
            return "deadlock on NoC" + std::to_string(k) + ": no flit has moved since cycle " +
                   std::to_string(net->last_progress) + " (now " + std::to_string(now) +
                   ") while " + std::to_string(net->pkts_live) +
                   " packets are in flight; blocked input VCs:\n" + buf;
        };
        h.report_object = [k](const ReportContext &ctx, boost::json::object &n) {
            noc_report(k, ctx, n);
        };
        blocks_.add(std::move(h));
    }
}

} // namespace bh
