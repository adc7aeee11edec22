// SPDX-License-Identifier: Apache-2.0
/* The control/debug window as tt-metal's firmware, tt-llk and tt-umd use it
 * (docs/tt-metal-compat.md#registers): every row of tile_regs_ignored.def takes a core's and the
 * NoC's store and reads its documented value, DBG_BUS_CTRL reads back, the wall clock advances
 * with the cycle, and every word of the window in neither table still faults. */
#include <stdlib.h>
#include "model/tile/tensix_tile.h"
#include "tests/check.h"
#include "tests/test_log.h"

#define DEBUG_BASE 0xFFB12000u

static const struct {
    const char *name;
    uint32_t off, read;
} ignored[] = {
#define TILE_IGNORED(nm, o, rd, who, why) {#nm, o, rd},
#include "model/tile/tile_regs_ignored.def"
#undef TILE_IGNORED
};

static TensixTile *tile_new(void)
{
    TensixTile *t = malloc(sizeof *t);
    L1Config cfg = l1_config_default();
    char why[256] = "";
    CHECK_OK(tensix_tile_init(t, &cfg, NULL, NULL, &test_log, why, sizeof why));
    return t;
}

static void tile_free(TensixTile *t)
{
    tensix_tile_destroy(t);
    free(t);
}

static BhStatus load(TensixTile *t, uint32_t who, uint32_t addr, uint32_t *v, uint64_t now)
{
    *v = 0xDEADBEEFu;
    return tensix_tile_access(t, who, addr, 4, 0, v, now).status;
}

static BhStatus store(TensixTile *t, uint32_t who, uint32_t addr, uint32_t v, uint64_t now)
{
    return tensix_tile_access(t, who, addr, 4, 1, &v, now).status;
}

static int modelled(uint32_t off)
{
    for (uint32_t r = 0; r < TILE_NUM_REGS; r++)
        if (tile_reg_offset(r) == off)
            return 1;
    return 0;
}

/* each row from each core that sees the window and from the NoC: the store lands, nothing is
 * kept, the read is the table's */
static void test_ignored_rows(void)
{
    TensixTile *t = tile_new();
    for (size_t i = 0; i < BH_ARRAY_LEN(ignored); i++) {
        const uint32_t addr = DEBUG_BASE + ignored[i].off;
        CHECK(tile_reg_is_ignored(ignored[i].off));
        CHECK(!modelled(ignored[i].off));
        for (uint32_t who = 0; who < TILE_CORES; who++) {
            uint32_t v;
            CHECK_OK(store(t, who, addr, 0xA5A5A5A5u, 10));
            CHECK_OK(load(t, who, addr, &v, 11));
            CHECK_EQ_U32(v, ignored[i].read);
        }
        uint32_t v = 0x5A5A5A5Au;
        CHECK_OK(tensix_tile_noc_access(t, addr, 4, 1, &v, 12).status);
        v = 0xDEADBEEFu;
        CHECK_OK(tensix_tile_noc_access(t, addr, 4, 0, &v, 13).status);
        CHECK_EQ_U32(v, ignored[i].read);
    }
    tile_free(t);
}

/* the two stores that stopped tt-metal's BRISC firmware and tt-umd's multicast tests */
static void test_firmware_stores(void)
{
    TensixTile *t = tile_new();
    uint32_t v;
    CHECK_OK(store(t, TILE_BRISC, 0xFFB12240u, 0, 5)); /* DEST_CG_CTRL: Dst clock gating off */
    CHECK_OK(store(t, TILE_BRISC, 0xFFB12284u, 7, 6)); /* tt-umd: Wormhole's override offset */
    CHECK_OK(load(t, TILE_BRISC, 0xFFB12284u, &v, 7));
    CHECK_EQ_U32(v, 0);
    /* the write was dropped: no TRISC start PC changed */
    CHECK_EQ_U32(t->regs[TILE_R_TRISC0_RESET_PC], 0);
    CHECK_EQ_U32(t->regs[TILE_R_TRISC1_RESET_PC], 0);
    CHECK_EQ_U32(t->regs[TILE_R_TRISC2_RESET_PC], 0);
    CHECK_EQ_U32(t->regs[TILE_R_TRISC_RESET_PC_OVERRIDE], 0);
    tile_free(t);
}

/* tt-umd's TTDeviceRegIO: a NoC write of DBG_BUS_CTRL reads back, over the NoC and from a core */
static void test_dbg_bus_ctrl_reads_back(void)
{
    TensixTile *t = tile_new();
    const uint32_t addr = DEBUG_BASE + 0x54u;
    for (uint32_t val = 1; val <= 2; val++) {
        uint32_t v = val;
        CHECK_OK(tensix_tile_noc_access(t, addr, 4, 1, &v, 20).status);
        v = 0;
        CHECK_OK(tensix_tile_noc_access(t, addr, 4, 0, &v, 21).status);
        CHECK_EQ_U32(v, val);
        CHECK_OK(load(t, TILE_TRISC1, addr, &v, 22));
        CHECK_EQ_U32(v, val);
    }
    uint32_t v;
    CHECK_OK(load(t, TILE_BRISC, DEBUG_BASE + 0x5Cu, &v, 23)); /* DBG_RD_DATA: ignored, 0 */
    CHECK_EQ_U32(v, 0);
    tile_free(t);
}

/* risc_common.h riscv_wait: reads L then H until the 64-bit count has moved on */
static void test_wall_clock_advances(void)
{
    TensixTile *t = tile_new();
    uint32_t lo0, hi0, lo1, hi1;
    CHECK_OK(load(t, TILE_TRISC0, DEBUG_BASE + 0x1F0u, &lo0, 1000));
    CHECK_OK(load(t, TILE_TRISC0, DEBUG_BASE + 0x1F8u, &hi0, 1001));
    CHECK_OK(load(t, TILE_TRISC0, DEBUG_BASE + 0x1F0u, &lo1, 1600));
    CHECK_OK(load(t, TILE_TRISC0, DEBUG_BASE + 0x1F8u, &hi1, 1601));
    CHECK_EQ_U32(hi0, 0);
    CHECK_EQ_U32(hi1, 0);
    CHECK_EQ_U32(lo0, 1000);
    CHECK_EQ_U32(lo1 - lo0, 600);
    /* past 2^32 cycles: H is the high word L latched, even when read a cycle later */
    const uint64_t now = 0x300000010ull;
    CHECK_OK(load(t, TILE_BRISC, DEBUG_BASE + 0x1F0u, &lo0, now));
    CHECK_OK(load(t, TILE_BRISC, DEBUG_BASE + 0x1F8u, &hi0, now + 1));
    CHECK_EQ_U32(lo0, 0x10);
    CHECK_EQ_U32(hi0, 3);
    CHECK_EQ_U32(store(t, TILE_BRISC, DEBUG_BASE + 0x1F0u, 0, now), BH_ERR_ACCESS);
    tile_free(t);
}

/* neither table: still a fault for a core and for the NoC, so nothing passes unlooked-at */
static void test_unknown_offsets_fault(void)
{
    TensixTile *t = tile_new();
    uint32_t faults = 0;
    for (uint32_t off = 0; off < 0x1000; off += 4) {
        if (modelled(off) || tile_reg_is_ignored(off))
            continue;
        uint32_t v;
        CHECK_EQ_U32(store(t, TILE_BRISC, DEBUG_BASE + off, 1, 30), BH_ERR_ADDR);
        CHECK_EQ_U32(load(t, TILE_NCRISC, DEBUG_BASE + off, &v, 31), BH_ERR_ADDR);
        v = 1;
        CHECK_EQ_U32(tensix_tile_noc_access(t, DEBUG_BASE + off, 4, 1, &v, 32).status, BH_ERR_ADDR);
        faults++;
    }
    /* a sample by hand: between the counters, past the last row, the window's last word */
    CHECK(!tile_reg_is_ignored(0x024) && !modelled(0x024));
    CHECK(!tile_reg_is_ignored(0x248) && !modelled(0x248)); /* CG_KICK: nobody writes it */
    CHECK(!tile_reg_is_ignored(0x290) && !modelled(0x290));
    CHECK(!tile_reg_is_ignored(0xFFC) && !modelled(0xFFC));
    uint32_t in_window = 0; /* the Ethernet tile's rows lie past a Tensix tile's window */
    for (uint32_t r = 0; r < TILE_NUM_REGS; r++)
        in_window += tile_reg_offset(r) < 0x1000;
    CHECK(in_window == TILE_NUM_REGS - 2);
    CHECK_EQ_U32(faults, 0x400 - in_window - BH_ARRAY_LEN(ignored));
    tile_free(t);
}

int main(void)
{
    RUN(test_ignored_rows);
    RUN(test_firmware_stores);
    RUN(test_dbg_bus_ctrl_reads_back);
    RUN(test_wall_clock_advances);
    RUN(test_unknown_offsets_fault);
    return check_failures();
}
