// SPDX-License-Identifier: Apache-2.0
/* y = f(x) tile by tile on the vector unit: CB 0 in, 16 out; f by define: BH_SFPU_EXP or
 * BH_SFPU_RECIP. Runtime arg 0: n_tiles. */
#include "compute_kernel_api/eltwise_unary/eltwise_unary.h"
#include "compute_kernel_api/eltwise_unary/exp.h"
#include "compute_kernel_api/eltwise_unary/recip.h"
#include "compute_kernel_api/tile_move_copy.h"

namespace NAMESPACE
{
void MAIN
{
    const uint32_t n_tiles = get_arg_val<uint32_t>(0);
    constexpr uint32_t cb_in = 0, cb_out = 16;
    init_sfpu(cb_in, cb_out);
#if defined(BH_SFPU_RECIP)
    recip_tile_init();
#else
    exp_tile_init();
#endif
    for (uint32_t i = 0; i < n_tiles; i++) {
        cb_wait_front(cb_in, 1);
        tile_regs_acquire();
        copy_tile(cb_in, 0, 0);
#if defined(BH_SFPU_RECIP)
        recip_tile(0);
#else
        exp_tile(0);
#endif
        tile_regs_commit();
        cb_pop_front(cb_in, 1);
        cb_reserve_back(cb_out, 1);
        tile_regs_wait();
        pack_tile(0, cb_out);
        tile_regs_release();
        cb_push_back(cb_out, 1);
    }
}
} // namespace NAMESPACE
