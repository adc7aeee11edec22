// SPDX-License-Identifier: Apache-2.0
/* The Ethernet MAC's RX queues (eth_mac.h): routing, raw append into the RX buffer, TT-link
 * sequence checks, L1 and MMIO writes, acknowledgements for the TX side. */
#include "model/eth/eth_mac_internal.h"
#include <string.h>

static void drop(EthRxq *x)
{
    x->r[ETH_RXQ_R_PACKET_DROP_CNT]++;
    x->drops++;
}

static void l1_write(EthMac *m, uint32_t q, uint32_t addr, const uint8_t *buf, uint32_t len)
{
    EthRxq *x = &m->rxq[q];
    if (!len)
        return;
    x->r[ETH_RXQ_R_BYTE_CNT] += len;
    x->bytes_to_l1 += len;
    if (m->ops.l1_write(m->ops.ctx, addr, buf, len) != BH_OK)
        BH_LOG_GUEST(m->log, "eth: RX queue %u: L1 write of %u bytes at 0x%08X failed", q, len,
                     addr);
}

/* raw mode: append at BUF_PTR, split at the buffer's end, then wrap or drop */
static void raw_append(EthMac *m, uint32_t q, const uint8_t *p, uint32_t n)
{
    EthRxq *x = &m->rxq[q];
    uint32_t *r = x->r;
    const uint32_t base = r[ETH_RXQ_R_BUF_START_WORD_ADDR] << 4;
    const uint32_t size = r[ETH_RXQ_R_BUF_SIZE_WORDS] << 4;
    const int wrap = (r[ETH_RXQ_R_CTRL] & ETH_RXQ_CTRL_BUF_WRAP) != 0;
    while (n) {
        uint32_t ptr = r[ETH_RXQ_R_BUF_PTR];
        if (ptr >= size) {
            if (!wrap || size == 0) {
                drop(x); /* the rest does not fit */
                return;
            }
            ptr = 0;
        }
        const uint32_t k = BH_MIN(n, size - ptr);
        l1_write(m, q, base + ptr, p, k);
        ptr += k;
        r[ETH_RXQ_R_BUF_PTR] = wrap && ptr == size ? 0 : ptr;
        p += k;
        n -= k;
    }
}

static void tt_packet(EthMac *m, uint32_t q, const uint8_t *f, uint32_t len, uint64_t now)
{
    EthRxq *x = &m->rxq[q];
    EthTxq *t = &m->txq[q];
    const uint8_t *h = f + ETH_MAC_ETH_HDR;
    const uint32_t kind = h[0] & 0xF, pay = eth_get32(h + 12);
    const uint8_t seq = h[2], ack = h[3];
    if (kind > ETH_TT_L1 || pay % 16 || pay != len - ETH_MAC_ETH_HDR - ETH_MAC_TT_HDR) {
        drop(x); /* malformed */
        return;
    }
    /* 1. the acknowledgement, for TX queue q */
    x->r[ETH_RXQ_R_REMOTE_RX_SEQ_NUM] = ack;
    eth_mac_tx_ack(m, q, ack, now);
    if (kind == ETH_TT_SEQ_UPDATE)
        return;
    /* 2. a data packet is owed an acknowledgement, accepted or not */
    if (!t->ack_pending) {
        t->ack_pending = 1;
        t->ack_due = now + m->cfg.ack_delay_cycles;
    }
    if (seq != (uint8_t)x->r[ETH_RXQ_R_LOCAL_RX_SEQ_NUM]) {
        x->tt_out_of_seq++;
        drop(x);
        return;
    }
    x->r[ETH_RXQ_R_LOCAL_RX_SEQ_NUM] = (uint8_t)(seq + 1);
    /* 3. its effect */
    if (kind == ETH_TT_MMIO) {
        if (q == 2) {
            drop(x); /* RX queue 2 does not take MMIO write packets */
            return;
        }
        x->tt_accepted++;
        x->mmio_writes++;
        if (m->ops.mmio_write(m->ops.ctx, eth_get32(h + 4), eth_get32(h + 8)) != BH_OK)
            BH_LOG_GUEST(m->log, "eth: RX queue %u: MMIO write to 0x%08X failed", q,
                         eth_get32(h + 4));
        return;
    }
    x->tt_accepted++;
    l1_write(m, q, eth_get32(h + 4), h + ETH_MAC_TT_HDR, pay);
}

BhStatus eth_mac_receive(EthMac *m, const uint8_t *frame, uint32_t len, uint64_t now)
{
    if (len < ETH_MAC_ETH_HDR) {
        m->frames_unroutable++;
        return BH_OK;
    }
    /* 1. route: a TT-link packet to the RX queue it names if that queue is in TT-link mode */
    uint32_t q = 0;
    int tt = 0;
    if (len >= ETH_MAC_ETH_HDR + ETH_MAC_TT_HDR) {
        const uint8_t *h = frame + ETH_MAC_ETH_HDR;
        tt = (h[0] & 0xF0) == ETH_MAC_TT_MARKER && h[1] < ETH_MAC_QUEUES &&
             (m->rxq[h[1]].r[ETH_RXQ_R_CTRL] & ETH_RXQ_CTRL_PACKET_MODE);
        if (tt)
            q = h[1];
    }
    EthRxq *x = &m->rxq[q];
    x->r[ETH_RXQ_R_PKT_START_CNT]++;
    x->r[ETH_RXQ_R_PKT_END_CNT]++;
    x->r[ETH_RXQ_R_WORD_CNT] += eth_words96(len);
    x->frames_received++;
    x->bytes_received += len;
    /* 2. TT-link, or raw append (a non-TT-link frame at a TT-link queue is dropped) */
    if (tt) {
        tt_packet(m, q, frame, len, now);
    } else if (x->r[ETH_RXQ_R_CTRL] & ETH_RXQ_CTRL_PACKET_MODE) {
        drop(x);
    } else {
        const uint32_t strip = BH_MIN(x->r[ETH_RXQ_R_HDR_CTRL], len);
        raw_append(m, q, frame + strip, len - strip);
    }
    return BH_OK;
}
