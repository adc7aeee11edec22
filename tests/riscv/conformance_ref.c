/* tests/riscv/conformance_ref.c - the expected output of the conformance programs, computed on
 * the host in plain C from the RISC-V spec's definitions (unprivileged ISA: RV32I, M, Zba, Zbb,
 * Zbkb, Zaamo; Zicsr), independently of model/riscv.
 *
 * Usage: conformance_ref isa | csr-bh | csr-qemu   (prints what conf_isa / conf_csr print)
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "tests/riscv/conformance/conf_table.h"

static const uint32_t inputs[CONF_N_INPUTS] = CONF_INPUTS;

static void line(const char *name, int n, uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t v[3] = {a, b, c};
    fputs(name, stdout);
    for (int i = 0; i < n; i++)
        printf(" %08" PRIx32, v[i]);
    putchar('\n');
}

static int32_t s32(uint32_t x)
{
    return (int32_t)x; /* two's complement on every host we build on */
}

static uint32_t shl(uint32_t a, uint32_t b)
{
    return a << (b & 31);
}

static uint32_t shr(uint32_t a, uint32_t b)
{
    return a >> (b & 31);
}

static uint32_t sha(uint32_t a, uint32_t b)
{
    b &= 31;
    return (a & 0x80000000u) ? ~(~a >> b) : a >> b;
}

static uint32_t rotl(uint32_t a, uint32_t b)
{
    b &= 31;
    return b ? (a << b) | (a >> (32 - b)) : a;
}

/* The spec's RV32 ops: rd = f(rs1, rs2) */
static uint32_t ref_add(uint32_t a, uint32_t b)
{
    return a + b;
}
static uint32_t ref_sub(uint32_t a, uint32_t b)
{
    return a - b;
}
static uint32_t ref_sll(uint32_t a, uint32_t b)
{
    return shl(a, b);
}
static uint32_t ref_slt(uint32_t a, uint32_t b)
{
    return s32(a) < s32(b);
}
static uint32_t ref_sltu(uint32_t a, uint32_t b)
{
    return a < b;
}
static uint32_t ref_xor(uint32_t a, uint32_t b)
{
    return a ^ b;
}
static uint32_t ref_srl(uint32_t a, uint32_t b)
{
    return shr(a, b);
}
static uint32_t ref_sra(uint32_t a, uint32_t b)
{
    return sha(a, b);
}
static uint32_t ref_or(uint32_t a, uint32_t b)
{
    return a | b;
}
static uint32_t ref_and(uint32_t a, uint32_t b)
{
    return a & b;
}
static uint32_t ref_mul(uint32_t a, uint32_t b)
{
    return (uint32_t)((uint64_t)a * b);
}
static uint32_t ref_mulh(uint32_t a, uint32_t b)
{
    return (uint32_t)((uint64_t)((int64_t)s32(a) * (int64_t)s32(b)) >> 32);
}
static uint32_t ref_mulhsu(uint32_t a, uint32_t b)
{
    return (uint32_t)((uint64_t)((int64_t)s32(a) * (int64_t)(uint64_t)b) >> 32);
}
static uint32_t ref_mulhu(uint32_t a, uint32_t b)
{
    return (uint32_t)(((uint64_t)a * b) >> 32);
}
/* M: division by zero gives all ones (quotient) and the dividend (remainder); INT_MIN / -1
 * overflows to INT_MIN with remainder 0. */
static uint32_t ref_div(uint32_t a, uint32_t b)
{
    if (b == 0)
        return 0xffffffffu;
    if (a == 0x80000000u && b == 0xffffffffu)
        return a;
    return (uint32_t)(s32(a) / s32(b));
}
static uint32_t ref_divu(uint32_t a, uint32_t b)
{
    return b ? a / b : 0xffffffffu;
}
static uint32_t ref_rem(uint32_t a, uint32_t b)
{
    if (b == 0)
        return a;
    if (a == 0x80000000u && b == 0xffffffffu)
        return 0;
    return (uint32_t)(s32(a) % s32(b));
}
static uint32_t ref_remu(uint32_t a, uint32_t b)
{
    return b ? a % b : a;
}
static uint32_t ref_sh1add(uint32_t a, uint32_t b)
{
    return (a << 1) + b;
}
static uint32_t ref_sh2add(uint32_t a, uint32_t b)
{
    return (a << 2) + b;
}
static uint32_t ref_sh3add(uint32_t a, uint32_t b)
{
    return (a << 3) + b;
}
static uint32_t ref_andn(uint32_t a, uint32_t b)
{
    return a & ~b;
}
static uint32_t ref_orn(uint32_t a, uint32_t b)
{
    return a | ~b;
}
static uint32_t ref_xnor(uint32_t a, uint32_t b)
{
    return ~(a ^ b);
}
static uint32_t ref_max(uint32_t a, uint32_t b)
{
    return s32(a) > s32(b) ? a : b;
}
static uint32_t ref_maxu(uint32_t a, uint32_t b)
{
    return a > b ? a : b;
}
static uint32_t ref_min(uint32_t a, uint32_t b)
{
    return s32(a) < s32(b) ? a : b;
}
static uint32_t ref_minu(uint32_t a, uint32_t b)
{
    return a < b ? a : b;
}
static uint32_t ref_rol(uint32_t a, uint32_t b)
{
    return rotl(a, b);
}
static uint32_t ref_ror(uint32_t a, uint32_t b)
{
    return rotl(a, 32 - (b & 31));
}
static uint32_t ref_pack(uint32_t a, uint32_t b)
{
    return (a & 0xffff) | (b << 16);
}
static uint32_t ref_packh(uint32_t a, uint32_t b)
{
    return (a & 0xff) | ((b & 0xff) << 8);
}

/* rd = f(rs1) */
static uint32_t ref_clz(uint32_t a)
{
    uint32_t n = 0;
    for (int i = 31; i >= 0 && !((a >> i) & 1); i--)
        n++;
    return n;
}
static uint32_t ref_ctz(uint32_t a)
{
    uint32_t n = 0;
    for (int i = 0; i < 32 && !((a >> i) & 1); i++)
        n++;
    return n;
}
static uint32_t ref_cpop(uint32_t a)
{
    uint32_t n = 0;
    for (int i = 0; i < 32; i++)
        n += (a >> i) & 1;
    return n;
}
static uint32_t ref_sext_b(uint32_t a)
{
    return (a & 0x80) ? a | 0xffffff00u : a & 0xff;
}
static uint32_t ref_sext_h(uint32_t a)
{
    return (a & 0x8000) ? a | 0xffff0000u : a & 0xffff;
}
static uint32_t ref_zext_h(uint32_t a)
{
    return a & 0xffff;
}
static uint32_t ref_orc_b(uint32_t a)
{
    uint32_t r = 0;
    for (int i = 0; i < 32; i += 8)
        if ((a >> i) & 0xff)
            r |= 0xffu << i;
    return r;
}
static uint32_t ref_rev8(uint32_t a)
{
    return (a >> 24) | ((a >> 8) & 0xff00) | ((a << 8) & 0xff0000) | (a << 24);
}
static uint32_t ref_brev8(uint32_t a)
{
    uint32_t r = 0;
    for (int byte = 0; byte < 4; byte++)
        for (int bit = 0; bit < 8; bit++)
            if ((a >> (byte * 8 + bit)) & 1)
                r |= 1u << (byte * 8 + 7 - bit);
    return r;
}

/* rd = f(rs1, imm): the immediate is sign-extended from 12 bits (already an int here). */
static uint32_t ref_addi(uint32_t a, int32_t i)
{
    return a + (uint32_t)i;
}
static uint32_t ref_slti(uint32_t a, int32_t i)
{
    return s32(a) < i;
}
static uint32_t ref_sltiu(uint32_t a, int32_t i)
{
    return a < (uint32_t)i;
}
static uint32_t ref_xori(uint32_t a, int32_t i)
{
    return a ^ (uint32_t)i;
}
static uint32_t ref_ori(uint32_t a, int32_t i)
{
    return a | (uint32_t)i;
}
static uint32_t ref_andi(uint32_t a, int32_t i)
{
    return a & (uint32_t)i;
}
static uint32_t ref_slli(uint32_t a, int32_t i)
{
    return shl(a, (uint32_t)i);
}
static uint32_t ref_srli(uint32_t a, int32_t i)
{
    return shr(a, (uint32_t)i);
}
static uint32_t ref_srai(uint32_t a, int32_t i)
{
    return sha(a, (uint32_t)i);
}
static uint32_t ref_rori(uint32_t a, int32_t i)
{
    return ref_ror(a, (uint32_t)i);
}

static int ref_beq(uint32_t a, uint32_t b)
{
    return a == b;
}
static int ref_bne(uint32_t a, uint32_t b)
{
    return a != b;
}
static int ref_blt(uint32_t a, uint32_t b)
{
    return s32(a) < s32(b);
}
static int ref_bge(uint32_t a, uint32_t b)
{
    return s32(a) >= s32(b);
}
static int ref_bltu(uint32_t a, uint32_t b)
{
    return a < b;
}
static int ref_bgeu(uint32_t a, uint32_t b)
{
    return a >= b;
}

/* Zaamo: the new memory word from the old one and rs2 */
static uint32_t ref_amoswap(uint32_t m, uint32_t b)
{
    (void)m;
    return b;
}
static uint32_t ref_amoadd(uint32_t m, uint32_t b)
{
    return m + b;
}
static uint32_t ref_amoxor(uint32_t m, uint32_t b)
{
    return m ^ b;
}
static uint32_t ref_amoand(uint32_t m, uint32_t b)
{
    return m & b;
}
static uint32_t ref_amoor(uint32_t m, uint32_t b)
{
    return m | b;
}
static uint32_t ref_amomin(uint32_t m, uint32_t b)
{
    return ref_min(m, b);
}
static uint32_t ref_amomax(uint32_t m, uint32_t b)
{
    return ref_max(m, b);
}
static uint32_t ref_amominu(uint32_t m, uint32_t b)
{
    return ref_minu(m, b);
}
static uint32_t ref_amomaxu(uint32_t m, uint32_t b)
{
    return ref_maxu(m, b);
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void ref_stores(uint32_t a)
{
    static const struct {
        const char *name;
        uint32_t width;
    } st[] = {{"sb", 1}, {"sh", 2}, {"sw", 4}};
    for (int s = 0; s < 3; s++)
        for (uint32_t o = 0; o < 8; o += st[s].width) {
            uint8_t b[8] = {0x44, 0x33, 0x22, 0x11, 0x88, 0x77, 0x66, 0x55};
            for (uint32_t k = 0; k < st[s].width; k++)
                b[o + k] = (uint8_t)(a >> (8 * k)); /* little endian */
            line(st[s].name, 2, a, o, 0);
            line(" ", 2, le32(b), le32(b + 4), 0);
        }
}

static void ref_x0(uint32_t a)
{
    line("x0.add", 2, a, 0, 0);
    line("x0.lui", 1, 0, 0, 0);
    line("x0.lw", 1, 0, 0, 0);
    line("x0.mul", 1, 0, 0, 0);
    /* amoadd.w x0 still adds: the word starts at 0x5a5a5a5a and accumulates the inputs */
    static uint32_t word = 0x5a5a5a5a;
    word += a;
    line("x0.amoadd", 2, 0, word, 0);
    line("x0.jal", 1, 0, 0, 0);
}

static void ref_isa(void)
{
    for (int i = 0; i < CONF_N_INPUTS; i++)
        for (int j = 0; j < CONF_N_INPUTS; j++) {
            uint32_t a = inputs[i], b = inputs[j];
#define RR(op, mn) line(mn, 3, a, b, ref_##op(a, b));
            CONF_RR_OPS(RR)
#undef RR
#define BR(op, mn) line(mn, 3, a, b, (uint32_t)ref_##op(a, b));
            CONF_BR_OPS(BR)
#undef BR
#define AMO(op, mn)                                                                                \
    line(mn, 3, a, b, a);                                                                          \
    line(mn ".mem", 1, ref_##op(a, b), 0, 0);
            CONF_AMO_OPS(AMO)
#undef AMO
        }
    for (int i = 0; i < CONF_N_INPUTS; i++) {
        uint32_t a = inputs[i];
#define R1(op, mn) line(mn, 2, a, ref_##op(a), 0);
        CONF_R_OPS(R1)
#undef R1
#define IMM_CASE(op, mn, imm) line(mn, 3, a, (uint32_t)(imm), ref_##op(a, imm));
#define RI(op, mn) CONF_IMMS(IMM_CASE, op, mn)
        CONF_RI_OPS(RI)
#undef RI
#define SH(op, mn) CONF_SHAMTS(IMM_CASE, op, mn)
        CONF_SH_OPS(SH)
#undef SH
        ref_stores(a);
        ref_x0(a);
    }
#define LUI(imm)                                                                                   \
    line("lui", 2, imm, (uint32_t)(imm) << 12, 0);                                                 \
    line("auipc", 2, imm, (uint32_t)(imm) << 12, 0);
    CONF_UIMMS(LUI)
#undef LUI
    line("jal", 2, 4, 0, 0);
    line("jalr.odd", 2, 4, 0, 0);
    line("jalr.rd=rs1", 2, 4, 0, 0);
    line("j", 1, 0, 0, 0);
    static const uint32_t counts[] = CONF_LOOP_COUNTS;
    for (unsigned i = 0; i < sizeof counts / sizeof counts[0]; i++)
        line("loop", 2, counts[i], counts[i] * (counts[i] + 1) / 2, 0);
    static const uint8_t mem[16] = CONF_MEM_BYTES;
    for (uint32_t o = 0; o < 16; o++) {
        line("lb", 2, o, (uint32_t)(int32_t)(int8_t)mem[o], 0);
        line("lbu", 2, o, mem[o], 0);
    }
    for (uint32_t o = 0; o < 16; o += 2) {
        uint32_t h = mem[o] | (uint32_t)mem[o + 1] << 8;
        line("lh", 2, o, (h & 0x8000) ? h | 0xffff0000u : h, 0);
        line("lhu", 2, o, h, 0);
    }
    for (uint32_t o = 0; o < 16; o += 4)
        line("lw", 2, o, le32(mem + o), 0);
    line("lw.neg", 1, le32(mem + 4), 0, 0);
    puts("done");
}

/* Zicsr on a read-write scratch CSR: csrrw/s/c return the old value; s sets, c clears the
 * bits of rs1 (or of the zero-extended 5-bit immediate). */
static void ref_csr(int bh)
{
    uint32_t csr = 0;
    for (int i = 0; i < CONF_N_INPUTS; i++)
        for (int j = 0; j < CONF_N_INPUTS; j++) {
            uint32_t a = inputs[i], b = inputs[j];
            csr = a;
            line("csrrw", 3, a, b, csr);
            csr = b;
            line("csrr", 1, csr, 0, 0);
            line("csrrs", 3, b, a, csr);
            csr |= a;
            line("csrr", 1, csr, 0, 0);
            line("csrrc", 3, csr, b, csr);
            csr &= ~b;
            line("csrr", 1, csr, 0, 0);
        }
    for (int i = 0; i < CONF_N_INPUTS; i++) {
        uint32_t a = inputs[i];
#define UIMM(u)                                                                                    \
    line("csrrwi", 3, a, u, a);                                                                    \
    line("csrr", 1, u, 0, 0);                                                                      \
    line("csrrsi", 3, a, u, a);                                                                    \
    line("csrr", 1, a | (u), 0, 0);                                                                \
    line("csrrci", 3, a, u, a);                                                                    \
    line("csrr", 1, a & ~(uint32_t)(u), 0, 0);
        CONF_CSR_UIMMS(UIMM)
#undef UIMM
        /* csrrs/csrrc with rs1 = x0 and csrrsi/ci with 0 read without writing */
        line("csrrs.x0", 2, a, a, 0);
    }
    if (bh) {
        line("misa", 1, 0x40201123u, 0, 0); /* CSRs.md: the value Blackhole's cores read */
        line("instret.delta", 1, 4, 0, 0);
    }
    puts("done");
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "isa"))
        ref_isa();
    else if (argc == 2 && !strcmp(argv[1], "csr-bh"))
        ref_csr(1);
    else if (argc == 2 && !strcmp(argv[1], "csr-qemu"))
        ref_csr(0);
    else {
        fprintf(stderr, "usage: conformance_ref isa | csr-bh | csr-qemu\n");
        return 2;
    }
    return 0;
}
