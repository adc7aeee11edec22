/* tests/programs/poll_idle.c - a core that waits for work that never comes, as firmware waits
 * for a launch: it polls its NIU's read-response counter, which nothing changes. Built once per
 * core role at its own address (bench/riscv.py releases all 700 cores of a p150b with it). */
#include "tests/programs/niu.h"

int main(void)
{
    const uint32_t seen = mmio_read(NIU0 + MST_RD_RESP_RECEIVED);
    while (mmio_read(NIU0 + MST_RD_RESP_RECEIVED) == seen)
        ;
    return 0;
}
