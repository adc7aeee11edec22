/* platform/tile/tile_sched.h - one SystemC process that steps every Tensix tile of a chip.
 * Each tile (TensixTileTlm) tells the scheduler the cycle it next has work, or BH_IDLE; the
 * scheduler wakes once at the earliest such cycle, at phase::kTile (platform/clock.h), and steps
 * the tiles due then in the order they were added (grid order). One event for all tiles instead of
 * one each: on a busy chip every tile steps every cycle, and a SystemC event and process
 * dispatch per tile per cycle cost more than many a tile's step. Tiles hand work to each other
 * only through the networks, which act at an earlier phase, so their order within a cycle does
 * not change a result (golden.host_tracing_neutral). An idle chip costs nothing. */
#ifndef BH_TILE_SCHED_H
#define BH_TILE_SCHED_H
#include <systemc>
#include <vector>
#include "model/common/bh_common.h"
#include "platform/clock.h"

namespace bh
{

class TensixTileTlm;

class TileScheduler : public sc_core::sc_module
{
  public:
    SC_HAS_PROCESS(TileScheduler);
    TileScheduler(sc_core::sc_module_name name, const Clock &clk);
    /* a tile to step; returns its index for want() */
    uint32_t add(TensixTileTlm *tile);
    /* tile `id` next has work in `cycle` (BH_IDLE: none): replaces what it wanted before */
    void want(uint32_t id, uint64_t cycle);
    /* the time of a tile's step in `cycle` */
    sc_core::sc_time at(uint64_t cycle) const
    {
        return clk_.time_of(cycle, phase::kTile);
    }
    void retime(); /* the clock changed: wake at the new time of the cycle due */

  private:
    void run();
    void arm(uint64_t cycle);
    const Clock &clk_;
    std::vector<TensixTileTlm *> tiles_;
    void prefetch_next_due(size_t i, uint64_t now) const;
    std::vector<uint64_t> next_;  /* per tile: the cycle it wants, BH_IDLE if none */
    std::vector<uint64_t> live_;  /* bit i: next_[i] is not BH_IDLE */
    uint64_t earliest_ = BH_IDLE; /* in run(): the lowest cycle any tile wants (a bound) */
    sc_core::sc_event wake_;
    uint64_t armed_ = BH_IDLE; /* the cycle wake_ is notified for */
    bool running_ = false;     /* in run(): it arms once at its end */
};

} // namespace bh
#endif
