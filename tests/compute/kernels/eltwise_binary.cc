// SPDX-License-Identifier: Apache-2.0
/* tests/compute/kernels/eltwise_binary.cc - CB 16 = CB 0 (op) CB 1, tile by tile (tt-metal's
 * eltwise_binary compute kernel: ELTWISE_OP / ELTWISE_OP_INIT name the op, e.g. add_tiles and
 * add_tiles_init; the tile_regs_* handshake). */
#include <cstdint>
#include "compute_kernel_api/eltwise_binary.h"
#include "compute_kernel_api/tile_move_copy.h"

namespace NAMESPACE
{
void MAIN
{
    uint32_t per_core_block_cnt = get_compile_time_arg_val(0);
    constexpr uint32_t cb_in0 = 0, cb_in1 = 1, cb_out0 = 16;
    binary_op_init_common(cb_in0, cb_in1, cb_out0);
    ELTWISE_OP_INIT(cb_in0, cb_in1);
    for (uint32_t block = 0; block < per_core_block_cnt; ++block) {
        cb_wait_front(cb_in0, 1);
        cb_wait_front(cb_in1, 1);
        cb_reserve_back(cb_out0, 1);
        tile_regs_acquire();
        ELTWISE_OP(cb_in0, cb_in1, 0, 0, 0);
        tile_regs_commit();
        tile_regs_wait();
        pack_tile(0, cb_out0);
        tile_regs_release();
        cb_pop_front(cb_in0, 1);
        cb_pop_front(cb_in1, 1);
        cb_push_back(cb_out0, 1);
    }
}
} // namespace NAMESPACE
