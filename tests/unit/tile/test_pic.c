// SPDX-License-Identifier: Apache-2.0
/* The Tensix tile's PIC against the Tensix-tile PIC page of the ISA documentation
 * (jasondavies/tt-isa-documentation BlackholeA0/TensixTile/PIC.md): offsets written out here
 * from that page, then through the tile map by a core and by the NoC. */
#include <string.h>
#include "model/tile/pic.h"
#include "model/tile/tensix_tile.h"
#include "tests/check.h"
#include "tests/test_log.h"

#define BRISC_SW_INT_EN 0x000u
#define BRISC_HW_INT_EN 0x004u
#define BRISC_INT_NO 0x008u
#define NCRISC_SW_INT_EN 0x00Cu
#define NCRISC_INT_NO 0x014u
#define SW_INT(i) (0x018u + 4u * (i))
#define HW_INT(i) (0x098u + 4u * (i))
#define SW_INT_PC(i) (0x0A8u + 4u * (i))
#define HW_INT_PC(i) (0x128u + 4u * (i))

static Pic p;

static BhStatus wr(uint32_t off, uint32_t v)
{
    return pic_access(&p, off, 1, &v, 0);
}

static uint32_t rd(uint32_t off)
{
    uint32_t v = 0xDEADBEEF;
    CHECK_OK(pic_access(&p, off, 0, &v, 0));
    return v;
}

static void test_software_irqs(void)
{
    pic_init(&p);
    CHECK_EQ_U32(rd(SW_INT(0)), 0);  /* cleared */
    CHECK_OK(wr(SW_INT(5), 0x1234)); /* non-zero raises */
    uint32_t v = 0;
    CHECK_OK(pic_access(&p, SW_INT(5), 0, &v, 1)); /* a debug read does not clear */
    CHECK_EQ_U32(v, 0x1234);
    CHECK_EQ_U32(rd(SW_INT(5)), 0x1234); /* the last write, and the read clears it */
    CHECK_EQ_U32(rd(SW_INT(5)), 0);
    CHECK_OK(wr(SW_INT(31), 7));
    CHECK_OK(wr(SW_INT(31), 9)); /* the most recent write */
    CHECK_OK(wr(SW_INT(31), 0)); /* zero clears */
    CHECK_EQ_U32(rd(SW_INT(31)), 0);
    CHECK_OK(wr(SW_INT(2), 3));
    CHECK_EQ_U32(rd(SW_INT(1)), 0); /* independent */
    CHECK_EQ_U32(rd(SW_INT(2)), 3);
}

static void test_other_registers(void)
{
    pic_init(&p);
    CHECK_OK(wr(SW_INT_PC(0), 0x10000));
    CHECK_OK(wr(SW_INT_PC(31), 0x10040));
    CHECK_OK(wr(HW_INT_PC(3), 0x10080));
    CHECK_EQ_U32(rd(SW_INT_PC(0)), 0x10000);
    CHECK_EQ_U32(rd(SW_INT_PC(31)), 0x10040);
    CHECK_EQ_U32(rd(HW_INT_PC(3)), 0x10080);
    CHECK_OK(wr(BRISC_HW_INT_EN, 0xF));
    CHECK_EQ_U32(rd(BRISC_HW_INT_EN), 0xF);
    CHECK_OK(wr(HW_INT(1), 1)); /* writes have no effect; never raised here */
    CHECK_EQ_U32(rd(HW_INT(1)), 0);
    CHECK_EQ_U32(rd(BRISC_INT_NO), 0);
    uint32_t v = 1;
    CHECK_EQ_U32(pic_access(&p, NCRISC_INT_NO, 1, &v, 0), BH_ERR_ACCESS);
    CHECK(strstr(p.why, "NCRISC_INT_NO"));
    CHECK_EQ_U32(pic_access(&p, 0x138, 0, &v, 0), BH_ERR_ADDR);
    CHECK_EQ_U32(pic_access(&p, 0x002, 0, &v, 0), BH_ERR_ADDR);
}

/* a raised IRQ enabled for a core would interrupt it: refused, state unchanged */
static void test_interrupt_refused(void)
{
    pic_init(&p);
    CHECK_OK(wr(BRISC_SW_INT_EN, 1u << 4));
    CHECK_OK(wr(SW_INT(3), 1)); /* not enabled: a queue slot */
    CHECK_EQ_U32(wr(SW_INT(4), 1), BH_ERR_UNSUPPORTED);
    CHECK(strstr(p.why, "software IRQ 4") && strstr(p.why, "BRISC"));
    CHECK_EQ_U32(rd(SW_INT(4)), 0);
    CHECK_EQ_U32(wr(NCRISC_SW_INT_EN, 1u << 3), BH_ERR_UNSUPPORTED); /* IRQ 3 is raised */
    CHECK(strstr(p.why, "software IRQ 3") && strstr(p.why, "NCRISC"));
    CHECK_EQ_U32(rd(NCRISC_SW_INT_EN), 0);
}

static void test_through_tile(void)
{
    static TensixTile t;
    L1Config cfg = l1_config_default();
    char why[256];
    CHECK_OK(tensix_tile_init(&t, &cfg, NULL, NULL, &test_log, why, sizeof why));
    uint32_t v = 0x55;
    TileAccess a = tensix_tile_access(&t, TILE_TRISC2, 0xFFB13000u + SW_INT(7), 4, 1, &v, 0);
    CHECK_OK(a.status);
    CHECK_EQ_U32(a.latency, TILE_LAT_MMIO);
    uint32_t w[2] = {0};
    a = tensix_tile_noc_access(&t, 0xFFB13000u + SW_INT(6), 8, 0, w, 0); /* NoC read clears */
    CHECK_OK(a.status);
    CHECK(w[0] == 0 && w[1] == 0x55);
    CHECK_OK(tensix_tile_debug(&t, TILE_BRISC, 0xFFB13000u + SW_INT(7), 4, 0, &v, 0));
    CHECK_EQ_U32(v, 0);
    v = 1;
    a = tensix_tile_access(&t, TILE_BRISC, 0xFFB13000u + BRISC_INT_NO, 4, 1, &v, 0);
    CHECK_EQ_U32(a.status, BH_ERR_ACCESS);
    CHECK(strstr(tensix_tile_reg_why(&t, TILE_T_PIC), "BRISC_INT_NO"));
    tensix_tile_destroy(&t);
}

int main(void)
{
    RUN(test_software_irqs);
    RUN(test_other_registers);
    RUN(test_interrupt_refused);
    RUN(test_through_tile);
    return check_failures();
}
