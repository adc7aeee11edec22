// SPDX-License-Identifier: Apache-2.0
/* NoC coordinate translation: the NIU algorithm on hand-packed tables, and the tables firmware
 * programs, applied to translated coordinates of every tile kind on both NoCs and for harvested
 * products, against raw coordinates worked out by hand from BlackholeA0/NoC/Coordinates.md,
 * tt-umd's coordinate manager and the tile map (docs/hardware.md#grid, #coordinates, #harvesting).
 */
#include <string.h>
#include "model/chip/bh_xlate.h"
#include "tests/check.h"

typedef struct Case {
    uint32_t tx, ty; /* translated, as software writes them */
    uint32_t x, y;   /* NoC0 raw coordinates of the tile that must be reached */
} Case;

static void make(BhGrid *g, uint32_t tensix_cols, uint32_t dram, uint32_t eth)
{
    BhGridConfig c = bh_grid_config_default();
    c.harvested_tensix_cols = tensix_cols;
    c.disabled_dram_mask = dram;
    c.disabled_eth_mask = eth;
    CHECK_OK(bh_grid_init(g, &c));
}

/* every case on both NoCs: NoC1's raw answer is NoC0's mirrored; each tile's own translated
 * coordinates (NOC_ID_LOGICAL) name it back */
static void check_cases(const BhGrid *g, uint32_t pcie_x, const Case *cs, uint32_t n)
{
    for (uint32_t noc = 0; noc < 2; noc++) {
        NocXlateRegs r;
        char why[200] = "";
        CHECK_OK(bh_xlate_regs(g, pcie_x, noc, &r, why, sizeof why));
        NocXlate t;
        noc_xlate_decode(&t, &r);
        for (uint32_t i = 0; i < n; i++) {
            uint32_t x = cs[i].tx, y = cs[i].ty;
            noc_xlate_apply(&t, &x, &y);
            const uint32_t ex = noc ? 16 - cs[i].x : cs[i].x, ey = noc ? 11 - cs[i].y : cs[i].y;
            if (x != ex || y != ey)
                fprintf(stderr, "NoC%u: (%u,%u) -> (%u,%u), expected (%u,%u)\n", noc, cs[i].tx,
                        cs[i].ty, x, y, ex, ey);
            CHECK(x == ex && y == ey);
        }
        /* every tile's own coordinates go back to it */
        for (uint32_t yy = 0; yy < 12; yy++)
            for (uint32_t xx = 0; xx < 17; xx++) {
                uint32_t tx, ty;
                CHECK_OK(bh_xlate_of(g, pcie_x, noc, xx, yy, &tx, &ty));
                noc_xlate_apply(&t, &tx, &ty);
                CHECK(tx == (noc ? 16 - xx : xx) && ty == (noc ? 11 - yy : yy));
            }
    }
}

static void test_algorithm(void)
{
    /* hand-packed: x_table[3] = 7 (register 0, bits 15-19), y_table[31] = 2 (register 5, bits
     * 5-9), row mask bit 4 keeps X on row 4, col mask bit 3 keeps Y in column 3 */
    NocXlateRegs r;
    memset(&r, 0, sizeof r);
    r.x_table[0] = 7u << 15;
    r.y_table[5] = 2u << 5;
    r.row_mask = 1u << 4;
    NocXlate t;
    noc_xlate_decode(&t, &r);
    uint32_t x = 3, y = 31;
    noc_xlate_apply(&t, &x, &y);
    CHECK(x == 7 && y == 2);
    x = 3, y = 4; /* row 4: X kept; Y from y_table[4] = 0 */
    noc_xlate_apply(&t, &x, &y);
    CHECK(x == 3 && y == 0);
    r.col_mask = 1u << 3;
    noc_xlate_decode(&t, &r);
    x = 3, y = 31; /* column 3: Y kept */
    noc_xlate_apply(&t, &x, &y);
    CHECK(x == 7 && y == 31);
    /* the DDR feature: column 9 a DDR column (table 5 bit 10), ddr_table[12] = 5; column swap
     * on row 12 sends X 0 to 9 */
    memset(&r, 0, sizeof r);
    r.ddr_table[5] = 1u << 10;
    r.ddr_table[2] = 5u << 0; /* entry 12 = register 2, bits 0-4 */
    r.col_swap = 1u << 12;
    noc_xlate_decode(&t, &r);
    x = 9, y = 12;
    noc_xlate_apply(&t, &x, &y);
    CHECK(x == 0 && y == 5); /* x: 9 ^ 9 = 0 is no DDR column, so x_table[9] = 0; y: DDR */
    x = 0, y = 12;
    noc_xlate_apply(&t, &x, &y);
    CHECK(x == 9); /* column swap: 0 ^ 9 = 9 is a DDR column */
    /* pack and parse agree */
    uint8_t tab[32], back[32];
    for (uint32_t i = 0; i < 32; i++)
        tab[i] = (uint8_t)((i * 7 + 3) & 31);
    memset(&r, 0, sizeof r);
    noc_xlate_pack(tab, r.x_table);
    noc_xlate_decode(&t, &r);
    memcpy(back, t.x, 32);
    CHECK(memcmp(tab, back, 32) == 0);
}

static void test_p150b(void)
{
    BhGrid g;
    make(&g, 0, 0, (1u << 5) | (1u << 8));
    const Case cs[] = {
        {1, 2, 1, 2},   {16, 11, 16, 11}, {10, 5, 10, 5},  /* Tensix: as raw */
        {17, 12, 0, 0}, {17, 13, 0, 1},   {17, 14, 0, 11}, /* D0 ports 0-2 */
        {17, 15, 0, 2}, {17, 23, 0, 6},   {18, 12, 9, 0},  /* D1 port 0, D3 port 2, D4 */
        {18, 21, 9, 5}, {18, 23, 9, 6},                    /* D7 */
        {19, 24, 2, 0},                                    /* PCIe 0, the host's */
        {20, 25, 1, 1}, {25, 25, 4, 1},   {31, 25, 10, 1}, /* Ethernet 0, 6, 13 */
        {8, 0, 8, 0},   {8, 30, 8, 2},                     /* ARC, security */
        {8, 26, 8, 3},                                     /* L2CPU 0 */
        {0, 5, 0, 5},   {9, 9, 9, 9},                      /* DRAM by raw coordinates */
    };
    check_cases(&g, 2, cs, sizeof cs / sizeof cs[0]);
    /* rows 0-1 keep the NoC's own raw X: on NoC1, (0, 0) is NoC1's (0, 11 - 0) = NoC0 (16, 0) */
    NocXlateRegs r;
    char why[200];
    CHECK_OK(bh_xlate_regs(&g, 2, 1, &r, why, sizeof why));
    NocXlate t;
    noc_xlate_decode(&t, &r);
    uint32_t x = 0, y = 0;
    noc_xlate_apply(&t, &x, &y);
    CHECK(x == 0 && y == 11);
    uint32_t tx, ty;
    CHECK_OK(bh_xlate_of(&g, 2, 1, 3, 0, &tx, &ty)); /* a router-only tile on row 0 */
    CHECK(tx == 13 && ty == 0);
}

static void test_p150a_tensix_harvest(void)
{
    BhGrid g;
    make(&g, (1u << 7) | (1u << 10), 0, (1u << 5) | (1u << 8));
    /* enabled columns 1-6, 11-16 take 1-7, 10-14; disabled 7 (physical 12) then 10 (13) take 16
     * and 15 */
    const Case cs[] = {
        {6, 2, 6, 2},   {7, 2, 11, 2}, {10, 3, 12, 3}, {14, 11, 16, 11},
        {15, 4, 10, 4}, {16, 4, 7, 4}, {17, 12, 0, 0}, {19, 24, 2, 0},
    };
    check_cases(&g, 2, cs, sizeof cs / sizeof cs[0]);
}

static void test_dram_harvest(void)
{
    BhGrid g;
    /* p100a: controller 3 off, PCIe 1 the host's. West 0-2 at X 18, east 4-6 at X 17, 7 and 3
     * share Y 21-23 */
    make(&g, (1u << 7) | (1u << 10), 1u << 3, 0x3FFF);
    const Case a[] = {
        {18, 12, 0, 0}, {18, 15, 0, 2}, {18, 18, 0, 9}, {17, 12, 9, 0},  {17, 18, 9, 9},
        {17, 21, 9, 5}, {17, 23, 9, 6}, {18, 21, 0, 5}, {19, 24, 11, 0},
    };
    check_cases(&g, 11, a, sizeof a / sizeof a[0]);
    /* controller 5 off: west 0, 2, 3 at X 17, east 4, 6, 7 at X 18; 1 and 5 share Y 21-23 */
    make(&g, 0, 1u << 5, (1u << 5) | (1u << 8));
    const Case b[] = {
        {17, 12, 0, 0}, {17, 15, 0, 9}, {17, 18, 0, 5}, {17, 21, 0, 2}, {17, 22, 0, 10},
        {18, 12, 9, 0}, {18, 15, 9, 9}, {18, 18, 9, 5}, {18, 21, 9, 2},
    };
    check_cases(&g, 2, b, sizeof b / sizeof b[0]);
    /* two controllers off (a grid the configuration check refuses already): no numbering */
    make(&g, 0, 1u << 1, (1u << 5) | (1u << 8));
    g.cfg.disabled_dram_mask |= 1u << 6;
    NocXlateRegs r;
    char why[200] = "";
    CHECK_EQ_U32(bh_xlate_regs(&g, 2, 0, &r, why, sizeof why), BH_ERR_CONFIG);
    CHECK(strstr(why, "more than one DRAM controller") != NULL);
    /* all 14 Ethernet channels on: X 20-33 does not fit 5 bits (tt-umd also refuses it) */
    make(&g, 0, 0, 0);
    CHECK_EQ_U32(bh_xlate_regs(&g, 2, 0, &r, why, sizeof why), BH_ERR_CONFIG);
    CHECK(strstr(why, "cannot give tile") != NULL);
}

int main(void)
{
    RUN(test_algorithm);
    RUN(test_p150b);
    RUN(test_p150a_tensix_harvest);
    RUN(test_dram_harvest);
    return check_failures();
}
