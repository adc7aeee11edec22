// SPDX-License-Identifier: Apache-2.0
/* tests/host/test_host_kernels.c - kernels on real firmware and cores of a p150b: a
 * data-movement kernel on a 2x2 range launched twice with new arguments, a compute kernel
 * with an NCRISC kernel, the compile cache, and the errors a host program can make (compile
 * error, image too large, too many arguments, a range outside the grid, a kernel that never
 * returns). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "host/bh_host_internal.h" /* compiler_runs: the cache test counts compilations */
#include "tests/check.h"
#include "tests/host/host_rig.h"

#define K(name) BH_TEST_KERNELS "/" name
#define RESULT 0x100000u /* L1 scratch the kernels write, below the L1 buffers */

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint32_t read_l1(BhDevice *dev, uint32_t x, uint32_t y, uint32_t addr)
{
    uint32_t nx, ny, v = 0xDEADBEEF;
    bh_device_worker_noc(dev, x, y, &nx, &ny);
    bh_chip_mem_read(bh_device_chip(dev), nx, ny, addr, &v, 4);
    return v;
}

static void dm_sum_twice(BhDevice *dev)
{
    const BhCoreRange r = {1, 1, 2, 2};
    const uint32_t ct[] = {1000};
    BhKernelSpec s = {0};
    s.source = K("dm_sum.cpp");
    s.type = BH_KERNEL_DM0;
    s.compile_args = ct;
    s.n_compile_args = 1;
    BhProgram *p = bh_program_create(dev);
    const int k = bh_program_add_kernel(p, &r, &s);
    CHECK(k >= 0);
    for (int round = 0; round < 2; round++) {
        for (uint32_t y = 1; y <= 2; y++)
            for (uint32_t x = 1; x <= 2; x++) {
                const uint32_t a[] = {RESULT, 3, x, y * 10, (uint32_t)round * 100};
                CHECK_EQ_U32(bh_program_set_runtime_args(p, k, x, y, a, 5), 0);
            }
        const double t0 = seconds();
        const uint64_t runs = dev->compiler_runs;
        BhProgramTiming t = {0};
        CHECK_EQ_U32(bh_program_run(dev, p, 200000, &t), 0);
        if (round == 0)
            fprintf(stderr, "dm_sum: first launch (cold compile: %llu runs) %.3f s\n",
                    (unsigned long long)(dev->compiler_runs - runs), seconds() - t0);
        CHECK(t.finished > t.launched);
        CHECK_EQ_U64(t.cycles, t.finished - t.launched);
        fprintf(stderr, "dm_sum round %d: launched %llu, %llu cycles; %s\n", round,
                (unsigned long long)t.launched, (unsigned long long)t.cycles, bh_device_error(dev));
        for (uint32_t y = 1; y <= 2; y++)
            for (uint32_t x = 1; x <= 2; x++)
                CHECK_EQ_U32(read_l1(dev, x, y, RESULT), 1000 + x + y * 10 + round * 100);
    }
    CHECK_EQ_U32(read_l1(dev, 0, 0, RESULT), 0); /* outside the range: untouched */
    bh_program_free(dev, p);
}

static void compute_and_ncrisc(BhDevice *dev)
{
    const BhCoreRange r = {3, 4, 3, 4};
    BhKernelSpec c = {0}, n = {0};
    c.source = K("compute_empty.cpp");
    c.type = BH_KERNEL_COMPUTE;
    c.math_fidelity = BH_HIFI4;
    n.source = K("nc_mark.cpp");
    n.type = BH_KERNEL_DM1;
    n.noc = 1;
    BhProgram *p = bh_program_create(dev);
    CHECK(bh_program_add_kernel(p, &r, &c) >= 0);
    const int kn = bh_program_add_kernel(p, &r, &n);
    CHECK(kn >= 0);
    const uint32_t a[] = {RESULT + 16, 0x5EED};
    CHECK_EQ_U32(bh_program_set_runtime_args(p, kn, 3, 4, a, 2), 0);
    BhProgramTiming t;
    CHECK_EQ_U32(bh_program_run(dev, p, 200000, &t), 0);
    if (*bh_device_error(dev))
        fprintf(stderr, "compute_and_ncrisc: %s\n", bh_device_error(dev));
    CHECK_EQ_U32(read_l1(dev, 3, 4, RESULT + 16), 0x5EED);
    CHECK_EQ_U32(read_l1(dev, 3, 4, RESULT + 20), BH_ROLE_NCRISC);
    /* every role answered this launch */
    uint32_t nx, ny;
    BhDoneMsg d[BH_ROLES];
    bh_device_worker_noc(dev, 3, 4, &nx, &ny);
    bh_chip_mem_read(bh_device_chip(dev), nx, ny, BH_L1_DONE, d, sizeof d);
    for (int role = 0; role < BH_ROLES; role++) {
        CHECK_EQ_U32(d[role].status, BH_DONE_OK);
        CHECK(role == BH_ROLE_BRISC || d[role].end >= d[role].start);
    }
    /* a second program of the same kernels compiles nothing */
    const uint64_t runs = dev->compiler_runs;
    const double t0 = seconds();
    BhProgram *q = bh_program_create(dev);
    CHECK(bh_program_add_kernel(q, &r, &c) >= 0);
    CHECK(bh_program_add_kernel(q, &r, &n) >= 0);
    CHECK_EQ_U32(bh_program_launch(dev, q), 0);
    fprintf(stderr, "cached build and launch of 4 images: %.3f s\n", seconds() - t0);
    CHECK_EQ_U64(dev->compiler_runs, runs);
    CHECK_EQ_U32(bh_program_wait(dev, q, 200000, NULL), 0);
    bh_program_free(dev, q);
    bh_program_free(dev, p);
}

/* A kernel asleep on an L1 word wakes when another tile's kernel writes it over the NoC (an
 * inline write: an untimed write into L1, which must still wake the sleeper). */
static void noc_write_wakes(BhDevice *dev)
{
    const BhCoreRange waiter = {0, 9, 0, 9}, poker = {13, 0, 13, 0};
    BhKernelSpec w = {0}, p = {0};
    w.source = K("spin.cpp");
    w.type = BH_KERNEL_DM0;
    p.source = K("poke.cpp");
    p.type = BH_KERNEL_DM0;
    BhProgram *prog = bh_program_create(dev);
    const int kw = bh_program_add_kernel(prog, &waiter, &w);
    const int kp = bh_program_add_kernel(prog, &poker, &p);
    uint32_t nx, ny;
    bh_device_worker_noc(dev, 0, 9, &nx, &ny);
    const uint32_t aw[] = {RESULT + 128}, ap[] = {nx, ny, RESULT + 128, 0xC0FFEE};
    CHECK_EQ_U32(bh_program_set_runtime_args(prog, kw, 0, 9, aw, 1), 0);
    CHECK_EQ_U32(bh_program_set_runtime_args(prog, kp, 13, 0, ap, 4), 0);
    BhProgramTiming t;
    CHECK_EQ_U32(bh_program_run(dev, prog, 300000, &t), 0);
    if (*bh_device_error(dev))
        fprintf(stderr, "noc_write_wakes: %s\n", bh_device_error(dev));
    CHECK_EQ_U32(read_l1(dev, 0, 9, RESULT + 128), 0xC0FFEE);
    fprintf(stderr, "noc_write_wakes: %llu cycles\n", (unsigned long long)t.cycles);
    bh_program_free(dev, prog);
}

/* a program of one BRISC kernel on (x, y) that must fail; the message must hold `want` */
static void expect_fail(BhDevice *dev, const char *src, uint32_t n_args, const char *want,
                        const char *want2)
{
    const BhCoreRange r = {5, 5, 5, 5};
    BhKernelSpec s = {0};
    s.source = src;
    s.type = BH_KERNEL_DM0;
    BhProgram *p = bh_program_create(dev);
    const int k = bh_program_add_kernel(p, &r, &s);
    static uint32_t args[BH_RTA_WORDS + 1];
    args[0] = RESULT + 64;
    int rc = bh_program_set_runtime_args(p, k, 5, 5, args, n_args);
    if (rc == 0)
        rc = bh_program_run(dev, p, 400000, NULL);
    CHECK(rc != 0);
    const char *e = bh_device_error(dev);
    CHECK(strstr(e, want) != NULL);
    CHECK(!want2 || strstr(e, want2) != NULL);
    fprintf(stderr, "expected error: %s\n", e);
    bh_program_free(dev, p);
}

static void errors(BhDevice *dev)
{
    expect_fail(dev, K("bad_syntax.cpp"), 1, "bad_syntax.cpp:5", "undeclared_name_here");
    expect_fail(dev, K("too_big.cpp"), 1, "64 KiB slot", "too_big.cpp (brisc)");
    expect_fail(dev, K("dm_sum.cpp"), BH_RTA_WORDS + 1, "257 words", "BH_RTA_WORDS");
    expect_fail(dev, K("spin.cpp"), 1, "kernel_main", "tile (6,7)");
    CHECK(strstr(bh_device_error(dev), "brisc") != NULL);
    const BhCoreRange out = {13, 9, 14, 9};
    BhKernelSpec s = {0};
    s.source = K("dm_sum.cpp");
    s.type = BH_KERNEL_DM0;
    BhProgram *p = bh_program_create(dev);
    CHECK(bh_program_add_kernel(p, &out, &s) < 0);
    CHECK(strstr(bh_device_error(dev), "outside the 14x10 worker grid") != NULL);
    bh_program_free(dev, p);
}

int main(void)
{
    char err[4096] = "";
    BhChip *c = host_rig_chip(err, sizeof err);
    if (!c) {
        fprintf(stderr, "test_host_kernels: %s\n", err);
        return 1;
    }
    BhDevice *dev = bh_device_open(c, err, sizeof err);
    if (!dev) {
        fprintf(stderr, "test_host_kernels: %s\n", err);
        return 1;
    }
    dm_sum_twice(dev);
    compute_and_ncrisc(dev);
    noc_write_wakes(dev);
    errors(dev);
    bh_device_close(dev);
    bh_chip_free(c);
    return check_failures();
}
