// SPDX-License-Identifier: Apache-2.0
/* The region interface (bh_region.h) and the tile's devices behind it: the size and alignment
 * rule, dispatch, what a master makes of a status; every tile_map.def row has a device; one
 * rule for every path into a register (a core, the backdoor, the NoC); the NIU rows forward to
 * the NIU's own register file, which states its rule once. */
#include <stdlib.h>
#include <string.h>
#include "model/noc/noc_net.h"
#include "model/tile/tensix_tile.h"
#include "tests/check.h"
#include "tests/test_log.h"

static BhStatus echo_read(void *dev, BhRegionAccess *a)
{
    memset(a->data, *(uint8_t *)dev, a->len);
    return BH_OK;
}

static void test_rule_and_dispatch(void)
{
    const BhRegionOps word = {"word", echo_read, NULL, 4, 4, 1, 0};
    const BhRegionOps any = {"memory", echo_read, echo_read, 1, 0, 0, 1};
    CHECK_OK(bh_region_check(&word, 8, 4));
    CHECK_EQ_U32(bh_region_check(&word, 8, 2), BH_ERR_WIDTH);
    CHECK_EQ_U32(bh_region_check(&word, 8, 8), BH_ERR_WIDTH);
    CHECK_EQ_U32(bh_region_check(&word, 6, 4), BH_ERR_WIDTH); /* unaligned */
    CHECK_OK(bh_region_check(&any, 3, 1000));
    CHECK_EQ_U32(bh_region_check(&any, 3, 0), BH_ERR_WIDTH);
    /* a burst is a whole number of the region's largest accesses, aligned */
    CHECK_OK(bh_region_check_burst(&word, 0x100, 64));
    CHECK_EQ_U32(bh_region_check_burst(&word, 0x100, 6), BH_ERR_WIDTH);
    CHECK_EQ_U32(bh_region_check_burst(&word, 0x102, 8), BH_ERR_WIDTH);
    CHECK_OK(bh_region_check_burst(&any, 0x103, 5));
    uint8_t fill = 0x5A, buf[4] = {0};
    BhRegionAccess a = {0, 0, 0, 4, 4, 0, 0, 0, buf, 0};
    CHECK_OK(bh_region_access(&word, &fill, &a));
    CHECK_EQ_U32(buf[3], 0x5A);
    a.write = 1; /* no write function: refused, nothing called */
    CHECK_EQ_U32(bh_region_access(&word, &fill, &a), BH_ERR_ACCESS);
    a.len = 2; /* the rule comes first */
    CHECK_EQ_U32(bh_region_access(&word, &fill, &a), BH_ERR_WIDTH);
    CHECK_EQ_U32(bh_access_result(BH_OK), BH_ACC_DONE);
    CHECK_EQ_U32(bh_access_result(BH_ERR_FULL), BH_ACC_LATER);
    CHECK_EQ_U32(bh_access_result(BH_ERR_ADDR), BH_ACC_FAULT);
    CHECK_EQ_U32(bh_access_result(BH_ERR_WIDTH), BH_ACC_FAULT);
}

/* every row points at a device with a name; L1 alone is timed; the register windows the docs
 * give as 32-bit take aligned 4-byte accesses only */
static void test_rows_point_at_devices(void)
{
    for (uint32_t i = 0; i < TILE_REGIONS; i++) {
        const TileRegion *r = tile_region(i);
        CHECK(r->ops == &tile_region_ops[r->target]);
        CHECK(r->ops->name && r->ops->name[0] && (r->ops->read || r->ops->write));
        CHECK_EQ_U32(r->ops->timed, r->target == TILE_T_L1);
    }
    static const uint32_t words[] = {TILE_T_DEBUG,   TILE_T_TDMA,   TILE_T_MOP_CFG, TILE_T_GPR,
                                     TILE_T_INSTRN,  TILE_T_PC_BUF, TILE_T_CFG,     TILE_T_MAILBOX,
                                     TILE_T_OVERLAY, TILE_T_PIC};
    for (uint32_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        const BhRegionOps *o = &tile_region_ops[words[i]];
        CHECK(o->min_bytes == 4 && o->max_bytes == 4 && o->aligned);
    }
    /* a row without a device is refused by the map's check */
    TileRegion rows[TILE_REGIONS];
    for (uint32_t i = 0; i < TILE_REGIONS; i++)
        rows[i] = *tile_region(i);
    char why[256] = "";
    rows[TILE_RG_PIC].ops = NULL;
    CHECK_EQ_U32(tile_map_check(rows, TILE_REGIONS, why, sizeof why), BH_ERR_CONFIG);
    CHECK(strstr(why, "PIC") && strstr(why, "device"));
}

static TensixTile *tile_new(void)
{
    TensixTile *t = malloc(sizeof *t);
    L1Config cfg = l1_config_default();
    char why[256] = "";
    CHECK_OK(tensix_tile_init(t, &cfg, NULL, NULL, &test_log, why, sizeof why));
    return t;
}

/* two adjacent stored registers: TRISC0_RESET_PC, TRISC1_RESET_PC (no cores here to start) */
#define REG_ADDR (0xFFB12000u + 0x228u)

static void test_one_rule_every_path(void)
{
    TensixTile *t = tile_new();
    uint32_t v = 0x11223344u;
    /* a core and a workload (tensix_tile_access), the backdoor, the NoC: 4 aligned bytes work */
    CHECK_OK(tensix_tile_access(t, TILE_BRISC, REG_ADDR, 4, 1, &v, 0).status);
    uint32_t back = 0;
    CHECK_OK(tensix_tile_debug(t, TILE_NOC, REG_ADDR, 4, 0, &back, 0));
    CHECK_EQ_U32(back, 0x11223344u);
    /* 2 bytes: the same refusal from the core path and the backdoor, and nothing written */
    uint16_t h = 0xBEEF;
    TileAccess a = tensix_tile_access(t, TILE_BRISC, REG_ADDR, 2, 1, &h, 0);
    CHECK(a.status == BH_ERR_WIDTH && a.width_error);
    CHECK_EQ_U32(tensix_tile_debug(t, TILE_BRISC, REG_ADDR, 2, 1, &h, 0), BH_ERR_WIDTH);
    CHECK_EQ_U32(t->regs[TILE_R_TRISC0_RESET_PC], 0x11223344u);
    /* the NoC splits a burst into the register's accesses: 2 words in one 8-byte write; a
     * 6-byte or unaligned burst fails before any word is written */
    uint32_t two[2] = {0xA, 0xB};
    CHECK_OK(tensix_tile_noc_access(t, REG_ADDR, 8, 1, two, 0).status);
    CHECK_EQ_U32(t->regs[TILE_R_TRISC0_RESET_PC], 0xA);
    CHECK_EQ_U32(t->regs[TILE_R_TRISC1_RESET_PC], 0xB);
    uint8_t six[6] = {1, 2, 3, 4, 5, 6};
    CHECK_EQ_U32(tensix_tile_noc_access(t, REG_ADDR, 6, 1, six, 0).status, BH_ERR_ACCESS);
    CHECK_EQ_U32(tensix_tile_noc_access(t, REG_ADDR + 2, 4, 1, six, 0).status, BH_ERR_ACCESS);
    CHECK_EQ_U32(t->regs[TILE_R_TRISC0_RESET_PC], 0xA);
    tensix_tile_destroy(t);
    free(t);
}

/* the NIU rows forward whatever the master asked to the NIU's register file */
static uint32_t niu_calls, niu_last_len, niu_last_noc;
static BhStatus fake_niu(void *ctx, uint32_t noc, uint32_t off, uint32_t len, int write, int debug,
                         uint32_t *val, uint64_t now)
{
    (void)ctx, (void)off, (void)write, (void)debug, (void)now;
    niu_calls++;
    niu_last_len = len;
    niu_last_noc = noc;
    *val = 0xC0FFEEu;
    return bh_region_check(&noc_niu_regs_region, off, len);
}

static void test_niu_rows_forward(void)
{
    TensixTile *t = tile_new();
    uint32_t v = 0;
    const uint64_t niu1 = tile_region(TILE_RG_NOC1_NIU)->base;
    /* no NoC attached (a tile without cores): refused, not performed */
    CHECK_EQ_U32(tensix_tile_access(t, TILE_BRISC, niu1, 4, 0, &v, 0).status, BH_ERR_UNSUPPORTED);
    t->niu = fake_niu;
    TileAccess a = tensix_tile_access(t, TILE_BRISC, niu1 + 0x10, 4, 0, &v, 0);
    CHECK(a.status == BH_OK && a.niu == 2 && v == 0xC0FFEEu && niu_last_noc == 1);
    uint16_t h = 0;
    a = tensix_tile_access(t, TILE_BRISC, niu1 + 0x10, 2, 0, &h, 0);
    CHECK(a.status == BH_ERR_WIDTH && niu_last_len == 2); /* the NIU's rule answered */
    CHECK_EQ_U32(niu_calls, 2);
    /* the backdoor does not reach an NIU through the tile */
    CHECK_EQ_U32(tensix_tile_debug(t, TILE_BRISC, niu1, 4, 0, &v, 0), BH_ERR_UNSUPPORTED);
    CHECK_EQ_U32(niu_calls, 2);
    /* the NIU register file's own rule: one aligned word */
    CHECK(noc_niu_regs_region.min_bytes == 4 && noc_niu_regs_region.max_bytes == 4 &&
          noc_niu_regs_region.aligned);
    tensix_tile_destroy(t);
    free(t);
}

int main(void)
{
    RUN(test_rule_and_dispatch);
    RUN(test_rows_point_at_devices);
    RUN(test_one_rule_every_path);
    RUN(test_niu_rows_forward);
    return check_failures();
}
