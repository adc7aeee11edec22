// SPDX-License-Identifier: Apache-2.0
/* Tensix Scalar Unit (ThCon): GPRs, register arithmetic, and the L1/MMIO instructions with
 * their request pacing. Each instruction function cites the ISA page whose functional model
 * it follows (list in thcon.h). */
#include "model/tile/tensix/thcon.h"
#include <stdio.h>
#include <string.h>

static const uint32_t offset_step[4] = {0, 2, 4, 16}; /* OffsetIncrement */
static const uint32_t size_bytes[4] = {16, 4, 2, 1};  /* LOADIND/STOREIND Size */

ThconConfig thcon_config_default(void)
{
    ThconConfig c;
#define THCON_X_DEFAULT(name, def, lo, hi, doc) c.name = (def);
    THCON_PARAMS(THCON_X_DEFAULT)
#undef THCON_X_DEFAULT
    c.l1_size_bytes = 1536 * 1024;
    return c;
}

BhStatus thcon_config_check(const ThconConfig *c, char *why, size_t len)
{
#define REJECT(...)                                                                                \
    do {                                                                                           \
        snprintf(why, len, __VA_ARGS__);                                                           \
        return BH_ERR_CONFIG;                                                                      \
    } while (0)
#define THCON_X_CHECK(name, def, lo, hi, doc)                                                      \
    if (c->name < (uint32_t)(lo) || c->name > (uint32_t)(hi))                                      \
        REJECT("%s: must be %u..%u, got %u", #name, (unsigned)(lo), (unsigned)(hi), c->name);
    THCON_PARAMS(THCON_X_CHECK)
#undef THCON_X_CHECK
    if (c->max_outstanding_atomics > c->max_outstanding)
        REJECT("max_outstanding_atomics: must be 1..max_outstanding (%u), got %u",
               c->max_outstanding, c->max_outstanding_atomics);
    if (c->l1_size_bytes < 4096 || c->l1_size_bytes > (16u << 20) || c->l1_size_bytes % 16)
        REJECT("l1_size_bytes: must be a multiple of 16 in 4096..16777216, got %u",
               c->l1_size_bytes);
    return BH_OK;
#undef REJECT
}

BhStatus thcon_init(Thcon *t, const ThconConfig *cfg, const ThconPorts *ports)
{
    char why[160];
    if (thcon_config_check(cfg, why, sizeof why) != BH_OK)
        return BH_ERR_CONFIG;
    memset(t, 0, sizeof *t);
    t->cfg = *cfg;
    if (ports)
        t->ports = *ports;
    thcon_reset(t);
    return BH_OK;
}

void thcon_reset(Thcon *t)
{
    ThconConfig cfg = t->cfg;
    ThconPorts ports = t->ports;
    memset(t, 0, sizeof *t);
    t->cfg = cfg;
    t->ports = ports;
    t->next_token = 1;
}

uint32_t *thcon_gprs(Thcon *t, uint32_t thread)
{
    BH_ASSERT(thread < THCON_THREADS);
    return t->gpr[thread];
}

/* (char *)&GPRs[thread][0] + HalfReg * 2 on a little-endian core: even halves are low. */
static uint32_t half_get(const Thcon *t, uint32_t thread, uint32_t half)
{
    uint32_t w = t->gpr[thread][half / 2];
    return (half & 1) ? w >> 16 : w & 0xFFFF;
}

static void half_set(Thcon *t, uint32_t thread, uint32_t half, uint32_t v)
{
    uint32_t *w = &t->gpr[thread][half / 2];
    uint32_t shift = (half & 1) ? 16 : 0;
    *w = (*w & ~(0xFFFFu << shift)) | ((v & 0xFFFF) << shift);
    t->version++;
}

static int is_atomic(uint32_t kind)
{
    return kind >= THCON_ACC_ATINCGET && kind <= THCON_ACC_ATSWAP;
}

static int insn_done(const ThconInsn *in, uint64_t now)
{
    return !in->need_send && !in->waiting && in->end <= now;
}

int thcon_can_accept(const Thcon *t, uint64_t now)
{
    return !t->insn.active || insn_done(&t->insn, now);
}

int thcon_thread_blocked(const Thcon *t, uint32_t thread, uint64_t now)
{
    return t->insn.active && t->insn.thread == thread && !insn_done(&t->insn, now);
}

int thcon_spinning(const Thcon *t)
{
    return t->insn.active && t->insn.failed_attempts &&
           (t->insn.kind == THCON_ACC_ATCAS || t->insn.kind == THCON_ACC_ATINCGETPTR);
}

int thcon_busy(const Thcon *t, uint32_t thread)
{
    if (t->insn.active && t->insn.thread == thread && t->insn.need_send)
        return 1;
    for (uint32_t i = 0; i < THCON_MAX_OUTSTANDING; i++)
        if (t->req[i].active && t->req[i].thread == thread)
            return 1;
    return 0;
}

/* Earliest cycle >= now the pending request may leave, or BH_IDLE while the outstanding
 * limits hold it (an answer frees a slot). */
static uint64_t send_ready_at(const Thcon *t, uint64_t now)
{
    const ThconInsn *in = &t->insn;
    if (t->outstanding >= t->cfg.max_outstanding ||
        (is_atomic(in->kind) && t->outstanding_atomics >= t->cfg.max_outstanding_atomics))
        return BH_IDLE;
    uint64_t at = BH_MAX(now, in->next_try);
    if (t->last_send)
        at = BH_MAX(at, t->last_send - 1 + t->cfg.issue_interval_cycles);
    return at;
}

static void try_send(Thcon *t, uint64_t now)
{
    ThconInsn *in = &t->insn;
    if (send_ready_at(t, now) != now)
        return;
    int mmio = in->kind == THCON_ACC_MMIO_READ || in->kind == THCON_ACC_MMIO_WRITE;
    ThconAccessFn fn = mmio ? t->ports.mmio_access : t->ports.l1_access;
    int of_insn = in->kind == THCON_ACC_ATCAS || in->kind == THCON_ACC_ATINCGETPTR;
    BhStatus st = BH_ERR_UNSUPPORTED;
    uint64_t token = t->next_token;
    if (fn) {
        BH_ASSERT(!t->in_port);
        t->in_port = 1;
        st = fn(t->ports.ctx, in->addr, in->bytes, in->kind, in->wdata, in->arg0, in->arg1, token);
        t->in_port = 0;
    } else {
        BH_LOG_UNIMP_ONCE("thcon: LOADREG/STOREREG/STOREIND-MMIO without an MMIO port");
    }
    if (st == BH_ERR_FULL) {
        t->stats.port_full++;
        in->next_try = now + 1;
        return;
    }
    in->need_send = 0;
    t->last_send = now + 1;
    if (st != BH_OK) {
        /* Nothing answers at that address: the instruction completes without effect. */
        if (st != BH_ERR_UNSUPPORTED)
            BH_LOG_GUEST("thcon: thread %u request to 0x%llx refused: %s", in->thread,
                         (unsigned long long)in->addr, bh_status_name(st));
        in->end = BH_MAX(in->end, now + 1);
        return;
    }
    uint32_t slot = 0;
    while (t->req[slot].active)
        slot++;
    BH_ASSERT(slot < THCON_MAX_OUTSTANDING);
    ThconRequest *r = &t->req[slot];
    r->token = token;
    r->active = 1;
    r->thread = in->thread;
    r->kind = in->kind;
    r->dst = in->dst;
    r->bytes = (uint8_t)in->bytes;
    r->of_insn = (uint8_t)of_insn;
    r->word = (uint8_t)(in->addr & 12);
    t->next_token++;
    t->outstanding++;
    if (is_atomic(in->kind))
        t->outstanding_atomics++;
    t->stats.requests++;
    if (of_insn) {
        in->waiting = 1;
        in->attempt_at = now;
    } else {
        in->end = BH_MAX(in->end, now + 1); /* complete once the request is sent */
    }
}

static void advance(Thcon *t, uint64_t now)
{
    ThconInsn *in = &t->insn;
    if (!in->active)
        return;
    if (in->need_send)
        try_send(t, now);
    if (insn_done(in, now))
        in->active = 0;
}

uint64_t thcon_step(Thcon *t, uint64_t now)
{
    advance(t, now);
    const ThconInsn *in = &t->insn;
    if (!in->active || in->waiting)
        return BH_IDLE;
    if (in->need_send) {
        uint64_t at = send_ready_at(t, now);
        return at == BH_IDLE ? BH_IDLE : BH_MAX(at, now + 1);
    }
    return BH_MAX(in->end, now + 1);
}

static uint32_t word_of(const uint8_t block[16], uint64_t addr)
{
    uint32_t w;
    memcpy(&w, block + (addr & 12), 4);
    return w;
}

/* ATINCGETPTR.md: may word Ofs of the {Rd, Wr} block be incremented now? */
static int fifo_ptr_ok(const uint8_t block[16], uint32_t ofs, uint32_t int_width)
{
    uint32_t rd, wr;
    memcpy(&rd, block, 4);
    memcpy(&wr, block + 4, 4);
    uint32_t size = wr - rd;
    if (!(ofs & 1))
        return size != 0; /* pop: not empty */
    uint32_t capacity = int_width ? 1u << (int_width - 1) : 0x8000;
    return size == 0 || size % capacity != 0; /* push: not full */
}

void thcon_atomic_apply(int kind, uint64_t addr, uint8_t block[16], const void *wdata,
                        uint32_t arg0, uint32_t arg1)
{
    uint32_t old = word_of(block, addr), v = old;
    switch (kind) {
    case THCON_ACC_ATINCGET: /* arg0 IncrementBy, arg1 IntMask */
        v = ((old + arg0) & arg1) | (old & ~arg1);
        break;
    case THCON_ACC_ATINCGETPTR: { /* arg0 IncrementBy, arg1 IntWidth */
        uint32_t mask = (1u << arg1) - 1;
        if (fifo_ptr_ok(block, (uint32_t)(addr & 15) / 4, arg1))
            v = ((old + arg0) & mask) | (old & ~mask);
        break;
    }
    case THCON_ACC_ATCAS: /* arg0 SetVal, arg1 CmpVal */
        if (old == arg1)
            v = arg0;
        break;
    case THCON_ACC_ATSWAP: /* arg0 Mask of 16-bit granules */
        for (uint32_t g = 0; g < 8; g++)
            if (arg0 & (1u << g))
                memcpy(block + 2 * g, (const uint8_t *)wdata + 2 * g, 2);
        return;
    default:
        BH_ASSERT(0);
    }
    memcpy(block + (addr & 12), &v, 4);
}

void thcon_l1_done(Thcon *t, uint64_t token, const void *rdata, uint64_t now)
{
    BH_ASSERT(!t->in_port);
    ThconRequest *r = NULL;
    for (uint32_t i = 0; i < THCON_MAX_OUTSTANDING && !r; i++)
        if (t->req[i].active && t->req[i].token == token)
            r = &t->req[i];
    BH_ASSERT(r != NULL);
    r->active = 0;
    t->outstanding--;
    if (is_atomic(r->kind))
        t->outstanding_atomics--;
    uint32_t *g = t->gpr[r->thread];
    const uint8_t *d = rdata;
    ThconInsn *in = &t->insn;
    switch (r->kind) {
    case THCON_ACC_READ: /* LOADIND.md: narrow loads keep the GPR's upper bits */
        if (r->bytes == 16)
            memcpy(&g[r->dst], d, 16);
        else if (r->bytes == 4)
            memcpy(&g[r->dst], d, 4);
        else if (r->bytes == 2)
            g[r->dst] = (g[r->dst] & 0xFFFF0000u) | (uint32_t)(d[0] | d[1] << 8);
        else
            g[r->dst] = (g[r->dst] & 0xFFFFFF00u) | d[0];
        t->version++;
        break;
    case THCON_ACC_MMIO_READ:
        memcpy(&g[r->dst], d, 4);
        t->version++;
        break;
    case THCON_ACC_ATINCGET:
        memcpy(&g[r->dst], d, 4);
        t->version++;
        break;
    case THCON_ACC_ATCAS:
    case THCON_ACC_ATINCGETPTR: {
        BH_ASSERT(in->active && in->waiting && r->of_insn);
        int ok = r->kind == THCON_ACC_ATCAS ? word_of(d, 0) == in->arg1
                                            : fifo_ptr_ok(d, r->word / 4u, in->arg1);
        uint64_t attempt_end = in->attempt_at + t->cfg.atomic_attempt_cycles;
        in->waiting = 0;
        if (ok) {
            if (r->kind == THCON_ACC_ATINCGETPTR) {
                g[r->dst] = word_of(d, r->word);
                t->version++;
            }
            in->end = BH_MAX(attempt_end, now + 1);
        } else {
            t->stats.atomic_retries++;
            in->failed_attempts++;
            if (r->kind == THCON_ACC_ATCAS) {
                in->last_seen[0] = word_of(d, 0);
            } else {
                in->last_seen[0] = word_of(d, 0);
                in->last_seen[1] = word_of(d, 4);
            }
            in->need_send = 1;
            in->next_try = BH_MAX(attempt_end, now + 1);
        }
        break;
    }
    default: /* writes: acknowledged */
        break;
    }
}

/* ---------------------------------------------------------------- instruction entry */

static BhStatus begin(Thcon *t, uint32_t thread, uint64_t now)
{
    BH_ASSERT(thread < THCON_THREADS);
    advance(t, now);
    if (t->insn.active) {
        t->stats.refused_busy++;
        return BH_ERR_FULL;
    }
    return BH_OK;
}

static ThconInsn *start(Thcon *t, uint32_t thread, uint64_t now, uint32_t cycles)
{
    ThconInsn *in = &t->insn;
    memset(in, 0, sizeof *in);
    in->active = 1;
    in->thread = (uint8_t)thread;
    in->end = now + cycles;
    t->stats.insns++;
    return in;
}

static BhStatus start_mem(Thcon *t, uint32_t thread, uint64_t now, ThconAccessKind kind,
                          uint64_t addr, uint32_t bytes, uint32_t dst, uint32_t arg0, uint32_t arg1,
                          const void *wdata)
{
    ThconInsn *in = start(t, thread, now, t->cfg.mem_cycles);
    in->need_send = 1;
    in->next_try = now;
    in->kind = (uint8_t)kind;
    in->addr = addr;
    in->bytes = bytes;
    in->dst = (uint8_t)dst;
    in->arg0 = arg0;
    in->arg1 = arg1;
    if (wdata)
        memcpy(in->wdata, wdata, bytes);
    try_send(t, now);
    return BH_OK;
}

static int l1_ok(const Thcon *t, uint32_t thread, const char *insn, uint32_t addr)
{
    if (addr < t->cfg.l1_size_bytes)
        return 1;
    BH_LOG_GUEST("thcon: thread %u %s L1 address 0x%x beyond L1 (%u bytes): undefined "
                 "behaviour, ignored",
                 thread, insn, addr, t->cfg.l1_size_bytes);
    return 0;
}

static int mmio_ok(uint32_t thread, const char *insn, uint32_t addr)
{
    if (addr >= THCON_MMIO_LOW)
        return 1;
    BH_LOG_GUEST("thcon: thread %u %s MMIO address 0x%x below 0x%x: undefined behaviour, "
                 "ignored",
                 thread, insn, addr, THCON_MMIO_LOW);
    return 0;
}

/* SETDMAREG_Immediate.md */
BhStatus thcon_setdmareg(Thcon *t, uint32_t thread, uint32_t NewValue, uint32_t ResultHalfReg,
                         uint64_t now)
{
    BH_ASSERT(NewValue <= 0xFFFF && ResultHalfReg < 2 * THCON_GPRS);
    BhStatus st = begin(t, thread, now);
    if (st != BH_OK)
        return st;
    half_set(t, thread, ResultHalfReg, NewValue);
    start(t, thread, now, 1);
    return BH_OK;
}

/* DMANOP.md */
BhStatus thcon_dmanop(Thcon *t, uint32_t thread, uint64_t now)
{
    BhStatus st = begin(t, thread, now);
    if (st != BH_OK)
        return st;
    start(t, thread, now, 1);
    return BH_OK;
}

typedef enum AluOp { ALU_ADD, ALU_SUB, ALU_MUL, ALU_BITWOP, ALU_SHIFT, ALU_CMP } AluOp;
static const char *const alu_name[] = {"ADDDMAREG",    "SUBDMAREG",   "MULDMAREG",
                                       "BITWOPDMAREG", "SHIFTDMAREG", "CMPDMAREG"};

/* ADDDMAREG.md, SUBDMAREG.md, MULDMAREG.md, BITWOPDMAREG.md, SHIFTDMAREG.md, CMPDMAREG.md */
static BhStatus dmareg(Thcon *t, uint32_t thread, AluOp op, uint32_t Mode, uint32_t RightIsImm,
                       uint32_t ResultReg, uint32_t RightReg, uint32_t LeftReg, uint64_t now)
{
    BH_ASSERT(RightIsImm <= 1 && Mode < 8 && ResultReg < THCON_GPRS && RightReg < THCON_GPRS &&
              LeftReg < THCON_GPRS);
    BhStatus st = begin(t, thread, now);
    if (st != BH_OK)
        return st;
    uint32_t *g = t->gpr[thread];
    uint32_t l = g[LeftReg], r = RightIsImm ? RightReg : g[RightReg], v = 0;
    int defined = 1;
    switch (op) {
    case ALU_ADD:
        v = l + r;
        break;
    case ALU_SUB:
        v = l - r;
        break;
    case ALU_MUL:
        v = (l & 0xFFFF) * (r & 0xFFFF);
        break;
    case ALU_BITWOP:
        defined = Mode <= 2;
        v = Mode == 0 ? (l & r) : Mode == 1 ? (l | r) : (l ^ r);
        break;
    case ALU_SHIFT:
        r &= 0x1F;
        defined = Mode <= 1;
        v = Mode == 0 ? l << r : l >> r;
        break;
    case ALU_CMP:
        defined = Mode <= 2;
        v = Mode == 0 ? l > r : Mode == 1 ? l < r : l == r;
        break;
    }
    if (!defined) {
        BH_LOG_GUEST("thcon: thread %u %s Mode %u: undefined behaviour, ignored", thread,
                     alu_name[op], Mode);
        return BH_ERR_ACCESS;
    }
    g[ResultReg] = v;
    t->version++;
    start(t, thread, now,
          RightIsImm || (LeftReg >> 2) == (RightReg >> 2) ? t->cfg.alu_cycles
                                                          : t->cfg.alu_split_cycles);
    return BH_OK;
}

BhStatus thcon_dmareg_op(Thcon *t, uint32_t thread, uint32_t op, uint32_t RightIsImm, uint32_t Mode,
                         uint32_t ResultReg, uint32_t RightReg, uint32_t LeftReg, uint64_t now)
{
    BH_ASSERT(op <= ALU_CMP);
    return dmareg(t, thread, (AluOp)op, op <= ALU_MUL ? 0 : Mode, RightIsImm, ResultReg, RightReg,
                  LeftReg, now);
}

BhStatus thcon_adddmareg(Thcon *t, uint32_t thread, uint32_t RightIsImm, uint32_t ResultReg,
                         uint32_t RightReg, uint32_t LeftReg, uint64_t now)
{
    return dmareg(t, thread, ALU_ADD, 0, RightIsImm, ResultReg, RightReg, LeftReg, now);
}

BhStatus thcon_subdmareg(Thcon *t, uint32_t thread, uint32_t RightIsImm, uint32_t ResultReg,
                         uint32_t RightReg, uint32_t LeftReg, uint64_t now)
{
    return dmareg(t, thread, ALU_SUB, 0, RightIsImm, ResultReg, RightReg, LeftReg, now);
}

BhStatus thcon_muldmareg(Thcon *t, uint32_t thread, uint32_t RightIsImm, uint32_t ResultReg,
                         uint32_t RightReg, uint32_t LeftReg, uint64_t now)
{
    return dmareg(t, thread, ALU_MUL, 0, RightIsImm, ResultReg, RightReg, LeftReg, now);
}

BhStatus thcon_bitwopdmareg(Thcon *t, uint32_t thread, uint32_t RightIsImm, uint32_t Mode,
                            uint32_t ResultReg, uint32_t RightReg, uint32_t LeftReg, uint64_t now)
{
    return dmareg(t, thread, ALU_BITWOP, Mode, RightIsImm, ResultReg, RightReg, LeftReg, now);
}

BhStatus thcon_shiftdmareg(Thcon *t, uint32_t thread, uint32_t RightIsImm, uint32_t Mode,
                           uint32_t ResultReg, uint32_t RightReg, uint32_t LeftReg, uint64_t now)
{
    return dmareg(t, thread, ALU_SHIFT, Mode, RightIsImm, ResultReg, RightReg, LeftReg, now);
}

BhStatus thcon_cmpdmareg(Thcon *t, uint32_t thread, uint32_t RightIsImm, uint32_t Mode,
                         uint32_t ResultReg, uint32_t RightReg, uint32_t LeftReg, uint64_t now)
{
    return dmareg(t, thread, ALU_CMP, Mode, RightIsImm, ResultReg, RightReg, LeftReg, now);
}

/* LOADIND.md: address GPR * 16 + HalfGPR, the half then post-incremented; the loaded bytes
 * land in the GPR(s) when L1 answers. */
BhStatus thcon_loadind(Thcon *t, uint32_t thread, uint32_t Size, uint32_t OffsetHalfReg,
                       uint32_t OffsetIncrement, uint32_t ResultReg, uint32_t AddrReg, uint64_t now)
{
    BH_ASSERT(Size < 4 && OffsetHalfReg < 2 * THCON_GPRS && OffsetIncrement < 4 &&
              ResultReg < THCON_GPRS && AddrReg < THCON_GPRS);
    BhStatus st = begin(t, thread, now);
    if (st != BH_OK)
        return st;
    uint32_t offset = half_get(t, thread, OffsetHalfReg);
    uint32_t addr = t->gpr[thread][AddrReg] * 16 + offset;
    if (!l1_ok(t, thread, "LOADIND", addr))
        return BH_ERR_ACCESS;
    half_set(t, thread, OffsetHalfReg, offset + offset_step[OffsetIncrement]);
    uint32_t bytes = size_bytes[Size];
    return start_mem(t, thread, now, THCON_ACC_READ, addr & ~(bytes - 1), bytes,
                     Size ? ResultReg : ResultReg & 0x3C, 0, 0, NULL);
}

/* STOREIND_L1.md: the offset is incremented before the data GPR is read. */
BhStatus thcon_storeind_l1(Thcon *t, uint32_t thread, uint32_t Size, uint32_t OffsetHalfReg,
                           uint32_t OffsetIncrement, uint32_t DataReg, uint32_t AddrReg,
                           uint64_t now)
{
    BH_ASSERT(Size < 4 && OffsetHalfReg < 2 * THCON_GPRS && OffsetIncrement < 4 &&
              DataReg < THCON_GPRS && AddrReg < THCON_GPRS);
    BhStatus st = begin(t, thread, now);
    if (st != BH_OK)
        return st;
    uint32_t offset = half_get(t, thread, OffsetHalfReg);
    uint32_t addr = t->gpr[thread][AddrReg] * 16 + offset;
    if (!l1_ok(t, thread, "STOREIND", addr))
        return BH_ERR_ACCESS;
    half_set(t, thread, OffsetHalfReg, offset + offset_step[OffsetIncrement]);
    uint32_t bytes = size_bytes[Size];
    const uint32_t *src = &t->gpr[thread][Size ? DataReg : DataReg & 0x3C];
    uint8_t data[16];
    memcpy(data, src, Size ? 4 : 16); /* narrow sizes store the low bytes */
    return start_mem(t, thread, now, THCON_ACC_WRITE, addr & ~(bytes - 1), bytes, 0, 0, 0, data);
}

/* STOREIND_MMIO.md: 0xFFB00000 + ((GPR + (HalfGPR >> 4)) & 0xFFFFC); increment afterwards. */
BhStatus thcon_storeind_mmio(Thcon *t, uint32_t thread, uint32_t OffsetHalfReg,
                             uint32_t OffsetIncrement, uint32_t DataReg, uint32_t AddrReg,
                             uint64_t now)
{
    BH_ASSERT(OffsetHalfReg < 2 * THCON_GPRS && OffsetIncrement < 4 && DataReg < THCON_GPRS &&
              AddrReg < THCON_GPRS);
    BhStatus st = begin(t, thread, now);
    if (st != BH_OK)
        return st;
    uint32_t offset = half_get(t, thread, OffsetHalfReg);
    uint32_t addr = THCON_MMIO_BASE + ((t->gpr[thread][AddrReg] + (offset >> 4)) & 0x000FFFFCu);
    if (!mmio_ok(thread, "STOREIND", addr))
        return BH_ERR_ACCESS;
    uint32_t data = t->gpr[thread][DataReg];
    half_set(t, thread, OffsetHalfReg, offset + offset_step[OffsetIncrement]);
    return start_mem(t, thread, now, THCON_ACC_MMIO_WRITE, addr, 4, 0, 0, 0, &data);
}

/* LOADREG.md */
BhStatus thcon_loadreg(Thcon *t, uint32_t thread, uint32_t ResultReg, uint32_t AddrLo, uint64_t now)
{
    BH_ASSERT(ResultReg < THCON_GPRS && AddrLo < (1u << 18));
    BhStatus st = begin(t, thread, now);
    if (st != BH_OK)
        return st;
    uint32_t addr = THCON_MMIO_BASE + (AddrLo << 2);
    if (!mmio_ok(thread, "LOADREG", addr))
        return BH_ERR_ACCESS;
    return start_mem(t, thread, now, THCON_ACC_MMIO_READ, addr, 4, ResultReg, 0, 0, NULL);
}

/* STOREREG.md */
BhStatus thcon_storereg(Thcon *t, uint32_t thread, uint32_t DataReg, uint32_t AddrLo, uint64_t now)
{
    BH_ASSERT(DataReg < THCON_GPRS && AddrLo < (1u << 18));
    BhStatus st = begin(t, thread, now);
    if (st != BH_OK)
        return st;
    uint32_t addr = THCON_MMIO_BASE + (AddrLo << 2);
    if (!mmio_ok(thread, "STOREREG", addr))
        return BH_ERR_ACCESS;
    return start_mem(t, thread, now, THCON_ACC_MMIO_WRITE, addr, 4, 0, 0, 0,
                     &t->gpr[thread][DataReg]);
}

/* ATINCGET.md: the old value returns to InOutReg when L1 answers. */
BhStatus thcon_atincget(Thcon *t, uint32_t thread, uint32_t IntWidth, uint32_t Ofs,
                        uint32_t InOutReg, uint32_t AddrReg, uint64_t now)
{
    BH_ASSERT(IntWidth < 32 && Ofs < 4 && InOutReg < THCON_GPRS && AddrReg < THCON_GPRS);
    BhStatus st = begin(t, thread, now);
    if (st != BH_OK)
        return st;
    uint32_t addr = t->gpr[thread][AddrReg] * 16 + Ofs * 4;
    if (!l1_ok(t, thread, "ATINCGET", addr))
        return BH_ERR_ACCESS;
    uint32_t int_mask = (2u << IntWidth) - 1u; /* 2u << 31 wraps to 0: all ones */
    return start_mem(t, thread, now, THCON_ACC_ATINCGET, addr, 4, InOutReg,
                     t->gpr[thread][InOutReg], int_mask, NULL);
}

/* ATINCGETPTR.md: retried until the FIFO is not full (odd Ofs) / not empty (even Ofs). */
BhStatus thcon_atincgetptr(Thcon *t, uint32_t thread, uint32_t NoIncr, uint32_t IncrLog2,
                           uint32_t IntWidth, uint32_t Ofs, uint32_t ResultReg, uint32_t AddrReg,
                           uint64_t now)
{
    BH_ASSERT(NoIncr <= 1 && IncrLog2 < 16 && IntWidth < 16 && Ofs < 4 && ResultReg < THCON_GPRS &&
              AddrReg < THCON_GPRS);
    BhStatus st = begin(t, thread, now);
    if (st != BH_OK)
        return st;
    uint32_t block = t->gpr[thread][AddrReg] * 16;
    if (!l1_ok(t, thread, "ATINCGETPTR", block))
        return BH_ERR_ACCESS;
    uint32_t increment = (uint32_t)!NoIncr << IncrLog2;
    return start_mem(t, thread, now, THCON_ACC_ATINCGETPTR, block + Ofs * 4, 4, ResultReg,
                     increment, IntWidth, NULL);
}

/* ATCAS.md: retried until the 32-bit word equals CmpVal, then set to SetVal. */
BhStatus thcon_atcas(Thcon *t, uint32_t thread, uint32_t SetVal, uint32_t CmpVal, uint32_t Ofs,
                     uint32_t AddrReg, uint64_t now)
{
    BH_ASSERT(SetVal < 16 && CmpVal < 16 && Ofs < 4 && AddrReg < THCON_GPRS);
    BhStatus st = begin(t, thread, now);
    if (st != BH_OK)
        return st;
    uint32_t addr = t->gpr[thread][AddrReg] * 16 + Ofs * 4;
    if (!l1_ok(t, thread, "ATCAS", addr))
        return BH_ERR_ACCESS;
    return start_mem(t, thread, now, THCON_ACC_ATCAS, addr, 4, 0, SetVal, CmpVal, NULL);
}

/* ATSWAP.md: masked 16-bit granules of one 16-byte block; nothing is written back. */
BhStatus thcon_atswap(Thcon *t, uint32_t thread, uint32_t SingleDataReg, uint32_t Mask,
                      uint32_t DataReg, uint32_t AddrReg, uint64_t now)
{
    BH_ASSERT(SingleDataReg <= 1 && Mask <= 0xFF && DataReg < THCON_GPRS && AddrReg < THCON_GPRS);
    BhStatus st = begin(t, thread, now);
    if (st != BH_OK)
        return st;
    uint32_t addr = t->gpr[thread][AddrReg] * 16;
    if (!l1_ok(t, thread, "ATSWAP", addr))
        return BH_ERR_ACCESS;
    uint8_t data[16] = {0};
    if (SingleDataReg)
        memcpy(data + (DataReg & 3) * 4, &t->gpr[thread][DataReg], 4);
    else
        memcpy(data, &t->gpr[thread][DataReg & 0x3C], 16);
    return start_mem(t, thread, now, THCON_ACC_ATSWAP, addr, 16, 0, Mask, 0, data);
}

/* ---------------------------------------------------------------- RISC-V view of the GPRs */

static BhStatus gpr_locate(uint32_t view, uint32_t off, uint32_t len, const char *dir,
                           uint32_t *thread, uint32_t *index)
{
    BH_ASSERT(view <= THCON_VIEW_B);
    uint32_t size = (view == THCON_VIEW_B ? THCON_THREADS : 1) * THCON_GPRS * 4;
    if (off >= size || len > size - off) {
        BH_LOG_GUEST("thcon: GPR %s at REGFILE offset 0x%x (%u bytes) outside the %u-byte view",
                     dir, off, len, size);
        return BH_ERR_ADDR;
    }
    if ((len != 1 && len != 2 && len != 4) || (off & (len - 1))) {
        BH_LOG_GUEST("thcon: %u-byte GPR %s at REGFILE offset 0x%x: only aligned 1, 2, 4 bytes",
                     len, dir, off);
        return BH_ERR_ACCESS;
    }
    *thread = view == THCON_VIEW_B ? off / (THCON_GPRS * 4) : view;
    *index = (off / 4) % THCON_GPRS;
    return BH_OK;
}

BhStatus thcon_gpr_mmio_read(Thcon *t, uint32_t view, uint32_t off, void *buf, uint32_t len,
                             int debug)
{
    (void)debug; /* reads have no side effects */
    uint32_t th, i;
    BhStatus st = gpr_locate(view, off, len, "read", &th, &i);
    if (st != BH_OK)
        return st;
    uint8_t bytes[4];
    memcpy(bytes, &t->gpr[th][i], 4);
    memcpy(buf, bytes + (off & 3), len);
    return BH_OK;
}

BhStatus thcon_gpr_mmio_write(Thcon *t, uint32_t view, uint32_t off, const void *buf, uint32_t len,
                              int debug)
{
    (void)debug; /* a write is its own effect */
    uint32_t th, i;
    BhStatus st = gpr_locate(view, off, len, "write", &th, &i);
    if (st != BH_OK)
        return st;
    uint8_t bytes[4];
    memcpy(bytes, &t->gpr[th][i], 4);
    memcpy(bytes + (off & 3), buf, len);
    memcpy(&t->gpr[th][i], bytes, 4);
    t->version++;
    return BH_OK;
}
