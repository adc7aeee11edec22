/* platform/clock.h - one clock domain: exact conversion between integer cycles and SystemC
 * time (1 ps resolution). Cycle n starts at ceil(n * 1e9 / f_kHz) ps, computed from n every
 * time, so a period that is not a whole number of picoseconds (1.35 GHz: 740.74 ps) never
 * accumulates rounding drift. */
#ifndef BH_CLOCK_H
#define BH_CLOCK_H
#include <cstdint>
#include <systemc>

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
    double mhz() const
    {
        return static_cast<double>(khz_) / 1000.0;
    }

  private:
    uint64_t khz_;
};

} // namespace bh
#endif
