/* platform/run_loop.h - how a chip runs its configured workload to the end (bh_chip_run) and
 * the watchdogs that stop a run that cannot finish. */
#ifndef BH_RUN_LOOP_H
#define BH_RUN_LOOP_H
#include <csignal>
#include <chrono>
#include <string>
#include "platform/chip.h"
#include "platform/output/report.h"

namespace bh
{

/* What a long run prints on stderr (unless quiet), at most every two seconds: update() keeps
 * one line current with \r (the run loop's "cycle N of sim.cycles"); line() prints a whole
 * line every ten seconds (a chip advanced by a host program, whose messages may come between);
 * end() ends a current line before anything else is printed. */
struct Progress {
    bool quiet, showing = false;
    std::chrono::steady_clock::time_point t0 = std::chrono::steady_clock::now(), last = t0;
    void update(uint64_t now, uint64_t cycles, uint64_t drain_limit);
    void line(uint64_t now);
    void end();
};

/* Runs the simulation in slices of the chip's own SystemC context (made current by the
 * caller): injection for sim.cycles, then drain; returns "" or what stopped the run, which is
 * also recorded in run (error kind, message, cycle). stop_signal: BhChipOptions.stop_signal. */
std::string run_loop(Chip &chip, const BhParams &p, bool quiet,
                     const volatile sig_atomic_t *stop_signal, RunInfo *run);
/* "" unless *stop_signal (not NULL) holds a signal's number: then the run is recorded in run
 * as interrupted at cycle now, and the message says by which signal */
std::string check_interrupt(const volatile sig_atomic_t *stop_signal, uint64_t now, RunInfo *run);
/* The first watchdog that fires at cycle now ("" if none): a NoC deadlock, or cores stalled on
 * NIU state that an empty network can never change. Records a failure in run. */
std::string check_watchdogs(Chip &chip, const BhParams &p, uint64_t now, RunInfo *run);
/* Nothing left to do at cycle now: every network empty and every registered block idle */
bool chip_idle(Chip &chip, uint64_t now);
/* What keeps a chip from being idle: packets in the networks, busy blocks (the drain-limit
 * message; "nothing is busy (a model bug)" if nothing does) */
std::string still_busy(Chip &chip, uint64_t now);
/* The measured window ends: freeze per-link and DRAM counters into run. */
void close_window(Chip &chip, RunInfo *run);

} // namespace bh
#endif
