// SPDX-License-Identifier: Apache-2.0
/* dm: tt-metal's directed data-movement tests (tests/tt_metal/tt_metal/data_movement/) as
 * bhsim kernels (dataflow/dm_tests.cc), with their parameters and their measure, so their
 * published Blackhole figures can be set beside bhsim's (docs/fidelity.md, bench/dm_kernels.py).
 * workload.dm_test picks the test; each moves workload.tiles transactions of
 * workload.packet_bytes bytes from logical core (0,0), with no barrier between transactions:
 *   dram          (DRAM unary) BRISC writes the same L1 bytes to consecutive addresses of DRAM
 *                 bank 0, then NCRISC reads consecutive bank-0 addresses into the same L1
 *                 address (a semaphore orders them, so they never overlap)
 *   one_to_one    BRISC writes to the same L1 address of logical core (1,1)
 *   one_from_one  NCRISC reads the same L1 address of logical core (1,1)
 *   loopback      BRISC writes to a second L1 address of its own core (tt-metal's Loopback)
 *   mcast         BRISC multicasts to every other core of the workload.grid rectangle
 *   mcast_linked  the same, the transactions linked (all but the last)
 *   mcast_loopback, mcast_linked_loopback
 *                 the same with the sender included (noc_async_write_multicast_loopback_src)
 *   one_to_all    BRISC writes to every other core of the workload.grid rectangle in turn
 *                 (column by column, as tt-metal's corerange_to_cores lists them), all of one
 *                 core's transactions before the next core's, one barrier at the end
 *   one_to_all_loopback
 *                 the same, the sender among the cores written (to its second L1 range)
 *   one_from_all  NCRISC reads, the same way, every core of the workload.grid rectangle whose
 *                 first core is logical (1,1) (tt-metal's 4x4 at (1,1))
 *   all_to_all    every core of the workload.grid rectangle runs one_to_all_loopback's
 *                 kernel over the whole rectangle at once, each in the same core order
 *   all_from_all  every core of the rectangle reads, on NCRISC, every core of it in turn
 * BRISC's kernels run on NoC0 and NCRISC's on NoC1 (each RISC's default in tt-metal) unless
 * workload.dm_noc names one NoC for every kernel.
 * Each timed kernel reports the span from before its first transaction to after its barrier
 * (tt-metal's profiler zone), and bytes moved over it (num_transactions x size / span, for a
 * multicast the bytes of one receiver, for the to-all and from-all tests those of every core,
 * as tt-metal counts them). With several timed kernels (all_to_all, all_from_all) the figure is
 * the median over them, as tt-metal's median over cores.
 * Data is placed and checked by backdoor (no host time; the figures are the kernels' own
 * spans): after a DRAM run, the bank holds n copies of the writer's L1 bytes and L1 the last
 * transaction the reader read; after the others, every destination holds the source's bytes. */
#include <stdlib.h>
#include <string.h>
#include "host/programs/prog_dm.h"

/* the kernel spec of a rectangle of timed cores: mode and the test's parameters as
 * compile-time args */
int dm_kernel(DmRun *d, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1, int dm1, uint32_t mode)
{
    /* BH_KERNEL_DM0 is BRISC, BH_KERNEL_DM1 NCRISC; tt-metal's defaults put them on NoC0 and
     * NoC1, workload.dm_noc may move both */
    const BhCoreRange c = {x0, y0, x1, y1};
    const uint32_t ct[4] = {mode, d->n, d->size, d->flags};
    const BhKernelSpec ks = {.source = d->kernel,
                             .type = dm1 ? BH_KERNEL_DM1 : BH_KERNEL_DM0,
                             .noc = d->noc < 0 ? (uint32_t)dm1 : (uint32_t)d->noc,
                             .compile_args = ct,
                             .n_compile_args = 4};
    return bh_program_add_kernel(d->p, &c, &ks);
}

int dm_put(DmRun *d, uint32_t x, uint32_t y, uint32_t addr, const uint8_t *buf)
{
    return bh_chip_mem_write(d->r->chip, x, y, addr, buf, d->size) == BH_CHIP_OK;
}

/* 1 when (x, y)'s `addr` does not hold the source's bytes */
uint64_t dm_differs(DmRun *d, uint32_t x, uint32_t y, uint32_t addr)
{
    return bh_chip_mem_read(d->r->chip, x, y, addr, d->got, d->size) != BH_CHIP_OK ||
           memcmp(d->got, d->src, d->size) != 0;
}

static int cmp_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* the spans of one direction ("write" or "read"): bytes over cycles of each kernel, their
 * median (and for several kernels the least and the most) */
static uint64_t report_spans(DmRun *d, const char *what, double bytes)
{
    uint32_t k = 0, cycles[DM_MAX_SPANS];
    double bw[DM_MAX_SPANS], cy[DM_MAX_SPANS];
    uint64_t bad = 0;
    for (uint32_t i = 0; i < d->n_spans; i++) {
        if (strcmp(d->spans[i].what, what) != 0)
            continue;
        uint32_t span = 0;
        if (bh_chip_mem_read(d->r->chip, d->spans[i].x, d->spans[i].y, d->spans[i].addr, &span,
                             4) != BH_CHIP_OK)
            span = 0;
        bad += span == 0;
        cycles[k] = span;
        cy[k] = span;
        bw[k++] = span ? bytes / span : 0.0;
    }
    if (k == 0)
        return 0;
    qsort(bw, k, sizeof bw[0], cmp_double);
    qsort(cy, k, sizeof cy[0], cmp_double);
    /* np.median: the mean of the two middle values of an even count */
    const double mbw = (bw[(k - 1) / 2] + bw[k / 2]) / 2, mcy = (cy[(k - 1) / 2] + cy[k / 2]) / 2;
    if (k == 1)
        hp_json(d->r, "\"%s_cycles\":%u,\"%s_bytes_per_cycle\":%.3f", what, cycles[0], what, mbw);
    else
        hp_json(d->r,
                "\"%s_cycles\":%.1f,\"%s_bytes_per_cycle\":%.3f,\"%s_kernels\":%u,"
                "\"%s_bytes_per_cycle_min\":%.3f,\"%s_bytes_per_cycle_max\":%.3f",
                what, mcy, what, mbw, what, k, what, bw[0], what, bw[k - 1]);
    return bad;
}

int hp_dm(HpRun *r)
{
    char test[32], noc[16], kernel[1024];
    DmRun d = {.r = r, .kernel = kernel};
    if (hp_text(r, "workload.dm_test", test, sizeof test) ||
        hp_text(r, "workload.dm_noc", noc, sizeof noc) ||
        hp_u32_or(r, "workload.tiles", 256, 1, 1024, &d.n) ||
        hp_u32(r, "workload.packet_bytes", 64, 65536, &d.size) || hp_grid(r, &d.cols, &d.rows) ||
        hp_kernel_path(r, "workload.reader", "dataflow/dm_tests.cc", kernel, sizeof kernel))
        return HP_USAGE;
    if (d.size % 64)
        return hp_fail(r, HP_USAGE, "workload.packet_bytes: dm needs a multiple of 64, got %u",
                       d.size);
    d.test = test;
    d.noc = !strcmp(noc, "default") ? -1 : noc[0] - '0';
    bh_device_grid(r->dev, &d.gc, &d.gr);

    /* L1: per worker [0, size) the source (or a read's destination), [size, 2 size) the
     * destination of a multicast, a loopback or an all-to-all, then the result words */
    const uint32_t region = 2 * d.size + 64, workers = d.gc * d.gr;
    BhBuffer *bl = bh_buffer_create(r->dev, BH_BUFFER_L1, (uint64_t)region * workers, region);
    d.p = bh_program_create(r->dev);
    d.src = hp_malloc(r, d.size), d.junk = hp_malloc(r, d.size), d.got = hp_malloc(r, d.size);
    d.spans = hp_malloc(r, sizeof d.spans[0] * DM_MAX_SPANS);
    int rc = HP_FAILED;
    if (!bl || !d.p) {
        hp_fail(r, HP_FAILED, "dm: %s", bh_device_error(r->dev));
        goto out;
    }
    d.l1 = (uint32_t)bh_buffer_address(bl), d.result = d.l1 + 2 * d.size;
    bh_device_worker_noc(r->dev, 0, 0, &d.mx, &d.my);
    for (uint64_t i = 0; i < d.size; i += 8) {
        const uint64_t v = hp_rand(r), w = hp_rand(r);
        memcpy(d.src + i, &v, d.size - i < 8 ? d.size - i : 8);
        memcpy(d.junk + i, &w, d.size - i < 8 ? d.size - i : 8);
    }
    if (!dm_put(&d, d.mx, d.my, d.l1, d.src)) {
        hp_fail(r, HP_FAILED, "dm: %s", bh_device_error(r->dev));
        goto out;
    }
    const DmTest *t = dm_test_find(test);
    if (!t) {
        hp_fail(r, HP_USAGE, "workload.dm_test: unknown test %s", test);
        goto out;
    }
    rc = t->setup(&d, t);
    if (rc != HP_OK)
        goto out;
    rc = HP_FAILED;
    BhProgramTiming tm;
    if (hp_run(r, d.p, &tm))
        goto out;

    uint64_t bad = t->check(&d);
    hp_json(r,
            "\"test\":\"%s\",\"noc\":\"%s\",\"transactions\":%u,\"transaction_bytes\":%u,"
            "\"bytes\":%.0f,\"receivers\":%u,\"cycles\":%llu,\"mismatched\":%llu",
            test, noc, d.n, d.size, d.bytes, d.receivers, (unsigned long long)tm.cycles,
            (unsigned long long)bad);
    bad += report_spans(&d, "write", d.bytes) + report_spans(&d, "read", d.bytes);
    rc = hp_finish(r, "dm", bad == 0);
out:
    if (d.p)
        bh_program_free(r->dev, d.p);
    dm_free(&d);
    if (bl)
        bh_buffer_free(r->dev, bl);
    free(d.src);
    free(d.junk);
    free(d.got);
    free(d.spans);
    return rc;
}

/* a kernel's runtime arguments on logical core (x, y) */
int dm_args(DmRun *d, int k, uint32_t x, uint32_t y, const uint32_t *a, uint32_t n)
{
    return k >= 0 && !bh_program_set_runtime_args(d->p, k, x, y, a, n);
}
