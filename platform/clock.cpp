// SPDX-License-Identifier: Apache-2.0
#include "platform/clock.h"
#include <cmath>
#include <stdexcept>

namespace bh
{

Clock::Clock(double mhz) : seg_{{0, 0, static_cast<uint64_t>(std::llround(mhz * 1000.0))}}
{
    use_fs_resolution();
}

void Clock::use_fs_resolution()
{
    try {
        sc_core::sc_set_time_resolution(1, sc_core::SC_FS);
    } catch (const std::exception &) {
        /* set before (an earlier chip), or fixed by an sc_time built earlier */
    }
    if (sc_core::sc_get_time_resolution().to_seconds() > 1.5e-15)
        throw std::logic_error("bhsim needs SystemC's time resolution at 1 fs, and something "
                               "built an sc_time (fixing another resolution) before the chip");
}

const Clock::Segment &Clock::segment_of_cycle(uint64_t cycle) const
{
    for (size_t i = seg_.size() - 1; i > 0; i--) /* almost always the last (or only) one */
        if (cycle >= seg_[i].c0)
            return seg_[i];
    return seg_[0];
}

const Clock::Segment &Clock::segment_at(uint64_t ps) const
{
    for (size_t i = seg_.size() - 1; i > 0; i--)
        if (ps >= seg_[i].t0)
            return seg_[i];
    return seg_[0];
}

/* Both conversions take the 64-bit path while the product fits (13 s of simulated time at
 * 1.35 GHz): the same integers as the 128-bit path, without its library division. */
uint64_t Clock::edge_ps(uint64_t cycle) const
{
    const Segment &s = segment_of_cycle(cycle);
    const uint64_t n = cycle - s.c0, khz = s.khz;
    if (n <= (UINT64_MAX - khz) / 1000000000u)
        return s.t0 + (n * 1000000000u + khz - 1) / khz;
    unsigned __int128 ps = (static_cast<unsigned __int128>(n) * 1000000000u + khz - 1) / khz;
    if (ps > UINT64_MAX - s.t0)
        return UINT64_MAX; /* saturates: no 64-bit time holds it */
    return s.t0 + static_cast<uint64_t>(ps);
}

sc_core::sc_time Clock::time_of(uint64_t cycle, uint64_t phase_fs) const
{
    return at_ps(edge_ps(cycle), phase_fs);
}

uint64_t Clock::cycle_at(const sc_core::sc_time &t) const
{
    const uint64_t t_ps = ps_of(t);
    const Segment &s = segment_at(t_ps);
    const uint64_t v = t_ps - s.t0;
    if (v <= UINT64_MAX / s.khz)
        return s.c0 + v * s.khz / 1000000000u;
    unsigned __int128 ps = v;
    return s.c0 + static_cast<uint64_t>(ps * s.khz / 1000000000u);
}

void Clock::retime(uint64_t from, double mhz)
{
    const uint64_t khz = static_cast<uint64_t>(std::llround(mhz * 1000.0));
    if (khz == 0 || from < seg_.back().c0)
        throw std::logic_error("Clock::retime: a frequency of 0, or a cycle in the past");
    if (khz == seg_.back().khz)
        return;
    const uint64_t t0 = edge_ps(from);
    if (from == seg_.back().c0)
        seg_.back().khz = khz; /* two changes at one cycle: the last wins */
    else
        seg_.push_back({from, t0, khz});
}

} // namespace bh
