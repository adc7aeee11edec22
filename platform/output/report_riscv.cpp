// SPDX-License-Identifier: Apache-2.0
/* The RISC-V cores' lines of the console summary: the riscv workload's programs, and the cores
 * that ran a host program's kernels (the "riscv" report entries come from
 * platform/tile/tile_report.cpp, registered per tile by the chip; mark_kernel_cores adds what
 * a host placed). */
#include <cstdio>
#include <algorithm>
#include <map>
#include <string>
#include <vector>
#include "platform/output/report.h"

namespace bh
{

namespace json = boost::json;

static double num(const json::value &v)
{
    return v.is_double()  ? v.as_double()
           : v.is_int64() ? (double)v.as_int64()
                          : (double)v.as_uint64();
}

/* "  tile (x,y) core   " */
static void print_core_head(const json::array &xy, const json::object &c, std::FILE *out)
{
    std::fprintf(out, "  tile (%lld,%lld) %-6s ", (long long)num(xy[0]), (long long)num(xy[1]),
                 c.at("core").as_string().c_str());
}

void print_riscv_summary(const json::object &r, std::FILE *out)
{
    const json::array &tiles = r.at("riscv").as_array();
    std::fprintf(out, "bhsim: %s, riscv on %zu tiles, %lld cycles\n",
                 r.at("bhsim").at("config").as_string().c_str(), tiles.size(),
                 (long long)num(r.at("sim").at("cycles")));
    /* the host workload has every core of every tile: the first few say enough on a console */
    const size_t shown_max = 20;
    size_t lines = 0;
    for (const json::value &tv : tiles)
        lines += tv.at("cores").as_array().size();
    size_t shown = 0;
    for (const json::value &tv : tiles) {
        const json::array &xy = tv.at("tile").as_array();
        for (const json::value &cv : tv.at("cores").as_array()) {
            if (lines > shown_max && shown++ >= shown_max / 2)
                break;
            const json::object &c = cv.as_object();
            print_core_head(xy, c, out);
            std::fprintf(out, "%-7s %lld instructions, %lld cycles, CPI %.2f",
                         c.at("state").as_string().c_str(), (long long)num(c.at("instret")),
                         (long long)num(c.at("cycles")), num(c.at("cpi")));
            if (c.at("state").as_string() != "ebreak")
                std::fprintf(out, ", pc 0x%08llx %s", (unsigned long long)num(c.at("pc")),
                             c.at("pc_symbol").as_string().c_str());
            std::fprintf(out, "\n");
        }
    }
    if (lines > shown_max)
        std::fprintf(out, "  ... %zu cores in all: the report's \"riscv\" section has each\n",
                     lines);
}

/* The last program a host placed on a core is a kernel when it has the kernel slot's entry
 * (firmware/kernel_entry.cc); the firmware, placed first, has not. */
void mark_kernel_cores(const Chip &chip, json::object &r)
{
    const BhGrid &g = *chip.plan().grid;
    for (json::value &tv : r.at("riscv").as_array()) {
        const json::array &xy = tv.at("tile").as_array();
        const uint32_t node = (uint32_t)(num(xy[1]) * g.w + num(xy[0]));
        for (json::value &cv : tv.at("cores").as_array()) {
            json::object &c = cv.as_object();
            bool kernel = false;
            for (uint32_t k = 0; k < TILE_CORES; k++)
                kernel = kernel || (c.at("core").as_string() == tile_core_name(k) &&
                                    chip.kernel_core(node, k));
            c["kernel"] = kernel;
        }
    }
}

void print_kernel_cores(const json::object &r, std::FILE *out)
{
    const size_t shown_max = 6;
    size_t cores = 0, tiles = 0;
    for (const json::value &tv : r.at("riscv").as_array()) {
        size_t n = 0;
        for (const json::value &cv : tv.at("cores").as_array())
            n += cv.as_object().contains("kernel") && cv.at("kernel").as_bool();
        cores += n;
        tiles += n > 0;
    }
    std::fprintf(out, "  kernels on %zu core%s of %zu tile%s%s\n", cores, cores == 1 ? "" : "s",
                 tiles, tiles == 1 ? "" : "s", cores ? ":" : "");
    size_t shown = 0;
    for (const json::value &tv : r.at("riscv").as_array())
        for (const json::value &cv : tv.at("cores").as_array()) {
            const json::object &c = cv.as_object();
            if (!c.contains("kernel") || !c.at("kernel").as_bool() || shown++ >= shown_max)
                continue;
            print_core_head(tv.at("tile").as_array(), c, out);
            std::fprintf(out, "%lld instructions, %lld cycles, CPI %.2f, %lld cycles stalled\n",
                         (long long)num(c.at("instret")), (long long)num(c.at("cycles")),
                         num(c.at("cpi")), (long long)num(c.at("stall_cycles_total")));
        }
    if (cores > shown_max)
        std::fprintf(out, "  ... %zu more: the report's \"riscv\" section has each core\n",
                     cores - shown_max);
}

void print_coprocessors(const json::object &r, std::FILE *out)
{
    std::map<std::string, double> busy;
    std::vector<std::map<std::string, double>> stalls(3);
    double tiles = 0;
    for (const json::value &tv : r.at("riscv").as_array()) {
        const json::object &t = tv.as_object();
        if (!t.contains("units"))
            continue;
        tiles++;
        for (const auto &u : t.at("units").as_object())
            busy[std::string(u.key())] += num(u.value().at("busy_cycles"));
        for (const json::value &th : t.at("threads").as_array())
            for (const auto &s : th.at("stall_cycles").as_object())
                stalls[(size_t)num(th.at("thread")) % 3][std::string(s.key())] += num(s.value());
    }
    const double cycles = num(r.at("program").at("cycles"));
    if (!tiles || cycles <= 0)
        return;
    std::fprintf(out, "  coprocessors of %.0f tiles, busy:", tiles);
    const char *sep = "";
    for (const auto &[unit, b] : busy)
        if (b > 0) {
            std::fprintf(out, "%s %s %.1f%%", sep, unit.c_str(), 100 * b / tiles / cycles);
            sep = ",";
        }
    std::fprintf(out, "; threads stalled:");
    for (size_t th = 0; th < 3; th++) {
        std::fprintf(out, "%s T%zu", th ? ";" : "", th);
        for (const auto &[cause, n] : stalls[th])
            if (n > 0)
                std::fprintf(out, " %s %.1f%%", cause.c_str(), 100 * n / tiles / cycles);
    }
    std::fprintf(out, " (of the program's %.0f device cycles, per tile)\n", cycles);
}

void print_matrix_causes(const json::object &r, std::FILE *out)
{
    static const std::pair<const char *, const char *> causes[] = {
        {"src", "waiting for Src (unpackers)"},
        {"dst", "waiting for Dst (packer, vector unit)"},
        {"semaphore", "on a semaphore"},
        {"l1", "waiting for L1"},
        {"fifo", "waiting for instructions (its thread elsewhere)"},
        {"other", "for other reasons"}};
    double window = 0, busy = 0, idle = 0;
    std::map<std::string, double> stalled;
    for (const json::value &tv : r.at("riscv").as_array()) {
        const json::object &t = tv.as_object();
        if (!t.contains("units") || !t.at("units").as_object().contains("matrix"))
            continue;
        const json::object &m = t.at("units").at("matrix").as_object();
        window += num(m.at("cycles"));
        busy += num(m.at("busy_cycles"));
        idle += num(m.at("idle_cycles"));
        for (const auto &s : m.at("stall_cycles").as_object())
            stalled[std::string(s.key())] += num(s.value());
    }
    if (window <= 0)
        return;
    std::vector<std::pair<double, const char *>> top; /* the stalls, largest first */
    for (const auto &[key, text] : causes)
        if (stalled[key] > 0)
            top.push_back({stalled[key], text});
    std::stable_sort(top.begin(), top.end(),
                     [](const auto &a, const auto &b) { return a.first > b.first; });
    std::fprintf(out, "  matrix unit %.1f%% busy", 100 * busy / window);
    for (size_t i = 0; i < top.size() && i < 2; i++)
        std::fprintf(out, "%s %.1f%% %s", i ? "," : "; stalled", 100 * top[i].first / window,
                     top[i].second);
    std::fprintf(out, "; %.1f%% idle (of its coprocessors' active cycles)\n", 100 * idle / window);
}

} // namespace bh
