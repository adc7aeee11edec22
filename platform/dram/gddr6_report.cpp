// SPDX-License-Identifier: Apache-2.0
#include "platform/dram/gddr6_report.h"

namespace bh
{

namespace json = boost::json;

/* Counters are cumulative, so the window is the difference of two snapshots. */
json::object gddr6_report(const std::vector<std::unique_ptr<Gddr6Tlm>> &gddr, const Gddr6Config &g,
                          bool dram_timed, double aiclk_mhz, const std::vector<Gddr6Stats> &from,
                          const std::vector<Gddr6Stats> &to, double secs)
{
    double peak_one = (double)g.data_rate_mts * 1e6 * g.channels * g.bus_bits / 8 / 1e9;
    json::object d;
    json::array ctls;
    double total = 0, peak = 0;
    auto tmp = std::make_unique<Gddr6>(); /* for the percentile helper, which reads st only */
    for (size_t c = 0; c < gddr.size(); c++) {
        if (!gddr[c])
            continue;
        peak += peak_one;
        Gddr6Stats s = gddr6_stats_window(&from.at(c), &to.at(c));
        double to_aiclk = aiclk_mhz * 1e6 / (double)gddr6_clock_hz(&g); /* tCK -> cycles */
        tmp->st = s;
        double bytes = (double)(s.bytes_read + s.bytes_written);
        double gbps = secs > 0 ? bytes / secs / 1e9 : 0;
        total += gbps;
        uint64_t bursts = s.row_hits + s.row_misses + s.row_conflicts;
        double occ = s.integral_cycles ? 1.0 / (double)s.integral_cycles : 0;
        ctls.push_back(
            {{"controller", c},
             {"bytes_read", s.bytes_read},
             {"bytes_written", s.bytes_written},
             {"gbps", gbps},
             {"row_hit_rate", bursts ? (double)s.row_hits / (double)bursts : 0.0},
             {"row_misses", s.row_misses},
             {"row_conflicts", s.row_conflicts},
             {"refreshes", s.refreshes},
             {"read_latency",
              {{"unit", "AICLK cycles, controller enqueue to data"},
               {"count", s.rd_lat_count},
               {"mean", s.rd_lat_count ? (double)s.rd_lat_sum / s.rd_lat_count * to_aiclk : 0.0},
               {"p50", (double)gddr6_read_latency_percentile(tmp.get(), 0.50) * to_aiclk},
               {"p99", (double)gddr6_read_latency_percentile(tmp.get(), 0.99) * to_aiclk}}},
             {"queue_occupancy",
              {{"read_mean", (double)s.rq_integral * occ},
               {"write_mean", (double)s.wq_integral * occ}}},
             {"data_bus_utilisation",
              s.integral_cycles ? (double)s.bus_busy_cycles / g.channels / s.integral_cycles
                                : 0.0}});
    }
    d["timed"] = dram_timed;
    json::object t;
    t["tck_ps"] = 1e12 / (double)gddr6_clock_hz(&g);
    t["tburst"] = g.burst_length / GDDR6_BEATS_PER_CK;
#define BH_DRAM_TIMING(name, ps, ck, lo, hi, doc) t[#name] = g.name;
    GDDR6_TIMINGS(BH_DRAM_TIMING)
#undef BH_DRAM_TIMING
    d["timings_tck"] = std::move(t);
    d["aiclk_per_tck"] = aiclk_mhz * 1e6 / (double)gddr6_clock_hz(&g);
    d["peak_gbps"] = dram_timed ? peak : 0.0;
    d["controllers_gbps"] = total;
    d["controllers"] = std::move(ctls);
    return d;
}

} // namespace bh
