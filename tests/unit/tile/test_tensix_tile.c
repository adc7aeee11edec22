// SPDX-License-Identifier: Apache-2.0
/* The tile module: the map table's checks, its two decodes agreeing everywhere, who sees what,
 * the registers' reset values and access rules, the local RAMs, and the coprocessor reached
 * through the map. */
#include <stdlib.h>
#include <string.h>
#include "model/tile/tensix_tile.h"
#include "tests/check.h"
#include "tests/test_log.h"

static TensixTile *tile_new(int coprocessor)
{
    TensixTile *t = malloc(sizeof *t);
    L1Config cfg = l1_config_default();
    TensixCoreConfig cc = tensix_core_config_default();
    char why[256] = "";
    CHECK_OK(tensix_tile_init(t, &cfg, NULL, NULL, &test_log, why, sizeof why));
    if (coprocessor)
        CHECK_OK(tensix_tile_enable_coprocessor(t, &cc, 0));
    return t;
}

static void tile_free(TensixTile *t)
{
    tensix_tile_destroy(t);
    free(t);
}

static uint32_t rd(TensixTile *t, uint32_t who, uint32_t addr, BhStatus *st)
{
    uint32_t v = 0xDEADBEEF;
    TileAccess a = tensix_tile_access(t, who, addr, 4, 0, &v, 100);
    *st = a.status;
    return v;
}

static BhStatus wr(TensixTile *t, uint32_t who, uint32_t addr, uint32_t v)
{
    return tensix_tile_access(t, who, addr, 4, 1, &v, 100).status;
}

static void test_table_checks(void)
{
    char why[256] = "";
    TileMap m;
    CHECK_OK(tile_map_init(&m, TILE_KIND_TENSIX, why, sizeof why));
    TileRegion rows[TILE_TENSIX_REGIONS];
    for (uint32_t i = 0; i < TILE_TENSIX_REGIONS; i++)
        rows[i] = *tile_region(i);
    CHECK_OK(tile_map_check(rows, TILE_TENSIX_REGIONS, why, sizeof why));
    rows[TILE_RG_DEBUG_REGS].size = 0x1001; /* runs into PIC */
    CHECK_EQ_U32(tile_map_check(rows, TILE_TENSIX_REGIONS, why, sizeof why), BH_ERR_CONFIG);
    CHECK(strstr(why, "DEBUG_REGS") && strstr(why, "PIC") && strstr(why, "overlap"));
    rows[TILE_RG_DEBUG_REGS].size = 0x1000;
    rows[TILE_RG_TENSIX_CFG].base = 0xFFFF8000u; /* past 0xFFFF_FFFF */
    CHECK_EQ_U32(tile_map_check(rows, TILE_TENSIX_REGIONS, why, sizeof why), BH_ERR_CONFIG);
    CHECK(strstr(why, "TENSIX_CFG") && strstr(why, "32-bit"));
    rows[TILE_RG_TENSIX_CFG].base = 0xFFEF0000u;
    rows[TILE_RG_PIC].size = 0;
    CHECK_EQ_U32(tile_map_check(rows, TILE_TENSIX_REGIONS, why, sizeof why), BH_ERR_CONFIG);
    CHECK(strstr(why, "PIC") && strstr(why, "empty"));
}

/* the page index and the binary search give the same answer at every region edge and every
 * page of the MMIO space (so regions sharing a page decode too) */
static void test_lookup_matches_search(void)
{
    char why[256];
    TileMap m;
    CHECK_OK(tile_map_init(&m, TILE_KIND_TENSIX, why, sizeof why));
    for (uint32_t i = 0; i < TILE_TENSIX_REGIONS; i++) {
        const TileRegion *r = tile_region(i);
        uint64_t probes[] = {r->base - 1, r->base, r->base + 1, r->base + r->size - 1,
                             r->base + r->size};
        for (size_t k = 0; k < BH_ARRAY_LEN(probes); k++)
            CHECK_EQ_U32(tile_map_lookup(&m, probes[k]), tile_map_search(probes[k]));
        CHECK_EQ_U32(tile_map_lookup(&m, r->base), i);
        CHECK_EQ_U32(tile_map_lookup(&m, r->base + r->size - 1), i);
    }
    for (uint64_t a = TILE_MMIO_BASE; a <= 0xFFFFFFFFull; a += 0x400)
        CHECK_EQ_U32(tile_map_lookup(&m, a), tile_map_search(a));
    CHECK_EQ_U32(tile_map_lookup(&m, 0x180000), TILE_RG_NONE);
    CHECK_EQ_U32(tile_map_lookup(&m, 0xFFB10000), TILE_RG_NONE);
    CHECK_EQ_U32(tile_map_lookup(&m, 0xFFB1314C), TILE_RG_NONE);
    CHECK_EQ_U32(tile_map_lookup(&m, 0xFFB80024), TILE_RG_NONE);
    CHECK_EQ_U32(tile_map_lookup(&m, 0x100000000ull), TILE_RG_NONE);
    CHECK_EQ_U32(tile_map_lookup(&m, 0xFFB1313C), TILE_RG_PC_SNAPSHOT);
}

static void test_register_reset_values_and_access(void)
{
    TensixTile *t = tile_new(0);
    BhStatus st;
    const uint32_t base = (uint32_t)tile_region(TILE_RG_DEBUG_REGS)->base;
    for (uint32_t r = 0; r < TILE_NUM_REGS; r++) {
        CHECK_EQ_U32(t->regs[r], tile_reg_reset_value(r));
        if (r == TILE_R_WALL_CLOCK_L || r == TILE_R_WALL_CLOCK_H_NOW || r == TILE_R_WALL_CLOCK_H ||
            tile_reg_offset(r) >= 0x1000) /* an Ethernet tile's (test_eth_tile.c) */
            continue;
        uint32_t v = rd(t, TILE_BRISC, base + tile_reg_offset(r), &st);
        CHECK_OK(st);
        CHECK_EQ_U32(v, r == TILE_R_NCRISC_RESET_PC || r == TILE_R_NCRISC_RESET_PC_OVERRIDE ? 0
                        : r == TILE_R_SIM_CHIP_ID ? 0x100 /* chip 0 of 1 */
                                                  : tile_reg_reset_value(r));
    }
    CHECK_EQ_U32(t->regs[TILE_R_SOFT_RESET_0], 0x47800);
    CHECK_OK(wr(t, TILE_NOC, base + 0x1B0, 0x800)); /* NoC-visible */
    CHECK_EQ_U32(rd(t, TILE_TRISC1, base + 0x1B0, &st), 0x800);
    CHECK_OK(wr(t, TILE_BRISC, base + 0x238, 0x12340)); /* WO: stored, reads 0 */
    CHECK_EQ_U32(t->regs[TILE_R_NCRISC_RESET_PC], 0x12340);
    CHECK_EQ_U32(rd(t, TILE_BRISC, base + 0x238, &st), 0);
    CHECK_EQ_U32(wr(t, TILE_BRISC, base + 0x1F0, 1), BH_ERR_ACCESS); /* RO */
    CHECK_EQ_U32(wr(t, TILE_BRISC, base + 0x1EC, 1), BH_ERR_ADDR);   /* not modeled */
    uint32_t v = 0;
    TileAccess a = tensix_tile_access(t, TILE_BRISC, base + 0x1F0, 4, 0, &v, 0x500000007ull);
    CHECK_EQ_U32(v, 7);
    CHECK_EQ_U32(a.latency, TILE_LAT_MMIO);
    CHECK_EQ_U32(tile_latency_cycles(a.latency), 7);
    tensix_tile_access(t, TILE_BRISC, base + 0x1F8, 4, 0, &v, 0x900000000ull);
    CHECK_EQ_U32(v, 5); /* latched by the low read */
    tensix_tile_access(t, TILE_BRISC, base + 0x1F4, 4, 0, &v, 0x900000000ull);
    CHECK_EQ_U32(v, 9);
    a = tensix_tile_access(t, TILE_BRISC, base + 0x1B0, 2, 0, &v, 0);
    CHECK(a.status == BH_ERR_WIDTH && a.width_error);
    tile_free(t);
}

/* docs/hardware.md#riscv: SOFT_RESET_0's reset value 0x47800 holds all five cores (bits
 * 11..14, 18) */
static void test_reset_and_start_pcs(void)
{
    TensixTile *t = tile_new(0);
    const uint32_t base = (uint32_t)tile_region(TILE_RG_DEBUG_REGS)->base;
    for (uint32_t c = 0; c < TILE_CORES; c++)
        CHECK(tensix_tile_core_in_reset(t, c));
    CHECK_EQ_U32(tensix_tile_core_start_pc(t, TILE_BRISC), 0x0);
    CHECK_EQ_U32(tensix_tile_core_start_pc(t, TILE_TRISC0), 0x6000);
    CHECK_EQ_U32(tensix_tile_core_start_pc(t, TILE_TRISC1), 0xA000);
    CHECK_EQ_U32(tensix_tile_core_start_pc(t, TILE_TRISC2), 0xE000);
    CHECK_EQ_U32(tensix_tile_core_start_pc(t, TILE_NCRISC), 0x12000);
    CHECK_OK(wr(t, TILE_NOC, base + 0x22C, 0x20000));                /* TRISC1_RESET_PC */
    CHECK_OK(wr(t, TILE_NOC, base + 0x238, 0x30000));                /* NCRISC_RESET_PC */
    CHECK_EQ_U32(tensix_tile_core_start_pc(t, TILE_TRISC1), 0xA000); /* no override yet */
    CHECK_OK(wr(t, TILE_NOC, base + 0x234, 0x2));
    CHECK_OK(wr(t, TILE_NOC, base + 0x23C, 0x1));
    CHECK_EQ_U32(tensix_tile_core_start_pc(t, TILE_TRISC1), 0x20000);
    CHECK_EQ_U32(tensix_tile_core_start_pc(t, TILE_TRISC0), 0x6000);
    CHECK_EQ_U32(tensix_tile_core_start_pc(t, TILE_NCRISC), 0x30000);
    CHECK_OK(wr(t, TILE_NOC, base + 0x1B0, 0x47800 & ~0x800u)); /* release BRISC */
    CHECK(!tensix_tile_core_in_reset(t, TILE_BRISC) && tensix_tile_core_in_reset(t, TILE_NCRISC));
    tile_free(t);
}

static void test_local_rams_and_views(void)
{
    TensixTile *t = tile_new(0);
    BhStatus st;
    for (uint32_t c = 0; c < TILE_CORES; c++)
        CHECK_OK(wr(t, c, 0xFFB00010, 0x100 + c)); /* each core its own RAM */
    for (uint32_t c = 0; c < TILE_CORES; c++)
        CHECK_EQ_U32(rd(t, c, 0xFFB00010, &st), 0x100 + c);
    CHECK_EQ_U32(t->cores[TILE_BRISC].ram_bytes, 8192);
    CHECK_EQ_U32(t->cores[TILE_TRISC2].ram_bytes, 4096);
    CHECK_OK(wr(t, TILE_NCRISC, 0xFFB01FFC, 0xABCD)); /* B/NC: 8 KiB */
    CHECK_EQ_U32(wr(t, TILE_TRISC0, 0xFFB01000, 1), BH_ERR_ADDR);
    /* the slow windows reach each core's RAM from any core and the NoC */
    CHECK_EQ_U32(rd(t, TILE_NOC, 0xFFB16000 + 0x1FFC, &st), 0xABCD);
    CHECK_EQ_U32(rd(t, TILE_BRISC, 0xFFB18010, &st), 0x100 + TILE_TRISC0);
    CHECK_EQ_U32(rd(t, TILE_NOC, 0xFFB00010, &st), 0xDEADBEEF);
    CHECK_EQ_U32(st, BH_ERR_ADDR); /* the private mapping is not NoC-visible */
    rd(t, TILE_NCRISC, 0xFFB11000, &st);
    CHECK_EQ_U32(st, BH_ERR_ADDR); /* NCRISC has no TDMA-RISC */
    CHECK_EQ_U32(rd(t, TILE_BRISC, 0xFFB13138, &st), 0xDEADBEEF);
    CHECK_EQ_U32(st, BH_ERR_ADDR); /* PC snapshots: not modeled */
    uint8_t buf[64], back[64];
    for (int i = 0; i < 64; i++)
        buf[i] = (uint8_t)i;
    CHECK_OK(tensix_tile_access(t, TILE_NCRISC, 0x17FFC0, 64, 1, buf, 0).status);
    CHECK_OK(tensix_tile_debug(t, TILE_NOC, 0x17FFC0, 64, 0, back, 0));
    CHECK(memcmp(buf, back, 64) == 0);
    CHECK_EQ_U32(tensix_tile_access(t, TILE_BRISC, 0x17FFC1, 64, 0, back, 0).status, BH_ERR_ADDR);
    TileAccess a = tensix_tile_access(t, TILE_TRISC0, 0xFFB30804, 4, 1, buf, 0);
    CHECK(a.niu == 2 && a.offset == 0x804 && a.region == TILE_RG_NOC1_NIU);
    tile_free(t);
}

/* The mailboxes through the map (mailbox.h has the rest): B and the TRISCs only, 4-byte
 * accesses, a pop from empty says "retry", the tile notes the change; no coprocessor needed. */
static void test_mailboxes_through_the_map(void)
{
    TensixTile *t = tile_new(0);
    BhStatus st;
    CHECK_EQ_U32(rd(t, TILE_TRISC0, 0xFFEC0000, &st), 0xDEADBEEF);
    CHECK_EQ_U32(st, BH_ERR_FULL); /* B to T0: empty */
    CHECK(!t->mbox.changed);
    CHECK_OK(wr(t, TILE_BRISC, 0xFFEC1000, 42)); /* B to T0 */
    CHECK(t->mbox.changed);
    CHECK_EQ_U32(rd(t, TILE_TRISC0, 0xFFEC0004, &st), 1); /* not empty */
    uint32_t v = 0;
    CHECK_OK(tensix_tile_debug(t, TILE_TRISC0, 0xFFEC0000, 4, 0, &v, 0)); /* peek */
    CHECK_EQ_U32(v, 42);
    CHECK_EQ_U32(rd(t, TILE_TRISC0, 0xFFEC0000, &st), 42);
    CHECK_OK(st);
    TileAccess a = tensix_tile_access(t, TILE_TRISC1, 0xFFEC3000, 2, 1, &v, 0);
    CHECK(a.status == BH_ERR_WIDTH && a.width_error && a.latency == TILE_LAT_MAILBOX);
    CHECK_EQ_U32(wr(t, TILE_NCRISC, 0xFFEC0000, 1), BH_ERR_ADDR); /* NCRISC has none */
    CHECK_EQ_U32(wr(t, TILE_NOC, 0xFFEC0000, 1), BH_ERR_ADDR);    /* nor the NoC */
    CHECK_EQ_U32(tensix_tile_debug(t, TILE_BRISC, 0xFFEC1000, 4, 1, &v, 0), BH_ERR_UNSUPPORTED);
    CHECK_EQ_U64(t->mbox.pushes, 1);
    for (uint32_t i = 0; i < 4; i++) {
        const TileRegion *r = tile_region(TILE_RG_MAILBOX0 + i);
        CHECK(r->target == TILE_T_MAILBOX && r->arg == i && r->base == 0xFFEC0000u + 0x1000 * i);
    }
    tile_free(t);
}

static void test_coprocessor_through_the_map(void)
{
    TensixTile *t = tile_new(1);
    BhStatus st;
    uint32_t nop = 0x02000000; /* NOP */
    TileAccess a = tensix_tile_access(t, TILE_TRISC0, 0xFFE40000, 4, 1, &nop, 0);
    CHECK_OK(a.status);
    CHECK(a.wake && a.latency == TILE_LAT_TENSIX_REG);
    CHECK_OK(wr(t, TILE_TRISC1, 0xFFE00004, 0x55)); /* GPR 1 of thread 1 */
    CHECK_EQ_U32(rd(t, TILE_TRISC1, 0xFFE00004, &st), 0x55);
    uint32_t v = 0;
    CHECK_EQ_U32(tensix_tile_debug(t, TILE_TRISC1, 0xFFE00004, 4, 0, &v, 0), BH_ERR_UNSUPPORTED);
    CHECK_EQ_U32(wr(t, TILE_BRISC, 0xFFB80000, 1), BH_ERR_ADDR); /* MopCfg: TRISCs only */
    CHECK_EQ_U32(wr(t, TILE_NOC, 0xFFE00004, 1), BH_ERR_ADDR);
    CHECK(!t->core->failed);
    CHECK_EQ_U32(wr(t, TILE_TRISC0, 0xFFE50000, nop), BH_ERR_ACCESS); /* the hang, reported */
    CHECK(t->core->failed && strstr(t->core->error, "0xffe50000"));
    uint64_t next = tensix_tile_step(t, 1);
    CHECK(next != BH_IDLE && t->last_busy == 1);
    tile_free(t);
    t = tile_new(0); /* no coprocessor: its windows are unmapped */
    CHECK_EQ_U32(wr(t, TILE_TRISC0, 0xFFE40000, nop), BH_ERR_ADDR);
    tile_free(t);
}

typedef struct ZoneSeen {
    uint32_t n, core[8], name[8];
    uint64_t at[8];
} ZoneSeen;

static void zone_seen(void *ctx, uint32_t core, uint32_t name_addr, uint64_t now)
{
    ZoneSeen *z = ctx;
    if (z->n < 8) {
        z->core[z->n] = core;
        z->name[z->n] = name_addr;
        z->at[z->n] = now;
    }
    z->n++;
}

/* SIM_ZONE: a core's store opens (an address) or closes (0) a zone at the cycle of the store;
 * the NoC and the backdoor only set the word; a close with none open is the guest's error and
 * closes nothing; past TILE_ZONE_DEPTH zones are counted, not shown, and their closes do not
 * close the zones shown */
static void test_zones(void)
{
    TensixTile *t = tile_new(0);
    ZoneSeen z = {0};
    t->zone = zone_seen;
    t->zone_ctx = &z;
    const uint32_t reg =
        (uint32_t)tile_region(TILE_RG_DEBUG_REGS)->base + tile_reg_offset(TILE_R_SIM_ZONE);
    uint32_t v = 0x20040;
    CHECK_OK(tensix_tile_access(t, TILE_NCRISC, reg, 4, 1, &v, 250).status);
    v = 0;
    CHECK_OK(tensix_tile_access(t, TILE_NCRISC, reg, 4, 1, &v, 377).status);
    CHECK_EQ_U32(z.n, 2);
    CHECK_EQ_U32(z.core[0], TILE_NCRISC);
    CHECK_EQ_U32(z.name[0], 0x20040);
    CHECK_EQ_U64(z.at[0], 250);
    CHECK_EQ_U32(z.name[1], 0);
    CHECK_EQ_U64(z.at[1], 377);

    const uint64_t guest = test_log.counts[BH_LOG_GUEST];
    CHECK_OK(wr(t, TILE_BRISC, reg, 0)); /* nothing open on BRISC */
    CHECK_EQ_U32(z.n, 2);
    CHECK_EQ_U64(test_log.counts[BH_LOG_GUEST], guest + 1);
    CHECK_OK(wr(t, TILE_NOC, reg, 0x1234));
    CHECK_OK(tensix_tile_debug(t, TILE_BRISC, reg, 4, 1, &v, 100));
    CHECK_EQ_U32(z.n, 2);
    CHECK_EQ_U32(t->zone_depth[TILE_BRISC], 0);

    for (uint32_t i = 0; i < TILE_ZONE_DEPTH + 2; i++)
        CHECK_OK(wr(t, TILE_TRISC1, reg, 0x1000 + i));
    CHECK_EQ_U32(z.n, 2 + TILE_ZONE_DEPTH);
    CHECK_EQ_U64(test_log.counts[BH_LOG_GUEST], guest + 2); /* once, at the first too deep */
    z.n = 0;
    for (uint32_t i = 0; i < 3; i++)
        CHECK_OK(wr(t, TILE_TRISC1, reg, 0));
    CHECK_EQ_U32(z.n, 1); /* the two hidden ones, then the innermost shown */
    CHECK_EQ_U32(t->zone_depth[TILE_TRISC1], TILE_ZONE_DEPTH - 1);
    tile_free(t);
}

int main(void)
{
    RUN(test_table_checks);
    RUN(test_lookup_matches_search);
    RUN(test_register_reset_values_and_access);
    RUN(test_reset_and_start_pcs);
    RUN(test_local_rams_and_views);
    RUN(test_mailboxes_through_the_map);
    RUN(test_coprocessor_through_the_map);
    RUN(test_zones);
    return check_failures();
}
