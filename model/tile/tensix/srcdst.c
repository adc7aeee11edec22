// SPDX-License-Identifier: Apache-2.0
/* The matrix unit's register files (layouts and ownership rules in srcdst.h). */
#include "model/tile/tensix/srcdst.h"
#include <string.h>

void srcdst_reset(SrcDst *r)
{
    memset(r, 0, sizeof *r);
    for (int reg = 0; reg < 2; reg++)
        for (int b = 0; b < SRC_BANKS; b++)
            r->allowed[reg][b] = SRC_CLIENT_UNPACKERS;
}

/* ------------------------------------------------------------------ Src layouts */

uint32_t src_from_raw(SrcFmt fmt, uint32_t raw)
{
    switch (fmt) {
    case SRC_TF32: /* raw: s e8 m10 */
        return (raw >> 18 & 1) << 18 | (raw & 0x3FF) << 8 | (raw >> 10 & 0xFF);
    case SRC_BF16: /* raw: s e8 m7 */
        return src_from_bf16(raw);
    case SRC_FP16: /* raw: s e5 m10 */
        return (raw >> 15 & 1) << 18 | (raw & 0x3FF) << 8 | (raw >> 10 & 0x1F);
    case SRC_INT8: { /* raw: s m10 */
        uint32_t mag = raw & 0x3FF;
        return (raw >> 10 & 1) << 18 | mag << 8 | (mag ? 16u : 0u);
    }
    case SRC_INT16: /* raw: s m15 */
        return (raw >> 15 & 1) << 18 | (raw >> 8 & 0x7F) << 11 | (raw & 0xFF);
    }
    BH_ASSERT(0);
    return 0;
}

uint32_t src_to_raw(SrcFmt fmt, uint32_t d)
{
    uint32_t s = d >> 18 & 1;
    switch (fmt) {
    case SRC_TF32:
        return s << 18 | (d & 0xFF) << 10 | (d >> 8 & 0x3FF);
    case SRC_BF16:
        return s << 15 | (d & 0xFF) << 7 | (d >> 11 & 0x7F);
    case SRC_FP16:
        return s << 15 | (d & 0x1F) << 10 | (d >> 8 & 0x3FF);
    case SRC_INT8:
        return s << 10 | (d >> 8 & 0x3FF);
    case SRC_INT16:
        return s << 15 | (d >> 11 & 0x7F) << 8 | (d & 0xFF);
    }
    BH_ASSERT(0);
    return 0;
}

uint32_t fp32_to_tf32_raw(uint32_t fp32)
{
    return fp32 >> 13;
}

uint32_t fp32_to_bf16_raw(uint32_t fp32)
{
    return fp32 >> 16;
}

/* ------------------------------------------------------------------ Dst layouts */

uint16_t dst16_from_raw(SrcFmt fmt, uint32_t raw)
{
    switch (fmt) {
    case SRC_BF16: /* s e8 m7 -> s m7 e8 */
        return dst16_from_bf16(raw);
    case SRC_FP16: /* s e5 m10 -> s m10 e5 */
        return (uint16_t)((raw >> 15 & 1) << 15 | (raw & 0x3FF) << 5 | (raw >> 10 & 0x1F));
    case SRC_INT8: {
        uint32_t mag = raw & 0x3FF;
        return (uint16_t)((raw >> 10 & 1) << 15 | mag << 5 | (mag ? 16u : 0u));
    }
    case SRC_INT16:
        return (uint16_t)raw;
    case SRC_TF32:
        break; /* TF32 lives in Dst as FP32 */
    }
    BH_ASSERT(0);
    return 0;
}

uint32_t dst16_to_raw(SrcFmt fmt, uint16_t d)
{
    uint32_t s = (uint32_t)d >> 15;
    switch (fmt) {
    case SRC_BF16:
        return dst16_to_bf16(d);
    case SRC_FP16:
        return s << 15 | (d & 0x1Fu) << 10 | (d >> 5 & 0x3FFu);
    case SRC_INT8:
        return s << 10 | (d >> 5 & 0x3FFu);
    case SRC_INT16:
        return d;
    case SRC_TF32:
        break;
    }
    BH_ASSERT(0);
    return 0;
}

/* FP32 in Dst: the high half is BF16's Dst16 layout, the low half the low 16 mantissa bits */
uint32_t dst32_from_fp32(uint32_t f)
{
    return (uint32_t)dst16_from_raw(SRC_BF16, f >> 16) << 16 | (f & 0xFFFF);
}

uint32_t dst32_to_fp32(uint32_t d)
{
    return dst16_to_raw(SRC_BF16, (uint16_t)(d >> 16)) << 16 | (d & 0xFFFF);
}

uint32_t dst32_from_int32_sm(uint32_t sm)
{
    return (sm & 0x80000000u) | (sm >> 23 & 0xFF) << 16 | (sm >> 16 & 0x7F) << 24 | (sm & 0xFFFF);
}

uint32_t dst32_to_int32_sm(uint32_t d)
{
    return (d & 0x80000000u) | (d >> 16 & 0xFF) << 23 | (d >> 24 & 0x7F) << 16 | (d & 0xFFFF);
}

uint32_t dst_adj32(uint32_t row)
{
    return ((row & 0x1F8) << 1) | (row & 0x207);
}

uint32_t dst32_read(const SrcDst *r, uint32_t row, uint32_t col)
{
    BH_ASSERT(row < DST_ROWS16 && col < DST_COLS);
    uint32_t a = dst_adj32(row);
    return (uint32_t)r->dst[a][col] << 16 | r->dst[a + 8][col];
}

void dst32_write(SrcDst *r, uint32_t row, uint32_t col, uint32_t datum)
{
    BH_ASSERT(row < DST_ROWS16 && col < DST_COLS);
    uint32_t a = dst_adj32(row);
    r->dst[a][col] = (uint16_t)(datum >> 16);
    r->dst[a + 8][col] = (uint16_t)datum;
}

/* ------------------------------------------------------------------ ownership */

int src_unpacker_may_write(const SrcDst *r, SrcReg reg)
{
    return r->allowed[reg][r->unpack_bank[reg]] == SRC_CLIENT_UNPACKERS;
}

void src_set_dvalid(SrcDst *r, SrcReg reg)
{
    r->allowed[reg][r->unpack_bank[reg]] = SRC_CLIENT_MATRIX;
    r->unpack_bank[reg] ^= 1;
}

int src_matrix_may_read(const SrcDst *r, SrcReg reg)
{
    return r->allowed[reg][r->fpu_bank[reg]] == SRC_CLIENT_MATRIX;
}

void src_clear_dvalid(SrcDst *r, SrcReg reg, int keep_same)
{
    r->allowed[reg][r->fpu_bank[reg]] = SRC_CLIENT_UNPACKERS;
    if (!keep_same)
        r->fpu_bank[reg] ^= 1;
}

void src_clear_dvalid_reset(SrcDst *r)
{
    for (int reg = 0; reg < 2; reg++) {
        for (int b = 0; b < SRC_BANKS; b++)
            r->allowed[reg][b] = SRC_CLIENT_UNPACKERS;
        r->fpu_bank[reg] = 0;
        r->unpack_bank[reg] = 0;
    }
}
