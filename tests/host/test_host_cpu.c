// SPDX-License-Identifier: Apache-2.0
/* tests/host/test_host_cpu.c - the host CPU's BAR accesses (pcie.host.*) and the host library's
 * bulk path (host.bulk_*), against bounds computed from the keys, never captured figures.
 *
 * usage: test_host_cpu rates | bulk [KiB, default 128]
 *   rates: MMIO writes through a posted window into L1 run at wc_bytes / max(wc_gap_ps, the
 *          wire time of one TLP, the NoC time of its packet: a header flit and a 64-byte flit
 *          per 64 bytes, one flit per AICLK cycle at 1.35 GHz) (within 5%: the first TLP's
 *          latency), never above it; an MMIO
 *          read of n bytes takes n / load_bytes round trips of one load (within 2%), each at
 *          least the link's two crossings.
 *   bulk:  a DRAM buffer round-trips bit-exact through BAR0's windows and through pinned host
 *          memory and kernels (an L1 buffer too); the bulk read beats the loads; each bulk transfer
 * costs at least the host's copy at host.memcpy_mbps plus the buffer over the link, and the copy
 * time the library reports is exactly that copy. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/bh_host.h"
#include "platform/bhsim.h"
#include "tests/check.h"

/* the link's defaults (pcie.link.*): 16 lanes x 32 GT/s, 128b/130b; TLP = 4 framing + 12
 * header + payload + 4 LCRC */
static double wire_ps(uint32_t wire_bytes)
{
    return wire_bytes * 8.0 * 130.0 / 128.0 / 16.0 / 32e9 * 1e12;
}

static BhChip *chip_with(const char *const *extra, int n)
{
    const char *sets[16] = {"workload.name=none"};
    for (int i = 0; i < n && i < 15; i++)
        sets[i + 1] = extra[i];
    BhChipOptions o = {0};
    o.config = "p150b";
    o.sets = sets;
    o.nsets = n + 1;
    o.quiet = 1;
    char err[1024] = "";
    BhChip *c = NULL;
    if (bh_chip_create(&o, &c, err, sizeof err) != BH_CHIP_OK)
        fprintf(stderr, "test_host_cpu: %s\n", err);
    return c;
}

static uint64_t bar0_of(BhChip *c)
{
    return ((uint64_t)bh_chip_pci_config_read32(c, 0x14) << 32) |
           (bh_chip_pci_config_read32(c, 0x10) & ~0xFu);
}

/* TLB 0 onto L1 of (1,2), ordering 2 (posted writes: the NoC does not hold the host back) */
static void tlb0(BhChip *c, uint64_t bar0)
{
    const uint64_t lo = (1ull << 43) | (2ull << 49) | (1ull << 55) | (2ull << 61);
    const uint32_t w[3] = {(uint32_t)lo, (uint32_t)(lo >> 32), 2u << 6};
    for (int k = 0; k < 3; k++)
        CHECK_EQ_U32(bh_chip_pci_write(c, bar0 + 0x1FC00000u + 4u * k, &w[k], 4, NULL), BH_CHIP_OK);
}

/* 256 KiB in 4 KiB writes; GB/s from the first write to the last one's data at the NoC */
static double write_rate(const char *const *sets, int n)
{
    BhChip *c = chip_with(sets, n);
    if (!c)
        return 0;
    const uint64_t bar0 = bar0_of(c);
    tlb0(c, bar0);
    CHECK_EQ_U32(bh_chip_advance(c, 10000), BH_CHIP_OK); /* the TLB words are in */
    static uint8_t buf[4096];
    const uint32_t total = 256u << 10;
    const uint64_t t0 = bh_chip_time_ps(c);
    uint64_t id = 0, done = 0;
    for (uint32_t off = 0; off < total; off += sizeof buf)
        CHECK_EQ_U32(bh_chip_pci_write(c, bar0 + 0x10000 + off, buf, sizeof buf, &id), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_pci_wait(c, id, 100000000), BH_CHIP_OK);
    bh_chip_pci_done(c, id, &done);
    bh_chip_free(c);
    return (double)total / (double)(done - t0) * 1000.0;
}

/* GB/s of the PCIe tile's NIU sending TLPs of `bytes` as NoC packets: header + data flits */
static double noc_gbps(uint32_t bytes)
{
    return bytes / (1.0 + (bytes + 63) / 64) * 1.35;
}

static double min2(double a, double b)
{
    return a < b ? a : b;
}

static void check_write(const char *what, double got, double bound)
{
    printf("MMIO write, %-34s %6.2f GB/s (bound %.2f)\n", what, got, bound);
    CHECK(got <= bound * 1.001);
    CHECK(got >= bound * 0.95);
}

/* ps one read of `len` bytes at BAR0 + off takes (TLB 0 onto L1 of (1,2)) */
static uint64_t read_ps(BhChip *c, uint64_t bar0, uint32_t off, uint32_t len)
{
    static uint8_t buf[4096];
    const uint64_t t0 = bh_chip_time_ps(c);
    CHECK_EQ_U32(bh_chip_pci_read(c, bar0 + off, buf, len), BH_CHIP_OK);
    return bh_chip_time_ps(c) - t0;
}

static void check_reads(const char *load_set, uint32_t load)
{
    const char *const sets[] = {load_set};
    BhChip *c = chip_with(sets, 1);
    if (!c)
        return;
    const uint64_t bar0 = bar0_of(c);
    tlb0(c, bar0);
    CHECK_EQ_U32(bh_chip_advance(c, 10000), BH_CHIP_OK);
    read_ps(c, bar0, 0x20000, load); /* warm: L1's first access */
    const uint64_t one = read_ps(c, bar0, 0x20000, load), all = read_ps(c, bar0, 0x21000, 1024);
    const double want = (double)one * (1024 / load);
    /* a load's round trip holds both directions' link latency and NIU crossings, an MRd
     * (20 wire bytes) and a CplD (24 + load wire bytes) */
    const double floor = 2 * 50000.0 + 2 * 10000.0 + wire_ps(20) + wire_ps(20 + load);
    printf("MMIO read, %4u-byte loads: one %.1f ns (floor %.1f), 1 KiB %.2f us (want %.2f), "
           "%.1f MB/s\n",
           load, one / 1000.0, floor / 1000.0, all / 1e6, want / 1e6, 1024.0 / all * 1e6);
    CHECK(one >= floor);
    CHECK(all >= want * 0.98 && all <= want * 1.02);
    bh_chip_free(c);
}

static void rates(void)
{
    /* the CPU's gap rules: 64 B per 5 ns */
    check_write("64 B TLPs, 5 ns apart", write_rate(NULL, 0),
                min2(64 / 5000.0 * 1000.0, noc_gbps(64)));
    /* no gap: the wire (48.0 GB/s) or the NoC (2 flits: 43.2 GB/s) */
    const char *const fast[] = {"pcie.host.wc_gap_ps=0"};
    check_write("64 B TLPs, no gap", write_rate(fast, 1),
                min2(64 / wire_ps(84) * 1000.0, noc_gbps(64)));
    const char *const big[] = {"pcie.host.wc_gap_ps=2000", "pcie.host.wc_bytes=256"};
    check_write("256 B TLPs, 2 ns apart", write_rate(big, 2),
                min2(min2(256 / 2000.0 * 1000.0, 256 / wire_ps(276) * 1000.0), noc_gbps(256)));
    check_reads("pcie.host.load_bytes=4", 4);
    check_reads("pcie.host.load_bytes=64", 64);
}

/* a device whose buffer transfers of at least `min` bytes take the bulk path (0: never) */
static BhDevice *device(uint64_t min, BhChip **chip)
{
    char w[64], r[64];
    snprintf(w, sizeof w, "host.bulk_write_min_bytes=%llu", (unsigned long long)min);
    snprintf(r, sizeof r, "host.bulk_read_min_bytes=%llu", (unsigned long long)min);
    const char *const sets[] = {"workload.name=host", w, r};
    BhChipOptions o = {0};
    o.config = "p150b";
    o.sets = sets;
    o.nsets = 3;
    o.quiet = 1;
    char err[4096] = "";
    *chip = NULL;
    BhDevice *dev = NULL;
    if (bh_chip_create(&o, chip, err, sizeof err) == BH_CHIP_OK)
        dev = bh_device_open(*chip, err, sizeof err);
    if (!dev)
        fprintf(stderr, "test_host_cpu: %s\n", err);
    CHECK(dev != NULL);
    return dev;
}

/* writes then reads back a `size`-byte buffer of `page`-byte pages; the host's times */
static void round_trip(uint64_t min, BhBufferType type, uint64_t size, uint32_t page,
                       BhHostTimes *t)
{
    BhChip *c;
    BhDevice *dev = device(min, &c);
    memset(t, 0, sizeof *t);
    if (!dev)
        return;
    BhBuffer *b = bh_buffer_create(dev, type, size, page);
    uint8_t *in = malloc(size), *out = malloc(size);
    for (uint64_t i = 0; i < size; i++)
        in[i] = (uint8_t)(i * 131u + (i >> 11) * 7u + 3u);
    memset(out, 0, size);
    CHECK(b && in && out);
    if (b && in && out) {
        CHECK_EQ_U32(bh_buffer_write(dev, b, in, size), 0);
        CHECK_EQ_U32(bh_buffer_read(dev, b, out, size), 0);
        CHECK(memcmp(in, out, size) == 0);
        if (memcmp(in, out, size))
            fprintf(stderr, "test_host_cpu: %s\n", bh_device_error(dev));
    }
    bh_device_host_times(dev, t);
    free(in);
    free(out);
    bh_device_close(dev);
    bh_chip_free(c);
}

static void bulk(uint64_t kib)
{
    const uint64_t size = kib << 10;
    BhHostTimes mmio, blk, l1;
    round_trip(0, BH_BUFFER_DRAM, size, 2048, &mmio);
    round_trip(1, BH_BUFFER_DRAM, size, 2048, &blk);
    /* an L1 buffer too: 1 KiB pages, two in each of the 140 workers' L1 */
    round_trip(1, BH_BUFFER_L1, 280u << 10, 1024, &l1);
    CHECK_EQ_U64(l1.bulk_bytes, 2 * (280u << 10));
    printf("%llu KiB DRAM buffer: BAR write %.1f us, read %.1f us; bulk write %.1f us, read "
           "%.1f us (copies %.1f us)\n",
           (unsigned long long)(size >> 10), mmio.buffer_write_ps / 1e6, mmio.buffer_read_ps / 1e6,
           blk.buffer_write_ps / 1e6, blk.buffer_read_ps / 1e6, blk.copy_ps / 1e6);
    CHECK_EQ_U64(mmio.bulk_bytes, 0);
    CHECK_EQ_U64(blk.bulk_bytes, 2 * size);
    /* host.memcpy_mbps 10000: 0.1 ns a byte, each way */
    CHECK_EQ_U64(blk.copy_ps, 2 * size * 100);
    /* the buffer over the link: to the device as the host's 64-byte completions (84 wire
     * bytes each), from it as 256-byte writes (276) */
    CHECK(blk.buffer_write_ps >= size * 100 + size / 64 * wire_ps(84));
    CHECK(blk.buffer_read_ps >= size * 100 + size / 256 * wire_ps(276));
    CHECK(blk.buffer_read_ps < mmio.buffer_read_ps);
}

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "";
    if (!strcmp(what, "rates"))
        rates();
    else if (!strcmp(what, "bulk"))
        bulk(argc > 2 ? strtoull(argv[2], NULL, 10) : 128);
    else {
        fprintf(stderr, "usage: test_host_cpu rates|bulk\n");
        return 2;
    }
    return check_failures();
}
