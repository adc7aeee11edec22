// SPDX-License-Identifier: Apache-2.0
/* The Tensix tile module: decode through the map, the targets the tile owns, and its step. */
#include "model/tile/tensix_tile.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ACC_RW, ACC_RO, ACC_WO };

static const struct {
    uint32_t off, reset;
    uint8_t access;
    const char *name;
} reg_tab[TILE_NUM_REGS] = {
#define TILE_REG(nm, o, rst, acc, doc) {o, rst, ACC_##acc, #nm},
#include "model/tile/tile_regs.def"
#undef TILE_REG
};

static const struct {
    uint32_t ram_bytes, start_pc, reset_bit;
} core_tab[TILE_CORES] = {
#define TILE_X_CORE(name, str, ram, pc, bit) {ram, pc, bit},
    TILE_CORE_TABLE(TILE_X_CORE)
#undef TILE_X_CORE
};

const char *tile_reg_name(uint32_t reg)
{
    return reg < TILE_NUM_REGS ? reg_tab[reg].name : "?";
}

uint32_t tile_reg_offset(uint32_t reg)
{
    return reg < TILE_NUM_REGS ? reg_tab[reg].off : UINT32_MAX;
}

uint32_t tile_reg_reset_value(uint32_t reg)
{
    return reg < TILE_NUM_REGS ? reg_tab[reg].reset : 0;
}

void tensix_tile_reset_regs(TensixTile *t)
{
    for (uint32_t r = 0; r < TILE_NUM_REGS; r++)
        t->regs[r] = reg_tab[r].reset;
}

BhStatus tensix_tile_init(TensixTile *t, const L1Config *cfg, TileL1DoneFn done, void *done_ctx,
                          BhLogContext *log, char *why, size_t why_len)
{
    memset(t, 0, sizeof *t);
    t->log = log;
    BhStatus st = tile_map_init(&t->map, why, why_len);
    if (st != BH_OK)
        return st;
    if (l1_config_check(cfg, why, why_len) != BH_OK)
        return BH_ERR_CONFIG;
    if (l1_init(&t->l1, cfg, log) != BH_OK) {
        snprintf(why, why_len, "L1: out of memory");
        return BH_ERR_CONFIG;
    }
    for (uint32_t c = 0; c < TILE_CORES; c++) {
        t->cores[c].ram_bytes = core_tab[c].ram_bytes;
        t->cores[c].ram = t->core_ram[c];
    }
    tensix_tile_reset_regs(t);
    mailbox_init(&t->mbox, log);
    overlay_init(&t->overlay);
    pic_init(&t->pic);
    t->done = done;
    t->done_ctx = done_ctx;
    return BH_OK;
}

BhStatus tensix_tile_enable_coprocessor(TensixTile *t, const TensixCoreConfig *cfg,
                                        uint64_t deadlock_cycles)
{
    BH_ASSERT(!t->core);
    t->core = calloc(1, sizeof *t->core);
    if (!t->core)
        return BH_ERR_CONFIG;
    if (tensix_core_init(t->core, &t->l1, cfg, t->log) != BH_OK)
        return BH_ERR_CONFIG;
    t->core->deadlock_cycles = deadlock_cycles;
    return BH_OK;
}

void tensix_tile_destroy(TensixTile *t)
{
    tensix_tile_destroy_cores(t);
    free(t->core);
    t->core = NULL;
    l1_destroy(&t->l1);
}

/* 1. the RISC-V cores (their pushes and L1 requests count this cycle); if one pushed or popped a
 * mailbox, its waiters try again next cycle (a spurious wake costs one retry), 2. the
 * coprocessor, 3. L1, 4. L1's finished requests, in completion order: a completion for the
 * coprocessor keeps the tile stepping next cycle (it may issue more), one for a core wakes it. */
uint64_t tensix_tile_step(TensixTile *t, uint64_t now)
{
    uint64_t next = t->cores_enabled ? tensix_tile_step_cores(t, now) : BH_IDLE;
    if (t->mbox.changed) {
        t->mbox.changed = 0;
        if (t->cores_enabled) {
            /* only a push or a pop wakes them, so a wait costs no step of its own */
            const uint64_t woken = tensix_tile_wake_waiters(t, TILE_WAIT_MAILBOX, now);
            next = BH_MIN(next, woken);
        }
    }
    if (t->core) {
        const uint64_t core_next = tensix_core_step(t->core, now);
        next = BH_MIN(next, core_next);
        if (t->cores_enabled) {
            const uint64_t woken = tensix_tile_wake_coproc_waiters(t, now);
            next = BH_MIN(next, woken);
        }
    }
    t->last_busy = now;
    uint64_t l1_next = l1_step(&t->l1, now); /* not inside BH_MIN: it would step twice */
    next = BH_MIN(next, l1_next);
    L1Done done[32];
    uint32_t n;
    while ((n = l1_take_done(&t->l1, done, 32)) > 0)
        for (uint32_t i = 0; i < n; i++) {
            if (tensix_core_owns_client(done[i].client)) {
                if (t->core)
                    tensix_core_l1_done(t->core, &done[i], now);
                next = BH_MIN(next, now + 1);
            } else if (t->cores_enabled && tensix_tile_owns_l1_client(done[i].client)) {
                const uint64_t woken = tensix_tile_core_l1_done(t, &done[i], now);
                next = BH_MIN(next, woken);
            } else {
                t->done(t->done_ctx, &done[i]);
            }
        }
    if (t->cores_kick)
        next = BH_MIN(next, now + 1);
    if (t->cores_enabled && t->l1_sleepers && t->l1.write_gen != t->l1_gen_seen)
        next = BH_MIN(next, now + 1); /* L1 changed under cores asleep on it: they look next */
    if (t->cores_enabled && t->niu_vis != BH_IDLE) /* an NIU change its sleepers see later */
        next = BH_MIN(next, BH_MAX(t->niu_vis, now + 1));
    if (t->cores_enabled && t->noc_reg_vis != BH_IDLE)
        next = BH_MIN(next, BH_MAX(t->noc_reg_vis, now + 1));
    return next;
}

void tensix_tile_prefetch(const TensixTile *t)
{
    __builtin_prefetch(t);
    __builtin_prefetch((const char *)t + 64);
    for (uint32_t c = 0; c < TILE_CORES; c++)
        __builtin_prefetch(&t->cores[c]);
    __builtin_prefetch(&t->l1.word_shift); /* the first of L1's per-step fields, past its config */
    if (t->core)
        tensix_core_prefetch(t->core);
}

static int sees(const TileRegion *r, uint32_t who)
{
    return who == TILE_NOC ? r->noc : who < TILE_CORES && (r->cores & 1u << who);
}

/* The RAM behind a local-RAM region for `who`, and its size; NULL if none */
static uint8_t *local_ram(TensixTile *t, const TileRegion *r, uint32_t who, uint32_t *bytes)
{
    uint32_t owner = r->target == TILE_T_LOCAL ? who : r->arg;
    uint32_t skip = r->target == TILE_T_LOCAL ? r->arg : 0;
    if (owner >= TILE_CORES || t->cores[owner].ram_bytes <= skip)
        return NULL;
    *bytes = t->cores[owner].ram_bytes - skip;
    return t->cores[owner].ram + skip;
}

static BhStatus debug_reg(TensixTile *t, uint32_t off, int write, uint32_t *val, uint64_t now,
                          int debug)
{
    uint32_t r = 0;
    while (r < TILE_NUM_REGS && reg_tab[r].off != off)
        r++;
    if (r == TILE_NUM_REGS)
        return BH_ERR_ADDR;
    if (write) {
        if (reg_tab[r].access == ACC_RO) {
            BH_LOG_GUEST(t->log, "tile: write 0x%08x to read-only %s", *val, reg_tab[r].name);
            return BH_ERR_ACCESS;
        }
        const uint32_t old = t->regs[r];
        t->regs[r] = *val;
        if (r == TILE_R_SOFT_RESET_0) /* the register is the reset state, debug or not */
            tensix_tile_reset_changed(t, old, now);
        return BH_OK;
    }
    switch (r) {
    case TILE_R_WALL_CLOCK_L:
        *val = (uint32_t)now;
        if (!debug) /* reading the low half latches the high half */
            t->regs[TILE_R_WALL_CLOCK_H] = (uint32_t)(now >> 32);
        return BH_OK;
    case TILE_R_WALL_CLOCK_H_NOW:
        *val = (uint32_t)(now >> 32);
        return BH_OK;
    default:
        *val = reg_tab[r].access == ACC_WO ? 0 : t->regs[r];
        return BH_OK;
    }
}

static BhStatus memory(uint8_t *mem, uint32_t bytes, uint32_t off, uint32_t len, int write,
                       void *data)
{
    if (!mem || off > bytes || len > bytes - off)
        return BH_ERR_ADDR;
    if (write)
        memcpy(mem + off, data, len);
    else
        memcpy(data, mem + off, len);
    return BH_OK;
}

static TileAccess perform(TensixTile *t, uint32_t who, uint32_t region, uint32_t off, uint32_t len,
                          int write, void *data, uint64_t now, int debug)
{
    TileAccess a = {BH_ERR_ADDR, off, (uint8_t)region, TILE_LAT_MMIO, 0, 0, 0};
    const TileRegion *r = tile_region(region);
    if (!r)
        return a;
    a.latency = r->latency;
    int coproc = r->target >= TILE_T_TDMA && r->target <= TILE_T_CFG;
    if (!coproc && !sees(r, who)) /* the coprocessor applies its own views */
        return a;
    uint32_t bytes = 0;
    uint8_t *ram;
    switch (r->target) {
    case TILE_T_L1:
        a.status =
            write ? l1_debug_write(&t->l1, off, data, len) : l1_debug_read(&t->l1, off, data, len);
        return a;
    case TILE_T_LOCAL:
    case TILE_T_SLOW_LOCAL:
        ram = local_ram(t, r, who, &bytes);
        a.status = memory(ram, bytes, off, len, write, data);
        return a;
    case TILE_T_NIU:
        a.niu = (uint8_t)(1 + r->arg);
        a.status = BH_OK;
        return a;
    case TILE_T_ABSENT:
        return a;
    default:
        break;
    }
    if (coproc && (!t->core || who == TILE_NOC))
        return a;                  /* no coprocessor on this tile, or not NoC-visible */
    if (r->target == TILE_T_DST) { /* 1, 2 or 4 bytes as the view says; reads never pop */
        a.status = tensix_core_dst_access(t->core, who, off, len, write, data);
        return a;
    }
    if (len != 4) {
        a.status = BH_ERR_ACCESS;
        a.width_error = 1;
        return a;
    }
    uint32_t val;
    memcpy(&val, data, 4);
    if (r->target == TILE_T_DEBUG) {
        a.status = debug_reg(t, off, write, &val, now, debug);
    } else if (r->target == TILE_T_OVERLAY) {
        a.status = overlay_access(&t->overlay, off, write, &val, debug);
    } else if (r->target == TILE_T_PIC) {
        a.status = pic_access(&t->pic, off, write, &val, debug);
    } else if (r->target == TILE_T_MAILBOX) {
        a.status = write ? mailbox_write(&t->mbox, who, r->arg, off, val, debug)
                         : mailbox_read(&t->mbox, who, r->arg, off, &val, debug);
        if (a.status != BH_OK)
            return a;
    } else if (debug) {
        a.status = BH_ERR_UNSUPPORTED; /* the coprocessor's reads can pop FIFOs */
        return a;
    } else {
        a.status = write ? tensix_core_region_write(t->core, who, region, off, val, now)
                         : tensix_core_region_read(t->core, who, region, off, &val, now);
        a.wake = 1;
    }
    if (!write)
        memcpy(data, &val, 4);
    return a;
}

TileAccess tensix_tile_access_region(TensixTile *t, uint32_t who, uint32_t region, uint32_t offset,
                                     uint32_t len, int write, void *data, uint64_t now)
{
    return perform(t, who, region, offset, len, write, data, now, 0);
}

TileAccess tensix_tile_access(TensixTile *t, uint32_t who, uint64_t addr, uint32_t len, int write,
                              void *data, uint64_t now)
{
    uint32_t region = tile_map_lookup(&t->map, addr);
    const TileRegion *r = tile_region(region);
    return perform(t, who, region, r ? (uint32_t)(addr - r->base) : 0, len, write, data, now, 0);
}

BhStatus tensix_tile_debug(TensixTile *t, uint32_t who, uint64_t addr, uint32_t len, int write,
                           void *data, uint64_t now)
{
    uint32_t region = tile_map_lookup(&t->map, addr);
    const TileRegion *r = tile_region(region);
    if (!r)
        return BH_ERR_ADDR;
    TileAccess a = perform(t, who, region, (uint32_t)(addr - r->base), len, write, data, now, 1);
    return a.niu ? BH_ERR_UNSUPPORTED : a.status;
}

int tensix_tile_is_register(uint32_t target)
{
    return target == TILE_T_DEBUG || target == TILE_T_OVERLAY || target == TILE_T_PIC;
}

const char *tensix_tile_reg_why(const TensixTile *t, uint32_t target)
{
    return target == TILE_T_OVERLAY ? t->overlay.why : target == TILE_T_PIC ? t->pic.why : NULL;
}

/* A NoC access past L1, region by region; registers one word at a time (tensix_tile.h, NoC). */
TileAccess tensix_tile_noc_access(TensixTile *t, uint64_t addr, uint32_t len, int write, void *data,
                                  uint64_t now)
{
    TileAccess a = {BH_OK, 0, TILE_RG_NONE, TILE_LAT_MMIO, 0, 0, 0};
    const uint64_t end = addr + len;
    const char *why = NULL;
    uint64_t at = addr;
    /* 1. the whole range first: NoC-visible regions, whole words where they are registers */
    while (at < end && !why) {
        const TileRegion *r = tile_region(tile_map_lookup(&t->map, at));
        const uint64_t stop = r ? BH_MIN(end, r->base + r->size) : end;
        if (!r || !r->noc || r->target == TILE_T_ABSENT) {
            a.status = BH_ERR_ADDR;
            why = !r ? "is not mapped" : !r->noc ? "is not visible from the NoC" : "is not modeled";
        } else if (tensix_tile_is_register(r->target) && (at % 4 || (stop - at) % 4)) {
            a.status = BH_ERR_ACCESS;
            why = "is a register: the NoC moves whole 32-bit words, 4-byte aligned, to registers";
        } else {
            at = stop;
        }
    }
    /* 2. each region's part in address order: memory in one access, registers word by word */
    for (uint64_t next = addr; !why && next < end;) {
        at = next;
        const uint32_t region = tile_map_lookup(&t->map, at);
        const TileRegion *r = tile_region(region);
        const uint32_t n = (uint32_t)(BH_MIN(end, r->base + r->size) - at);
        const uint32_t step = tensix_tile_is_register(r->target) ? 4 : n;
        a.region = (uint8_t)region;
        if (r->target == TILE_T_NIU) {
            a.niu = (uint8_t)(1 + r->arg);
            return a;
        }
        uint32_t done = 0; /* words (or bytes of memory) performed in this region */
        for (uint32_t k = 0; k < n && !why; k += step) {
            at = next + k;
            const TileAccess w = perform(t, TILE_NOC, region, (uint32_t)(at - r->base), step, write,
                                         (uint8_t *)data + (at - addr), now, 0);
            a.status = w.status;
            done += w.status == BH_OK;
            if (w.status != BH_OK)
                why = tensix_tile_reg_why(t, r->target) ? tensix_tile_reg_why(t, r->target)
                      : w.status == BH_ERR_ADDR         ? "is not modeled"
                                                        : bh_status_name(w.status);
        }
        /* cores asleep on a register re-read it (a PIC read may have cleared an IRQ) */
        if (done && (write || r->target == TILE_T_PIC) && tensix_tile_is_register(r->target) &&
            tensix_tile_noc_wrote(t, region, now))
            a.wake = 1;
        next += n;
    }
    if (why)
        BH_LOG_GUEST(t->log, "%s: NoC %s of %u bytes at 0x%08llx: 0x%08llx %s", t->name,
                     write ? "write" : "read", len, (unsigned long long)addr,
                     (unsigned long long)at, why);
    return a;
}

uint32_t tile_core_reset_bit(uint32_t core)
{
    BH_ASSERT(core < TILE_CORES);
    return core_tab[core].reset_bit;
}

uint32_t tile_core_ram_bytes(uint32_t core)
{
    BH_ASSERT(core < TILE_CORES);
    return core_tab[core].ram_bytes;
}

int tensix_tile_core_in_reset(const TensixTile *t, uint32_t core)
{
    BH_ASSERT(core < TILE_CORES);
    return (t->regs[TILE_R_SOFT_RESET_0] >> core_tab[core].reset_bit) & 1;
}

uint32_t tensix_tile_core_start_pc(const TensixTile *t, uint32_t core)
{
    BH_ASSERT(core < TILE_CORES);
    if (core <= TILE_TRISC2 && (t->regs[TILE_R_TRISC_RESET_PC_OVERRIDE] >> core & 1))
        return t->regs[TILE_R_TRISC0_RESET_PC + core];
    if (core == TILE_NCRISC && (t->regs[TILE_R_NCRISC_RESET_PC_OVERRIDE] & 1))
        return t->regs[TILE_R_NCRISC_RESET_PC];
    return core_tab[core].start_pc;
}
