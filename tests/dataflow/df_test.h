/* tests/dataflow/df_test.h - what the dataflow test kernels share. */
#ifndef BH_DF_TEST_H
#define BH_DF_TEST_H
#include <stdint.h>
#include "firmware/api/bh_kernel_common.h"

/* busy for about `cycles` cycles (a loop on the wall clock, which is never a poll) */
static inline void df_spin(uint32_t cycles)
{
    const uint32_t t0 = bh_wall_clock();
    while (cycles && bh_wall_clock() - t0 < cycles) {
    }
}

#endif
