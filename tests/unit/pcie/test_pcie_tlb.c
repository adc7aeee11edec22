// SPDX-License-Identifier: Apache-2.0
/* The host-to-device TLBs as a driver uses them: configuration words written one 32-bit word
 * at a time through BAR0, then accesses decoded into NoC targets. Every bit pattern below is
 * worked out by hand from the field table of jasondavies/tt-isa-documentation
 * BlackholeA0/PCIExpressTile/HostToDeviceTLBs.md; the BAR0 map from that directory's
 * README.md (the ISA documentation's). */
#include <string.h>
#include "model/pcie/pcie_tlb.h"
#include "tests/check.h"

#define CFG 0x1FC00000u
static PcieTlbs t;
static char why[256];

static void setup(uint32_t instance, uint32_t bar4_windows)
{
    PcieTlbsConfig c = pcie_tlbs_config_default();
    c.instance = instance;
    c.bar4_windows = bar4_windows;
    CHECK_OK(pcie_tlbs_init(&t, &c));
}

/* a driver's iowrite32 to BAR0: decoded first, then written */
static void bar0_write32(uint64_t off, uint32_t v)
{
    PcieTarget tg;
    CHECK_OK(pcie_bar_access_decode(&t, 0, off, 4, &tg, why, sizeof why));
    CHECK_EQ_U32(tg.kind, PCIE_TGT_TLB_CFG);
    CHECK_OK(pcie_tlb_cfg_write32(&t, (uint32_t)tg.offset, v));
}

static void write_tlb(uint32_t idx, uint32_t lo, uint32_t mid, uint32_t hi)
{
    bar0_write32(CFG + 12 * idx + 0, lo);
    bar0_write32(CFG + 12 * idx + 4, mid);
    bar0_write32(CFG + 12 * idx + 8, hi);
}

static PcieTarget decode(int bar, uint64_t off, uint32_t len)
{
    PcieTarget tg;
    CHECK_OK(pcie_bar_access_decode(&t, bar, off, len, &tg, why, sizeof why));
    return tg;
}

/* TLB 5 -> Tensix (1, 2), NoC 0, address 0x40_0000, strict ordering:
 * local_offset 2 (low bits 0..), x_end 1 at bit 43 (mid bit 11), y_end 2 at bit 49
 * (mid bit 17), ordering 1 at bit 70 (high bit 6). */
static void test_2m_unicast(void)
{
    setup(0, 8);
    write_tlb(5, 0x00000002u, 0x00040800u, 0x00000040u);
    PcieTarget tg = decode(0, 5u * 0x200000u + 0x100, 64);
    CHECK_EQ_U32(tg.kind, PCIE_TGT_TLB);
    CHECK_EQ_U32(tg.tlb, 5);
    CHECK_EQ_U64(tg.window_bytes, 0x200000u);
    CHECK_EQ_U64(tg.offset, 0x100);
    CHECK_EQ_U64(tg.noc_addr, 0x400100u);
    CHECK_EQ_U32(tg.noc, 0);
    CHECK_EQ_U32(tg.mcast, 0);
    CHECK_EQ_U32(tg.x, 1);
    CHECK_EQ_U32(tg.y, 2);
    CHECK_EQ_U32(tg.ordering, PCIE_ORDER_STRICT);
    CHECK_EQ_U32(tg.linked, 0);
    CHECK_EQ_U32(tg.static_vc, 0);
    uint32_t v;
    CHECK_OK(pcie_tlb_cfg_read32(&t, 12 * 5 + 4, &v)); /* read back as written */
    CHECK_EQ_U32(v, 0x00040800u);
    /* the largest local_offset: 43 ones -> address bits 63..21 */
    write_tlb(6, 0xFFFFFFFFu, 0x000007FFu, 0);
    tg = decode(0, 6u * 0x200000u + 0x1FFFFF, 1); /* the window's last byte */
    CHECK_EQ_U64(tg.noc_addr, 0xFFFFFFFFFFFFFFFFull);
    CHECK_EQ_U32(tg.x, 0);
}

/* TLB 40: multicast on NoC 1 to (1, 2)..(7, 11), posted writes, static VC buddy 1 class 2.
 * mid: x_end 7 << 11 = 0x3800, y_end 11 << 17 = 0x160000, x_start 1 << 23 = 0x800000,
 *      y_start 2: bits 61..63 = mid bits 29..31 -> 0b010 << 29 = 0x40000000  => 0x40963800
 * high: noc_sel bit 67 -> 0x8, mcast 69 -> 0x20, ordering 2 at 70 -> 0x80, static_vc 73 ->
 *       0x200, buddy 75 -> 0x800, class 2 at 76 -> 0x2000                   => 0x2AA8 */
static void test_2m_multicast_noc1(void)
{
    setup(0, 8);
    write_tlb(40, 0, 0x40963800u, 0x2AA8u);
    PcieTarget tg = decode(0, 40u * 0x200000u + 0x10000, 2048);
    CHECK_EQ_U32(tg.tlb, 40);
    CHECK_EQ_U64(tg.noc_addr, 0x10000);
    CHECK_EQ_U32(tg.noc, 1);
    CHECK_EQ_U32(tg.mcast, 1);
    CHECK_EQ_U32(tg.rect[0], 1);
    CHECK_EQ_U32(tg.rect[1], 2);
    CHECK_EQ_U32(tg.rect[2], 7);
    CHECK_EQ_U32(tg.rect[3], 11);
    CHECK_EQ_U32(tg.ordering, PCIE_ORDER_POSTED);
    CHECK_EQ_U32(tg.static_vc, 1);
    CHECK_EQ_U32(tg.vc_buddy, 1);
    CHECK_EQ_U32(tg.vc_class, 2);
    CHECK_EQ_U32(tg.strided, 0); /* TLB 40 has no strided word */
    /* y_start 9 = 0b001001 straddles mid and high: mid bits 29..31 = 001, high bits 0..2 = 001 */
    write_tlb(41, 0, 0x20000000u, 0x1u);
    tg = decode(0, 41u * 0x200000u, 4);
    CHECK_EQ_U32(tg.rect[1], 9);
    /* the encoder gives the same words */
    PcieTlbCfg c;
    memset(&c, 0, sizeof c);
    c.x_end = 7;
    c.y_end = 11;
    c.x_start = 1;
    c.y_start = 2;
    c.noc_sel = 1;
    c.mcast = 1;
    c.ordering = 2;
    c.static_vc = 1;
    c.static_vc_buddy = 1;
    c.static_vc_class = 2;
    pcie_tlb_set(&t, 42, &c);
    CHECK_EQ_U32(t.words[3 * 42 + 0], 0);
    CHECK_EQ_U32(t.words[3 * 42 + 1], 0x40963800u);
    CHECK_EQ_U32(t.words[3 * 42 + 2], 0x2AA8u);
    PcieTlbCfg back;
    pcie_tlb_get(&t, 41, &back);
    CHECK_EQ_U64(back.y_start, 9);
}

/* 4 GiB TLBs in BAR4. TLB 202 -> ARC-side L2CPU example of tt-zephyr-platforms
 * lib/tenstorrent/bh_arc/pcie.c (SetupInboundTlbs, config at 0x1FC00978 = 12 x 202):
 * low 0x4000 (address 0x4000 << 32), mid 0xC8: x_end = 0xC8 & 63 = 8, y_end = 0xC8 >> 6 = 3.
 * TLB 209: local_offset 1, rect (2, 3)..(5, 4): mid 5 | 4 << 6 | 2 << 12 | 3 << 18 =
 * 0x000C2105, noc_sel bit 56 (mid 24), mcast 58 (mid 26), ordering 3 at 59 (mid 27..28),
 * linked 61 (mid 29) => 0x3D0C2105; static_vc class 1 at bits 65..66 -> high 0x2. */
static void test_4g(void)
{
    setup(0, 8);
    CHECK_EQ_U32(12u * 202, 0x978u);
    write_tlb(202, 0x4000u, 0xC8u, 0);
    PcieTarget tg = decode(4, 0x1234, 8);
    CHECK_EQ_U32(tg.kind, PCIE_TGT_TLB);
    CHECK_EQ_U32(tg.bar, 4);
    CHECK_EQ_U32(tg.tlb, 202);
    CHECK_EQ_U64(tg.window_bytes, 1ull << 32);
    CHECK_EQ_U64(tg.noc_addr, 0x400000001234ull);
    CHECK_EQ_U32(tg.x, 8);
    CHECK_EQ_U32(tg.y, 3);
    CHECK_EQ_U32(tg.mcast, 0);
    write_tlb(209, 1, 0x3D0C2105u, 0x2u);
    tg = decode(4, (7ull << 32) + 0x80, 64);
    CHECK_EQ_U32(tg.tlb, 209);
    CHECK_EQ_U64(tg.noc_addr, 0x100000080ull);
    CHECK_EQ_U32(tg.noc, 1);
    CHECK_EQ_U32(tg.mcast, 1);
    CHECK_EQ_U32(tg.rect[0], 2);
    CHECK_EQ_U32(tg.rect[1], 3);
    CHECK_EQ_U32(tg.rect[2], 5);
    CHECK_EQ_U32(tg.rect[3], 4);
    CHECK_EQ_U32(tg.ordering, PCIE_ORDER_COUNTED);
    CHECK_EQ_U32(tg.linked, 1);
    CHECK_EQ_U32(tg.static_vc, 0);
    CHECK_EQ_U32(tg.vc_class, 1);
    tg = decode(4, (8ull << 32) - 1, 1); /* BAR4's last byte */
    CHECK_EQ_U32(tg.tlb, 209);
}

/* BAR0's map and every boundary */
static void test_bar0_map_and_errors(void)
{
    setup(0, 8);
    PcieTarget tg;
    tg = decode(0, 201u * 0x200000u + 0x1FFFFF, 1); /* kernel TLB's last byte */
    CHECK_EQ_U32(tg.tlb, PCIE_TLB_KERNEL_INDEX);
    CHECK_EQ_U32(pcie_bar_access_decode(&t, 0, 0x193FFFFF, 2, &tg, why, sizeof why), BH_ERR_ADDR);
    CHECK(strstr(why, "cross") && strstr(why, "TLB 201") && strstr(why, "0x193fffff"));
    CHECK_EQ_U32(pcie_bar_access_decode(&t, 0, 0x1FFFFE, 4, &tg, why, sizeof why), BH_ERR_ADDR);
    CHECK(strstr(why, "TLB 0"));
    CHECK_EQ_U32(pcie_bar_access_decode(&t, 0, 0x19400000, 4, &tg, why, sizeof why), BH_ERR_ADDR);
    CHECK(strstr(why, "BAR0") && strstr(why, "reserved"));
    tg = decode(0, CFG + 0xA54, 4); /* the last strided word */
    CHECK_EQ_U32(tg.kind, PCIE_TGT_TLB_CFG);
    CHECK_EQ_U64(tg.offset, 0xA54);
    CHECK_EQ_U32(pcie_bar_access_decode(&t, 0, CFG + 0xA58, 4, &tg, why, sizeof why), BH_ERR_ADDR);
    CHECK_EQ_U32(pcie_bar_access_decode(&t, 0, CFG, 8, &tg, why, sizeof why), BH_ERR_ACCESS);
    CHECK_EQ_U32(pcie_bar_access_decode(&t, 0, CFG + 2, 4, &tg, why, sizeof why), BH_ERR_ACCESS);
    tg = decode(0, 0x1FD04044, 4); /* NIU #0's NOC_NODE_ID, as tt-kmd reads it */
    CHECK_EQ_U32(tg.kind, PCIE_TGT_NIU);
    CHECK_EQ_U32(tg.niu, 0);
    CHECK_EQ_U64(tg.offset, 0x44);
    tg = decode(0, 0x1FD05FFF, 1);
    CHECK_EQ_U32(tg.niu, 0);
    CHECK_EQ_U32(pcie_bar_access_decode(&t, 0, 0x1FD05FFE, 4, &tg, why, sizeof why), BH_ERR_ADDR);
    CHECK(strstr(why, "NIU0"));
    CHECK_EQ_U32(pcie_bar_access_decode(&t, 0, 0x1FD06000, 4, &tg, why, sizeof why), BH_ERR_ADDR);
    tg = decode(0, 0x1FD14000, 4);
    CHECK_EQ_U32(tg.kind, PCIE_TGT_NIU);
    CHECK_EQ_U32(tg.niu, 1);
    CHECK_EQ_U64(tg.offset, 0);
    CHECK_EQ_U32(pcie_bar_access_decode(&t, 0, 0x1FE00000, 4, &tg, why, sizeof why),
                 BH_ERR_ADDR); /* PCIe 0: reserved */
    CHECK(strstr(why, "PCIe 0"));
    CHECK_EQ_U32(pcie_bar_access_decode(&t, 0, 0x20000000, 4, &tg, why, sizeof why), BH_ERR_ADDR);
    CHECK_EQ_U32(pcie_bar_access_decode(&t, 0, 0x100, 0, &tg, why, sizeof why), BH_ERR_ACCESS);
    tg = decode(2, 0x1004, 4); /* BAR2: the DBI, iATU outbound region 0's REGION_CTRL_2 */
    CHECK_EQ_U32(tg.kind, PCIE_TGT_DBI);
    CHECK_EQ_U64(tg.offset, 0x1004);
    CHECK_EQ_U32(pcie_bar_access_decode(&t, 2, 0x1002, 4, &tg, why, sizeof why), BH_ERR_ACCESS);
    CHECK(strstr(why, "BAR2"));
    CHECK_EQ_U32(pcie_bar_access_decode(&t, 2, 0x1000, 2, &tg, why, sizeof why), BH_ERR_ACCESS);
    CHECK_EQ_U32(pcie_bar_access_decode(&t, 2, 1u << 20, 4, &tg, why, sizeof why), BH_ERR_ADDR);
    CHECK_EQ_U32(pcie_bar_access_decode(&t, 1, 0, 4, &tg, why, sizeof why), BH_ERR_ADDR);
    CHECK_EQ_U32(pcie_bar_access_decode(&t, 4, (1ull << 32) - 2, 4, &tg, why, sizeof why),
                 BH_ERR_ADDR);
    CHECK(strstr(why, "BAR4") && strstr(why, "TLB 202"));
    CHECK_EQ_U32(pcie_bar_access_decode(&t, 4, 8ull << 32, 4, &tg, why, sizeof why), BH_ERR_ADDR);
    /* PCIe 1 maps ARC; a BAR4 of 16 GiB reaches 4 of the 4 GiB TLBs */
    setup(1, 4);
    tg = decode(0, 0x1FE00000 + 0x30400, 4);
    CHECK_EQ_U32(tg.kind, PCIE_TGT_ARC);
    CHECK_EQ_U64(tg.offset, 0x30400);
    tg = decode(0, 0x1FFFFFFF, 1);
    CHECK_EQ_U32(tg.kind, PCIE_TGT_ARC);
    tg = decode(4, (4ull << 32) - 4, 4);
    CHECK_EQ_U32(tg.tlb, 205);
    CHECK_EQ_U32(pcie_bar_access_decode(&t, 4, 4ull << 32, 4, &tg, why, sizeof why), BH_ERR_ADDR);
}

/* TLBs 0..31: the strided word at 0x9D8 + 4 x index */
static void test_strided(void)
{
    setup(0, 8);
    const uint32_t mcast_hi = 0x20u; /* mcast, bit 69 */
    write_tlb(3, 0, 0, mcast_hi);
    CHECK_EQ_U32(decode(0, 3u * 0x200000u, 4).strided, 0); /* strided word 0: plain rect */
    /* x_keep 1 (bits 0..1), x_skip 1 (bits 2..3) */
    bar0_write32(CFG + 0x9D8 + 4 * 3, 0x5u);
    PcieTarget tg;
    CHECK_EQ_U32(pcie_bar_access_decode(&t, 0, 3u * 0x200000u, 4, &tg, why, sizeof why),
                 BH_ERR_UNSUPPORTED);
    CHECK(strstr(why, "TLB 3") && strstr(why, "not modeled"));
    CHECK_EQ_U32(tg.strided, 1);
    CHECK_EQ_U32(tg.stride.x_keep, 1);
    CHECK_EQ_U32(tg.stride.x_skip, 1);
    write_tlb(3, 0, 0, 0); /* unicast: the strided word does not matter */
    CHECK_EQ_U32(decode(0, 3u * 0x200000u, 4).strided, 0);
    /* x_exclude 9 at bit 8 (0x900), y_exclude 5 at 13 (0xA000), apply_exclusion bit 19
     * (0x80000), num_destinations_override 12 at 21 (0x1800000) */
    bar0_write32(CFG + 0x9D8 + 4 * 31, 0x188A900u);
    PcieTlbStride s;
    pcie_tlb_get_stride(&t, 31, &s);
    CHECK_EQ_U32(s.x_exclude_coord, 9);
    CHECK_EQ_U32(s.y_exclude_coord, 5);
    CHECK_EQ_U32(s.apply_exclusion, 1);
    CHECK_EQ_U32(s.num_destinations_override, 12);
    CHECK_EQ_U32(s.x_keep, 0);
    write_tlb(31, 0, 0, mcast_hi);
    CHECK_EQ_U32(pcie_bar_access_decode(&t, 0, 31u * 0x200000u, 4, &tg, why, sizeof why),
                 BH_ERR_UNSUPPORTED);
}

static void test_reset_and_config(void)
{
    setup(0, 8);
    for (uint32_t off = 0; off < PCIE_TLB_CFG_BYTES; off += 4) {
        uint32_t v = 1;
        CHECK_OK(pcie_tlb_cfg_read32(&t, off, &v));
        CHECK_EQ_U32(v, 0);
    }
    uint32_t v;
    CHECK_EQ_U32(pcie_tlb_cfg_read32(&t, PCIE_TLB_CFG_BYTES, &v), BH_ERR_ADDR);
    CHECK_EQ_U32(pcie_tlb_cfg_write32(&t, 2, 0), BH_ERR_ADDR);
    CHECK_EQ_U32(PCIE_TLB_CFG_BYTES, 0xA58u);
    char w[128];
    PcieTlbsConfig c = pcie_tlbs_config_default();
    c.instance = 2;
    CHECK_EQ_U32(pcie_tlbs_config_check(&c, w, sizeof w), BH_ERR_CONFIG);
    c = pcie_tlbs_config_default();
    c.bar4_windows = 9;
    CHECK_EQ_U32(pcie_tlbs_config_check(&c, w, sizeof w), BH_ERR_CONFIG);
}

int main(void)
{
    RUN(test_2m_unicast);
    RUN(test_2m_multicast_noc1);
    RUN(test_4g);
    RUN(test_bar0_map_and_errors);
    RUN(test_strided);
    RUN(test_reset_and_config);
    return check_failures();
}
