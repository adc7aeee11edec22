/* firmware/api/compute_kernel_api/cb_api.h - CB flow control in a compute kernel (tt-metal's
 * names): the consumer calls act on the unpack thread, the producer calls on the pack thread,
 * the other builds drop them. How a pop or push waits for the unpacker or packer is in
 * firmware/llk/llk_cb.h. */
#ifndef BH_COMPUTE_CB_API_H
#define BH_COMPUTE_CB_API_H
#include "compute_kernel_api/common.h"

namespace ckernel
{
static inline void cb_wait_front(uint32_t cb, uint32_t ntiles)
{
    UNPACK(llk::cb_wait_front(cb, ntiles));
    (void)cb, (void)ntiles;
}
static inline void cb_pop_front(uint32_t cb, uint32_t ntiles)
{
    UNPACK(llk::cb_pop_front(cb, ntiles));
    (void)cb, (void)ntiles;
}
static inline void cb_reserve_back(uint32_t cb, uint32_t ntiles)
{
    PACK(llk::cb_reserve_back(cb, ntiles));
    (void)cb, (void)ntiles;
}
static inline void cb_push_back(uint32_t cb, uint32_t ntiles)
{
    PACK(llk::cb_push_back(cb, ntiles));
    (void)cb, (void)ntiles;
}
} // namespace ckernel

#endif
