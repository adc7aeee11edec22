// SPDX-License-Identifier: Apache-2.0
#include "model/chip/bh_grid.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct Coord {
    uint8_t x, y;
} Coord;

/* Blackhole placement, from the UMD lists of docs/hardware.md#grid. Kept as coordinate
 * lists rather than a picture so the unit test (which encodes the picture) checks one against
 * the other. */
#define TENSIX_COLS 0x1fcfeu /* x = 1..7, 10..16 */
#define TENSIX_Y0 2
#define TENSIX_Y1 11
#define TENSIX_TILES (14 * (TENSIX_Y1 - TENSIX_Y0 + 1))
#define L2CPU_TILES 4
#define PCIE_TILES 2

static const Coord dram_noc0[BH_DRAM_CONTROLLERS][3] = {
    {{0, 0}, {0, 1}, {0, 11}}, {{0, 2}, {0, 10}, {0, 3}}, {{0, 9}, {0, 4}, {0, 8}},
    {{0, 5}, {0, 7}, {0, 6}},  {{9, 0}, {9, 1}, {9, 11}}, {{9, 2}, {9, 10}, {9, 3}},
    {{9, 9}, {9, 4}, {9, 8}},  {{9, 5}, {9, 7}, {9, 6}},
};
static const Coord eth_noc0[BH_ETH_CHANNELS] = {
    {1, 1},  {16, 1}, {2, 1},  {15, 1}, {3, 1},  {14, 1}, {4, 1},
    {13, 1}, {5, 1},  {12, 1}, {6, 1},  {11, 1}, {7, 1},  {10, 1},
};
static const Coord l2cpu_noc0[L2CPU_TILES] = {{8, 3}, {8, 9}, {8, 5}, {8, 7}};
static const Coord pcie_noc0[PCIE_TILES] = {{2, 0}, {11, 0}};
static const Coord arc_noc0 = {8, 0};
static const Coord security_noc0 = {8, 2};

static const char *topology_name(uint32_t topo)
{
    switch (topo) {
    case BH_TOPO_BLACKHOLE:
        return "blackhole";
    case BH_TOPO_MESH:
        return "mesh";
    case BH_TOPO_TORUS:
        return "torus";
    case BH_TOPO_UNITORUS:
        return "unitorus";
    }
    return "?";
}

const char *bh_tile_kind_name(BhTileKind kind)
{
    switch (kind) {
    case BH_TILE_EMPTY:
        return "empty";
    case BH_TILE_TENSIX:
        return "tensix";
    case BH_TILE_DRAM:
        return "dram";
    case BH_TILE_ETH:
        return "eth";
    case BH_TILE_PCIE:
        return "pcie";
    case BH_TILE_ARC:
        return "arc";
    case BH_TILE_L2CPU:
        return "l2cpu";
    case BH_TILE_SECURITY:
        return "security";
    case BH_TILE_GENERIC:
        return "generic";
    }
    return "?";
}

BhGridConfig bh_grid_config_default(void)
{
    BhGridConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.topology = BH_TOPO_BLACKHOLE;
    cfg.width = BH_BLACKHOLE_W;
    cfg.height = BH_BLACKHOLE_H;
    return cfg;
}

static BhStatus reject(char *why, size_t why_len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static BhStatus reject(char *why, size_t why_len, const char *fmt, ...)
{
    if (why && why_len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, why_len, fmt, ap);
        va_end(ap);
    }
    return BH_ERR_CONFIG;
}

static int lowest_bit(uint32_t v)
{
    int i = 0;
    while (!(v & 1u)) {
        v >>= 1;
        i++;
    }
    return i;
}

static int popcount32(uint32_t v)
{
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

BhStatus bh_grid_config_check(const BhGridConfig *cfg, char *why, size_t why_len)
{
    if (why && why_len)
        why[0] = '\0';
    if (cfg->topology > BH_TOPO_UNITORUS)
        return reject(why, why_len,
                      "topology: must be %d..%d (blackhole, mesh, torus, unitorus), got %u",
                      BH_TOPO_BLACKHOLE, BH_TOPO_UNITORUS, cfg->topology);
    if (cfg->topology != BH_TOPO_BLACKHOLE) {
        if (cfg->width < 2 || cfg->width > BH_GRID_MAX_DIM)
            return reject(why, why_len, "width: must be 2..%d for a %s topology, got %u",
                          BH_GRID_MAX_DIM, topology_name(cfg->topology), cfg->width);
        if (cfg->height < 2 || cfg->height > BH_GRID_MAX_DIM)
            return reject(why, why_len, "height: must be 2..%d for a %s topology, got %u",
                          BH_GRID_MAX_DIM, topology_name(cfg->topology), cfg->height);
        /* Harvest masks name Blackhole tiles; on a generic grid they would be silently lost. */
        if (cfg->harvested_tensix_cols)
            return reject(why, why_len,
                          "harvested_tensix_cols: must be 0 for a %s topology (it has no "
                          "Tensix columns), got 0x%x",
                          topology_name(cfg->topology), cfg->harvested_tensix_cols);
        if (cfg->disabled_dram_mask)
            return reject(why, why_len,
                          "disabled_dram_mask: must be 0 for a %s topology (it has no DRAM "
                          "controllers), got 0x%x",
                          topology_name(cfg->topology), cfg->disabled_dram_mask);
        if (cfg->disabled_eth_mask)
            return reject(why, why_len,
                          "disabled_eth_mask: must be 0 for a %s topology (it has no Ethernet "
                          "channels), got 0x%x",
                          topology_name(cfg->topology), cfg->disabled_eth_mask);
        return BH_OK;
    }
    if (cfg->harvested_tensix_cols & ~TENSIX_COLS)
        return reject(why, why_len,
                      "harvested_tensix_cols: column %d is not a Tensix column (Tensix columns "
                      "are x=1..7,10..16)",
                      lowest_bit(cfg->harvested_tensix_cols & ~TENSIX_COLS));
    if (cfg->disabled_dram_mask >> BH_DRAM_CONTROLLERS)
        return reject(why, why_len,
                      "disabled_dram_mask: bit %d is not a DRAM controller (controllers are "
                      "0..%d)",
                      lowest_bit(cfg->disabled_dram_mask >> BH_DRAM_CONTROLLERS) +
                          BH_DRAM_CONTROLLERS,
                      BH_DRAM_CONTROLLERS - 1);
    if (popcount32(cfg->disabled_dram_mask) > 1)
        return reject(why, why_len,
                      "disabled_dram_mask: at most one DRAM controller may be disabled (one "
                      "bit of 0..%d), got 0x%x",
                      BH_DRAM_CONTROLLERS - 1, cfg->disabled_dram_mask);
    if (cfg->disabled_eth_mask >> BH_ETH_CHANNELS)
        return reject(why, why_len,
                      "disabled_eth_mask: bit %d is not an Ethernet channel (channels are "
                      "0..%d)",
                      lowest_bit(cfg->disabled_eth_mask >> BH_ETH_CHANNELS) + BH_ETH_CHANNELS,
                      BH_ETH_CHANNELS - 1);
    return BH_OK;
}

static BhTile *tile_at(BhGrid *g, uint32_t x, uint32_t y)
{
    BH_ASSERT(x < g->w && y < g->h);
    return &g->tiles[y * g->w + x];
}

static void place(BhGrid *g, Coord c, BhTileKind kind, int index, int enabled, const char *label)
{
    BhTile *t = tile_at(g, c.x, c.y);
    BH_ASSERT(t->kind == BH_TILE_EMPTY); /* each coordinate is listed once */
    BH_ASSERT(strlen(label) < sizeof t->label);
    t->kind = (uint8_t)kind;
    t->index = (int16_t)index;
    t->enabled = (uint8_t)(enabled != 0);
    strcpy(t->label, label);
}

static void build_blackhole(BhGrid *g)
{
    const BhGridConfig *cfg = &g->cfg;
    char label[sizeof g->tiles[0].label];
    int n = 0;

    for (uint32_t y = TENSIX_Y0; y <= TENSIX_Y1; y++) {
        for (uint32_t x = 0; x < g->w; x++) {
            if (!(TENSIX_COLS & (1u << x)))
                continue;
            const int enabled = !(cfg->harvested_tensix_cols & (1u << x));
            snprintf(label, sizeof label, "T%u", (unsigned)(n & 0x3FF)); /* n < 140 */
            place(g, (Coord){(uint8_t)x, (uint8_t)y}, BH_TILE_TENSIX, n, enabled, label);
            g->n_enabled_tensix += (uint32_t)enabled;
            n++;
        }
    }
    for (int c = 0; c < BH_DRAM_CONTROLLERS; c++) {
        snprintf(label, sizeof label, "D%d", c);
        for (int p = 0; p < 3; p++) {
            const Coord xy = dram_noc0[c][p];
            place(g, xy, BH_TILE_DRAM, c, !(cfg->disabled_dram_mask & (1u << c)), label);
            tile_at(g, xy.x, xy.y)->dram_port = (int8_t)p;
        }
    }
    for (int c = 0; c < BH_ETH_CHANNELS; c++) {
        snprintf(label, sizeof label, "E%d", c);
        place(g, eth_noc0[c], BH_TILE_ETH, c, !(cfg->disabled_eth_mask & (1u << c)), label);
    }
    for (int i = 0; i < PCIE_TILES; i++) {
        snprintf(label, sizeof label, "P%d", i);
        place(g, pcie_noc0[i], BH_TILE_PCIE, i, 1, label);
    }
    for (int i = 0; i < L2CPU_TILES; i++) {
        snprintf(label, sizeof label, "C%d", i);
        place(g, l2cpu_noc0[i], BH_TILE_L2CPU, i, 1, label);
    }
    place(g, arc_noc0, BH_TILE_ARC, -1, 1, "ARC");
    place(g, security_noc0, BH_TILE_SECURITY, -1, 1, "SEC");
}

static void build_generic(BhGrid *g)
{
    for (uint32_t i = 0; i < g->w * g->h; i++) {
        BhTile *t = &g->tiles[i];
        t->kind = BH_TILE_GENERIC;
        t->index = (int16_t)i;
        snprintf(t->label, sizeof t->label, "N%u", i % BH_GRID_MAX_NODES); /* i < max */
    }
}

BhStatus bh_grid_init(BhGrid *g, const BhGridConfig *cfg)
{
    BhStatus st = bh_grid_config_check(cfg, NULL, 0);
    if (st != BH_OK)
        return st;
    memset(g, 0, sizeof *g);
    g->cfg = *cfg;
    if (cfg->topology == BH_TOPO_BLACKHOLE) {
        g->w = BH_BLACKHOLE_W;
        g->h = BH_BLACKHOLE_H;
    } else {
        g->w = cfg->width;
        g->h = cfg->height;
    }
    for (uint32_t y = 0; y < g->h; y++) {
        for (uint32_t x = 0; x < g->w; x++) {
            BhTile *t = tile_at(g, x, y);
            t->x = (uint8_t)x;
            t->y = (uint8_t)y;
            t->kind = BH_TILE_EMPTY;
            t->enabled = 1;
            t->index = -1;
            t->dram_port = -1;
            strcpy(t->label, "--");
        }
    }
    if (cfg->topology == BH_TOPO_BLACKHOLE) {
        build_blackhole(g);
    } else {
        build_generic(g);
    }
    return BH_OK;
}

const BhTile *bh_grid_tile(const BhGrid *g, uint32_t x, uint32_t y)
{
    if (x >= g->w || y >= g->h)
        return NULL;
    return &g->tiles[y * g->w + x];
}

/* snprintf-style appender: pos counts every byte asked for, buf never overflows. */
typedef struct Out {
    char *buf;
    size_t len;
    size_t pos;
} Out;

static void out_printf(Out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void out_printf(Out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n;
    if (o->buf && o->pos < o->len)
        n = vsnprintf(o->buf + o->pos, o->len - o->pos, fmt, ap);
    else
        n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    BH_ASSERT(n >= 0);
    o->pos += (size_t)n;
}

/* Printed label: as stored, or lower case with a trailing '*' when disabled. */
static void shown_label(const BhTile *t, char *out, size_t len)
{
    size_t i = 0;
    for (; i < sizeof t->label && t->label[i] && i + 2 < len; i++)
        out[i] = t->enabled ? t->label[i] : (char)tolower((unsigned char)t->label[i]);
    if (!t->enabled)
        out[i++] = '*';
    out[i] = '\0';
}

size_t bh_grid_format(const BhGrid *g, char *buf, size_t len)
{
    Out o = {buf, len, 0};
    char label[sizeof g->tiles[0].label + 2];
    int cell = 5; /* as docs/hardware.md#grid; wider only when a label would touch its neighbour */

    if (buf && len)
        buf[0] = '\0';
    for (uint32_t i = 0; i < g->w * g->h; i++) {
        shown_label(&g->tiles[i], label, sizeof label);
        cell = BH_MAX(cell, (int)strlen(label) + 1);
    }
    out_printf(&o, "y\\x");
    for (uint32_t x = 0; x < g->w; x++)
        out_printf(&o, "%*u", cell, x);
    out_printf(&o, "\n");
    for (uint32_t y = 0; y < g->h; y++) {
        out_printf(&o, "%3u", y);
        for (uint32_t x = 0; x < g->w; x++) {
            shown_label(bh_grid_tile(g, x, y), label, sizeof label);
            out_printf(&o, "%*s", cell, label);
        }
        out_printf(&o, "\n");
    }
    if (g->cfg.topology == BH_TOPO_BLACKHOLE) {
        out_printf(&o, "legend: Tn Tensix, Dn DRAM controller n, En Ethernet channel n, Pn PCIe n, "
                       "ARC, SEC security, Cn L2CPU n, -- router only; lower case + '*' = "
                       "disabled\n");
        out_printf(&o,
                   "enabled: %u of %d Tensix, %d of %d DRAM controllers, %d of %d Ethernet "
                   "channels\n",
                   g->n_enabled_tensix, TENSIX_TILES,
                   BH_DRAM_CONTROLLERS - popcount32(g->cfg.disabled_dram_mask), BH_DRAM_CONTROLLERS,
                   BH_ETH_CHANNELS - popcount32(g->cfg.disabled_eth_mask), BH_ETH_CHANNELS);
    } else {
        out_printf(&o, "legend: Nn node n of a %u x %u %s\n", g->w, g->h,
                   topology_name(g->cfg.topology));
        out_printf(&o, "enabled: %u of %u nodes\n", g->w * g->h, g->w * g->h);
    }
    return o.pos;
}

uint32_t bh_tile_endpoint_id(const BhTile *t, uint32_t noc)
{
    static const uint16_t type[] = {
        [BH_TILE_EMPTY] = 0x0000, [BH_TILE_TENSIX] = 0x0100,   [BH_TILE_DRAM] = 0x0800,
        [BH_TILE_ETH] = 0x0200,   [BH_TILE_PCIE] = 0x0300,     [BH_TILE_ARC] = 0x0500,
        [BH_TILE_L2CPU] = 0x0901, [BH_TILE_SECURITY] = 0x0A00, [BH_TILE_GENERIC] = 0x0100,
    };
    uint32_t index = t->index < 0 ? 0u : (uint32_t)t->index & 0xFFu;
    if (t->kind == BH_TILE_DRAM)
        index = (uint32_t)t->dram_port; /* DRAM tiles number their endpoints 0..2 */
    return index | ((uint32_t)type[t->kind] << 8) | (noc << 24);
}
