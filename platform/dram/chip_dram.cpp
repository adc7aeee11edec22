// SPDX-License-Identifier: Apache-2.0
/* The chip's memories behind its DRAM endpoints: a GDDR6 controller per enabled bank (timed,
 * or an untimed store with dram.timed off), and the store that answers for what is not
 * modeled behind a tile; the controllers' VCD signals and the report's dram section. */
#include <string>
#include "platform/chip.h"
#include "platform/dram/gddr6_report.h"
#include "platform/output/report.h"

namespace bh
{

void Chip::make_memories(BhLogContext *log)
{
    const BhGrid &g = *plan_.grid;
    nothing_ = std::make_unique<MemoryTlm>("unmodeled_memory", 0, false, log);
    if (g.cfg.topology != BH_TOPO_BLACKHOLE)
        return;
    for (uint32_t c = 0; c < BH_DRAM_CONTROLLERS; c++) {
        std::string n = "gddr" + std::to_string(c);
        if (g.cfg.disabled_dram_mask & (1u << c))
            gddr_.push_back(nullptr), dram_.push_back(nullptr);
        else if (plan_.dram_timed)
            gddr_.push_back(std::make_unique<Gddr6Tlm>(n.c_str(), plan_.gddr6, log)),
                dram_.push_back(nullptr);
        else
            gddr_.push_back(nullptr),
                dram_.push_back(std::make_unique<MemoryTlm>(n.c_str(), kDramBytes, true, log));
    }
}

/* What the GDDR6 controllers did, for every workload: over the whole run for whatever drove
 * them (a trace, ...), over a host program's window (bh_chip_window_begin/_end), or over the
 * measured window with the figures of a workload that has its own (dram_stream:
 * WorkloadModel::report_dram). */
void Chip::dram_section(const ReportContext &ctx, boost::json::object &d) const
{
    WorkloadModel::DramFigures f;
    const bool own = workload_ && workload_->model().report_dram(ctx, &f);
    const bool window = own || ctx.run.host_window;
    d = window ? dram_report(ctx.run.dram_from, ctx.run.dram_to, window_seconds(ctx))
               : dram_report(std::vector<Gddr6Stats>(ctx.run.dram_to.size()), ctx.run.dram_to,
                             cycles_seconds(ctx.chip, 0, ctx.run.cycles));
    double total = 0, peak = d.at("peak_gbps").to_number<double>(), used = 0;
    const boost::json::array &ctls = d.at("controllers").as_array();
    const double n = (double)ctls.size(); /* ctls dangles once d grows */
    for (const boost::json::value &c : ctls) {
        total += c.at("gbps").to_number<double>();
        used +=
            c.at("bytes_read").to_number<double>() + c.at("bytes_written").to_number<double>() > 0;
    }
    const double peak_one = n > 0 ? peak / n : 0.0;
    if (own) {
        d["total_gbps"] = f.total_gbps;
        d["banks_used"] = f.banks_used;
        d["peak_gbps_per_controller"] = peak_one;
        d["peak_gbps_banks_used"] = peak_one * f.banks_used;
    } else {
        d["total_gbps"] = total;
        d["banks_used"] = used;
        d["peak_gbps_banks_used"] = peak_one * used;
    }
}

void Chip::register_dram()
{
    for (auto &d : gddr_)
        if (d) {
            BlockHooks h;
            h.name = d->basename();
            h.trace = [ctl = d.get()](VcdWriter &w) { ctl->trace(w); };
            blocks_.add(std::move(h));
        }
    if (gddr_.empty())
        return;
    BlockHooks h;
    h.name = "dram";
    h.report_key = "dram";
    h.report_object = [this](const ReportContext &ctx, boost::json::object &d) {
        dram_section(ctx, d);
    };
    h.window_open = [this](RunInfo &run) { run.dram_from = dram_stats(); };
    h.window_close = [this](RunInfo &run) { run.dram_to = dram_stats(); };
    blocks_.add(std::move(h));
}

std::vector<Gddr6Stats> Chip::dram_stats() const
{
    std::vector<Gddr6Stats> v(gddr_.size());
    for (size_t c = 0; c < gddr_.size(); c++)
        if (gddr_[c])
            v[c] = gddr_[c]->state().st;
    return v;
}

/* Counters are cumulative, so the window is the difference of two snapshots. */
boost::json::object Chip::dram_report(const std::vector<Gddr6Stats> &from,
                                      const std::vector<Gddr6Stats> &to, double secs) const
{
    return gddr6_report(gddr_, plan_.gddr6, plan_.dram_timed, plan_.aiclk_mhz, from, to, secs);
}

uint64_t Chip::dram_resident_bytes() const
{
    uint64_t sum = 0;
    for (auto &d : dram_)
        if (d)
            sum += d->resident_bytes();
    for (auto &d : gddr_)
        if (d)
            sum += d->resident_bytes();
    return sum;
}

} // namespace bh
