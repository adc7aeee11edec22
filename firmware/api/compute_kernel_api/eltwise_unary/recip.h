/* firmware/api/compute_kernel_api/eltwise_unary/recip.h - 1/x of a Dst tile in place (tt-metal's
 * names): SFPARECIP's seed and two Newton steps (firmware/llk/llk_sfpu.h). */
#ifndef BH_COMPUTE_RECIP_H
#define BH_COMPUTE_RECIP_H
#include "compute_kernel_api/llk_glue.h"
#include "firmware/llk/llk_sfpu.h"

namespace ckernel
{
template <bool legacy_compat = true> static inline void recip_tile_init()
{
    MATH(llk::state().hw.sfpu_op = llk::SFPU_RECIP;
         llk::state().hw.sfpu_len = llk::sfpu_record(llk::SFPU_RECIP));
}
template <bool legacy_compat = true> static inline void recip_tile(uint32_t idst)
{
    MATH(llk::sfpu_tile(llk::SFPU_RECIP, llk::state().hw.sfpu_len, idst));
    (void)idst;
}
} // namespace ckernel

#endif
