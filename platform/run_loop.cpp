// SPDX-License-Identifier: Apache-2.0
/* The run loop of a chip: progress, end of injection, drain, and the watchdogs (NoC deadlock,
 * cores stalled on NIU state, drain limit, coprocessor errors). */
#include "platform/run_loop.h"
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace bh
{

/* The measured window ends: every block that measures one freezes its counters into run (the
 * networks their links' flits, the DRAM its controllers' counters). */
void close_window(Chip &chip, RunInfo *run)
{
    run->window_flits.clear();
    chip.blocks().window_close(*run);
}

void Progress::update(uint64_t now, uint64_t cycles, uint64_t drain_limit)
{
    auto t = std::chrono::steady_clock::now();
    if (quiet || std::chrono::duration<double>(t - last).count() <= 2.0)
        return;
    double rate = (double)now / std::chrono::duration<double>(t - t0).count();
    if (now <= cycles)
        std::fprintf(stderr, "\rbhsim: cycle %llu of %llu, %.0f cycles/s   ",
                     (unsigned long long)now, (unsigned long long)cycles, rate);
    else
        std::fprintf(stderr,
                     "\rbhsim: draining: cycle %llu, %llu after sim.cycles (limit %llu), "
                     "%.0f cycles/s   ",
                     (unsigned long long)now, (unsigned long long)(now - cycles),
                     (unsigned long long)(drain_limit - cycles), rate);
    last = t;
    showing = true;
}

void Progress::line(uint64_t now)
{
    auto t = std::chrono::steady_clock::now();
    if (quiet || std::chrono::duration<double>(t - last).count() <= 10.0)
        return;
    std::fprintf(stderr, "bhsim: cycle %llu, %.0f cycles/s\n", (unsigned long long)now,
                 (double)now / std::chrono::duration<double>(t - t0).count());
    last = t;
}

void Progress::end()
{
    if (showing)
        std::fprintf(stderr, "\n");
    showing = false;
}

/* Records a failed run in `run` and returns its message. */
static std::string failed(RunInfo *run, const char *kind, uint64_t now, const std::string &msg)
{
    run->error_kind = kind;
    run->error_message = msg;
    run->error_cycle = now;
    run->cycles = now;
    return msg;
}

std::string check_interrupt(const volatile sig_atomic_t *stop_signal, uint64_t now, RunInfo *run)
{
    const int sig = stop_signal ? (int)*stop_signal : 0;
    if (!sig)
        return "";
    const char *name = sig == SIGINT ? " (SIGINT)" : sig == SIGTERM ? " (SIGTERM)" : "";
    return failed(run, "interrupted", now,
                  "interrupted by signal " + std::to_string(sig) + name + " at cycle " +
                      std::to_string(now) + "; the report holds what was measured until then");
}

/* 1. a block's own watchdog (a NoC whose flits stopped moving), 2. a stall: agents waiting for
 * what nothing can change while every mover has been idle for noc.deadlock_cycles. */
std::string check_watchdogs(Chip &chip, const BhParams &p, uint64_t now, RunInfo *run)
{
    const char *kind = "";
    const uint64_t limit = (uint64_t)p.noc_deadlock_cycles;
    if (std::string wd = chip.blocks().watchdog(now, limit, &kind); !wd.empty())
        return failed(run, kind, now, wd);
    if (std::string st = chip.blocks().stall(now, limit); !st.empty())
        return failed(run, "stall", now, st);
    return "";
}

/* What keeps a run from ending: packets in the networks, a workload's cores, coprocessors. */
bool chip_idle(Chip &chip, uint64_t now)
{
    return chip.blocks().idle(now);
}

std::string still_busy(Chip &chip, uint64_t now)
{
    const std::string why = chip.blocks().busy(now);
    return why.empty() ? "nothing is busy (a model bug)" : why;
}

/* Runs the simulation in slices; returns an empty string or what went wrong. */
std::string run_loop(Chip &chip, const BhParams &p, bool quiet,
                     const volatile sig_atomic_t *stop_signal, RunInfo *run)
{
    const Clock &clk = chip.clock();
    const uint64_t cycles = (uint64_t)p.sim_cycles, warmup = chip.plan().traffic.warmup;
    run->window_first = warmup;
    const uint64_t drain_limit = cycles + (uint64_t)p.sim_drain_limit_cycles;
    const uint64_t slice = 20000;
    const bool window_to_end = chip.plan().measured_whole();
    const bool hard_end = !p.sim_drain || chip.plan().runs_programs();
    Progress progress{quiet};
    uint64_t now = 0;
    bool window_closed = false;
    bool cut = false; /* ended at sim.cycles with programs still running */
    auto t0 = std::chrono::steady_clock::now();
    if (hard_end && chip.plan().runs_programs())
        chip.set_core_horizon(cycles);
    /* whatever ends the run, the report shows what was measured up to then */
    auto finish = [&](const std::string &err) {
        progress.end();
        chip.settle_cores(now);
        if (!window_closed) {
            close_window(chip, run);
            run->window_cycles =
                now > warmup ? std::min(now, window_to_end ? now : cycles) - warmup : 0;
        }
        run->wall_seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        return err;
    };
    for (;;) {
        uint64_t target = now + (now < cycles && !window_to_end ? slice : slice / 10);
        if (now < warmup && target > warmup)
            target = warmup;
        if (now < cycles && target > cycles)
            target = cycles;
        if (target > drain_limit && now < drain_limit && !window_to_end)
            target = drain_limit;
        sc_core::sc_start(clk.time_of(target) - sc_core::sc_time_stamp());
        now = target;
        if (now == warmup)
            chip.blocks().window_open(*run);
        if (now == cycles && !window_to_end) {
            close_window(chip, run);
            window_closed = true;
        }
        /* 1. deadlock (flits held, none moving) and 2. stall (cores polling an empty network) */
        if (std::string wd = check_watchdogs(chip, p, now, run); !wd.empty())
            return finish(wd);
        if (std::string in = check_interrupt(stop_signal, now, run); !in.empty())
            return finish(in);
        progress.update(now, cycles, drain_limit);
        /* 3. done? (a replay may finish before sim.cycles) */
        if (now < cycles && !window_to_end)
            continue;
        const char *kind = "";
        std::string cerr = chip.blocks().error(&kind);
        if (!cerr.empty())
            return finish(failed(run, kind, now, cerr));
        if (chip_idle(chip, now)) {
            if (std::string un = chip.blocks().unfinished(); !un.empty())
                return finish(failed(run, "stall", now, un));
            break;
        }
        if (now >= cycles && hard_end) {
            /* the run ends here: cores that wait for what nothing can change would wait for
             * ever, so say so now instead of after a watchdog window the run never reaches */
            if (std::string st = chip.blocks().stall(now, 0); !st.empty())
                return finish(failed(run, "stall", now, st));
            cut = true;
            break;
        }
        if (now < cycles)
            continue;
        if (now >= drain_limit) {
            run->drained = false;
            return finish(failed(run, "drain_limit", now,
                                 "the run did not finish within sim.drain_limit_cycles (" +
                                     std::to_string(p.sim_drain_limit_cycles) +
                                     ") after sim.cycles: " + still_busy(chip, now)));
        }
    }
    /* a run ends on a slice boundary; report the cycle the last flit moved (or sim.cycles, if
     * programs were still running there) */
    uint64_t last =
        window_to_end && !cut ? chip.blocks().last_busy() : std::min<uint64_t>(now, cycles);
    last = std::max<uint64_t>(last, chip.blocks().last_move(now));
    run->cycles = last;
    if (window_to_end) {
        close_window(chip, run);
        window_closed = true;
        run->window_cycles = last > warmup ? last - warmup : 0; /* ended in its warm-up */
    }
    run->drained = true;
    return finish("");
}

} // namespace bh
