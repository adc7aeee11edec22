/* firmware/include/bh_cb.h - a core's view of the circular buffers, kept in its local data RAM
 * (fast: two-cycle loads), filled by the firmware before each kernel from the CB configuration
 * in L1 (bh_l1_layout.h) and used by the dataflow and compute APIs.
 *
 * Flow control (tt-metal's semantics): the producer's cb_push_back(cb, n) adds n to the CB's
 * `received` counter line in L1; the consumer's cb_pop_front(cb, n) adds n to `acked`. Each
 * side keeps its own running copy here and only reads the other side's line:
 *   pages available to the consumer = received(L1) - acked(local)
 *   free pages for the producer     = num_pages - (received(local) - acked(L1))
 * Counters are 32-bit and wrap; the differences stay right while fewer than 2^31 pages are in
 * flight. Reads of the other side's line go around the core's L0 data cache (a fence first),
 * since the cache is not coherent with L1. */
#ifndef BH_CB_H
#define BH_CB_H
#include <stdint.h>
#include "firmware/include/bh_l1_layout.h"

typedef struct BhCbInterface {
    uint32_t fifo_addr;  /* ring start (bytes, L1) */
    uint32_t fifo_limit; /* ring end: fifo_addr + fifo_size */
    uint32_t fifo_size;
    uint32_t num_pages;
    uint32_t page_size;
    uint32_t format;   /* BhDataFormat */
    uint32_t rd_ptr;   /* consumer: address of the front page */
    uint32_t wr_ptr;   /* producer: address of the back page */
    uint32_t received; /* producer: pages pushed so far (its running copy) */
    uint32_t acked;    /* consumer: pages popped so far (its running copy) */
} BhCbInterface;       /* 40 bytes */

/* in every core's local data RAM (0xFFB00000, 8 KiB BRISC/NCRISC, 4 KiB TRISC): the CB
 * interfaces from its start, then the NoC state; the stack grows down from the RAM's end */
#define BH_LOCAL_RAM 0xFFB00000u
#define BH_CB_INTERFACE_ADDR BH_LOCAL_RAM
#define BH_CB_INTERFACE ((BhCbInterface *)BH_CB_INTERFACE_ADDR)
/* then the dataflow API's NoC state (firmware/api/dataflow_noc.h BhNocState) */
#define BH_NOC_STATE_ADDR (BH_CB_INTERFACE_ADDR + BH_CB_COUNT * (uint32_t)sizeof(BhCbInterface))
#define BH_NOC_STATE_BYTES 64u

#endif
