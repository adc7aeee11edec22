// SPDX-License-Identifier: Apache-2.0
/* Scalar Unit (ThCon): GPR arithmetic with its edge cases, LOADIND/STOREIND addressing,
 * LOADREG/STOREREG, the atomics' returned old values and retries, and the request pacing
 * (one per issue_interval_cycles, outstanding limits, port back-pressure). L1 is a test
 * double of ThconPorts: it performs each request when it takes it and answers after a fixed
 * latency. */
#include <stdlib.h>
#include <string.h>
#include "model/tile/tensix/thcon.h"
#include "tests/check.h"
#include "tests/test_log.h"

#define L1_BYTES (1536 * 1024)
#define MMIO_BYTES 4096 /* the fake MMIO space: THCON_MMIO_LOW.. */

static void quiet(void *ctx, BhLogLevel level, const char *msg)
{
    (void)ctx;
    (void)level;
    (void)msg;
}

typedef struct Pending {
    uint64_t due, token;
    uint8_t data[16];
} Pending;

typedef struct Sent {
    uint64_t cycle, addr;
    uint32_t bytes;
    int kind;
} Sent;

typedef struct Fake {
    Thcon t;
    uint8_t *mem;
    uint8_t mmio[MMIO_BYTES];
    Pending q[64];
    uint32_t nq;
    Sent log[256];
    uint32_t nlog;
    uint32_t latency; /* cycles from taking a request to its answer */
    uint32_t refuse;  /* refuse the next N requests with BH_ERR_FULL */
    uint64_t now;
} Fake;

static Pending *answer(Fake *f, uint64_t token)
{
    BH_ASSERT(f->nq < 64);
    Pending *p = &f->q[f->nq++];
    memset(p, 0, sizeof *p);
    p->due = f->now + f->latency;
    p->token = token;
    return p;
}

static void log_sent(Fake *f, uint64_t addr, uint32_t bytes, int kind)
{
    if (f->nlog < 256)
        f->log[f->nlog++] = (Sent){f->now, addr, bytes, kind};
}

static BhStatus fake_l1(void *ctx, uint64_t addr, uint32_t bytes, int kind, const void *wdata,
                        uint32_t a0, uint32_t a1, uint64_t token)
{
    Fake *f = ctx;
    if (f->refuse) {
        f->refuse--;
        return BH_ERR_FULL;
    }
    CHECK(addr + bytes <= L1_BYTES);
    log_sent(f, addr, bytes, kind);
    Pending *p = answer(f, token);
    uint8_t *block = f->mem + (addr & ~15ull);
    switch (kind) {
    case THCON_ACC_READ:
        CHECK((addr & (bytes - 1)) == 0);
        memcpy(p->data, f->mem + addr, bytes);
        break;
    case THCON_ACC_WRITE:
        CHECK((addr & (bytes - 1)) == 0);
        memcpy(f->mem + addr, wdata, bytes);
        break;
    case THCON_ACC_ATINCGET:
    case THCON_ACC_ATCAS:
        memcpy(p->data, f->mem + (addr & ~3ull), 4);
        thcon_atomic_apply(kind, addr, block, wdata, a0, a1);
        break;
    case THCON_ACC_ATINCGETPTR:
        memcpy(p->data, block, 16);
        thcon_atomic_apply(kind, addr, block, wdata, a0, a1);
        break;
    case THCON_ACC_ATSWAP:
        thcon_atomic_apply(kind, addr, block, wdata, a0, a1);
        break;
    default:
        CHECK(0);
    }
    return BH_OK;
}

static BhStatus fake_mmio(void *ctx, uint64_t addr, uint32_t bytes, int kind, const void *wdata,
                          uint32_t a0, uint32_t a1, uint64_t token)
{
    (void)a0;
    (void)a1;
    Fake *f = ctx;
    if (addr < THCON_MMIO_LOW || addr + bytes > THCON_MMIO_LOW + MMIO_BYTES)
        return BH_ERR_ADDR;
    log_sent(f, addr, bytes, kind);
    Pending *p = answer(f, token);
    if (kind == THCON_ACC_MMIO_READ)
        memcpy(p->data, f->mmio + (addr - THCON_MMIO_LOW), 4);
    else
        memcpy(f->mmio + (addr - THCON_MMIO_LOW), wdata, 4);
    return BH_OK;
}

static Fake *fake_new(const ThconConfig *cfg, uint32_t latency)
{
    Fake *f = calloc(1, sizeof *f);
    f->mem = calloc(1, L1_BYTES);
    f->latency = latency;
    f->now = 100;
    ThconPorts ports = {fake_l1, fake_mmio, f};
    ThconConfig d = thcon_config_default();
    CHECK_OK(thcon_init(&f->t, cfg ? cfg : &d, &ports, &test_log));
    return f;
}

static void fake_free(Fake *f)
{
    free(f->mem);
    free(f);
}

/* One cycle: answers due now arrive, ThCon steps, time moves on. */
static void cycle(Fake *f)
{
    for (uint32_t i = 0; i < f->nq;) {
        if (f->q[i].due <= f->now) {
            Pending p = f->q[i];
            memmove(&f->q[i], &f->q[i + 1], (f->nq - i - 1) * sizeof p);
            f->nq--;
            thcon_l1_done(&f->t, p.token, p.data, f->now);
        } else {
            i++;
        }
    }
    thcon_step(&f->t, f->now);
    f->now++;
}

static void run(Fake *f, uint32_t cycles)
{
    for (uint32_t i = 0; i < cycles; i++)
        cycle(f);
}

/* Present an instruction every cycle until ThCon takes it (as a wait gate would). */
#define ISSUE(f, st, call)                                                                         \
    do {                                                                                           \
        for (int k_ = 0; k_ < 10000; k_++) {                                                       \
            st = (call);                                                                           \
            if (st != BH_ERR_FULL)                                                                 \
                break;                                                                             \
            cycle(f);                                                                              \
        }                                                                                          \
    } while (0)

static uint32_t *G(Fake *f, uint32_t thread)
{
    return thcon_gprs(&f->t, thread);
}

static uint32_t rd32(const Fake *f, uint32_t addr)
{
    uint32_t v;
    memcpy(&v, f->mem + addr, 4);
    return v;
}

static void wr32(Fake *f, uint32_t addr, uint32_t v)
{
    memcpy(f->mem + addr, &v, 4);
}

/* SETDMAREG_Immediate.md: 16 bits into one half; even halves are the low halves. */
static void test_setdmareg(void)
{
    Fake *f = fake_new(NULL, 4);
    BhStatus st;
    ISSUE(f, st, thcon_setdmareg(&f->t, 1, 0x1234, 0, f->now));
    CHECK_OK(st);
    CHECK(!thcon_can_accept(&f->t, f->now)); /* one cycle */
    CHECK(thcon_can_accept(&f->t, f->now + 1));
    ISSUE(f, st, thcon_setdmareg(&f->t, 1, 0xABCD, 1, f->now));
    ISSUE(f, st, thcon_setdmareg(&f->t, 1, 0xFFFF, 127, f->now));
    CHECK_EQ_U32(G(f, 1)[0], 0xABCD1234);
    CHECK_EQ_U32(G(f, 1)[63], 0xFFFF0000);
    CHECK_EQ_U32(G(f, 0)[0], 0);
    CHECK_EQ_U32(G(f, 2)[0], 0);
    fake_free(f);
}

/* ADDDMAREG.md, SUBDMAREG.md, MULDMAREG.md, BITWOPDMAREG.md, SHIFTDMAREG.md, CMPDMAREG.md */
static void test_alu_results(void)
{
    Fake *f = fake_new(NULL, 4);
    Thcon *t = &f->t;
    uint32_t *g = G(f, 0);
    uint64_t now = 1000;
    uint64_t g0 = bh_log_count(&test_log, BH_LOG_GUEST);
#define AT() (now += 10)
    g[1] = 0xFFFFFFFF, g[2] = 1, g[3] = 5, g[4] = 0;
    CHECK_OK(thcon_adddmareg(t, 0, 0, 10, 2, 1, AT()));
    CHECK_EQ_U32(g[10], 0); /* wraps */
    CHECK_OK(thcon_adddmareg(t, 0, 1, 11, 63, 3, AT()));
    CHECK_EQ_U32(g[11], 68);
    CHECK_OK(thcon_subdmareg(t, 0, 0, 12, 2, 4, AT()));
    CHECK_EQ_U32(g[12], 0xFFFFFFFF); /* 0 - 1 wraps */
    CHECK_OK(thcon_subdmareg(t, 0, 1, 13, 63, 3, AT()));
    CHECK_EQ_U32(g[13], (uint32_t)(5 - 63));
    /* MULDMAREG: low 16 bits of each operand, full 32-bit product */
    g[5] = 0x00012345, g[6] = 0x00010003, g[7] = 0xFFFFFFFF;
    CHECK_OK(thcon_muldmareg(t, 0, 0, 14, 6, 5, AT()));
    CHECK_EQ_U32(g[14], 0x2345 * 3);
    CHECK_OK(thcon_muldmareg(t, 0, 0, 15, 7, 7, AT()));
    CHECK_EQ_U32(g[15], 0xFFFE0001);
    CHECK_OK(thcon_muldmareg(t, 0, 1, 16, 63, 6, AT()));
    CHECK_EQ_U32(g[16], 3 * 63);
    /* BITWOPDMAREG modes 0 AND, 1 OR, 2 XOR */
    g[20] = 0xF0F0FF00, g[21] = 0x0FF0F0F0;
    CHECK_OK(thcon_bitwopdmareg(t, 0, 0, 0, 22, 21, 20, AT()));
    CHECK_EQ_U32(g[22], 0x00F0F000);
    CHECK_OK(thcon_bitwopdmareg(t, 0, 0, 1, 22, 21, 20, AT()));
    CHECK_EQ_U32(g[22], 0xFFF0FFF0);
    CHECK_OK(thcon_bitwopdmareg(t, 0, 0, 2, 22, 21, 20, AT()));
    CHECK_EQ_U32(g[22], 0xFF000FF0);
    CHECK_OK(thcon_bitwopdmareg(t, 0, 1, 1, 22, 0x3F, 20, AT()));
    CHECK_EQ_U32(g[22], 0xF0F0FF3F);
    CHECK_EQ_U32(thcon_bitwopdmareg(t, 0, 0, 3, 22, 21, 20, AT()), BH_ERR_ACCESS);
    CHECK_EQ_U32(g[22], 0xF0F0FF3F);
    /* SHIFTDMAREG: 0 left, 1 right, unsigned, amount mod 32 */
    g[24] = 0x80000001, g[25] = 33, g[26] = 31, g[27] = 0;
    CHECK_OK(thcon_shiftdmareg(t, 0, 0, 0, 28, 27, 24, AT()));
    CHECK_EQ_U32(g[28], 0x80000001); /* by 0 */
    CHECK_OK(thcon_shiftdmareg(t, 0, 0, 0, 28, 26, 24, AT()));
    CHECK_EQ_U32(g[28], 0x80000000); /* by 31 */
    CHECK_OK(thcon_shiftdmareg(t, 0, 0, 1, 28, 26, 24, AT()));
    CHECK_EQ_U32(g[28], 1); /* logical, not arithmetic */
    CHECK_OK(thcon_shiftdmareg(t, 0, 0, 0, 28, 25, 24, AT()));
    CHECK_EQ_U32(g[28], 2); /* 33 & 31 = 1 */
    CHECK_OK(thcon_shiftdmareg(t, 0, 1, 1, 28, 4, 24, AT()));
    CHECK_EQ_U32(g[28], 0x08000000);
    CHECK_EQ_U32(thcon_shiftdmareg(t, 0, 0, 2, 28, 26, 24, AT()), BH_ERR_ACCESS);
    CHECK_EQ_U32(g[28], 0x08000000);
    /* CMPDMAREG: 0 GT, 1 LT, 2 EQ, unsigned, result exactly 0 or 1 */
    g[30] = 0xFFFFFFFF, g[31] = 1, g[32] = 0xDEAD;
    CHECK_OK(thcon_cmpdmareg(t, 0, 0, 0, 32, 31, 30, AT()));
    CHECK_EQ_U32(g[32], 1); /* 0xFFFFFFFF > 1 unsigned */
    CHECK_OK(thcon_cmpdmareg(t, 0, 0, 1, 32, 31, 30, AT()));
    CHECK_EQ_U32(g[32], 0);
    CHECK_OK(thcon_cmpdmareg(t, 0, 0, 2, 32, 30, 30, AT()));
    CHECK_EQ_U32(g[32], 1);
    g[33] = 63;
    CHECK_OK(thcon_cmpdmareg(t, 0, 1, 2, 32, 63, 33, AT()));
    CHECK_EQ_U32(g[32], 1);
    CHECK_OK(thcon_cmpdmareg(t, 0, 1, 1, 32, 0, 33, AT()));
    CHECK_EQ_U32(g[32], 0);
    CHECK_EQ_U32(thcon_cmpdmareg(t, 0, 0, 7, 32, 31, 30, AT()), BH_ERR_ACCESS);
    /* the result may overwrite an operand */
    g[40] = 7;
    CHECK_OK(thcon_adddmareg(t, 0, 0, 40, 40, 40, AT()));
    CHECK_EQ_U32(g[40], 14);
    CHECK_EQ_U32(bh_log_count(&test_log, BH_LOG_GUEST), g0 + 3);
    CHECK_EQ_U32(G(f, 1)[10], 0); /* other threads' GPRs untouched */
#undef AT
    fake_free(f);
}

/* ScalarUnit.md: one instruction at a time; 3 cycles (immediate or same group of four) or 4;
 * the issuing thread is held until it completes, other threads only from ThCon. */
static void test_alu_cycles_and_blocking(void)
{
    Fake *f = fake_new(NULL, 4);
    Thcon *t = &f->t;
    CHECK_OK(thcon_adddmareg(t, 1, 1, 0, 5, 0, 200)); /* immediate: 3 */
    CHECK(thcon_thread_blocked(t, 1, 202));
    CHECK(!thcon_thread_blocked(t, 0, 202));
    CHECK_EQ_U32(thcon_dmanop(t, 0, 202), BH_ERR_FULL); /* other threads wait too */
    CHECK(!thcon_thread_blocked(t, 1, 203));
    CHECK_OK(thcon_adddmareg(t, 0, 0, 0, 7, 4, 203)); /* regs 4 and 7: one group: 3 */
    CHECK(!thcon_can_accept(t, 205));
    CHECK(thcon_can_accept(t, 206));
    CHECK_OK(thcon_subdmareg(t, 2, 0, 0, 4, 3, 206)); /* regs 3 and 4: two groups: 4 */
    CHECK(!thcon_can_accept(t, 209));
    CHECK_EQ_U64(thcon_step(t, 206), 210);
    CHECK(thcon_can_accept(t, 210));
    CHECK_OK(thcon_dmanop(t, 0, 210));
    CHECK_EQ_U64(thcon_step(t, 210), 211);
    CHECK_EQ_U64(thcon_step(t, 211), BH_IDLE);
    CHECK_EQ_U64(t->stats.refused_busy, 1);
    fake_free(f);
}

/* LOADIND.md: L1 address = GPR[AddrReg] * 16 + HalfGPR[OffsetHalfReg]; the half is
 * incremented by 0/2/4/16; sizes 128/32/16/8 bits; narrow loads keep the upper bits. */
static void test_loadind(void)
{
    Fake *f = fake_new(NULL, 5);
    uint32_t *g = G(f, 2);
    BhStatus st;
    for (uint32_t i = 0; i < 64; i++)
        f->mem[0x1020 + i] = (uint8_t)(0xA0 + i);
    g[1] = 0x100;  /* AddrReg 1: 0x1000 */
    g[2] = 0x0024; /* half 4 (GPR2 low): offset 0x24 */
    g[10] = 0x5555AAAA;
    ISSUE(f, st, thcon_loadind(&f->t, 2, 1, 4, 1, 10, 1, f->now)); /* 32-bit, +2 */
    CHECK_OK(st);
    uint64_t t0 = f->now;
    CHECK_EQ_U32(g[2], 0x0026);
    CHECK_EQ_U32(f->log[0].addr, 0x1024);
    CHECK_EQ_U32(f->log[0].bytes, 4);
    CHECK(thcon_busy(&f->t, 2));
    CHECK(!thcon_busy(&f->t, 0));
    run(f, 5); /* the answer arrives at t0 + 5 */
    CHECK_EQ_U32(g[10], 0x5555AAAA);
    CHECK(thcon_busy(&f->t, 2));
    run(f, 1);
    CHECK_EQ_U64(f->now, t0 + 6);
    CHECK_EQ_U32(g[10], 0xA7A6A5A4);
    CHECK(!thcon_busy(&f->t, 2));
    /* 16-bit at 0x1026, aligned down to 2; high half kept; +4 */
    g[11] = 0x12345678;
    ISSUE(f, st, thcon_loadind(&f->t, 2, 2, 4, 2, 11, 1, f->now));
    run(f, 6);
    CHECK_EQ_U32(g[11], 0x1234A7A6);
    CHECK_EQ_U32(g[2], 0x002A);
    /* 8-bit at 0x102A exactly; +16 */
    g[12] = 0xFFFFFFFF;
    ISSUE(f, st, thcon_loadind(&f->t, 2, 3, 4, 3, 12, 1, f->now));
    run(f, 6);
    CHECK_EQ_U32(g[12], 0xFFFFFFAA);
    CHECK_EQ_U32(g[2], 0x003A);
    /* 32-bit at 0x103A aligned down to 0x1038 */
    ISSUE(f, st, thcon_loadind(&f->t, 2, 1, 4, 0, 12, 1, f->now));
    run(f, 6);
    CHECK_EQ_U32(g[12], 0xBBBAB9B8);
    /* 128-bit: ResultReg 13 -> GPRs 12..15, address aligned down to 0x1030 */
    ISSUE(f, st, thcon_loadind(&f->t, 2, 0, 4, 0, 13, 1, f->now));
    run(f, 6);
    CHECK_EQ_U32(g[12], 0xB3B2B1B0);
    CHECK_EQ_U32(g[15], 0xBFBEBDBC);
    /* the offset half wraps at 16 bits; the high half of its GPR is not touched */
    g[3] = 0x7777FFF8; /* half 6 = 0xFFF8 */
    ISSUE(f, st, thcon_loadind(&f->t, 2, 1, 6, 3, 20, 1, f->now));
    CHECK_EQ_U32(g[3], 0x77770008);
    CHECK_EQ_U32(f->log[f->nlog - 1].addr, 0x1000 + 0xFFF8);
    run(f, 6);
    /* GPR * 16 wraps at 32 bits as in the functional model */
    g[1] = 0x10000002;
    g[2] = 0x0004;
    ISSUE(f, st, thcon_loadind(&f->t, 2, 1, 4, 0, 20, 1, f->now));
    CHECK_EQ_U32(f->log[f->nlog - 1].addr, 0x24);
    run(f, 6);
    /* beyond L1: undefined behaviour, refused, nothing incremented or sent */
    uint64_t g0 = bh_log_count(&test_log, BH_LOG_GUEST);
    uint32_t sent = f->nlog;
    g[1] = L1_BYTES / 16;
    g[2] = 0;
    ISSUE(f, st, thcon_loadind(&f->t, 2, 1, 4, 3, 20, 1, f->now));
    CHECK_EQ_U32(st, BH_ERR_ACCESS);
    CHECK_EQ_U32(g[2], 0);
    CHECK_EQ_U32(f->nlog, sent);
    CHECK_EQ_U32(bh_log_count(&test_log, BH_LOG_GUEST), g0 + 1);
    g[2] = 0xFFFF; /* GPR * 16 + 0xFFFF crosses the end as well */
    g[1] = L1_BYTES / 16 - 0xFF0;
    ISSUE(f, st, thcon_loadind(&f->t, 2, 1, 4, 0, 20, 1, f->now));
    CHECK_EQ_U32(st, BH_ERR_ACCESS);
    fake_free(f);
}

/* STOREIND_L1.md: same addressing; the offset is incremented before the data is read. */
static void test_storeind_l1(void)
{
    Fake *f = fake_new(NULL, 3);
    uint32_t *g = G(f, 0);
    BhStatus st;
    memset(f->mem + 0x2000, 0xEE, 64);
    g[1] = 0x200; /* 0x2000 */
    g[2] = 0x13;  /* half 4: offset 0x13 */
    g[4] = 0x03020100, g[5] = 0x07060504, g[6] = 0x0B0A0908, g[7] = 0x0F0E0D0C;
    ISSUE(f, st, thcon_storeind_l1(&f->t, 0, 0, 4, 3, 6, 1, f->now)); /* 128 bit from 4..7 */
    CHECK_OK(st);
    CHECK_EQ_U32(f->log[0].addr, 0x2010);
    CHECK_EQ_U32(rd32(f, 0x2010), 0x03020100);
    CHECK_EQ_U32(rd32(f, 0x201C), 0x0F0E0D0C);
    CHECK_EQ_U32(g[2], 0x23);
    g[8] = 0x44332211;
    ISSUE(f, st, thcon_storeind_l1(&f->t, 0, 1, 4, 0, 8, 1, f->now)); /* 32 bit at 0x2020 */
    CHECK_EQ_U32(rd32(f, 0x2020), 0x44332211);
    ISSUE(f, st, thcon_storeind_l1(&f->t, 0, 2, 4, 0, 8, 1, f->now)); /* 16 bit at 0x2022 */
    CHECK_EQ_U32(rd32(f, 0x2020), 0x22112211);
    ISSUE(f, st, thcon_storeind_l1(&f->t, 0, 3, 4, 0, 8, 1, f->now)); /* 8 bit at 0x2023 */
    CHECK_EQ_U32(rd32(f, 0x2020), 0x11112211);
    CHECK_EQ_U32(rd32(f, 0x2024), 0xEEEEEEEE); /* neighbours untouched */
    /* DataReg is the offset's GPR: the stored value is the incremented one */
    g[2] = 0x30;
    ISSUE(f, st, thcon_storeind_l1(&f->t, 0, 1, 4, 2, 2, 1, f->now));
    CHECK_EQ_U32(rd32(f, 0x2030), 0x34);
    run(f, 10);
    CHECK(!thcon_busy(&f->t, 0));
    fake_free(f);
}

/* STOREIND_MMIO.md, LOADREG.md, STOREREG.md: 32-bit MMIO at 0xFFB0_0000 + ...; addresses
 * below 0xFFB1_1000 are undefined. */
static void test_mmio_instructions(void)
{
    Fake *f = fake_new(NULL, 4);
    uint32_t *g = G(f, 1);
    BhStatus st;
    g[3] = 0xC0FFEE;
    uint32_t lo = (THCON_MMIO_LOW + 0x10 - THCON_MMIO_BASE) >> 2;
    ISSUE(f, st, thcon_storereg(&f->t, 1, 3, lo, f->now));
    CHECK_OK(st);
    CHECK_EQ_U32(f->log[0].addr, THCON_MMIO_LOW + 0x10);
    CHECK_EQ_U32(f->log[0].kind, THCON_ACC_MMIO_WRITE);
    ISSUE(f, st, thcon_loadreg(&f->t, 1, 9, lo, f->now));
    run(f, 6);
    CHECK_EQ_U32(g[9], 0xC0FFEE);
    /* STOREIND-MMIO: (GPR + (half >> 4)) & 0xFFFFC, then the half is incremented */
    g[10] = 0x11000;
    g[11] = 0x0083; /* half 22: >> 4 = 8 */
    g[12] = 0x600D;
    ISSUE(f, st, thcon_storeind_mmio(&f->t, 1, 22, 3, 12, 10, f->now));
    CHECK_OK(st);
    CHECK_EQ_U32(f->log[f->nlog - 1].addr, 0xFFB11008);
    CHECK_EQ_U32(g[11], 0x0093);
    uint32_t v;
    memcpy(&v, f->mmio + 8, 4);
    CHECK_EQ_U32(v, 0x600D);
    uint64_t g0 = bh_log_count(&test_log, BH_LOG_GUEST);
    ISSUE(f, st, thcon_loadreg(&f->t, 1, 9, lo - 5, f->now));
    CHECK_EQ_U32(st, BH_ERR_ACCESS);
    ISSUE(f, st, thcon_storereg(&f->t, 1, 9, 0, f->now));
    CHECK_EQ_U32(st, BH_ERR_ACCESS);
    g[10] = 0;
    ISSUE(f, st, thcon_storeind_mmio(&f->t, 1, 22, 3, 12, 10, f->now));
    CHECK_EQ_U32(st, BH_ERR_ACCESS);
    CHECK_EQ_U32(g[11], 0x0093);
    CHECK_EQ_U32(bh_log_count(&test_log, BH_LOG_GUEST), g0 + 3);
    /* an address nothing answers: a guest error, the instruction completes */
    ISSUE(f, st, thcon_loadreg(&f->t, 1, 9, (1u << 18) - 1, f->now));
    CHECK_OK(st);
    CHECK_EQ_U32(bh_log_count(&test_log, BH_LOG_GUEST), g0 + 4);
    run(f, 5);
    CHECK(!thcon_busy(&f->t, 1));
    CHECK(thcon_can_accept(&f->t, f->now));
    fake_free(f);
}

/* ATINCGET.md: the old value comes back in InOutReg; only the low IntWidth + 1 bits count. */
static void test_atincget(void)
{
    Fake *f = fake_new(NULL, 8);
    uint32_t *g = G(f, 0);
    BhStatus st;
    wr32(f, 0x3008, 0x1234567F);
    g[1] = 0x300;
    g[5] = 1;
    ISSUE(f, st, thcon_atincget(&f->t, 0, 3, 2, 5, 1, f->now)); /* 4-bit counter */
    CHECK_OK(st);
    CHECK_EQ_U32(f->log[0].addr, 0x3008);
    CHECK_EQ_U32(rd32(f, 0x3008), 0x12345670); /* 0xF + 1 wraps within 4 bits */
    CHECK_EQ_U32(g[5], 1);                     /* not yet answered */
    run(f, 9);
    CHECK_EQ_U32(g[5], 0x1234567F);
    g[5] = 0x10;
    ISSUE(f, st, thcon_atincget(&f->t, 0, 31, 2, 5, 1, f->now)); /* full 32 bits */
    run(f, 9);
    CHECK_EQ_U32(g[5], 0x12345670);
    CHECK_EQ_U32(rd32(f, 0x3008), 0x12345680);
    g[5] = 0xFFFFFFFF; /* + -1 within 8 bits */
    ISSUE(f, st, thcon_atincget(&f->t, 0, 7, 2, 5, 1, f->now));
    run(f, 9);
    CHECK_EQ_U32(rd32(f, 0x3008), 0x1234567F);
    fake_free(f);
}

/* ATCAS.md: retried until the word equals CmpVal, each attempt at least 15 cycles. */
static void test_atcas(void)
{
    Fake *f = fake_new(NULL, 6);
    uint32_t *g = G(f, 1);
    BhStatus st;
    g[2] = 0x400; /* 0x4000 */
    wr32(f, 0x4004, 3);
    ISSUE(f, st, thcon_atcas(&f->t, 1, 9, 3, 1, 2, f->now));
    CHECK_OK(st);
    uint64_t t0 = f->now;
    CHECK_EQ_U32(rd32(f, 0x4004), 9);
    run(f, 14);
    CHECK(thcon_thread_blocked(&f->t, 1, f->now)); /* at least 15 cycles */
    run(f, 1);
    CHECK_EQ_U64(f->now, t0 + 15);
    CHECK(!thcon_thread_blocked(&f->t, 1, f->now));
    /* compare fails (9 != 2): retried until the word becomes 2 */
    uint32_t first = f->nlog;
    ISSUE(f, st, thcon_atcas(&f->t, 1, 5, 2, 1, 2, f->now));
    run(f, 40);
    CHECK_EQ_U32(rd32(f, 0x4004), 9);
    CHECK(thcon_thread_blocked(&f->t, 1, f->now));
    CHECK(thcon_busy(&f->t, 1) || f->t.insn.need_send);
    wr32(f, 0x4004, 2);
    run(f, 40);
    CHECK_EQ_U32(rd32(f, 0x4004), 5);
    CHECK(!thcon_thread_blocked(&f->t, 1, f->now));
    uint32_t attempts = f->nlog - first;
    CHECK(attempts >= 3);
    CHECK_EQ_U64(f->t.stats.atomic_retries, attempts - 1);
    for (uint32_t i = first + 1; i < f->nlog; i++)
        CHECK(f->log[i].cycle - f->log[i - 1].cycle >= 15);
    /* the whole word is compared against the 4-bit CmpVal */
    wr32(f, 0x4004, 0x10);
    ISSUE(f, st, thcon_atcas(&f->t, 1, 1, 0, 1, 2, f->now));
    run(f, 20);
    CHECK_EQ_U32(rd32(f, 0x4004), 0x10);
    fake_free(f);
}

/* ATINCGETPTR.md: FIFO {Rd, Wr} counters of IntWidth bits, capacity 2^(IntWidth - 1). */
static void test_atincgetptr(void)
{
    Fake *f = fake_new(NULL, 6);
    uint32_t *g = G(f, 0);
    BhStatus st;
    g[1] = 0x500; /* block 0x5000: Rd at +0, Wr at +4 */
    for (uint32_t k = 0; k < 4; k++) {
        ISSUE(f, st, thcon_atincgetptr(&f->t, 0, 0, 0, 3, 1, 8, 1, f->now)); /* push 1 */
        CHECK_OK(st);
        run(f, 16);
        CHECK_EQ_U32(g[8], k); /* the old Wr */
    }
    CHECK_EQ_U32(rd32(f, 0x5004), 4); /* Wr - Rd = 4 = capacity: full */
    ISSUE(f, st, thcon_atincgetptr(&f->t, 0, 0, 0, 3, 1, 8, 1, f->now));
    run(f, 50);
    CHECK(thcon_thread_blocked(&f->t, 0, f->now));
    CHECK_EQ_U32(rd32(f, 0x5004), 4);
    wr32(f, 0x5000, 1); /* a consumer pops one */
    run(f, 40);
    CHECK(!thcon_thread_blocked(&f->t, 0, f->now));
    CHECK_EQ_U32(g[8], 4);
    CHECK_EQ_U32(rd32(f, 0x5004), 5);
    /* pop with NoIncr: reads Rd, changes nothing */
    ISSUE(f, st, thcon_atincgetptr(&f->t, 0, 1, 0, 3, 0, 9, 1, f->now));
    run(f, 16);
    CHECK_EQ_U32(g[9], 1);
    CHECK_EQ_U32(rd32(f, 0x5000), 1);
    /* pop 2 (IncrLog2 1) */
    ISSUE(f, st, thcon_atincgetptr(&f->t, 0, 0, 1, 3, 0, 9, 1, f->now));
    run(f, 16);
    CHECK_EQ_U32(rd32(f, 0x5000), 3);
    /* push wraps within 3 bits: Wr 7 -> 0, upper bits kept */
    wr32(f, 0x5000, 0xA0000006);
    wr32(f, 0x5004, 0xA0000007);
    ISSUE(f, st, thcon_atincgetptr(&f->t, 0, 0, 0, 3, 1, 8, 1, f->now));
    run(f, 16);
    CHECK_EQ_U32(g[8], 0xA0000007);
    CHECK_EQ_U32(rd32(f, 0x5004), 0xA0000000);
    /* pop from an empty FIFO waits */
    wr32(f, 0x5000, 2);
    wr32(f, 0x5004, 2);
    ISSUE(f, st, thcon_atincgetptr(&f->t, 0, 0, 0, 3, 0, 9, 1, f->now));
    run(f, 40);
    CHECK(thcon_thread_blocked(&f->t, 0, f->now));
    wr32(f, 0x5004, 3);
    run(f, 40);
    CHECK_EQ_U32(g[9], 2);
    CHECK_EQ_U32(rd32(f, 0x5000), 3);
    fake_free(f);
}

/* ATSWAP.md: 16-bit granules selected by Mask; SingleDataReg places one GPR at
 * (DataReg & 3) * 4 with zeros elsewhere. */
static void test_atswap(void)
{
    Fake *f = fake_new(NULL, 4);
    uint32_t *g = G(f, 2);
    BhStatus st;
    memset(f->mem + 0x6000, 0x11, 16);
    g[1] = 0x600;
    g[8] = 0x33332222, g[9] = 0x55554444, g[10] = 0x77776666, g[11] = 0x99998888;
    ISSUE(f, st, thcon_atswap(&f->t, 2, 0, 0x81, 10, 1, f->now));
    CHECK_OK(st);
    CHECK_EQ_U32(rd32(f, 0x6000), 0x11112222);
    CHECK_EQ_U32(rd32(f, 0x6004), 0x11111111);
    CHECK_EQ_U32(rd32(f, 0x600C), 0x99991111);
    run(f, 5);
    ISSUE(f, st, thcon_atswap(&f->t, 2, 1, 0x0F, 9, 1, f->now));
    CHECK_EQ_U32(rd32(f, 0x6000), 0);
    CHECK_EQ_U32(rd32(f, 0x6004), 0x55554444);
    CHECK_EQ_U32(rd32(f, 0x6008), 0x11111111);
    CHECK_EQ_U32(g[9], 0x55554444); /* nothing written back */
    run(f, 5);
    fake_free(f);
}

/* L1.md: one ThCon request per issue_interval_cycles; outstanding limits; port refusals. */
static void test_issue_rate(void)
{
    BhStatus st;
    ThconConfig c;
    Fake *f = fake_new(NULL, 4);
    G(f, 0)[1] = 0x100;
    uint64_t t0 = f->now;
    for (int k = 0; k < 4; k++)
        ISSUE(f, st, thcon_loadind(&f->t, 0, 1, 4, 2, 10, 1, f->now));
    CHECK_EQ_U32(f->nlog, 4);
    for (uint32_t i = 0; i < 4; i++)
        CHECK_EQ_U64(f->log[i].cycle, t0 + 3 * i);
    /* another thread's 1-cycle instruction fits between two memory instructions */
    run(f, 10);
    t0 = f->now;
    ISSUE(f, st, thcon_loadind(&f->t, 0, 1, 4, 0, 10, 1, f->now));
    ISSUE(f, st, thcon_dmanop(&f->t, 1, f->now));
    CHECK_EQ_U64(f->now, t0 + 3);
    ISSUE(f, st, thcon_storeind_l1(&f->t, 0, 1, 4, 0, 10, 1, f->now));
    CHECK_EQ_U64(f->log[f->nlog - 1].cycle, t0 + 4);
    fake_free(f);

    /* interval 5: accepted after 3 cycles, the request waits until 5 */
    c = thcon_config_default();
    c.issue_interval_cycles = 5;
    f = fake_new(&c, 4);
    t0 = f->now;
    ISSUE(f, st, thcon_loadind(&f->t, 0, 1, 4, 0, 10, 1, f->now));
    ISSUE(f, st, thcon_loadind(&f->t, 0, 1, 4, 0, 10, 1, f->now));
    CHECK_EQ_U64(f->now, t0 + 3);
    CHECK_EQ_U64(thcon_step(&f->t, f->now), t0 + 5);
    run(f, 3);
    CHECK_EQ_U64(f->log[1].cycle, t0 + 5);
    CHECK(thcon_thread_blocked(&f->t, 0, t0 + 5));
    CHECK(!thcon_thread_blocked(&f->t, 0, t0 + 6));
    fake_free(f);

    /* port refusals: the request retries every cycle; the instruction ends after the send */
    f = fake_new(NULL, 4);
    f->refuse = 4;
    t0 = f->now;
    ISSUE(f, st, thcon_loadind(&f->t, 0, 1, 4, 0, 10, 1, f->now));
    run(f, 10);
    CHECK_EQ_U64(f->log[0].cycle, t0 + 4);
    CHECK_EQ_U64(f->t.stats.port_full, 4);
    fake_free(f);

    /* a request held back by the port: the unit is free after 3 cycles, but the next request
     * still keeps 3 cycles from the delayed one (1 cycle with issue_interval_cycles = 1) */
    for (uint32_t interval = 1; interval <= 3; interval += 2) {
        c = thcon_config_default();
        c.issue_interval_cycles = interval;
        f = fake_new(&c, 4);
        f->refuse = 2;
        t0 = f->now;
        ISSUE(f, st, thcon_loadind(&f->t, 0, 1, 4, 0, 10, 1, f->now));
        ISSUE(f, st, thcon_loadind(&f->t, 0, 1, 4, 0, 10, 1, f->now));
        CHECK_EQ_U64(f->now, t0 + 3);
        run(f, 10);
        CHECK_EQ_U64(f->log[0].cycle, t0 + 2);
        CHECK_EQ_U64(f->log[1].cycle, interval == 3 ? t0 + 5 : t0 + 3);
        fake_free(f);
    }

    /* one atomic in flight: the second ATINCGET waits for the first answer */
    f = fake_new(NULL, 20);
    t0 = f->now;
    ISSUE(f, st, thcon_atincget(&f->t, 0, 31, 0, 5, 1, f->now));
    ISSUE(f, st, thcon_atincget(&f->t, 0, 31, 0, 5, 1, f->now));
    CHECK_EQ_U64(f->now, t0 + 3);
    CHECK_EQ_U32(thcon_step(&f->t, f->now), BH_IDLE); /* nothing to do until the answer */
    run(f, 30);
    CHECK_EQ_U64(f->log[1].cycle, t0 + 20);
    fake_free(f);
    c = thcon_config_default();
    c.max_outstanding_atomics = 2;
    f = fake_new(&c, 20);
    t0 = f->now;
    ISSUE(f, st, thcon_atincget(&f->t, 0, 31, 0, 5, 1, f->now));
    ISSUE(f, st, thcon_atincget(&f->t, 0, 31, 0, 5, 1, f->now));
    CHECK_EQ_U64(f->log[1].cycle, t0 + 3);
    run(f, 30);
    fake_free(f);

    /* four reads in flight at most: the fifth leaves with the first answer */
    f = fake_new(NULL, 50);
    t0 = f->now;
    for (int k = 0; k < 5; k++)
        ISSUE(f, st, thcon_loadind(&f->t, 1, 1, 4, 0, 10 + k, 1, f->now));
    run(f, 100);
    CHECK_EQ_U64(f->log[3].cycle, t0 + 9);
    CHECK_EQ_U64(f->log[4].cycle, t0 + 50);
    CHECK(!thcon_busy(&f->t, 1));
    fake_free(f);
}

/* ScalarUnit.md "RISCV access to GPRs": B sees all three threads, T_i its own. */
static void test_gpr_mmio(void)
{
    Fake *f = fake_new(NULL, 4);
    Thcon *t = &f->t;
    uint32_t v = 0xCAFEBABE;
    uint16_t h;
    uint8_t b;
    CHECK_OK(thcon_gpr_mmio_write(t, THCON_VIEW_B, 256 + 4 * 2, &v, 4, 0));
    CHECK_EQ_U32(G(f, 1)[2], 0xCAFEBABE);
    CHECK_OK(thcon_gpr_mmio_read(t, 1, 4 * 2, &v, 4, 0));
    CHECK_EQ_U32(v, 0xCAFEBABE);
    CHECK_OK(thcon_gpr_mmio_read(t, 1, 4 * 2 + 2, &h, 2, 0));
    CHECK_EQ_U32(h, 0xCAFE);
    b = 0x11;
    CHECK_OK(thcon_gpr_mmio_write(t, 1, 4 * 2 + 1, &b, 1, 0));
    CHECK_EQ_U32(G(f, 1)[2], 0xCAFE11BE);
    v = 7;
    CHECK_OK(thcon_gpr_mmio_write(t, 2, 4 * 63, &v, 4, 0)); /* last GPR of T2's view */
    CHECK_EQ_U32(G(f, 2)[63], 7);
    CHECK_OK(thcon_gpr_mmio_read(t, THCON_VIEW_B, 767, &b, 1, 0)); /* last byte of B's */
    uint64_t g0 = bh_log_count(&test_log, BH_LOG_GUEST);
    CHECK_EQ_U32(thcon_gpr_mmio_read(t, 0, 256, &v, 4, 0), BH_ERR_ADDR);
    CHECK_EQ_U32(thcon_gpr_mmio_read(t, THCON_VIEW_B, 768, &v, 4, 0), BH_ERR_ADDR);
    CHECK_EQ_U32(thcon_gpr_mmio_write(t, 0, 2, &v, 4, 0), BH_ERR_ACCESS);
    CHECK_EQ_U32(thcon_gpr_mmio_read(t, 0, 1, &h, 2, 0), BH_ERR_ACCESS);
    CHECK_EQ_U32(thcon_gpr_mmio_read(t, 0, 0, &v, 3, 0), BH_ERR_ACCESS);
    CHECK_EQ_U32(bh_log_count(&test_log, BH_LOG_GUEST), g0 + 5);
    CHECK_EQ_U32(G(f, 0)[0], 0);
    fake_free(f);
}

static void test_config_check(void)
{
    char why[160];
    ThconConfig d = thcon_config_default(), c;
    CHECK_OK(thcon_config_check(&d, why, sizeof why));
    CHECK_EQ_U32(d.issue_interval_cycles, 3);
    CHECK_EQ_U32(d.l1_size_bytes, 1536 * 1024);
#define REJECTS(field, value)                                                                      \
    do {                                                                                           \
        c = d;                                                                                     \
        c.field = (value);                                                                         \
        CHECK_EQ_U32(thcon_config_check(&c, why, sizeof why), BH_ERR_CONFIG);                      \
        CHECK(strstr(why, #field) == why);                                                         \
    } while (0)
    REJECTS(issue_interval_cycles, 0);
    REJECTS(issue_interval_cycles, 65);
    REJECTS(max_outstanding, 0);
    REJECTS(max_outstanding, THCON_MAX_OUTSTANDING + 1);
    REJECTS(max_outstanding_atomics, 0);
    REJECTS(max_outstanding_atomics, d.max_outstanding + 1);
    REJECTS(atomic_attempt_cycles, 0);
    REJECTS(l1_size_bytes, 1536 * 1024 + 8);
    REJECTS(l1_size_bytes, 2048);
#define THCON_X_BAD(name, def, lo, hi, doc)                                                        \
    REJECTS(name, (uint32_t)(lo)-1);                                                               \
    REJECTS(name, (uint32_t)(hi) + 1);
    THCON_PARAMS(THCON_X_BAD)
#undef THCON_X_BAD
#undef REJECTS
    Thcon t;
    c = d;
    c.max_outstanding = 0;
    CHECK_EQ_U32(thcon_init(&t, &c, NULL, &test_log), BH_ERR_CONFIG);
}

int main(void)
{
    bh_log_set_sink(&test_log, quiet, NULL);
    RUN(test_setdmareg);
    RUN(test_alu_results);
    RUN(test_alu_cycles_and_blocking);
    RUN(test_loadind);
    RUN(test_storeind_l1);
    RUN(test_mmio_instructions);
    RUN(test_atincget);
    RUN(test_atcas);
    RUN(test_atincgetptr);
    RUN(test_atswap);
    RUN(test_issue_rate);
    RUN(test_gpr_mmio);
    RUN(test_config_check);
    return check_failures();
}
