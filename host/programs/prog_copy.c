// SPDX-License-Identifier: Apache-2.0
/* dram_copy: an interleaved DRAM buffer of workload.tiles pages (2 KiB, BF16 tiles) copied to
 * another by a reader (NCRISC, NoC1) and a writer (BRISC, NoC0) on each core of workload.grid,
 * through a CB of eight pages (the reader reads four per barrier); the pages are split over the
 * cores. Checked byte for byte. */
#include <stdlib.h>
#include <string.h>
#include "host/programs/programs.h"

int hp_dram_copy(HpRun *r)
{
    uint32_t tiles, cols, rows;
    char reader[1024], writer[1024];
    if (hp_u32_or(r, "workload.tiles", 64, 1, 1u << 20, &tiles) || hp_grid(r, &cols, &rows) ||
        hp_kernel_path(r, "workload.reader", "dataflow/reader_unary.cc", reader, sizeof reader) ||
        hp_kernel_path(r, "workload.writer", "dataflow/writer_unary.cc", writer, sizeof writer))
        return HP_USAGE;
    const uint32_t page = 2048, cores = cols * rows;
    const uint64_t bytes = (uint64_t)tiles * page;
    uint8_t *src = hp_malloc(r, bytes), *dst = hp_malloc(r, bytes);
    for (uint64_t i = 0; i < bytes; i += 8) {
        uint64_t v = hp_rand(r);
        memcpy(src + i, &v, 8);
    }
    BhBuffer *a = bh_buffer_create(r->dev, BH_BUFFER_DRAM, bytes, page);
    BhBuffer *c = bh_buffer_create(r->dev, BH_BUFFER_DRAM, bytes, page);
    BhProgram *p = bh_program_create(r->dev);
    int rc = HP_FAILED;
    if (!a || !c || !p || bh_buffer_write(r->dev, a, src, bytes)) {
        hp_fail(r, HP_FAILED, "dram_copy: %s", bh_device_error(r->dev));
        goto out;
    }
    const BhCoreRange all = {0, 0, cols - 1, rows - 1};
    const HpKernels ks = {.reader = reader, .writer = writer, .batch = 4, .out_cb = 0};
    int k[3];
    if (hp_add_kernels(p, &all, &ks, k) ||
        bh_program_add_cb(p, &all, 0, page, 8, BH_FMT_FLOAT16_B)) {
        hp_fail(r, HP_FAILED, "dram_copy: %s", bh_device_error(r->dev));
        goto out;
    }
    const uint32_t in[] = {(uint32_t)bh_buffer_address(a)};
    if (hp_set_split_args(p, k, cols, rows, tiles, in, 1, (uint32_t)bh_buffer_address(c))) {
        hp_fail(r, HP_FAILED, "dram_copy: %s", bh_device_error(r->dev));
        goto out;
    }
    BhProgramTiming t;
    if (hp_run(r, p, &t) || bh_buffer_read(r->dev, c, dst, bytes)) {
        rc = HP_FAILED;
        goto out;
    }
    uint64_t bad = 0;
    for (uint64_t i = 0; i < bytes; i++)
        bad += src[i] != dst[i];
    hp_json(r,
            "\"tiles\":%u,\"cores\":%u,\"bytes\":%llu,\"cycles\":%llu,\"bytes_per_cycle\":%.4f,"
            "\"mismatched_bytes\":%llu",
            tiles, cores, (unsigned long long)bytes, (unsigned long long)t.cycles,
            t.cycles ? (double)bytes / (double)t.cycles : 0.0, (unsigned long long)bad);
    rc = hp_finish(r, "dram_copy", bad == 0);
out:
    if (p)
        bh_program_free(r->dev, p);
    if (a)
        bh_buffer_free(r->dev, a);
    if (c)
        bh_buffer_free(r->dev, c);
    free(src);
    free(dst);
    return rc;
}
