/* model/pcie/pcie_host_cpu.h - the host CPU as it reaches a BAR: how its stores and loads
 * become TLPs on the host link (pcie_link.h). The link's accounting (framing, headers, DLLPs,
 * serialisation) stays the link's; this block only shapes what the host submits.
 *
 * Interface (the PCIe tile, pcie_tile.h, asks it for every host access):
 *   pcie_host_cpu_write  an MMIO write of `bytes`: write-combined TLPs of at most wc_bytes at
 *                        wc_bytes-aligned addresses, one every wc_gap_ps at most (the core's
 *                        stores filling one write-combining buffer after the other)
 *   pcie_host_cpu_read   an MMIO read of `bytes`: uncacheable loads of load_bytes (aligned),
 *                        one outstanding at a time (a single host thread's loads are
 *                        serialising: the next leaves load_gap_ps after the previous one's
 *                        data is back)
 * Timing: picoseconds. The CPU issues in program order: a write's first TLP leaves no earlier
 *   than the previous write's last one plus wc_gap_ps, and a read's first load no earlier than
 *   the stores before it (a UC load does not pass the WC stores before it).
 * Sources: the WC buffer is one 64-byte line on current x86 cores (Intel 64 and IA-32 SDM
 *   vol. 3A, "Buffering of Write Combining Memory Locations"); tt-umd maps each TLB window both
 *   WC and UC (device/tt_device/tlb_handle.cpp) and copies blocks with 4-byte volatile stores
 *   and loads, one at a time (device/tt_device/tlb_window.cpp, TlbWindow::write_block,
 *   read_block).
 * Assumptions (no measured Blackhole host): wc_gap 5 ns (16 4-byte stores per line at about one
 *   store per cycle of a 3 GHz core: 12.8 GB/s), load_gap 0 (the loop's own time is small
 *   beside a round trip).
 * Not modeled: several host threads (one thread drives the BAR), the WC buffers' count and
 *   eviction order (lines leave in address order, whole unless the access ends inside one),
 *   vector loads (load_bytes 16, 32 or 64 stand for them).
 */
#ifndef BH_PCIE_HOST_CPU_H
#define BH_PCIE_HOST_CPU_H
#include <stddef.h>
#include <stdint.h>
#include "model/common/bh_common.h"
#include "model/pcie/pcie_link.h"
#ifdef __cplusplus
extern "C" {
#endif

/* Parameters: name, default, min, max, meaning. The platform makes each the key
 * "pcie.host.<name>" (platform/params.def, BH_PARAM_BLOCK). */
#define PCIE_HOST_PARAMS(X)                                                                        \
    X(wc_bytes, 64, 4, 4096,                                                                       \
      "MMIO writes leave the host CPU as write-combined TLPs of at most this, aligned, a power "   \
      "of two <= pcie.link.mps_bytes (x86: a WC buffer is one 64-byte line, Intel SDM vol. 3A; "   \
      "tt-umd maps TLB windows WC, tlb_handle.cpp)")                                               \
    X(wc_gap_ps, 5000, 0, 100000000,                                                               \
      "the host CPU sends one write-combined TLP at most every this (assumption: 16 4-byte "       \
      "stores per 64-byte line, tt-umd TlbWindow::write_block, at about one store per cycle of "   \
      "a 3 GHz core: 12.8 GB/s; 0: the link alone bounds MMIO writes)")                            \
    X(load_bytes, 4, 1, 4096,                                                                      \
      "an MMIO read is uncacheable loads of this many bytes (aligned, a power of two <= "          \
      "pcie.link.mrrs_bytes), one outstanding at a time, each a full round trip (tt-umd "          \
      "TlbWindow::read_block: 4-byte volatile loads; 16/32/64: vector loads)")                     \
    X(load_gap_ps, 0, 0, 100000000,                                                                \
      "the host CPU sends the next load this long after the previous load's data is back "         \
      "(assumption: 0, the loop's own time is small beside a round trip)")

typedef struct PcieHostConfig {
#define PCIE_HOST_X_FIELD(name, def, lo, hi, doc) uint32_t name;
    PCIE_HOST_PARAMS(PCIE_HOST_X_FIELD)
#undef PCIE_HOST_X_FIELD
} PcieHostConfig;

typedef struct PcieHostCpu {
    PcieHostConfig cfg;
    uint64_t store_free_ps; /* the CPU's next WC TLP leaves no earlier than this */
    uint64_t wc_tlps;       /* write-combined TLPs sent */
    uint64_t loads;         /* uncacheable loads sent */
} PcieHostCpu;

PcieHostConfig pcie_host_config_default(void);
/* link: the link's configuration, whose mps and mrrs bound the TLPs (NULL: not checked) */
BhStatus pcie_host_config_check(const PcieHostConfig *c, const PcieLinkConfig *link, char *why,
                                size_t why_len);
void pcie_host_cpu_init(PcieHostCpu *h, const PcieHostConfig *c);
/* The TLPs of a write of `bytes` at addr the program makes at now_ps: *pace for the link and
 * the time its first TLP is ready; the CPU's store stream then ends at the last one's. */
uint64_t pcie_host_cpu_write(PcieHostCpu *h, uint64_t now_ps, uint64_t addr, uint32_t bytes,
                             PcieLinkPace *pace);
/* The loads of a read of `bytes` at addr made at now_ps: *pace and the time the first leaves. */
uint64_t pcie_host_cpu_read(PcieHostCpu *h, uint64_t now_ps, uint64_t addr, uint32_t bytes,
                            PcieLinkPace *pace);
/* Pieces of `unit` bytes (aligned) that `bytes` at addr spans: the TLPs or loads it takes. */
uint64_t pcie_host_cpu_pieces(uint64_t addr, uint64_t bytes, uint32_t unit);

#ifdef __cplusplus
}
#endif
#endif
