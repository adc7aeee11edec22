/* tests/programs/compute.c - compute-bound code from the L0 I-cache: an integer hash loop with
 * no memory access (bench/riscv.py: simulated core-cycles per second and CPI). The loop body
 * is in compute_loop.S so its instructions, and the CPI the documented latencies predict, are
 * fixed whatever the compiler does. */
#include <stdint.h>

uint32_t compute_loop(uint32_t n, uint32_t seed);

volatile uint32_t result;

int main(void)
{
    result = compute_loop(2000000u, 12345u);
    return 0;
}
