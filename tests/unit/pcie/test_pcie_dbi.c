// SPDX-License-Identifier: Apache-2.0
/* BAR2, the PCIe controller's DBI: the iATU's words stored and read back (offsets from
 * tenstorrent/tt-kmd blackhole.c: BAR2 + 0x1000, outbound region i at 0x200 i, inbound at
 * +0x100), the configuration space seen through its first 4 KiB, and the outbound translation
 * as tt-umd's simulator path programs it (tt_sim_tt_device.cpp configure_iatu_region) and as
 * tt-kmd does with INCREASE_REGION_SIZE, against hand-computed addresses. */
#include "model/pcie/pcie_dbi.h"
#include "tests/check.h"

static PcieDbi d;
static PcieCfg cfg;

static void setup(void)
{
    PcieCfgConfig c = pcie_cfg_config_default();
    CHECK_OK(pcie_cfg_init(&cfg, &c));
    pcie_dbi_reset(&d);
}

static uint32_t rd(uint32_t off)
{
    uint32_t v = 0xDEADBEEF;
    CHECK_OK(pcie_dbi_read32(&d, &cfg, off, &v));
    return v;
}

static void wr(uint32_t off, uint32_t v)
{
    CHECK_OK(pcie_dbi_write32(&d, &cfg, off, v));
}

/* tt-umd's simulator sequence for region r: 1 GiB regions on a 1 GiB grid */
static void umd_region(uint32_t r, uint64_t target, uint64_t size)
{
    const uint32_t at = 0x1000 + 0x200 * r;
    const uint64_t base = (uint64_t)r << 30, limit = base + size - 1;
    wr(at + 0x04, 0);
    wr(at + 0x00, 0);
    wr(at + 0x08, (uint32_t)base);
    wr(at + 0x0C, (uint32_t)(base >> 32));
    wr(at + 0x10, (uint32_t)limit);
    wr(at + 0x14, (uint32_t)target);
    wr(at + 0x18, (uint32_t)(target >> 32));
    wr(at + 0x04, 1u << 31);
}

static void test_registers(void)
{
    setup();
    CHECK_EQ_U32(rd(0x1004), 0); /* reset: disabled */
    umd_region(0, 0x123400000ull, 1ull << 30);
    CHECK_EQ_U32(rd(0x1004), 0x80000000u); /* what tt-umd reads back */
    CHECK_EQ_U32(rd(0x1010), 0x3FFFFFFFu);
    CHECK_EQ_U32(rd(0x1014), 0x23400000u);
    CHECK_EQ_U32(rd(0x1018), 0x1u);
    wr(0x1000 + 0x200 * 15 + 0x20, 0xAB); /* region 15's UPPER_LIMIT */
    CHECK_EQ_U32(d.iatu[0][15][PCIE_IATU_UPPER_LIMIT], 0xAB);
    wr(0x1000 + 0x200 * 3 + 0x108, 0x5000); /* inbound region 3's LOWER_BASE */
    CHECK_EQ_U32(d.iatu[1][3][PCIE_IATU_LOWER_BASE], 0x5000);
    CHECK_EQ_U32(rd(0x1000 + 0x200 * 3 + 0x108), 0x5000);
    /* words the DBI holds but bhsim does not model: accepted, read 0 */
    wr(0x1024, 7);
    CHECK_EQ_U32(rd(0x1024), 0);
    wr(0x3000, 7);
    CHECK_EQ_U32(rd(0x3000), 0);
    wr(0xFFFFC, 7);
    CHECK_EQ_U32(rd(0xFFFFC), 0);
    uint32_t v;
    CHECK_EQ_U32(pcie_dbi_read32(&d, &cfg, 0x1002, &v), BH_ERR_ADDR);
    CHECK_EQ_U32(pcie_dbi_write32(&d, &cfg, 1u << 20, 0), BH_ERR_ADDR);
}

static void test_config_view(void)
{
    setup();
    CHECK_EQ_U32(rd(0x00), 0xB1401E52u);
    uint32_t devctl = 0;
    CHECK_OK(pcie_cfg_read32(&cfg, 0x78, &devctl));
    CHECK_EQ_U32(rd(0x78), devctl); /* tt-kmd's DBI_DEVICE_CONTROL_DEVICE_STATUS */
    wr(0x00, 0);                    /* read-only through the DBI too */
    CHECK_EQ_U32(rd(0x00), 0xB1401E52u);
    wr(0x04, 6); /* a configuration write */
    CHECK_EQ_U32(rd(0x04), 0x00100006u);
    uint32_t cmd = 0;
    CHECK_OK(pcie_cfg_read32(&cfg, 0x04, &cmd));
    CHECK_EQ_U32(cmd, 0x00100006u);
    wr(0x78, 1u << 5 | 2u << 12); /* MPS 256, as tt-kmd restores it after a reset */
    CHECK_EQ_U32(pcie_cfg_mps_bytes(&cfg), 256);
}

static void test_translation(void)
{
    setup();
    uint64_t h = 0;
    CHECK_EQ_U32(pcie_dbi_outbound(&d, 0x4000, &h), 0); /* nothing enabled: identity */
    CHECK_EQ_U64(h, 0x4000);
    umd_region(0, 0x200000000ull, 1ull << 30);
    umd_region(1, 0x7000000000ull, 1ull << 30);
    umd_region(3, 0x100000ull, 768ull << 20); /* a shorter channel on the 1 GiB grid */
    CHECK_EQ_U32(pcie_dbi_outbound(&d, 0x4000, &h), 1);
    CHECK_EQ_U64(h, 0x200004000ull);
    CHECK_EQ_U32(pcie_dbi_outbound(&d, 0x3FFFFFFF, &h), 1); /* region 0's last byte */
    CHECK_EQ_U64(h, 0x23FFFFFFFull);
    CHECK_EQ_U32(pcie_dbi_outbound(&d, 0x40000010, &h), 1); /* region 1 */
    CHECK_EQ_U64(h, 0x7000000010ull);
    CHECK_EQ_U32(pcie_dbi_outbound(&d, 0x80000000, &h), 0); /* no region 2: identity */
    CHECK_EQ_U64(h, 0x80000000ull);
    CHECK_EQ_U32(pcie_dbi_outbound(&d, 0xC0000000 + 0x2FFFFFFF, &h), 1); /* region 3's end */
    CHECK_EQ_U64(h, 0x100000ull + 0x2FFFFFFF);
    CHECK_EQ_U32(pcie_dbi_outbound(&d, 0xC0000000 + 0x30000000, &h), 0); /* past its limit */
    CHECK_EQ_U64(h, 0xF0000000ull);
    /* disabled as tt-umd's BlackholeTTDevice destructor does: identity again */
    wr(0x1004, 0);
    CHECK_EQ_U32(pcie_dbi_outbound(&d, 0x4000, &h), 0);
    CHECK_EQ_U64(h, 0x4000);
    /* tt-kmd: base 0x1_0000_0000, limit 0x2_7FFF_FFFF (6 GiB) through UPPER_LIMIT */
    wr(0x1000 + 0x200 * 5 + 0x00, PCIE_IATU_INCREASE_REGION_SIZE);
    wr(0x1000 + 0x200 * 5 + 0x08, 0);
    wr(0x1000 + 0x200 * 5 + 0x0C, 1);
    wr(0x1000 + 0x200 * 5 + 0x10, 0x7FFFFFFFu);
    wr(0x1000 + 0x200 * 5 + 0x20, 2);
    wr(0x1000 + 0x200 * 5 + 0x14, 0x1000);
    wr(0x1000 + 0x200 * 5 + 0x18, 0x80);
    wr(0x1000 + 0x200 * 5 + 0x04, PCIE_IATU_REGION_EN);
    CHECK_EQ_U32(pcie_dbi_outbound(&d, 0x27FFFFFFFull, &h), 1);
    CHECK_EQ_U64(h, 0x8000001000ull + 0x17FFFFFFFull);
    CHECK_EQ_U32(pcie_dbi_outbound(&d, 0x280000000ull, &h), 0);
    /* without INCREASE_REGION_SIZE the limit's high half is the base's: 0x1_7FFF_FFFF */
    wr(0x1000 + 0x200 * 5 + 0x00, 0);
    CHECK_EQ_U32(pcie_dbi_outbound(&d, 0x17FFFFFFFull, &h), 1);
    CHECK_EQ_U32(pcie_dbi_outbound(&d, 0x180000000ull, &h), 0);
    /* overlapping regions: the lower index wins */
    umd_region(0, 0x200000000ull, 1ull << 30);
    wr(0x1000 + 0x200 * 2 + 0x08, 0);
    wr(0x1000 + 0x200 * 2 + 0x10, 0xFFFFFFFFu);
    wr(0x1000 + 0x200 * 2 + 0x14, 0x55000000u);
    wr(0x1000 + 0x200 * 2 + 0x04, PCIE_IATU_REGION_EN);
    CHECK_EQ_U32(pcie_dbi_outbound(&d, 0x100, &h), 1);
    CHECK_EQ_U64(h, 0x200000100ull);
    CHECK_EQ_U32(pcie_dbi_outbound(&d, 0x80000100, &h), 1); /* only region 2 covers it */
    CHECK_EQ_U64(h, 0x55000000ull + 0x80000100);
}

int main(void)
{
    RUN(test_registers);
    RUN(test_config_view);
    RUN(test_translation);
    return check_failures();
}
