// SPDX-License-Identifier: Apache-2.0
/* tests/api/test_pcie_iatu.c - BAR2 through platform/bhsim.h only: the configuration space as
 * a libttsim host first reads it (command 0, BAR4 not prefetchable), the outbound iATU
 * programmed through BAR2 in tt-umd's simulator order (tenstorrent/tt-umd
 * device/tt_device/tt_sim_tt_device.cpp configure_iatu_region) and read back, then data written
 * into the PCIe tile's host window with bit 60 set (as tt-metal reaches the host) landing at the
 * translated address in the embedder's host memory (bh_chip_set_host_memory), a NoC read of
 * host memory through it, a write through window 0 (iATU bypassed) landing untranslated, and the
 * region disabled again (identity). Expected addresses are worked out by hand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "platform/bhsim.h"
#include "tests/check.h"

static const char *const kHost[] = {"workload.name=none"};

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
        fprintf(stderr, "test_pcie_iatu: %s\n", err);
        exit(1);
    }
    return c;
}

static uint64_t bar(BhChip *c, uint32_t off)
{
    return ((uint64_t)bh_chip_pci_config_read32(c, off + 4) << 32) |
           (bh_chip_pci_config_read32(c, off) & ~0xFu);
}

static void bar2_wr(BhChip *c, uint32_t off, uint32_t v)
{
    CHECK_EQ_U32(bh_chip_pci_write(c, bar(c, 0x18) + off, &v, 4, NULL), BH_CHIP_OK);
}

static uint32_t bar2_rd(BhChip *c, uint32_t off)
{
    uint32_t v = 0xDEADBEEF;
    CHECK_EQ_U32(bh_chip_pci_read(c, bar(c, 0x18) + off, &v, 4), BH_CHIP_OK);
    return v;
}

/* The embedder's host memory: 1 MiB at HOST_AT, as a libttsim host's DMA callbacks serve it */
#define HOST_AT 0x7654300000ull
#define HOST_BYTES (1u << 20)
static uint8_t host[HOST_BYTES];
static int stray; /* accesses outside it */

static void host_rd(void *ctx, uint64_t a, void *dst, uint32_t n)
{
    (void)ctx;
    if (a < HOST_AT || a + n > HOST_AT + HOST_BYTES) {
        stray++;
        memset(dst, 0, n);
        return;
    }
    memcpy(dst, host + (a - HOST_AT), n);
}

static void host_wr(void *ctx, uint64_t a, const void *src, uint32_t n)
{
    (void)ctx;
    if (a < HOST_AT || a + n > HOST_AT + HOST_BYTES) {
        stray++;
        return;
    }
    memcpy(host + (a - HOST_AT), src, n);
}

/* n bytes of (1,2)'s L1 at 0x8000 to NoC address dst of the PCIe tile (2,0): a NoC read by the
 * tile whose data land in its host window, going up the link as device writes */
static void device_write(BhChip *c, uint64_t dst, uint32_t n)
{
    uint64_t id;
    CHECK_EQ_U32(bh_chip_noc_read(c, 0, 2, 0, 1, 2, 0x8000, dst, n, &id), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_advance_until_done(c, id, 100000), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_advance_until_idle(c, 100000, NULL), BH_CHIP_OK);
}

/* 2 MiB TLB i (its three words at BAR0 + 0x1FC0_0000 + 12 i) to NoC0 (x, y) at addr, strict
 * ordering: local_offset [42:0] = addr >> 21, x_end [48:43], y_end [54:49], ordering [71:70]
 * (jasondavies/tt-isa-documentation BlackholeA0/PCIExpressTile/HostToDeviceTLBs.md) */
static uint64_t tlb_to(BhChip *c, uint32_t i, uint32_t x, uint32_t y, uint64_t addr)
{
    const uint64_t lo = (addr >> 21) | ((uint64_t)x << 43) | ((uint64_t)y << 49);
    const uint32_t w[3] = {(uint32_t)lo, (uint32_t)(lo >> 32), 1u << 6};
    const uint64_t bar0 = bar(c, 0x10);
    for (uint32_t k = 0; k < 3; k++)
        CHECK_EQ_U32(bh_chip_pci_write(c, bar0 + 0x1FC00000u + 12u * i + 4u * k, &w[k], 4, NULL),
                     BH_CHIP_OK);
    return bar0 + ((uint64_t)i << 21) + (addr & ((1u << 21) - 1));
}

static void test_dbi_through_noc(void)
{
    BhChip *c = make();
    const uint64_t devctl = tlb_to(c, 7, 2, 0, 0xF800000000000078ull);
    uint32_t v = 0;
    CHECK_EQ_U32(bh_chip_pci_read(c, devctl, &v, 4), BH_CHIP_OK);
    CHECK_EQ_U32(v, bh_chip_pci_config_read32(c, 0x78));
    CHECK_EQ_U32(v & 0xE0, 0); /* MPS 128 B after reset */
    v |= 1u << 5;              /* MPS 256 B */
    CHECK_EQ_U32(bh_chip_pci_write(c, devctl, &v, 4, NULL), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_advance_until_idle(c, 100000, NULL), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_pci_config_read32(c, 0x78) & 0xE0, 1u << 5);
    /* a Tensix tile's NoC read of the DBI's first 64 bytes: the configuration header */
    uint64_t id;
    uint32_t hdr[16];
    CHECK_EQ_U32(bh_chip_noc_read(c, 0, 1, 2, 2, 0, 0xF800000000000000ull, 0x9000, 64, &id),
                 BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_advance_until_done(c, id, 100000), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_mem_read(c, 1, 2, 0x9000, hdr, sizeof hdr), BH_CHIP_OK);
    CHECK_EQ_U32(hdr[0], 0xB1401E52u);
    CHECK_EQ_U32(hdr[4], bh_chip_pci_config_read32(c, 0x10));
    bh_chip_free(c);
}

static void test_config_space(void)
{
    BhChip *c = make();
    CHECK_EQ_U32(bh_chip_pci_config_read32(c, 0x04), 0x00100000u); /* command 0, cap list */
    CHECK_EQ_U32(bh_chip_pci_config_read32(c, 0x20) & 0xF, 0x4);   /* 64-bit, not prefetch */
    CHECK_EQ_U32(bh_chip_pci_config_read32(c, 0x34), 0x70u);
    CHECK_EQ_U32(bar2_rd(c, 0x00), 0xB1401E52u); /* the DBI shows the configuration space */
    bh_chip_free(c);
}

static void test_outbound_iatu(void)
{
    BhChip *c = make();
    bh_chip_set_host_memory(c, host_rd, host_wr, NULL);
    /* region 0: NoC window offsets [0, 1 GiB) -> HOST_AT */
    bar2_wr(c, 0x1004, 0);
    bar2_wr(c, 0x1000, 0);
    bar2_wr(c, 0x1008, 0);
    bar2_wr(c, 0x100C, 0);
    bar2_wr(c, 0x1010, 0x3FFFFFFFu);
    bar2_wr(c, 0x1014, (uint32_t)HOST_AT);
    bar2_wr(c, 0x1018, (uint32_t)(HOST_AT >> 32));
    bar2_wr(c, 0x1004, 1u << 31);
    CHECK_EQ_U32(bar2_rd(c, 0x1004), 0x80000000u);
    CHECK_EQ_U32(bar2_rd(c, 0x1014), 0x54300000u);
    CHECK_EQ_U32(bar2_rd(c, 0x1018), 0x76u);

    uint8_t in[1024], out[1024];
    for (uint32_t i = 0; i < sizeof in; i++)
        in[i] = (uint8_t)(i * 7 + 3);
    CHECK_EQ_U32(bh_chip_mem_write(c, 1, 2, 0x8000, in, sizeof in), BH_CHIP_OK);
    device_write(c, 0x1000000000004000ull, sizeof in); /* bit 60: through the iATU */
    CHECK(memcmp(host + 0x4000, in, sizeof in) == 0);  /* HOST_AT + 0x4000 */
    CHECK_EQ_U32(stray, 0);

    /* a device read of the same window: the bytes back from HOST_AT + 0x4000 */
    uint64_t id;
    CHECK_EQ_U32(bh_chip_noc_read(c, 0, 1, 2, 2, 0, 0x1000000000004000ull, 0x9000, 512, &id),
                 BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_advance_until_done(c, id, 100000), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_mem_read(c, 1, 2, 0x9000, out, 512), BH_CHIP_OK);
    CHECK(memcmp(out, in, 512) == 0);

    /* window 0 bypasses the iATU: the host address is the offset itself */
    device_write(c, HOST_AT + 0x8000, 256);
    CHECK(memcmp(host + 0x8000, in, 256) == 0);
    /* window 4 past the region's limit: identity */
    device_write(c, 0x1000000000000000ull + HOST_AT + 0x10000, 128);
    CHECK(memcmp(host + 0x10000, in, 128) == 0);

    /* disabled (tt-umd's BlackholeTTDevice destructor): bit 60 offsets are host addresses */
    bar2_wr(c, 0x1004, 0);
    device_write(c, 0x1000000000000000ull + HOST_AT + 0x20000, 64);
    CHECK(memcmp(host + 0x20000, in, 64) == 0);
    CHECK_EQ_U32(stray, 0);
    bh_chip_free(c);
}

int main(void)
{
    RUN(test_config_space);
    RUN(test_outbound_iatu);
    RUN(test_dbi_through_noc);
    return check_failures();
}
