/* tests/riscv/rt/rt.h - the few services of the flat test programs: bytes to QEMU virt's
 * ns16550 UART, hex numbers, and the sifive_test finisher. Identical on QEMU and rv_flat_run. */
#ifndef BH_RV_RT_H
#define BH_RV_RT_H
#include <stdint.h>

#define RT_UART_BASE 0x10000000u
#define RT_FINISHER 0x00100000u
#define RT_FINISH_PASS 0x5555u
#define RT_FINISH_FAIL 0x3333u /* | code << 16 */

static inline void rt_putc(char c)
{
    *(volatile uint8_t *)RT_UART_BASE = (uint8_t)c;
}

static inline void rt_puts(const char *s)
{
    while (*s)
        rt_putc(*s++);
}

static inline void rt_hex32(uint32_t v)
{
    for (int i = 28; i >= 0; i -= 4)
        rt_putc("0123456789abcdef"[(v >> i) & 15]);
}

_Noreturn void rt_exit(int code);
#endif
