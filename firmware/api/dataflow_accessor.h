// SPDX-License-Identifier: Apache-2.0
/* firmware/api/dataflow_accessor.h - TensorAccessorArgs and TensorAccessor, tt-metal's
 * accessor of interleaved and sharded buffers; dataflow_sharded.h says which argument layout
 * and which subset (compile-time arguments only). Included by dataflow_sharded.h. */
#ifndef BH_DATAFLOW_ACCESSOR_H
#define BH_DATAFLOW_ACCESSOR_H
#include <stdint.h>
#include "firmware/api/dataflow_addrgen.h"

/* the accessor's arguments are compile-time arguments: without any (no
 * KERNEL_COMPILE_TIME_ARGS) a kernel has no accessor to build */
#ifdef get_compile_time_arg_val
namespace tensor_accessor
{
enum class ArgConfig : uint32_t {
    None = 0,
    Sharded = 1u << 0,
    IsDram = 1u << 1,
    RuntimeRank = 1u << 2,
    RuntimeNumBanks = 1u << 3,
    RuntimeTensorShape = 1u << 4,
    RuntimeShardShape = 1u << 5,
    RuntimeBankCoords = 1u << 6,
};
constexpr uint32_t UNKNOWN = 0xffffffffu;
constexpr uint32_t MAX_RANK = 8;
/* newer tt-metal marks a shard-contiguous distribution in the top bit of num_banks */
constexpr uint32_t SHARD_CONTIGUOUS_BIT = 1u << 31;
} // namespace tensor_accessor

template <uint32_t CTA_OFFSET, uint32_t CRTA_OFFSET = tensor_accessor::UNKNOWN>
struct TensorAccessorArgs {
    static constexpr uint32_t config = get_compile_time_arg_val(CTA_OFFSET);
    static constexpr bool is_sharded = (config & 1u) != 0;
    static constexpr bool is_dram = (config & 2u) != 0;
    static_assert((config & 0x7cu) == 0,
                  "TensorAccessorArgs: bhsim takes the accessor's arguments from the compile-time "
                  "arguments only (no Runtime* ArgConfig bits: programs have no common runtime "
                  "arguments)");
    static constexpr uint32_t RankCT = is_sharded ? get_compile_time_arg_val(CTA_OFFSET + 1) : 0;
    static constexpr uint32_t NumBanksWord =
        is_sharded ? get_compile_time_arg_val(CTA_OFFSET + 2) : 0;
    static_assert((NumBanksWord & tensor_accessor::SHARD_CONTIGUOUS_BIT) == 0,
                  "TensorAccessorArgs: the shard-contiguous distribution is not supported");
    static constexpr uint32_t NumBanksCT = NumBanksWord;
    static_assert(!is_sharded || (RankCT > 0 && RankCT <= tensor_accessor::MAX_RANK),
                  "TensorAccessorArgs: rank must be 1..8");
    static_assert(!is_sharded || NumBanksCT > 0, "TensorAccessorArgs: no banks");
    static constexpr uint32_t TensorShapeCTAOffset = CTA_OFFSET + 3;
    static constexpr uint32_t ShardShapeCTAOffset = TensorShapeCTAOffset + RankCT;
    static constexpr uint32_t BankCoordsCTAOffset = ShardShapeCTAOffset + RankCT;
    static constexpr uint32_t NumArgsCT =
        is_sharded ? BankCoordsCTAOffset + (NumBanksCT + 1) / 2 - CTA_OFFSET : 1;

    constexpr TensorAccessorArgs() {}
    static constexpr uint32_t num_compile_time_args()
    {
        return NumArgsCT;
    }
    static constexpr uint32_t next_compile_time_args_offset()
    {
        return CTA_OFFSET + NumArgsCT;
    }
    constexpr uint32_t num_common_runtime_args() const
    {
        return 0;
    }
    constexpr uint32_t get_rank() const
    {
        return RankCT;
    }
    constexpr uint32_t get_num_banks() const
    {
        return NumBanksCT;
    }

    /* the distribution's numbers, read once from the compile-time arguments */
    static uint32_t tensor_shape(uint32_t i)
    {
        return get_compile_time_arg_val(TensorShapeCTAOffset + i);
    }
    static uint32_t shard_shape(uint32_t i)
    {
        return get_compile_time_arg_val(ShardShapeCTAOffset + i);
    }
    /* bank b as x << 8 | y: bank 2i in the low half of word i */
    static uint32_t bank_coord(uint32_t b)
    {
        return (get_compile_time_arg_val(BankCoordsCTAOffset + b / 2) >> (b & 1u ? 16 : 0)) &
               0xffffu;
    }
};

template <typename Args, bool Sharded = Args::is_sharded> struct TensorAccessor;

/* interleaved: tt-metal's accessor is its InterleavedAddrGen */
template <typename Args> struct TensorAccessor<Args, false> : InterleavedAddrGen<Args::is_dram> {
    TensorAccessor(const Args &, uint32_t bank_base_address_in, uint32_t page_size_in = 0)
        : InterleavedAddrGen<Args::is_dram>{bank_base_address_in, page_size_in}
    {
    }
};

template <typename Args> struct TensorAccessor<Args, true> {
    struct PageMapping {
        uint32_t bank_id;
        uint32_t bank_page_offset; /* pages from the bank's base */
    };

    const uint32_t bank_base_address;
    const uint32_t page_size;

    TensorAccessor(const Args &, uint32_t bank_base_address_in, uint32_t page_size_in = 0)
        : bank_base_address(bank_base_address_in), page_size(page_size_in)
    {
    }

    static constexpr uint32_t rank = Args::RankCT, num_banks = Args::NumBanksCT;

    /* shards per dimension: partial shards at the edges count */
    static uint32_t shard_grid(uint32_t i)
    {
        return (Args::tensor_shape(i) + Args::shard_shape(i) - 1) / Args::shard_shape(i);
    }
    static uint32_t shard_volume()
    {
        uint32_t v = 1;
        for (uint32_t i = 0; i < rank; i++)
            v *= Args::shard_shape(i);
        return v;
    }

    /* page id (row-major over the tensor's pages) -> bank and page within the bank: the
     * shard's row-major index goes round robin over the banks, shards of a bank back to back,
     * the page's row-major place within its shard */
    PageMapping get_bank_and_offset(uint32_t page_id) const
    {
        uint32_t shard = 0, in_shard = 0, grid_stride = 1, shard_stride = 1;
        for (int i = (int)rank - 1; i >= 0; i--) {
            const uint32_t dim = Args::tensor_shape(i), sdim = Args::shard_shape(i);
            const uint32_t coord = page_id % dim;
            page_id /= dim;
            shard += coord / sdim * grid_stride;
            in_shard += coord % sdim * shard_stride;
            grid_stride *= shard_grid(i);
            shard_stride *= sdim;
        }
        return {shard % num_banks, shard / num_banks * shard_volume() + in_shard};
    }

    FORCE_INLINE uint64_t get_noc_addr(uint32_t page_id, uint32_t offset = 0,
                                       uint8_t noc = noc_index) const
    {
        return mapped_addr(get_bank_and_offset(page_id), offset, noc);
    }

    /* the first page of shard `shard_id` (row-major over the shard grid) */
    FORCE_INLINE uint64_t get_shard_noc_addr(uint32_t shard_id, uint32_t offset = 0,
                                             uint8_t noc = noc_index) const
    {
        return mapped_addr({shard_id % num_banks, shard_id / num_banks * shard_volume()}, offset,
                           noc);
    }

    FORCE_INLINE bool is_local_bank(uint32_t virtual_x, uint32_t virtual_y,
                                    uint8_t noc = noc_index) const
    {
        return virtual_x == my_x[noc] && virtual_y == my_y[noc];
    }
    FORCE_INLINE bool is_local_addr(uint64_t noc_addr, uint8_t noc = noc_index) const
    {
        return is_local_bank((uint32_t)(noc_addr >> NOC_ADDR_COORD_SHIFT) & 0x3f,
                             (uint32_t)(noc_addr >> (NOC_ADDR_COORD_SHIFT + 6)) & 0x3f, noc);
    }
    FORCE_INLINE bool is_local_page(uint32_t page_id, uint8_t noc = noc_index) const
    {
        return is_local_addr(get_noc_addr(page_id, 0, noc), noc);
    }
    FORCE_INLINE bool is_local_shard(uint32_t shard_id, uint8_t noc = noc_index) const
    {
        return is_local_addr(get_shard_noc_addr(shard_id, 0, noc), noc);
    }

  private:
    FORCE_INLINE uint64_t mapped_addr(PageMapping m, uint32_t offset, uint8_t noc) const
    {
        const uint32_t xy = Args::bank_coord(m.bank_id);
        const uint32_t addr = bank_base_address + m.bank_page_offset * page_size + offset;
        if constexpr (Args::is_dram)
            return get_noc_addr_from_bank_id<true>(xy >> 8, addr, noc);
        else
            return NOC_XY_ADDR(DYNAMIC_NOC_X(noc, xy >> 8), DYNAMIC_NOC_Y(noc, xy & 0xffu), addr);
    }
};

/* TensorAccessor(args, address, page_size), as tt-metal's kernels write it */
template <uint32_t CTA, uint32_t CRTA>
TensorAccessor(const TensorAccessorArgs<CTA, CRTA> &, uint32_t, uint32_t)
    -> TensorAccessor<TensorAccessorArgs<CTA, CRTA>>;
template <uint32_t CTA, uint32_t CRTA>
TensorAccessor(const TensorAccessorArgs<CTA, CRTA> &, uint32_t)
    -> TensorAccessor<TensorAccessorArgs<CTA, CRTA>>;

#endif /* get_compile_time_arg_val */
#endif
