// SPDX-License-Identifier: Apache-2.0
/* What the Tensix tile's regions do: tile_map.def's targets as devices (bh_region.h), and the
 * synchronous paths into them: a core's or a workload's access (tensix_tile_access*), the
 * backdoor (tensix_tile_debug) and the NoC (tensix_tile_noc_access). Each path decides who may
 * see a row (the map's columns); the row's device decides the sizes it takes and what an access
 * does, once for all of them. */
#include <stdio.h>
#include <string.h>
#include "model/tile/tensix_tile.h"

/* ---------------------------------------------------------------- the devices */

static BhStatus l1_read(void *dev, BhRegionAccess *a)
{
    return l1_debug_read(&((TensixTile *)dev)->l1, a->off, a->data, a->len);
}

static BhStatus l1_write(void *dev, BhRegionAccess *a)
{
    return l1_debug_write(&((TensixTile *)dev)->l1, a->off, a->data, a->len);
}

/* owner's data RAM from byte `skip` on */
static BhStatus core_ram(TensixTile *t, uint32_t owner, uint32_t skip, BhRegionAccess *a)
{
    if (owner >= TILE_CORES || t->cores[owner].ram_bytes <= skip)
        return BH_ERR_ADDR;
    const uint32_t bytes = t->cores[owner].ram_bytes - skip;
    uint8_t *mem = t->cores[owner].ram + skip;
    if (a->off > bytes || a->len > bytes - a->off)
        return BH_ERR_ADDR;
    if (a->write)
        memcpy(mem + a->off, a->data, a->len);
    else
        memcpy(a->data, mem + a->off, a->len);
    return BH_OK;
}

static BhStatus own_ram(void *dev, BhRegionAccess *a) /* the accessing core's; arg: skip */
{
    return core_ram(dev, a->who, a->arg, a);
}

static BhStatus shared_ram(void *dev, BhRegionAccess *a) /* core arg's, through its window */
{
    return core_ram(dev, a->arg, 0, a);
}

/* A 32-bit register: fn sees the word; a read's word is copied out only if it succeeded. */
typedef BhStatus (*WordFn)(TensixTile *t, BhRegionAccess *a, uint32_t *val);

static BhStatus word(void *dev, BhRegionAccess *a, WordFn fn)
{
    uint32_t val;
    memcpy(&val, a->data, 4);
    const BhStatus st = fn(dev, a, &val);
    if (st == BH_OK && !a->write)
        memcpy(a->data, &val, 4);
    return st;
}

static BhStatus debug_word(TensixTile *t, BhRegionAccess *a, uint32_t *val)
{
    const BhStatus st = tensix_tile_reg_access(t, a->off, a->write, val, a->now, a->debug);
    /* a zone is what a core's own store says; the NoC and the backdoor only set the word */
    if (st == BH_OK && a->write && !a->debug && a->who < TILE_CORES &&
        a->off == tile_reg_offset(TILE_R_SIM_ZONE))
        tensix_tile_zone_mark(t, a->who, *val, a->now);
    return st;
}

static BhStatus overlay_word(TensixTile *t, BhRegionAccess *a, uint32_t *val)
{
    return overlay_access(&t->overlay, a->off, a->write, val, a->debug);
}

static BhStatus pic_word(TensixTile *t, BhRegionAccess *a, uint32_t *val)
{
    return pic_access(&t->pic, a->off, a->write, val, a->debug);
}

static BhStatus mailbox_word(TensixTile *t, BhRegionAccess *a, uint32_t *val)
{
    return a->write ? mailbox_write(&t->mbox, a->who, a->arg, a->off, *val, a->debug)
                    : mailbox_read(&t->mbox, a->who, a->arg, a->off, val, a->debug);
}

static BhStatus coproc_word(TensixTile *t, BhRegionAccess *a, uint32_t *val)
{
    if (a->debug)
        return BH_ERR_UNSUPPORTED; /* the coprocessor's reads can pop FIFOs */
    a->wake = 1;
    return a->write ? tensix_core_region_write(t->core, a->who, a->row, a->off, *val, a->now)
                    : tensix_core_region_read(t->core, a->who, a->row, a->off, val, a->now);
}

/* the MAC by absolute address; without one (a unit test's tile) the region is not modeled */
static BhStatus eth_word(TensixTile *t, BhRegionAccess *a, uint32_t *val)
{
    if (!t->eth)
        return BH_ERR_ADDR;
    t->eth_why = NULL;
    return t->eth(t->eth_ctx, (uint32_t)(tile_region(a->row)->base + a->off), a->write, val, a->now,
                  a->debug, &t->eth_why);
}

static BhStatus eth_regs(void *dev, BhRegionAccess *a)
{
    return word(dev, a, eth_word);
}

static BhStatus debug_regs(void *dev, BhRegionAccess *a)
{
    return word(dev, a, debug_word);
}

static BhStatus overlay_regs(void *dev, BhRegionAccess *a)
{
    return word(dev, a, overlay_word);
}

static BhStatus pic_regs(void *dev, BhRegionAccess *a)
{
    return word(dev, a, pic_word);
}

static BhStatus mailbox_regs(void *dev, BhRegionAccess *a)
{
    return word(dev, a, mailbox_word);
}

static BhStatus coproc_regs(void *dev, BhRegionAccess *a)
{
    return word(dev, a, coproc_word);
}

/* Dst's view decides the size (1, 2 or 4 bytes); reads never pop */
static BhStatus dst(void *dev, BhRegionAccess *a)
{
    TensixTile *t = dev;
    return tensix_core_dst_access(t->core, a->who, a->off, a->len, a->write, a->data);
}

/* The NIU's register file states its own rule (noc_niu_regs_region); the tile only forwards. */
static BhStatus niu_regs(void *dev, BhRegionAccess *a)
{
    TensixTile *t = dev;
    if (!t->niu)
        return BH_ERR_UNSUPPORTED;
    uint32_t val = 0;
    const uint32_t n = BH_MIN(a->len, 4u);
    memcpy(&val, a->data, n);
    const BhStatus st =
        t->niu(t->niu_ctx, a->arg, a->off, a->len, a->write, a->debug, &val, a->now);
    if (st == BH_OK && !a->write)
        memcpy(a->data, &val, n);
    return st;
}

static BhStatus absent(void *dev, BhRegionAccess *a)
{
    (void)dev;
    (void)a;
    return BH_ERR_ADDR;
}

/* name, read, write, min and max bytes, aligned, timed. L1 is timed for the cores and the NoC
 * (their accesses queue at its ports, l1.h); the functions here are its untimed path. */
const BhRegionOps tile_region_ops[TILE_TARGETS] = {
    [TILE_T_L1] = {"L1", l1_read, l1_write, 1, 0, 0, 1},
    [TILE_T_LOCAL] = {"the core's local data RAM", own_ram, own_ram, 1, 0, 0, 0},
    [TILE_T_SLOW_LOCAL] = {"a core's local data RAM", shared_ram, shared_ram, 1, 0, 0, 0},
    [TILE_T_DEBUG] = {"control/debug registers", debug_regs, debug_regs, 4, 4, 1, 0},
    [TILE_T_NIU] = {"NIU registers", niu_regs, niu_regs, 1, 0, 0, 0},
    [TILE_T_TDMA] = {"TDMA-RISC registers", coproc_regs, coproc_regs, 4, 4, 1, 0},
    [TILE_T_MOP_CFG] = {"MopCfg", coproc_regs, coproc_regs, 4, 4, 1, 0},
    [TILE_T_GPR] = {"ThCon GPRs", coproc_regs, coproc_regs, 4, 4, 1, 0},
    [TILE_T_INSTRN] = {"instruction push", coproc_regs, coproc_regs, 4, 4, 1, 0},
    [TILE_T_PC_BUF] = {"PCBuf, TTSync and semaphores", coproc_regs, coproc_regs, 4, 4, 1, 0},
    [TILE_T_DST] = {"Dst", dst, dst, 1, 4, 0, 0},
    [TILE_T_CFG] = {"backend configuration", coproc_regs, coproc_regs, 4, 4, 1, 0},
    [TILE_T_MAILBOX] = {"mailboxes", mailbox_regs, mailbox_regs, 4, 4, 1, 0},
    [TILE_T_OVERLAY] = {"NoC overlay registers", overlay_regs, overlay_regs, 4, 4, 1, 0},
    [TILE_T_PIC] = {"PIC registers", pic_regs, pic_regs, 4, 4, 1, 0},
    [TILE_T_ABSENT] = {"not modeled", absent, absent, 1, 0, 0, 0},
    [TILE_T_ETH] = {"Ethernet registers", eth_regs, eth_regs, 4, 4, 1, 0},
};

/* ---------------------------------------------------------------- the paths */

static int sees(const TileRegion *r, uint32_t who)
{
    return who == TILE_NOC ? r->noc : who < TILE_CORES && (r->cores & 1u << who);
}

static int is_coproc(uint32_t target)
{
    return target >= TILE_T_TDMA && target <= TILE_T_CFG;
}

static TileAccess perform(TensixTile *t, uint32_t who, uint32_t region, uint32_t off, uint32_t len,
                          int write, void *data, uint64_t now, int debug)
{
    TileAccess a = {BH_ERR_ADDR, off, (uint8_t)region, TILE_LAT_MMIO, 0, 0, 0};
    const TileRegion *r = tile_region(region);
    if (!r)
        return a;
    a.latency = r->latency;
    if (is_coproc(r->target)) { /* the coprocessor applies its own views of who sees what */
        if (!t->core || who == TILE_NOC)
            return a; /* no coprocessor on this tile, or not NoC-visible */
    } else if (!sees(r, who)) {
        return a;
    }
    if (r->target == TILE_T_NIU)
        a.niu = (uint8_t)(1 + r->arg);
    BhRegionAccess x = {who, r->arg, region, off, len, (uint8_t)write, (uint8_t)debug,
                        0,   data,   now};
    a.status = bh_region_access(r->ops, t, &x);
    a.width_error = a.status == BH_ERR_WIDTH;
    a.wake = x.wake;
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
    if (r->target == TILE_T_NIU) /* the NoC model's backdoor, not the tile's */
        return BH_ERR_UNSUPPORTED;
    return perform(t, who, region, (uint32_t)(addr - r->base), len, write, data, now, 1).status;
}

int tensix_tile_is_register(uint32_t target)
{
    return target == TILE_T_DEBUG || target == TILE_T_OVERLAY || target == TILE_T_PIC ||
           target == TILE_T_ETH;
}

const char *tensix_tile_reg_why(const TensixTile *t, uint32_t target)
{
    return target == TILE_T_OVERLAY ? t->overlay.why
           : target == TILE_T_PIC   ? t->pic.why
           : target == TILE_T_ETH   ? t->eth_why
                                    : NULL;
}

/* A NoC access past L1, region by region: a region that takes any length in one access, the
 * others (registers) in accesses of their largest size, each aligned to it (tensix_tile.h, NoC). */
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
        } else if (r->target != TILE_T_NIU &&
                   bh_region_check_burst(r->ops, at - r->base, stop - at) != BH_OK) {
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
        const uint32_t step = r->ops->max_bytes ? r->ops->max_bytes : n;
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
