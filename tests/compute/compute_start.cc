// SPDX-License-Identifier: Apache-2.0
/* tests/compute/compute_start.cc - the start-up of a compute kernel in the riscv workload,
 * until the firmware runs kernels: fill the CB interfaces, clear the LLK state, run the kernel's
 * thread (NAMESPACE and MAIN come from the build: chlkc_unpack::unpack_main() and so on), pay what
 * the kernel still owes L1, return to crt0 (ebreak). Built once per thread with the kernel. */
#include "compute_kernel_api/llk_glue.h"

namespace NAMESPACE
{
void MAIN;
}

extern "C" int main()
{
    bh_cb_interface_init(BH_TEST_CB_MASK);
    ckernel::compute_start();
    const uint32_t start = bh_wall_clock();
    NAMESPACE::MAIN;
    ckernel::compute_finish();
    /* the thread's own cycle count, for the cycle figures: word at BH_TEST_CYCLES + 4 * thread */
    bh_l1_write(BH_TEST_CYCLES + 4u * COMPILE_FOR_TRISC, bh_wall_clock() - start);
    return 0;
}
