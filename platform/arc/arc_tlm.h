/* platform/arc/arc_tlm.h - the ARC tile's inside as its NIUs see it: the ARC model
 * (model/arc/arc.h) behind the tile's memory socket, stepped in the AICLK domain when a
 * doorbell leaves the firmware work to do. A message that changes AICLK retimes the chip's
 * AICLK domain from the next cycle (on_aiclk). */
#ifndef BH_ARC_TLM_H
#define BH_ARC_TLM_H
#include <functional>
#include <memory>
#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include "model/arc/arc.h"
#include "platform/clock.h"

namespace bh
{

class ArcTlm : public sc_core::sc_module
{
  public:
    SC_HAS_PROCESS(ArcTlm);
    tlm_utils::multi_passthrough_target_socket<ArcTlm, 32, tlm::tlm_base_protocol_types, 0,
                                               sc_core::SC_ZERO_OR_MORE_BOUND>
        mem{"mem"};
    /* on_aiclk: a message set AICLK to mhz at cycle now (the chip retimes its AICLK domain) */
    ArcTlm(sc_core::sc_module_name name, const ArcConfig &cfg, const Clock &clk, BhLogContext *log,
           std::function<void(uint32_t mhz, uint64_t now)> on_aiclk);
    const Arc &arc() const
    {
        return *arc_;
    }
    void retime(); /* the clock changed: wake at the new time of the cycle it waits for */

  private:
    void run();
    static void aiclk_changed(void *ctx, uint32_t mhz, uint64_t now);
    void b_transport(int id, tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
    unsigned transport_dbg(int id, tlm::tlm_generic_payload &gp);
    BhStatus access(tlm::tlm_generic_payload &gp, bool debug);
    void rearm(uint64_t next);
    const Clock &clk_;
    BhLogContext *log_;
    std::unique_ptr<Arc> arc_; /* 512 KiB of CSM: on the heap */
    sc_core::sc_event wake_;
    std::function<void(uint32_t, uint64_t)> on_aiclk_;
};

} // namespace bh
#endif
