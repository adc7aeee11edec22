// SPDX-License-Identifier: Apache-2.0
/* The PCIe tile's configuration space as a host enumerates it: IDs, BAR sizing with all ones,
 * BAR assignment, memory space enable, then host addresses decoded into (BAR, offset).
 * Expected values are written from tt-kmd enumerate.h (IDs), the ISA PCIExpressTile README
 * (BAR sizes) and the PCI specification's header layout, worked out by hand. */
#include "model/pcie/pcie_cfg.h"
#include "tests/check.h"

static PcieCfg p;

static void setup(void)
{
    PcieCfgConfig c = pcie_cfg_config_default();
    CHECK_OK(pcie_cfg_init(&p, &c));
}

static uint32_t rd(uint32_t off)
{
    uint32_t v = 0xDEADBEEF;
    CHECK_OK(pcie_cfg_read32(&p, off, &v));
    return v;
}

static void wr(uint32_t off, uint32_t v)
{
    CHECK_OK(pcie_cfg_write32(&p, off, v));
}

static void test_ids(void)
{
    setup();
    CHECK_EQ_U32(rd(0x00), 0xB1401E52u);      /* device 0xB140, vendor 0x1E52 */
    CHECK_EQ_U32(rd(0x08) >> 8, 0x120000u);   /* processing accelerator */
    CHECK_EQ_U32(rd(0x0C) >> 16 & 0x7F, 0);   /* header type 0 */
    CHECK_EQ_U32(rd(0x2C) & 0xFFFF, 0x1E52u); /* subsystem vendor */
    CHECK_EQ_U32(rd(0x04), 0x00100000u);      /* status: capability list; command 0 */
    wr(0x00, 0x12345678);                     /* read-only */
    CHECK_EQ_U32(rd(0x00), 0xB1401E52u);
    uint32_t v;
    CHECK_EQ_U32(pcie_cfg_read32(&p, 0x1002, &v), BH_ERR_ADDR);
    CHECK_EQ_U32(pcie_cfg_read32(&p, 0x1000, &v), BH_ERR_ADDR);
    CHECK_EQ_U32(pcie_cfg_write32(&p, 0x06, 0), BH_ERR_ADDR);
    CHECK_EQ_U32(rd(0xFFC), 0); /* reserved space reads 0 */
}

static void test_capability(void)
{
    setup();
    uint32_t cap = rd(0x34) & 0xFC;
    CHECK_EQ_U32(cap, 0x70);              /* device control at 0x78, where tt-kmd pcie.h reads it */
    CHECK_EQ_U32(rd(cap) & 0xFF, 0x10);   /* PCI Express capability ID */
    CHECK_EQ_U32(rd(cap) >> 8 & 0xFF, 0); /* end of list */
    CHECK_EQ_U32(rd(cap + 4) & 7, 2);     /* 512 B supported: code 2 */
    CHECK_EQ_U32(rd(cap + 12) & 0xF, 5);  /* 32 GT/s */
    CHECK_EQ_U32(rd(cap + 12) >> 4 & 0x3F, 16);
    CHECK_EQ_U32(rd(cap + 16) >> 16 & 0xF, 5);
    CHECK_EQ_U32(rd(cap + 16) >> 20 & 0x3F, 16);
    CHECK_EQ_U32(pcie_cfg_mps_bytes(&p), 128);  /* reset: MPS 000b */
    CHECK_EQ_U32(pcie_cfg_mrrs_bytes(&p), 512); /* reset: MRRS 010b */
    wr(cap + 8, 1u << 5 | 5u << 12);            /* MPS 256, MRRS 4096 as tt-kmd sets */
    CHECK_EQ_U32(pcie_cfg_mps_bytes(&p), 256);
    CHECK_EQ_U32(pcie_cfg_mrrs_bytes(&p), 4096);
    wr(cap + 8, 3u << 5 | 5u << 12); /* 1024 > supported 512: MPS keeps 256 */
    CHECK_EQ_U32(pcie_cfg_mps_bytes(&p), 256);
}

/* The host's sizing: save, write all ones, read the mask, restore. */
static uint64_t size_bar(uint32_t off, uint32_t *type)
{
    uint32_t lo0 = rd(off), hi0 = rd(off + 4);
    wr(off, 0xFFFFFFFFu);
    wr(off + 4, 0xFFFFFFFFu);
    uint32_t lo = rd(off), hi = rd(off + 4);
    wr(off, lo0);
    wr(off + 4, hi0);
    *type = lo & 0xF;
    uint64_t mask = (uint64_t)hi << 32 | (lo & ~0xFu);
    return ~mask + 1;
}

static void test_bar_sizing(void)
{
    setup();
    uint32_t type;
    CHECK_EQ_U64(size_bar(0x10, &type), 512ull << 20);
    CHECK_EQ_U32(type, 0x4); /* 64-bit memory, not prefetchable */
    CHECK_EQ_U64(size_bar(0x18, &type), 1ull << 20);
    CHECK_EQ_U32(type, 0x4);
    CHECK_EQ_U64(size_bar(0x20, &type), 32ull << 30);
    CHECK_EQ_U32(type, 0x4); /* 64-bit, not prefetchable (as ttsim reports it) */
    /* hand-worked read-back patterns after writing all ones */
    wr(0x10, 0xFFFFFFFFu);
    CHECK_EQ_U32(rd(0x10), 0xE0000004u); /* ~(512 MiB - 1) | 64-bit */
    wr(0x20, 0xFFFFFFFFu);
    wr(0x24, 0xFFFFFFFFu);
    CHECK_EQ_U32(rd(0x20), 0x00000004u); /* 32 GiB: no low address bits */
    CHECK_EQ_U32(rd(0x24), 0xFFFFFFF8u); /* ~(32 GiB - 1) >> 32 */
}

static void test_bar_decode(void)
{
    setup();
    int bar = -1;
    uint64_t off = 0;
    wr(0x10, 0x80000000u); /* BAR0 at 0x3_8000_0000 */
    wr(0x14, 0x3u);
    wr(0x18, 0x40100000u); /* BAR2 at 0x4010_0000 */
    wr(0x1C, 0);
    wr(0x20, 0); /* BAR4 at 0x40_0000_0000 */
    wr(0x24, 0x40u);
    CHECK_EQ_U32(rd(0x10), 0x80000004u);
    /* memory space enable is not needed (pcie_cfg.h): a libttsim host never sets it */
    CHECK_OK(pcie_cfg_bar_decode(&p, 0x380000000ull, &bar, &off));
    wr(0x04, PCIE_CMD_MEM_SPACE | PCIE_CMD_BUS_MASTER);
    CHECK_EQ_U32(rd(0x04), 0x00100006u);
    CHECK_OK(pcie_cfg_bar_decode(&p, 0x380000000ull + 0x1FC00000ull, &bar, &off));
    CHECK_EQ_U32(bar, 0);
    CHECK_EQ_U64(off, 0x1FC00000ull);
    CHECK_OK(pcie_cfg_bar_decode(&p, 0x39FFFFFFFull, &bar, &off)); /* BAR0's last byte */
    CHECK_EQ_U64(off, 0x1FFFFFFFull);
    CHECK_EQ_U32(pcie_cfg_bar_decode(&p, 0x3A0000000ull, &bar, &off), BH_ERR_ADDR);
    CHECK_OK(pcie_cfg_bar_decode(&p, 0x40100010ull, &bar, &off));
    CHECK_EQ_U32(bar, 2);
    CHECK_EQ_U64(off, 0x10);
    CHECK_OK(pcie_cfg_bar_decode(&p, 0x4000000000ull + (5ull << 32) + 0x40, &bar, &off));
    CHECK_EQ_U32(bar, 4);
    CHECK_EQ_U64(off, (5ull << 32) + 0x40);
    CHECK_OK(pcie_cfg_bar_decode(&p, 0x47FFFFFFFFull, &bar, &off)); /* BAR4's last byte */
    CHECK_EQ_U64(off, 0x7FFFFFFFFull);
    CHECK_EQ_U32(pcie_cfg_bar_decode(&p, 0x4800000000ull, &bar, &off), BH_ERR_ADDR);
    /* a base below the BAR's size is truncated to its alignment */
    wr(0x18, 0x40123456u);
    CHECK_EQ_U32(rd(0x18), 0x40100004u);
}

static void test_config_check(void)
{
    char why[128];
    PcieCfgConfig c = pcie_cfg_config_default();
    CHECK_OK(pcie_cfg_config_check(&c, why, sizeof why));
    c.bar0_log2 = 41;
    CHECK_EQ_U32(pcie_cfg_config_check(&c, why, sizeof why), BH_ERR_CONFIG);
    c = pcie_cfg_config_default();
    c.mps_supported_bytes = 300;
    CHECK_EQ_U32(pcie_cfg_config_check(&c, why, sizeof why), BH_ERR_CONFIG);
}

int main(void)
{
    RUN(test_ids);
    RUN(test_capability);
    RUN(test_bar_sizing);
    RUN(test_bar_decode);
    RUN(test_config_check);
    return check_failures();
}
