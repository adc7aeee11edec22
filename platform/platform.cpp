// SPDX-License-Identifier: Apache-2.0
/* bh_platform_run, bhsim's command line as a client of the library (platform/bhsim.h):
 * the listings that need no chip, then create, run, write the outputs, summarize. */
#include "platform/platform.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>
#include "platform/bhsim.h"
#include "platform/chip.h"
#include "platform/config.h"
#include "platform/output/stats.h"

using namespace bh;

const char *bh_version(void)
{
    return BH_VERSION;
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
    if (opts->list_stats) {
        std::fputs(stats_markdown(opts->host_stats).c_str(), stdout);
        return BH_EXIT_OK;
    }
    if (opts->list_tiles) {
        BhParams p;
        ChipPlan plan;
        std::string dumps;
        for (int i = 0; i < opts->ndumps; i++)
            dumps += std::string(";") + opts->dumps[i];
        if (!config_load(opts->config ? opts->config : "p150b", sets, &p, &err) ||
            !plan_chip(p, &plan, &err) ||
            !plan_l1_dumps(*plan.grid, "--dump-l1", dumps, plan.l1.size_bytes, &plan.l1_dumps,
                           &err)) {
            std::fprintf(stderr, "bhsim: config: %s\n", err.c_str());
            return BH_EXIT_USAGE;
        }
        std::vector<char> buf(bh_grid_format(plan.grid.get(), nullptr, 0) + 1);
        bh_grid_format(plan.grid.get(), buf.data(), buf.size());
        std::fputs(buf.data(), stdout);
        return BH_EXIT_OK;
    }
    BhChipOptions co{};
    co.config = opts->config;
    co.sets = opts->sets;
    co.nsets = opts->nsets;
    co.quiet = opts->quiet;
    co.dumps = opts->dumps;
    co.ndumps = opts->ndumps;
    co.stop_signal = opts->stop_signal;
    char msg[4096];
    BhChip *chip = nullptr;
    switch (bh_chip_create(&co, &chip, msg, sizeof msg)) {
    case BH_CHIP_OK:
        break;
    case BH_CHIP_ERR_SIM:
        std::fprintf(stderr, "bhsim: %s\n", msg);
        return BH_EXIT_SIM_ERROR;
    default:
        std::fprintf(stderr, "bhsim: %s\n", msg);
        return BH_EXIT_USAGE;
    }
    int rc = BH_EXIT_OK;
    char name[64] = "";
    bh_chip_param_text(chip, "workload.name", name, sizeof name);
    if (bh_workload_is_host(name)) {
        if (!opts->host_run) {
            std::fprintf(stderr,
                         "bhsim: workload.name: %s is a host program, which this "
                         "program cannot run\n",
                         name);
            bh_chip_free(chip);
            return BH_EXIT_USAGE;
        }
        rc = opts->host_run(chip, name);
    } else if (bh_chip_run(chip) != BH_CHIP_OK) {
        std::fprintf(stderr, "bhsim: simulation error: %s\n", bh_chip_error(chip));
        rc = BH_EXIT_SIM_ERROR;
    }
    if (bh_chip_write_outputs(chip, msg, sizeof msg) != BH_CHIP_OK) {
        for (const char *line = msg; *line;) { /* one message per output that failed */
            const char *nl = std::strchr(line, '\n');
            const int n = nl ? (int)(nl - line) : (int)std::strlen(line);
            std::fprintf(stderr, "bhsim: output: %.*s\n", n, line);
            line += n + (nl != nullptr);
        }
        rc = BH_EXIT_SIM_ERROR;
    }
    if (!opts->quiet && rc == BH_EXIT_OK)
        bh_chip_print_summary(chip);
    bh_chip_free(chip);
    if (opts->stop_signal && *opts->stop_signal)
        return 128 + (int)*opts->stop_signal; /* as a shell reports a process a signal ended */
    return rc;
}
