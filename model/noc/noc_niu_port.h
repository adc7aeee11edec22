/* model/noc/noc_niu_port.h - the NIU request port: how a master issues a NoC request.
 *
 * Interface (included by noc_net.h, which declares NocNet and NOC_CMD_BUFS):
 *   noc_niu_port_request  a hardware master (PCIe TLB window, ARC, Ethernet, later the baby
 *                         RISC-V cores) issues a NocRequest at its node's NIU, with no
 *                         command-buffer MMIO. The four command buffers are the port's other
 *                         client: a CMD_CTRL write turns the buffer's registers into a
 *                         NocRequest and queues it the same way (noc_niu.c).
 *   NocPortDoneFn         the request's completion callback, called once from noc_net_step:
 *                           read                 when the last data flit of its last part
 *                                                has landed at reply_node (split requests:
 *                                                when every part's has)
 *                           acknowledged write,  when every acknowledgement / response has
 *                           acknowledged atomic  landed (multicast: one per receiver)
 *                           posted write/atomic  when the last flit of its last packet has
 *                                                left the NIU
 *                         status is BH_OK: a failed memory access at the target is a guest
 *                         error logged where it happens and does not reach the requester.
 * Storage: each NIU has NOC_CMD_BUFS + NocNetConfig.port_slots request records, allocated
 *   by noc_net_init (port_slots is checked against NOC_PORT_MAX_SLOTS, which also sizes the
 *   queue); records 0..NOC_CMD_BUFS-1 belong to the command buffers, the rest to hardware
 *   masters. A master's record is held from the request until its completion callback (or,
 *   without a callback, until its last packet has its first-hop VC); no free record means
 *   BH_ERR_FULL and the master retries later. Nothing is allocated after init.
 * Timing: a request made at cycle `now` competes for a first-hop VC from now + 1 (as a
 *   CMD_CTRL write lands at the end of its cycle); a shell making one between steps wakes
 *   the network's step as it does after an MMIO write. A callback may make the next request. All
 * requests of an NIU, from command buffers and masters alike, take first-hop VCs one packet per
 * cycle in the order they were made; a split request (longer than max_packet_bytes) keeps the head
 * until its last part has a VC. Counters move as NoC/Counters.md says, whoever made the request.
 * Not modeled: the TLB windows' own features (strided multicast, ordering modes), which
 *   belong to their masters; masters get no back-pressure other than BH_ERR_FULL.
 */
#ifndef BH_NOC_NIU_PORT_H
#define BH_NOC_NIU_PORT_H
#include <stdint.h>
#include "model/common/bh_common.h"
#ifdef __cplusplus
extern "C" {
#endif

#define NOC_PORT_MAX_SLOTS 16                             /* master records per NIU, at most */
#define NOC_PORT_RECS (NOC_CMD_BUFS + NOC_PORT_MAX_SLOTS) /* queue bound: buffers too */

typedef enum NocReqOp {
    NOC_REQ_READ,         /* len bytes: remote_addr at target -> local_addr at reply_node */
    NOC_REQ_WRITE,        /* len bytes: local_addr at the requester -> remote_addr */
    NOC_REQ_WRITE_BE,     /* one flit: the enabled bytes of the flit-aligned block at
                             local_addr -> the flit-aligned block at remote_addr */
    NOC_REQ_WRITE_INLINE, /* `data` carried in the header flit, no data flit */
    NOC_REQ_ATOMIC,       /* read-modify-write of a 32-bit word in the target's L1 */
    NOC_REQ_OPS
} NocReqOp;

typedef struct NocAtomic {
    uint8_t op;      /* NOC_AT_OP_INCR or NOC_AT_OP_CAS; others (0..15) are not modeled */
    uint8_t word;    /* which 32-bit word of the 16-byte line at remote_addr, 0..3 */
    uint8_t width;   /* increment: adds `data` within the low width + 1 bits, 0..31 */
    uint8_t compare; /* compare-and-swap: the 4-bit value expected ... */
    uint8_t swap;    /* ... and the 4-bit value stored when it matches */
} NocAtomic;

/* ctx and token as given in the request; now is the cycle the request completed. */
typedef void (*NocPortDoneFn)(void *ctx, uint64_t token, BhStatus status, uint64_t now);

typedef struct NocRequest {
    uint8_t op;           /* NocReqOp */
    uint8_t acked;        /* writes and atomics: receivers answer (non-posted); reads always */
    uint8_t tid;          /* transaction ID 0..15: which per-ID counters move */
    uint8_t mcast;        /* writes and atomics: to every multicast receiver in rect */
    uint8_t y_major;      /* multicast tree: Y major (else X major) */
    uint8_t src_include;  /* multicast: the requester receives too if rect holds it */
    uint8_t path_reserve; /* multicast: data leaves once every leaf's grant is back */
    uint8_t linked;       /* VC_LINKED: the next request continues this transaction (same
                             target(s)); its packets keep the VCs of this one's path */
    uint8_t rect[4];      /* multicast: start x, start y, end x, end y; start > end wraps */
    uint32_t target;      /* unicast: node read, written or updated (frame node index) */
    uint32_t reply_node;  /* where read data, acknowledgements and atomic responses go;
                             a hardware master gives its own node */
    uint64_t remote_addr; /* address at the target(s) */
    uint64_t local_addr;  /* read: destination at reply_node; write: source at the
                             requester; atomic: where the old value lands at reply_node */
    uint32_t len;         /* READ, WRITE: bytes (not 0); longer than max_packet_bytes is
                             split into packets as the hardware does */
    uint32_t data;        /* WRITE_INLINE: the value; ATOMIC: the increment */
    uint64_t byte_enable; /* WRITE_BE: bit i enables byte i of the flit; WRITE_INLINE: bits
                             0..15 enable bytes of the 16-byte line at remote_addr, 0 means
                             one 32-bit store at remote_addr */
    NocAtomic atomic;     /* ATOMIC: the operation */
    uint64_t tag;         /* workload tag passed to NocDeliveryFn, BH_IDLE if none */
    NocPortDoneFn done;   /* completion callback, NULL if nobody waits */
    void *done_ctx;
    uint64_t token; /* handed back to done */
} NocRequest;

/* A request record: the request still to be packetised (a split one advances part by part)
 * and what its completion waits for. */
typedef struct NocPortRec {
    NocRequest rq;
    uint64_t issued_at;     /* cycle the request was made; eligible from the next cycle */
    uint32_t parts_unsent;  /* packets whose last flit has not left the NIU yet */
    uint32_t responses_due; /* read responses, acknowledgements, atomic responses to land */
    uint8_t busy;
} NocPortRec;

struct NocNet;
/* A hardware master at `node` issues `rq` (copied) at cycle `now`. BH_OK: queued;
 * BH_ERR_FULL: every master record is held, retry later (nothing changed); BH_ERR_ADDR (a
 * node or rectangle outside the grid) or BH_ERR_ACCESS (any other malformed request: zero
 * length, a multicast read, ...): logged as a guest error, nothing else changes. */
BhStatus noc_niu_port_request(struct NocNet *n, uint32_t node, const NocRequest *rq, uint64_t now);
/* Master records of `node` free now. */
uint32_t noc_niu_port_free(const struct NocNet *n, uint32_t node);

#ifdef __cplusplus
}
#endif
#endif
