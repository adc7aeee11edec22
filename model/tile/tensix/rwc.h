/* model/tile/tensix/rwc.h - the per-thread register-window counters (RWCs) that the matrix and
 * vector units address SrcA, SrcB and Dst with, and the AddrMod slots that step them.
 *
 * Sources: tt-isa-documentation WormholeB0/TensixTile/TensixCoprocessor/RWCs.md (ApplyAddrMod),
 * SETRWC.md, INCRWC.md; docs/hardware.md#registers. The slot fields are read
 * from ThreadConfig words ADDR_MOD_AB_SEC<i>, ADDR_MOD_DST_SEC<i>, ADDR_MOD_BIAS_SEC<i>
 * (i = 0..7) through the generated tensix_cfg field layout, so they are written with SETC16.
 * Blackhole's instructions name a slot with 3 bits (0..7) and its register map has no
 * ADDR_MOD_SET_Base. Assumed (no Blackhole RWCs page): ExtraAddrModBit still moves slots 0..3
 * up to 4..7, as Wormhole's ApplyAddrMod does with its 2-bit field, and leaves 4..7 alone.
 *
 * Counter widths wrap as in the documents: Dst and Dst_Cr 10 bits, SrcA/SrcB and their Cr 6
 * bits, FidelityPhase 2 bits, ExtraAddrModBit 1 bit.
 * Not here: the FlipSrcA/FlipSrcB side effects of SETRWC (bank ownership, srcdst.h: the caller
 * applies them) and BH's SFPU stack pointer `Sp`.
 */
#ifndef BH_RWC_H
#define BH_RWC_H
#include <stdint.h>
#include "model/tile/tensix/tensix_cfg.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef struct Rwc {
    uint16_t dst, dst_cr;
    uint8_t srca, srca_cr, srcb, srcb_cr;
    uint8_t fidelity, extra_bit;
} Rwc;

/* ApplyAddrMod(AddrMod, UpdateFidelityPhase) of RWCs.md for `thread`, slot 0..7, slots from
 * cfg */
void rwc_apply_addr_mod(Rwc *r, const TensixCfg *cfg, uint32_t thread, uint32_t addr_mod,
                        int update_fidelity);

/* SETRWC: the set bits of `which` (RWC_SET_*) write their value (+ Cr / + Dst per the *_CR
 * flags) to counter and Cr; RWC_SET_F clears FidelityPhase. */
enum {
    RWC_SET_A = 1,
    RWC_SET_B = 2,
    RWC_SET_D = 4,
    RWC_SET_F = 8,
    RWC_CR_A = 1,
    RWC_CR_B = 2,
    RWC_CR_D = 4,
    RWC_C_TO_CR = 8
};
void rwc_setrwc(Rwc *r, uint32_t which, uint32_t cr, uint32_t srca, uint32_t srcb, uint32_t dst);
/* INCRWC: each counter += its increment, or (its CR flag) Cr += increment and counter = Cr */
void rwc_incrwc(Rwc *r, uint32_t cr, uint32_t srca_inc, uint32_t srcb_inc, uint32_t dst_inc);

#ifdef __cplusplus
}
#endif
#endif
