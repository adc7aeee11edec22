// SPDX-License-Identifier: Apache-2.0
/* model/riscv/rv_mem.c - the core's Load/Store Unit and frontend memory side: fast regions,
 * the L0 data cache, the L1 store queue, atomics, bus CSR reads, I-cache tags, and the
 * completions of PENDING accesses (rv_core_mem_done).
 *
 * Bus timing: every access is made at the instruction's issue (EX1) cycle `t`. A DONE load's
 * value is usable at t + *latency (the bus reports the load-to-use latency of the README's
 * table: 2, >= 3, >= 4, >= 7, >= 8); a PENDING load's at rv_core_mem_done's `at` (+0: `at` is
 * the first cycle a consumer can issue). So for an L1 load of >= 8 cycles the platform answers
 * at t + 8 when its L1 is free: its L1 access latency plus the core-side path (EX1, LSU, the
 * response through the retire unit), which the platform adds.
 * Misaligned loads, stores and atomics: the documents say nothing (NOT FOUND); they stop the
 * core with RV_STOP_FAULT "misaligned", a guest error, rather than guess a behaviour.
 * L0 D-cache: 4 lines of 16 B, fully associative, round-robin replacement (NOT FOUND: only the
 * size is documented). Only L1 loads use it; a miss reads the whole line.
 * Store queue (L1 stores): at most one entry is open for merging. A store merges into it when
 * merging is on (store_merge and not cfg0.DisStMerge), it is in the same 16-B block, its start
 * address is within +-4 of the previous merged store's, it writes no byte the entry already
 * holds, and the open entry's merge timer (cfg0.StMergeTimer cycles after the last store
 * merged) has not run out. The rule on bytes already held is bhsim's (NOT FOUND): the store
 * queue guarantees forward progress (WH MemoryOrdering.md), and with a timer that each merge
 * restarts, a loop storing to one word would otherwise hold every value back for as long as
 * it ran; so a store to a byte already queued sends the entry first. Otherwise the open
 * entry is sent to the bus (one 16-B write with the byte mask) and the store opens a new
 * entry. An entry is also sent when its timer runs out, when it becomes full (all 16 bytes),
 * before a load that overlaps it (the whole line if the D-cache is on, whose fill would read
 * it), and by fence and atomics. Sent entries the bus answered PENDING hold their queue slot
 * until completion; a store that finds all RV_SQ_MAX entries held waits (STORE_QUEUE).
 */
#include <string.h>
#include "model/riscv/rv_core_state.h"

enum { DONE, WAIT };

void rv_mem_reset(RvCore *c)
{
    memset(c->dline, 0, sizeof c->dline);
    c->dnext = 0;
    memset(c->sq, 0, sizeof c->sq);
    c->sq_open = -1;
    c->sq_deadline = UINT64_MAX;
    for (uint32_t i = 0; i <= RV_LOADS_MAX; i++) {
        uint8_t gen = c->slot[i].gen; /* kept: a completion from before the reset is stale */
        memset(&c->slot[i], 0, sizeof c->slot[i]);
        c->slot[i].gen = (uint8_t)(gen + 1);
    }
    c->outstanding = 0;
    memset(c->ld_free, 0, sizeof c->ld_free);
    c->ld_wait = 0;
}

/* the fast region holding a data access; a fetch-only region (L1 on a tile, whose loads and
 * stores are the bus's) holds none */
static const RvRegion *region_of(const RvCore *c, uint32_t addr, uint32_t n)
{
    for (uint32_t i = 0; i < c->nregions; i++) {
        const RvRegion *r = &c->region[i];
        if (!(r->flags & (RV_REGION_READ | RV_REGION_WRITE)))
            continue;
        if (addr - r->base <= r->size - n && addr - r->base < r->size)
            return r;
    }
    return NULL;
}

static int in_l1(const RvCore *c, uint32_t addr)
{
    return addr - c->l1_base < c->l1_size;
}

static uint32_t get_val(const uint8_t *p, uint32_t n, int sign)
{
    uint32_t v = 0;
    for (uint32_t i = 0; i < n; i++)
        v |= (uint32_t)p[i] << (8 * i);
    if (sign && n == 1)
        v = (uint32_t)(int32_t)(int8_t)v;
    else if (sign && n == 2)
        v = (uint32_t)(int32_t)(int16_t)v;
    return v;
}

static void put_val(uint8_t *p, uint32_t n, uint32_t v)
{
    for (uint32_t i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void set_rd(RvCore *c, uint32_t rd, uint32_t v, uint64_t ready, uint8_t cause)
{
    if (rd) {
        c->st.x[rd] = v;
        c->ready[rd] = ready;
        c->ready_cause[rd] = cause;
    }
}

/* the cause of waiting for a bus load's data: the bus's, else LOAD */
static uint8_t data_cause(const RvCore *c)
{
    return c->bus_cause != 0xFF ? c->bus_cause : RV_STALL_LOAD;
}

void rv_core_set_stall_cause(RvCore *c, uint32_t cause)
{
    if (cause < RV_STALLS)
        c->bus_cause = (uint8_t)cause;
}

/* A free LSU slot, or -1 after making the core wait for one (cause). */
static int slot_alloc(RvCore *c, uint8_t cause)
{
    for (int i = 0; i < RV_LOADS_MAX; i++)
        if (c->slot[i].kind == RV_SLOT_FREE)
            return i;
    rv_core_wait(c, cause, BH_IDLE);
    return -1;
}

static uint16_t slot_tag(const RvCore *c, int i)
{
    return (uint16_t)((uint32_t)i | (uint32_t)c->slot[i].gen << 4);
}

/* A load credit free at t (riscv.loads_in_flight), or -1 after making the core wait until the
 * first one frees: a known cycle, or the completion of a held one (rv_core_mem_done). */
static int load_credit(RvCore *c, uint64_t t)
{
    uint64_t first = RV_CREDIT_HELD;
    for (uint32_t i = 0; i < c->cfg.loads_in_flight; i++) {
        if (c->ld_free[i] <= t) {
            c->ld_wait = 0;
            return (int)i;
        }
        first = c->ld_free[i] < first ? c->ld_free[i] : first;
    }
    c->ld_wait = first == RV_CREDIT_HELD;
    rv_core_wait(c, RV_STALL_LOAD, c->ld_wait ? BH_IDLE : first);
    return -1;
}

/* Calls the bus at max(at, last access); LATER makes the core wait, FAULT stops it. */
static RvMemResult bus(RvCore *c, RvMemReq *req, uint64_t at, uint8_t *rdata, uint32_t *lat)
{
    uint64_t when = BH_IDLE;
    char why[96] = "";
    if (at < c->last_at)
        at = c->last_at;
    c->last_at = at;
    *lat = 0;
    c->bus_cause = 0xFF;
    RvMemResult r = c->access(c->access_ctx, c, req, at, rdata, lat, &when, why, sizeof why);
    if (r == RV_MEM_DONE || r == RV_MEM_PENDING) {
        c->stats.bus_accesses++;
        if (r == RV_MEM_DONE && req->kind == RV_ACC_LOAD && req->size <= 4) {
            uint32_t v = 0;
            memcpy(&v, rdata, req->size);
            c->last_load_addr = req->addr;
            c->last_load_size = req->size;
            c->last_load_value = v;
            c->last_load_at = at;
        }
    }
    if (r == RV_MEM_LATER)
        rv_core_wait(c, c->bus_cause != 0xFF ? c->bus_cause : RV_STALL_FIFO, when);
    else if (r == RV_MEM_FAULT)
        rv_core_fault(c, RV_STOP_FAULT, "bus fault at 0x%08x: %s", req->addr, why);
    else if (r != RV_MEM_DONE && r != RV_MEM_PENDING)
        rv_core_fault(c, RV_STOP_FAULT, "bus answered %d at 0x%08x", (int)r, req->addr);
    return r;
}

static int misaligned(RvCore *c, const char *what, uint32_t addr, uint32_t n)
{
    if (!(addr & (n - 1)))
        return 0;
    rv_core_fault(c, RV_STOP_FAULT, "misaligned %s of %u bytes at 0x%08x (pc 0x%08x)", what, n,
                  addr, c->st.pc);
    return 1;
}

static void dcache_fill(RvCore *c, uint32_t line, const uint8_t *data)
{
    uint32_t v = c->dnext;
    for (uint32_t i = 0; i < RV_DCACHE_LINES; i++)
        if (c->dline[i].valid && c->dline[i].addr == line)
            v = i;
    if (v == c->dnext)
        c->dnext = (c->dnext + 1) % RV_DCACHE_LINES;
    c->dline[v].valid = 1;
    c->dline[v].addr = line;
    memcpy(c->dline[v].data, data, RV_DCACHE_LINE_BYTES);
}

static void dcache_flush(RvCore *c)
{
    for (uint32_t i = 0; i < RV_DCACHE_LINES; i++)
        c->dline[i].valid = 0;
}

/* Sends store-queue entry i to the bus at `at`. */
static int sq_send(RvCore *c, int i, uint64_t at)
{
    RvSqEntry *e = &c->sq[i];
    int s = slot_alloc(c, RV_STALL_STORE_QUEUE);
    if (s < 0)
        return WAIT;
    RvMemReq req = {.addr = e->addr, .size = 16, .kind = RV_ACC_STORE, .mask = e->mask};
    req.tag = slot_tag(c, s);
    memcpy(req.wdata, e->data, 16);
    uint8_t rdata[16];
    uint32_t lat;
    RvMemResult r = bus(c, &req, at, rdata, &lat);
    if (r == RV_MEM_LATER)
        return WAIT;
    if (c->sq_open == i) {
        c->sq_open = -1;
        c->sq_deadline = UINT64_MAX;
    }
    c->stats.l1_bytes_written += (uint64_t)__builtin_popcount(e->mask);
    if (r == RV_MEM_PENDING) {
        e->state = RV_SQ_SENT;
        c->slot[s].kind = RV_SLOT_STORE;
        c->slot[s].sq = (uint8_t)(i + 1);
        c->outstanding++;
    } else {
        e->state = RV_SQ_FREE;
    }
    return DONE;
}

int rv_mem_sq_expire(RvCore *c)
{
    if (c->sq_open < 0) {
        c->sq_deadline = UINT64_MAX;
        return 0;
    }
    return sq_send(c, c->sq_open, c->sq_deadline) == WAIT || c->stop != RV_RUNNING;
}

/* Completes a bus load the bus answered DONE or PENDING (slot s reserved). */
static void load_result(RvCore *c, const RvDecoded *d, uint64_t t, RvMemResult r, int s,
                        const uint8_t *rdata, uint32_t lat, uint32_t off, uint32_t n, int sign,
                        uint32_t fill_line, int fill)
{
    if (r == RV_MEM_DONE) {
        if (fill)
            dcache_fill(c, fill_line, rdata);
        set_rd(c, d->rd, get_val(rdata + off, n, sign), t + lat, data_cause(c));
    } else if (r == RV_MEM_PENDING) {
        RvSlot *sl = &c->slot[s];
        sl->kind = RV_SLOT_LOAD;
        sl->rd = d->rd;
        sl->size = (uint8_t)n;
        sl->sign = (uint8_t)sign;
        sl->off = (uint8_t)off;
        sl->fill = (uint8_t)fill;
        sl->line = fill_line;
        c->outstanding++;
        if (d->rd) {
            c->ready[d->rd] = RV_PENDING;
            c->ready_cause[d->rd] = data_cause(c);
        }
    }
}

int rv_mem_load(RvCore *c, const RvDecoded *d, uint64_t t, uint32_t addr, uint32_t n, int sign)
{
    if (misaligned(c, "load", addr, n))
        return DONE;
    const RvRegion *r = region_of(c, addr, n);
    if (r) {
        if (!(r->flags & RV_REGION_READ)) {
            rv_core_fault(c, RV_STOP_FAULT, "load from unreadable region at 0x%08x", addr);
            return DONE;
        }
        set_rd(c, d->rd, get_val(r->mem + (addr - r->base), n, sign), t + c->cfg.local_load_cycles,
               RV_STALL_LOAD_LOCAL);
        c->stats.loads++;
        return DONE;
    }
    uint32_t line = addr & ~15u, off = 0, size = n, req_addr = addr;
    int fill = 0;
    if (in_l1(c, addr)) {
        if (rv_dcache_on(c)) {
            for (uint32_t i = 0; i < RV_DCACHE_LINES; i++)
                if (c->dline[i].valid && c->dline[i].addr == line) {
                    set_rd(c, d->rd, get_val(c->dline[i].data + (addr & 15), n, sign),
                           t + c->cfg.local_load_cycles, RV_STALL_LOAD);
                    c->stats.loads++;
                    c->stats.dcache_hits++;
                    return DONE;
                }
            fill = 1, off = addr & 15, size = 16, req_addr = line;
        }
        if (c->sq_open >= 0) {
            const RvSqEntry *e = &c->sq[c->sq_open];
            uint32_t bytes = fill ? 0xffffu : ((1u << n) - 1) << (addr & 15);
            if (e->addr == line && (e->mask & bytes) && sq_send(c, c->sq_open, t) == WAIT)
                return WAIT;
            if (c->stop != RV_RUNNING)
                return DONE;
        }
    }
    const int cr = load_credit(c, t);
    if (cr < 0)
        return WAIT;
    int s = slot_alloc(c, RV_STALL_LOAD);
    if (s < 0)
        return WAIT;
    RvMemReq req = {.addr = req_addr, .size = size, .kind = RV_ACC_LOAD, .tag = slot_tag(c, s)};
    uint8_t rdata[16] = {0};
    uint32_t lat;
    RvMemResult res = bus(c, &req, t, rdata, &lat);
    if (res == RV_MEM_LATER)
        return WAIT;
    if (res == RV_MEM_FAULT)
        return DONE;
    /* the credit frees the cycle before the data is usable (the README's 4 per N - 1) */
    c->ld_free[cr] = res == RV_MEM_DONE ? t + (lat > 1 ? lat - 1 : 1) : RV_CREDIT_HELD;
    c->ld_slot[cr] = (uint8_t)s;
    c->stats.loads++;
    if (in_l1(c, addr)) {
        c->stats.l1_bytes_read += size;
        if (fill)
            c->stats.dcache_misses++;
    }
    load_result(c, d, t, res, s, rdata, lat, off, n, sign, line, fill);
    if (res == RV_MEM_PENDING) {
        c->slot[s].addr = addr;
        c->slot[s].issued = t;
    }
    return DONE;
}

int rv_mem_store(RvCore *c, const RvDecoded *d, uint64_t t, uint32_t addr, uint32_t n, uint32_t val)
{
    (void)d;
    if (misaligned(c, "store", addr, n))
        return DONE;
    const RvRegion *r = region_of(c, addr, n);
    if (r) {
        if (!(r->flags & RV_REGION_WRITE)) {
            rv_core_fault(c, RV_STOP_FAULT, "store to read-only region at 0x%08x", addr);
            return DONE;
        }
        put_val(r->mem + (addr - r->base), n, val);
        c->stats.stores++;
        return DONE;
    }
    if (!in_l1(c, addr)) {
        int s = slot_alloc(c, RV_STALL_STORE_QUEUE);
        if (s < 0)
            return WAIT;
        RvMemReq req = {.addr = addr, .size = n, .kind = RV_ACC_STORE, .tag = slot_tag(c, s)};
        req.mask = (uint16_t)((1u << n) - 1);
        put_val(req.wdata, n, val);
        uint8_t rdata[16];
        uint32_t lat;
        RvMemResult res = bus(c, &req, t, rdata, &lat);
        if (res == RV_MEM_LATER)
            return WAIT;
        if (res == RV_MEM_PENDING) {
            c->slot[s].kind = RV_SLOT_STORE;
            c->outstanding++;
        }
        if (res != RV_MEM_FAULT)
            c->stats.stores++;
        return DONE;
    }
    /* L1: through the store queue */
    const uint32_t line = addr & ~15u, timer = (c->st.cfg0 >> 13) & 31;
    const int merge = c->cfg.store_merge && !(c->st.cfg0 & (1u << 12));
    if (c->sq_open >= 0) {
        RvSqEntry *e = &c->sq[c->sq_open];
        int32_t dist = (int32_t)(addr - e->last);
        const uint16_t bytes = (uint16_t)(((1u << n) - 1) << (addr & 15));
        if (!(merge && e->addr == line && dist >= -4 && dist <= 4 && t < c->sq_deadline &&
              !(e->mask & bytes))) {
            if (sq_send(c, c->sq_open, t) == WAIT)
                return WAIT;
            if (c->stop != RV_RUNNING)
                return DONE;
        }
    }
    int i = c->sq_open;
    if (i < 0) {
        for (i = 0; i < RV_SQ_MAX && c->sq[i].state != RV_SQ_FREE; i++)
            ;
        if (i == RV_SQ_MAX) {
            rv_core_wait(c, RV_STALL_STORE_QUEUE, BH_IDLE);
            return WAIT;
        }
        memset(&c->sq[i], 0, sizeof c->sq[i]);
        c->sq[i].state = RV_SQ_OPEN;
        c->sq[i].addr = line;
        c->sq_open = i;
    }
    RvSqEntry *e = &c->sq[i];
    put_val(e->data + (addr & 15), n, val);
    e->mask |= (uint16_t)(((1u << n) - 1) << (addr & 15));
    e->last = addr;
    /* Full, or merging off: the entry goes out at the next instruction boundary (its send may
     * have to wait, which this store, already queued, must not repeat). */
    c->sq_deadline = (merge && e->mask != 0xffffu) ? t + timer : t;
    for (uint32_t k = 0; k < RV_DCACHE_LINES; k++)
        if (c->dline[k].addr == line)
            c->dline[k].valid = 0;
    for (uint32_t k = 0; k < RV_LOADS_MAX; k++)
        if (c->slot[k].kind == RV_SLOT_LOAD && c->slot[k].fill && c->slot[k].line == line)
            c->slot[k].fill = 0;
    c->stats.stores++;
    return DONE;
}

int rv_mem_fence(RvCore *c, uint64_t t)
{
    if (c->sq_open >= 0 && (sq_send(c, c->sq_open, t) == WAIT || c->stop != RV_RUNNING))
        return c->stop == RV_RUNNING ? WAIT : DONE;
    if (c->outstanding) {
        int stores = 0;
        for (uint32_t k = 0; k < RV_LOADS_MAX; k++)
            stores |= c->slot[k].kind == RV_SLOT_STORE;
        rv_core_wait(c, stores ? RV_STALL_STORE_QUEUE : RV_STALL_LOAD, BH_IDLE);
        return WAIT;
    }
    dcache_flush(c);
    return DONE;
}

static uint32_t amo_apply(uint32_t op, uint32_t old, uint32_t b)
{
    switch (op) {
    case RV_AMO_SWAP:
        return b;
    case RV_AMO_ADD:
        return old + b;
    case RV_AMO_XOR:
        return old ^ b;
    case RV_AMO_AND:
        return old & b;
    case RV_AMO_OR:
        return old | b;
    case RV_AMO_MIN:
        return (int32_t)old < (int32_t)b ? old : b;
    case RV_AMO_MAX:
        return (int32_t)old > (int32_t)b ? old : b;
    case RV_AMO_MINU:
        return old < b ? old : b;
    default:
        return old > b ? old : b;
    }
}

int rv_mem_amo(RvCore *c, const RvDecoded *d, uint64_t t, uint32_t addr, uint32_t operand)
{
    static const uint8_t ops[] = {
        [RV_OP_amoadd_w - RV_OP_amoadd_w] = RV_AMO_ADD,
        [RV_OP_amoswap_w - RV_OP_amoadd_w] = RV_AMO_SWAP,
        [RV_OP_amoxor_w - RV_OP_amoadd_w] = RV_AMO_XOR,
        [RV_OP_amoor_w - RV_OP_amoadd_w] = RV_AMO_OR,
        [RV_OP_amoand_w - RV_OP_amoadd_w] = RV_AMO_AND,
        [RV_OP_amomin_w - RV_OP_amoadd_w] = RV_AMO_MIN,
        [RV_OP_amomax_w - RV_OP_amoadd_w] = RV_AMO_MAX,
        [RV_OP_amominu_w - RV_OP_amoadd_w] = RV_AMO_MINU,
        [RV_OP_amomaxu_w - RV_OP_amoadd_w] = RV_AMO_MAXU,
    };
    const uint32_t op = ops[d->op - RV_OP_amoadd_w];
    if (misaligned(c, "atomic", addr, 4))
        return DONE;
    if (!in_l1(c, addr)) {
        rv_core_fault(c, RV_STOP_FAULT, "atomic outside L1 at 0x%08x (pc 0x%08x)", addr, c->st.pc);
        return DONE;
    }
    const RvRegion *r = region_of(c, addr, 4);
    if (r &&
        (r->flags & (RV_REGION_READ | RV_REGION_WRITE)) == (RV_REGION_READ | RV_REGION_WRITE)) {
        uint8_t *p = r->mem + (addr - r->base);
        uint32_t old = get_val(p, 4, 0);
        put_val(p, 4, amo_apply(op, old, operand));
        set_rd(c, d->rd, old, t + c->cfg.local_load_cycles, RV_STALL_LOAD_LOCAL);
        return DONE;
    }
    if (c->sq_open >= 0 && (sq_send(c, c->sq_open, t) == WAIT || c->stop != RV_RUNNING))
        return c->stop == RV_RUNNING ? WAIT : DONE;
    dcache_flush(c);
    int s = slot_alloc(c, RV_STALL_LOAD);
    if (s < 0)
        return WAIT;
    RvMemReq req = {.addr = addr, .size = 4, .kind = RV_ACC_AMO, .amo = (uint8_t)op};
    req.tag = slot_tag(c, s);
    put_val(req.wdata, 4, operand);
    uint8_t rdata[16] = {0};
    uint32_t lat;
    RvMemResult res = bus(c, &req, t, rdata, &lat);
    if (res == RV_MEM_LATER)
        return WAIT;
    if (res != RV_MEM_FAULT)
        load_result(c, d, t, res, s, rdata, lat, 0, 4, 0, 0, 0);
    return DONE;
}

int rv_mem_bus_csr(RvCore *c, const RvDecoded *d, uint64_t t, uint32_t csr)
{
    int s = slot_alloc(c, RV_STALL_LOAD);
    if (s < 0)
        return WAIT;
    RvMemReq req = {.addr = csr, .size = 4, .kind = RV_ACC_CSR, .tag = slot_tag(c, s)};
    uint8_t rdata[16] = {0};
    uint32_t lat;
    RvMemResult res = bus(c, &req, t, rdata, &lat);
    if (res == RV_MEM_LATER)
        return WAIT;
    if (res != RV_MEM_FAULT)
        load_result(c, d, t, res, s, rdata, lat ? lat : 1, 0, 4, 0, 0, 0);
    return DONE;
}

static void icache_fill(RvCore *c, uint32_t line)
{
    if (!c->ic_lines)
        return;
    uint32_t i = line & (c->ic_lines - 1);
    c->ic_tag[i] = line;
    c->ic_valid[i] = 1;
    c->ic_last = line;
    c->ic_last_valid = 1;
}

int rv_mem_fetch_miss(RvCore *c, uint32_t pc)
{
    const uint32_t line = pc >> c->ic_shift;
    if (c->fetch_grant && c->fetch_grant_pc == pc) {
        c->fetch_grant = 0;
        return DONE;
    }
    if (c->ic_lines) {
        uint32_t i = line & (c->ic_lines - 1);
        if (c->ic_valid[i] && c->ic_tag[i] == line) {
            c->ic_last = line;
            c->ic_last_valid = 1;
            return DONE;
        }
    }
    RvSlot *sl = &c->slot[RV_FETCH_SLOT];
    if (sl->kind != RV_SLOT_FREE) {
        rv_core_wait(c, RV_STALL_FETCH, BH_IDLE);
        return WAIT;
    }
    RvMemReq req = {.addr = line << c->ic_shift, .size = c->cfg.icache_line_bytes};
    req.kind = RV_ACC_FETCH;
    req.tag = slot_tag(c, RV_FETCH_SLOT);
    uint8_t rdata[16];
    uint32_t lat;
    RvMemResult res = bus(c, &req, c->cycle, rdata, &lat);
    if (res == RV_MEM_LATER || res == RV_MEM_FAULT)
        return WAIT;
    c->stats.icache_misses++;
    if (res == RV_MEM_PENDING) {
        sl->kind = RV_SLOT_FETCH;
        sl->line = line;
        rv_core_wait(c, RV_STALL_FETCH, BH_IDLE);
        return WAIT;
    }
    icache_fill(c, line);
    c->cycle += lat;
    c->stats.stall[RV_STALL_FETCH] += lat;
    rv_prof_stall(c, RV_STALL_FETCH, lat);
    return DONE;
}

void rv_core_mem_done(RvCore *c, uint16_t tag, const uint8_t *rdata, uint64_t at)
{
    static const uint8_t zeros[16];
    const uint32_t i = tag & 15u;
    if (i > RV_LOADS_MAX)
        return;
    RvSlot *sl = &c->slot[i];
    if (sl->kind == RV_SLOT_FREE || sl->gen != (uint8_t)(tag >> 4))
        return; /* not an access this core has outstanding: ignored */
    if (!rdata)
        rdata = zeros;
    uint64_t resume = at;
    if (sl->kind == RV_SLOT_LOAD) {
        for (uint32_t k = 0; k < c->cfg.loads_in_flight; k++)
            if (c->ld_free[k] == RV_CREDIT_HELD && c->ld_slot[k] == i) {
                c->ld_free[k] = at > 0 ? at - 1 : 0;
                if (c->ld_wait)
                    resume = c->ld_free[k];
            }
        if (sl->fill && rv_dcache_on(c))
            dcache_fill(c, sl->line, rdata);
        if (sl->rd && c->ready[sl->rd] == RV_PENDING) {
            c->st.x[sl->rd] = get_val(rdata + (sl->off & 15), sl->size, sl->sign);
            c->ready[sl->rd] = at;
        }
        if (c->cfg.poll_sleep_l1 == 1 && sl->size <= 4) { /* a poll candidate's one load */
            c->last_load_addr = sl->addr;
            c->last_load_size = sl->size;
            c->last_load_value = get_val(rdata + (sl->off & 15), sl->size, 0);
            c->last_load_at = sl->issued;
        }
    } else if (sl->kind == RV_SLOT_STORE && sl->sq) {
        c->sq[sl->sq - 1].state = RV_SQ_FREE;
    } else if (sl->kind == RV_SLOT_FETCH) {
        icache_fill(c, sl->line);
        c->fetch_grant = 1;
        c->fetch_grant_pc = c->st.pc;
    }
    if (sl->kind != RV_SLOT_FETCH)
        c->outstanding--;
    uint8_t gen = (uint8_t)(sl->gen + 1);
    memset(sl, 0, sizeof *sl);
    sl->gen = gen;
    if (c->waiting && c->resume_at == BH_IDLE)
        c->resume_at = resume > c->cycle ? resume : c->cycle;
}
