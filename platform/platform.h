/* platform/platform.h - the C entry point of the platform, called by sc_main.c. */
#ifndef BH_PLATFORM_H
#define BH_PLATFORM_H
#include <signal.h>
#ifdef __cplusplus
extern "C" {
#endif

typedef struct BhOptions {
    const char *config;      /* product name (platform/configs/<name>.json) or a JSON file path */
    const char *const *sets; /* "key=value" overrides, applied in order after the file */
    int nsets;
    const char *const *dumps; /* --dump-l1 "X,Y:ADDR:LEN:FILE" entries, added to output.dump_l1 */
    int ndumps;
    int list_tiles;  /* print the tile grid and exit */
    int list_params; /* 1: text table, 2: markdown table; then exit */
    int list_stats;  /* print the statistics tables as markdown and exit */
    int quiet;       /* no console summary or progress */
    /* Runs a host workload (workload.name one of BH_HOST_WORKLOADS, bh_workload_is_host) on
     * the chip instead of bh_chip_run, returning the exit code; sc_main.c passes the host
     * library's bh_host_workload_run, so this library does not link it. NULL: such a
     * workload is a usage error. */
    int (*host_run)(struct BhChip *chip, const char *workload_name);
    /* The host library's statistics table (bh_stats.h; BhHostTimes), listed by --list-stats
     * after the models'; sc_main.c passes bh_host_stat_table. NULL: none. */
    const struct BhStatTable *host_stats;
    /* NULL, or the flag sc_main.c's SIGINT/SIGTERM handler sets to the signal's number: the run
     * stops at its next slice, its report (error kind "interrupted") and VCD are written and
     * closed, and the exit code is 128 + the signal's number (130, 143) */
    const volatile sig_atomic_t *stop_signal;
} BhOptions;

#define BH_EXIT_OK 0
#define BH_EXIT_SIM_ERROR 1
#define BH_EXIT_USAGE 2

/* Runs one simulation as described by opts; returns the process exit code. */
int bh_platform_run(const BhOptions *opts);
const char *bh_version(void);

#ifdef __cplusplus
}
#endif
#endif
