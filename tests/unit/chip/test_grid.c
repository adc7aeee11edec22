// SPDX-License-Identifier: Apache-2.0
/* Tile map checks against docs/hardware.md#grid, which is encoded here independently of the
 * model (the model places tiles from coordinate lists). */
#include "model/chip/bh_grid.h"
#include "tests/check.h"
#include <stdlib.h>
#include <string.h>

/* docs/hardware.md#grid's NoC0 map, copied verbatim: the header and 12 rows. */
static const char *const doc_map[] = {
    "y\\x    0    1    2    3    4    5    6    7    8    9   10   11   12   13   14   15   16",
    "  0   D0   --   P0   --   --   --   --   --  ARC   D4   --   P1   --   --   --   --   --",
    "  1   D0   E0   E2   E4   E6   E8  E10  E12   --   D4  E13  E11   E9   E7   E5   E3   E1",
    "  2   D1   T0   T1   T2   T3   T4   T5   T6  SEC   D5   T7   T8   T9  T10  T11  T12  T13",
    "  3   D1  T14  T15  T16  T17  T18  T19  T20   C0   D5  T21  T22  T23  T24  T25  T26  T27",
    "  4   D2  T28  T29  T30  T31  T32  T33  T34   --   D6  T35  T36  T37  T38  T39  T40  T41",
    "  5   D3  T42  T43  T44  T45  T46  T47  T48   C2   D7  T49  T50  T51  T52  T53  T54  T55",
    "  6   D3  T56  T57  T58  T59  T60  T61  T62   --   D7  T63  T64  T65  T66  T67  T68  T69",
    "  7   D3  T70  T71  T72  T73  T74  T75  T76   C3   D7  T77  T78  T79  T80  T81  T82  T83",
    "  8   D2  T84  T85  T86  T87  T88  T89  T90   --   D6  T91  T92  T93  T94  T95  T96  T97",
    "  9   D2  T98  T99 T100 T101 T102 T103 T104   C1   D6 T105 T106 T107 T108 T109 T110 T111",
    " 10   D1 T112 T113 T114 T115 T116 T117 T118   --   D5 T119 T120 T121 T122 T123 T124 T125",
    " 11   D0 T126 T127 T128 T129 T130 T131 T132   --   D4 T133 T134 T135 T136 T137 T138 T139",
};

/* docs/hardware.md#grid: bank c -> NoC0 endpoints in UMD port order. */
static const int dram_ports[8][3][2] = {
    {{0, 0}, {0, 1}, {0, 11}}, {{0, 2}, {0, 10}, {0, 3}}, {{0, 9}, {0, 4}, {0, 8}},
    {{0, 5}, {0, 7}, {0, 6}},  {{9, 0}, {9, 1}, {9, 11}}, {{9, 2}, {9, 10}, {9, 3}},
    {{9, 9}, {9, 4}, {9, 8}},  {{9, 5}, {9, 7}, {9, 6}},
};

static BhGrid *make_grid(BhGridConfig cfg)
{
    BhGrid *g = malloc(sizeof *g);
    CHECK(g != NULL);
    CHECK_OK(bh_grid_init(g, &cfg));
    return g;
}

static BhGridConfig blackhole_cfg(uint32_t cols, uint32_t dram, uint32_t eth)
{
    BhGridConfig cfg = bh_grid_config_default();
    cfg.harvested_tensix_cols = cols;
    cfg.disabled_dram_mask = dram;
    cfg.disabled_eth_mask = eth;
    return cfg;
}

/* Kind and index a map label stands for. */
static void decode_label(const char *label, int *kind, int *index)
{
    *index = -1;
    if (!strcmp(label, "--"))
        *kind = BH_TILE_EMPTY;
    else if (!strcmp(label, "ARC"))
        *kind = BH_TILE_ARC;
    else if (!strcmp(label, "SEC"))
        *kind = BH_TILE_SECURITY;
    else {
        *index = atoi(label + 1);
        switch (label[0]) {
        case 'T':
            *kind = BH_TILE_TENSIX;
            break;
        case 'D':
            *kind = BH_TILE_DRAM;
            break;
        case 'E':
            *kind = BH_TILE_ETH;
            break;
        case 'P':
            *kind = BH_TILE_PCIE;
            break;
        case 'C':
            *kind = BH_TILE_L2CPU;
            break;
        default:
            *kind = -1;
        }
    }
}

static void test_every_label_matches_the_doc(void)
{
    BhGrid *g = make_grid(bh_grid_config_default());
    CHECK_EQ_U32(g->w, 17);
    CHECK_EQ_U32(g->h, 12);
    for (int y = 0; y < 12; y++) {
        char row[128];
        strcpy(row, doc_map[1 + y]);
        char *tok = strtok(row, " ");
        CHECK_EQ_U32(atoi(tok), y);
        for (int x = 0; x < 17; x++) {
            tok = strtok(NULL, " ");
            CHECK(tok != NULL);
            if (!tok)
                break;
            const BhTile *t = bh_grid_tile(g, (uint32_t)x, (uint32_t)y);
            int kind, index;
            decode_label(tok, &kind, &index);
            if (strcmp(t->label, tok) || t->kind != kind || t->index != index)
                fprintf(stderr, "  (%d,%d): want %s kind %d index %d, got %s kind %d index %d\n", x,
                        y, tok, kind, index, t->label, t->kind, t->index);
            CHECK(!strcmp(t->label, tok));
            CHECK_EQ_U32(t->kind, kind);
            CHECK_EQ_U32(t->index, index);
            CHECK_EQ_U32(t->x, x);
            CHECK_EQ_U32(t->y, y);
            CHECK_EQ_U32(t->enabled, 1);
            CHECK_EQ_U32(t->dram_port != -1, kind == BH_TILE_DRAM);
        }
        CHECK(strtok(NULL, " ") == NULL);
    }
    CHECK(bh_grid_tile(g, 17, 0) == NULL);
    CHECK(bh_grid_tile(g, 0, 12) == NULL);
    free(g);
}

static void test_full_chip_counts(void)
{
    BhGrid *g = make_grid(bh_grid_config_default());
    int count[BH_TILE_GENERIC + 1] = {0};
    for (uint32_t i = 0; i < g->w * g->h; i++)
        count[g->tiles[i].kind]++;
    CHECK_EQ_U32(count[BH_TILE_TENSIX], 140);
    CHECK_EQ_U32(g->n_enabled_tensix, 140);
    CHECK_EQ_U32(count[BH_TILE_DRAM], 24);
    CHECK_EQ_U32(count[BH_TILE_ETH], 14);
    CHECK_EQ_U32(count[BH_TILE_PCIE], 2);
    CHECK_EQ_U32(count[BH_TILE_ARC], 1);
    CHECK_EQ_U32(count[BH_TILE_SECURITY], 1);
    CHECK_EQ_U32(count[BH_TILE_L2CPU], 4);
    CHECK_EQ_U32(count[BH_TILE_EMPTY], 18);
    CHECK_EQ_U32(count[BH_TILE_GENERIC], 0);
    free(g);
}

static void test_dram_controller_and_port(void)
{
    BhGrid *g = make_grid(bh_grid_config_default());
    for (int c = 0; c < 8; c++) {
        for (int p = 0; p < 3; p++) {
            const BhTile *t = bh_grid_tile(g, dram_ports[c][p][0], dram_ports[c][p][1]);
            CHECK_EQ_U32(t->kind, BH_TILE_DRAM);
            CHECK_EQ_U32(t->index, c);
            CHECK_EQ_U32(t->dram_port, p);
        }
    }
    free(g);
}

static void test_eth_pcie_l2cpu_placement(void)
{
    static const int eth[14][2] = {{1, 1},  {16, 1}, {2, 1},  {15, 1}, {3, 1},  {14, 1}, {4, 1},
                                   {13, 1}, {5, 1},  {12, 1}, {6, 1},  {11, 1}, {7, 1},  {10, 1}};
    BhGrid *g = make_grid(bh_grid_config_default());
    for (int c = 0; c < 14; c++) {
        const BhTile *t = bh_grid_tile(g, eth[c][0], eth[c][1]);
        CHECK_EQ_U32(t->kind, BH_TILE_ETH);
        CHECK_EQ_U32(t->index, c);
    }
    CHECK_EQ_U32(bh_grid_tile(g, 2, 0)->index, 0);
    CHECK_EQ_U32(bh_grid_tile(g, 11, 0)->index, 1);
    CHECK_EQ_U32(bh_grid_tile(g, 8, 3)->index, 0);
    CHECK_EQ_U32(bh_grid_tile(g, 8, 9)->index, 1);
    CHECK_EQ_U32(bh_grid_tile(g, 8, 5)->index, 2);
    CHECK_EQ_U32(bh_grid_tile(g, 8, 7)->index, 3);
    free(g);
}

static void test_p150a_harvest(void)
{
    BhGrid *g = make_grid(blackhole_cfg((1u << 7) | (1u << 10), 0, 0x120));
    CHECK_EQ_U32(g->n_enabled_tensix, 120);
    int enabled = 0;
    for (uint32_t i = 0; i < g->w * g->h; i++) {
        const BhTile *t = &g->tiles[i];
        if (t->kind == BH_TILE_TENSIX) {
            CHECK_EQ_U32(t->enabled, t->x != 7 && t->x != 10);
            enabled += t->enabled;
        } else if (t->kind == BH_TILE_ETH) {
            CHECK_EQ_U32(t->enabled, t->index != 5 && t->index != 8);
        } else {
            CHECK_EQ_U32(t->enabled, 1);
        }
    }
    CHECK_EQ_U32(enabled, 120);
    /* harvested tiles keep their Tn numbers */
    CHECK(!strcmp(bh_grid_tile(g, 7, 2)->label, "T6"));
    CHECK_EQ_U32(bh_grid_tile(g, 7, 2)->index, 6);
    CHECK(!strcmp(bh_grid_tile(g, 10, 11)->label, "T133"));
    free(g);
}

static void test_p100a_harvest(void)
{
    BhGrid *g = make_grid(blackhole_cfg((1u << 7) | (1u << 10), 1u << 3, 0x3fff));
    CHECK_EQ_U32(g->n_enabled_tensix, 120);
    for (int c = 0; c < 8; c++)
        for (int p = 0; p < 3; p++)
            CHECK_EQ_U32(bh_grid_tile(g, dram_ports[c][p][0], dram_ports[c][p][1])->enabled,
                         c != 3);
    for (uint32_t i = 0; i < g->w * g->h; i++)
        if (g->tiles[i].kind == BH_TILE_ETH)
            CHECK_EQ_U32(g->tiles[i].enabled, 0);
    CHECK_EQ_U32(bh_grid_tile(g, 11, 0)->enabled, 1); /* PCIe1, the one p100 uses */
    free(g);
}

static void expect_reject(BhGridConfig cfg, const char *field, const char *detail)
{
    char why[256];
    memset(why, 'x', sizeof why);
    CHECK_EQ_U32(bh_grid_config_check(&cfg, why, sizeof why), BH_ERR_CONFIG);
    CHECK(strlen(why) < sizeof why);
    if (strncmp(why, field, strlen(field)) || !strstr(why, detail))
        fprintf(stderr, "  why \"%s\" lacks \"%s\" / \"%s\"\n", why, field, detail);
    CHECK(!strncmp(why, field, strlen(field)));
    CHECK(strstr(why, detail) != NULL);
    BhGrid *g = malloc(sizeof *g);
    CHECK_EQ_U32(bh_grid_init(g, &cfg), BH_ERR_CONFIG);
    free(g);
}

static BhGridConfig generic_cfg(uint32_t topo, uint32_t w, uint32_t h)
{
    BhGridConfig cfg = bh_grid_config_default();
    cfg.topology = topo;
    cfg.width = w;
    cfg.height = h;
    return cfg;
}

static void test_config_check_rejects_bad_values(void)
{
    char why[256];
    BhGridConfig ok = blackhole_cfg(0x1fcfe, 1u << 7, 0x3fff); /* every legal bit */
    CHECK_OK(bh_grid_config_check(&ok, why, sizeof why));
    CHECK_EQ_U32(why[0], 0);
    for (int c = 0; c < 8; c++) {
        ok = blackhole_cfg(0, 1u << c, 0);
        CHECK_OK(bh_grid_config_check(&ok, NULL, 0));
    }

    expect_reject(generic_cfg(4, 8, 8), "topology:", "got 4");
    expect_reject(blackhole_cfg(1u << 8, 0, 0), "harvested_tensix_cols:",
                  "column 8 is not a Tensix column (Tensix columns are x=1..7,10..16)");
    expect_reject(blackhole_cfg(1u << 0, 0, 0), "harvested_tensix_cols:", "column 0 ");
    expect_reject(blackhole_cfg(1u << 9, 0, 0), "harvested_tensix_cols:", "column 9 ");
    expect_reject(blackhole_cfg(1u << 17, 0, 0), "harvested_tensix_cols:", "column 17 ");
    expect_reject(blackhole_cfg(0, 1u << 8, 0), "disabled_dram_mask:", "bit 8 ");
    expect_reject(blackhole_cfg(0, 0x3, 0), "disabled_dram_mask:", "at most one");
    expect_reject(blackhole_cfg(0, 0x88, 0), "disabled_dram_mask:", "0..7");
    expect_reject(blackhole_cfg(0, 0, 1u << 14), "disabled_eth_mask:", "bit 14 ");
    expect_reject(blackhole_cfg(0, 0, 0x80000000u), "disabled_eth_mask:", "0..13");
    for (uint32_t topo = BH_TOPO_MESH; topo <= BH_TOPO_UNITORUS; topo++) {
        expect_reject(generic_cfg(topo, 1, 8), "width:", "2..64");
        expect_reject(generic_cfg(topo, 65, 8), "width:", "got 65");
        expect_reject(generic_cfg(topo, 8, 0), "height:", "2..64");
        expect_reject(generic_cfg(topo, 8, 65), "height:", "got 65");
        BhGridConfig c = generic_cfg(topo, 8, 8);
        c.harvested_tensix_cols = 2;
        expect_reject(c, "harvested_tensix_cols:", "must be 0");
        c = generic_cfg(topo, 8, 8);
        c.disabled_dram_mask = 1;
        expect_reject(c, "disabled_dram_mask:", "must be 0");
        c = generic_cfg(topo, 8, 8);
        c.disabled_eth_mask = 1;
        expect_reject(c, "disabled_eth_mask:", "must be 0");
    }
    /* A short why buffer is truncated, not overrun. */
    BhGridConfig bad = blackhole_cfg(1u << 8, 0, 0);
    char small[9] = "????????";
    char guard = small[8];
    CHECK_EQ_U32(bh_grid_config_check(&bad, small, 4), BH_ERR_CONFIG);
    CHECK(!strcmp(small, "har"));
    CHECK_EQ_U32(small[8], guard);
}

static void test_generic_grids(void)
{
    BhGrid *g = make_grid(generic_cfg(BH_TOPO_MESH, 8, 8));
    CHECK_EQ_U32(g->w, 8);
    CHECK_EQ_U32(g->h, 8);
    CHECK_EQ_U32(g->n_enabled_tensix, 0);
    for (uint32_t y = 0; y < 8; y++) {
        for (uint32_t x = 0; x < 8; x++) {
            const BhTile *t = bh_grid_tile(g, x, y);
            char want[8];
            snprintf(want, sizeof want, "N%u", y * 8 + x);
            CHECK_EQ_U32(t->kind, BH_TILE_GENERIC);
            CHECK_EQ_U32(t->index, y * 8 + x);
            CHECK_EQ_U32(t->enabled, 1);
            CHECK_EQ_U32(t->x, x);
            CHECK_EQ_U32(t->y, y);
            CHECK_EQ_U32(t->dram_port, -1);
            CHECK(!strcmp(t->label, want));
        }
    }
    CHECK(bh_grid_tile(g, 8, 0) == NULL);
    free(g);

    g = make_grid(generic_cfg(BH_TOPO_TORUS, 64, 64));
    CHECK(!strcmp(bh_grid_tile(g, 63, 63)->label, "N4095"));
    free(g);
    g = make_grid(generic_cfg(BH_TOPO_UNITORUS, 2, 3));
    CHECK_EQ_U32(bh_grid_tile(g, 1, 2)->index, 5);
    CHECK(bh_grid_tile(g, 2, 0) == NULL);
    free(g);
}

static char *format_all(const BhGrid *g)
{
    size_t n = bh_grid_format(g, NULL, 0);
    char *s = malloc(n + 1);
    CHECK_EQ_U64(bh_grid_format(g, s, n + 1), n);
    CHECK_EQ_U64(strlen(s), n);
    return s;
}

static void test_format_full_chip_is_the_doc_map(void)
{
    BhGrid *g = make_grid(bh_grid_config_default());
    char *s = format_all(g);
    const char *line = s;
    for (size_t i = 0; i < BH_ARRAY_LEN(doc_map); i++) {
        const char *nl = strchr(line, '\n');
        CHECK(nl != NULL);
        if (!nl)
            break;
        CHECK_EQ_U64((size_t)(nl - line), strlen(doc_map[i]));
        CHECK(!strncmp(line, doc_map[i], strlen(doc_map[i])));
        line = nl + 1;
    }
    CHECK(strstr(line, "legend:") == line);
    CHECK(strstr(s, "140 of 140 Tensix, 8 of 8 DRAM controllers, 14 of 14 Ethernet") != NULL);
    free(s);
    free(g);
}

static void test_format_marks_disabled_tiles(void)
{
    BhGrid *g = make_grid(blackhole_cfg(1u << 7, 1u << 3, 1u << 5));
    char *s = format_all(g);
    CHECK(strstr(s, "T139") != NULL);
    CHECK(strstr(s, " t6*") != NULL);
    CHECK(strstr(s, " t132*") != NULL);
    CHECK(strstr(s, " T5 ") != NULL);
    CHECK(strstr(s, " d3*") != NULL);
    CHECK(strstr(s, " e5*") != NULL);
    CHECK(strstr(s, " T6 ") == NULL);
    CHECK(strstr(s, "130 of 140 Tensix, 7 of 8 DRAM controllers, 13 of 14 Ethernet") != NULL);
    free(s);
    free(g);

    g = make_grid(generic_cfg(BH_TOPO_TORUS, 4, 3));
    s = format_all(g);
    CHECK(strstr(s, "  N11\n") != NULL);
    CHECK(strstr(s, "12 of 12 nodes") != NULL);
    free(s);
    free(g);
}

static void test_format_never_overflows(void)
{
    BhGrid *g = make_grid(blackhole_cfg((1u << 7) | (1u << 10), 1u << 3, 0x3fff));
    char *full = format_all(g);
    const size_t n = strlen(full);
    char *buf = malloc(n + 64);
    for (size_t len = 0; len <= n + 2; len++) {
        memset(buf, 0x5a, n + 64);
        CHECK_EQ_U64(bh_grid_format(g, buf, len), n);
        for (size_t i = len; i < n + 64; i++)
            if (buf[i] != 0x5a) {
                CHECK(buf[i] == 0x5a);
                break;
            }
        if (len) {
            CHECK_EQ_U64(strlen(buf), BH_MIN(n, len - 1));
            CHECK(!strncmp(buf, full, len - 1));
        }
    }
    free(buf);
    free(full);
    free(g);
}

static void test_kind_names(void)
{
    static const char *const want[] = {"empty", "tensix", "dram",     "eth",    "pcie",
                                       "arc",   "l2cpu",  "security", "generic"};
    for (int k = BH_TILE_EMPTY; k <= BH_TILE_GENERIC; k++)
        CHECK(!strcmp(bh_tile_kind_name((BhTileKind)k), want[k]));
}

int main(void)
{
    RUN(test_every_label_matches_the_doc);
    RUN(test_full_chip_counts);
    RUN(test_dram_controller_and_port);
    RUN(test_eth_pcie_l2cpu_placement);
    RUN(test_p150a_harvest);
    RUN(test_p100a_harvest);
    RUN(test_config_check_rejects_bad_values);
    RUN(test_generic_grids);
    RUN(test_format_full_chip_is_the_doc_map);
    RUN(test_format_marks_disabled_tiles);
    RUN(test_format_never_overflows);
    RUN(test_kind_names);
    return check_failures();
}
