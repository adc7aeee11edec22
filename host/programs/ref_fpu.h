/* host/programs/ref_fpu.h - what the matrix unit computes on BF16 tiles, in plain C from the
 * documents (tt-isa-documentation ELWADD.md, ELWMUL.md, SrcASrcB.md fidelity tables), for the
 * host workloads' checks. No model header is used: this is the independent side.
 *
 * Values are binary32 bit patterns; BF16 inputs are exact in binary32. Dst (16-bit BF16 mode)
 * keeps each result rounded to BF16 (nearest even) with results below 2^-126 flushed to signed
 * zero. Element-wise multiply runs one fidelity phase per MATH_FIDELITY step: phase p multiplies
 * the SrcA operand's part (even p: the top 5 significand bits; odd p: the next 3 for BF16) by
 * the SrcB operand's part (p < 2: the top 7 bits; p >= 2: the remaining 1), accumulating into
 * Dst with a rounding after each phase. */
#ifndef BH_REF_FPU_H
#define BH_REF_FPU_H
#include <stdint.h>

float ref_fpu_round_bf16(float x);
float ref_fpu_round_bf16_by_frexp(float x); /* the same, as defined above (for its test) */
float ref_fpu_part_srca(float v, unsigned phase);
float ref_fpu_part_srcb(float v, unsigned phase);
/* a op b for op '+', '-', '*' (srca = a, srcb = b), with `phases` fidelity phases for '*' */
float ref_fpu_eltwise(float a, float b, char op, unsigned phases);
/* acc += a x b for 32x32 tiles as the matrix unit accumulates it into Dst (MVMUL.md; tt-llk's
 * tile order): in0 (a) is the SrcB operand, in1 (b) the SrcA operand; for each phase, then each
 * half of K (0..15, 16..31), x is the binary32 sum of the 16 products in k order and
 * acc = round_bf16(x + acc). A K-tile loop calls it once per k, in order. */
void ref_fpu_matmul_tile(const float a[32][32], const float b[32][32], unsigned phases,
                         float acc[32][32]);

#endif
