// SPDX-License-Identifier: Apache-2.0
/* Unpackers, packer and ADCs inside the coprocessor, on the real L1 model: a BF16 32x32 tile
 * (tt-metal layout: four 16x16 faces, row-major inside a face) unpacked face by face into
 * SrcA and SrcB and checked datum by datum against the bytes placed in L1; Dst packed back to
 * L1 with the LLK's PACR sequence and checked against the Dst values; an L1 -> Dst -> L1 round
 * trip; the bandwidth tiers' cycle floors; and a format pair the hardware cannot convert,
 * named in the stop message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/tile/tensix/tensix_core.h"
#include "model/tile/tensix/tensix_isa.h"
#include "tests/check.h"
#include "tests/unit/tile/tensix_rig.h"

enum { FMT_BF16 = 5, FMT_FP32 = 0, FMT_FP16 = 1, A_ADDR = 0x10000, C_ADDR = 0x20000 };

/* a BF16 value of element (i, j) of a 32x32 matrix; all distinct, all normal */
static uint16_t bf16_of(uint32_t seed, uint32_t i, uint32_t j)
{
    uint32_t k = (seed * 1024 + i * 32 + j) * 2654435761u;
    return (uint16_t)(((k >> 16) & 0x807F) | (uint32_t)(0x3C + (k % 8)) << 7);
}

/* the tile in tt-metal's layout: face f = (i / 16) * 2 + j / 16, row-major inside */
static void place_tile(Rig *r, uint32_t addr, uint32_t seed)
{
    uint16_t t[1024];
    for (uint32_t i = 0; i < 32; i++)
        for (uint32_t j = 0; j < 32; j++)
            t[((i / 16) * 2 + j / 16) * 256 + (i % 16) * 16 + j % 16] = bf16_of(seed, i, j);
    CHECK_OK(l1_debug_write(&r->l1, addr, t, sizeof t));
}

static uint32_t unpacr(uint32_t which, uint32_t incr, uint32_t flip)
{
    return TENSIX_WORD(UNPACR) | TENSIX_PUT(UNPACR, UNPACK_BLOCK_SELECTION, which) |
           TENSIX_PUT(UNPACR, ADDR_MODE, incr) | TENSIX_PUT(UNPACR, SET_DAT_VALID, flip);
}

static uint32_t setadcxx(uint32_t sets, uint32_t x_end, uint32_t x_start)
{
    return TENSIX_WORD(SETADCXX) | TENSIX_PUT(SETADCXX, CNT_SET_MASK, sets) |
           TENSIX_PUT(SETADCXX, X_END2, x_end) | TENSIX_PUT(SETADCXX, X_START, x_start);
}

static uint32_t setadczw_zero(uint32_t sets)
{
    return TENSIX_WORD(SETADCZW) | TENSIX_PUT(SETADCZW, CNT_SET_MASK, sets) |
           TENSIX_PUT(SETADCZW, BIT_MASK, 0xF);
}

/* one 16x16 face per UNPACR (XDim 256), Z of both channels +1 after each */
static void config_unpack(Rig *r, uint32_t which, uint32_t addr, uint32_t throttle)
{
    uint32_t sec = 48 * which; /* THCON_SEC1 = THCON_SEC0 + 48 words */
    uint32_t *cfg = r->core.cfg.cfg[0];
    cfg[TCFG_ADDR32_THCON_SEC0_REG0_TileDescriptor + sec] = FMT_BF16 | 1u << 4 | 256u << 16;
    cfg[TCFG_ADDR32_THCON_SEC0_REG0_TileDescriptor + sec + 1] = 1u | 4u << 16;
    cfg[TCFG_ADDR32_THCON_SEC0_REG3_Base_address + sec] = addr / 16 - 1; /* no tile header */
    cfg[TCFG_ADDR32_THCON_SEC0_REG2_Out_data_format + sec] = FMT_BF16 | throttle << 4;
    if (which == 0) { /* SrcA skips 4 rows of output address: start at row 4 */
        SET(UNP0_ADDR_BASE_REG_1_Base, 4 * 16 * 2);
        SET(UNP0_ADDR_CTRL_ZW_REG_1_Zstride, 256 * 2);
    } else {
        SET(UNP1_ADDR_CTRL_ZW_REG_1_Zstride, 256 * 2);
    }
}

static void test_unpack_tile_to_src(void)
{
    Rig *r = rig_new();
    place_tile(r, A_ADDR, 1);
    place_tile(r, A_ADDR + 0x1000, 2);
    config_unpack(r, 0, A_ADDR, 2);
    config_unpack(r, 1, A_ADDR + 0x1000, 2);
    rig_push(r, 0, setadcxx(3, 255, 0));
    rig_push(r, 0, setadczw_zero(3));
    for (uint32_t f = 0; f < 4; f++) {
        rig_push(r, 0, unpacr(0, 0x11, f == 3));
        rig_push(r, 0, unpacr(1, 0x11, f == 3));
    }
    rig_drain(r);
    CHECK_NO_ERROR(r);
    SrcDst *s = &r->core.regs;
    CHECK(src_matrix_may_read(s, SRC_A) && src_matrix_may_read(s, SRC_B));
    uint32_t bad = 0;
    for (uint32_t i = 0; i < 32; i++)
        for (uint32_t j = 0; j < 32; j++) {
            uint32_t f = (i / 16) * 2 + j / 16, row = f * 16 + i % 16, col = j % 16;
            bad += s->src[SRC_A][0].rows[row][col] != src_from_raw(SRC_BF16, bf16_of(1, i, j));
            bad += s->src[SRC_B][0].rows[row][col] != src_from_raw(SRC_BF16, bf16_of(2, i, j));
        }
    CHECK_EQ_U32(bad, 0);
    CHECK_EQ_U64(r->core.unp.stats[0].datums, 1024);
    CHECK_EQ_U64(r->core.unit_instructions[5], 4); /* unpack0 */
    CHECK_EQ_U64(r->core.unit_instructions[6], 4); /* unpack1 */
    rig_free(r);
}

/* ADDR_MOD_PACK words: Ysrc incr [3:0] clr 5, Ydst incr [9:6] clr 11, Zsrc incr 12 clr 13 */
static void config_pack(Rig *r, uint32_t addr, uint32_t in_fmt, uint32_t out_fmt)
{
    SET(THCON_SEC0_REG1_In_data_format, in_fmt);
    SET(THCON_SEC0_REG1_Out_data_format, out_fmt);
    SET(ALU_FORMAT_SPEC_REG2_Dstacc, in_fmt);
    SET(PCK0_ADDR_CTRL_XY_REG_0_Ystride, 16 * 2);
    SET(PCK0_ADDR_CTRL_ZW_REG_0_Zstride, 16 * 16 * 2);
    SET(THCON_SEC0_REG1_L1_Dest_addr, addr / 16 - 1);
    SET(PCK_EDGE_OFFSET_SEC0_mask, 0xFFFF); /* no edge masking (reset value 0 masks all) */
    uint16_t *t = r->core.cfg.thread_cfg[2];
    uint32_t am = tensix_cfg_thread_field_info(TCFG_T_ADDR_MOD_PACK_SEC0_YsrcIncr)->addr32;
    t[am + 0] = 4 | 4 << 6;                 /* next 4 rows */
    t[am + 1] = 1 << 5 | 1 << 11 | 1 << 13; /* end of tile: clear Y and Z */
    t[am + 2] = 1 << 5 | 4 << 6 | 1 << 12;  /* end of face: Y to 0, next face */
}

static void pack_tile(Rig *r)
{
    rig_push(r, 2, setadcxx(4, 15, 0));
    rig_push(r, 2, setadczw_zero(4));
    for (uint32_t f = 0; f < 4; f++)
        for (uint32_t k = 0; k < 4; k++) {
            uint32_t am = k < 3 ? 0 : f < 3 ? 2 : 1;
            rig_push(r, 2,
                     TENSIX_WORD(PACR) | TENSIX_PUT(PACR, ADDR_MODE, am) |
                         TENSIX_PUT(PACR, LAST, f == 3 && k == 3));
        }
}

static void test_pack_dst_to_l1(void)
{
    Rig *r = rig_new();
    config_pack(r, C_ADDR, FMT_BF16, FMT_BF16);
    for (uint32_t row = 0; row < 64; row++) {
        for (uint32_t c = 0; c < 16; c++) /* Dst row f*16 + i holds face f's row i */
            r->core.regs.dst[row][c] = dst16_from_raw(
                SRC_BF16, bf16_of(3, (row / 32) * 16 + row % 16, ((row / 16) % 2) * 16 + c));
        r->core.regs.dst_row_valid[row] = 1;
    }
    pack_tile(r);
    rig_drain(r);
    CHECK_NO_ERROR(r);
    uint16_t got[1024];
    CHECK_OK(l1_debug_read(&r->l1, C_ADDR, got, sizeof got));
    uint32_t bad = 0;
    for (uint32_t i = 0; i < 32; i++)
        for (uint32_t j = 0; j < 32; j++)
            bad += got[((i / 16) * 2 + j / 16) * 256 + (i % 16) * 16 + j % 16] != bf16_of(3, i, j);
    CHECK_EQ_U32(bad, 0);
    CHECK_EQ_U64(r->core.pack.stats.tiles, 1);
    uint32_t size = 0; /* PACKED_SIZE_T2 of packer 0: 2048 bytes = 128 units of 16 */
    CHECK_OK(tensix_core_mmio_read(&r->core, 2, 0xFFB11000u + 0x098, &size, r->now));
    CHECK_EQ_U32(size, 128);
    rig_free(r);
}

/* L1 -> Dst (unpack-to-Dst) -> L1 gives back the same bytes */
static void test_round_trip_through_dst(void)
{
    Rig *r = rig_new();
    place_tile(r, A_ADDR, 4);
    config_unpack(r, 0, A_ADDR, 2);
    SET(THCON_SEC0_REG2_Unpack_If_Sel, 1);
    config_pack(r, C_ADDR, FMT_BF16, FMT_BF16);
    rig_push(r, 0, setadcxx(1, 255, 0));
    rig_push(r, 0, setadczw_zero(1));
    for (uint32_t f = 0; f < 4; f++)
        rig_push(r, 0, unpacr(0, 0x11, 0));
    rig_drain(r);
    pack_tile(r);
    rig_drain(r);
    CHECK_NO_ERROR(r);
    uint8_t a[2048], c[2048];
    CHECK_OK(l1_debug_read(&r->l1, A_ADDR, a, sizeof a));
    CHECK_OK(l1_debug_read(&r->l1, C_ADDR, c, sizeof c));
    CHECK(memcmp(a, c, sizeof a) == 0);
    rig_free(r);
}

/* one face of BF16 is 512 bytes: x1 moves 16 B a cycle, x4 64 B */
static uint64_t face_cycles(uint32_t throttle, int both)
{
    Rig *r = rig_new();
    place_tile(r, A_ADDR, 5);
    place_tile(r, A_ADDR + 0x1000, 6);
    config_unpack(r, 0, A_ADDR, throttle);
    config_unpack(r, 1, A_ADDR + 0x1000, throttle);
    rig_push(r, 0, setadcxx(3, 255, 0));
    rig_push(r, 0, setadczw_zero(3));
    rig_drain(r);
    rig_push(r, 0, unpacr(0, 0, 0));
    if (both)
        rig_push(r, 1, unpacr(1, 0, 0));
    uint64_t t = rig_drain(r);
    CHECK_NO_ERROR(r);
    rig_free(r);
    return t;
}

static void test_bandwidth_tiers(void)
{
    uint64_t x1 = face_cycles(0, 0), x2 = face_cycles(1, 0), x4 = face_cycles(2, 0);
    uint64_t x4_both = face_cycles(2, 1);
    CHECK(x1 >= 32 && x2 >= 16 && x4 >= 8); /* never above the tier's rate */
    CHECK(x4 < x2 && x2 < x1);
    CHECK(x4_both >= x4); /* the shared ports can only slow the pair down */
}

static void test_illegal_conversion_stops(void)
{
    Rig *r = rig_new();
    config_unpack(r, 0, A_ADDR, 2);
    r->core.cfg.cfg[0][TCFG_ADDR32_THCON_SEC0_REG2_Out_data_format] = FMT_FP16 | 2 << 4;
    rig_push(r, 0, setadcxx(1, 255, 0));
    rig_push(r, 0, unpacr(0, 0, 0));
    for (int i = 0; i < 50 && !r->core.failed; i++)
        tick(r);
    CHECK(r->core.failed);
    CHECK(strstr(r->core.error, "UNPACR") && strstr(r->core.error, "BF16") &&
          strstr(r->core.error, "FP16"));
    rig_free(r);
}

int main(void)
{
    RUN(test_unpack_tile_to_src);
    RUN(test_pack_dst_to_l1);
    RUN(test_round_trip_through_dst);
    RUN(test_bandwidth_tiers);
    RUN(test_illegal_conversion_stops);
    return check_failures();
}
