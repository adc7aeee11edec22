/* firmware/api/compute_kernel_api/eltwise_unary/eltwise_unary.h - the common init of unary
 * kernels (tt-metal's names): copy a tile into Dst, run SFPU ops on it there, pack it. */
#ifndef BH_COMPUTE_ELTWISE_UNARY_H
#define BH_COMPUTE_ELTWISE_UNARY_H
#include "compute_kernel_api/tile_move_copy.h"

namespace ckernel
{
static inline void unary_op_init_common(uint32_t icb, uint32_t ocb = 16)
{
    hw_configure(icb, icb, ocb);
    MATH(llk::math_copy_init());
}
static inline void init_sfpu(uint32_t icb, uint32_t ocb = 16)
{
    unary_op_init_common(icb, ocb);
}
} // namespace ckernel

#endif
