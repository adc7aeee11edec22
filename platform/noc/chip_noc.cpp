// SPDX-License-Identifier: Apache-2.0
/* The chip's networks: one NocNetTlm per NoC, each registered for its report section. */
#include <string>
#include "platform/chip.h"
#include "platform/noc/noc_report.h"

namespace bh
{

void Chip::assemble_nocs(bool trace_busy, BhLogContext *log)
{
    NocMemOps ops = TileTlm::mem_ops();
    for (uint32_t k = 0; k < plan_.n_nocs; k++)
        nocs_[k] = std::make_unique<NocNetTlm>(("noc" + std::to_string(k)).c_str(), plan_.noc[k],
                                               ops, clk_, phase::kNoc0 + k * phase::kNocStride,
                                               trace_busy, log);
    /* each NoC's report section, "noc<k>", before the tiles' and cores' sections */
    static const char *const noc_keys[2] = {"noc0", "noc1"};
    for (uint32_t k = 0; k < plan_.n_nocs; k++) {
        BlockHooks h;
        h.name = nocs_[k]->basename();
        h.report_key = noc_keys[k];
        h.retime = [n = nocs_[k].get()] { n->retime(); };
        h.report_object = [k](const ReportContext &ctx, boost::json::object &n) {
            noc_report(k, ctx, n);
        };
        blocks_.add(std::move(h));
    }
}

} // namespace bh
