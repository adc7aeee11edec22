/* model/tile/tensix/sfpu.h - the Tensix Vector Unit (SFPU) of Blackhole: 32 lanes of 32 bits, the
 * LReg file, lane predication (LaneFlags, the 8-deep flag stack, LaneConfig), SFPLOAD/SFPSTORE
 * between LRegs and Dst, and the issue timing of its instructions.
 *
 * Sources: tt-isa-documentation (jasondavies fork) BlackholeA0/TensixTile/TensixCoprocessor/
 * VectorUnit.md, LReg.md, Dst.md and the SFP*.md page of each instruction (functional models,
 * scheduling notes); Miscellaneous/FMA/README.md and fma.c (fma_model_bh) for SFPMAD's
 * rounding; WormholeB0/TensixTile/TensixCoprocessor/RWCs.md for ApplyPartialAddrMod and
 * Packers/FormatConversion.md for the 4-bit data format codes that SFPLOAD's SRCB mode reads;
 * tt-llk tt_llk_blackhole/common/inc/ckernel_ops.h (3-bit AddrMod field of SFPLOAD/SFPSTORE,
 * used with ADDR_MOD_7 by the SFPU kernels). SFPLOADMACRO (sfpu_macro.c): SFPLOADMACRO.md and
 * SFPCONFIG.md (LoadMacroConfig), its uses in tt-llk tt_llk_blackhole/common/inc/sfpu/
 * ckernel_sfpu_{recip,typecast,where,exp,mul_int}.h. Summary: docs/hardware.md#sfpu.
 * SFPSTOCHRND_*.md, SFPMUL24.md, SFPLUTFP32.md and SFPARECIP.md for sfpu_bh.c.
 *
 * Interface: the coprocessor routes every opcode sfpu_handles() accepts here. It presents a
 *   word with sfpu_can_issue(); when that says yes it calls sfpu_issue() in the same cycle,
 *   which executes the instruction completely (results are visible at once; the latency only
 *   shapes when later words may issue). SFPLOAD/SFPSTORE address Dst through the thread's RWCs
 *   and ThreadConfig/Config and then apply their AddrMod slot (0..7: Blackhole widened the
 *   field to 3 bits; rwc.h says how ExtraAddrModBit acts) with
 *   rwc_apply_addr_mod(update_fidelity = 0).
 *   SFPLOADMACRO does SFPLOAD's work at issue and parks up to four instructions (lm_ops) on
 *   the Simple/MAD/Round/Store sub-units with the operands the page's override rules give
 *   (LReg[16] included); each runs, as the same instruction issued by hand would, in the
 *   cycle its delay counter says: sfpu_issue runs everything due up to and including its own
 *   cycle first, sfpu_advance() runs what is due before `now` when no word comes. A word
 *   issued to a sub-unit in the cycle a scheduled instruction arrives there is dropped (guest
 *   log, stats.discarded); in one cycle scheduled instructions run Simple, MAD, Round, Store,
 *   then the issued word.
 *   Result: BH_OK; BH_ERR_UNSUPPORTED for an instruction or mode listed below as not modeled
 *   (state unchanged, except scheduled instructions that came due; the caller stops the run
 *   naming it; SFPLOADMACRO cases are also logged with their reason). Undefined behaviour by
 * software (pushing a full flag stack, popping an empty one, a reserved SFPLOADI mode) is logged as
 * a guest error and follows the documents' model where they give one. Timing (VectorUnit.md,
 * SFPMAD.md, SFPSWAP.md, SFPSHFT2.md): one instruction per cycle. SFPMAD/ADD/MUL/ADDI/MULI/LUT take
 * 2 cycles: a word issued the next cycle that reads an LReg the MAD-class op writes waits one
 * cycle. The read sets are those the stall logic sees, including its documented blind spots
 * (SFPIADD and SFPSHFT reading VD, SFPAND/SFPOR with USE_VB, SFPCONFIG reading LReg[0], SFPSWAP's
 * compare cycle, SFPSHFT2 shuffles): such a reader issues at once and (unlike hardware) sees the
 * new value. INDIRECT_VA / INDIRECT_VD count as reading / writing every LReg. After SFPSWAP and the
 * SFPSHFT2 lane-shuffle modes only SFPNOP may issue the next cycle. Everything else is 1 cycle.
 * SFPLOADMACRO: delay 0 runs in the next cycle, delay d in cycle T + 1 + d (WaitForElapsedCycles),
 * or in the cycle after the d-th later SFPU word issues while any waiting instruction counts
 * instructions (UnitDelayKind); busy_until covers the cycle-counted estimate. SFPSTOCHRND,
 * SFPLUTFP32, SFPMUL24 and SFPARECIP's exp mode are in sfpu_bh.c; SFPLUTFP32 and SFPMUL24 are
 * MAD-class (2 cycles; SFPLUTFP32's stall sets come from Mod1Mirror, bits 19:16). Not modeled:
 * SFPSWAP as a template with Sequence bit 7 clear (the page's overrides make it swap VD with
 * itself, tt-llk's exp kernel expects the template VD as the other operand; with bit 7 set, as
 * tt-llk's typecast and reciprocal use it, it runs by the page's rules); what the page
 * leaves undefined (Sequence select 1, a Store slot fed anything but SFPSTORE, Simple and Round
 * together without exactly one VD == 16, LoadMacroConfig that differs between columns, two delay-7
 * instructions meeting): all stop with BH_ERR_UNSUPPORTED. Scheduled MAD-class results are visible
 * at once and the stall logic does not see scheduled instructions (hardware's 2-cycle MAD latency
 * is software's job there, as tt-llk's delays show); SFPLOADMACRO's Dst-read gap after FPU writes.
 * Also: an instruction with VD >= 12 while lanes disagree on DISABLE_BACKDOOR_LOAD; the stale
 * values hardware reads in the stall logic's blind spots; Dst address remaps (DEST_ACCESS_CFG, as
 *   in srcdst.h); ThreadConfig SFPU_DEST_FMT_* (absent from the BH SFPLOAD/SFPSTORE pages);
 *   the FPU-write to SFPLOAD distance rule (Dst.md: software's job). The PRNG seed mapping
 *   to lanes is not documented: sfpu_seed_prng() gives every lane the same seed.
 */
#ifndef BH_SFPU_H
#define BH_SFPU_H
#include <stdint.h>
#include "model/common/bh_common.h"
#include "model/tile/tensix/rwc.h"
#include "model/tile/tensix/srcdst.h"
#include "model/tile/tensix/tensix_cfg.h"
#ifdef __cplusplus
extern "C" {
#endif

#define SFPU_LANES 32
#define SFPU_LREGS 17
#define SFPU_STACK_DEPTH 8
#define SFPU_COLS 8 /* LaneConfig and LoadMacroConfig are per column (lane & 7) */

/* SFPLOAD / SFPSTORE Mod0 */
enum {
    SFPU_FMT_SRCB = 0,
    SFPU_FMT_FP16 = 1,
    SFPU_FMT_BF16 = 2,
    SFPU_FMT_FP32 = 3,
    SFPU_FMT_INT32 = 4,
    SFPU_FMT_INT8 = 5,
    SFPU_FMT_UINT16 = 6,
    SFPU_FMT_HI16 = 7,
    SFPU_FMT_INT16 = 8,
    SFPU_FMT_LO16 = 9,
    SFPU_FMT_INT32_ALL = 10,
    SFPU_FMT_ZERO = 11,
    SFPU_FMT_INT32_SM = 12,
    SFPU_FMT_INT8_COMP = 13,
    SFPU_FMT_LO16_ONLY = 14,
    SFPU_FMT_HI16_ONLY = 15,
};

/* LaneConfig bits (SFPCONFIG.md) */
enum {
    SFPU_LC_ENABLE_FP16A_INF = 1u << 0,
    SFPU_LC_DISABLE_BACKDOOR_LOAD = 1u << 1,
    SFPU_LC_ENABLE_DEST_INDEX = 1u << 2,
    SFPU_LC_CAPTURE_DEFAULT_DEST_INDEX = 1u << 3,
    SFPU_LC_BLOCK_DEST_WR_FROM_SFPU = 1u << 4,
    SFPU_LC_BLOCK_SFPU_RD_FROM_DEST = 1u << 5,
    SFPU_LC_DEST_RD_COL_EXCHANGE = 1u << 6,
    SFPU_LC_DEST_WR_COL_EXCHANGE = 1u << 7,
    SFPU_LC_EXCHANGE_SRCB_SRCC = 1u << 8,
    SFPU_LC_ROW_MASK_SHIFT = 12, /* 4 bits, bit r masks row r (lanes 8r..8r+7) */
};

typedef struct SfpuStats {
    uint64_t instrs; /* issued, SFPNOP included */
    uint64_t mad;    /* MAD-class instructions */
    uint64_t loads, stores;
    uint64_t macro_ops; /* instructions SFPLOADMACRO scheduled that have executed */
    uint64_t discarded; /* issued words a scheduled instruction displaced */
} SfpuStats;

/* The LReg operands of one instruction after its implicit ones are filled in (VB = VD where a
 * page says so) or SFPLOADMACRO has overridden them; 16 is the LReg only macros reach. */
typedef struct SfpuRegs {
    uint32_t va, vb, vc, vd;
} SfpuRegs;

enum { SFPU_UNIT_SIMPLE, SFPU_UNIT_MAD, SFPU_UNIT_ROUND, SFPU_UNIT_STORE, SFPU_UNIT_LOAD };

#define SFPU_MACRO_SLOTS 32 /* scheduled instructions in flight: 8 delays x 4 sub-units */

/* One instruction SFPLOADMACRO scheduled on a sub-unit. */
typedef struct SfpuMacroOp {
    uint32_t word;       /* the instruction template as parsed when scheduled */
    SfpuRegs o;          /* its operands after the overrides */
    uint32_t store_addr; /* SFPSTORE: the Dst address SFPLOADMACRO computed */
    uint32_t store_mod0; /* SFPSTORE: Mod0 with SRCB resolved when scheduled */
    uint64_t sched;      /* cycle the SFPLOADMACRO issued */
    uint64_t at;         /* cycle it executes, once its counter has run out; else 0 */
    uint8_t unit;        /* SFPU_UNIT_* */
    uint8_t left;        /* delay counter */
    uint8_t by_instr;    /* UnitDelayKind: WaitForElapsedInstructions */
    uint8_t live;
} SfpuMacroOp;

typedef struct Sfpu {
    /* timing, first: the coprocessor's every step reads it */
    uint64_t next_issue;     /* earliest cycle for the next word */
    uint64_t mad_ready;      /* MAD-class results readable from this cycle */
    uint32_t mad_writes;     /* LRegs (bit = index) the last MAD-class op writes */
    uint32_t lm_live;        /* how many lm_ops are live (so an idle unit checks none) */
    uint64_t nop_only_until; /* before this cycle only SFPNOP may issue */
    uint64_t busy_until;     /* the last instruction completes at this cycle */
    uint64_t lm_ticked;      /* cycles before this have had their delay countdown applied */
    BhLogContext *log;       /* the chip's, from the core at init */
    uint32_t lreg[SFPU_LREGS][SFPU_LANES]; /* [8..10], [15] hold their constants */
    uint32_t flags;                        /* LaneFlags, bit = lane */
    uint32_t use_flags;                    /* UseLaneFlagsForLaneEnable, bit = lane */
    uint32_t stack_flags[SFPU_STACK_DEPTH];
    uint32_t stack_use[SFPU_STACK_DEPTH];
    uint32_t depth; /* flag stack entries; every lane pushes and pops together */
    uint32_t lane_config[SFPU_COLS];
    uint32_t lm_template[4][SFPU_COLS]; /* LoadMacroConfig.InstructionTemplate */
    uint32_t lm_sequence[4][SFPU_COLS]; /* LoadMacroConfig.Sequence */
    uint32_t lm_misc[SFPU_COLS];        /* LoadMacroConfig.Misc (12 bits) */
    uint32_t prng[SFPU_LANES];
    uint16_t sp[TCFG_THREADS]; /* RWCs[thread].Sp (Blackhole; rwc.h does not hold it) */
    SfpuMacroOp lm_ops[SFPU_MACRO_SLOTS];
    SfpuStats stats;
} Sfpu;

void sfpu_init(Sfpu *s,
               BhLogContext *log); /* reset state: LRegs 0, flags/stack/config clear, PRNG 0 */
void sfpu_seed_prng(Sfpu *s, uint32_t seed);
int sfpu_handles(uint32_t opcode);
/* 1 if `word` may issue at `now` (one per cycle, the dependent-read stall after a MAD-class
 * op, only SFPNOP after SFPSWAP / SFPSHFT2 shuffles). */
int sfpu_can_issue(const Sfpu *s, uint32_t word, uint64_t now);
BhStatus sfpu_issue(Sfpu *s, SrcDst *r, Rwc *rwc, const TensixCfg *cfg, uint32_t thread,
                    uint32_t word, uint64_t now);
int sfpu_busy(const Sfpu *s, uint64_t now); /* an instruction is still in flight */
/* Runs the instructions SFPLOADMACRO scheduled for cycles before `now` (sfpu_issue does this
 * itself; the coprocessor calls it once per cycle so that they also land when no further SFPU
 * word comes). BH_ERR_UNSUPPORTED if one of them meets an undefined case (logged, named). */
BhStatus sfpu_advance(Sfpu *s, SrcDst *r, uint64_t now);

/* SFPMAD's arithmetic on FP32 bit patterns: a * b + c with Blackhole's partial fusion, one
 * RNE rounding, denormals in and out flushed to signed zero, canonical NaN 0x7FC00000. The
 * Baby RISC-V fma.s family shares it (FMA/README.md). */
uint32_t sfpu_fp32_mad(uint32_t a, uint32_t b, uint32_t c);

/* Internal to sfpu.c, sfpu_mem.c and sfpu_ops.c. */
uint32_t sfpu_lane_enabled(const Sfpu *s); /* LaneEnabled, bit = lane */
/* The operands a hand-issued word names, implicit ones filled in (sfpu.c). */
void sfpu_decode_regs(uint32_t word, SfpuRegs *o);
/* Any non-memory instruction with the given operands; no backdoor check (sfpu.c). */
BhStatus sfpu_exec_op(Sfpu *s, uint32_t word, const SfpuRegs *o);
/* SFPSTOCHRND, SFPMUL24, SFPLUTFP32 and SFPARECIP's exp mode (sfpu_bh.c). */
BhStatus sfpu_exec_bh(Sfpu *s, uint32_t word, const SfpuRegs *o);
/* AdvancePRNG(Lane): returns the lane's state, then steps it (VectorUnit.md). */
uint32_t sfpu_prng_next(Sfpu *s, uint32_t lane);
/* Lanewise arithmetic, bitwise, conversion and lane-movement instructions (sfpu_ops.c). */
BhStatus sfpu_exec_alu(Sfpu *s, uint32_t word, const SfpuRegs *o);
/* SFPLOAD, SFPSTORE, SFPLOADI (sfpu_mem.c). */
BhStatus sfpu_exec_mem(Sfpu *s, SrcDst *r, Rwc *rwc, const TensixCfg *cfg, uint32_t thread,
                       uint32_t word);
/* SFPLOAD's work for SFPLOADMACRO: returns the Dst address it used (sfpu_mem.c). */
uint32_t sfpu_load_word(Sfpu *s, SrcDst *r, Rwc *rwc, const TensixCfg *cfg, uint32_t thread,
                        uint32_t load_word);
uint32_t sfpu_resolve_mod0(const TensixCfg *cfg, uint32_t thread, uint32_t mod0);
/* SFPSTORE's lane writes at a given address, Mod0 resolved, no AddrMod (sfpu_mem.c). */
void sfpu_store_lanes(Sfpu *s, SrcDst *r, uint32_t vd, uint32_t mod0, uint32_t addr);
/* sfpu_macro.c: the countdown and the scheduled instructions up to and including `now`,
 * before a word issues there (*discard: a scheduled instruction takes its sub-unit), and
 * SFPLOADMACRO itself. */
BhStatus sfpu_macro_before_issue(Sfpu *s, SrcDst *r, uint32_t word, uint64_t now, int *discard);
void sfpu_macro_after_issue(Sfpu *s, uint64_t now);
BhStatus sfpu_macro_issue(Sfpu *s, SrcDst *r, Rwc *rwc, const TensixCfg *cfg, uint32_t thread,
                          uint32_t word, uint64_t now);

#ifdef __cplusplus
}
#endif
#endif
