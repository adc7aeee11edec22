// SPDX-License-Identifier: Apache-2.0
/* The tile address map table, its checks and its two decodes (page index, binary search). */
#include "model/tile/tile_map.h"
#include <stdio.h>

const TileRegion tile_map_regions[TILE_REGIONS] = {
#define TILE_REGION(nm, b, sz, tg, a, c, n, lat)                                                   \
    {#nm, b, sz, tg, c, n, lat, a, &tile_region_ops[tg]},
#include "model/tile/tile_map.def"
#include "model/tile/eth_tile_map.def"
#undef TILE_REGION
};

static const uint32_t latency_cycles[TILE_LATENCIES] = {
#define TILE_X_CYCLES(name, cycles) cycles,
    TILE_LATENCY_TABLE(TILE_X_CYCLES)
#undef TILE_X_CYCLES
};

static const char *const core_names[TILE_CORES + 1] = {
#define TILE_X_NAME(name, str, ram, pc, bit) str,
    TILE_CORE_TABLE(TILE_X_NAME)
#undef TILE_X_NAME
        "noc"};

TileLatencyConfig tile_latency_config_default(void)
{
    TileLatencyConfig c;
#define TILE_X_DEF(name, def, lo, hi, doc) c.name = def;
    TILE_LATENCY_PARAMS(TILE_X_DEF)
#undef TILE_X_DEF
    return c;
}

uint32_t tile_latency_cycles(uint32_t latency_class)
{
    return latency_class < TILE_LATENCIES ? latency_cycles[latency_class] : 0;
}

const char *tile_core_name(uint32_t core)
{
    return core <= TILE_CORES ? core_names[core] : "?";
}

BhStatus tile_map_check(const TileRegion *rows, uint32_t n, char *why, size_t why_len)
{
    for (uint32_t i = 0; i < n; i++) {
        const TileRegion *r = &rows[i];
        if (r->size == 0 || r->base + r->size > 0x100000000ull) {
            snprintf(why, why_len,
                     "tile map: region %s [0x%llx, +0x%llx) is empty or leaves "
                     "the 32-bit address space",
                     r->name, (unsigned long long)r->base, (unsigned long long)r->size);
            return BH_ERR_CONFIG;
        }
        const BhRegionOps *o = r->ops;
        if (!o || !o->name || (!o->read && !o->write) || !o->min_bytes ||
            (o->max_bytes && o->max_bytes < o->min_bytes)) {
            snprintf(why, why_len,
                     "tile map: region %s has no device, or one without a name, a read or "
                     "write, or a sane access size",
                     r->name);
            return BH_ERR_CONFIG;
        }
        if (i == 0)
            continue;
        const TileRegion *p = &rows[i - 1];
        if (r->base < p->base + p->size) {
            snprintf(why, why_len,
                     "tile map: regions %s [0x%llx, 0x%llx) and %s [0x%llx, 0x%llx) "
                     "%s",
                     p->name, (unsigned long long)p->base, (unsigned long long)(p->base + p->size),
                     r->name, (unsigned long long)r->base, (unsigned long long)(r->base + r->size),
                     r->base < p->base ? "are out of order" : "overlap");
            return BH_ERR_CONFIG;
        }
    }
    return BH_OK;
}

void tile_map_rows(TileKind kind, uint32_t *first, uint32_t *end)
{
    *first = kind == TILE_KIND_ETH ? TILE_TENSIX_REGIONS : 0;
    *end = kind == TILE_KIND_ETH ? TILE_REGIONS : TILE_TENSIX_REGIONS;
}

BhStatus tile_map_init(TileMap *m, TileKind kind, char *why, size_t why_len)
{
    uint32_t first, end;
    tile_map_rows(kind, &first, &end);
    BhStatus st = tile_map_check(&tile_map_regions[first], end - first, why, why_len);
    if (st != BH_OK)
        return st;
    if (tile_map_regions[first].target != TILE_T_L1 || tile_map_regions[first].base != 0) {
        snprintf(why, why_len, "tile map: the first region, %s, is not L1 at 0",
                 tile_map_regions[first].name);
        return BH_ERR_CONFIG;
    }
    m->first = (uint8_t)first;
    m->end = (uint8_t)end;
    m->kind = (uint8_t)kind;
    m->l1_bytes = tile_map_regions[first].size;
    for (uint64_t p = 0; p < TILE_MAP_PAGES; p++)
        m->page[p] = TILE_RG_NONE;
    /* rows are sorted: walking them backwards leaves each page's first region */
    for (uint32_t i = end; i-- > first;) {
        const TileRegion *r = &tile_map_regions[i];
        if (r->base + r->size <= TILE_MMIO_BASE)
            continue;
        uint64_t lo = r->base < TILE_MMIO_BASE ? TILE_MMIO_BASE : r->base;
        uint64_t first = (lo - TILE_MMIO_BASE) >> TILE_MAP_PAGE_SHIFT;
        uint64_t last = (r->base + r->size - 1 - TILE_MMIO_BASE) >> TILE_MAP_PAGE_SHIFT;
        for (uint64_t p = first; p <= last; p++)
            m->page[p] = (uint8_t)i;
    }
    return BH_OK;
}

uint32_t tile_map_search(uint64_t addr)
{
    uint32_t lo = 0,
             hi = TILE_TENSIX_REGIONS; /* the answer, if any, is the last row with base <= addr */
    while (hi - lo > 1) {
        uint32_t mid = (lo + hi) / 2;
        if (tile_map_regions[mid].base <= addr)
            lo = mid;
        else
            hi = mid;
    }
    return addr >= tile_map_regions[lo].base &&
                   addr - tile_map_regions[lo].base < tile_map_regions[lo].size
               ? lo
               : TILE_RG_NONE;
}
