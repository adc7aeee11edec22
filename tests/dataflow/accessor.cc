// SPDX-License-Identifier: Apache-2.0
/* tests/dataflow/accessor.cc - tt-metal's TensorAccessor (interleaved DRAM, interleaved L1,
 * sharded L1) and ShardedAddrGen (block-sharded L1), on BRISC over NoC0 and on NCRISC over
 * NoC1; run_test.py places the buffers as it computes tt-metal places them and checks every
 * byte read or written. Compile-time arguments (the build's KERNEL_COMPILE_TIME_ARGS): the
 * DRAM-interleaved accessor's, the L1-interleaved accessor's, the sharded accessor's, then the
 * seven of ShardedInfo; each accessor's start is the previous one's
 * next_compile_time_args_offset(), as tt-metal's kernels chain them.
 * BRISC's runtime arguments: pages (interleaved), page size, DRAM base, L1 base, sharded base,
 * second sharded base, ShardedAddrGen base, then the L1 destinations: a (DRAM pages), b (L1
 * pages), c (sharded pages), d (one whole shard), e (ShardedAddrGen pages), out (words), the
 * DRAM pages' source in its L1 (written through the accessor first, then read back into a by
 * the interleaved generator that tests/dataflow dram checks against raw bank addresses), then
 * the ShardedAddrGen's core table. NCRISC's: sharded pages, page size, sharded base,
 * ShardedAddrGen base, pages (ShardedAddrGen), c, e, then the core table.
 * out: the sharded accessor's page count, is_local_page of page 0, the contiguous pages
 * ShardedAddrGen reports for page 0 and for the last page of its first shard row. */
#include "dataflow_api.h"

constexpr auto dram_args = TensorAccessorArgs<0>();
constexpr auto l1_args = TensorAccessorArgs<dram_args.next_compile_time_args_offset()>();
constexpr auto shard_args = TensorAccessorArgs<l1_args.next_compile_time_args_offset()>();
constexpr uint32_t info = shard_args.next_compile_time_args_offset();
using BlockInfo =
    ShardedInfo<get_compile_time_arg_val(info), get_compile_time_arg_val(info + 1),
                get_compile_time_arg_val(info + 2), get_compile_time_arg_val(info + 3),
                get_compile_time_arg_val(info + 4), get_compile_time_arg_val(info + 5),
                get_compile_time_arg_val(info + 6)>;

static_assert(!dram_args.is_sharded && dram_args.is_dram && !l1_args.is_dram);
static_assert(shard_args.is_sharded && shard_args.get_rank() == 2);

#ifdef COMPILE_FOR_BRISC
void kernel_main()
{
    const uint32_t n = get_arg_val<uint32_t>(0), page = get_arg_val<uint32_t>(1);
    const auto dram = TensorAccessor(dram_args, get_arg_val<uint32_t>(2), page);
    const auto l1 = TensorAccessor(l1_args, get_arg_val<uint32_t>(3), page);
    const auto sh = TensorAccessor(shard_args, get_arg_val<uint32_t>(4), page);
    const auto sh2 = TensorAccessor(shard_args, get_arg_val<uint32_t>(5), page);
    const uint32_t a = get_arg_val<uint32_t>(7), b = get_arg_val<uint32_t>(8);
    const uint32_t c = get_arg_val<uint32_t>(9), d = get_arg_val<uint32_t>(10);
    const uint32_t e = get_arg_val<uint32_t>(11);
    volatile uint32_t *out = (volatile uint32_t *)get_arg_val<uint32_t>(12);
    const auto map = experimental::shard_addr_gen_utils::get_shard_map<BlockInfo>(get_arg_addr(14));
    const experimental::ShardedAddrGen<BlockInfo> blk = {
        .bank_base_address = get_arg_val<uint32_t>(6), .shard_array = map.first};
    uint32_t sharded_pages = 1;
    for (uint32_t i = 0; i < shard_args.get_rank(); i++)
        sharded_pages *= decltype(shard_args)::tensor_shape(i);
    constexpr uint32_t blk_pages = BlockInfo::pages_per_tensor_row * 4;

    const uint32_t asrc = get_arg_val<uint32_t>(13);
    for (uint32_t i = 0; i < n; i++)
        noc_async_write_page(i, dram, asrc + i * page);
    noc_async_write_barrier();
    const InterleavedAddrGen<true> raw = {.bank_base_address = get_arg_val<uint32_t>(2),
                                          .page_size = page};
    for (uint32_t i = 0; i < n; i++) {
        noc_async_read_tile(i, raw, a + i * page);
        noc_async_read(get_noc_addr(i, l1), b + i * page, page);
    }
    for (uint32_t i = 0; i < sharded_pages; i++)
        noc_async_read_page(i, sh, c + i * page);
    /* shard 1, whole (the second shard of the grid, row-major) */
    uint32_t vol = 1;
    for (uint32_t i = 0; i < shard_args.get_rank(); i++)
        vol *= decltype(shard_args)::shard_shape(i);
    noc_async_read(sh.get_shard_noc_addr(1), d, vol * page);
    for (uint32_t i = 0; i < blk_pages; i++)
        noc_async_read_page(i, blk, e + i * page);
    noc_async_read_barrier();
    /* and back out through the accessor, to a second sharded buffer */
    for (uint32_t i = 0; i < sharded_pages; i++)
        noc_async_write_page(i, sh2, c + i * page);
    noc_async_write_barrier();
    out[0] = sharded_pages;
    out[1] = sh.is_local_page(0);
    out[2] = get_contiguous_noc_addr(0, blk).second;
    out[3] = blk.get_contiguous_noc_addr(BlockInfo::pages_per_shard_width - 1).second;
}
#else
void kernel_main()
{
    const uint32_t n = get_arg_val<uint32_t>(0), page = get_arg_val<uint32_t>(1);
    const auto sh = TensorAccessor(shard_args, get_arg_val<uint32_t>(2), page);
    const uint32_t blk_pages = get_arg_val<uint32_t>(4);
    const uint32_t c = get_arg_val<uint32_t>(5), e = get_arg_val<uint32_t>(6);
    const auto map = experimental::shard_addr_gen_utils::get_shard_map<BlockInfo>(get_arg_addr(7));
    const experimental::ShardedAddrGen<BlockInfo> blk = {
        .bank_base_address = get_arg_val<uint32_t>(3), .shard_array = map.first};
    for (uint32_t i = 0; i < n; i++)
        noc_async_read(get_noc_addr(i, sh), c + i * page, page);
    for (uint32_t i = 0; i < blk_pages; i++)
        noc_async_read(get_noc_addr(i, blk), e + i * page, page);
    noc_async_read_barrier();
}
#endif
