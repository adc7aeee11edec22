// SPDX-License-Identifier: Apache-2.0
/* The multicast handshake of the multicast matmul's kernels (mm_mcast_in0.cc, mm_mcast_in1.cc),
 * in the pattern of tt-metal's matmul_multicore_reuse_mcast, once per block: each receiver,
 * with room reserved in its CB, says it is ready (a NoC increment of the sender's semaphore)
 * and waits for its own semaphore to turn VALID; the sender, with the block read into its CB,
 * waits until every receiver is ready, multicasts the block to the same CB address on each,
 * lets the data leave L1, then multicasts VALID. Compile-time args 0 and 1: the ids of the
 * sender's and the receivers' semaphores. */
#ifndef BH_MM_MCAST_BLOCK_H
#define BH_MM_MCAST_BLOCK_H
#include "dataflow_api.h"

constexpr uint32_t MCAST_VALID = 1, MCAST_INVALID = 0;

struct McastSems {
    uint32_t sender, receiver; /* L1 addresses */
};

inline McastSems mcast_sems()
{
    return {get_semaphore(get_compile_time_arg_val(0)), get_semaphore(get_compile_time_arg_val(1))};
}

/* the block of `bytes` at l1 to the rectangle (x0, y0)..(x1, y1) (NoC0; on NoC1 the far corner
 * first), num_dests Tensix tiles */
inline void mcast_block_send(const McastSems &s, uint32_t l1, uint32_t bytes, uint32_t x0,
                             uint32_t y0, uint32_t x1, uint32_t y1, uint32_t num_dests)
{
    if (!num_dests)
        return;
    volatile tt_l1_ptr uint32_t *ready = (volatile tt_l1_ptr uint32_t *)s.sender;
    noc_semaphore_wait(ready, num_dests);
    noc_semaphore_set(ready, 0);
    noc_async_write_multicast(l1, get_noc_multicast_addr(x0, y0, x1, y1, l1), bytes, num_dests);
    noc_async_writes_flushed();
    *(volatile tt_l1_ptr uint32_t *)s.receiver = MCAST_VALID; /* the word the multicast copies */
    noc_semaphore_set_multicast(s.receiver, get_noc_multicast_addr(x0, y0, x1, y1, s.receiver),
                                num_dests);
}

/* waits for the next block from the sender at NoC0 (sx, sy) */
inline void mcast_block_receive(const McastSems &s, uint32_t sx, uint32_t sy)
{
    volatile tt_l1_ptr uint32_t *valid = (volatile tt_l1_ptr uint32_t *)s.receiver;
    noc_semaphore_set(valid, MCAST_INVALID);
    noc_semaphore_inc(get_noc_addr(sx, sy, s.sender), 1);
    noc_semaphore_wait(valid, MCAST_VALID);
}

#endif
