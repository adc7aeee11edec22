/* tests/riscv/conformance/conf_table.h - the instructions and inputs of the conformance
 * programs, shared by the RV32 side (conf_isa.c, conf_csr.c: each row is the instruction run
 * by inline assembly) and the host side (conformance_ref.c: each row is the instruction's
 * meaning in plain C, written from the RISC-V spec), so both print the same lines in the same
 * order and ctest compares the text. */
#ifndef BH_CONF_TABLE_H
#define BH_CONF_TABLE_H
#include <stdint.h>

/* The tables are laid out by hand: clang-format reflows X-macro lists into a staircase. */
// clang-format off

/* Operands: the edges of signed and unsigned 32-bit arithmetic, shift amounts and byte
 * patterns, plus a few arbitrary words. */
#define CONF_INPUTS {                                                                 \
    0x00000000u, 0x00000001u, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0x00000080u,     \
    0x00008000u, 0x0000007fu, 0x0000ffffu, 0x00000002u, 0x0000001fu, 0x00000020u,     \
    0xfffffffeu, 0x12345678u, 0xdeadbeefu, 0x0f0f00f0u, 0x80000001u, 0xa5c3e701u}

/* rd = op(rs1, rs2): name, mnemonic */
#define CONF_RR_OPS(X)                                                                \
    X(add, "add") X(sub, "sub") X(sll, "sll") X(slt, "slt") X(sltu, "sltu")           \
    X(xor, "xor") X(srl, "srl") X(sra, "sra") X(or, "or") X(and, "and")               \
    X(mul, "mul") X(mulh, "mulh") X(mulhsu, "mulhsu") X(mulhu, "mulhu")               \
    X(div, "div") X(divu, "divu") X(rem, "rem") X(remu, "remu")                       \
    X(sh1add, "sh1add") X(sh2add, "sh2add") X(sh3add, "sh3add")                       \
    X(andn, "andn") X(orn, "orn") X(xnor, "xnor")                                     \
    X(max, "max") X(maxu, "maxu") X(min, "min") X(minu, "minu")                       \
    X(rol, "rol") X(ror, "ror") X(pack, "pack") X(packh, "packh")

/* rd = op(rs1) */
#define CONF_R_OPS(X)                                                                 \
    X(clz, "clz") X(ctz, "ctz") X(cpop, "cpop")                                       \
    X(sext_b, "sext.b") X(sext_h, "sext.h") X(zext_h, "zext.h")                       \
    X(orc_b, "orc.b") X(rev8, "rev8") X(brev8, "brev8")

/* rd = op(rs1, imm12) */
#define CONF_RI_OPS(X)                                                                \
    X(addi, "addi") X(slti, "slti") X(sltiu, "sltiu")                                 \
    X(xori, "xori") X(ori, "ori") X(andi, "andi")
#define CONF_IMMS(X, op, mn)                                                          \
    X(op, mn, 0) X(op, mn, 1) X(op, mn, -1) X(op, mn, 2047) X(op, mn, -2048)          \
    X(op, mn, 0x7f) X(op, mn, 0x80) X(op, mn, -0x80) X(op, mn, 0x555) X(op, mn, -0x556)

/* rd = op(rs1, shamt) */
#define CONF_SH_OPS(X) X(slli, "slli") X(srli, "srli") X(srai, "srai") X(rori, "rori")
#define CONF_SHAMTS(X, op, mn)                                                        \
    X(op, mn, 0) X(op, mn, 1) X(op, mn, 7) X(op, mn, 8)                               \
    X(op, mn, 15) X(op, mn, 16) X(op, mn, 24) X(op, mn, 31)

/* lui/auipc: 20-bit immediates */
#define CONF_UIMMS(X) X(0x0) X(0x1) X(0x7ffff) X(0x80000) X(0xfffff) X(0x12345)

/* taken = op(rs1, rs2) */
#define CONF_BR_OPS(X)                                                                \
    X(beq, "beq") X(bne, "bne") X(blt, "blt") X(bge, "bge") X(bltu, "bltu") X(bgeu, "bgeu")

/* old = mem; mem = op(mem, rs2) */
#define CONF_AMO_OPS(X)                                                               \
    X(amoswap, "amoswap.w") X(amoadd, "amoadd.w") X(amoxor, "amoxor.w")               \
    X(amoand, "amoand.w") X(amoor, "amoor.w") X(amomin, "amomin.w")                   \
    X(amomax, "amomax.w") X(amominu, "amominu.w") X(amomaxu, "amomaxu.w")

/* The bytes loads read: sign bits set and clear in every byte and half-word lane. */
#define CONF_MEM_BYTES {                                                              \
    0x80, 0x7f, 0xff, 0x01, 0x00, 0x80, 0xff, 0x7f,                                   \
    0x12, 0x34, 0x56, 0x78, 0xfe, 0xdc, 0xba, 0x98}

/* Immediates of the CSR instructions' immediate forms (5 bits, zero-extended). */
#define CONF_CSR_UIMMS(X) X(0) X(1) X(0x15) X(0x1f)

// clang-format on
#define CONF_N_INPUTS 18
#define CONF_LOOP_COUNTS                                                                           \
    {                                                                                              \
        0u, 1u, 2u, 17u                                                                            \
    }
#endif
