// SPDX-License-Identifier: Apache-2.0
/* A reader that waits on a semaphore nobody posts: the watchdog must name it. */
#include "dataflow_api.h"

void kernel_main()
{
    volatile tt_l1_ptr uint32_t *sem = (volatile tt_l1_ptr uint32_t *)get_semaphore(0);
    noc_semaphore_wait(sem, 1);
}
