/* model/tile/sfpu.h - the Tensix Vector Unit (SFPU) of Blackhole: 32 lanes of 32 bits, the
 * LReg file, lane predication (LaneFlags, the 8-deep flag stack, LaneConfig), SFPLOAD/SFPSTORE
 * between LRegs and Dst, and the issue timing of its instructions.
 *
 * Sources: tt-isa-documentation (jasondavies fork) BlackholeA0/TensixTile/TensixCoprocessor/
 * VectorUnit.md, LReg.md, Dst.md and the SFP*.md page of each instruction (functional models,
 * scheduling notes); Miscellaneous/FMA/README.md and fma.c (fma_model_bh) for SFPMAD's
 * rounding; WormholeB0/TensixTile/TensixCoprocessor/RWCs.md for ApplyPartialAddrMod and
 * Packers/FormatConversion.md for the 4-bit data format codes that SFPLOAD's SRCB mode reads;
 * tt-llk tt_llk_blackhole/common/inc/ckernel_ops.h (3-bit AddrMod field of SFPLOAD/SFPSTORE,
 * used with ADDR_MOD_7 by the SFPU kernels). Summary: shared/reference/tensix-isa-notes.md 6.
 *
 * Interface: the coprocessor routes every opcode sfpu_handles() accepts here. It presents a
 *   word with sfpu_can_issue(); when that says yes it calls sfpu_issue() in the same cycle,
 *   which executes the instruction completely (results are visible at once; the latency only
 *   shapes when later words may issue). SFPLOAD/SFPSTORE address Dst through the thread's RWCs
 *   and ThreadConfig/Config and then apply their AddrMod slot (0..7: Blackhole widened the
 *   field to 3 bits; rwc.h says how ExtraAddrModBit acts) with
 *   rwc_apply_addr_mod(update_fidelity = 0).
 *   Result: BH_OK; BH_ERR_UNSUPPORTED for an instruction or mode listed below as not modeled
 *   (state unchanged; the caller stops the run naming it). Undefined behaviour by software
 *   (pushing a full flag stack, popping an empty one, a reserved SFPLOADI mode) is logged as a
 *   guest error and follows the documents' model where they give one.
 * Timing (VectorUnit.md, SFPMAD.md, SFPSWAP.md, SFPSHFT2.md): one instruction per cycle.
 *   SFPMAD/ADD/MUL/ADDI/MULI/LUT take 2 cycles: a word issued the next cycle that reads an LReg
 *   the MAD-class op writes waits one cycle. The read sets are those the stall logic sees,
 *   including its documented blind spots (SFPIADD and SFPSHFT reading VD, SFPAND/SFPOR with
 *   USE_VB, SFPCONFIG reading LReg[0], SFPSWAP's compare cycle, SFPSHFT2 shuffles): such a
 *   reader issues at once and (unlike hardware) sees the new value. INDIRECT_VA / INDIRECT_VD
 *   count as reading / writing every LReg. After SFPSWAP and the SFPSHFT2 lane-shuffle modes
 *   only SFPNOP may issue the next cycle. Everything else is 1 cycle.
 * Not modeled: SFPLOADMACRO (the backdoor template writes that feed it are kept),
 *   SFPSTOCHRND, SFPLUTFP32, SFPMUL24, SFPARECIP's exp mode (its 896-entry table), an
 *   instruction with VD >= 12 while lanes disagree on DISABLE_BACKDOOR_LOAD; the stale values
 *   hardware reads in the stall logic's blind spots; Dst address remaps (DEST_ACCESS_CFG, as
 *   in srcdst.h); ThreadConfig SFPU_DEST_FMT_* (absent from the BH SFPLOAD/SFPSTORE pages);
 *   the FPU-write to SFPLOAD distance rule (Dst.md: software's job). The PRNG seed mapping
 *   to lanes is not documented: sfpu_seed_prng() gives every lane the same seed.
 */
#ifndef BH_SFPU_H
#define BH_SFPU_H
#include <stdint.h>
#include "model/common/bh_common.h"
#include "model/tile/rwc.h"
#include "model/tile/srcdst.h"
#include "model/tile/tensix_cfg.h"
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
} SfpuStats;

typedef struct Sfpu {
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
    /* timing */
    uint64_t next_issue;     /* earliest cycle for the next word */
    uint64_t mad_ready;      /* MAD-class results readable from this cycle */
    uint32_t mad_writes;     /* LRegs (bit = index) the last MAD-class op writes */
    uint64_t nop_only_until; /* before this cycle only SFPNOP may issue */
    uint64_t busy_until;     /* the last instruction completes at this cycle */
    SfpuStats stats;
} Sfpu;

void sfpu_init(Sfpu *s); /* reset state: LRegs 0, flags/stack/config clear, PRNG 0 */
void sfpu_seed_prng(Sfpu *s, uint32_t seed);
int sfpu_handles(uint32_t opcode);
/* 1 if `word` may issue at `now` (one per cycle, the dependent-read stall after a MAD-class
 * op, only SFPNOP after SFPSWAP / SFPSHFT2 shuffles). */
int sfpu_can_issue(const Sfpu *s, uint32_t word, uint64_t now);
BhStatus sfpu_issue(Sfpu *s, SrcDst *r, Rwc *rwc, const TensixCfg *cfg, uint32_t thread,
                    uint32_t word, uint64_t now);
int sfpu_busy(const Sfpu *s, uint64_t now); /* an instruction is still in flight */

/* SFPMAD's arithmetic on FP32 bit patterns: a * b + c with Blackhole's partial fusion, one
 * RNE rounding, denormals in and out flushed to signed zero, canonical NaN 0x7FC00000. The
 * Baby RISC-V fma.s family shares it (FMA/README.md). */
uint32_t sfpu_fp32_mad(uint32_t a, uint32_t b, uint32_t c);

/* Internal to sfpu.c, sfpu_mem.c and sfpu_ops.c. */
uint32_t sfpu_lane_enabled(const Sfpu *s); /* LaneEnabled, bit = lane */
/* Lanewise arithmetic, bitwise, conversion and lane-movement instructions (sfpu_ops.c). */
BhStatus sfpu_exec_alu(Sfpu *s, uint32_t word);
/* SFPLOAD, SFPSTORE, SFPLOADI (sfpu_mem.c). */
BhStatus sfpu_exec_mem(Sfpu *s, SrcDst *r, Rwc *rwc, const TensixCfg *cfg, uint32_t thread,
                       uint32_t word);

#ifdef __cplusplus
}
#endif
#endif
