// SPDX-License-Identifier: Apache-2.0
/* firmware/kernel_entry.cc - the first instruction of a kernel slot: the firmware calls it,
 * it calls the user's kernel, included here (KERNEL_FILE, a quoted path) so one translation
 * unit holds both. Data movement kernels define kernel_main(); compute kernels define
 * NAMESPACE::MAIN, which the build makes chlkc_unpack::unpack_main(), chlkc_math::math_main()
 * or chlkc_pack::pack_main() for TRISC0, 1 and 2 (tt-metal's convention). A data-movement
 * kernel that includes the dataflow API has its NoC state set up first (bh_dataflow_init), a
 * compute kernel that includes the compute API its LLK state (ckernel::compute_start) and its
 * CB debts paid after MAIN (compute_finish), as their start-up code does in tt-metal. */
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
#ifdef BH_COMPUTE_LLK_GLUE_H /* the compute API: its per-thread state first, its debts after */
    ckernel::compute_start();
#endif
    NAMESPACE::MAIN;
#ifdef BH_COMPUTE_LLK_GLUE_H
    ckernel::compute_finish();
#endif
#else
#ifdef BH_DATAFLOW_API_H /* the kernel uses the dataflow API: its NoC state first */
    bh_dataflow_init();
#endif
    kernel_main();
#endif
}
