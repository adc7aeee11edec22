/* platform/dram/gddr6_report.h - the GDDR6 controllers' figures in the JSON report (every
 * workload's "dram" section, through the chip's dram block and Chip::dram_report): the
 * timings, the peak and, per controller, bytes, bandwidth, row hits, read latency, queue
 * occupancy and data bus use over a window. */
#ifndef BH_GDDR6_REPORT_H
#define BH_GDDR6_REPORT_H
#include <boost/json.hpp>
#include <memory>
#include <vector>
#include "platform/dram/gddr6_tlm.h"

namespace bh
{

/* gddr: one per controller, null where disabled or untimed; from, to: their counters at the
 * window's two ends (Gddr6Stats, one per controller); secs: the window's simulated time (the
 * clock's segments, so after an AICLK change too) */
boost::json::object gddr6_report(const std::vector<std::unique_ptr<Gddr6Tlm>> &gddr,
                                 const Gddr6Config &g, bool dram_timed, double aiclk_mhz,
                                 const std::vector<Gddr6Stats> &from,
                                 const std::vector<Gddr6Stats> &to, double secs);

} // namespace bh
#endif
