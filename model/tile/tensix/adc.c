// SPDX-License-Identifier: Apache-2.0
/* The ADC instructions, each per its functional model in the ISA pages. */
#include "model/tile/tensix/adc.h"
#include "model/tile/tensix/tensix_isa.h"

void adc_wrap(AdcChannel *c)
{
    c->x &= 0x3FFFF, c->x_cr &= 0x3FFFF;
    c->y &= 0x1FFF, c->y_cr &= 0x1FFF;
    c->z &= 0xFF, c->z_cr &= 0xFF;
    c->w &= 0xFF, c->w_cr &= 0xFF;
}

int adc_handles(uint32_t opcode)
{
    switch (opcode) {
    case TENSIX_OP_SETADC:
    case TENSIX_OP_SETADCXY:
    case TENSIX_OP_SETADCZW:
    case TENSIX_OP_SETADCXX:
    case TENSIX_OP_INCADCXY:
    case TENSIX_OP_INCADCZW:
    case TENSIX_OP_ADDRCRXY:
    case TENSIX_OP_ADDRCRZW:
        return 1;
    default:
        return 0;
    }
}

/* The XY and ZW forms share one layout: bits 6..17 hold four 3-bit values in the order
 * (channel 0 first, then channel 1) X/Z then Y/W; bit_mask bit 0..3 enable them in the same
 * order. `lo` points at X (or Z) of a channel, `hi` at Y (or W). */
typedef enum { SET, INC, RESTORE } AdcOp;

static void pair_apply(uint32_t *cnt, uint32_t *cr, uint32_t v, int enabled, AdcOp op)
{
    if (!enabled)
        return;
    switch (op) {
    case SET:
        *cnt = *cr = v;
        break;
    case INC:
        *cnt += v;
        break;
    case RESTORE:
        *cr += v;
        *cnt = *cr;
        break;
    }
}

static void apply_pairs(Adc *a, int zw, uint32_t word, uint32_t mask, AdcOp op)
{
    uint32_t v[4] = {TENSIX_GET(SETADCXY, CH0_X, word), TENSIX_GET(SETADCXY, CH0_Y, word),
                     TENSIX_GET(SETADCXY, CH1_X, word), TENSIX_GET(SETADCXY, CH1_Y, word)};
    for (uint32_t ch = 0; ch < 2; ch++) {
        AdcChannel *c = &a->ch[ch];
        uint32_t *lo = zw ? &c->z : &c->x, *lo_cr = zw ? &c->z_cr : &c->x_cr;
        uint32_t *hi = zw ? &c->w : &c->y, *hi_cr = zw ? &c->w_cr : &c->y_cr;
        pair_apply(lo, lo_cr, v[2 * ch], mask >> (2 * ch) & 1, op);
        pair_apply(hi, hi_cr, v[2 * ch + 1], mask >> (2 * ch + 1) & 1, op);
        adc_wrap(c);
    }
}

void adc_execute(AdcFile *a, uint32_t thread, uint32_t word)
{
    uint32_t sets = TENSIX_GET(SETADC, CNT_SET_MASK, word), op = tensix_opcode(word);
    uint32_t which = thread;
    if (op == TENSIX_OP_SETADC) {
        uint32_t value = TENSIX_GET(SETADC, VALUE, word), override = value >> 16;
        which = override ? override - 1 : thread;
        if (which > 2)
            which = thread; /* override 3 names no thread; kept on the issuer */
    }
    for (uint32_t s = 0; s < ADC_SETS; s++) {
        if (!(sets >> s & 1))
            continue;
        Adc *adc = &a->set[which][s];
        switch (op) {
        case TENSIX_OP_SETADC: {
            AdcChannel *c = &adc->ch[TENSIX_GET(SETADC, CHANNEL_INDEX, word)];
            uint32_t v = TENSIX_GET(SETADC, VALUE, word);
            uint32_t *cnt[4] = {&c->x, &c->y, &c->z, &c->w};
            uint32_t *cr[4] = {&c->x_cr, &c->y_cr, &c->z_cr, &c->w_cr};
            uint32_t d = TENSIX_GET(SETADC, DIMENSION_INDEX, word);
            *cnt[d] = *cr[d] = v;
            adc_wrap(c);
            break;
        }
        case TENSIX_OP_SETADCXX:
            adc->ch[0].x = adc->ch[0].x_cr = TENSIX_GET(SETADCXX, X_START, word);
            adc->ch[1].x = adc->ch[1].x_cr = TENSIX_GET(SETADCXX, X_END2, word);
            break;
        case TENSIX_OP_SETADCXY:
        case TENSIX_OP_SETADCZW:
            apply_pairs(adc, op == TENSIX_OP_SETADCZW, word, TENSIX_GET(SETADCXY, BIT_MASK, word),
                        SET);
            break;
        case TENSIX_OP_INCADCXY:
        case TENSIX_OP_INCADCZW:
            apply_pairs(adc, op == TENSIX_OP_INCADCZW, word, 0xF, INC);
            break;
        case TENSIX_OP_ADDRCRXY:
        case TENSIX_OP_ADDRCRZW:
            apply_pairs(adc, op == TENSIX_OP_ADDRCRZW, word, TENSIX_GET(ADDRCRXY, BIT_MASK, word),
                        RESTORE);
            break;
        default:
            break;
        }
    }
}
