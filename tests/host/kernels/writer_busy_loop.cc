// SPDX-License-Identifier: Apache-2.0
/* A writer stuck in a loop that keeps changing state (a counter in L1) but never pushes, pops
 * or signals anything: no watchdog sees a stall, so only the livelock detector
 * (host.livelock_cycles) or the run's deadline ends it. */
#include "dataflow_api.h"

void kernel_main()
{
    volatile uint32_t *counter = reinterpret_cast<volatile uint32_t *>(0x100000);
    for (;;)
        *counter = *counter + 1;
}
