// SPDX-License-Identifier: Apache-2.0
/* dram_bw with workload.op=host_write / host_read: how fast data-movement kernels move pages
 * between their L1 and host memory through the PCIe tile facing the host (host_bw.cc, BRISC,
 * NoC0): each core of workload.grid writes (or reads) workload.tiles pages of
 * workload.page_bytes, its own share of one host buffer at kHostBase, keeping
 * workload.in_flight transfers outstanding. Host memory is the chip's own (its DMA-able
 * memory, no host time to touch it). Writes: each core then writes a flag to host memory; the
 * host polls its memory cycle by cycle until every flag is there, so `landed_cycles` runs from
 * the launch to the cycle the last byte was in host memory. Checked: every page in host
 * memory equals the ring slot it came from; after a read, each core's ring holds the last
 * pages it read from host memory. */
#include <stdlib.h>
#include <string.h>
#include "host/programs/programs.h"

#define kHostBase 0x10000000ull /* host buffer (the chip's host memory, any address < 2^32) */
#define kFlagStride 64u

int hp_host_bw(HpRun *r, int is_read, uint32_t cols, uint32_t rows, uint32_t pages, uint32_t page,
               uint32_t depth)
{
    char kernel[1024];
    if (hp_kernel_path(r, "workload.reader", "dataflow/host_bw.cc", kernel, sizeof kernel))
        return HP_USAGE;
    uint32_t px, py;
    if (bh_chip_pcie_tile(r->chip, &px, &py) != BH_CHIP_OK)
        return hp_fail(r, HP_USAGE, "workload.op: host_%s needs a chip with a PCIe tile",
                       is_read ? "read" : "write");
    const uint32_t cores = cols * rows, ring_bytes = depth * page, slot = ring_bytes + 64;
    const uint64_t host_bytes = (uint64_t)pages * cores * page;
    const uint64_t flags = (kHostBase + host_bytes + 63) & ~63ull;
    if (flags + (uint64_t)cores * kFlagStride > 0xFFFFFFFFull)
        return hp_fail(r, HP_USAGE,
                       "workload.tiles: host_%s moves %llu bytes, more than the host buffer's "
                       "%llu",
                       is_read ? "read" : "write", (unsigned long long)host_bytes,
                       (unsigned long long)(0xFFFFFFFFull - kHostBase - 64ull * cores));
    uint32_t gc, gr;
    bh_device_grid(r->dev, &gc, &gr);
    const uint32_t workers = gc * gr;
    const uint64_t ring_all = (uint64_t)slot * workers;
    uint8_t *host = hp_malloc(r, host_bytes), *rings = hp_malloc(r, ring_all);
    for (uint64_t i = 0; i < host_bytes; i += 8) {
        uint64_t v = hp_rand(r);
        memcpy(host + i, &v, 8);
    }
    for (uint64_t i = 0; i < ring_all; i += 8) {
        uint64_t v = hp_rand(r);
        memcpy(rings + i, &v, 8);
    }
    /* the host buffer starts as `host` (a read's source) or zero (a write's target) */
    uint8_t *zero = calloc(1, flags - kHostBase + 64ull * cores);
    BhBuffer *bl = bh_buffer_create(r->dev, BH_BUFFER_L1, ring_all, slot);
    BhProgram *p = bh_program_create(r->dev);
    int rc = HP_FAILED, k = -1;
    const BhCoreRange all = {0, 0, cols - 1, rows - 1};
    const uint32_t ct[] = {(uint32_t)is_read};
    BhKernelSpec ks = {
        .source = kernel, .type = BH_KERNEL_DM0, .noc = 0, .compile_args = ct, .n_compile_args = 1};
    if (!zero || !bl || !p ||
        bh_chip_host_mem_write(r->chip, kHostBase, zero, flags - kHostBase + 64ull * cores) !=
            BH_CHIP_OK ||
        (is_read && bh_chip_host_mem_write(r->chip, kHostBase, host, host_bytes) != BH_CHIP_OK) ||
        bh_buffer_write(r->dev, bl, rings, ring_all) ||
        (k = bh_program_add_kernel(p, &all, &ks)) < 0) {
        hp_fail(r, HP_FAILED, "dram_bw: %s", bh_device_error(r->dev));
        goto out;
    }
    for (uint32_t i = 0; i < cores; i++) {
        const uint32_t ring = (uint32_t)bh_buffer_address(bl);
        const uint32_t a[] = {(uint32_t)(kHostBase + (uint64_t)i * pages * page),
                              page,
                              pages,
                              ring,
                              depth,
                              px,
                              py,
                              ring + ring_bytes,
                              (uint32_t)(flags + (uint64_t)i * kFlagStride),
                              i};
        if (bh_program_set_runtime_args(p, k, i % cols, i / cols, a, 10)) {
            hp_fail(r, HP_FAILED, "dram_bw: %s", bh_device_error(r->dev));
            goto out;
        }
    }
    BhProgramTiming t;
    uint64_t landed = 0;
    if (bh_program_launch(r->dev, p)) {
        hp_fail(r, HP_FAILED, "dram_bw: %s", bh_device_error(r->dev));
        goto out;
    }
    /* a write: the host polls its own memory for every core's flag, cycle by cycle */
    for (uint32_t seen = 0; !is_read && seen < cores;) {
        uint32_t f = 0;
        if (bh_chip_host_mem_read(r->chip, flags + (uint64_t)seen * kFlagStride, &f, 4) !=
                BH_CHIP_OK ||
            (f != seen + 1 && bh_chip_advance(r->chip, 1) != BH_CHIP_OK))
            break;
        if (f == seen + 1 && ++seen == cores)
            landed = bh_chip_now(r->chip);
        if (bh_chip_now(r->chip) > (1ull << 31))
            break;
    }
    if (bh_program_wait(r->dev, p, 2000000000ull, &t)) {
        hp_fail(r, HP_FAILED, "dram_bw: %s", bh_device_error(r->dev));
        goto out;
    }
    r->device_cycles += t.cycles;
    uint8_t *host_after = hp_malloc(r, host_bytes), *rings_after = hp_malloc(r, ring_all);
    uint64_t bad = !is_read && landed == 0; /* a flag never came */
    if (bh_chip_host_mem_read(r->chip, kHostBase, host_after, host_bytes) != BH_CHIP_OK ||
        bh_buffer_read(r->dev, bl, rings_after, ring_all)) {
        bad = 1;
    } else {
        for (uint32_t c = 0; c < cores; c++) {
            const uint32_t w = (c / cols) * gc + c % cols; /* worker index of core c */
            for (uint32_t i = is_read && pages > depth ? pages - depth : 0; i < pages; i++) {
                const uint8_t *ring = (is_read ? rings_after : rings) + (uint64_t)w * slot +
                                      (uint64_t)(i % depth) * page;
                const uint8_t *h = (is_read ? host : host_after) + ((uint64_t)c * pages + i) * page;
                bad += memcmp(ring, h, page) != 0;
            }
        }
    }
    free(host_after);
    free(rings_after);
    const double moved = (double)host_bytes, cyc = (double)(t.cycles ? t.cycles : 1);
    const uint64_t span = is_read ? t.cycles : landed - t.launched;
    const uint64_t span_ps =
        bh_chip_cycle_ps(r->chip, t.launched + span) - bh_chip_cycle_ps(r->chip, t.launched);
    hp_json(r,
            "\"op\":\"host_%s\",\"cores\":%u,\"pages_per_core\":%u,\"page_bytes\":%u,"
            "\"in_flight\":%u,\"cycles\":%llu,\"landed_cycles\":%llu,\"bytes\":%.0f,"
            "\"bytes_per_cycle\":%.3f,\"host_gbps\":%.3f,\"mismatched_pages\":%llu",
            is_read ? "read" : "write", cores, pages, page, depth, (unsigned long long)t.cycles,
            (unsigned long long)span, moved, moved / cyc,
            span_ps ? moved / (double)span_ps * 1e3 : 0.0, (unsigned long long)bad);
    rc = hp_finish(r, "dram_bw", bad == 0);
out:
    if (p)
        bh_program_free(r->dev, p);
    if (bl)
        bh_buffer_free(r->dev, bl);
    free(host);
    free(rings);
    free(zero);
    return rc;
}
