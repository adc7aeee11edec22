// SPDX-License-Identifier: Apache-2.0
/* Planning of the chip's host side: the PCIe tile facing the host (pcie.*) and the ARC tile
 * (arc.*), whose telemetry tells the host what the chip's configuration made of it. */
#include <cmath>
#include "model/arc/arc.h"
#include "platform/chip.h"

namespace bh
{

static bool failed(std::string *err, const char *why)
{
    *err = std::string(why);
    return false;
}

bool plan_host_side(const BhParams &p, ChipPlan *plan, std::string *err)
{
    const BhGrid &g = *plan->grid;
    if (g.cfg.topology != BH_TOPO_BLACKHOLE)
        return true; /* generic networks have no host side */
    char why[256];
    PcieTileConfig &s = plan->pcie;
    s.cfg = p.pcie_cfg, s.tlb = p.pcie_tlb, s.link = p.pcie_link, s.host = p.pcie_host;
    if (pcie_cfg_config_check(&s.cfg, why, sizeof why) != BH_OK ||
        pcie_tlbs_config_check(&s.tlb, why, sizeof why) != BH_OK ||
        pcie_link_config_check(&s.link, why, sizeof why) != BH_OK)
        return failed(err, why);
    if (pcie_host_config_check(&s.host, &s.link, why, sizeof why) != BH_OK)
        return failed(err, (std::string("pcie.host.") + why).c_str());
    s.frame = NocFrame{g.w, g.h, 1};
    s.n_nocs = plan->n_nocs;
    s.host_bytes = BH_SPARSE_MAX_BYTES; /* the chip's own host memory */
    bool found = false;
    for (uint32_t i = 0; i < g.w * g.h; i++)
        if (g.tiles[i].kind == BH_TILE_PCIE && g.tiles[i].index == (int)s.tlb.instance)
            s.node0 = i, found = true;
    if (!found)
        return failed(err, "pcie.tlb.instance: the grid has no such PCIe tile");
    s.bar_base[0] = kPcieBar0Base, s.bar_base[1] = kPcieBar2Base, s.bar_base[2] = kPcieBar4Base;
    if (pcie_tile_config_check(&s, why, sizeof why) != BH_OK)
        return failed(err, why);
    plan->has_host_side = true;

    ArcConfig &a = plan->arc;
    a = p.arc;
    a.aiclk_init_mhz = (uint32_t)std::lround(plan->aiclk_mhz);
    uint32_t cols = 0; /* NoC0 x of the enabled Tensix columns */
    for (uint32_t i = 0; i < g.w * g.h; i++)
        if (g.tiles[i].kind == BH_TILE_TENSIX && g.tiles[i].enabled)
            cols |= 1u << g.tiles[i].x;
    a.tensix_col_enabled = arc_tensix_cols_from_noc_x(cols);
    a.gddr_enabled = ~g.cfg.disabled_dram_mask & 0xFFu;
    a.eth_enabled = ~g.cfg.disabled_eth_mask & 0x3FFFu;
    a.pcie_usage = s.tlb.instance == 0 ? 0x1u : 0x4u;
    if (arc_config_check(&a, why, sizeof why) != BH_OK)
        return failed(err, why);
    return true;
}

} // namespace bh
