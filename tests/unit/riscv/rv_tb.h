/* tests/unit/riscv/rv_tb.h - a tiny test bench for the RISC-V core tests: a RAM fast region at
 * 0 (read, write, fetch), an "L1" at TB_L1 answered by the bus callback from its own array,
 * an MMIO window that records stores, instruction encoders, and a run-until-stop helper. */
#ifndef BH_TEST_RV_TB_H
#define BH_TEST_RV_TB_H
#include <stdlib.h>
#include <string.h>
#include "model/riscv/rv_core_state.h"
#include "tests/check.h"

#define TB_RAM 0x10000u
#define TB_L1 0x100000u
#define TB_L1_SIZE 0x10000u
#define TB_LOG 256

typedef struct TbPending {
    uint16_t tag;
    uint8_t data[16];
} TbPending;

typedef struct Tb {
    RvCore *c;
    uint8_t ram[TB_RAM];
    uint8_t l1[TB_L1_SIZE];
    RvMemReq log[TB_LOG];
    uint64_t log_at[TB_LOG];
    uint32_t nlog;
    RvMemResult load_mode; /* DONE or PENDING for loads, AMOs and bus CSRs */
    RvMemResult store_mode, fetch_mode;
    uint32_t lat, fetch_lat;
    uint64_t later_until; /* answer LATER (when = later_until) while at < later_until */
    TbPending pend[16];
    uint32_t npend;
} Tb;

static inline void tb_put(uint8_t *p, uint32_t n, uint32_t v)
{
    for (uint32_t i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static inline uint32_t tb_get(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline RvMemResult tb_access(void *ctx, RvCore *core, const RvMemReq *req, uint64_t at,
                                    uint8_t *rdata, uint32_t *latency, uint64_t *when, char *why,
                                    size_t why_len)
{
    Tb *t = ctx;
    (void)core;
    if (t->later_until && at < t->later_until && req->kind != RV_ACC_FETCH) {
        *when = t->later_until;
        return RV_MEM_LATER;
    }
    if (t->nlog < TB_LOG) {
        t->log[t->nlog] = *req;
        t->log_at[t->nlog++] = at;
    }
    *latency = t->lat;
    RvMemResult mode = t->load_mode;
    uint8_t data[16] = {0};
    uint32_t off = req->addr - TB_L1;
    int l1 = off < TB_L1_SIZE && off + req->size <= TB_L1_SIZE;
    switch ((RvAccKind)req->kind) {
    case RV_ACC_FETCH:
        *latency = t->fetch_lat;
        mode = t->fetch_mode;
        break;
    case RV_ACC_LOAD:
        if (!l1) {
            snprintf(why, why_len, "unmapped 0x%08x", req->addr);
            return RV_MEM_FAULT;
        }
        memcpy(data, t->l1 + off, req->size);
        break;
    case RV_ACC_STORE:
        if (l1)
            for (uint32_t i = 0; i < req->size; i++)
                if (req->mask >> i & 1)
                    t->l1[off + i] = req->wdata[i];
        mode = t->store_mode;
        break;
    case RV_ACC_AMO: {
        uint32_t old = tb_get(t->l1 + off), b = tb_get(req->wdata), nv;
        switch (req->amo) {
        case RV_AMO_SWAP:
            nv = b;
            break;
        case RV_AMO_ADD:
            nv = old + b;
            break;
        case RV_AMO_XOR:
            nv = old ^ b;
            break;
        case RV_AMO_AND:
            nv = old & b;
            break;
        case RV_AMO_OR:
            nv = old | b;
            break;
        case RV_AMO_MIN:
            nv = (int32_t)old < (int32_t)b ? old : b;
            break;
        case RV_AMO_MAX:
            nv = (int32_t)old > (int32_t)b ? old : b;
            break;
        case RV_AMO_MINU:
            nv = old < b ? old : b;
            break;
        default:
            nv = old > b ? old : b;
            break;
        }
        tb_put(t->l1 + off, 4, nv);
        tb_put(data, 4, old);
        break;
    }
    case RV_ACC_CSR:
        tb_put(data, 4, 0xc5000000u | req->addr);
        break;
    }
    if (mode == RV_MEM_PENDING) {
        if (t->npend < 16) {
            t->pend[t->npend].tag = req->tag;
            memcpy(t->pend[t->npend++].data, data, 16);
        }
        return RV_MEM_PENDING;
    }
    memcpy(rdata, data, 16);
    return RV_MEM_DONE;
}

/* Completes the oldest PENDING access at cycle `at`. */
static inline void tb_complete(Tb *t, uint64_t at)
{
    CHECK(t->npend > 0);
    if (!t->npend)
        return;
    rv_core_mem_done(t->c, t->pend[0].tag, t->pend[0].data, at);
    memmove(t->pend, t->pend + 1, (t->npend - 1) * sizeof t->pend[0]);
    t->npend--;
}

static inline Tb *tb_new_cfg(const RvConfig *cfg)
{
    Tb *t = calloc(1, sizeof *t);
    t->lat = 8;
    t->load_mode = t->store_mode = t->fetch_mode = RV_MEM_DONE;
    t->c = rv_core_create(cfg, 0, tb_access, t);
    CHECK(t->c != NULL);
    RvRegion r = {0, TB_RAM, t->ram, RV_REGION_READ | RV_REGION_WRITE | RV_REGION_FETCH};
    CHECK_OK(rv_core_map(t->c, &r));
    rv_core_set_l1(t->c, TB_L1, TB_L1_SIZE);
    return t;
}

static inline Tb *tb_new(void)
{
    RvConfig cfg = rv_config_default();
    return tb_new_cfg(&cfg);
}

static inline void tb_free(Tb *t)
{
    rv_core_destroy(t->c);
    free(t);
}

#define EBREAK 0x00100073u

/* Writes words at 0 followed by ebreak, resets the core at pc 0, cycle 0. */
static inline void tb_load(Tb *t, const uint32_t *w, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        tb_put(t->ram + 4 * i, 4, w[i]);
    tb_put(t->ram + 4 * n, 4, EBREAK);
    rv_core_reset(t->c, 0, 0);
    t->nlog = 0;
    t->npend = 0;
}

/* Runs until the core stops or waits; returns the run result. */
static inline RvRun tb_run(Tb *t)
{
    uint64_t wake;
    return rv_core_run(t->c, 1u << 30, &wake);
}

/* Encoders */
static inline uint32_t enc_r(uint32_t f7, uint32_t rs2, uint32_t rs1, uint32_t f3, uint32_t rd,
                             uint32_t op)
{
    return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}
static inline uint32_t enc_i(int32_t imm, uint32_t rs1, uint32_t f3, uint32_t rd, uint32_t op)
{
    return ((uint32_t)imm & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}
static inline uint32_t enc_s(int32_t imm, uint32_t rs2, uint32_t rs1, uint32_t f3)
{
    uint32_t u = (uint32_t)imm;
    return (u >> 5 & 0x7f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (u & 31) << 7 | 0x23;
}
static inline uint32_t enc_b(int32_t off, uint32_t rs2, uint32_t rs1, uint32_t f3)
{
    uint32_t u = (uint32_t)off;
    return (u >> 12 & 1) << 31 | (u >> 5 & 0x3f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 |
           (u >> 1 & 0xf) << 8 | (u >> 11 & 1) << 7 | 0x63;
}
static inline uint32_t enc_j(int32_t off, uint32_t rd)
{
    uint32_t u = (uint32_t)off;
    return (u >> 20 & 1) << 31 | (u >> 1 & 0x3ff) << 21 | (u >> 11 & 1) << 20 |
           (u >> 12 & 0xff) << 12 | rd << 7 | 0x6f;
}
static inline uint32_t enc_u(uint32_t imm20, uint32_t rd, uint32_t op)
{
    return imm20 << 12 | rd << 7 | op;
}
#define ADDI(rd, rs, imm) enc_i(imm, rs, 0, rd, 0x13)
#define ADD(rd, a, b) enc_r(0, b, a, 0, rd, 0x33)
#define MUL(rd, a, b) enc_r(1, b, a, 0, rd, 0x33)
#define DIV(rd, a, b) enc_r(1, b, a, 4, rd, 0x33)
#define LW(rd, rs, imm) enc_i(imm, rs, 2, rd, 0x03)
#define SW(rs2, rs, imm) enc_s(imm, rs2, rs, 2)
#define LUI(rd, imm20) enc_u(imm20, rd, 0x37)
#define FENCE 0x0ff0000fu
#define NOP ADDI(0, 0, 0)
#endif
