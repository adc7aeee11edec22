/* model/tile/tensix/tile_format.h - the format-conversion datapath of the unpackers (L1 tile data
 * -> SrcA/SrcB/Dst datums) and of the packer (Dst datums -> L1 bytes), plus the L1 tile section
 * sizes. Pure functions: the unpacker/packer units own addresses, counters and timing.
 *
 * Sources: tt-isa-documentation WormholeB0/TensixTile/TensixCoprocessor/UNPACR_Regular.md
 * (FormatConversion, BFP8ToBF16, BFP8aToFP16, Write{Src,Dst}* and DatumSizeBytes),
 * Packers/FormatConversion.md (early and late conversion tables, configuration fields, denormal
 * and NaN rules), FloatBitPatterns.md (BFP meaning, Tensix FP16 has no NaN/Inf encodings);
 * jasondavies/tt-isa-documentation WormholeB0/TensixTile/TensixCoprocessor/Unpackers/
 * FormatConversion.md (the legal unpack pairs); anuraagw.me's "unpack data path" notes,
 * sections 1 and 3 (docs/hardware.md#unpackers); tt-llk
 * tt_llk_blackhole/common/inc/cunpack_common.h (cross-check).
 *
 * Interface:
 *   formats  TfmtFormat is the 4-bit code of InDataFormat / OutDataFormat / In_data_format /
 *            Out_data_format / IntermediateFormat. UINT8 has no code of its own: it is INT8 with
 *            ALU_FORMAT_SPEC_REG0_Src{A,B}Unsigned (unpack) or Read_unsigned (pack).
 *   L1       datum i of a data section sits at bit i * datum_bits, low bits first (BFP4/BFP2 put
 *            datum 0 in the low nibble / low two bits); datum i of a BFP format uses exponent
 *            byte i / 16 of the exponent section.
 *   unpack   tfmt_unpack_row(): n datums from index `first` -> Src (19-bit, srcdst.h layout),
 *            Dst16 or Dst32 datums, exactly as UNPACR's FormatConversion.
 *   pack     tfmt_pack_plan() decodes the packer's configuration fields into a TfmtPack (or a
 *            reason why the combination is not a documented one); tfmt_pack_row() converts n Dst
 *            datums, writing data bits and, for BFP, one shared exponent byte per 16 datums;
 *            tfmt_pack_early() and tfmt_pack_late() are its two halves, for the packer unit
 *            whose edge-masking / ReLU / thresholding stages sit between them.
 * Timing: none (the units charge cycles).
 * Not modeled / chosen where the documents are silent:
 *   - FP8 e4m3 (Blackhole Unp/Pac_LF8_4b_exp): not modeled, FP8 is e5m2.
 *   - FP32ToFP16 (used by UNPACR FP32->FP16 but never defined) and every 8-bit -> 5-bit exponent
 *     narrowing: truncate the mantissa, |x| < 2^-14 -> signed zero, |x| >= 2^17, Inf and NaN ->
 *     +-0x7FFF (the Tensix FP16 "infinity"-like maximum).
 *   - Late conversions whose denormal handling the documents call "mishandled" (FP16 -> FP32,
 *     FP16 -> BF16): denormals flushed to signed zero.
 *   - BFP rounding carry past the 7-bit magnitude saturates to 127; a BFP datum whose magnitude
 *     becomes 0 (rounding, truncation to BFP4/BFP2, or zero input) gets sign 0, because sign 1
 *     with magnitude 0 means -Inf / -2^16; an all-zero group gets shared exponent 0.
 *   - Pack early INT8 shift-round-saturate: a zero result gets sign 0; UINT8 of a negative
 *     value is 0.
 *   - Stochastic rounding, exponent thresholding, ReLU, edge masking, L1 accumulation,
 *     compression: not here (packer unit stages or not modeled).
 */
#ifndef BH_TILE_FORMAT_H
#define BH_TILE_FORMAT_H
#include <stddef.h>
#include <stdint.h>
#include "model/common/bh_common.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum TfmtFormat {
    TFMT_FP32 = 0x0,
    TFMT_FP16 = 0x1,
    TFMT_BFP8A = 0x2,
    TFMT_BFP4A = 0x3,
    TFMT_TF32 = 0x4,
    TFMT_BF16 = 0x5, /* LLK Float16_b */
    TFMT_BFP8 = 0x6, /* LLK Bfp8_b (LLK's "Bfp8" is BFP8a) */
    TFMT_BFP4 = 0x7,
    TFMT_INT32 = 0x8,
    TFMT_INT16 = 0x9, /* LLK UInt16: opaque 16 bits */
    TFMT_FP8 = 0xA,   /* e5m2, LLK Lf8 */
    TFMT_BFP2A = 0xB,
    TFMT_INT8 = 0xE,
    TFMT_BFP2 = 0xF,
} TfmtFormat;
#define TFMT_CODES 16

int tfmt_valid(uint32_t code);          /* one of the 14 assigned 4-bit codes */
const char *tfmt_name(uint32_t code);   /* "BFP8a", ...; "reserved" for 12, 13, >15 */
uint32_t tfmt_datum_bits(TfmtFormat f); /* 32, 16, 8, 4 or 2 */
int tfmt_is_bfp(TfmtFormat f);          /* BFP8/4/2 and their 'a' variants */
int tfmt_is_bfp_a(TfmtFormat f);        /* 5-bit shared exponent */
int tfmt_is_float(TfmtFormat f);        /* not INT32/INT16/INT8 */
/* ceil(n / 16) exponent bytes rounded up to 16 bytes; 0 for non-BFP formats */
uint32_t tfmt_exp_section_bytes(TfmtFormat f, uint32_t n_datums);
uint32_t tfmt_data_section_bytes(TfmtFormat f, uint32_t n_datums); /* ceil(n * bits / 8) */
/* datum `index` of a data section (little-endian bits) */
uint32_t tfmt_read_datum(TfmtFormat f, const uint8_t *data, uint32_t index);
void tfmt_write_datum(TfmtFormat f, uint8_t *data, uint32_t index, uint32_t bits);

/* ---- scalar conversions shared by both sides (documented routines, exact) */
uint16_t tfmt_bfp8_to_bf16(uint8_t datum, uint8_t exp);
/* *undefined set to 1 if the normalised exponent does not fit in 5 bits (then masked) */
uint16_t tfmt_bfp8a_to_fp16(uint8_t datum, uint8_t exp, int *undefined);
/* 8-bit -> 5-bit exponent narrowing (see "Not modeled" above for the choices) */
uint16_t tfmt_fp32_to_fp16(uint32_t fp32);

/* ---- unpack */
typedef struct TfmtUnpack {
    uint8_t in;            /* TfmtFormat: InDataFormat */
    uint8_t out;           /* TfmtFormat: OutDataFormat */
    uint8_t to_dst;        /* Unpacker 0 writing Dst rather than SrcA */
    uint8_t int8_unsigned; /* ALU_FORMAT_SPEC_REG0_SrcAUnsigned / SrcBUnsigned */
    uint8_t force_exp;     /* REG2_Force_shared_exp: BFP datums use forced_exp */
    uint8_t forced_exp;    /* FORCED_SHARED_EXP_shared_exp */
} TfmtUnpack;

/* the documented (In, Out) pairs for Src or Dst; the unit reports others as a guest error */
int tfmt_unpack_legal(uint32_t in, uint32_t out, int to_dst);
int tfmt_unpack_dst32(uint32_t out); /* unpack-to-Dst writes Dst32 (FP32/TF32/INT32) */
/* one datum; *undefined as tfmt_bfp8a_to_fp16. BH_ASSERT on an illegal pair. */
uint32_t tfmt_unpack_datum(const TfmtUnpack *u, uint32_t bits, uint8_t exp, int *undefined);
/* datums first .. first + n - 1 of the data section `data` (exps: the exponent section, unused
 * when !BFP or force_exp) into out[0 .. n-1]. Returns the count of undefined datums. */
uint32_t tfmt_unpack_row(const TfmtUnpack *u, const uint8_t *data, const uint8_t *exps,
                         uint32_t first, uint32_t n, uint32_t *out);

/* ---- pack */
typedef struct TfmtPackCfg {
    uint8_t read_32b;       /* PCK_DEST_RD_CTRL_Read_32b_data */
    uint8_t round_10b_mant; /* PCK_DEST_RD_CTRL_Round_10b_mant */
    uint8_t read_raw;       /* PCK_DEST_RD_CTRL_Read_int8 */
    uint8_t read_unsigned;  /* PCK_DEST_RD_CTRL_Read_unsigned */
    uint8_t shift_amount;   /* low 5 bits of ShiftAmount (INT_DESCALE), 0 when disabled */
    uint8_t inter;          /* IntermediateFormat (ALU_FORMAT_SPEC_REG2_Dstacc or override) */
    uint8_t late_from;      /* packer In_data_format */
    uint8_t late_to;        /* packer Out_data_format: the L1 format */
} TfmtPackCfg;

/* TfmtPack.family: what an intermediate value (between the early and the late conversion) is.
 * F8: FP32 bit pattern; F5: FP16 bit pattern (exponent 31 is an ordinary value); I32: INT32
 * sign-magnitude; I16: 16 opaque bits; I8: INT8 sign-magnitude, or UINT8 when int_unsigned.
 * RAW32 only appears inside tfmt_pack_plan(). */
enum { TFMT_FAM_F8, TFMT_FAM_F5, TFMT_FAM_I32, TFMT_FAM_I16, TFMT_FAM_I8, TFMT_FAM_RAW32 };

/* the decoded conversion; fields other than family and int_unsigned are tile_format_pack.c's
 * business */
typedef struct TfmtPack {
    uint8_t dst_kind; /* how a Dst datum is read (TFMT_FP32 for any 32-bit read, BF16, FP16,
                         INT16, INT8 for the 16-bit "sign only" read) */
    uint8_t early;    /* early operation (EARLY_* in tile_format_pack.c) */
    uint8_t family;   /* family of the intermediate value */
    uint8_t out;      /* TfmtFormat of L1 */
    uint8_t late_from;
    uint8_t int_unsigned;
    uint8_t shift;
} TfmtPack;

BhStatus tfmt_pack_plan(const TfmtPackCfg *c, TfmtPack *p, char *why, size_t why_len);
/* dst[i]: a Dst32 datum (srcdst.h layout) for 32-bit reads, else a Dst16 datum. Writes datum i
 * of the row at bit i * datum_bits of `data` (whole bytes covering the row are rewritten) and,
 * for BFP outputs, exps[g] for each group g of 16 datums (a shorter last group is allowed). */
void tfmt_pack_row(const TfmtPack *p, const uint32_t *dst, uint32_t n, uint8_t *data,
                   uint8_t *exps);
/* the late conversion alone: n intermediate values (tfmt_pack_early() results, possibly changed
 * by the packer's ReLU / masking stages) into `data` and, for BFP, exps[g] per group of 16 */
void tfmt_pack_late(const TfmtPack *p, const uint32_t *vals, uint32_t n, uint8_t *data,
                    uint8_t *exps);
/* the early conversion of one datum, for the unit's ReLU/threshold stages and for tests:
 * FP32 bit pattern (8-bit exponent family), FP16 bits (5-bit family) or sign-magnitude int */
uint32_t tfmt_pack_early(const TfmtPack *p, uint32_t datum);

#ifdef __cplusplus
}
#endif
#endif
