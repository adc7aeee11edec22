// SPDX-License-Identifier: Apache-2.0
/* tests/dataflow/sem_ping.cc - a semaphore handshake between two tiles: in each round one
 * side increments the other's semaphore 0 (a NoC atomic) and waits for its own to reach the
 * round number. The starting side measures the rounds' cycles. Results at `out`: cycles,
 * the compile-time arguments, then the runtime arguments from index 5 on (echoed for the
 * test to compare). Last, each side writes two words into the other's results with
 * noc_inline_dw_write: 0xC0DE0000 + starts at out[6], and bytes 1 and 2 of 0xAABBCCDD at
 * out[7] (byte enables 0x6). Then write-then-signal, twice: the other side writes `size` bytes
 * from its `payload` into this side's `payload_dst`, waits for the acknowledgements
 * (noc_async_write_barrier) and only then increments semaphore 1; this side waits for it and
 * copies what landed to `copy` with its own loads, last word first (the last to land), which
 * must find all of it. The second time (the next `size` bytes of each region) the sender also
 * clears the payload's last 256 bytes as soon as noc_async_writes_flushed says its data has
 * left: what lands must still be what was sent.
 * Arguments: partner_x, partner_y, rounds, starts (1 or 0), out, echo0, echo1, echo2, payload,
 * payload_dst, copy, size. */
#include "dataflow_api.h"

void kernel_main()
{
    const uint32_t px = get_arg_val<uint32_t>(0), py = get_arg_val<uint32_t>(1);
    const uint32_t rounds = get_arg_val<uint32_t>(2), starts = get_arg_val<uint32_t>(3);
    volatile uint32_t *out = (volatile uint32_t *)get_arg_val<uint32_t>(4);
    volatile uint32_t *mine = (volatile uint32_t *)get_semaphore(0);
    const uint64_t theirs = get_noc_addr(px, py, get_semaphore(0));
    const uint32_t t = bh_wall_clock();
    for (uint32_t r = 1; r <= rounds; r++) {
        if (starts) {
            noc_semaphore_inc(theirs, 1);
            noc_async_atomic_barrier();
            noc_semaphore_wait(mine, r);
        } else {
            noc_semaphore_wait(mine, r);
            noc_semaphore_inc(theirs, 1);
            noc_async_atomic_barrier();
        }
    }
    out[0] = bh_wall_clock() - t;
    out[1] = get_compile_time_arg_val(0);
    out[2] = get_compile_time_arg_val(1);
    for (int i = 0; i < 3; i++)
        out[3 + i] = get_arg_val<uint32_t>(5 + i);
    const uint64_t their_out = get_noc_addr(px, py, (uint32_t)out);
    noc_inline_dw_write(their_out + 24, 0xC0DE0000u + starts);
    noc_inline_dw_write(their_out + 28, 0xAABBCCDDu, 0x6);
    noc_async_write_barrier();

    const uint32_t payload = get_arg_val<uint32_t>(8), payload_dst = get_arg_val<uint32_t>(9);
    const uint32_t copy = get_arg_val<uint32_t>(10), size = get_arg_val<uint32_t>(11);
    volatile uint32_t *sem1 = (volatile uint32_t *)get_semaphore(1);
    for (uint32_t k = 0; k < 2; k++) {
        const uint32_t from = payload + k * size, to = payload_dst + k * size;
        if (starts) {
            noc_semaphore_wait(sem1, k + 1);
            for (uint32_t i = size; i > 0; i -= 4)
                bh_l1_write(copy + k * size + i - 4, bh_l1_read_fresh(to + i - 4));
            continue;
        }
        noc_async_write(from, get_noc_addr(px, py, to), size);
        if (k == 1) {
            noc_async_writes_flushed();
            for (uint32_t i = size; i > size - 256; i -= 4)
                bh_l1_write(from + i - 4, 0);
        }
        noc_async_write_barrier();
        noc_semaphore_inc(get_noc_addr(px, py, (uint32_t)sem1), 1);
        noc_async_atomic_barrier();
    }
}
