// SPDX-License-Identifier: Apache-2.0
/* The unpackers: UNPACR decoded per UNPACR_Regular.md's functional model, L1 reads timed by the L1
 * model, conversion through tile_format. */
#include "model/tile/tensix/unpacker.h"
#include <stdio.h>
#include <string.h>
#include "model/tile/tensix/tensix_isa.h"

#define SEC_STRIDE 48 /* THCON_SEC1 words are THCON_SEC0's + 48 */

void unpackers_init(Unpackers *u, BhLogContext *log)
{
    memset(u, 0, sizeof *u);
    u->log = log;
    u->setup_thread = -1;
}

/* a THCON_SEC<which> field, named by its SEC0 id */
static uint32_t sec(const TensixCfg *cfg, uint32_t st, uint32_t which, TensixCfgField f)
{
    const TensixCfgFieldInfo *i = tensix_cfg_field_info(f);
    uint32_t w = cfg->cfg[st][i->addr32 + SEC_STRIDE * which];
    return i->width == 32 ? w : (w >> i->shift) & ((1u << i->width) - 1);
}

static uint32_t desc_word(const TensixCfg *cfg, uint32_t st, uint32_t which, uint32_t k)
{
    return cfg->cfg[st][TCFG_ADDR32_THCON_SEC0_REG0_TileDescriptor + SEC_STRIDE * which + k];
}

static const TensixCfgField k_base[8] = {
    TCFG_F_THCON_SEC0_REG3_Base_address,       TCFG_F_THCON_SEC0_REG3_Base_cntx1_address,
    TCFG_F_THCON_SEC0_REG3_Base_cntx2_address, TCFG_F_THCON_SEC0_REG3_Base_cntx3_address,
    TCFG_F_THCON_SEC0_REG4_Base_cntx4_address, TCFG_F_THCON_SEC0_REG4_Base_cntx5_address,
    TCFG_F_THCON_SEC0_REG4_Base_cntx6_address, TCFG_F_THCON_SEC0_REG4_Base_cntx7_address};
static const TensixCfgField k_offset[4] = {
    TCFG_F_THCON_SEC0_REG7_Offset_address, TCFG_F_THCON_SEC0_REG7_Offset_cntx1_address,
    TCFG_F_THCON_SEC0_REG7_Offset_cntx2_address, TCFG_F_THCON_SEC0_REG7_Offset_cntx3_address};
static const TensixCfgField k_dest[4] = {
    TCFG_F_THCON_SEC0_REG5_Dest_cntx0_address, TCFG_F_THCON_SEC0_REG5_Dest_cntx1_address,
    TCFG_F_THCON_SEC0_REG5_Dest_cntx2_address, TCFG_F_THCON_SEC0_REG5_Dest_cntx3_address};
static const TensixCfgField k_xdim[4] = {
    TCFG_F_THCON_SEC0_REG5_Tile_x_dim_cntx0, TCFG_F_THCON_SEC0_REG5_Tile_x_dim_cntx1,
    TCFG_F_THCON_SEC0_REG5_Tile_x_dim_cntx2, TCFG_F_THCON_SEC0_REG5_Tile_x_dim_cntx3};
static const TensixCfgField k_shift[4] = {
    TCFG_F_THCON_SEC0_REG2_Shift_amount_cntx0, TCFG_F_THCON_SEC0_REG2_Shift_amount_cntx1,
    TCFG_F_THCON_SEC0_REG2_Shift_amount_cntx2, TCFG_F_THCON_SEC0_REG2_Shift_amount_cntx3};
static const TensixCfgField k_uncompressed[8] = {
    TCFG_F_THCON_SEC0_REG2_Disable_zero_compress_cntx0,
    TCFG_F_THCON_SEC0_REG2_Disable_zero_compress_cntx1,
    TCFG_F_THCON_SEC0_REG2_Disable_zero_compress_cntx2,
    TCFG_F_THCON_SEC0_REG2_Disable_zero_compress_cntx3,
    TCFG_F_THCON_SEC0_REG2_Disable_zero_compress_cntx4,
    TCFG_F_THCON_SEC0_REG2_Disable_zero_compress_cntx5,
    TCFG_F_THCON_SEC0_REG2_Disable_zero_compress_cntx6,
    TCFG_F_THCON_SEC0_REG2_Disable_zero_compress_cntx7};
static const TensixCfgField k_to_dst[8] = {
    TCFG_F_THCON_SEC0_REG2_Unpack_if_sel_cntx0, TCFG_F_THCON_SEC0_REG2_Unpack_if_sel_cntx1,
    TCFG_F_THCON_SEC0_REG2_Unpack_if_sel_cntx2, TCFG_F_THCON_SEC0_REG2_Unpack_if_sel_cntx3,
    TCFG_F_THCON_SEC0_REG2_Unpack_if_sel_cntx4, TCFG_F_THCON_SEC0_REG2_Unpack_if_sel_cntx5,
    TCFG_F_THCON_SEC0_REG2_Unpack_if_sel_cntx6, TCFG_F_THCON_SEC0_REG2_Unpack_if_sel_cntx7};
static const TensixCfgField k_in_fmt[8] = {TCFG_F_THCON_SEC0_REG7_Unpack_data_format_cntx0,
                                           TCFG_F_THCON_SEC0_REG7_Unpack_data_format_cntx1,
                                           TCFG_F_THCON_SEC0_REG7_Unpack_data_format_cntx2,
                                           TCFG_F_THCON_SEC0_REG7_Unpack_data_format_cntx3,
                                           TCFG_F_THCON_SEC0_REG7_Unpack_data_format_cntx4,
                                           TCFG_F_THCON_SEC0_REG7_Unpack_data_format_cntx5,
                                           TCFG_F_THCON_SEC0_REG7_Unpack_data_format_cntx6,
                                           TCFG_F_THCON_SEC0_REG7_Unpack_data_format_cntx7};
static const TensixCfgField k_out_fmt[8] = {TCFG_F_THCON_SEC0_REG7_Unpack_out_data_format_cntx0,
                                            TCFG_F_THCON_SEC0_REG7_Unpack_out_data_format_cntx1,
                                            TCFG_F_THCON_SEC0_REG7_Unpack_out_data_format_cntx2,
                                            TCFG_F_THCON_SEC0_REG7_Unpack_out_data_format_cntx3,
                                            TCFG_F_THCON_SEC0_REG7_Unpack_out_data_format_cntx4,
                                            TCFG_F_THCON_SEC0_REG7_Unpack_out_data_format_cntx5,
                                            TCFG_F_THCON_SEC0_REG7_Unpack_out_data_format_cntx6,
                                            TCFG_F_THCON_SEC0_REG7_Unpack_out_data_format_cntx7};

static uint32_t out_shift(uint32_t fmt)
{
    switch (fmt) {
    case TFMT_FP32:
    case TFMT_TF32:
    case TFMT_INT32:
        return 2;
    case TFMT_FP16:
    case TFMT_BF16:
    case TFMT_INT16:
        return 1;
    default:
        return 0;
    }
}

/* Adds the 16-byte L1 blocks covering [addr, addr + len) to the job's reads; byte addr lands
 * at buf_off. */
static int add_reads(UnpackJob *j, uint32_t addr, uint32_t len, uint32_t buf_off)
{
    uint32_t end = addr + len;
    for (uint32_t blk = addr & ~15u; blk < end; blk += 16) {
        if (j->nreqs == UNPACK_MAX_REQS)
            return 0;
        UnpackReq *q = &j->req[j->nreqs++];
        q->addr = blk;
        q->lo = (uint8_t)(blk < addr ? addr - blk : 0);
        q->hi = (uint8_t)(end - blk < 16 ? end - blk : 16);
        q->buf_off = buf_off + (blk + q->lo - addr);
    }
    return 1;
}

static uint32_t wrap(uint32_t a, uint32_t limit, uint32_t fifo)
{
    return a > limit ? a - fifo : a;
}

/* the run of an uncompressed UNPACR: rows of 16 datums (the first one from the group start),
 * each wrapped on its own, plus the exponents (UNPACR_Regular.md; the "unpack
 * data path" notes 2.3, 2.5) */
static const char *plan_dense(UnpackJob *j, uint32_t in_addr, uint32_t exp_addr, uint32_t first,
                              uint32_t n, uint32_t stride, uint32_t limit, uint32_t fifo)
{
    uint32_t bits = tfmt_datum_bits((TfmtFormat)j->conv.in);
    uint32_t lead = first % 16, row_bytes = 16 * bits / 8;
    uint32_t rows = (lead + n + 15) / 16, group_addr = in_addr + (first - lead) * bits / 8;
    j->nreqs = 0;
    uint32_t seg = 0, seg_len = 0, seg_off = 0; /* rows that follow each other in L1 */
    for (uint32_t r = 0; r <= rows; r++) {
        uint32_t a = r < rows ? wrap(group_addr + r * stride, limit, fifo) : 0;
        if (r < rows && seg_len && a == seg + seg_len) {
            seg_len += row_bytes;
            continue;
        }
        if (seg_len && !add_reads(j, seg, seg_len, seg_off))
            return "too many L1 reads for one UNPACR";
        seg = a, seg_len = row_bytes, seg_off = r * row_bytes;
    }
    j->data_bytes = rows * row_bytes;
    j->exp_bytes = 0;
    if (j->has_exp) {
        j->exp_bytes = rows;
        if (!add_reads(j, wrap(exp_addr + first / 16, limit, fifo), rows, j->data_bytes))
            return "too many L1 reads for one UNPACR";
    }
    j->first_in_row = lead;
    j->n_datums = n;
    return NULL;
}

/* RowSearch without compression (UNPACR_Regular.md): with blobs, blob Y & 7 of the plane runs
 * from BlobsYStart[Y & 7] * 16 to the next blob's start (or XDim & 0x1F0 after the last);
 * without, row Y from 0 to channel 1's X (no + 1). */
static const char *row_search_span(uint32_t ys, uint32_t blobs, uint32_t xdim, uint32_t x,
                                   uint32_t y, uint32_t x1, uint32_t *xpos, uint32_t *ypos,
                                   uint32_t *xend)
{
    if (!blobs) {
        *xpos = 0, *ypos = y, *xend = x1;
        return NULL;
    }
    uint32_t x71 = (x & 7) + 1;
    *xpos = (ys >> 4 * (y & 7) & 0xF) << 4;
    *ypos = 0;
    if (x71 == blobs)
        *xend = xdim & 0x1F0;
    else if (x71 == 8)
        return "RowSearch: blob (X & 7) + 1 = 8 is past BlobsYStart[7]";
    else
        *xend = (ys >> 4 * x71 & 0xF) << 4;
    return NULL;
}

/* One UNPACR as its instruction word and the configuration name it: the state, the unpacker,
 * the context, the tile descriptor's fields and the formats; filled by decode_context and read
 * by the later stages of decode. */
typedef struct UnpackCtx {
    uint32_t thread, st, which, incr, multi, row_search, ctx, adc_thread;
    uint32_t d2, d3, uncompressed, no_exp_section, blobs, xdim, ydim, zdim, wdim, digest;
    uint32_t in, out, to_dst, tilize;
    Unpacker *un;
} UnpackCtx;

/* 1. the context (multi-context unpacks), the tile descriptor, the formats and conversion */
static const char *decode_context(Unpackers *u, UnpackJob *j, UnpackCtx *k, TensixCfg *cfg,
                                  uint32_t thread, uint32_t w)
{
    const uint32_t st = tensix_cfg_state_id(cfg, thread);
    const uint32_t which = TENSIX_GET(UNPACR, UNPACK_BLOCK_SELECTION, w);
    k->thread = thread;
    k->st = st;
    k->which = which;
    k->incr = TENSIX_GET(UNPACR, ADDR_MODE, w);
    k->multi = TENSIX_GET(UNPACR, OVRD_THREAD_ID, w);
    k->row_search = TENSIX_GET(UNPACR, ROW_SEARCH, w);
    k->un = &u->u[which];
    k->ctx = 0;
    k->adc_thread = thread;
    if (k->multi) {
        k->ctx = TENSIX_GET(UNPACR, AUTO_INC_CONTEXT_ID, w) ? k->un->ctx_counter[thread]
                                                            : TENSIX_GET(UNPACR, CFG_CONTEXT_ID, w);
        k->ctx += which ? TCFG_THD_GET(cfg, thread, UNPACK_MISC_CFG_CfgContextOffset_1)
                        : TCFG_THD_GET(cfg, thread, UNPACK_MISC_CFG_CfgContextOffset_0);
        k->ctx &= 7;
        k->adc_thread = TENSIX_GET(UNPACR, ADDR_CNT_CONTEXT_ID, w);
        if (k->adc_thread == 3)
            return "ADC context 3 names no thread (UndefinedBehaviour)";
        if (which == 1 && k->ctx >= 2)
            return "unpacker 1 has contexts 0 and 1 only";
    }
    const uint32_t ctx = k->ctx, multi = k->multi;
    uint32_t d0 = desc_word(cfg, st, which, 0), d1 = desc_word(cfg, st, which, 1);
    k->d2 = desc_word(cfg, st, which, 2);
    k->d3 = desc_word(cfg, st, which, 3);
    k->uncompressed = multi ? sec(cfg, st, which, k_uncompressed[ctx]) : (d0 >> 4 & 1);
    k->no_exp_section = d0 >> 5 & 1;
    k->blobs = d0 >> 8 & 7;
    k->xdim = d0 >> 16;
    k->ydim = d1 & 0xFF;
    k->zdim = d1 >> 16 & 0xFF;
    k->wdim = k->d2 & 0xFF;
    k->digest = k->d3 >> 24;
    if (multi && which == 0)
        k->xdim = sec(cfg, st, 0, k_xdim[ctx & 3]);
    k->zdim = k->zdim ? k->zdim : 1;
    k->wdim = k->wdim ? k->wdim : 1;
    uint32_t in = d0 & 0xF, out = sec(cfg, st, which, TCFG_F_THCON_SEC0_REG2_Out_data_format);
    if (multi && sec(cfg, st, which, TCFG_F_THCON_SEC0_REG2_Ovrd_data_format)) {
        in = sec(cfg, st, which, k_in_fmt[ctx]);
        out = sec(cfg, st, which, k_out_fmt[ctx]);
    }
    uint32_t to_dst = which == 0 && (multi ? sec(cfg, st, 0, k_to_dst[ctx])
                                           : sec(cfg, st, 0, TCFG_F_THCON_SEC0_REG2_Unpack_If_Sel));
    if (!tfmt_valid(in) || !tfmt_valid(out) || !tfmt_unpack_legal(in, out, (int)to_dst)) {
        snprintf(u->why, sizeof u->why, "unpacker %u cannot convert %s to %s%s", which,
                 tfmt_name(in), tfmt_name(out), to_dst ? " (to Dst)" : "");
        return u->why;
    }
    k->in = in;
    k->out = out;
    k->to_dst = to_dst;
    uint32_t force_exp = sec(cfg, st, which, TCFG_F_THCON_SEC0_REG2_Force_shared_exp);
    j->conv.in = (uint8_t)in;
    j->conv.out = (uint8_t)out;
    j->conv.to_dst = (uint8_t)to_dst;
    j->conv.int8_unsigned = (uint8_t)(which ? TCFG_GET(cfg, st, ALU_FORMAT_SPEC_REG0_SrcBUnsigned)
                                            : TCFG_GET(cfg, st, ALU_FORMAT_SPEC_REG0_SrcAUnsigned));
    j->conv.force_exp = (uint8_t)force_exp;
    j->conv.forced_exp = (uint8_t)(which ? TCFG_GET(cfg, st, UNP1_FORCED_SHARED_EXP_shared_exp)
                                         : TCFG_GET(cfg, st, UNP0_FORCED_SHARED_EXP_shared_exp));
    k->tilize = sec(cfg, st, which, TCFG_F_THCON_SEC0_REG2_Tileize_mode);
    return NULL;
}

/* 2. the input: header, [RSI section], [exponent section], datums, and the L1 reads that
 * fetch what the ADCs select (dense, or through the run-length decoder) */
static const char *decode_input(Unpackers *u, UnpackJob *j, const UnpackCtx *k, AdcFile *adc,
                                TensixCfg *cfg, int *wait)
{
    const uint32_t st = k->st, which = k->which, ctx = k->ctx, in = k->in;
    const uint32_t xdim = k->xdim, ydim = k->ydim, zdim = k->zdim, wdim = k->wdim;
    uint32_t base =
        k->multi && ctx
            ? sec(cfg, st, which, k_base[ctx]) + (sec(cfg, st, which, k_offset[ctx & 3]) & 0xFFFF)
            : sec(cfg, st, which, TCFG_F_THCON_SEC0_REG3_Base_address) +
                  (sec(cfg, st, which, TCFG_F_THCON_SEC0_REG7_Offset_address) & 0xFFFF);
    uint32_t in_addr = (base + 1 + k->digest) * 16, rsi_addr = in_addr, exp_addr = 0;
    if (!k->uncompressed)
        in_addr += (((k->blobs ? k->blobs * zdim * wdim : ydim * zdim * wdim) + 1) * 2 + 15) & ~15u;
    j->has_exp = (uint8_t)(tfmt_is_bfp((TfmtFormat)in) && !j->conv.force_exp);
    if (j->has_exp) {
        exp_addr = in_addr;
        if (in == TFMT_BFP8 || in == TFMT_BFP8A || !k->no_exp_section)
            in_addr += tfmt_exp_section_bytes((TfmtFormat)in, xdim * ydim * zdim * wdim);
    }
    const AdcChannel *xy = &adc->set[k->adc_thread][which].ch[0];
    const AdcChannel *zw = &adc->set[k->thread][which].ch[0];
    uint32_t x1 = adc->set[k->adc_thread][which].ch[1].x;
    uint32_t limit = sec(cfg, st, which, TCFG_F_THCON_SEC0_REG2_Unpack_limit_address) * 16;
    uint32_t fifo = sec(cfg, st, which, TCFG_F_THCON_SEC0_REG2_Unpack_fifo_size) * 16;
    j->transpose = which == 0 && sec(cfg, st, 0, TCFG_F_THCON_SEC0_REG2_Haloize_mode);
    j->compressed = (uint8_t)!k->uncompressed;
    if (k->uncompressed) {
        uint32_t xpos = xy->x, ypos = xy->y, xend = x1 + 1;
        if (k->row_search) {
            uint32_t ys = (k->d2 >> 16) | (k->d3 & 0xFFFF) << 16; /* descriptor bits 80..111 */
            if (k->multi && which == 0)
                ys = ctx & 2 ? TCFG_GET(cfg, st, UNP0_BLOBS_Y_START_CNTX_23_blobs_y_start)
                             : TCFG_GET(cfg, st, UNP0_BLOBS_Y_START_CNTX_01_blobs_y_start);
            const char *why =
                row_search_span(ys, k->blobs, xdim, xy->x, xy->y, x1, &xpos, &ypos, &xend);
            if (why)
                return why;
        }
        uint32_t first = ((zw->w * zdim + zw->z) * ydim + ypos) * xdim + xpos;
        uint32_t n = xend > xpos ? xend - xpos : 0;
        uint32_t stride = 2 * tfmt_datum_bits((TfmtFormat)in); /* 16 datums */
        if (n > UNPACK_MAX_DATUMS)
            return "more than 4096 datums in one UNPACR (the model's staging limit)";
        if (k->tilize) {
            if (first % 16)
                return "tilize from a datum that does not start a row of 16";
            stride = sec(cfg, st, which, k_shift[0]) << 4 | sec(cfg, st, which, k_shift[1]) << 8 |
                     sec(cfg, st, which, k_shift[2]) << 12;
        }
        return plan_dense(j, in_addr, exp_addr, first, n, stride, limit, fifo);
    }
    if (k->tilize)
        return "compressed input with tilize (UndefinedBehaviour)";
    UnpackRleIn ri = {.rsi_addr = rsi_addr,
                      .exp_addr = exp_addr,
                      .data_addr = in_addr,
                      .xdim = xdim,
                      .ydim = ydim,
                      .zdim = zdim,
                      .blobs = k->blobs,
                      .x = xy->x,
                      .y = xy->y,
                      .z = zw->z,
                      .w = zw->w,
                      .x1 = x1,
                      .limit = limit,
                      .fifo = fifo,
                      .in = (uint8_t)in,
                      .row_search = (uint8_t)k->row_search,
                      .transpose = j->transpose};
    const char *why = NULL;
    if (!unpacker_rle_decode(u, j, &ri, &why)) {
        *wait = 1; /* the decoder needs another cycle; nothing else changes yet */
        return NULL;
    }
    return why;
}

/* 3. the output address (datums), the column shift, upsampling, and the speed the mode
 * allows (UNPACR_Regular.md "Performance") */
static void decode_output(UnpackJob *j, const UnpackCtx *k, const AdcFile *adc,
                          const TensixCfg *cfg, uint32_t w)
{
    const uint32_t st = k->st, which = k->which, thread = k->thread, in = k->in;
    const AdcChannel *o = &adc->set[thread][which].ch[1];
    uint32_t out_addr = which ? TCFG_GET(cfg, st, UNP1_ADDR_BASE_REG_1_Base) +
                                    o->y * TCFG_GET(cfg, st, UNP1_ADDR_CTRL_XY_REG_1_Ystride) +
                                    o->z * TCFG_GET(cfg, st, UNP1_ADDR_CTRL_ZW_REG_1_Zstride) +
                                    o->w * TCFG_GET(cfg, st, UNP1_ADDR_CTRL_ZW_REG_1_Wstride)
                              : TCFG_GET(cfg, st, UNP0_ADDR_BASE_REG_1_Base) +
                                    o->y * TCFG_GET(cfg, st, UNP0_ADDR_CTRL_XY_REG_1_Ystride) +
                                    o->z * TCFG_GET(cfg, st, UNP0_ADDR_CTRL_ZW_REG_1_Zstride) +
                                    o->w * TCFG_GET(cfg, st, UNP0_ADDR_CTRL_ZW_REG_1_Wstride);
    out_addr >>= out_shift(k->out);
    if (k->multi && which == 0) {
        uint32_t c = sec(cfg, st, 0, k_dest[k->ctx & 3]);
        out_addr = k->to_dst || TCFG_GET(cfg, st, UNP0_ADD_DEST_ADDR_CNTR_add_dest_addr_cntr)
                       ? out_addr + c
                       : c;
    }
    j->out_addr = out_addr;
    j->col_shift = which == 0 && !k->tilize ? sec(cfg, st, 0, k_shift[k->ctx & 3]) : 0;
    j->ovrd_with_addr = (uint8_t)TCFG_THD_GET(cfg, thread, SRCA_SET_SetOvrdWithAddr);
    j->src_row = k->un->src_row[thread];
    uint32_t rate = sec(cfg, st, which, TCFG_F_THCON_SEC0_REG2_Upsample_rate);
    j->upsample_zeroes = (uint8_t)(rate ? (1u << rate) - 1 : 0);
    j->upsample_skip = (uint8_t)sec(cfg, st, which, TCFG_F_THCON_SEC0_REG2_Upsample_and_interleave);

    uint32_t mode = sec(cfg, st, which, TCFG_F_THCON_SEC0_REG2_Throttle_mode);
    j->tier = (uint8_t)(mode >= 2 ? 4 : mode == 1 ? 2 : 1);
    if (k->tilize)
        j->tier = 4;
    if (j->tier > 2 &&
        (j->upsample_zeroes == 1 || (k->to_dst && (in == TFMT_BFP4 || in == TFMT_BFP4A))))
        j->tier = 2;
    if (!k->uncompressed || in == TFMT_BFP2 || in == TFMT_BFP2A || j->upsample_zeroes >= 3)
        j->tier = 1;
    j->flip = (uint8_t)TENSIX_GET(UNPACR, SET_DAT_VALID, w);
    j->all_zero = (uint8_t)TENSIX_GET(UNPACR, ZERO_WRITE2, w);
}

/* 4. the counters, as the thread's next instructions must see them */
static void advance_counters(const UnpackJob *j, const UnpackCtx *k, AdcFile *adc,
                             const TensixCfg *cfg, uint32_t w)
{
    const uint32_t st = k->st, which = k->which, thread = k->thread, incr = k->incr;
    Unpacker *un = k->un;
    if (k->multi && TENSIX_GET(UNPACR, AUTO_INC_CONTEXT_ID, w)) {
        uint32_t next = k->ctx + 1;
        if (next >= 1u << sec(cfg, st, which, TCFG_F_THCON_SEC0_REG2_Context_count))
            next = 0;
        un->ctx_counter[thread] = next;
    }
    uint32_t threads[2] = {thread, k->adc_thread};
    for (uint32_t i = 0; i < (k->adc_thread == thread ? 1u : 2u); i++) {
        Adc *a = &adc->set[threads[i]][which];
        a->ch[0].z += incr & 3, a->ch[0].y += incr >> 2 & 3;
        a->ch[1].z += incr >> 4 & 3, a->ch[1].y += incr >> 6 & 3;
        adc_wrap(&a->ch[0]);
        adc_wrap(&a->ch[1]);
    }
    uint32_t row_base = (which ? TCFG_THD_GET(cfg, thread, SRCB_SET_Base)
                               : TCFG_THD_GET(cfg, thread, SRCA_SET_Base))
                        << 4;
    if (j->flip)
        un->src_row[thread] = row_base;
    else if (sec(cfg, st, which, TCFG_F_THCON_SEC0_REG2_Unpack_Src_Reg_Set_Upd))
        un->src_row[thread] = (un->src_row[thread] + 16 + row_base) & 0x3F;
}

static const char *decode(Unpackers *u, UnpackJob *j, AdcFile *adc, TensixCfg *cfg, uint32_t thread,
                          uint32_t w, int *wait)
{
    UnpackCtx k;
    const char *why = decode_context(u, j, &k, cfg, thread, w);
    if (!why)
        why = decode_input(u, j, &k, adc, cfg, wait);
    if (why || *wait)
        return why;
    decode_output(j, &k, adc, cfg, w);
    advance_counters(j, &k, adc, cfg, w);
    return NULL;
}

int unpacker_decode(Unpackers *u, UnpackJob *j, AdcFile *adc, TensixCfg *cfg, uint32_t thread,
                    uint32_t word, const char **why)
{
    int wait = 0;
    *why = decode(u, j, adc, cfg, thread, word, &wait);
    return !wait;
}

void unpacker_reset_src_row(Unpackers *u, const TensixCfg *cfg, uint32_t which, uint32_t thread)
{
    u->u[which].src_row[thread] = (which ? TCFG_THD_GET(cfg, thread, SRCB_SET_Base)
                                         : TCFG_THD_GET(cfg, thread, SRCA_SET_Base))
                                  << 4;
}

/* UNPACR_IncrementContextCounter.md */
void unpacker_increment_context(Unpackers *u, const TensixCfg *cfg, uint32_t thread, uint32_t which)
{
    uint32_t st = tensix_cfg_state_id(cfg, thread);
    uint32_t next = u->u[which].ctx_counter[thread] + 1;
    if (next >= 1u << sec(cfg, st, which, TCFG_F_THCON_SEC0_REG2_Context_count))
        next = 0;
    u->u[which].ctx_counter[thread] = next & 7;
}

#define UNP_X_ROW(field, key, kind, text) BH_STAT_ROW_(UnpackerStats, field, key, kind, text)
static const BhStat unpack_stats[] = {UNPACK_STATS(UNP_X_ROW)};
#undef UNP_X_ROW
const BhStatTable unpack_stat_table = {"UnpackerStats",
                                       "tiles[].units.unpack0, unpack1 (tensix_stream)",
                                       unpack_stats, sizeof unpack_stats / sizeof unpack_stats[0]};
