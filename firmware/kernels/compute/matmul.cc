// SPDX-License-Identifier: Apache-2.0
/* One output tile at a time: C(m, n) = sum over k of A(m, k) B(k, n), accumulated in Dst
 * (matmul_tiles adds into the Dst tile), then packed to CB 16.
 * Runtime args: n_tiles (output tiles), Kt. */
#include "compute_kernel_api/matmul.h"
#include "compute_kernel_api/tile_move_copy.h"

namespace NAMESPACE
{
void MAIN
{
    const uint32_t n_tiles = get_arg_val<uint32_t>(0);
    const uint32_t Kt = get_arg_val<uint32_t>(1);
    constexpr uint32_t cb_a = 0, cb_b = 1, cb_out = 16;
    mm_init(cb_a, cb_b, cb_out);
    for (uint32_t t = 0; t < n_tiles; t++) {
        tile_regs_acquire();
        for (uint32_t k = 0; k < Kt; k++) {
            cb_wait_front(cb_a, 1);
            cb_wait_front(cb_b, 1);
            matmul_tiles(cb_a, cb_b, 0, 0, 0, false);
            cb_pop_front(cb_a, 1);
            cb_pop_front(cb_b, 1);
        }
        tile_regs_commit();
        cb_reserve_back(cb_out, 1);
        tile_regs_wait();
        pack_tile(0, cb_out);
        tile_regs_release();
        cb_push_back(cb_out, 1);
    }
}
} // namespace NAMESPACE
