/* platform/workload/workload_tlm.h - a workload (synthetic traffic, dram_stream, trace replay) as
 * an initiator: the C model programs each tile's NIU through that tile's `mmio` target, as the
 * tile's RISC-V cores will, 1 ps after the clock edge of the cycle it acts in. The C models
 * share one interface (NocTrafficIo out, delivery reports in); WorkloadModel adapts each. */
#ifndef BH_WORKLOAD_TLM_H
#define BH_WORKLOAD_TLM_H
#include <functional>
#include <memory>
#include <string>
#include <boost/json.hpp>
#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <vector>
#include "model/workload/noc_traffic.h"
#include "model/workload/tensix_stream.h"
#include "platform/clock.h"

namespace bh
{

struct ReportContext; /* platform/output/report.h */

struct WorkloadModel {
    virtual ~WorkloadModel() = default;
    virtual uint64_t step(uint64_t now) = 0;
    virtual void delivered(uint32_t noc, uint64_t tag, uint32_t flits, uint64_t now) = 0;
    virtual bool idle(uint64_t now) const = 0;
    /* cores spinning on NIU state (counters, command buffers): how many, and a line each for
     * the first few; the run loop reports them if every network is empty meanwhile */
    virtual uint32_t waiting(uint64_t /*now*/, std::string * /*what*/) const
    {
        return 0;
    }
    /* a run-stopping error of the workload itself ("" if none) */
    virtual std::string error() const
    {
        return "";
    }
    /* its part of the report: inside "noc<k>" for each NoC, its own top-level sections, and
     * the cores it stands in for on a Tensix tile (platform/workload/workload_report.cpp) */
    virtual void report_noc(uint32_t /*noc*/, const ReportContext &, boost::json::object &) const {}
    virtual void report(const ReportContext &, boost::json::object &) const {}
    virtual void report_cores(uint32_t /*node0*/, boost::json::array &) const {}
    /* A workload's own figures in the report's "dram" section, which the chip's dram block
     * writes for every workload (platform/chip.cpp): false (the default) reports what the
     * controllers moved over the whole run; true, the controllers over the measured window,
     * with the workload's data rate and the controllers it was given (and the peak per
     * controller beside them). */
    struct DramFigures {
        double total_gbps = 0; /* data landed in the measured window */
        uint32_t banks_used = 0;
    };
    virtual bool report_dram(const ReportContext &, DramFigures *) const
    {
        return false;
    }
};

class WorkloadTlm : public sc_core::sc_module
{
  public:
    tlm_utils::multi_passthrough_initiator_socket<WorkloadTlm> mmio_out{"mmio_out"};
    SC_HAS_PROCESS(WorkloadTlm);
    /* what a workload model can reach: NIU registers, and a core's view of its tile */
    struct Io {
        NocTrafficIo noc;
        TensixStreamIo core;
    };
    using Factory = std::function<std::unique_ptr<WorkloadModel>(const Io &)>;
    /* frame: how each NoC numbers the nodes (model/chip/noc_frame.h);
     * socket_of_node: NoC0 node index -> index of the mmio_out binding to that tile */
    WorkloadTlm(sc_core::sc_module_name name, const Factory &make, const NocFrame &frame,
                std::vector<int> socket_of_node, const Clock &clk);
    WorkloadModel &model()
    {
        return *model_;
    }
    static void delivered(void *ctx, uint32_t node, uint64_t tag, uint32_t flits, uint64_t now);
    void *delivery_ctx(uint32_t noc)
    {
        return &noc_ctx_[noc];
    }

    void retime(); /* the clock changed: wake at the new time of the cycle it waits for */

  private:
    void start_of_simulation() override;
    void run();
    void schedule(uint64_t cycle);
    BhStatus access(uint32_t noc, uint32_t node, uint32_t off, uint32_t *val, bool write,
                    uint64_t tag);
    static BhStatus io_write(void *ctx, uint32_t noc, uint32_t node, uint32_t off, uint32_t val,
                             uint64_t tag);
    static BhStatus io_read(void *ctx, uint32_t noc, uint32_t node, uint32_t off, uint32_t *val);
    static BhStatus io_core(void *ctx, uint32_t node0, uint32_t core, uint32_t addr, uint32_t *val,
                            int write);

    std::unique_ptr<WorkloadModel> model_;
    NocFrame frame_;
    std::vector<int> socket_of_node_;
    const Clock &clk_;
    sc_core::sc_event wake_;
    uint64_t scheduled_ = BH_IDLE;
    struct NocCtx {
        WorkloadTlm *self;
        uint32_t noc;
    } noc_ctx_[NOC_TRAFFIC_NOCS];
};

} // namespace bh
#endif
