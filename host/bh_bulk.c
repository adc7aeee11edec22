// SPDX-License-Identifier: Apache-2.0
/* host/bh_bulk.c - large buffer transfers through pinned host memory and kernels, as tt-metal
 * moves large buffers (its dispatch kernels pull from and push to the host's hugepage through
 * the PCIe tile) rather than through BAR writes and reads, which a host CPU issues a line or a
 * word at a time (pcie.host.*).
 *
 * To the device: the host copies the buffer into its pinned memory (host.memcpy_mbps of host
 * time, then the bytes are in the chip's host memory), then launches host_bulk.cc on the first
 * host.bulk_cores workers of row 0: each core reads its share of pages from host memory in
 * chunks of up to 16 KiB and writes each page to its bank. From the device: the kernels read
 * the pages from their banks and write them to host memory, then the host copies them out.
 * Each core writes a flag (a serial number) to host memory after its data; the host polls its
 * own memory for the flags (no BAR reads), then waits for the cores' done lines as for any
 * program. The launch, its uploads and polls are the buffer phase's time (hx_account), and the
 * program leaves the report's window alone (it is the library's, not the user's).
 * Not modeled: the copy overlapping the kernels' transfers (tt-metal's hugepage is a ring the
 * host fills while the prefetcher drains it); here the copy comes first (or last). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/bh_host_internal.h"

#define BULK_HOST_BASE 0x400000000ull /* the pinned area: 16 GiB into the chip's host memory */
#define BULK_HOST_MAX 0x800000000ull  /* up to 32 GiB, below the 2^36 kernels reach */
#define BULK_FLAG_STRIDE 64u
#define BULK_CHUNK_MAX 16384u /* a NoC read or write of host memory moves up to this */
#define BULK_MAX_CYCLES 2000000000ull
#define BULK_POLL_CYCLES 64u

static uint64_t key_u64(BhDevice *dev, const char *key, uint64_t dflt)
{
    char v[32] = "";
    if (bh_chip_param_text(dev->chip, key, v, sizeof v) != BH_CHIP_OK || !v[0])
        return dflt;
    return strtoull(v, NULL, 10);
}

void hx_bulk_open(BhDevice *dev)
{
    BhTransport *t = &dev->hx;
    t->bulk_write_min = key_u64(dev, "host.bulk_write_min_bytes", 131072);
    t->bulk_read_min = key_u64(dev, "host.bulk_read_min_bytes", 1024);
    t->memcpy_mbps = key_u64(dev, "host.memcpy_mbps", 10000);
    t->bulk_cores = (uint32_t)key_u64(dev, "host.bulk_cores", 8);
}

/* the host CPU copying `bytes` between its memory and the pinned area: simulated time passes */
static int host_copy(BhDevice *dev, uint64_t bytes)
{
    const uint64_t ps = bytes * 1000000ull / (dev->hx.memcpy_mbps ? dev->hx.memcpy_mbps : 1);
    const uint64_t end = hx_now_ps(dev) + ps;
    while (hx_now_ps(dev) < end) {
        const uint64_t now = bh_chip_now(dev->chip);
        const uint64_t cyc =
            bh_chip_cycle_ps(dev->chip, now + 1) - bh_chip_cycle_ps(dev->chip, now);
        const uint64_t left = end - hx_now_ps(dev);
        if (bh_chip_advance(dev->chip, cyc ? (left + cyc - 1) / cyc : 1) != BH_CHIP_OK)
            return bh_host_fail(dev, "bulk: %s", bh_chip_error(dev->chip));
    }
    dev->hx.copy_ps += ps;
    return 0;
}

/* L1 for the kernels' two chunk slots and flag, between the CBs and the L1 buffers */
static int staging(const BhDevice *dev, uint32_t page, uint64_t per_core, uint32_t *slot0,
                   uint32_t *chunk_pages)
{
    uint32_t floor = dev->cb_top > BH_L1_UNRESERVED ? dev->cb_top : BH_L1_UNRESERVED;
    floor = (floor + 63u) & ~63u;
    if (dev->l1_bottom <= floor)
        return 0;
    const uint64_t space = dev->l1_bottom - floor;
    uint64_t n = BULK_CHUNK_MAX / page ? BULK_CHUNK_MAX / page : 1;
    n = n < per_core ? n : per_core;
    while (n > 1 && 2 * n * page + BULK_FLAG_STRIDE > space)
        n /= 2;
    if (2 * n * page + BULK_FLAG_STRIDE > space)
        return 0;
    *slot0 = floor;
    *chunk_pages = (uint32_t)n;
    return 1;
}

/* Launches the bulk kernels and returns once every core's flag is in host memory and its
 * done line says so. */
static int run_kernels(BhDevice *dev, const BhBuffer *buf, int write, uint32_t cores,
                       uint32_t slot0, uint32_t chunk_pages)
{
    uint32_t px = 0, py = 0;
    bh_chip_pcie_tile(dev->chip, &px, &py);
    char src[600];
    snprintf(src, sizeof src, "%s/firmware/kernels/dataflow/host_bulk.cc", BH_SOURCE_DIR);
    const uint32_t ct[2] = {(uint32_t)write, buf->type == BH_BUFFER_DRAM};
    const BhKernelSpec ks = {
        .source = src, .type = BH_KERNEL_DM0, .noc = 0, .compile_args = ct, .n_compile_args = 2};
    const BhCoreRange range = {0, 0, cores - 1, 0};
    const uint64_t pages = buf->size / buf->page_size;
    const uint64_t flags = (BULK_HOST_BASE + buf->size + 63) & ~63ull;
    const uint32_t token = ++dev->hx.bulk_serial;
    BhProgram *p = bh_program_create(dev);
    if (!p)
        return bh_host_fail(dev, "bulk: out of memory");
    p->internal = 1;
    int rc = -1;
    const int k = bh_program_add_kernel(p, &range, &ks);
    for (uint32_t c = 0; k >= 0 && c < cores; c++) {
        const uint64_t first = pages * c / cores, last = pages * (c + 1) / cores;
        const uint64_t flag = flags + (uint64_t)c * BULK_FLAG_STRIDE;
        const uint32_t a[14] = {(uint32_t)BULK_HOST_BASE,
                                (uint32_t)(BULK_HOST_BASE >> 32),
                                buf->page_size,
                                (uint32_t)first,
                                (uint32_t)(last - first),
                                (uint32_t)buf->addr,
                                slot0,
                                chunk_pages,
                                px,
                                py,
                                slot0 + 2 * chunk_pages * buf->page_size,
                                (uint32_t)flag,
                                (uint32_t)(flag >> 32),
                                token};
        if (bh_program_set_runtime_args(p, k, c, 0, a, 14) != 0)
            goto out;
    }
    if (k < 0 || bh_program_launch(dev, p) != 0)
        goto out;
    /* the host watches its own memory for the flags: no BAR reads */
    for (uint64_t spent = 0;; spent += BULK_POLL_CYCLES) {
        uint32_t seen = 0;
        for (uint32_t c = 0; c < cores; c++) {
            uint32_t v = 0;
            bh_chip_host_mem_read(dev->chip, flags + (uint64_t)c * BULK_FLAG_STRIDE, &v, 4);
            seen += v == token;
        }
        if (seen == cores)
            break;
        if (spent >= BULK_MAX_CYCLES) {
            bh_host_fail(dev, "bulk: %u of %u cores' flags in host memory after %llu cycles", seen,
                         cores, (unsigned long long)spent);
            goto out;
        }
        if (bh_chip_advance(dev->chip, BULK_POLL_CYCLES) != BH_CHIP_OK) {
            bh_host_fail(dev, "bulk: %s", bh_chip_error(dev->chip));
            goto out;
        }
    }
    rc = bh_program_wait(dev, p, BULK_MAX_CYCLES, NULL);
out:
    bh_program_free(dev, p);
    return rc;
}

int hx_bulk(BhDevice *dev, const BhBuffer *buf, uint8_t *data, uint64_t len, int write)
{
    BhTransport *t = &dev->hx;
    const uint64_t min = write ? t->bulk_write_min : t->bulk_read_min;
    const uint32_t page = buf->page_size;
    if (!t->pcie || !min || len < min || len != buf->size || page % 64 || len % page ||
        len > BULK_HOST_MAX - BULK_HOST_BASE || !t->bulk_cores)
        return 1;
    const uint64_t pages = len / page;
    uint32_t cores = t->bulk_cores < dev->cols ? t->bulk_cores : dev->cols;
    cores = pages < cores ? (uint32_t)pages : cores;
    uint32_t slot0 = 0, chunk = 0;
    if (bh_chip_pcie_tile(dev->chip, NULL, NULL) != BH_CHIP_OK ||
        !staging(dev, page, (pages + cores - 1) / cores, &slot0, &chunk))
        return 1;
    if (bh_chip_host_mem_own(dev->chip) != 1)
        return 1; /* an embedder's host memory: the library cannot place bytes there */
    for (uint32_t c = 0; c < cores; c++)
        if (dev->seen_done[c] != dev->seq[c])
            return 1; /* a core may still run a program: it cannot take the bulk kernel */
    t->in_bulk = 1;
    int rc = 0;
    if (write)
        rc = host_copy(dev, len) != 0 ||
                     bh_chip_host_mem_write(dev->chip, BULK_HOST_BASE, data, len) != BH_CHIP_OK ||
                     run_kernels(dev, buf, 1, cores, slot0, chunk) != 0
                 ? -1
                 : 0;
    else
        rc = run_kernels(dev, buf, 0, cores, slot0, chunk) != 0 || host_copy(dev, len) != 0 ||
                     bh_chip_host_mem_read(dev->chip, BULK_HOST_BASE, data, len) != BH_CHIP_OK
                 ? -1
                 : 0;
    t->in_bulk = 0;
    if (rc == 0)
        t->bulk_bytes += len;
    else if (!dev->err[0])
        bh_host_fail(dev, "bulk: the chip's host memory refused %llu bytes",
                     (unsigned long long)len);
    return rc;
}
