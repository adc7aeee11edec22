// SPDX-License-Identifier: Apache-2.0
/* The coprocessor's backend dispatch and the RISC-V address map of its units. */
#include "model/tile/tensix/tensix_core.h"
#include <stdio.h>
#include <string.h>
#include "model/tile/tensix/mop.h"
#include "model/tile/tensix/tensix_isa.h"
#include "model/tile/tile_map.h"

static const char *const unit_names[TENSIX_UNITS] = {
    "sync", "config", "thcon", "mover", "matrix", "unpack0", "unpack1", "pack", "adc", "vector"};

const char *tensix_core_unit_name(uint32_t unit)
{
    return unit < TENSIX_UNITS ? unit_names[unit] : "?";
}

/* ------------------------------------------------------------------ L1 ports of the units */

static BhStatus mover_l1(void *ctx, uint64_t addr, int is_write, const uint8_t *wdata16,
                         uint64_t token)
{
    TensixCore *c = ctx;
    return l1_request(c->l1, L1_MOVER, addr, 16, is_write, wdata16, token, c->now);
}

static BhStatus mover_l0(void *ctx, uint32_t addr, const uint8_t *data16)
{
    TensixCore *c = ctx;
    const TileRegion *cfg = tile_region(TILE_RG_TENSIX_CFG);
    if (addr < cfg->base || addr + 16 > cfg->base + cfg->size)
        return BH_ERR_ADDR; /* Blackhole has no NCRISC IRAM: discarded */
    for (uint32_t i = 0; i < 16; i += 4)
        tensix_cfg_mmio_write(&c->cfg, (uint32_t)(addr - cfg->base) + i, data16 + i, 4, 1);
    return BH_OK;
}

/* ATINCGETPTR's rule on its {Rd, Wr} block, at the L1 grant: c is the word's byte offset */
static void fifo_ptr_rmw(uint8_t block[16], uint32_t increment, uint32_t int_width, uint32_t word)
{
    thcon_atomic_apply(THCON_ACC_ATINCGETPTR, word, block, NULL, increment, int_width);
}

static BhStatus thcon_l1(void *ctx, uint64_t addr, uint32_t bytes, int kind, const void *wdata,
                         uint32_t a0, uint32_t a1, uint64_t token)
{
    TensixCore *c = ctx;
    switch (kind) {
    case THCON_ACC_READ:
        return l1_request(c->l1, L1_THCON, addr, bytes, 0, NULL, token, c->now);
    case THCON_ACC_WRITE:
        return l1_request(c->l1, L1_THCON, addr, bytes, 1, wdata, token, c->now);
    case THCON_ACC_ATINCGET:
        return l1_atomic(c->l1, L1_THCON, addr, L1_AT_INCR, a0, a1, token, c->now);
    case THCON_ACC_ATCAS:
        return l1_atomic(c->l1, L1_THCON, addr, L1_AT_CAS, a0, a1, token, c->now);
    case THCON_ACC_ATSWAP: { /* 16-bit granules of the 16-byte block */
        uint64_t be = 0;
        for (uint32_t g = 0; g < 8; g++)
            if (a0 & (1u << g))
                be |= 3ull << (2 * g);
        return l1_request_masked(c->l1, L1_THCON, addr & ~15ull, 16, wdata, be, token, c->now);
    }
    case THCON_ACC_ATINCGETPTR:
        return l1_atomic_block(c->l1, L1_THCON, addr & ~15ull, fifo_ptr_rmw, a0, a1,
                               (uint32_t)(addr & 15), token, c->now);
    default:
        BH_ASSERT(0);
        return BH_ERR_UNSUPPORTED;
    }
}

/* ThCon's MMIO port (LOADREG, STOREREG, STOREIND's MMIO form): a request is queued and
 * performed at the start of the next step through the address map as the issuing thread's
 * TRISC sees it (which RISC view ThCon uses is not documented; the TRISC's is assumed), then
 * answered like an L1 request. */
static BhStatus thcon_mmio(void *ctx, uint64_t addr, uint32_t bytes, int kind, const void *wdata,
                           uint32_t a0, uint32_t a1, uint64_t token)
{
    TensixCore *c = ctx;
    (void)bytes, (void)a0, (void)a1;
    if (c->thcon_mmio_n == THCON_MAX_OUTSTANDING)
        return BH_ERR_FULL;
    uint32_t i = c->thcon_mmio_n++;
    c->thcon_mmio[i].token = token;
    c->thcon_mmio[i].addr = (uint32_t)addr;
    c->thcon_mmio[i].write = kind == THCON_ACC_MMIO_WRITE;
    c->thcon_mmio[i].thread = c->thcon.insn.thread;
    c->thcon_mmio[i].data = 0;
    if (c->thcon_mmio[i].write)
        memcpy(&c->thcon_mmio[i].data, wdata, 4);
    return BH_OK;
}

static void thcon_mmio_perform(TensixCore *c, uint64_t now)
{
    uint32_t n = c->thcon_mmio_n;
    c->thcon_mmio_n = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t v = c->thcon_mmio[i].data, thread = c->thcon_mmio[i].thread;
        uint32_t addr = c->thcon_mmio[i].addr;
        BhStatus st = c->thcon_mmio[i].write ? tensix_core_mmio_write(c, thread, addr, v, now)
                                             : tensix_core_mmio_read(c, thread, addr, &v, now);
        if (st != BH_OK)
            BH_LOG_GUEST(c->log, "thcon: thread %u %s at 0x%08x: no register there (%s), %s",
                         thread, c->thcon_mmio[i].write ? "MMIO store" : "MMIO load", addr,
                         bh_status_name(st), c->thcon_mmio[i].write ? "dropped" : "reads 0");
        uint8_t d[16] = {0};
        memcpy(d, &v, 4);
        thcon_l1_done(&c->thcon, c->thcon_mmio[i].token, d, now);
    }
}

int tensix_core_owns_client(uint32_t client)
{
    return client == L1_MOVER || client == L1_THCON || client == L1_UNPACK0 ||
           client == L1_UNPACK1 || client == L1_PACK;
}

void tensix_core_l1_done(TensixCore *c, const L1Done *d, uint64_t now)
{
    if (d->client == L1_UNPACK0 || d->client == L1_UNPACK1)
        unpacker_l1_done(&c->unp, d->client == L1_UNPACK1, d->token, d->data);
    else if (d->client == L1_PACK)
        packer_l1_done(&c->pack, d->token);
    else if (d->client == L1_MOVER)
        mover_l1_done(&c->mover, d->token, d->data, now);
    else if (d->client == L1_THCON)
        thcon_l1_done(&c->thcon, d->token, d->data, now);
}

/* ------------------------------------------------------------------ dispatch */

static int thread_idle(void *ctx, uint32_t thread)
{
    return tensix_thread_idle(&((TensixCore *)ctx)->thr[thread]);
}

static int mop_idle(void *ctx, uint32_t thread)
{
    return tensix_thread_mop_idle(&((TensixCore *)ctx)->thr[thread]);
}

/* PACR with Last: packer 0's TDMA-RISC metadata of the issuing thread (WH TDMA-RISC.md:
 * last tile size, and the accumulated size in the low half of ACC_PACKED_SIZE) */
static void packed_tile(void *ctx, uint32_t thread, uint32_t size16)
{
    TensixCore *c = ctx;
    static const TdmaReg last[3] = {TDMA_R_PACKED_SIZE_T0_P0, TDMA_R_PACKED_SIZE_T1_P0,
                                    TDMA_R_PACKED_SIZE_T2_P0};
    static const TdmaReg acc[3] = {TDMA_R_ACC_PACKED_SIZE_T0_P0, TDMA_R_ACC_PACKED_SIZE_T1_P0,
                                   TDMA_R_ACC_PACKED_SIZE_T2_P0};
    uint32_t a = c->mover.regs[acc[thread]];
    mover_sideband_set(&c->mover, last[thread], size16 & 0xFFFF);
    mover_sideband_set(&c->mover, acc[thread], (a & 0xFFFF0000u) | ((a + size16) & 0xFFFF));
}

TensixCoreConfig tensix_core_config_default(void)
{
    TensixCoreConfig c = {mover_config_default(), thcon_config_default()};
    return c;
}

BhStatus tensix_core_init(TensixCore *c, L1 *l1, const TensixCoreConfig *cfg, BhLogContext *log)
{
    memset(c, 0, sizeof *c);
    c->log = log;
    srcdst_reset(&c->regs);
    unpackers_init(&c->unp, log);
    fpu_init(&c->fpu);
    sfpu_init(&c->sfpu, log);
    packer_init(&c->pack, packed_tile, c, log);
    c->l1 = l1;
    for (uint32_t t = 0; t < TENSIX_THREADS; t++)
        tensix_thread_init(&c->thr[t], log);
    for (uint32_t u = 0; u < TENSIX_UNITS; u++)
        c->feeder[u] = TENSIX_THREADS; /* none yet */
    SyncHooks sh = {thread_idle, mop_idle, c};
    sync_init(&c->sync, &sh, log);
    tensix_cfg_init(&c->cfg, NULL, log);
    ThconConfig tc = cfg->thcon;
    ThconPorts tp = {thcon_l1, thcon_mmio, c};
    MoverConfig mc = cfg->mover;
    tc.l1_size_bytes = mc.l1_size_bytes = l1->cfg.size_bytes;
    MoverPorts mp = {mover_l1, mover_l0, c};
    if (thcon_init(&c->thcon, &tc, &tp, log) != BH_OK ||
        mover_init(&c->mover, &mc, &mp, log) != BH_OK)
        return BH_ERR_CONFIG;
    return BH_OK;
}

static int issue(void *ctx, uint32_t thread, uint32_t w, uint64_t now)
{
    TensixCore *c = ctx;
    const int r = tensix_core_issue(c, thread, w, now);
    c->issued += r > 0; /* the threads' `issued` summed, which progress checks read each step */
    if (!r)
        c->refused_cause[thread] = c->refuse_cause;
    return r;
}

static uint32_t busy_conditions(void *ctx, uint32_t thread, uint32_t want, uint64_t now)
{
    TensixCore *c = ctx;
    const SrcDst *r = &c->regs;
    uint32_t busy = 0;
#define BUSY_IF(bit, cond)                                                                         \
    if ((want & 1u << (bit)) && (cond))                                                            \
        busy |= 1u << (bit);
    BUSY_IF(0, thcon_busy(&c->thcon, thread))
    BUSY_IF(1, unpacker_busy_thread(&c->unp, 0, thread))
    BUSY_IF(2, unpacker_busy_thread(&c->unp, 1, thread))
    BUSY_IF(3, packer_busy_thread(&c->pack, thread))
    BUSY_IF(4, fpu_busy(&c->fpu, now))
    BUSY_IF(5, !src_unpacker_may_write(r, SRC_A))
    BUSY_IF(6, !src_unpacker_may_write(r, SRC_B))
    BUSY_IF(7, !src_matrix_may_read(r, SRC_A))
    BUSY_IF(8, !src_matrix_may_read(r, SRC_B))
    BUSY_IF(9, mover_busy(&c->mover))
    BUSY_IF(11, sfpu_busy(&c->sfpu, now))
    BUSY_IF(12, tensix_cfg_busy(&c->cfg, now))
#undef BUSY_IF
    return busy;
}

static int sem_ready(void *ctx, uint32_t mask, uint32_t cond, uint64_t now)
{
    (void)now;
    return sync_sem_wait_ready(&((TensixCore *)ctx)->sync, mask, cond);
}

/* some unit other than ThCon still has work in flight (L1 aside: the NoCs use it too) */
static int units_busy_but_thcon(const TensixCore *c, uint64_t now)
{
    return mover_busy(&c->mover) || c->thcon_mmio_n || unpackers_busy(&c->unp) || c->pack.count ||
           fpu_busy(&c->fpu, now) || sfpu_busy(&c->sfpu, now);
}

static int units_busy(const TensixCore *c, uint64_t now)
{
    return units_busy_but_thcon(c, now) || thcon_busy(&c->thcon, 0) || thcon_busy(&c->thcon, 1) ||
           thcon_busy(&c->thcon, 2);
}

/* units_busy for the deadlock checks: unpackers that only wait for a bank are not working */
static int units_working(const TensixCore *c, uint64_t now)
{
    if (unpackers_busy(&c->unp) && !unpackers_blocked_on_banks(&c->unp, &c->regs))
        return 1;
    return mover_busy(&c->mover) || c->thcon_mmio_n || c->pack.count || fpu_busy(&c->fpu, now) ||
           sfpu_busy(&c->sfpu, now) || thcon_busy(&c->thcon, 0) || thcon_busy(&c->thcon, 1) ||
           thcon_busy(&c->thcon, 2);
}

static uint64_t l1_requests_but_thcon(const L1 *l1)
{
    /* every request takes the next sequence number, so seq is the clients' requests summed;
     * a scripted core's store (debug_writes) may release the wait too */
    return l1->debug_writes + l1->seq - l1->st.client[L1_THCON].requests;
}

/* ThCon retrying an ATCAS or ATINCGETPTR whose word nothing else touches: no instruction
 * issues, no other unit works and no other L1 client (the NoCs included) makes a request nor
 * is L1 written functionally, so no attempt can ever succeed. */
static int spinning_alone(TensixCore *c, uint64_t now, uint64_t issued)
{
    uint64_t others = l1_requests_but_thcon(c->l1);
    int alone = thcon_spinning(&c->thcon) && issued == c->last_issued &&
                others == c->last_l1_others && !units_busy_but_thcon(c, now);
    c->last_l1_others = others;
    return alone;
}

static void report_spin(TensixCore *c)
{
    const ThconInsn *in = &c->thcon.insn;
    char what[160];
    if (in->kind == THCON_ACC_ATCAS)
        snprintf(what, sizeof what, "ATCAS waits for L1 0x%llx to hold 0x%x; it holds 0x%x",
                 (unsigned long long)in->addr, in->arg1, in->last_seen[0]);
    else
        snprintf(what, sizeof what,
                 "ATINCGETPTR waits for the FIFO at L1 0x%llx to be %s; Rd 0x%x, Wr 0x%x",
                 (unsigned long long)(in->addr & ~15ull),
                 (in->addr >> 2) & 1 ? "not full" : "not empty", in->last_seen[0],
                 in->last_seen[1]);
    snprintf(c->error, sizeof c->error,
             "Tensix livelock: thread %u's %s, after %u attempts since cycle %llu "
             "(tensix.deadlock_cycles %llu) while no instruction issued, no other unit worked "
             "and no other L1 client made a request",
             in->thread, what, in->failed_attempts, (unsigned long long)c->last_progress,
             (unsigned long long)c->deadlock_cycles);
    c->failed = 1;
}

/* A thread holding work while nothing issues and no unit moves, for deadlock_cycles: the
 * guest has built a wait nothing will end (a bank never handed over, a semaphore never
 * posted); say what each thread waits for rather than spin until the drain limit. */
static void check_progress(TensixCore *c, uint64_t now)
{
    const uint64_t issued = c->issued;
    if (spinning_alone(c, now, issued)) {
        if (!c->failed && c->deadlock_cycles && now - c->last_progress >= c->deadlock_cycles)
            report_spin(c);
        return;
    }
    int holding = 0;
    for (uint32_t i = 0; i < TENSIX_THREADS; i++)
        holding |= !tensix_thread_idle(&c->thr[i]);
    if (issued != c->last_issued || !holding || units_working(c, now) || !l1_idle(c->l1)) {
        c->last_issued = issued;
        c->last_progress = now;
        return;
    }
    if (c->failed || !c->deadlock_cycles || now - c->last_progress < c->deadlock_cycles)
        return;
    char why[320];
    tensix_core_describe_wait(c, why, sizeof why);
    snprintf(c->error, sizeof c->error,
             "Tensix deadlock: no instruction issued since cycle %llu (tensix.deadlock_cycles "
             "%llu); %.320s",
             (unsigned long long)c->last_progress, (unsigned long long)c->deadlock_cycles, why);
    c->failed = 1;
}

uint64_t tensix_core_step(TensixCore *c, uint64_t now)
{
    c->now = now;
    TensixBackend be = {issue, busy_conditions, sem_ready, c};
    uint32_t busy = 0, src = 0, threads = 0; /* this cycle's units and threads (bits) */
#define UNIT_BIT(u) (1u << TENSIX_UNIT_##u)
    if (mover_busy(&c->mover))
        busy |= UNIT_BIT(MOVER);
    if (thcon_busy(&c->thcon, 0) || thcon_busy(&c->thcon, 1) || thcon_busy(&c->thcon, 2))
        busy |= UNIT_BIT(THCON);
    if (c->thcon_mmio_n)
        thcon_mmio_perform(c, now);
    uint64_t next = BH_IDLE, t = mover_has_work(&c->mover) ? mover_step(&c->mover, now) : BH_IDLE;
    next = t < next ? t : next;
    t = thcon_step(&c->thcon, now);
    next = t < next ? t : next;
    uint64_t bank_waits[2] = {0, 0};
    if (c->unp.jobs) {
        busy |= (c->unp.u[0].count ? UNIT_BIT(UNPACK0) : 0) |
                (c->unp.u[1].count ? UNIT_BIT(UNPACK1) : 0);
        bank_waits[0] = c->unp.stats[0].bank_wait_cycles;
        bank_waits[1] = c->unp.stats[1].bank_wait_cycles;
    }
    if (c->pack.count)
        busy |= UNIT_BIT(PACK);
    if (fpu_busy(&c->fpu, now))
        busy |= UNIT_BIT(MATRIX);
    if (sfpu_busy(&c->sfpu, now))
        busy |= UNIT_BIT(VECTOR);
    /* what SFPLOADMACRO scheduled lands even when no further vector word comes */
    if (sfpu_advance(&c->sfpu, &c->regs, now) != BH_OK && !c->failed) {
        snprintf(c->error, sizeof c->error,
                 "Tensix at cycle %llu: an instruction SFPLOADMACRO scheduled meets a case the "
                 "model does not cover (the log names it)",
                 (unsigned long long)now);
        c->failed = 1;
    }
    if (unpackers_step(&c->unp, &c->regs, c->l1, now) | packer_step(&c->pack, c->l1, now))
        next = now + 1;
    /* an unpacker whose queue head waited for its Src bank this cycle */
    src = (c->unp.stats[0].bank_wait_cycles != bank_waits[0] ? UNIT_BIT(UNPACK0) : 0) |
          (c->unp.stats[1].bank_wait_cycles != bank_waits[1] ? UNIT_BIT(UNPACK1) : 0);
#undef UNIT_BIT
    for (uint32_t i = 0; i < TENSIX_THREADS; i++)
        tensix_thread_eval_wait(&c->thr[i], i, &be, now);
    for (uint32_t i = 0; i < TENSIX_THREADS; i++) {
        TensixThread *th = &c->thr[i];
        if (tensix_thread_advance(th, i, &be, now)) {
            next = now + 1;
            threads |= 1u << i;
        }
        if ((c->unp.failed || c->pack.failed) && !c->failed) {
            snprintf(c->error, sizeof c->error, "Tensix at cycle %llu: %s", (unsigned long long)now,
                     c->unp.failed ? c->unp.error : c->pack.error);
            c->failed = 1;
        }
        if (th->stopped && !c->failed) {
            char name[96];
            tensix_format(th->stop_word, name, sizeof name);
            snprintf(c->error, sizeof c->error,
                     "Tensix thread T%u at cycle %llu: %s (0x%08x) is not implemented", i,
                     (unsigned long long)th->stop_cycle, name, th->stop_word);
            c->failed = 1;
        }
    }
    if (c->unp.setup_thread >= 0) /* an UNPACR in address setup, begun this cycle or before */
        busy |= 1u << (TENSIX_UNIT_UNPACK0 +
                       TENSIX_GET(UNPACR, UNPACK_BLOCK_SELECTION, c->unp.setup_word));
    tensix_units_account(c, busy, src, threads, now);
    check_progress(c, now);
    if (units_busy(c, now) || !l1_idle(c->l1))
        next = next < now + 1 ? next : now + 1;
    return next;
}

/* bstatus bits [10:0] of one thread: queued, or executing in a unit on its behalf (the Mover
 * and the config unit are shared: busy shows on every thread) */
static uint32_t busy_bits(const TensixCore *c, uint32_t thread)
{
    uint32_t b = tensix_thread_queue_status(&c->thr[thread]) & 0x7FFu;
    if (thcon_busy(&c->thcon, thread))
        b |= 1u << 2 | 1u << 8;
    if (mover_busy(&c->mover))
        b |= 1u << 3 | 1u << 8;
    if (tensix_cfg_busy(&c->cfg, c->now))
        b |= 1u << 6;
    return b;
}

BhStatus tensix_core_csr_read(const TensixCore *c, uint32_t thread, uint32_t csr, uint32_t *val)
{
    BH_ASSERT(thread < TENSIX_THREADS);
    uint32_t own = 0, all = 0;
    if (csr == 0xBC0) {
        for (uint32_t t = 0; t < TENSIX_THREADS; t++)
            all |= tensix_thread_queue_status(&c->thr[t]);
        own = tensix_thread_queue_status(&c->thr[thread]);
        *val = own | all << 13;
        return BH_OK;
    }
    if (csr == 0xBC1) {
        for (uint32_t t = 0; t < TENSIX_THREADS; t++)
            all |= busy_bits(c, t);
        *val = busy_bits(c, thread) | all << 11;
        return BH_OK;
    }
    return BH_ERR_ADDR;
}

int tensix_core_idle(const TensixCore *c)
{
    for (uint32_t i = 0; i < TENSIX_THREADS; i++)
        if (!tensix_thread_idle(&c->thr[i]))
            return 0;
    return !units_busy(c, c->now);
}

void tensix_core_prefetch(const TensixCore *c)
{
    /* the first line of each unit's hot fields, which the structs put first */
    __builtin_prefetch(c);
    __builtin_prefetch((const char *)c + 64);
    __builtin_prefetch((const char *)c + 128);
    for (uint32_t i = 0; i < TENSIX_THREADS; i++) {
        const TensixThread *t = &c->thr[i];
        __builtin_prefetch(t);
        __builtin_prefetch((const char *)t + 64);
        __builtin_prefetch(&t->mop);
        __builtin_prefetch(&t->replay);
    }
    __builtin_prefetch(&c->thcon);
    __builtin_prefetch(&c->mover);
    __builtin_prefetch(&c->unp);
    __builtin_prefetch(&c->pack);
    __builtin_prefetch(&c->fpu);
    __builtin_prefetch(&c->sfpu);
}

/* ------------------------------------------------------------------ RISC-V view */

static BhStatus fail(TensixCore *c, const char *fmt, uint32_t core, uint32_t addr)
{
    snprintf(c->error, sizeof c->error, fmt, core, addr);
    c->failed = 1;
    return BH_ERR_ACCESS;
}

/* A core sees the windows of its TILE_SEEN_* mask; a TRISC's store to another thread's
 * instruction FIFO reaches the push below, which reports the hang the hardware has. */
static const TileRegion *visible(uint32_t core, uint32_t region)
{
    const TileRegion *r = tile_region(region);
    if (!r || core > TENSIX_CORE_BRISC)
        return NULL;
    if (!(r->cores & 1u << core) && !(r->target == TILE_T_INSTRN && core < TENSIX_THREADS))
        return NULL;
    return r;
}

/* PCBufs.md: BRISC pushes to PCBuf[i] through window i (PC_BUF, PC1_BUF, PC2_BUF); TRISC i
 * reads PCBuf[i] through PC_BUF, the only one of the three it sees. */
static SyncPort pcbuf_port(uint32_t core, uint32_t window)
{
    if (core == TENSIX_CORE_BRISC)
        return (SyncPort)(SYNC_PORT_B0 + window);
    BH_ASSERT(window == 0 && core < TENSIX_THREADS);
    return (SyncPort)(SYNC_PORT_T0 + core);
}

BhStatus tensix_core_dst_access(TensixCore *c, uint32_t core, uint32_t off, uint32_t len, int write,
                                void *data)
{
    static const TensixCfgField f[TENSIX_THREADS][3] = {
        {TCFG_F_RISC_DEST_ACCESS_CTRL_SEC0_fmt, TCFG_F_RISC_DEST_ACCESS_CTRL_SEC0_no_swizzle,
         TCFG_F_RISC_DEST_ACCESS_CTRL_SEC0_unsigned_int},
        {TCFG_F_RISC_DEST_ACCESS_CTRL_SEC1_fmt, TCFG_F_RISC_DEST_ACCESS_CTRL_SEC1_no_swizzle,
         TCFG_F_RISC_DEST_ACCESS_CTRL_SEC1_unsigned_int},
        {TCFG_F_RISC_DEST_ACCESS_CTRL_SEC2_fmt, TCFG_F_RISC_DEST_ACCESS_CTRL_SEC2_no_swizzle,
         TCFG_F_RISC_DEST_ACCESS_CTRL_SEC2_unsigned_int}};
    if (core >= TENSIX_THREADS)
        return BH_ERR_ADDR; /* only T0, T1 and T2 see Dst */
    const uint32_t state = tensix_cfg_state_id(&c->cfg, core);
    const DstRiscvView v = {(uint8_t)tensix_cfg_get(&c->cfg, state, f[core][0]),
                            (uint8_t)tensix_cfg_get(&c->cfg, state, f[core][1]),
                            (uint8_t)tensix_cfg_get(&c->cfg, state, f[core][2]),
                            (uint8_t)(core == 2), c->log};
    if (tensix_cfg_get(&c->cfg, state, TCFG_F_DEST_ACCESS_CFG_remap_addrs) ||
        tensix_cfg_get(&c->cfg, state, TCFG_F_DEST_ACCESS_CFG_swizzle_32b))
        BH_LOG_UNIMP_ONCE(c->log,
                          "dst: DEST_ACCESS_CFG remap_addrs / swizzle_32b (Dst rows unremapped, "
                          "as in every unit)");
    return write ? dst_riscv_write(&c->regs, &v, off, len, data)
                 : dst_riscv_read(&c->regs, &v, off, len, data);
}

BhStatus tensix_core_region_write(TensixCore *c, uint32_t core, uint32_t region, uint32_t off,
                                  uint32_t val, uint64_t now)
{
    c->now = now;
    const TileRegion *r = visible(core, region);
    if (!r)
        return BH_ERR_ADDR;
    int brisc = core == TENSIX_CORE_BRISC;
    switch (r->target) {
    case TILE_T_INSTRN:
        if (brisc) /* BRISC's pushes enter after the MOP expander */
            return tensix_thread_push_late(&c->thr[r->arg], val, now);
        if (r->arg != 0) /* the hardware hangs the core: report it instead */
            return fail(c,
                        "TRISC%u stored to 0x%08x, another thread's instruction FIFO (only "
                        "BRISC may): on hardware the core hangs",
                        core, (uint32_t)r->base + off);
        return tensix_thread_push(&c->thr[core], val, now);
    case TILE_T_MOP_CFG:
        return mop_write_cfg(&c->thr[core].mop, off / 4, val);
    case TILE_T_TDMA:
        return mover_mmio_write(&c->mover, brisc ? 0 : core + 1, off, val, now);
    case TILE_T_PC_BUF:
        return sync_mmio_write(&c->sync, pcbuf_port(core, r->arg), off, &val, 4, 0);
    case TILE_T_GPR:
        return thcon_gpr_mmio_write(&c->thcon, brisc ? THCON_VIEW_B : core, off, &val, 4, 0);
    case TILE_T_CFG:
        return tensix_cfg_mmio_write(&c->cfg, off, &val, 4, 0);
    case TILE_T_DST:
        return tensix_core_dst_access(c, core, off, 4, 1, &val);
    default:
        return BH_ERR_ADDR;
    }
}

int tensix_core_refuse_push(TensixCore *c, uint32_t core, uint32_t region, uint64_t now)
{
    const TileRegion *r = visible(core, region);
    if (!r || r->target != TILE_T_INSTRN || (core != TENSIX_CORE_BRISC && r->arg != 0))
        return 0;
    const int brisc = core == TENSIX_CORE_BRISC;
    if (!tensix_thread_refuse(&c->thr[brisc ? r->arg : core], brisc))
        return 0;
    c->now = now;
    return 1;
}

BhStatus tensix_core_region_read(TensixCore *c, uint32_t core, uint32_t region, uint32_t off,
                                 uint32_t *val, uint64_t now)
{
    c->now = now;
    *val = 0;
    const TileRegion *r = visible(core, region);
    if (!r)
        return BH_ERR_ADDR;
    int brisc = core == TENSIX_CORE_BRISC;
    switch (r->target) {
    case TILE_T_TDMA:
        return mover_mmio_read(&c->mover, brisc ? 0 : core + 1, off, val, now);
    case TILE_T_PC_BUF:
        return sync_mmio_read(&c->sync, pcbuf_port(core, r->arg), off, val, 4, 0);
    case TILE_T_GPR:
        return thcon_gpr_mmio_read(&c->thcon, brisc ? THCON_VIEW_B : core, off, val, 4, 0);
    case TILE_T_CFG:
        return tensix_cfg_mmio_read(&c->cfg, off, val, 4, 0);
    case TILE_T_DST:
        return tensix_core_dst_access(c, core, off, 4, 0, val);
    default: /* instruction pushes and MopCfg are write-only */
        return BH_ERR_ADDR;
    }
}

BhStatus tensix_core_mmio_write(TensixCore *c, uint32_t core, uint32_t addr, uint32_t val,
                                uint64_t now)
{
    uint32_t region = tile_map_search(addr);
    if (region == TILE_RG_NONE) {
        c->now = now;
        return BH_ERR_ADDR;
    }
    return tensix_core_region_write(c, core, region, addr - (uint32_t)tile_region(region)->base,
                                    val, now);
}

BhStatus tensix_core_mmio_read(TensixCore *c, uint32_t core, uint32_t addr, uint32_t *val,
                               uint64_t now)
{
    uint32_t region = tile_map_search(addr);
    if (region == TILE_RG_NONE) {
        c->now = now;
        *val = 0;
        return BH_ERR_ADDR;
    }
    return tensix_core_region_read(c, core, region, addr - (uint32_t)tile_region(region)->base, val,
                                   now);
}

void tensix_core_describe_wait(const TensixCore *c, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = 0;
    for (uint32_t i = 0; i < TENSIX_THREADS && n < len; i++) {
        const TensixThread *t = &c->thr[i];
        if (tensix_thread_idle(t))
            continue;
        char word[64] = "";
        if (t->fifo2.n)
            tensix_format(t->fifo2.slot[t->fifo2.rd], word, sizeof word);
        char *sp = strchr(word, ' ');
        if (sp)
            *sp = 0; /* the mnemonic is enough here */
        char latched[160] = "";
        if (t->wait_active && t->wait_is_sem) { /* which semaphores, holding what */
            size_t m = (size_t)snprintf(latched, sizeof latched, "SEMWAIT on");
            for (uint32_t k = 0; k < SYNC_SEMAPHORES && m < sizeof latched; k++)
                if (t->wait_sem >> k & 1)
                    m += (size_t)snprintf(latched + m, sizeof latched - m, " sem%u=%u/%u", k,
                                          c->sync.sem[k].value, c->sync.sem[k].max);
            if (m < sizeof latched)
                snprintf(latched + m, sizeof latched - m, " (waits while %s)",
                         t->wait_cond == 3   ? "zero or at its max"
                         : t->wait_cond == 1 ? "zero"
                                             : "at its max");
        } else if (t->wait_active) {
            snprintf(latched, sizeof latched, "STALLWAIT on conditions 0x%x, resources 0x%x",
                     t->wait_cond, t->wait_block);
        }
        if (word[0])
            n += (size_t)snprintf(buf + n, len - n, "T%u waits at %s%s%s; ", i, word,
                                  latched[0] ? " behind " : "", latched);
        else
            n += (size_t)snprintf(buf + n, len - n, "T%u waits at %s; ", i,
                                  latched[0] ? latched : "an instruction past its FIFO");
    }
    if (n < len) {
        const SrcDst *r = &c->regs;
        snprintf(buf + n, len - n, "SrcA banks %s/%s, SrcB banks %s/%s (u = unpackers, m = FPU)",
                 r->allowed[0][0] ? "m" : "u", r->allowed[0][1] ? "m" : "u",
                 r->allowed[1][0] ? "m" : "u", r->allowed[1][1] ? "m" : "u");
    }
}
