/* model/tile/tensix/dst_riscv.h - RISC-V T0/T1/T2's direct access to Dst at 0xFFBD_8000
 * (32 KiB window), with the per-thread conversions of RISC_DEST_ACCESS_CTRL_SEC[thread].
 *
 * Source: tt-isa-documentation BlackholeA0/TensixTile/TensixCoprocessor/Dst.md, "RISCV access
 * to Dst" (its Load32/Load16/Load8/Store32/Store16/Store8 pseudocode).
 *
 * Interface:
 *   dst_riscv_read/write take the view (fmt, no_swizzle, unsigned_int of the issuing thread's
 *   RISC_DEST_ACCESS_CTRL_SEC in Config[ThreadConfig[thread].CFG_STATE_ID_StateID], and whether
 *   the core is T2) and an offset from the window base. The element size follows fmt:
 *     fmt 0 float / uint32  Dst32b[512][16], 4 bytes, element i at offset 4i (row i / 16)
 *     fmt 1 int32           Dst32b[512][16], 4 bytes, two's complement <-> sign-magnitude
 *     fmt 2 fp16, 3 bf16    Dst16b[1024][16], 2 bytes, IEEE layout <-> Dst layout
 *     fmt 4 int16 / uint16  Dst16b[1024][16], 2 bytes, two's complement <-> sign-magnitude
 *                           unless unsigned_int
 *     fmt 5 int8 / uint8    Dst16b[1024][16], 1 byte, <-> Integer "8" (the page's Store8,
 *                           including its "meant to be ... but isn't" negative conversion)
 *   no_swizzle skips the layout conversions (the bits are stored as given).
 *   T0/T1 access one element: the access size must equal the element size. T2 may access
 *   several elements at once (split into element-sized scalars, lowest address in the low
 *   bytes); every access must be naturally aligned to its size.
 *   Results: BH_OK; BH_ERR_ADDR past the window; BH_ERR_ACCESS (logged with BH_LOG_GUEST,
 *   nothing changed) for what the page calls UndefinedBehavior or "misbehave": a reserved fmt
 *   (>= 6), an access whose size does not fit the element size, a misaligned access, and an
 *   8-bit access past Dst16b row 1023 (offsets 0x4000 and up with fmt 5).
 *   Reads have no side effects.
 * Not modeled: Adj16/Adj32's DEST_ACCESS_CFG remap_addrs and swizzle_32b (as in the rest of the
 *   coprocessor, srcdst.h: rows are used unremapped, logged once when set), bit 11 of
 *   RISCV_DEBUG_REG_DBG_FEATURE_DISABLE; the row-valid bits are neither consulted nor changed;
 *   T2's vector loads and stores (the cores are RV32 scalar).
 */
#ifndef BH_DST_RISCV_H
#define BH_DST_RISCV_H
#include <stdint.h>
#include "model/common/bh_common.h"
#include "model/tile/tensix/srcdst.h"
#ifdef __cplusplus
extern "C" {
#endif

#define DST_RISCV_WINDOW_BYTES 0x8000u

typedef struct DstRiscvView {
    uint8_t fmt;          /* RISC_DEST_ACCESS_CTRL_SEC[thread].fmt, 0..7 */
    uint8_t no_swizzle;   /* ... .no_swizzle */
    uint8_t unsigned_int; /* ... .unsigned_int */
    uint8_t multi;        /* 1 for T2: several elements per access */
    BhLogContext *log;    /* where its guest errors go (the core's) */
} DstRiscvView;

BhStatus dst_riscv_read(const SrcDst *r, const DstRiscvView *v, uint32_t off, uint32_t len,
                        void *buf);
BhStatus dst_riscv_write(SrcDst *r, const DstRiscvView *v, uint32_t off, uint32_t len,
                         const void *buf);

#ifdef __cplusplus
}
#endif
#endif
