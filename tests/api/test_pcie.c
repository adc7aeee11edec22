// SPDX-License-Identifier: Apache-2.0
/* tests/api/test_pcie.c - the host side of PCIe through platform/bhsim.h only: configuration
 * space, TLB windows programmed a word at a time as drivers do (field positions written out
 * here from jasondavies/tt-isa-documentation BlackholeA0/PCIExpressTile/HostToDeviceTLBs.md),
 * writes and reads of L1 through them, a multicast window, posted ordering, the link's
 * bandwidth and a read's latency against bounds computed from the link's keys, a device's
 * write into and reads of host memory, and the ARC's message queue and telemetry reached through a
 * window as a host driver reaches them (tenstorrent/tt-umd blackhole_arc_message_queue.cpp's
 * protocol; the layout of model/arc/arc.h's header, from tt-zephyr-platforms msgqueue.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "platform/bhsim.h"
#include "tests/check.h"

static const char *const kHost[] = {"workload.name=none"};
static struct BhChip *make_with(const char *set);
static uint64_t bar0;

static BhChip *make(void)
{
    BhChipOptions o = {0};
    o.config = "p150b";
    o.sets = kHost;
    o.nsets = 1;
    o.quiet = 1;
    char err[512] = "";
    BhChip *c = NULL;
    CHECK_EQ_U32(bh_chip_create(&o, &c, err, sizeof err), BH_CHIP_OK);
    if (!c) {
        fprintf(stderr, "test_pcie: %s\n", err);
        exit(1);
    }
    const uint32_t lo = bh_chip_pci_config_read32(c, 0x10), hi = bh_chip_pci_config_read32(c, 0x14);
    bar0 = ((uint64_t)hi << 32) | (lo & ~0xFu);
    return c;
}

typedef struct Tlb {
    uint64_t noc_addr;
    uint32_t x_start, y_start, x_end, y_end, noc, mcast, ordering;
} Tlb;

/* The 96-bit 2 MiB TLB word: local_offset [42:0] (address >> 21), x_end [48:43], y_end
 * [54:49], x_start [60:55], y_start [66:61], noc_sel 67, mcast 69, ordering [71:70]. */
static void program(BhChip *c, uint32_t i, Tlb t)
{
    uint32_t w[3] = {0, 0, 0};
    const uint64_t lo = (t.noc_addr >> 21) | ((uint64_t)t.x_end << 43) | ((uint64_t)t.y_end << 49) |
                        ((uint64_t)t.x_start << 55) | ((uint64_t)(t.y_start & 7) << 61);
    w[0] = (uint32_t)lo;
    w[1] = (uint32_t)(lo >> 32);
    w[2] = (t.y_start >> 3) | (t.noc << 3) | (t.mcast << 5) | (t.ordering << 6);
    for (int k = 0; k < 3; k++)
        CHECK_EQ_U32(bh_chip_pci_write(c, bar0 + 0x1FC00000u + 12u * i + 4u * k, &w[k], 4, NULL),
                     BH_CHIP_OK);
}

static uint64_t win(uint32_t i)
{
    return bar0 + (uint64_t)i * (2u << 20);
}

static Tlb unicast(uint32_t x, uint32_t y, uint64_t addr)
{
    Tlb t = {addr, x, y, x, y, 0, 0, 0};
    return t;
}

static void fill(uint8_t *b, size_t n, uint32_t seed)
{
    for (size_t i = 0; i < n; i++)
        b[i] = (uint8_t)(i * 13u + seed * 7u + (i >> 9));
}

static uint64_t key(BhChip *c, const char *k)
{
    char buf[64];
    CHECK_EQ_U32(bh_chip_param_text(c, k, buf, sizeof buf), BH_CHIP_OK);
    return strtoull(buf, NULL, 10);
}

static void test_config_space(void)
{
    BhChip *c = make();
    CHECK_EQ_U32(bh_chip_pci_config_read32(c, 0), 0xB1401E52u); /* Blackhole, Tenstorrent */
    CHECK_EQ_U64(bar0, 0x100000000ull);
    CHECK_EQ_U32(bh_chip_pci_config_read32(c, 0x10) & 0x7, 0x4); /* 64-bit memory BAR */
    /* sizing as a host does: all ones, read back the mask of a 512 MiB BAR */
    CHECK_EQ_U32(bh_chip_pci_config_write32(c, 0x10, 0xFFFFFFFFu), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_pci_config_read32(c, 0x10), 0xE0000004u);
    CHECK_EQ_U32(bh_chip_pci_config_write32(c, 0x10, (uint32_t)bar0), BH_CHIP_OK);
    uint8_t b[4] = {0};
    CHECK_EQ_U32(bh_chip_pci_write(c, 0x1000, b, 4, NULL), BH_CHIP_ERR_ADDRESS); /* no BAR */
    CHECK_EQ_U32(bh_chip_pci_read(c, bar0 + (512u << 20) - 2, b, 4), BH_CHIP_ERR_ADDRESS);
    bh_chip_free(c);
}

/* 64 KiB into (3,4)'s L1 through a posted window, checked by backdoor and read back through
 * it; the write's time against the host CPU's write-combined TLPs (pcie.host.*: one of wc_bytes
 * every wc_gap_ps, unless the wire is slower) (acknowledged writes are bounded by the NIU's
 * request records instead: bench/pcie.c) */
static void test_window_write_read(void)
{
    BhChip *c = make();
    static uint8_t in[65536], out[65536];
    fill(in, sizeof in, 3);
    Tlb t = unicast(3, 4, 0x0);
    t.ordering = 2; /* posted: the NoC writes hold no NIU record for an acknowledgement */
    program(c, 5, t);
    const uint64_t t0 = bh_chip_time_ps(c);
    uint64_t id;
    CHECK_EQ_U32(bh_chip_pci_write(c, win(5) + 0x40000, in, sizeof in, &id), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_pci_wait(c, id, 1000000), BH_CHIP_OK);
    uint64_t done_ps = 0;
    CHECK_EQ_U32(bh_chip_pci_done(c, id, &done_ps), 1);
    /* posted: done when the last packet left the NIU; the network then delivers it */
    CHECK_EQ_U32(bh_chip_advance_until_idle(c, 100000, NULL), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_mem_read(c, 3, 4, 0x40000, out, sizeof out), BH_CHIP_OK);
    CHECK(memcmp(in, out, sizeof in) == 0);
    /* the bound: 65536 / wc_bytes MWr TLPs above 4 GiB (4 B framing, 16 B header, 4 B LCRC),
     * one per max(wc_gap_ps, its wire time at 16 lanes x 32 GT/s x 128/130), the last one's
     * wire time, one link latency and one NIU crossing */
    const double wc = (double)key(c, "pcie.host.wc_bytes"), n = 65536.0 / wc;
    const double tlp = (4 + 16 + wc + 4) * 8.0 * 130.0 / 128.0 / (16 * 32.0) * 1000.0;
    const double gap = (double)key(c, "pcie.host.wc_gap_ps");
    const double ps = (n - 1) * (gap > tlp ? gap : tlp) + tlp;
    const double floor_ps = ps + (double)key(c, "pcie.link.link_latency_ps") +
                            (double)key(c, "pcie.link.niu_crossing_ps");
    const double took = (double)(done_ps - t0);
    printf("64 KiB MMIO write: %.0f ns (the CPU's TLPs %.0f ns): %.2f GB/s into L1\n", took / 1000,
           ps / 1000, 65536.0 / took * 1000.0);
    CHECK(took >= floor_ps);
    CHECK(took <= floor_ps + 500000.0); /* + the last TLP's NoC write: well under 500 ns */
    memset(out, 0, sizeof out);
    CHECK_EQ_U32(bh_chip_pci_read(c, win(5) + 0x40000, out, 4096), BH_CHIP_OK);
    CHECK(memcmp(in, out, 4096) == 0);
    bh_chip_free(c);
}

/* A 4-byte read's latency: MRd out, the NoC read, CplD back; each TLP's wire time, link
 * latency and NIU crossing, from the keys, bound it from below; the NoC read (tens of
 * cycles) from above. */
static void test_read_latency(void)
{
    BhChip *c = make();
    program(c, 0, unicast(1, 2, 0x0));
    const uint32_t v = 0x600DF00Du;
    CHECK_EQ_U32(bh_chip_mem_write(c, 1, 2, 0x100, &v, 4), BH_CHIP_OK);
    bh_chip_advance(c, 10);
    const uint64_t t0 = bh_chip_time_ps(c);
    uint32_t got = 0;
    CHECK_EQ_U32(bh_chip_pci_read(c, win(0) + 0x100, &got, 4), BH_CHIP_OK);
    CHECK_EQ_U32(got, v);
    const double took = (double)(bh_chip_time_ps(c) - t0);
    const double byte_ps = 8.0 * 130.0 / 128.0 / (16 * 32.0) * 1000.0;
    const double floor_ps = (24 + 24) * byte_ps /* MRd: 4+16+4; CplD: 4+12+4+4 */ +
                            2.0 * (double)key(c, "pcie.link.link_latency_ps") +
                            2.0 * (double)key(c, "pcie.link.niu_crossing_ps");
    printf("4-byte MMIO read: %.1f ns (link and crossings alone %.1f ns)\n", took / 1000,
           floor_ps / 1000);
    CHECK(took >= floor_ps);
    CHECK(took <= floor_ps + 300000.0);
    bh_chip_free(c);
}

/* One write through a multicast window reaches every tile of the rectangle, and only those */
static void test_multicast_window(void)
{
    BhChip *c = make();
    Tlb t = {0x0, 1, 2, 3, 3, 0, 1, 0}; /* (1,2)..(3,3) on NoC0 */
    program(c, 7, t);
    uint8_t in[1024], out[1024];
    fill(in, sizeof in, 9);
    uint64_t id;
    CHECK_EQ_U32(bh_chip_pci_write(c, win(7) + 0x30000, in, sizeof in, &id), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_pci_wait(c, id, 1000000), BH_CHIP_OK);
    for (uint32_t y = 2; y <= 4; y++)
        for (uint32_t x = 1; x <= 4; x++) {
            memset(out, 0, sizeof out);
            CHECK_EQ_U32(bh_chip_mem_read(c, x, y, 0x30000, out, sizeof out), BH_CHIP_OK);
            const int inside = x <= 3 && y <= 3;
            CHECK_EQ_U32(memcmp(in, out, sizeof out) == 0, inside);
        }
    bh_chip_free(c);
}

/* Posted ordering: the same bytes land; the host's wait ends when the last packet has left
 * the NIU, not when an acknowledgement came back, so it ends no later than acknowledged. */
static void test_posted_ordering(void)
{
    uint64_t took[2];
    for (uint32_t posted = 0; posted < 2; posted++) {
        BhChip *c = make();
        Tlb t = unicast(14, 9, 0x0);
        t.ordering = posted ? 2 : 0;
        program(c, 2, t);
        uint8_t in[512], out[512];
        fill(in, sizeof in, posted);
        const uint64_t t0 = bh_chip_time_ps(c);
        uint64_t id, done = 0;
        CHECK_EQ_U32(bh_chip_pci_write(c, win(2), in, sizeof in, &id), BH_CHIP_OK);
        CHECK_EQ_U32(bh_chip_pci_wait(c, id, 1000000), BH_CHIP_OK);
        bh_chip_pci_done(c, id, &done);
        took[posted] = done - t0;
        CHECK_EQ_U32(bh_chip_advance_until_idle(c, 100000, NULL), BH_CHIP_OK);
        CHECK_EQ_U32(bh_chip_mem_read(c, 14, 9, 0, out, sizeof out), BH_CHIP_OK);
        CHECK(memcmp(in, out, sizeof in) == 0);
        bh_chip_free(c);
    }
    CHECK(took[1] < took[0]);
}

/* A device write into host memory: the PCIe tile's NIU reads L1 of (1,2) into a host window
 * (bit 60 set: the outbound window tt-metal uses), and the bytes reach host memory over the
 * link, device to host. */
static void test_device_to_host(void)
{
    BhChip *c = make();
    uint8_t in[2048], out[2048];
    fill(in, sizeof in, 5);
    CHECK_EQ_U32(bh_chip_mem_write(c, 1, 2, 0x8000, in, sizeof in), BH_CHIP_OK);
    uint64_t id;
    CHECK_EQ_U32(bh_chip_noc_read(c, 0, 2, 0, 1, 2, 0x8000, 0x1000000000004000ull, sizeof in, &id),
                 BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_advance_until_done(c, id, 100000), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_advance_until_idle(c, 100000, NULL), BH_CHIP_OK);
    memset(out, 0, sizeof out);
    CHECK_EQ_U32(bh_chip_host_mem_read(c, 0x4000, out, sizeof out), BH_CHIP_OK);
    CHECK(memcmp(in, out, sizeof in) == 0);
    const char *r = bh_chip_report(c);
    const char *d2h = r ? strstr(r, "\"device_to_host\":{") : NULL;
    CHECK(d2h && strstr(d2h, "\"payload_bytes\":2048}") != NULL);
    bh_chip_free(c);
}

/* The TLB ordering modes (jasondavies/tt-isa-documentation WormholeB0/PCIExpressTile/TLBs.md):
 * 16 KiB written through a window to (1,2) as 64 TLPs of 256 bytes, then a 4-byte read of it
 * at once. Default: the read goes to the NoC only after every write's acknowledgement, so it
 * returns the written word and completes at least a NoC read round trip after the last
 * acknowledgement. Posted writes: it waits only for the data to leave, so it completes
 * sooner. Strict AXI: one NoC transaction at a time, so the 64 writes take at least 64 write
 * round trips. Round trips hand-counted on NoC0 between (2,0) and (1,2): 16 + 2 hops out,
 * 1 + 10 back, 9 cycles a hop, 4 NIU-router crossings of 5 cycles: 281 cycles. */
static void test_ordering_modes(void)
{
    const double cycle_ps = 1e6 / 1350.0, rtt_ps = (29 * 9 + 4 * 5) * cycle_ps;
    uint64_t read_done[3] = {0, 0, 0};
    const uint32_t modes[3] = {0, 2, 1};
    for (int m = 0; m < 3; m++) {
        BhChip *c = make();
        Tlb t = unicast(1, 2, 0x0);
        t.ordering = modes[m];
        program(c, 0, t);
        CHECK_EQ_U32(bh_chip_advance_until_idle(c, 100000, NULL), BH_CHIP_OK);
        uint8_t in[16384];
        fill(in, sizeof in, 11 + (uint32_t)m);
        uint64_t id = 0, wdone = 0;
        const uint64_t t0 = bh_chip_time_ps(c);
        for (uint32_t off = 0; off < sizeof in; off += 4096)
            CHECK_EQ_U32(bh_chip_pci_write(c, win(0) + 0x20000 + off, in + off, 4096, &id),
                         BH_CHIP_OK);
        uint32_t got = 0;
        CHECK_EQ_U32(bh_chip_pci_read(c, win(0) + 0x20000 + 0x100, &got, 4), BH_CHIP_OK);
        read_done[m] = bh_chip_time_ps(c) - t0;
        if (modes[m] == 0) {
            uint32_t want;
            memcpy(&want, in + 0x100, 4);
            CHECK_EQ_U32(got, want);
            CHECK_EQ_U32(bh_chip_pci_done(c, id, &wdone), 1);
            CHECK((double)(bh_chip_time_ps(c) - wdone) >= rtt_ps);
        }
        CHECK_EQ_U32(bh_chip_pci_wait(c, id, 1000000), BH_CHIP_OK);
        CHECK_EQ_U32(bh_chip_pci_done(c, id, &wdone), 1);
        if (modes[m] == 1)
            CHECK((double)(wdone - t0) >= 64 * rtt_ps);
        else
            CHECK((double)(wdone - t0) < 64 * rtt_ps);
        uint8_t out[16384];
        CHECK_EQ_U32(bh_chip_advance_until_idle(c, 100000, NULL), BH_CHIP_OK);
        CHECK_EQ_U32(bh_chip_mem_read(c, 1, 2, 0x20000, out, sizeof out), BH_CHIP_OK);
        CHECK(memcmp(in, out, sizeof in) == 0);
        printf("ordering %u: writes done %.0f ns, read back %.0f ns after the first write\n",
               modes[m], (double)(wdone - t0) / 1000, (double)read_done[m] / 1000);
        bh_chip_free(c);
    }
    CHECK(read_done[1] < read_done[0]);
}

/* BAR0's NIU windows (0x1FD0_4000 NIU #0, 0x1FD1_4000 NIU #1: BlackholeA0/PCIExpressTile/
 * docs/host.md) are the PCIe tile (2,0)'s own NIU registers. NOC_NODE_ID (0x44): [5:0] x, [11:6]
 * y in that NoC's coordinates, [18:12] width 17, [25:19] height 12; NOC_ENDPOINT_ID (0x48):
 * [7:0] tile index, [23:8] type 0x0300 (PCIe), [31:24] NoC (NoC/MemoryMap.md;
 * docs/hardware.md#niu).
 * A command-buffer register written through BAR0 reads back; a byte access is refused. */
static void test_bar0_niu_regs(void)
{
    BhChip *c = make();
    uint32_t v = 0;
    CHECK_EQ_U32(bh_chip_pci_read(c, bar0 + 0x1FD04044u, &v, 4), BH_CHIP_OK);
    CHECK_EQ_U32(v & 0x3FFFFFFu, 2u | 0u << 6 | 17u << 12 | 12u << 19);
    CHECK_EQ_U32(bh_chip_pci_read(c, bar0 + 0x1FD14044u, &v, 4), BH_CHIP_OK);
    CHECK_EQ_U32(v & 0x3FFFFFFu, 14u | 11u << 6 | 17u << 12 | 12u << 19);
    CHECK_EQ_U32(bh_chip_pci_read(c, bar0 + 0x1FD04048u, &v, 4), BH_CHIP_OK);
    CHECK_EQ_U32(v, 0x00030000u);
    CHECK_EQ_U32(bh_chip_pci_read(c, bar0 + 0x1FD14048u, &v, 4), BH_CHIP_OK);
    CHECK_EQ_U32(v, 0x01030000u);
    const uint32_t w = 0x12345670u; /* command buffer 2's TARG_ADDR_LO (0x800 x 2 + 0) */
    CHECK_EQ_U32(bh_chip_pci_write(c, bar0 + 0x1FD04000u + 0x1000u, &w, 4, NULL), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_pci_read(c, bar0 + 0x1FD04000u + 0x1000u, &v, 4), BH_CHIP_OK);
    CHECK_EQ_U32(v, w);
    const uint64_t before = bh_chip_log_count(c, 1);
    uint8_t b = 0;
    CHECK_EQ_U32(bh_chip_pci_read(c, bar0 + 0x1FD04045u, &b, 1), BH_CHIP_OK);
    CHECK(bh_chip_log_count(c, 1) == before + 1);
    bh_chip_free(c);
}

/* BAR0's ARC window, on a chip whose host faces PCIe 1 (pcie.tlb.instance=1, as p100): from
 * BAR0 0x1FF0_0000 the ARC's addresses from 0x8000_0000 (tt-umd ARC_APB_BAR0_XBAR_OFFSET_START
 * and ARC_NOC_XBAR_ADDRESS_START), the same registers a TLB window on (8,0) reaches: the boot
 * status in SCRATCH_RAM_2 (0x8003_0408), and a scratch register written one way and read the
 * other. On PCIe 0 (p150) the window is reserved: the guest's error. */
static void test_bar0_arc_window(void)
{
    BhChip *c = make_with("pcie.tlb.instance=1");
    const uint64_t b0 = ((uint64_t)bh_chip_pci_config_read32(c, 0x14) << 32) |
                        (bh_chip_pci_config_read32(c, 0x10) & ~0xFu);
    uint32_t v = 0, w = 0xC0FFEE01u;
    CHECK_EQ_U32(bh_chip_pci_read(c, b0 + 0x1FF30408u, &v, 4), BH_CHIP_OK);
    CHECK_EQ_U32(v & 7, 5);
    CHECK_EQ_U32(bh_chip_pci_write(c, b0 + 0x1FF30060u, &w, 4, NULL), BH_CHIP_OK);
    program(c, 10, unicast(8, 0, 0x80000000u));
    CHECK_EQ_U32(bh_chip_pci_read(c, b0 + 10 * (2u << 20) + 0x30060u, &v, 4), BH_CHIP_OK);
    CHECK_EQ_U32(v, w);
    const uint64_t before = bh_chip_log_count(c, 1);
    CHECK_EQ_U32(bh_chip_pci_read(c, b0 + 0x1FE80000u, &v, 4), BH_CHIP_OK); /* first MiB */
    CHECK(bh_chip_log_count(c, 1) == before + 1);
    bh_chip_free(c);
    c = make();
    CHECK_EQ_U32(bh_chip_pci_read(c, bar0 + 0x1FF30408u, &v, 4), BH_CHIP_OK);
    CHECK(bh_chip_log_count(c, 1) == 1);
    bh_chip_free(c);
}

static BhChip *make_with(const char *set)
{
    const char *sets[2] = {"workload.name=none", set};
    BhChipOptions o = {0};
    o.config = "p150b";
    o.sets = sets;
    o.nsets = 2;
    o.quiet = 1;
    char err[512] = "";
    BhChip *c = NULL;
    CHECK_EQ_U32(bh_chip_create(&o, &c, err, sizeof err), BH_CHIP_OK);
    if (!c) {
        fprintf(stderr, "test_pcie: %s\n", err);
        exit(1);
    }
    return c;
}

/* ps (whole AICLK cycles at 1350 MHz, from the access's own issue and completion cycles) for a
 * 64-byte read of host memory by (1,2)'s NIU through the host window of (2,0) */
static uint64_t host_read_ps(BhChip *c)
{
    uint8_t in[64], out[64];
    fill(in, sizeof in, 9);
    CHECK_EQ_U32(bh_chip_host_mem_write(c, 0x7000, in, sizeof in), BH_CHIP_OK);
    bh_chip_advance(c, 10);
    uint64_t id, issued = 0, completed = 0;
    CHECK_EQ_U32(bh_chip_noc_read(c, 0, 1, 2, 2, 0, 0x1000000000007000ull, 0x9000, 64, &id),
                 BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_advance_until_done(c, id, 100000), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_access_done(c, id, &issued, &completed), 1);
    const uint64_t took = (completed - issued) * 1000000 / 1350; /* AICLK cycles, ps */
    CHECK_EQ_U32(bh_chip_mem_read(c, 1, 2, 0x9000, out, sizeof out), BH_CHIP_OK);
    CHECK(memcmp(in, out, sizeof in) == 0);
    return took;
}

/* A device read of host memory is a non-posted read over the link: its latency holds the
 * link's terms (MRd up, the host's answer, a CplD down), and grows by exactly what the host's
 * answer takes longer (to within one AICLK cycle: the NoC takes the data at its next edge).
 * 1 MiB of back-to-back reads is bounded by the completions' serialisation (64-byte CplDs at
 * the host's read completion boundary) and lands bit for bit. An odd length lands exactly. */
static void test_device_reads_host(void)
{
    const double byte_ps = 8.0 * 130.0 / 128.0 / (16 * 32.0) * 1000.0;
    BhChip *c = make();
    const uint64_t took = host_read_ps(c);
    const double floor_ps = (20 + 84) * byte_ps /* MRd: 4+12+4; CplD: 4+12+64+4 */ +
                            2.0 * (double)key(c, "pcie.link.link_latency_ps") +
                            2.0 * (double)key(c, "pcie.link.niu_crossing_ps") +
                            (double)key(c, "pcie.link.host_read_latency_ps");
    printf("device read of 64 B of host memory: %.1f ns (link terms %.1f ns)\n",
           (double)took / 1000, floor_ps / 1000);
    CHECK((double)took >= floor_ps);
    /* the NoC's part: (1,2) to (2,0) on NoC0 (+x, +y, X then Y) is 1 + 10 hops, the response
     * back 16 + 2, at 9 cycles each, and 4 NIU-router crossings of 5; a few cycles more for the
     * clock crossings' rounding to AICLK edges */
    CHECK((double)took <= floor_ps + (29 * 9 + 4 * 5 + 8) * 1e6 / 1350.0);
    bh_chip_free(c);
    c = make_with("pcie.link.host_read_latency_ps=1400000");
    const uint64_t slower = host_read_ps(c);
    const double cycle_ps = 1e6 / 1350.0; /* each figure is whole cycles: two cycles apart */
    CHECK((double)(slower - took) >= 1000000.0 - 2 * cycle_ps);
    CHECK((double)(slower - took) <= 1000000.0 + 2 * cycle_ps);
    bh_chip_free(c);

    c = make();
    const uint32_t total = 1u << 20;
    uint8_t *in = malloc(total), *out = malloc(total);
    fill(in, total, 3);
    CHECK_EQ_U32(bh_chip_host_mem_write(c, 0x100000, in, total), BH_CHIP_OK);
    uint64_t id = 0, first = 0, t0 = 0, t1 = 0, unused;
    for (uint32_t i = 0; i < total / 16384; i++) {
        while (bh_chip_noc_read(c, 0, 1, 2, 2, 0, 0x1000000000100000ull + 16384u * i,
                                0x10000 + 16384u * i, 16384, &id) == BH_CHIP_ERR_BUSY)
            CHECK_EQ_U32(bh_chip_advance(c, 10), BH_CHIP_OK);
        if (i == 0)
            first = id;
    }
    CHECK_EQ_U32(bh_chip_advance_until_done(c, id, 10000000), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_access_done(c, first, &t0, &unused), 1);
    CHECK_EQ_U32(bh_chip_access_done(c, id, &unused, &t1), 1);
    const double bw_ps = (double)(t1 - t0) * 1e6 / 1350.0;
    const double serial_ps = (double)total / 64 * 84 * byte_ps;
    printf("1 MiB read from host memory: %.2f us (completions' serialisation %.2f us)\n",
           bw_ps / 1e6, serial_ps / 1e6);
    CHECK(bw_ps >= serial_ps);
    CHECK(bw_ps <= serial_ps + 2.0 * (double)took);
    CHECK_EQ_U32(bh_chip_advance_until_idle(c, 1000000, NULL), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_mem_read(c, 1, 2, 0x10000, out, total), BH_CHIP_OK);
    CHECK(memcmp(in, out, total) == 0);
    memset(out, 0, 3000);
    CHECK_EQ_U32(bh_chip_noc_read(c, 1, 1, 2, 2, 0, 0x1000000000100040ull, 0x2000, 2984, &id),
                 BH_CHIP_OK); /* NoC1 (coordinates given in NoC0's frame) */
    CHECK_EQ_U32(bh_chip_advance_until_done(c, id, 100000), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_mem_read(c, 1, 2, 0x2000, out, 3000), BH_CHIP_OK);
    CHECK(memcmp(in + 0x40, out, 2984) == 0);
    free(in);
    free(out);
    bh_chip_free(c);
}

/* A NoC read of the PCIe tile outside its host windows (window 8 of 2^58: unused) is the
 * guest's error, named, and the chip goes on. */
static void test_device_bad_host_window(void)
{
    BhChip *c = make();
    uint64_t id;
    const uint64_t before = bh_chip_log_count(c, 1);
    CHECK_EQ_U32(bh_chip_noc_read(c, 0, 1, 2, 2, 0, 0x2000000000000000ull, 0x9000, 64, &id),
                 BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_advance_until_done(c, id, 100000), BH_CHIP_OK);
    CHECK(bh_chip_log_count(c, 1) > before);
    CHECK_EQ_U32(bh_chip_advance_until_idle(c, 100000, NULL), BH_CHIP_OK);
    bh_chip_free(c);
}

static uint32_t arc_rd(BhChip *c, uint64_t addr)
{
    uint32_t v = 0;
    CHECK_EQ_U32(bh_chip_pci_read(c, win(10) + (addr - 0x80000000u), &v, 4), BH_CHIP_OK);
    return v;
}

static uint32_t csm_rd(BhChip *c, uint64_t addr)
{
    uint32_t v = 0;
    CHECK_EQ_U32(bh_chip_pci_read(c, win(11) + (addr - 0x10000000u), &v, 4), BH_CHIP_OK);
    return v;
}

static void csm_wr(BhChip *c, uint64_t addr, const void *d, uint32_t n)
{
    CHECK_EQ_U32(bh_chip_pci_write(c, win(11) + (addr - 0x10000000u), d, n, NULL), BH_CHIP_OK);
}

/* One message on queue 0 as tt-umd sends it: the request at the write pointer, the pointer
 * bumped, the doorbell (0x10000 at 0x8003_0100); then the response once its write pointer
 * moves. Returns the response's first two words. */
static void arc_msg(BhChip *c, uint32_t code, uint32_t resp[2])
{
    const uint32_t info = arc_rd(c, 0x8003042Cu); /* SCRATCH_RAM_11: queue control block */
    const uint32_t qbase = csm_rd(c, info);
    const uint32_t wptr = csm_rd(c, qbase + 0), rrptr = csm_rd(c, qbase + 4);
    const uint32_t req[8] = {code, 0, 0, 0, 0, 0, 0, 0};
    csm_wr(c, qbase + 32 + 32 * (wptr % 4), req, sizeof req);
    const uint32_t next = (wptr + 1) % 8, ring = 0x10000;
    csm_wr(c, qbase + 0, &next, 4);
    CHECK_EQ_U32(bh_chip_pci_write(c, win(10) + 0x30100, &ring, 4, NULL), BH_CHIP_OK);
    uint32_t spins = 0;
    while (csm_rd(c, qbase + 20) == rrptr && spins++ < 1000)
        bh_chip_advance(c, 500);
    CHECK(spins < 1000);
    const uint64_t at = qbase + 32 + 4 * 32 + 32 * (rrptr % 4);
    resp[0] = csm_rd(c, at);
    resp[1] = csm_rd(c, at + 4);
    const uint32_t rnext = (rrptr + 1) % 8;
    csm_wr(c, qbase + 4, &rnext, 4);
}

/* The AICLK cycles of a 16 KiB NoC read by (5,7) from src */
static uint64_t read_cycles(BhChip *c, uint32_t sx, uint32_t sy)
{
    uint64_t id, issued = 0, done = 0;
    CHECK_EQ_U32(bh_chip_noc_read(c, 0, 5, 7, sx, sy, 0x10000, 0x80000, 16384, &id), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_advance_until_done(c, id, 1000000), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_access_done(c, id, &issued, &done), 1);
    return done - issued;
}

/* AICLK_GO_LONG_IDLE (0x54) drops AICLK to 800 MHz: a cycle lasts 1250 ps instead of 740.7,
 * a NoC read between Tensix tiles takes the same cycles (so its bandwidth per ns falls by
 * 800/1350), a read from GDDR6, whose clock stays, takes fewer AICLK cycles; GET_AICLK (0x34)
 * and GO_BUSY (0x52) bring back 1350 MHz and the cycles. */
static void test_aiclk(void)
{
    BhChip *c = make();
    program(c, 10, unicast(8, 0, 0x80000000u));
    program(c, 11, unicast(8, 0, 0x10000000u));
    uint32_t r[2];
    bh_chip_advance_until_idle(c, 100000, NULL);
    const uint64_t noc_fast = read_cycles(c, 1, 2), dram_fast = read_cycles(c, 0, 0);
    uint64_t t0 = bh_chip_time_ps(c);
    CHECK_EQ_U32(bh_chip_advance(c, 27000), BH_CHIP_OK);
    CHECK_EQ_U64(bh_chip_time_ps(c) - t0, 20000000); /* 27000 cycles at 1350 MHz: 20 us */
    arc_msg(c, 0x54, r);
    CHECK_EQ_U32(r[0] & 0xFF, 0);
    arc_msg(c, 0x34, r);
    CHECK_EQ_U32(r[1], 800);
    bh_chip_advance_until_idle(c, 100000, NULL);
    t0 = bh_chip_time_ps(c);
    CHECK_EQ_U32(bh_chip_advance(c, 16000), BH_CHIP_OK);
    CHECK_EQ_U64(bh_chip_time_ps(c) - t0, 20000000); /* 16000 cycles at 800 MHz: 20 us */
    const uint64_t noc_slow = read_cycles(c, 1, 2), dram_slow = read_cycles(c, 0, 0);
    printf("16 KiB NoC read: %llu cycles at 1350 MHz, %llu at 800; from GDDR6: %llu, %llu\n",
           (unsigned long long)noc_fast, (unsigned long long)noc_slow,
           (unsigned long long)dram_fast, (unsigned long long)dram_slow);
    CHECK_EQ_U64(noc_slow, noc_fast);
    CHECK(dram_slow < dram_fast);
    /* the report's simulated time follows the clock's segments, not chip.aiclk_mhz: within a
     * cycle at 800 MHz (1250 ps) of the chip's own time */
    const char *rep = bh_chip_report(c), *ss = rep ? strstr(rep, "\"simulated_seconds\":") : NULL;
    CHECK(ss != NULL);
    if (ss) {
        const double sim_ps = atof(ss + 20) * 1e12, now_ps = (double)bh_chip_time_ps(c);
        printf("report: %.0f ps simulated, chip at %.0f ps\n", sim_ps, now_ps);
        CHECK(sim_ps <= now_ps + 1 && sim_ps > now_ps - 1250.0 - 1);
    }
    arc_msg(c, 0x52, r);
    arc_msg(c, 0x34, r);
    CHECK_EQ_U32(r[1], 1350);
    bh_chip_advance_until_idle(c, 100000, NULL);
    /* back at 1350 MHz a GDDR6 read takes its fast cycles again, give or take the cycle the
     * GDDR6 clock's phase against AICLK moves it (the read is issued when the previous one's
     * last write into the requester's L1 completes, so its phase follows the history) */
    const uint64_t dram_back = read_cycles(c, 0, 0);
    printf("GDDR6 read back at 1350 MHz: %llu cycles\n", (unsigned long long)dram_back);
    CHECK(dram_back + 2 >= dram_fast && dram_back <= dram_fast + 2);
    CHECK(dram_back > dram_slow);
    bh_chip_free(c);
}

/* The ARC through windows on (8,0): boot status, then a GET_AICLK (0x34) message on queue 0
 * as tt-umd sends it, and the telemetry's AICLK tag (14) and enabled-columns tag (34) */
static void test_arc(void)
{
    BhChip *c = make();
    program(c, 10, unicast(8, 0, 0x80000000u));   /* reset unit, scratch */
    program(c, 11, unicast(8, 0, 0x10000000u));   /* CSM */
    CHECK_EQ_U32(arc_rd(c, 0x80030408u) & 7, 5);  /* SCRATCH_RAM_2: boot done, queue ready */
    const uint32_t info = arc_rd(c, 0x8003042Cu); /* SCRATCH_RAM_11: queue control block */
    const uint32_t qbase = csm_rd(c, info), shape = csm_rd(c, info + 4);
    CHECK_EQ_U32(shape & 0xFF, 4);        /* entries per queue */
    CHECK_EQ_U32((shape >> 8) & 0xFF, 4); /* queues */
    const uint32_t wptr = csm_rd(c, qbase + 0);
    const uint32_t req[8] = {0x34, 0, 0, 0, 0, 0, 0, 0};
    csm_wr(c, qbase + 32 + 32 * (wptr % 4), req, sizeof req);
    const uint32_t next = (wptr + 1) % 8;
    csm_wr(c, qbase + 0, &next, 4);
    const uint32_t ring = 0x10000;
    CHECK_EQ_U32(bh_chip_pci_write(c, win(10) + 0x30100, &ring, 4, NULL), BH_CHIP_OK);
    uint32_t rwptr = 0, spins = 0;
    const uint32_t rrptr = csm_rd(c, qbase + 4);
    while ((rwptr = csm_rd(c, qbase + 20)) == rrptr && spins++ < 1000)
        bh_chip_advance(c, 500);
    CHECK(spins < 1000);
    const uint64_t resp = qbase + 32 + 4 * 32 + 32 * (rrptr % 4);
    CHECK_EQ_U32(csm_rd(c, resp) & 0xFF, 0); /* status OK */
    CHECK_EQ_U32(csm_rd(c, resp + 4), 1350); /* AICLK, MHz: the chip's */
    const uint32_t table = arc_rd(c, 0x80030434u), data = arc_rd(c, 0x80030430u);
    CHECK_EQ_U32(csm_rd(c, table), 0x100); /* version */
    const uint32_t n = csm_rd(c, table + 4);
    uint32_t found = 0;
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t e = csm_rd(c, table + 8 + 4 * i);
        const uint32_t tag = e & 0xFFFF, off = e >> 16;
        if (tag == 14) {
            CHECK_EQ_U32(csm_rd(c, data + 4 * off), 1350);
            found++;
        }
        if (tag == 34) {
            CHECK_EQ_U32(csm_rd(c, data + 4 * off), 0x3FFF); /* 14 columns */
            found++;
        }
    }
    CHECK_EQ_U32(found, 2);
    const char *r = bh_chip_report(c);
    CHECK(r && strstr(r, "\"arc\":{\"doorbells\":1,\"messages_answered\":1,\"aiclk_mhz\":1350}"));
    bh_chip_free(c);
}

int main(void)
{
    RUN(test_config_space);
    RUN(test_window_write_read);
    RUN(test_read_latency);
    RUN(test_multicast_window);
    RUN(test_posted_ordering);
    RUN(test_ordering_modes);
    RUN(test_device_to_host);
    RUN(test_device_reads_host);
    RUN(test_device_bad_host_window);
    RUN(test_arc);
    RUN(test_bar0_niu_regs);
    RUN(test_bar0_arc_window);
    RUN(test_aiclk);
    return check_failures();
}
