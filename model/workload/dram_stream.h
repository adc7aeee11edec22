/* model/workload/dram_stream.h - the dram_stream workload: Tensix cores read and write the pages
 * of a DRAM buffer interleaved across GDDR6 controllers as tt-metal lays out interleaved
 * buffers (page i in controller i mod banks, at offset (i / banks) * page_bytes), through
 * their NIUs' command buffers, exactly as a data-movement core would.
 *
 * Interface: NocTrafficIo (register reads and writes to NIUs, see noc_traffic.h);
 *   dram_stream_delivered() takes the network's delivery reports.
 * Behaviour: closed loop by default: each core keeps `in_flight` requests outstanding (its
 *   transaction ID's MST_REQS_OUTSTANDING counter, as kernels poll it) and issues the next as
 *   soon as one completes; open loop (`open_loop`): requests are created at `rate` flits per
 *   core per cycle and wait in the core's queue, so latency includes queueing. Each request
 *   is a read (DRAM to L1) with probability read_fraction, else a non-posted write (L1 to
 *   DRAM). Core c walks pages c, c + cores, c + 2*cores, ... (sequential) or picks pages
 *   uniformly in the buffer (random).
 * Timing: dram_stream_step(now) issues at most one request per core per cycle and returns
 *   the next cycle with work.
 */
#ifndef BH_DRAM_STREAM_H
#define BH_DRAM_STREAM_H
#include <stddef.h>
#include <stdint.h>
#include "model/common/bh_common.h"
#include "model/workload/noc_traffic.h"
#ifdef __cplusplus
extern "C" {
#endif

#define DRAM_STREAM_MAX_CORES 256
#define DRAM_STREAM_MAX_BANKS 8

typedef struct DramStreamConfig {
    uint32_t w, h, mirror_noc1; /* grid, as NocTrafficConfig */
    uint32_t noc_mask;          /* 1, 2, or 3: cores alternate NoCs (core i on NoC i % 2) */
    uint32_t page_bytes;        /* bytes per request, <= 16 KiB */
    double read_fraction;       /* 0..1 */
    uint32_t in_flight;         /* outstanding requests per core, 1..255 */
    uint32_t banks;             /* controllers the buffer is interleaved over */
    uint32_t bank_node[DRAM_STREAM_MAX_BANKS][3]; /* NoC0 node of each port of each bank */
    int32_t port;               /* endpoint used: 0..2, or -1: core i uses port i % 3 */
    uint32_t random;            /* random pages instead of sequential */
    uint64_t buffer_bytes;      /* bytes of the buffer per controller */
    uint64_t dram_base;         /* buffer start inside each controller */
    uint64_t l1_addr, l1_bytes; /* L1 staging area per core and the L1 size */
    uint32_t open_loop;
    double rate; /* open loop: flits per core per cycle */
    uint64_t seed, warmup, stop;
} DramStreamConfig;

typedef struct DramStreamCore {
    uint32_t node0; /* NoC0 node of the core */
    uint32_t noc;
    uint32_t index;
    uint64_t next_page; /* sequential: next page to touch */
    uint64_t next_arrival;
    uint64_t rng;
    uint64_t queue[64]; /* open loop: creation cycles of queued requests */
    uint32_t q_rd, q_n;
    uint32_t slot; /* L1 staging slot of the next request */
    uint8_t buf_rr;
    NocWait wait; /* why the last attempt to issue did not */
} DramStreamCore;

typedef struct DramStreamStats {
    uint64_t reads, writes, bytes_read, bytes_written; /* issued, whole run */
    uint64_t done_flits;                               /* data flits landed in the window */
    uint64_t window_reads, window_writes;              /* transfers landed in the window */
    uint64_t window_read_flits, window_write_flits;    /* ... and their data flits */
    uint64_t dropped;                                  /* open loop: queue full */
    NocLatency read_latency, write_latency;            /* issue (or creation) to data landed */
} DramStreamStats;

typedef struct DramStream {
    DramStreamConfig cfg;
    NocTrafficIo io;
    uint32_t n_cores;
    DramStreamCore cores[DRAM_STREAM_MAX_CORES];
    DramStreamStats stats[NOC_TRAFFIC_NOCS];
    uint64_t pages; /* pages in the buffer over all banks */
    double p_create;
} DramStream;

BhStatus dram_stream_config_check(const DramStreamConfig *cfg, uint32_t n_cores, char *why,
                                  size_t why_len);
BhStatus dram_stream_init(DramStream *d, const DramStreamConfig *cfg, const uint32_t *cores,
                          uint32_t n_cores, const NocTrafficIo *io);
uint64_t dram_stream_step(DramStream *d, uint64_t now);
void dram_stream_delivered(DramStream *d, uint32_t noc, uint64_t tag, uint32_t flits, uint64_t now);
int dram_stream_idle(const DramStream *d, uint64_t now);
/* Cores polling NIU state with a request to issue; describes the first few into buf. */
uint32_t dram_stream_describe_wait(const DramStream *d, uint64_t now, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
