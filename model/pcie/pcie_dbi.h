/* model/pcie/pcie_dbi.h - BAR2: the PCIe controller's DBI (Synopsys DesignWare data bus
 * interface) as host drivers use it, and the outbound iATU it programs, which remaps device
 * writes and reads on their way to the host.
 *
 * Interface (the PCIe tile, pcie_tile_tlp.c for the host's BAR2 words, pcie_tile_dev.c for
 * the translation):
 *   pcie_dbi_read32 / _write32  one aligned 32-bit word at offset off of BAR2 (or of the DBI
 *                               as the NoC reaches it, window 62: the same map)
 *   pcie_dbi_outbound           an address in the NoC's outbound-iATU windows -> host address
 * BAR2 map (offsets from BAR2's base, 1 MiB):
 *   0x00000-0x00FFF  the function's own configuration space, as the controller's DBI holds it
 *                    (tt-kmd pcie.h reads and writes device control at DBI 0x78, the PCI
 *                    Express capability's word 8): reads and writes act as configuration
 *                    accesses (pcie_cfg_read32 / _write32), so fields read-only to the host
 *                    stay read-only (the controller's DBI_RO_WR_EN is not modeled).
 *   0x01000-0x02FFF  the unrolled iATU: outbound region i (0..15) at 0x1000 + 0x200 i, inbound
 *                    region i at 0x1000 + 0x200 i + 0x100. Each region's words, stored as
 *                    written and read back as stored: +0x00 REGION_CTRL_1, +0x04 REGION_CTRL_2
 *                    (bit 31 REGION_EN), +0x08 LOWER_BASE, +0x0C UPPER_BASE, +0x10 LOWER_LIMIT,
 *                    +0x14 LOWER_TARGET, +0x18 UPPER_TARGET, +0x1C REGION_CTRL_3, +0x20
 *                    UPPER_LIMIT. Words +0x24..+0xFC of a region read 0, writes ignored.
 *   0x03000-0xFFFFF  everything else the DBI holds (port logic, DMA engines, ...): reads 0,
 *                    writes are accepted and ignored.
 * Outbound translation (device to host, windows 4..7 of the NoC's 64 windows of 2^58 bytes):
 *   the address's offset in its window is matched against every enabled outbound region,
 *   lowest index first; in [base, limit] it becomes target + (offset - base). limit is
 *   UPPER_LIMIT:LOWER_LIMIT when REGION_CTRL_1's INCREASE_REGION_SIZE (bit 13) is set, else
 *   UPPER_BASE:LOWER_LIMIT (the region stays within the 4 GiB its base is in). An offset no
 *   enabled region covers passes unchanged: the iATU's identity mapping outside its regions
 *   (ISA PCIExpressTile/README.md), which is also what bhsim did before the iATU was modeled,
 *   so programs that never program it keep working. Windows 0..3 bypass the iATU.
 * Sources: iATU at BAR2 + 0x1000, regions at 0x200 i, the word names and offsets, REGION_EN,
 *   INCREASE_REGION_SIZE, 16 outbound regions: tenstorrent/tt-kmd blackhole.c (IATU_BASE,
 *   write_iatu_reg: (2 region + direction) x 0x100, blackhole_configure_outbound_atu);
 *   tenstorrent/tt-umd device/tt_device/blackhole_tt_device.cpp (ATU_OFFSET_IN_BH_BAR2,
 *   configure_iatu_region; it names +0x1C limit_hi and +0x20 region_ctrl_3 and writes 0 to
 *   both) and tt_sim_tt_device.cpp (the simulator path writes CTRL_2 0, CTRL_1, base, limit,
 *   target, then CTRL_2 REGION_EN; no +0x1C/+0x20); windows 4..7 through the iATU, 0..3
 *   bypassing it: tenstorrent/tt-system-firmware lib/tenstorrent/bh_arc/pcie.c
 *   (SetupOutboundTlbs, atu_bypass) and jasondavies/tt-isa-documentation
 *   BlackholeA0/PCIExpressTile/README.md ("NoC to Host"); 16 inbound regions: the same README;
 *   the DBI at NoC window 62 (0xF800_0000_0000_0000): tt-system-firmware pcie.c
 *   (DBI_PCIE_TLB_ID, SetupDbiAccess) and tt-kmd blackhole.c (PCIE_DBI_ADDR).
 * Assumptions: every word resets to 0 (every region disabled); base and limit are compared as
 *   written (the controller's region granularity, which hard-wires the low bits, is not
 *   modeled); overlapping regions: the lowest index wins.
 * Not modeled: the inbound iATU's effect (stored only; the README says firmware leaves it
 *   unused), region types other than memory (REGION_CTRL_1's type is stored, not checked),
 *   the DMA engines, the DBI's other registers.
 * Timing: none (a BAR2 access is answered at once, as the TLB configuration words are).
 */
#ifndef BH_PCIE_DBI_H
#define BH_PCIE_DBI_H
#include <stdint.h>
#include "model/common/bh_common.h"
#include "model/pcie/pcie_cfg.h"
#ifdef __cplusplus
extern "C" {
#endif

#define PCIE_BAR2_BYTES (1u << 20)
#define PCIE_DBI_IATU 0x1000u          /* BAR2 offset of the iATU */
#define PCIE_IATU_REGIONS 16           /* per direction */
#define PCIE_IATU_STRIDE 0x200u        /* outbound region i at PCIE_DBI_IATU + i x stride */
#define PCIE_IATU_INBOUND 0x100u       /* inbound region i: outbound's address + this */
#define PCIE_IATU_WORDS 9              /* words of a region, +0x00..+0x20 */
#define PCIE_IATU_REGION_EN (1u << 31) /* REGION_CTRL_2 */
#define PCIE_IATU_INCREASE_REGION_SIZE (1u << 13) /* REGION_CTRL_1 */

enum { /* a region's words, by index (offset / 4) */
       PCIE_IATU_CTRL_1,
       PCIE_IATU_CTRL_2,
       PCIE_IATU_LOWER_BASE,
       PCIE_IATU_UPPER_BASE,
       PCIE_IATU_LOWER_LIMIT,
       PCIE_IATU_LOWER_TARGET,
       PCIE_IATU_UPPER_TARGET,
       PCIE_IATU_CTRL_3,
       PCIE_IATU_UPPER_LIMIT,
};

typedef struct PcieDbi {
    /* the regions' words as written: [0] outbound, [1] inbound */
    uint32_t iatu[2][PCIE_IATU_REGIONS][PCIE_IATU_WORDS];
} PcieDbi;

void pcie_dbi_reset(PcieDbi *d);
/* off: a multiple of 4 below PCIE_BAR2_BYTES, else BH_ERR_ADDR. cfg: the configuration space
 * the DBI's first 4 KiB show. */
BhStatus pcie_dbi_read32(const PcieDbi *d, const PcieCfg *cfg, uint32_t off, uint32_t *val);
BhStatus pcie_dbi_write32(PcieDbi *d, PcieCfg *cfg, uint32_t off, uint32_t val);
/* The outbound iATU applied to addr, an offset in an outbound-iATU window: 1 and *host when an
 * enabled region covers it, else 0 and *host = addr (identity). */
int pcie_dbi_outbound(const PcieDbi *d, uint64_t addr, uint64_t *host);

#ifdef __cplusplus
}
#endif
#endif
