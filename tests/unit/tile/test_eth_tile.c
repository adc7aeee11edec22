/* tests/unit/tile/test_eth_tile.c - the Ethernet tile as a tile module, without SystemC: its map
 * (eth_tile_map.def against the document's memory map, BlackholeA0/EthernetTile/BabyRISCV/
 * README.md, docs/hardware.md#ethernet), who sees what, its L1 of 512 KiB, the reset of E0
 * (SOFT_RESET_0 bit 11) and E1 (tt-metal's 0x47000) and their reset PCs at 0xFFB1_4000 and
 * 0xFFB1_4008, the MAC's registers reaching the Ethernet hook by absolute address, and a program
 * on E1 that computes in its local RAM and leaves its result in L1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/eth/eth_link.h"
#include "model/tile/tensix_tile.h"
#include "tests/check.h"
#include "tests/test_log.h"
#include "tests/unit/riscv/rv_tb.h"

#define ETH_L1 (512u * 1024)
#define SOFT_RESET 0xFFB121B0u
#define RESET_PC0 0xFFB14000u
#define RESET_PC1 0xFFB14008u

static void done_nothing(void *ctx, const L1Done *d)
{
    (void)ctx, (void)d;
}

static TensixTile *eth_new(void)
{
    TensixTile *t = calloc(1, sizeof *t);
    char why[256] = "";
    L1Config l1 = l1_config_default();
    l1.size_bytes = ETH_L1;
    CHECK_OK(tensix_tile_init_kind(t, TILE_KIND_ETH, &l1, done_nothing, NULL, &test_log, why,
                                   sizeof why));
    RvConfig rc = rv_config_default();
    CHECK_OK(tensix_tile_enable_cores(t, &rc, NULL, NULL, why, sizeof why));
    snprintf(t->name, sizeof t->name, "eth tile (test)");
    return t;
}

static void eth_free(TensixTile *t)
{
    tensix_tile_destroy(t);
    free(t);
}

/* the document's map, row by row: every address decodes to the row the table says, on an
 * Ethernet tile; Tensix-only windows are unmapped there and the MAC's unmapped on a Tensix tile */
static void test_map(void)
{
    char why[256] = "";
    TileMap e, x;
    CHECK_OK(tile_map_init(&e, TILE_KIND_ETH, why, sizeof why));
    CHECK_OK(tile_map_init(&x, TILE_KIND_TENSIX, why, sizeof why));
    static const struct {
        uint32_t addr, region;
    } probes[] = {
        {0x0, TILE_RG_ETH_L1},
        {0x7FFFF, TILE_RG_ETH_L1},
        {0x80000, TILE_RG_NONE}, /* 512 KiB, not the Tensix tile's 1536 */
        {0xFFB00000, TILE_RG_ETH_LOCAL_MEM},
        {0xFFB01FFF, TILE_RG_ETH_LOCAL_MEM}, /* 8 KiB each */
        {0xFFB02000, TILE_RG_NONE},
        {0xFFB11000, TILE_RG_NONE}, /* no TDMA-RISC */
        {0xFFB121B0, TILE_RG_ETH_DEBUG_REGS},
        {0xFFB1400F, TILE_RG_ETH_DEBUG_REGS},
        {0xFFB20000, TILE_RG_ETH_NOC0_NIU},
        {0xFFB30000, TILE_RG_ETH_NOC1_NIU},
        {0xFFB40000, TILE_RG_ETH_NOC_OVERLAY},
        {0xFFB90000, TILE_RG_ETH_TXQ},
        {0xFFB92FFF, TILE_RG_ETH_TXQ},
        {0xFFB93000, TILE_RG_NONE},
        {0xFFB94000, TILE_RG_ETH_RXQ},
        {0xFFB98000, TILE_RG_ETH_CTRL},
        {0xFFB98200, TILE_RG_ETH_TXPKT_CFG},
        {0xFFB986F3, TILE_RG_ETH_TXPKT_CFG},
        {0xFFB9C000, TILE_RG_ETH_RX_CLASSIFIER},
        {0xFFB9EA1F, TILE_RG_ETH_RX_CLASSIFIER},
        {0xFFBA0000, TILE_RG_ETH_MAC_PCS},
        {0xFFE40000, TILE_RG_NONE}, /* no instruction push: no coprocessor */
        {0xFFEC0000, TILE_RG_NONE}, /* no mailboxes */
    };
    for (size_t i = 0; i < BH_ARRAY_LEN(probes); i++)
        CHECK_EQ_U32(tile_map_lookup(&e, probes[i].addr), probes[i].region);
    CHECK_EQ_U32(tile_map_lookup(&x, 0xFFB90000), TILE_RG_NONE);
    CHECK_EQ_U32(tile_map_lookup(&x, 0x80000), TILE_RG_L1);
    CHECK_EQ_U32(tile_map_lookup(&x, 0xFFE40000), TILE_RG_INSTRN_BUF);
}

/* E0 and E1 see L1, their own local RAM and the registers; the NoC sees L1 and the registers
 * but not the local RAMs ("not accessible over the NoC"); the TRISC slots see nothing */
static void test_who_sees_what(void)
{
    TensixTile *t = eth_new();
    uint32_t v = 0x1234;
    CHECK_OK(tensix_tile_access(t, TILE_E0, 0xFFB00010, 4, 1, &v, 0).status);
    v = 0x5678;
    CHECK_OK(tensix_tile_access(t, TILE_E1, 0xFFB00010, 4, 1, &v, 0).status);
    CHECK_OK(tensix_tile_access(t, TILE_E0, 0xFFB00010, 4, 0, &v, 0).status);
    CHECK_EQ_U32(v, 0x1234); /* each core its own RAM */
    CHECK_EQ_U32(tensix_tile_access(t, TILE_NOC, 0xFFB00010, 4, 0, &v, 0).status, BH_ERR_ADDR);
    CHECK_EQ_U32(tensix_tile_access(t, TILE_TRISC0, 0x100, 4, 0, &v, 0).status, BH_ERR_ADDR);
    v = 0xCAFE;
    CHECK_OK(tensix_tile_access(t, TILE_NOC, 0x7FFFC, 4, 1, &v, 0).status);
    CHECK_EQ_U32(tensix_tile_access(t, TILE_NOC, 0x80000, 4, 1, &v, 0).status, BH_ERR_ADDR);
    CHECK_EQ_U32(tensix_tile_enable_coprocessor(t, NULL, 0), BH_ERR_CONFIG);
    CHECK(!strcmp(tensix_tile_core_name(t, TILE_E0), "e0"));
    CHECK(!strcmp(tensix_tile_core_name(t, TILE_E1), "e1"));
    eth_free(t);
}

/* a 16 KiB L1 is not an Ethernet tile's */
static void test_l1_size_checked(void)
{
    TensixTile *t = calloc(1, sizeof *t);
    char why[256] = "";
    L1Config l1 = l1_config_default();
    l1.size_bytes = 16384;
    CHECK_EQ_U32(tensix_tile_init_kind(t, TILE_KIND_ETH, &l1, done_nothing, NULL, &test_log, why,
                                       sizeof why),
                 BH_ERR_CONFIG);
    CHECK(strstr(why, "Ethernet tile") && strstr(why, "524288"));
    free(t);
}

/* the reset value holds both; bit 11 alone holds E0; any of 0x47000 holds E1 */
static void test_reset_masks(void)
{
    TensixTile *t = eth_new();
    CHECK(tensix_tile_core_in_reset(t, TILE_E0) && tensix_tile_core_in_reset(t, TILE_E1));
    CHECK_EQ_U32(tensix_tile_core_reset_mask(t, TILE_E0), 0x800u);
    CHECK_EQ_U32(tensix_tile_core_reset_mask(t, TILE_E1), 0x47000u);
    uint32_t v = 0x47000;
    CHECK_OK(tensix_tile_debug(t, TILE_E0, SOFT_RESET, 4, 1, &v, 0));
    CHECK(!tensix_tile_core_in_reset(t, TILE_E0) && tensix_tile_core_in_reset(t, TILE_E1));
    v = 0x40000; /* bit 18 alone still holds E1 */
    CHECK_OK(tensix_tile_debug(t, TILE_E0, SOFT_RESET, 4, 1, &v, 0));
    CHECK(tensix_tile_core_in_reset(t, TILE_E1));
    v = 0;
    CHECK_OK(tensix_tile_debug(t, TILE_E0, SOFT_RESET, 4, 1, &v, 0));
    CHECK(!tensix_tile_core_in_reset(t, TILE_E0) && !tensix_tile_core_in_reset(t, TILE_E1));
    CHECK(tensix_tile_core_in_reset(t, TILE_TRISC0)); /* no core in that slot: never runs */
    v = 0x2000;
    CHECK_OK(tensix_tile_debug(t, TILE_E0, RESET_PC1, 4, 1, &v, 0));
    CHECK_EQ_U32(tensix_tile_core_start_pc(t, TILE_E1), 0x2000);
    CHECK_EQ_U32(tensix_tile_core_start_pc(t, TILE_E0), 0);
    eth_free(t);
}

static uint32_t seen_addr, seen_val, seen_write;

static BhStatus mac_regs(void *ctx, uint32_t addr, int write, uint32_t *val, uint64_t now,
                         int debug, const char **why)
{
    (void)ctx, (void)now, (void)debug;
    seen_addr = addr, seen_write = (uint32_t)write;
    if (addr == 0xFFB90004u && !write) {
        *why = "test: refused";
        return BH_ERR_ACCESS;
    }
    if (write)
        seen_val = *val;
    else
        *val = 0xA5A5A5A5u;
    return BH_OK;
}

/* the MAC's registers reach the hook by absolute address, 32-bit words only; without a hook
 * they are not modeled */
static void test_mac_hook(void)
{
    TensixTile *t = eth_new();
    uint32_t v = 7;
    CHECK_EQ_U32(tensix_tile_access(t, TILE_E1, 0xFFB90018, 4, 1, &v, 0).status, BH_ERR_ADDR);
    t->eth = mac_regs;
    CHECK_OK(tensix_tile_access(t, TILE_E1, 0xFFB90018, 4, 1, &v, 0).status);
    CHECK_EQ_U32(seen_addr, 0xFFB90018u);
    CHECK_EQ_U32(seen_val, 7);
    CHECK_OK(tensix_tile_access(t, TILE_NOC, 0xFFB98204, 4, 0, &v, 0).status);
    CHECK_EQ_U32(seen_addr, 0xFFB98204u);
    CHECK_EQ_U32(v, 0xA5A5A5A5u);
    TileAccess a = tensix_tile_access(t, TILE_E0, 0xFFB90002, 2, 1, &v, 0);
    CHECK(a.width_error);
    CHECK_EQ_U32(tensix_tile_access(t, TILE_E0, 0xFFB90004, 4, 0, &v, 0).status, BH_ERR_ACCESS);
    CHECK(tensix_tile_reg_why(t, TILE_T_ETH) &&
          !strcmp(tensix_tile_reg_why(t, TILE_T_ETH), "test: refused"));
    eth_free(t);
}

/* E1 released alone at its reset PC: sums 1..10 in its local RAM, stores the sum to L1 and
 * stops; E0 stays held */
static void test_program_on_e1(void)
{
    TensixTile *t = eth_new();
    enum { S0 = 8, S1 = 9, A0 = 10, A1 = 11, T0 = 5 };
    const uint32_t prog[] = {
        LUI(S0, 0xFFB00),     /* s0 = local RAM */
        ADDI(A0, 0, 0),       /* sum */
        ADDI(S1, 0, 10),      /* i */
        ADD(A0, A0, S1),      /* loop: sum += i */
        SW(A0, S0, 0),        /* kept in local RAM */
        ADDI(S1, S1, -1),     /* */
        enc_b(-12, 0, S1, 1), /* bne s1, x0, loop */
        LW(A1, S0, 0),        /* */
        LUI(T0, 0x40),        /* t0 = 0x40000 in L1 */
        SW(A1, T0, 0),        /* */
        EBREAK,
    };
    CHECK_OK(l1_debug_write(&t->l1, 0x3000, prog, sizeof prog));
    uint32_t v = 0x3000;
    CHECK_OK(tensix_tile_debug(t, TILE_E0, RESET_PC1, 4, 1, &v, 0));
    v = 0x800; /* E0 held, E1 released */
    CHECK_OK(tensix_tile_debug(t, TILE_E0, SOFT_RESET, 4, 1, &v, 0));
    uint64_t now = 0;
    for (int guard = 0; guard < 10000 && !t->cores[TILE_E1].stopped; guard++) {
        const uint64_t next = tensix_tile_step(t, now);
        if (next == BH_IDLE)
            break;
        now = next;
    }
    CHECK(t->cores[TILE_E1].stopped && !t->failed);
    CHECK(!t->cores[TILE_E0].released);
    uint32_t sum = 0;
    CHECK_OK(l1_debug_read(&t->l1, 0x40000, &sum, 4));
    CHECK_EQ_U32(sum, 55);
    CHECK_EQ_U32(tensix_tile_core_state(t, TILE_E1), TILE_CORE_EBREAK);
    eth_free(t);
}

/* Two Ethernet tiles whose MACs a cable (EthLink, 1 ns per cycle) joins: side 0 is tile a */
typedef struct Cable {
    EthLink link;
    TensixTile *tile[2];
} Cable;

static BhStatus send_from(Cable *c, int side, const uint8_t *f, uint32_t len, uint64_t now)
{
    return eth_link_send(&c->link, side, f, len, now * 1000);
}

static BhStatus send_a(void *ctx, const uint8_t *f, uint32_t len, uint64_t now)
{
    return send_from(ctx, 0, f, len, now);
}

static BhStatus send_b(void *ctx, const uint8_t *f, uint32_t len, uint64_t now)
{
    return send_from(ctx, 1, f, len, now);
}

/* RISCV E1 of tile a sends 1 KiB of its L1 to tile b's L1 as a TT-link L1 write through TX
 * queue 0, then waits for the command to be latched; the bytes land in b's L1 no earlier than
 * the wire allows (a 1056-byte frame: 14 + 18 header bytes + 1024, with preamble 8 and FCS 4,
 * 20 ps a byte at 400 Gb/s, plus the 500 ns latency: 521.36 ns, so cycle 522 at the soonest)
 * and within 100 cycles of that (the program, the latch); b's RX queue counts the bytes */
static void test_ttlink_between_tiles(void)
{
    Cable c;
    char why[256] = "";
    EthLinkConfig lc = eth_link_config_default();
    CHECK_OK(eth_link_init(&c.link, &lc, why, sizeof why));
    EthMacConfig mc = eth_mac_config_default();
    for (int k = 0; k < 2; k++) {
        c.tile[k] = eth_new();
        CHECK_OK(tensix_tile_attach_mac(c.tile[k], &mc, k ? send_b : send_a, &c, why, sizeof why));
    }
    CHECK_EQ_U32(tensix_tile_attach_mac(c.tile[0], &mc, send_a, &c, why, sizeof why),
                 BH_ERR_CONFIG); /* once */
    enum { T0 = 5, T1 = 6, T2 = 7, T3 = 28, T4 = 29 };
    const uint32_t prog[] = {
        LUI(T0, 0xFFB90), /* TX queue 0 */
        LUI(T1, 0x10),
        SW(T1, T0, 0x14), /* TRANSFER_START_ADDR 0x10000 */
        ADDI(T2, 0, 1024),
        SW(T2, T0, 0x18), /* TRANSFER_SIZE_BYTES */
        LUI(T1, 0x20),
        SW(T1, T0, 0x1C), /* DEST_ADDR 0x20000 */
        ADDI(T2, 0, 2),
        SW(T2, T0, 0x04),              /* CMD: TT-link L1 write */
        LUI(T4, 0x10),                 /* STATUS bit 16 */
        LW(T3, T0, 0x08),              /* poll: */
        enc_r(0, T4, T3, 7, T3, 0x33), /* and */
        enc_b(-8, 0, T3, 1),           /* bne t3, x0, poll */
        EBREAK,
    };
    uint8_t data[1024], got[1024];
    for (uint32_t i = 0; i < sizeof data; i++)
        data[i] = (uint8_t)(i * 7 + (i >> 5));
    CHECK_OK(l1_debug_write(&c.tile[0]->l1, 0x10000, data, sizeof data));
    CHECK_OK(l1_debug_write(&c.tile[0]->l1, 0x3000, prog, sizeof prog));
    uint32_t v = 0x3000;
    CHECK_OK(tensix_tile_debug(c.tile[0], TILE_E0, RESET_PC1, 4, 1, &v, 0));
    v = 0x800;
    CHECK_OK(tensix_tile_debug(c.tile[0], TILE_E0, SOFT_RESET, 4, 1, &v, 0));
    uint64_t landed = 0;
    for (uint64_t now = 0; now < 5000 && !landed; now++) {
        for (int k = 0; k < 2; k++)
            (void)tensix_tile_step(c.tile[k], now);
        EthFrame f;
        for (int rx = 0; rx < 2; rx++)
            while (eth_link_recv(&c.link, rx, now * 1000, &f)) {
                CHECK_OK(tensix_tile_eth_receive(c.tile[rx], f.data, f.len, now));
                CHECK_OK(eth_link_release(&c.link, rx, now * 1000));
            }
        CHECK_OK(l1_debug_read(&c.tile[1]->l1, 0x20000, got, sizeof got));
        if (!memcmp(got, data, sizeof data))
            landed = now;
    }
    CHECK(c.tile[0]->cores[TILE_E1].stopped && !c.tile[0]->failed);
    printf("ttlink: 1 KiB landed at cycle %llu (wire and latency alone: 522)\n",
           (unsigned long long)landed);
    CHECK(landed >= 522 && landed < 622);
    CHECK_EQ_U32(c.tile[1]->mac->rxq[0].r[ETH_RXQ_R_BYTE_CNT], 1024);
    CHECK_EQ_U32(c.tile[0]->mac->txq[0].r[ETH_TXQ_R_TRANSFER_CNT], 1);
    CHECK_EQ_U32(c.tile[0]->eth_frames_no_link, 0);
    for (int k = 0; k < 2; k++)
        eth_free(c.tile[k]);
    eth_link_free(&c.link);
}

/* a port with no cable loses its frames, counted, and the sender goes on */
static void test_no_cable(void)
{
    TensixTile *t = eth_new();
    char why[256] = "";
    EthMacConfig mc = eth_mac_config_default();
    CHECK_OK(tensix_tile_attach_mac(t, &mc, NULL, NULL, why, sizeof why));
    uint32_t v = 64;
    CHECK_OK(tensix_tile_access(t, TILE_E0, 0xFFB90018, 4, 1, &v, 0).status);
    v = 2;
    CHECK_OK(tensix_tile_access(t, TILE_E0, 0xFFB90004, 4, 1, &v, 0).status);
    for (uint64_t now = 0; now < 100; now++)
        (void)tensix_tile_step(t, now);
    CHECK_EQ_U32(t->eth_frames_no_link, 1);
    CHECK_OK(tensix_tile_access(t, TILE_E0, 0xFFB90008, 4, 0, &v, 100).status);
    CHECK_EQ_U32(v & 0x10000, 0);
    eth_free(t);
}

int main(void)
{
    RUN(test_map);
    RUN(test_who_sees_what);
    RUN(test_l1_size_checked);
    RUN(test_reset_masks);
    RUN(test_mac_hook);
    RUN(test_program_on_e1);
    RUN(test_ttlink_between_tiles);
    RUN(test_no_cable);
    return check_failures();
}
