// SPDX-License-Identifier: Apache-2.0
/* The packer: PACR's input and output address generators (ISA pages) on Blackhole's four
 * read interfaces, the datum stages (packer_stages.c), the late conversion and BFP groups
 * through tile_format, the output streams, L1 writes timed by the L1 model. */
#include "model/tile/tensix/packer.h"
#include <stdio.h>
#include <string.h>
#include "model/tile/tensix/tensix_isa.h"

void packer_init(Packer *p, void (*tile_done)(void *, uint32_t, uint32_t), void *ctx,
                 BhLogContext *log)
{
    memset(p, 0, sizeof *p);
    p->log = log;
    p->exp.need_addr = p->data.need_addr = 1;
    p->tile_done = tile_done;
    p->ctx = ctx;
}

static int fail(Packer *p, uint32_t word, const char *why)
{
    char name[96];
    tensix_format(word, name, sizeof name);
    snprintf(p->error, sizeof p->error, "%.90s: %.100s", name, why);
    p->failed = 1;
    return 1;
}

/* the stream's assembled block becomes a write of job j */
static int emit_block(PackStream *s, PackJob *j)
{
    if (j->nblocks == PACK_MAX_BLOCKS)
        return 0;
    j->blk[j->nblocks].addr = s->addr;
    memcpy(j->blk[j->nblocks++].data, s->part, 16);
    s->addr += 16;
    s->fill = 0;
    return 1;
}

static int append(PackStream *s, PackJob *j, const uint8_t *b, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++) {
        s->part[s->fill++] = b[k];
        if (s->fill == 16 && !emit_block(s, j))
            return 0;
    }
    return 1;
}

/* Last / Flush: the partial block goes out zero-filled, the next PACR takes new addresses */
static int flush(PackStream *s, PackJob *j)
{
    if (s->fill) {
        memset(s->part + s->fill, 0, 16 - s->fill);
        if (!emit_block(s, j))
            return 0;
    }
    s->need_addr = 1;
    return 1;
}

/* ADDR_MOD_PACK_SEC[am] of the thread: Y/Z of channel `ch` (0 src, 1 dst) */
static void pack_addr_mod(AdcChannel *c, uint32_t word, uint32_t ch)
{
    uint32_t y = ch ? word >> 6 : word, z = word >> (ch ? 14 : 12);
    if (y >> 5 & 1)
        c->y = c->y_cr = 0;
    else if (y >> 4 & 1)
        c->y_cr += y & 0xF, c->y = c->y_cr;
    else
        c->y += y & 0xF;
    if (z >> 1 & 1)
        c->z = c->z_cr = 0;
    else
        c->z += z & 1;
    adc_wrap(c);
}

/* the 16-bit ThreadConfig word ADDR_MOD_PACK_SEC<am> (all four share one layout) */
static uint32_t thread_am_word(const TensixCfg *cfg, uint32_t thread, uint32_t am)
{
    const TensixCfgFieldInfo *f = tensix_cfg_thread_field_info(TCFG_T_ADDR_MOD_PACK_SEC0_YsrcIncr);
    return cfg->thread_cfg[thread][f->addr32 + (am & 3)];
}

/* BFP: a full group (or, on Last / Flush, a short one) becomes one shared exponent and its
 * datums; the group buffer persists across PACRs like the output buffers */
static int put_group(Packer *p, PackJob *j, const TfmtPack *pl)
{
    uint8_t data[16] = {0}, e = 0;
    uint32_t n = p->grp_n;
    if (!n)
        return 1;
    tfmt_pack_late(pl, p->grp, n, data, &e);
    p->grp_n = 0;
    return append(&p->exp, j, &e, 1) &&
           append(&p->data, j, data, tfmt_data_section_bytes((TfmtFormat)pl->out, n));
}

static int put(Packer *p, PackJob *j, const TfmtPack *pl, const uint32_t *v, uint32_t n)
{
    TfmtFormat out = (TfmtFormat)pl->out;
    if (!tfmt_is_bfp(out)) {
        uint8_t data[64 * 4];
        tfmt_pack_late(pl, v, n, data, NULL);
        return append(&p->data, j, data, tfmt_data_section_bytes(out, n));
    }
    for (uint32_t k = 0; k < n; k++) {
        p->grp[p->grp_n++] = v[k];
        if (p->grp_n == 16 && !put_group(p, j, pl))
            return 0;
    }
    return 1;
}

/* the PACR forms and packer features this model does not cover stop the run, naming them */
static const char *unmodelled(const TensixCfg *cfg, uint32_t st, uint32_t w)
{
    if (TENSIX_GET(PACR, DST_ACCESS_MODE, w))
        return "the strided Dst access mode is not documented (PACR.md, "
               "Packers/InputAddressGenerator.md): not modelled";
    if (TENSIX_GET(PACR, ROW_PAD_ZERO, w) || TENSIX_GET(PACR, CTXT_CTRL, w) ||
        TENSIX_GET(PACR, CFG_CONTEXT, w))
        return "RowPadZero / CtxtCtrl / CfgContext are not documented: not modelled";
    if (TCFG_GET(cfg, st, THCON_SEC0_REG1_Source_interface_selection))
        return "reading L1 as the packer's input is not modelled";
    if (TCFG_GET(cfg, st, THCON_SEC0_REG1_Pack_L1_Acc))
        return "L1 accumulation (Pack_L1_Acc) is not modelled";
    if (TCFG_GET(cfg, st, ALU_ROUNDING_MODE_Packer_srnd_en))
        return "stochastic rounding (Packer_srnd_en) is not modelled";
    return NULL;
}

/* OutputAddressGenerator.md: the streams' new addresses, in 16-byte units until the last step.
 * The header slot is only skipped: the packer never writes it (see packer.h). */
static void take_addresses(Packer *p, const TensixCfg *cfg, uint32_t st, const AdcChannel *c1,
                           int small)
{
    uint32_t yzw = TCFG_GET(cfg, st, PCK0_ADDR_BASE_REG_1_Base) +
                   c1->y * TCFG_GET(cfg, st, PCK0_ADDR_CTRL_XY_REG_1_Ystride) +
                   c1->z * TCFG_GET(cfg, st, PCK0_ADDR_CTRL_ZW_REG_1_Zstride) +
                   c1->w * TCFG_GET(cfg, st, PCK0_ADDR_CTRL_ZW_REG_1_Wstride);
    uint32_t a16 = TCFG_GET(cfg, st, THCON_SEC0_REG1_L1_Dest_addr) +
                   !TCFG_GET(cfg, st, THCON_SEC0_REG1_Sub_l1_tile_header_size) + (yzw & ~0xFu);
    uint32_t limit = TCFG_GET(cfg, st, THCON_SEC0_REG9_Pack_0_2_limit_address);
    if (limit && a16 > limit * 2 + 1)
        a16 -= TCFG_GET(cfg, st, THCON_SEC0_REG9_Pack_0_2_fifo_size) * 2;
    p->tile_start = (a16 & 0x1FFFF) << 4;
    if (small) { /* under 16 bits (BFP, but also FP8 and INT8): exponent section first */
        p->exp.addr = (a16 & 0x1FFFF) << 4;
        a16 += TCFG_GET(cfg, st, THCON_SEC0_REG1_Exp_section_size);
    }
    p->data.addr = (a16 & 0x1FFFF) << 4;
    p->exp.need_addr = p->data.need_addr = 0;
    p->exp.fill = p->data.fill = 0;
}

int packer_try_issue(Packer *p, const SrcDst *r, AdcFile *adc, const TensixCfg *cfg,
                     uint32_t thread, uint32_t w, uint64_t now)
{
    (void)now;
    if (p->count == PACK_QUEUE)
        return 0;
    uint32_t st = tensix_cfg_state_id(cfg, thread), wa = thread;
    if (TENSIX_GET(PACR, OVRD_THREAD_ID, w)) {
        wa = TENSIX_GET(PACR, ADDR_CNT_CONTEXT, w);
        wa = wa == 3 ? 0 : wa;
    }
    const char *why_not = unmodelled(cfg, st, w);
    if (why_not)
        return fail(p, w, why_not);
    AdcChannel *c0 = &adc->set[wa][ADC_PACK].ch[0], *c1 = &adc->set[wa][ADC_PACK].ch[1];
    TfmtPackCfg pc = {
        .read_32b = (uint8_t)TCFG_GET(cfg, st, PCK_DEST_RD_CTRL_Read_32b_data),
        .round_10b_mant = (uint8_t)TCFG_GET(cfg, st, PCK_DEST_RD_CTRL_Round_10b_mant),
        .read_raw = (uint8_t)TCFG_GET(cfg, st, PCK_DEST_RD_CTRL_Read_int8),
        .read_unsigned = (uint8_t)TCFG_GET(cfg, st, PCK_DEST_RD_CTRL_Read_unsigned),
        .shift_amount = 0,
        .inter = (uint8_t)(TCFG_GET(cfg, st, ALU_FORMAT_SPEC_REG_Dstacc_override)
                               ? TCFG_GET(cfg, st, ALU_FORMAT_SPEC_REG_Dstacc_val)
                               : TCFG_GET(cfg, st, ALU_FORMAT_SPEC_REG2_Dstacc)),
        .late_from = (uint8_t)TCFG_GET(cfg, st, THCON_SEC0_REG1_In_data_format),
        .late_to = (uint8_t)TCFG_GET(cfg, st, THCON_SEC0_REG1_Out_data_format),
    };
    PackStages sg;
    char why[160];
    if (packer_stages_decode(&sg, &pc, cfg, st, why, sizeof why) != BH_OK)
        return fail(p, w, why);

    /* 1. InputAddressGenerator.md: the start datum in Dst and the count per interface */
    uint32_t in = pc.late_from, bpd = (in & 3) == 0 ? 4 : (in & 3) == 1 ? 2 : 1;
    uint32_t xmask = bpd == 4 ? 3 : bpd == 2 ? 7 : 15;
    uint32_t a = TCFG_GET(cfg, st, PCK0_ADDR_BASE_REG_0_Base) +
                 c0->x * (TCFG_GET(cfg, st, PCK0_ADDR_CTRL_XY_REG_0_Xstride) & 0xF) +
                 c0->y * TCFG_GET(cfg, st, PCK0_ADDR_CTRL_XY_REG_0_Ystride) +
                 c0->z * TCFG_GET(cfg, st, PCK0_ADDR_CTRL_ZW_REG_0_Zstride) +
                 c0->w * TCFG_GET(cfg, st, PCK0_ADDR_CTRL_ZW_REG_0_Wstride);
    uint32_t idx = (((a / bpd) & ~xmask) + (c0->x & xmask) +
                    (TCFG_GET(cfg, st, DEST_TARGET_REG_CFG_PACK_SEC0_Offset) << 4)) &
                   0x3FFF;
    int is_flush = (int)TENSIX_GET(PACR, FLUSH, w), last = (int)TENSIX_GET(PACR, LAST, w);
    uint32_t n = is_flush ? 0 : c1->x + 1 > c0->x ? c1->x + 1 - c0->x : 0;
    if (n > 16)
        return fail(p, w, "more than 16 datums per read interface (ADC X range)");

    /* 2. each enabled interface reads Dst row (StartRow & ~3) | i through the datum stages */
    uint32_t intf = TENSIX_GET(PACR, READ_INTF_SEL, w), vals[64], cnt = 0;
    intf = intf ? intf : 0xF;
    int zero = (int)TENSIX_GET(PACR, ZERO_WRITE, w);
    for (uint32_t i = 0; i < 4; i++)
        if (intf >> i & 1)
            cnt += packer_stages_read(&sg, &p->tpg, r, zero, i, ((idx >> 4) & ~3u) | i, idx & 15, n,
                                      vals + cnt);

    p->read_row = (uint16_t)((idx >> 4) & ~3u);
    p->read_wide = (uint8_t)pc.read_32b;
    p->read_none = (uint8_t)(zero || !n);

    /* 3. late conversion into the output streams, 16-byte blocks becoming L1 writes */
    PackJob *j = &p->q[(p->head + p->count) % PACK_QUEUE];
    memset(j, 0, sizeof *j);
    j->thread = (uint8_t)thread;
    if (p->data.need_addr)
        take_addresses(p, cfg, st, c1, (pc.late_to & 2) != 0);
    int ok = put(p, j, &sg.plan, vals, cnt);
    if (last || is_flush) {
        ok = ok && put_group(p, j, &sg.plan) && flush(&p->exp, j) && flush(&p->data, j);
        uint32_t size16 = p->data.addr > p->tile_start ? (p->data.addr - p->tile_start) / 16 : 0;
        size16 += TCFG_GET(cfg, st, THCON_SEC0_REG1_Add_tile_header_size);
        if (p->tile_done && last)
            p->tile_done(p->ctx, thread, size16);
        p->stats.tiles += last;
        memset(&p->tpg, 0, sizeof p->tpg);
    }
    if (!ok)
        return fail(p, w, "more output blocks than one PACR can carry in the model");
    uint32_t am = thread_am_word(cfg, thread, TENSIX_GET(PACR, ADDR_MODE, w));
    pack_addr_mod(c0, am, 0);
    pack_addr_mod(c1, am, 1);
    p->count++;
    p->stats.instructions++;
    p->stats.datums += cnt;
    return 1;
}

int packer_step(Packer *p, L1 *l1, uint64_t now)
{
    if (!p->count)
        return 0;
    p->stats.busy_cycles++;
    PackJob *j = &p->q[p->head];
    for (uint32_t k = 0; k < PACK_WRITES_PER_CYCLE && j->issued < j->nblocks; k++) {
        PackBlock *b = &j->blk[j->issued];
        BhStatus st = l1_request(l1, L1_PACK, b->addr, 16, 1, b->data,
                                 (uint64_t)p->head << 8 | j->issued, now);
        if (st == BH_ERR_FULL)
            break;
        if (st != BH_OK) {
            BH_LOG_GUEST(p->log, "packer: L1 write at 0x%x (%s): dropped", b->addr,
                         bh_status_name(st));
            j->done++;
        }
        j->issued++;
        p->stats.l1_bytes += 16;
    }
    if (j->done == j->nblocks) {
        p->head = (p->head + 1) % PACK_QUEUE;
        p->count--;
    }
    return 1;
}

void packer_l1_done(Packer *p, uint64_t token)
{
    uint32_t slot = (uint32_t)(token >> 8);
    if (slot < PACK_QUEUE)
        p->q[slot].done++;
}

int packer_busy_thread(const Packer *p, uint32_t thread)
{
    for (uint32_t k = 0; k < p->count; k++)
        if (p->q[(p->head + k) % PACK_QUEUE].thread == thread)
            return 1;
    return 0;
}

#define PACK_X_ROW(field, key, kind, text) BH_STAT_ROW_(PackerStats, field, key, kind, text)
static const BhStat pack_stats[] = {PACK_STATS(PACK_X_ROW)};
#undef PACK_X_ROW
const BhStatTable pack_stat_table = {"PackerStats", "tiles[].units.pack (tensix_stream)",
                                     pack_stats, sizeof pack_stats / sizeof pack_stats[0]};
