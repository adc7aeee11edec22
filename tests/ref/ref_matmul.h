/* tests/ref/ref_matmul.h - plain-C reference for the matrix unit's 32x32 tile product, written
 * from the documents alone (no model headers), for bit-exact comparison with
 * model/tile/tensix/fpu.c.
 *
 * C = A x B, A (in0, SrcB side) and B (in1, SrcA side) 32x32, given as FP32 bit patterns of
 * values representable in the Src format (TF32, BF16, or FP16 normal numbers). As the hardware
 * computes it (tt-isa-documentation WormholeB0 MVMUL.md, ELWMUL.md SrcAFidelityBits /
 * SrcBFidelityBits, SrcASrcB.md fidelity tables) and tt-llk's 32x32 matmul orders it (fidelity
 * phase outer; within a phase, K 0..15 then K 16..31 onto the same Dst element):
 *   for phase p = 0..phases-1, for kh = 0, 1:
 *     x = 0.0f; for k = 0..15: x += a_part(A[i][16kh+k], p) * b_part(B[16kh+k][j], p)
 *     C[i][j] = Round_dst(x + C[i][j])   (C starts as zero: ZEROACC'd Dst reads as 0)
 *   with significand s (1 implicit + n mantissa bits, n = 10 or 7) and exponent e:
 *     SrcA (B's element): even p: top 5 bits of s; odd p: the next min(5, n-4) bits
 *     SrcB (A's element): p < 2: top 7 bits of s; p >= 2: the remaining n-6 bits
 *   each part an exact binary32 value; x summed in binary32, round to nearest even.
 * Round_dst (the model's stated assumptions, fpu.h): FP32 keeps binary32, results below
 *   2^-126 become signed zero; BF16 / FP16 round to nearest even on the binary32 value, then
 *   results below the smallest normal become signed zero; FP16 saturates at 131008.
 * C comes back as FP32 bit patterns (BF16/FP16 results widened exactly).
 */
#ifndef BH_REF_MATMUL_H
#define BH_REF_MATMUL_H
#include <stdint.h>

typedef enum RefSrcFmt { REF_SRC_TF32, REF_SRC_BF16, REF_SRC_FP16 } RefSrcFmt;
typedef enum RefDstFmt { REF_DST_FP32, REF_DST_BF16, REF_DST_FP16 } RefDstFmt;

void ref_matmul(const uint32_t a[32][32], const uint32_t b[32][32], RefSrcFmt fmt, unsigned phases,
                RefDstFmt dst, uint32_t c[32][32]);
/* the same onto a C that already holds a partial sum (FP32 bit patterns of Dst values): the
 * K loop of a matmul over several tiles into one Dst tile */
void ref_matmul_acc(const uint32_t a[32][32], const uint32_t b[32][32], RefSrcFmt fmt,
                    unsigned phases, RefDstFmt dst, uint32_t c[32][32]);
/* exact products of the same inputs in double precision */
void ref_matmul_fp64(const uint32_t a[32][32], const uint32_t b[32][32], double c[32][32]);
/* binary32 value of an FP32 bit pattern, and the Dst rounding rules alone */
float ref_f32(uint32_t bits);
float ref_round_dst(float x, RefDstFmt dst);

#endif
