/* platform/clock.h - one clock domain: exact conversion between integer cycles and SystemC
 * time (1 ps resolution). Cycle n starts at ceil(n * 1e9 / f_kHz) ps, computed from n every
 * time, so a period that is not a whole number of picoseconds (1.35 GHz: 740.74 ps) never
 * accumulates rounding drift. A domain whose frequency changes during a run (AICLK, when the
 * ARC is told to) keeps one such segment per frequency: from its first cycle c0 at time t0,
 * cycle c starts at t0 + ceil((c - c0) * 1e9 / f_kHz). */
#ifndef BH_CLOCK_H
#define BH_CLOCK_H
#include <cstdint>
#include <systemc>
#include <vector>

namespace bh
{

class Clock
{
  public:
    explicit Clock(double mhz = 1350.0);
    sc_core::sc_time time_of(uint64_t cycle) const;
    uint64_t cycle_at(const sc_core::sc_time &t) const; /* the cycle in progress at t */
    uint64_t now() const
    {
        return cycle_at(sc_core::sc_time_stamp());
    }
    double mhz() const /* now: the last segment's */
    {
        return static_cast<double>(seg_.back().khz) / 1000.0;
    }
    double initial_mhz() const
    {
        return static_cast<double>(seg_.front().khz) / 1000.0;
    }
    /* From cycle `from` on (later than any cycle converted so far), the domain runs at mhz */
    void retime(uint64_t from, double mhz);
    size_t segments() const
    {
        return seg_.size();
    }

  private:
    struct Segment {
        uint64_t c0, t0, khz; /* first cycle, its start in ps, frequency */
    };
    const Segment &segment_of_cycle(uint64_t cycle) const;
    const Segment &segment_at(uint64_t ps) const;
    std::vector<Segment> seg_;
};

} // namespace bh
#endif
