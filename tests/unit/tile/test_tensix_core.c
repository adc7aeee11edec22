// SPDX-License-Identifier: Apache-2.0
/* The coprocessor's threads, units and the real L1 model wired together, driven through the
 * RISC-V address map as the cores would: semaphore handshakes between threads, GPR and
 * configuration instructions, a Mover copy through L1's arbitration, and the stops the model
 * must make (unimplemented instruction, a TRISC pushing into another thread's FIFO). */
#include <stdlib.h>
#include <string.h>
#include "model/tile/tensix/tensix_core.h"
#include "model/tile/tensix/tensix_isa.h"
#include "tests/check.h"
#include "tests/unit/tile/tensix_rig.h"

static void push(Rig *r, uint32_t core, uint32_t word)
{
    CHECK_OK(tensix_core_mmio_write(&r->core, core, 0xFFE40000u, word, r->now));
}

static uint32_t gpr(Rig *r, uint32_t thread, uint32_t idx)
{
    uint32_t v = 0;
    CHECK_OK(tensix_core_mmio_read(&r->core, thread, 0xFFE00000u + 4 * idx, &v, r->now));
    return v;
}

/* T1 waits on semaphore 1 while T0 works; T0's SEMPOST releases it (the LLK handshake). */
static void test_semaphore_handshake(void)
{
    Rig *r = rig_new();
    uint32_t seminit = TENSIX_WORD(SEMINIT) | TENSIX_PUT(SEMINIT, SEM_SEL, 0x2) |
                       TENSIX_PUT(SEMINIT, MAX_VALUE, 1) | TENSIX_PUT(SEMINIT, INIT_VALUE, 0);
    uint32_t semwait = TENSIX_WORD(SEMWAIT) | TENSIX_PUT(SEMWAIT, SEM_SEL, 0x2) |
                       TENSIX_PUT(SEMWAIT, WAIT_SEM_COND, 1) |
                       TENSIX_PUT(SEMWAIT, STALL_RES, 0x20 /* ThCon */);
    push(r, 0, seminit);
    for (int i = 0; i < 20; i++)
        push(r, 0, TENSIX_WORD(DMANOP));
    push(r, 0, TENSIX_WORD(SEMPOST) | TENSIX_PUT(SEMPOST, SEM_SEL, 0x2));
    for (int i = 0; i < 5; i++) /* T1 starts after T0's SEMINIT has gone */
        tick(r);
    push(r, 1, semwait);
    push(r, 1, TENSIX_WORD(DMANOP));
    uint64_t posted = 0, t1_went = 0;
    for (int i = 0; i < 400 && !t1_went; i++) {
        tick(r);
        if (!posted && r->core.thr[0].opcode_count[TENSIX_OP_SEMPOST])
            posted = r->now;
        if (r->core.thr[1].opcode_count[TENSIX_OP_DMANOP])
            t1_went = r->now;
    }
    CHECK(posted > 0 && t1_went > posted);
    CHECK(r->core.thr[1].stall_cycles[TENSIX_STALL_WAIT_GATE] > 10);
    CHECK(!r->core.failed);
    rig_free(r);
}

static uint32_t setdmareg(uint32_t half, uint32_t value)
{
    return TENSIX_WORD(SETDMAREG) | TENSIX_PUT(SETDMAREG, REG_INDEX_16B, half) | (value << 8);
}

/* GPRs through ThCon, then through the configuration unit and back. */
static void test_gprs_and_config(void)
{
    Rig *r = rig_new();
    push(r, 0, setdmareg(2 * 4, 0x5678));     /* GPR4 low half */
    push(r, 0, setdmareg(2 * 4 + 1, 0x1234)); /* GPR4 high half */
    push(r, 0, setdmareg(2 * 5, 7));          /* GPR5 = 7 */
    push(r, 0,
         TENSIX_WORD(ADDDMAREG) | TENSIX_PUT(ADDDMAREG, OP_A_REG_INDEX, 4) |
             TENSIX_PUT(ADDDMAREG, OP_B_REG_INDEX, 5) | TENSIX_PUT(ADDDMAREG, RESULT_REG_INDEX, 6));
    push(r, 0,
         TENSIX_WORD(WRCFG) | TENSIX_PUT(WRCFG, GPR_ADDRESS, 6) | TENSIX_PUT(WRCFG, CFG_REG, 20));
    push(r, 0,
         TENSIX_WORD(RDCFG) | TENSIX_PUT(RDCFG, GPR_ADDRESS, 9) | TENSIX_PUT(RDCFG, CFG_REG, 20));
    for (int i = 0; i < 200; i++)
        tick(r);
    CHECK_EQ_U32(gpr(r, 0, 4), 0x12345678);
    CHECK_EQ_U32(gpr(r, 0, 6), 0x12345678 + 7);
    CHECK_EQ_U32(gpr(r, 0, 9), 0x12345678 + 7);
    uint32_t v = 0; /* and the RISC-V view of config word 20 (state 0) */
    CHECK_OK(tensix_core_mmio_read(&r->core, 0, 0xFFEF0000u + 4 * 20, &v, r->now));
    CHECK_EQ_U32(v, 0x12345678 + 7);
    CHECK(tensix_core_idle(&r->core));
    rig_free(r);
}

/* A Mover copy through L1's ports: the bytes arrive, and the rate is what the Mover's read
 * window allows at this L1's latency (reported by the benchmark; here: it finishes). */
static void test_mover_copy_through_l1(void)
{
    Rig *r = rig_new();
    uint8_t src[4096], dst[4096];
    for (uint32_t i = 0; i < sizeof src; i++)
        src[i] = (uint8_t)(i * 3 + 1);
    CHECK_OK(l1_debug_write(&r->l1, 0x10000, src, sizeof src));
    const uint32_t tdma = 0xFFB11000u;
    CHECK_OK(tensix_core_mmio_write(&r->core, 3, tdma + 0x000, 0x10000 / 16, r->now));
    CHECK_OK(tensix_core_mmio_write(&r->core, 3, tdma + 0x004, 0x20000 / 16, r->now));
    CHECK_OK(tensix_core_mmio_write(&r->core, 3, tdma + 0x008, sizeof src / 16, r->now));
    CHECK_OK(tensix_core_mmio_write(&r->core, 3, tdma + 0x00C, 3 /* L1 to L1 */, r->now));
    CHECK_OK(tensix_core_mmio_write(&r->core, 3, tdma + 0x010, 0x40 /* move */, r->now));
    uint64_t t0 = r->now;
    for (int i = 0; i < 10000 && (i < 2 || mover_busy(&r->core.mover)); i++)
        tick(r);
    CHECK(!mover_busy(&r->core.mover));
    CHECK_OK(l1_debug_read(&r->l1, 0x20000, dst, sizeof dst));
    CHECK(!memcmp(src, dst, sizeof src));
    uint64_t cycles = r->now - t0;
    CHECK(cycles >= sizeof src / 16); /* never more than one 16-byte write per cycle */
    CHECK_EQ_U64(r->l1.st.bytes_completed, 2 * sizeof src);
    rig_free(r);
}

static void set_gpr(Rig *r, uint32_t thread, uint32_t idx, uint32_t v)
{
    push(r, thread, setdmareg(2 * idx, v & 0xFFFF));
    push(r, thread, setdmareg(2 * idx + 1, v >> 16));
}

static uint32_t l1_word(Rig *r, uint64_t addr)
{
    uint32_t v = 0;
    CHECK_OK(l1_debug_read(&r->l1, addr, &v, 4));
    return v;
}

/* ThCon's memory instructions and XMOV decoded from real words, their requests through
 * ThCon's (and the Mover's) L1 ports, results checked against the ISA pages' models. */
static void test_memory_instructions(void)
{
    Rig *r = rig_new();
    uint32_t v = 0x000000FF, five = 5, ee[4] = {~0u, ~0u, ~0u, ~0u};
    CHECK_OK(l1_debug_write(&r->l1, 0x2008, &v, 4));
    CHECK_OK(l1_debug_write(&r->l1, 0x200C, &five, 4));
    CHECK_OK(l1_debug_write(&r->l1, 0x2010, ee, 16));
    uint8_t src[64];
    for (uint32_t i = 0; i < sizeof src; i++)
        src[i] = (uint8_t)(0xA0 + i);
    CHECK_OK(l1_debug_write(&r->l1, 0x3000, src, sizeof src));
    set_gpr(r, 0, 1, 0x2000 / 16); /* address registers count 16-byte units */
    set_gpr(r, 0, 2, 4);           /* offset half-register 4 (GPR2 low) = byte 4 */
    set_gpr(r, 0, 3, 4);
    set_gpr(r, 0, 8, 0xAABBCCDD);
    set_gpr(r, 0, 13, 1);           /* ATINCGET's increment */
    set_gpr(r, 0, 14, 0x2010 / 16); /* ATSWAP's block */
    set_gpr(r, 0, 16, 0x44332211);  /* ATSWAP data: GPRs 16..19 */
    set_gpr(r, 0, 17, 0x88776655);
    set_gpr(r, 0, 18, 0xDEADBEEF);
    /* STOREIND L1, 32 bits, GPR8 to 0x2000 + 4, offset += 4 */
    push(r, 0,
         TENSIX_WORD(STOREIND) | TENSIX_PUT(STOREIND, MEM_HIER_SEL, 1) |
             TENSIX_PUT(STOREIND, REG_SIZE_SEL, 1) | TENSIX_PUT(STOREIND, OFFSET_HALF_REG, 4) |
             TENSIX_PUT(STOREIND, OFFSET_INCREMENT, 2) | TENSIX_PUT(STOREIND, DATA_REG, 8) |
             TENSIX_PUT(STOREIND, ADDR_REG, 1));
    /* LOADIND 32 bits from 0x2000 + GPR3 (4) into GPR12: ThCon sees its own store */
    push(r, 0,
         TENSIX_WORD(LOADIND) | TENSIX_PUT(LOADIND, SIZE, 1) |
             TENSIX_PUT(LOADIND, OFFSET_HALF_REG, 6) | TENSIX_PUT(LOADIND, RESULT_REG, 12) |
             TENSIX_PUT(LOADIND, ADDR_REG, 1));
    /* ATINCGET word 2 of the block, 8-bit integer: 0xFF + 1 wraps to 0x00 */
    push(r, 0,
         TENSIX_WORD(ATINCGET) | TENSIX_PUT(ATINCGET, INT_WIDTH, 7) | TENSIX_PUT(ATINCGET, OFS, 2) |
             TENSIX_PUT(ATINCGET, IN_OUT_REG, 13) | TENSIX_PUT(ATINCGET, ADDR_REG, 1));
    /* ATCAS word 3: 5 -> 9 */
    push(r, 0,
         TENSIX_WORD(ATCAS) | TENSIX_PUT(ATCAS, SET_VAL, 9) | TENSIX_PUT(ATCAS, CMP_VAL, 5) |
             TENSIX_PUT(ATCAS, OFS, 3) | TENSIX_PUT(ATCAS, ADDR_REG, 1));
    /* ATSWAP granules 0..3 (bytes 0..7) of the block at 0x2010 */
    push(r, 0,
         TENSIX_WORD(ATSWAP) | TENSIX_PUT(ATSWAP, MASK, 0x0F) | TENSIX_PUT(ATSWAP, DATA_REG, 16) |
             TENSIX_PUT(ATSWAP, ADDR_REG, 14));
    /* XMOV: 64 bytes 0x3000 -> 0x4000, L1 to L1, from config state 0's THCON_SEC0_REG6 */
    const uint32_t cfg = 0xFFEF0000u;
    CHECK_OK(tensix_core_mmio_write(&r->core, 0, cfg + 4 * 88, 0x3000 / 16, r->now));
    CHECK_OK(tensix_core_mmio_write(&r->core, 0, cfg + 4 * 89, 0x4000 / 16, r->now));
    CHECK_OK(tensix_core_mmio_write(&r->core, 0, cfg + 4 * 90, 4u | 3u << 30, r->now));
    push(r, 0, TENSIX_WORD(XMOV));
    for (int i = 0; i < 400; i++)
        tick(r);
    CHECK(!r->core.failed);
    CHECK_EQ_U32(l1_word(r, 0x2004), 0xAABBCCDD);
    CHECK_EQ_U32(gpr(r, 0, 12), 0xAABBCCDD);
    CHECK_EQ_U32(gpr(r, 0, 2), 8); /* the offset advanced by 4 */
    CHECK_EQ_U32(l1_word(r, 0x2008), 0x00000000);
    CHECK_EQ_U32(gpr(r, 0, 13), 0xFF); /* the old value */
    CHECK_EQ_U32(l1_word(r, 0x200C), 9);
    CHECK_EQ_U32(l1_word(r, 0x2010), 0x44332211);
    CHECK_EQ_U32(l1_word(r, 0x2014), 0x88776655);
    CHECK_EQ_U32(l1_word(r, 0x2018), ~0u); /* masked-off granules keep their bytes */
    uint8_t dst[64];
    CHECK_OK(l1_debug_read(&r->l1, 0x4000, dst, sizeof dst));
    CHECK(!memcmp(src, dst, sizeof src));
    CHECK_EQ_U64(r->core.thcon.stats.requests, 5);
    CHECK(r->l1.st.client[L1_THCON].rmw >= 3); /* the atomics and the masked store */
    CHECK(tensix_core_idle(&r->core));
    rig_free(r);
}

/* The ThCon arithmetic the data file gives no operands for, decoded from real words:
 * GPR20 = 100, GPR21 = 0x0F0F; results checked against plain C. */
static uint32_t alu(uint32_t op, uint32_t mode, uint32_t imm, uint32_t res, uint32_t b, uint32_t a)
{
    return ((uint32_t)op << 24) | TENSIX_PUT(BITWOPDMAREG, OP_B_IS_CONST, imm) |
           TENSIX_PUT(BITWOPDMAREG, OP_SEL, mode) |
           TENSIX_PUT(BITWOPDMAREG, RESULT_REG_INDEX, res) |
           TENSIX_PUT(BITWOPDMAREG, OP_B_REG_INDEX, b) |
           TENSIX_PUT(BITWOPDMAREG, OP_A_REG_INDEX, a);
}

static void test_thcon_arithmetic(void)
{
    Rig *r = rig_new();
    set_gpr(r, 0, 20, 100);
    set_gpr(r, 0, 21, 0x0F0F);
    push(r, 0, alu(TENSIX_OP_SUBDMAREG, 0, 0, 30, 21, 20));    /* 100 - 0x0F0F */
    push(r, 0, alu(TENSIX_OP_BITWOPDMAREG, 1, 1, 31, 48, 21)); /* 0x0F0F | 48 (immediate) */
    push(r, 0, alu(TENSIX_OP_SHIFTDMAREG, 1, 1, 32, 4, 21));   /* 0x0F0F >> 4 */
    push(r, 0, alu(TENSIX_OP_CMPDMAREG, 1, 0, 33, 21, 20));    /* 100 < 0x0F0F */
    push(r, 0, alu(TENSIX_OP_MULDMAREG, 5, 0, 34, 21, 20));    /* low halves; Mode bits ignored */
    for (int i = 0; i < 100; i++)
        tick(r);
    CHECK(!r->core.failed);
    CHECK_EQ_U32(gpr(r, 0, 30), 100u - 0x0F0Fu);
    CHECK_EQ_U32(gpr(r, 0, 31), 0x0F0Fu | 48u);
    CHECK_EQ_U32(gpr(r, 0, 32), 0x0F0Fu >> 4);
    CHECK_EQ_U32(gpr(r, 0, 33), 1);
    CHECK_EQ_U32(gpr(r, 0, 34), 100u * 0x0F0Fu);
    rig_free(r);
}

/* ThCon's MMIO instructions reach TDMA-RISC registers through the thread's TRISC view: the
 * per-RISC XMOV_L1_BASE_ADDR written by STOREREG reads back through LOADREG and TRISC0. */
static void test_thcon_mmio(void)
{
    Rig *r = rig_new();
    const uint32_t base = 0xFFB1102Cu, hyst = 0xFFB11028u; /* XMOV_L1_BASE_ADDR, CLK_GATE_HYST */
    set_gpr(r, 0, 40, 0x1234);
    set_gpr(r, 0, 42, hyst - 0xFFB00000u); /* STOREIND MMIO: GPR plus offset, in the window */
    set_gpr(r, 0, 44, 0x55);
    push(r, 0,
         TENSIX_WORD(STOREREG) | TENSIX_PUT(STOREREG, TDMA_DATA_REG_INDEX, 40) |
             TENSIX_PUT(STOREREG, REG_ADDR, (base - 0xFFB00000u) / 4));
    push(r, 0,
         TENSIX_WORD(LOADREG) | TENSIX_PUT(LOADREG, RESULT_REG, 41) |
             TENSIX_PUT(LOADREG, ADDR_LO, (base - 0xFFB00000u) / 4));
    push(r, 0,
         TENSIX_WORD(STOREIND) | TENSIX_PUT(STOREIND, SIZE_SEL, 1) |
             TENSIX_PUT(STOREIND, OFFSET_HALF_REG, 2 * 43) | TENSIX_PUT(STOREIND, DATA_REG, 44) |
             TENSIX_PUT(STOREIND, ADDR_REG, 42));
    for (int i = 0; i < 100; i++)
        tick(r);
    CHECK(!r->core.failed);
    CHECK_EQ_U32(gpr(r, 0, 41), 0x1234);
    uint32_t v = 0;
    CHECK_OK(tensix_core_mmio_read(&r->core, 0, base, &v, r->now));
    CHECK_EQ_U32(v, 0x1234);
    CHECK_OK(tensix_core_mmio_read(&r->core, 0, hyst, &v, r->now));
    CHECK_EQ_U32(v, 0x55);
    CHECK(tensix_core_idle(&r->core));
    rig_free(r);
}

/* ATINCGETPTR on a {Rd, Wr} FIFO block of 3-bit pointers (capacity 4): pushes bump Wr, pops
 * bump Rd, each returning the old pointer; a pop of an empty FIFO holds ThCon, retrying, until
 * something else pushes (here a debug write of Wr). */
static uint32_t fifo_ptr(uint32_t ofs, uint32_t result)
{
    return TENSIX_WORD(ATINCGETPTR) | TENSIX_PUT(ATINCGETPTR, INT_WIDTH, 3) |
           TENSIX_PUT(ATINCGETPTR, OFS, ofs) | TENSIX_PUT(ATINCGETPTR, RESULT_REG, result) |
           TENSIX_PUT(ATINCGETPTR, ADDR_REG, 50);
}

static void test_fifo_pointers(void)
{
    Rig *r = rig_new();
    const uint32_t pad[2] = {0xCAFE0001u, 0xCAFE0002u};
    CHECK_OK(l1_debug_write(&r->l1, 0x5008, pad, 8));
    set_gpr(r, 0, 50, 0x5000 / 16);
    push(r, 0, fifo_ptr(1, 51)); /* push: Wr 0 -> 1 */
    push(r, 0, fifo_ptr(1, 52)); /* push: Wr 1 -> 2 */
    push(r, 0, fifo_ptr(0, 53)); /* pop: Rd 0 -> 1 */
    push(r, 0, fifo_ptr(0, 54)); /* pop: Rd 1 -> 2 */
    push(r, 0, fifo_ptr(0, 55)); /* pop of an empty FIFO: waits */
    for (int i = 0; i < 300; i++)
        tick(r);
    CHECK(!r->core.failed);
    CHECK_EQ_U32(gpr(r, 0, 51), 0);
    CHECK_EQ_U32(gpr(r, 0, 52), 1);
    CHECK_EQ_U32(gpr(r, 0, 53), 0);
    CHECK_EQ_U32(gpr(r, 0, 54), 1);
    CHECK_EQ_U32(l1_word(r, 0x5000), 2);
    CHECK_EQ_U32(l1_word(r, 0x5004), 2);
    CHECK(thcon_busy(&r->core.thcon, 0));
    CHECK(r->core.thcon.stats.atomic_retries > 0);
    uint32_t wr = 3; /* another agent pushes */
    CHECK_OK(l1_debug_write(&r->l1, 0x5004, &wr, 4));
    for (int i = 0; i < 100; i++)
        tick(r);
    CHECK_EQ_U32(gpr(r, 0, 55), 2);
    CHECK_EQ_U32(l1_word(r, 0x5000), 3);
    CHECK_EQ_U32(l1_word(r, 0x5008), pad[0]); /* the pad words are left alone */
    CHECK_EQ_U32(l1_word(r, 0x500C), pad[1]);
    CHECK(tensix_core_idle(&r->core));
    rig_free(r);
}

/* tensix_queue_status and tensix_busy_status as a TRISC would read them */
static void test_status_csrs(void)
{
    Rig *r = rig_new();
    const uint32_t cfg1[9] = {1,          100,        0x02000000, 0x02000000, 0x02000000,
                              0xA5000000, 0x02000000, 0xA5000000, 0xA5000000}; /* 100 SEMGETs */
    for (uint32_t i = 0; i < 9; i++)
        CHECK_OK(tensix_core_mmio_write(&r->core, 0, 0xFFB80000u + 4 * i, cfg1[i], r->now));
    push(r, 0, 0x01800000u); /* MOP on thread 0 */
    push(r, 1, TENSIX_WORD(DMANOP));
    uint32_t q0, q1, b2;
    CHECK_OK(tensix_core_csr_read(&r->core, 1, 0xBC0, &q1));
    CHECK_EQ_U32(q1 & 0x1FFF, 1u << 2 | 1u << 8); /* T1: a ThCon (and misc) instruction */
    for (int i = 0; i < 5; i++)
        tick(r);
    CHECK_OK(tensix_core_csr_read(&r->core, 0, 0xBC0, &q0));
    CHECK_OK(tensix_core_csr_read(&r->core, 1, 0xBC0, &q1));
    CHECK(q0 & 1u << 1);        /* T0's MOP is expanding */
    CHECK(!(q1 & 1u << 1));     /* not T1's */
    CHECK(q1 & 1u << (13 + 1)); /* but some thread's */
    CHECK(q0 & 1u << 7);        /* SEMGETs queued for the sync unit */
    /* a Mover copy from BRISC: every thread's busy status shows the Mover executing */
    const uint32_t tdma = 0xFFB11000u;
    CHECK_OK(tensix_core_mmio_write(&r->core, 3, tdma + 0x000, 0x10000 / 16, r->now));
    CHECK_OK(tensix_core_mmio_write(&r->core, 3, tdma + 0x004, 0x20000 / 16, r->now));
    CHECK_OK(tensix_core_mmio_write(&r->core, 3, tdma + 0x008, 64, r->now));
    CHECK_OK(tensix_core_mmio_write(&r->core, 3, tdma + 0x00C, 3, r->now));
    CHECK_OK(tensix_core_mmio_write(&r->core, 3, tdma + 0x010, 0x40, r->now));
    tick(r);
    tick(r);
    CHECK_OK(tensix_core_csr_read(&r->core, 2, 0xBC1, &b2));
    CHECK(b2 & 1u << 3);
    CHECK(b2 & 1u << (11 + 3));
    for (int i = 0; i < 400; i++)
        tick(r);
    CHECK(tensix_core_idle(&r->core));
    for (uint32_t t = 0; t < 3; t++) {
        CHECK_OK(tensix_core_csr_read(&r->core, t, 0xBC0, &q0));
        CHECK_OK(tensix_core_csr_read(&r->core, t, 0xBC1, &b2));
        CHECK_EQ_U32(q0, 0);
        CHECK_EQ_U32(b2, 0);
    }
    CHECK_EQ_U32(tensix_core_csr_read(&r->core, 0, 0xBC2, &q0), BH_ERR_ADDR);
    rig_free(r);
}

/* The matrix unit's bookkeeping from real words: SETRWC/INCRWC move thread 1's counters only,
 * SETDVALID hands both banks to the matrix unit, SETRWC's FlipSrcA and CLEARDVALID give
 * them back, CLEARDVALID Reset returns everything. */
static void test_rwc_and_dvalid(void)
{
    Rig *r = rig_new();
    push(r, 1,
         TENSIX_WORD(SETRWC) | TENSIX_PUT(SETRWC, BIT_MASK, RWC_SET_A | RWC_SET_D) |
             TENSIX_PUT(SETRWC, RWC_A, 8) | TENSIX_PUT(SETRWC, RWC_D, 4));
    push(r, 1, TENSIX_WORD(INCRWC) | TENSIX_PUT(INCRWC, RWC_B, 3) | TENSIX_PUT(INCRWC, RWC_D, 2));
    push(r, 1, TENSIX_WORD(SETDVALID) | TENSIX_PUT(SETDVALID, SETVALID, 3));
    for (int i = 0; i < 20; i++)
        tick(r);
    CHECK(!r->core.failed);
    CHECK(r->core.rwc[1].srca == 8 && r->core.rwc[1].srcb == 3 && r->core.rwc[1].dst == 6);
    CHECK(r->core.rwc[0].srca == 0 && r->core.rwc[0].dst == 0);
    CHECK(src_matrix_may_read(&r->core.regs, SRC_A) && src_matrix_may_read(&r->core.regs, SRC_B));
    push(r, 1, TENSIX_WORD(SETRWC) | TENSIX_PUT(SETRWC, CLEAR_AB_VLD, 1)); /* FlipSrcA */
    for (int i = 0; i < 10; i++)
        tick(r);
    CHECK(!src_matrix_may_read(&r->core.regs, SRC_A) && r->core.regs.fpu_bank[SRC_A] == 1);
    CHECK(src_matrix_may_read(&r->core.regs, SRC_B));
    push(r, 1, TENSIX_WORD(CLEARDVALID) | TENSIX_PUT(CLEARDVALID, RESET, 1));
    for (int i = 0; i < 10; i++)
        tick(r);
    CHECK(!src_matrix_may_read(&r->core.regs, SRC_B) && r->core.regs.fpu_bank[SRC_A] == 0);
    CHECK_EQ_U64(r->core.unit_instructions[4], 5);
    CHECK_EQ_U32(strcmp(tensix_core_unit_name(4), "matrix"), 0);
    rig_free(r);
}

/* CFGSHIFTMASK: config word |= scratch masked to 8 bits, the old value kept */
static void test_cfgshiftmask(void)
{
    Rig *r = rig_new();
    const uint32_t cfg = 0xFFEF0000u;
    CHECK_OK(tensix_core_mmio_write(&r->core, 0, cfg + 4 * 20, 0xF0, r->now));
    CHECK_OK(tensix_core_mmio_write(&r->core, 0, cfg + 4 * 209, 0x10F, r->now)); /* scratch 0 */
    push(r, 0,
         TENSIX_WORD(CFGSHIFTMASK) | TENSIX_PUT(CFGSHIFTMASK, DISABLE_MASK_ON_OLD_VAL, 1) |
             TENSIX_PUT(CFGSHIFTMASK, MASK_WIDTH, 7) | TENSIX_PUT(CFGSHIFTMASK, CFG_REG, 20));
    for (int i = 0; i < 50; i++)
        tick(r);
    uint32_t v = 0;
    CHECK_OK(tensix_core_mmio_read(&r->core, 0, cfg + 4 * 20, &v, r->now));
    CHECK_EQ_U32(v, 0xFF);
    CHECK(!r->core.failed);
    rig_free(r);
}

static void test_stops(void)
{
    Rig *r = rig_new();
    push(r, 0, TENSIX_WORD(MOVDBGA2D)); /* a debug move the matrix unit does not model */
    for (int i = 0; i < 20; i++)
        tick(r);
    CHECK(r->core.failed);
    CHECK(strstr(r->core.error, "MOVDBGA2D") != NULL && strstr(r->core.error, "T0") != NULL);
    rig_free(r);
    /* an MVMUL whose Src banks nobody hands over: the deadlock watchdog names the wait */
    r = rig_new();
    r->core.deadlock_cycles = 500;
    push(r, 1, TENSIX_WORD(MVMUL));
    for (int i = 0; i < 490; i++)
        tick(r);
    CHECK(!r->core.failed);
    for (int i = 0; i < 20; i++)
        tick(r);
    CHECK(r->core.failed && strstr(r->core.error, "deadlock") != NULL &&
          strstr(r->core.error, "T1 waits at MVMUL") != NULL &&
          strstr(r->core.error, "SrcA banks u/u") != NULL);
    rig_free(r);
    r = rig_new(); /* STOREIND's SrcA/SrcB form is not modeled yet: a stop, not a no-op */
    push(r, 0, TENSIX_WORD(STOREIND));
    for (int i = 0; i < 20; i++)
        tick(r);
    CHECK(r->core.failed && strstr(r->core.error, "STOREIND") != NULL);
    rig_free(r);
    r = rig_new();
    CHECK_EQ_U32(tensix_core_mmio_write(&r->core, 1, 0xFFE60000u, TENSIX_WORD(NOP), 0),
                 BH_ERR_ACCESS);
    CHECK(r->core.failed && strstr(r->core.error, "TRISC1") != NULL);
    /* BRISC may push to any thread, after the MOP expander */
    rig_free(r);
    r = rig_new();
    CHECK_OK(tensix_core_mmio_write(&r->core, 3, 0xFFE60000u, TENSIX_WORD(DMANOP), 0));
    for (int i = 0; i < 20; i++)
        tick(r);
    CHECK_EQ_U64(r->core.thr[2].opcode_count[TENSIX_OP_DMANOP], 1);
    CHECK(!r->core.failed);
    rig_free(r);
}

/* What SFPLOADMACRO schedules lands with no further vector word: the coprocessor advances the
 * vector unit every cycle. Macro 0's store slot (template 3, delay 5, Mod0 of the load) writes
 * LReg[2] back to Dst 5 cycles after the macro; the test changes LReg[2] in between, so Dst
 * shows the new value only if the scheduled store ran. */
static void test_sfpu_macro_lands(void)
{
    Rig *r = rig_new();
    const uint32_t addr = 100, vd = 2;
    for (uint32_t row = addr & ~3u; row < (addr & ~3u) + 4; row++)
        for (uint32_t col = 0; col < 16; col++)
            dst32_write(&r->core.regs, row, col, dst32_from_fp32(0x3F800000u)); /* 1.0 */
    uint32_t seq = (5u << 3 | 3u) << 24; /* store slot: delay 5, template select 3 */
    push(r, 0,
         TENSIX_WORD(SFPLOADI) | TENSIX_PUT(SFPLOADI, INSTR_MOD0, 10) |
             TENSIX_PUT(SFPLOADI, IMM16, seq & 0xFFFF));
    push(r, 0,
         TENSIX_WORD(SFPLOADI) | TENSIX_PUT(SFPLOADI, INSTR_MOD0, 8) |
             TENSIX_PUT(SFPLOADI, IMM16, seq >> 16));
    push(r, 0, TENSIX_WORD(SFPCONFIG) | TENSIX_PUT(SFPCONFIG, CONFIG_DEST, 4)); /* Sequence[0] */
    push(r, 0,
         TENSIX_WORD(SFPCONFIG) | TENSIX_PUT(SFPCONFIG, CONFIG_DEST, 8) |
             TENSIX_PUT(SFPCONFIG, INSTR_MOD1, 1) |
             TENSIX_PUT(SFPCONFIG, IMM16_MATH, 1u << 4)); /* Misc: store uses load Mod0 */
    push(r, 0,
         TENSIX_WORD(SFPLOADMACRO) | TENSIX_PUT(SFPLOADMACRO, LREG_IND, vd & 3) |
             TENSIX_PUT(SFPLOADMACRO, INSTR_MOD0, SFPU_FMT_FP32) |
             TENSIX_PUT(SFPLOADMACRO, DEST_REG_ADDR, (addr >> 1) << 1 | vd >> 2));
    int poked = 0;
    for (uint32_t i = 0; i < 60; i++) {
        tick(r);
        int pending = 0;
        for (uint32_t k = 0; k < SFPU_MACRO_SLOTS; k++)
            pending |= r->core.sfpu.lm_ops[k].live;
        if (pending && !poked) {
            CHECK_EQ_U32(r->core.sfpu.lreg[vd][0], 0x3F800000u); /* the load happened */
            for (uint32_t l = 0; l < SFPU_LANES; l++)
                r->core.sfpu.lreg[vd][l] = 0x40400000u; /* 3.0 */
            poked = 1;
        }
    }
    CHECK(poked && !r->core.failed);
    CHECK_EQ_U32(dst32_to_fp32(dst32_read(&r->core.regs, addr & ~3u, 0)), 0x40400000u);
    rig_free(r);
}

/* A PACR issued while the matrix unit's write to the same Dst rows is in flight is a guest race:
 * counted and logged. The same PACR a few cycles later is not. */
static void test_pack_dst_race(void)
{
    Rig *r = rig_new();
    TCFG_SET(&r->core.cfg, 0, THCON_SEC0_REG1_In_data_format, 5); /* BF16 in and out */
    TCFG_SET(&r->core.cfg, 0, THCON_SEC0_REG1_Out_data_format, 5);
    TCFG_SET(&r->core.cfg, 0, ALU_FORMAT_SPEC_REG2_Dstacc, 5);
    TCFG_SET(&r->core.cfg, 0, THCON_SEC0_REG1_L1_Dest_addr, 0x1000);
    push(r, 1, TENSIX_WORD(SETDVALID) | TENSIX_PUT(SETDVALID, SETVALID, 3));
    for (int i = 0; i < 10; i++)
        tick(r);
    push(r, 1, TENSIX_WORD(MOVA2D)); /* SrcA row 0 -> Dst row 0 */
    push(r, 2, TENSIX_WORD(PACR));   /* reads Dst rows 0..3 in the same cycle */
    for (int i = 0; i < 20; i++)
        tick(r);
    if (r->core.failed)
        fprintf(stderr, "%s\n", r->core.error);
    CHECK(!r->core.failed);
    CHECK_EQ_U64(r->core.unit_instructions[4], 2); /* SETDVALID, MOVA2D */
    CHECK_EQ_U64(r->core.pack_dst_races, 1);
    push(r, 1, TENSIX_WORD(MOVA2D));
    for (int i = 0; i < 10; i++)
        tick(r);
    push(r, 2, TENSIX_WORD(PACR));
    for (int i = 0; i < 20; i++)
        tick(r);
    CHECK_EQ_U64(r->core.pack_dst_races, 1);
    rig_free(r);
}

int main(void)
{
    RUN(test_semaphore_handshake);
    RUN(test_gprs_and_config);
    RUN(test_mover_copy_through_l1);
    RUN(test_memory_instructions);
    RUN(test_cfgshiftmask);
    RUN(test_thcon_arithmetic);
    RUN(test_thcon_mmio);
    RUN(test_fifo_pointers);
    RUN(test_status_csrs);
    RUN(test_rwc_and_dvalid);
    RUN(test_stops);
    RUN(test_sfpu_macro_lands);
    RUN(test_pack_dst_race);
    return check_failures();
}
