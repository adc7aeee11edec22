// SPDX-License-Identifier: Apache-2.0
/* The Tensix tile module: its registers, init, and step; what its map's regions do is in
 * tensix_tile_regions.c. */
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

/* offset and read value only: who touches them and why they are left out is for the docs */
static const struct {
    uint32_t off, read;
} ignored_tab[] = {
#define TILE_IGNORED(nm, o, rd, who, why) {o, rd},
#include "model/tile/tile_regs_ignored.def"
#undef TILE_IGNORED
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
    return tensix_tile_init_kind(t, TILE_KIND_TENSIX, cfg, done, done_ctx, log, why, why_len);
}

BhStatus tensix_tile_init_kind(TensixTile *t, TileKind kind, const L1Config *cfg, TileL1DoneFn done,
                               void *done_ctx, BhLogContext *log, char *why, size_t why_len)
{
    memset(t, 0, sizeof *t);
    t->log = log;
    t->kind = (uint8_t)kind;
    t->chips = 1;
    BhStatus st = tile_map_init(&t->map, kind, why, why_len);
    if (st != BH_OK)
        return st;
    if (l1_config_check(cfg, why, why_len) != BH_OK)
        return BH_ERR_CONFIG;
    if (kind == TILE_KIND_ETH && cfg->size_bytes != t->map.l1_bytes) {
        snprintf(why, why_len, "Ethernet tile: L1 of %llu bytes, but its map has %llu",
                 (unsigned long long)cfg->size_bytes, (unsigned long long)t->map.l1_bytes);
        return BH_ERR_CONFIG;
    }
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
    if (t->kind != TILE_KIND_TENSIX)
        return BH_ERR_CONFIG; /* an Ethernet tile has no coprocessor */
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
    free(t->mac);
    t->mac = NULL;
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
    if (t->mac) { /* after the cores: a command they wrote this cycle is seen now */
        t->eth_now = now;
        const uint64_t mac_next = eth_mac_step(t->mac, now);
        next = BH_MIN(next, mac_next);
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

static int ignored_row(uint32_t off)
{
    for (size_t i = 0; i < sizeof ignored_tab / sizeof ignored_tab[0]; i++)
        if (ignored_tab[i].off == off)
            return (int)i;
    return -1;
}

int tile_reg_is_ignored(uint32_t off)
{
    return ignored_row(off) >= 0;
}

BhStatus tensix_tile_reg_access(TensixTile *t, uint32_t off, int write, uint32_t *val, uint64_t now,
                                int debug)
{
    uint32_t r = 0;
    while (r < TILE_NUM_REGS && reg_tab[r].off != off)
        r++;
    if (r == TILE_NUM_REGS) { /* software goes on as if an ignored register's write landed */
        const int i = ignored_row(off);
        if (i < 0)
            return BH_ERR_ADDR;
        if (!write)
            *val = ignored_tab[i].read;
        return BH_OK;
    }
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
    case TILE_R_SIM_CHIP_ID:
        *val = t->chip_id | (uint32_t)t->chips << 8;
        return BH_OK;
    default:
        *val = reg_tab[r].access == ACC_WO ? 0 : t->regs[r];
        return BH_OK;
    }
}

void tensix_tile_zone_mark(TensixTile *t, uint32_t core, uint32_t val, uint64_t now)
{
    BH_ASSERT(core < TILE_CORES);
    uint16_t *depth = &t->zone_depth[core];
    if (!val && *depth == 0) {
        BH_LOG_GUEST(t->log, "%s %s: zone closed at cycle %llu with none open: ignored", t->name,
                     tensix_tile_core_name(t, core), (unsigned long long)now);
        return;
    }
    /* past the depth a zone is counted, not shown, so its close does not close its parent */
    const uint16_t shown = val ? (uint16_t)(*depth + 1) : *depth;
    *depth = val ? (uint16_t)BH_MIN(*depth + 1u, 0xFFFFu) : (uint16_t)(*depth - 1);
    if (val && shown == TILE_ZONE_DEPTH + 1)
        BH_LOG_GUEST(t->log, "%s %s: zone opened at cycle %llu nested deeper than %d: not shown",
                     t->name, tensix_tile_core_name(t, core), (unsigned long long)now,
                     TILE_ZONE_DEPTH);
    if (t->zone && shown <= TILE_ZONE_DEPTH)
        t->zone(t->zone_ctx, core, val, now);
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

/* tt-metal holds E1 alone with 0x47000: the Tensix bits of TRISC0..2 and NCRISC */
#define ETH_E1_RESET_MASK 0x47000u

uint32_t tensix_tile_core_reset_mask(const TensixTile *t, uint32_t core)
{
    BH_ASSERT(core < TILE_CORES);
    if (t->kind == TILE_KIND_ETH)
        return core == TILE_E0   ? 1u << core_tab[TILE_BRISC].reset_bit
               : core == TILE_E1 ? ETH_E1_RESET_MASK
                                 : 0;
    return 1u << core_tab[core].reset_bit;
}

int tensix_tile_core_in_reset(const TensixTile *t, uint32_t core)
{
    const uint32_t mask = tensix_tile_core_reset_mask(t, core);
    return !mask || (t->regs[TILE_R_SOFT_RESET_0] & mask) != 0; /* no core: held for ever */
}

const char *tensix_tile_core_name(const TensixTile *t, uint32_t core)
{
    if (t->kind == TILE_KIND_ETH)
        return core == TILE_E0 ? "e0" : core == TILE_E1 ? "e1" : "none";
    return tile_core_name(core);
}

uint32_t tensix_tile_core_start_pc(const TensixTile *t, uint32_t core)
{
    BH_ASSERT(core < TILE_CORES);
    if (t->kind == TILE_KIND_ETH)
        return t->regs[core == TILE_E0 ? TILE_R_ETH_RESET_PC0 : TILE_R_ETH_RESET_PC1];
    if (core <= TILE_TRISC2 && (t->regs[TILE_R_TRISC_RESET_PC_OVERRIDE] >> core & 1))
        return t->regs[TILE_R_TRISC0_RESET_PC + core];
    if (core == TILE_NCRISC && (t->regs[TILE_R_NCRISC_RESET_PC_OVERRIDE] & 1))
        return t->regs[TILE_R_NCRISC_RESET_PC];
    return core_tab[core].start_pc;
}
