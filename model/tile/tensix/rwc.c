// SPDX-License-Identifier: Apache-2.0
/* RWCs and ApplyAddrMod (rwc.h). */
#include "model/tile/tensix/rwc.h"

#define M6 0x3Fu
#define M10 0x3FFu

/* one field of ThreadConfig word `word` laid out as the SEC0 field `name` */
#define FIELD(word, name) (((word) >> TCFG_SHAMT_##name) & ((1u << TCFG_WIDTH_##name) - 1u))

void rwc_apply_addr_mod(Rwc *r, const TensixCfg *cfg, uint32_t thread, uint32_t addr_mod,
                        int update_fidelity)
{
    BH_ASSERT(thread < TCFG_THREADS && addr_mod < 8);
    uint32_t i = addr_mod | (r->extra_bit ? 4u : 0u);
    uint32_t ab = cfg->thread_cfg[thread][TCFG_ADDR32_ADDR_MOD_AB_SEC0_SrcAIncr + i];
    uint32_t dst = cfg->thread_cfg[thread][TCFG_ADDR32_ADDR_MOD_DST_SEC0_DestIncr + i];
    uint32_t bias = cfg->thread_cfg[thread][TCFG_ADDR32_ADDR_MOD_BIAS_SEC0_BiasIncr + i];

    if (FIELD(ab, ADDR_MOD_AB_SEC0_SrcAClear))
        r->srca = r->srca_cr = 0;
    else if (FIELD(ab, ADDR_MOD_AB_SEC0_SrcACR))
        r->srca = r->srca_cr = (r->srca_cr + FIELD(ab, ADDR_MOD_AB_SEC0_SrcAIncr)) & M6;
    else
        r->srca = (r->srca + FIELD(ab, ADDR_MOD_AB_SEC0_SrcAIncr)) & M6;

    if (FIELD(ab, ADDR_MOD_AB_SEC0_SrcBClear))
        r->srcb = r->srcb_cr = 0;
    else if (FIELD(ab, ADDR_MOD_AB_SEC0_SrcBCR))
        r->srcb = r->srcb_cr = (r->srcb_cr + FIELD(ab, ADDR_MOD_AB_SEC0_SrcBIncr)) & M6;
    else
        r->srcb = (r->srcb + FIELD(ab, ADDR_MOD_AB_SEC0_SrcBIncr)) & M6;

    uint32_t inc = FIELD(dst, ADDR_MOD_DST_SEC0_DestIncr);
    if (FIELD(dst, ADDR_MOD_DST_SEC0_DestClear))
        r->dst = r->dst_cr = 0;
    else if (FIELD(dst, ADDR_MOD_DST_SEC0_DestCToCR))
        r->dst = r->dst_cr = (r->dst + inc) & M10;
    else if (FIELD(dst, ADDR_MOD_DST_SEC0_DestCR))
        r->dst = r->dst_cr = (r->dst_cr + inc) & M10;
    else
        r->dst = (r->dst + inc) & M10;

    if (update_fidelity) /* SFPLOAD, SFPSTORE and SFPLOADMACRO leave it alone */
        r->fidelity = FIELD(dst, ADDR_MOD_DST_SEC0_FidelityClear)
                          ? 0
                          : (r->fidelity + FIELD(dst, ADDR_MOD_DST_SEC0_FidelityIncr)) & 3;

    if (FIELD(bias, ADDR_MOD_BIAS_SEC0_BiasClear))
        r->extra_bit = 0;
    else if (FIELD(bias, ADDR_MOD_BIAS_SEC0_BiasIncr) & 3)
        r->extra_bit ^= 1;
}

void rwc_setrwc(Rwc *r, uint32_t which, uint32_t cr, uint32_t srca, uint32_t srcb, uint32_t dst)
{
    if (which & RWC_SET_A) {
        if (cr & RWC_CR_A)
            srca += r->srca_cr;
        r->srca = r->srca_cr = srca & M6;
    }
    if (which & RWC_SET_B) {
        if (cr & RWC_CR_B)
            srcb += r->srcb_cr;
        r->srcb = r->srcb_cr = srcb & M6;
    }
    if ((which & RWC_SET_D) || (cr & RWC_C_TO_CR)) {
        if (cr & RWC_C_TO_CR)
            dst += r->dst;
        else if (cr & RWC_CR_D)
            dst += r->dst_cr;
        r->dst = r->dst_cr = dst & M10;
    }
    if (which & RWC_SET_F)
        r->fidelity = 0;
}

void rwc_incrwc(Rwc *r, uint32_t cr, uint32_t srca_inc, uint32_t srcb_inc, uint32_t dst_inc)
{
    if (cr & RWC_CR_A)
        r->srca = r->srca_cr = (r->srca_cr + srca_inc) & M6;
    else
        r->srca = (r->srca + srca_inc) & M6;
    if (cr & RWC_CR_B)
        r->srcb = r->srcb_cr = (r->srcb_cr + srcb_inc) & M6;
    else
        r->srcb = (r->srcb + srcb_inc) & M6;
    if (cr & RWC_CR_D)
        r->dst = r->dst_cr = (r->dst_cr + dst_inc) & M10;
    else
        r->dst = (r->dst + dst_inc) & M10;
}
