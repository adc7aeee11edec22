// SPDX-License-Identifier: Apache-2.0
/* tests/host/test_host_boot.c - a p150b with workload host: the firmware boots on all 140
 * workers (every done line READY, seq 0) and then waits; held cores cost nothing. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "host/bh_host.h"
#include "tests/check.h"
#include "tests/host/host_rig.h"

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static BhChip *make(void)
{
    char err[512] = "";
    BhChip *c = host_rig_chip(err, sizeof err);
    if (!c) {
        fprintf(stderr, "test_host_boot: %s\n", err);
        exit(1);
    }
    return c;
}

static void test_boot(void)
{
    BhChip *c = make();
    /* held in reset, the cores cost nothing */
    double t0 = seconds();
    CHECK_EQ_U32(bh_chip_advance(c, 100000), BH_CHIP_OK);
    double held = seconds() - t0;
    fprintf(stderr, "idle, cores held: 100000 cycles in %.3f s (%.0f cycles/s)\n", held,
            100000 / held);
    char err[4096];
    t0 = seconds();
    const uint64_t before = bh_chip_now(c);
    BhDevice *dev = bh_device_open(c, err, sizeof err);
    CHECK(dev != NULL);
    if (!dev) {
        fprintf(stderr, "open: %s\n", err);
        bh_chip_free(c);
        return;
    }
    fprintf(stderr, "boot: %llu cycles, %.3f s\n", (unsigned long long)(bh_chip_now(c) - before),
            seconds() - t0);
    uint32_t cols, rows;
    bh_device_grid(dev, &cols, &rows);
    CHECK_EQ_U32(cols, 14);
    CHECK_EQ_U32(rows, 10);
    CHECK_EQ_U32(bh_device_dram_banks(dev), 8);
    /* every core of every worker answers READY with seq 0, and stays there */
    t0 = seconds();
    /* longer than noc.deadlock_cycles: idle firmware is not a stall */
    CHECK_EQ_U32(bh_chip_advance(c, 250000), BH_CHIP_OK);
    fprintf(stderr, "idle, firmware waiting: 250000 cycles in %.3f s (%.0f cycles/s)%s\n",
            seconds() - t0, 250000 / (seconds() - t0), bh_chip_error(c));
    uint32_t ready = 0;
    for (uint32_t y = 0; y < rows; y++)
        for (uint32_t x = 0; x < cols; x++) {
            uint32_t nx, ny;
            BhDoneMsg d[BH_ROLES];
            CHECK_EQ_U32(bh_device_worker_noc(dev, x, y, &nx, &ny), 0);
            CHECK_EQ_U32(bh_chip_mem_read(c, nx, ny, BH_L1_DONE, d, sizeof d), BH_CHIP_OK);
            for (int r = 0; r < BH_ROLES; r++)
                ready += d[r].seq == 0 && d[r].status == BH_DONE_READY;
            char what[256];
            CHECK_EQ_U32(bh_chip_core_text(c, nx, ny, "ncrisc", what, sizeof what), BH_CHIP_OK);
            CHECK(strstr(what, "fw_main") != NULL);
        }
    CHECK_EQ_U32(ready, 140 * 5);
    /* the firmware sleeps on the launch word; a backdoor write of it wakes every core of that
     * tile, which answers the launch (no kernels) within a few hundred cycles */
    uint32_t nx, ny;
    char what[256] = "";
    bh_device_worker_noc(dev, 6, 3, &nx, &ny);
    CHECK_EQ_U32(bh_chip_core_text(c, nx, ny, "trisc1", what, sizeof what), BH_CHIP_OK);
    CHECK(strstr(what, "poll_sleep") && strstr(what, "polling 0x00016000"));
    fprintf(stderr, "waiting firmware: %s\n", what);
    const uint32_t seq = 1;
    CHECK_EQ_U32(bh_chip_mem_write(c, nx, ny, BH_L1_LAUNCH, &seq, 4), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_advance(c, 500), BH_CHIP_OK);
    BhDoneMsg d[BH_ROLES];
    CHECK_EQ_U32(bh_chip_mem_read(c, nx, ny, BH_L1_DONE, d, sizeof d), BH_CHIP_OK);
    for (int r = 0; r < BH_ROLES; r++) {
        CHECK_EQ_U32(d[r].seq, 1);
        CHECK_EQ_U32(d[r].status, BH_DONE_OK);
    }
    /* BH_LAUNCH_EXIT: every core answers EXITED and stops */
    const uint32_t exit_msg[2] = {2, BH_LAUNCH_EXIT};
    CHECK_EQ_U32(bh_chip_mem_write(c, nx, ny, BH_L1_LAUNCH + 4, &exit_msg[1], 4), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_mem_write(c, nx, ny, BH_L1_LAUNCH, &exit_msg[0], 4), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_advance(c, 500), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_mem_read(c, nx, ny, BH_L1_DONE, d, sizeof d), BH_CHIP_OK);
    for (int r = 0; r < BH_ROLES; r++) {
        CHECK_EQ_U32(d[r].seq, 2);
        CHECK_EQ_U32(d[r].status, BH_DONE_EXITED);
    }
    CHECK_EQ_U32(bh_chip_core_text(c, nx, ny, "brisc", what, sizeof what), BH_CHIP_OK);
    CHECK(strstr(what, "ebreak") != NULL);
    CHECK(bh_device_worker_noc(dev, 14, 0, &cols, &rows) < 0);
    bh_device_close(dev);
    bh_chip_free(c);
}

int main(void)
{
    RUN(test_boot);
    return check_failures();
}
