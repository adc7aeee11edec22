// SPDX-License-Identifier: Apache-2.0
/* A writer that returns without popping its CB: once the output CB is full the compute
 * kernel's packer waits for space for ever, and the message must say nothing ever popped it. */
#include "dataflow_api.h"

void kernel_main() {}
