// SPDX-License-Identifier: Apache-2.0
/* tests/compute/kernels/eltwise_copy.cc - copies N tiles from CB 0 to CB 16 through Dst
 * (tt-metal's eltwise_copy compute kernel, with the older acquire_dst/release_dst pair). */
#include <cstdint>
#include "compute_kernel_api/common.h"
#include "compute_kernel_api/tile_move_copy.h"
#include "compute_kernel_api/eltwise_unary/eltwise_unary.h"

namespace NAMESPACE
{
void MAIN
{
    uint32_t per_core_tile_cnt = get_compile_time_arg_val(0);
    unary_op_init_common(0, 16);
    copy_tile_init(0);
    for (uint32_t b = 0; b < per_core_tile_cnt; ++b) {
        acquire_dst();
        cb_wait_front(0, 1);
        cb_reserve_back(16, 1);
        copy_tile(0, 0, 0);
        pack_tile(0, 16);
        cb_pop_front(0, 1);
        cb_push_back(16, 1);
        release_dst();
    }
}
} // namespace NAMESPACE
