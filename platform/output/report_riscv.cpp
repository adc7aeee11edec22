// SPDX-License-Identifier: Apache-2.0
/* The riscv workload's lines of the console summary (its "riscv" report entries come from
 * platform/tile/tile_report.cpp, registered per tile by the chip). */
#include <cstdio>
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

void print_riscv_summary(const json::object &r, std::FILE *out)
{
    const json::array &tiles = r.at("riscv").as_array();
    std::fprintf(out, "bhsim: %s, riscv on %zu tiles, %lld cycles\n",
                 r.at("bhsim").at("config").as_string().c_str(), tiles.size(),
                 (long long)num(r.at("sim").at("cycles")));
    /* a host workload has every core of every tile: the first few say enough on a console */
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
            std::fprintf(
                out, "  tile (%lld,%lld) %-6s %-7s %lld instructions, %lld cycles, CPI %.2f",
                (long long)num(xy[0]), (long long)num(xy[1]), c.at("core").as_string().c_str(),
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

} // namespace bh
