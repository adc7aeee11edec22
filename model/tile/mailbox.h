/* model/tile/mailbox.h - the mailboxes between a Tensix tile's baby RISC-V cores B, T0, T1, T2
 * (tt-isa-documentation WormholeB0/TensixTile/BabyRISCV/Mailboxes.md, which the Blackhole tree
 * says applies unchanged; docs/hardware.md#tile-map).
 *
 * Interface (performed by tensix_tile.c for the TILE_T_MAILBOX rows of tile_map.def):
 *   16 FIFOs of 32-bit values, one from each of B, T0, T1, T2 to each of them (a core's own
 *   included); NCRISC, the NoC and the coprocessor have none. Window i (MAILBOX0..3, 4 KiB
 *   each) names core i of (B, T0, T1, T2); what it reaches depends on who accesses and how:
 *     write, any offset          push onto the FIFO from the accessing core to core i
 *     read, offset bit 2 clear   pop from the FIFO from core i to the accessing core
 *     read, offset bit 2 set     1 if that FIFO holds a value, else 0 (no pop, never waits)
 *   A FIFO holds MAILBOX_DEPTH values, and the four FIFOs one core writes hold at most
 *   MAILBOX_WRITER_LIMIT values together. A push that does not fit, or a pop from an empty
 *   FIFO, is BH_ERR_FULL ("retry"): nothing changes; the tile puts the core to sleep and wakes
 *   it when some mailbox changed (`changed`, cleared by the owner). 32-bit aligned accesses
 *   only; other widths are refused by the tile.
 *   debug accesses (transport_dbg): a pop-offset read returns the head without popping (0 if
 *   empty); a write is BH_ERR_UNSUPPORTED.
 * Guest errors (BH_LOG_GUEST, state unchanged): an access by NCRISC or any other agent
 *   (BH_ERR_ACCESS), a misaligned offset (BH_ERR_ACCESS), a window or offset outside the four
 *   windows (BH_ERR_ADDR).
 * Timing: none here; the tile answers with the region's latency class (TILE_LAT_MAILBOX, 3).
 * Not modeled: the shared write buffers that let a core go on past a push that does not fit
 *   (here the core stalls at the store until the push fits), and the per-region reordering the
 *   memory-ordering rules allow (accesses are performed in order at the global cycle).
 */
#ifndef BH_MAILBOX_H
#define BH_MAILBOX_H
#include <stdint.h>
#include "model/common/bh_common.h"
#ifdef __cplusplus
extern "C" {
#endif

#define MAILBOX_CORES 4        /* B, T0, T1, T2: window order */
#define MAILBOX_DEPTH 4        /* values per FIFO */
#define MAILBOX_WRITER_LIMIT 4 /* values in all FIFOs of one writer together */
#define MAILBOX_WINDOW_BYTES 0x1000u
#define MAILBOX_STATUS_BIT 0x4u /* a read with this offset bit set asks "not empty?" */

typedef struct MailboxFifo {
    uint32_t v[MAILBOX_DEPTH];
    uint8_t head;  /* index of the oldest value */
    uint8_t count; /* values held */
} MailboxFifo;

typedef struct Mailboxes {
    MailboxFifo fifo[MAILBOX_CORES][MAILBOX_CORES]; /* [writer][reader], window order */
    uint8_t held[MAILBOX_CORES];                    /* values held per writer, all readers */
    uint8_t changed;                                /* a push or pop since the owner cleared it */
    uint64_t pushes, pops;                          /* statistics */
    uint64_t push_waits, pop_waits;                 /* accesses answered "retry" */
    BhLogContext *log;                              /* the chip's, for guest errors */
} Mailboxes;

void mailbox_init(Mailboxes *m, BhLogContext *log); /* all empty, statistics zero */
/* The mailbox index (window) of TileCore `core`, or -1 if it has none (NCRISC, the NoC) */
int mailbox_index(uint32_t core);
/* A 32-bit access by TileCore `core` at offset off of window `window` (0..3). */
BhStatus mailbox_write(Mailboxes *m, uint32_t core, uint32_t window, uint32_t off, uint32_t val,
                       int debug);
BhStatus mailbox_read(Mailboxes *m, uint32_t core, uint32_t window, uint32_t off, uint32_t *val,
                      int debug);
/* values in the FIFO from `from` to `to` (mailbox indices), for tests and reports */
uint32_t mailbox_count(const Mailboxes *m, uint32_t from, uint32_t to);
const char *mailbox_index_name(uint32_t index); /* "brisc", "trisc0", ... */

#ifdef __cplusplus
}
#endif
#endif
