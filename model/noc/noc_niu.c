// SPDX-License-Identifier: Apache-2.0
/* The NIU: request initiators (command buffers) and their registers, counters at the points
 * tt-isa-documentation NoC/Counters.md gives, packetisation and injection, and the target
 * side that writes data, performs atomics and answers with responses. */
#include <string.h>
#include "model/chip/bh_grid.h"
#include "model/noc/noc_net.h"

enum { ACC_RW, ACC_RO, ACC_WO };
#define RW ACC_RW
#define RO ACC_RO
#define WO ACC_WO
static const struct {
    uint16_t off;
    uint8_t access;
    const char *name;
} cmd_regs[NOC_CMD_REGS] = {
#define NOC_CMD_REG(name, off, acc, doc) {off, acc, #name},
#include "model/noc/noc_niu_regs.def"
#undef NOC_CMD_REG
};
#undef RW
#undef RO
#undef WO

#define CFG_BASE 0x100u
#define COUNTER_BASE 0x200u

uint32_t noc_niu_reg_offset(NocCmdReg r)
{
    return cmd_regs[r].off;
}

const char *noc_niu_counter_name(uint32_t idx)
{
    static const char *const names[NOC_COUNTERS] = {
#define NOC_COUNTER(name, i) [i] = #name,
#include "model/noc/noc_niu_regs.def"
#undef NOC_COUNTER
    };
    static const char *const per_id[2] = {"MST_REQS_OUTSTANDING_ID", "MST_WRITE_REQS_OUTGOING_ID"};
    if (idx >= NOC_COUNTERS)
        return "?";
    if (idx >= NOC_CNT_MST_REQS_OUTSTANDING_ID0 && idx < NOC_CNT_SLV_ATOMIC_RESP_SENT)
        return per_id[idx >= NOC_CNT_MST_WRITE_REQS_OUTGOING_ID0];
    return names[idx];
}

/* The command register at each word of a buffer's window, plus one (0: none); a register
 * polled by software is found without a walk. -Woverride-init rejects two at one offset. */
static const uint8_t cmd_reg_at[NOC_CMD_BUF_STRIDE / 4] = {
#define NOC_CMD_REG(name, off, acc, doc) [(off) / 4] = NOC_R_##name + 1,
#include "model/noc/noc_niu_regs.def"
#undef NOC_CMD_REG
};

static int decode_cmd_reg(uint32_t off) /* off < NOC_CMD_BUF_STRIDE */
{
    return off % 4 ? -1 : (int)cmd_reg_at[off / 4] - 1;
}

void noc_niu_count(NocNiu *u, uint32_t idx, uint32_t by)
{
    if (idx >= NOC_CNT_MST_REQS_OUTSTANDING_ID0 && idx < NOC_CNT_SLV_ATOMIC_RESP_SENT) {
        uint32_t was = u->counters[idx];
        u->counters[idx] = (was + by) & 0xFFu;         /* per-ID counters are 8 bits */
        if (idx < NOC_CNT_MST_WRITE_REQS_OUTGOING_ID0) /* the trace shows what software reads */
            u->outstanding = u->outstanding - was + u->counters[idx];
        noc_niu_changed(u);
        return;
    }
    u->counters[idx] += by;
    noc_niu_changed(u);
}

void noc_niu_uncount_id(NocNiu *u, uint32_t idx)
{
    uint32_t was = u->counters[idx];
    /* 8 bits, wrapping: a non-posted multicast counts once and is acknowledged once per
     * receiver, so its ID's counter goes below zero (the documented quirk) */
    u->counters[idx] = (was - 1u) & 0xFFu;
    if (idx < NOC_CNT_MST_WRITE_REQS_OUTGOING_ID0)
        u->outstanding = u->outstanding - was + u->counters[idx];
    noc_niu_changed(u);
}

static int coord_ok(const NocNet *n, uint32_t hi, int mcast)
{
    if ((hi & 0x3F) >= n->cfg.w || ((hi >> 6) & 0x3F) >= n->cfg.h)
        return 0;
    return !mcast || (((hi >> 12) & 0x3F) < n->cfg.w && ((hi >> 18) & 0x3F) < n->cfg.h);
}

/* ------------------------------------------------------------------ registers */

BhStatus noc_niu_mmio_read(NocNet *n, uint32_t node, uint32_t off, uint32_t *val, int debug)
{
    (void)debug; /* no register has a read side effect */
    NocNiu *u = &n->nius[node];
    *val = 0;
    if (off % 4)
        return BH_ERR_ACCESS;
    if (off >= COUNTER_BASE && off < COUNTER_BASE + 4 * NOC_COUNTERS) {
        *val = u->counters[(off - COUNTER_BASE) / 4];
        return BH_OK;
    }
    if (off >= CFG_BASE && off < CFG_BASE + 4 * NOC_CFG_REGS) {
        *val = u->cfg[(off - CFG_BASE) / 4];
        return BH_OK;
    }
    uint32_t buf = off / NOC_CMD_BUF_STRIDE;
    int r = buf < NOC_CMD_BUFS ? decode_cmd_reg(off % NOC_CMD_BUF_STRIDE) : -1;
    if (r < 0)
        return BH_ERR_ADDR;
    switch (r) {
    case NOC_R_NODE_ID:
        *val = u->node_id;
        break;
    case NOC_R_ENDPOINT_ID:
        *val = u->endpoint_id;
        break;
    case NOC_R_CMD_BUF_AVAIL:
        for (uint32_t b = 0; b < NOC_CMD_BUFS; b++)
            *val |= (u->cmd[b].regs[NOC_R_CMD_CTRL] & 1u) ? 0u : 1u << b;
        break;
    case NOC_R_CLEAR_OUTSTANDING:
    case NOC_R_CMD_BUF_OVFL:
        break;
    default:
        *val = u->cmd[buf].regs[r];
    }
    return BH_OK;
}

static void node_xy(const NocNet *n, uint32_t node, uint32_t *x, uint32_t *y)
{
    *x = node % n->cfg.w;
    *y = node / n->cfg.w;
}

/* Validates a command at its CMD_CTRL write; on a guest error the command is dropped. */
static int command_ok(NocNet *n, uint32_t node, uint32_t b)
{
    const uint32_t *rg = n->nius[node].cmd[b].regs;
    uint32_t ctrl = rg[NOC_R_CTRL], type = ctrl & NOC_CTRL_TYPE_MASK, x, y;
    int mcast = (ctrl & NOC_CTRL_BRCST) != 0;
    node_xy(n, node, &x, &y);
    int marked = (ctrl & NOC_CTRL_RESP_MARKED) != 0;
    int inline_wr = type == NOC_CTRL_TYPE_WR && (ctrl & NOC_CTRL_WR_INLINE);
    int streams = type == NOC_CTRL_TYPE_RD || (type == NOC_CTRL_TYPE_WR && !inline_wr);
    /* which coordinate registers this request uses, and which carries the rectangle */
    int uses_targ = type != NOC_CTRL_TYPE_WR || inline_wr || marked;
    int uses_ret = streams || (type == NOC_CTRL_TYPE_AT && marked);
    int mcast_targ = mcast && (type == NOC_CTRL_TYPE_AT || inline_wr);
    int mcast_ret = mcast && type == NOC_CTRL_TYPE_WR && !inline_wr;
    const char *bad = NULL;
    if (type == 3)
        bad = "request type 3 is reserved";
    else if (type == NOC_CTRL_TYPE_RD && mcast)
        bad = "a read cannot be multicast";
    else if (mcast && noc_topology_bidirectional(&n->cfg))
        bad = "multicast needs a unidirectional torus topology";
    else if (uses_targ && !coord_ok(n, rg[NOC_R_TARG_ADDR_HI], mcast_targ))
        bad = "TARG_ADDR_HI names a tile outside the grid";
    else if (uses_ret && !coord_ok(n, rg[NOC_R_RET_ADDR_HI], mcast_ret))
        bad = "RET_ADDR_HI names a tile outside the grid";
    else if (streams && !(ctrl & NOC_CTRL_WR_BE) && rg[NOC_R_AT_LEN_BE] == 0)
        bad = "transfer length (AT_LEN_BE) is 0";
    if (!bad)
        return 1;
    noc_guest_error(n,
                    "NIU (%u,%u) command buffer %u: %s (CTRL=0x%08x, TARG_HI=0x%x, RET_HI=0x%x); "
                    "command dropped",
                    x, y, b, bad, ctrl, rg[NOC_R_TARG_ADDR_HI], rg[NOC_R_RET_ADDR_HI]);
    return 0;
}

static uint32_t hi_node(const NocNet *n, uint32_t hi)
{
    return ((hi >> 6) & 0x3F) * n->cfg.w + (hi & 0x3F);
}

static void hi_rect(uint32_t hi, uint8_t rect[4])
{
    rect[0] = (uint8_t)((hi >> 12) & 0x3F);
    rect[1] = (uint8_t)((hi >> 18) & 0x3F);
    rect[2] = (uint8_t)(hi & 0x3F);
    rect[3] = (uint8_t)((hi >> 6) & 0x3F);
}

/* What a command buffer's registers ask for (docs/hardware.md#niu): for a read TARG names the
 * source and RET the destination; a streaming write reads its data at TARG_ADDR_LO/MID locally,
 * writes it at RET, and TARG_ADDR_HI says where its acknowledgement goes; an atomic or an
 * inline write targets TARG (atomics return the old value to RET). */
static void request_from_regs(const NocNet *n, uint32_t node, const NocCmdBuf *c, NocRequest *rq)
{
    const uint32_t *rg = c->regs;
    uint32_t ctrl = rg[NOC_R_CTRL], type = ctrl & NOC_CTRL_TYPE_MASK;
    uint64_t targ = rg[NOC_R_TARG_ADDR_LO] | (uint64_t)rg[NOC_R_TARG_ADDR_MID] << 32;
    uint64_t ret = rg[NOC_R_RET_ADDR_LO] | (uint64_t)rg[NOC_R_RET_ADDR_MID] << 32;
    uint32_t targ_hi = rg[NOC_R_TARG_ADDR_HI], ret_hi = rg[NOC_R_RET_ADDR_HI];
    uint32_t len_be = rg[NOC_R_AT_LEN_BE];
    memset(rq, 0, sizeof *rq);
    rq->acked = (ctrl & NOC_CTRL_RESP_MARKED) != 0;
    rq->tid = (uint8_t)((rg[NOC_R_PACKET_TAG] >> NOC_TAG_TID_SHIFT) & NOC_TAG_TID_MASK);
    rq->mcast = (ctrl & NOC_CTRL_BRCST) != 0;
    rq->y_major = (ctrl & NOC_CTRL_BRCST_XY) != 0;
    rq->src_include = (ctrl & NOC_CTRL_BRCST_SRC_INCLUDE) != 0;
    rq->path_reserve = (ctrl & NOC_CTRL_PATH_RESERVE) != 0;
    rq->linked = (ctrl & NOC_CTRL_VC_LINKED) != 0;
    rq->tag = c->tag;
    uint32_t where = targ_hi; /* the register holding the target's coordinates */
    if (type == NOC_CTRL_TYPE_RD) {
        rq->op = NOC_REQ_READ;
        rq->reply_node = hi_node(n, ret_hi);
        rq->remote_addr = targ;
        rq->local_addr = ret;
        rq->len = len_be;
    } else if (type == NOC_CTRL_TYPE_AT || (ctrl & NOC_CTRL_WR_INLINE)) {
        rq->op = type == NOC_CTRL_TYPE_AT ? NOC_REQ_ATOMIC : NOC_REQ_WRITE_INLINE;
        rq->reply_node = type == NOC_CTRL_TYPE_AT ? hi_node(n, ret_hi) : node;
        rq->remote_addr = targ;
        rq->local_addr = ret;
        rq->data = rg[NOC_R_AT_DATA];
        /* NOC_AT_LEN_BE (docs/hardware.md#noc): opcode [15:12], word [1:0], increment width [6:2],
         * compare value [5:2], swap value [9:6]; inline writes: bytes i and 16 + i both
         * enable byte i of the line */
        rq->atomic = (NocAtomic){(uint8_t)((len_be >> 12) & 0xF), (uint8_t)(len_be & 3),
                                 (uint8_t)((len_be >> 2) & 0x1F), (uint8_t)((len_be >> 2) & 0xF),
                                 (uint8_t)((len_be >> 6) & 0xF)};
        if (rq->op == NOC_REQ_WRITE_INLINE)
            rq->byte_enable = (len_be | len_be >> 16) & 0xFFFFu;
    } else {
        rq->op = (ctrl & NOC_CTRL_WR_BE) ? NOC_REQ_WRITE_BE : NOC_REQ_WRITE;
        rq->reply_node = hi_node(n, targ_hi);
        rq->remote_addr = ret;
        rq->local_addr = targ;
        if (ctrl & NOC_CTRL_WR_BE)
            rq->byte_enable = len_be | (uint64_t)rg[NOC_R_AT_LEN_BE_1] << 32;
        else
            rq->len = len_be;
        where = ret_hi;
    }
    rq->target = hi_node(n, where);
    if (rq->mcast)
        hi_rect(where, rq->rect);
}

#define CFG_IDX(off) (((off)-CFG_BASE) / 4)

static int xlate_on(const NocNiu *u)
{
    return (u->cfg[CFG_IDX(NOC_XLATE_OFF_NIU_CFG_0)] & NOC_XLATE_ENABLE) != 0;
}

static void xlate_decode(NocNiu *u)
{
    NocXlateRegs r;
    for (uint32_t i = 0; i < 6; i++) {
        r.x_table[i] = u->cfg[CFG_IDX(NOC_XLATE_OFF_X_TABLE) + i];
        r.y_table[i] = u->cfg[CFG_IDX(NOC_XLATE_OFF_Y_TABLE) + i];
        r.ddr_table[i] = u->cfg[CFG_IDX(NOC_XLATE_OFF_DDR_TABLE) + i];
    }
    r.col_mask = u->cfg[CFG_IDX(NOC_XLATE_OFF_COL_MASK)];
    r.row_mask = u->cfg[CFG_IDX(NOC_XLATE_OFF_ROW_MASK)];
    r.col_swap = u->cfg[CFG_IDX(NOC_XLATE_OFF_COL_SWAP)];
    noc_xlate_decode(&u->xlate, &r);
}

int noc_niu_translate(const NocNet *n, uint32_t node, uint32_t *x, uint32_t *y)
{
    const NocNiu *u = &n->nius[node];
    if (!xlate_on(u))
        return 0;
    noc_xlate_apply(&u->xlate, x, y);
    return 1;
}

void noc_net_set_xlate(NocNet *n, uint32_t node, const NocXlateRegs *r, int enable, uint32_t tx,
                       uint32_t ty)
{
    NocNiu *u = &n->nius[node];
    for (uint32_t i = 0; i < 6; i++) {
        u->cfg[CFG_IDX(NOC_XLATE_OFF_X_TABLE) + i] = r->x_table[i];
        u->cfg[CFG_IDX(NOC_XLATE_OFF_Y_TABLE) + i] = r->y_table[i];
        u->cfg[CFG_IDX(NOC_XLATE_OFF_DDR_TABLE) + i] = r->ddr_table[i];
    }
    u->cfg[CFG_IDX(NOC_XLATE_OFF_COL_MASK)] = r->col_mask;
    u->cfg[CFG_IDX(NOC_XLATE_OFF_ROW_MASK)] = r->row_mask;
    u->cfg[CFG_IDX(NOC_XLATE_OFF_COL_SWAP)] = r->col_swap;
    uint32_t *cfg0 = &u->cfg[CFG_IDX(NOC_XLATE_OFF_NIU_CFG_0)];
    *cfg0 = enable ? *cfg0 | NOC_XLATE_ENABLE : *cfg0 & ~NOC_XLATE_ENABLE;
    u->cfg[CFG_IDX(NOC_XLATE_OFF_ID_LOGICAL)] = (tx & 0x3F) | (ty & 0x3F) << 6;
    xlate_decode(u);
}

/* the (x, y) at `shift` of a coordinate register, translated in place */
static uint32_t xlate_field(const NocNiu *u, uint32_t hi, uint32_t shift)
{
    uint32_t x = (hi >> shift) & 0x3F, y = (hi >> (shift + 6)) & 0x3F;
    noc_xlate_apply(&u->xlate, &x, &y);
    return (hi & ~(0xFFFu << shift)) | (x & 0x3F) << shift | (y & 0x3F) << (shift + 6);
}

/* CMD_CTRL write with translation on: the NIU translates the coordinates of TARG_ADDR_HI and
 * RET_ADDR_HI (a multicast's start corner too) and writes the raw ones back, as
 * BlackholeA0/NoC/MemoryMap.md says NOC_CMD_CTRL does. */
static void xlate_command(NocNiu *u, NocCmdBuf *c)
{
    const int mcast = (c->regs[NOC_R_CTRL] & NOC_CTRL_BRCST) != 0;
    static const int hi_regs[2] = {NOC_R_TARG_ADDR_HI, NOC_R_RET_ADDR_HI};
    for (int k = 0; k < 2; k++) {
        uint32_t hi = xlate_field(u, c->regs[hi_regs[k]], 0);
        if (mcast)
            hi = xlate_field(u, hi, 12);
        c->regs[hi_regs[k]] = hi;
    }
}

/* CMD_CTRL write: the command becomes a request on the NIU's request port, in this buffer's
 * record, which counts it issued and queues it for first-hop VC assignment. */
static void issue(NocNet *n, uint32_t node, uint32_t b, uint64_t now)
{
    NocCmdBuf *c = &n->nius[node].cmd[b];
    uint32_t ctrl = c->regs[NOC_R_CTRL];
    NocRequest rq;
    if (xlate_on(&n->nius[node]))
        xlate_command(&n->nius[node], c);
    if (!command_ok(n, node, b)) {
        c->tag = BH_IDLE;
        return;
    }
    request_from_regs(n, node, c, &rq);
    c->tag = BH_IDLE;
    if (ctrl & NOC_CTRL_VC_STATIC)
        BH_LOG_UNIMP_ONCE(n->log, "NoC static VCs (the flag is ignored)");
    c->regs[NOC_R_CMD_CTRL] = 1;
    noc_niu_port_admit(n, node, b, &rq, now);
}

BhStatus noc_niu_mmio_write(NocNet *n, uint32_t node, uint32_t off, uint32_t val, uint64_t now)
{
    NocNiu *u = &n->nius[node];
    uint32_t x, y;
    node_xy(n, node, &x, &y);
    if (off % 4)
        return BH_ERR_ACCESS;
    noc_niu_changed(u); /* a watcher re-reads what it polls after the write */
    if (off >= COUNTER_BASE && off < COUNTER_BASE + 4 * NOC_COUNTERS) {
        noc_guest_error(n, "NIU (%u,%u): write to read-only counter at +0x%x", x, y, off);
        return BH_ERR_ACCESS;
    }
    if (off >= CFG_BASE && off < CFG_BASE + 4 * NOC_CFG_REGS) {
        u->cfg[(off - CFG_BASE) / 4] = val;
        if (noc_xlate_is_reg(off))
            xlate_decode(u);
        return BH_OK;
    }
    uint32_t b = off / NOC_CMD_BUF_STRIDE;
    int r = b < NOC_CMD_BUFS ? decode_cmd_reg(off % NOC_CMD_BUF_STRIDE) : -1;
    if (r < 0)
        return BH_ERR_ADDR;
    NocCmdBuf *c = &u->cmd[b];
    if (cmd_regs[r].access == ACC_RO) {
        noc_guest_error(n, "NIU (%u,%u): write to read-only %s", x, y, cmd_regs[r].name);
        return BH_ERR_ACCESS;
    }
    if (r == NOC_R_CLEAR_OUTSTANDING) {
        for (uint32_t t = 0; t < NOC_TIDS; t++)
            if (val & (1u << t)) {
                u->outstanding -= u->counters[NOC_CNT_MST_REQS_OUTSTANDING_ID0 + t];
                u->counters[NOC_CNT_MST_REQS_OUTSTANDING_ID0 + t] = 0;
            }
        return BH_OK;
    }
    if (c->regs[NOC_R_CMD_CTRL] & 1u) {
        /* the ISA forbids touching an initiator until CMD_CTRL reads 0 again */
        noc_guest_error(n,
                        "NIU (%u,%u) command buffer %u: %s written while a command is pending; "
                        "write ignored",
                        x, y, b, cmd_regs[r].name);
        return BH_ERR_ACCESS;
    }
    if (r == NOC_R_CMD_CTRL) {
        if (val & 1u)
            issue(n, node, b, now);
        return BH_OK;
    }
    c->regs[r] = val;
    return BH_OK;
}

void noc_niu_tag_command(NocNet *n, uint32_t node, uint32_t buf, uint64_t tag)
{
    n->nius[node].cmd[buf].tag = tag;
}

/* The region device's state: one NIU of a network */
typedef struct NiuDev {
    NocNet *n;
    uint32_t node;
} NiuDev;

static BhStatus niu_region_read(void *dev, BhRegionAccess *a)
{
    const NiuDev *d = dev;
    uint32_t v = 0; /* through a word of our own: a->data need not be aligned */
    const BhStatus st = noc_niu_mmio_read(d->n, d->node, a->off, &v, a->debug);
    memcpy(a->data, &v, 4);
    return st;
}

static BhStatus niu_region_write(void *dev, BhRegionAccess *a)
{
    const NiuDev *d = dev;
    if (a->debug)
        return BH_ERR_ACCESS; /* a write issues commands: it cannot be a backdoor one */
    uint32_t val;
    memcpy(&val, a->data, 4);
    return noc_niu_mmio_write(d->n, d->node, a->off, val, a->now);
}

const BhRegionOps noc_niu_regs_region = {"NIU registers",
                                         niu_region_read,
                                         niu_region_write,
                                         NOC_NIU_REG_BYTES,
                                         NOC_NIU_REG_BYTES,
                                         1 /* aligned */,
                                         0 /* answers at once */};

BhStatus noc_niu_reg_access(NocNet *n, uint32_t node, uint32_t off, uint32_t len, int write,
                            uint32_t *val, int debug, uint64_t now)
{
    NiuDev d = {n, node};
    BhRegionAccess a = {0, 0, 0, off, len, (uint8_t)write, (uint8_t)debug, 0, val, now};
    return bh_region_access(&noc_niu_regs_region, &d, &a);
}
