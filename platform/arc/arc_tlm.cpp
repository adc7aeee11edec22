// SPDX-License-Identifier: Apache-2.0
#include "platform/arc/arc_tlm.h"
#include <stdexcept>
#include "platform/tile/tile_tlm.h"

namespace bh
{

ArcTlm::ArcTlm(sc_core::sc_module_name name, const ArcConfig &cfg, const Clock &clk,
               BhLogContext *log, std::function<void(uint32_t mhz, uint64_t now)> on_aiclk)
    : sc_module(name), clk_(clk), log_(log), arc_(std::make_unique<Arc>()),
      on_aiclk_(std::move(on_aiclk))
{
    if (arc_init(arc_.get(), &cfg, log, &ArcTlm::aiclk_changed, this) != BH_OK)
        throw std::logic_error("ArcTlm: configuration not checked by planning");
    mem.register_b_transport(this, &ArcTlm::b_transport);
    mem.register_transport_dbg(this, &ArcTlm::transport_dbg);
    SC_METHOD(run);
    sensitive << wake_;
    dont_initialize();
}

void ArcTlm::aiclk_changed(void *ctx, uint32_t mhz, uint64_t now)
{
    ArcTlm *a = static_cast<ArcTlm *>(ctx);
    bh_log(a->log_, BH_LOG_INFO,
           "arc: AICLK %u MHz from cycle %llu (the report's per-second figures follow; "
           "sim.aiclk_mhz stays chip.aiclk_mhz)",
           mhz, (unsigned long long)now + 1);
    if (a->on_aiclk_)
        a->on_aiclk_(mhz, now);
}

void ArcTlm::retime()
{
    wake_.cancel();
    rearm(arc_->pending_at);
}

void ArcTlm::rearm(uint64_t next)
{
    const uint64_t now = clk_.now();
    if (next != BH_IDLE)
        wake_.notify(clk_.time_of(next > now ? next : now + 1, phase::kArc) -
                     sc_core::sc_time_stamp());
}

void ArcTlm::run()
{
    rearm(arc_step(arc_.get(), clk_.now()));
}

BhStatus ArcTlm::access(tlm::tlm_generic_payload &gp, bool debug)
{
    const BhStatus st = arc_access(arc_.get(), gp.get_address(), gp.is_write(), gp.get_data_ptr(),
                                   gp.get_data_length(), debug, clk_.now());
    if (!debug)
        rearm(arc_->pending_at);
    return st;
}

void ArcTlm::b_transport(int, tlm::tlm_generic_payload &gp, sc_core::sc_time &)
{
    gp.set_response_status(bh_status_to_tlm(access(gp, false)));
}

unsigned ArcTlm::transport_dbg(int, tlm::tlm_generic_payload &gp)
{
    return access(gp, true) == BH_OK ? gp.get_data_length() : 0;
}

} // namespace bh
