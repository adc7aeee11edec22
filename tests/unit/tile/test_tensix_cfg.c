// SPDX-License-Identifier: Apache-2.0
/* Configuration Unit: the generated field table against cfg_defines.h values, WRCFG, RDCFG,
 * SETC16, RMWCIB and CFGSHIFTMASK on named registers, the special writes, the RISC-V view and
 * the Config pipeline's issue rules (BlackholeA0 pages cited per test). */
#include <string.h>
#include "model/tile/tensix/tensix_cfg.h"
#include "tests/check.h"
#include "tests/test_log.h"

static void quiet(void *ctx, BhLogLevel level, const char *msg)
{
    (void)ctx;
    (void)level;
    (void)msg;
}

typedef struct Effects {
    uint32_t n;
    TensixCfgEffect e[8];
    uint32_t thread[8], value[8];
} Effects;

static void on_effect(void *ctx, TensixCfgEffect e, uint32_t thread, uint32_t value)
{
    Effects *f = ctx;
    if (f->n < 8) {
        f->e[f->n] = e;
        f->thread[f->n] = thread;
        f->value[f->n] = value;
        f->n++;
    }
}

/* A fresh unit; each instruction below runs at its own cycle far enough apart that the
 * pipeline never refuses it unless a test wants that. */
static TensixCfg *fresh(Effects *fx)
{
    static TensixCfg c;
    TensixCfgHooks h = {on_effect, fx};
    tensix_cfg_init(&c, fx ? &h : NULL, &test_log);
    return &c;
}

static uint64_t now_;
static uint64_t tick(void)
{
    now_ += 10;
    return now_;
}

/* Spot values of tt-metal blackhole cfg_defines.h (Name_ADDR32 / _SHAMT / _MASK). */
static void test_field_table(void)
{
    CHECK_EQ_U32(TCFG_ADDR32_CFG_STATE_ID_StateID, 0);
    CHECK_EQ_U32(TCFG_WIDTH_CFG_STATE_ID_StateID, 1);
    CHECK_EQ_U32(TCFG_ADDR32_DEST_TARGET_REG_CFG_MATH_Offset, 1);
    CHECK_EQ_U32(TCFG_WIDTH_DEST_TARGET_REG_CFG_MATH_Offset, 12);
    CHECK_EQ_U32(TCFG_ADDR32_ADDR_MOD_AB_SEC0_SrcBIncr, 12);
    CHECK_EQ_U32(TCFG_SHAMT_ADDR_MOD_AB_SEC0_SrcBIncr, 8);
    CHECK_EQ_U32(TCFG_ADDR32_STATE_RESET_EN, 4);
    CHECK_EQ_U32(TCFG_ADDR32_THCON_SEC0_REG0_TileDescriptor, 64); /* THCON_CFGREG_BASE */
    CHECK_EQ_U32(TCFG_ADDR32_THCON_SEC1_REG8_L1_source_addr, 146);
    CHECK_EQ_U32(TCFG_SHAMT_THCON_SEC1_REG8_L1_source_addr, 24);
    CHECK_EQ_U32(TCFG_ADDR32_DEST_TARGET_REG_CFG_PACK_SEC0_Offset, TCFG_GLOBAL_BASE);
    CHECK_EQ_U32(TCFG_ADDR32_PRNG_SEED_Seed_Val, 186);
    CHECK_EQ_U32(TCFG_ADDR32_SCRATCH_SEC0_val, 209);
    int is_thread = -1;
    uint32_t f = 0;
    CHECK(tensix_cfg_find("ALU_FORMAT_SPEC_REG_SrcB_val", &is_thread, &f));
    CHECK_EQ_U32(is_thread, 0);
    CHECK_EQ_U32(f, TCFG_F_ALU_FORMAT_SPEC_REG_SrcB_val);
    const TensixCfgFieldInfo *fi = tensix_cfg_field_info(f);
    CHECK(strcmp(fi->name, "ALU_FORMAT_SPEC_REG_SrcB_val") == 0);
    CHECK_EQ_U32(fi->addr32, 0);
    CHECK_EQ_U32(fi->shift, 5);
    CHECK_EQ_U32(fi->width, 4);
    CHECK(tensix_cfg_find("FIDELITY_BASE_Phase", &is_thread, &f));
    CHECK_EQ_U32(is_thread, 1);
    CHECK_EQ_U32(tensix_cfg_thread_field_info(f)->addr32, 11);
    CHECK(!tensix_cfg_find("NO_SUCH_FIELD", &is_thread, &f));
    CHECK(tensix_cfg_field_info(TCFG_NUM_FIELDS) == NULL);
    /* every field lies inside its bank and word */
    for (uint32_t i = 0; i < TCFG_NUM_FIELDS; i++) {
        fi = tensix_cfg_field_info(i);
        CHECK(fi->addr32 < TCFG_STATE_WORDS && fi->width >= 1 && fi->shift + fi->width <= 32);
    }
    for (uint32_t i = 0; i < TCFG_NUM_THREAD_FIELDS; i++) {
        fi = tensix_cfg_thread_field_info(i);
        CHECK(fi->addr32 < TCFG_THREAD_WORDS && fi->width >= 1 && fi->shift + fi->width <= 16);
    }
}

/* Field accessors put and get the bits where cfg_defines.h says. */
static void test_field_accessors(void)
{
    TensixCfg *c = fresh(NULL);
    TCFG_SET(c, 1, ALU_FORMAT_SPEC_REG_SrcB_val, 0x1F); /* 4 bits wide: 0xF kept */
    CHECK_EQ_U32(c->cfg[1][0], 0xFu << 5);
    CHECK_EQ_U32(c->cfg[0][0], 0);
    CHECK_EQ_U32(TCFG_GET(c, 1, ALU_FORMAT_SPEC_REG_SrcB_val), 0xF);
    CHECK_EQ_U32(TCFG_GET(c, 1, ALU_FORMAT_SPEC_REG_SrcA_val), 0);
    TCFG_SET(c, 0, PRNG_SEED_Seed_Val, 0xCAFEF00D); /* global: both banks, 32 bits */
    CHECK_EQ_U32(TCFG_GET(c, 1, PRNG_SEED_Seed_Val), 0xCAFEF00D);
    TCFG_THD_SET(c, 2, ADDR_MOD_AB_SEC0_SrcBIncr, 0x2A);
    CHECK_EQ_U32(c->thread_cfg[2][12], 0x2A00);
    CHECK_EQ_U32(TCFG_THD_GET(c, 2, ADDR_MOD_AB_SEC0_SrcBIncr), 0x2A);
    CHECK_EQ_U32(TCFG_THD_GET(c, 1, ADDR_MOD_AB_SEC0_SrcBIncr), 0);
}

/* WRCFG.md: 32 bits to Config[StateID][CfgIndex], or 128 bits from GPRs InputReg & ~3 to
 * CfgIndex & ~3; SETC16.md selects the bank through CFG_STATE_ID_StateID. */
static void test_wrcfg(void)
{
    TensixCfg *c = fresh(NULL);
    uint32_t gpr[TCFG_GPRS] = {0};
    for (uint32_t i = 0; i < TCFG_GPRS; i++)
        gpr[i] = 0x1000 + i;
    CHECK_OK(tensix_cfg_wrcfg(c, 1, gpr, 5, 0, TCFG_ADDR32_THCON_SEC0_REG1_L1_Dest_addr, tick()));
    CHECK_EQ_U32(TCFG_GET(c, 0, THCON_SEC0_REG1_L1_Dest_addr), 0x1005);
    CHECK_EQ_U32(TCFG_GET(c, 1, THCON_SEC0_REG1_L1_Dest_addr), 0);
    CHECK_OK(tensix_cfg_setc16(c, 1, TCFG_ADDR32_CFG_STATE_ID_StateID, 1));
    CHECK_EQ_U32(tensix_cfg_state_id(c, 1), 1);
    CHECK_EQ_U32(tensix_cfg_state_id(c, 0), 0);
    /* 128-bit: InputReg 10 -> GPRs 8..11, CfgIndex 66 -> words 64..67 of bank 1 */
    CHECK_OK(tensix_cfg_wrcfg(c, 1, gpr, 10, 1, 66, tick()));
    for (uint32_t k = 0; k < 4; k++) {
        CHECK_EQ_U32(c->cfg[1][64 + k], 0x1008 + k);
        CHECK_EQ_U32(c->cfg[0][64 + k], 0);
    }
    CHECK_EQ_U32(TCFG_GET(c, 1, THCON_SEC0_REG0_TileDescriptor), 0x1008);
    /* thread 0 still writes bank 0 */
    CHECK_OK(tensix_cfg_wrcfg(c, 0, gpr, 63, 0, 64, tick()));
    CHECK_EQ_U32(c->cfg[0][64], 0x103F);
    CHECK_EQ_U32(c->cfg[1][64], 0x1008);
    /* a global register lands in both banks */
    CHECK_OK(tensix_cfg_wrcfg(c, 1, gpr, 3, 0, TCFG_ADDR32_SCRATCH_SEC1_val, tick()));
    CHECK_EQ_U32(TCFG_GET(c, 0, SCRATCH_SEC1_val), 0x1003);
    CHECK_EQ_U32(TCFG_GET(c, 1, SCRATCH_SEC1_val), 0x1003);
    /* the last word of the bank is in range, the next one is not */
    CHECK_OK(tensix_cfg_wrcfg(c, 0, gpr, 1, 0, TCFG_STATE_WORDS - 1, tick()));
    uint64_t g0 = bh_log_count(&test_log, BH_LOG_GUEST), ver = c->version;
    CHECK_EQ_U32(tensix_cfg_wrcfg(c, 0, gpr, 1, 0, TCFG_STATE_WORDS, tick()), BH_ERR_ACCESS);
    CHECK_EQ_U32(bh_log_count(&test_log, BH_LOG_GUEST), g0 + 1);
    CHECK_EQ_U64(c->version, ver);
}

/* RDCFG.md: GPR = Config[StateID][CfgIndex]. */
static void test_rdcfg(void)
{
    TensixCfg *c = fresh(NULL);
    uint32_t gpr[TCFG_GPRS] = {0};
    TCFG_SET(c, 0, UNP0_ADDR_BASE_REG_0_Base, 0x1234);
    TCFG_SET(c, 1, UNP0_ADDR_BASE_REG_0_Base, 0x3FFFF);
    CHECK_OK(tensix_cfg_rdcfg(c, 2, gpr, 40, TCFG_ADDR32_UNP0_ADDR_BASE_REG_0_Base, tick()));
    CHECK_EQ_U32(gpr[40], 0x1234);
    CHECK_OK(tensix_cfg_setc16(c, 2, TCFG_ADDR32_CFG_STATE_ID_StateID, 1));
    CHECK_OK(tensix_cfg_rdcfg(c, 2, gpr, 41, TCFG_ADDR32_UNP0_ADDR_BASE_REG_0_Base, tick()));
    CHECK_EQ_U32(gpr[41], 0x3FFFF);
    gpr[42] = 7;
    CHECK_EQ_U32(tensix_cfg_rdcfg(c, 2, gpr, 42, 300, tick()), BH_ERR_ACCESS);
    CHECK_EQ_U32(gpr[42], 7);
}

/* SETC16.md: ThreadConfig[CurrentThread][CfgIndex] = NewValue, per thread. */
static void test_setc16(void)
{
    Effects fx = {0};
    TensixCfg *c = fresh(&fx);
    CHECK_OK(tensix_cfg_setc16(c, 1, TCFG_ADDR32_DEST_TARGET_REG_CFG_MATH_Offset, 0xFABC));
    CHECK_EQ_U32(c->thread_cfg[1][1], 0xFABC);
    CHECK_EQ_U32(TCFG_THD_GET(c, 1, DEST_TARGET_REG_CFG_MATH_Offset), 0xABC); /* 12 bits */
    CHECK_EQ_U32(TCFG_THD_GET(c, 0, DEST_TARGET_REG_CFG_MATH_Offset), 0);
    CHECK_EQ_U32(TCFG_THD_GET(c, 2, DEST_TARGET_REG_CFG_MATH_Offset), 0);
    CHECK_OK(tensix_cfg_setc16(c, 0, TCFG_THREAD_WORDS - 1, 1));
    CHECK_EQ_U32(TCFG_THD_GET(c, 0, TENSIX_CSR_CONFIG_RawBusyStatus), 1);
    CHECK_EQ_U32(tensix_cfg_setc16(c, 0, TCFG_THREAD_WORDS, 1), BH_ERR_ACCESS);
    /* never refused by the Config pipeline: SETC16 is its own group */
    uint64_t t = tick();
    uint32_t gpr[TCFG_GPRS] = {0};
    CHECK_OK(tensix_cfg_wrcfg(c, 0, gpr, 0, 0, 10, t));
    CHECK_OK(tensix_cfg_setc16(c, 0, 5, 1));
    CHECK_OK(tensix_cfg_setc16(c, 1, 5, 2));
    CHECK_OK(tensix_cfg_setc16(c, 2, 5, 3));
    /* BackendConfiguration.md: SETC16 of UNPACK_MISC_CFG resets the context counters */
    CHECK_EQ_U32(fx.n, 0);
    CHECK_OK(tensix_cfg_setc16(c, 2, TCFG_ADDR32_UNPACK_MISC_CFG_CfgContextCntReset_1,
                               1u << TCFG_SHAMT_UNPACK_MISC_CFG_CfgContextCntReset_1));
    CHECK_EQ_U32(fx.n, 1);
    CHECK_EQ_U32(fx.e[0], TCFG_EFFECT_UNPACK_CTX_RESET);
    CHECK_EQ_U32(fx.thread[0], 2);
    CHECK_EQ_U32(fx.value[0], 0x1000);
}

/* RMWCIB.md: byte Index1 of the word = (NewValue & Mask) | (old & ~Mask). */
static void test_rmwcib(void)
{
    TensixCfg *c = fresh(NULL);
    c->cfg[0][20] = 0x11223344;
    CHECK_OK(tensix_cfg_rmwcib(c, 0, 0, 0xFF, 0xAB, 20, tick()));
    CHECK_EQ_U32(c->cfg[0][20], 0x112233AB);
    CHECK_OK(tensix_cfg_rmwcib(c, 0, 3, 0x0F, 0xF5, 20, tick()));
    CHECK_EQ_U32(c->cfg[0][20], 0x152233AB);
    CHECK_OK(tensix_cfg_rmwcib(c, 0, 1, 0x00, 0xFF, 20, tick())); /* empty mask */
    CHECK_EQ_U32(c->cfg[0][20], 0x152233AB);
    CHECK_OK(tensix_cfg_rmwcib(c, 0, 2, 0xF0, 0x0F, 20, tick())); /* clears the high nibble */
    CHECK_EQ_U32(c->cfg[0][20], 0x150233AB);
    CHECK_EQ_U32(c->cfg[1][20], 0);
    /* on a named field: ALU_FORMAT_SPEC_REG_Dstacc_val is bits 13:10 of word 0 */
    CHECK_OK(tensix_cfg_rmwcib(c, 1, 1, 0x3C, 0x1C, 0, tick()));
    CHECK_EQ_U32(TCFG_GET(c, 0, ALU_FORMAT_SPEC_REG_Dstacc_val), 7);
    /* RMWCIB never triggers STATE_RESET_EN */
    CHECK_OK(tensix_cfg_rmwcib(c, 0, 0, 0x01, 0x01, TCFG_ADDR32_STATE_RESET_EN, tick()));
    CHECK_EQ_U32(c->cfg[0][20], 0x150233AB);
    CHECK_EQ_U32(TCFG_GET(c, 0, STATE_RESET_EN), 1);
    /* a global byte goes to both banks */
    CHECK_OK(tensix_cfg_rmwcib(c, 0, 2, 0xFF, 0x5A, TCFG_ADDR32_SCRATCH_SEC2_val, tick()));
    CHECK_EQ_U32(c->cfg[1][TCFG_ADDR32_SCRATCH_SEC2_val], 0x5A0000);
}

/* CFGSHIFTMASK.md: Cfg op= rotr(Scratch & ((2 << MaskWidth) - 1), RotateAmt), with the masked
 * field cleared first when MaskMode == 0. */
static void test_cfgshiftmask(void)
{
    TensixCfg *c = fresh(NULL);
    const uint32_t idx = 30, old = 0xF0F0F0F0u;
    TCFG_SET(c, 0, SCRATCH_SEC0_val, 0x000000A5);
    TCFG_SET(c, 0, SCRATCH_SEC1_val, 0x12345678);
    TCFG_SET(c, 0, SCRATCH_SEC2_val, 0xFFFFFFFF);
    /* MaskWidth 7: an 8-bit mask; RotateAmt 8: rotr(0xA5, 8) = 0xA5000000 */
    const uint32_t sc = 0xA5000000u, m = 0xFF000000u;
    const uint32_t expect_keep[8] = {old | sc,  old & sc,  old ^ sc,  old + sc,
                                     old | ~sc, old & ~sc, old ^ ~sc, old - sc};
    const uint32_t cleared = old & ~m;
    const uint32_t expect_clear[8] = {cleared | sc,  cleared & sc,  cleared ^ sc,  cleared + sc,
                                      cleared | ~sc, cleared & ~sc, cleared ^ ~sc, cleared - sc};
    for (uint32_t mode = 0; mode < 8; mode++) {
        c->cfg[0][idx] = old;
        CHECK_OK(tensix_cfg_cfgshiftmask(c, 0, 1, mode, 7, 8, 0, idx, tick()));
        CHECK_EQ_U32(c->cfg[0][idx], expect_keep[mode]);
        c->cfg[0][idx] = old;
        CHECK_OK(tensix_cfg_cfgshiftmask(c, 0, 0, mode, 7, 8, 0, idx, tick()));
        CHECK_EQ_U32(c->cfg[0][idx], expect_clear[mode]);
    }
    /* MaskWidth 31: the whole scratch word; RotateAmt 0 */
    c->cfg[0][idx] = 0;
    CHECK_OK(tensix_cfg_cfgshiftmask(c, 0, 1, 0, 31, 0, 1, idx, tick()));
    CHECK_EQ_U32(c->cfg[0][idx], 0x12345678);
    /* ScratchIndex 3 selects SCRATCH_SEC[CurrentThread]; bank from StateID */
    CHECK_OK(tensix_cfg_setc16(c, 2, TCFG_ADDR32_CFG_STATE_ID_StateID, 1));
    c->cfg[1][idx] = 0;
    CHECK_OK(tensix_cfg_cfgshiftmask(c, 2, 0, 0, 3, 4, 3, idx, tick()));
    CHECK_EQ_U32(c->cfg[1][idx], 0xF0000000u); /* rotr(0xF, 4) */
    CHECK_EQ_U32(c->cfg[0][idx], 0x12345678);
    CHECK_EQ_U32(tensix_cfg_cfgshiftmask(c, 2, 0, 0, 3, 4, 3, 224, tick()), BH_ERR_ACCESS);
}

/* BackendConfiguration.md "Special cases". */
static void test_special_writes(void)
{
    Effects fx = {0};
    TensixCfg *c = fresh(&fx);
    uint32_t gpr[TCFG_GPRS] = {0};
    for (uint32_t s = 0; s < TCFG_STATES; s++)
        for (uint32_t j = 0; j < TCFG_STATE_WORDS; j++)
            c->cfg[s][j] = 0x100 * s + j + 1;
    /* WRCFG of anything to STATE_RESET_EN zeroes words below 180 of that bank only */
    gpr[0] = 0;
    CHECK_OK(tensix_cfg_wrcfg(c, 0, gpr, 0, 0, TCFG_ADDR32_STATE_RESET_EN, tick()));
    for (uint32_t j = 0; j < TCFG_STATE_WORDS; j++) {
        CHECK_EQ_U32(c->cfg[0][j], j < TCFG_GLOBAL_BASE ? 0 : j + 1);
        CHECK_EQ_U32(c->cfg[1][j], 0x100 + j + 1);
    }
    CHECK_EQ_U64(c->stats.state_resets, 1);
    /* PRNG_SEED and RISCV_IC_INVALIDATE are announced */
    gpr[1] = 0xBEEF;
    gpr[2] = 0x15;
    CHECK_OK(tensix_cfg_wrcfg(c, 1, gpr, 1, 0, TCFG_ADDR32_PRNG_SEED_Seed_Val, tick()));
    CHECK_OK(
        tensix_cfg_wrcfg(c, 1, gpr, 2, 0, TCFG_ADDR32_RISCV_IC_INVALIDATE_InvalidateAll, tick()));
    CHECK_EQ_U32(fx.n, 2);
    CHECK_EQ_U32(fx.e[0], TCFG_EFFECT_PRNG_SEED);
    CHECK_EQ_U32(fx.value[0], 0xBEEF);
    CHECK_EQ_U32(fx.thread[0], 1);
    CHECK_EQ_U32(fx.e[1], TCFG_EFFECT_IC_INVALIDATE);
    CHECK_EQ_U32(fx.value[1], 0x15);
    /* a RISC-V write to ConfigDualWrite[STATE_RESET_EN] resets both banks */
    uint32_t v = 1;
    CHECK_OK(tensix_cfg_mmio_write(c, TCFG_OFF_DUAL + 4 * TCFG_ADDR32_STATE_RESET_EN, &v, 4, 0));
    CHECK_EQ_U32(c->cfg[1][10], 0);
    CHECK_EQ_U32(c->cfg[1][TCFG_GLOBAL_BASE], 0x100 + TCFG_GLOBAL_BASE + 1);
    CHECK_EQ_U64(c->stats.state_resets, 3);
    /* a debug write stores without the reset */
    c->cfg[0][10] = 9;
    CHECK_OK(tensix_cfg_mmio_write(c, 4 * TCFG_ADDR32_STATE_RESET_EN, &v, 4, 1));
    CHECK_EQ_U32(c->cfg[0][10], 9);
    CHECK_EQ_U32(c->cfg[0][TCFG_ADDR32_STATE_RESET_EN], 1);
}

/* BackendConfiguration.md: Config[0], Config[1], ConfigDualWrite, ThreadConfig[3] at
 * TENSIX_CFG_BASE; lw/lh/lb reads, sw writes, no RISC-V writes to ThreadConfig. */
static void test_mmio_view(void)
{
    TensixCfg *c = fresh(NULL);
    uint32_t v;
    uint16_t h;
    uint8_t b;
    CHECK_EQ_U32(TCFG_OFF_CONFIG1, 0x380);
    CHECK_EQ_U32(TCFG_OFF_DUAL, 0x700);
    CHECK_EQ_U32(TCFG_OFF_THREAD, 0xA80);
    CHECK_EQ_U32(TCFG_MMIO_BYTES, 0xDB0);
    v = 0xA1B2C3D4;
    CHECK_OK(tensix_cfg_mmio_write(c, TCFG_OFF_CONFIG1 + 4 * 7, &v, 4, 0));
    CHECK_EQ_U32(c->cfg[1][7], 0xA1B2C3D4);
    CHECK_EQ_U32(TCFG_GET(c, 1, DEST_SP_BASE_Base), 0xC3D4);
    CHECK_OK(tensix_cfg_mmio_read(c, TCFG_OFF_CONFIG1 + 4 * 7 + 2, &h, 2, 0));
    CHECK_EQ_U32(h, 0xA1B2);
    CHECK_OK(tensix_cfg_mmio_read(c, TCFG_OFF_CONFIG1 + 4 * 7 + 1, &b, 1, 0));
    CHECK_EQ_U32(b, 0xC3);
    v = 0x77;
    CHECK_OK(tensix_cfg_mmio_write(c, TCFG_OFF_DUAL + 4 * 6, &v, 4, 0));
    CHECK_EQ_U32(c->cfg[0][6], 0x77);
    CHECK_EQ_U32(c->cfg[1][6], 0x77);
    c->cfg[0][6] = 0x66;
    CHECK_OK(tensix_cfg_mmio_read(c, TCFG_OFF_DUAL + 4 * 6, &v, 4, 0)); /* reads Config[0] */
    CHECK_EQ_U32(v, 0x66);
    /* ThreadConfig[2][FIDELITY_BASE_Phase] reads as {Value, Padding 0} */
    CHECK_OK(tensix_cfg_setc16(c, 2, TCFG_ADDR32_FIDELITY_BASE_Phase, 0xFFFF));
    uint32_t toff = TCFG_OFF_THREAD + 4 * (2 * TCFG_THREAD_WORDS + TCFG_ADDR32_FIDELITY_BASE_Phase);
    CHECK_OK(tensix_cfg_mmio_read(c, toff, &v, 4, 0));
    CHECK_EQ_U32(v, 0xFFFF);
    uint64_t g0 = bh_log_count(&test_log, BH_LOG_GUEST);
    v = 1;
    CHECK_EQ_U32(tensix_cfg_mmio_write(c, toff, &v, 4, 0), BH_ERR_ACCESS);
    CHECK_EQ_U32(c->thread_cfg[2][TCFG_ADDR32_FIDELITY_BASE_Phase], 0xFFFF);
    CHECK_OK(tensix_cfg_mmio_write(c, toff, &v, 4, 1)); /* a debugger may */
    CHECK_EQ_U32(c->thread_cfg[2][TCFG_ADDR32_FIDELITY_BASE_Phase], 1);
    /* sizes, alignment and the end of the map */
    h = 1;
    CHECK_EQ_U32(tensix_cfg_mmio_write(c, 0, &h, 2, 0), BH_ERR_ACCESS);
    CHECK_EQ_U32(tensix_cfg_mmio_read(c, 2, &v, 4, 0), BH_ERR_ACCESS);
    CHECK_EQ_U32(tensix_cfg_mmio_read(c, TCFG_MMIO_BYTES, &b, 1, 0), BH_ERR_ADDR);
    CHECK_EQ_U32(tensix_cfg_mmio_read(c, TCFG_MMIO_BYTES - 2, &v, 4, 0), BH_ERR_ADDR);
    CHECK_OK(tensix_cfg_mmio_read(c, TCFG_MMIO_BYTES - 1, &b, 1, 0)); /* last byte */
    CHECK_EQ_U32(bh_log_count(&test_log, BH_LOG_GUEST), g0 + 5);
}

/* ConfigurationUnit.md: one pipeline for everything but SETC16; WRCFG -1,0; RDCFG 0,+1;
 * RMWCIB 0; CFGSHIFTMASK -1,0,0; RISC-V requests 0. */
static void test_pipeline(void)
{
    TensixCfg *c = fresh(NULL);
    uint32_t gpr[TCFG_GPRS] = {0};
    /* WRCFG every cycle, alternating threads: one per cycle */
    for (uint64_t t = 100; t < 110; t++)
        CHECK_OK(tensix_cfg_wrcfg(c, t % 3, gpr, 0, 0, 10, t));
    CHECK(tensix_cfg_busy(c, 110)); /* the last one is in stage 0 */
    CHECK(!tensix_cfg_busy(c, 111));
    /* CFGSHIFTMASK: one per two cycles */
    CHECK_OK(tensix_cfg_cfgshiftmask(c, 0, 1, 0, 0, 0, 0, 10, 200));
    CHECK_EQ_U32(tensix_cfg_cfgshiftmask(c, 1, 1, 0, 0, 0, 0, 10, 201), BH_ERR_FULL);
    CHECK_OK(tensix_cfg_cfgshiftmask(c, 1, 1, 0, 0, 0, 0, 10, 202));
    /* same cycle, different entry stages: WRCFG at -1 and RMWCIB at 0 both enter */
    CHECK_OK(tensix_cfg_wrcfg(c, 0, gpr, 0, 0, 10, 300));
    CHECK_OK(tensix_cfg_rmwcib(c, 1, 0, 1, 1, 10, 300));
    /* but not two at stage 0 */
    CHECK_EQ_U32(tensix_cfg_rdcfg(c, 2, gpr, 1, 10, 300), BH_ERR_FULL);
    /* the WRCFG reaches stage 0 at 301: a RISC-V request waits a cycle */
    CHECK_EQ_U32(tensix_cfg_external_accept(c, 301), BH_ERR_FULL);
    CHECK_OK(tensix_cfg_external_accept(c, 302));
    /* an earlier WRCFG in stage -1 blocks entry at stage 0 (ordering), not at -1 */
    CHECK_OK(tensix_cfg_wrcfg(c, 0, gpr, 0, 0, 10, 400));
    CHECK_EQ_U32(tensix_cfg_rmwcib(c, 1, 0, 1, 1, 10, 401), BH_ERR_FULL); /* 0 taken */
    CHECK_OK(tensix_cfg_wrcfg(c, 1, gpr, 0, 0, 10, 401));
    CHECK_EQ_U32(tensix_cfg_external_accept(c, 402), BH_ERR_FULL); /* 2nd WRCFG in 0 */
    CHECK_OK(tensix_cfg_external_accept(c, 403));
    /* RDCFG occupies 0 then +1: a WRCFG behind it flows */
    CHECK_OK(tensix_cfg_rdcfg(c, 2, gpr, 1, 10, 500));
    CHECK_OK(tensix_cfg_wrcfg(c, 2, gpr, 0, 0, 10, 500));
    CHECK_OK(tensix_cfg_rdcfg(c, 2, gpr, 1, 10, 502));
    CHECK(c->stats.pipe_stalls == 5);
    /* a refused instruction changed nothing */
    c->cfg[0][11] = 5;
    CHECK_OK(tensix_cfg_rmwcib(c, 0, 0, 0xFF, 1, 12, 600));
    CHECK_EQ_U32(tensix_cfg_rmwcib(c, 0, 0, 0xFF, 9, 11, 600), BH_ERR_FULL);
    CHECK_EQ_U32(c->cfg[0][11], 5);
}

int main(void)
{
    bh_log_set_sink(&test_log, quiet, NULL);
    RUN(test_field_table);
    RUN(test_field_accessors);
    RUN(test_wrcfg);
    RUN(test_rdcfg);
    RUN(test_setc16);
    RUN(test_rmwcib);
    RUN(test_cfgshiftmask);
    RUN(test_special_writes);
    RUN(test_mmio_view);
    RUN(test_pipeline);
    return check_failures();
}
