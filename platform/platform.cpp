// SPDX-License-Identifier: Apache-2.0
/* bh_platform_run: configuration, elaboration, the run loop (progress, end of injection,
 * drain, deadlock watchdog) and the outputs. */
#include "platform/platform.h"
#include <sys/resource.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>
#include "platform/chip.h"
#include "platform/config.h"
#include "platform/report.h"
#include "platform/vcd_views.h"

using namespace bh;

const char *bh_version(void)
{
    return BH_VERSION;
}

static void log_to_stderr(void *ctx, BhLogLevel level, const char *msg)
{
    bool quiet = *static_cast<bool *>(ctx);
    static const char *const prefix[] = {"info", "guest error", "not modeled", "error"};
    if (quiet && level == BH_LOG_INFO)
        return;
    std::fprintf(stderr, "bhsim: %s: %s\n", prefix[level], msg);
}

static double peak_rss_mib()
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_maxrss / 1024.0;
}

static std::string strip_vcd(const std::string &path)
{
    /* sc_create_vcd_trace_file appends ".vcd" itself */
    if (path.size() > 4 && path.compare(path.size() - 4, 4, ".vcd") == 0)
        return path.substr(0, path.size() - 4);
    return path;
}

static bool writable(const std::string &path, std::string *err)
{
    std::ofstream f(path, std::ios::app);
    if (!f) {
        *err = "cannot write '" + path + "'";
        return false;
    }
    return true;
}

/* The measured window ends: freeze per-link and DRAM counters. */
static void close_window(Chip &chip, RunInfo *run)
{
    run->dram_to = chip.dram_stats();
    run->window_flits.clear();
    for (uint32_t k = 0; k < chip.n_nocs(); k++) {
        const NocNet &net = chip.noc(k).net();
        std::vector<uint64_t> w(net.n_links);
        for (uint32_t li = 0; li < net.n_links; li++)
            w[li] = net.links[li].window_flits;
        run->window_flits.push_back(std::move(w));
    }
}

/* Ends the progress line (if one is showing) before anything else is printed. */
struct Progress {
    bool quiet, showing = false;
    std::chrono::steady_clock::time_point t0 = std::chrono::steady_clock::now(), last = t0;
    void update(uint64_t now, uint64_t cycles, uint64_t drain_limit)
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
    void end()
    {
        if (showing)
            std::fprintf(stderr, "\n");
        showing = false;
    }
};

/* Records a failed run in `run` and returns its message. */
static std::string failed(RunInfo *run, const char *kind, uint64_t now, const std::string &msg)
{
    run->error_kind = kind;
    run->error_message = msg;
    run->error_cycle = now;
    run->cycles = now;
    return msg;
}

/* A stall: cores spin on NIU state while every network is empty and has been for
 * noc.deadlock_cycles, so nothing in flight can ever change what they poll. */
static std::string stalled(Chip &chip, const BhParams &p, uint64_t now)
{
    uint64_t last_move = 0;
    for (uint32_t k = 0; k < chip.n_nocs(); k++) {
        const NocNet &net = chip.noc(k).net();
        if (!noc_net_quiescent(&net))
            return "";
        last_move = std::max<uint64_t>(last_move, net.last_progress);
    }
    std::string what;
    if (!chip.workload() || now <= last_move + (uint64_t)p.noc_deadlock_cycles)
        return "";
    uint32_t n = chip.workload()->model().waiting(now, &what);
    if (!n)
        return "";
    return "stall: " + std::to_string(n) +
           " core(s) poll NIU state that nothing can change: every network has been empty since "
           "cycle " +
           std::to_string(last_move) + " (now " + std::to_string(now) + ", noc.deadlock_cycles " +
           std::to_string(p.noc_deadlock_cycles) + ")" +
           (n > NOC_WAIT_LIST_SHOWN ? "; the first " + std::to_string(NOC_WAIT_LIST_SHOWN)
                                    : std::string()) +
           ":\n" + what;
}

/* What keeps a run from ending: packets in the networks, a workload's cores, coprocessors. */
static std::string still_busy(Chip &chip, uint64_t now)
{
    std::string why;
    for (uint32_t k = 0; k < chip.n_nocs(); k++) {
        const NocNet &net = chip.noc(k).net();
        if (!noc_net_quiescent(&net))
            why += "NoC" + std::to_string(k) + " holds " + std::to_string(net.pkts_live) +
                   " packets (last flit moved at cycle " + std::to_string(net.last_progress) +
                   "); ";
    }
    if (chip.workload() && !chip.workload()->model().idle(now)) {
        std::string what;
        uint32_t n = chip.workload()->model().waiting(now, &what);
        why += "the workload has work left" +
               (n ? ", " + std::to_string(n) + " core(s) polling NIU state" +
                        (n > NOC_WAIT_LIST_SHOWN
                             ? " (the first " + std::to_string(NOC_WAIT_LIST_SHOWN) + ")"
                             : std::string()) +
                        ":\n" + what
                  : std::string("; "));
    }
    if (!chip.coprocessors_idle())
        why += "a Tensix coprocessor is busy; ";
    return why.empty() ? "nothing is busy (a model bug)" : why;
}

/* Runs the simulation in slices; returns an empty string or what went wrong. */
static std::string run_loop(Chip &chip, const BhParams &p, bool quiet, RunInfo *run)
{
    const Clock &clk = chip.clock();
    const uint64_t cycles = (uint64_t)p.sim_cycles, warmup = chip.plan().traffic.warmup;
    const uint64_t drain_limit = cycles + (uint64_t)p.sim_drain_limit_cycles;
    const uint64_t slice = 20000;
    /* a replayed trace or scripted cores are measured whole: the window closes at the end */
    const bool window_to_end = chip.plan().trace != nullptr || !chip.plan().stream_tiles.empty();
    Progress progress{quiet};
    uint64_t now = 0;
    bool window_closed = false;
    auto t0 = std::chrono::steady_clock::now();
    /* whatever ends the run, the report shows what was measured up to then */
    auto finish = [&](const std::string &err) {
        progress.end();
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
        if (now == warmup) {
            for (uint32_t k = 0; k < chip.n_nocs(); k++)
                noc_net_reset_window(&chip.noc(k).net());
            run->dram_from = chip.dram_stats();
        }
        if (now == cycles && !window_to_end) {
            close_window(chip, run);
            window_closed = true;
        }
        /* 1. deadlock: flits held, none moved for noc.deadlock_cycles */
        for (uint32_t k = 0; k < chip.n_nocs(); k++) {
            const NocNet &net = chip.noc(k).net();
            if (!noc_net_quiescent(&net) &&
                now > net.last_progress + (uint64_t)p.noc_deadlock_cycles) {
                char buf[2048];
                noc_net_describe_blocked(&net, buf, sizeof buf);
                return finish(failed(
                    run, "noc_deadlock", now,
                    "deadlock on NoC" + std::to_string(k) + ": no flit has moved since cycle " +
                        std::to_string(net.last_progress) + " (now " + std::to_string(now) +
                        ") while " + std::to_string(net.pkts_live) +
                        " packets are in flight; blocked input VCs:\n" + buf));
            }
        }
        /* 2. stall: cores wait on what an empty network can never change */
        if (std::string st = stalled(chip, p, now); !st.empty())
            return finish(failed(run, "stall", now, st));
        progress.update(now, cycles, drain_limit);
        /* 3. done? (a replay may finish before sim.cycles) */
        if (now < cycles && !window_to_end)
            continue;
        bool idle =
            (!chip.workload() || chip.workload()->model().idle(now)) && chip.coprocessors_idle();
        std::string cerr = chip.coprocessor_error();
        const char *kind = "tensix";
        if (auto *ts = chip.workload()
                           ? dynamic_cast<const TensixStreamWorkload *>(&chip.workload()->model())
                           : nullptr;
            ts && ts->state().failed && cerr.empty()) {
            cerr = std::string("tensix_stream: ") + ts->state().error;
            kind = "workload";
        }
        if (!cerr.empty())
            return finish(failed(run, kind, now, cerr));
        for (uint32_t k = 0; k < chip.n_nocs(); k++)
            idle = idle && noc_net_quiescent(&chip.noc(k).net());
        if (idle || (now >= cycles && !p.sim_drain))
            break;
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
    /* a run ends on a slice boundary; report the cycle the last flit moved */
    uint64_t last = window_to_end ? chip.coprocessors_last_busy() : std::min<uint64_t>(now, cycles);
    for (uint32_t k = 0; k < chip.n_nocs(); k++)
        last = std::max<uint64_t>(last, std::min<uint64_t>(now, chip.noc(k).net().last_progress));
    run->cycles = last;
    if (window_to_end) {
        close_window(chip, run);
        window_closed = true;
        run->window_cycles = last - warmup;
    }
    run->drained = true;
    return finish("");
}

extern "C" int bh_platform_run(const BhOptions *opts)
{
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
    std::vector<std::string> sets(opts->sets, opts->sets + opts->nsets);
    std::string err;
    if (opts->list_params) {
        config_list_params(std::cout, opts->list_params == 2);
        return BH_EXIT_OK;
    }
    BhParams p;
    std::string cfg = opts->config ? opts->config : "p150b";
    if (!config_load(cfg, sets, &p, &err)) {
        std::fprintf(stderr, "bhsim: config: %s\n", err.c_str());
        return BH_EXIT_USAGE;
    }
    ChipPlan plan;
    std::string dumps;
    for (int i = 0; i < opts->ndumps; i++)
        dumps += std::string(";") + opts->dumps[i];
    if (!plan_chip(p, &plan, &err) ||
        !plan_l1_dumps(*plan.grid, "--dump-l1", dumps, kL1Bytes, &plan.l1_dumps, &err)) {
        std::fprintf(stderr, "bhsim: config: %s\n", err.c_str());
        return BH_EXIT_USAGE;
    }
    if (opts->list_tiles) {
        std::vector<char> buf(bh_grid_format(plan.grid.get(), nullptr, 0) + 1);
        bh_grid_format(plan.grid.get(), buf.data(), buf.size());
        std::fputs(buf.data(), stdout);
        return BH_EXIT_OK;
    }
    for (const char *path : {p.output_report, p.output_heatmap})
        if (*path && !writable(path, &err)) {
            std::fprintf(stderr, "bhsim: output: %s\n", err.c_str());
            return BH_EXIT_USAGE;
        }
    bool quiet = opts->quiet != 0;
    bh_log_set_sink(log_to_stderr, &quiet);

    std::unique_ptr<Chip> chip;
    sc_core::sc_trace_file *tf = nullptr;
    try {
        chip = std::make_unique<Chip>("chip", plan, *p.output_vcd != 0);
        if (*p.output_vcd) {
            tf = sc_core::sc_create_vcd_trace_file(strip_vcd(p.output_vcd).c_str());
            if (!tf) {
                std::fprintf(stderr, "bhsim: output: cannot write '%s'\n", p.output_vcd);
                return BH_EXIT_USAGE;
            }
            /* SystemC announces the time unit as an info report; the console is ours */
            sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
            tf->set_time_unit(1, sc_core::SC_PS);
            chip->trace(tf);
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "bhsim: elaboration failed: %s\n", e.what());
        return BH_EXIT_SIM_ERROR;
    }

    RunInfo run;
    run.config_name = cfg;
    run.window_cycles = plan.traffic.stop - plan.traffic.warmup;
    std::string failure = run_loop(*chip, p, quiet, &run);
    run.peak_rss_mib = peak_rss_mib();
    int rc = failure.empty() ? BH_EXIT_OK : BH_EXIT_SIM_ERROR;
    if (!failure.empty())
        std::fprintf(stderr, "bhsim: simulation error: %s\n", failure.c_str());
    /* L1 as the run left it, also after a failure: that is when it is most wanted */
    if (!chip->dump_l1(&err)) {
        std::fprintf(stderr, "bhsim: output: %s\n", err.c_str());
        rc = BH_EXIT_SIM_ERROR;
    }
    if (tf) {
        sc_core::sc_close_vcd_trace_file(tf);
        if (!write_vcd_views(*chip, p.output_vcd, &err)) {
            std::fprintf(stderr, "bhsim: output: %s\n", err.c_str());
            rc = BH_EXIT_SIM_ERROR;
        }
    }
    /* the report is written whatever happened: a failed run's says why, and when */
    boost::json::object report = build_report(*chip, p, run);
    if (*p.output_report) {
        std::ofstream f(p.output_report);
        f << boost::json::serialize(report) << "\n";
        if (!f) {
            std::fprintf(stderr, "bhsim: output: cannot write '%s'\n", p.output_report);
            rc = BH_EXIT_SIM_ERROR;
        }
    }
    if (*p.output_heatmap && !write_heatmap(*chip, run, p.output_heatmap, &err)) {
        std::fprintf(stderr, "bhsim: output: %s\n", err.c_str());
        rc = BH_EXIT_SIM_ERROR;
    }
    if (!quiet && failure.empty())
        print_summary(report, stdout);
    return rc;
}
