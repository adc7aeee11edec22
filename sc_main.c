// SPDX-License-Identifier: Apache-2.0
/* sc_main.c - bhsim's command line: options become a BhOptions (shorthands become "key=value"
 * sets), then the platform runs. SystemC declares sc_main extern "C", so this file is C. */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/bh_host.h"
#include "model/tile/l1.h"
#include "platform/tile/l1_ports.h"
#include "platform/platform.h"

enum {
    OPT_SEED = 256,
    OPT_REPORT,
    OPT_VCD,
    OPT_HEATMAP,
    OPT_TIMELINE,
    OPT_PROFILE,
    OPT_DUMP_L1,
    OPT_LIST_TILES,
    OPT_LIST_PARAMS,
    OPT_LIST_STATS,
    OPT_LIST_L1_PORTS
};

static const struct option long_opts[] = {
    {"config", required_argument, NULL, 'c'},
    {"set", required_argument, NULL, 's'},
    {"workload", required_argument, NULL, 'w'},
    {"cycles", required_argument, NULL, 'n'},
    {"seed", required_argument, NULL, OPT_SEED},
    {"report", required_argument, NULL, OPT_REPORT},
    {"vcd", required_argument, NULL, OPT_VCD},
    {"heatmap", required_argument, NULL, OPT_HEATMAP},
    {"timeline", required_argument, NULL, OPT_TIMELINE},
    {"profile", required_argument, NULL, OPT_PROFILE},
    {"dump-l1", required_argument, NULL, OPT_DUMP_L1},
    {"list-tiles", no_argument, NULL, OPT_LIST_TILES},
    {"list-params", optional_argument, NULL, OPT_LIST_PARAMS},
    {"list-stats", no_argument, NULL, OPT_LIST_STATS},
    {"list-l1-ports", optional_argument, NULL, OPT_LIST_L1_PORTS},
    {"quiet", no_argument, NULL, 'q'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};
static const char short_opts[] = ":c:s:w:n:qhV"; /* leading ':' -> ':' for a missing argument */

/* Options that are shorthands for one config key. */
static const struct {
    int opt;
    const char *key;
} shorthands[] = {
    {'w', "workload.name"},
    {'n', "sim.cycles"},
    {OPT_SEED, "sim.seed"},
    {OPT_REPORT, "output.report"},
    {OPT_VCD, "output.vcd"},
    {OPT_HEATMAP, "output.heatmap"},
    {OPT_TIMELINE, "output.timeline"},
    {OPT_PROFILE, "output.profile"},
};
#define NSHORTHANDS (sizeof shorthands / sizeof shorthands[0])

static void usage(FILE *f)
{
    fputs("usage: bhsim [OPTION]...\n"
          "Simulate a Tenstorrent Blackhole chip (SystemC/TLM-2.0): both NoCs, the NIUs, L1, the\n"
          "GDDR6 controllers and the Tensix coprocessor, driven by one workload.\n"
          "\n"
          "  -c, --config NAME|FILE  chip configuration: a product (p150b, p150a, p100a) or a\n"
          "                          generic network (mesh8, torus8, unitorus8), or a JSON file\n"
          "                          path; default p150b\n"
          "  -s, --set KEY=VALUE     override one config key (repeatable; later wins)\n"
          "  -w, --workload NAME     what runs, same as --set workload.name=NAME:\n"
          "                            uniform, transpose, hotspot, neighbour, gather, multicast\n"
          "                                 synthetic NoC traffic at workload.rate (default\n"
          "                                 uniform); workload.op picks the transfer kind\n"
          "                            dram_stream    Tensix cores read and write DRAM pages\n"
          "                                 interleaved over the GDDR6 controllers\n"
          "                            noc_trace      replay the tt-metal NoC trace or tt-npe\n"
          "                                 workload in workload.trace\n"
          "                            tensix_stream  scripts in workload.t0, t1, t2 and brisc\n"
          "                                 drive the Tensix coprocessor of workload.tiles\n"
          "                            riscv          RV32 ELF programs on the baby RISC-V\n"
          "                                 cores, workload.elf=X,Y:CORE:FILE;...\n"
          "                            host           boot the firmware on every Tensix tile\n"
          "                            eltwise, matmul, dram_copy, sfpu, dram_bw, dm\n"
          "                                 host programs (host/programs/): kernels on\n"
          "                                 workload.grid, checked against a reference\n"
          "                                 computed on the host\n"
          "                            none           no traffic\n"
          "  -n, --cycles N          injection cycles, same as --set sim.cycles=N\n"
          "      --seed N            random seed, same as --set sim.seed=N\n"
          "      --report FILE       write the JSON report, same as --set output.report=FILE\n"
          "      --vcd FILE          write a VCD waveform, same as --set output.vcd=FILE; also\n"
          "                          writes FILE's base name + .gtkw (GTKWave view of the run)\n"
          "                          and + .l1_clients.txt (names the L1 holder values)\n"
          "      --heatmap FILE      write an SVG link heatmap, same as --set output.heatmap=FILE\n"
          "      --timeline FILE     write a timeline for Perfetto UI (Chrome trace JSON, .gz\n"
          "                          compressed), same as --set output.timeline=FILE\n"
          "      --profile DIR       write the cores' source-level profile (LCOV, callgrind,\n"
          "                          hot.txt) into DIR, same as --set output.profile=DIR\n"
          "      --dump-l1 [C@]X,Y:ADDR:LEN:FILE\n"
          "                          after the run, write LEN bytes of tile X,Y's L1 from ADDR\n"
          "                          to FILE (of chip C of system.chips; repeatable; adds to\n"
          "                          output.dump_l1)\n"
          "      --list-tiles        print the tile grid of the configuration and exit\n"
          "      --list-params[=markdown]\n"
          "                          print every config key (type, default, range, meaning) "
          "and exit\n"
          "      --list-stats        print every model statistic (report key, kind, meaning) as\n"
          "                          markdown (docs/statistics.md) and exit\n"
          "      --list-l1-ports[=markdown|wormhole]\n"
          "                          print which L1 clients use which L1 ports (and each\n"
          "                          client's VCD holder value) and exit; wormhole: the map of\n"
          "                          l1.preset=wormhole\n"
          "  -q, --quiet             no console summary or progress\n"
          "  -h, --help              print this help and exit\n"
          "  -V, --version           print the version and exit\n"
          "\n"
          "Config keys: a JSON config file sets keys as {\"noc\": {\"vc_buffer_flits\": 8}} or\n"
          "{\"noc.vc_buffer_flits\": 8} and may \"include\" another config; --set and the\n"
          "shorthands apply on top, in command-line order. See 'bhsim --list-params' for every\n"
          "key. An unknown key or a bad value stops the run with a message naming the key.\n"
          "\n"
          "Example, the Tensix demo of traces/tensix/demo/ with all its scripts:\n"
          "  bhsim --workload tensix_stream --set workload.t0=traces/tensix/demo/t0.txt \\\n"
          "    --set workload.t1=traces/tensix/demo/t1.txt \\\n"
          "    --set workload.brisc=traces/tensix/demo/brisc.txt --vcd traces/demo.vcd\n"
          "\n"
          "Exit status: 0 ok, 1 simulation error, 2 bad usage or bad configuration.\n",
          f);
}

/* --list-l1-ports: the map comes from the L1 model's client table, not from a chip */
static int list_l1_ports(int markdown, int wormhole)
{
    const uint32_t preset = wormhole ? L1_PRESET_WORMHOLE : L1_PRESET_BLACKHOLE;
    size_t n = bh_l1_ports_format(markdown, preset, NULL, 0) + 1;
    char *buf = malloc(n);
    if (!buf) {
        fputs("bhsim: out of memory\n", stderr);
        return BH_EXIT_SIM_ERROR;
    }
    bh_l1_ports_format(markdown, preset, buf, n);
    fputs(buf, stdout);
    free(buf);
    return BH_EXIT_OK;
}

static const char *long_name(int opt)
{
    for (const struct option *o = long_opts; o->name; ++o)
        if (o->val == opt)
            return o->name;
    return "?";
}

/* "--s" is a prefix of both --set and --seed. */
static int ambiguous(const char *arg)
{
    if (strncmp(arg, "--", 2) != 0)
        return 0;
    const size_t len = strcspn(arg + 2, "=");
    int n = 0;
    for (const struct option *o = long_opts; o->name; ++o)
        n += strncmp(o->name, arg + 2, len) == 0;
    return n > 1;
}

static int bad_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int bad_usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("bhsim: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs("; try 'bhsim --help'\n", stderr);
    va_end(ap);
    return BH_EXIT_USAGE;
}

/* Fills opts from argv; sets point into argv or into text and fill `sets` from the front,
 * --dump-l1 arguments fill it from the back (argc slots are enough for both). Returns -1 to
 * run, else an exit code. */
static int parse(int argc, char *argv[], BhOptions *opts, const char **sets, char *text)
{
    int nsets = 0, ndumps = 0, c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, short_opts, long_opts, NULL)) != -1) {
        const char *arg = argv[optind - 1];
        char shortname[3] = {'-', (char)optopt, '\0'};
        switch (c) {
        case 'c':
            opts->config = optarg;
            break;
        case 's':
            sets[nsets++] = optarg;
            break;
        case OPT_LIST_TILES:
            opts->list_tiles = 1;
            break;
        case OPT_LIST_PARAMS:
            if (optarg && strcmp(optarg, "markdown") != 0 && strcmp(optarg, "text") != 0)
                return bad_usage("--list-params takes 'markdown' or 'text', not '%s'", optarg);
            opts->list_params = optarg && strcmp(optarg, "markdown") == 0 ? 2 : 1;
            break;
        case OPT_LIST_STATS:
            opts->list_stats = 1;
            break;
        case OPT_LIST_L1_PORTS:
            if (optarg && strcmp(optarg, "markdown") != 0 && strcmp(optarg, "text") != 0 &&
                strcmp(optarg, "wormhole") != 0)
                return bad_usage("--list-l1-ports takes 'markdown', 'text' or 'wormhole', not '%s'",
                                 optarg);
            return list_l1_ports(optarg && strcmp(optarg, "markdown") == 0,
                                 optarg && strcmp(optarg, "wormhole") == 0);
        case 'q':
            opts->quiet = 1;
            break;
        case OPT_DUMP_L1:
            sets[argc - 1 - ndumps++] = optarg;
            break;
        case 'h':
            usage(stdout);
            return BH_EXIT_OK;
        case 'V':
            printf("bhsim %s\n", bh_version());
            return BH_EXIT_OK;
        case ':':
            if (optopt >= 256 || strncmp(arg, "--", 2) == 0)
                return bad_usage("option '--%s' needs an argument", long_name(optopt));
            return bad_usage("option '%s' needs an argument", shortname);
        case '?':
            if (optopt == 0 && ambiguous(arg))
                return bad_usage("ambiguous option '%s'", arg);
            if (optopt == 0)
                return bad_usage("unknown option '%s'", arg);
            if (strncmp(arg, "--", 2) == 0)
                return bad_usage("option '--%s' takes no argument", long_name(optopt));
            return bad_usage("unknown option '%s'", shortname);
        default: /* a shorthand for one key */
            for (size_t i = 0; i < NSHORTHANDS; ++i)
                if (shorthands[i].opt == c) {
                    sets[nsets++] = text;
                    text += sprintf(text, "%s=%s", shorthands[i].key, optarg) + 1;
                }
            break;
        }
    }
    if (optind < argc)
        return bad_usage("unexpected argument '%s'", argv[optind]);
    opts->sets = sets;
    opts->nsets = nsets;
    opts->dumps = sets + argc - ndumps;
    opts->ndumps = ndumps; /* in reverse order of the command line: put them back */
    for (int i = 0; i < ndumps / 2; i++) {
        const char *t = sets[argc - ndumps + i];
        sets[argc - ndumps + i] = sets[argc - 1 - i];
        sets[argc - 1 - i] = t;
    }
    return -1;
}

/* The first SIGINT or SIGTERM asks the run to stop at its next slice and still write its
 * report and close its VCD (BhOptions.stop_signal); a second one ends the process at once. */
static volatile sig_atomic_t stop_signal;

static void on_stop_signal(int sig)
{
    stop_signal = sig;
}

static void catch_stop_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sa.sa_flags = SA_RESETHAND; /* the second signal takes its default action */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

int sc_main(int argc, char *argv[])
{
    /* At most one set per argument; a shorthand's text is its key, '=' and its argument. */
    size_t text_size = 1, key_max = 0;
    for (size_t i = 0; i < NSHORTHANDS; ++i)
        if (strlen(shorthands[i].key) > key_max)
            key_max = strlen(shorthands[i].key);
    for (int i = 0; i < argc; ++i)
        text_size += strlen(argv[i]) + key_max + 2;
    const char **sets = malloc(sizeof *sets * (size_t)(argc > 0 ? argc : 1));
    char *text = malloc(text_size);
    if (!sets || !text) {
        fputs("bhsim: out of memory\n", stderr);
        free(sets);
        free(text);
        return BH_EXIT_SIM_ERROR;
    }
    BhOptions opts = {
        .config = "p150b", .host_run = bh_host_workload_run, .host_stats = &bh_host_stat_table};
    int rc = parse(argc, argv, &opts, sets, text);
    if (rc < 0) {
        catch_stop_signals();
        opts.stop_signal = &stop_signal;
        rc = bh_platform_run(&opts);
    }
    free(sets);
    free(text);
    return rc;
}

/* SystemC prints its banner from sc_elab_and_sim unless this variable is set; bhsim's output
 * is its own, so the program starts here and hands over to SystemC's usual entry. */
int sc_elab_and_sim(int argc, char *argv[]);
int main(int argc, char *argv[])
{
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
    return sc_elab_and_sim(argc, argv);
}
