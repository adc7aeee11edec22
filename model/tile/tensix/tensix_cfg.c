// SPDX-License-Identifier: Apache-2.0
/* Tensix Configuration Unit: Config[2], ThreadConfig[3], the Config pipeline and the
 * instructions WRCFG, RDCFG, SETC16, RMWCIB, CFGSHIFTMASK (BlackholeA0 pages named in
 * tensix_cfg.h). */
#include "model/tile/tensix/tensix_cfg.h"
#include <string.h>

static const TensixCfgFieldInfo cfg_fields[TCFG_NUM_FIELDS] = {
#define TCFG_CFG_FIELD(name, addr32, shift, width) {#name, addr32, shift, width},
#include "model/tile/tensix/tensix_cfg_regs.def"
#undef TCFG_CFG_FIELD
};

static const TensixCfgFieldInfo thread_fields[TCFG_NUM_THREAD_FIELDS] = {
#define TCFG_THD_FIELD(name, addr32, shift, width) {#name, addr32, shift, width},
#include "model/tile/tensix/tensix_cfg_regs.def"
#undef TCFG_THD_FIELD
};

/* Stage schedules of the Config pipeline (ConfigurationUnit.md table): the stage each kind
 * occupies in its 1st, 2nd, 3rd cycle. */
enum { PIPE_WRCFG, PIPE_RDCFG, PIPE_RMWCIB, PIPE_SHIFTMASK, PIPE_EXTERNAL, PIPE_KINDS };
static const int8_t pipe_sched[PIPE_KINDS][3] = {
    [PIPE_WRCFG] = {-1, 0},        [PIPE_RDCFG] = {0, 1}, [PIPE_RMWCIB] = {0},
    [PIPE_SHIFTMASK] = {-1, 0, 0}, [PIPE_EXTERNAL] = {0},
};
static const uint8_t pipe_len[PIPE_KINDS] = {2, 2, 1, 3, 1};
#define NO_STAGE 99

void tensix_cfg_init(TensixCfg *c, const TensixCfgHooks *hooks, BhLogContext *log)
{
    memset(c, 0, sizeof *c);
    c->log = log;
    if (hooks)
        c->hooks = *hooks;
}

static uint32_t field_mask(uint32_t width)
{
    return width >= 32 ? 0xFFFFFFFFu : (1u << width) - 1u;
}

static int stage_at(const TensixCfgPipeItem *it, uint64_t t)
{
    if (t < it->enter || t - it->enter >= pipe_len[it->kind])
        return NO_STAGE;
    return pipe_sched[it->kind][t - it->enter];
}

static void pipe_prune(TensixCfg *c, uint64_t now)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < c->npipe; i++)
        if (c->pipe[i].enter + pipe_len[c->pipe[i].kind] > now)
            c->pipe[n++] = c->pipe[i];
    c->npipe = n;
}

/* ConfigurationUnit.md: an instruction cannot enter at a stage that is occupied, nor while any
 * lower-numbered stage (from -3) holds an earlier instruction (with the instructions modeled
 * here an earlier one is never below stage 0; STREAMWRCFG, from -4, would make it bind).
 * Entering only when every later stage it needs is free too stands in for the stall it would
 * otherwise take inside. */
static int pipe_enter(TensixCfg *c, int kind, uint64_t now)
{
    pipe_prune(c, now);
    int entry = pipe_sched[kind][0];
    for (uint32_t i = 0; i < c->npipe; i++) {
        const TensixCfgPipeItem *it = &c->pipe[i];
        int cur = stage_at(it, now);
        if (it->enter < now && cur >= -3 && cur < entry)
            goto refused;
        for (uint32_t k = 0; k < pipe_len[kind]; k++)
            if (stage_at(it, now + k) == pipe_sched[kind][k])
                goto refused;
    }
    BH_ASSERT(c->npipe < TCFG_PIPE_MAX);
    c->pipe[c->npipe].enter = now;
    c->pipe[c->npipe].kind = (uint8_t)kind;
    c->npipe++;
    return 1;
refused:
    c->stats.pipe_stalls++;
    return 0;
}

BhStatus tensix_cfg_external_accept(TensixCfg *c, uint64_t now)
{
    return pipe_enter(c, PIPE_EXTERNAL, now) ? BH_OK : BH_ERR_FULL;
}

int tensix_cfg_busy(const TensixCfg *c, uint64_t now)
{
    for (uint32_t i = 0; i < c->npipe; i++)
        if (stage_at(&c->pipe[i], now) != NO_STAGE)
            return 1;
    return 0;
}

static void effect(TensixCfg *c, TensixCfgEffect e, uint32_t thread, uint32_t value)
{
    if (c->hooks.effect)
        c->hooks.effect(c->hooks.ctx, e, thread, value);
}

/* One word write into the banks in state_mask (bit s: Config[s]); global words land in both.
 * BackendConfiguration.md "Special cases" for STATE_RESET_EN, PRNG_SEED, RISCV_IC_INVALIDATE. */
static void write_word(TensixCfg *c, uint32_t state_mask, uint32_t addr, uint32_t value,
                       int side_effects, uint32_t thread)
{
    BH_ASSERT(addr < TCFG_STATE_WORDS);
    if (addr >= TCFG_GLOBAL_BASE)
        state_mask = 3;
    c->stats.writes++;
    c->version++;
    if (side_effects && addr == TCFG_ADDR32_STATE_RESET_EN) {
        for (uint32_t s = 0; s < TCFG_STATES; s++) {
            if (state_mask & (1u << s)) {
                memset(c->cfg[s], 0, TCFG_GLOBAL_BASE * sizeof c->cfg[s][0]);
                c->stats.state_resets++;
            }
        }
        return;
    }
    for (uint32_t s = 0; s < TCFG_STATES; s++)
        if (state_mask & (1u << s))
            c->cfg[s][addr] = value;
    if (!side_effects)
        return;
    if (addr == TCFG_ADDR32_PRNG_SEED_Seed_Val)
        effect(c, TCFG_EFFECT_PRNG_SEED, thread, value);
    if (addr == TCFG_ADDR32_RISCV_IC_INVALIDATE_InvalidateAll)
        effect(c, TCFG_EFFECT_IC_INVALIDATE, thread,
               (value >> TCFG_SHAMT_RISCV_IC_INVALIDATE_InvalidateAll) &
                   field_mask(TCFG_WIDTH_RISCV_IC_INVALIDATE_InvalidateAll));
}

uint32_t tensix_cfg_state_id(const TensixCfg *c, uint32_t thread)
{
    return TCFG_THD_GET(c, thread, CFG_STATE_ID_StateID);
}

static int index_ok(const TensixCfg *c, const char *insn, uint32_t thread, uint32_t index,
                    uint32_t limit)
{
    if (index < limit)
        return 1;
    BH_LOG_GUEST(c->log,
                 "config: thread %u %s index %u out of range (limit %u): undefined behaviour, "
                 "ignored",
                 thread, insn, index, limit);
    return 0;
}

/* WRCFG.md */
BhStatus tensix_cfg_wrcfg(TensixCfg *c, uint32_t thread, const uint32_t gprs[TCFG_GPRS],
                          uint32_t InputReg, uint32_t Is128Bit, uint32_t CfgIndex, uint64_t now)
{
    BH_ASSERT(thread < TCFG_THREADS && InputReg < TCFG_GPRS && Is128Bit <= 1 && CfgIndex < 2048);
    if (!index_ok(c, "WRCFG", thread, CfgIndex, TCFG_STATE_WORDS))
        return BH_ERR_ACCESS;
    if (!pipe_enter(c, PIPE_WRCFG, now))
        return BH_ERR_FULL;
    uint32_t state = 1u << tensix_cfg_state_id(c, thread);
    if (Is128Bit) {
        for (uint32_t k = 0; k < 4; k++)
            write_word(c, state, (CfgIndex & ~3u) + k, gprs[(InputReg & ~3u) + k], 1, thread);
    } else {
        write_word(c, state, CfgIndex, gprs[InputReg], 1, thread);
    }
    return BH_OK;
}

/* RDCFG.md */
BhStatus tensix_cfg_rdcfg(TensixCfg *c, uint32_t thread, uint32_t gprs[TCFG_GPRS],
                          uint32_t ResultReg, uint32_t CfgIndex, uint64_t now)
{
    BH_ASSERT(thread < TCFG_THREADS && ResultReg < TCFG_GPRS && CfgIndex < 2048);
    if (!index_ok(c, "RDCFG", thread, CfgIndex, TCFG_STATE_WORDS))
        return BH_ERR_ACCESS;
    if (!pipe_enter(c, PIPE_RDCFG, now))
        return BH_ERR_FULL;
    gprs[ResultReg] = c->cfg[tensix_cfg_state_id(c, thread)][CfgIndex];
    c->stats.reads++;
    return BH_OK;
}

/* SETC16.md: its own IPC group (three per cycle, one per thread), never refused. */
BhStatus tensix_cfg_setc16(TensixCfg *c, uint32_t thread, uint32_t CfgIndex, uint32_t NewValue)
{
    BH_ASSERT(thread < TCFG_THREADS && CfgIndex <= 0xFF && NewValue <= 0xFFFF);
    if (!index_ok(c, "SETC16", thread, CfgIndex, TCFG_THREAD_WORDS))
        return BH_ERR_ACCESS;
    c->thread_cfg[thread][CfgIndex] = (uint16_t)NewValue;
    c->stats.setc16++;
    c->version++;
    if (CfgIndex == TCFG_ADDR32_UNPACK_MISC_CFG_CfgContextCntReset_0)
        effect(c, TCFG_EFFECT_UNPACK_CTX_RESET, thread, NewValue);
    return BH_OK;
}

/* RMWCIB.md: one byte, (NewValue & Mask) | (old & ~Mask); never triggers STATE_RESET_EN. */
BhStatus tensix_cfg_rmwcib(TensixCfg *c, uint32_t thread, uint32_t Index1, uint32_t Mask,
                           uint32_t NewValue, uint32_t Index4, uint64_t now)
{
    BH_ASSERT(thread < TCFG_THREADS && Index1 < 4 && Mask <= 0xFF && NewValue <= 0xFF &&
              Index4 <= 0xFF);
    if (!index_ok(c, "RMWCIB", thread, Index4, TCFG_STATE_WORDS))
        return BH_ERR_ACCESS;
    if (!pipe_enter(c, PIPE_RMWCIB, now))
        return BH_ERR_FULL;
    uint32_t state = tensix_cfg_state_id(c, thread);
    uint32_t word = c->cfg[state][Index4];
    uint32_t shift = 8 * Index1;
    uint32_t old = (word >> shift) & 0xFF;
    uint32_t byte = (NewValue & Mask) | (old & ~Mask & 0xFF);
    word = (word & ~(0xFFu << shift)) | (byte << shift);
    write_word(c, 1u << state, Index4, word, 0, thread);
    return BH_OK;
}

static uint32_t rotr(uint32_t x, uint32_t amt)
{
    amt &= 31;
    return amt ? (x >> amt) | (x << (32 - amt)) : x;
}

/* CFGSHIFTMASK.md */
BhStatus tensix_cfg_cfgshiftmask(TensixCfg *c, uint32_t thread, uint32_t MaskMode, uint32_t AluMode,
                                 uint32_t MaskWidth, uint32_t RotateAmt, uint32_t ScratchIndex,
                                 uint32_t CfgIndex, uint64_t now)
{
    BH_ASSERT(thread < TCFG_THREADS && MaskMode <= 1 && AluMode < 8 && MaskWidth < 32 &&
              RotateAmt < 32 && ScratchIndex < 4 && CfgIndex <= 0xFF);
    if (!index_ok(c, "CFGSHIFTMASK", thread, CfgIndex, TCFG_STATE_WORDS))
        return BH_ERR_ACCESS;
    if (!pipe_enter(c, PIPE_SHIFTMASK, now))
        return BH_ERR_FULL;
    uint32_t sel = ScratchIndex < 3 ? ScratchIndex : thread;
    uint32_t scratch = c->cfg[0][TCFG_ADDR32_SCRATCH_SEC0_val + sel];
    uint32_t mask = (2u << MaskWidth) - 1u; /* 2u << 31 wraps to 0: all ones */
    scratch = rotr(scratch & mask, RotateAmt);
    uint32_t state = tensix_cfg_state_id(c, thread);
    uint32_t v = c->cfg[state][CfgIndex];
    if (MaskMode == 0)
        v &= ~rotr(mask, RotateAmt);
    switch (AluMode) {
    case 0:
        v |= scratch;
        break;
    case 1:
        v &= scratch;
        break;
    case 2:
        v ^= scratch;
        break;
    case 3:
        v += scratch;
        break;
    case 4:
        v |= ~scratch;
        break;
    case 5:
        v &= ~scratch;
        break;
    case 6:
        v ^= ~scratch;
        break;
    default:
        v -= scratch;
        break;
    }
    c->stats.reads++;
    write_word(c, 1u << state, CfgIndex, v, 1, thread);
    return BH_OK;
}

static BhStatus mmio_check(const TensixCfg *c, uint32_t off, uint32_t len, int is_write)
{
    if (off >= TCFG_MMIO_BYTES || len > TCFG_MMIO_BYTES - off) {
        BH_LOG_GUEST(c->log, "config: %s at TENSIX_CFG offset 0x%x (%u bytes) outside the map",
                     is_write ? "write" : "read", off, len);
        return BH_ERR_ADDR;
    }
    int size_ok = is_write ? len == 4 : (len == 1 || len == 2 || len == 4);
    if (!size_ok || (off & (len - 1))) {
        BH_LOG_GUEST(c->log, "config: %u-byte %s at TENSIX_CFG offset 0x%x: %s", len,
                     is_write ? "write" : "read", off,
                     is_write ? "only aligned sw" : "only aligned lb/lh/lw");
        return BH_ERR_ACCESS;
    }
    return BH_OK;
}

BhStatus tensix_cfg_mmio_read(TensixCfg *c, uint32_t off, void *buf, uint32_t len, int debug)
{
    BhStatus st = mmio_check(c, off, len, 0);
    if (st != BH_OK)
        return st;
    uint32_t word;
    uint32_t w = off / 4;
    if (off < TCFG_OFF_DUAL)
        word = c->cfg[w / TCFG_STATE_WORDS][w % TCFG_STATE_WORDS];
    else if (off < TCFG_OFF_THREAD)
        word = c->cfg[0][w - TCFG_OFF_DUAL / 4]; /* ConfigDualWrite reads Config[0] */
    else
        word = c->thread_cfg[(w - TCFG_OFF_THREAD / 4) / TCFG_THREAD_WORDS]
                            [(w - TCFG_OFF_THREAD / 4) % TCFG_THREAD_WORDS];
    uint8_t bytes[4];
    memcpy(bytes, &word, 4);
    memcpy(buf, bytes + (off & 3), len);
    if (!debug)
        c->stats.reads++;
    return BH_OK;
}

BhStatus tensix_cfg_mmio_write(TensixCfg *c, uint32_t off, const void *buf, uint32_t len, int debug)
{
    BhStatus st = mmio_check(c, off, len, 1);
    if (st != BH_OK)
        return st;
    uint32_t v;
    memcpy(&v, buf, 4);
    uint32_t w = off / 4;
    if (off >= TCFG_OFF_THREAD) {
        uint32_t t = (w - TCFG_OFF_THREAD / 4) / TCFG_THREAD_WORDS;
        uint32_t i = (w - TCFG_OFF_THREAD / 4) % TCFG_THREAD_WORDS;
        if (!debug) {
            BH_LOG_GUEST(c->log,
                         "config: RISC-V write to ThreadConfig[%u][%u]: not writable from RISC-V"
                         " (push SETC16)",
                         t, i);
            return BH_ERR_ACCESS;
        }
        c->thread_cfg[t][i] = (uint16_t)v;
        c->version++;
        return BH_OK;
    }
    if (off >= TCFG_OFF_DUAL)
        write_word(c, 3, w - TCFG_OFF_DUAL / 4, v, !debug, TCFG_THREADS);
    else
        write_word(c, 1u << (w / TCFG_STATE_WORDS), w % TCFG_STATE_WORDS, v, !debug, TCFG_THREADS);
    return BH_OK;
}

uint32_t tensix_cfg_get(const TensixCfg *c, uint32_t state, TensixCfgField f)
{
    BH_ASSERT(state < TCFG_STATES && (uint32_t)f < TCFG_NUM_FIELDS);
    const TensixCfgFieldInfo *fi = &cfg_fields[f];
    return (c->cfg[state][fi->addr32] >> fi->shift) & field_mask(fi->width);
}

void tensix_cfg_set(TensixCfg *c, uint32_t state, TensixCfgField f, uint32_t value)
{
    BH_ASSERT(state < TCFG_STATES && (uint32_t)f < TCFG_NUM_FIELDS);
    const TensixCfgFieldInfo *fi = &cfg_fields[f];
    uint32_t mask = field_mask(fi->width) << fi->shift;
    uint32_t word = (c->cfg[state][fi->addr32] & ~mask) | ((value << fi->shift) & mask);
    uint32_t states = fi->addr32 >= TCFG_GLOBAL_BASE ? 3u : 1u << state;
    for (uint32_t s = 0; s < TCFG_STATES; s++)
        if (states & (1u << s))
            c->cfg[s][fi->addr32] = word;
    c->version++;
}

uint32_t tensix_cfg_thread_get(const TensixCfg *c, uint32_t thread, TensixThreadField f)
{
    BH_ASSERT(thread < TCFG_THREADS && (uint32_t)f < TCFG_NUM_THREAD_FIELDS);
    const TensixCfgFieldInfo *fi = &thread_fields[f];
    return ((uint32_t)c->thread_cfg[thread][fi->addr32] >> fi->shift) & field_mask(fi->width);
}

void tensix_cfg_thread_set(TensixCfg *c, uint32_t thread, TensixThreadField f, uint32_t value)
{
    BH_ASSERT(thread < TCFG_THREADS && (uint32_t)f < TCFG_NUM_THREAD_FIELDS);
    const TensixCfgFieldInfo *fi = &thread_fields[f];
    uint32_t mask = field_mask(fi->width) << fi->shift;
    uint32_t word = c->thread_cfg[thread][fi->addr32];
    c->thread_cfg[thread][fi->addr32] = (uint16_t)((word & ~mask) | ((value << fi->shift) & mask));
    c->version++;
}

const TensixCfgFieldInfo *tensix_cfg_field_info(TensixCfgField f)
{
    return (uint32_t)f < TCFG_NUM_FIELDS ? &cfg_fields[f] : NULL;
}

const TensixCfgFieldInfo *tensix_cfg_thread_field_info(TensixThreadField f)
{
    return (uint32_t)f < TCFG_NUM_THREAD_FIELDS ? &thread_fields[f] : NULL;
}

int tensix_cfg_find(const char *name, int *is_thread, uint32_t *field)
{
    for (uint32_t i = 0; i < TCFG_NUM_FIELDS; i++) {
        if (strcmp(cfg_fields[i].name, name) == 0) {
            *is_thread = 0;
            *field = i;
            return 1;
        }
    }
    for (uint32_t i = 0; i < TCFG_NUM_THREAD_FIELDS; i++) {
        if (strcmp(thread_fields[i].name, name) == 0) {
            *is_thread = 1;
            *field = i;
            return 1;
        }
    }
    return 0;
}
