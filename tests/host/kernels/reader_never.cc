// SPDX-License-Identifier: Apache-2.0
/* A reader that forgets to fill its CBs: the compute kernel waits on CB 0 for ever, which the
 * stall watchdog must report (the core, its PC and symbol, the word it waits on). */
#include "dataflow_api.h"

void kernel_main() {}
