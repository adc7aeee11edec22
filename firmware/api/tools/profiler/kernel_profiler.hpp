// SPDX-License-Identifier: Apache-2.0
/* firmware/api/tools/profiler/kernel_profiler.hpp - the header tt-metal kernels include for
 * DeviceZoneScopedN; here the zones of bh_zone.h. */
#pragma once
#include "firmware/api/bh_zone.h"
