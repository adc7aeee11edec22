/* firmware/llk/llk_sfpu.h - vector-unit (SFPU) programs on a Dst tile, from the math thread:
 * reciprocal and exponential of a 32x32 tile in place.
 *
 * The SFPU works on 32 lanes: an SFPLOAD at Dst row address a reads rows (a & ~3) .. +3, even
 * columns when bit 1 of a is clear, odd ones when set, so stepping the address by 2 (the
 * SFPSTORE's ADDR_MOD) walks a 64-row tile in 32 iterations, as tt-llk's 8 per face. One
 * iteration's program sits in the replay buffer (slots 16..31; the matrix ops use 0..15) and
 * the core pushes one REPLAY per iteration. Before the first SFPLOAD a STALLWAIT lets the
 * matrix unit finish writing the tile (Dst writes to SFPLOAD distance is software's job).
 *
 * Programs (our own; LReg 9 reads 0.0 and LReg 10 1.0):
 *   recip  y = SFPARECIP(x) (the documented ~1/128 seed), then two Newton steps
 *          e = 1 - y x, y = y e + y; BF16 result (SFPSTORE truncates)
 *   exp    e^x = (p(x / 16))^16 with p the degree-6 Taylor polynomial (Horner, SFPMAD); relative
 *          error about 1e-5 for |x| <= 8 before the BF16 store, growing beyond (tt-llk's range
 *          reduction with SFPSTOCHRND / SFPLOADMACRO is not used here) */
#ifndef BH_LLK_SFPU_H
#define BH_LLK_SFPU_H
#include "firmware/llk/llk_math.h"

namespace llk
{

constexpr uint32_t SFPU_REPLAY = 16;
constexpr uint32_t AM_SFPU = 2; /* Dst + 2 after each SFPSTORE; matmul's slot, given back */
constexpr uint32_t SFPU_ITERATIONS = 32;
constexpr uint32_t SFPU_FMT_BF16 = 2; /* SFPLOAD/SFPSTORE InstrMod: 16-bit Dst as BF16 */
constexpr uint32_t LREG_ZERO = 9, LREG_ONE = 10;

constexpr uint32_t sfpload(uint32_t vd)
{
    return TENSIX_WORD(SFPLOAD) | TENSIX_PUT(SFPLOAD, LREG_IND, vd) |
           TENSIX_PUT(SFPLOAD, INSTR_MOD0, SFPU_FMT_BF16);
}
constexpr uint32_t sfpstore(uint32_t vd)
{
    return TENSIX_WORD(SFPSTORE) | TENSIX_PUT(SFPSTORE, LREG_IND, vd) |
           TENSIX_PUT(SFPSTORE, INSTR_MOD0, SFPU_FMT_BF16) |
           TENSIX_PUT(SFPSTORE, SFPU_ADDR_MODE, AM_SFPU);
}
/* vd = va * vb + vc; mod1 bit 0 negates vb */
constexpr uint32_t sfpmad(uint32_t va, uint32_t vb, uint32_t vc, uint32_t vd, uint32_t mod1 = 0)
{
    return TENSIX_WORD(SFPMAD) | TENSIX_PUT(SFPMAD, LREG_SRC_A, va) |
           TENSIX_PUT(SFPMAD, LREG_SRC_B, vb) | TENSIX_PUT(SFPMAD, LREG_SRC_C, vc) |
           TENSIX_PUT(SFPMAD, LREG_DEST, vd) | TENSIX_PUT(SFPMAD, INSTR_MOD1, mod1);
}
constexpr uint32_t sfparecip(uint32_t vc, uint32_t vd)
{
    return TENSIX_WORD(SFPARECIP) | TENSIX_PUT(SFPARECIP, LREG_C, vc) |
           TENSIX_PUT(SFPARECIP, LREG_DEST, vd);
}
/* a full FP32 constant into an LReg: upper then lower 16 bits (SFPLOADI modes 8 and 10) */
static inline void sfp_const(uint32_t vd, float v)
{
    uint32_t b;
    __builtin_memcpy(&b, &v, 4);
    push(TENSIX_WORD(SFPLOADI) | TENSIX_PUT(SFPLOADI, LREG_IND, vd) |
         TENSIX_PUT(SFPLOADI, INSTR_MOD0, 8) | TENSIX_PUT(SFPLOADI, IMM16, b >> 16));
    push(TENSIX_WORD(SFPLOADI) | TENSIX_PUT(SFPLOADI, LREG_IND, vd) |
         TENSIX_PUT(SFPLOADI, INSTR_MOD0, 10) | TENSIX_PUT(SFPLOADI, IMM16, b & 0xFFFFu));
}

enum SfpuOp : uint32_t { SFPU_NONE, SFPU_RECIP, SFPU_EXP };

/* records the program of `op` in the replay buffer; returns its length */
static inline uint32_t sfpu_record(SfpuOp op)
{
    if (op == SFPU_RECIP) {
        static const uint32_t prog[] = {sfpload(0),
                                        sfparecip(0, 1), /* y ~ 1/x */
                                        sfpmad(1, 0, LREG_ONE, 2, 1),
                                        sfpmad(1, 2, 1, 1), /* e = 1 - y x; y = y e + y */
                                        sfpmad(1, 0, LREG_ONE, 2, 1),
                                        sfpmad(1, 2, 1, 1),
                                        sfpstore(1)};
        push(replay_load(SFPU_REPLAY, sizeof prog / 4));
        for (uint32_t w : prog)
            push(w);
        return sizeof prog / 4;
    }
    static const uint32_t prog[] = {sfpload(0),
                                    sfpmad(0, 7, LREG_ZERO, 0), /* y = x / 16 */
                                    sfpmad(6, 0, 5, 1),         /* Horner: 1/720 y + 1/120 ... */
                                    sfpmad(1, 0, 4, 1),
                                    sfpmad(1, 0, 3, 1),
                                    sfpmad(1, 0, 2, 1),
                                    sfpmad(1, 0, LREG_ONE, 1),
                                    sfpmad(1, 0, LREG_ONE, 1),  /* p(y) ~ e^y */
                                    sfpmad(1, 1, LREG_ZERO, 1), /* ^2, ^4, ^8, ^16 */
                                    sfpmad(1, 1, LREG_ZERO, 1),
                                    sfpmad(1, 1, LREG_ZERO, 1),
                                    sfpmad(1, 1, LREG_ZERO, 1),
                                    sfpstore(1)};
    push(replay_load(SFPU_REPLAY, sizeof prog / 4));
    for (uint32_t w : prog)
        push(w);
    return sizeof prog / 4;
}

/* the constants of `op` into LRegs 2..7 (the programs use 0 and 1 for data) */
static inline void sfpu_constants(SfpuOp op)
{
    if (op != SFPU_EXP)
        return;
    sfp_const(7, 1.0f / 16);
    sfp_const(6, 1.0f / 720);
    sfp_const(5, 1.0f / 120);
    sfp_const(4, 1.0f / 24);
    sfp_const(3, 1.0f / 6);
    sfp_const(2, 1.0f / 2);
}

/* runs `op` (recorded by its init, length len) on Dst tile dst_index of the math half */
static inline void sfpu_tile(SfpuOp op, uint32_t len, uint32_t dst_index)
{
    const HwState &s = state().hw;
    set_addr_mod(AM_SFPU, AddrMod{0, 0, 0, 0, 0, 0, 2, 0, 0, 0});
    push(setc16(thd::DEST_TARGET_REG_CFG_MATH_Offset.addr32,
                s.math_half + dst_index * DST_TILE_ROWS));
    push(setrwc_clear(0));
    sfpu_constants(op);
    push(stallwait(STALL_SFPU, WAIT_MATH));
    for (uint32_t i = 0; i < SFPU_ITERATIONS; i++)
        push(replay(SFPU_REPLAY, len));
    push(setrwc_clear(0));
    set_addr_mod(AM_SFPU, MATMUL_AM2); /* give matmul its slot back */
}

} // namespace llk
#endif
