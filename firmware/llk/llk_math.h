/* firmware/llk/llk_math.h - the math thread (TRISC1): the matrix unit's tile loops (datacopy
 * A2D, element-wise add/sub/mul, 32x32 matmul with fidelity phases) and its half of the Dst
 * double-buffering handshake with the pack thread.
 *
 * Each op's per-tile loop lives in this thread's replay buffer, recorded once by its init (as
 * tt-llk records its MVMUL loops), so a tile costs the core a few pushes: the Dst offset
 * (SETC16), the REPLAY, and a SETRWC that gives the Src banks back and resets the counters.
 * Replay slots: 0..15 the op's loop. The RWCs walk Dst and Src through ADDR_MODs:
 *   slot 0..5   the op's own (matmul: tt-llk's 0/1/2/4/5)
 *   slot 7      copy/eltwise: SrcA, SrcB and Dst +8 rows
 *
 * Dst handshake (tt-llk's MATH_PACK semaphore, max 2 = two halves):
 *   acquire   SEMWAIT(block FPU+SFPU, while MATH_PACK >= max): a half is free
 *   commit    STALLWAIT(block Sync, until FPU and SFPU drain); SEMPOST(MATH_PACK); the next
 *             tiles go to the other half (this core's own copy of the half, in SETC16s)
 * The pack thread zeroes a half (ZEROACC) before it gives it back, so matmul accumulates onto
 * zero. */
#ifndef BH_LLK_MATH_H
#define BH_LLK_MATH_H
#include "firmware/llk/llk_cb.h"

namespace llk
{

/* matmul's slot 2, which the SFPU programs borrow and give back (llk_sfpu.h) */
constexpr AddrMod MATMUL_AM2{0, 1, 0, 32, 1, 0, 8, 0, 0, 0};
constexpr uint32_t AM_ROW8 = 7;   /* +8 rows on SrcA, SrcB, Dst */
constexpr uint32_t AM_CLEAR = 6;  /* all counters back to 0 */
constexpr uint32_t REPLAY_OP = 0; /* the op's loop */

constexpr uint32_t setrwc_clear(uint32_t clear_ab_valid)
{
    /* A, B, D and the fidelity phase to 0; bit 0 / 1 of CLEAR_AB_VLD give SrcA / SrcB back */
    return TENSIX_WORD(SETRWC) | TENSIX_PUT(SETRWC, BIT_MASK, 0xF) |
           TENSIX_PUT(SETRWC, CLEAR_AB_VLD, clear_ab_valid);
}

constexpr uint32_t zeroacc_all()
{
    return TENSIX_WORD(ZEROACC) | TENSIX_PUT(ZEROACC, CLEAR_MODE, 3);
}

/* the math thread's start: semaphores, a clean Dst, the row-stepping ADDR_MODs */
static inline void math_hw_configure(int fp32_dst)
{
    HwState &s = state().hw;
    s.math_half = 0;
    s.dst_half = fp32_dst ? DST_HALF_ROWS_32 : DST_HALF_ROWS_16;
    push(seminit(SEM_MATH_PACK, 0, 2));
    push(zeroacc_all());
    set_addr_mod(AM_ROW8, AddrMod{8, 0, 0, 8, 0, 0, 8, 0, 0, 0});
    set_addr_mod(AM_CLEAR, AddrMod{0, 0, 1, 0, 0, 1, 0, 0, 1, 0});
    push(setrwc_clear(0));
}

/* records `n` words that follow into the replay buffer */
static inline void math_record(uint32_t n)
{
    state().hw.math_op_len = n;
    push(replay_load(REPLAY_OP, n));
}

/* datacopy: SrcA -> Dst, 8 rows a MOVA2D (tt-llk's A2D for a 32x32 tile) */
static inline void math_copy_init()
{
    math_record(8);
    for (uint32_t i = 0; i < 8; i++)
        push(TENSIX_WORD(MOVA2D) | TENSIX_PUT(MOVA2D, INSTR_MOD, 2) |
             TENSIX_PUT(MOVA2D, ADDR_MODE, AM_ROW8));
    state().hw.math_phases = 1;
}

/* element-wise: ELWADD / ELWSUB / ELWMUL, 8 rows each. ELWMUL takes one fidelity phase per
 * pass and the passes add up in Dst (tt-llk's eltwise mul with MATH_FIDELITY); the half was
 * zeroed, so the first pass lands on zero. ADD/SUB overwrite Dst in one pass. */
constexpr uint32_t AM_CLEAR_NEXT_PHASE = 3;
static inline void math_eltwise_init(TensixOp op, uint32_t phases)
{
    HwState &s = state().hw;
    const int mul = op == TENSIX_OP_ELWMUL;
    s.math_phases = mul ? phases : 1;
    set_addr_mod(AM_CLEAR_NEXT_PHASE, AddrMod{0, 0, 1, 0, 0, 1, 0, 0, 1, 1});
    math_record(8);
    for (uint32_t i = 0; i < 8; i++)
        push((uint32_t)op << 24 | TENSIX_PUT(ELWADD, DEST_ACCUM_EN, mul) |
             TENSIX_PUT(ELWADD, ADDR_MODE,
                        i < 7 ? AM_ROW8
                        : mul ? AM_CLEAR_NEXT_PHASE
                              : AM_CLEAR));
}

/* tt-llk's 32x32 x 32x32 matmul (in0 in SrcB, in1 in SrcA): 16 MVMULs per fidelity phase with
 * ADDR_MODs 0/1/2/4/5; slot 5 also steps the fidelity phase when there is more than one */
static inline void math_matmul_init(uint32_t phases)
{
    set_addr_mod(0, AddrMod{0, 0, 0, 8, 0, 0, 8, 0, 0, 0});
    set_addr_mod(1, AddrMod{16, 0, 0, 0, 1, 0, 8, 0, 0, 0});
    set_addr_mod(2, MATMUL_AM2);
    set_addr_mod(4, AddrMod{32, 1, 0, 48, 1, 0, 0, 1, 0, 0});
    set_addr_mod(5, AddrMod{0, 1, 1, 0, 1, 1, 0, 1, 1, phases > 1 ? 1u : 0u});
    static const uint8_t seq[16] = {0, 1, 0, 2, 0, 1, 0, 4, 0, 1, 0, 2, 0, 1, 0, 5};
    math_record(16);
    for (uint32_t i = 0; i < 16; i++)
        push(TENSIX_WORD(MVMUL) | TENSIX_PUT(MVMUL, ADDR_MODE, seq[i]));
    state().hw.math_phases = phases;
}

/* runs the recorded loop on Dst tile `dst_index` of the current half; `clear` gives back the
 * Src banks the op read (1 SrcA, 3 both) */
static inline void math_tile(uint32_t dst_index, uint32_t clear)
{
    const HwState &s = state().hw;
    push(setc16(thd::DEST_TARGET_REG_CFG_MATH_Offset.addr32,
                s.math_half + dst_index * DST_TILE_ROWS));
    for (uint32_t p = 0; p < s.math_phases; p++)
        push(replay(REPLAY_OP, s.math_op_len));
    push(setrwc_clear(clear));
}

static inline void math_acquire()
{
    push(semwait(STALL_MATH | STALL_SFPU, SEM_MATH_PACK, SEMWAIT_MAX));
}

static inline void math_commit()
{
    HwState &s = state().hw;
    push(stallwait(STALL_SYNC, WAIT_MATH | WAIT_SFPU));
    push(sempost(SEM_MATH_PACK));
    s.math_half ^= s.dst_half;
}

} // namespace llk
#endif
