/* tests/riscv/diff_rt.c - the dump routine of rv_diff.py's programs: each block stores its
 * registers in diff_regs and calls diff_dump, which prints them and the data window. */
#include <stdint.h>

#include "tests/riscv/rt/rt.h"

#define DIFF_WIN_BYTES 128 /* rv_diff.py's WIN_BYTES */

uint32_t diff_regs[32];
extern uint32_t diff_win[DIFF_WIN_BYTES / 4];

void diff_dump(uint32_t block)
{
    rt_puts("b ");
    rt_hex32(block);
    rt_puts("\nr");
    for (int r = 1; r < 32; r++) {
        rt_putc(' ');
        rt_hex32(diff_regs[r]);
    }
    rt_puts("\nm");
    for (int i = 0; i < DIFF_WIN_BYTES / 4; i++) {
        rt_putc(' ');
        rt_hex32(diff_win[i]);
    }
    rt_putc('\n');
}
