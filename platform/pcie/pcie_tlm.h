/* platform/pcie/pcie_tlm.h - the shell of the PCIe tile (model/pcie/pcie_tile.h, which holds
 * everything the tile does): its sockets, time, and the tile's hooks into the chip.
 *   mem     target: the tile's memory as its NIUs see it (pcie_tile_mem_access), untimed
 *   timed   target: the timed accesses of the tile's NIU (TimedPortTlm, base protocol AT):
 *           DONE -> TLM_COMPLETED, PENDING -> END_REQ now and BEGIN_RESP when answered,
 *           HELD -> no END_REQ until the tile takes it (the NIU sends nothing more meanwhile)
 *   arc_out initiator: PCIe 1's direct path to the ARC (BAR0's ARC window)
 * The tile's NoC requests and NIU registers go to the chip's NoC shells; time is SystemC's,
 * the tile acting at phase::kPcie; the simulation pauses when the awaited host access is done.
 */
#ifndef BH_PCIE_TLM_H
#define BH_PCIE_TLM_H
#include <cstdint>
#include <string>
#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include "model/pcie/pcie_tile.h"
#include "platform/clock.h"

namespace bh
{

class Chip;

/* The BAR bases the chip assigns at power-on (as firmware would; libttsim hosts cannot write
 * configuration space): BAR0 at 4 GiB, BAR2 after it, BAR4 at 32 GiB. */
constexpr uint64_t kPcieBar0Base = 0x100000000ull;
constexpr uint64_t kPcieBar2Base = 0x120000000ull;
constexpr uint64_t kPcieBar4Base = 0x800000000ull;

class PcieTlm : public sc_core::sc_module
{
  public:
    SC_HAS_PROCESS(PcieTlm);
    tlm_utils::multi_passthrough_target_socket<PcieTlm, 32, tlm::tlm_base_protocol_types, 0,
                                               sc_core::SC_ZERO_OR_MORE_BOUND>
        mem{"mem"};
    tlm_utils::simple_target_socket<PcieTlm> timed{"timed"};
    tlm_utils::simple_initiator_socket<PcieTlm> arc_out{"arc_out"};
    PcieTlm(sc_core::sc_module_name name, const PcieTileConfig &cfg, Chip &chip, const Clock &clk,
            BhLogContext *log);
    ~PcieTlm() override;

    uint32_t cfg_read32(uint32_t off) const;
    BhStatus cfg_write32(uint32_t off, uint32_t val);
    /* pcie_tile_host_write / _read; why: the reason of BH_ERR_ADDR */
    BhStatus host_write(uint64_t paddr, const void *data, uint32_t len, uint64_t *id,
                        std::string *why);
    BhStatus host_read(uint64_t paddr, uint32_t len, uint64_t *id, std::string *why);
    int done(uint64_t id, void *out, uint64_t *at) const
    {
        return pcie_tile_done(&tile_, id, out, at);
    }
    void set_host_memory(PcieHostMemRead rd, PcieHostMemWrite wr, void *ctx)
    {
        pcie_tile_set_host_memory(&tile_, rd, wr, ctx);
    }
    bool host_mem_own() const
    {
        return !tile_.host_rd && !tile_.host_wr;
    }
    bool host_mem_read(uint64_t addr, void *buf, uint64_t len) const
    {
        return pcie_tile_host_mem_read(&tile_, addr, buf, len) == BH_OK;
    }
    bool host_mem_write(uint64_t addr, const void *buf, uint64_t len)
    {
        return pcie_tile_host_mem_write(&tile_, addr, buf, len) == BH_OK;
    }
    bool idle() const
    {
        return pcie_tile_idle(&tile_) != 0;
    }
    /* the simulation pauses when access id is done (UINT64_MAX: none awaited) */
    void await(uint64_t id)
    {
        await_ = id;
    }
    const PcieLink &link() const
    {
        return tile_.link;
    }

  private:
    void run();
    void wake_at_ps(uint64_t ps);
    void b_transport(int id, tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
    unsigned transport_dbg(int id, tlm::tlm_generic_payload &gp);
    tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload &gp, tlm::tlm_phase &phase,
                                       sc_core::sc_time &delay);
    static PcieTileHooks hooks(PcieTlm *self);

    Chip &chip_;
    const Clock &clk_;
    PcieTile tile_;
    sc_core::sc_event wake_;
    uint64_t await_ = UINT64_MAX;
};

} // namespace bh
#endif
