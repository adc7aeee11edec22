// SPDX-License-Identifier: Apache-2.0
/* tests/dataflow/stateful.cc - the one-packet and stateful transfers (BRISC on NoC0, NCRISC on
 * NoC1, each on its own tile). From the source tile's L1 at `src` into its own L1 at `loc`:
 *   loc+0x0000       1000 B from src (noc_async_read_one_packet)
 *   loc+0x1000 + 256i   256 B from src+0x400+512i, i < 4 (one-packet set_state, with_state)
 *   loc+0x2000      20000 B from src+0x3000 (set_state, with_state: two packets)
 *   loc+0x8000       3000 B from src+0x100  (the same state)
 *   loc+0x9000      16384 B from src+0x40   (the same state: exactly one packet)
 * then its read barrier, and to the destination tile's L1 at `dst`:
 *   dst+0x0000       1000 B from loc (noc_async_write_one_packet)
 *   dst+0x1000 + 512i   512 B from loc+0x2000+1024i, i < 4 (one-packet set_state, with_state)
 *   dst+0x2000 + 256i   128 B from loc+0x8000+128i, i < 2 (the same, posted)
 * then the write barriers. At `out`: the packets its counts and the NIU's counters saw (reads,
 * acknowledged writes, posted writes, non-posted writes; this kernel's count then the NIU's),
 * then the cycles of 64 reads of 64 B from src into `bench` (plain noc_async_read, then
 * set_state + with_state; cold then warm; each: to the last issue, to the read barrier).
 * Arguments: sx, sy, src, dx, dy, dst, loc, bench, out (NoC0 coordinates). */
#include "dataflow_api.h"

static uint32_t niu(uint32_t counter)
{
    return bh_niu_counter(noc_index, counter);
}

/* 64 reads of 64 B from `from` (a NoC address) to local `to`; cycles to the last issue and to
 * the barrier at t[0], t[1] */
template <bool stateful> static void bench(uint64_t from, uint32_t to, volatile uint32_t *t)
{
    const uint32_t t0 = bh_wall_clock();
    if constexpr (stateful) {
        noc_async_read_one_packet_set_state(from, 64);
        for (uint32_t i = 0; i < 64; i++)
            noc_async_read_one_packet_with_state((uint32_t)from + 64 * i, to + 64 * i);
    } else {
        for (uint32_t i = 0; i < 64; i++)
            noc_async_read(from + 64 * i, to + 64 * i, 64);
    }
    const uint32_t t1 = bh_wall_clock();
    noc_async_read_barrier();
    const uint32_t t2 = bh_wall_clock();
    t[0] = t1 - t0;
    t[1] = t2 - t0;
}

void kernel_main()
{
    const uint32_t sx = get_arg_val<uint32_t>(0), sy = get_arg_val<uint32_t>(1);
    const uint32_t src = get_arg_val<uint32_t>(2), dx = get_arg_val<uint32_t>(3);
    const uint32_t dy = get_arg_val<uint32_t>(4), dst = get_arg_val<uint32_t>(5);
    const uint32_t loc = get_arg_val<uint32_t>(6), bench_at = get_arg_val<uint32_t>(7);
    volatile uint32_t *out = (volatile uint32_t *)get_arg_val<uint32_t>(8);
    const uint8_t noc = noc_index;

    const uint32_t rd0 = noc_reads_num_issued[noc], rd0_niu = niu(BH_NIU_MST_RD_RESP_RECEIVED);
    const uint32_t ack0 = noc_nonposted_writes_acked[noc],
                   ack0_niu = niu(BH_NIU_MST_WR_ACK_RECEIVED);
    const uint32_t po0 = noc_posted_writes_num_issued[noc],
                   po0_niu = niu(BH_NIU_MST_POSTED_WR_REQ_SENT);
    const uint32_t np0 = noc_nonposted_writes_num_issued[noc],
                   np0_niu = niu(BH_NIU_MST_NONPOSTED_WR_REQ_SENT);

    const uint64_t s = get_noc_addr(sx, sy, src);
    noc_async_read_one_packet(s, loc, 1000);

    noc_async_read_one_packet_set_state(s, 256);
    for (uint32_t i = 0; i < 4; i++)
        noc_async_read_one_packet_with_state(src + 0x400 + 512 * i, loc + 0x1000 + 256 * i);

    noc_async_read_set_state(get_noc_addr(sx, sy, 0));
    noc_async_read_with_state(src + 0x3000, loc + 0x2000, 20000);
    noc_async_read_with_state(src + 0x100, loc + 0x8000, 3000);
    noc_async_read_with_state(src + 0x40, loc + 0x9000, NOC_MAX_BURST_SIZE);
    noc_async_read_barrier();

    const uint64_t d = get_noc_addr(dx, dy, dst);
    noc_async_write_one_packet(loc, d, 1000);

    noc_async_write_one_packet_set_state(d, 512);
    for (uint32_t i = 0; i < 4; i++)
        noc_async_write_one_packet_with_state(loc + 0x2000 + 1024 * i, dst + 0x1000 + 512 * i);
    noc_async_write_one_packet_set_state<true>(get_noc_addr(dx, dy, 0), 128);
    for (uint32_t i = 0; i < 2; i++)
        noc_async_write_one_packet_with_state<true>(loc + 0x8000 + 128 * i, dst + 0x2000 + 256 * i);
    noc_async_write_barrier();
    noc_async_posted_writes_flushed();

    out[0] = noc_reads_num_issued[noc] - rd0;
    out[1] = niu(BH_NIU_MST_RD_RESP_RECEIVED) - rd0_niu;
    out[2] = noc_nonposted_writes_acked[noc] - ack0;
    out[3] = niu(BH_NIU_MST_WR_ACK_RECEIVED) - ack0_niu;
    out[4] = noc_posted_writes_num_issued[noc] - po0;
    out[5] = niu(BH_NIU_MST_POSTED_WR_REQ_SENT) - po0_niu;
    out[6] = noc_nonposted_writes_num_issued[noc] - np0;
    out[7] = niu(BH_NIU_MST_NONPOSTED_WR_REQ_SENT) - np0_niu;

    for (uint32_t round = 0; round < 2; round++) {
        bench<false>(s, bench_at, out + 8 + 4 * round);
        bench<true>(s, bench_at + 0x1000, out + 10 + 4 * round);
    }
}
