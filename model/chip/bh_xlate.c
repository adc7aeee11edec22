// SPDX-License-Identifier: Apache-2.0
/* model/chip/bh_xlate.c - Blackhole's translated NoC coordinates and the NIU tables that give
 * them (bh_xlate.h has the numbering and its sources). */
#include "model/chip/bh_xlate.h"
#include <stdio.h>
#include <string.h>

/* NoC0 X of the Tensix columns, in translated order, and by physical column index
 * (tt-umd device/api/umd/device/arch/blackhole_implementation.hpp T6 columns and
 * HARVESTING_NOC_LOCATIONS; docs/hardware.md#harvesting) */
static const uint8_t tensix_x[14] = {1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 16};
static const uint8_t physical_x[14] = {1, 16, 2, 15, 3, 14, 4, 13, 5, 12, 6, 11, 7, 10};

static int col_disabled(const BhGrid *g, uint32_t x)
{
    return (g->cfg.harvested_tensix_cols >> x) & 1;
}

static uint32_t tensix_column(const BhGrid *g, uint32_t x)
{
    uint32_t k = 0;
    if (!col_disabled(g, x)) {
        for (uint32_t i = 0; i < 14 && tensix_x[i] < x; i++)
            k += !col_disabled(g, tensix_x[i]);
        return tensix_x[k];
    }
    for (uint32_t i = 0; i < 14 && physical_x[i] != x; i++)
        k += col_disabled(g, physical_x[i]);
    return tensix_x[13 - k];
}

/* controller c's translated X and first Y; -1 if the disabled set has more than one */
static int dram_place(const BhGrid *g, uint32_t c, uint32_t *tx, uint32_t *ty)
{
    const uint32_t dis = g->cfg.disabled_dram_mask & 0xFF;
    if (dis & (dis - 1))
        return -1;
    if (!dis) {
        *tx = c < 4 ? 17 : 18;
        *ty = 12 + 3 * (c % 4);
        return 0;
    }
    const uint32_t h = (uint32_t)__builtin_ctz(dis);
    /* the side of h: X 18 if h is west (< 4), else X 18 for the east side too; the paired
     * controllers (h and its partner 4 apart) take Y 21-23 */
    const uint32_t partner = h < 4 ? h + 4 : h - 4;
    if (c == h || c == partner) {
        *tx = c == h ? 18 : 17;
        *ty = 21;
        return 0;
    }
    const int west = c < 4;
    *tx = (h < 4) == west ? 18 : 17;
    uint32_t k = 0;
    for (uint32_t i = west ? 0 : 4; i < c; i++)
        k += i != h && i != partner;
    *ty = 12 + 3 * k;
    return 0;
}

static uint32_t frame_x(uint32_t noc, uint32_t x)
{
    return noc ? BH_BLACKHOLE_W - 1 - x : x;
}

static uint32_t frame_y(uint32_t noc, uint32_t y)
{
    return noc ? BH_BLACKHOLE_H - 1 - y : y;
}

BhStatus bh_xlate_of(const BhGrid *g, uint32_t pcie_x, uint32_t noc, uint32_t x, uint32_t y,
                     uint32_t *tx, uint32_t *ty)
{
    if (g->cfg.topology != BH_TOPO_BLACKHOLE || x >= g->w || y >= g->h)
        return BH_ERR_CONFIG;
    const BhTile *t = bh_grid_tile(g, x, y);
    *tx = x, *ty = y;
    switch (t->kind) {
    case BH_TILE_TENSIX:
        *tx = tensix_column(g, x);
        return BH_OK;
    case BH_TILE_DRAM:
        if (dram_place(g, (uint32_t)t->index, tx, ty) < 0)
            return BH_ERR_CONFIG;
        *ty += (uint32_t)t->dram_port;
        return BH_OK;
    case BH_TILE_PCIE:
        if (x == pcie_x) {
            *tx = 19, *ty = 24;
            return BH_OK;
        }
        break;
    case BH_TILE_ETH:
        if (t->enabled) {
            uint32_t k = 0;
            for (int c = 0; c < t->index; c++)
                k += !((g->cfg.disabled_eth_mask >> c) & 1);
            *tx = 20 + k, *ty = 25;
            return BH_OK;
        }
        break;
    case BH_TILE_L2CPU:
        *ty = 26 + (uint32_t)t->index;
        return BH_OK;
    case BH_TILE_SECURITY:
        *ty = 30;
        return BH_OK;
    default:
        break;
    }
    if (y < 2)
        *tx = frame_x(noc, x); /* the row mask keeps the NoC's own raw X */
    return BH_OK;
}

static int set(uint8_t *table, uint8_t *set_mask, uint32_t i, uint32_t v)
{
    if (set_mask[i] && table[i] != v)
        return 0;
    table[i] = (uint8_t)v, set_mask[i] = 1;
    return 1;
}

BhStatus bh_xlate_regs(const BhGrid *g, uint32_t pcie_x, uint32_t noc, NocXlateRegs *r, char *why,
                       size_t why_len)
{
    memset(r, 0, sizeof *r);
    if (g->cfg.topology != BH_TOPO_BLACKHOLE) {
        snprintf(why, why_len,
                 "NoC translation: only the Blackhole grid has translated coordinates");
        return BH_ERR_CONFIG;
    }
    uint8_t xt[32] = {0}, yt[32] = {0}, xs[32] = {0}, ys[32] = {0};
    for (uint32_t y = 0; y < g->h; y++)
        for (uint32_t x = 0; x < g->w; x++) {
            uint32_t tx, ty;
            if (bh_xlate_of(g, pcie_x, noc, x, y, &tx, &ty) != BH_OK) {
                snprintf(why, why_len,
                         "NoC translation: more than one DRAM controller is disabled (mask 0x%x)",
                         g->cfg.disabled_dram_mask);
                return BH_ERR_CONFIG;
            }
            /* rows 0-1 keep X (row mask); everything else goes through both tables */
            if ((ty >= 2 && !set(xt, xs, tx & 31, frame_x(noc, x))) ||
                !set(yt, ys, ty & 31, frame_y(noc, y))) {
                snprintf(why, why_len,
                         "NoC translation: NoC%u's tables cannot give tile (%u,%u) the translated "
                         "coordinates (%u,%u)",
                         noc, x, y, tx, ty);
                return BH_ERR_CONFIG;
            }
        }
    /* raw coordinates that no tile claims translate to themselves */
    for (uint32_t i = 0; i < BH_BLACKHOLE_W; i++)
        if (!xs[i])
            xt[i] = (uint8_t)frame_x(noc, i);
    for (uint32_t i = 0; i < BH_BLACKHOLE_H; i++)
        if (!ys[i])
            yt[i] = (uint8_t)frame_y(noc, i);
    noc_xlate_pack(xt, r->x_table);
    noc_xlate_pack(yt, r->y_table);
    r->row_mask = 0x3;
    return BH_OK;
}
