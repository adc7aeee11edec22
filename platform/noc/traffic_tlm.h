/* platform/noc/traffic_tlm.h - the synthetic workload (model/noc/noc_traffic.h) as an
 * initiator: it programs each injecting tile's NIU through that tile's `mmio` target, as the
 * tile's RISC-V cores will, 1 ps after the clock edge of the cycle it acts in. */
#ifndef BH_TRAFFIC_TLM_H
#define BH_TRAFFIC_TLM_H
#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <vector>
#include "model/noc/noc_traffic.h"
#include "platform/clock.h"

namespace bh
{

class TrafficTlm : public sc_core::sc_module
{
  public:
    tlm_utils::multi_passthrough_initiator_socket<TrafficTlm> mmio_out{"mmio_out"};
    SC_HAS_PROCESS(TrafficTlm);
    /* socket_of_node: NoC0 node index -> index of the mmio_out binding to that tile */
    TrafficTlm(sc_core::sc_module_name name, const NocTrafficConfig &cfg,
               const std::vector<uint32_t> &injectors, std::vector<int> socket_of_node,
               const Clock &clk);
    ~TrafficTlm() override;
    NocTraffic &traffic()
    {
        return *t_;
    }
    static void delivered(void *ctx, uint32_t node, uint64_t tag, uint32_t flits, uint64_t now);
    void *delivery_ctx(uint32_t noc)
    {
        return &noc_ctx_[noc];
    }

  private:
    void start_of_simulation() override;
    void run();
    void schedule(uint64_t cycle);
    BhStatus access(uint32_t noc, uint32_t node, uint32_t off, uint32_t *val, bool write,
                    uint64_t tag);
    static BhStatus io_write(void *ctx, uint32_t noc, uint32_t node, uint32_t off, uint32_t val,
                             uint64_t tag);
    static BhStatus io_read(void *ctx, uint32_t noc, uint32_t node, uint32_t off, uint32_t *val);

    NocTraffic *t_;
    std::vector<int> socket_of_node_;
    const Clock &clk_;
    sc_core::sc_event wake_;
    struct NocCtx {
        TrafficTlm *self;
        uint32_t noc;
    } noc_ctx_[NOC_TRAFFIC_NOCS];
};

} // namespace bh
#endif
