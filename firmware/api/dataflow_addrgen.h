// SPDX-License-Identifier: Apache-2.0
/* firmware/api/dataflow_addrgen.h - interleaved buffers (tt-metal's InterleavedAddrGen and
 * InterleavedAddrGenFast): page i of a buffer lives in bank i % banks at
 * bank_base_address + (i / banks) * aligned page size, DRAM pages aligned to 64 bytes and L1
 * pages to 16 (host/bh_host.h). Bank coordinates come from the host's BhBankTable in L1
 * (BH_L1_BANKS), per NoC, so the address is ready for the NoC that carries the transfer. */
#ifndef BH_DATAFLOW_ADDRGEN_H
#define BH_DATAFLOW_ADDRGEN_H
#include <stdint.h>
#include "firmware/api/dataflow_cb.h"
#include "firmware/api/dataflow_noc.h"

#define BH_BANKS ((const volatile BhBankTable *)BH_L1_BANKS)

template <bool DRAM> FORCE_INLINE uint32_t bh_bank_count()
{
    return DRAM ? BH_BANKS->num_dram_banks : BH_BANKS->num_l1_banks;
}

/* the NoC address of byte `bank_address_offset` of bank `bank_id` */
template <bool DRAM>
FORCE_INLINE uint64_t get_noc_addr_from_bank_id(uint32_t bank_id, uint32_t bank_address_offset,
                                                uint8_t noc = noc_index)
{
    const volatile BhBankTable *t = BH_BANKS;
    const uint32_t x = DRAM ? t->dram_x[noc][bank_id] : t->l1_x[noc][bank_id];
    const uint32_t y = DRAM ? t->dram_y[noc][bank_id] : t->l1_y[noc][bank_id];
    return NOC_XY_ADDR(x, y, bank_address_offset);
}

template <bool DRAM> FORCE_INLINE uint32_t bh_aligned_page_size(uint32_t page_size)
{
    constexpr uint32_t align = DRAM ? 64u : 16u;
    return (page_size + align - 1) & ~(align - 1);
}

template <bool DRAM>
FORCE_INLINE uint64_t bh_interleaved_addr(uint32_t base, uint32_t page_size, uint32_t id,
                                          uint32_t offset, uint8_t noc)
{
    const uint32_t banks = bh_bank_count<DRAM>();
    const uint32_t bank = id % banks, row = id / banks;
    return get_noc_addr_from_bank_id<DRAM>(
        bank, base + row * bh_aligned_page_size<DRAM>(page_size) + offset, noc);
}

template <bool DRAM> struct InterleavedAddrGen {
    uint32_t bank_base_address;
    uint32_t page_size;

    FORCE_INLINE uint64_t get_noc_addr(uint32_t id, uint32_t offset = 0,
                                       uint8_t noc = noc_index) const
    {
        return bh_interleaved_addr<DRAM>(bank_base_address, page_size, id, offset, noc);
    }
};

/* tile_hw: tt-metal's tile height x width, accepted for its signature */
template <bool DRAM, uint32_t tile_hw = 1024> struct InterleavedAddrGenFast {
    uint32_t bank_base_address;
    uint32_t page_size;
    DataFormat data_format;

    FORCE_INLINE uint64_t get_noc_addr(uint32_t id, uint32_t offset = 0,
                                       uint8_t noc = noc_index) const
    {
        return bh_interleaved_addr<DRAM>(bank_base_address, page_size, id, offset, noc);
    }
};

/* get_noc_addr(page, addrgen): any generator with get_noc_addr(id, offset, noc); the return
 * type drops the template for integer arguments, which go to get_noc_addr(x, y, addr). */
template <typename AddrGen>
FORCE_INLINE auto get_noc_addr(uint32_t id, const AddrGen &s, uint32_t offset = 0,
                               uint8_t noc = noc_index) -> decltype(s.get_noc_addr(id, offset, noc))
{
    return s.get_noc_addr(id, offset, noc);
}

template <bool DRAM, uint32_t tile_hw>
FORCE_INLINE void noc_async_read_tile(uint32_t id, const InterleavedAddrGenFast<DRAM, tile_hw> &s,
                                      uint32_t dst_local_l1_addr, uint32_t offset = 0,
                                      uint8_t noc = noc_index)
{
    noc_async_read(s.get_noc_addr(id, offset, noc), dst_local_l1_addr, s.page_size, noc);
}

template <bool DRAM, uint32_t tile_hw>
FORCE_INLINE void noc_async_write_tile(uint32_t id, const InterleavedAddrGenFast<DRAM, tile_hw> &s,
                                       uint32_t src_local_l1_addr, uint8_t noc = noc_index)
{
    noc_async_write(src_local_l1_addr, s.get_noc_addr(id, 0, noc), s.page_size, noc);
}

template <bool DRAM>
FORCE_INLINE void noc_async_read_tile(uint32_t id, const InterleavedAddrGen<DRAM> &s,
                                      uint32_t dst_local_l1_addr, uint32_t offset = 0,
                                      uint8_t noc = noc_index)
{
    noc_async_read(s.get_noc_addr(id, offset, noc), dst_local_l1_addr, s.page_size, noc);
}

template <bool DRAM>
FORCE_INLINE void noc_async_write_tile(uint32_t id, const InterleavedAddrGen<DRAM> &s,
                                       uint32_t src_local_l1_addr, uint8_t noc = noc_index)
{
    noc_async_write(src_local_l1_addr, s.get_noc_addr(id, 0, noc), s.page_size, noc);
}

template <typename AddrGen>
FORCE_INLINE auto noc_async_read_page(uint32_t id, const AddrGen &s, uint32_t dst_local_l1_addr,
                                      uint32_t offset = 0, uint8_t noc = noc_index)
    -> decltype((void)s.get_noc_addr(id, offset, noc))
{
    noc_async_read(s.get_noc_addr(id, offset, noc), dst_local_l1_addr, s.page_size, noc);
}

/* size 0: the whole page */
template <typename AddrGen>
FORCE_INLINE auto noc_async_write_page(uint32_t id, const AddrGen &s, uint32_t src_local_l1_addr,
                                       uint32_t size = 0, uint32_t offset = 0,
                                       uint8_t noc = noc_index)
    -> decltype((void)s.get_noc_addr(id, offset, noc))
{
    noc_async_write(src_local_l1_addr, s.get_noc_addr(id, offset, noc), size ? size : s.page_size,
                    noc);
}

#endif
