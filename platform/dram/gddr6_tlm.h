/* platform/dram/gddr6_tlm.h - one GDDR6 controller (model/dram/gddr6.h) in its own clock
 * domain, behind TLM-2.0 targets:
 *   port[i]     approximately-timed, base protocol, one per NoC endpoint of the controller:
 *               BEGIN_REQ is answered with END_REQ when the controller takes the request
 *               (at once, or later when its port FIFO has room), BEGIN_RESP when the access
 *               completes; the data moves with the payload (writes at acceptance, reads at
 *               the response)
 *   functional  untimed reads and writes of the same bytes (b_transport and transport_dbg),
 *               for the NIUs' per-flit data and for loading memory before a run
 * The bytes live in a sparse store (model/mem/bh_sparse_mem.h): 4 GiB cost only what is
 * touched, and memory never written reads as zeros. */
#ifndef BH_GDDR6_TLM_H
#define BH_GDDR6_TLM_H
#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include "model/dram/gddr6.h"
#include "model/mem/bh_sparse_mem.h"
#include "platform/clock.h"

namespace bh
{

class Gddr6Tlm : public sc_core::sc_module
{
  public:
    static constexpr int kPorts = 3;
    tlm_utils::simple_target_socket_tagged<Gddr6Tlm> port[kPorts];
    tlm_utils::multi_passthrough_target_socket<Gddr6Tlm, 32, tlm::tlm_base_protocol_types, 0,
                                               sc_core::SC_ZERO_OR_MORE_BOUND>
        functional{"functional"};
    SC_HAS_PROCESS(Gddr6Tlm);
    Gddr6Tlm(sc_core::sc_module_name name, const Gddr6Config &cfg, BhLogContext *log);
    ~Gddr6Tlm() override;
    const Gddr6 &state() const
    {
        return ctl_;
    }
    const Clock &clock() const
    {
        return clk_;
    }
    uint64_t resident_bytes() const
    {
        return bh_sparse_resident_bytes(&store_);
    }
    void trace(sc_core::sc_trace_file *tf);

  private:
    tlm::tlm_sync_enum nb_transport_fw(int id, tlm::tlm_generic_payload &gp, tlm::tlm_phase &phase,
                                       sc_core::sc_time &delay);
    void b_transport(int id, tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
    unsigned transport_dbg(int id, tlm::tlm_generic_payload &gp);
    tlm::tlm_response_status data(tlm::tlm_generic_payload &gp);
    BhStatus accept(int id, tlm::tlm_generic_payload &gp);
    void run();
    /* refresh runs from power-up, work or not: the controller steps from cycle 0 */
    void start_of_simulation() override;
    void kick();
    void schedule(uint64_t cycle);

    Gddr6 ctl_{};
    BhSparseMem store_{};
    Clock clk_;
    sc_core::sc_event wake_;
    uint64_t scheduled_ = BH_IDLE;
    tlm::tlm_generic_payload *waiting_[kPorts] = {}; /* BEGIN_REQ not yet accepted */
    uint8_t bus_busy_ = 0;                           /* traced: a channel's data bus in use */
    bool traced_ = false;                            /* trace() was called */
};

} // namespace bh
#endif
