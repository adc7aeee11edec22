/* model/eth/eth_mac_internal.h - what eth_mac.c, eth_mac_tx.c and eth_mac_rx.c share. */
#ifndef BH_ETH_MAC_INTERNAL_H
#define BH_ETH_MAC_INTERNAL_H
#include "model/eth/eth_mac.h"

static inline void eth_put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static inline uint32_t eth_get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint32_t eth_words96(uint32_t bytes)
{
    return (bytes + 95) / 96;
}

/* eth_mac_tx.c */
BhStatus eth_mac_tx_command(EthMac *m, uint32_t q, uint32_t cmd, uint64_t now);
void eth_mac_tx_ack(EthMac *m, uint32_t q, uint8_t ack, uint64_t now);
/* does TX queue q's work due at now; BH_ERR_FULL if the link refused a frame */
BhStatus eth_mac_tx_work(EthMac *m, uint32_t q, uint64_t now);
uint64_t eth_mac_tx_due(const EthMac *m, uint32_t q); /* next cycle q has work, or BH_IDLE */

#endif
