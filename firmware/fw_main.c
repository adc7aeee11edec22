// SPDX-License-Identifier: Apache-2.0
/* firmware/fw_main.c - the persistent firmware of one core, its role set by the build
 * (FW_ROLE, an BhRole): it follows the launch protocol of bh_l1_layout.h, forever. The
 * TRISCs' firmware leaves the Tensix coprocessor alone: compute kernels set it up. */
#include <stddef.h>
#include "firmware/api/bh_kernel_common.h"

#ifndef FW_ROLE
#error "FW_ROLE must name the core's BhRole"
#endif

typedef void (*BhKernelFn)(void);

/* the zones of a launch on the timeline, tt-metal's names for the same phases */
static const char *const fw_zone[BH_ROLES] = {"BRISC-FW", "NCRISC-FW", "TRISC0-FW", "TRISC1-FW",
                                              "TRISC2-FW"};
static const char *const kernel_zone[BH_ROLES] = {"BRISC-KERNEL", "NCRISC-KERNEL", "TRISC0-KERNEL",
                                                  "TRISC1-KERNEL", "TRISC2-KERNEL"};

void fw_main(void);

static uint32_t launch_word(size_t offset)
{
    return bh_l1_read_fresh(BH_L1_LAUNCH + (uint32_t)offset);
}

/* seq last, after a fence, so the host never sees a new seq with old results or timestamps */
static void done_write(uint32_t seq, uint32_t status, uint32_t start, uint32_t end)
{
    volatile BhDoneMsg *d = (volatile BhDoneMsg *)BH_L1_DONE_LINE(FW_ROLE);
    d->status = status;
    d->start = start;
    d->end = end;
    __asm__ volatile("fence" ::: "memory");
    d->seq = seq;
}

void fw_main(void)
{
    uint32_t seen = 0; /* the host zeroes the launch message before it releases the cores */
    done_write(0, BH_DONE_READY, 0, 0);
    for (;;) {
        uint32_t seq;
        while ((seq = launch_word(offsetof(BhLaunchMsg, seq))) == seen)
            ;
        seen = seq;
        if (launch_word(offsetof(BhLaunchMsg, flags)) & BH_LAUNCH_EXIT) {
            done_write(seq, BH_DONE_EXITED, 0, 0);
            __asm__ volatile("ebreak");
        }
        uint32_t start = 0, end = 0;
        if (launch_word(offsetof(BhLaunchMsg, kernel_mask)) >> FW_ROLE & 1) {
            bh_zone_begin(fw_zone[FW_ROLE]);
            bh_cb_interface_init(launch_word(offsetof(BhLaunchMsg, cb_mask)));
            start = bh_wall_clock();
            bh_zone_begin(kernel_zone[FW_ROLE]);
            ((BhKernelFn)BH_L1_KERNEL_OF(FW_ROLE))(); /* fence.i: a nop on these cores */
            bh_zone_end();
            end = bh_wall_clock();
            bh_zone_end();
        }
        done_write(seq, BH_DONE_OK, start, end);
    }
}
