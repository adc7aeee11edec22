/* platform/tile/tile_report.h - a Tensix tile's entry in the JSON report, built from its shell's
 * state (TensixTileTlm: the tile module, its L1 and coprocessor): the tensix_stream workload's
 * "tiles" entry and the riscv workload's "riscv" entry. The chip registers them
 * (BlockHooks::report) for the tiles each workload runs on, so build_report only iterates the
 * registry. */
#ifndef BH_TILE_REPORT_H
#define BH_TILE_REPORT_H
#include <boost/json.hpp>
#include <cstdint>
#include "platform/tile/tensix_tile_tlm.h"

namespace bh
{

struct ReportContext; /* platform/output/report.h */

/* tensix_stream: what its threads issued and why they waited, the units' work, and its L1
 * clients, ports and banks (utilisation and conflict cycles by holder); node0: its NoC0 node */
boost::json::object tensix_stream_tile_json(TensixTileTlm &l1, uint32_t node0,
                                            const ReportContext &ctx);
/* riscv: per core that ran a program, what it executed and why it waited; its L1 clients */
boost::json::object riscv_tile_json(const TensixTileTlm &l1, uint32_t node0,
                                    const ReportContext &ctx);

} // namespace bh
#endif
