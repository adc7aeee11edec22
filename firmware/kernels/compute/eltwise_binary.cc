// SPDX-License-Identifier: Apache-2.0
/* c = a OP b tile by tile: CBs 0 and 1 in, 16 out. OP by define: BH_OP_ADD, BH_OP_SUB or
 * BH_OP_MUL. Runtime arg 0: n_tiles. */
#include "compute_kernel_api/eltwise_binary.h"
#include "compute_kernel_api/tile_move_copy.h"

namespace NAMESPACE
{
void MAIN
{
    const uint32_t n_tiles = get_arg_val<uint32_t>(0);
    constexpr uint32_t cb_a = 0, cb_b = 1, cb_out = 16;
    binary_op_init_common(cb_a, cb_b, cb_out);
#if defined(BH_OP_SUB)
    sub_tiles_init(cb_a, cb_b);
#elif defined(BH_OP_MUL)
    mul_tiles_init(cb_a, cb_b);
#else
    add_tiles_init(cb_a, cb_b);
#endif
    for (uint32_t i = 0; i < n_tiles; i++) {
        cb_wait_front(cb_a, 1);
        cb_wait_front(cb_b, 1);
        tile_regs_acquire();
#if defined(BH_OP_SUB)
        sub_tiles(cb_a, cb_b, 0, 0, 0);
#elif defined(BH_OP_MUL)
        mul_tiles(cb_a, cb_b, 0, 0, 0);
#else
        add_tiles(cb_a, cb_b, 0, 0, 0);
#endif
        tile_regs_commit();
        cb_pop_front(cb_a, 1);
        cb_pop_front(cb_b, 1);
        cb_reserve_back(cb_out, 1);
        tile_regs_wait();
        pack_tile(0, cb_out);
        tile_regs_release();
        cb_push_back(cb_out, 1);
    }
}
} // namespace NAMESPACE
