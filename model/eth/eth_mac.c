// SPDX-License-Identifier: Apache-2.0
/* The Ethernet MAC (eth_mac.h): configuration, registers, the step that serves the TX queues. */
#include "model/eth/eth_mac_internal.h"
#include <stdio.h>
#include <string.h>

typedef struct RegRow {
    uint16_t off, words, index;
    uint32_t reset, wmask;
    uint8_t access;
    const char *name;
} RegRow;

enum { ACC_RW, ACC_RO, ACC_CMD };

#define ETH_ROW_(P, name, off, words, reset, wmask, acc, doc)                                      \
    {(off), (words), P##name, (reset), (wmask), ACC_##acc, #name},
#define ETH_TXQ_ROW_(...) ETH_ROW_(ETH_TXQ_R_, __VA_ARGS__)
#define ETH_RXQ_ROW_(...) ETH_ROW_(ETH_RXQ_R_, __VA_ARGS__)
#define ETH_HDR_ROW_(...) ETH_ROW_(ETH_HDR_R_, __VA_ARGS__)

static const RegRow txq_rows[] = {
#define ETH_TXQ_REG ETH_TXQ_ROW_
#define ETH_RXQ_REG ETH_NOREG_
#define ETH_HDR_REG ETH_NOREG_
#include "model/eth/eth_mac_regs.def"
#undef ETH_TXQ_REG
#undef ETH_RXQ_REG
#undef ETH_HDR_REG
};
static const RegRow rxq_rows[] = {
#define ETH_TXQ_REG ETH_NOREG_
#define ETH_RXQ_REG ETH_RXQ_ROW_
#define ETH_HDR_REG ETH_NOREG_
#include "model/eth/eth_mac_regs.def"
#undef ETH_TXQ_REG
#undef ETH_RXQ_REG
#undef ETH_HDR_REG
};
static const RegRow hdr_rows[] = {
#define ETH_TXQ_REG ETH_NOREG_
#define ETH_RXQ_REG ETH_NOREG_
#define ETH_HDR_REG ETH_HDR_ROW_
#include "model/eth/eth_mac_regs.def"
#undef ETH_TXQ_REG
#undef ETH_RXQ_REG
#undef ETH_HDR_REG
};

EthMacConfig eth_mac_config_default(void)
{
    EthMacConfig c;
#define ETH_MAC_X_DEFAULT(name, def, lo, hi, doc) c.name = (def);
    ETH_MAC_PARAMS(ETH_MAC_X_DEFAULT)
#undef ETH_MAC_X_DEFAULT
    return c;
}

static int out_of_range(uint32_t v, uint32_t lo, uint32_t hi)
{
    return v < lo || v > hi;
}

BhStatus eth_mac_config_check(const EthMacConfig *c, char *why, size_t len)
{
#define ETH_MAC_X_CHECK(name, def, lo, hi, doc)                                                    \
    if (out_of_range(c->name, (lo), (hi))) {                                                       \
        snprintf(why, len, "eth.mac.%s: must be %u..%u, got %u", #name, (unsigned)(lo),            \
                 (unsigned)(hi), c->name);                                                         \
        return BH_ERR_CONFIG;                                                                      \
    }
    ETH_MAC_PARAMS(ETH_MAC_X_CHECK)
#undef ETH_MAC_X_CHECK
    return BH_OK;
}

static void reset_regs(uint32_t *r, const RegRow *rows, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (uint32_t w = 0; w < rows[i].words; w++)
            r[rows[i].index + w] = rows[i].reset;
}

void eth_mac_reset(EthMac *m)
{
    memset(m->txq, 0, sizeof m->txq);
    memset(m->rxq, 0, sizeof m->rxq);
    for (uint32_t q = 0; q < ETH_MAC_QUEUES; q++) {
        reset_regs(m->txq[q].r, txq_rows, BH_ARRAY_LEN(txq_rows));
        reset_regs(m->rxq[q].r, rxq_rows, BH_ARRAY_LEN(rxq_rows));
    }
    for (uint32_t i = 0; i < ETH_MAC_HDR_ENTRIES; i++)
        reset_regs(m->hdr[i], hdr_rows, BH_ARRAY_LEN(hdr_rows));
    m->retry_at = 0;
    m->rr = 0;
    m->frames_unroutable = 0;
    m->why[0] = 0;
}

BhStatus eth_mac_init(EthMac *m, const EthMacConfig *c, const EthMacOps *ops, BhLogContext *log)
{
    char why[128];
    if (eth_mac_config_check(c, why, sizeof why) != BH_OK)
        return BH_ERR_CONFIG;
    BH_ASSERT(ops && ops->l1_read && ops->l1_write && ops->mmio_write && ops->send);
    memset(m, 0, sizeof *m);
    m->cfg = *c;
    m->ops = *ops;
    m->log = log;
    eth_mac_reset(m);
    return BH_OK;
}

static const RegRow *find_row(const RegRow *rows, size_t n, uint32_t off, uint32_t *word)
{
    for (size_t i = 0; i < n; i++) {
        if (off >= rows[i].off && off < rows[i].off + 4u * rows[i].words) {
            *word = (off - rows[i].off) / 4;
            return &rows[i];
        }
    }
    return NULL;
}

static BhStatus refuse(EthMac *m, BhStatus st, uint32_t addr, const char *what)
{
    snprintf(m->why, sizeof m->why, "eth: 0x%08X: %s", addr, what);
    BH_LOG_GUEST(m->log, "%s", m->why);
    return st;
}

BhStatus eth_mac_reg_access(EthMac *m, uint32_t addr, int write, uint32_t *val, uint64_t now)
{
    const RegRow *rows;
    size_t n;
    uint32_t *regs, q, off, word;
    enum { TXQ, RXQ, HDR } block;
    /* 1. which window, which queue or entry */
    if (addr >= ETH_TXQ_BASE && addr < ETH_TXQ_BASE + ETH_MAC_QUEUES * ETH_Q_STRIDE) {
        block = TXQ;
        q = (addr - ETH_TXQ_BASE) / ETH_Q_STRIDE;
        off = (addr - ETH_TXQ_BASE) % ETH_Q_STRIDE;
        rows = txq_rows, n = BH_ARRAY_LEN(txq_rows), regs = m->txq[q].r;
    } else if (addr >= ETH_RXQ_BASE && addr < ETH_RXQ_BASE + ETH_MAC_QUEUES * ETH_Q_STRIDE) {
        block = RXQ;
        q = (addr - ETH_RXQ_BASE) / ETH_Q_STRIDE;
        off = (addr - ETH_RXQ_BASE) % ETH_Q_STRIDE;
        rows = rxq_rows, n = BH_ARRAY_LEN(rxq_rows), regs = m->rxq[q].r;
    } else if (addr >= ETH_HDR_BASE && addr < ETH_HDR_BASE + ETH_MAC_HDR_ENTRIES * ETH_HDR_STRIDE) {
        block = HDR;
        q = (addr - ETH_HDR_BASE) / ETH_HDR_STRIDE;
        off = (addr - ETH_HDR_BASE) % ETH_HDR_STRIDE;
        rows = hdr_rows, n = BH_ARRAY_LEN(hdr_rows), regs = m->hdr[q];
    } else {
        return refuse(m, BH_ERR_ADDR, addr, "not an Ethernet TX / RX queue or header register");
    }
    if (addr & 3)
        return refuse(m, BH_ERR_WIDTH, addr, "registers take aligned 4-byte accesses only");
    /* 2. which register */
    const RegRow *row = find_row(rows, n, off, &word);
    if (!row)
        return refuse(m, BH_ERR_ADDR, addr, "no register at this offset");
    uint32_t *r = &regs[row->index + word];
    if (!write) {
        if (row->access == ACC_CMD)
            *val = 0; /* Blackhole: CMD reads as zero */
        else if (block == TXQ && row->index == ETH_TXQ_R_STATUS)
            *val = m->txq[q].cmd ? ETH_TXQ_STATUS_CMD_ONGOING : 0;
        else
            *val = *r;
        return BH_OK;
    }
    /* 3. a write */
    switch (row->access) {
    case ACC_RO:
        return refuse(m, BH_ERR_ACCESS, addr, "read-only register");
    case ACC_CMD: {
        const BhStatus st = eth_mac_tx_command(m, q, *val, now);
        if (st != BH_OK) {
            m->txq[q].commands_refused++;
            BH_LOG_GUEST(m->log, "%s", m->why);
        }
        return st;
    }
    default:
        *r = (*r & ~row->wmask) | (*val & row->wmask);
        return BH_OK;
    }
}

uint64_t eth_mac_step(EthMac *m, uint64_t now)
{
    /* 1. each TX queue with work due sends at most one frame, round robin from m->rr */
    if (now >= m->retry_at) {
        for (uint32_t i = 0; i < ETH_MAC_QUEUES; i++) {
            const uint32_t q = (m->rr + i) % ETH_MAC_QUEUES;
            if (eth_mac_tx_due(m, q) > now)
                continue;
            if (eth_mac_tx_work(m, q, now) == BH_ERR_FULL) {
                m->retry_at = now + m->cfg.retry_cycles;
                break;
            }
        }
        m->rr = (m->rr + 1) % ETH_MAC_QUEUES;
    }
    /* 2. the next cycle with work: after now, and not before a refused frame's retry */
    uint64_t next = BH_IDLE;
    for (uint32_t q = 0; q < ETH_MAC_QUEUES; q++)
        next = BH_MIN(next, eth_mac_tx_due(m, q));
    if (next == BH_IDLE)
        return BH_IDLE;
    return BH_MAX(next, BH_MAX(now + 1, m->retry_at));
}

#define ETH_TXQ_ROW(field, key, kind, text) BH_STAT_ROW_(EthTxq, field, key, kind, text)
static const BhStat txq_stat_rows[] = {ETH_TXQ_STATS(ETH_TXQ_ROW)};
#undef ETH_TXQ_ROW
const BhStatTable eth_txq_stat_table = {"EthTxq", "eth.txq[]", txq_stat_rows,
                                        BH_ARRAY_LEN(txq_stat_rows)};
#define ETH_RXQ_ROW(field, key, kind, text) BH_STAT_ROW_(EthRxq, field, key, kind, text)
static const BhStat rxq_stat_rows[] = {ETH_RXQ_STATS(ETH_RXQ_ROW)};
#undef ETH_RXQ_ROW
const BhStatTable eth_rxq_stat_table = {"EthRxq", "eth.rxq[]", rxq_stat_rows,
                                        BH_ARRAY_LEN(rxq_stat_rows)};
