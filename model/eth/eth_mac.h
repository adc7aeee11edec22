/* model/eth/eth_mac.h - one Ethernet tile's MAC as software sees it: 3 TX queues, 3 RX queues
 * and the shared TX header table of 10 entries, raw mode and TT-link mode.
 *
 * Interface:
 *   eth_mac_reg_access  a 4-byte register access at an absolute address: TX queue q at
 *                       0xFFB9_0000 + 0x1000 q, RX queue q at 0xFFB9_4000 + 0x1000 q, header
 *                       table entry i at 0xFFB9_8200 + 0x80 i; offsets and fields per
 *                       eth_mac_regs.def. BH_ERR_ADDR: not a documented register; BH_ERR_WIDTH:
 *                       not 4-byte aligned; BH_ERR_ACCESS: a write to a read-only register or a
 *                       command refused (m->why says why; counted; the guest's error, logged).
 *                       Reads have no side effects (a debug read is a plain read).
 *   EthMacOps           the tile around the MAC: functional L1 reads / writes, MMIO writes (a
 *                       TT-link MMIO write packet received), and send (a frame to the link:
 *                       BH_ERR_FULL = no room now, retried retry_cycles later).
 *   eth_mac_receive     the caller hands over each frame the link delivered (no FCS: the link
 *                       checked it), in arrival order; it is handled at once.
 *   eth_mac_step        does the TX work due at now; returns the next cycle with work, or
 *                       BH_IDLE. Call it again after a register write or a receive.
 * Timing: the MAC counts its tile's clock cycles. A command is latched cmd_latch_cycles after
 *   its CMD write; then each TX queue hands at most one frame per cycle to the link (queues
 *   served round robin), which serialises them (eth_link.h). ETH_TXQ_STATUS bit 16 is set by the
 *   CMD write and cleared when the queue has latched the whole command: raw, when it has read
 *   the last packet's data from L1; TT-link, when the last packet's metadata is in the resend
 *   ring (a command larger than ETH_TXQ_MAX_PKT_SIZE_BYTES is latched packet by packet; a full
 *   ring holds it). TRANSFER_CNT counts a command then. PKT_START_CNT, PKT_END_CNT and WORD_CNT
 *   (ceil(frame bytes / 96), frame without FCS) count a frame when the link accepts it.
 * TT-link: TX queue q talks to the remote RX queue q, and RX queue q's expected sequence number
 *   rides back in TX queue q's packets as the acknowledgement. Each MMIO / L1 write packet takes
 *   the next 8-bit sequence number and stays in a ring of ETH_MAC_UNACKED_MAX until
 *   acknowledged (ack = the receiver's next expected number). After REMOTE_SEQ_TIMEOUT cycles
 *   without progress (since the oldest packet was last sent or an acknowledgement last freed
 *   some), the queue re-sends every unacknowledged packet from the oldest (go-back-N),
 *   re-reading the bodies from L1. The RX queue accepts only LOCAL_RX_SEQ_NUM; others are
 *   discarded and counted in PACKET_DROP_CNT. Sequence update packets carry no data and no
 *   sequence number of their own (not checked, never counted as drops). With KEEPALIVE set, TX
 *   queue q sends one ack_delay_cycles after RX queue q received an MMIO / L1 write packet
 *   (accepted or not) unless another packet carried the acknowledgement meanwhile, and every
 *   LOCAL_SEQ_UPDATE_TIMEOUT cycles after its last TT-link packet; without KEEPALIVE it sends
 *   none (the document's rule), so acknowledgements only ride on data packets.
 * TT-link frame (bhsim's assumption: the document gives the sizes, not the layout): 14-byte
 *   Ethernet header from the header table (length field: the bytes after it), 18-byte TT-link
 *   header, payload (a multiple of 16). Header bytes: 0 0xB0 | kind (0 sequence update,
 *   1 MMIO write, 2 L1 write), 1 queue index, 2 sequence number, 3 acknowledgement, 4..7
 *   destination address, 8..11 MMIO data, 12..15 payload bytes, 16..17 zero; little endian.
 * Routing (stands in for the RX classifier): a frame whose TT-link header has the 0xB0 marker
 *   and names an RX queue in PACKET_MODE goes to that queue; every other frame goes to RX
 *   queue 0 (raw append, or a drop counted if queue 0 is in TT-link mode).
 * Raw RX: the frame less its first HDR_CTRL bytes is appended at BUF_PTR in the buffer
 *   (BUF_START_WORD_ADDR << 4, BUF_SIZE_WORDS << 4 bytes), split at the buffer's end: with
 *   BUF_WRAP the rest goes to the start and BUF_PTR never reads as the size; without, the rest
 *   is dropped, BUF_PTR stays at the size, and the frame counts in PACKET_DROP_CNT.
 * Sources: tenstorrent/tt-isa-documentation BlackholeA0/EthernetTile/EthernetTxRx.md (queues,
 *   commands, header table, counters, TT-link behaviour, queue associations).
 * Assumptions (no Blackhole source): the TT-link header layout above; cmd_latch_cycles,
 *   ack_delay_cycles, retry_cycles; the resend ring of 64; a raw command of 0 bytes sends
 *   nothing; a TT-link L1 write of 0 bytes sends nothing; an MMIO packet reaching RX queue 2
 *   is accepted in sequence and dropped (counted).
 * Not modeled: the RX classifier (EthernetRxClassifier.md: TCAM, flow table, metadata,
 *   timestamps; the fixed routing rule above instead), header insertion of VLAN tags and L3 /
 *   L4 headers and RoCE iCRC (INSERT_CTL is stored; frames carry DA, SA, type/length only),
 *   NoC Overlay packets, drop notifications (DIS_DROP is stored; re-sends on timeout only), the
 *   L1 ports' timing (L1 access is functional through EthMacOps; OUTSTANDING_WR_CNT is 0), the
 *   undocumented STATUS debug bits.
 */
#ifndef BH_ETH_MAC_H
#define BH_ETH_MAC_H
#include <stddef.h>
#include <stdint.h>
#include "model/common/bh_common.h"
#include "model/common/bh_stats.h"
#ifdef __cplusplus
extern "C" {
#endif

#define ETH_MAC_QUEUES 3
#define ETH_MAC_HDR_ENTRIES 10
#define ETH_MAC_UNACKED_MAX 64 /* TT-link packets awaiting acknowledgement, per TX queue */
#define ETH_MAC_FRAME_MAX 9216 /* longest frame the MAC builds (without FCS) */
#define ETH_MAC_ETH_HDR 14
#define ETH_MAC_TT_HDR 18
#define ETH_MAC_TT_MARKER 0xB0u

#define ETH_TXQ_BASE 0xFFB90000u
#define ETH_RXQ_BASE 0xFFB94000u
#define ETH_HDR_BASE 0xFFB98200u
#define ETH_Q_STRIDE 0x1000u
#define ETH_HDR_STRIDE 0x80u

#define ETH_TXQ_CTRL_KEEPALIVE 0x1u
#define ETH_TXQ_STATUS_CMD_ONGOING (1u << 16)
#define ETH_RXQ_CTRL_PACKET_MODE 0x2u
#define ETH_RXQ_CTRL_BUF_WRAP 0x4u

typedef enum EthCmd { ETH_CMD_RAW = 1, ETH_CMD_L1_WRITE = 2, ETH_CMD_MMIO_WRITE = 4 } EthCmd;
typedef enum EthTtKind { ETH_TT_SEQ_UPDATE = 0, ETH_TT_MMIO = 1, ETH_TT_L1 = 2 } EthTtKind;

/* register indexes: ETH_TXQ_R_<name>, ETH_RXQ_R_<name>, ETH_HDR_R_<name> (+ word) */
#define ETH_REG_ENUM_(P, name, off, words, reset, wmask, acc, doc)                                 \
    P##name, P##name##_LAST_ = P##name + (words)-1,
#define ETH_TXQ_E_(...) ETH_REG_ENUM_(ETH_TXQ_R_, __VA_ARGS__)
#define ETH_NOREG_(...)
typedef enum EthTxqReg {
#define ETH_TXQ_REG ETH_TXQ_E_
#define ETH_RXQ_REG ETH_NOREG_
#define ETH_HDR_REG ETH_NOREG_
#include "model/eth/eth_mac_regs.def"
#undef ETH_TXQ_REG
#undef ETH_RXQ_REG
#undef ETH_HDR_REG
    ETH_TXQ_NREGS
} EthTxqReg;
#define ETH_RXQ_E_(...) ETH_REG_ENUM_(ETH_RXQ_R_, __VA_ARGS__)
typedef enum EthRxqReg {
#define ETH_TXQ_REG ETH_NOREG_
#define ETH_RXQ_REG ETH_RXQ_E_
#define ETH_HDR_REG ETH_NOREG_
#include "model/eth/eth_mac_regs.def"
#undef ETH_TXQ_REG
#undef ETH_RXQ_REG
#undef ETH_HDR_REG
    ETH_RXQ_NREGS
} EthRxqReg;
#define ETH_HDR_E_(...) ETH_REG_ENUM_(ETH_HDR_R_, __VA_ARGS__)
typedef enum EthHdrReg {
#define ETH_TXQ_REG ETH_NOREG_
#define ETH_RXQ_REG ETH_NOREG_
#define ETH_HDR_REG ETH_HDR_E_
#include "model/eth/eth_mac_regs.def"
#undef ETH_TXQ_REG
#undef ETH_RXQ_REG
#undef ETH_HDR_REG
    ETH_HDR_NREGS
} EthHdrReg;

/* Parameters: name, default, min, max, meaning ("eth.mac.<name>") */
#define ETH_MAC_PARAMS(X)                                                                          \
    X(cmd_latch_cycles, 2, 1, 100000, "CMD write to the command latched (assumption)")             \
    X(ack_delay_cycles, 16, 0, 1000000,                                                            \
      "KEEPALIVE: a data packet received to the sequence update acknowledging it (assumption)")    \
    X(retry_cycles, 8, 1, 1000000, "the link refused a frame: try again this much later")

typedef struct EthMacConfig {
#define ETH_MAC_X_FIELD(name, def, lo, hi, doc) uint32_t name;
    ETH_MAC_PARAMS(ETH_MAC_X_FIELD)
#undef ETH_MAC_X_FIELD
} EthMacConfig;

typedef struct EthMacOps {
    BhStatus (*l1_read)(void *ctx, uint32_t addr, void *buf, uint32_t len);
    BhStatus (*l1_write)(void *ctx, uint32_t addr, const void *buf, uint32_t len);
    BhStatus (*mmio_write)(void *ctx, uint32_t addr, uint32_t val);
    /* a frame without FCS to the link; BH_ERR_FULL: try later */
    BhStatus (*send)(void *ctx, const uint8_t *frame, uint32_t len, uint64_t now);
    void *ctx;
} EthMacOps;

typedef struct EthTxPkt { /* a TT-link packet awaiting acknowledgement: its metadata */
    uint64_t sent_cycle;  /* last (re)sent */
    uint32_t src, dest, len, data;
    uint8_t kind, seq, sel;
} EthTxPkt;

/* Statistics (bh_stats.h): field, report key, kind, text */
#define ETH_TXQ_STATS(X)                                                                           \
    X(frames_sent, "frames_sent", COUNT, "frames the link accepted")                               \
    X(bytes_sent, "bytes_sent", BYTES, "their bytes (without FCS)")                                \
    X(commands, "commands", COUNT, "commands carried out")                                         \
    X(commands_refused, "commands_refused", COUNT, "CMD writes refused (guest errors)")            \
    X(tt_packets, "tt_packets", COUNT, "TT-link MMIO / L1 write packets sent the first time")      \
    X(resends, "resends", COUNT, "TT-link packets sent again")                                     \
    X(timeouts, "timeouts", COUNT, "REMOTE_SEQ_TIMEOUT expiries (go-back-N rounds)")               \
    X(seq_updates, "seq_updates", COUNT, "sequence update packets sent")                           \
    X(link_full, "link_full", COUNT, "frames the link refused (retried)")

#define ETH_RXQ_STATS(X)                                                                           \
    X(frames_received, "frames_received", COUNT, "frames routed to this queue")                    \
    X(bytes_received, "bytes_received", BYTES, "their bytes (without FCS)")                        \
    X(bytes_to_l1, "bytes_to_l1", BYTES, "bytes written to L1")                                    \
    X(tt_accepted, "tt_accepted", COUNT, "TT-link data packets accepted in sequence")              \
    X(tt_out_of_seq, "tt_out_of_seq", COUNT, "TT-link packets discarded: sequence mismatch")       \
    X(drops, "drops", COUNT, "all packets discarded (PACKET_DROP_CNT)")                            \
    X(mmio_writes, "mmio_writes", COUNT, "MMIO writes performed")

typedef struct EthTxq {
    uint32_t r[ETH_TXQ_NREGS];
    uint8_t cmd;     /* EthCmd being carried out; 0: none (STATUS bit 16 clear) */
    uint64_t cmd_at; /* cycle the command is latched / may send its first packet */
    uint32_t cmd_src, cmd_dest, cmd_left, cmd_data, cmd_sel;
    EthTxPkt ring[ETH_MAC_UNACKED_MAX];
    uint32_t ring_head, ring_count;
    uint32_t resend_pos; /* ring position to re-send next, while resending */
    uint8_t resending;
    uint8_t next_seq;
    uint64_t ack_cycle;  /* an acknowledgement last freed packets */
    uint64_t last_tt;    /* this queue's last TT-link packet */
    uint8_t ack_pending; /* RX queue q got a data packet not yet acknowledged */
    uint64_t ack_due;
    uint64_t next_cycle; /* one frame per cycle */
    BH_STAT_FIELDS(ETH_TXQ_STATS)
} EthTxq;

typedef struct EthRxq {
    uint32_t r[ETH_RXQ_NREGS];
    BH_STAT_FIELDS(ETH_RXQ_STATS)
} EthRxq;

typedef struct EthMac {
    EthMacConfig cfg;
    EthMacOps ops;
    BhLogContext *log;
    EthTxq txq[ETH_MAC_QUEUES];
    EthRxq rxq[ETH_MAC_QUEUES];
    uint32_t hdr[ETH_MAC_HDR_ENTRIES][ETH_HDR_NREGS];
    uint64_t retry_at;          /* the link refused a frame: no TX before then */
    uint32_t rr;                /* TX queue served first next cycle */
    uint64_t frames_unroutable; /* shorter than an Ethernet header */
    char why[160];              /* reason of the last refused access */
    uint8_t frame[ETH_MAC_FRAME_MAX];
} EthMac;

extern const BhStatTable eth_txq_stat_table;
extern const BhStatTable eth_rxq_stat_table;

EthMacConfig eth_mac_config_default(void);
BhStatus eth_mac_config_check(const EthMacConfig *c, char *why, size_t why_len);
BhStatus eth_mac_init(EthMac *m, const EthMacConfig *c, const EthMacOps *ops, BhLogContext *log);
void eth_mac_reset(EthMac *m); /* registers to reset values, queues idle, counters 0 */
BhStatus eth_mac_reg_access(EthMac *m, uint32_t addr, int write, uint32_t *val, uint64_t now);
BhStatus eth_mac_receive(EthMac *m, const uint8_t *frame, uint32_t len, uint64_t now);
uint64_t eth_mac_step(EthMac *m, uint64_t now);

#ifdef __cplusplus
}
#endif
#endif
