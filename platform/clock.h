/* platform/clock.h - one clock domain: exact conversion between integer cycles and SystemC
 * time. Cycle n starts at ceil(n * 1e9 / f_kHz) ps, computed from n every time, so a period
 * that is not a whole number of picoseconds (1.35 GHz: 740.74 ps) never accumulates rounding
 * drift. A domain whose frequency changes during a run (AICLK, when the ARC is told to) keeps
 * one such segment per frequency: from its first cycle c0 at time t0, cycle c starts at
 * t0 + ceil((c - c0) * 1e9 / f_kHz).
 *
 * SystemC time runs in femtoseconds, and edges stay on whole picoseconds: the femtoseconds
 * within a picosecond are phases, one per kind of process (below). Two clock domains' edges
 * often fall on the same picosecond (AICLK and a 2 GHz GDDR6 clock every 20 ns); processes
 * that act at one instant run in an order SystemC leaves to its event queue's history, which
 * anything changes (tracing, the order tiles were built in), and a result must not depend on
 * it. With distinct phases, time alone orders every hand-off between processes of different
 * kinds. */
#ifndef BH_CLOCK_H
#define BH_CLOCK_H
#include <cstdint>
#include <systemc>
#include <vector>

namespace bh
{

/* Where within its cycle (or picosecond) each kind of process acts, in femtoseconds after the
 * edge. Edges are whole picoseconds, so the sub-picosecond phases never meet an edge of any
 * domain; the AICLK processes that follow the networks (workload, tiles) act whole
 * picoseconds later, which a cycle of 740 ps leaves room for. */
namespace phase
{
constexpr uint64_t kNoc0 = 0; /* NoC k steps at kNoc0 + k * kNocStride */
constexpr uint64_t kNocStride = 100;
constexpr uint64_t kGddr6 = 500;     /* DRAM controllers, on their own clock's edges */
constexpr uint64_t kPcie = 600;      /* the PCIe tile and host link, on picoseconds */
constexpr uint64_t kArc = 700;       /* the ARC tile */
constexpr uint64_t kEth = 800;       /* Ethernet cables, on picoseconds */
constexpr uint64_t kWorkload = 1000; /* synthetic cores: after both networks stepped */
constexpr uint64_t kTile = 2000;     /* Tensix tiles: after the networks delivered */
} // namespace phase

constexpr uint64_t kFsPerPs = 1000;

class Clock
{
  public:
    explicit Clock(double mhz = 1350.0);
    /* The start of `cycle` plus `phase_fs` femtoseconds */
    sc_core::sc_time time_of(uint64_t cycle, uint64_t phase_fs = 0) const;
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
    /* SystemC time as whole picoseconds (the one in progress), and back with a phase */
    static uint64_t ps_of(const sc_core::sc_time &t)
    {
        return t.value() / kFsPerPs;
    }
    static sc_core::sc_time at_ps(uint64_t ps, uint64_t phase_fs)
    {
        return sc_core::sc_time::from_value(ps * kFsPerPs + phase_fs);
    }
    /* Sets SystemC's time resolution to 1 fs, or checks that it is; throws if something
     * fixed another resolution first (any sc_time built before the first chip). */
    static void use_fs_resolution();
    /* The start of `cycle` in whole picoseconds (rounded up); UINT64_MAX past what 64 bits of
     * picoseconds hold */
    uint64_t edge_ps(uint64_t cycle) const;

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
