/* firmware/api/compute_kernel_api/common.h - what every compute kernel header shares: the
 * thread a build is for, and tt-metal's UNPACK() / MATH() / PACK() macros, which keep a
 * statement only in the build of that thread (a compute kernel is compiled three times, with
 * TRISC_UNPACK, TRISC_MATH or TRISC_PACK; host/bh_host.h).
 *
 * Build defines (tt-metal's): MATH_FIDELITY 0 LoFi, 2 HiFi2, 3 HiFi3, 4 HiFi4 (the number of
 * matmul fidelity phases, LoFi 1); DST_ACCUM_MODE 1 = Dst holds FP32 (matmul and
 * element-wise ops; copy_tile and the SFPU ops need 16-bit Dst, firmware/llk/README.md); APPROX
 * (SFPU approximations). */
#ifndef BH_COMPUTE_COMMON_H
#define BH_COMPUTE_COMMON_H
#include <stdint.h>
#include "firmware/api/bh_kernel_common.h"
#include "firmware/llk/llk_cb.h"

#if defined(TRISC_UNPACK)
#define UNPACK(x) x
#else
#define UNPACK(x)
#endif
#if defined(TRISC_MATH)
#define MATH(x) x
#else
#define MATH(x)
#endif
#if defined(TRISC_PACK)
#define PACK(x) x
#else
#define PACK(x)
#endif

#ifndef MATH_FIDELITY
#define MATH_FIDELITY 4
#endif
#ifndef DST_ACCUM_MODE
#define DST_ACCUM_MODE 0
#endif
#ifndef APPROX
#define APPROX 0
#endif

namespace ckernel
{
/* fidelity phases of MATH_FIDELITY: LoFi (0) runs one */
constexpr uint32_t math_fidelity_phases = MATH_FIDELITY == 0 ? 1 : MATH_FIDELITY;

/* the format of a CB's pages, as the host configured it */
static inline uint32_t cb_format(uint32_t cb)
{
    return BH_CB_INTERFACE[cb].format;
}
} // namespace ckernel

/* what every compute kernel uses, as tt-metal's common.h brings it in */
#include "compute_kernel_api/cb_api.h"
#include "compute_kernel_api/pack.h"
#include "compute_kernel_api/reg_api.h"

/* kernels call the API unqualified from inside NAMESPACE, as in tt-metal */
using namespace ckernel;

#endif
