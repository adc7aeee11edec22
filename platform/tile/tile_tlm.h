/* platform/tile/tile_tlm.h - one tile of the grid: its address space as its cores see it
 * (target `mmio`, decoded by the tile map model/tile/tile_map.def: the two NIUs' regions on
 * every tile; on a tile with a Tensix tile module (set_tensix) every other region through
 * tensix_tile_access_region, by the core a CoreExtension names; elsewhere the rest goes to
 * `mem_out`), and
 * the NIUs' path to the tile's memory (initiator `mem_out`: the L1, a DRAM controller, or an
 * empty target for tiles whose inside is not modeled). The tile's routers and NIUs live in
 * the two NocNetTlm networks; the tile names and traces its part of them.
 * Command-buffer writes may carry a TagExtension: the workload's creation cycle of the
 * transfer, used only for latency statistics. */
#ifndef BH_TILE_TLM_H
#define BH_TILE_TLM_H
#include <string>
#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <tlm_utils/simple_initiator_socket.h>
#include "model/chip/bh_grid.h"
#include "model/tile/tile_map.h"
#include <memory>
#include "platform/mem/timed_port_tlm.h"
#include "platform/noc/noc_net_tlm.h"

namespace bh
{

struct TagExtension : tlm::tlm_extension<TagExtension> {
    uint64_t tag = BH_IDLE;
    tlm::tlm_extension_base *clone() const override
    {
        return new TagExtension(*this);
    }
    void copy_from(const tlm::tlm_extension_base &e) override
    {
        tag = static_cast<const TagExtension &>(e).tag;
    }
};

/* Which of the tile's RISC-V cores makes an access (TileCore: 0..2 TRISC, 3 BRISC, 4 NCRISC;
 * default BRISC): the tile map answers each core in its own view. */
struct CoreExtension : tlm::tlm_extension<CoreExtension> {
    uint32_t core = TILE_BRISC;
    tlm::tlm_extension_base *clone() const override
    {
        return new CoreExtension(*this);
    }
    void copy_from(const tlm::tlm_extension_base &e) override
    {
        core = static_cast<const CoreExtension &>(e).core;
    }
};

/* the base of NoC `noc`'s NIU window in a tile's address map */
inline uint64_t niu_base(uint32_t noc)
{
    return tile_region(TILE_RG_NOC0_NIU + noc)->base;
}

/* The module name of the tile at NoC0 (x, y): tile_x<XX>_y<YY>, two digits each so that VCD
 * scopes and logs sort in grid order. */
std::string tile_module_name(uint32_t x, uint32_t y);

class TensixTileTlm;

class TileTlm : public sc_core::sc_module
{
  public:
    /* zero or more initiators: tiles without cores or workload stay unbound */
    tlm_utils::multi_passthrough_target_socket<TileTlm, 32, tlm::tlm_base_protocol_types, 0,
                                               sc_core::SC_ZERO_OR_MORE_BOUND>
        mmio{"mmio"};
    tlm_utils::simple_initiator_socket<TileTlm> mem_out{"mem_out"};

    TileTlm(sc_core::sc_module_name name, const BhTile &tile, NocNetTlm *nocs[2],
            const uint32_t nodes[2], uint32_t n_nocs, const Clock &clk);
    static NocMemOps mem_ops(); /* NIU memory callbacks; ctx is the TileTlm */
    /* The timed path from the NIU of NoC `noc` to the tile's memory (bind the port's `out` to
     * the memory's target); noc -1: one port shared by both NIUs (a DRAM endpoint's link).
     * A port of one NoC (a Tensix NIU's) keeps max_in_flight reads and as many writes. */
    TimedPortTlm &attach_timed_port(int noc, uint32_t max_in_flight);
    void trace(VcdWriter &w);
    /* The full names trace() gives the busy flag of router output `port` on NoC `noc` ("" if
     * that output has no link) and the NIU's outstanding count. */
    std::string link_signal(uint32_t noc, uint32_t port) const;
    std::string niu_signal(uint32_t noc) const;
    uint32_t node(uint32_t noc) const /* this tile's node index in NoC `noc`'s own frame */
    {
        return nodes_[noc];
    }
    uint32_t n_nocs() const
    {
        return n_nocs_;
    }
    const BhTile &tile() const
    {
        return tile_;
    }
    /* the shell of this tile's Tensix tile module (L1, coprocessor, registers, core RAMs),
     * which the address map reaches beyond the NIUs */
    void set_tensix(TensixTileTlm *t)
    {
        tensix_ = t;
    }
    /* TileNiuFn for the tile's RISC-V cores (ctx: the TileTlm): a 32-bit NIU register access */
    static BhStatus core_niu(void *ctx, uint32_t noc, uint32_t off, uint32_t len, int write,
                             int debug, uint32_t *val, uint64_t now);

  private:
    void b_transport(int id, tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
    unsigned transport_dbg(int id, tlm::tlm_generic_payload &gp);
    tlm::tlm_response_status niu_access(uint32_t noc, uint32_t off, tlm::tlm_generic_payload &gp,
                                        bool debug);
    BhStatus mem_access(tlm::tlm_command cmd, uint64_t addr, void *buf, uint32_t len);
    /* addr is in a timed region of the tile's map (L1, behind its ports; bh_region.h), within
     * the configured l1.size_bytes; the other regions answer a NoC access at once */
    bool timed_region(uint64_t addr) const;
    static BhStatus mem_read(void *ctx, uint64_t addr, void *buf, uint32_t len);
    static BhStatus mem_write(void *ctx, uint64_t addr, const void *buf, uint32_t len);
    static BhStatus mem_request(void *ctx, int is_write, uint64_t addr, uint32_t len,
                                const void *wdata, const NocMemAccess *acc);

    BhTile tile_;
    NocNetTlm *nocs_[2];
    uint32_t nodes_[2];
    uint32_t n_nocs_;
    const Clock &clk_;
    std::unique_ptr<TimedPortTlm> port_[2]; /* per NoC; port_[0] alone when shared */
    TensixTileTlm *tensix_ = nullptr;
    TileMap map_; /* NIU decode for every tile; the whole map on Tensix tiles */
};

BhStatus bh_status_from_tlm(tlm::tlm_response_status s);
tlm::tlm_response_status bh_status_to_tlm(BhStatus s);

} // namespace bh
#endif
