// SPDX-License-Identifier: Apache-2.0
/* firmware/kernel_entry.cc - the first instruction of a kernel slot: the firmware calls it,
 * it calls the user's kernel, included here (KERNEL_FILE, a quoted path) so one translation
 * unit holds both. Data movement kernels define kernel_main(); compute kernels define
 * NAMESPACE::MAIN, which the build makes chlkc_unpack::unpack_main(), chlkc_math::math_main()
 * or chlkc_pack::pack_main() for TRISC0, 1 and 2 (tt-metal's convention). A data-movement
 * kernel that includes the dataflow API has its NoC state set up first (bh_dataflow_init),
 * as its start-up does in tt-metal. */
#include "firmware/api/bh_kernel_common.h"

/* kept out of line, so a PC in the user's code names the user's function (stall messages) */
#if defined(COMPILE_FOR_TRISC)
namespace NAMESPACE
{
__attribute__((noinline)) void MAIN;
}
#else
__attribute__((noinline)) void kernel_main();
#endif

#include KERNEL_FILE

extern "C" __attribute__((section(".text.start"), used, noinline)) void bh_kernel_entry(void)
{
#if defined(COMPILE_FOR_TRISC)
    NAMESPACE::MAIN;
#else
#ifdef BH_DATAFLOW_API_H /* the kernel uses the dataflow API: its NoC state first */
    bh_dataflow_init();
#endif
    kernel_main();
#endif
}
