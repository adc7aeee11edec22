// SPDX-License-Identifier: Apache-2.0
/* firmware/api/dataflow_sharded.h - sharded buffers, with tt-metal's names and argument orders:
 *
 * ShardedInfo + experimental::ShardedAddrGen (tt-metal's ttnn/.../ccl sharding_addrgen.hpp,
 * the form its CCL and data-movement kernels take): height, width or block sharding of a 2D
 * tensor of pages, page `id` row-major over the tensor; the cores holding the shards come as
 * a table of 16-bit words x << 8 | y (NoC0 coordinates; for DRAM x is the bank), two per
 * 32-bit word, the first core in the HIGH half (the generator's "big endian" map), usually
 * from the runtime arguments (shard_addr_gen_utils::get_shard_map). A shard's pages lie
 * page_size_jump apart from bank_base_address on its core.
 *
 * TensorAccessorArgs<CTA_OFFSET> + TensorAccessor (tt-metal's tt_metal/hw/inc/accessor/): the
 * compile-time arguments from CTA_OFFSET: the ArgConfig bits (bit 0 sharded, bit 1 DRAM), and
 * when sharded: rank, number of banks, tensor shape (pages per dimension), shard shape, then
 * the banks, two per word, bank 2i in the LOW half (the 16-bit array tt-metal reads them as),
 * each x << 8 | y (NoC0; DRAM: x the bank). Shards go round robin over the banks in row-major
 * shard order; page (coordinates) -> shard and offset in it as tt-metal's DistributionSpec,
 * partial shards at the edges included. Interleaved accessors are InterleavedAddrGen.
 *
 * What bhsim does not take (a kernel asking for it fails to compile, naming it): arguments
 * from the common runtime arguments (the ArgConfig Runtime* bits; bhsim's programs have no
 * common runtime arguments), the shard-contiguous distribution flag, the shard pages
 * iterator and the page-coordinate overloads. The page size is the constructor's, as in the
 * tt-metal versions whose argument layout this follows. */
#ifndef BH_DATAFLOW_SHARDED_H
#define BH_DATAFLOW_SHARDED_H
#include <stdint.h>
#include "firmware/api/dataflow_addrgen.h"

namespace tt::tt_metal
{
/* tt-metal's buffer layouts (their values in tt-metal's buffer_types.hpp) */
enum class TensorMemoryLayout : uint32_t {
    INTERLEAVED = 0,
    HEIGHT_SHARDED = 2,
    WIDTH_SHARDED = 3,
    BLOCK_SHARDED = 4
};
} // namespace tt::tt_metal

namespace shard_addr_gen_consts
{
enum class ContiguityType : uint32_t {
    L1_PADDING_BETWEEN_PAGES = 0,
    L1_PADDING_IN_RIGHTMOST_SHARD,
    L1_NO_SHARD_PADDING,
    DRAM_PADDING_BETWEEN_PAGES,
    DRAM_PADDING_IN_RIGHTMOST_SHARD,
    DRAM_NO_SHARD_PADDING,
};
} // namespace shard_addr_gen_consts

using mapping_table_t = uint32_t;

template <uint32_t SHARD_TYPE, uint32_t NUMBER_OF_CORES, uint32_t PAGE_SIZE_JUMP,
          uint32_t PAGES_PER_TENSOR_ROW, uint32_t CONTIGUITY, uint32_t PAGES_PER_SHARD_WIDTH,
          uint32_t ROWS_PER_SHARD_HEIGHT>
struct ShardedInfo {
    static constexpr tt::tt_metal::TensorMemoryLayout shard_type =
        static_cast<tt::tt_metal::TensorMemoryLayout>(SHARD_TYPE);
    static constexpr uint32_t number_of_cores = NUMBER_OF_CORES;
    static constexpr uint32_t page_size_jump = PAGE_SIZE_JUMP;
    static constexpr uint32_t pages_per_tensor_row = PAGES_PER_TENSOR_ROW;
    static constexpr shard_addr_gen_consts::ContiguityType contiguity =
        static_cast<shard_addr_gen_consts::ContiguityType>(CONTIGUITY);
    static constexpr uint32_t pages_per_shard_width = PAGES_PER_SHARD_WIDTH;
    static constexpr uint32_t rows_per_shard_height = ROWS_PER_SHARD_HEIGHT;
};

namespace experimental
{
namespace shard_addr_gen_utils
{

struct ShardCoordInfo {
    uint32_t core_num;             /* index into the core table */
    uint32_t page_num;             /* page within that core's shard */
    uint32_t num_contiguous_pages; /* pages from here on that follow in the same shard */
};

template <typename Info> constexpr bool pads_between_pages()
{
    return Info::contiguity == shard_addr_gen_consts::ContiguityType::L1_PADDING_BETWEEN_PAGES ||
           Info::contiguity == shard_addr_gen_consts::ContiguityType::DRAM_PADDING_BETWEEN_PAGES;
}

template <typename Info> constexpr bool is_dram()
{
    return Info::contiguity >= shard_addr_gen_consts::ContiguityType::DRAM_PADDING_BETWEEN_PAGES;
}

/* where page `id` of the tensor lives: which shard (core), which page of it */
template <typename Info> FORCE_INLINE ShardCoordInfo shard_coordinates(uint32_t id)
{
    using tt::tt_metal::TensorMemoryLayout;
    constexpr uint32_t row_pages = Info::pages_per_tensor_row;
    ShardCoordInfo c{};
    if constexpr (Info::shard_type == TensorMemoryLayout::HEIGHT_SHARDED) {
        /* whole rows per shard: a shard is rows_per_shard_height rows, back to back */
        constexpr uint32_t per_core = row_pages * Info::rows_per_shard_height;
        c.core_num = id / per_core;
        c.page_num = id - c.core_num * per_core;
        if constexpr (pads_between_pages<Info>())
            c.num_contiguous_pages = 1;
        else if constexpr (Info::contiguity == shard_addr_gen_consts::ContiguityType::
                                                   L1_PADDING_IN_RIGHTMOST_SHARD ||
                           Info::contiguity == shard_addr_gen_consts::ContiguityType::
                                                   DRAM_PADDING_IN_RIGHTMOST_SHARD)
            c.num_contiguous_pages = row_pages - id % row_pages;
        else
            c.num_contiguous_pages = per_core - c.page_num;
        return c;
    }
    /* width and block: a shard is a column band (width) or a tile of the page grid (block) */
    constexpr uint32_t cols = Info::pages_per_shard_width;
    const uint32_t row = id / row_pages, col = id - row * row_pages;
    const uint32_t w_core = col / cols, w_off = col - w_core * cols;
    if constexpr (Info::shard_type == TensorMemoryLayout::WIDTH_SHARDED) {
        c.core_num = w_core;
        c.page_num = row * cols + w_off;
    } else {
        constexpr uint32_t rows = Info::rows_per_shard_height;
        constexpr uint32_t cores_per_row = (row_pages + cols - 1) / cols;
        const uint32_t h_core = row / rows, h_off = row - h_core * rows;
        c.core_num = w_core + h_core * cores_per_row;
        c.page_num = w_off + h_off * cols;
    }
    if constexpr (pads_between_pages<Info>()) {
        c.num_contiguous_pages = 1;
    } else {
        const uint32_t in_shard = cols - w_off, in_row = row_pages - col;
        c.num_contiguous_pages = in_shard < in_row ? in_shard : in_row;
    }
    return c;
}

/* the core table at `l1_address` (runtime arguments, get_arg_addr) and how many words it
 * takes, to step past it */
template <typename Info> FORCE_INLINE auto get_shard_map(uint32_t l1_address)
{
    struct Map {
        const mapping_table_t *first;
        uint32_t second;
    };
    return Map{(const mapping_table_t *)l1_address, (Info::number_of_cores + 1) / 2};
}

} // namespace shard_addr_gen_utils

template <typename ShardingInfoType> struct ShardedAddrGen {
    static constexpr ShardingInfoType CONSTANT_ARGS{};
    uint32_t bank_base_address;
    const mapping_table_t *const shard_array;

    /* the NoC address of `l1_addr` on the core (or DRAM bank) named by a table entry */
    FORCE_INLINE uint64_t get_sharded_addr(uint32_t l1_addr, uint32_t entry,
                                           uint32_t noc = noc_index) const
    {
        const uint32_t x = (entry >> 8) & 0xffu, y = entry & 0xffu;
        if constexpr (shard_addr_gen_utils::is_dram<ShardingInfoType>())
            return get_noc_addr_from_bank_id<true>(x, l1_addr, (uint8_t)noc);
        else
            return NOC_XY_ADDR(DYNAMIC_NOC_X(noc, x), DYNAMIC_NOC_Y(noc, y), l1_addr);
    }

    uint32_t get_sharded_l1_addr(uint32_t core_page, uint32_t offset = 0) const
    {
        return bank_base_address + core_page * ShardingInfoType::page_size_jump + offset;
    }

    /* the page's address and how many pages after it follow contiguously */
    struct ContiguousAddr {
        uint64_t first;
        uint32_t second;
    };
    FORCE_INLINE ContiguousAddr get_contiguous_noc_addr(uint32_t id, uint32_t offset = 0,
                                                        uint8_t noc = noc_index) const
    {
        const shard_addr_gen_utils::ShardCoordInfo c =
            shard_addr_gen_utils::shard_coordinates<ShardingInfoType>(id);
        /* core 2k in the high half of word k, 2k + 1 in the low half */
        const uint32_t entry =
            (shard_array[c.core_num >> 1] >> ((c.core_num & 1u) ? 0 : 16)) & 0xffffu;
        return {get_sharded_addr(get_sharded_l1_addr(c.page_num, offset), entry, noc),
                c.num_contiguous_pages};
    }

    FORCE_INLINE uint64_t get_noc_addr(uint32_t id, uint32_t offset = 0,
                                       uint8_t noc = noc_index) const
    {
        return get_contiguous_noc_addr(id, offset, noc).first;
    }

    FORCE_INLINE void noc_async_read_page(uint32_t id, uint32_t dest_addr, uint32_t offset = 0,
                                          uint8_t noc = noc_index) const
    {
        noc_async_read(get_noc_addr(id, offset, noc), dest_addr, ShardingInfoType::page_size_jump,
                       noc);
    }
};

} // namespace experimental

template <typename Info>
FORCE_INLINE auto get_contiguous_noc_addr(uint32_t id, const experimental::ShardedAddrGen<Info> &s,
                                          uint32_t offset = 0, uint8_t noc = noc_index)
{
    return s.get_contiguous_noc_addr(id, offset, noc);
}

/* ShardedAddrGen keeps its page size in the type; tt-metal's free functions take it there */
template <typename Info>
FORCE_INLINE void noc_async_read_page(uint32_t id, const experimental::ShardedAddrGen<Info> &s,
                                      uint32_t dst_local_l1_addr, uint32_t offset = 0,
                                      uint8_t noc = noc_index)
{
    s.noc_async_read_page(id, dst_local_l1_addr, offset, noc);
}

template <typename Info>
FORCE_INLINE void noc_async_write_page(uint32_t id, const experimental::ShardedAddrGen<Info> &s,
                                       uint32_t src_local_l1_addr, uint32_t size = 0,
                                       uint32_t offset = 0, uint8_t noc = noc_index)
{
    noc_async_write(src_local_l1_addr, s.get_noc_addr(id, offset, noc),
                    size ? size : Info::page_size_jump, noc);
}

#include "firmware/api/dataflow_accessor.h"
#endif
