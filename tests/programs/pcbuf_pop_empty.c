/* tests/programs/pcbuf_pop_empty.c - a TRISC that pops its PCBuf when nothing will ever push
 * to it (BRISC runs nothing): the read waits for ever, and the run must say so rather than end
 * at sim.cycles with exit 0. */
#include "tests/programs/tile_io.h"

int main(void)
{
    return (int)mmio_read(PC_BUF_BASE);
}
