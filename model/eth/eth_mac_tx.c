// SPDX-License-Identifier: Apache-2.0
/* The Ethernet MAC's TX queues (eth_mac.h): commands, framing from the header table, TT-link
 * sequence numbers, acknowledgements, timeouts and go-back-N re-sends. */
#include "model/eth/eth_mac_internal.h"
#include <stdio.h>
#include <string.h>

static BhStatus refuse_cmd(EthMac *m, uint32_t q, const char *what)
{
    snprintf(m->why, sizeof m->why, "eth: TX queue %u: %s", q, what);
    return BH_ERR_ACCESS;
}

BhStatus eth_mac_tx_command(EthMac *m, uint32_t q, uint32_t cmd, uint64_t now)
{
    EthTxq *t = &m->txq[q];
    const uint32_t *r = t->r;
    const uint32_t sel = r[ETH_TXQ_R_TXPKT_CFG_SEL_SW];
    if (t->cmd)
        return refuse_cmd(m, q, "CMD written while the previous command is ongoing");
    switch (cmd) {
    case ETH_CMD_RAW:
        t->cmd_sel = sel & 0xF;
        break;
    case ETH_CMD_L1_WRITE:
        if (r[ETH_TXQ_R_TRANSFER_START_ADDR] % 16 || r[ETH_TXQ_R_DEST_ADDR] % 16)
            return refuse_cmd(m, q, "TT-link L1 write: addresses must be 16-byte aligned");
        if (r[ETH_TXQ_R_TRANSFER_SIZE_BYTES] % 16)
            return refuse_cmd(m, q, "TT-link L1 write: size must be a multiple of 16");
        t->cmd_sel = (sel >> 8) & 0xF;
        break;
    case ETH_CMD_MMIO_WRITE:
        if (q == 2)
            return refuse_cmd(m, q, "TT-link MMIO write: TX queues 0 and 1 only");
        if (r[ETH_TXQ_R_DEST_ADDR] % 4)
            return refuse_cmd(m, q, "TT-link MMIO write: address must be 4-byte aligned");
        t->cmd_sel = (sel >> 4) & 0xF;
        break;
    default:
        return refuse_cmd(m, q, "CMD: not 1 (raw), 2 (TT-link L1 write) or 4 (TT-link MMIO)");
    }
    if (t->cmd_sel >= ETH_MAC_HDR_ENTRIES)
        return refuse_cmd(m, q, "TXPKT_CFG_SEL_SW names a header table entry above 9");
    t->cmd = (uint8_t)cmd;
    t->cmd_at = now + m->cfg.cmd_latch_cycles;
    t->cmd_src = r[ETH_TXQ_R_TRANSFER_START_ADDR];
    t->cmd_dest = r[ETH_TXQ_R_DEST_ADDR];
    t->cmd_left = cmd == ETH_CMD_MMIO_WRITE ? 4 : r[ETH_TXQ_R_TRANSFER_SIZE_BYTES];
    t->cmd_data = r[ETH_TXQ_R_REMOTE_REG_DATA];
    return BH_OK;
}

/* payload bytes one packet of q may carry: MAX_PKT_SIZE_BYTES (0: no limit) within a frame,
 * TT-link: a multiple of 16, at least 16 */
static uint32_t max_payload(const EthTxq *t, int tt)
{
    const uint32_t cap = ETH_MAC_FRAME_MAX - ETH_MAC_ETH_HDR - (tt ? ETH_MAC_TT_HDR : 0);
    uint32_t v = t->r[ETH_TXQ_R_MAX_PKT_SIZE_BYTES];
    v = v == 0 || v > cap ? cap : v;
    return tt ? BH_MAX(v / 16 * 16, 16u) : v;
}

/* the 14-byte Ethernet header of entry sel into m->frame; `after` bytes follow it */
static void put_eth_header(EthMac *m, uint32_t sel, uint32_t after)
{
    const uint32_t *h = m->hdr[sel];
    const uint64_t da = h[ETH_HDR_R_MAC_DA] | (uint64_t)(h[ETH_HDR_R_MAC_DA + 1] & 0xFFFF) << 32;
    const uint64_t sa = h[ETH_HDR_R_MAC_SA] | (uint64_t)(h[ETH_HDR_R_MAC_SA + 1] & 0xFFFF) << 32;
    for (int i = 0; i < 6; i++) {
        m->frame[i] = (uint8_t)(da >> (8 * (5 - i))); /* reverse byte order */
        m->frame[6 + i] = (uint8_t)(sa >> (8 * (5 - i)));
    }
    const uint32_t et = h[ETH_HDR_R_ETHERTYPE];
    const uint32_t type = et & 1 ? et >> 16 : after;
    m->frame[12] = (uint8_t)(type >> 8);
    m->frame[13] = (uint8_t)type;
    if (h[ETH_HDR_R_INSERT_CTL])
        BH_LOG_UNIMP_ONCE(m->log, "eth: header table INSERT_CTL (VLAN / L3 / L4 insertion)");
}

static BhStatus l1_read(EthMac *m, uint32_t q, uint32_t addr, uint8_t *buf, uint32_t len)
{
    if (!len || m->ops.l1_read(m->ops.ctx, addr, buf, len) == BH_OK)
        return BH_OK;
    BH_LOG_GUEST(m->log, "eth: TX queue %u: L1 read of %u bytes at 0x%08X failed", q, len, addr);
    return BH_ERR_ADDR;
}

/* hands m->frame[0, len) to the link; counts it if accepted */
static BhStatus send_frame(EthMac *m, uint32_t q, uint32_t len, uint64_t now)
{
    EthTxq *t = &m->txq[q];
    const BhStatus st = m->ops.send(m->ops.ctx, m->frame, len, now);
    if (st == BH_ERR_FULL) {
        t->link_full++;
        return st;
    }
    BH_ASSERT(st == BH_OK);
    t->r[ETH_TXQ_R_PKT_START_CNT]++;
    t->r[ETH_TXQ_R_PKT_END_CNT]++;
    t->r[ETH_TXQ_R_WORD_CNT] += eth_words96(len);
    t->frames_sent++;
    t->bytes_sent += len;
    t->next_cycle = now + 1;
    return BH_OK;
}

/* a TT-link packet of queue q: the header carries RX queue q's expected number as the ack */
static BhStatus send_tt(EthMac *m, uint32_t q, const EthTxPkt *p, uint64_t now)
{
    EthTxq *t = &m->txq[q];
    const uint32_t pay = p->kind == ETH_TT_L1 ? p->len : 0;
    put_eth_header(m, p->sel, ETH_MAC_TT_HDR + pay);
    uint8_t *h = m->frame + ETH_MAC_ETH_HDR;
    memset(h, 0, ETH_MAC_TT_HDR);
    h[0] = (uint8_t)(ETH_MAC_TT_MARKER | p->kind);
    h[1] = (uint8_t)q;
    h[2] = p->seq;
    h[3] = (uint8_t)m->rxq[q].r[ETH_RXQ_R_LOCAL_RX_SEQ_NUM];
    eth_put32(h + 4, p->dest);
    eth_put32(h + 8, p->data);
    eth_put32(h + 12, pay);
    uint8_t *body = h + ETH_MAC_TT_HDR;
    if (pay && l1_read(m, q, p->src, body, pay) != BH_OK)
        memset(body, 0, pay); /* the guest's error: the packet still goes, as zeros */
    const BhStatus st = send_frame(m, q, ETH_MAC_ETH_HDR + ETH_MAC_TT_HDR + pay, now);
    if (st == BH_OK) {
        t->ack_pending = 0;
        t->last_tt = now;
    }
    return st;
}

static void finish_cmd(EthTxq *t)
{
    t->cmd = 0;
    t->r[ETH_TXQ_R_TRANSFER_CNT]++;
    t->commands++;
}

/* the command's next packet */
static BhStatus command_packet(EthMac *m, uint32_t q, uint64_t now)
{
    EthTxq *t = &m->txq[q];
    if (t->cmd == ETH_CMD_RAW) {
        const uint32_t n = BH_MIN(t->cmd_left, max_payload(t, 0));
        if (n) {
            put_eth_header(m, t->cmd_sel, n);
            if (l1_read(m, q, t->cmd_src, m->frame + ETH_MAC_ETH_HDR, n) != BH_OK) {
                finish_cmd(t); /* the guest's error: the rest of the transfer is abandoned */
                return BH_OK;
            }
            const BhStatus st = send_frame(m, q, ETH_MAC_ETH_HDR + n, now);
            if (st != BH_OK)
                return st;
        }
        t->cmd_src += n;
        t->cmd_left -= n;
        if (!t->cmd_left)
            finish_cmd(t);
        return BH_OK;
    }
    if (t->cmd == ETH_CMD_L1_WRITE && !t->cmd_left) {
        finish_cmd(t);
        return BH_OK;
    }
    BH_ASSERT(t->ring_count < ETH_MAC_UNACKED_MAX); /* eth_mac_tx_due waits for room */
    const int l1 = t->cmd == ETH_CMD_L1_WRITE;
    const EthTxPkt p = {.sent_cycle = now,
                        .src = t->cmd_src,
                        .dest = t->cmd_dest,
                        .len = l1 ? BH_MIN(t->cmd_left, max_payload(t, 1)) : 4,
                        .data = t->cmd_data,
                        .kind = l1 ? ETH_TT_L1 : ETH_TT_MMIO,
                        .seq = t->next_seq,
                        .sel = (uint8_t)t->cmd_sel};
    const BhStatus st = send_tt(m, q, &p, now);
    if (st != BH_OK)
        return st;
    if (!t->ring_count)
        t->ack_cycle = now;
    t->ring[(t->ring_head + t->ring_count++) % ETH_MAC_UNACKED_MAX] = p;
    t->next_seq++;
    t->tt_packets++;
    t->cmd_src += p.len;
    t->cmd_dest += p.len;
    t->cmd_left -= p.len;
    if (!t->cmd_left)
        finish_cmd(t);
    return BH_OK;
}

static uint64_t timeout_at(const EthTxq *t)
{
    const uint32_t to = t->r[ETH_TXQ_R_REMOTE_SEQ_TIMEOUT];
    if (!t->ring_count || !to || t->resending)
        return BH_IDLE;
    return BH_MAX(t->ring[t->ring_head].sent_cycle, t->ack_cycle) + to;
}

static uint64_t seq_update_at(const EthTxq *t)
{
    if (!(t->r[ETH_TXQ_R_CTRL] & ETH_TXQ_CTRL_KEEPALIVE))
        return BH_IDLE;
    const uint32_t period = t->r[ETH_TXQ_R_LOCAL_SEQ_UPDATE_TIMEOUT];
    uint64_t at = period ? t->last_tt + period : BH_IDLE;
    if (t->ack_pending)
        at = BH_MIN(at, t->ack_due);
    return at;
}

uint64_t eth_mac_tx_due(const EthMac *m, uint32_t q)
{
    const EthTxq *t = &m->txq[q];
    uint64_t at = BH_IDLE;
    if (t->resending)
        at = 0;
    else if (t->cmd && (t->cmd == ETH_CMD_RAW || t->ring_count < ETH_MAC_UNACKED_MAX))
        at = t->cmd_at;
    at = BH_MIN(at, timeout_at(t));
    at = BH_MIN(at, seq_update_at(t));
    return at == BH_IDLE ? at : BH_MAX(at, t->next_cycle);
}

BhStatus eth_mac_tx_work(EthMac *m, uint32_t q, uint64_t now)
{
    EthTxq *t = &m->txq[q];
    /* 1. an unacknowledged packet timed out: go back to the oldest */
    if (timeout_at(t) <= now) {
        t->resending = 1;
        t->resend_pos = 0;
        t->timeouts++;
    }
    /* 2. re-sends first, in sequence order */
    if (t->resending) {
        EthTxPkt *p = &t->ring[(t->ring_head + t->resend_pos) % ETH_MAC_UNACKED_MAX];
        const BhStatus st = send_tt(m, q, p, now);
        if (st != BH_OK)
            return st;
        p->sent_cycle = now;
        t->resends++;
        if (++t->resend_pos >= t->ring_count)
            t->resending = 0;
        return BH_OK;
    }
    /* 3. the command's next packet */
    if (t->cmd && t->cmd_at <= now &&
        (t->cmd == ETH_CMD_RAW || t->ring_count < ETH_MAC_UNACKED_MAX))
        return command_packet(m, q, now);
    /* 4. a sequence update: an acknowledgement owed, or the keepalive period */
    if (seq_update_at(t) <= now) {
        uint32_t sel = t->r[ETH_TXQ_R_TXPKT_CFG_SEL_HW] & 0xF;
        if (sel >= ETH_MAC_HDR_ENTRIES) {
            BH_LOG_GUEST(m->log, "eth: TX queue %u: TXPKT_CFG_SEL_HW entry %u > 9, using 0", q,
                         sel);
            sel = 0;
        }
        const EthTxPkt p = {.kind = ETH_TT_SEQ_UPDATE, .seq = t->next_seq, .sel = (uint8_t)sel};
        const BhStatus st = send_tt(m, q, &p, now);
        if (st == BH_OK)
            t->seq_updates++;
        return st;
    }
    return BH_OK;
}

void eth_mac_tx_ack(EthMac *m, uint32_t q, uint8_t ack, uint64_t now)
{
    EthTxq *t = &m->txq[q];
    if (!t->ring_count)
        return;
    const uint32_t n = (uint8_t)(ack - t->ring[t->ring_head].seq);
    if (n == 0 || n > t->ring_count)
        return; /* nothing new, or a stale acknowledgement */
    t->ring_head = (t->ring_head + n) % ETH_MAC_UNACKED_MAX;
    t->ring_count -= n;
    t->resend_pos = t->resend_pos > n ? t->resend_pos - n : 0;
    if (!t->ring_count || t->resend_pos >= t->ring_count)
        t->resending = 0;
    t->ack_cycle = now;
}
