// SPDX-License-Identifier: Apache-2.0
/* model/noc/noc_xlate.c - an NIU's coordinate translation (noc_xlate.h has the algorithm and
 * its source). */
#include "model/noc/noc_xlate.h"

static void parse(uint8_t out[32], const uint32_t regs[6])
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < 6 && n < 32; i++) {
        uint32_t a = regs[i];
        for (uint32_t k = 0; k < 6 && n < 32; k++, a >>= 5)
            out[n++] = (uint8_t)(a & 31);
    }
}

void noc_xlate_pack(const uint8_t table[32], uint32_t regs[6])
{
    for (uint32_t i = 0; i < 6; i++)
        regs[i] = 0;
    for (uint32_t n = 0; n < 32; n++)
        regs[n / 6] |= (uint32_t)(table[n] & 31) << (5 * (n % 6));
}

void noc_xlate_decode(NocXlate *t, const NocXlateRegs *r)
{
    parse(t->x, r->x_table);
    parse(t->y, r->y_table);
    parse(t->ddr, r->ddr_table);
    t->col_mask = r->col_mask;
    t->row_mask = r->row_mask;
    t->col_swap = r->col_swap;
    t->ddr_col9 = (uint8_t)((r->ddr_table[5] >> 10) & 1);
    t->ddr_col0 = (uint8_t)((r->ddr_table[5] >> 11) & 1);
}

static int ddr_column(const NocXlate *t, uint32_t x31)
{
    return (x31 == 9 && t->ddr_col9) || (x31 == 0 && t->ddr_col0);
}

void noc_xlate_apply(const NocXlate *t, uint32_t *x, uint32_t *y)
{
    const uint32_t x31 = *x & 31, y31 = *y & 31;
    uint32_t ox, oy;
    if (((t->col_swap >> y31) & 1) && ddr_column(t, x31 ^ 9))
        ox = x31 ^ 9;
    else if ((t->row_mask >> y31) & 1)
        ox = *x;
    else
        ox = t->x[x31];
    if (ddr_column(t, x31))
        oy = t->ddr[y31];
    else if ((t->col_mask >> x31) & 1)
        oy = *y;
    else
        oy = t->y[y31];
    *x = ox, *y = oy;
}

int noc_xlate_is_reg(uint32_t off)
{
    return off == NOC_XLATE_OFF_NIU_CFG_0 ||
           (off >= NOC_XLATE_OFF_X_TABLE && off < NOC_XLATE_OFF_ID_LOGICAL) ||
           (off >= NOC_XLATE_OFF_COL_MASK && off <= NOC_XLATE_OFF_COL_SWAP);
}
