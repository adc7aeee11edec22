/* platform/eth/eth_link_tlm.h - a cable between two Ethernet ports: the shell of one EthLink
 * (model/eth/eth_link.h) whose two ends are Ethernet tiles, each on its own clock (two ports of
 * one chip, or of two chips). A MAC's frame at its cycle c enters the link at c's edge in
 * picoseconds; the link's next event (a frame available, a credit back) wakes one method at
 * that picosecond (phase kEth), which hands every available frame to the receiving tile's MAC
 * at the cycle in progress there, releases its slot and steps that tile. */
#ifndef BH_ETH_LINK_TLM_H
#define BH_ETH_LINK_TLM_H
#include <systemc>
#include "model/eth/eth_link.h"
#include "platform/clock.h"
#include "platform/output/vcd_writer.h"
#include "platform/tile/tensix_tile_tlm.h"

namespace bh
{

class EthLinkTlm : public sc_core::sc_module
{
  public:
    SC_HAS_PROCESS(EthLinkTlm);
    /* ends: the two Ethernet tiles (MACs attached), clocks: theirs */
    EthLinkTlm(sc_core::sc_module_name name, const EthLinkConfig &cfg, TensixTileTlm *a,
               const Clock &clk_a, TensixTileTlm *b, const Clock &clk_b);
    ~EthLinkTlm() override;
    /* TileEthSendFn of end 0 and end 1 (ctx: this link) */
    static BhStatus send_a(void *ctx, const uint8_t *frame, uint32_t len, uint64_t now);
    static BhStatus send_b(void *ctx, const uint8_t *frame, uint32_t len, uint64_t now);
    const EthLink &link() const
    {
        return link_;
    }
    TensixTileTlm *end(int side) const
    {
        return end_[side];
    }
    /* The VCD's signals per direction d (0: end 0 to end 1, "<cable>.d0"): frames on the wire
     * or waiting for it (in_flight), and receive slots in use (rx_slots, the credits taken) */
    void trace(VcdWriter &w);

  private:
    BhStatus send(int side, const uint8_t *frame, uint32_t len, uint64_t now);
    void run();
    void rearm();
    void sample(); /* the traced values, from the link */
    VcdGroup *trace_ = nullptr;
    uint32_t in_flight_[2] = {0, 0}, rx_slots_[2] = {0, 0};
    EthLink link_{};
    TensixTileTlm *end_[2];
    const Clock *clk_[2];
    sc_core::sc_event wake_;
};

} // namespace bh
#endif
