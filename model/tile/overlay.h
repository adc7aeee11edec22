/* model/tile/overlay.h - the NoC overlay of a Tensix tile (0xFFB4_0000, 64 streams of 4 KiB,
 * region NOC_OVERLAY of tile_map.def) as software on Blackhole uses it: each idle stream's
 * registers as general-purpose MMIO with the side effects of
 * tenstorrent/tt-isa-documentation WormholeB0/NoC/Overlay/AsGeneralUse.md, at Blackhole's
 * indices and widths (overlay_regs.def names its sources).
 *
 * Interface (the tile's, tensix_tile.c; reached by the five cores at the MMIO latency class
 * and by the NoC, one 32-bit word at a time):
 *   overlay_access  a 32-bit read or write at offset off of the region. Statuses:
 *                   BH_ERR_ADDR         an index (or offset >= 0x800 of a stream) not in the table
 *                   BH_ERR_ACCESS       a write to a read-only register
 *                   BH_ERR_UNSUPPORTED  a write that would start the message engine
 *                   and the reason, naming the register and the stream, in ov->why.
 *   debug           a read with debug set has no side effects (no overlay read has any).
 * Timing: none of its own; the tile answers at once (the caller applies the latency class).
 * Not modeled: the message engine (phases, messages, flow-control packets, gather, loading
 *   configuration from L1, PIC interrupts), the per-overlay STREAM_MSG_HEADER_FORMAT and the
 *   status registers of a running stream; the shared ports' contention (one access per cycle).
 */
#ifndef BH_OVERLAY_H
#define BH_OVERLAY_H
#include <stddef.h>
#include <stdint.h>
#include "model/common/bh_common.h"
#ifdef __cplusplus
extern "C" {
#endif

#define OVERLAY_STREAMS 64          /* Tensix tile: NOC_NUM_STREAMS */
#define OVERLAY_STREAM_BYTES 0x1000 /* NOC_STREAM_REG_SPACE_SIZE */
#define OVERLAY_REG_INDICES 512     /* STREAM_REG_INDEX_WIDTH 9 */

typedef enum OverlayReg {
#define OVERLAY_REG(name, index, count, width, acc, eff, streams, doc) OVERLAY_R_##name,
#include "model/tile/overlay_regs.def"
#undef OVERLAY_REG
    OVERLAY_NUM_REGS
} OverlayReg;

/* storage slots: one per instance of every row */
enum {
#define OVERLAY_REG(name, index, count, width, acc, eff, streams, doc)                             \
    OVERLAY_S_##name, OVERLAY_S_##name##_END = OVERLAY_S_##name + (count)-1,
#include "model/tile/overlay_regs.def"
#undef OVERLAY_REG
    OVERLAY_SLOTS
};

typedef struct Overlay {
    uint32_t val[OVERLAY_STREAMS][OVERLAY_SLOTS]; /* stored values, by OVERLAY_S_* */
    uint8_t row_of[OVERLAY_REG_INDICES];          /* index -> OVERLAY_R_*, 0xFF: none */
    uint64_t writes;                              /* accepted writes (not in the report yet) */
    char why[160];                                /* the reason of the last refused access */
} Overlay;

void overlay_init(Overlay *ov); /* also resets: every register 0 */
BhStatus overlay_access(Overlay *ov, uint32_t off, int write, uint32_t *val, int debug);
const char *overlay_reg_name(uint32_t reg); /* "REMOTE_SRC", ...; "?" out of range */
/* the register (OVERLAY_R_*) at index of stream, and its instance; 0 if none */
int overlay_decode(const Overlay *ov, uint32_t off, uint32_t *reg, uint32_t *inst);

#ifdef __cplusplus
}
#endif
#endif
