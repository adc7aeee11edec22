/* tests/programs/dst_bad_width.c - TRISC0 loads 16 bits from Dst while its view is the reset
 * one (fmt 0, 32-bit elements): Dst.md leaves that undefined, so the run stops naming it. */
#include "tests/programs/tile_io.h"

int main(void)
{
    return *(volatile uint16_t *)0xFFBD8000u;
}
