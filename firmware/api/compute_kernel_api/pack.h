/* firmware/api/compute_kernel_api/pack.h - pack a Dst tile into a CB (tt-metal's names): without
 * an explicit index the tiles of one reserve fill the CB's back in call order. */
#ifndef BH_COMPUTE_PACK_H
#define BH_COMPUTE_PACK_H
#include "compute_kernel_api/common.h"
#include "firmware/llk/llk_pack.h"

namespace ckernel
{
static inline void pack_tile(uint32_t ifrom_dst, uint32_t icb, uint32_t output_tile_index = 0)
{
#if defined(TRISC_PACK)
    const BhCbInterface &c = llk::cb(icb);
    uint32_t &next = llk::cb_wr_tile(icb);
    uint32_t index = output_tile_index ? output_tile_index : next++;
    llk::pack_tile_to(ifrom_dst, llk::cb_page_addr(c, c.wr_ptr, index));
#endif
    (void)ifrom_dst, (void)icb, (void)output_tile_index;
}
static inline void pack_tile_init(uint32_t icb = 16)
{
    (void)icb;
}
} // namespace ckernel

#endif
