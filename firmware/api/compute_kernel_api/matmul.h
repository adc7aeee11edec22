/* firmware/api/compute_kernel_api/matmul.h - 32x32 tile matmul into Dst (tt-metal's names):
 * in0's tile to SrcB, in1's to SrcA (as tt-llk puts them), MATH_FIDELITY phases of 16 MVMULs;
 * successive matmul_tiles into the same Dst tile accumulate (the K loop). */
#ifndef BH_COMPUTE_MATMUL_H
#define BH_COMPUTE_MATMUL_H
#include "compute_kernel_api/llk_glue.h"

namespace ckernel
{
static inline void mm_init_short(uint32_t in0_cb_id = 0, uint32_t in1_cb_id = 1,
                                 uint32_t transpose = 0)
{
    MATH(llk::math_matmul_init(math_fidelity_phases));
    (void)in0_cb_id, (void)in1_cb_id, (void)transpose;
}
static inline void mm_init(uint32_t in0_cb_id = 0, uint32_t in1_cb_id = 1, uint32_t out_cb_id = 16,
                           uint32_t transpose = 0)
{
    hw_configure(in1_cb_id, in0_cb_id, out_cb_id); /* unpacker 0 (SrcA) reads in1 */
    mm_init_short(in0_cb_id, in1_cb_id, transpose);
}
/* Dst[idst] += in0[in0_tile_index] x in1[in1_tile_index]; transpose (of in1's faces) must be 0 */
static inline void matmul_tiles(uint32_t in0_cb_id, uint32_t in1_cb_id, uint32_t in0_tile_index,
                                uint32_t in1_tile_index, uint32_t idst, uint32_t transpose = 0)
{
    UNPACK(
        llk::unpack_tile(0, cb_tile_addr(in1_cb_id, in1_tile_index), llk::cb(in1_cb_id).page_size));
    UNPACK(
        llk::unpack_tile(1, cb_tile_addr(in0_cb_id, in0_tile_index), llk::cb(in0_cb_id).page_size));
    MATH(llk::math_tile(idst, 3));
    (void)in0_cb_id, (void)in1_cb_id, (void)in0_tile_index, (void)in1_tile_index, (void)idst;
    (void)transpose;
}
} // namespace ckernel

#endif
