/* model/tile/tile_map.h - the Tensix tile's address map (tile_map.def) as data and its decode.
 *
 * Interface:
 *   tile_map_lookup   address -> region (TILE_RG_*, or TILE_RG_NONE) with one load from a page
 *                     index (TileMap, built and checked by tile_map_init) and a bounds check;
 *                     the index holds the first region of each 4 KiB page of the MMIO space,
 *                     so regions smaller than a page (PIC, PC snapshots, MopCfg) decode too.
 *   tile_map_search   the same decode by binary search over the table, without state: the
 *                     coprocessor's own MMIO port uses it, and the tests check both agree.
 *   tile_map_check    rows sorted by base, non-empty, inside 32 bits, not overlapping; the
 *                     reason names both regions. tile_map_init runs it on tile_map.def.
 * Who sees a region: the cores of its TILE_SEEN_* mask, the NoC if its noc column is 1
 *   (tensix_tile.c enforces it). Latency classes are docs/hardware.md#riscv's load latencies,
 *   as data.
 */
#ifndef BH_TILE_MAP_H
#define BH_TILE_MAP_H
#include <stddef.h>
#include <stdint.h>
#include "model/common/bh_common.h"
#include "model/common/bh_region.h"
#ifdef __cplusplus
extern "C" {
#endif

/* The five baby RISC-V cores: enum name, local data RAM bytes, start PC without override,
 * SOFT_RESET_0 bit (docs/hardware.md#tile-map, #riscv). Numbered as the coprocessor numbers
 * its views. */
#define TILE_CORE_TABLE(X)                                                                         \
    X(TRISC0, "trisc0", 4096, 0x6000u, 12)                                                         \
    X(TRISC1, "trisc1", 4096, 0xA000u, 13)                                                         \
    X(TRISC2, "trisc2", 4096, 0xE000u, 14)                                                         \
    X(BRISC, "brisc", 8192, 0x0u, 11)                                                              \
    X(NCRISC, "ncrisc", 8192, 0x12000u, 18)

typedef enum TileCore {
#define TILE_X_ENUM(name, str, ram, pc, bit) TILE_##name,
    TILE_CORE_TABLE(TILE_X_ENUM)
#undef TILE_X_ENUM
        TILE_CORES,
    TILE_NOC = TILE_CORES /* an access from the NoC, not from a core */
} TileCore;

#define TILE_LOCAL_RAM_MAX 8192
#define TILE_SEEN_T0 (1u << TILE_TRISC0)
#define TILE_SEEN_T1 (1u << TILE_TRISC1)
#define TILE_SEEN_T2 (1u << TILE_TRISC2)
#define TILE_SEEN_B (1u << TILE_BRISC)
#define TILE_SEEN_NC (1u << TILE_NCRISC)
#define TILE_SEEN_T (TILE_SEEN_T0 | TILE_SEEN_T1 | TILE_SEEN_T2)
#define TILE_SEEN_ALL (TILE_SEEN_T | TILE_SEEN_B | TILE_SEEN_NC)
/* An Ethernet tile's RISCV E0 and E1 sit in the BRISC and NCRISC slots (eth_tile_map.def) */
#define TILE_SEEN_E (TILE_SEEN_B | TILE_SEEN_NC)
#define TILE_E0 TILE_BRISC
#define TILE_E1 TILE_NCRISC

/* What a tile module is: its map, its cores, its registers (tensix_tile.h) */
typedef enum TileKind {
    TILE_KIND_TENSIX, /* tile_map.def: five cores, the coprocessor */
    TILE_KIND_ETH,    /* eth_tile_map.def: RISCV E0 and E1, the Ethernet MAC (eth_mac.h) */
} TileKind;

/* What answers in a region (tile_map.def's target column). */
typedef enum TileTarget {
    TILE_T_L1,
    TILE_T_LOCAL,      /* the accessing core's private data RAM */
    TILE_T_SLOW_LOCAL, /* one core's data RAM (arg), seen by all cores and the NoC */
    TILE_T_DEBUG,      /* control/debug registers, tile_regs.def (+ tile_regs_ignored.def) */
    TILE_T_NIU,        /* NoC arg's NIU: performed by the caller */
    TILE_T_TDMA,       /* coprocessor: Mover's TDMA-RISC registers */
    TILE_T_MOP_CFG,    /* coprocessor: the TRISC's thread's MopCfg (write only) */
    TILE_T_GPR,        /* coprocessor: ThCon's GPRs */
    TILE_T_INSTRN,     /* coprocessor: instruction push to thread arg (write only) */
    TILE_T_PC_BUF,     /* coprocessor: sync unit's PCBuf, TTSync, semaphores */
    TILE_T_DST,        /* coprocessor: Dst, a TRISC's direct access (dst_riscv.h) */
    TILE_T_CFG,        /* coprocessor: backend configuration */
    TILE_T_MAILBOX,    /* the mailboxes of core arg (B, T0, T1, T2), mailbox.h */
    TILE_T_OVERLAY,    /* the NoC overlay's stream registers, overlay.h */
    TILE_T_PIC,        /* the PIC's IRQ registers, pic.h */
    TILE_T_ABSENT,     /* documented, not modeled: BH_ERR_ADDR */
    TILE_T_ETH,        /* the Ethernet tile's MAC registers: its TileEthFn, absolute address */
    TILE_TARGETS
} TileTarget;

/* What each target does, as a region (bh_region.h): its read and write and the access sizes
 * it takes, the one statement of that rule for every master (tensix_tile_regions.c). Indexed by
 * TileTarget; a row of tile_map.def reaches its own through TileRegion.ops. */
extern const BhRegionOps tile_region_ops[TILE_TARGETS];

/* Load latency classes: enum name, cycles (docs/hardware.md#riscv's loads; lower bounds). The
 * classes answered by registers take their cycles from TILE_LATENCY_PARAMS, which makes them keys;
 * LOCAL is the core's riscv.local_load_cycles, L1 and L1_ATOMIC are timed by the L1 model plus
 * riscv.l1_path_cycles (the figures here are what that gives uncontended). */
#define TILE_LAT_MAILBOX_CYCLES 3
#define TILE_LAT_TENSIX_REG_CYCLES 4
#define TILE_LAT_MMIO_CYCLES 7
#define TILE_LAT_SLOW_LOCAL_CYCLES 8
#define TILE_LATENCY_TABLE(X)                                                                      \
    X(LOCAL, 2)                               /* local data RAM, L0 hit */                         \
    X(MAILBOX, TILE_LAT_MAILBOX_CYCLES)       /* mailboxes, PCBufs, semaphores */                  \
    X(TENSIX_REG, TILE_LAT_TENSIX_REG_CYCLES) /* Tensix GPRs, configuration, TDMA-RISC */          \
    X(MMIO, TILE_LAT_MMIO_CYCLES)             /* NIU, overlay, PIC, debug registers */             \
    X(L1, 8)                                  /* L1 (L0 miss) */                                   \
    X(SLOW_LOCAL, TILE_LAT_SLOW_LOCAL_CYCLES) /* local RAM through its shared window */            \
    X(L1_ATOMIC, 12)

/* The register classes' load-to-use cycles as parameters: name, default, min, max, meaning.
 * The platform makes each the key "riscv.<name>" (BH_PARAM_BLOCK); the tile answers a core's
 * load of such a register after that many cycles (tensix_tile_set_latencies). */
#define TILE_LATENCY_PARAMS(X)                                                                     \
    X(mailbox_load_cycles, TILE_LAT_MAILBOX_CYCLES, 1, 64,                                         \
      "load-to-use of mailboxes, PCBufs, TTSync and semaphores (BH BabyRISCV README: >= 3)")       \
    X(tensix_reg_load_cycles, TILE_LAT_TENSIX_REG_CYCLES, 1, 64,                                   \
      "load-to-use of Tensix GPRs, backend configuration and TDMA-RISC (>= 4)")                    \
    X(mmio_load_cycles, TILE_LAT_MMIO_CYCLES, 1, 64,                                               \
      "load-to-use of the tile control/debug registers, PIC, NIUs and NoC overlay (>= 7)")         \
    X(slow_local_load_cycles, TILE_LAT_SLOW_LOCAL_CYCLES, 1, 64,                                   \
      "load-to-use of another core's data RAM through its slow window (>= 8)")

typedef struct TileLatencyConfig {
#define TILE_X_FIELD(name, def, lo, hi, doc) uint32_t name;
    TILE_LATENCY_PARAMS(TILE_X_FIELD)
#undef TILE_X_FIELD
} TileLatencyConfig;

TileLatencyConfig tile_latency_config_default(void);

typedef enum TileLatency {
#define TILE_X_ENUM(name, cycles) TILE_LAT_##name,
    TILE_LATENCY_TABLE(TILE_X_ENUM)
#undef TILE_X_ENUM
        TILE_LATENCIES
} TileLatency;

typedef enum TileRegionId {
#define TILE_REGION(name, base, size, target, arg, cores, noc, lat) TILE_RG_##name,
#include "model/tile/tile_map.def"
    TILE_TENSIX_REGIONS, /* the Ethernet tile's rows follow, numbered from here */
    TILE_RG_TENSIX_LAST_ = TILE_TENSIX_REGIONS - 1,
#include "model/tile/eth_tile_map.def"
#undef TILE_REGION
    TILE_REGIONS,
    TILE_RG_NONE = 0xFF
} TileRegionId;

typedef struct TileRegion {
    const char *name;
    uint64_t base, size;
    uint8_t target; /* TileTarget */
    uint8_t cores;  /* TILE_SEEN_* */
    uint8_t noc;    /* the NoC sees it */
    uint8_t latency;
    uint32_t arg;
    const BhRegionOps *ops; /* &tile_region_ops[target] */
} TileRegion;

/* Page index of the MMIO space 0xFFB0_0000..0xFFFF_FFFF: the first region in each 4 KiB page */
#define TILE_MMIO_BASE 0xFFB00000u
#define TILE_MAP_PAGE_SHIFT 12
#define TILE_MAP_PAGES ((0x100000000ull - TILE_MMIO_BASE) >> TILE_MAP_PAGE_SHIFT)

typedef struct TileMap {
    uint8_t first, end;           /* its kind's rows [first, end); first is its L1 */
    uint8_t kind;                 /* TileKind */
    uint64_t l1_bytes;            /* rows[first].size */
    uint8_t page[TILE_MAP_PAGES]; /* TILE_RG_* or TILE_RG_NONE */
} TileMap;

/* the rows of tile_map.def then eth_tile_map.def, each in order (constant data, no state) */
extern const TileRegion tile_map_regions[TILE_REGIONS];

static inline const TileRegion *tile_region(uint32_t id) /* NULL for TILE_RG_NONE */
{
    return id < TILE_REGIONS ? &tile_map_regions[id] : NULL;
}

uint32_t tile_latency_cycles(uint32_t latency_class);
const char *tile_core_name(uint32_t core);
BhStatus tile_map_check(const TileRegion *rows, uint32_t n, char *why, size_t why_len);
/* a kind's map: its rows checked, then indexed */
BhStatus tile_map_init(TileMap *m, TileKind kind, char *why, size_t why_len);
/* a kind's rows [*first, *end) */
void tile_map_rows(TileKind kind, uint32_t *first, uint32_t *end);

/* Below the MMIO space only L1 is mapped, and it is the kind's first row: the common case is
 * one compare. Inline: the cores decode nearly every load and store. */
static inline uint32_t tile_map_lookup(const TileMap *m, uint64_t addr)
{
    const TileRegion *rows = tile_map_regions;
    if (addr < m->l1_bytes)
        return m->first;
    if (addr < TILE_MMIO_BASE || addr > 0xFFFFFFFFull)
        return TILE_RG_NONE;
    uint32_t i = m->page[(addr - TILE_MMIO_BASE) >> TILE_MAP_PAGE_SHIFT];
    if (i == TILE_RG_NONE)
        return TILE_RG_NONE;
    while (i + 1 < m->end && rows[i + 1].base <= addr) /* regions sharing a page */
        i++;
    return addr >= rows[i].base && addr - rows[i].base < rows[i].size ? i : (uint32_t)TILE_RG_NONE;
}
/* the Tensix map's decode (the coprocessor's own MMIO port) */
uint32_t tile_map_search(uint64_t addr);

#ifdef __cplusplus
}
#endif
#endif
