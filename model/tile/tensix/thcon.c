// SPDX-License-Identifier: Apache-2.0
/* Tensix Scalar Unit (ThCon), the unit itself: configuration, the one-instruction-at-a-time
 * state with its wait-gate queries, request pacing (issue interval, outstanding limits, port
 * retries), instruction entry, and the RISC-V MMIO view of the GPRs. The instructions live in
 * thcon_alu.c (register) and thcon_mem.c (L1/MMIO, with the answers), so each file follows one
 * group of ISA pages (list in thcon.h). */
#include "model/tile/tensix/thcon_internal.h"
#include <stdio.h>
#include <string.h>

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

BhStatus thcon_init(Thcon *t, const ThconConfig *cfg, const ThconPorts *ports, BhLogContext *log)
{
    char why[160];
    if (thcon_config_check(cfg, why, sizeof why) != BH_OK)
        return BH_ERR_CONFIG;
    memset(t, 0, sizeof *t);
    t->cfg = *cfg;
    t->log = log;
    if (ports)
        t->ports = *ports;
    thcon_reset(t);
    return BH_OK;
}

void thcon_reset(Thcon *t)
{
    ThconConfig cfg = t->cfg;
    ThconPorts ports = t->ports;
    BhLogContext *log = t->log;
    memset(t, 0, sizeof *t);
    t->cfg = cfg;
    t->ports = ports;
    t->log = log;
    t->next_token = 1;
}

uint32_t *thcon_gprs(Thcon *t, uint32_t thread)
{
    BH_ASSERT(thread < THCON_THREADS);
    return t->gpr[thread];
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
    if (!t->outstanding) /* the count of active requests */
        return 0;
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
        BH_LOG_UNIMP_ONCE(t->log, "thcon: LOADREG/STOREREG/STOREIND-MMIO without an MMIO port");
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
            BH_LOG_GUEST(t->log, "thcon: thread %u request to 0x%llx refused: %s", in->thread,
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

/* ---------------------------------------------------------------- instruction entry */

BhStatus thcon_begin(Thcon *t, uint32_t thread, uint64_t now)
{
    BH_ASSERT(thread < THCON_THREADS);
    advance(t, now);
    if (t->insn.active) {
        t->stats.refused_busy++;
        return BH_ERR_FULL;
    }
    return BH_OK;
}

ThconInsn *thcon_start(Thcon *t, uint32_t thread, uint64_t now, uint32_t cycles)
{
    ThconInsn *in = &t->insn;
    memset(in, 0, sizeof *in);
    in->active = 1;
    in->thread = (uint8_t)thread;
    in->end = now + cycles;
    t->stats.insns++;
    return in;
}

BhStatus thcon_start_mem(Thcon *t, uint32_t thread, uint64_t now, ThconAccessKind kind,
                         uint64_t addr, uint32_t bytes, uint32_t dst, uint32_t arg0, uint32_t arg1,
                         const void *wdata)
{
    ThconInsn *in = thcon_start(t, thread, now, t->cfg.mem_cycles);
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

/* ---------------------------------------------------------------- RISC-V view of the GPRs */

static BhStatus gpr_locate(const Thcon *t, uint32_t view, uint32_t off, uint32_t len,
                           const char *dir, uint32_t *thread, uint32_t *index)
{
    BH_ASSERT(view <= THCON_VIEW_B);
    uint32_t size = (view == THCON_VIEW_B ? THCON_THREADS : 1) * THCON_GPRS * 4;
    if (off >= size || len > size - off) {
        BH_LOG_GUEST(t->log,
                     "thcon: GPR %s at REGFILE offset 0x%x (%u bytes) outside the %u-byte view",
                     dir, off, len, size);
        return BH_ERR_ADDR;
    }
    if ((len != 1 && len != 2 && len != 4) || (off & (len - 1))) {
        BH_LOG_GUEST(t->log,
                     "thcon: %u-byte GPR %s at REGFILE offset 0x%x: only aligned 1, 2, 4 bytes",
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
    BhStatus st = gpr_locate(t, view, off, len, "read", &th, &i);
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
    BhStatus st = gpr_locate(t, view, off, len, "write", &th, &i);
    if (st != BH_OK)
        return st;
    uint8_t bytes[4];
    memcpy(bytes, &t->gpr[th][i], 4);
    memcpy(bytes + (off & 3), buf, len);
    memcpy(&t->gpr[th][i], bytes, 4);
    t->version++;
    return BH_OK;
}
