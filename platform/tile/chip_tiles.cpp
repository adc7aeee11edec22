// SPDX-License-Identifier: Apache-2.0
/* The chip's tiles: a TileTlm per grid position (its routers' NIUs on each NoC), bound to the
 * memory behind it: a Tensix tile's L1 (timed, whose ports the NIUs reach as clients NOC0 and
 * NOC1, or an untimed byte array), a DRAM endpoint's controller, or the store of what is not
 * modeled; the tiles' VCD signals and those of the L1s output.vcd_l1 names. */
#include <stdexcept>
#include <string>
#include "model/chip/bh_xlate.h"
#include "platform/chip.h"

namespace bh
{

/* An enabled Tensix tile, or a node of a generic network: what injects and takes multicast */
bool is_compute(const BhTile &t)
{
    return t.enabled && (t.kind == BH_TILE_TENSIX || t.kind == BH_TILE_GENERIC);
}

void Chip::bind_l1(TileTlm &tile, const BhTile &t, uint32_t node, BhLogContext *log)
{
    const std::string tname = tile_module_name(t.x, t.y);
    const bool eth = t.kind == BH_TILE_ETH;
    if (eth && !plan_.l1_timed) {
        /* an enabled Ethernet tile's L1 as storage reached through its NIUs (sparse: no host
         * memory until written), as a Tensix tile's is untimed with l1.timed false */
        eth_l1_.push_back(std::make_unique<MemoryTlm>((tname + "_eth_l1").c_str(),
                                                      plan_.eth_l1_bytes, true, log));
        tile.mem_out.bind(eth_l1_.back()->port);
        untimed_l1_of_node_[node] = eth_l1_.back().get();
        return;
    }
    if (!plan_.l1_timed) {
        l1_.push_back(
            std::make_unique<MemoryTlm>((tname + "_l1").c_str(), plan_.l1.size_bytes, false, log));
        tile.mem_out.bind(l1_.back()->port);
        untimed_l1_of_node_[node] = l1_.back().get();
        return;
    }
    if (!tile_sched_) {
        tile_sched_ = std::make_unique<TileScheduler>("tile_scheduler", clk_);
        BlockHooks h; /* the tiles' steps follow AICLK */
        h.name = tile_sched_->basename();
        h.retime = [s = tile_sched_.get()] { s->retime(); };
        blocks_.add(std::move(h));
    }
    /* named "<tile>_l1" as before the class was renamed from L1Tlm: VCD scopes, the GTKWave
     * views and reports carry the name, and golden runs compare them */
    /* an Ethernet tile's L1 is the Tensix tile's with its own size: its ports and banks are
     * not documented (docs/hardware.md#ethernet), so they are l1.*'s */
    L1Config cfg = plan_.l1;
    if (eth)
        cfg.size_bytes = plan_.eth_l1_bytes;
    tl1_.push_back(std::make_unique<TensixTileTlm>((tname + "_l1").c_str(), cfg, clk_, *tile_sched_,
                                                   log, eth ? TILE_KIND_ETH : TILE_KIND_TENSIX));
    TensixTileTlm &l1 = *tl1_.back();
    l1_of_node_[node] = &l1;
    l1.tile().chip_id = (uint8_t)chip_id_;
    l1.tile().chips = (uint8_t)plan_.chips;
    std::snprintf(l1.tile().name, sizeof l1.tile().name, "%s (%u,%u)", eth ? "eth tile" : "tile",
                  t.x, t.y);
    tile.set_tensix(&l1);
    tile.mem_out.bind(l1.functional);
    for (uint32_t k = 0; k < plan_.n_nocs; k++) {
        tile.attach_timed_port((int)k, plan_.l1.queue_depth).out.bind(l1.port);
        l1.bind_client(k == 0 ? L1_NOC0 : L1_NOC1);
    }
}

void Chip::boot_translation(uint32_t k, uint32_t node, const BhTile &t)
{
    const BhGrid &g = *plan_.grid;
    const uint32_t pcie_x = plan_.pcie.node0 < g.w * g.h ? plan_.pcie.node0 % g.w : 2;
    NocXlateRegs r;
    char why[200];
    uint32_t tx = 0, ty = 0;
    if (bh_xlate_regs(&g, pcie_x, k, &r, why, sizeof why) != BH_OK ||
        bh_xlate_of(&g, pcie_x, k, t.x, t.y, &tx, &ty) != BH_OK)
        throw std::invalid_argument(std::string("noc.translation: ") + why);
    noc_net_set_xlate(&nocs_[k]->net(), node, &r, 1, tx, ty);
}

std::vector<int> Chip::assemble_tiles(BhLogContext *log)
{
    const BhGrid &g = *plan_.grid;
    std::vector<int> socket_of(g.w * g.h, -1);
    l1_of_node_.assign(g.w * g.h, nullptr);
    untimed_l1_of_node_.assign(g.w * g.h, nullptr);
    int sockets = 0;
    for (uint32_t i = 0; i < g.w * g.h; i++) {
        const BhTile &t = g.tiles[i];
        NocNetTlm *nets[2] = {nocs_[0].get(), nocs_[1].get()};
        uint32_t nodes[2] = {i, noc_frame_node(&frame_, 1, i)};
        std::string tname = tile_module_name(t.x, t.y);
        auto tile = std::make_unique<TileTlm>(tname.c_str(), t, nets, nodes, plan_.n_nocs, clk_);
        if (t.kind == BH_TILE_TENSIX || t.kind == BH_TILE_GENERIC) {
            bind_l1(*tile, t, i, log);
        } else if (t.kind == BH_TILE_DRAM && gddr_.at((size_t)t.index)) {
            Gddr6Tlm &ctl = *gddr_[(size_t)t.index];
            tile->mem_out.bind(ctl.functional);
            tile->attach_timed_port(-1, plan_.dram_endpoint_in_flight)
                .out.bind(ctl.port[t.dram_port]);
        } else if (t.kind == BH_TILE_DRAM && dram_.at((size_t)t.index)) {
            tile->mem_out.bind(dram_[(size_t)t.index]->port);
        } else if (pcie_ && i == plan_.pcie.node0) {
            tile->mem_out.bind(pcie_->mem);
            /* host-window reads and writes, one access per flit: as many as the NIUs can
             * have waiting (their response slots' packets, full length) */
            const NocNetConfig &nc = plan_.noc[0];
            const uint32_t flits = nc.max_packet_bytes / nc.flit_bytes;
            tile->attach_timed_port(-1, plan_.n_nocs * nc.niu_response_slots * flits)
                .out.bind(pcie_->timed);
        } else if (t.kind == BH_TILE_ETH && t.enabled) {
            bind_l1(*tile, t, i, log); /* its L1, NIU ports and (assemble_cores) cores */
        } else if (arc_ && t.kind == BH_TILE_ARC) {
            tile->mem_out.bind(arc_->mem);
        } else {
            tile->mem_out.bind(nothing_->port);
        }
        /* every NIU answers at its registers; only enabled Tensix tiles take multicast */
        for (uint32_t k = 0; k < plan_.n_nocs; k++) {
            noc_net_set_node(&nocs_[k]->net(), nodes[k], tile.get(), bh_tile_endpoint_id(&t, k),
                             is_compute(t));
            if (plan_.noc[k].translation)
                boot_translation(k, nodes[k], t);
        }
        if (is_compute(t))
            socket_of[i] = sockets++;
        tiles_.push_back(std::move(tile));
    }
    /* the VCD's signals, in the order of its header: every tile's routers and NIUs first */
    for (auto &t : tiles_) {
        BlockHooks h;
        h.name = t->basename();
        h.trace = [tile = t.get()](VcdWriter &w) { tile->trace(w); };
        blocks_.add(std::move(h));
    }
    return socket_of;
}

void Chip::register_l1_traces()
{
    for (uint32_t node : plan_.vcd_l1_tiles)
        if (TensixTileTlm *l1 = l1_of_node_.at(node)) {
            BlockHooks h;
            h.name = l1->basename();
            h.trace = [l1](VcdWriter &w) { l1->trace(w); };
            blocks_.add(std::move(h));
        }
}

} // namespace bh
