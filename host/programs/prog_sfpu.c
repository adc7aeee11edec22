// SPDX-License-Identifier: Apache-2.0
/* sfpu: y = exp(x) or 1/x (workload.op exp|recip) on workload.tiles BF16 tiles, DRAM to DRAM, on
 * workload.grid cores, through the vector unit (eltwise_sfpu.cc). Checked against the host's
 * libm in double precision: every result within HP_SFPU_TOLERANCE relative error (BF16 keeps
 * 8 significant bits, so one rounding alone costs up to 2^-8; the SFPU's own algorithms add
 * their documented error). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/programs/programs.h"

#define HP_SFPU_TOLERANCE (1.0 / 64.0)

int hp_sfpu(HpRun *r)
{
    uint32_t tiles, cols, rows;
    char op[16], reader[1024], writer[1024], compute[1024];
    if (hp_u32_or(r, "workload.tiles", 64, 1, 1u << 16, &tiles) || hp_grid(r, &cols, &rows) ||
        hp_op(r, "exp", op, sizeof op) ||
        hp_kernel_path(r, "workload.reader", "dataflow/reader_unary.cc", reader, sizeof reader) ||
        hp_kernel_path(r, "workload.writer", "dataflow/writer_unary.cc", writer, sizeof writer) ||
        hp_kernel_path(r, "workload.compute", "compute/eltwise_sfpu.cc", compute, sizeof compute))
        return HP_USAGE;
    const int is_exp = strcmp(op, "exp") == 0;
    if (!is_exp && strcmp(op, "recip") != 0)
        return hp_fail(r, HP_USAGE, "workload.op: sfpu takes exp|recip, got '%s'", op);
    const uint32_t page = 2048, cores = cols * rows, n = tiles * 1024;
    const uint64_t bytes = (uint64_t)tiles * page;
    uint16_t *x = hp_malloc(r, bytes), *y = hp_malloc(r, bytes);
    for (uint32_t i = 0; i < n; i++) /* exp: |x| < 4; recip: 1/16 <= |x| < 16 */
        x[i] = is_exp ? hp_rand_bf16(r, -6, 1, 1) : hp_rand_bf16(r, -4, 3, 1);
    BhBuffer *bx = bh_buffer_create(r->dev, BH_BUFFER_DRAM, bytes, page);
    BhBuffer *by = bh_buffer_create(r->dev, BH_BUFFER_DRAM, bytes, page);
    BhProgram *p = bh_program_create(r->dev);
    int rc = HP_FAILED;
    const BhCoreRange all = {0, 0, cols - 1, rows - 1};
    const HpKernels ks = {.reader = reader,
                          .writer = writer,
                          .compute = compute,
                          .define = is_exp ? "BH_SFPU_EXP" : "BH_SFPU_RECIP",
                          .batch = 4,
                          .out_cb = 16,
                          .fidelity = BH_HIFI4};
    int k[3];
    if (!bx || !by || !p || bh_buffer_write(r->dev, bx, x, bytes) ||
        hp_add_kernels(p, &all, &ks, k) ||
        bh_program_add_cb(p, &all, 0, page, 8, BH_FMT_FLOAT16_B) ||
        bh_program_add_cb(p, &all, 16, page, 4, BH_FMT_FLOAT16_B)) {
        hp_fail(r, HP_FAILED, "sfpu: %s", bh_device_error(r->dev));
        goto out;
    }
    const uint32_t in[] = {(uint32_t)bh_buffer_address(bx)};
    if (hp_set_split_args(p, k, cols, rows, tiles, in, 1, (uint32_t)bh_buffer_address(by))) {
        hp_fail(r, HP_FAILED, "sfpu: %s", bh_device_error(r->dev));
        goto out;
    }
    BhProgramTiming t;
    if (hp_run(r, p, &t) || bh_buffer_read(r->dev, by, y, bytes))
        goto out;
    uint32_t bad = 0, worst = 0;
    double max_err = 0.0;
    for (uint32_t i = 0; i < n; i++) {
        const double xv = hp_bf16_to_f32(x[i]), want = is_exp ? exp(xv) : 1.0 / xv;
        const double err = fabs(hp_bf16_to_f32(y[i]) - want) / fabs(want);
        if (!(err <= HP_SFPU_TOLERANCE))
            bad++;
        if (!(err <= max_err))
            max_err = err, worst = i;
    }
    hp_json(r,
            "\"op\":\"%s\",\"tiles\":%u,\"cores\":%u,\"cycles\":%llu,\"tolerance\":%.6g,"
            "\"max_rel_error\":%.6g,\"out_of_tolerance\":%u",
            op, tiles, cores, (unsigned long long)t.cycles, HP_SFPU_TOLERANCE, max_err, bad);
    if (bad)
        fprintf(stderr, "bhsim: sfpu: %u of %u results beyond the tolerance; worst x=%g got %g\n",
                bad, n, hp_bf16_to_f32(x[worst]), hp_bf16_to_f32(y[worst]));
    rc = hp_finish(r, "sfpu", bad == 0);
out:
    if (p)
        bh_program_free(r->dev, p);
    if (bx)
        bh_buffer_free(r->dev, bx);
    if (by)
        bh_buffer_free(r->dev, by);
    free(x);
    free(y);
    return rc;
}
