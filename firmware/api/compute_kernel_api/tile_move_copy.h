/* firmware/api/compute_kernel_api/tile_move_copy.h - copy a tile from a CB into Dst (tt-metal's
 * names): the unpacker puts it into SrcA, the matrix unit moves it to Dst (datacopy A2D). */
#ifndef BH_COMPUTE_TILE_MOVE_COPY_H
#define BH_COMPUTE_TILE_MOVE_COPY_H
#include "compute_kernel_api/llk_glue.h"

namespace ckernel
{
static inline void copy_tile_to_dst_init_short(uint32_t cb = 0, uint32_t transpose = 0)
{
    MATH(llk::math_copy_init());
    (void)cb, (void)transpose;
}
static inline void copy_tile_init(uint32_t cb = 0)
{
    hw_configure(cb, cb, cb);
    copy_tile_to_dst_init_short(cb);
}
/* tile `itile` past the front of CB `cb` into Dst tile `idst` */
static inline void copy_tile(uint32_t cb, uint32_t itile, uint32_t idst)
{
    UNPACK(llk::unpack_tile(0, cb_tile_addr(cb, itile), llk::cb(cb).page_size));
    MATH(llk::math_tile(idst, 1));
    (void)cb, (void)itile, (void)idst;
}
} // namespace ckernel

#endif
