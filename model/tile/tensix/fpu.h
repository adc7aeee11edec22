/* model/tile/tensix/fpu.h - the Tensix coprocessor's matrix unit (FPU): MVMUL and its relatives on
 * SrcA/SrcB/Dst (srcdst.h), addressed through the issuing thread's RWCs (rwc.h) and the
 * backend configuration (tensix_cfg.h).
 *
 * Sources: tt-isa-documentation WormholeB0/TensixTile/TensixCoprocessor/MatrixUnit.md,
 * MVMUL.md, DOTPV.md, GAPOOL.md, GMPOOL.md, ELWADD.md, ELWSUB.md, ELWMUL.md, ZEROACC.md,
 * ZEROSRC.md, MOVA2D.md, MOVB2D.md, MOVD2A.md, MOVD2B.md, TRNSPSRCB.md, SHIFTXA.md, SHIFTXB.md,
 * SrcASrcB.md (fidelity phases), Dst.md (scheduling), FloatBitPatterns.md; Blackhole field
 * layouts from tensix_isa.def and tt-llk tt_llk_blackhole/common/inc/ckernel_ops.h (DOTPV,
 * SHIFTXA, SHIFTXB have no row in the table); summary: docs/hardware.md#registers, #matrix-unit.
 *
 * Interface: the coprocessor dispatch asks fpu_handles(opcode), then fpu_can_issue() each cycle
 *   the word is presented (calling fpu_note_stall() when it says no), then fpu_issue() once. The
 *   RWC array is indexed by thread. SETRWC, INCRWC, CLEARDVALID and SETDVALID stay in the
 *   dispatch.
 * Functional model: each instruction's page, computed in IEEE binary32 (`float`) in the order
 *   the page's functional model shows: per output, the 16 products (each exact: at most 5 x 7
 *   significant bits per fidelity phase) summed k = 0..15 onto 0.0f, then added to the Dst
 *   value, then stored. Src formats from ALU_FORMAT_SPEC_REG0_SrcA (or its override):
 *   codes 0,5,6,7,8,9,15 BF16-style, 1,2,3,10,11,14 FP16-style, anything else TF32-style;
 *   FP16A_FORCE_Enable and ALU_ACC_CTRL_INT8_math_enabled as the pages say.
 *   Dst FP32 (ALU_ACC_CTRL_Fp32_enabled), BF16 or FP16; INT8 math accumulates into
 *   sign-magnitude INT32 with saturation at +-(2^31-1). Rows whose dst_row_valid bit is 0
 *   (ZEROACC, reset) read as 0 (GMPOOL: as all ones, i.e. minus infinity); every FPU write sets
 *   the bits of the rows it writes. A Dst32b row is defined if both of its DstBits rows are.
 * Assumed (the pages leave it open):
 *   - RoundToBF16 and RoundToFP16 round to nearest, ties to even, on the binary32 result; a
 *     result whose rounded magnitude is below the format's smallest normal is stored as a
 *     signed zero; FP16 results above the largest FPU FP16 value (exponent 31, mantissa 1023 =
 *     131008, FloatBitPatterns.md) saturate to it; BF16 and FP32 overflow to the exponent-255,
 *     mantissa-0 pattern. FP32 results with exponent 0 are stored as signed zeros.
 *   - Src data with exponent 0 read as signed zero; BF16-style reads ignore the low 3 TF32
 *     mantissa bits (as GMPOOL's ReadAndScaleSrc does); FP16 exponent 31 is a normal value.
 *   - The 3-bit Blackhole ADDR_MODE field selects slots 0..7 (rwc.h: ExtraAddrModBit moves
 *     0..3 up to 4..7); bias updates follow the slot used.
 *   - ELWMUL always accumulates (its page fixes that bit to true); GMPOOL/GAPOOL bit 19
 *     (tt-llk p_gpool DIM_16X16) is ignored: only the 16x16 form documented is modeled.
 *   - MOVB2A (no page): SrcA[SRCA + RWC.SrcA] = SrcB[SRCB + RWC.SrcB], raw 19-bit datums, one
 *     row or an aligned four (INSTR_MOD bit 1), waits for the SrcB bank only, latency 4.
 *   - SHIFTXB shifts columns 1..15 into 0..14 (the page's summary and diagram); its loop text
 *     stops at column 13.
 *   - MOVD2B's latency is 4 (its follow-on window is three cycles; the table lists MOVD2A only).
 * Timing (MatrixUnit.md, Dst.md, the MOV pages): one instruction per cycle for all threads
 *   together; SHIFTXB occupies two. Latency 5 for MVMUL, DOTPV, GAPOOL, ELW*, GMPOOL; 4 for
 *   MOVA2D, MOVB2D, MOVB2A, MOVD2B; 2 for MOVD2A and SHIFTXB; 1 otherwise (fpu_busy). A Dst
 *   write makes its aligned 8-row DstBits blocks unreadable for the next 4 cycles (reads by
 *   MVMUL, DOTPV, GAPOOL, GMPOOL, ELWMUL, ELWADD/ELWSUB with AddDst, MOVD2A, MOVD2B). After
 *   MOVA2D/MOVB2D, MOVD2A, MOVD2B, ELWMUL, MVMUL, DOTPV, GMPOOL, GAPOOL wait 3 cycles; after
 *   MOVD2A only MOVD2A/MOVB2A issue next cycle; after MOVD2B only MOVD2B for 3 cycles.
 *   Src ownership waits (Wait Gate) as each page says; MOVD2A, MOVD2B, ZEROSRC and ZEROACC
 *   do not wait. flops: 4096 per MVMUL/DOTPV (560 with SrcB row broadcast), 2048 GAPOOL, 256
 *   ELWMUL, GMPOOL and ELWADD/ELWSUB with AddDst, 128 without: per instruction, i.e. per
 *   fidelity phase (MatrixUnit.md's table x phases); divide by the phases for useful FLOPs.
 * Not modeled: stochastic rounding (ALU_ROUNDING_MODE_Fpu_srnd_en: MVMUL, DOTPV, GAPOOL and
 *   ELWADD/SUB/MUL stop with BH_ERR_UNSUPPORTED while it is set), Blackhole's implied Src
 *   formats and Dst remaps/swizzle (DEST_ACCESS_CFG), LaneConfig BLOCK_DEST_MOV,
 *   ALU_ACC_CTRL_Zero_Flag_disabled_dst, ZEROACC bit 17 (CLEAR_ZERO_FLAGS; its Wormhole
 *   counterpart Revert is undefined behaviour), MOVDBGA2D and the legacy CONV/POOL3S
 *   instructions (BH_ERR_UNSUPPORTED), FP input bit patterns with exponent 255 (the FPU reads
 *   them as ordinary numbers, binary32 as Inf/NaN), Dst16b/Dst32b aliasing by
 *   RISCV_DEBUG_REG_DBG_FEATURE_DISABLE, CLREXPHIST (the packers' state); GATESRCRST is
 *   accepted and does nothing (no Src caches are modeled).
 */
#ifndef BH_FPU_H
#define BH_FPU_H
#include <stdint.h>
#include "model/common/bh_common.h"
#include "model/common/bh_stats.h"
#include "model/tile/tensix/rwc.h"
#include "model/tile/tensix/srcdst.h"
#include "model/tile/tensix/tensix_cfg.h"
#ifdef __cplusplus
extern "C" {
#endif

#define FPU_DST_BLOCKS (DST_ROWS16 / 8) /* aligned 8-row blocks of DstBits, the hazard grain */
#define FPU_DST_HAZARD_CYCLES 4

/* What the report shows of the matrix unit (bh_stats.h): field, report key, kind, text. Its
 * instructions and busy cycles are the coprocessor's per-unit counts (TensixCore). */
#define FPU_STATS(X)                                                                               \
    X(flops, "flops", COUNT, "floating-point operations, per instruction as fpu.h counts them")    \
    X(stall_cycles, "refused_cycles", CYCLES, "cycles an instruction was presented but refused")   \
    X(first_issue, "first_issue_cycle", CYCLES, "the cycle of its first issue (0: none)")          \
    X(last_issue, "last_issue_cycle", CYCLES, "the cycle of its last issue (0: none)")

typedef struct FpuStats {
    uint64_t instructions;
    uint64_t busy_cycles; /* cycles the unit was taken by an issue (SHIFTXB: 2) */
    BH_STAT_FIELDS(FPU_STATS)
} FpuStats;
extern const BhStatTable fpu_stat_table;

typedef struct Fpu {
    uint64_t done_at;      /* last result written (fpu_busy; the coprocessor's every step) */
    uint64_t next_issue;   /* first cycle another instruction may issue */
    uint64_t mov2d_until;  /* MOVA2D/MOVB2D follow-on window ends (exclusive) */
    uint64_t movd2a_until; /* only MOVD2A/MOVB2A before this cycle */
    uint64_t movd2b_until; /* only MOVD2B before this cycle */
    uint64_t dst_ready[FPU_DST_BLOCKS]; /* first cycle the block may be read again */
    uint8_t last_srca_row;              /* SHIFTXA's HardwareBug(): last SrcA row computed */
    FpuStats stats;
} Fpu;

void fpu_init(Fpu *f);
int fpu_handles(uint32_t opcode); /* 1 for every opcode fpu_issue executes */
/* 1 if `word` from `thread` may issue at `now` (Src ownership, Dst read-after-write, MOV
 * follow-on windows, unit occupancy). */
int fpu_can_issue(const Fpu *f, const SrcDst *r, const Rwc *rwc, const TensixCfg *cfg,
                  uint32_t thread, uint32_t word, uint64_t now);
/* fpu_can_issue's answer with its reason: the pipeline (next issue, a move's turnaround), SrcA
 * or SrcB not valid for the matrix unit, or Dst rows it reads still being written */
typedef enum FpuRefusal {
    FPU_CAN_ISSUE,
    FPU_REFUSE_PIPE,
    FPU_REFUSE_SRC,
    FPU_REFUSE_DST
} FpuRefusal;
FpuRefusal fpu_check_issue(const Fpu *f, const SrcDst *r, const Rwc *rwc, const TensixCfg *cfg,
                           uint32_t thread, uint32_t word, uint64_t now);
void fpu_note_stall(Fpu *f); /* the caller presented a word that fpu_can_issue refused */
/* Executes an issuable `word`: register files, rwc[thread] (ApplyAddrMod), bank give-back on
 * Flip bits (honouring CLR_DVALID_Src{A,B}_Disable), timing state. BH_ERR_UNSUPPORTED for an
 * opcode or mode not modeled (nothing changed). */
BhStatus fpu_issue(Fpu *f, SrcDst *r, Rwc *rwc, const TensixCfg *cfg, uint32_t thread,
                   uint32_t word, uint64_t now);
int fpu_busy(const Fpu *f, uint64_t now); /* results still in flight (STALLWAIT) */

/* ---- shared by fpu.c and fpu_move.c; not for callers ---- */
enum { FPU_STYLE_BF16, FPU_STYLE_FP16, FPU_STYLE_TF32, FPU_STYLE_INT8 };
enum { FPU_FMT_TF32 = 4 }; /* ALU_FORMAT_SPEC code of TF32 */

typedef struct FpuOp {
    SrcDst *r;
    Rwc *rwc;             /* the issuing thread's */
    const TensixCfg *cfg; /* also where the matrix unit logs (cfg->log, the core's) */
    uint32_t thread, state;
    uint32_t srca_fmt; /* ALU_FORMAT_SPEC SrcA after the override */
    uint8_t fp16a_force, int8_math, fp32_dst;
    uint8_t style; /* FPU_STYLE_* as MVMUL derives it */
} FpuOp;

void fpu_op_decode(FpuOp *op, const SrcDst *r, const Rwc *rwc, const TensixCfg *cfg,
                   uint32_t thread);
int fpu_fmt_8bit_exp(uint32_t fmt);                  /* FP32, TF32, BF16, BFP8/4/2, INT32, INT16 */
int fpu_fmt_style(uint32_t fmt);                     /* FPU_STYLE_BF16 / FP16 / TF32 */
uint32_t fpu_dst_row(const FpuOp *op, uint32_t imm); /* imm + offsets + RWC.Dst, 10 bits */
void fpu_addr_mod(const FpuOp *op, uint32_t addr_mode);
void fpu_flip_src(const FpuOp *op, uint32_t flips); /* bit 0 SrcA, bit 1 SrcB */
int fpu_dst16_defined(const SrcDst *r, uint32_t row);
int fpu_dst32_defined(const SrcDst *r, uint32_t row);
void fpu_dst16_put(SrcDst *r, uint32_t row, uint32_t col, uint16_t v);
void fpu_dst32_put(SrcDst *r, uint32_t row, uint32_t col, uint32_t v);

int fpu_math_dst32(const FpuOp *op); /* UseDst32b of MVMUL, ELW*, GMPOOL */

enum { FPU_ELW_ADD, FPU_ELW_SUB, FPU_ELW_MUL };
/* fpu_math.c: the instruction bodies; fields already decoded, no flips or ApplyAddrMod */
void fpu_matmul(FpuOp *op, uint32_t imm, uint32_t nrows, int bcast);
void fpu_eltwise(FpuOp *op, uint32_t imm, int kind, uint32_t bcast, int add_dst);
void fpu_zeroacc(FpuOp *op, uint32_t w); /* applies its ADDR_MOD itself (modes 0, 1) */
void fpu_zerosrc(FpuOp *op, uint32_t w);
/* fpu_move.c: whole instructions, ApplyAddrMod and flips included */
BhStatus fpu_mova2d(FpuOp *op, uint32_t w);
BhStatus fpu_movb2d(FpuOp *op, uint32_t w);
BhStatus fpu_movd2ab(FpuOp *op, uint32_t w, SrcReg to);
BhStatus fpu_movb2a(FpuOp *op, uint32_t w);
BhStatus fpu_trnspsrcb(FpuOp *op);
BhStatus fpu_shiftxa(FpuOp *op, uint32_t w, uint32_t in_row);
BhStatus fpu_shiftxb(FpuOp *op, uint32_t w);
BhStatus fpu_gmpool(FpuOp *op, uint32_t w);

#ifdef __cplusplus
}
#endif
#endif
