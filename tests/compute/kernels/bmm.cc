// SPDX-License-Identifier: Apache-2.0
/* tests/compute/kernels/bmm.cc - N output tiles, each the sum over Kt tile products of CB 0
 * (in0) and CB 1 (in1) accumulated in one Dst tile (tt-metal's bmm compute kernel with Mt = 1,
 * Nt = N). Compile-time arguments: batch (N), Mt, Kt, Nt. */
#include <cstdint>
#include "compute_kernel_api/matmul.h"
#include "compute_kernel_api/tile_move_copy.h"

namespace NAMESPACE
{
void MAIN
{
    uint32_t batch = get_compile_time_arg_val(0);
    uint32_t Mt = get_compile_time_arg_val(1);
    uint32_t Kt = get_compile_time_arg_val(2);
    uint32_t Nt = get_compile_time_arg_val(3);
    mm_init(0, 1, 16);
    for (uint32_t nb = 0; nb < batch; ++nb)
        for (uint32_t mt_C = 0; mt_C < Mt; ++mt_C)
            for (uint32_t nt_C = 0; nt_C < Nt; ++nt_C) {
                tile_regs_acquire();
                for (uint32_t kt = 0; kt < Kt; ++kt) {
                    cb_wait_front(0, 1);
                    cb_wait_front(1, 1);
                    matmul_tiles(0, 1, 0, 0, 0, false);
                    cb_pop_front(0, 1);
                    cb_pop_front(1, 1);
                }
                tile_regs_commit();
                tile_regs_wait();
                cb_reserve_back(16, 1);
                pack_tile(0, 16);
                cb_push_back(16, 1);
                tile_regs_release();
            }
}
} // namespace NAMESPACE
