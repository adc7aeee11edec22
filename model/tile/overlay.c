// SPDX-License-Identifier: Apache-2.0
/* The NoC overlay's stream registers as general-purpose MMIO (overlay.h, overlay_regs.def). */
#include "model/tile/overlay.h"
#include <stdio.h>
#include <string.h>

enum { ACC_RW, ACC_RO, ACC_WO, ACC_ENGINE };

/* what a write does besides storing, or how a read is computed */
typedef enum OverlayEffect {
    EFF_NONE,
    EFF_AUTO_CFG,       /* PHASE_AUTO_CONFIG set: the engine would load a phase */
    EFF_PHASE,          /* CURR_PHASE_BASE added on write, subtracted on read */
    EFF_CFG_PTR,        /* PHASE_AUTO_CFG_PTR_BASE added on write, subtracted on read */
    EFF_CFG_HEADER,     /* low 12 bits increment CURR_PHASE, high 20 kept */
    EFF_DEST_BUF_START, /* zeroes REMOTE_DEST_WR_PTR */
    EFF_DEST_BUF_SIZE,  /* sets every REMOTE_DEST_BUF_SPACE_AVAILABLE + i */
    EFF_BUF_START,      /* zeroes RD_PTR and WR_PTR */
    EFF_RD_PTR,         /* NEXT_RECEIVED_MSG_SIZE = 0, _ADDR = BUF_START + RD_PTR */
    EFF_SPACE_UPDATE,   /* (j << 6) + i adds j to SPACE_AVAILABLE + i */
    EFF_WAIT_STATUS,    /* read: an idle stream waiting for software */
    EFF_CAN_PUSH,       /* read: MSG_INFO_PTR == MSG_INFO_WR_PTR */
    EFF_DEBUG_STATUS_2, /* read: bit 3 when every SPACE_AVAILABLE + i is non-zero */
} OverlayEffect;

/* which streams have a register (Overlay/README.md "Stream Capabilities", Tensix tile) */
enum { STR_ALL, STR_MCAST, STR_GATHER, STR_DRAM };

static const struct {
    const char *name;
    uint16_t index, slot;
    uint8_t count, width, access, effect, streams;
} rows[OVERLAY_NUM_REGS] = {
#define OVERLAY_REG(nm, idx, cnt, w, acc, eff, str, doc)                                           \
    {#nm, idx, OVERLAY_S_##nm, cnt, w, ACC_##acc, EFF_##eff, STR_##str},
#include "model/tile/overlay_regs.def"
#undef OVERLAY_REG
};

#define SPACE_WORDS_MASK 0x1FFFFu /* REMOTE_DEST_WORDS_FREE, MEM_WORD_ADDR_WIDTH */
#define SPACE_INFO_SHIFT 17       /* REMOTE_DEST_MSG_INFO_WORDS_FREE */
#define SPACE_INFO_MASK 0x1FFu    /* MSG_INFO_BUF_SIZE_WORDS_WIDTH 9 */
#define SPACE_INSTANCES 32

static uint32_t mask_of(uint32_t width)
{
    return width >= 32 ? 0xFFFFFFFFu : (1u << width) - 1u;
}

static int has(uint32_t streams, uint32_t s)
{
    switch (streams) {
    case STR_MCAST: /* NUM_MCAST_STREAM_ID_START..END */
        return s <= 3;
    case STR_GATHER:
        return s <= 5;
    case STR_DRAM:
        return s <= 3 || (s >= 8 && s <= 11);
    default:
        return 1;
    }
}

void overlay_init(Overlay *ov)
{
    memset(ov, 0, sizeof *ov);
    memset(ov->row_of, 0xFF, sizeof ov->row_of);
    for (uint32_t r = 0; r < OVERLAY_NUM_REGS; r++)
        for (uint32_t i = 0; i < rows[r].count; i++) {
            BH_ASSERT(rows[r].index + i < OVERLAY_REG_INDICES &&
                      ov->row_of[rows[r].index + i] == 0xFF);
            ov->row_of[rows[r].index + i] = (uint8_t)r;
        }
}

const char *overlay_reg_name(uint32_t reg)
{
    return reg < OVERLAY_NUM_REGS ? rows[reg].name : "?";
}

int overlay_decode(const Overlay *ov, uint32_t off, uint32_t *reg, uint32_t *inst)
{
    const uint32_t s = off / OVERLAY_STREAM_BYTES, index = off % OVERLAY_STREAM_BYTES / 4;
    if (s >= OVERLAY_STREAMS || index >= OVERLAY_REG_INDICES || ov->row_of[index] == 0xFF)
        return 0;
    *reg = ov->row_of[index];
    *inst = index - rows[*reg].index;
    return 1;
}

static uint32_t *slot(Overlay *ov, uint32_t s, uint32_t reg)
{
    return &ov->val[s][rows[reg].slot];
}

/* the value a read returns: stored, or computed (no side effects) */
static uint32_t read_reg(Overlay *ov, uint32_t s, uint32_t reg, uint32_t inst)
{
    const uint32_t stored = ov->val[s][rows[reg].slot + inst];
    const uint32_t m = mask_of(rows[reg].width);
    uint32_t n, all;
    switch (rows[reg].effect) {
    case EFF_PHASE:
        return (stored - *slot(ov, s, OVERLAY_R_CURR_PHASE_BASE)) & m;
    case EFF_CFG_PTR:
        return (stored - *slot(ov, s, OVERLAY_R_PHASE_AUTO_CFG_PTR_BASE)) & m;
    case EFF_CFG_HEADER: /* the low 12 bits read as zero ("should be ignored") */
        return stored & ~0xFFFu;
    case EFF_WAIT_STATUS: /* WAIT_SW_PHASE_ADVANCE_SIGNAL, STREAM_CURR_STATE 0 (idle) */
        return 1;
    case EFF_CAN_PUSH:
        return *slot(ov, s, OVERLAY_R_MSG_INFO_PTR) == *slot(ov, s, OVERLAY_R_MSG_INFO_WR_PTR);
    case EFF_DEBUG_STATUS_2:
        n = has(STR_MCAST, s) ? SPACE_INSTANCES : 1;
        all = 1;
        for (uint32_t i = 0; i < n; i++)
            all &=
                (slot(ov, s, OVERLAY_R_REMOTE_DEST_BUF_SPACE_AVAILABLE)[i] & SPACE_WORDS_MASK) != 0;
        return all << 3;
    default:
        return rows[reg].access == ACC_WO || rows[reg].access == ACC_ENGINE ? 0 : stored;
    }
}

static BhStatus refuse(Overlay *ov, BhStatus st, uint32_t s, uint32_t reg, const char *what)
{
    snprintf(ov->why, sizeof ov->why, "overlay stream %u %s (%u): %s", s, rows[reg].name,
             rows[reg].index, what);
    return st;
}

/* a write's value kept, and what else it does */
static BhStatus write_reg(Overlay *ov, uint32_t s, uint32_t reg, uint32_t inst, uint32_t v)
{
    const uint32_t m = mask_of(rows[reg].width);
    uint32_t *p = &ov->val[s][rows[reg].slot + inst];
    uint32_t *space = slot(ov, s, OVERLAY_R_REMOTE_DEST_BUF_SPACE_AVAILABLE);
    switch (rows[reg].effect) {
    case EFF_AUTO_CFG:
        if (v & 1u) /* PHASE_AUTO_CONFIG: the stream would start loading its configuration */
            return refuse(ov, BH_ERR_UNSUPPORTED, s, reg,
                          "PHASE_AUTO_CONFIG set: message engine not modeled");
        *p = v & m;
        return BH_OK;
    case EFF_PHASE:
        *p = (v + *slot(ov, s, OVERLAY_R_CURR_PHASE_BASE)) & m;
        return BH_OK;
    case EFF_CFG_PTR:
        *p = (v + *slot(ov, s, OVERLAY_R_PHASE_AUTO_CFG_PTR_BASE)) & m;
        return BH_OK;
    case EFF_CFG_HEADER: { /* PHASE_NUM_INCR 11:0; CURR_PHASE_NUM_MSGS,
                              NEXT_PHASE_NUM_CFG_REG_WRITES */
        uint32_t *phase = slot(ov, s, OVERLAY_R_CURR_PHASE);
        *phase = (*phase + (v & 0xFFFu)) & mask_of(rows[OVERLAY_R_CURR_PHASE].width);
        *p = v & ~0xFFFu;
        return BH_OK;
    }
    case EFF_DEST_BUF_START:
        *p = v & m;
        *slot(ov, s, OVERLAY_R_REMOTE_DEST_WR_PTR) = 0;
        return BH_OK;
    case EFF_DEST_BUF_SIZE: { /* the words-free field of every instance the stream has */
        const uint32_t n = has(STR_MCAST, s) ? SPACE_INSTANCES : 1;
        *p = v & m;
        for (uint32_t i = 0; i < n; i++)
            space[i] = (space[i] & ~SPACE_WORDS_MASK) | (v & SPACE_WORDS_MASK);
        return BH_OK;
    }
    case EFF_BUF_START:
        *p = v & m;
        *slot(ov, s, OVERLAY_R_RD_PTR) = 0;
        *slot(ov, s, OVERLAY_R_WR_PTR) = 0;
        return BH_OK;
    case EFF_RD_PTR:
        *p = v & m;
        *slot(ov, s, OVERLAY_R_NEXT_RECEIVED_MSG_SIZE) = 0;
        *slot(ov, s, OVERLAY_R_NEXT_RECEIVED_MSG_ADDR) =
            (*slot(ov, s, OVERLAY_R_BUF_START) + (*p & SPACE_WORDS_MASK)) &
            mask_of(rows[OVERLAY_R_NEXT_RECEIVED_MSG_ADDR].width);
        return BH_OK;
    case EFF_SPACE_UPDATE: {
        /* REMOTE_DEST_BUF_SPACE_AVAILABLE_UPDATE_DEST_NUM 5:0, REMOTE_DEST_BUF_WORDS_FREE_INC
         * 22:6, REMOTE_DEST_MSG_INFO_BUF_WORDS_FREE_INC 31:23; each field wraps in its width, so
         * adding 0x1FFFF takes one away (tt-metal's fabric counts down this way) */
        const uint32_t i = v & 0x3Fu;
        if (i >= SPACE_INSTANCES || (i > 0 && !has(STR_MCAST, s)))
            return BH_OK; /* no such destination on this stream: nothing to update */
        const uint32_t words = ((space[i] & SPACE_WORDS_MASK) + (v >> 6)) & SPACE_WORDS_MASK;
        const uint32_t info =
            ((space[i] >> SPACE_INFO_SHIFT & SPACE_INFO_MASK) + (v >> 23)) & SPACE_INFO_MASK;
        space[i] = words | info << SPACE_INFO_SHIFT;
        return BH_OK;
    }
    default:
        *p = v & m;
        return BH_OK;
    }
}

BhStatus overlay_access(Overlay *ov, uint32_t off, int write, uint32_t *val, int debug)
{
    const uint32_t s = off / OVERLAY_STREAM_BYTES, index = off % OVERLAY_STREAM_BYTES / 4;
    uint32_t reg, inst;
    if (off % 4 || !overlay_decode(ov, off, &reg, &inst)) {
        snprintf(ov->why, sizeof ov->why,
                 "overlay stream %u register index %u (offset 0x%03x) is not modeled", s, index,
                 off % OVERLAY_STREAM_BYTES);
        return BH_ERR_ADDR;
    }
    const int present =
        has(rows[reg].streams, s) &&
        (reg != OVERLAY_R_REMOTE_DEST_BUF_SPACE_AVAILABLE || inst == 0 || has(STR_MCAST, s));
    if (!write) {
        *val = present ? read_reg(ov, s, reg, inst) : 0; /* absent: reads as zero */
        return BH_OK;
    }
    (void)debug; /* reads have no side effects, so a debug read is a read */
    switch (rows[reg].access) {
    case ACC_RO:
        return refuse(ov, BH_ERR_ACCESS, s, reg, "read-only");
    case ACC_ENGINE:
        return refuse(ov, BH_ERR_UNSUPPORTED, s, reg,
                      "would start the message engine, not modeled");
    default:
        break;
    }
    if (!present) /* "writes are ignored" on streams without the capability */
        return BH_OK;
    const BhStatus st = write_reg(ov, s, reg, inst, *val);
    if (st == BH_OK)
        ov->writes++;
    return st;
}
