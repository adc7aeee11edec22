// SPDX-License-Identifier: Apache-2.0
/* dram_bw: how fast a data-movement kernel moves pages between interleaved DRAM and its L1
 * (host_read / host_write: host memory instead, prog_host_bw.c).
 * Each core of workload.grid (BRISC, NoC0) reads (workload.op=read) or writes (write)
 * workload.tiles pages of workload.page_bytes, its own share of one buffer, keeping
 * workload.in_flight transfers outstanding (dram_bw.cc). The report gives bytes per cycle per
 * core and in total. Checked: after a read, each core's ring holds the last pages it read;
 * after a write, DRAM holds what each core's ring held. */
#include <stdlib.h>
#include <string.h>
#include "host/programs/programs.h"

int hp_dram_bw(HpRun *r)
{
    uint32_t pages, cols, rows, page, depth;
    char op[16], kernel[1024];
    if (hp_u32_or(r, "workload.tiles", 64, 1, 1u << 20, &pages) || hp_grid(r, &cols, &rows) ||
        hp_u32(r, "workload.page_bytes", 32, 16384, &page) ||
        hp_u32(r, "workload.in_flight", 1, 255, &depth) || hp_op(r, "read", op, sizeof op) ||
        hp_kernel_path(r, "workload.reader", "dataflow/dram_bw.cc", kernel, sizeof kernel))
        return HP_USAGE;
    const int is_read = strcmp(op, "read") == 0;
    if (page % 32)
        return hp_fail(r, HP_USAGE, "workload.page_bytes: dram_bw needs a multiple of 32, got %u",
                       page);
    if (strcmp(op, "host_write") == 0 || strcmp(op, "host_read") == 0)
        return hp_host_bw(r, op[5] == 'r', cols, rows, pages, page, depth);
    if (!is_read && strcmp(op, "write") != 0)
        return hp_fail(r, HP_USAGE,
                       "workload.op: dram_bw takes read|write|host_read|host_write, got '%s'", op);
    const uint32_t cores = cols * rows, ring_bytes = depth * page;
    uint32_t gc, gr;
    bh_device_grid(r->dev, &gc, &gr);
    const uint32_t workers = gc * gr;
    const uint64_t dram_bytes = (uint64_t)pages * cores * page;
    const uint64_t ring_all = (uint64_t)ring_bytes * workers;
    uint8_t *dram = hp_malloc(r, dram_bytes), *rings = hp_malloc(r, ring_all);
    for (uint64_t i = 0; i < dram_bytes; i += 8) {
        uint64_t v = hp_rand(r);
        memcpy(dram + i, &v, 8);
    }
    for (uint64_t i = 0; i < ring_all; i += 8) {
        uint64_t v = hp_rand(r);
        memcpy(rings + i, &v, 8);
    }
    /* one ring page per worker: L1 page w lives in bank w, the L1 of worker w */
    BhBuffer *bd = bh_buffer_create(r->dev, BH_BUFFER_DRAM, dram_bytes, page);
    BhBuffer *bl = bh_buffer_create(r->dev, BH_BUFFER_L1, ring_all, ring_bytes);
    BhProgram *p = bh_program_create(r->dev);
    int rc = HP_FAILED;
    const BhCoreRange all = {0, 0, cols - 1, rows - 1};
    const uint32_t ct[] = {(uint32_t)is_read};
    BhKernelSpec ks = {
        .source = kernel, .type = BH_KERNEL_DM0, .noc = 0, .compile_args = ct, .n_compile_args = 1};
    int k = -1;
    if (!bd || !bl || !p || bh_buffer_write(r->dev, bd, dram, dram_bytes) ||
        bh_buffer_write(r->dev, bl, rings, ring_all) ||
        (k = bh_program_add_kernel(p, &all, &ks)) < 0) {
        hp_fail(r, HP_FAILED, "dram_bw: %s", bh_device_error(r->dev));
        goto out;
    }
    for (uint32_t i = 0; i < cores; i++) {
        const uint32_t a[] = {(uint32_t)bh_buffer_address(bd), page, pages, i * pages,
                              (uint32_t)bh_buffer_address(bl), depth};
        if (bh_program_set_runtime_args(p, k, i % cols, i / cols, a, 6)) {
            hp_fail(r, HP_FAILED, "dram_bw: %s", bh_device_error(r->dev));
            goto out;
        }
    }
    BhProgramTiming t;
    if (hp_run(r, p, &t))
        goto out;
    uint8_t *dram_after = hp_malloc(r, dram_bytes), *rings_after = hp_malloc(r, ring_all);
    uint64_t bad = 0;
    if (bh_buffer_read(r->dev, bd, dram_after, dram_bytes) ||
        bh_buffer_read(r->dev, bl, rings_after, ring_all)) {
        bad = 1;
    } else {
        for (uint32_t c = 0; c < cores; c++) {
            const uint32_t w = (c / cols) * gc + c % cols; /* worker index of core c */
            for (uint32_t i = pages > depth ? pages - depth : 0; i < pages; i++) {
                const uint8_t *ring = (is_read ? rings_after : rings) + (uint64_t)w * ring_bytes +
                                      (uint64_t)(i % depth) * page;
                const uint8_t *d = (is_read ? dram : dram_after) + ((uint64_t)c * pages + i) * page;
                bad += memcmp(ring, d, page) != 0;
            }
        }
    }
    free(dram_after);
    free(rings_after);
    const double moved = (double)pages * cores * page, cyc = (double)(t.cycles ? t.cycles : 1);
    hp_json(r,
            "\"op\":\"%s\",\"cores\":%u,\"pages_per_core\":%u,\"page_bytes\":%u,\"in_flight\":%u,"
            "\"cycles\":%llu,\"bytes\":%.0f,\"bytes_per_cycle\":%.3f,"
            "\"bytes_per_cycle_per_core\":%.3f,\"mismatched_pages\":%llu",
            op, cores, pages, page, depth, (unsigned long long)t.cycles, moved, moved / cyc,
            moved / cyc / cores, (unsigned long long)bad);
    rc = hp_finish(r, "dram_bw", bad == 0);
out:
    if (p)
        bh_program_free(r->dev, p);
    if (bd)
        bh_buffer_free(r->dev, bd);
    if (bl)
        bh_buffer_free(r->dev, bl);
    free(dram);
    free(rings);
    return rc;
}
