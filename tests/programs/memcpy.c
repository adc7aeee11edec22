/* tests/programs/memcpy.c - TRISC0 copies 16 KiB from 0x20000 to 0x60000 word by word and
 * stores the cycles the copy took (cycle CSR) at 0x70000 (bench/riscv.py: bytes per cycle,
 * alone and while another tile writes into this tile's L1 over the NoC). */
#include <stdint.h>

#define BYTES 16384u

static inline uint32_t cycles(void)
{
    uint32_t c;
    __asm__ volatile("csrr %0, cycle" : "=r"(c));
    return c;
}

int main(void)
{
    const volatile uint32_t *src = (const volatile uint32_t *)0x20000u;
    volatile uint32_t *dst = (volatile uint32_t *)0x60000u;
    const uint32_t t0 = cycles();
    for (uint32_t i = 0; i < BYTES / 4; i += 4) {
        const uint32_t a = src[i], b = src[i + 1], c = src[i + 2], d = src[i + 3];
        dst[i] = a;
        dst[i + 1] = b;
        dst[i + 2] = c;
        dst[i + 3] = d;
    }
    *(volatile uint32_t *)0x70000u = cycles() - t0;
    return 0;
}
