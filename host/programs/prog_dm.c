// SPDX-License-Identifier: Apache-2.0
/* dm: tt-metal's directed data-movement tests (tests/tt_metal/tt_metal/data_movement/) as
 * bhsim kernels (dataflow/dm_tests.cc), with their parameters and their measure, so their
 * published Blackhole figures can be set beside bhsim's (docs/fidelity.md, bench/dm_kernels.py).
 * workload.dm_test picks the test; each moves workload.tiles transactions of
 * workload.packet_bytes bytes from logical core (0,0), with no barrier between transactions:
 *   dram          (DRAM unary) BRISC on NoC0 writes the same L1 bytes to consecutive addresses
 *                 of DRAM bank 0, then NCRISC on NoC1 reads consecutive bank-0 addresses into
 *                 the same L1 address (a semaphore orders them, so they never overlap)
 *   one_to_one    BRISC on NoC0 writes to the same L1 address of logical core (1,1)
 *   one_from_one  NCRISC on NoC1 reads the same L1 address of logical core (1,1)
 *   mcast         BRISC on NoC0 multicasts to every other core of the workload.grid rectangle
 *   mcast_linked  the same, the transactions linked (all but the last)
 *   mcast_loopback, mcast_linked_loopback
 *                 the same with the sender included (noc_async_write_multicast_loopback_src)
 *   one_to_all    BRISC on NoC0 writes to every other core of the workload.grid rectangle in
 *                 turn (column by column, as tt-metal's corerange_to_cores lists them), all
 *                 of one core's transactions before the next core's, one barrier at the end
 *   one_from_all  NCRISC on NoC1 reads, the same way, every core of the workload.grid
 *                 rectangle whose first core is logical (1,1) (tt-metal's 4x4 at (1,1))
 * Each timed kernel reports the span from before its first transaction to after its barrier
 * (tt-metal's profiler zone), and bytes moved over it (num_transactions x size / span, for a
 * multicast the bytes of one receiver, for one_to_all and one_from_all those of every core,
 * as tt-metal counts them).
 * Data is placed and checked by backdoor (no host time; the figures are the kernels' own
 * spans): after a DRAM run, the bank holds n copies of the writer's L1 bytes and L1 the last
 * transaction the reader read; after the others, every destination holds the source's bytes. */
#include <stdlib.h>
#include <string.h>
#include "host/programs/programs.h"

enum { DM_DRAM_WRITE, DM_DRAM_READ, DM_WRITE, DM_READ, DM_MCAST, DM_WRITE_ALL, DM_READ_ALL };
/* (dm_tests.cc's modes) */

typedef struct DmSpan {
    const char *what; /* "write" or "read" */
    uint32_t x, y;    /* NoC0 tile of the kernel, and its result word */
    uint32_t addr;
} DmSpan;

static void fill(HpRun *r, uint8_t *buf, uint64_t len)
{
    for (uint64_t i = 0; i < len; i += 8) {
        const uint64_t v = hp_rand(r);
        memcpy(buf + i, &v, len - i < 8 ? len - i : 8);
    }
}

/* the kernel spec of one timed core: mode and the test's parameters as compile-time args */
static int add_kernel(BhProgram *p, uint32_t x, uint32_t y, const char *src, int dm1,
                      const uint32_t ct[4])
{
    /* BH_KERNEL_DM0 is BRISC on NoC0, BH_KERNEL_DM1 NCRISC on NoC1 (tt-metal's defaults) */
    const BhCoreRange c = {x, y, x, y};
    const BhKernelSpec ks = {.source = src,
                             .type = dm1 ? BH_KERNEL_DM1 : BH_KERNEL_DM0,
                             .noc = dm1 ? 1u : 0u,
                             .compile_args = ct,
                             .n_compile_args = 4};
    return bh_program_add_kernel(p, &c, &ks);
}

int hp_dm(HpRun *r)
{
    char test[32], kernel[1024];
    uint32_t n, size, cols, rows;
    if (hp_text(r, "workload.dm_test", test, sizeof test) ||
        hp_u32_or(r, "workload.tiles", 256, 1, 1024, &n) ||
        hp_u32(r, "workload.packet_bytes", 64, 65536, &size) || hp_grid(r, &cols, &rows) ||
        hp_kernel_path(r, "workload.reader", "dataflow/dm_tests.cc", kernel, sizeof kernel))
        return HP_USAGE;
    if (size % 64)
        return hp_fail(r, HP_USAGE, "workload.packet_bytes: dm needs a multiple of 64, got %u",
                       size);
    const int dram = !strcmp(test, "dram"), o2o = !strcmp(test, "one_to_one");
    const int o_f_o = !strcmp(test, "one_from_one"), mcast = !strncmp(test, "mcast", 5);
    const int linked = !strncmp(test, "mcast_linked", 12);
    const int loopback = mcast && strstr(test, "_loopback") != NULL;
    const int o2a = !strcmp(test, "one_to_all"), ofa = !strcmp(test, "one_from_all");
    uint32_t gc, gr;
    bh_device_grid(r->dev, &gc, &gr);
    if ((o2o || o_f_o) && (gc < 2 || gr < 2))
        return hp_fail(r, HP_USAGE, "workload.dm_test: %s needs logical core (1,1)", test);
    if ((mcast || o2a) && cols * rows < 2)
        return hp_fail(r, HP_USAGE, "workload.grid: %s needs at least 2 cores, got %ux%u", test,
                       cols, rows);
    if (ofa && (cols + 1 > gc || rows + 1 > gr))
        return hp_fail(r, HP_USAGE,
                       "workload.grid: one_from_all's %ux%u rectangle at logical (1,1) is "
                       "outside the %ux%u worker grid",
                       cols, rows, gc, gr);
    /* one_to_all, one_from_all: the cores in the order the kernel visits them (NoC0 x << 16 |
     * y, each a runtime argument after the first four) */
    const uint32_t ox = ofa ? 1 : 0, oy = ofa ? 1 : 0;
    uint32_t peers[BH_RTA_WORDS], n_peers = 0;
    for (uint32_t x = 0; (o2a || ofa) && x < cols; x++)
        for (uint32_t y = 0; y < rows; y++) {
            uint32_t wx, wy;
            if (o2a && x == 0 && y == 0)
                continue;
            if (n_peers + 4 >= BH_RTA_WORDS)
                return hp_fail(r, HP_USAGE, "workload.grid: %s takes at most %u cores", test,
                               BH_RTA_WORDS - 4);
            bh_device_worker_noc(r->dev, ox + x, oy + y, &wx, &wy);
            peers[n_peers++] = wx << 16 | wy;
        }

    /* L1: per worker [0, size) the source (or a read's destination), [size, 2 size) a
     * multicast's destination, then the result words */
    const uint32_t region = 2 * size + 64, workers = gc * gr;
    const uint64_t dram_share = 2ull * n * size; /* bank 0: input, then output */
    BhBuffer *bl = bh_buffer_create(r->dev, BH_BUFFER_L1, (uint64_t)region * workers, region);
    BhBuffer *bd =
        dram ? bh_buffer_create(r->dev, BH_BUFFER_DRAM, dram_share * bh_device_dram_banks(r->dev),
                                (uint32_t)dram_share)
             : NULL;
    BhProgram *p = bh_program_create(r->dev);
    uint8_t *src = hp_malloc(r, size), *junk = hp_malloc(r, size), *got = hp_malloc(r, size);
    uint8_t *in = dram ? hp_malloc(r, (uint64_t)n * size) : NULL;
    int rc = HP_FAILED;
    if (!bl || (dram && !bd) || !p) {
        hp_fail(r, HP_FAILED, "dm: %s", bh_device_error(r->dev));
        goto out;
    }
    const uint32_t l1 = (uint32_t)bh_buffer_address(bl), result = l1 + 2 * size;
    uint32_t mx, my, px = 0, py = 0, dx = 0, dy = 0, x1 = 0, y1 = 0;
    bh_device_worker_noc(r->dev, 0, 0, &mx, &my);
    if (o2o || o_f_o)
        bh_device_worker_noc(r->dev, 1, 1, &px, &py);
    if (mcast)
        bh_device_worker_noc(r->dev, cols - 1, rows - 1, &x1, &y1);
    if (dram)
        bh_device_dram_bank_noc(r->dev, 0, &dx, &dy);
    fill(r, src, size);
    fill(r, junk, size);
    const uint32_t ct_base[4] = {0, n, size, (uint32_t)linked | (uint32_t)loopback << 1};
    DmSpan spans[2];
    uint32_t n_spans = 0;
    int ok = bh_chip_mem_write(r->chip, mx, my, l1, src, size) == BH_CHIP_OK;
    if (dram) {
        const uint32_t base = (uint32_t)bh_buffer_address(bd);
        fill(r, in, (uint64_t)n * size);
        ok = ok && bh_chip_mem_write(r->chip, dx, dy, base, in, (uint64_t)n * size) == BH_CHIP_OK;
        const int sem = bh_program_add_semaphore(p, &(BhCoreRange){0, 0, 0, 0}, 0);
        uint32_t ctw[4], ctr[4];
        memcpy(ctw, ct_base, sizeof ctw);
        memcpy(ctr, ct_base, sizeof ctr);
        ctw[0] = DM_DRAM_WRITE, ctr[0] = DM_DRAM_READ;
        const int kw = add_kernel(p, 0, 0, kernel, 0, ctw),
                  kr = add_kernel(p, 0, 0, kernel, 1, ctr);
        const uint32_t aw[] = {result, l1, base + n * size, 0, (uint32_t)sem};
        const uint32_t ar[] = {result + 16, l1, base, 0, (uint32_t)sem};
        ok = ok && sem >= 0 && kw >= 0 && kr >= 0 &&
             !bh_program_set_runtime_args(p, kw, 0, 0, aw, 5) &&
             !bh_program_set_runtime_args(p, kr, 0, 0, ar, 5);
        spans[n_spans++] = (DmSpan){"write", mx, my, result};
        spans[n_spans++] = (DmSpan){"read", mx, my, result + 16};
    } else if (o2o || o_f_o) {
        uint32_t ct[4];
        memcpy(ct, ct_base, sizeof ct);
        ct[0] = o2o ? DM_WRITE : DM_READ;
        /* the data starts at the source: the sender's L1, or the peer's for a read */
        ok = ok && bh_chip_mem_write(r->chip, px, py, l1, o2o ? junk : src, size) == BH_CHIP_OK &&
             (o2o || bh_chip_mem_write(r->chip, mx, my, l1, junk, size) == BH_CHIP_OK);
        const int k = add_kernel(p, 0, 0, kernel, o_f_o, ct);
        const uint32_t a[] = {result, l1, l1, px, py};
        ok = ok && k >= 0 && !bh_program_set_runtime_args(p, k, 0, 0, a, 5);
        spans[n_spans++] = (DmSpan){o2o ? "write" : "read", mx, my, result};
    } else if (o2a || ofa) {
        uint32_t ct[4], a[BH_RTA_WORDS];
        memcpy(ct, ct_base, sizeof ct);
        ct[0] = o2a ? DM_WRITE_ALL : DM_READ_ALL;
        /* one_to_all: the source in the sender's L1, junk at every receiver; one_from_all: the
         * source at every core read, junk at the reader (each read overwrites the last) */
        for (uint32_t i = 0; i < n_peers && ok; i++)
            ok = bh_chip_mem_write(r->chip, peers[i] >> 16, peers[i] & 0xffffu, l1,
                                   o2a ? junk : src, size) == BH_CHIP_OK;
        ok = ok && (o2a || bh_chip_mem_write(r->chip, mx, my, l1, junk, size) == BH_CHIP_OK);
        const int k = add_kernel(p, 0, 0, kernel, ofa, ct);
        a[0] = result, a[1] = l1, a[2] = l1, a[3] = n_peers;
        memcpy(a + 4, peers, n_peers * sizeof peers[0]);
        ok = ok && k >= 0 && !bh_program_set_runtime_args(p, k, 0, 0, a, 4 + n_peers);
        spans[n_spans++] = (DmSpan){o2a ? "write" : "read", mx, my, result};
    } else {
        uint32_t ct[4];
        memcpy(ct, ct_base, sizeof ct);
        ct[0] = DM_MCAST;
        for (uint32_t y = 0; y < rows && ok; y++)
            for (uint32_t x = 0; x < cols && ok; x++) {
                uint32_t wx, wy;
                bh_device_worker_noc(r->dev, x, y, &wx, &wy);
                ok = bh_chip_mem_write(r->chip, wx, wy, l1 + size, junk, size) == BH_CHIP_OK;
            }
        const int k = add_kernel(p, 0, 0, kernel, 0, ct);
        const uint32_t a[] = {result, l1, l1 + size, mx, my, x1, y1, cols * rows - !loopback};
        ok = ok && k >= 0 && !bh_program_set_runtime_args(p, k, 0, 0, a, 8);
        spans[n_spans++] = (DmSpan){"write", mx, my, result};
    }
    if (!ok) {
        hp_fail(r, HP_FAILED, "dm: %s", bh_device_error(r->dev));
        goto out;
    }
    BhProgramTiming t;
    if (hp_run(r, p, &t))
        goto out;

    /* the result: every destination against what was sent */
    uint64_t bad = 0;
    if (dram) {
        const uint32_t base = (uint32_t)bh_buffer_address(bd);
        for (uint32_t i = 0; i < n; i++) {
            bad += bh_chip_mem_read(r->chip, dx, dy, base + (uint64_t)(n + i) * size, got, size) !=
                       BH_CHIP_OK ||
                   memcmp(got, src, size) != 0;
        }
        bad += bh_chip_mem_read(r->chip, mx, my, l1, got, size) != BH_CHIP_OK ||
               memcmp(got, in + (uint64_t)(n - 1) * size, size) != 0;
    } else if (o2o || o_f_o) {
        bad +=
            bh_chip_mem_read(r->chip, o2o ? px : mx, o2o ? py : my, l1, got, size) != BH_CHIP_OK ||
            memcmp(got, src, size) != 0;
    } else if (o2a) {
        for (uint32_t i = 0; i < n_peers; i++)
            bad += bh_chip_mem_read(r->chip, peers[i] >> 16, peers[i] & 0xffffu, l1, got, size) !=
                       BH_CHIP_OK ||
                   memcmp(got, src, size) != 0;
    } else if (ofa) {
        bad += bh_chip_mem_read(r->chip, mx, my, l1, got, size) != BH_CHIP_OK ||
               memcmp(got, src, size) != 0;
    } else {
        for (uint32_t y = 0; y < rows; y++)
            for (uint32_t x = 0; x < cols; x++) {
                uint32_t wx, wy;
                bh_device_worker_noc(r->dev, x, y, &wx, &wy);
                if (x == 0 && y == 0 && !loopback)
                    continue;
                bad += bh_chip_mem_read(r->chip, wx, wy, l1 + size, got, size) != BH_CHIP_OK ||
                       memcmp(got, src, size) != 0;
            }
    }
    /* a multicast's figure counts one receiver's bytes, one_to_all's and one_from_all's every
     * core's (tt-metal's Transaction Size column is then size x cores) */
    const uint32_t receivers = mcast ? cols * rows - !loopback : (o2a || ofa) ? n_peers : 1;
    const double bytes = (double)n * size * (o2a || ofa ? n_peers : 1);
    hp_json(r,
            "\"test\":\"%s\",\"transactions\":%u,\"transaction_bytes\":%u,\"bytes\":%.0f,"
            "\"receivers\":%u,\"cycles\":%llu,\"mismatched\":%llu",
            test, n, size, bytes, receivers, (unsigned long long)t.cycles, (unsigned long long)bad);
    for (uint32_t i = 0; i < n_spans; i++) {
        uint32_t span = 0;
        if (bh_chip_mem_read(r->chip, spans[i].x, spans[i].y, spans[i].addr, &span, 4) !=
            BH_CHIP_OK)
            span = 0;
        bad += span == 0;
        hp_json(r, "\"%s_cycles\":%u,\"%s_bytes_per_cycle\":%.3f", spans[i].what, span,
                spans[i].what, span ? bytes / span : 0.0);
    }
    rc = hp_finish(r, "dm", bad == 0);
out:
    if (p)
        bh_program_free(r->dev, p);
    if (bd)
        bh_buffer_free(r->dev, bd);
    if (bl)
        bh_buffer_free(r->dev, bl);
    free(src);
    free(junk);
    free(got);
    free(in);
    return rc;
}
