// SPDX-License-Identifier: Apache-2.0
/* The Tensix tile's PIC (pic.h, pic_regs.def). */
#include "model/tile/pic.h"
#include <stdio.h>
#include <string.h>

enum { KIND_RW, KIND_INT_NO, KIND_SW_INT, KIND_HW_INT };

static const struct {
    const char *name;
    uint16_t off, slot;
    uint8_t count, kind;
} rows[PIC_NUM_REGS] = {
#define PIC_REG(nm, o, cnt, k, doc) {#nm, o, PIC_S_##nm, cnt, KIND_##k},
#include "model/tile/pic_regs.def"
#undef PIC_REG
};

void pic_init(Pic *p)
{
    memset(p, 0, sizeof *p);
}

/* a raised IRQ enabled for a core, which would interrupt it: 1 and the reason in why */
static int would_interrupt(Pic *p)
{
    static const char *const core[2] = {"BRISC", "NCRISC"};
    const uint32_t en[2][2] = {{p->val[PIC_S_BRISC_SW_INT_EN], p->val[PIC_S_BRISC_HW_INT_EN]},
                               {p->val[PIC_S_NCRISC_SW_INT_EN], p->val[PIC_S_NCRISC_HW_INT_EN]}};
    for (uint32_t c = 0; c < 2; c++)
        for (uint32_t i = 0; i < 32; i++)
            if (p->val[PIC_S_SW_INT + i] && (en[c][0] >> i & 1)) {
                snprintf(p->why, sizeof p->why,
                         "PIC: software IRQ %u raised and enabled for %s: interrupts not modeled",
                         i, core[c]);
                return 1;
            }
    return 0; /* hardware IRQs are never raised */
}

BhStatus pic_access(Pic *p, uint32_t off, int write, uint32_t *val, int debug)
{
    uint32_t r = 0;
    while (r < PIC_NUM_REGS && !(off >= rows[r].off && off < rows[r].off + 4u * rows[r].count))
        r++;
    if (r == PIC_NUM_REGS || off % 4) {
        snprintf(p->why, sizeof p->why, "PIC offset 0x%03x is not a register", off);
        return BH_ERR_ADDR;
    }
    uint32_t *v = &p->val[rows[r].slot + (off - rows[r].off) / 4];
    if (!write) {
        *val = rows[r].kind == KIND_HW_INT || rows[r].kind == KIND_INT_NO ? 0 : *v;
        if (rows[r].kind == KIND_SW_INT && !debug)
            *v = 0; /* reading a raised IRQ clears it */
        return BH_OK;
    }
    switch (rows[r].kind) {
    case KIND_INT_NO:
        snprintf(p->why, sizeof p->why, "PIC %s is read-only", rows[r].name);
        return BH_ERR_ACCESS;
    case KIND_HW_INT:
        return BH_OK; /* writes have no effect */
    default: {
        const uint32_t old = *v;
        *v = *val;
        if (would_interrupt(p)) {
            *v = old;
            return BH_ERR_UNSUPPORTED;
        }
        return BH_OK;
    }
    }
}
