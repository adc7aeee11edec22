/* model/chip/bh_grid.h - the tile map: which tile sits at each NoC0 coordinate, and which
 * tiles are enabled after harvesting.
 *
 * Blackhole: the 17 x 12 grid of docs/hardware.md#grid (Tensix, DRAM
 * endpoints with controller and port, Ethernet channels, PCIe, ARC, L2CPU, security,
 * router-only). Generic topologies: width x height identical nodes of kind BH_TILE_GENERIC.
 * Harvesting disables whole Tensix columns, whole DRAM controllers (all 3 endpoints) and
 * Ethernet channels; a disabled tile keeps its routers (traffic passes through it) but sends
 * and receives no workload traffic and opts out of multicast.
 * NoC1 coordinates are (w-1-x, h-1-y) of NoC0.
 */
#ifndef BH_GRID_H
#define BH_GRID_H
#include <stddef.h>
#include <stdint.h>
#include "model/common/bh_common.h"
#ifdef __cplusplus
extern "C" {
#endif

#define BH_GRID_MAX_DIM 64
#define BH_GRID_MAX_NODES (BH_GRID_MAX_DIM * BH_GRID_MAX_DIM)
#define BH_BLACKHOLE_W 17
#define BH_BLACKHOLE_H 12
#define BH_DRAM_CONTROLLERS 8
#define BH_ETH_CHANNELS 14

typedef enum BhTopology {
    BH_TOPO_BLACKHOLE, /* two unidirectional tori (NoC0 +x/+y XY, NoC1 -x/-y YX) */
    BH_TOPO_MESH,      /* generic: bidirectional mesh, XY routing, one NoC */
    BH_TOPO_TORUS,     /* generic: bidirectional torus, minimal XY routing, one NoC */
    BH_TOPO_UNITORUS,  /* generic: unidirectional torus (+x/+y), XY routing, one NoC */
} BhTopology;

typedef enum BhTileKind {
    BH_TILE_EMPTY, /* router only */
    BH_TILE_TENSIX,
    BH_TILE_DRAM,
    BH_TILE_ETH,
    BH_TILE_PCIE,
    BH_TILE_ARC,
    BH_TILE_L2CPU,
    BH_TILE_SECURITY,
    BH_TILE_GENERIC,
} BhTileKind;

typedef struct BhTile {
    uint8_t x, y;     /* NoC0 coordinates */
    uint8_t kind;     /* BhTileKind */
    uint8_t enabled;  /* 0 when harvested or disabled */
    int16_t index;    /* Tn number, DRAM controller, ETH channel, PCIe n, L2CPU n; else -1 */
    int8_t dram_port; /* 0..2 for DRAM endpoints (UMD port order), else -1 */
    char label[6]; /* docs/hardware.md#grid's: "T12", "D3", "E10", "P0", "ARC", "SEC", "C2", "--" */
} BhTile;

typedef struct BhGridConfig {
    uint32_t topology;              /* BhTopology */
    uint32_t width, height;         /* generic only; Blackhole is 17 x 12 */
    uint32_t harvested_tensix_cols; /* bit x set: Tensix column at NoC0 x disabled */
    uint32_t disabled_dram_mask;    /* bit c set: GDDR6 controller c disabled */
    uint32_t disabled_eth_mask;     /* bit c set: Ethernet channel c disabled */
} BhGridConfig;

typedef struct BhGrid {
    BhGridConfig cfg;
    uint32_t w, h;
    uint32_t n_enabled_tensix;
    BhTile tiles[BH_GRID_MAX_NODES]; /* index y * w + x */
} BhGrid;

BhGridConfig bh_grid_config_default(void);
BhStatus bh_grid_config_check(const BhGridConfig *cfg, char *why, size_t why_len);
BhStatus bh_grid_init(BhGrid *g, const BhGridConfig *cfg);
const BhTile *bh_grid_tile(const BhGrid *g, uint32_t x, uint32_t y);
const char *bh_tile_kind_name(BhTileKind kind);
/* NOC_ENDPOINT_ID of the tile's NIU on NoC `noc`: [7:0] tile index, [23:8] tile type
 * (0x0100 Tensix, 0x0200 Ethernet, 0x0300 PCIe, 0x0500 ARC, 0x0800 DRAM, 0x0901 L2CPU,
 * 0x0A00 security; docs/hardware.md#niu), [31:24] NoC index. */
uint32_t bh_tile_endpoint_id(const BhTile *t, uint32_t noc);
/* Writes the ASCII map (header row of x, one line per y, labels as in docs/hardware.md#grid,
 * disabled tiles in lower case with a trailing '*') into buf; returns the length it needed. */
size_t bh_grid_format(const BhGrid *g, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
