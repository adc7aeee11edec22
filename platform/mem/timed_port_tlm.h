/* platform/mem/timed_port_tlm.h - the timed side of a tile's NIU: turns the NIU's memory
 * accesses (NocMemOps.request) into TLM-2.0 approximately-timed transactions on the base
 * protocol (BEGIN_REQ / END_REQ / BEGIN_RESP), so any AT target can sit behind it. TileTlm
 * attaches one (attach_timed_port) where the tile's memory is timed:
 *   - a Tensix tile: one port per NoC, bound to L1's ports (TensixTileTlm::port), so each NIU is an
 *     L1 client (NOC0, NOC1) that waits for its port and bank;
 *   - a DRAM endpoint: one port its two NIUs share, bound to its GDDR6 controller's port
 *     (Gddr6Tlm::port; any AT memory model could take the controller's place);
 *   - the PCIe tile: one shared port, bound to the PCIe shell's host-window target
 *     (PcieTlm::timed), one access per flit.
 * A request not yet accepted by the target (no END_REQ) holds back the next: the NIU sees
 * BH_ERR_FULL and retries, which is how the target's queues push back into the NoC. Where the
 * two NIUs (one per NoC) share a port, a source refused for want of room takes the next turn
 * before the source served last, so neither NoC starves the other (both NoCs step in a fixed
 * order within a cycle, which would otherwise hand every freed slot to NoC0). */
#ifndef BH_TIMED_PORT_TLM_H
#define BH_TIMED_PORT_TLM_H
#include <functional>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <vector>
#include "model/common/bh_common.h"
#include "model/noc/noc_net.h"

namespace bh
{

/* On every request: what the NIU says the access belongs to (NocMemAccess: its packet), for a
 * target that treats a packet's accesses as one (the PCIe tile). */
struct NocAccessExtension : tlm::tlm_extension<NocAccessExtension> {
    NocMemAccess acc{};
    tlm::tlm_extension_base *clone() const override
    {
        return new NocAccessExtension(*this);
    }
    void copy_from(const tlm::tlm_extension_base &e) override
    {
        acc = static_cast<const NocAccessExtension &>(e).acc;
    }
};

class TimedPortTlm : public sc_core::sc_module
{
  public:
    tlm_utils::simple_initiator_socket<TimedPortTlm> out{"out"};
    /* on_done(token): an access completed (its BEGIN_RESP arrived). split_rw: reads and writes
     * go through separate connections (a Tensix NIU's read and write ports to L1), each with
     * max_in_flight accesses of its own and its own wait for END_REQ, so a write the target
     * holds back never stalls a read, nor the reverse; otherwise one pool serves both. */
    TimedPortTlm(sc_core::sc_module_name name, uint32_t max_in_flight,
                 std::function<void(uint64_t)> on_done, bool split_rw = false);
    ~TimedPortTlm() override;
    /* source: which of the sharing initiators asks (0 or 1, the NoC) */
    BhStatus request(uint32_t source, int is_write, uint64_t addr, uint32_t len, const void *wdata,
                     const NocMemAccess &acc);
    uint32_t in_flight() const
    {
        return in_flight_;
    }

  private:
    struct Slot;
    tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload &gp, tlm::tlm_phase &phase,
                                       sc_core::sc_time &delay);
    void finish(tlm::tlm_generic_payload &gp);
    std::vector<Slot *> slots_, free_[2]; /* free_[is_write] when split, else free_[0] */
    tlm::tlm_generic_payload *awaiting_end_req_[2] = {nullptr, nullptr};
    std::function<void(uint64_t)> on_done_;
    bool split_rw_;
    uint32_t in_flight_ = 0;
    uint8_t refused_ = 0; /* sources refused since their last grant (bit per source) */
    uint8_t last_ = 0;    /* the source granted last */
};

} // namespace bh
#endif
