/* firmware/api/compute_kernel_api/reg_api.h - the Dst handshake between math and pack
 * (tt-metal's tile_regs_* and the older acquire_dst / release_dst): math acquires a free Dst
 * half and commits it, pack waits for a committed half and releases it. Details in
 * firmware/llk/llk_math.h and llk_pack.h. */
#ifndef BH_COMPUTE_REG_API_H
#define BH_COMPUTE_REG_API_H
#include "compute_kernel_api/common.h"
#include "firmware/llk/llk_math.h"
#include "firmware/llk/llk_pack.h"

namespace ckernel
{
static inline void tile_regs_acquire()
{
    MATH(llk::math_acquire());
}
static inline void tile_regs_commit()
{
    MATH(llk::math_commit());
}
static inline void tile_regs_wait()
{
    PACK(llk::pack_wait());
}
static inline void tile_regs_release()
{
    PACK(llk::pack_release());
}
/* the older pair: both halves of the handshake at once */
static inline void acquire_dst()
{
    MATH(llk::math_acquire());
    PACK(llk::pack_wait());
}
static inline void release_dst()
{
    MATH(llk::math_commit());
    PACK(llk::pack_release());
}
} // namespace ckernel

#endif
