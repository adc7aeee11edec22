// SPDX-License-Identifier: Apache-2.0
/* The packer's datum stages between the Dst read and the late format conversion, in the order of
 * the pipeline diagram (tt-isa-documentation Diagrams/Src/PackerPipeline.lua): early conversion,
 * edge masking (Packers/EdgeMasking.md), ReLU (Packers/ReLU.md), exponent thresholding
 * (Packers/ExponentThresholding.md), then the source mux and downsampling
 * (Packers/Downsampling.md). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "model/tile/tensix/packer.h"

static int is_float(const TfmtPack *p)
{
    return p->family == TFMT_FAM_F8 || p->family == TFMT_FAM_F5;
}

/* the value of an F8 (FP32 bits) or F5 (Tensix FP16: exponent 31 is ordinary) pattern */
static double value_of(int fam, uint32_t v)
{
    if (fam == TFMT_FAM_F8) {
        float f;
        memcpy(&f, &v, sizeof f);
        return f;
    }
    uint32_t e = v >> 10 & 0x1F, m = v & 0x3FF;
    double mag = e ? ldexp(1024 + m, (int)e - 25) : ldexp(m, -24);
    return v >> 15 & 1 ? -mag : mag;
}

BhStatus packer_stages_decode(PackStages *s, const TfmtPackCfg *pc, const TensixCfg *cfg,
                              uint32_t st, char *why, size_t why_len)
{
    memset(s, 0, sizeof *s);
    if (tfmt_pack_plan(pc, &s->plan, why, why_len) != BH_OK)
        return BH_ERR_UNSUPPORTED;
    s->read_32b = pc->read_32b;
    for (uint32_t k = 0; k < 4; k++) {
        s->row_map[k] = cfg->cfg[st][TCFG_ADDR32_TILE_ROW_SET_MAPPING_0_row_set_mapping_0 + k];
        s->face_map[k] = cfg->cfg[st][TCFG_ADDR32_TILE_FACE_SET_MAPPING_0_face_set_mapping_0 + k];
        s->edge_mask[k] =
            (uint16_t)(cfg->cfg[st][TCFG_ADDR32_PCK_EDGE_OFFSET_SEC0_mask + k] & 0xFFFF);
    }
    s->row_select = (uint8_t)TCFG_GET(cfg, st, PCK_EDGE_TILE_ROW_SET_SELECT_select);
    s->face_select = (uint8_t)TCFG_GET(cfg, st, PCK_EDGE_TILE_FACE_SET_SELECT_select);
    s->face_enable = (uint8_t)TCFG_GET(cfg, st, PCK_EDGE_TILE_FACE_SET_SELECT_enable);
    s->zoffset = (uint8_t)TCFG_GET(cfg, st, DEST_TARGET_REG_CFG_PACK_SEC0_ZOffset);
    s->reads_per_plane = (uint8_t)TCFG_GET(cfg, st, PACK_COUNTERS_SEC0_pack_reads_per_xy_plane);
    s->yz_transposed = (uint8_t)TCFG_GET(cfg, st, PACK_COUNTERS_SEC0_pack_yz_transposed);
    s->edge_ninf = (uint8_t)TCFG_GET(cfg, st, PCK_EDGE_MODE_mode);
    s->relu = (uint8_t)(TCFG_GET(cfg, st, STACC_RELU_ApplyRelu) & 3);
    s->thr_en = (uint8_t)TCFG_GET(cfg, st, THCON_SEC0_REG1_Exp_threshold_en);
    s->thr = (uint8_t)TCFG_GET(cfg, st, THCON_SEC0_REG1_Exp_threshold);
    s->ds_mask = (uint16_t)TCFG_GET(cfg, st, THCON_SEC0_REG1_Downsample_mask);
    s->ds_mask = s->ds_mask ? s->ds_mask : 0xFFFF;

    /* ReLU.md: the threshold is FP16 for 5-bit-exponent intermediates, else BF16 (the top half
     * of FP32); a threshold with its sign bit set is UndefinedBehaviour */
    uint32_t t = TCFG_GET(cfg, st, STACC_RELU_ReluThreshold);
    s->relu_thr = s->plan.family == TFMT_FAM_F5 ? t : t << 16;
    if (s->relu >= 2 && !is_float(&s->plan)) {
        snprintf(why, why_len, "ReLU mode %u on an integer intermediate format is not documented",
                 s->relu);
        return BH_ERR_UNSUPPORTED;
    }
    if (s->relu >= 2 && (t >> 15 & 1)) {
        snprintf(why, why_len, "ReLU threshold 0x%04x <= -0 is undefined (Packers/ReLU.md)", t);
        return BH_ERR_UNSUPPORTED;
    }
    if (s->thr_en && pc->late_from == TFMT_BFP2A) {
        snprintf(why, why_len, "exponent thresholding with In_data_format BFP2a is a hardware bug");
        return BH_ERR_UNSUPPORTED;
    }
    if (s->edge_ninf && !is_float(&s->plan))
        for (uint32_t k = 0; k < 4; k++)
            if (s->edge_mask[k] != 0xFFFF) {
                snprintf(why, why_len,
                         "edge masking to -inf of an integer intermediate format is not "
                         "documented");
                return BH_ERR_UNSUPPORTED;
            }
    return BH_OK;
}

/* EdgeMasking.md's FetchFromDst mask choice for the datum at the generator's position; BH's read
 * interface i takes the 2-bit row/face set selects at bits 2i (tt-llk cpack_common.h names them
 * tile_row_set_select_pack0..3, BH's interfaces standing where WH's four packers were) */
static uint16_t edge_mask(const PackStages *s, const PackTpg *g, uint32_t intf)
{
    uint32_t b = s->row_select >> (2 * intf) & 3;
    if (s->face_enable) {
        uint32_t a = s->face_select >> (2 * intf) & 3, z = (s->zoffset + g->z) & 15;
        b = s->face_map[a] >> (2 * z) & 3;
    }
    uint32_t c = s->row_map[b] >> (2 * (g->y & 15)) & 3;
    return s->edge_mask[c];
}

static void tpg_advance(const PackStages *s, PackTpg *g)
{
    if (++g->x < 16)
        return;
    g->x = 0;
    uint32_t *inner = s->yz_transposed ? &g->z : &g->y, *outer = s->yz_transposed ? &g->y : &g->z;
    if (++*inner == s->reads_per_plane) {
        *inner = 0;
        ++*outer;
    }
}

static uint32_t relu(const PackStages *s, uint32_t v)
{
    const TfmtPack *p = &s->plan;
    if (!is_float(p)) { /* mode 1 only (decode refused 2 and 3): negative integers to zero */
        int neg = p->family == TFMT_FAM_I32  ? (int)(v >> 31 & 1)
                  : p->family == TFMT_FAM_I8 ? !p->int_unsigned && (v >> 7 & 1)
                                             : 0; /* INT16 is opaque / unsigned */
        return neg ? 0 : v;
    }
    double x = value_of(p->family, v), t = value_of(p->family, s->relu_thr);
    switch (s->relu) {
    case 1:
        return x <= 0 ? 0 : v;
    case 2:
        return x <= t ? 0 : v;
    default:
        return x <= 0 ? 0 : x > t ? s->relu_thr : v;
    }
}

static uint32_t threshold(const PackStages *s, uint32_t v)
{
    uint32_t e;
    if (s->plan.family == TFMT_FAM_F8)
        e = v >> 23 & 0xFF;
    else if (s->plan.family == TFMT_FAM_F5)
        e = v >> 10 & 0x1F; /* zero-extended to 8 bits */
    else
        return v; /* integer In_data_format: not in the document's list */
    return e < s->thr ? 0 : v;
}

static uint32_t read_dst(const SrcDst *r, int wide, uint32_t row, uint32_t col)
{
    if (wide) {
        row &= DST_ROWS32 - 1;
        return r->dst_row_valid[dst_adj32(row)] ? dst32_read(r, row, col) : 0;
    }
    row &= DST_ROWS16 - 1;
    return r->dst_row_valid[row] ? r->dst[row][col] : 0;
}

uint32_t packer_stages_read(const PackStages *s, PackTpg *g, const SrcDst *r, int zero,
                            uint32_t intf, uint32_t row, uint32_t col0, uint32_t n, uint32_t *out)
{
    uint32_t kept = 0, ds = s->ds_mask;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t v = 0; /* ZeroWrite: /dev/null joins after thresholding, TPG untouched */
        if (!zero) {
            uint32_t col = (col0 + k) & 15;
            if (edge_mask(s, g, intf) >> col & 1)
                v = tfmt_pack_early(&s->plan, read_dst(r, s->read_32b, row, col));
            else if (s->edge_ninf)
                v = s->plan.family == TFMT_FAM_F8 ? 0xFF800000u : 0xFFFFu;
            tpg_advance(s, g);
            if (s->relu)
                v = relu(s, v);
            if (s->thr_en)
                v = threshold(s, v);
        }
        if (ds & 1)
            out[kept++] = v;
        ds = (ds << 15 | ds >> 1) & 0xFFFF;
    }
    return kept;
}
