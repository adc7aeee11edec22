// SPDX-License-Identifier: Apache-2.0
/* RISC-V access to Dst (conversions as in Dst.md's pseudocode; see dst_riscv.h). */
#include "model/tile/tensix/dst_riscv.h"
#include <string.h>

static const char *const fmt_names[8] = {"fp32/uint32", "int32", "fp16", "bf16",
                                         "int16",       "int8",  "6",    "7"};

/* element size of fmt in bytes, 0 for the reserved values */
static uint32_t elem_bytes(uint32_t fmt)
{
    return fmt <= 1 ? 4 : fmt <= 4 ? 2 : fmt == 5 ? 1 : 0;
}

static BhStatus check(const DstRiscvView *v, uint32_t off, uint32_t len, const char *dir)
{
    if (off >= DST_RISCV_WINDOW_BYTES || len > DST_RISCV_WINDOW_BYTES - off)
        return BH_ERR_ADDR;
    const uint32_t e = elem_bytes(v->fmt & 7);
    if (!e) {
        BH_LOG_GUEST(v->log,
                     "dst: %u-byte %s at Dst window offset 0x%x with RISC_DEST_ACCESS_CTRL_SEC fmt "
                     "%u, which is reserved (undefined behaviour)",
                     len, dir, off, v->fmt);
        return BH_ERR_ACCESS;
    }
    if (len == 0 || (len & (len - 1)) || (off & (len - 1))) {
        BH_LOG_GUEST(v->log, "dst: %u-byte %s at Dst window offset 0x%x: not naturally aligned",
                     len, dir, off);
        return BH_ERR_ACCESS;
    }
    if (len < e || (len > e && !v->multi)) {
        BH_LOG_GUEST(v->log,
                     "dst: %u-byte %s at Dst window offset 0x%x, but fmt %u (%s) has %u-byte "
                     "elements%s (undefined behaviour)",
                     len, dir, off, v->fmt, fmt_names[v->fmt & 7], e,
                     len > e && !v->multi ? " and only T2 may access several at once" : "");
        return BH_ERR_ACCESS;
    }
    if (e == 1 && (off + len - 1) / DST_COLS >= DST_ROWS16) {
        BH_LOG_GUEST(v->log,
                     "dst: %u-byte %s at Dst window offset 0x%x with fmt 5 (int8): Dst16b has "
                     "no row %u (undefined behaviour)",
                     len, dir, off, (off + len - 1) / DST_COLS);
        return BH_ERR_ACCESS;
    }
    return BH_OK;
}

static uint32_t load32(const SrcDst *r, const DstRiscvView *v, uint32_t idx)
{
    uint32_t x = dst32_read(r, idx / DST_COLS, idx % DST_COLS);
    if (!v->no_swizzle) /* Dst32b bit layout to CPU bit layout */
        x = (x & 0x8000FFFFu) | ((x & 0x7F000000u) >> 8) | ((x & 0x00FF0000u) << 7);
    if (v->fmt == 1 && !v->no_swizzle && x >= 0x80000000u)
        x = 0u - (x & 0x7FFFFFFFu); /* sign-magnitude to two's complement, -0 to +0 */
    return x;
}

static uint32_t load16(const SrcDst *r, const DstRiscvView *v, uint32_t idx)
{
    uint32_t x = r->dst[idx / DST_COLS][idx % DST_COLS];
    if (v->fmt == 2 && !v->no_swizzle)
        x = (x & 0x8000u) | ((x & 0x7FE0u) >> 5) | ((x & 0x001Fu) << 10);
    else if (v->fmt == 3 && !v->no_swizzle)
        x = (x & 0x8000u) | ((x & 0x7F00u) >> 8) | ((x & 0x00FFu) << 7);
    else if (v->fmt == 4 && !v->no_swizzle && !v->unsigned_int && x >= 0x8000u)
        x = (0u - (x & 0x7FFFu)) & 0xFFFFu;
    return x;
}

static uint32_t load8(const SrcDst *r, const DstRiscvView *v, uint32_t idx)
{
    const uint32_t x = r->dst[idx / DST_COLS][idx % DST_COLS];
    if (v->no_swizzle || v->unsigned_int)
        return (x >> 5) & 0xFFu; /* low eight bits of the Integer "8" magnitude */
    const uint32_t mag = (x >> 5) & 0x7Fu;
    return (x & 0x8000u ? 0u - mag : mag) & 0xFFu;
}

static void store32(SrcDst *r, const DstRiscvView *v, uint32_t idx, uint32_t x)
{
    if (v->fmt == 1 && !v->no_swizzle && x >= 0x80000000u) /* clamps -2^31 to -(2^31 - 1) */
        x = 0x80000000u | (0u - (x + (x == 0x80000000u)));
    if (!v->no_swizzle) /* CPU bit layout to Dst32b bit layout */
        x = (x & 0x8000FFFFu) | ((x & 0x7F800000u) >> 7) | ((x & 0x007F0000u) << 8);
    dst32_write(r, idx / DST_COLS, idx % DST_COLS, x);
}

static void store16(SrcDst *r, const DstRiscvView *v, uint32_t idx, uint32_t x)
{
    if (v->fmt == 2 && !v->no_swizzle)
        x = (x & 0x8000u) | ((x & 0x7C00u) >> 10) | ((x & 0x03FFu) << 5);
    else if (v->fmt == 3 && !v->no_swizzle)
        x = (x & 0x8000u) | ((x & 0x7F80u) >> 7) | ((x & 0x007Fu) << 8);
    else if (v->fmt == 4 && !v->no_swizzle && !v->unsigned_int && x >= 0x8000u)
        x = 0x8000u | ((0u - (x + (x == 0x8000u))) & 0xFFFFu); /* clamps -2^15 */
    r->dst[idx / DST_COLS][idx % DST_COLS] = (uint16_t)x;
}

static void store8(SrcDst *r, const DstRiscvView *v, uint32_t idx, uint32_t x)
{
    uint32_t d;
    if (v->no_swizzle || v->unsigned_int || x < 0x80u) {
        d = x << 5 | (x ? 16u : 0u);
    } else { /* "meant to be conversion from two's complement to sign-magnitude, but isn't" */
        const uint32_t mag = (0x180u - x - (x == 0x80u)) & 0xFFu;
        d = 0x8000u | mag << 5 | 16u;
    }
    r->dst[idx / DST_COLS][idx % DST_COLS] = (uint16_t)d;
}

BhStatus dst_riscv_read(const SrcDst *r, const DstRiscvView *v, uint32_t off, uint32_t len,
                        void *buf)
{
    BhStatus st = check(v, off, len, "load");
    if (st != BH_OK)
        return st;
    const uint32_t e = elem_bytes(v->fmt);
    uint8_t *out = buf;
    for (uint32_t k = 0; k < len; k += e) {
        const uint32_t idx = (off + k) / e;
        const uint32_t x = e == 4   ? load32(r, v, idx)
                           : e == 2 ? load16(r, v, idx)
                                    : load8(r, v, idx);
        memcpy(out + k, &x, e); /* little endian, as the cores */
    }
    return BH_OK;
}

BhStatus dst_riscv_write(SrcDst *r, const DstRiscvView *v, uint32_t off, uint32_t len,
                         const void *buf)
{
    BhStatus st = check(v, off, len, "store");
    if (st != BH_OK)
        return st;
    const uint32_t e = elem_bytes(v->fmt);
    const uint8_t *in = buf;
    for (uint32_t k = 0; k < len; k += e) {
        const uint32_t idx = (off + k) / e;
        uint32_t x = 0;
        memcpy(&x, in + k, e);
        if (e == 4)
            store32(r, v, idx, x);
        else if (e == 2)
            store16(r, v, idx, x);
        else
            store8(r, v, idx, x);
    }
    return BH_OK;
}
