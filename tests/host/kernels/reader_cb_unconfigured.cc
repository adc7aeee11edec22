// SPDX-License-Identifier: Apache-2.0
/* A reader that reserves space in CB 2, which the eltwise program never configures: it waits
 * for ever, and the message must say that CB 2 was never configured. */
#include "dataflow_api.h"

void kernel_main()
{
    cb_reserve_back(2, 1);
    cb_push_back(2, 1);
}
