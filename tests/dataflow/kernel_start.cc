// SPDX-License-Identifier: Apache-2.0
/* tests/dataflow/kernel_start.cc - the start-up of a test kernel run by the riscv workload
 * (in place of the firmware the host will load): tests/programs/crt0.S sets the stack in
 * local RAM and calls main, which does what the firmware does before a kernel (the CB
 * interfaces from the launch message's cb_mask) and what the kernel's own start-up does (the
 * dataflow API's NoC state), then runs the kernel; crt0.S ends the core's run with ebreak. */
#include "dataflow_api.h"

extern "C" int main()
{
    const volatile BhLaunchMsg *launch = (const volatile BhLaunchMsg *)BH_L1_LAUNCH;
    bh_cb_interface_init(launch->cb_mask);
    bh_dataflow_init();
    kernel_main();
    return 0;
}
