/* model/workload/noc_trace.h - a recorded NoC workload in parsed form: what a replay model
 * consumes.
 *
 * Plain data, no behaviour: platform/load/noc_trace_load.cpp fills it from a tt-metal NoC event
 * trace or a tt-npe workload file (docs/noc_trace.md), a C replay model reads it.
 * Events are grouped into streams, one per issuing (tile, processor); a stream's events are
 * contiguous in the event array and in recorded order (timestamps never decrease).
 * Coordinates are NoC0 physical (docs/hardware.md#grid) whatever space the file used; NoC1
 * events carry NoC0 coordinates too. After loading every transfer is complete: *_WITH_STATE
 * events carry the destination and size of the *_SET_STATE that preceded them.
 *
 * Op semantics (src = the issuing tile):
 *   READ          src reads num_bytes from dst (data flows dst -> src)
 *   WRITE         src writes num_bytes to dst
 *   WRITE_INLINE  one-flit write of at most 4 bytes of register data to dst
 *   WRITE_MCAST   src writes num_bytes to every enabled Tensix in the mcast rectangle
 *   ATOMIC        semaphore increment of a 32-bit word at dst
 *   *_BARRIER, WRITE_FLUSH   src waits: for its reads / acked writes / departed writes /
 *                 atomics / everything (has_trid: only those with transaction ID trid)
 *   BARRIER_END   the recorded end of the preceding barrier (an outcome, not an action)
 *   SET_STATE     command-buffer setup, no traffic (dst, num_bytes: the state set)
 *   SEM_WAIT      src spins on a local semaphore (no traffic; length unknown)
 *   SEM_SET       src writes a local semaphore (no traffic)
 *   ZONE_BEGIN/END  profiler zone marker; zone indexes the loader's zone-name table
 *   FABRIC        multi-chip fabric send: recorded, no single-chip traffic derived
 */
#ifndef BH_NOC_TRACE_H
#define BH_NOC_TRACE_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

#define NOC_TRACE_NONE 0xFFu       /* coordinate, noc or trid not given */
#define NOC_TRACE_TYPE_NAME_MAX 40 /* bytes of NocTraceEvent.type_name, with the NUL */
#define NOC_TRACE_MAX_PROCS 255    /* distinct processor names per trace */
#define NOC_TRACE_MAX_EVENTS 0x1000000u

/* name, is a NoC transfer (puts packets on the network). READ_BARRIER..FULL_BARRIER stay
 * contiguous: noc_replay.c tests the range. */
#define NOC_TRACE_OP_LIST(X)                                                                       \
    X(READ, 1)                                                                                     \
    X(WRITE, 1)                                                                                    \
    X(WRITE_INLINE, 1)                                                                             \
    X(WRITE_MCAST, 1)                                                                              \
    X(ATOMIC, 1)                                                                                   \
    X(READ_BARRIER, 0)                                                                             \
    X(WRITE_BARRIER, 0)                                                                            \
    X(WRITE_FLUSH, 0)                                                                              \
    X(ATOMIC_BARRIER, 0)                                                                           \
    X(FULL_BARRIER, 0)                                                                             \
    X(BARRIER_END, 0)                                                                              \
    X(SET_STATE, 0)                                                                                \
    X(SEM_WAIT, 0)                                                                                 \
    X(SEM_SET, 0)                                                                                  \
    X(ZONE_BEGIN, 0)                                                                               \
    X(ZONE_END, 0)                                                                                 \
    X(FABRIC, 0)

typedef enum NocTraceOp {
#define NOC_TRACE_OP_ENUM(name, xfer) NOC_TR_##name,
    NOC_TRACE_OP_LIST(NOC_TRACE_OP_ENUM)
#undef NOC_TRACE_OP_ENUM
        NOC_TR_OPS
} NocTraceOp;

typedef struct NocTraceEvent {
    uint64_t timestamp;   /* cycles as recorded (not rebased) */
    uint32_t index;       /* position in the file: event array index, or tt-npe transfer */
    uint32_t num_bytes;   /* transfers: > 0; others: as recorded (0 if absent) */
    uint32_t src_addr;    /* local L1 address, when has_addr */
    uint32_t dst_addr;    /* address at the destination, when has_addr */
    uint16_t zone;        /* ZONE_*: index into the zone-name table */
    uint8_t op;           /* NocTraceOp */
    uint8_t noc;          /* 0 or 1; NOC_TRACE_NONE for zone markers */
    uint8_t proc;         /* index into the processor-name table */
    uint8_t src_x, src_y; /* issuing tile */
    uint8_t dst_x, dst_y; /* unicast destination; NOC_TRACE_NONE if none */
    uint8_t mcast_x0, mcast_y0, mcast_x1, mcast_y1; /* WRITE_MCAST: inclusive, x0<=x1, y0<=y1 */
    int8_t vc;                                      /* virtual channel, -1 if not given */
    uint8_t posted;     /* 1: posted write (no ack); 0: non-posted or not recorded */
    uint8_t has_trid;   /* *_TRID variants */
    uint8_t trid;       /* 0..15, or NOC_TRACE_NONE when the trace does not record it */
    uint8_t has_addr;   /* src_addr/dst_addr were recorded */
    uint8_t from_state; /* dst/num_bytes came from a preceding *_SET_STATE */
    char type_name[NOC_TRACE_TYPE_NAME_MAX]; /* the original "type" (or zone phase) text */
} NocTraceEvent;

typedef struct NocTraceStream {
    uint8_t x, y;   /* issuing tile, NoC0 */
    uint8_t proc;   /* index into the processor-name table */
    uint32_t first; /* events[first .. first + count) */
    uint32_t count;
    uint32_t transfers; /* events in the stream whose op is a transfer */
} NocTraceStream;

static inline const char *noc_trace_op_name(uint32_t op)
{
    switch (op) {
#define NOC_TRACE_OP_CASE(name, xfer)                                                              \
    case NOC_TR_##name:                                                                            \
        return #name;
        NOC_TRACE_OP_LIST(NOC_TRACE_OP_CASE)
#undef NOC_TRACE_OP_CASE
    default:
        return "?";
    }
}

/* 1 when the op puts packets on the NoC */
static inline int noc_trace_op_is_transfer(uint32_t op)
{
    switch (op) {
#define NOC_TRACE_OP_XFER(name, xfer)                                                              \
    case NOC_TR_##name:                                                                            \
        return xfer;
        NOC_TRACE_OP_LIST(NOC_TRACE_OP_XFER)
#undef NOC_TRACE_OP_XFER
    default:
        return 0;
    }
}

#ifdef __cplusplus
}
#endif
#endif
