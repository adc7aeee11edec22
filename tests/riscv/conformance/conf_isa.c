/* tests/riscv/conformance/conf_isa.c - runs every RV32IM, Zba, Zbb, Zbkb (pack, packh, brev8)
 * and Zaamo instruction on the operands of conf_table.h and prints one line per case; the
 * host's conformance_ref prints the expected lines. Runs on rv_flat_run and on QEMU. */
#include "tests/riscv/conformance/conf_table.h"
#include "tests/riscv/rt/rt.h"

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

#define RR(op, mn)                                                                                 \
    static uint32_t rv_##op(uint32_t a, uint32_t b)                                                \
    {                                                                                              \
        uint32_t r;                                                                                \
        __asm__ volatile(mn " %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));                             \
        return r;                                                                                  \
    }
CONF_RR_OPS(RR)
#undef RR

#define R1(op, mn)                                                                                 \
    static uint32_t rv_##op(uint32_t a)                                                            \
    {                                                                                              \
        uint32_t r;                                                                                \
        __asm__ volatile(mn " %0, %1" : "=r"(r) : "r"(a));                                         \
        return r;                                                                                  \
    }
CONF_R_OPS(R1)
#undef R1

#define IMM_CASE(op, mn, imm)                                                                      \
    {                                                                                              \
        uint32_t r;                                                                                \
        __asm__ volatile(mn " %0, %1, %2" : "=r"(r) : "r"(a), "i"(imm));                           \
        line(mn, 3, a, (uint32_t)(imm), r);                                                        \
    }
#define RI(op, mn)                                                                                 \
    static void rv_##op(uint32_t a)                                                                \
    {                                                                                              \
        CONF_IMMS(IMM_CASE, op, mn)                                                                \
    }
CONF_RI_OPS(RI)
#undef RI
#define SH(op, mn)                                                                                 \
    static void rv_##op(uint32_t a)                                                                \
    {                                                                                              \
        CONF_SHAMTS(IMM_CASE, op, mn)                                                              \
    }
CONF_SH_OPS(SH)
#undef SH

#define BR(op, mn)                                                                                 \
    static uint32_t rv_##op(uint32_t a, uint32_t b)                                                \
    {                                                                                              \
        uint32_t t;                                                                                \
        __asm__ volatile("li %0, 1\n\t" mn " %1, %2, 1f\n\tli %0, 0\n1:"                           \
                         : "=&r"(t)                                                                \
                         : "r"(a), "r"(b));                                                        \
        return t;                                                                                  \
    }
CONF_BR_OPS(BR)
#undef BR

#define AMO(op, mn)                                                                                \
    static void rv_##op(uint32_t a, uint32_t b)                                                    \
    {                                                                                              \
        volatile uint32_t mem = a;                                                                 \
        uint32_t old;                                                                              \
        __asm__ volatile(mn " %0, %2, (%1)" : "=r"(old) : "r"(&mem), "r"(b) : "memory");           \
        line(mn, 3, a, b, old);                                                                    \
        line(mn ".mem", 1, mem, 0, 0);                                                             \
    }
CONF_AMO_OPS(AMO)
#undef AMO

static void test_upper(void)
{
    uint32_t r, pc;
#define LUI(imm)                                                                                   \
    __asm__ volatile("lui %0, %1" : "=r"(r) : "i"(imm));                                           \
    line("lui", 2, imm, r, 0);                                                                     \
    __asm__ volatile("1: auipc %0, %2\n\tla %1, 1b" : "=&r"(r), "=r"(pc) : "i"(imm));              \
    line("auipc", 2, imm, r - pc, 0);
    CONF_UIMMS(LUI)
#undef LUI
}

static void test_jumps(void)
{
    uint32_t link, at, skipped, t;
    /* jal: link = pc + 4, and the skipped instruction does not run */
    __asm__ volatile("li %2, 0\n\t1: jal %0, 2f\n\tli %2, 1\n2: la %1, 1b"
                     : "=&r"(link), "=&r"(at), "=&r"(skipped));
    line("jal", 2, link - at, skipped, 0);
    /* jalr clears bit 0 of the target; link = pc + 4 */
    __asm__ volatile("li %2, 0\n\tla %3, 2f + 1\n1: jalr %0, 0(%3)\n\tli %2, 1\n2: la %1, 1b"
                     : "=&r"(link), "=&r"(at), "=&r"(skipped), "=&r"(t));
    line("jalr.odd", 2, link - at, skipped, 0);
    /* jalr with an offset, and with rd = rs1 (the target uses the old rs1) */
    __asm__ volatile("li %2, 0\n\tla %0, 2f - 8\n1: jalr %0, 8(%0)\n\tli %2, 1\n2: la %1, 1b"
                     : "=&r"(link), "=&r"(at), "=&r"(skipped));
    line("jalr.rd=rs1", 2, link - at, skipped, 0);
    /* j (jal x0) */
    __asm__ volatile("li %0, 0\n\tj 1f\n\tli %0, 1\n1:" : "=&r"(skipped));
    line("j", 1, skipped, 0, 0);
}

static void test_loop(void)
{
    static const uint32_t counts[] = CONF_LOOP_COUNTS;
    for (unsigned i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        uint32_t n = counts[i], sum = 0, k = n;
        /* a backward taken branch until the count runs out */
        __asm__ volatile("beqz %1, 2f\n1: add %0, %0, %1\n\taddi %1, %1, -1\n\tbnez %1, 1b\n2:"
                         : "+r"(sum), "+r"(k));
        line("loop", 2, n, sum, 0);
    }
}

static void test_loads(void)
{
    static const uint8_t init[16] = CONF_MEM_BYTES;
    static uint32_t buf[4];
    uint8_t *b = (uint8_t *)buf;
    for (int i = 0; i < 16; i++)
        b[i] = init[i];
    uint32_t r;
    for (uint32_t o = 0; o < 16; o++) {
        __asm__ volatile("lb %0, 0(%1)" : "=r"(r) : "r"(b + o), "m"(buf));
        line("lb", 2, o, r, 0);
        __asm__ volatile("lbu %0, 0(%1)" : "=r"(r) : "r"(b + o), "m"(buf));
        line("lbu", 2, o, r, 0);
    }
    for (uint32_t o = 0; o < 16; o += 2) {
        __asm__ volatile("lh %0, 0(%1)" : "=r"(r) : "r"(b + o), "m"(buf));
        line("lh", 2, o, r, 0);
        __asm__ volatile("lhu %0, 0(%1)" : "=r"(r) : "r"(b + o), "m"(buf));
        line("lhu", 2, o, r, 0);
    }
    for (uint32_t o = 0; o < 16; o += 4) {
        __asm__ volatile("lw %0, 0(%1)" : "=r"(r) : "r"(b + o), "m"(buf));
        line("lw", 2, o, r, 0);
    }
    /* a negative offset from a base past the word */
    __asm__ volatile("lw %0, -4(%1)" : "=r"(r) : "r"(b + 8), "m"(buf));
    line("lw.neg", 1, r, 0, 0);
}

static void dump_buf(const char *name, uint32_t a, uint32_t o, const uint32_t *buf)
{
    line(name, 2, a, o, 0);
    line(" ", 2, buf[0], buf[1], 0);
}

static void test_stores(uint32_t a)
{
    static uint32_t buf[2];
    uint8_t *b = (uint8_t *)buf;
    for (uint32_t o = 0; o < 8; o++) {
        buf[0] = 0x11223344u;
        buf[1] = 0x55667788u;
        __asm__ volatile("sb %1, 0(%0)" : : "r"(b + o), "r"(a) : "memory");
        dump_buf("sb", a, o, buf);
    }
    for (uint32_t o = 0; o < 8; o += 2) {
        buf[0] = 0x11223344u;
        buf[1] = 0x55667788u;
        __asm__ volatile("sh %1, 0(%0)" : : "r"(b + o), "r"(a) : "memory");
        dump_buf("sh", a, o, buf);
    }
    for (uint32_t o = 0; o < 8; o += 4) {
        buf[0] = 0x11223344u;
        buf[1] = 0x55667788u;
        __asm__ volatile("sw %1, 0(%0)" : : "r"(b + o), "r"(a) : "memory");
        dump_buf("sw", a, o, buf);
    }
}

/* Writes to x0 are dropped, whatever the instruction. */
static void test_x0(uint32_t a)
{
    static uint32_t word = 0x5a5a5a5a;
    uint32_t r;
    __asm__ volatile("add x0, %1, %1\n\tmv %0, x0" : "=r"(r) : "r"(a));
    line("x0.add", 2, a, r, 0);
    __asm__ volatile("lui x0, 0x12345\n\tmv %0, x0" : "=r"(r));
    line("x0.lui", 1, r, 0, 0);
    __asm__ volatile("lw x0, 0(%1)\n\tmv %0, x0" : "=r"(r) : "r"(&word), "m"(word));
    line("x0.lw", 1, r, 0, 0);
    __asm__ volatile("mul x0, %1, %1\n\tmv %0, x0" : "=r"(r) : "r"(a));
    line("x0.mul", 1, r, 0, 0);
    __asm__ volatile("amoadd.w x0, %1, (%2)\n\tmv %0, x0"
                     : "=r"(r)
                     : "r"(a), "r"(&word)
                     : "memory");
    line("x0.amoadd", 2, r, word, 0);
    __asm__ volatile("jal x0, 1f\n1: mv %0, x0" : "=r"(r));
    line("x0.jal", 1, r, 0, 0);
}

int main(void)
{
    for (int i = 0; i < CONF_N_INPUTS; i++)
        for (int j = 0; j < CONF_N_INPUTS; j++) {
            uint32_t a = inputs[i], b = inputs[j];
#define RR(op, mn) line(mn, 3, a, b, rv_##op(a, b));
            CONF_RR_OPS(RR)
#undef RR
#define BR(op, mn) line(mn, 3, a, b, rv_##op(a, b));
            CONF_BR_OPS(BR)
#undef BR
#define AMO(op, mn) rv_##op(a, b);
            CONF_AMO_OPS(AMO)
#undef AMO
        }
    for (int i = 0; i < CONF_N_INPUTS; i++) {
        uint32_t a = inputs[i];
#define R1(op, mn) line(mn, 2, a, rv_##op(a), 0);
        CONF_R_OPS(R1)
#undef R1
#define RI(op, mn) rv_##op(a);
        CONF_RI_OPS(RI)
        CONF_SH_OPS(RI)
#undef RI
        test_stores(a);
        test_x0(a);
    }
    test_upper();
    test_jumps();
    test_loop();
    test_loads();
    rt_puts("done\n");
    return 0;
}
