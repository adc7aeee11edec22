/* model/workload/noc_traffic.h - synthetic traffic: each injecting node creates transfers by a
 * Bernoulli process and issues them by programming its NIU's command buffers, exactly as
 * a RISC-V core would (register writes, CMD_CTRL, polling CMD_BUF_AVAIL and the per-ID
 * outstanding counters).
 *
 * Interface: NocTrafficIo: 32-bit register reads and writes to the NIU (offsets from
 *   NIU_BASE) of node `node` (index in that NoC's own frame) of NoC `noc`; the platform
 *   sends them through TLM. noc_traffic_delivered() takes the network's delivery reports.
 * Patterns, on the logical grid of the injecting nodes (their distinct columns and rows in
 *   the NoC's frame): uniform (any other injector), transpose (column c, row r sends to
 *   column r mod C, row c mod R), neighbour (next column in the direction of flow),
 *   hotspot (workload.hotspot_fraction to the target, the rest uniform), gather (all to the
 *   target), multicast (one sender writes to a rectangle).
 * Timing: noc_traffic_step(now) creates what is due and issues at most one transfer per
 *   node per cycle; returns the next cycle with work. Back to back (`back_to_back`), a node
 *   creates its next transfer the cycle its queue empties, so it injects as fast as its command
 *   buffers and in-flight limit allow, and latency is the network's alone. A transfer's latency
 * runs from its creation, so time waiting in the node's queue for a free command buffer counts.
 * Offered load is counted in flits of the data-carrying packets (header + data: the write
 *   request, or the read response) per injecting node per cycle; accepted likewise as they
 *   land. Each node queues at most queue_limit transfers; beyond that, creations are counted
 *   as dropped (only past saturation).
 */
#ifndef BH_NOC_TRAFFIC_H
#define BH_NOC_TRAFFIC_H
#include <stddef.h>
#include <stdint.h>
#include "model/chip/noc_frame.h"
#include "model/common/bh_common.h"
#ifdef __cplusplus
extern "C" {
#endif

#define NOC_TRAFFIC_QUEUE 1024
#define NOC_TRAFFIC_NOCS 2
#define NOC_TRAFFIC_MAX_SOURCES 4096
#define NOC_TRAFFIC_TID 1u
#define NOC_LAT_EXACT 4096 /* latencies below this are counted exactly */
#define NOC_LAT_LOG_BUCKETS 512

typedef enum NocPattern {
    NOC_PAT_NONE,
    NOC_PAT_UNIFORM,
    NOC_PAT_TRANSPOSE,
    NOC_PAT_HOTSPOT,
    NOC_PAT_NEIGHBOUR,
    NOC_PAT_GATHER,
    NOC_PAT_MULTICAST,
} NocPattern;

typedef enum NocOp { NOC_OP_WRITE, NOC_OP_POSTED_WRITE, NOC_OP_READ, NOC_OP_ATOMIC } NocOp;

typedef struct NocTrafficIo {
    BhStatus (*write)(void *ctx, uint32_t noc, uint32_t node, uint32_t off, uint32_t val,
                      uint64_t tag);
    BhStatus (*read)(void *ctx, uint32_t noc, uint32_t node, uint32_t off, uint32_t *val);
    void *ctx;
} NocTrafficIo;

typedef struct NocTrafficConfig {
    uint32_t pattern;      /* NocPattern */
    uint32_t op;           /* NocOp */
    double rate;           /* flits per injecting node per cycle, per NoC */
    uint32_t back_to_back; /* ignore rate: create a transfer whenever none is queued */
    uint32_t packet_bytes; /* bytes per transfer */
    uint32_t flit_bytes, max_packet_bytes;
    uint32_t noc_mask;        /* bit k: traffic on NoC k */
    uint32_t w, h;            /* grid */
    uint32_t mirror_noc1;     /* NoC1 frame is NoC0 rotated by 180 degrees (Blackhole) */
    uint32_t max_outstanding; /* acknowledged transfers in flight per node and NoC */
    uint64_t src_addr, dst_addr, mem_bytes; /* L1 buffers */
    uint32_t target;                        /* hotspot / gather target, NoC0 node index */
    double hotspot_fraction;
    uint32_t mcast_src;    /* NoC0 node index */
    uint8_t mcast_rect[4]; /* NoC0: x0, y0, x1, y1 */
    uint8_t mcast_y_major, mcast_reserve, mcast_include_src;
    uint8_t mcast_linked;     /* VC_LINKED on every multicast: one transaction, path kept */
    uint32_t mcast_receivers; /* tiles that take the multicast (each acknowledges it) */
    uint32_t queue_limit;     /* transfers a node may queue, 1..NOC_TRAFFIC_QUEUE */
    uint64_t seed;
    uint64_t warmup, stop; /* measurement window [warmup, stop); nothing created after */
} NocTrafficConfig;

typedef struct NocLatency {
    uint64_t count, sum, max;
    uint64_t exact[NOC_LAT_EXACT];
    uint64_t log_bucket[NOC_LAT_LOG_BUCKETS]; /* 16 buckets per octave above NOC_LAT_EXACT */
} NocLatency;

/* What a workload's core is spinning on, remembered for the stall report: a run in which
 * cores poll NIU state while every network is empty waits on something nothing can change. */
typedef enum NocWaitKind {
    NOC_WAIT_NONE,
    NOC_WAIT_CMD_BUF, /* all command buffers busy */
    NOC_WAIT_BELOW,   /* counter must fall below `target` */
    NOC_WAIT_REACH,   /* counter must reach `target` (modulo 2^32) */
} NocWaitKind;

typedef struct NocWait {
    uint8_t kind; /* NocWaitKind */
    uint8_t noc;
    uint8_t x, y;     /* the core's tile, NoC0 coordinates */
    uint32_t counter; /* NOC_CNT_* index */
    uint32_t id;      /* transaction ID of a per-ID counter */
    uint32_t value;   /* the counter's last value read */
    uint32_t target;
    const char *why; /* what the wait is for, e.g. "acknowledged transfers in flight" */
} NocWait;

/* "NoC0 (3,2): polls MST_WR_ACK_RECEIVED = 7 until it reaches 16 (acknowledgements ...)" */
size_t noc_wait_format(const NocWait *w, char *buf, size_t len);
/* Counts a waiting core in *n and describes the first NOC_WAIT_LIST_SHOWN, one a line. */
#define NOC_WAIT_LIST_SHOWN 8
void noc_wait_list_add(const NocWait *w, char *buf, size_t len, size_t *used, uint32_t *n);

typedef struct NocTrafficSource {
    uint32_t node; /* in the NoC's frame */
    uint32_t noc;
    uint32_t index;     /* position among the injectors */
    uint32_t fixed_dst; /* transpose / neighbour / gather destination, NOC_TRAFFIC_NONE if none */
    uint64_t next_arrival;
    uint64_t rng;
    uint64_t queue[NOC_TRAFFIC_QUEUE]; /* creation cycles */
    uint32_t q_rd, q_n;
    uint8_t buf_rr;
    uint32_t acks_expected; /* acknowledged multicast: receivers' acks owed, as kernels count */
    NocWait wait;           /* why the oldest queued transfer has not been issued */
} NocTrafficSource;

typedef struct NocTrafficStats {
    uint64_t offered_flits, accepted_flits; /* in the window */
    uint64_t created, issued, delivered, dropped;
    NocLatency latency;
} NocTrafficStats;

#define NOC_TRAFFIC_NONE UINT32_MAX

typedef struct NocTraffic {
    NocTrafficConfig cfg;
    NocTrafficIo io;
    uint32_t n_injectors;
    uint32_t injectors[NOC_TRAFFIC_MAX_SOURCES]; /* NoC0 node indices */
    uint32_t n_sources;
    NocTrafficSource *sources; /* n_injectors per enabled NoC */
    double p_create;           /* per node per cycle */
    uint32_t flits_per_transfer, packets_per_transfer;
    NocTrafficStats stats[NOC_TRAFFIC_NOCS];
    uint64_t io_errors;
} NocTraffic;

BhStatus noc_traffic_config_check(const NocTrafficConfig *cfg, uint32_t n_injectors, char *why,
                                  size_t why_len);
BhStatus noc_traffic_init(NocTraffic *t, const NocTrafficConfig *cfg, const uint32_t *injectors,
                          uint32_t n_injectors, const NocTrafficIo *io);
void noc_traffic_destroy(NocTraffic *t);
uint64_t noc_traffic_step(NocTraffic *t, uint64_t now);
void noc_traffic_delivered(NocTraffic *t, uint32_t noc, uint64_t tag, uint32_t flits, uint64_t now);
int noc_traffic_idle(const NocTraffic *t, uint64_t now); /* nothing queued or still to create */
/* Sources polling NIU state; describes the first few into buf. */
uint32_t noc_traffic_describe_wait(const NocTraffic *t, char *buf, size_t len);

void noc_latency_add(NocLatency *l, uint64_t v);
uint64_t noc_latency_percentile(const NocLatency *l, double q); /* q in [0,1] */

#ifdef __cplusplus
}
#endif
#endif
