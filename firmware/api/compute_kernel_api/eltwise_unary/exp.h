/* firmware/api/compute_kernel_api/eltwise_unary/exp.h - e^x of a Dst tile in place (tt-metal's
 * names). The approximation flags are accepted and ignored: one program (firmware/llk/
 * llk_sfpu.h), accurate to BF16 for |x| <= 8. */
#ifndef BH_COMPUTE_EXP_H
#define BH_COMPUTE_EXP_H
#include "compute_kernel_api/llk_glue.h"
#include "firmware/llk/llk_sfpu.h"

namespace ckernel
{
template <bool approx = false, bool fast_and_approx = true> static inline void exp_tile_init()
{
    MATH(llk::state().hw.sfpu_op = llk::SFPU_EXP;
         llk::state().hw.sfpu_len = llk::sfpu_record(llk::SFPU_EXP));
}
template <bool approx = false, bool fast_and_approx = true>
static inline void exp_tile(uint32_t idst)
{
    MATH(llk::sfpu_tile(llk::SFPU_EXP, llk::state().hw.sfpu_len, idst));
    (void)idst;
}
} // namespace ckernel

#endif
