/* tests/programs/l1_fill.c - BRISC fills 1 KiB of L1 at 0x20000 with words computed by
 * multiplies, divides and bit operations, sums them back, and stores the sum at 0x20400.
 * tests/programs/check_l1_fill.py computes the same bytes on the host. */
#include <stdint.h>

#define BUF ((volatile uint32_t *)0x20000u)
#define WORDS 256

static uint32_t word(uint32_t i)
{
    uint32_t a = i * 0x9E3779B1u;
    uint32_t b = (i + 7) / 3 + (i % 5);
    return (a ^ (a >> 13)) + (b << 7) - __builtin_popcount(i);
}

int main(void)
{
    for (uint32_t i = 0; i < WORDS; i++)
        BUF[i] = word(i);
    uint32_t sum = 0;
    for (uint32_t i = 0; i < WORDS; i++)
        sum += BUF[i] ^ i;
    BUF[WORDS] = sum;
    return 0;
}
