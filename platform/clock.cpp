// SPDX-License-Identifier: Apache-2.0
#include "platform/clock.h"
#include <cmath>

namespace bh
{

Clock::Clock(double mhz) : khz_(static_cast<uint64_t>(std::llround(mhz * 1000.0))) {}

/* Both conversions take the 64-bit path while the product fits (13 s of simulated time at
 * 1.35 GHz): the same integers as the 128-bit path, without its library division. */
sc_core::sc_time Clock::time_of(uint64_t cycle) const
{
    if (cycle <= (UINT64_MAX - khz_) / 1000000000u)
        return sc_core::sc_time::from_value((cycle * 1000000000u + khz_ - 1) / khz_);
    unsigned __int128 ps = (static_cast<unsigned __int128>(cycle) * 1000000000u + khz_ - 1) / khz_;
    return sc_core::sc_time::from_value(static_cast<uint64_t>(ps));
}

uint64_t Clock::cycle_at(const sc_core::sc_time &t) const
{
    const uint64_t v = t.value();
    if (v <= UINT64_MAX / khz_)
        return v * khz_ / 1000000000u;
    unsigned __int128 ps = v;
    return static_cast<uint64_t>(ps * khz_ / 1000000000u);
}

} // namespace bh
