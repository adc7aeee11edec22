/* model/pcie/pcie_link.h - the host link: PCIe 5.0 x16 between the host's root complex and the
 * PCIe tile's controller, one serialiser per direction, TLPs and ACK DLLPs.
 *
 * Interface (the PCIe tile, pcie_tile.h):
 *   pcie_link_write    a posted memory write of `bytes` from one side: split into MWr TLPs
 *                      of at most mps_bytes at mps-aligned addresses
 *   pcie_link_read     a memory read from one side: MRd request TLPs of at most mrrs_bytes
 *                      (mrrs-aligned), each answered by CplD completions travelling back,
 *                      split at the completer's boundary (host: host_rcb_bytes, device:
 *                      dev_cpl_bytes, aligned); respond_auto: the far side answers after its
 *                      fixed latency (host_read_latency_ps, dev_read_latency_ps); else the
 *                      caller answers each request TLP with pcie_link_respond (the PCIe tile,
 *                      whose NoC read supplies the device's latency)
 *   PcieLinkEventFn    called from pcie_link_step for every TLP whose last byte has reached
 *                      the receiver's link layer: ev->time_ps is when it reaches the far
 *                      side's user (host: the root complex; device: the NoC side of the NIU,
 *                      after niu_crossing_ps), op_done on the operation's last TLP
 *   PCIE_H2D = host-to-device (downstream), PCIE_D2H = device-to-host (upstream): the
 *   direction a request travels; a read's completions travel the other way.
 * Timing: time is picoseconds (uint64). A TLP's wire size is framing_bytes + seq_bytes +
 *   header (12 B, or 16 B for a memory request above 4 GiB; completions 12 B) + payload
 *   padded to whole dwords + ecrc_bytes + lcrc_bytes; a DLLP's is dllp_bytes. Each direction
 *   sends one TLP/DLLP after the other, starting each at max(ready, end of the previous); DLLPs
 *   first, then the earliest ready. The serialiser converts wire bytes to time exactly over a
 *   busy period: its k-th byte ends at start + ceil(k x 8 x enc_block_bits x 10^6 /
 *   (lanes x enc_data_bits x rate_mtps)) ps, so no rounding accumulates; the sync header and
 *   lane striping are spread evenly over the bytes (one TLP's end is within one 130-bit block,
 *   about 4 ns, of a lane-exact model). A TLP reaches the receiver's link layer link_latency_ps
 *   after its last byte left; device-side traffic crosses the NIU (niu_crossing_ps) on the way
 *   in and out. A receiver sends an ACK DLLP every ack_every_tlps TLPs. A requester keeps at
 *   most read_tags read request TLPs outstanding. A paced operation (PcieLinkPace, the host
 *   CPU's: pcie_host_cpu.h) is also split at its tlp_bytes, its TLPs become ready gap_ps
 *   apart, and a serial read sends its next request gap_ps after the previous one's last
 *   completion reached the requester.
 *   pcie_link_step(now) does everything due up to now, in time order, and returns the next
 *   time with work or BH_IDLE.
 * Sources: PCIe 5.0 x16: jasondavies/tt-isa-documentation BlackholeA0/PCIExpressTile/README.md;
 *   mrrs 4096: tenstorrent/tt-kmd blackhole.c (MAX_MRRS, pcie_set_readrq); 32 GT/s per lane,
 *   128b/130b, the STP token of 4 bytes carrying the 12-bit sequence number, 3/4-dword
 *   headers, 4-byte LCRC, SDP + DLLP = 8 bytes, read completion boundary 64/128 B, 4 KiB
 *   request boundary: PCI Express Base Specification 5.0 (not a repository; standard values).
 * Assumptions (no Blackhole source): mps 256, host_rcb 64, dev_cpl 256, ack_every 4,
 *   link_latency 50 ns, host_read_latency 400 ns, dev_read_latency 500 ns, niu_crossing 10 ns,
 *   read_tags 64, no ECRC, d2h_buffer 16 KiB (used by the PCIe tile, pcie_tile.h, not here).
 * Not modeled: credit-based flow control (receivers always have credits), replay / NAKs /
 *   errors, flow-control update DLLPs and SKP ordered sets, power states, relaxed ordering and
 *   ID-based ordering (each direction is served in ready order), the DMA engines. The host
 *   CPU's write combining and loads are pcie_host_cpu.h's: it hands the link a PcieLinkPace.
 */
#ifndef BH_PCIE_LINK_H
#define BH_PCIE_LINK_H
#include <stdint.h>
#include "model/common/bh_common.h"
#include "model/common/bh_stats.h"
#ifdef __cplusplus
extern "C" {
#endif

#define PCIE_LINK_OPS_MAX 64     /* operations (writes, reads) in progress */
#define PCIE_LINK_TAGS_MAX 256   /* read request TLPs outstanding per requester */
#define PCIE_LINK_FLIGHT_MAX 256 /* TLPs between serialiser and receiver, per direction */
#define PCIE_LINK_STREAMS_MAX (PCIE_LINK_OPS_MAX + 2 * PCIE_LINK_TAGS_MAX + 2)
#define PCIE_LINK_STREAM_WORDS ((PCIE_LINK_STREAMS_MAX + 63) / 64)

typedef enum PcieDir { PCIE_H2D = 0, PCIE_D2H = 1 } PcieDir;
typedef enum PcieTlpKind { PCIE_TLP_MWR, PCIE_TLP_MRD, PCIE_TLP_CPLD, PCIE_TLP_DLLP } PcieTlpKind;

/* Parameters: name, default, min, max, meaning. The platform makes each the key
 * "pcie.link.<name>" (platform/params.def, BH_PARAM_BLOCK). */
#define PCIE_LINK_PARAMS(X)                                                                        \
    X(lanes, 16, 1, 16, "lanes per direction (x16: ISA PCIExpressTile/README.md)")                 \
    X(rate_mtps, 32000, 2500, 64000, "transfers per second per lane, MT/s (PCIe 5.0: 32 GT/s)")    \
    X(enc_data_bits, 128, 8, 256, "encoding: data bits per block (128b/130b)")                     \
    X(enc_block_bits, 130, 8, 512, "encoding: bits on the wire per block (128b/130b)")             \
    X(mps_bytes, 256, 128, 4096, "max payload size, a power of two (assumption)")                  \
    X(mrrs_bytes, 4096, 128, 4096, "max read request size, a power of two (tt-kmd MAX_MRRS)")      \
    X(host_rcb_bytes, 64, 64, 128,                                                                 \
      "host completions split at this read completion boundary, 64 or 128 (assumption 64)")        \
    X(dev_cpl_bytes, 256, 64, 4096,                                                                \
      "device completions carry at most this, aligned, a power of two <= mps (assumption)")        \
    X(framing_bytes, 4, 0, 16, "framing per TLP (Gen3+ STP token, holds the sequence number)")     \
    X(seq_bytes, 0, 0, 4, "sequence number bytes outside the framing (Gen1/2: 2)")                 \
    X(lcrc_bytes, 4, 0, 8, "link CRC per TLP")                                                     \
    X(ecrc_bytes, 0, 0, 4, "end-to-end CRC per TLP (assumption: not used)")                        \
    X(dllp_bytes, 8, 1, 16, "an ACK DLLP on the wire (SDP token 2 + DLLP 6)")                      \
    X(ack_every_tlps, 4, 0, 256, "a receiver ACKs every this many TLPs (0: no DLLPs; assumption)") \
    X(link_latency_ps, 50000, 0, 10000000,                                                         \
      "last byte serialised to last byte at the receiver's link layer (PHY, wire; assumption)")    \
    X(host_read_latency_ps, 400000, 0, 100000000,                                                  \
      "host answers a read request: root complex and host memory (assumption)")                    \
    X(dev_read_latency_ps, 500000, 0, 100000000,                                                   \
      "device answers a read request when respond_auto (assumption; the platform uses the NoC)")   \
    X(niu_crossing_ps, 10000, 0, 10000000,                                                         \
      "PCIe controller AXI to NoC NIU, AXI to AICLK crossing, each way (assumption)")              \
    X(read_tags, 64, 1, PCIE_LINK_TAGS_MAX,                                                        \
      "read request TLPs a requester keeps outstanding (assumption)")                              \
    X(d2h_buffer_bytes, 16384, 64, 1u << 24,                                                       \
      "device writes into host memory the PCIe tile holds until their TLPs reach the host; a "     \
      "NoC write's data waits in the NoC while it is full (assumption: one 16 KiB NoC packet)")

typedef struct PcieLinkConfig {
#define PCIE_LINK_X_FIELD(name, def, lo, hi, doc) uint32_t name;
    PCIE_LINK_PARAMS(PCIE_LINK_X_FIELD)
#undef PCIE_LINK_X_FIELD
} PcieLinkConfig;

typedef struct PcieLinkEvent {
    uint64_t token;   /* as given to pcie_link_write / pcie_link_read */
    uint64_t time_ps; /* the TLP's last byte at the far side's user */
    uint64_t addr;    /* of the TLP's payload (MRd: of the requested bytes) */
    uint32_t bytes;   /* payload (MRd: requested) */
    uint32_t op;      /* operation handle (for pcie_link_respond) */
    uint8_t kind;     /* PcieTlpKind: MWR, MRD or CPLD */
    uint8_t dir;      /* PcieDir the TLP travelled */
    uint8_t op_done;  /* the operation's last TLP: write data all there / read data all back */
} PcieLinkEvent;

typedef void (*PcieLinkEventFn)(void *ctx, const PcieLinkEvent *ev);

/* How a requester paces one operation's TLPs (pcie_host_cpu.h: the host CPU's stores and
 * loads); zero: as the link allows. */
typedef struct PcieLinkPace {
    uint32_t tlp_bytes; /* split at this boundary too (0: mps / mrrs alone) */
    uint32_t gap_ps;    /* a TLP is ready at least this long after the previous one */
    uint8_t serial;     /* reads: the next request leaves once the previous is answered */
} PcieLinkPace;

typedef struct PcieStream { /* TLPs still to send for one request, completion or DLLP run */
    uint64_t ready_ps, seq, addr;
    uint32_t left;   /* bytes (DLLP: DLLPs) still to send */
    uint32_t chunk;  /* split boundary */
    uint32_t gap_ps; /* PcieLinkPace */
    uint16_t op;
    uint8_t used, kind, dir;
    uint8_t serial, waiting; /* waiting: a serial read's request is not answered yet */
} PcieStream;

typedef struct PcieFlight { /* a TLP on its way to the receiver */
    uint64_t dll_ps;        /* at the receiver's link layer */
    uint64_t addr;
    uint32_t bytes;
    uint16_t op;
    uint8_t kind, last; /* last: the last TLP of its stream */
} PcieFlight;

typedef struct PcieOp {
    uint64_t token;
    uint64_t bytes_due; /* write data / completion data still to arrive */
    uint8_t used, is_read, dir, respond_auto;
} PcieOp;

/* Statistics of one direction (bh_stats.h): field, report key, kind, text */
#define PCIE_LINK_SIDE_STATS(X)                                                                    \
    X(tlps, "tlps", COUNT, "TLPs sent this way")                                                   \
    X(dllps, "dllps", COUNT, "DLLPs (ACKs) sent this way")                                         \
    X(wire_bytes, "wire_bytes", BYTES, "bytes on the wire: framing, headers, payload, CRCs")       \
    X(payload_bytes, "payload_bytes", BYTES, "payload bytes of the TLPs")

typedef struct PcieLinkSide { /* one direction's serialiser and its receiver */
    uint64_t free_ps;         /* end of the last TLP / DLLP sent */
    uint64_t period_ps;       /* start of the current busy period */
    uint64_t period_bytes;    /* wire bytes sent in it */
    PcieFlight flight[PCIE_LINK_FLIGHT_MAX];
    uint32_t fl_head, fl_count;
    uint32_t rx_since_ack; /* TLPs received since the last ACK sent back */
    uint32_t tags_used;    /* read requests sent this way not yet fully answered */
    BH_STAT_FIELDS(PCIE_LINK_SIDE_STATS)
} PcieLinkSide;

typedef struct PcieLink {
    PcieLinkConfig cfg;
    uint64_t ps_num, ps_den; /* serialisation: ps per wire byte = ps_num / ps_den, reduced */
    PcieLinkSide side[2];    /* by PcieDir */
    PcieStream streams[PCIE_LINK_STREAMS_MAX];
    /* bit i of [d]: streams[i] is used and goes direction d (used = 1, dir = d) */
    uint64_t stream_live[2][PCIE_LINK_STREAM_WORDS];
    PcieOp ops[PCIE_LINK_OPS_MAX];
    uint64_t next_seq;
    uint64_t clock_ps;        /* time of the last thing step processed: nothing starts earlier */
    PcieLinkEventFn on_event; /* may be NULL */
    void *event_ctx;
} PcieLink;

extern const BhStatTable pcie_link_side_stat_table;

PcieLinkConfig pcie_link_config_default(void);
BhStatus pcie_link_config_check(const PcieLinkConfig *c, char *why, size_t why_len);
BhStatus pcie_link_init(PcieLink *l, const PcieLinkConfig *c, PcieLinkEventFn fn, void *ctx);
void pcie_link_reset(PcieLink *l); /* idle, counters 0, time back to 0 */
/* Wire bytes of one TLP of kind (MWR, MRD, CPLD) carrying / asking for `bytes` at addr. */
uint32_t pcie_link_tlp_wire_bytes(const PcieLink *l, PcieTlpKind kind, uint64_t addr,
                                  uint32_t bytes);
/* BH_OK (*op the handle, op may be NULL); BH_ERR_FULL: no free operation record;
 * BH_ERR_ACCESS: bytes 0. A side's requests become ready at now (device side: plus the NIU
 * crossing). */
BhStatus pcie_link_write(PcieLink *l, PcieDir dir, uint64_t now_ps, uint64_t addr, uint32_t bytes,
                         uint64_t token, uint32_t *op);
BhStatus pcie_link_read(PcieLink *l, PcieDir dir, uint64_t now_ps, uint64_t addr, uint32_t bytes,
                        int respond_auto, uint64_t token, uint32_t *op);
/* The same, the TLPs paced by the requester (pace NULL: as above). */
BhStatus pcie_link_write_paced(PcieLink *l, PcieDir dir, uint64_t now_ps, uint64_t addr,
                               uint32_t bytes, const PcieLinkPace *pace, uint64_t token,
                               uint32_t *op);
BhStatus pcie_link_read_paced(PcieLink *l, PcieDir dir, uint64_t now_ps, uint64_t addr,
                              uint32_t bytes, int respond_auto, const PcieLinkPace *pace,
                              uint64_t token, uint32_t *op);
/* The completer answers one MRd event of op (its addr and bytes) with data ready at now.
 * BH_ERR_ACCESS: op is not a read waiting for the caller's answers. */
BhStatus pcie_link_respond(PcieLink *l, uint32_t op, uint64_t now_ps, uint64_t addr,
                           uint32_t bytes);
uint64_t pcie_link_step(PcieLink *l, uint64_t now_ps);

#ifdef __cplusplus
}
#endif
#endif
