// SPDX-License-Identifier: Apache-2.0
#include "platform/workload/workload_tlm.h"
#include "platform/tile/tile_tlm.h"

namespace bh
{

WorkloadTlm::WorkloadTlm(sc_core::sc_module_name name, const Factory &make, const NocFrame &frame,
                         std::vector<int> socket_of_node, const Clock &clk)
    : sc_module(name), frame_(frame), socket_of_node_(std::move(socket_of_node)), clk_(clk)
{
    model_ = make(Io{NocTrafficIo{&WorkloadTlm::io_write, &WorkloadTlm::io_read, this},
                     TensixStreamIo{&WorkloadTlm::io_core, this}});
    for (uint32_t k = 0; k < NOC_TRAFFIC_NOCS; k++)
        noc_ctx_[k] = {this, k};
    SC_METHOD(run);
    sensitive << wake_;
    dont_initialize();
}

void WorkloadTlm::start_of_simulation()
{
    schedule(0);
}

void WorkloadTlm::retime()
{
    wake_.cancel();
    schedule(scheduled_);
}

void WorkloadTlm::schedule(uint64_t cycle)
{
    scheduled_ = cycle;
    if (cycle == BH_IDLE)
        return;
    /* initiators act 1 ps into their cycle, after the networks have stepped */
    sc_core::sc_time at = clk_.time_of(cycle, phase::kWorkload);
    wake_.notify(at - sc_core::sc_time_stamp());
}

void WorkloadTlm::run()
{
    schedule(model_->step(clk_.now()));
}

BhStatus WorkloadTlm::access(uint32_t noc, uint32_t node, uint32_t off, uint32_t *val, bool write,
                             uint64_t tag)
{
    /* the NoC1 rotation is its own inverse */
    int sock = socket_of_node_.at(noc_frame_node(&frame_, noc, node));
    if (sock < 0)
        return BH_ERR_ADDR;
    tlm::tlm_generic_payload gp;
    TagExtension ext;
    ext.tag = tag;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    gp.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    gp.set_address(niu_base(noc) + off);
    gp.set_data_ptr(reinterpret_cast<unsigned char *>(val));
    gp.set_data_length(4);
    gp.set_streaming_width(4);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    if (write)
        gp.set_extension(&ext);
    mmio_out[sock]->b_transport(gp, delay);
    if (write)
        gp.clear_extension(&ext);
    return bh_status_from_tlm(gp.get_response_status());
}

BhStatus WorkloadTlm::io_write(void *ctx, uint32_t noc, uint32_t node, uint32_t off, uint32_t val,
                               uint64_t tag)
{
    return static_cast<WorkloadTlm *>(ctx)->access(noc, node, off, &val, true, tag);
}

BhStatus WorkloadTlm::io_read(void *ctx, uint32_t noc, uint32_t node, uint32_t off, uint32_t *val)
{
    return static_cast<WorkloadTlm *>(ctx)->access(noc, node, off, val, false, BH_IDLE);
}

BhStatus WorkloadTlm::io_core(void *ctx, uint32_t node0, uint32_t core, uint32_t addr,
                              uint32_t *val, int write)
{
    auto *self = static_cast<WorkloadTlm *>(ctx);
    int sock = self->socket_of_node_.at(node0);
    if (sock < 0)
        return BH_ERR_ADDR;
    tlm::tlm_generic_payload gp;
    CoreExtension ext;
    ext.core = core;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    gp.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    gp.set_address(addr);
    gp.set_data_ptr(reinterpret_cast<unsigned char *>(val));
    gp.set_data_length(4);
    gp.set_streaming_width(4);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    gp.set_extension(&ext);
    self->mmio_out[sock]->b_transport(gp, delay);
    gp.clear_extension(&ext);
    return bh_status_from_tlm(gp.get_response_status());
}

void WorkloadTlm::delivered(void *ctx, uint32_t, uint64_t tag, uint32_t flits, uint64_t now)
{
    NocCtx *c = static_cast<NocCtx *>(ctx);
    c->self->model_->delivered(c->noc, tag, flits, now);
}

} // namespace bh
