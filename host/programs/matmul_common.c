// SPDX-License-Identifier: Apache-2.0
/* The matmul workload's inputs, check and figures (matmul_common.h). */
#include "host/programs/matmul_common.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/programs/ref_fpu.h"

int hp_matmul_setup(HpRun *r, HpMatmul *mm)
{
    memset(mm, 0, sizeof *mm);
    if (hp_u32(r, "workload.m", 1, 1024, &mm->mt) || hp_u32(r, "workload.n", 1, 1024, &mm->nt) ||
        hp_u32(r, "workload.k", 1, 1024, &mm->kt) || hp_grid(r, &mm->cols, &mm->rows) ||
        hp_u32(r, "workload.mcast", 0, 1, &mm->mcast) || hp_fidelity(r, &mm->fidelity, &mm->phases))
        return HP_USAGE;
    const uint32_t m = 32 * mm->mt, n = 32 * mm->nt, k = 32 * mm->kt, page = 2048;
    const uint64_t a_bytes = (uint64_t)m * k * 2, b_bytes = (uint64_t)k * n * 2;
    mm->ha = hp_malloc(r, a_bytes);
    mm->hb = hp_malloc(r, b_bytes);
    uint16_t *tiled = hp_malloc(r, a_bytes > b_bytes ? a_bytes : b_bytes);
    /* magnitudes in [1/4, 4): K products of up to 16 stay far from BF16's range ends */
    for (uint64_t i = 0; i < (uint64_t)m * k; i++)
        mm->ha[i] = hp_rand_bf16(r, -2, 1, 1);
    for (uint64_t i = 0; i < (uint64_t)k * n; i++)
        mm->hb[i] = hp_rand_bf16(r, -2, 1, 1);
    mm->a = bh_buffer_create(r->dev, BH_BUFFER_DRAM, a_bytes, page);
    mm->b = bh_buffer_create(r->dev, BH_BUFFER_DRAM, b_bytes, page);
    mm->c = bh_buffer_create(r->dev, BH_BUFFER_DRAM, (uint64_t)m * n * 2, page);
    int ok = mm->a && mm->b && mm->c;
    if (ok) {
        hp_tilize(mm->ha, m, k, tiled);
        ok = bh_buffer_write(r->dev, mm->a, tiled, a_bytes) == 0;
    }
    if (ok) {
        hp_tilize(mm->hb, k, n, tiled);
        ok = bh_buffer_write(r->dev, mm->b, tiled, b_bytes) == 0;
    }
    free(tiled);
    if (!ok) {
        hp_matmul_free(r, mm);
        return hp_fail(r, HP_FAILED, "matmul: %s", bh_device_error(r->dev));
    }
    return HP_OK;
}

void hp_matmul_free(HpRun *r, HpMatmul *mm)
{
    BhBuffer *bufs[] = {mm->a, mm->b, mm->c};
    for (int i = 0; i < 3; i++)
        if (bufs[i])
            bh_buffer_free(r->dev, bufs[i]);
    free(mm->ha);
    free(mm->hb);
    memset(mm, 0, sizeof *mm);
}

/* tile (ti, tj) of a row-major BF16 matrix with `cols` columns, as floats */
static void tile_of(const uint16_t *m, uint32_t cols, uint32_t ti, uint32_t tj, float t[32][32])
{
    for (uint32_t i = 0; i < 32; i++)
        for (uint32_t j = 0; j < 32; j++)
            t[i][j] = hp_bf16_to_f32(m[(ti * 32 + i) * cols + tj * 32 + j]);
}

int hp_matmul_check(HpRun *r, HpMatmul *mm, const BhProgramTiming *t, uint32_t cores)
{
    const uint32_t m = 32 * mm->mt, n = 32 * mm->nt, k = 32 * mm->kt;
    const uint64_t c_bytes = (uint64_t)m * n * 2;
    uint16_t *tiled = hp_malloc(r, c_bytes), *c = hp_malloc(r, c_bytes);
    if (bh_buffer_read(r->dev, mm->c, tiled, c_bytes)) {
        free(tiled);
        free(c);
        return hp_fail(r, HP_FAILED, "matmul: %s", bh_device_error(r->dev));
    }
    hp_untilize(tiled, m, n, c);
    float at[32][32], bt[32][32], acc[32][32]; /* 12 KiB: this run's own, not a static */
    uint64_t bad = 0;
    double max_err = 0.0; /* against exact products, relative to the row's magnitude */
    /* the exact sums of every 1 in `sample` elements (about 16 k of them): an illustration of
     * what the fidelity costs, not the pass criterion */
    const uint64_t sample = (uint64_t)m * n / 16384 + 1;
    for (uint32_t ti = 0; ti < mm->mt; ti++)
        for (uint32_t tj = 0; tj < mm->nt; tj++) {
            memset(acc, 0, sizeof acc);
            for (uint32_t tk = 0; tk < mm->kt; tk++) {
                tile_of(mm->ha, k, ti, tk, at);
                tile_of(mm->hb, n, tk, tj, bt);
                ref_fpu_matmul_tile(at, bt, mm->phases, acc);
            }
            for (uint32_t i = 0; i < 32; i++)
                for (uint32_t j = 0; j < 32; j++) {
                    const uint32_t row = ti * 32 + i, col = tj * 32 + j;
                    const uint16_t got = c[row * n + col];
                    bad += got != (uint16_t)(hp_f32_bits(acc[i][j]) >> 16);
                    if ((row * n + col) % sample)
                        continue;
                    double exact = 0.0, mag = 0.0;
                    for (uint32_t q = 0; q < k; q++) {
                        double x = (double)hp_bf16_to_f32(mm->ha[row * k + q]) *
                                   hp_bf16_to_f32(mm->hb[q * n + col]);
                        exact += x, mag += fabs(x);
                    }
                    double err = fabs(hp_bf16_to_f32(got) - exact) / (mag > 0 ? mag : 1);
                    if (err > max_err)
                        max_err = err;
                }
        }
    free(tiled);
    free(c);
    const double flops = 2.0 * m * n * k, cyc = (double)(t->cycles ? t->cycles : 1);
    /* per second: over the kernels' simulated time, whatever AICLK did meanwhile */
    const double secs =
        (double)(bh_chip_cycle_ps(r->chip, t->finished) - bh_chip_cycle_ps(r->chip, t->launched)) /
        1e12;
    const double peak = 4096.0 / mm->phases; /* FLOP/cycle/core: one 8x16x16 MVMUL a cycle */
    static const char *const names[] = {"lofi", "", "hifi2", "hifi3", "hifi4"};
    hp_json(r,
            "\"m\":%u,\"n\":%u,\"k\":%u,\"grid\":\"%ux%u\",\"cores\":%u,\"mcast\":%s,"
            "\"fidelity\":\"%s\",\"cycles\":%llu,\"flops\":%.0f,\"flop_per_cycle\":%.2f,"
            "\"peak_flop_per_cycle\":%.0f,\"fpu_utilisation\":%.4f,\"tflops\":%.4f,"
            "\"mismatches\":%llu,\"max_rel_error_vs_exact\":%.3g",
            mm->mt, mm->nt, mm->kt, mm->cols, mm->rows, cores, mm->mcast ? "true" : "false",
            names[mm->fidelity], (unsigned long long)t->cycles, flops, flops / cyc, peak * cores,
            flops / cyc / (peak * cores), secs > 0 ? flops / secs / 1e12 : 0.0,
            (unsigned long long)bad, max_err);
    if (bad)
        fprintf(stderr, "bhsim: matmul: %llu of %llu values differ from the reference\n",
                (unsigned long long)bad, (unsigned long long)m * n);
    return hp_finish(r, "matmul", bad == 0);
}
