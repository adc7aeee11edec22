/* model/tile/tensix/replay.h - the replay expander of one Tensix thread: a 32-slot buffer that
 * REPLAY instructions record into and play back from (tt-isa-documentation WormholeB0/TensixTile/
 * TensixCoprocessor/REPLAY.md, which the Blackhole page shares; it sits after the MOP
 * expander, so MOP expansions may contain REPLAY but replayed words never reach a MOP
 * expander).
 *
 * Interface (driven by the thread's frontend, between the MOP expander and the wait gate):
 *   replay_accept      offer a word in cycle now: BH_OK = ingested, BH_ERR_FULL = not this
 *                      cycle (state unchanged; offer it again later)
 *   replay_can_accept  whether replay_accept would take a word now (any word: the answer does
 *                      not depend on it), so a producer can pull only what will be taken
 *   replay_next        pull the word emitted in cycle now, if any (1 = *out_word is valid)
 *   replay_busy        an unfinished REPLAY: recording or playing back (tt_cfg_qstatus bit 0)
 *   replay_wake_cycle  the next cycle at which replay_next can emit, or BH_IDLE
 *   The buffer has no address: it is reached only through REPLAY.
 * Per-cycle protocol: as for the MOP expander, mop.h - at most one replay_accept, then at
 *   most one replay_next, per cycle; a word accepted in cycle c is emitted in cycle c if
 *   pulled, and an unpulled word blocks ingestion.
 * Behaviour (the documented functional model):
 *   - words other than REPLAY (0x04) pass through unchanged;
 *   - REPLAY Load=1 (bit 0): the next Count incoming words, whatever they are (a REPLAY among
 *     them is recorded, not obeyed), go to Buf[(Index + i) % 32] and, if Exec (bit 1), also
 *     out; the REPLAY itself emits nothing;
 *   - REPLAY Load=0: emits Buf[(Index + i) % 32] for i < Count;
 *   - Index is bits 18:14 (5 bits), Count bits 9:4. A Count of 0 means 32: tt-isa-documentation
 *     REPLAY.md since revision 065d59f ("Instruction.Count or 32"; earlier revisions, and
 *     anuraagw.me's "mop and replay expanders" notes, said 64), and Blackhole's tt-llk
 *     assembly.yaml says the hardware uses only log2(32) = 5 bits of len and start_idx. Counts
 *     above 32 are "not supported" (the number of words can differ from Count): they are
 *     logged as a guest error and modeled with those 5 bits (Count & 31, 0 meaning 32).
 *   - The buffer starts as 32 zero words, as in the functional model.
 * Timing: pass-through and record+execute ingest and emit one word per cycle; record-only
 *   ingests one per cycle and emits nothing; a playback REPLAY ingested in cycle t emits its
 *   Count words in cycles t .. t + Count - 1 (later under back-pressure) and nothing is
 *   ingested until the last has been emitted. No transition penalties.
 * Not modeled: the FIFOs before and after the expander (the frontend's).
 */
#ifndef BH_REPLAY_H
#define BH_REPLAY_H
#include <stdint.h>
#include "model/common/bh_common.h"
#ifdef __cplusplus
extern "C" {
#endif

#define REPLAY_SLOTS 32
#define REPLAY_NEVER UINT64_MAX /* "no such cycle yet" in the cycle fields */

typedef enum ReplayMode {
    REPLAY_MODE_PASS,   /* no REPLAY in progress */
    REPLAY_MODE_RECORD, /* storing incoming words */
    REPLAY_MODE_PLAY,   /* emitting from the buffer; not ingesting */
} ReplayMode;

typedef struct Replay {
    /* the REPLAY in progress and the output register, first: a thread's every step reads them */
    uint8_t mode;    /* ReplayMode */
    uint8_t exec;    /* recording also emits */
    uint8_t has_out; /* output register */
    uint32_t out;
    uint32_t index;             /* first slot of the REPLAY in progress */
    uint32_t count;             /* words it records or plays, 1..32 */
    uint32_t pos;               /* words recorded or emitted so far */
    uint64_t last_accept;       /* cycle of the last ingest, REPLAY_NEVER before any */
    uint64_t last_emit;         /* cycle of the last emission, REPLAY_NEVER before any */
    BhLogContext *log;          /* the chip's, from the core at init */
    uint32_t buf[REPLAY_SLOTS]; /* the replay buffer */
    /* counters */
    uint64_t plays;    /* playback REPLAYs */
    uint64_t records;  /* record REPLAYs */
    uint64_t played;   /* words emitted from the buffer */
    uint64_t recorded; /* words stored into the buffer */
    uint64_t passed;   /* words passed through (record+execute words included) */
} Replay;

void replay_init(Replay *r,
                 BhLogContext *log); /* also resets: empty buffer, no REPLAY in progress */
BhStatus replay_accept(Replay *r, uint32_t word, uint64_t now);
int replay_can_accept(const Replay *r, uint64_t now);
int replay_next(Replay *r, uint64_t now, uint32_t *out_word);
int replay_busy(const Replay *r);
uint64_t replay_wake_cycle(const Replay *r, uint64_t now);

#ifdef __cplusplus
}
#endif
#endif
