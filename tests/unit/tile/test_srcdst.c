// SPDX-License-Identifier: Apache-2.0
/* SrcA/SrcB/Dst: datum layouts against values worked out by hand from the encoding diagrams
 * (Bits32_Src_*, Bits32_Dst16_*, Bits32_Dst32_*), exhaustive round trips, the Dst32 row
 * mapping, and bank ownership as SrcASrcB.md, SETDVALID.md and CLEARDVALID.md describe it. */
#include <stdlib.h>
#include <string.h>
#include "model/tile/tensix/srcdst.h"
#include "tests/check.h"

/* -1.5 and 1.0 in each format, placed field by field from the diagrams */
static void test_src_layouts(void)
{
    CHECK_EQ_U32(src_from_raw(SRC_TF32, fp32_to_tf32_raw(0x3F800000u)), 0x7F); /* 1.0 */
    CHECK_EQ_U32(src_from_raw(SRC_TF32, fp32_to_tf32_raw(0xBFC00000u)),
                 1u << 18 | 0x200u << 8 | 0x7F); /* -1.5: sign, mantissa top bit, exponent */
    CHECK_EQ_U32(src_from_raw(SRC_BF16, 0xBFC0), 1u << 18 | 0x40u << 11 | 0x7F);
    CHECK_EQ_U32(src_from_raw(SRC_FP16, 0xBE00), 1u << 18 | 0x200u << 8 | 0x0F);
    CHECK_EQ_U32(src_from_raw(SRC_INT8, 1u << 10 | 5), 1u << 18 | 5u << 8 | 16);
    CHECK_EQ_U32(src_from_raw(SRC_INT8, 0), 0); /* raw exponent 0 when the magnitude is 0 */
    CHECK_EQ_U32(src_from_raw(SRC_INT16, 0xABCD), 1u << 18 | 0x2Bu << 11 | 0xCD);
    /* BF16 is TF32 with the low three mantissa bits zero: the same datum for the same value */
    for (uint32_t hi = 0; hi < 0x10000; hi += 7) {
        uint32_t f = hi << 16;
        CHECK_EQ_U32(src_from_raw(SRC_BF16, fp32_to_bf16_raw(f)),
                     src_from_raw(SRC_TF32, fp32_to_tf32_raw(f)));
    }
}

static void test_src_round_trips(void)
{
    uint32_t bad = 0;
    for (uint32_t raw = 0; raw < (1u << 19); raw++)
        bad += src_to_raw(SRC_TF32, src_from_raw(SRC_TF32, raw)) != raw ||
               src_from_raw(SRC_TF32, raw) >= (1u << 19);
    for (uint32_t raw = 0; raw < 0x10000; raw++) {
        bad += src_to_raw(SRC_BF16, src_from_raw(SRC_BF16, raw)) != raw;
        bad += src_to_raw(SRC_FP16, src_from_raw(SRC_FP16, raw)) != raw;
        bad += src_to_raw(SRC_INT16, src_from_raw(SRC_INT16, raw)) != raw;
        bad += (src_from_raw(SRC_BF16, raw) & 0x700) != 0; /* the bits the diagrams zero */
        bad += (src_from_raw(SRC_FP16, raw) & 0xE0) != 0;
    }
    for (uint32_t raw = 0; raw < 0x800; raw++)
        bad += src_to_raw(SRC_INT8, src_from_raw(SRC_INT8, raw)) != raw;
    CHECK_EQ_U32(bad, 0);
}

static void test_dst_layouts(void)
{
    CHECK_EQ_U32(dst16_from_raw(SRC_BF16, 0xBFC0), 0x8000 | 0x40 << 8 | 0x7F);
    CHECK_EQ_U32(dst16_from_raw(SRC_FP16, 0xBE00), 0x8000 | 0x200 << 5 | 0x0F);
    CHECK_EQ_U32(dst16_from_raw(SRC_INT8, 1u << 10 | 5), 0x8000 | 5 << 5 | 16);
    CHECK_EQ_U32(dst32_from_fp32(0xBFC00000u), 0xC07F0000u);
    CHECK_EQ_U32(dst32_from_fp32(0x40490FDBu), 0x49800FDBu); /* pi: mantissa split around e */
    CHECK_EQ_U32(dst32_from_int32_sm(0x12345678u), 0x34245678u);
    CHECK_EQ_U32(dst32_from_int32_sm(0x80000001u), 0x80000001u);
    uint32_t bad = 0;
    for (uint32_t raw = 0; raw < 0x10000; raw++) {
        bad += dst16_to_raw(SRC_BF16, dst16_from_raw(SRC_BF16, raw)) != raw;
        bad += dst16_to_raw(SRC_FP16, dst16_from_raw(SRC_FP16, raw)) != raw;
        bad += dst16_to_raw(SRC_INT16, dst16_from_raw(SRC_INT16, raw)) != raw;
        /* the high half of an FP32 datum is the BF16 datum of the FP32's high half */
        bad += dst32_from_fp32(raw << 16 | 0x1234) >> 16 != dst16_from_raw(SRC_BF16, raw);
    }
    for (uint32_t i = 0; i < 100000; i++) {
        uint32_t v = (uint32_t)rand() ^ (uint32_t)rand() << 16;
        bad += dst32_to_fp32(dst32_from_fp32(v)) != v;
        bad += dst32_to_int32_sm(dst32_from_int32_sm(v)) != v;
    }
    CHECK_EQ_U32(bad, 0);
}

/* Dst32b rows 0..511 use every DstBits row exactly once (high half at Adj, low at Adj + 8) */
static void test_dst32_rows(void)
{
    static uint8_t used[DST_ROWS16];
    memset(used, 0, sizeof used);
    for (uint32_t r = 0; r < DST_ROWS32; r++) {
        used[dst_adj32(r)]++;
        used[dst_adj32(r) + 8]++;
    }
    uint32_t bad = 0;
    for (uint32_t i = 0; i < DST_ROWS16; i++)
        bad += used[i] != 1;
    CHECK_EQ_U32(bad, 0);
    CHECK_EQ_U32(dst_adj32(8), 16);
    CHECK_EQ_U32(dst_adj32(0x200), 0x200); /* Row stays a 10-bit index */
    SrcDst *r = calloc(1, sizeof *r);
    srcdst_reset(r);
    dst32_write(r, 9, 3, 0xDEADBEEFu);
    CHECK_EQ_U32(r->dst[17][3], 0xDEAD);
    CHECK_EQ_U32(r->dst[25][3], 0xBEEF);
    CHECK_EQ_U32(dst32_read(r, 9, 3), 0xDEADBEEFu);
    free(r);
}

static void test_ownership(void)
{
    SrcDst *r = calloc(1, sizeof *r);
    srcdst_reset(r);
    CHECK(src_unpacker_may_write(r, SRC_A) && !src_matrix_may_read(r, SRC_A));
    src_set_dvalid(r, SRC_A); /* bank 0 to the matrix unit, unpacker 0 on to bank 1 */
    CHECK(src_matrix_may_read(r, SRC_A) && src_unpacker_may_write(r, SRC_A));
    CHECK(!src_matrix_may_read(r, SRC_B)); /* SrcB untouched */
    src_set_dvalid(r, SRC_A); /* bank 1 too: the unpacker is back on bank 0 and must wait */
    CHECK(!src_unpacker_may_write(r, SRC_A));
    src_clear_dvalid(r, SRC_A, 0); /* bank 0 back, the matrix unit moves to bank 1 */
    CHECK(src_unpacker_may_write(r, SRC_A) && src_matrix_may_read(r, SRC_A));
    src_clear_dvalid(r, SRC_A, 1); /* KeepReadingSameSrc: bank 1 back, pointer stays */
    CHECK(!src_matrix_may_read(r, SRC_A) && r->fpu_bank[SRC_A] == 1);
    src_set_dvalid(r, SRC_B);
    src_clear_dvalid_reset(r);
    CHECK(!src_matrix_may_read(r, SRC_B) && r->unpack_bank[SRC_B] == 0 && r->fpu_bank[SRC_A] == 0 &&
          src_unpacker_may_write(r, SRC_B));
    free(r);
}

int main(void)
{
    RUN(test_src_layouts);
    RUN(test_src_round_trips);
    RUN(test_dst_layouts);
    RUN(test_dst32_rows);
    RUN(test_ownership);
    return check_failures();
}
