/* platform/noc/noc_report.h - a NoC's section of the JSON report ("noc0", "noc1"), built from
 * its network's state (NocNetTlm) and the measured window: its flit counters and guest errors,
 * the workload's additions (WorkloadModel::report_noc), the utilisation of every
 * router-to-router link, and the waits of the links that waited (router-to-router and
 * router-to-NIU: cycles, per VC, the flows that waited most). The chip registers it
 * (BlockHooks::report_object) for each NoC, so build_report only iterates the registry. */
#ifndef BH_NOC_REPORT_H
#define BH_NOC_REPORT_H
#include <boost/json.hpp>
#include <cstdint>
#include <functional>
#include "model/noc/noc_net.h"

namespace bh
{

class Chip;
struct RunInfo;       /* platform/output/report.h */
struct ReportContext; /* platform/output/report.h */

/* Calls fn(link, NoC0 source node, NoC0 destination node, utilisation) for every
 * router-to-router link of NoC k, utilisation over the measured window (also the heatmap's) */
void noc_for_each_router_link(
    Chip &chip, const RunInfo &run, uint32_t k,
    const std::function<void(const NocLink &, uint32_t, uint32_t, double)> &fn);
/* fills n, the report's "noc<k>" object */
void noc_report(uint32_t k, const ReportContext &ctx, boost::json::object &n);

} // namespace bh
#endif
