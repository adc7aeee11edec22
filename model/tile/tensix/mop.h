/* model/tile/tensix/mop.h - the MOP expander of one Tensix thread: MOP_CFG and MOP instructions in,
 * the expanded instruction stream out (tt-isa-documentation WormholeB0/TensixTile/
 * TensixCoprocessor/MOPExpander.md, which the Blackhole page shares).
 *
 * Interface (driven by the thread's frontend, which sits between the instruction FIFO and the
 *   replay expander):
 *   mop_write_cfg  MopCfg[0..8], the 9 write-only words RISC-V T<i> sees at
 *                  TENSIX_MOP_CFG_BASE (0xFFB80000); an index past 8 is BH_ERR_ADDR
 *   mop_read_cfg   reads are UndefinedBehavior on hardware: logged as a guest error and read as
 *                  0, except debug reads, which see the last written value
 *   mop_accept     offer the FIFO's head word in cycle now: BH_OK = ingested, BH_ERR_FULL =
 *                  not this cycle (state unchanged, offer it again later)
 *   mop_next       pull the word emitted in cycle now, if any (1 = *out_word is valid)
 *   mop_busy       a MOP is being expanded (the MOP half of RISC-V's MOPExpanderDoneCheck
 *                  and of tt_cfg_qstatus bit 1; the FIFO before it is the frontend's)
 *   mop_wake_cycle the next cycle at which mop_next can emit, or at which ingestion resumes
 *                  after a transition penalty; BH_IDLE when it holds nothing (it then ingests
 *                  whatever it is offered)
 * Per-cycle protocol: in each cycle call mop_accept at most once and then mop_next at most
 *   once; accepting after an emission in the same cycle is a frontend bug (BH_ASSERT). A word
 *   accepted in cycle c is emitted in cycle c (as the documented functional model has it, the
 *   expander resolves its control flow for free) unless the consumer does not pull it; an
 *   unpulled word stays in the expander and blocks ingestion (back-pressure).
 * Behaviour (the documented functional model, word for word):
 *   - everything but MOP (0x01) and MOP_CFG (0x03) passes through unchanged;
 *   - MOP_CFG latches MaskHi (bits 15:0) for later template-0 MOPs and emits nothing;
 *   - MOP Template 0 (bit 23 = 0): Mask = MaskHi << 16 | MaskLo; Count1 + 1 iterations, each
 *     emitting InsnA0 [InsnA1 InsnA2 InsnA3 if Flags bit 1] [InsnB if Flags bit 0] when the
 *     mask's low bit is 0, else SkipA0 [SkipB if Flags bit 0]; Mask >>= 1 (so iterations past
 *     the 32nd take the A path);
 *   - MOP Template 1: OuterCount = MopCfg[0] & 127, InnerCount = MopCfg[1] & 127; if LoopOp1
 *     is not a NOP the inner loop alternates LoopOp and LoopOp1 (XOR flip, carried across
 *     outer iterations) for 2 * InnerCount steps; per outer iteration: StartOp unless NOP,
 *     the inner steps with the last replaced by Loop0Last (last outer iteration) or Loop1Last
 *     (others) - emitted even if they are NOPs - then EndOp0 unless NOP and, only then,
 *     EndOp1 unless NOP; the hardware bug OuterCount == 1 && StartOp is NOP && InnerCount
 *     == 0 && EndOp0 is not NOP runs 129 outer iterations. Up to 32639 words;
 *   - "NOP" means opcode 0x02 only (DMANOP 0x60 and SFPNOP 0x8F are ordinary instructions);
 *   - MopCfg is snapshotted when a MOP is ingested (the functional model's sampling; hardware
 *     samples lazily, so software must not write MopCfg during an expansion: such a write is
 *     logged as a guest error and takes effect for the next MOP).
 * Timing: ingests and emits at most one word per cycle each. A MOP is ingested in cycle t and
 *   its expansion is emitted at one word per cycle from cycle t, slowed only by the consumer;
 *   nothing is ingested until the last word has been emitted (cycle e). Cycle e + 1 is the
 *   documented transition penalty: nothing is ingested or emitted, unless the next word is
 *   another MOP, which is ingested in e + 1 without penalty.
 * Not modeled: Blackhole's tt-llk assembly.yaml describes non-zero MOP bits 19:0 as 10-bit
 *   inner / outer count overrides for template 1; the functional model ignores them, and so
 *   does this one (logged once as not modeled). When no word follows immediately a penalty
 *   cycle is invisible; an expansion that emits nothing ends (e) in its ingest cycle
 *   (undocumented). The RISC-V B mux after the expander is the frontend's.
 */
#ifndef BH_MOP_H
#define BH_MOP_H
#include <stdint.h>
#include "model/common/bh_common.h"
#ifdef __cplusplus
extern "C" {
#endif

#define MOP_CFG_WORDS 9
#define MOP_CFG_BASE 0xFFB80000u /* TENSIX_MOP_CFG_BASE, per-TRISC view */
#define MOP_MAX_EXPANSION 32639u /* 127 x (StartOp + 2 x 127 + EndOp0 + EndOp1) */
#define MOP_NEVER UINT64_MAX     /* "no such cycle yet" in the cycle fields */

typedef struct Mop {
    /* the expansion in progress, first: a thread's every step reads it */
    uint8_t expanding; /* a MOP's words are still being emitted */
    uint8_t tmpl;      /* its template, 0 or 1 */
    uint8_t phase;     /* generator position, MOP_PH_* in mop.c */
    uint8_t sub;       /* template 0: position within one iteration's words */
    /* the output register */
    uint8_t has_out;
    uint32_t out;
    uint32_t mask;    /* template 0: remaining zero-mask bits */
    uint32_t count;   /* iterations: template 0 Count1 + 1, template 1 OuterCount */
    uint32_t iter;    /* template 0 iteration, template 1 outer iteration j */
    uint32_t inner;   /* template 1 InnerCount (doubled when alternating) */
    uint32_t step;    /* template 1 inner step i */
    uint32_t loop_op; /* template 1 current LoopOp (XOR-flipped each step) */
    uint32_t flip;    /* template 1 LoopOp ^ LoopOp1, or 0 */
    /* cycles */
    uint64_t last_accept;         /* cycle of the last ingest, MOP_NEVER before any */
    uint64_t last_emit;           /* cycle of the last emission, MOP_NEVER before any */
    uint64_t penalty_at;          /* the transition-penalty cycle of the last expansion */
    BhLogContext *log;            /* the chip's, from the core at init */
    uint32_t cfg[MOP_CFG_WORDS];  /* MopCfg as last written */
    uint32_t snap[MOP_CFG_WORDS]; /* MopCfg sampled when the current expansion began */
    uint32_t mask_hi;             /* MaskHi from the last MOP_CFG */
    /* counters */
    uint64_t mops;      /* MOP instructions expanded */
    uint64_t mop_cfgs;  /* MOP_CFG instructions consumed */
    uint64_t expanded;  /* words emitted by expansions */
    uint64_t passed;    /* words passed through */
    uint64_t penalties; /* transition-penalty cycles that refused a word */
} Mop;

void mop_init(Mop *m, BhLogContext *log); /* also resets: MopCfg and MaskHi read as 0 */
BhStatus mop_write_cfg(Mop *m, uint32_t idx, uint32_t value);
BhStatus mop_read_cfg(const Mop *m, uint32_t idx, uint32_t *value, int debug);
BhStatus mop_accept(Mop *m, uint32_t word, uint64_t now);
int mop_next(Mop *m, uint64_t now, uint32_t *out_word);
int mop_busy(const Mop *m);
uint64_t mop_wake_cycle(const Mop *m, uint64_t now);

#ifdef __cplusplus
}
#endif
#endif
