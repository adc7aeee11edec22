/* tests/programs/self_reset.c - BRISC puts itself into reset (its bit, 11, of SOFT_RESET_0)
 * and nothing else runs to release it: it never reaches ebreak, and the run must say so rather
 * than end with exit 0 as if the program had finished. */
#include "tests/programs/tile_io.h"

#define SOFT_RESET_0 (RISCV_DEBUG_REGS + 0x1B0u)

int main(void)
{
    mmio_write(SOFT_RESET_0, mmio_read(SOFT_RESET_0) | 1u << 11);
    for (;;) /* the write takes a few cycles to land: the core must not reach ebreak first */
        ;
}
