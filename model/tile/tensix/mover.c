// SPDX-License-Identifier: Apache-2.0
/* The Mover and TDMA-RISC: register block, command queue and processor, and the transfer
 * engine that streams 16-byte units through the L1 port (timing in mover.h). */
#include "model/tile/tensix/mover.h"
#include <stdio.h>
#include <string.h>

#define TOKEN_WRITE (1ull << 63)
#define TOKEN_SLOT_MASK 0xFFFFull

enum { ACC_RW, ACC_RO, ACC_WO };
enum { SLOT_FREE, SLOT_READING, SLOT_HELD };

#define RW ACC_RW
#define RO ACC_RO
#define WO ACC_WO
static const struct {
    uint16_t off;
    uint8_t access;
    uint32_t reset;
    const char *name;
} reg_tab[TDMA_NUM_REGS] = {
#define TDMA_REG(name, off, rst, acc, doc) {off, acc, rst, #name},
#include "model/tile/tensix/tdma_regs.def"
#undef TDMA_REG
};
#undef RW
#undef RO
#undef WO

/* offset / 4 -> TdmaReg + 1 (0: unmapped). -Woverride-init (from -Wextra) rejects a table
 * with two registers at one offset. */
static const uint8_t decode_tab[MOVER_MMIO_SIZE / 4] = {
#define TDMA_REG(name, off, rst, acc, doc) [(off) / 4] = TDMA_R_##name + 1,
#include "model/tile/tensix/tdma_regs.def"
#undef TDMA_REG
};

static const uint8_t zero16[MOVER_UNIT_BYTES];

const char *mover_reg_name(TdmaReg r)
{
    return r < TDMA_NUM_REGS ? reg_tab[r].name : "?";
}

uint32_t mover_reg_offset(TdmaReg r)
{
    BH_ASSERT(r < TDMA_NUM_REGS);
    return reg_tab[r].off;
}

uint32_t mover_reg_reset(TdmaReg r)
{
    BH_ASSERT(r < TDMA_NUM_REGS);
    return reg_tab[r].reset;
}

int mover_reg_decode(uint32_t off)
{
    if (off >= MOVER_MMIO_SIZE || (off & 3))
        return -1;
    return (int)decode_tab[off / 4] - 1;
}

/* ------------------------------------------------------------------ configuration */

MoverConfig mover_config_default(void)
{
    MoverConfig c;
#define MOVER_X_DEFAULT(name, def, lo, hi, doc) c.name = (def);
    MOVER_PARAMS(MOVER_X_DEFAULT)
#undef MOVER_X_DEFAULT
    c.l1_size_bytes = 1536 * 1024;
    return c;
}

static int in_range(uint32_t v, uint32_t lo, uint32_t hi)
{
    return v >= lo && v <= hi;
}

BhStatus mover_config_check(const MoverConfig *c, char *why, size_t len)
{
#define MOVER_X_CHECK(name, def, lo, hi, doc)                                                      \
    if (!in_range(c->name, (lo), (hi))) {                                                          \
        snprintf(why, len, "%s: must be %u..%u, got %u", #name, (unsigned)(lo), (unsigned)(hi),    \
                 c->name);                                                                         \
        return BH_ERR_CONFIG;                                                                      \
    }
    MOVER_PARAMS(MOVER_X_CHECK)
#undef MOVER_X_CHECK
    if (!in_range(c->l1_size_bytes, 16, 1u << 30) || c->l1_size_bytes % MOVER_UNIT_BYTES) {
        snprintf(why, len, "l1_size_bytes: must be a multiple of 16 in 16..%u, got %u", 1u << 30,
                 c->l1_size_bytes);
        return BH_ERR_CONFIG;
    }
    return BH_OK;
}

BhStatus mover_init(Mover *m, const MoverConfig *cfg, const MoverPorts *ports, BhLogContext *log)
{
    char why[160];
    memset(m, 0, sizeof *m);
    m->log = log;
    if (mover_config_check(cfg, why, sizeof why) != BH_OK) {
        bh_log(m->log, BH_LOG_ERROR, "mover: %s", why);
        return BH_ERR_CONFIG;
    }
    BH_ASSERT(ports && ports->l1_access && ports->l0_write);
    m->cfg = *cfg;
    m->port = *ports;
    mover_reset(m);
    return BH_OK;
}

void mover_reset(Mover *m)
{
    MoverConfig cfg = m->cfg;
    MoverPorts port = m->port;
    BhLogContext *log = m->log;
    memset(m, 0, sizeof *m);
    m->cfg = cfg;
    m->port = port;
    m->log = log;
    for (int r = 0; r < TDMA_NUM_REGS; r++)
        m->regs[r] = reg_tab[r].reset;
    m->regs[TDMA_R_STATUS] = 0; /* computed */
    m->param_credits = cfg.param_credits;
    m->cmd_cycle = BH_IDLE;
    m->cyc = BH_IDLE;
}

/* ------------------------------------------------------------------ transfers */

int mover_busy(const Mover *m)
{
    return m->x.active;
}

int mover_has_work(const Mover *m)
{
    return m->x.active || m->q_n;
}

static int is_copy(uint32_t dir)
{
    return dir == MOVER_L1_TO_L0 || dir == MOVER_L1_TO_L1;
}

static void finish_if_done(Mover *m, uint64_t now)
{
    MoverXfer *x = &m->x;
    if (x->active && x->writes == x->units && x->writes_out == 0) {
        x->active = 0;
        m->st.busy_cycles += now - x->start;
    }
}

/* The Mover() function of Mover.md, started at now; byte addresses. */
static void start_xfer(Mover *m, uint64_t dst, uint64_t src, uint64_t count, uint32_t dir,
                       uint64_t now)
{
    const uint64_t l1 = m->cfg.l1_size_bytes;
    MoverXfer *x = &m->x;
    uint32_t resolved = 0;
    int to_l0 = dir == MOVER_L1_TO_L0 || dir == MOVER_L0_TO_L0;
    if (is_copy(dir) && src + count > l1) {
        m->st.guest_errors++;
        BH_LOG_GUEST(m->log, "mover: source 0x%llx + %llu bytes leaves L1; transfer dropped",
                     (unsigned long long)src, (unsigned long long)count);
        return;
    }
    if (!to_l0 && dst + count > l1) {
        m->st.guest_errors++;
        BH_LOG_GUEST(m->log, "mover: destination 0x%llx + %llu bytes leaves L1; transfer dropped",
                     (unsigned long long)dst, (unsigned long long)count);
        return;
    }
    if (to_l0) {
        if (dst <= 0xFFFF)
            resolved = MOVER_TENSIX_CFG_BASE + (uint32_t)dst;
        else if (dst >= 0x40000 && dst <= 0x4FFFF)
            resolved = MOVER_NCRISC_IRAM_BASE + (uint32_t)(dst - 0x40000);
        else
            resolved = MOVER_NOWHERE;
        if (resolved != MOVER_NOWHERE && (dst & 0xFFFF) + count > 0x10000) {
            m->st.guest_errors++;
            BH_LOG_GUEST(m->log,
                         "mover: L0 destination 0x%llx + %llu bytes crosses its 64 KiB region; "
                         "transfer dropped",
                         (unsigned long long)dst, (unsigned long long)count);
            return;
        }
    }
    memset(x, 0, sizeof *x);
    x->dir = (uint8_t)dir;
    x->to_l0 = (uint8_t)to_l0;
    x->src = (uint32_t)src;
    x->dst = to_l0 ? resolved : (uint32_t)dst;
    x->units = (uint32_t)(count / MOVER_UNIT_BYTES);
    x->start = now;
    x->active = x->units > 0;
    m->st.transfers++;
}

static void new_cycle(Mover *m, uint64_t now)
{
    if (m->cyc != now) {
        m->cyc = now;
        m->reads_now = m->writes_now = 0;
        m->read_blocked = m->write_blocked = 0;
    }
}

/* Issues the writes, then the reads, the connections allow this cycle. */
static void progress(Mover *m, uint64_t now)
{
    MoverXfer *x = &m->x;
    const uint32_t w = m->cfg.max_reads_in_flight;
    const int copy = is_copy(x->dir);
    if (!x->active)
        return;
    while (x->writes < x->units && m->writes_now < m->cfg.writes_per_cycle && !m->write_blocked) {
        MoverSlot *s = copy ? &m->slot[x->head] : NULL;
        if (s && (x->used == 0 || s->state != SLOT_HELD || s->ready_at > now))
            break;
        const uint8_t *data = s ? s->data : zero16;
        uint32_t at = x->dst + x->writes * MOVER_UNIT_BYTES;
        BhStatus rc;
        if (!x->to_l0)
            rc = m->port.l1_access(m->port.ctx, at, 1, data, TOKEN_WRITE | x->writes);
        else if (x->dst == MOVER_NOWHERE)
            rc = BH_ERR_ADDR;
        else
            rc = m->port.l0_write(m->port.ctx, at, data);
        if (rc == BH_ERR_FULL) {
            m->write_blocked = 1;
            m->st.write_refusals++;
            break;
        }
        BH_ASSERT(rc == BH_OK || (x->to_l0 && rc == BH_ERR_ADDR));
        if (rc != BH_OK)
            m->st.bytes_discarded += MOVER_UNIT_BYTES;
        else if (x->to_l0)
            m->st.l0_bytes_written += MOVER_UNIT_BYTES;
        else {
            m->st.l1_bytes_written += MOVER_UNIT_BYTES;
            x->writes_out++;
        }
        m->writes_now++;
        x->writes++;
        if (s) {
            s->state = SLOT_FREE;
            x->head = (x->head + 1) % w;
            x->used--;
        }
    }
    while (copy && x->reads < x->units && x->used < w && m->reads_now < m->cfg.reads_per_cycle &&
           !m->read_blocked) {
        uint32_t idx = (x->head + x->used) % w;
        uint32_t at = x->src + x->reads * MOVER_UNIT_BYTES;
        if (m->port.l1_access(m->port.ctx, at, 0, NULL, idx) == BH_ERR_FULL) {
            m->read_blocked = 1;
            m->st.read_refusals++;
            break;
        }
        BH_ASSERT(m->slot[idx].state == SLOT_FREE);
        m->slot[idx].state = SLOT_READING;
        x->used++;
        x->reads++;
        m->reads_now++;
    }
    finish_if_done(m, now);
}

void mover_l1_done(Mover *m, uint64_t token, const uint8_t *rdata16, uint64_t now)
{
    MoverXfer *x = &m->x;
    BH_ASSERT(x->active);
    if (token & TOKEN_WRITE) {
        BH_ASSERT(x->writes_out > 0);
        x->writes_out--;
        finish_if_done(m, now);
        return;
    }
    uint64_t idx = token & TOKEN_SLOT_MASK;
    BH_ASSERT(idx < m->cfg.max_reads_in_flight && m->slot[idx].state == SLOT_READING);
    BH_ASSERT(rdata16 != NULL);
    memcpy(m->slot[idx].data, rdata16, MOVER_UNIT_BYTES);
    m->slot[idx].state = SLOT_HELD;
    m->slot[idx].ready_at = now + m->cfg.data_to_write_cycles;
    m->st.l1_bytes_read += MOVER_UNIT_BYTES;
}

BhStatus mover_xmov(Mover *m, uint32_t thread, uint32_t src_16B, uint32_t dst_16B,
                    uint32_t size_16B, uint32_t direction, uint64_t now)
{
    BH_ASSERT(thread < 3);
    if (m->x.active)
        return BH_ERR_FULL;
    m->st.xmov_instrs++;
    start_xfer(m, (uint64_t)dst_16B << 4, (uint64_t)src_16B << 4,
               (uint64_t)(size_16B & 0xFFFF) << 4, direction & 3, now);
    return BH_OK;
}

/* ------------------------------------------------------------------ command queue */

static uint32_t base_of(const Mover *m, uint32_t risc)
{
    return m->mov_cmd_base[risc <= MOVER_RISC_T2 ? risc : MOVER_RISC_T0];
}

uint32_t mover_status(const Mover *m)
{
    uint32_t s = 0;
    if (m->x.active)
        s |= MOVER_STATUS_BUSY;
    if (m->q_n == m->cfg.cmd_queue_depth)
        s |= MOVER_STATUS_QUEUE_FULL;
    if (m->q_n == 0)
        s |= MOVER_STATUS_QUEUE_EMPTY;
    if (m->param_credits == 0)
        s |= MOVER_STATUS_PARAMS_FULL;
    if (m->param_credits == m->cfg.param_credits)
        s |= MOVER_STATUS_PARAMS_EMPTY;
    return s | (m->cfg.cmd_queue_depth - m->q_n) << MOVER_STATUS_FREE_SHIFT;
}

static BhStatus enqueue(Mover *m, uint32_t risc, uint32_t cmd)
{
    if (m->q_n == m->cfg.cmd_queue_depth)
        return BH_ERR_FULL;
    if (!(cmd & MOVER_CMD_COMPACT)) {
        if (m->param_credits == 0) {
            /* should stall, but does not: overwrite the slot the write pointer reached */
            m->st.param_credit_bug++;
            BH_LOG_GUEST(m->log,
                         "mover: command 0x%08x enqueued with no parameter credit (hardware "
                         "bug); it overwrites a queued command's parameters",
                         cmd);
        } else {
            m->param_credits--;
        }
        memcpy(m->params[m->p_wr], m->cmd_params, sizeof m->cmd_params);
        m->p_wr = (m->p_wr + 1) % m->cfg.param_credits;
    }
    MoverCmd *c = &m->queue[(m->q_head + m->q_n) % m->cfg.cmd_queue_depth];
    c->cmd = cmd;
    c->risc = (uint8_t)risc;
    m->q_n++;
    return BH_OK;
}

/* The TDMA-RISC command processor: at most one command leaves the queue per cycle. */
static void run_command(Mover *m, uint64_t now)
{
    if (m->q_n == 0 || m->cmd_cycle == now)
        return;
    const MoverCmd c = m->queue[m->q_head];
    const int compact = (c.cmd & MOVER_CMD_COMPACT) != 0;
    const uint32_t *p = m->params[m->p_rd];
    switch (c.cmd & 0xFF) {
    case MOVER_OP_MOVE:
        if (m->x.active)
            return;
        if (compact)
            start_xfer(m, (uint64_t)((c.cmd >> 16) & 0xFF) << 4,
                       (uint64_t)(base_of(m, c.risc) + ((c.cmd >> 8) & 0xFF)) << 4,
                       (uint64_t)((c.cmd >> 24) & 0x3F) << 4,
                       (c.cmd >> 30) & 1 ? MOVER_L1_TO_L1 : MOVER_L1_TO_L0, now);
        else
            start_xfer(m, (uint64_t)p[1] << 4, (uint64_t)p[0] << 4, (uint64_t)(p[2] & 0xFFFF) << 4,
                       p[3] & 3, now);
        break;
    case MOVER_OP_WAIT:
        if (m->x.active)
            return;
        break;
    case MOVER_OP_NOP:
        break;
    case MOVER_OP_L1_WRITE:
        BH_LOG_UNIMP_ONCE(m->log, "mover: TDMA-RISC L1 write command (0x66) skipped");
        break;
    default:
        m->st.guest_errors++;
        BH_LOG_GUEST(m->log, "mover: undefined TDMA-RISC command 0x%08x skipped", c.cmd);
        break;
    }
    m->q_head = (m->q_head + 1) % m->cfg.cmd_queue_depth;
    m->q_n--;
    if (!compact) {
        m->p_rd = (m->p_rd + 1) % m->cfg.param_credits;
        if (m->param_credits < m->cfg.param_credits)
            m->param_credits++;
    } else {
        m->st.compact_commands++;
    }
    m->st.commands++;
    m->cmd_cycle = now;
}

uint64_t mover_step(Mover *m, uint64_t now)
{
    const MoverXfer *x = &m->x;
    uint64_t next = BH_IDLE;
    new_cycle(m, now);
    /* 1. a queued command may start the Mover; 2. the transfer issues what it can */
    run_command(m, now);
    progress(m, now);
    /* 3. the next cycle with work: a retry, a free entry or a write whose data is due; waits
     *    for L1 completions need no wake-up (mover_l1_done comes with one) */
    if (x->active) {
        const int copy = is_copy(x->dir);
        if (x->writes < x->units) {
            if (!copy)
                next = now + 1;
            else if (x->used && m->slot[x->head].state == SLOT_HELD)
                next = BH_MAX(now + 1, m->slot[x->head].ready_at);
        }
        if (copy && x->reads < x->units && x->used < m->cfg.max_reads_in_flight)
            next = now + 1;
    }
    if (m->q_n) {
        uint32_t op = m->queue[m->q_head].cmd & 0xFF;
        if (!x->active || (op != MOVER_OP_MOVE && op != MOVER_OP_WAIT))
            next = BH_MIN(next, now + 1);
    }
    return next;
}

/* ------------------------------------------------------------------ registers */

static void set_scaler(Mover *m, uint32_t first, uint32_t values)
{
    if (first == 3)
        values >>= 16;
    for (uint32_t i = 0; i < 3 && first + i < 4; i++) {
        m->scaler[first + i] = values & 0x1FF;
        values >>= 9;
    }
}

static void reset_acc(Mover *m, uint32_t val)
{
    static const TdmaReg acc[4][3] = {
        {TDMA_R_ACC_PACKED_SIZE_T0_P0, TDMA_R_ACC_PACKED_SIZE_T1_P0, TDMA_R_ACC_PACKED_SIZE_T2_P0},
        {TDMA_R_ACC_PACKED_SIZE_T0_P1, TDMA_R_ACC_PACKED_SIZE_T1_P1, TDMA_R_ACC_PACKED_SIZE_T2_P1},
        {TDMA_R_ACC_PACKED_SIZE_T0_P2, TDMA_R_ACC_PACKED_SIZE_T1_P2, TDMA_R_ACC_PACKED_SIZE_T2_P2},
        {TDMA_R_ACC_PACKED_SIZE_T0_P3, TDMA_R_ACC_PACKED_SIZE_T1_P3, TDMA_R_ACC_PACKED_SIZE_T2_P3},
    };
    for (int p = 0; p < 4; p++)
        if (val & (1u << (16 + p)))
            for (int t = 0; t < 3; t++)
                m->regs[acc[p][t]] &= 0xFFFF0000u;
}

static int is_acc(TdmaReg r)
{
    return (r >= TDMA_R_ACC_PACKED_SIZE_T0_P0 && r <= TDMA_R_ACC_PACKED_SIZE_T0_P3) ||
           (r >= TDMA_R_ACC_PACKED_SIZE_T1_P0 && r <= TDMA_R_ACC_PACKED_SIZE_T1_P3) ||
           (r >= TDMA_R_ACC_PACKED_SIZE_T2_P0 && r <= TDMA_R_ACC_PACKED_SIZE_T2_P3);
}

static int is_zeromask(TdmaReg r)
{
    return r >= TDMA_R_FIFO_PACKED_TILE_ZEROMASK_P0 && r <= TDMA_R_FIFO_PACKED_TILE_ZEROMASK_P3;
}

BhStatus mover_mmio_read(Mover *m, uint32_t risc, uint32_t off, uint32_t *val, uint64_t now)
{
    (void)now;
    int r = mover_reg_decode(off);
    if (r < 0) {
        BH_LOG_GUEST(m->log, "mover: read of unmapped TDMA-RISC offset 0x%03x", off);
        return BH_ERR_ADDR;
    }
    switch (r) {
    case TDMA_R_STATUS:
        *val = mover_status(m);
        break;
    case TDMA_R_XMOV_L1_BASE_ADDR:
        *val = base_of(m, risc);
        break;
    case TDMA_R_FIFO_PACKED_TILE_STATUS:
        *val = m->pack_reg_addr_raw << 8 | (m->regs[r] & 0xFF);
        break;
    case TDMA_R_CLK_GATE_HYST:
        *val = m->regs[r];
        break;
    case TDMA_R_SCALARS_AND_STATUS0:
    case TDMA_R_SCALARS_AND_STATUS1:
        *val = m->scaler[0] | m->scaler[1] << 9 | m->scaler[2] << 18 | (m->regs[r] & 0xF8000000u);
        break;
    default:
        *val = reg_tab[r].access == ACC_WO ? 0 : m->regs[r];
        if (is_zeromask(r))
            BH_LOG_UNIMP_ONCE(m->log, "mover: packer metadata FIFO pop on ZEROMASK read");
        break;
    }
    return BH_OK;
}

BhStatus mover_mmio_write(Mover *m, uint32_t risc, uint32_t off, uint32_t val, uint64_t now)
{
    (void)now;
    int r = mover_reg_decode(off);
    if (r < 0) {
        BH_LOG_GUEST(m->log, "mover: write of unmapped TDMA-RISC offset 0x%03x", off);
        return BH_ERR_ADDR;
    }
    if (reg_tab[r].access == ACC_RO) {
        BH_LOG_GUEST(m->log, "mover: write 0x%08x to read-only %s", val, reg_tab[r].name);
        return BH_ERR_ACCESS;
    }
    switch (r) {
    case TDMA_R_XMOV_SRC_ADDR:
    case TDMA_R_XMOV_DST_ADDR:
    case TDMA_R_XMOV_SIZE:
    case TDMA_R_XMOV_DIRECTION:
        m->cmd_params[r - TDMA_R_XMOV_SRC_ADDR] = val;
        break;
    case TDMA_R_COMMAND_ADDR:
        return enqueue(m, risc, val);
    case TDMA_R_XMOV_L1_BASE_ADDR:
        m->mov_cmd_base[risc <= MOVER_RISC_T2 ? risc : MOVER_RISC_T0] = val;
        break;
    case TDMA_R_CLK_GATE_EN:
        m->regs[r] = val & 0xFFFFFF7Fu;
        break;
    case TDMA_R_CLK_GATE_HYST:
        m->regs[r] = val & 0x01FF007Fu;
        set_scaler(m, 3, val);
        break;
    case TDMA_R_FIFO_PACKED_TILE_STATUS:
        m->pack_reg_addr_raw = val;
        break;
    case TDMA_R_SCALARS_AND_STATUS0:
    case TDMA_R_SCALARS_AND_STATUS1:
        set_scaler(m, 0, val);
        break;
    default:
        if (is_acc((TdmaReg)r))
            reset_acc(m, val);
        else if (is_zeromask((TdmaReg)r))
            BH_LOG_UNIMP_ONCE(m->log, "mover: packer metadata FIFO pop on ZEROMASK write");
        else
            m->regs[r] = val;
        break;
    }
    return BH_OK;
}

void mover_sideband_set(Mover *m, TdmaReg r, uint32_t val)
{
    BH_ASSERT(r < TDMA_NUM_REGS && reg_tab[r].access != ACC_WO && r != TDMA_R_STATUS);
    m->regs[r] = val;
}
