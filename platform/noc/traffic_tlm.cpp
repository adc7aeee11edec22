// SPDX-License-Identifier: Apache-2.0
#include "platform/noc/traffic_tlm.h"
#include <cstring>
#include <stdexcept>
#include "model/noc/noc_net.h"
#include "platform/tile/tile_tlm.h"

namespace bh
{

TrafficTlm::TrafficTlm(sc_core::sc_module_name name, const NocTrafficConfig &cfg,
                       const std::vector<uint32_t> &injectors, std::vector<int> socket_of_node,
                       const Clock &clk)
    : sc_module(name), t_(new NocTraffic), socket_of_node_(std::move(socket_of_node)), clk_(clk)
{
    NocTrafficIo io{&TrafficTlm::io_write, &TrafficTlm::io_read, this};
    if (noc_traffic_init(t_, &cfg, injectors.data(), static_cast<uint32_t>(injectors.size()),
                         &io) != BH_OK) {
        delete t_;
        throw std::runtime_error(std::string(this->name()) + ": bad traffic configuration");
    }
    for (uint32_t k = 0; k < NOC_TRAFFIC_NOCS; k++)
        noc_ctx_[k] = {this, k};
    SC_METHOD(run);
    sensitive << wake_;
    dont_initialize();
}

void TrafficTlm::start_of_simulation()
{
    schedule(0);
}

TrafficTlm::~TrafficTlm()
{
    noc_traffic_destroy(t_);
    delete t_;
}

void TrafficTlm::schedule(uint64_t cycle)
{
    if (cycle == BH_IDLE)
        return;
    /* initiators act 1 ps into their cycle, after the networks have stepped */
    sc_core::sc_time at = clk_.time_of(cycle) + sc_core::sc_time::from_value(1);
    wake_.notify(at - sc_core::sc_time_stamp());
}

void TrafficTlm::run()
{
    schedule(noc_traffic_step(t_, clk_.now()));
}

BhStatus TrafficTlm::access(uint32_t noc, uint32_t node, uint32_t off, uint32_t *val, bool write,
                            uint64_t tag)
{
    uint32_t node0 =
        noc_traffic_frame_node(&t_->cfg, noc, node); /* the rotation is its own inverse */
    int sock = socket_of_node_.at(node0);
    if (sock < 0)
        return BH_ERR_ADDR;
    tlm::tlm_generic_payload gp;
    TagExtension ext;
    ext.tag = tag;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    gp.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    gp.set_address(kNiuBase[noc] + off);
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

BhStatus TrafficTlm::io_write(void *ctx, uint32_t noc, uint32_t node, uint32_t off, uint32_t val,
                              uint64_t tag)
{
    return static_cast<TrafficTlm *>(ctx)->access(noc, node, off, &val, true, tag);
}

BhStatus TrafficTlm::io_read(void *ctx, uint32_t noc, uint32_t node, uint32_t off, uint32_t *val)
{
    return static_cast<TrafficTlm *>(ctx)->access(noc, node, off, val, false, BH_IDLE);
}

void TrafficTlm::delivered(void *ctx, uint32_t node, uint64_t tag, uint32_t flits, uint64_t now)
{
    (void)node;
    NocCtx *c = static_cast<NocCtx *>(ctx);
    noc_traffic_delivered(c->self->t_, c->noc, tag, flits, now);
}

} // namespace bh
