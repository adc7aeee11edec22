/* model/tile/tensix/srcdst.h - the matrix unit's register files: SrcA and SrcB (2 banks x 64 rows x
 * 16 columns of 19-bit data, each bank owned by the unpackers or the matrix unit) and Dst
 * (1024 x 16 x 16 bits, also viewed as 512 x 16 x 32 bits), with their datum bit layouts.
 *
 * Sources: tt-isa-documentation WormholeB0/TensixTile/TensixCoprocessor/SrcASrcB.md and
 * Dst.md (shared with Blackhole; docs/hardware.md#registers); the
 * bit layouts are the diagrams Diagrams/Out/Bits32_Src_*.svg and Bits32_Dst16_* / Dst32_*.
 *
 * Datum layouts (a "raw" value is the format's ordinary bit pattern: IEEE-style sign,
 * exponent, mantissa for TF32 (FP32 with the low 13 mantissa bits dropped), BF16 and FP16;
 * sign and magnitude for the integer types):
 *   Src  TF32  sign [18], mantissa [17:8] (10 bits), exponent [7:0]
 *        BF16  sign [18], mantissa [17:11] (7 bits), [10:8] zero, exponent [7:0]
 *        FP16  sign [18], mantissa [17:8], [7:5] zero, exponent [4:0]
 *        INT8  sign [18], magnitude [17:8] (10 bits), [7:5] zero, [4:0] 16 (0 if magnitude 0)
 *        INT16 sign [18], magnitude [14:8] at [17:11], [10:8] zero, magnitude [7:0] at [7:0]
 *   Dst16 BF16 sign [15], mantissa [14:8], exponent [7:0]; FP16 sign [15], mantissa [14:5],
 *        exponent [4:0]; INT8 sign [15], magnitude [14:5], [4:0] 16 or 0; INT16 as given
 *   Dst32 FP32 sign [31], mantissa [22:16] at [30:24], exponent [23:16], mantissa [15:0];
 *        INT32 (sign-magnitude) sign [31], magnitude [30:23] at [23:16], [22:16] at [30:24],
 *        [15:0] at [15:0]. The high half of an FP32 datum is the Dst16 BF16 layout.
 *   Dst32b[Row] is DstBits[Adj(Row)] << 16 | DstBits[Adj(Row) + 8], Adj(r) = ((r & 0x1F8) << 1)
 *   | (r & 0x207).
 * Ownership (SrcASrcB.md, SETDVALID.md, CLEARDVALID.md): each bank has an AllowedClient, reset
 *   Unpackers; unpacker 0 writes SrcA and unpacker 1 SrcB, each into its own current bank;
 *   giving a bank to the matrix unit toggles that unpacker's bank pointer, giving it back
 *   toggles the matrix unit's (unless told to keep reading the same bank).
 * Not modeled here: the row-valid bits' use by readers (kept, set and cleared only), BH's
 *   implied Src formats and Dst address remaps, non-IEEE special values (the converters
 *   that create data own them).
 */
#ifndef BH_SRCDST_H
#define BH_SRCDST_H
#include <stdint.h>
#include "model/common/bh_common.h"
#ifdef __cplusplus
extern "C" {
#endif

#define SRC_BANKS 2
#define SRC_ROWS 64
#define SRC_COLS 16
#define DST_ROWS16 1024
#define DST_ROWS32 512
#define DST_COLS 16

typedef enum SrcFmt { SRC_TF32, SRC_BF16, SRC_FP16, SRC_INT8, SRC_INT16 } SrcFmt;
typedef enum SrcClient { SRC_CLIENT_UNPACKERS, SRC_CLIENT_MATRIX } SrcClient;
typedef enum SrcReg { SRC_A, SRC_B } SrcReg;

typedef struct SrcBank {
    uint32_t rows[SRC_ROWS][SRC_COLS]; /* 19-bit data */
} SrcBank;

typedef struct SrcDst {
    SrcBank src[2][SRC_BANKS];     /* [SRC_A / SRC_B][bank] */
    uint8_t allowed[2][SRC_BANKS]; /* each bank's SrcClient, beside the pointers: every cycle's
                                      wait checks read them */
    uint8_t fpu_bank[2];           /* MatrixUnit::SrcABank, SrcBBank */
    uint8_t unpack_bank[2];        /* Unpackers[0]::SrcBank (SrcA), Unpackers[1]::SrcBank (SrcB) */
    uint16_t dst[DST_ROWS16][DST_COLS];
    uint8_t dst_row_valid[DST_ROWS16];
} SrcDst;

void srcdst_reset(SrcDst *r); /* banks to the unpackers, pointers 0, data and valid bits 0 */

/* raw value of a format <-> 19-bit Src datum (see the header text); BH_ASSERT on bad fmt */
uint32_t src_from_raw(SrcFmt fmt, uint32_t raw);
uint32_t src_to_raw(SrcFmt fmt, uint32_t datum);
/* FP32 bits -> TF32 / BF16 raw by dropping the low mantissa bits (truncation, as the
 * documents describe the FP32-to-TF32 conversion) */
uint32_t fp32_to_tf32_raw(uint32_t fp32);
uint32_t fp32_to_bf16_raw(uint32_t fp32);

/* The BF16 layouts inline, for the per-datum loops of the unpackers and the matrix unit:
 * the same as src_from_raw(SRC_BF16, raw), dst16_from_raw(SRC_BF16, raw) and
 * dst16_to_raw(SRC_BF16, d) below. */
static inline uint32_t src_from_bf16(uint32_t raw) /* s e8 m7 -> s m7 000 e8 */
{
    return (raw >> 15 & 1) << 18 | (raw & 0x7F) << 11 | (raw >> 7 & 0xFF);
}
static inline uint16_t dst16_from_bf16(uint32_t raw) /* s e8 m7 -> s m7 e8 */
{
    return (uint16_t)((raw >> 15 & 1) << 15 | (raw & 0x7F) << 8 | (raw >> 7 & 0xFF));
}
static inline uint32_t dst16_to_bf16(uint16_t d) /* s m7 e8 -> s e8 m7 */
{
    return (uint32_t)(d >> 15) << 15 | (d & 0xFFu) << 7 | (d >> 8 & 0x7Fu);
}

/* Dst16 layouts of BF16, FP16, INT8 (raw sign << 10 | magnitude) and INT16 */
uint16_t dst16_from_raw(SrcFmt fmt, uint32_t raw);
uint32_t dst16_to_raw(SrcFmt fmt, uint16_t datum);
/* Dst32 layouts: FP32 bits and INT32 sign-magnitude (sign << 31 | magnitude) */
uint32_t dst32_from_fp32(uint32_t fp32);
uint32_t dst32_to_fp32(uint32_t datum);
uint32_t dst32_from_int32_sm(uint32_t sm);
uint32_t dst32_to_int32_sm(uint32_t datum);

uint32_t dst_adj32(uint32_t row); /* DstBits row of the high half of Dst32b[row] */
uint32_t dst32_read(const SrcDst *r, uint32_t row, uint32_t col);
void dst32_write(SrcDst *r, uint32_t row, uint32_t col, uint32_t datum);

/* Ownership. The unpacker of `reg` may write its current bank: */
int src_unpacker_may_write(const SrcDst *r, SrcReg reg);
/* ... and hands it to the matrix unit (UNPACR FlipSrc, SETDVALID): the bank becomes the
 * matrix unit's and the unpacker moves to the other bank. */
void src_set_dvalid(SrcDst *r, SrcReg reg);
/* The matrix unit may read its current bank of reg: */
int src_matrix_may_read(const SrcDst *r, SrcReg reg);
/* ... and gives it back (FlipSrc bits, CLEARDVALID): keep_same leaves its pointer alone. */
void src_clear_dvalid(SrcDst *r, SrcReg reg, int keep_same);
/* CLEARDVALID Reset: every bank to the unpackers, every pointer to 0 */
void src_clear_dvalid_reset(SrcDst *r);

#ifdef __cplusplus
}
#endif
#endif
