// SPDX-License-Identifier: Apache-2.0
/* RWCs: ApplyAddrMod with slots written into ThreadConfig as SETC16 would, SETRWC and INCRWC,
 * each checked against values stepped by hand from RWCs.md, SETRWC.md and INCRWC.md. */
#include <stdlib.h>
#include "model/tile/tensix/rwc.h"
#include "tests/check.h"
#include "tests/test_log.h"

#define SET(cfg, thread, field, v) tensix_cfg_thread_set(cfg, thread, TCFG_T_##field, v)

static void test_apply_addr_mod(void)
{
    TensixCfg *cfg = calloc(1, sizeof *cfg);
    tensix_cfg_init(cfg, NULL, &test_log);
    /* thread 1, slot 2: SrcA += 16; SrcB via Cr += 8; Dst += 8 and Cr follows; phase += 1 */
    SET(cfg, 1, ADDR_MOD_AB_SEC2_SrcAIncr, 16);
    SET(cfg, 1, ADDR_MOD_AB_SEC2_SrcBIncr, 8);
    SET(cfg, 1, ADDR_MOD_AB_SEC2_SrcBCR, 1);
    SET(cfg, 1, ADDR_MOD_DST_SEC2_DestIncr, 8);
    SET(cfg, 1, ADDR_MOD_DST_SEC2_DestCToCR, 1);
    SET(cfg, 1, ADDR_MOD_DST_SEC2_FidelityIncr, 1);
    Rwc r = {0};
    rwc_apply_addr_mod(&r, cfg, 1, 2, 1);
    CHECK(r.srca == 16 && r.srca_cr == 0 && r.srcb == 8 && r.srcb_cr == 8);
    CHECK(r.dst == 8 && r.dst_cr == 8 && r.fidelity == 1);
    rwc_apply_addr_mod(&r, cfg, 1, 2, 0); /* as SFPLOAD: the phase stays */
    CHECK(r.srca == 32 && r.srcb == 16 && r.dst == 16 && r.fidelity == 1);
    rwc_apply_addr_mod(&r, cfg, 1, 2, 1);
    rwc_apply_addr_mod(&r, cfg, 1, 2, 1);
    rwc_apply_addr_mod(&r, cfg, 1, 2, 1);
    CHECK_EQ_U32(r.srca, 80 & 63); /* 6-bit counters wrap */
    CHECK_EQ_U32(r.fidelity, 0);   /* 1 + 3 phases: wraps at 4 */
    /* the same slot on thread 0 is empty: nothing moves */
    Rwc z = {0};
    rwc_apply_addr_mod(&z, cfg, 0, 2, 1);
    CHECK(z.srca == 0 && z.dst == 0 && z.fidelity == 0);
    /* slot 0 sets ExtraAddrModBit; AddrMod 0 then means slot 4, which clears Dst */
    SET(cfg, 1, ADDR_MOD_BIAS_SEC0_BiasIncr, 1);
    SET(cfg, 1, ADDR_MOD_DST_SEC4_DestClear, 1);
    SET(cfg, 1, ADDR_MOD_BIAS_SEC4_BiasClear, 1);
    rwc_apply_addr_mod(&r, cfg, 1, 0, 1);
    CHECK(r.extra_bit == 1 && r.dst == 40);
    rwc_apply_addr_mod(&r, cfg, 1, 0, 1);
    CHECK(r.dst == 0 && r.dst_cr == 0 && r.extra_bit == 0);
    /* Blackhole's 3-bit field names slot 4 itself, with ExtraAddrModBit clear or set */
    r.dst = r.dst_cr = 40;
    rwc_apply_addr_mod(&r, cfg, 1, 4, 1);
    CHECK(r.dst == 0 && r.extra_bit == 0);
    r.dst = 40, r.extra_bit = 1;
    SET(cfg, 1, ADDR_MOD_DST_SEC5_DestIncr, 3);
    rwc_apply_addr_mod(&r, cfg, 1, 5, 1); /* 5 | extra is still 5 */
    CHECK(r.dst == 43 && r.extra_bit == 1);
    free(cfg);
}

static void test_setrwc_incrwc(void)
{
    Rwc r = {.srca = 7, .srca_cr = 4, .dst = 100, .dst_cr = 64, .fidelity = 2};
    rwc_setrwc(&r, RWC_SET_A | RWC_SET_F, RWC_CR_A, 5, 0, 0);
    CHECK(r.srca == 9 && r.srca_cr == 9 && r.fidelity == 0);
    rwc_setrwc(&r, 0, RWC_C_TO_CR, 0, 0, 8); /* DstCtoCr alone writes Dst: value + Dst */
    CHECK(r.dst == 108 && r.dst_cr == 108);
    rwc_setrwc(&r, RWC_SET_D, RWC_CR_D, 0, 0, 16);
    CHECK(r.dst == 124 && r.dst_cr == 124);
    rwc_setrwc(&r, RWC_SET_B, 0, 0, 70, 0);
    CHECK(r.srcb == 70 - 64); /* written modulo 64 */
    r.dst_cr = 1020;
    rwc_incrwc(&r, RWC_CR_D, 1, 2, 8);
    CHECK(r.dst == 4 && r.dst_cr == 4); /* 10-bit wrap */
    CHECK(r.srca == 10 && r.srcb == 8); /* plain increments */
}

int main(void)
{
    RUN(test_apply_addr_mod);
    RUN(test_setrwc_incrwc);
    return check_failures();
}
