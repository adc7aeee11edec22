/* platform/pcie/pcie_addr.h - the PCIe tile's addresses, shared by its host side
 * (pcie_tlm.cpp) and its NoC-target side (pcie_device.cpp). Internal to platform/pcie. */
#ifndef BH_PCIE_ADDR_H
#define BH_PCIE_ADDR_H
#include <cstdint>
#include "model/mem/bh_sparse_mem.h"

namespace bh
{

/* The tile's inbound data, as its NIU reads (host writes) and writes (host reads) it: an
 * address of the model's own, in a window the PCIe tile's NoC address space leaves unused
 * (top byte 0xF0): bits 55..32 the host access, 31..0 the offset in it. */
constexpr uint64_t kInbound = 0xF000000000000000ull;
constexpr uint64_t kInboundMask = 0xFF00000000000000ull;
constexpr uint64_t kHostWindowBits = 58;             /* 64 windows of 2^58 */
constexpr uint64_t kHostBytes = BH_SPARSE_MAX_BYTES; /* the chip's own host memory */
/* BAR0's ARC window: from its second MiB (BAR0 0x1FF0_0000), the ARC's NoC addresses from
 * 0x8000_0000 (tenstorrent/tt-umd blackhole_implementation.hpp ARC_APB_BAR0_XBAR_OFFSET_START,
 * ARC_NOC_XBAR_ADDRESS_START) */
constexpr uint64_t kArcXbarBar0 = 0x100000; /* offset in the window (0x1FE0_0000) */
constexpr uint64_t kArcNoc = 0x80000000ull;

inline bool host_window(uint64_t addr)
{
    const uint64_t w = addr >> kHostWindowBits;
    return w == 0 || w == 1 || w == 2 || w == 4; /* IOMMU, relaxed, no-snoop, outbound iATU */
}

} // namespace bh
#endif
