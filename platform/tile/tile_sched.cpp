// SPDX-License-Identifier: Apache-2.0
#include "platform/tile/tile_sched.h"
#include <algorithm>
#include "platform/tile/l1_tlm.h"

namespace bh
{

TileScheduler::TileScheduler(sc_core::sc_module_name name, const Clock &clk)
    : sc_module(name), clk_(clk)
{
    SC_METHOD(run);
    sensitive << wake_;
    dont_initialize();
}

uint32_t TileScheduler::add(L1Tlm *tile)
{
    tiles_.push_back(tile);
    next_.push_back(BH_IDLE);
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
    if (!running_ && cycle < armed_)
        arm(cycle);
}

void TileScheduler::retime()
{
    wake_.cancel();
    arm(armed_);
}

void TileScheduler::run()
{
    const uint64_t now = clk_.now();
    if (sc_core::sc_time_stamp() != at(now)) { /* off phase (a retime): go to the step's time */
        arm(sc_core::sc_time_stamp() < at(now) ? now : now + 1);
        return;
    }
    running_ = true;
    uint64_t earliest;
    do { /* again if a step made an earlier tile due in this cycle */
        const size_t n = tiles_.size();
        for (size_t i = 0; i < n; i++)
            if (next_[i] <= now) {
                next_[i] = BH_IDLE;
                if (i + 1 < n && next_[i + 1] <= now) /* its misses overlap this step */
                    tiles_[i + 1]->prefetch();
                tiles_[i]->step(now); /* it says what it wants next through want() */
            }
        earliest = next_.empty() ? BH_IDLE : *std::min_element(next_.begin(), next_.end());
    } while (earliest <= now);
    running_ = false;
    arm(earliest);
}

} // namespace bh
