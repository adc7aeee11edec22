/* firmware/include/bh_eth.h - the Ethernet dataflow API of an Ethernet tile's cores
 * (docs/ethernet.md): TX queue 0 in TT-link mode moves bytes from this tile's L1 to the same
 * addresses' peer in the tile at the other end of the cable, and a channel's sync word tells
 * the receiver how many bytes came and the sender that the receiver is done with them.
 *
 * Names follow tt-metal's (tt_metal/hw/inc/ethernet/dataflow_api.h and tunneling.h):
 *   eth_txq_is_busy(q)                    the queue has not latched its last command
 *   eth_send_packet(q, src16, dst16, n16) a TT-link L1 write of n16 16-byte words from local
 *                                         address src16 << 4 to remote dst16 << 4
 *   eth_write_remote_reg(q, addr, val)    a TT-link MMIO write on the peer tile
 *   eth_send_bytes(src, dst, n)           n bytes (a multiple of 16), in packets of at most
 *                                         BH_ETH_PACKET_BYTES
 *   eth_send_channel_sync / eth_wait_for_bytes / eth_receiver_done /
 *   eth_wait_for_receiver_done            the handshake below
 * Handshake: the sync word of channel c is 16 bytes at BH_ETH_SYNC_ADDR + 16 c on both tiles:
 * bytes_sent, then a receiver_done flag. The sender sends its data, then its sync word with
 * bytes_sent = n (TT-link keeps packets of one queue in order, so the data lands first); the
 * receiver waits for bytes_sent != 0, uses the data, clears the word and sends it back with
 * receiver_done = 1; the sender waits for that. */
#ifndef BH_FW_ETH_H
#define BH_FW_ETH_H
#include <stdint.h>

#define BH_ETH_TXQ_BASE(q) (0xFFB90000u + 0x1000u * (q))
#define BH_ETH_TXQ_CMD 0x04u
#define BH_ETH_TXQ_STATUS 0x08u
#define BH_ETH_TXQ_TRANSFER_START_ADDR 0x14u
#define BH_ETH_TXQ_TRANSFER_SIZE_BYTES 0x18u
#define BH_ETH_TXQ_DEST_ADDR 0x1Cu
#define BH_ETH_TXQ_REMOTE_REG_DATA 0x44u
#define BH_ETH_TXQ_REMOTE_SEQ_TIMEOUT 0x48u
#define BH_ETH_TXQ_CMD_ONGOING (1u << 16)
#define BH_ETH_CMD_L1_WRITE 2u
#define BH_ETH_CMD_MMIO_WRITE 4u
#define BH_ETH_PACKET_BYTES 4096u /* one command's payload at most (a frame of 4128 bytes) */
#define BH_ETH_SYNC_ADDR 0x70000u /* the channels' sync words: L1, 16 bytes each */

/* bhsim's own register (no silicon one): this chip's number and the chips of the simulation
 * (system.chips), for programs that every chip runs */
#define BH_SIM_CHIP_ID 0xFFB12FF4u

typedef struct bh_eth_sync {
    volatile uint32_t bytes_sent;
    volatile uint32_t receiver_done;
    uint32_t reserved[2];
} bh_eth_sync;

static inline void bh_eth_w(uint32_t addr, uint32_t v)
{
    *(volatile uint32_t *)addr = v;
}

static inline uint32_t bh_eth_r(uint32_t addr)
{
    return *(volatile uint32_t *)addr;
}

/* tt-metal's invalidate_l1_cache: the core's L0 data cache is not coherent with L1, which
 * the MAC writes; a fence drops its lines, so the next load of a polled word reads L1 */
static inline void invalidate_l1_cache(void)
{
    __asm__ volatile("fence" ::: "memory");
}

static inline uint32_t bh_chip_id(void)
{
    return bh_eth_r(BH_SIM_CHIP_ID) & 0xFFu;
}

static inline uint32_t bh_chip_count(void)
{
    return bh_eth_r(BH_SIM_CHIP_ID) >> 8 & 0xFFu;
}

static inline int eth_txq_is_busy(uint32_t q)
{
    return (bh_eth_r(BH_ETH_TXQ_BASE(q) + BH_ETH_TXQ_STATUS) & BH_ETH_TXQ_CMD_ONGOING) != 0;
}

/* TT-link: a packet unacknowledged for `cycles` is sent again (with what followed it); 0, the
 * reset value, never re-sends. Silicon's link firmware sets it; bhsim runs none. */
static inline void eth_set_resend_timeout(uint32_t q, uint32_t cycles)
{
    bh_eth_w(BH_ETH_TXQ_BASE(q) + BH_ETH_TXQ_REMOTE_SEQ_TIMEOUT, cycles);
}

static inline void eth_send_packet(uint32_t q, uint32_t src16, uint32_t dst16, uint32_t n16)
{
    while (eth_txq_is_busy(q))
        ;
    const uint32_t base = BH_ETH_TXQ_BASE(q);
    bh_eth_w(base + BH_ETH_TXQ_TRANSFER_START_ADDR, src16 << 4);
    bh_eth_w(base + BH_ETH_TXQ_TRANSFER_SIZE_BYTES, n16 << 4);
    bh_eth_w(base + BH_ETH_TXQ_DEST_ADDR, dst16 << 4);
    bh_eth_w(base + BH_ETH_TXQ_CMD, BH_ETH_CMD_L1_WRITE);
}

static inline void eth_write_remote_reg(uint32_t q, uint32_t addr, uint32_t val)
{
    while (eth_txq_is_busy(q))
        ;
    const uint32_t base = BH_ETH_TXQ_BASE(q);
    bh_eth_w(base + BH_ETH_TXQ_DEST_ADDR, addr);
    bh_eth_w(base + BH_ETH_TXQ_REMOTE_REG_DATA, val);
    bh_eth_w(base + BH_ETH_TXQ_CMD, BH_ETH_CMD_MMIO_WRITE);
}

static inline void eth_send_bytes(uint32_t src, uint32_t dst, uint32_t n)
{
    for (uint32_t done = 0; done < n; done += BH_ETH_PACKET_BYTES) {
        const uint32_t k = n - done < BH_ETH_PACKET_BYTES ? n - done : BH_ETH_PACKET_BYTES;
        eth_send_packet(0, (src + done) >> 4, (dst + done) >> 4, k >> 4);
    }
}

static inline bh_eth_sync *eth_channel_sync(uint32_t channel)
{
    return (bh_eth_sync *)(BH_ETH_SYNC_ADDR + 16u * channel);
}

/* the sender: after its data, tells the receiver n bytes came */
static inline void eth_send_channel_sync(uint32_t channel, uint32_t n)
{
    bh_eth_sync *s = eth_channel_sync(channel);
    s->bytes_sent = n;
    s->receiver_done = 0;
    eth_send_packet(0, (uint32_t)s >> 4, (uint32_t)s >> 4, 1);
}

/* the receiver: waits until the sender's sync word says n bytes came */
static inline void eth_wait_for_bytes(uint32_t channel, uint32_t n)
{
    do {
        invalidate_l1_cache();
    } while (eth_channel_sync(channel)->bytes_sent < n);
}

/* the receiver: done with the bytes; tells the sender */
static inline void eth_receiver_done(uint32_t channel)
{
    bh_eth_sync *s = eth_channel_sync(channel);
    s->bytes_sent = 0;
    s->receiver_done = 1;
    eth_send_packet(0, (uint32_t)s >> 4, (uint32_t)s >> 4, 1);
}

/* the sender: waits for the receiver's done, and clears it for the next round */
static inline void eth_wait_for_receiver_done(uint32_t channel)
{
    bh_eth_sync *s = eth_channel_sync(channel);
    do {
        invalidate_l1_cache();
    } while (!s->receiver_done);
    s->receiver_done = 0;
    s->bytes_sent = 0;
}

#endif
