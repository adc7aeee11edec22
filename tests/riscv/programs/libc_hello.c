/* tests/riscv/programs/libc_hello.c - a program linked with picolibc (bh_add_rv_program LIBC):
 * formatted output, string functions and errno (thread-local) work on our start-up code. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/riscv/rt/rt.h"

int main(void)
{
    char buf[96];
    int n =
        snprintf(buf, sizeof buf, "hello %s %d %u %x %08lx", "rv32", -42, 42u, 0xbeefu, 0x1234ul);
    rt_puts(buf);
    rt_putc('\n');
    errno = 0;
    long v = strtol("99999999999", NULL, 10);
    snprintf(buf, sizeof buf, "n=%d len=%u cmp=%d strtol=%ld erange=%d", n,
             (unsigned)strlen("abcdef"), memcmp("abc", "abd", 3) < 0, v, errno == ERANGE);
    rt_puts(buf);
    rt_putc('\n');
    return 0;
}
