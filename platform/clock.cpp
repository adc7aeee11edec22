// SPDX-License-Identifier: Apache-2.0
#include "platform/clock.h"
#include <cmath>

namespace bh
{

Clock::Clock(double mhz) : khz_(static_cast<uint64_t>(std::llround(mhz * 1000.0))) {}

sc_core::sc_time Clock::time_of(uint64_t cycle) const
{
    unsigned __int128 ps = (static_cast<unsigned __int128>(cycle) * 1000000000u + khz_ - 1) / khz_;
    return sc_core::sc_time::from_value(static_cast<uint64_t>(ps));
}

uint64_t Clock::cycle_at(const sc_core::sc_time &t) const
{
    unsigned __int128 ps = t.value();
    return static_cast<uint64_t>(ps * khz_ / 1000000000u);
}

} // namespace bh
