/* tests/programs/hot_loop.c - BRISC spends nearly all its cycles in one tight arithmetic loop
 * of 100000 iterations between a short setup and teardown, for the --profile test
 * (check_profile.py finds the loop's lines by the markers below, not by number). */
#include <stdint.h>

#define OUT ((volatile uint32_t *)0x20000u)

static uint32_t __attribute__((noinline)) spin(uint32_t n, uint32_t seed)
{
    uint32_t a = seed, b = seed ^ 0x5bd1e995u;
    for (uint32_t i = 0; i < n; i++) { /* HOT LOOP BEGIN */
        a = a * 33u + i;
        b ^= a >> 7;
    } /* HOT LOOP END */
    return a + b;
}

int main(void)
{
    OUT[0] = 1;
    OUT[1] = spin(100000, OUT[0]);
    return 0;
}
