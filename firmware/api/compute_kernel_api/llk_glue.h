/* firmware/api/compute_kernel_api/llk_glue.h - what the op headers share: the one-time
 * hardware configuration of each thread (tt-llk's *_hw_configure), done by the first init a
 * kernel calls, and the CB tile addresses the unpack thread reads. */
#ifndef BH_COMPUTE_LLK_GLUE_H
#define BH_COMPUTE_LLK_GLUE_H
#include "compute_kernel_api/common.h"
#include "firmware/llk/llk_math.h"
#include "firmware/llk/llk_pack.h"
#include "firmware/llk/llk_unpack.h"

namespace ckernel
{
/* configures this thread for inputs in CBs a and b and output in CB out, once per kernel */
static inline void hw_configure(uint32_t a, uint32_t b, uint32_t out)
{
    if (llk::state().hw.configured)
        return;
    llk::state().hw.configured = 1;
    UNPACK(llk::unpack_hw_configure(cb_format(a), cb_format(b), DST_ACCUM_MODE));
    MATH(llk::math_hw_configure(DST_ACCUM_MODE));
    PACK(llk::pack_hw_configure(cb_format(out), DST_ACCUM_MODE));
    (void)a, (void)b, (void)out;
}

/* L1 address of tile `index` past the front of CB `cb` */
static inline uint32_t cb_tile_addr(uint32_t cb, uint32_t index)
{
    const BhCbInterface &c = llk::cb(cb);
    return llk::cb_page_addr(c, c.rd_ptr, index);
}

/* the start of a compute kernel on this core, after the CB interfaces are filled and before
 * MAIN (the start-up code calls it) */
static inline void compute_start()
{
    llk::state_init();
}

/* the end of a compute kernel on this core: every pop or push owed to L1 is paid (the
 * start-up code calls it after MAIN) */
static inline void compute_finish()
{
    llk::cb_drain();
    llk::sync();
}
} // namespace ckernel

#endif
