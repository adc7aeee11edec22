// SPDX-License-Identifier: Apache-2.0
/* tests/compute/kernels/eltwise_sfpu.cc - an SFPU op on every tile of CB 0 into CB 16 (tt-metal's
 * eltwise_sfpu compute kernel: SFPU_OP_INIT / SFPU_OP name the op, e.g. exp_tile_init and
 * exp_tile). Compile-time arguments: blocks, tiles per block. */
#include <cstdint>
#include "compute_kernel_api/common.h"
#include "compute_kernel_api/tile_move_copy.h"
#include "compute_kernel_api/eltwise_unary/eltwise_unary.h"
#include "compute_kernel_api/eltwise_unary/exp.h"
#include "compute_kernel_api/eltwise_unary/recip.h"

namespace NAMESPACE
{
void MAIN
{
    uint32_t per_core_block_cnt = get_compile_time_arg_val(0);
    uint32_t per_core_block_dim = get_compile_time_arg_val(1);
    init_sfpu(0, 16);
    for (uint32_t block_index = 0; block_index < per_core_block_cnt; block_index++) {
        cb_reserve_back(16, per_core_block_dim);
        for (uint32_t tile_index = 0; tile_index < per_core_block_dim; ++tile_index) {
            tile_regs_acquire();
            cb_wait_front(0, 1);
            copy_tile(0, 0, 0);
            SFPU_OP_INIT();
            SFPU_OP(0);
            tile_regs_commit();
            tile_regs_wait();
            pack_tile(0, 16);
            cb_pop_front(0, 1);
            tile_regs_release();
        }
        cb_push_back(16, per_core_block_dim);
    }
}
} // namespace NAMESPACE
