// SPDX-License-Identifier: Apache-2.0
/* model/arc/arc.c - the ARC tile's registers, CSM, reference clock and the NoC access path
 * (arc.h); the message queues and telemetry are in arc_msgq.c. */
#include "model/arc/arc.h"
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "model/arc/arc_internal.h"

enum { KIND_RW, KIND_RO, KIND_REFCLK, KIND_DOORBELL, KIND_MSI };

static const struct {
    const char *name;
    uint32_t first, addr, count, slot, init;
    uint8_t kind;
} rows[ARC_NUM_REGS] = {
#define ARC_REG(id, nm, fst, ad, cnt, in, k, doc) {nm, fst, ad, cnt, ARC_S_##id, in, KIND_##k},
#include "model/arc/arc_regs.def"
#undef ARC_REG
};

ArcConfig arc_config_default(void)
{
    ArcConfig c;
#define ARC_X_DEF(name, def, lo, hi, doc) c.name = (def);
    ARC_PARAMS(ARC_X_DEF)
    ARC_CHIP_FIELDS(ARC_X_DEF)
#undef ARC_X_DEF
    return c;
}

BhStatus arc_config_check(const ArcConfig *cfg, char *why, size_t why_len)
{
#define ARC_X_CHECK(name, def, lo, hi, doc)                                                        \
    if ((uint64_t)cfg->name < (uint64_t)(lo) || (uint64_t)cfg->name > (uint64_t)(hi)) {            \
        snprintf(why, why_len, "arc.%s: must be %" PRIu64 "..%" PRIu64 ", got %u", #name,          \
                 (uint64_t)(lo), (uint64_t)(hi), cfg->name);                                       \
        return BH_ERR_CONFIG;                                                                      \
    }
    ARC_PARAMS(ARC_X_CHECK)
    ARC_CHIP_FIELDS(ARC_X_CHECK)
#undef ARC_X_CHECK
    if (cfg->aiclk_fmin_mhz > cfg->aiclk_fmax_mhz) {
        snprintf(why, why_len,
                 "arc.aiclk_fmin_mhz: must be at most arc.aiclk_fmax_mhz (%u), got %u",
                 cfg->aiclk_fmax_mhz, cfg->aiclk_fmin_mhz);
        return BH_ERR_CONFIG;
    }
    return BH_OK;
}

uint32_t arc_get32(const Arc *a, uint32_t addr)
{
    const uint8_t *p = &a->csm[addr - ARC_CSM_BASE];
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

void arc_put32(Arc *a, uint32_t addr, uint32_t v)
{
    uint8_t *p = &a->csm[addr - ARC_CSM_BASE];
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* REFCLK at now = ref_whole + ref_num/ref_den + (now - seg_start) * 50 / aiclk_mhz, split so
 * no product overflows: whole AICLK-MHz periods of e give 50 ticks each. num and den receive
 * the fraction left over (< 1). */
static uint64_t refclk_at(const Arc *a, uint64_t now, uint64_t *num, uint64_t *den)
{
    const uint64_t f = a->aiclk_mhz;
    const uint64_t e = now > a->seg_start ? now - a->seg_start : 0;
    const uint64_t n = a->ref_num * f + (e % f) * 50 * a->ref_den, d = a->ref_den * f;
    if (num) {
        *num = n % d;
        *den = d;
    }
    return a->ref_whole + (e / f) * 50 + n / d;
}

uint64_t arc_refclk(const Arc *a, uint64_t now)
{
    return refclk_at(a, now, NULL, NULL);
}

void arc_set_aiclk(Arc *a, uint32_t mhz, uint64_t now)
{
    if (mhz == a->aiclk_mhz)
        return;
    uint64_t num, den;
    a->ref_whole = refclk_at(a, now, &num, &den);
    const uint64_t g = bh_gcd64(num, den);
    num /= g ? g : 1;
    den /= g ? g : 1;
    if (den > (1ull << 32)) { /* keep the carry's arithmetic in range: round it down */
        num = (num << 20) / den;
        den = 1ull << 20;
    }
    a->ref_num = num;
    a->ref_den = den;
    a->seg_start = now > a->seg_start ? now : a->seg_start;
    a->aiclk_mhz = mhz;
    arc_telem_fill(a, now);
    if (a->aiclk_changed)
        a->aiclk_changed(a->aiclk_ctx, mhz, now);
}

uint32_t arc_aiclk_mhz(const Arc *a)
{
    return a->aiclk_mhz;
}

uint32_t arc_tensix_cols_from_noc_x(uint32_t noc_x_mask)
{
    /* physical Tensix column i -> NoC0 x (ZEP lib/tenstorrent/bh_arc/noc.c TensixPhysXToNoc) */
    static const uint8_t noc_x[14] = {1, 16, 2, 15, 3, 14, 4, 13, 5, 12, 6, 11, 7, 10};
    uint32_t m = 0;
    for (uint32_t i = 0; i < 14; i++)
        if (noc_x_mask >> noc_x[i] & 1)
            m |= 1u << i;
    return m;
}

BhStatus arc_init(Arc *a, const ArcConfig *cfg, BhLogContext *log, ArcAiclkFn aiclk_changed,
                  void *ctx)
{
    char why[160];
    if (arc_config_check(cfg, why, sizeof why) != BH_OK)
        return BH_ERR_CONFIG;
    memset(a, 0, sizeof *a);
    a->cfg = *cfg;
    a->log = log;
    a->aiclk_changed = aiclk_changed;
    a->aiclk_ctx = ctx;
    for (uint32_t r = 0; r < ARC_NUM_REGS; r++)
        for (uint32_t i = 0; i < rows[r].count; i++)
            a->regs[rows[r].slot + i] = rows[r].init;
    a->aiclk_mhz = cfg->aiclk_init_mhz;
    a->ref_den = 1;
    a->pending_at = BH_IDLE;
    arc_msgq_init(a);
    arc_telem_init(a);
    return BH_OK;
}

uint64_t arc_step(Arc *a, uint64_t now_cycle)
{
    if (a->pending_at == BH_IDLE)
        return BH_IDLE;
    if (now_cycle < a->pending_at)
        return a->pending_at;
    a->pending_at = BH_IDLE;
    a->regs[ARC_S_ARC_MISC_CNTL] &= ~ARC_DOORBELL_MASK; /* the firmware's ISR clears irq0_trig */
    arc_msgq_process(a, now_cycle);
    a->regs[ARC_S_POST_CODE] = ARC_POST_CODE_MSG_DONE;
    return a->pending_at;
}

static void ring(Arc *a, uint64_t now)
{
    const uint64_t due = now + a->cfg.msg_latency_cycles;
    if (a->pending_at == BH_IDLE || due < a->pending_at)
        a->pending_at = due;
    a->doorbells++;
}

static uint32_t find_row(uint64_t addr)
{
    uint32_t r = 0;
    while (r < ARC_NUM_REGS &&
           !(addr >= rows[r].addr && addr < rows[r].addr + 4ull * rows[r].count))
        r++;
    return r;
}

const char *arc_reg_name(uint64_t noc_addr, char *buf, size_t len)
{
    const uint32_t r = find_row(noc_addr);
    if (r == ARC_NUM_REGS)
        return NULL;
    if (rows[r].count == 1)
        snprintf(buf, len, "%s", rows[r].name);
    else
        snprintf(buf, len, "%s%u", rows[r].name,
                 rows[r].first + (uint32_t)(noc_addr - rows[r].addr) / 4);
    return buf;
}

static BhStatus reg_access(Arc *a, uint32_t r, uint64_t addr, int write, uint32_t *val, int debug,
                           uint64_t now)
{
    char nm[48];
    uint32_t *v = &a->regs[rows[r].slot + (uint32_t)(addr - rows[r].addr) / 4];
    arc_reg_name(addr, nm, sizeof nm);
    switch (rows[r].kind) {
    case KIND_REFCLK:
        if (write) {
            snprintf(a->why, sizeof a->why, "ARC 0x%08" PRIx64 " (%s) is read-only", addr, nm);
            return BH_ERR_ACCESS;
        }
        *val = (uint32_t)(arc_refclk(a, now) >> (addr == rows[ARC_R_REFCLK_HIGH].addr ? 32 : 0));
        return BH_OK;
    case KIND_RO:
        if (write) {
            snprintf(a->why, sizeof a->why, "ARC 0x%08" PRIx64 " (%s) is read-only", addr, nm);
            return BH_ERR_ACCESS;
        }
        *val = *v;
        return BH_OK;
    case KIND_MSI:
        if (!write) {
            snprintf(a->why, sizeof a->why,
                     "ARC 0x%08" PRIx64 " (%s): reading pops the firmware's MSI FIFO; not modeled",
                     addr, nm);
            return BH_ERR_ACCESS;
        }
        if (*val == 0 && !debug)
            ring(a, now);
        return BH_OK;
    case KIND_DOORBELL:
        if (!write) {
            *val = *v;
            return BH_OK;
        }
        *v = *val;
        if ((*val & ARC_DOORBELL_MASK) && !debug)
            ring(a, now);
        return BH_OK;
    default:
        if (write)
            *v = *val;
        else
            *val = *v;
        return BH_OK;
    }
}

BhStatus arc_access(Arc *a, uint64_t noc_addr, int write, void *buf, uint32_t len, int debug,
                    uint64_t now)
{
    if (len == 0) {
        snprintf(a->why, sizeof a->why, "ARC 0x%08" PRIx64 ": access of 0 bytes", noc_addr);
        return BH_ERR_ACCESS;
    }
    if (noc_addr >= ARC_CSM_BASE && noc_addr < ARC_CSM_BASE + ARC_CSM_SIZE) {
        if (noc_addr + len > ARC_CSM_BASE + ARC_CSM_SIZE) {
            snprintf(a->why, sizeof a->why,
                     "ARC 0x%08" PRIx64 ": %u bytes run past the CSM's end (0x%08x)", noc_addr, len,
                     ARC_CSM_BASE + ARC_CSM_SIZE);
            if (!debug)
                BH_LOG_GUEST(a->log, "%s", a->why);
            return BH_ERR_ADDR;
        }
        uint8_t *p = &a->csm[noc_addr - ARC_CSM_BASE];
        if (write) {
            memcpy(p, buf, len);
        } else {
            arc_telem_fill(a, now); /* the heartbeat follows time */
            memcpy(buf, p, len);
        }
        return BH_OK;
    }
    const uint32_t r = find_row(noc_addr);
    if (r == ARC_NUM_REGS) {
        snprintf(a->why, sizeof a->why,
                 "ARC 0x%08" PRIx64 " is not modeled (no register or CSM byte there)", noc_addr);
        if (!debug)
            BH_LOG_GUEST(a->log, "%s", a->why);
        return BH_ERR_ADDR;
    }
    if (len != 4 || noc_addr % 4) {
        char nm[48];
        snprintf(a->why, sizeof a->why,
                 "ARC 0x%08" PRIx64 " (%s): registers take aligned 4-byte accesses, got %u bytes",
                 noc_addr, arc_reg_name(noc_addr, nm, sizeof nm), len);
        if (!debug)
            BH_LOG_GUEST(a->log, "%s", a->why);
        return BH_ERR_ACCESS;
    }
    uint8_t *b = buf; /* NoC data are little endian */
    uint32_t v =
        write ? (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24
              : 0;
    const BhStatus s = reg_access(a, r, noc_addr, write, &v, debug, now);
    if (s == BH_OK && !write)
        for (int i = 0; i < 4; i++)
            b[i] = (uint8_t)(v >> (8 * i));
    if (s != BH_OK && !debug)
        BH_LOG_GUEST(a->log, "%s", a->why);
    return s;
}
