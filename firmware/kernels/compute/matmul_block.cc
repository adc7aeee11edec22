// SPDX-License-Identifier: Apache-2.0
/* The multicast matmul's compute kernel: this core's pcM x pcN output tiles stay in Dst (at
 * most 8, half of a 16-bit Dst) while the K blocks stream through CBs 0 (pcM x kb tiles of A,
 * row-major) and 1 (kb x pcN tiles of B); each block adds its products in k order, so every
 * output element sums its K products in order, as the one-tile-at-a-time kernel does. Then the
 * tiles are packed to CB 16 in row-major order.
 * Runtime args: num_blocks, kb, pcM, pcN. */
#include "compute_kernel_api/matmul.h"
#include "compute_kernel_api/tile_move_copy.h"

namespace NAMESPACE
{
void MAIN
{
    const uint32_t num_blocks = get_arg_val<uint32_t>(0);
    const uint32_t kb = get_arg_val<uint32_t>(1);
    const uint32_t pcM = get_arg_val<uint32_t>(2);
    const uint32_t pcN = get_arg_val<uint32_t>(3);
    constexpr uint32_t cb_a = 0, cb_b = 1, cb_out = 16;
    mm_init(cb_a, cb_b, cb_out);
    tile_regs_acquire();
    for (uint32_t blk = 0; blk < num_blocks; blk++) {
        cb_wait_front(cb_a, pcM * kb);
        cb_wait_front(cb_b, kb * pcN);
        for (uint32_t m = 0; m < pcM; m++)
            for (uint32_t n = 0; n < pcN; n++)
                for (uint32_t k = 0; k < kb; k++)
                    matmul_tiles(cb_a, cb_b, m * kb + k, k * pcN + n, m * pcN + n, false);
        cb_pop_front(cb_a, pcM * kb);
        cb_pop_front(cb_b, kb * pcN);
    }
    tile_regs_commit();
    cb_reserve_back(cb_out, pcM * pcN);
    tile_regs_wait();
    for (uint32_t i = 0; i < pcM * pcN; i++)
        pack_tile(i, cb_out);
    tile_regs_release();
    cb_push_back(cb_out, pcM * pcN);
}
} // namespace NAMESPACE
