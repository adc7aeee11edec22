// SPDX-License-Identifier: Apache-2.0
/* The chip's host side: the PCIe tile facing the host and the ARC tile, bound behind their
 * tiles' NIUs by assemble_tiles; the run loop waits for host accesses in flight, and the
 * report has a pcie section once the host has used the link and an arc section once a
 * doorbell has rung. */
#include "platform/chip.h"
#include "platform/output/stats.h"

namespace bh
{

void Chip::make_host_side(BhLogContext *log)
{
    if (!plan_.has_host_side)
        return;
    pcie_ = std::make_unique<PcieTlm>("pcie", plan_.pcie, *this, clk_, log);
    arc_ = std::make_unique<ArcTlm>("arc", plan_.arc, clk_, log,
                                    [this](uint32_t mhz, uint64_t now) { retime(mhz, now + 1); });
    pcie_->arc_out.bind(arc_->mem);
}

/* A message changed AICLK: NoC, Tensix tiles and their cores, the workload and the ARC run at
 * mhz from cycle `from` on; GDDR6 and PCIe keep their own clocks. */
void Chip::retime(uint32_t mhz, uint64_t from)
{
    clk_.retime(from, mhz);
    blocks_.retime();
}

static boost::json::object side_json(const PcieLinkSide &s)
{
    return stats_object(pcie_link_side_stat_table, &s);
}

void Chip::register_host_side()
{
    if (!pcie_)
        return;
    BlockHooks h;
    h.name = pcie_->basename();
    h.idle = [p = pcie_.get()](uint64_t) { return p->idle(); };
    h.busy = [](uint64_t) { return std::string("pcie: host accesses are in flight; "); };
    h.report_key = "pcie";
    h.report_object = [p = pcie_.get()](const ReportContext &, boost::json::object &o) {
        const PcieLink &l = p->link();
        if (l.side[PCIE_H2D].tlps + l.side[PCIE_D2H].tlps == 0)
            return; /* the host never used the link: no section */
        o["host_to_device"] = side_json(l.side[PCIE_H2D]);
        o["device_to_host"] = side_json(l.side[PCIE_D2H]);
    };
    blocks_.add(std::move(h));
    BlockHooks a;
    a.name = arc_->basename();
    a.retime = [r = arc_.get()] { r->retime(); };
    a.report_key = "arc";
    a.report_object = [r = arc_.get()](const ReportContext &, boost::json::object &o) {
        const Arc &m = r->arc();
        if (m.doorbells == 0 && m.msgs == 0)
            return; /* nobody rang: no section */
        o["doorbells"] = m.doorbells;
        o["messages_answered"] = m.msgs;
        o["aiclk_mhz"] = m.aiclk_mhz; /* as the ARC reports it (the chip is not retimed) */
    };
    blocks_.add(std::move(a));
}

} // namespace bh
