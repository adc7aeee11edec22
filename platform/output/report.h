/* platform/output/report.h - what a run produces: the JSON report, the link heatmap and the console
 * summary, all from the same figures. */
#ifndef BH_REPORT_H
#define BH_REPORT_H
#include <boost/json.hpp>
#include <string>
#include <vector>
#include "platform/chip.h"

namespace bh
{

struct RunInfo {
    std::string config_name;
    uint64_t cycles = 0;        /* last simulated cycle */
    uint64_t window_cycles = 0; /* sim.cycles - sim.warmup_cycles */
    uint64_t window_first = 0;  /* the window's first cycle (sim.warmup_cycles, a program's
                                   launch ...) */
    double wall_seconds = 0;
    double peak_rss_mib = 0;
    bool drained = true;
    /* a failed run: kind (noc_deadlock, stall, drain_limit, tensix, workload), what, when */
    std::string error_kind, error_message;
    uint64_t error_cycle = 0;
    std::vector<std::vector<uint64_t>> window_flits; /* per NoC per link, frozen at sim.cycles */
    std::vector<Gddr6Stats> dram_from, dram_to;      /* GDDR6 counters at warmup and sim.cycles */
    bool host_window = false; /* a host program's window (bh_chip_window_begin/_end) */
};

/* What a workload's report hooks see (WorkloadModel::report_noc, report) */
struct ReportContext {
    Chip &chip;
    const ChipPlan &plan;
    const RunInfo &run;
};
double cycles_seconds(const Chip &chip, uint64_t first, uint64_t cycles);
inline double window_seconds(const ReportContext &ctx)
{
    return cycles_seconds(ctx.chip, ctx.run.window_first, ctx.run.window_cycles);
}

boost::json::object build_report(Chip &chip, const BhParams &p, const RunInfo &run);
/* A chip of system.chips other than chip 0: its blocks' sections (noc0, noc1, riscv, ...) with
 * "chip" (its number) and "cycles", from its own measured window (run) */
boost::json::object build_chip_sections(Chip &chip, const RunInfo &run);
/* (cycles_seconds, above: simulated seconds of `cycles` AICLK cycles from cycle `first`, by
 * the clock's segments, as an ARC message may have changed AICLK during the run) */

bool write_heatmap(Chip &chip, const RunInfo &run, const std::string &path, std::string *err);
void print_summary(const boost::json::object &report, std::FILE *out);
/* report_riscv.cpp: the riscv workload's summary lines */
void print_riscv_summary(const boost::json::object &report, std::FILE *out);
/* a host's cores in the report's "riscv" section get "kernel": whether the host placed a
 * kernel on the core (Chip::add_symbols), not only the firmware */
void mark_kernel_cores(const Chip &chip, boost::json::object &report);
/* a host program's summary lines: the cores marked "kernel", the first few of them */
void print_kernel_cores(const boost::json::object &report, std::FILE *out);
/* A host program's coprocessors, over the tiles whose coprocessor issued: each unit's busy
 * cycles as a share of theirs over the program's device cycles, and why each thread did not
 * issue (its stall cycles by cause) */
void print_coprocessors(const boost::json::object &report, std::FILE *out);
/* "  matrix unit 23.0% busy; stalled 41.0% waiting for Src (unpackers), ...; 12.0% idle": its
 * cycles by state summed over the riscv tiles' coprocessors, of their units' windows; nothing
 * if no coprocessor's matrix unit had a window */
void print_matrix_causes(const boost::json::object &report, std::FILE *out);

} // namespace bh
#endif
