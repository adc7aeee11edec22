/* model/noc/noc_net.h - one network-on-chip: its routers, links and NIUs, flit by flit.
 *
 * Interface (exposed by NocNetTlm and TileTlm):
 *   noc_niu_mmio_read/write   the NIU register map (noc_niu_regs.def) of each node, which the
 *                             tile shells expose as TLM targets at NIU_BASE; a CMD_CTRL write
 *                             turns the command buffer's registers into a NocRequest
 *   noc_niu_port_request      the NIU request port (noc_niu_port.h): a hardware master issues
 *                             a NocRequest directly and is called back when it completes;
 *                             command buffers and masters share one queue per NIU
 *   NocMemOps                 each NIU reads and writes its tile's memory through callbacks
 *                             (the platform routes them through TLM to L1 or DRAM)
 *   NocDeliveryFn             optional: told when the last data flit of a transfer lands
 * Coordinates: everything here is in the network's own frame, where data flows towards +x
 *   and +y on unidirectional tori; Blackhole NoC1 is built as its own frame (NoC0 (x,y) is
 *   NoC1 (w-1-x, h-1-y)), routing Y before X. Node index = y * w + x.
 * Timing: noc_net_step(now) does all work due at cycle `now` and returns the next cycle
 *   with work, or BH_IDLE. Flits and credits cross every link with a fixed latency (>= 1
 *   cycle), so routers never see each other's same-cycle state: the result does not depend
 *   on the order in which routers are stepped. Per hop: a flit is switched in the cycle it
 *   becomes eligible if it wins allocation, and is eligible at the next router
 *   router_latency_cycles later (NIU->router and router->NIU: their own latencies).
 *   Zero-load latency of a packet of F flits over H router-to-router hops is
 *   niu_to_router_cycles + H * router_latency_cycles + router_to_niu_cycles + (F - 1).
 * Router: input-queued, wormhole, per-VC FIFOs of vc_buffer_flits with credit flow control
 *   (credits return over the link with its latency), VC classes request / multicast /
 *   response, each split by a dateline bit (set on the wrap link, cleared on a turn), any
 *   free VC of the class may be taken (the buddy bit is adaptive), round-robin VC and switch
 *   allocation, a separable input-first switch allocator (each input port nominates one VC
 *   round robin, each output grants one port round robin), so one flit per input port and
 *   per output port per cycle; multicast flits fork to several outputs and leave the input
 *   buffer once every output has taken them.
 * Path reservation (NOC_CMD_PATH_RESERVE): the header takes VCs along the whole tree (it forks
 *   only when every branch's VC is free); each leaf it reaches sends a grant back, which takes
 *   niu_to_router + hops * mcast_grant_hop_cycles + router_to_niu cycles; the data leaves the
 *   sender once every grant is back. Linked transactions (NOC_CMD_VC_LINKED): a linked packet's
 *   first-hop VC and the VC it took at every hop stay held after its tail, for the next packet
 *   of the transaction, which follows the same path without allocating or reserving again;
 *   the packet without the flag releases them. An NIU has one linked transaction open at a time
 *   and starts nothing else meanwhile (MemoryMap.md NOC_CTRL).
 * NIU limits: one first-hop VC assignment per vc_assign_interval_cycles; optional caps on reads
 *   and acknowledgements outstanding; a target acts on one request per ejection VC at a time
 *   (target_one_per_vc) and holds at most niu_response_slots responses.
 * Not modeled: coordinate translation, static VCs and ARB_PRIORITY (stored only), the
 *   reservation's failure and randomized retry (a header waits for its VCs instead), NoC
 *   overlay, L1 port back-pressure on the NIU (a later issue), inline-write hazards.
 */
#ifndef BH_NOC_NET_H
#define BH_NOC_NET_H
#include <stddef.h>
#include <stdint.h>
#include "model/common/bh_common.h"
#include "model/common/bh_region.h"
#include "model/common/bh_stats.h"
#include "model/noc/noc_niu_port.h"
#include "model/noc/noc_xlate.h"
#ifdef __cplusplus
extern "C" {
#endif

#define NOC_MAX_VCS 32
#define NOC_FLIT_MAX_BYTES 64
#define NOC_CMD_BUFS 4
#define NOC_CMD_BUF_STRIDE 0x800u
#define NOC_NIU_WINDOW 0x10000u /* NIU_BASE .. NIU_BASE + 0xFFFF */
#define NOC_TIDS 16
#define NOC_COUNTERS 62
#define NOC_CFG_REGS 32 /* NIU_BASE + 0x100 .. 0x17C */
#define NOC_NONE UINT32_MAX

typedef enum NocPort {
    NOC_PORT_LOCAL, /* to / from the NIU */
    NOC_PORT_XP,
    NOC_PORT_YP,
    NOC_PORT_XN, /* bidirectional generic topologies only */
    NOC_PORT_YN,
    NOC_PORTS
} NocPort;

enum { NOC_ARB_ROUND_ROBIN, NOC_ARB_AGE }; /* NocNetConfig.arbitration */

typedef enum NocClass { NOC_CLASS_REQ, NOC_CLASS_MCAST, NOC_CLASS_RESP, NOC_CLASSES } NocClass;

typedef enum NocPktType {
    NOC_PKT_RD_REQ,
    NOC_PKT_WR_REQ,
    NOC_PKT_AT_REQ,
    NOC_PKT_RD_RESP,
    NOC_PKT_WR_ACK,
    NOC_PKT_AT_RESP,
} NocPktType;

/* NOC_CTRL bits (docs/hardware.md#niu) */
#define NOC_CTRL_TYPE_MASK 0x3u
#define NOC_CTRL_TYPE_RD 0u
#define NOC_CTRL_TYPE_AT 1u
#define NOC_CTRL_TYPE_WR 2u
#define NOC_CTRL_WR_BE (1u << 2)
#define NOC_CTRL_WR_INLINE (1u << 3)
#define NOC_CTRL_RESP_MARKED (1u << 4)
#define NOC_CTRL_BRCST (1u << 5)
#define NOC_CTRL_VC_LINKED (1u << 6)
#define NOC_CTRL_VC_STATIC (1u << 7)
#define NOC_CTRL_PATH_RESERVE (1u << 8)
#define NOC_CTRL_BRCST_XY (1u << 16)
#define NOC_CTRL_BRCST_SRC_INCLUDE (1u << 17)
#define NOC_TAG_TID_SHIFT 10
#define NOC_TAG_TID_MASK 0xFu
#define NOC_AT_OP_INCR 1u
#define NOC_AT_OP_CAS 4u

/* Register indices generated from noc_niu_regs.def. */
typedef enum NocCmdReg {
#define NOC_CMD_REG(name, off, acc, doc) NOC_R_##name,
#include "model/noc/noc_niu_regs.def"
#undef NOC_CMD_REG
    NOC_CMD_REGS
} NocCmdReg;
typedef enum NocCfgReg {
#define NOC_CFG_REG(name, off, doc) NOC_CFG_##name,
#include "model/noc/noc_niu_regs.def"
#undef NOC_CFG_REG
    NOC_CFG_NAMED
} NocCfgReg;
typedef enum NocCounter {
#define NOC_COUNTER(name, idx) NOC_CNT_##name = idx,
#include "model/noc/noc_niu_regs.def"
#undef NOC_COUNTER
} NocCounter;

/* Scalar parameters: name, default, min, max, meaning. This is their only declaration: the
 * platform makes each the configuration key "noc.<name>" with this default, range and text
 * (platform/params.def, BH_PARAM_BLOCK); noc_net_config_check adds the rules across fields.
 * The latency ranges are this model's (any latency >= 1 works; 1000 bounds the link pipes). */
#define NOC_PARAMS(X)                                                                              \
    X(router_latency_cycles, 9, 1, 1000,                                                           \
      "cycles from a flit leaving one router to it being eligible at the next (ISA doc: 9)")       \
    X(niu_to_router_cycles, 5, 1, 1000,                                                            \
      "cycles from a flit leaving the NIU to it being eligible at its router (ISA doc: ~5)")       \
    X(router_to_niu_cycles, 5, 1, 1000,                                                            \
      "cycles from a flit leaving the router to it arriving at the NIU (ISA doc: ~5)")             \
    X(vc_buffer_flits, 20, 1, 255,                                                                 \
      "input buffer depth per virtual channel, in flits (not published; default sustains 1 "       \
      "flit/cycle on one VC across a 9-cycle hop with credits returning over the same wire)")      \
    X(request_vcs, 4, 1, 8,                                                                        \
      "unicast request VCs per dateline half (hardware: classes 00/01 x buddy bit = 4)")           \
    X(multicast_vcs, 2, 1, 8,                                                                      \
      "multicast request VCs per dateline half (hardware: class 10 x buddy bit = 2)")              \
    X(response_vcs, 2, 1, 8,                                                                       \
      "response VCs per dateline half (hardware: class 11 x buddy bit = 2)")                       \
    X(niu_response_slots, 8, 1, 1024,                                                              \
      "responses (read data, acks) an NIU can hold before it stops accepting requests")            \
    X(max_packet_bytes, 16384, 16, 256 * NOC_FLIT_MAX_BYTES,                                       \
      "largest payload of one packet, a multiple of noc.flit_bytes of at most 256 flits; longer "  \
      "requests are split by the NIU (hardware: 256 data flits)")                                  \
    X(flit_bytes, 64, 16, NOC_FLIT_MAX_BYTES,                                                      \
      "payload bytes per flit: 16, 32 or 64 (Blackhole 64, Wormhole 32)")                          \
    X(port_slots, 8, 1, NOC_PORT_MAX_SLOTS,                                                        \
      "requests an NIU's request port holds for hardware masters (PCIe, ARC ...) besides the 4 "   \
      "command buffers' own; more are refused until one completes (not published)")                \
    X(niu_outstanding_reads, 0, 0, 4096,                                                           \
      "read packets an NIU may have waiting for their data, from first-hop VC to the response's "  \
      "last flit; the queue's head waits at the limit. 0: no limit. No hardware limit is "         \
      "documented (NoC/Counters.md: the 8-bit per-ID counters only overflow if software keeps "    \
      "too many outstanding): a what-if knob")                                                     \
    X(niu_outstanding_acks, 0, 0, 4096,                                                            \
      "acknowledgements (non-posted writes, one per multicast receiver) an NIU may be owed "       \
      "before its request queue's head waits; 0: no limit (none documented, as for reads)")        \
    X(vc_assign_interval_cycles, 1, 1, 1000,                                                       \
      "cycles between two first-hop VC assignments at an NIU, so between two requests leaving "    \
      "its command buffers (not published; 1: one per cycle, as a 1-flit request leaves at the "   \
      "injection link's one flit per cycle)")                                                      \
    X(read_request_interval_cycles, 35, 1, 1000,                                                   \
      "cycles between two read requests leaving one NIU: its read-request path sets up the "       \
      "tracking of each read's response before the next read is taken, so a read's command "       \
      "buffer reads busy that long. Calibrated: not published; 35 reproduces tt-metal's One "      \
      "from One 256 x 64 B (perf_plots/blackhole/One from One Packet Sizes.md: a read every 36.2 " \
      "cycles, where the alike write kernel issues one every 25.4); assumes the cost is the "      \
      "NIU's, per read request, whoever issues it")                                                \
    X(write_request_interval_cycles, 23, 1, 1000,                                                  \
      "cycles between two writes (unicast or multicast, not atomics) leaving one NIU from its "    \
      "command buffers: the buffer's write path before it takes the next. Calibrated: not "        \
      "published; 23 reproduces tt-metal's One to One 256 x 64 B (perf_plots/blackhole/One to "    \
      "One Packet Sizes.md: a write every 25.4 cycles, where bhsim's RISC-V issues one every "     \
      "22.3); assumes the cost is the command buffer's, so hardware masters' writes (the PCIe "    \
      "tile's, for the host) are not paced by it")                                                 \
    X(target_one_per_vc, 1, 0, 1,                                                                  \
      "1: a target NIU acts on one request per ejection VC at a time, the next on that VC waits "  \
      "until the previous one's response has left (tt-isa-documentation WormholeB0/NoC/"           \
      "Ordering.md: up to 12 request packets at once, one per VC); 0: only noc.niu_response_"      \
      "slots bounds it")                                                                           \
    X(mcast_grant_hop_cycles, 9, 1, 1000,                                                          \
      "path reservation: cycles per router hop for a leaf's grant to travel back to the sender "   \
      "(not published; assumption: a flit hop's 9 cycles, plus the NIU-router latencies)")         \
    X(mcast_reserve_holds_queue, 1, 0, 1,                                                          \
      "1: a path-reserving multicast holds its NIU's request queue until its grant is back "       \
      "(assumption: the reservation is part of first-hop VC assignment, which serves the queue's " \
      "head only, NoC/MemoryMap.md NOC_CMD_CTRL); 0: later requests may start meanwhile")          \
    X(mcast_reserve_after_data, 1, 0, 1,                                                           \
      "1: a path-reserving multicast sends its header only once the NIU's previous multicast has " \
      "sent its last data flit, so each unlinked packet reserves its path and then sends its "     \
      "data, in series (assumption: a router holds one reserved multicast path per output; "       \
      "what tt-metal's unlinked multicast plots show, perf_plots/blackhole/One to All Multicast "  \
      "5x5 and 11x10 Packet Sizes without Loopback.md: a 16 KiB packet takes a 64-B "              \
      "transaction's time plus its data's); 0: the next reservation overlaps the previous "        \
      "packet's data on the other multicast VC")                                                   \
    X(translation, 0, 0, 1,                                                                        \
      "1: every NIU translates coordinates as Blackhole firmware sets it up at boot (NIU_CFG_0 "   \
      "bit 14, the tables of model/chip/bh_xlate.h: DRAM at (17-18, 12-23), PCIe (19, 24), "       \
      "Ethernet (20-31, 25), harvested Tensix columns last; tt-umd and tt-metal address tiles "    \
      "so; "                                                                                       \
      "libbhsim turns it on); 0: software writes raw NoC coordinates, as bhsim's own kernels and " \
      "host programs do")                                                                          \
    X(route_swap, 0, 0, 1,                                                                         \
      "what-if: 1 swaps each NoC's unicast dimension order (NoC0 then routes Y before X, NoC1 X "  \
      "before Y); 0 as the hardware (NOC_NODE_ID bit 28: NoC0 X first, NoC1 Y first)")             \
    X(arbitration, 0, 0, 1,                                                                        \
      "router switch allocation: 0 round robin (default), 1 age (the oldest packet, by the cycle " \
      "it got its first-hop VC, wins; ties round robin). ARB_PRIORITY is not modeled")             \
    X(local_l1_timed, 1, 0, 1,                                                                     \
      "1: a Tensix tile's NIU reads the data of the writes it sends from its own L1 as timed "     \
      "requests (one per flit, taking an L1 port and bank like any client; a flit leaves once "    \
      "its read has completed), and writes the data of the read responses it receives as timed "   \
      "requests (a flit the L1 does not take waits in the ejection buffer; the read completes "    \
      "when the last write has); 0: both take no L1 time (the what-if of an NIU with free access " \
      "to its own L1)")

typedef struct NocNetConfig {
    uint32_t topology; /* BhTopology */
    uint32_t w, h;     /* routers per row / column */
    uint32_t noc_id;   /* 0 or 1: NOC_NODE_ID and ENDPOINT_ID fields */
    uint32_t y_first;  /* unicast routes Y before X (Blackhole NoC1) */
#define NOC_X_FIELD(name, def, lo, hi, doc) uint32_t name;
    NOC_PARAMS(NOC_X_FIELD)
#undef NOC_X_FIELD
} NocNetConfig;

/* VCs per dateline half of a class (NocClass): request_vcs, multicast_vcs or response_vcs. */
uint32_t noc_class_vcs(const NocNetConfig *c, uint32_t cls);

/* What a timed memory access belongs to, for a memory that treats a packet's accesses as
 * one (the PCIe tile sends a NoC read of host memory up the link as one read, and a write's
 * flits as whole TLPs). One access is one flit of a packet. */
typedef struct NocMemAccess {
    uint64_t token; /* for noc_net_mem_done; noc_mem_token_noc() names the network whose NIU waits
                       (the memory may serve both) */
    uint64_t pkt_addr;   /* the packet's first byte at this memory */
    uint32_t pkt_bytes;  /* the packet's payload */
    uint32_t flit_bytes; /* of this NoC: access i of the packet is at pkt_addr + i * flit_bytes */
    uint8_t acked;       /* write: an acknowledgement waits for the packet's accesses */
    uint8_t last;        /* the packet's last data flit */
    uint8_t timing_only; /* a write with no byte enabled: it takes the port and bank time of a
                            read-modify-write while the NIU applies the data itself (an atomic, an
                            inline or byte-enable write, an atomic's response landing) */
} NocMemAccess;

/* The network a memory access token belongs to: a memory serving both NoCs of a tile hands
 * each completion back to that network's noc_net_mem_done. */
static inline uint32_t noc_mem_token_noc(uint64_t token)
{
    return (uint32_t)(token >> 32);
}

/* The network's flit counters (bh_stats.h): field, report key, kind, text */
#define NOC_NET_FLIT_STATS(X)                                                                      \
    X(flits_injected, "injected", COUNT, "flits that left an NIU")                                 \
    X(flits_forked, "forked", COUNT, "extra copies made by multicast forks")                       \
    X(flits_ejected, "ejected", COUNT, "flits consumed by an NIU")                                 \
    X(flits_sunk, "sunk_at_branch_ends", COUNT,                                                    \
      "multicast flits ending at a branch with no receiver")
extern const BhStatTable noc_net_flit_stat_table;

typedef struct NocMemOps {
    /* functional access, no time: the data of every flit */
    BhStatus (*read)(void *ctx, uint64_t addr, void *buf, uint32_t len);
    BhStatus (*write)(void *ctx, uint64_t addr, const void *buf, uint32_t len);
    /* timed access for nodes marked with noc_net_set_timed_memory (DRAM endpoints, L1, the
     * PCIe tile): issue a read, or a write carrying wdata; BH_ERR_FULL means "not now, retry".
     * The memory calls noc_net_mem_done(acc->token) when the access completes; acc lives only
     * for the call. NULL if no node is timed. */
    BhStatus (*request)(void *ctx, int is_write, uint64_t addr, uint32_t len, const void *wdata,
                        const NocMemAccess *acc);
} NocMemOps;

/* Called when a transfer's data has fully landed at `node` (write data at its target, read
 * data back at the requester, an atomic's response): for workload statistics. */
/* Observation only (a timeline): a request got its first-hop VC (ISSUE; `count` is how many
 * deliveries it will have, its multicast receivers or 1); its data, atomic or read request was
 * taken at a target (DELIVER); a response to it landed at its requester (DONE: each
 * acknowledgement, atomic response or read response). The observer sees the transfer, not the
 * packet; nothing simulated reads it back. */
typedef enum NocObserved { NOC_OBS_ISSUE, NOC_OBS_DELIVER, NOC_OBS_DONE } NocObserved;
typedef enum NocObservedKind {
    NOC_XFER_READ,
    NOC_XFER_WRITE,
    NOC_XFER_INLINE_WRITE,
    NOC_XFER_ATOMIC
} NocObservedKind;
typedef struct NocTransferView {
    uint32_t id;   /* from 1, per network */
    uint8_t kind;  /* NocObservedKind */
    uint8_t mcast; /* rect is its rectangle (start x, y, end x, y in the NoC's frame) */
    uint8_t acked; /* a write or atomic waits for its responses */
    uint8_t rect[4];
    uint32_t len;      /* payload bytes */
    uint32_t src, dst; /* the requester's node; the target's (unicast) */
} NocTransferView;
typedef void (*NocObserveFn)(void *ctx, const NocTransferView *t, NocObserved what, uint32_t node,
                             uint32_t count);
typedef void (*NocDeliveryFn)(void *ctx, uint32_t node, uint64_t tag, uint32_t data_flits,
                              uint64_t now);

typedef struct NocPacket {
    uint8_t type;         /* NocPktType */
    uint8_t cls;          /* NocClass */
    uint8_t tid;          /* transaction id of the initiating request */
    uint8_t posted;       /* no acknowledgement expected */
    uint8_t mcast;        /* multicast request */
    uint8_t y_major;      /* multicast tree: Y major */
    uint8_t src_include;  /* multicast: the sender receives too */
    uint8_t reserve;      /* multicast with path reservation */
    uint8_t inline_wr;    /* write carrying AT_DATA in the header */
    uint8_t byte_enable;  /* write with a 64-bit byte mask */
    uint8_t linked;       /* VC_LINKED: more packets of the transaction follow on its VCs */
    uint8_t ej_vc;        /* response: the target's ejection VC it frees, 0xFF if none */
    uint16_t nflits;      /* header + data flits */
    uint32_t src, dst;    /* nodes; dst unused for multicast */
    uint32_t resp_node;   /* where the acknowledgement / response goes */
    uint32_t origin;      /* NIU that made the request (responses: of their request) */
    uint32_t len;         /* payload bytes */
    uint64_t rd_addr;     /* data source address (at src for writes, at dst for reads) */
    uint64_t wr_addr;     /* data destination address */
    uint64_t ret_addr;    /* atomics: where the old value is written at resp_node */
    uint64_t be_mask;     /* byte enables: byte_enable writes, inline writes */
    uint32_t at_data;     /* inline write value, atomic operand, atomic response value */
    NocAtomic at;         /* atomics: the operation */
    uint8_t rect[4];      /* multicast start x, start y, end x, end y */
    uint8_t trunk[2];     /* multicast: trunk column / row (see noc_route.c) */
    uint8_t span[2];      /* multicast: farthest wanted column / row offset along the trunk */
    uint16_t mem_needed;  /* timed memory: accesses this response waits for */
    uint16_t mem_done;    /* ... and those completed so far */
    uint16_t mem_issued;  /* a write read from timed local L1: its reads issued so far */
    uint16_t land_needed; /* a read response landing in timed local L1: writes issued ... */
    uint16_t land_done;   /* ... and completed; its tail's counts wait for the last */
    uint8_t land_tail;    /* its tail was consumed before every write had completed */
    int32_t copies;       /* tails still travelling (multicast forks add) */
    int32_t head_copies;  /* headers still travelling (path reservation) */
    uint64_t tag;         /* workload tag (creation cycle), BH_IDLE if none */
    uint64_t born;        /* cycle it got its first-hop VC (age arbitration) */
    uint32_t trace_id;    /* observed transfers (noc_net_set_observer): its number, from 1;
                             responses carry their request's */
    uint64_t grant_at;    /* path reservation: cycle the last grant is back at the sender */
    uint32_t done_ref;    /* request record waiting for it (index in NocNet.port_store),
                             NOC_NONE if none (responses inherit their request's) */
    uint32_t next_free;   /* free-list link */
} NocPacket;

/* A flit as it moves between buffers and links. Its payload stays in one slot of
 * NocNet.flit_data from injection to its last ejection, so a hop copies 12 bytes, not 72. */
typedef struct NocFlit {
    uint32_t pkt;  /* NocPacket index */
    uint32_t data; /* payload slot (noc_link.h), NOC_NONE for a header */
    uint16_t seq;  /* 0 = header */
    uint8_t vc;    /* VC on the link being crossed / buffer it sits in */
    uint8_t tail;  /* last flit of the packet */
} NocFlit;

/* One input VC: a FIFO of flits and the state of the packet at its front. */
typedef struct NocInVc {
    uint32_t buf;         /* its FIFO's first slot in NocNet.flits (ej_flits for an NIU) */
    uint32_t ready;       /* router: low 32 bits of the cycle its front flit could first move
                             (it arrived in the empty VC, or the flit before it left the cycle
                             before); a flit's wait is the cycle it leaves minus this */
    uint16_t rd, n;       /* FIFO read index and occupancy */
    uint8_t routed;       /* front packet's route computed */
    uint8_t held;         /* a linked packet passed: its output VCs stay granted */
    uint8_t out_mask;     /* outputs the front packet takes (several for multicast) */
    uint8_t granted_mask; /* outputs where a downstream VC is held */
    uint8_t sent_mask;    /* outputs that already took the front flit */
    uint8_t out_vc[NOC_PORTS];
} NocInVc;

typedef struct NocOutPort {
    uint8_t credits[NOC_MAX_VCS]; /* free slots in the downstream VC buffers */
    uint32_t vc_owned;            /* downstream VCs held by a packet until its tail passes */
    uint16_t sw_rr;               /* switch allocation round-robin pointer */
    uint8_t vc_rr;                /* VC allocation round-robin pointer */
    uint32_t link;                /* link this port drives, NOC_NONE if absent */
} NocOutPort;

/* Waits at a link (observation only, noc_link_waited): a flit at the front of a router's
 * input VC waits for this link from the cycle it could first move until it crosses it (for an
 * output VC, a credit, or the switch: its input port's other VCs or the link's other inputs),
 * counted when it crosses, on the VC it crosses on. A flow is the (source node, target) of
 * the packet whose flit waited (noc_flow_key); each link keeps NOC_LINK_TOP_FLOWS of them by
 * weighted space-saving: a flow present adds its wait, else it takes the entry with the
 * fewest cycles (a free one has 0) and adds its wait to that entry's count. So the entries
 * always sum to the link's cycles, and are exact per flow when the link saw at most
 * NOC_LINK_TOP_FLOWS waiting flows; beyond, an entry's cycles overestimate its flow's by at
 * most what it inherited, and a flow with more than the link's cycles / NOC_LINK_TOP_FLOWS is
 * always listed. */
#define NOC_LINK_TOP_FLOWS 4
#define NOC_FLOW_MCAST 0xFFFFu /* noc_flow_key target field of a multicast packet */
typedef struct NocFlowWait {
    uint64_t flow;   /* noc_flow_key */
    uint64_t cycles; /* 0: a free entry */
} NocFlowWait;
typedef struct NocLinkWaits {
    uint64_t cycles; /* all VCs (NocNet.vc_waits per VC) */
    NocFlowWait top[NOC_LINK_TOP_FLOWS];
} NocLinkWaits;

typedef struct NocLink {
    uint64_t due; /* earliest arrival of a flit or a credit in flight, BH_IDLE if none: the
                     step visits a listed link's pipes only when something is due */
    uint32_t src_node, dst_node;
    uint8_t src_port;   /* router output port, or NOC_PORTS for the NIU */
    uint8_t dst_port;   /* router input port, or NOC_PORTS for the NIU */
    uint8_t wrap;       /* crosses the dateline */
    uint8_t busy;       /* carried a flit in the last stepped cycle (traced) */
    uint32_t latency;   /* cycles */
    uint32_t pipe_base; /* first slot in NocNet.pipe / pipe_at */
    uint16_t pipe_cap, pipe_rd, pipe_n;
    uint16_t cred_rd, cred_n;
    uint32_t cred_base;    /* first slot in NocNet.cred_vc / cred_at */
    uint32_t active_pos;   /* index in NocNet.active_links, NOC_NONE if not listed */
    uint64_t flits;        /* flits carried since reset (traced, reported) */
    uint64_t window_flits; /* flits carried in the measurement window */
} NocLink;

/* Per input port, besides nonempty, three VC masks let a router cycle visit only the VCs that
 * may act (noc_router.c). A VC outside a mask would do nothing in that stage; one inside it
 * needlessly only costs a look, so the masks may be supersets:
 *   alloc  VCs whose front packet has no route yet, or lacks an output VC and may get one: a
 *          VC that found every VC of its class held on all the outputs it lacks leaves alloc
 *          for vc_wait of those outputs, until one of their VCs is freed;
 *   cand   VCs whose front flit may move now: a VC leaves it when it finds no granted output
 *          with a credit, and comes back when that can change (a flit arrives in it empty, it
 *          pops, it gets an output VC, a credit returns for a downstream VC it holds: owner
 *          says which input VC was last granted each);
 *   sink   exactly the VCs whose routed packet ends here with no output (multicast branch
 *          ends), drained one flit per cycle. */
typedef struct NocRouter {
    uint32_t buffered; /* flits held in all input VCs */
    uint8_t stalled;   /* the last step found no VC in a mask (nothing could act); only a flit
                          arriving or a credit that sets a cand bit can change that, and
                          clears it */
    uint32_t nonempty[NOC_PORTS]; /* per input port: VCs holding flits */
    uint32_t alloc[NOC_PORTS];    /* per input port: see above */
    uint32_t cand[NOC_PORTS];
    uint32_t sink[NOC_PORTS];
    uint32_t vc_wait[NOC_PORTS][NOC_PORTS]; /* per output, per input port: VCs parked above */
    uint32_t active_pos; /* index in NocNet.active_nodes, NOC_NONE if not listed */
    uint8_t owner[NOC_PORTS][NOC_MAX_VCS]; /* per output and downstream VC: input port * 32 + VC
                                              last granted it */
    NocInVc in[NOC_PORTS][NOC_MAX_VCS];
    NocOutPort out[NOC_PORTS];
    uint32_t in_link[NOC_PORTS]; /* link feeding each input port, NOC_NONE if absent */
    uint8_t in_rr[NOC_PORTS];    /* per input port: VC last sent (switch allocation) */
} NocRouter;

typedef struct NocCmdBuf {
    uint32_t regs[NOC_CMD_REGS];
    uint64_t tag; /* tag for the next CMD_CTRL write's request (BH_IDLE if none) */
} NocCmdBuf;

typedef struct NocNiu {
    /* what noc_niu_step and the step's idle check read for every active node, first */
    uint8_t port_q_n;  /* records in port_q */
    uint16_t resp_n;   /* responses in resp_q */
    uint16_t job_n;    /* jobs in job_pkt */
    uint32_t inj_busy; /* VCs with a packet streaming */
    uint32_t ej_nonempty;
    NocCmdBuf cmd[NOC_CMD_BUFS];
    uint8_t port_q[NOC_PORT_RECS]; /* request records waiting for a first-hop VC, in order */
    uint8_t link_vc;               /* first-hop VC of the open linked transaction, 0xFF if none */
    uint32_t resv_pkt;    /* reserving multicast whose grant is not back, NOC_NONE if none */
    uint64_t next_assign; /* first cycle the next first-hop VC may be assigned */
    uint64_t next_read;   /* first cycle the next read request may get its first-hop VC */
    uint64_t next_write;  /* the same for the next write from a command buffer */
    uint32_t reads_out;   /* read packets waiting for their data */
    uint32_t acks_out;    /* acknowledgements owed */
    uint32_t ej_acting;   /* ejection VCs whose request is still being acted upon */
    uint32_t counters[NOC_COUNTERS];
    uint32_t cfg[NOC_CFG_REGS]; /* by offset: cfg[i] is the register at 0x100 + 4 i */
    NocXlate xlate;             /* the translation registers decoded (NIU_CFG_0 bit 14) */
    uint32_t outstanding;       /* sum of MST_REQS_OUTSTANDING_ID (traced) */
    uint32_t node_id, endpoint_id;
    uint8_t mcast_receiver; /* takes part in multicast (Tensix, not harvested) */
    uint8_t accepts_traffic;
    /* injection: an output port towards the router's LOCAL input */
    NocOutPort inj;
    uint32_t inj_pkt[NOC_MAX_VCS]; /* packet streaming on each first-hop VC */
    uint16_t inj_seq[NOC_MAX_VCS]; /* next flit of that packet */
    uint16_t inj_rr;
    uint32_t *resp_q; /* responses waiting for a VC (ring of niu_response_slots) */
    uint16_t resp_rd;
    uint16_t resp_held; /* slots held: queued + streaming + promised */
    /* timed memory (DRAM endpoints): reads still to issue, one access per flit */
    uint8_t timed_mem;
    uint8_t local_timed;              /* the data of writes it sends is read from timed memory */
    uint32_t *job_pkt;                /* ring of niu_response_slots: response packets */
    uint16_t job_rd, job_next;        /* ring state; next flit of the oldest job */
    uint32_t ej_ack[NOC_MAX_VCS];     /* per ejection VC: acknowledgement awaiting its writes */
    uint32_t gate_pending, gate_done; /* per ejection VC: its head flit's L1 access (gated) */
    /* ejection: input VCs fed by the router's LOCAL output */
    NocInVc ej[NOC_MAX_VCS];
    uint16_t ej_rr;
    uint32_t link_in, link_out;
    uint32_t active_pos;
    void *mem_ctx;
    /* called whenever a register software can read changes (counters, command-buffer state,
     * a register write), if set: a core sleeping on a poll of this NIU watches it */
    void (*watch)(void *ctx);
    void *watch_ctx;
    NocPortRec *port; /* NOC_CMD_BUFS + port_slots request records: buffers, then masters */
} NocNiu;

typedef struct NocNet {
    NocNetConfig cfg;
    uint32_t n_nodes, nports, nvcs, vc_half;
    uint32_t class_base[NOC_CLASSES];
    NocRouter *routers;
    NocNiu *nius;
    NocLink *links;
    uint32_t n_links;
    NocFlit *flits;    /* router input buffers: [node][port][vc][depth] */
    NocFlit *ej_flits; /* NIU ejection buffers: [node][vc][depth] */
    NocFlit *pipe;     /* flits in flight on links */
    /* payload slots of data flits, flit_bytes each; a slot is shared by a multicast flit's
     * copies (data_refs counts them) and returns to the free list with its last copy */
    uint8_t *flit_data;
    uint32_t *data_refs; /* live copies per slot; free-list link while free */
    uint32_t free_data;  /* free list of used slots, NOC_NONE if empty */
    uint32_t data_fresh; /* slots below this have been used */
    uint32_t n_data;
    uint64_t *pipe_at; /* arrival cycle per in-flight flit */
    uint8_t *cred_vc;  /* credits in flight */
    uint64_t *cred_at;
    uint32_t *resp_q_store;
    uint32_t *job_store;
    NocPortRec *port_store; /* every NIU's request records, NIU by NIU */
    NocPacket *pkts;
    uint32_t n_pkts, free_pkt, pkts_live;
    uint32_t pkt_fresh;     /* packets below this have been used */
    uint32_t *active_nodes; /* routers or NIUs with work */
    uint32_t n_active_nodes;
    uint32_t *active_links;
    uint32_t n_active_links;
    NocMemOps mem;
    BhLogContext *log; /* the chip's */
    NocDeliveryFn on_delivery;
    NocObserveFn observe; /* noc_net_set_observer */
    void *observe_ctx;
    uint32_t trace_seq;
    void *delivery_ctx;
    uint64_t now;             /* cycle of the last step */
    uint64_t last_progress;   /* last cycle a flit moved */
    uint8_t trace_busy;       /* keep link busy flags exact for VCD */
    NocLinkWaits *link_waits; /* per link (NocLink stays one cache line) */
    uint64_t *vc_waits;       /* per link and VC: [link * nvcs + vc] */
    /* statistics */
    BH_STAT_FIELDS(NOC_NET_FLIT_STATS)
    uint64_t packets_created, packets_freed;
    uint64_t stall_cycles_full; /* NIU cycles with a request refused for lack of response slots */
    uint64_t guest_errors;
} NocNet;

NocNetConfig noc_net_config_default(void);
BhStatus noc_net_config_check(const NocNetConfig *cfg, char *why, size_t why_len);
/* Allocates everything the network will ever use; nothing is allocated afterwards. */
BhStatus noc_net_init(NocNet *n, const NocNetConfig *cfg, const NocMemOps *mem, BhLogContext *log);
void noc_net_destroy(NocNet *n);
void noc_net_set_node(NocNet *n, uint32_t node, void *mem_ctx, uint32_t endpoint_id,
                      int mcast_receiver);
void noc_net_set_delivery(NocNet *n, NocDeliveryFn fn, void *ctx);
void noc_net_set_observer(NocNet *n, NocObserveFn fn, void *ctx);
/* The node's memory is timed: reads and writes also go through NocMemOps.request, responses
 * wait for their accesses, write acknowledgements for the writes to complete. */
/* the NIU of node calls fn(ctx) when a readable register changes (NULL: nobody watches) */
void noc_net_set_niu_watch(NocNet *n, uint32_t node, void (*fn)(void *ctx), void *ctx);
/* What firmware does at boot: writes node's translation registers, sets NIU_CFG_0 bit 14 if
 * `enable`, and NOC_ID_LOGICAL to the node's translated coordinates (tx, ty). */
void noc_net_set_xlate(NocNet *n, uint32_t node, const NocXlateRegs *r, int enable, uint32_t tx,
                       uint32_t ty);
/* (x, y) as node's NIU turns the coordinates software wrote into raw ones: translated when its
 * NIU_CFG_0 bit 14 is set, else unchanged. Returns whether translation is on. */
int noc_niu_translate(const NocNet *n, uint32_t node, uint32_t *x, uint32_t *y);
static inline void noc_niu_changed(const NocNiu *u)
{
    if (u->watch)
        u->watch(u->watch_ctx);
}
void noc_net_set_timed_memory(NocNet *n, uint32_t node, int timed);
/* The node's NIU reads the data of the writes it sends through NocMemOps.request, a timed
 * read per data flit, each flit leaving once its read has completed (noc.local_l1_timed: the
 * platform sets it on Tensix tiles); its memory must be timed (noc_net_set_timed_memory). */
void noc_net_set_local_timed(NocNet *n, uint32_t node, int timed);
/* A timed access issued with `token` has completed (called by the memory's shell). Bits
 * 63:32 of a token give the NoC whose NIU issued it (one memory serves both NoCs). */
void noc_net_mem_done(NocNet *n, uint32_t node, uint64_t token);
uint64_t noc_net_step(NocNet *n, uint64_t now);
int noc_net_quiescent(const NocNet *n); /* no flit, packet or command anywhere */
void noc_net_reset_window(NocNet *n);   /* restart per-link window counters */
/* Appends a description of what blocks the network (for deadlock reports). */
size_t noc_net_describe_blocked(const NocNet *n, char *buf, size_t len);

/* NIU register access, offsets from NIU_BASE. debug: no side effects. */
BhStatus noc_niu_mmio_read(NocNet *n, uint32_t node, uint32_t off, uint32_t *val, int debug);
/* NIU registers take aligned 32-bit accesses, whoever the master is */
#define NOC_NIU_REG_BYTES 4u
/* The NIU register file as a region (bh_region.h): one aligned 32-bit word per access, whoever
 * the master is; the PCIe tile's BAR0 window and the tile map take the rule from here. */
extern const BhRegionOps noc_niu_regs_region;
/* One access of len bytes to node's NIU registers by any master (a tile's RISC-V cores, a
 * workload, the PCIe tile's BAR0 window), through noc_niu_regs_region. BH_ERR_WIDTH: len is not
 * NOC_NIU_REG_BYTES or off not a multiple of it; BH_ERR_ACCESS: a debug write (it would have
 * side effects); else as noc_niu_mmio_read / _write. After a write the caller wakes the
 * network's step, as a write may have issued a command. */
BhStatus noc_niu_reg_access(NocNet *n, uint32_t node, uint32_t off, uint32_t len, int write,
                            uint32_t *val, int debug, uint64_t now);
BhStatus noc_niu_mmio_write(NocNet *n, uint32_t node, uint32_t off, uint32_t val, uint64_t now);
/* Attaches a workload tag to the next command of buffer `buf` (before its CMD_CTRL write). */
void noc_niu_tag_command(NocNet *n, uint32_t node, uint32_t buf, uint64_t tag);
/* (the request port's public entry, noc_niu_port_request, is declared in noc_niu_port.h) */
uint32_t noc_niu_reg_offset(NocCmdReg r);
/* name of status counter idx (per-ID counters without their ID suffix) */
const char *noc_niu_counter_name(uint32_t idx);

/* Routing (noc_route.c), pure functions of position, used by routers and tests. */
NocPort noc_route_unicast(const NocNetConfig *cfg, uint32_t x, uint32_t y, uint32_t dx,
                          uint32_t dy);
void noc_route_mcast_prepare(const NocNetConfig *cfg, NocPacket *p);
uint32_t noc_route_mcast(const NocNet *n, uint32_t node, const NocPacket *p);
/* Path reservation: the header of p has reached a leaf at `node` at cycle now. */
void noc_mcast_leaf_reached(NocNet *n, NocPacket *p, uint32_t node, uint64_t now);
int noc_link_is_wrap(const NocNetConfig *cfg, uint32_t x, uint32_t y, NocPort out);
int noc_rect_contains(const NocNetConfig *cfg, const uint8_t rect[4], uint32_t x, uint32_t y);

/* Internal, shared between noc_net.c, noc_router.c and noc_niu.c. */
void noc_router_step(NocNet *n, uint32_t node, uint64_t now);
void noc_niu_step(NocNet *n, uint32_t node, uint64_t now);
/* A token bit: the access is a read response's data landing in its requester's timed L1 */
#define NOC_MEM_TOKEN_LAND (1u << 31)
/* A token bit: the access is the L1 time of the flit at the head of ejection VC (token & 31),
 * which waits for it (noc_niu_xfer.c, gated) */
#define NOC_MEM_TOKEN_GATE (1u << 30)
/* The last landing write of read response k has completed at its requester `node`: the
 * response counts as received (counters, the request's completion) and the packet ends. */
void noc_niu_read_landed(NocNet *n, uint32_t node, uint32_t k, uint64_t now);
/* tells the observer (if any) of packet p's transfer */
void noc_observe(NocNet *n, const NocPacket *p, NocObserved what, uint32_t node, uint32_t count);
/* The request port (noc_niu_port.c): queue a checked request in record `rec`; give the head
 * request its next first-hop VC; count a part sent / a response landed for record `ref`. */
void noc_niu_port_admit(NocNet *n, uint32_t node, uint32_t rec, const NocRequest *rq, uint64_t now);
void noc_niu_port_start(NocNet *n, uint32_t node, uint64_t now);
void noc_niu_port_event(NocNet *n, uint32_t ref, int part_sent, uint64_t now);
void noc_niu_count(NocNiu *u, uint32_t idx, uint32_t by);
void noc_niu_uncount_id(NocNiu *u, uint32_t idx);
void noc_link_send(NocNet *n, uint32_t link, const NocFlit *f, uint64_t now);
/* A flit of packet pkt crossed link li on VC vc after waiting `cycles` (> 0) for it. */
void noc_link_waited(NocNet *n, uint32_t li, uint32_t vc, uint32_t pkt, uint32_t cycles);
/* The flow of packet p: source node in bits 0-15, target node in bits 16-31 (NOC_FLOW_MCAST
 * for a multicast, whose rectangle, NocPacket.rect, is in bits 32-63). */
static inline uint64_t noc_flow_key(const NocPacket *p)
{
    if (p->mcast)
        return p->src | (uint64_t)NOC_FLOW_MCAST << 16 |
               (uint64_t)(p->rect[0] | p->rect[1] << 8 | p->rect[2] << 16 |
                          (uint32_t)p->rect[3] << 24)
                   << 32;
    return p->src | (uint64_t)p->dst << 16;
}
/* (noc_link_slot, noc_link_send without the copy, and noc_link_credit: noc_link.h) */
void noc_net_activate(NocNet *n, uint32_t node);
uint32_t noc_pkt_alloc(NocNet *n);
void noc_pkt_release(NocNet *n, uint32_t pkt);
uint32_t noc_vc_alloc(NocNet *n, NocOutPort *o, uint32_t cls, uint32_t dateline, int dry_run);
/* x % n for ring indices, which are almost always under 2n: no divide */
static inline uint32_t noc_ring(uint32_t x, uint32_t n)
{
    return x < n ? x : x < 2 * n ? x - n : x % n;
}
/* x % n for x < 2n (a ring index plus at most one lap): one compare */
static inline uint32_t noc_ring1(uint32_t x, uint32_t n)
{
    return x < n ? x : x - n;
}
/* Round robin over a VC mask: its first VC after `last`, wrapping (mask != 0, last < 32). */
static inline uint32_t noc_rr_pick(uint32_t mask, uint32_t last)
{
    uint32_t after = mask & ~((2u << last) - 1u); /* 2u << 31 wraps to 0: nothing after */
    return (uint32_t)__builtin_ctz(after ? after : mask);
}
/* Flit idx (counted from the ring's start, below twice its depth) of an input VC's buffer;
 * inline, as the router and the link delivery look flits up on every hop. */
static inline NocFlit *noc_vc_flit(NocNet *n, const NocInVc *iv, uint32_t idx)
{
    return &n->flits[iv->buf + noc_ring1(idx, n->cfg.vc_buffer_flits)];
}
static inline NocFlit *noc_in_flit(NocNet *n, uint32_t node, uint32_t port, uint32_t vc,
                                   uint32_t idx)
{
    return noc_vc_flit(n, &n->routers[node].in[port][vc], idx);
}
static inline NocFlit *noc_ej_flit(NocNet *n, uint32_t node, uint32_t vc, uint32_t idx)
{
    return &n->ej_flits[n->nius[node].ej[vc].buf + noc_ring1(idx, n->cfg.vc_buffer_flits)];
}
int noc_topology_bidirectional(const NocNetConfig *cfg);
int noc_net_neighbour(const NocNetConfig *cfg, uint32_t node, NocPort port, uint32_t *out);
void noc_guest_error(NocNet *n, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#ifdef __cplusplus
}
#endif
#endif
