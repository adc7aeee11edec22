// SPDX-License-Identifier: Apache-2.0
#include "platform/tile/tile_sched.h"
#include <algorithm>
#include "platform/tile/tensix_tile_tlm.h"

namespace bh
{

TileScheduler::TileScheduler(sc_core::sc_module_name name, const Clock &clk)
    : sc_module(name), clk_(clk)
{
    SC_METHOD(run);
    sensitive << wake_;
    dont_initialize();
}

uint32_t TileScheduler::add(TensixTileTlm *tile)
{
    tiles_.push_back(tile);
    next_.push_back(BH_IDLE);
    live_.resize((tiles_.size() + 63) / 64, 0);
    return (uint32_t)(tiles_.size() - 1);
}

void TileScheduler::arm(uint64_t cycle)
{
    armed_ = cycle;
    if (cycle == BH_IDLE)
        return;
    const sc_core::sc_time t = at(cycle), stamp = sc_core::sc_time_stamp();
    /* an earlier notification replaces a pending later one */
    wake_.notify(t > stamp ? t - stamp : sc_core::SC_ZERO_TIME);
}

void TileScheduler::want(uint32_t id, uint64_t cycle)
{
    next_[id] = cycle;
    if (cycle == BH_IDLE)
        live_[id / 64] &= ~(1ull << (id % 64));
    else
        live_[id / 64] |= 1ull << (id % 64);
    if (running_)
        earliest_ = std::min(earliest_, cycle);
    else if (cycle < armed_)
        arm(cycle);
}

void TileScheduler::retime()
{
    wake_.cancel();
    arm(armed_);
}

/* the first due tile after tile i, if any, starts coming into the cache */
void TileScheduler::prefetch_next_due(size_t i, uint64_t now) const
{
    for (size_t j = i + 1; j < next_.size(); j++) {
        const uint64_t m = live_[j / 64] >> (j % 64);
        if (!m) { /* none left in this word */
            j = (j / 64 + 1) * 64 - 1;
            continue;
        }
        j += (size_t)__builtin_ctzll(m);
        if (j < next_.size() && next_[j] <= now)
            tiles_[j]->prefetch();
        return;
    }
}

void TileScheduler::run()
{
    const uint64_t now = clk_.now();
    if (sc_core::sc_time_stamp() != at(now)) { /* off phase (a retime): go to the step's time */
        arm(sc_core::sc_time_stamp() < at(now) ? now : now + 1);
        return;
    }
    running_ = true;
    /* Only the tiles that want a cycle are visited (on a chip waiting for its host, most want
     * none), in grid order. A step may make any tile due now through want(): one above the
     * visit's position is seen by this pass, one below by the next. earliest_ is the lowest
     * cycle wanted: what the visited tiles want, lowered by every want() of the pass (a tile
     * that later wants a later cycle leaves it low: a wake that finds nothing due costs only
     * a visit). */
    do {
        earliest_ = BH_IDLE;
        for (size_t w = 0; w < live_.size(); w++)
            for (uint64_t m = live_[w]; m;) {
                const uint32_t bit = (uint32_t)__builtin_ctzll(m);
                const size_t i = 64 * w + bit;
                if (next_[i] <= now) {
                    next_[i] = BH_IDLE;
                    live_[w] &= ~(1ull << bit);
                    prefetch_next_due(i, now); /* its misses overlap this step */
                    tiles_[i]->step(now);      /* it says what it wants next through want() */
                }
                earliest_ = std::min(earliest_, next_[i]);
                m = bit == 63 ? 0 : live_[w] & ~0ull << (bit + 1); /* the rest, as they are now */
            }
    } while (earliest_ <= now);
    running_ = false;
    arm(earliest_);
}

} // namespace bh
