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

static double key(BhChip *c, const char *k)
{
    char v[64] = "0";
    CHECK_EQ_U32(bh_chip_param_text(c, k, v, sizeof v), BH_CHIP_OK);
    return atof(v);
}

/* ps to serialise `wire_bytes` on the link of chip c (pcie.link.*: lanes x rate, encoding) */
static double wire_ps(BhChip *c, double wire_bytes)
{
    return wire_bytes * 8.0 * key(c, "pcie.link.enc_block_bits") /
           key(c, "pcie.link.enc_data_bits") /
           (key(c, "pcie.link.lanes") * key(c, "pcie.link.rate_mtps") * 1e6) * 1e12;
}

/* wire bytes of a TLP with `payload` bytes above 4 GiB (BAR0 is there: 4-dword header) */
static double tlp_wire(BhChip *c, double payload)
{
    return key(c, "pcie.link.framing_bytes") + key(c, "pcie.link.seq_bytes") + 16 + payload +
           key(c, "pcie.link.ecrc_bytes") + key(c, "pcie.link.lcrc_bytes");
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

static double min2(double a, double b)
{
    return a < b ? a : b;
}

/* 256 KiB in 4 KiB writes, GB/s from the first write to the last one's data at the NoC, with
 * the analytic bound from the chip's keys: a TLP of wc_bytes every max(wc_gap_ps, its wire
 * time), and the PCIe tile's NIU sending each as a NoC packet of a header flit and a flit per
 * 64 bytes, one flit per AICLK cycle */
static void check_write(const char *what, const char *const *sets, int n)
{
    BhChip *c = chip_with(sets, n);
    if (!c)
        return;
    const double wc = key(c, "pcie.host.wc_bytes");
    const double tlp = wire_ps(c, tlp_wire(c, wc)), gap = key(c, "pcie.host.wc_gap_ps");
    const double flits = 1.0 + (double)(((uint32_t)wc + 63) / 64);
    const double noc = wc / flits * key(c, "chip.aiclk_mhz") / 1000.0;
    const double bound = min2(wc / (gap > tlp ? gap : tlp) * 1000.0, noc);
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
    const double got = (double)total / (double)(done - t0) * 1000.0;
    printf("MMIO write, %-34s %6.2f GB/s (bound %.2f)\n", what, got, bound);
    CHECK(got <= bound * 1.001);
    CHECK(got >= bound * 0.95);
    bh_chip_free(c);
}

/* ps one read of `len` bytes at BAR0 + off takes (TLB 0 onto L1 of (1,2)) */
static uint64_t read_ps(BhChip *c, uint64_t bar0, uint32_t off, uint32_t len)
{
    static uint8_t buf[4096];
    const uint64_t t0 = bh_chip_time_ps(c);
    CHECK_EQ_U32(bh_chip_pci_read(c, bar0 + off, buf, len), BH_CHIP_OK);
    return bh_chip_time_ps(c) - t0;
}

static void check_reads(const char *load_set)
{
    const char *const sets[] = {load_set};
    BhChip *c = chip_with(sets, 1);
    if (!c)
        return;
    const uint32_t load = (uint32_t)key(c, "pcie.host.load_bytes");
    const uint64_t bar0 = bar0_of(c);
    tlb0(c, bar0);
    CHECK_EQ_U32(bh_chip_advance(c, 10000), BH_CHIP_OK);
    read_ps(c, bar0, 0x20000, load); /* warm: L1's first access */
    const uint64_t one = read_ps(c, bar0, 0x20000, load), all = read_ps(c, bar0, 0x21000, 1024);
    const double want = (double)one * (1024 / load);
    /* a load's round trip holds both directions' link latency and NIU crossings, an MRd
     * (no payload) and a CplD (a 3-dword header and the load's bytes) */
    const double floor = 2 * key(c, "pcie.link.link_latency_ps") +
                         2 * key(c, "pcie.link.niu_crossing_ps") + wire_ps(c, tlp_wire(c, 0)) +
                         wire_ps(c, tlp_wire(c, load) - 4);
    printf("MMIO read, %4u-byte loads: one %.1f ns (floor %.1f), 1 KiB %.2f us (want %.2f), "
           "%.1f MB/s\n",
           load, one / 1000.0, floor / 1000.0, all / 1e6, want / 1e6, 1024.0 / all * 1e6);
    CHECK(one >= floor);
    CHECK(all >= want * 0.98 && all <= want * 1.02);
    bh_chip_free(c);
}

static void rates(void)
{
    check_write("64 B TLPs, 5 ns apart", NULL, 0); /* the CPU's gap rules: 12.8 GB/s */
    /* no gap: the wire (45.8 GB/s) or the NoC (2 flits: 43.2 GB/s) */
    const char *const fast[] = {"pcie.host.wc_gap_ps=0"};
    check_write("64 B TLPs, no gap", fast, 1);
    const char *const big[] = {"pcie.host.wc_gap_ps=2000", "pcie.host.wc_bytes=256"};
    check_write("256 B TLPs, 2 ns apart", big, 2); /* the wire: 57.6 GB/s */
    check_reads("pcie.host.load_bytes=4");
    check_reads("pcie.host.load_bytes=64");
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
    /* the buffer over the link at the keys' rate: to the device as the host's completions of
     * host_rcb_bytes (3-dword header), from it as writes of mps_bytes to host memory at 16 GiB
     * (4-dword header) */
    BhChip *c = chip_with(NULL, 0);
    if (c) {
        const double copy = size * 1e6 / key(c, "host.memcpy_mbps");
        const double cpl = key(c, "pcie.link.host_rcb_bytes"), mps = key(c, "pcie.link.mps_bytes");
        CHECK(blk.buffer_write_ps >= copy + size / cpl * wire_ps(c, tlp_wire(c, cpl) - 4));
        CHECK(blk.buffer_read_ps >= copy + size / mps * wire_ps(c, tlp_wire(c, mps)));
        CHECK_EQ_U64(blk.copy_ps, 2 * (uint64_t)copy);
        bh_chip_free(c);
    }
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
