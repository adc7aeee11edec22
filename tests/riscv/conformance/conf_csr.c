/* tests/riscv/conformance/conf_csr.c - Zicsr on a read-write scratch CSR, CONF_CSR: Blackhole's
 * cfg1 (0x7C3) for our core, mscratch (0x340) for QEMU, which has no cfg1; the same lines
 * either way. With CONF_BH it also reads misa and counts instret across a known sequence,
 * which QEMU defines differently. */
#include "tests/riscv/conformance/conf_table.h"
#include "tests/riscv/rt/rt.h"

#ifndef CONF_CSR
#error "build with -DCONF_CSR=<csr number>"
#endif
#define STR_(x) #x
#define STR(x) STR_(x)
#define CSR STR(CONF_CSR)

static const uint32_t inputs[CONF_N_INPUTS] = CONF_INPUTS;

static void line(const char *name, int n, uint32_t a, uint32_t b, uint32_t c)
{
    rt_puts(name);
    uint32_t v[3] = {a, b, c};
    for (int i = 0; i < n; i++) {
        rt_putc(' ');
        rt_hex32(v[i]);
    }
    rt_putc('\n');
}

static uint32_t csr_read(void)
{
    uint32_t r;
    __asm__ volatile("csrr %0, " CSR : "=r"(r));
    return r;
}

static void csr_write(uint32_t v)
{
    __asm__ volatile("csrw " CSR ", %0" : : "r"(v));
}

int main(void)
{
    uint32_t old;
    for (int i = 0; i < CONF_N_INPUTS; i++)
        for (int j = 0; j < CONF_N_INPUTS; j++) {
            uint32_t a = inputs[i], b = inputs[j];
            csr_write(a);
            __asm__ volatile("csrrw %0, " CSR ", %1" : "=r"(old) : "r"(b));
            line("csrrw", 3, a, b, old);
            line("csrr", 1, csr_read(), 0, 0);
            __asm__ volatile("csrrs %0, " CSR ", %1" : "=r"(old) : "r"(a));
            line("csrrs", 3, b, a, old);
            uint32_t now = csr_read();
            line("csrr", 1, now, 0, 0);
            __asm__ volatile("csrrc %0, " CSR ", %1" : "=r"(old) : "r"(b));
            line("csrrc", 3, now, b, old);
            line("csrr", 1, csr_read(), 0, 0);
        }
    for (int i = 0; i < CONF_N_INPUTS; i++) {
        uint32_t a = inputs[i];
#define UIMM(u)                                                                                    \
    csr_write(a);                                                                                  \
    __asm__ volatile("csrrwi %0, " CSR ", %1" : "=r"(old) : "i"(u));                               \
    line("csrrwi", 3, a, u, old);                                                                  \
    line("csrr", 1, csr_read(), 0, 0);                                                             \
    csr_write(a);                                                                                  \
    __asm__ volatile("csrrsi %0, " CSR ", %1" : "=r"(old) : "i"(u));                               \
    line("csrrsi", 3, a, u, old);                                                                  \
    line("csrr", 1, csr_read(), 0, 0);                                                             \
    csr_write(a);                                                                                  \
    __asm__ volatile("csrrci %0, " CSR ", %1" : "=r"(old) : "i"(u));                               \
    line("csrrci", 3, a, u, old);                                                                  \
    line("csrr", 1, csr_read(), 0, 0);
        CONF_CSR_UIMMS(UIMM)
#undef UIMM
        csr_write(a);
        uint32_t r0, r1;
        __asm__ volatile("csrrs %0, " CSR ", x0\n\tcsrrc x0, " CSR ", x0\n\tcsrrsi x0, " CSR
                         ", 0\n\tcsrr %1, " CSR
                         : "=r"(r0), "=r"(r1));
        line("csrrs.x0", 2, r0, r1, 0);
    }
#ifdef CONF_BH
    uint32_t misa, i0, i1;
    __asm__ volatile("csrr %0, misa" : "=r"(misa));
    line("misa", 1, misa, 0, 0);
    /* instret counts the instructions retired before the reading one: 4 between the reads */
    __asm__ volatile("csrr %0, instret\n\tnop\n\tnop\n\tnop\n\tcsrr %1, instret"
                     : "=r"(i0), "=r"(i1));
    line("instret.delta", 1, i1 - i0, 0, 0);
#endif
    rt_puts("done\n");
    return 0;
}
