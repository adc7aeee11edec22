/* model/workload/noc_replay.h - replays a recorded NoC workload (model/workload/noc_trace.h)
 * through the NIUs, one (tile, processor) stream at a time, as the processors did.
 *
 * Interface: NocTrafficIo (register reads and writes to NIUs); noc_replay_delivered() takes
 *   the network's delivery reports.
 * Behaviour: each stream starts at its first recorded timestamp (relative to the trace's
 *   first) and replays its events in order. The recorded gap between two consecutive events
 *   of one processor is kept as local work. A transfer is issued through a free command
 *   buffer of the event's NoC (waiting, as a kernel does, while all four are busy); a barrier
 *   polls the NIU counters until it holds; the recorded end of a barrier adds no time of its
 *   own (the simulated wait replaced it). Zone markers, state setup and semaphore events
 *   move no data.
 * Transaction IDs: each processor of a tile gets two IDs, one for reads and one for writes
 *   and atomics, so READ_BARRIER waits for that processor's reads, WRITE_BARRIER for its
 *   acknowledged writes and atomics, WRITE_FLUSH for its writes to have left (the
 *   WRITE_REQS_OUTGOING counter), FULL_BARRIER for all. A barrier limited to one recorded
 *   transaction ID waits for the processor's whole class: not modeled finer.
 * Addresses: recorded ones when they fit the target memory, else the configured L1 buffers
 *   (and offset 0 in DRAM).
 */
#ifndef BH_NOC_REPLAY_H
#define BH_NOC_REPLAY_H
#include <stddef.h>
#include <stdint.h>
#include "model/common/bh_common.h"
#include "model/workload/noc_trace.h"
#include "model/workload/noc_traffic.h"
#ifdef __cplusplus
extern "C" {
#endif

#define NOC_REPLAY_PROCS_PER_TILE 8

typedef struct NocReplayConfig {
    uint32_t w, h, mirror_noc1;                 /* grid, as NocTrafficConfig */
    uint64_t l1_bytes;                          /* memory of a Tensix tile */
    uint64_t l1_src_addr, l1_dst_addr, l1_span; /* fallback buffers and their size */
    const uint8_t *is_dram; /* per NoC0 node: a DRAM endpoint (4 GiB behind it) */
} NocReplayConfig;

typedef struct NocReplayStream {
    uint32_t next;     /* next event index (absolute) */
    uint32_t end;      /* one past the stream's last event */
    uint64_t ready_at; /* cycle the next event may start */
    uint64_t started_at, finished_at;
    uint8_t tid_rd, tid_wr;
    uint8_t buf_rr;
    uint8_t finished;
    NocWait wait; /* what the stream's next event polls for */
} NocReplayStream;

typedef struct NocReplayStats {
    uint64_t transfers, bytes, barrier_polls;
    NocLatency latency; /* issue to data landed */
} NocReplayStats;

typedef struct NocReplay {
    NocReplayConfig cfg;
    NocTrafficIo io;
    const NocTraceEvent *events;
    const NocTraceStream *streams;
    uint32_t n_streams;
    uint64_t first_ts;
    NocReplayStream *st; /* n_streams, allocated at init */
    NocReplayStats stats[NOC_TRAFFIC_NOCS];
    uint32_t finished;
} NocReplay;

/* events/streams stay owned by the caller and must outlive the replay. BH_ERR_CONFIG (why
 * filled) when a tile has more than NOC_REPLAY_PROCS_PER_TILE processors. */
BhStatus noc_replay_init(NocReplay *r, const NocReplayConfig *cfg, const NocTraceEvent *events,
                         const NocTraceStream *streams, uint32_t n_streams, uint64_t first_ts,
                         const NocTrafficIo *io, char *why, size_t why_len);
void noc_replay_destroy(NocReplay *r);
uint64_t noc_replay_step(NocReplay *r, uint64_t now);
void noc_replay_delivered(NocReplay *r, uint32_t noc, uint64_t tag, uint32_t flits, uint64_t now);
int noc_replay_idle(const NocReplay *r);
/* Streams polling NIU state (a barrier, or a transfer waiting for a command buffer). */
uint32_t noc_replay_describe_wait(const NocReplay *r, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
