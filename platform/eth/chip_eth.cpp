// SPDX-License-Identifier: Apache-2.0
/* The chip's Ethernet side: every enabled Ethernet tile's MAC, the cables of eth.cables between
 * them (a link each), and the report's `ethernet` section: per cable, each direction's link
 * counters and utilisation, and the MAC queues of both ends that carried anything. */
#include <array>
#include <string>
#include "platform/chip.h"
#include "platform/output/report.h"
#include "platform/output/stats.h"

namespace bh
{

static boost::json::object end_json(const BhGrid &g, uint32_t chip, uint32_t node,
                                    const TensixTile &t)
{
    boost::json::object o = {{"chip", chip},
                             {"channel", g.tiles[node].index},
                             {"tile", boost::json::array{node % g.w, node / g.w}}};
    boost::json::array tx, rx;
    for (uint32_t q = 0; q < ETH_MAC_QUEUES; q++) {
        if (t.mac->txq[q].frames_sent || t.mac->txq[q].commands_refused) {
            boost::json::object e = stats_object(eth_txq_stat_table, &t.mac->txq[q]);
            e["queue"] = q;
            tx.push_back(std::move(e));
        }
        if (t.mac->rxq[q].frames_received) {
            boost::json::object e = stats_object(eth_rxq_stat_table, &t.mac->rxq[q]);
            e["queue"] = q;
            rx.push_back(std::move(e));
        }
    }
    o["tx_queues"] = std::move(tx);
    o["rx_queues"] = std::move(rx);
    return o;
}

void register_cable(BlockRegistry &blocks, EthLinkTlm &cable, const ChipPlan &plan,
                    const uint32_t chip[2], const uint32_t node[2], const Clock &clk)
{
    EthLinkTlm *link = &cable;
    BlockHooks h;
    h.name = link->basename();
    /* frames on the wire or credits on their way back hold the run open */
    h.idle = [link](uint64_t) {
        return eth_link_next_ps(const_cast<EthLink *>(&link->link()),
                                Clock::ps_of(sc_core::sc_time_stamp())) == BH_IDLE;
    };
    h.busy = [link](uint64_t) {
        return std::string(link->basename()) + ": frames or credits in flight; ";
    };
    h.trace = [link](VcdWriter &w) { link->trace(w); };
    h.report_key = "ethernet";
    const std::array<uint32_t, 2> chips = {chip[0], chip[1]}, nodes = {node[0], node[1]};
    h.report = [link, &plan, chips, nodes, &clk](const ReportContext &ctx, boost::json::array &a) {
        const double run_ps = (double)clk.edge_ps(ctx.run.cycles + 1);
        boost::json::array ends, dirs;
        for (int s = 0; s < 2; s++) {
            ends.push_back(end_json(*plan.grid, chips[s], nodes[s], link->end(s)->tile()));
            const EthLinkDir &d = link->link().dir[s];
            boost::json::object o = stats_object(eth_link_dir_stat_table, &d);
            o["from_end"] = s;
            o["utilisation"] = run_ps > 0 ? (double)d.busy_ps / run_ps : 0.0;
            dirs.push_back(std::move(o));
        }
        a.push_back({{"cable", link->basename()},
                     {"ends", std::move(ends)},
                     {"directions", std::move(dirs)}});
    };
    blocks.add(std::move(h));
}

void Chip::assemble_eth()
{
    const BhGrid &g = *plan_.grid;
    std::vector<std::pair<EthLinkTlm *, int>> cable_of(g.w * g.h, {nullptr, 0});
    for (const auto &c : plan_.eth_cables) {
        TensixTileTlm *a = l1_of_node_.at(c.first), *b = l1_of_node_.at(c.second);
        const std::string name = "eth_cable_" + std::to_string(g.tiles[c.first].index) + "_" +
                                 std::to_string(g.tiles[c.second].index);
        cables_.push_back(
            std::make_unique<EthLinkTlm>(name.c_str(), plan_.eth_link, a, clk_, b, clk_));
        cable_of[c.first] = {cables_.back().get(), 0};
        cable_of[c.second] = {cables_.back().get(), 1};
    }
    char why[256] = "";
    for (uint32_t node = 0; node < g.w * g.h; node++) {
        TensixTileTlm *l1 = l1_of_node_.at(node);
        if (g.tiles[node].kind != BH_TILE_ETH || !l1)
            continue;
        EthLinkTlm *link = cable_of[node].first;
        const TileEthSendFn send = !link                        ? nullptr
                                   : cable_of[node].second == 0 ? &EthLinkTlm::send_a
                                                                : &EthLinkTlm::send_b;
        if (tensix_tile_attach_mac(&l1->tile(), &plan_.eth_mac, send, link, why, sizeof why) !=
            BH_OK)
            throw std::logic_error(std::string("eth: ") + why); /* planning checked it */
    }
    for (size_t i = 0; i < cables_.size(); i++) {
        const uint32_t chips[2] = {chip_id_, chip_id_};
        const uint32_t nodes[2] = {plan_.eth_cables[i].first, plan_.eth_cables[i].second};
        register_cable(blocks_, *cables_[i], plan_, chips, nodes, clk_);
    }
}

} // namespace bh
