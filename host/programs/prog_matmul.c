// SPDX-License-Identifier: Apache-2.0
/* matmul: C (M x N tiles) = A (M x K) B (K x N), BF16, DRAM to DRAM, on workload.grid cores.
 * workload.mcast=0: the output tiles are split over the cores; each core's reader streams the
 * A and B tiles its output tiles need (reader_matmul.cc), the compute kernel accumulates over K
 * in Dst (matmul.cc), the writer stores C. workload.mcast=1: prog_matmul_mcast.c.
 * Checked bit for bit against ref_fpu_matmul_tile (the matrix unit's arithmetic at the chosen
 * fidelity); the report also gives the largest error against exact products, which shows what
 * a fidelity costs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/programs/matmul_common.h"

int hp_matmul(HpRun *r)
{
    HpMatmul mm;
    int rc = hp_matmul_setup(r, &mm);
    if (rc != HP_OK)
        return rc;
    if (mm.mcast) {
        rc = hp_matmul_mcast(r, &mm);
        hp_matmul_free(r, &mm);
        return rc;
    }
    char reader[1024], writer[1024], compute[1024];
    if (hp_kernel_path(r, "workload.reader", "dataflow/reader_matmul.cc", reader, sizeof reader) ||
        hp_kernel_path(r, "workload.writer", "dataflow/writer_unary.cc", writer, sizeof writer) ||
        hp_kernel_path(r, "workload.compute", "compute/matmul.cc", compute, sizeof compute)) {
        hp_matmul_free(r, &mm);
        return HP_USAGE;
    }
    const uint32_t cores = mm.cols * mm.rows, out_tiles = mm.mt * mm.nt, page = 2048;
    BhProgram *p = bh_program_create(r->dev);
    const BhCoreRange all = {0, 0, mm.cols - 1, mm.rows - 1};
    HpKernels ks = {.reader = reader,
                    .writer = writer,
                    .compute = compute,
                    .batch = 4, /* reader: K steps per barrier, a divisor of K (CBs hold two) */
                    .out_cb = 16,
                    .fidelity = mm.fidelity};
    while (mm.kt % ks.batch)
        ks.batch--;
    int k[3];
    rc = HP_FAILED;
    if (!p || hp_add_kernels(p, &all, &ks, k) ||
        bh_program_add_cb(p, &all, 0, page, 2 * ks.batch, BH_FMT_FLOAT16_B) ||
        bh_program_add_cb(p, &all, 1, page, 2 * ks.batch, BH_FMT_FLOAT16_B) ||
        bh_program_add_cb(p, &all, 16, page, 2, BH_FMT_FLOAT16_B)) {
        hp_fail(r, HP_FAILED, "matmul: %s", bh_device_error(r->dev));
        goto out;
    }
    for (uint32_t i = 0; i < cores; i++) {
        uint32_t start, count;
        hp_split(out_tiles, cores, i, &start, &count);
        const uint32_t ra[] = {(uint32_t)bh_buffer_address(mm.a),
                               (uint32_t)bh_buffer_address(mm.b),
                               mm.mt,
                               mm.kt,
                               mm.nt,
                               start,
                               count};
        const uint32_t wa[] = {(uint32_t)bh_buffer_address(mm.c), count, start};
        const uint32_t ca[] = {count, mm.kt};
        if (bh_program_set_runtime_args(p, k[0], i % mm.cols, i / mm.cols, ra, 7) ||
            bh_program_set_runtime_args(p, k[1], i % mm.cols, i / mm.cols, wa, 3) ||
            bh_program_set_runtime_args(p, k[2], i % mm.cols, i / mm.cols, ca, 2)) {
            hp_fail(r, HP_FAILED, "matmul: %s", bh_device_error(r->dev));
            goto out;
        }
    }
    BhProgramTiming t;
    if (hp_run(r, p, &t))
        goto out;
    rc = hp_matmul_check(r, &mm, &t, cores);
out:
    if (p)
        bh_program_free(r->dev, p);
    hp_matmul_free(r, &mm);
    return rc;
}
