// SPDX-License-Identifier: Apache-2.0
/* The packer inside the coprocessor, on the real L1 model. Every tile is packed with the LLK's
 * sequence (tt-llk tt_llk_blackhole/common/inc/cpack_common.h configure_pack / set_packer_config
 * / set_packer_strides, llk_lib/llk_pack.h: three address modes, 16 PACRs of four Dst rows on all
 * four read interfaces, Last on the final one) and every L1 byte of the tile, of the skipped
 * header slot and of the bytes after it is compared with bytes this file encodes itself from the
 * documents: Packers/FormatConversion.md (formats, BFP sharing and rounding), EdgeMasking.md,
 * ReLU.md, ExponentThresholding.md, Downsampling.md, OutputAddressGenerator.md (exponent section
 * first, the header slot). Also round trips L1 -> Dst (unpack-to-Dst) -> L1 and the named stops
 * for what the packer does not model. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/tile/tensix/tensix_core.h"
#include "model/tile/tensix/tensix_isa.h"
#include "tests/check.h"
#include "tests/unit/tile/tensix_rig.h"

enum { A_ADDR = 0x10000, C_ADDR = 0x20000, SENTINEL = 0xA5, SPAN = 4096 + 64 };
enum {
    F_FP32 = 0x0,
    F_FP16 = 0x1,
    F_BFP8A = 0x2,
    F_BFP4A = 0x3,
    F_BF16 = 0x5,
    F_BFP8 = 0x6,
    F_BFP4 = 0x7,
    F_INT32 = 0x8,
    F_INT16 = 0x9,
    F_BFP2A = 0xB,
    F_INT8 = 0xE,
    F_BFP2 = 0xF,
};

static uint32_t hash(uint32_t seed, uint32_t t)
{
    uint32_t k = (seed * 4099u + t + 1) * 2654435761u;
    return k ^ k >> 15;
}

/* ------------------------------------------------------------------ the LLK sequence */

static uint32_t bytes_of(uint32_t fmt)
{
    return (fmt & 3) == 0 ? 4 : (fmt & 3) == 1 ? 2 : 1;
}

/* configure_pack for a 32x32 tile from Dst format `src` to L1 format `dst` at C_ADDR */
static void llk_pack_config(Rig *r, uint32_t src, uint32_t dst, int read32, int uint8)
{
    uint32_t xs = bytes_of(src);
    SET(THCON_SEC0_REG1_Exp_section_size, dst == F_INT8 ? 0 : 4); /* num_faces, 0 for INT8 */
    SET(THCON_SEC0_REG1_Disable_zero_compress, 1);
    SET(THCON_SEC0_REG1_Out_data_format, dst);
    SET(THCON_SEC0_REG1_In_data_format, src);
    SET(ALU_FORMAT_SPEC_REG2_Dstacc, src);
    SET(PCK_DEST_RD_CTRL_Read_32b_data, read32);
    SET(PCK_DEST_RD_CTRL_Read_int8, !read32 && src == F_INT8);
    SET(PCK_DEST_RD_CTRL_Read_unsigned, uint8);
    SET(PCK0_ADDR_CTRL_XY_REG_0_Ystride, 16 * xs);
    SET(PCK0_ADDR_CTRL_ZW_REG_0_Zstride, 16 * 16 * xs);
    SET(PCK0_ADDR_CTRL_ZW_REG_0_Wstride, 4 * 256 * xs);
    SET(PACK_COUNTERS_SEC0_pack_reads_per_xy_plane, 16);
    SET(PCK_EDGE_OFFSET_SEC0_mask, 0xFFFF);
    SET(THCON_SEC0_REG1_L1_Dest_addr, 1u << 31 | (C_ADDR / 16 - 1)); /* program_packer_dest. */
    uint16_t *t = r->core.cfg.thread_cfg[2];
    uint32_t am = tensix_cfg_thread_field_info(TCFG_T_ADDR_MOD_PACK_SEC0_YsrcIncr)->addr32;
    t[am + 0] = 4 | 4 << 6;                 /* ADDR_MOD_0: y_src += 4, y_dst += 4 */
    t[am + 1] = 1 << 5 | 1 << 11 | 1 << 13; /* ADDR_MOD_1: clear y_src, y_dst, z_src */
    t[am + 2] = 1 << 5 | 4 << 6 | 1 << 12;  /* ADDR_MOD_2: clear y_src, y_dst += 4, z_src++ */
    uint8_t fill[SPAN + 64];
    memset(fill, SENTINEL, sizeof fill);
    CHECK_OK(l1_debug_write(&r->l1, C_ADDR - 32, fill, sizeof fill));
}

static void llk_pack_tile(Rig *r)
{
    rig_push(r, 2,
             TENSIX_WORD(SETADCXX) | TENSIX_PUT(SETADCXX, CNT_SET_MASK, 4) |
                 TENSIX_PUT(SETADCXX, X_END2, 15));
    rig_push(r, 2,
             TENSIX_WORD(SETADCZW) | TENSIX_PUT(SETADCZW, CNT_SET_MASK, 4) |
                 TENSIX_PUT(SETADCZW, BIT_MASK, 0xF));
    for (uint32_t f = 0; f < 4; f++)
        for (uint32_t k = 0; k < 4; k++)
            rig_push(r, 2,
                     TENSIX_WORD(PACR) |
                         TENSIX_PUT(PACR, ADDR_MODE,
                                    k < 3   ? 0
                                    : f < 3 ? 2
                                            : 1) |
                         TENSIX_PUT(PACR, LAST, f == 3 && k == 3));
    rig_drain(r);
}

/* datum t = f * 256 + i * 16 + c of the tile sits in Dst row f * 16 + i, column c */
static void dst16_put(Rig *r, uint32_t t, SrcFmt fmt, uint32_t raw)
{
    r->core.regs.dst[t / 16][t % 16] = dst16_from_raw(fmt, raw);
    r->core.regs.dst_row_valid[t / 16] = 1;
}

static void dst32_put(Rig *r, uint32_t t, uint32_t datum)
{
    uint32_t row = t / 16;
    dst32_write(&r->core.regs, row, t % 16, datum);
    r->core.regs.dst_row_valid[dst_adj32(row)] = r->core.regs.dst_row_valid[dst_adj32(row) + 8] = 1;
}

static uint32_t tdma(Rig *r, uint32_t off)
{
    uint32_t v = 0;
    CHECK_OK(tensix_core_mmio_read(&r->core, 2, 0xFFB11000u + off, &v, r->now));
    return v;
}

/* the tile's bytes, the header slot and what follows the tile against want[0 .. n) */
static uint32_t compare_tile(Rig *r, const uint8_t *want, uint32_t n)
{
    static uint8_t got[SPAN + 32];
    CHECK_OK(l1_debug_read(&r->l1, C_ADDR - 16, got, n + 32));
    uint32_t bad = 0;
    for (uint32_t k = 0; k < 16; k++)
        bad += got[k] != SENTINEL; /* the header slot: skipped, never written */
    for (uint32_t k = 0; k < n; k++)
        bad += got[16 + k] != want[k];
    for (uint32_t k = n; k < n + 16; k++)
        bad += got[16 + k] != SENTINEL;
    return bad;
}

/* ------------------------------------------------------------------ encoders (the documents) */

static double bf16_value(uint32_t b)
{
    uint32_t bits = b << 16;
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

/* Tensix FP16: exponent 31 is an ordinary exponent */
static double fp16_value(uint32_t h)
{
    uint32_t e = h >> 10 & 31, m = h & 0x3FF;
    double v = e ? ldexp(1024 + m, (int)e - 25) : ldexp(m, -24);
    return h & 0x8000 ? -v : v;
}

static void put_bits(uint8_t *data, uint32_t index, uint32_t bits, uint32_t v)
{
    for (uint32_t b = 0; b < bits; b++)
        if (v >> b & 1)
            data[(index * bits + b) / 8] |= (uint8_t)(1u << ((index * bits + b) % 8));
}

/* FormatConversion.md's BFP rows: each datum as sign, exponent and 1.mmmmmmm (BF16, or E5M7
 * for the 'a' formats); the group shares the largest exponent; magnitudes are scaled to it and
 * rounded to 7 bits, to nearest with ties away from zero (saturating at 127); BFP4/BFP2 keep
 * the top 3/1 bits. A magnitude of 0 is written as +0. */
static uint8_t bfp_group(const uint32_t *sign, const uint32_t *e, const uint32_t *m, uint32_t bits,
                         uint8_t *data, uint32_t first)
{
    uint32_t emax = 0;
    for (uint32_t k = 0; k < 16; k++)
        emax = e[k] > emax ? e[k] : emax;
    for (uint32_t k = 0; k < 16; k++) {
        uint32_t mag = 0;
        if (e[k]) {
            double x = (128 + m[k]) * ldexp(1, (int)e[k] - (int)emax - 1);
            mag = (uint32_t)floor(x + 0.5);
            mag = (mag > 127 ? 127 : mag) >> (8 - bits);
        }
        put_bits(data, first + k, bits, mag ? sign[k] << (bits - 1) | mag : 0);
    }
    return (uint8_t)emax;
}

/* the L1 tile of 1024 datums given as BF16 (8-bit exponent) or FP16 (5-bit) patterns */
static uint32_t encode_bfp(const uint32_t *v, int five_bit, uint32_t bits, uint8_t *out)
{
    memset(out, 0, 64 + 1024);
    for (uint32_t g = 0; g < 64; g++) {
        uint32_t s[16], e[16], m[16];
        for (uint32_t k = 0; k < 16; k++) {
            uint32_t x = v[g * 16 + k];
            s[k] = x >> 15 & 1;
            e[k] = five_bit ? x >> 10 & 31 : x >> 7 & 0xFF;
            m[k] = five_bit ? x >> 3 & 0x7F : x & 0x7F;
        }
        out[g] = bfp_group(s, e, m, bits, out + 64, g * 16);
    }
    return 64 + 1024 * bits / 8;
}

/* ------------------------------------------------------------------ formats */

typedef struct FormatCase {
    const char *name;
    uint32_t src, dst;
    int read32, uint8;
} FormatCase;

static uint32_t bf16_gen(uint32_t seed, uint32_t t)
{
    uint32_t h = hash(seed, t);
    if (h % 37 == 0)
        return 0;
    return (h >> 16 & 0x807F) | (0x78 + h % 16) << 7;
}

static uint32_t fp16_gen(uint32_t seed, uint32_t t)
{
    uint32_t h = hash(seed, t);
    if (h % 37 == 0)
        return 0;
    return (h >> 16 & 0x83FF) | (8 + h % 16) << 10;
}

/* fills Dst for the case and writes the documented L1 tile to want; returns its size */
static uint32_t prepare(Rig *r, const FormatCase *fc, uint8_t *want)
{
    static uint32_t v[1024];
    uint32_t n = 0;
    memset(want, 0, SPAN);
    for (uint32_t t = 0; t < 1024; t++) {
        uint32_t h = hash(7, t), sm = (h & 0x80000000u) | (h >> 1 & 0x7FFFFFFFu);
        switch (fc->src) {
        case F_FP32: /* normal FP32; BFP outputs see the top 16 bits (truncation to BF16) */
            v[t] = (h & 0x807FFFFFu) | (100 + h % 50) << 23;
            dst32_put(r, t, dst32_from_fp32(v[t]));
            memcpy(want + 4 * t, &v[t], 4);
            v[t] >>= 16;
            break;
        case F_INT32:
            dst32_put(r, t, dst32_from_int32_sm(sm));
            memcpy(want + 4 * t, &sm, 4);
            break;
        case F_INT8: { /* INT32 in Dst, INT8 by saturation (shift 0) or UINT8 */
            uint32_t mag = h % 400, neg = h >> 31 && mag;
            dst32_put(r, t, dst32_from_int32_sm(neg << 31 | mag));
            if (fc->uint8)
                want[t] = neg ? 0 : (uint8_t)(mag > 255 ? 255 : mag);
            else
                want[t] = (uint8_t)(mag ? neg << 7 | (mag > 127 ? 127 : mag) : 0);
            break;
        }
        case F_INT16:
            dst16_put(r, t, SRC_INT16, h & 0xFFFF);
            want[2 * t] = (uint8_t)h, want[2 * t + 1] = (uint8_t)(h >> 8);
            break;
        default: /* BF16 or FP16 in Dst16 */
            v[t] = fc->src == F_FP16 ? fp16_gen(7, t) : bf16_gen(7, t);
            dst16_put(r, t, fc->src == F_FP16 ? SRC_FP16 : SRC_BF16, v[t]);
            want[2 * t] = (uint8_t)v[t], want[2 * t + 1] = (uint8_t)(v[t] >> 8);
        }
    }
    switch (fc->dst) {
    case F_BFP8:
    case F_BFP8A:
        n = encode_bfp(v, fc->dst == F_BFP8A, 8, want);
        break;
    case F_BFP4:
    case F_BFP4A:
        n = encode_bfp(v, fc->dst == F_BFP4A, 4, want);
        break;
    case F_BFP2:
    case F_BFP2A:
        n = encode_bfp(v, fc->dst == F_BFP2A, 2, want);
        break;
    default:
        n = 1024 * bytes_of(fc->dst);
    }
    return n;
}

static void test_output_formats(void)
{
    static const FormatCase cases[] = {
        {"FP32", F_FP32, F_FP32, 1, 0},      {"FP16", F_FP16, F_FP16, 0, 0},
        {"BF16", F_BF16, F_BF16, 0, 0},      {"BFP8", F_BF16, F_BFP8, 0, 0},
        {"BFP8 fp32", F_FP32, F_BFP8, 1, 0}, {"BFP8a", F_FP16, F_BFP8A, 0, 0},
        {"BFP4", F_BF16, F_BFP4, 0, 0},      {"BFP4a", F_FP16, F_BFP4A, 0, 0},
        {"BFP2", F_BF16, F_BFP2, 0, 0},      {"BFP2a", F_FP16, F_BFP2A, 0, 0},
        {"INT32", F_INT32, F_INT32, 1, 0},   {"INT16", F_INT16, F_INT16, 0, 0},
        {"INT8", F_INT8, F_INT8, 1, 0},      {"UINT8", F_INT8, F_INT8, 1, 1},
    };
    static uint8_t want[SPAN];
    for (uint32_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const FormatCase *fc = &cases[k];
        Rig *r = rig_new();
        llk_pack_config(r, fc->src, fc->dst, fc->read32, fc->uint8);
        uint32_t n = prepare(r, fc, want);
        llk_pack_tile(r);
        CHECK_NO_ERROR(r);
        uint32_t bad = compare_tile(r, want, n);
        if (bad)
            fprintf(stderr, "  %s: %u bytes differ\n", fc->name, bad);
        CHECK_EQ_U32(bad, 0);
        CHECK_EQ_U32(tdma(r, 0x098), n / 16);          /* PACKED_SIZE_T2 */
        CHECK_EQ_U32(tdma(r, 0x09C) & 0xFFFF, n / 16); /* ACC_PACKED_SIZE_T2 */
        rig_free(r);
    }
}

/* ------------------------------------------------------------------ datum stages */

/* BF16 -> BF16 tile, Dst value of datum t from bf16_gen(seed, t), sign mixed */
static Rig *bf16_rig(uint32_t seed)
{
    Rig *r = rig_new();
    llk_pack_config(r, F_BF16, F_BF16, 0, 0);
    for (uint32_t t = 0; t < 1024; t++)
        dst16_put(r, t, SRC_BF16, bf16_gen(seed, t));
    return r;
}

static uint32_t compare_bf16(Rig *r, const uint16_t *want)
{
    uint8_t w[2048];
    for (uint32_t t = 0; t < 1024; t++)
        w[2 * t] = (uint8_t)want[t], w[2 * t + 1] = (uint8_t)(want[t] >> 8);
    return compare_tile(r, w, sizeof w);
}

static const uint32_t k_row_map[4] = {0x1B1B1B1Bu, 0x55555555u, 0xE4E4E4E4u, 0};
static const uint16_t k_masks[4] = {0xFFFF, 0x00FF, 0x8001, 0x0000};

/* EdgeMasking.md with the LLK sequence: the tile position generator counts 16 datums per read
 * interface, so Y is the row inside the face (pack_reads_per_xy_plane 16) and Z the face. */
static void edge_case(int ninf, int faces)
{
    Rig *r = bf16_rig(11);
    uint32_t *cfg = r->core.cfg.cfg[0];
    for (uint32_t k = 0; k < 4; k++) {
        cfg[TCFG_ADDR32_TILE_ROW_SET_MAPPING_0_row_set_mapping_0 + k] = k_row_map[k];
        cfg[TCFG_ADDR32_PCK_EDGE_OFFSET_SEC0_mask + k] = k_masks[k];
    }
    SET(PCK_EDGE_MODE_mode, ninf);
    SET(PCK_EDGE_TILE_ROW_SET_SELECT_select, 0x24); /* interfaces 0..3 -> sets 0, 1, 2, 0 */
    uint32_t face_map = 0x4E; /* faces (ZOffset + Z) 0..3 -> row sets 2, 3, 0, 1 */
    if (faces) {
        SET(PCK_EDGE_TILE_FACE_SET_SELECT_enable, 1);
        SET(PCK_EDGE_TILE_FACE_SET_SELECT_select, 0x55); /* every interface: mapping 1 */
        SET(DEST_TARGET_REG_CFG_PACK_SEC0_ZOffset, 1);
        cfg[TCFG_ADDR32_TILE_FACE_SET_MAPPING_0_face_set_mapping_0 + 1] = face_map;
        llk_pack_tile(r); /* Last restarts the position generator: a second tile is the same */
    }
    llk_pack_tile(r);
    CHECK_NO_ERROR(r);
    uint16_t want[1024];
    uint32_t masked = 0;
    for (uint32_t t = 0; t < 1024; t++) {
        uint32_t f = t / 256, i = t / 16 % 16, c = t % 16, intf = i % 4;
        uint32_t b = faces ? face_map >> (2 * ((1 + f) & 15)) & 3 : 0x24u >> (2 * intf) & 3;
        uint32_t sel = k_row_map[b] >> (2 * i) & 3, keep = k_masks[sel] >> c & 1;
        want[t] = (uint16_t)(keep ? bf16_gen(11, t) : ninf ? 0xFF80 : 0);
        masked += !keep;
    }
    CHECK(masked > 100 && masked < 900);
    CHECK_EQ_U32(compare_bf16(r, want), 0);
    rig_free(r);
}

static void test_edge_masking(void)
{
    edge_case(0, 0);
    edge_case(1, 0);
    edge_case(0, 1);
}

/* ReLU.md: the threshold is BF16 (an FP32 intermediate's top half) or FP16 */
static uint32_t relu_ref(uint32_t mode, uint32_t x, uint32_t thr, int fp16)
{
    double v = fp16 ? fp16_value(x) : bf16_value(x), t = fp16 ? fp16_value(thr) : bf16_value(thr);
    if (mode == 1)
        return v <= 0 ? 0 : x;
    if (mode == 2)
        return v <= t ? 0 : x;
    return v <= 0 ? 0 : v > t ? thr : x;
}

static void relu_case(uint32_t mode, uint32_t thr, int fp16)
{
    Rig *r = rig_new();
    uint32_t f = fp16 ? F_FP16 : F_BF16;
    llk_pack_config(r, f, f, 0, 0);
    for (uint32_t t = 0; t < 1024; t++)
        dst16_put(r, t, fp16 ? SRC_FP16 : SRC_BF16, fp16 ? fp16_gen(3, t) : bf16_gen(3, t));
    SET(STACC_RELU_ApplyRelu, mode);
    SET(STACC_RELU_ReluThreshold, thr);
    llk_pack_tile(r);
    CHECK_NO_ERROR(r);
    uint16_t want[1024];
    uint32_t changed = 0;
    for (uint32_t t = 0; t < 1024; t++) {
        uint32_t x = fp16 ? fp16_gen(3, t) : bf16_gen(3, t);
        want[t] = (uint16_t)relu_ref(mode, x, thr, fp16);
        changed += want[t] != x;
    }
    CHECK(changed > 100);
    CHECK_EQ_U32(compare_bf16(r, want), 0);
    rig_free(r);
}

static void test_relu(void)
{
    relu_case(1, 0, 0);
    relu_case(2, 0x3F80, 0); /* BF16 1.0 */
    relu_case(3, 0x3FC0, 0); /* BF16 1.5 */
    relu_case(3, 0x3E00, 1); /* FP16 1.5 */
    relu_case(2, 0x3C00, 1); /* FP16 1.0 */
}

/* ExponentThresholding.md: exponent below Exp_threshold -> 0; FP16's 5-bit exponent is
 * compared zero-extended */
static void threshold_case(int fp16, uint32_t thr)
{
    Rig *r = rig_new();
    uint32_t f = fp16 ? F_FP16 : F_BF16;
    llk_pack_config(r, f, f, 0, 0);
    for (uint32_t t = 0; t < 1024; t++)
        dst16_put(r, t, fp16 ? SRC_FP16 : SRC_BF16, fp16 ? fp16_gen(5, t) : bf16_gen(5, t));
    SET(THCON_SEC0_REG1_Exp_threshold_en, 1);
    SET(THCON_SEC0_REG1_Exp_threshold, thr);
    llk_pack_tile(r);
    CHECK_NO_ERROR(r);
    uint16_t want[1024];
    uint32_t zeroed = 0;
    for (uint32_t t = 0; t < 1024; t++) {
        uint32_t x = fp16 ? fp16_gen(5, t) : bf16_gen(5, t), e = fp16 ? x >> 10 & 31 : x >> 7 & 255;
        want[t] = (uint16_t)(e < thr ? 0 : x);
        zeroed += x && e < thr;
    }
    CHECK(zeroed > 100);
    CHECK_EQ_U32(compare_bf16(r, want), 0);
    rig_free(r);
}

static void test_exponent_threshold(void)
{
    threshold_case(0, 0x80);
    threshold_case(1, 15);
}

/* Downsampling.md: each interface's 16 datums pass the rotating mask; 0x5555 keeps even ones */
static void test_downsampling(void)
{
    Rig *r = bf16_rig(9);
    SET(THCON_SEC0_REG1_Downsample_mask, 0x5555);
    llk_pack_tile(r);
    CHECK_NO_ERROR(r);
    uint16_t want[512];
    for (uint32_t k = 0; k < 512; k++)
        want[k] = (uint16_t)bf16_gen(9, k * 2);
    uint8_t w[1024];
    for (uint32_t k = 0; k < 512; k++)
        w[2 * k] = (uint8_t)want[k], w[2 * k + 1] = (uint8_t)(want[k] >> 8);
    CHECK_EQ_U32(compare_tile(r, w, sizeof w), 0);
    CHECK_EQ_U32(tdma(r, 0x098), 64);
    rig_free(r);
}

/* the BFP group of 16 is formed from the datum stream, not per PACR: two PACRs of 8 datums
 * (one interface, ADC X 0..7) share one exponent, the larger one coming from the second */
static void test_bfp_group_spans_pacrs(void)
{
    Rig *r = rig_new();
    llk_pack_config(r, F_BF16, F_BFP8, 0, 0);
    SET(THCON_SEC0_REG1_Exp_section_size, 1);
    uint32_t s[16], e[16], m[16];
    for (uint32_t k = 0; k < 16; k++) {
        uint32_t h = hash(31, k), row = k < 8 ? 0 : 4, b;
        b = (h >> 16 & 0x807F) | (k < 8 ? 120 + h % 4 : 126 + h % 4) << 7;
        dst16_put(r, row * 16 + k % 8, SRC_BF16, b);
        s[k] = b >> 15, e[k] = b >> 7 & 0xFF, m[k] = b & 0x7F;
    }
    uint8_t want[32] = {0};
    want[0] = bfp_group(s, e, m, 8, want + 16, 0);
    rig_push(r, 2,
             TENSIX_WORD(SETADCXX) | TENSIX_PUT(SETADCXX, CNT_SET_MASK, 4) |
                 TENSIX_PUT(SETADCXX, X_END2, 7));
    rig_push(r, 2,
             TENSIX_WORD(SETADCZW) | TENSIX_PUT(SETADCZW, CNT_SET_MASK, 4) |
                 TENSIX_PUT(SETADCZW, BIT_MASK, 0xF));
    uint32_t pacr = TENSIX_WORD(PACR) | TENSIX_PUT(PACR, READ_INTF_SEL, 1);
    rig_push(r, 2, pacr);
    rig_push(r, 2, pacr | TENSIX_PUT(PACR, LAST, 1));
    rig_drain(r);
    CHECK_NO_ERROR(r);
    CHECK(want[0] >= 126);
    CHECK_EQ_U32(compare_tile(r, want, sizeof want), 0);
    CHECK_EQ_U32(tdma(r, 0x098), 2);
    rig_free(r);
}

/* ------------------------------------------------------------------ round trips */

/* L1 -> Dst with unpacker 0 (Unpack_If_Sel), one face per UNPACR, then the LLK pack back */
static void round_trip(uint32_t fmt, uint32_t dst_fmt, int read32, const uint8_t *tile, uint32_t n)
{
    Rig *r = rig_new();
    CHECK_OK(l1_debug_write(&r->l1, A_ADDR, tile, n));
    uint32_t *cfg = r->core.cfg.cfg[0], ob = bytes_of(dst_fmt == F_FP32 ? F_FP32 : fmt);
    ob = tfmt_is_bfp((TfmtFormat)fmt) ? 1 : ob;
    cfg[TCFG_ADDR32_THCON_SEC0_REG0_TileDescriptor] = fmt | 1u << 4 | 256u << 16;
    cfg[TCFG_ADDR32_THCON_SEC0_REG0_TileDescriptor + 1] = 1u | 4u << 16;
    cfg[TCFG_ADDR32_THCON_SEC0_REG3_Base_address] = A_ADDR / 16 - 1;
    cfg[TCFG_ADDR32_THCON_SEC0_REG2_Out_data_format] = fmt | 2u << 4;
    SET(THCON_SEC0_REG2_Unpack_If_Sel, 1);
    SET(UNP0_ADDR_BASE_REG_1_Base, 4 * 16 * ob); /* Dst row = output row - 4 */
    SET(UNP0_ADDR_CTRL_ZW_REG_1_Zstride, 256 * ob);
    rig_push(r, 0,
             TENSIX_WORD(SETADCXX) | TENSIX_PUT(SETADCXX, CNT_SET_MASK, 1) |
                 TENSIX_PUT(SETADCXX, X_END2, 255));
    rig_push(r, 0,
             TENSIX_WORD(SETADCZW) | TENSIX_PUT(SETADCZW, CNT_SET_MASK, 1) |
                 TENSIX_PUT(SETADCZW, BIT_MASK, 0xF));
    for (uint32_t f = 0; f < 4; f++)
        rig_push(r, 0, TENSIX_WORD(UNPACR) | TENSIX_PUT(UNPACR, ADDR_MODE, 0x11));
    rig_drain(r);
    llk_pack_config(r, dst_fmt, fmt, read32, 0);
    llk_pack_tile(r);
    CHECK_NO_ERROR(r);
    uint32_t bad = compare_tile(r, tile, n);
    if (bad)
        fprintf(stderr, "  %s: %u bytes differ\n", tfmt_name(fmt), bad);
    CHECK_EQ_U32(bad, 0);
    rig_free(r);
}

/* a BFP tile the packer can reproduce: every group has a datum with the top magnitude bit
 * (so its largest exponent is the shared one), and magnitude 0 carries sign 0 */
static uint32_t bfp_tile(uint32_t bits, uint8_t *out)
{
    memset(out, 0, 64 + 1024);
    for (uint32_t g = 0; g < 64; g++) {
        out[g] = (uint8_t)(118 + g % 20);
        for (uint32_t k = 0; k < 16; k++) {
            uint32_t h = hash(21, g * 16 + k), mag = h % (1u << (bits - 1));
            mag |= k == g % 16 ? 1u << (bits - 2) : 0;
            put_bits(out + 64, g * 16 + k, bits, mag ? (h >> 20 & 1) << (bits - 1) | mag : 0);
        }
    }
    return 64 + 1024 * bits / 8;
}

static void test_round_trips(void)
{
    static uint8_t tile[4096];
    for (uint32_t t = 0; t < 1024; t++) {
        uint32_t b = bf16_gen(13, t);
        tile[2 * t] = (uint8_t)b, tile[2 * t + 1] = (uint8_t)(b >> 8);
    }
    round_trip(F_BF16, F_BF16, 0, tile, 2048);
    for (uint32_t t = 0; t < 1024; t++) {
        uint32_t h = fp16_gen(13, t);
        tile[2 * t] = (uint8_t)h, tile[2 * t + 1] = (uint8_t)(h >> 8);
    }
    round_trip(F_FP16, F_FP16, 0, tile, 2048);
    for (uint32_t t = 0; t < 1024; t++) {
        uint32_t h = hash(13, t), v = (h & 0x807FFFFFu) | (90 + h % 70) << 23;
        memcpy(tile + 4 * t, &v, 4);
    }
    round_trip(F_FP32, F_FP32, 1, tile, 4096);
    round_trip(F_BFP8, F_BF16, 0, tile, bfp_tile(8, tile));
    round_trip(F_BFP4, F_BF16, 0, tile, bfp_tile(4, tile));
}

/* ------------------------------------------------------------------ header and stops */

/* OutputAddressGenerator.md: Sub_l1_tile_header_size = 1 starts the data at L1_Dest_addr
 * itself; 0 skips a 16-byte slot the packer does not write. Add_tile_header_size counts it in
 * the accumulated size (TDMA-RISC.md). */
static void test_tile_header(void)
{
    Rig *r = bf16_rig(17);
    SET(THCON_SEC0_REG1_L1_Dest_addr, C_ADDR / 16);
    SET(THCON_SEC0_REG1_Sub_l1_tile_header_size, 1);
    SET(THCON_SEC0_REG1_Add_tile_header_size, 1);
    llk_pack_tile(r);
    CHECK_NO_ERROR(r);
    uint16_t want[1024];
    for (uint32_t t = 0; t < 1024; t++)
        want[t] = (uint16_t)bf16_gen(17, t);
    CHECK_EQ_U32(compare_bf16(r, want), 0);
    CHECK_EQ_U32(tdma(r, 0x09C) & 0xFFFF, 128 + 1);
    rig_free(r);
}

/* a one-PACR run with Config fields `set` ("NAME=value", NULL-terminated) stops, saying `what` */
static void stops(uint32_t word, const char *const *set, const char *what)
{
    Rig *r = bf16_rig(1);
    for (; *set; set++) {
        char name[80];
        uint32_t v = 0, field = 0;
        int is_thread = 0;
        CHECK(sscanf(*set, "%79[^=]=%i", name, (int *)&v) == 2);
        CHECK(tensix_cfg_find(name, &is_thread, &field) && !is_thread);
        tensix_cfg_set(&r->core.cfg, 0, (TensixCfgField)field, v);
    }
    rig_push(r, 2, word);
    for (int i = 0; i < 50 && !r->core.failed; i++)
        tick(r);
    CHECK(r->core.failed);
    if (!strstr(r->core.error, "PACR") || !strstr(r->core.error, what))
        fprintf(stderr, "  stopped: %s\n", r->core.error);
    CHECK(strstr(r->core.error, "PACR") && strstr(r->core.error, what));
    rig_free(r);
}

static void test_unmodelled_forms_stop(void)
{
    static const char *const none[] = {NULL};
    static const char *const acc[] = {"THCON_SEC0_REG1_Pack_L1_Acc=1", NULL};
    static const char *const relu[] = {"STACC_RELU_ApplyRelu=2", "STACC_RELU_ReluThreshold=0xBF80",
                                       NULL};
    static const char *const ninf[] = {"ALU_FORMAT_SPEC_REG2_Dstacc=8",
                                       "THCON_SEC0_REG1_In_data_format=8",
                                       "THCON_SEC0_REG1_Out_data_format=8",
                                       "PCK_DEST_RD_CTRL_Read_32b_data=1",
                                       "PCK_EDGE_MODE_mode=1",
                                       "PCK_EDGE_OFFSET_SEC0_mask=0x00FF",
                                       NULL};
    uint32_t pacr = TENSIX_WORD(PACR);
    stops(pacr | TENSIX_PUT(PACR, DST_ACCESS_MODE, 1), none, "strided");
    stops(pacr | TENSIX_PUT(PACR, ROW_PAD_ZERO, 1), none, "RowPadZero");
    stops(pacr, acc, "L1 accumulation");
    stops(pacr, relu, "undefined");
    stops(pacr, ninf, "-inf");
}

int main(void)
{
    RUN(test_output_formats);
    RUN(test_edge_masking);
    RUN(test_relu);
    RUN(test_exponent_threshold);
    RUN(test_downsampling);
    RUN(test_bfp_group_spans_pacrs);
    RUN(test_round_trips);
    RUN(test_tile_header);
    RUN(test_unmodelled_forms_stop);
    return check_failures();
}
