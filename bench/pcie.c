// SPDX-License-Identifier: Apache-2.0
/* bench/pcie.c - the host link as a host program sees it, through platform/bhsim.h only:
 * host-to-device bandwidth of MMIO writes through a 2 MiB TLB window into a Tensix tile's L1
 * and into a GDDR6 endpoint (posted and acknowledged NoC writes), as the host CPU sends them
 * (pcie.host: write-combined 64-byte TLPs at its store rate), MMIO read bandwidth from L1
 * and from GDDR6 as its loads (4 bytes, one at a time) and the latency of a 4-byte read, the
 * host library's buffer transfers through BAR0 and through pinned host memory and kernels
 * (host.bulk_*), device-to-host bandwidth (the PCIe tile's
 * NIU moving L1 into a host window, which travels back as TLPs), and a Tensix NIU's reads of
 * host memory (latency and bandwidth: MRd up, completions down), and data-movement kernels
 * writing into and reading host memory (the host library's dram_bw). Every figure is simulated
 * time:
 * the link's serialisation, the NoC and the NIU's request records, nothing set.
 *
 * usage: bench_pcie [CONFIG] [key=value ...]   (default p150b) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/bh_host.h"
#include "platform/bhsim.h"

static uint64_t bar0;

/* A chip of the configuration argv[1] (default p150b) with the keys `base`, then argv[2...] */
static BhChip *create(int argc, char **argv, const char *const *base, int nbase)
{
    const char *sets[64];
    int n = 0;
    for (; n < nbase; n++)
        sets[n] = base[n];
    for (int i = 2; i < argc && n < 64; i++)
        sets[n++] = argv[i];
    BhChipOptions o;
    memset(&o, 0, sizeof o);
    o.config = argc > 1 ? argv[1] : "p150b";
    o.sets = sets;
    o.nsets = n;
    o.quiet = 1;
    char err[512];
    BhChip *c = NULL;
    if (bh_chip_create(&o, &c, err, sizeof err) != BH_CHIP_OK) {
        fprintf(stderr, "bench_pcie: %s\n", err);
        exit(2);
    }
    return c;
}

static BhChip *make(int argc, char **argv)
{
    static const char *const none[] = {"workload.name=none"};
    BhChip *c = create(argc, argv, none, 1);
    bar0 = ((uint64_t)bh_chip_pci_config_read32(c, 0x14) << 32) |
           (bh_chip_pci_config_read32(c, 0x10) & ~0xFu);
    return c;
}

static void must(BhChipStatus st, BhChip *c, const char *what)
{
    if (st != BH_CHIP_OK) {
        fprintf(stderr, "bench_pcie: %s: %s\n", what, bh_chip_error(c));
        exit(1);
    }
}

/* TLB i (2 MiB layout) unicast to (x, y) at noc_addr with the given ordering */
static void tlb(BhChip *c, uint32_t i, uint32_t x, uint32_t y, uint64_t noc_addr, uint32_t ord)
{
    const uint64_t lo = (noc_addr >> 21) | ((uint64_t)x << 43) | ((uint64_t)y << 49) |
                        ((uint64_t)x << 55) | ((uint64_t)(y & 7) << 61);
    const uint32_t w[3] = {(uint32_t)lo, (uint32_t)(lo >> 32), (y >> 3) | (ord << 6)};
    for (int k = 0; k < 3; k++)
        must(bh_chip_pci_write(c, bar0 + 0x1FC00000u + 12u * i + 4u * k, &w[k], 4, NULL), c,
             "TLB write");
}

/* bytes / ps -> GB/s */
static double gbps(uint64_t bytes, uint64_t ps)
{
    return ps ? (double)bytes / (double)ps * 1000.0 : 0.0;
}

static void write_bw(int argc, char **argv, const char *what, uint32_t x, uint32_t y, uint32_t ord)
{
    BhChip *c = make(argc, argv);
    const uint32_t total = 1u << 20;
    uint8_t *buf = malloc(total);
    for (uint32_t i = 0; i < total; i++)
        buf[i] = (uint8_t)(i * 7u);
    tlb(c, 0, x, y, 0x0, ord);
    const uint64_t t0 = bh_chip_time_ps(c);
    uint64_t id = 0, done = 0;
    for (uint32_t off = 0; off < total; off += 4096) /* a CPU's 4 KiB memcpy chunks */
        must(bh_chip_pci_write(c, bar0 + 0x10000 + off, buf + off, 4096, &id), c, "write");
    must(bh_chip_pci_wait(c, id, 100000000), c, "wait");
    bh_chip_pci_done(c, id, &done);
    printf("%-46s %8.2f GB/s  (1 MiB in %.2f us)\n", what, gbps(total, done - t0),
           (double)(done - t0) / 1e6);
    free(buf);
    bh_chip_free(c);
}

static void read_bw(int argc, char **argv)
{
    BhChip *c = make(argc, argv);
    tlb(c, 0, 1, 2, 0x0, 0);
    uint8_t buf[4096];
    uint64_t t0 = bh_chip_time_ps(c);
    must(bh_chip_pci_read(c, bar0 + 0x100, buf, 4), c, "read");
    printf("%-46s %8.1f ns\n", "MMIO read latency, 4 B from L1 (1,2)",
           (double)(bh_chip_time_ps(c) - t0) / 1000.0);
    /* 16 KiB as 4 KiB reads, each the CPU's loads one after the other */
    t0 = bh_chip_time_ps(c);
    for (int i = 0; i < 4; i++)
        must(bh_chip_pci_read(c, bar0 + 0x10000 + 4096u * (uint32_t)i, buf, 4096), c, "read");
    printf("%-46s %8.2f MB/s\n", "MMIO read, 16 KiB as loads, from L1 (1,2)",
           gbps(4 * 4096, bh_chip_time_ps(c) - t0) * 1000.0);
    tlb(c, 1, 0, 0, 0x0, 0); /* GDDR6 controller 0's endpoint (0,0) */
    t0 = bh_chip_time_ps(c);
    for (int i = 0; i < 4; i++)
        must(bh_chip_pci_read(c, bar0 + (2u << 20) + 4096u * (uint32_t)i, buf, 4096), c, "read");
    printf("%-46s %8.2f MB/s\n", "MMIO read, 16 KiB as loads, from DRAM (0,0)",
           gbps(4 * 4096, bh_chip_time_ps(c) - t0) * 1000.0);
    bh_chip_free(c);
}

/* the PCIe tile's NIU reads L1 of (1,2) into the host window (bit 60), 16 KiB at a time */
static void d2h_bw(int argc, char **argv)
{
    BhChip *c = make(argc, argv);
    const uint64_t t0 = bh_chip_time_ps(c);
    uint64_t id = 0;
    uint32_t px = 2, py = 0;
    for (uint32_t i = 0; i < 64; i++) {
        while (bh_chip_noc_read(c, 0, px, py, 1, 2, 0x10000, 0x1000000000000000ull + 16384u * i,
                                16384, &id) == BH_CHIP_ERR_BUSY)
            must(bh_chip_advance(c, 10), c, "advance");
    }
    must(bh_chip_advance_until_idle(c, 100000000, NULL), c, "drain");
    printf("%-46s %8.2f GB/s  (1 MiB into host memory)\n",
           "device to host: NoC writes into a host window",
           gbps(1u << 20, bh_chip_time_ps(c) - t0));
    bh_chip_free(c);
}

/* Tensix (1,2)'s NIU reads host memory through the PCIe tile's host window: non-posted reads
 * over the link (MRd up, completions down). Latency of one 64-byte read, then 1 MiB as 16 KiB
 * NoC reads issued back to back; the bytes that land in L1 are checked against host memory. */
static void host_read_bw(int argc, char **argv)
{
    BhChip *c = make(argc, argv);
    const uint32_t total = 1u << 20, px = 2, py = 0;
    const uint64_t win = 0x1000000000000000ull, host = 0x40000000ull;
    uint8_t *buf = malloc(total), *got = malloc(total);
    for (uint32_t i = 0; i < total; i++)
        buf[i] = (uint8_t)(i * 13u + 5u);
    must(bh_chip_host_mem_write(c, host, buf, total), c, "host memory");
    /* times from the accesses' own issue and completion cycles (AICLK 1350 MHz) */
    uint64_t id = 0, first = 0, t0 = 0, t1 = 0, unused = 0;
    must(bh_chip_noc_read(c, 0, 1, 2, px, py, win + host, 0x10000, 64, &id), c, "read");
    must(bh_chip_advance_until_done(c, id, 1000000), c, "read");
    bh_chip_access_done(c, id, &t0, &t1);
    printf("%-46s %8.1f ns\n", "device read of host memory, 64 B, latency",
           (double)(t1 - t0) / 1.35);
    must(bh_chip_advance_until_idle(c, 1000000, NULL), c, "drain");
    for (uint32_t i = 0; i < total / 16384; i++) {
        while (bh_chip_noc_read(c, 0, 1, 2, px, py, win + host + 16384u * i, 0x10000 + 16384u * i,
                                16384, &id) == BH_CHIP_ERR_BUSY)
            must(bh_chip_advance(c, 10), c, "advance");
        if (i == 0)
            first = id;
    }
    must(bh_chip_advance_until_done(c, id, 100000000), c, "reads");
    bh_chip_access_done(c, first, &t0, &unused);
    bh_chip_access_done(c, id, &unused, &t1);
    must(bh_chip_advance_until_idle(c, 100000000, NULL), c, "drain");
    must(bh_chip_mem_read(c, 1, 2, 0x10000, got, total), c, "L1");
    printf("%-46s %8.2f GB/s  (1 MiB, 16 KiB NoC reads, %s)\n",
           "device read of host memory, bandwidth", gbps(total, (t1 - t0) * 1000000 / 1350),
           memcmp(got, buf, total) ? "DATA WRONG" : "data checked");
    free(buf);
    free(got);
    bh_chip_free(c);
}

/* Kernels on 8 cores (4x2) moving 1 MiB between their L1 and host memory through the PCIe
 * tile (dram_bw's host_write / host_read, host/programs/prog_host_bw.c): writes to the last
 * byte landed in host memory, reads to the last kernel's return; the program checks the data. */
static void kernel_bw(int argc, char **argv, const char *op)
{
    const char *const base[] = {"workload.name=dram_bw", "workload.grid=4x2",
                                "workload.tiles=32",     "workload.page_bytes=4096",
                                "workload.in_flight=4",  op};
    BhChip *c = create(argc, argv, base, 6);
    const int rc = bh_host_workload_run(c, "dram_bw");
    const char *r = bh_chip_report(c), *g = r ? strstr(r, "\"host_gbps\":") : NULL;
    const int w = strstr(op, "write") != NULL;
    printf("%-46s %8.2f GB/s  (1 MiB, 8 cores, 4 KiB pages, %s)\n",
           w ? "kernels writing host memory (to landed)" : "kernels reading host memory",
           g ? atof(g + 12) : 0.0, rc == 0 ? "data checked" : "FAILED");
    bh_chip_free(c);
}

/* The host library writes, then reads back, a 1 MiB DRAM buffer of 2 KiB pages through BAR0
 * (bulk off) or through pinned host memory and kernels (the defaults): the phases' host time */
static void buffer_bw(int argc, char **argv, int bulk)
{
    const char *const base[] = {"workload.name=host", "host.bulk_write_min_bytes=0",
                                "host.bulk_read_min_bytes=0"};
    BhChip *c = create(argc, argv, base, bulk ? 1 : 3);
    char err[4096];
    BhDevice *dev = bh_device_open(c, err, sizeof err);
    if (!dev) {
        fprintf(stderr, "bench_pcie: %s\n", err);
        exit(1);
    }
    const uint64_t size = 1u << 20;
    BhBuffer *b = bh_buffer_create(dev, BH_BUFFER_DRAM, size, 2048);
    uint8_t *in = malloc(size), *out = malloc(size);
    for (uint64_t i = 0; i < size; i++)
        in[i] = (uint8_t)(i * 7u + 1u);
    if (!b || bh_buffer_write(dev, b, in, size) || bh_buffer_read(dev, b, out, size)) {
        fprintf(stderr, "bench_pcie: %s\n", bh_device_error(dev));
        exit(1);
    }
    BhHostTimes t;
    bh_device_host_times(dev, &t);
    const char *how = bulk ? "pinned + kernels" : "BAR0";
    char what[64];
    snprintf(what, sizeof what, "buffer write, 1 MiB DRAM, %s", how);
    printf("%-46s %8.2f GB/s  (%s)\n", what, gbps(size, t.buffer_write_ps),
           memcmp(in, out, size) ? "DATA WRONG" : "data checked");
    snprintf(what, sizeof what, "buffer read, 1 MiB DRAM, %s", how);
    const double r = gbps(size, t.buffer_read_ps);
    printf("%-46s %8.2f %s\n", what, r < 1 ? r * 1000 : r, r < 1 ? "MB/s" : "GB/s");
    free(in);
    free(out);
    bh_device_close(dev);
    bh_chip_free(c);
}

int main(int argc, char **argv)
{
    write_bw(argc, argv, "MMIO write to L1 (1,2), acknowledged NoC writes", 1, 2, 0);
    write_bw(argc, argv, "MMIO write to L1 (1,2), posted NoC writes", 1, 2, 2);
    write_bw(argc, argv, "MMIO write to DRAM (0,0), acknowledged", 0, 0, 0);
    write_bw(argc, argv, "MMIO write to DRAM (0,0), posted", 0, 0, 2);
    read_bw(argc, argv);
    buffer_bw(argc, argv, 0);
    buffer_bw(argc, argv, 1);
    d2h_bw(argc, argv);
    host_read_bw(argc, argv);
    kernel_bw(argc, argv, "workload.op=host_write");
    kernel_bw(argc, argv, "workload.op=host_read");
    return 0;
}
