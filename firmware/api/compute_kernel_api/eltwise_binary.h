/* firmware/api/compute_kernel_api/eltwise_binary.h - element-wise add, sub and mul of two
 * tiles into Dst (tt-metal's names): in0 to SrcA, in1 to SrcB, ELWADD/ELWSUB/ELWMUL. */
#ifndef BH_COMPUTE_ELTWISE_BINARY_H
#define BH_COMPUTE_ELTWISE_BINARY_H
#include "compute_kernel_api/llk_glue.h"

namespace ckernel
{
static inline void binary_op_init_common(uint32_t icb0, uint32_t icb1, uint32_t ocb)
{
    hw_configure(icb0, icb1, ocb);
}

static inline void add_tiles_init(uint32_t icb0 = 0, uint32_t icb1 = 1, bool acc_to_dest = false)
{
    MATH(llk::math_eltwise_init(TENSIX_OP_ELWADD, 1));
    (void)icb0, (void)icb1, (void)acc_to_dest;
}
static inline void sub_tiles_init(uint32_t icb0 = 0, uint32_t icb1 = 1, bool acc_to_dest = false)
{
    MATH(llk::math_eltwise_init(TENSIX_OP_ELWSUB, 1));
    (void)icb0, (void)icb1, (void)acc_to_dest;
}
static inline void mul_tiles_init(uint32_t icb0 = 0, uint32_t icb1 = 1)
{
    MATH(llk::math_eltwise_init(TENSIX_OP_ELWMUL, math_fidelity_phases));
    (void)icb0, (void)icb1;
}

/* the tiles itile0 of icb0 and itile1 of icb1 through the op of the last *_tiles_init */
static inline void binary_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1,
                                uint32_t idst)
{
    UNPACK(llk::unpack_tile(0, cb_tile_addr(icb0, itile0), llk::cb(icb0).page_size));
    UNPACK(llk::unpack_tile(1, cb_tile_addr(icb1, itile1), llk::cb(icb1).page_size));
    MATH(llk::math_tile(idst, 3));
    (void)icb0, (void)icb1, (void)itile0, (void)itile1, (void)idst;
}
static inline void add_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1,
                             uint32_t idst)
{
    binary_tiles(icb0, icb1, itile0, itile1, idst);
}
static inline void sub_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1,
                             uint32_t idst)
{
    binary_tiles(icb0, icb1, itile0, itile1, idst);
}
static inline void mul_tiles(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1,
                             uint32_t idst)
{
    binary_tiles(icb0, icb1, itile0, itile1, idst);
}
} // namespace ckernel

#endif
