/* model/eth/eth_link.h - a full-duplex point-to-point 400 GbE link between two Ethernet MAC
 * ports (side 0 and side 1), one serialiser and one receive buffer per direction, credit
 * back-pressure, the Ethernet CRC-32 and fault injection.
 *
 * Interface (the platform's Ethernet shell, or a test harness, calls these):
 *   eth_link_send       side s hands one frame (destination MAC .. payload, no FCS) of len
 *                       bytes to its serialiser at now; it goes to side 1 - s. BH_OK: it starts
 *                       at max(now, wire free); BH_ERR_FULL: no credit (the far receive buffer
 *                       may be full), nothing changed, try again later (eth_link_next_ps says
 *                       when a credit comes back); BH_ERR_ACCESS: len 0 or > max_frame_bytes.
 *   eth_link_recv       the receiving side looks at the oldest delivered frame (arrival <= now),
 *                       in send order; returns 1 and fills *out, 0 when nothing is there.
 *                       bh_common.h has no "empty" status (adding one would touch every
 *                       shell's status mapping), hence the 0/1. Calling it twice without a
 *                       release gives the same frame.
 *   eth_link_release    the receiving side frees the oldest delivered frame's slot; the credit
 *                       reaches the sender latency_ps later. BH_ERR_ACCESS: none delivered.
 *   eth_link_next_ps    first does what is due by now (arrivals, credits back), then returns
 *                       the earliest time after now something is due: a frame arriving or a
 *                       credit coming back; now itself if a delivered frame has not been looked
 *                       at by recv; BH_IDLE if nothing.
 *   eth_link_crc32      the IEEE 802.3 CRC-32 (reflected polynomial 0xEDB88320, initial and
 *                       final value all ones), as the FCS.
 * Timing: time is picoseconds (uint64); the caller converts its clock cycles. A frame of L
 *   bytes occupies the wire for preamble_sfd_bytes + max(L + fcs_bytes, min_frame_bytes) +
 *   ifg_bytes bytes (shorter frames are padded, IEEE 802.3). The serialiser converts wire bytes
 *   to time exactly over a busy period (frames back to back): the k-th byte of the period ends
 *   at period start + ceil(k x 8000 / gbps) ps, so no rounding accumulates (at 400 Gb/s a byte
 *   is exactly 20 ps). A frame is available at the receiver latency_ps after its last FCS (or
 *   pad) byte left; the inter-frame gap is counted after a frame, before the next one on the
 *   same wire, and does not delay the frame's own arrival. An idle wire starts a new period.
 *   Credits: a direction has rx_queue_frames credits; sending takes one (a receive slot, from
 *   the send until the receiver releases it), and it comes back latency_ps after the release.
 *   A dropped frame or one failing the CRC check frees its slot at its arrival time and its
 *   credit comes back latency_ps after that.
 * Faults: drop_every N drops the Nth, 2Nth, ... frame sent in a direction (never seen by the
 *   receiver); corrupt_every N flips one bit (bit 0 of the middle byte) of the Nth, 2Nth, ...
 *   frame after its CRC was computed: the receiver's check fails, it counts a CRC error and
 *   does not deliver it. When both hit the same frame, it is dropped.
 * Sources: 400 GbE per Ethernet tile: tenstorrent/tt-isa-documentation
 *   BlackholeA0/EthernetTile/README.md. Preamble + SFD 8 B, FCS 4 B, inter-frame gap 12 B,
 *   minimum frame 64 B, CRC-32: IEEE 802.3 (standard values, not a repository).
 * Assumptions (no Blackhole source): latency_ps 500 ns (wire, PHY, PCS and FEC, last byte sent
 *   to frame available); jumbo frames of 9216 B; a receive buffer of 16 frames per direction;
 *   credit-based flow control standing in for whatever the MACs really do (802.3x pause
 *   frames or none).
 * Not modeled: the PCS/FEC/PHY layers beyond the fixed latency, 64b/66b or 256b/257b coding
 *   overhead (gbps is the data rate), pause frames, link training and link down, errors other
 *   than the injected ones, reordering or duplication.
 */
#ifndef BH_ETH_LINK_H
#define BH_ETH_LINK_H
#include <stddef.h>
#include <stdint.h>
#include "model/common/bh_common.h"
#include "model/common/bh_stats.h"
#ifdef __cplusplus
extern "C" {
#endif

#define ETH_LINK_SLOTS_MAX 256    /* rx_queue_frames at most */
#define ETH_LINK_FRAME_MAX 16384  /* max_frame_bytes at most */
#define ETH_LINK_FCS_BYTES_CRC 4u /* the CRC-32 the link computes and checks */

/* Parameters: name, default, min, max, meaning. The platform makes each the key
 * "eth.link.<name>". */
#define ETH_LINK_PARAMS(X)                                                                         \
    X(gbps, 400, 1, 1600, "line data rate, Gb/s (Blackhole: 400 GbE per Ethernet tile)")           \
    X(preamble_sfd_bytes, 8, 0, 64, "preamble and start-of-frame delimiter per frame")             \
    X(ifg_bytes, 12, 0, 1024, "inter-frame gap after each frame")                                  \
    X(fcs_bytes, 4, 0, 16, "frame check sequence on the wire (the CRC-32)")                        \
    X(min_frame_bytes, 64, 0, 4096, "shorter frames (with FCS) are padded to this on the wire")    \
    X(max_frame_bytes, 9216, 64, ETH_LINK_FRAME_MAX,                                               \
      "longest frame a side may send, without FCS (jumbo; a longer one is refused)")               \
    X(latency_ps, 500000, 0, 1000000000,                                                           \
      "last byte sent to frame available at the receiver: wire, PHY, PCS, FEC (assumption)")       \
    X(rx_queue_frames, 16, 1, ETH_LINK_SLOTS_MAX,                                                  \
      "receive buffer per direction, frames: the sender's credits (assumption)")                   \
    X(drop_every, 0, 0, UINT32_MAX, "fault: drop every Nth frame sent per direction (0: off)")     \
    X(corrupt_every, 0, 0, UINT32_MAX,                                                             \
      "fault: flip a bit of every Nth frame sent per direction (0: off)")

typedef struct EthLinkConfig {
#define ETH_LINK_X_FIELD(name, def, lo, hi, doc) uint32_t name;
    ETH_LINK_PARAMS(ETH_LINK_X_FIELD)
#undef ETH_LINK_X_FIELD
} EthLinkConfig;

/* A delivered frame as eth_link_recv shows it; data stays valid until eth_link_release. */
typedef struct EthFrame {
    const uint8_t *data; /* destination MAC .. payload, without FCS */
    uint32_t len;
    uint32_t fcs;        /* as received (it matched the CRC of data) */
    uint64_t arrival_ps; /* available at the receiver */
    uint64_t seq;        /* 0-based: frames sent this way before it, dropped ones included */
} EthFrame;

typedef struct EthLinkFlight { /* a frame sent, not yet at the receiver */
    uint64_t arrival_ps;
    uint64_t seq;
    uint32_t len, slot;
    uint8_t drop; /* fault injection: never reaches the receiver */
} EthLinkFlight;

/* Statistics of one direction (bh_stats.h): field, report key, kind, text */
#define ETH_LINK_DIR_STATS(X)                                                                      \
    X(frames_sent, "frames_sent", COUNT, "frames sent this way")                                   \
    X(bytes_sent, "bytes_sent", BYTES, "wire bytes: preamble, frame, pad, FCS, gap")               \
    X(frames_delivered, "frames_delivered", COUNT, "frames that passed the CRC check")             \
    X(frames_dropped, "frames_dropped", COUNT, "frames lost on the way (fault injection)")         \
    X(crc_errors, "crc_errors", COUNT, "frames failing the receiver's CRC check")                  \
    X(busy_ps, "busy_ps", PICOSECONDS, "time the wire was busy (utilisation)")                     \
    X(refusals, "refusals", COUNT, "sends refused for want of credit")                             \
    X(max_rx_occupancy, "max_rx_occupancy", COUNT, "most receive slots in use at once")

typedef struct EthLinkDir { /* one direction: side d's serialiser, side 1 - d's receiver */
    uint64_t free_ps;       /* end of the last frame's gap on the wire */
    uint64_t period_ps;     /* start of the current busy period */
    uint64_t period_bytes;  /* wire bytes sent in it */
    uint64_t next_seq;
    uint8_t *pool; /* rx_queue_frames slots of slot_bytes, allocated at init */
    uint32_t free_slots[ETH_LINK_SLOTS_MAX];
    uint32_t n_free;
    EthLinkFlight flight[ETH_LINK_SLOTS_MAX]; /* ring, send order */
    uint32_t fl_head, fl_count;
    EthLinkFlight ready[ETH_LINK_SLOTS_MAX]; /* ring: delivered, not yet released */
    uint32_t rd_head, rd_count;
    uint8_t head_seen;                      /* recv showed ready[rd_head] */
    uint64_t credit_ps[ETH_LINK_SLOTS_MAX]; /* when each credit in transit reaches the sender */
    uint32_t n_credit_wait;
    uint32_t credits_out; /* credits taken and not yet back at the sender */
    BH_STAT_FIELDS(ETH_LINK_DIR_STATS)
} EthLinkDir;

typedef struct EthLink {
    EthLinkConfig cfg;
    uint64_t ps_num, ps_den; /* ps per wire byte = ps_num / ps_den, reduced */
    uint32_t slot_bytes;     /* max_frame_bytes + the FCS */
    uint32_t crc_table[256];
    EthLinkDir dir[2]; /* by sending side */
} EthLink;

extern const BhStatTable eth_link_dir_stat_table;

EthLinkConfig eth_link_config_default(void);
/* BH_ERR_CONFIG with "eth.link.<field>: ..." in why */
BhStatus eth_link_config_check(const EthLinkConfig *c, char *why, size_t why_len);
/* allocates the frame pools (the only allocation); also resets */
BhStatus eth_link_init(EthLink *l, const EthLinkConfig *c, char *why, size_t why_len);
void eth_link_free(EthLink *l);
void eth_link_reset(EthLink *l); /* idle, empty, counters 0, time back to 0 */
/* wire bytes of a frame of len bytes (without FCS), its inter-frame gap included */
uint32_t eth_link_wire_bytes(const EthLink *l, uint32_t len);
BhStatus eth_link_send(EthLink *l, int side, const uint8_t *frame, uint32_t len, uint64_t now_ps);
/* when side's wire is free for the next frame (end of the last one's gap) */
uint64_t eth_link_wire_free_ps(const EthLink *l, int side);
/* credits side has at now (a send at now succeeds if > 0) */
uint32_t eth_link_credits(EthLink *l, int side, uint64_t now_ps);
int eth_link_recv(EthLink *l, int side_rx, uint64_t now_ps, EthFrame *out);
BhStatus eth_link_release(EthLink *l, int side_rx, uint64_t now_ps);
uint64_t eth_link_next_ps(EthLink *l, uint64_t now_ps);
uint32_t eth_link_crc32(const EthLink *l, const uint8_t *data, size_t len);

#ifdef __cplusplus
}
#endif
#endif
