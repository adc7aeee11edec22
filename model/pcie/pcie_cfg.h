/* model/pcie/pcie_cfg.h - the PCIe tile's PCI configuration space (type 0 header, one PCI
 * Express capability) and the decode of host physical addresses into its three BARs.
 *
 * Interface (the host's configuration accesses, through the PCIe tile, pcie_tile.h):
 *   pcie_cfg_read32 / pcie_cfg_write32  one aligned 32-bit word at offset off of the 4 KiB space
 *   pcie_cfg_bar_decode                 host physical address -> (BAR 0/2/4, offset), once the
 *                                       host has assigned the BARs
 * Registers (offsets from the PCI Local Bus / PCI Express Base specifications, standard):
 *   0x00 vendor/device (RO), 0x04 command (memory space, bus master, parity/SERR enables,
 *   INTx disable writable; resets to 0) / status (capabilities-list bit set, the rest reads
 *   0), 0x08 revision / class code (RO), 0x0C header type 0, 0x10..0x24 BAR0, BAR2, BAR4 as
 *   64-bit pairs, 0x2C subsystem vendor/device (RO), 0x34 capabilities pointer -> 0x70, 0x3C
 *   interrupt line (RW byte); 0x70 PCI Express capability: device capabilities (max payload
 *   supported), device control (MPS, MRRS writable), link capabilities / status (Gen5 x16).
 *   Every other offset reads 0 and ignores writes, as reserved configuration space does.
 *   Dword 0x04 therefore reads 0x0010_0000 until the host writes the command register.
 * Command register: resets to 0 (PCI Local Bus 3.0, 6.2.2: the host's OS sets memory space
 *   and bus master when it enables the device). BAR decode does not depend on memory space
 *   enable, nor device requests on bus master: a libttsim host never writes the command
 *   register (tenstorrent/tt-umd device/tt_device/tt_sim_tt_device.cpp initialize_backend
 *   reads IDs and BARs only) and ttsim answers its BAR accesses with the register 0; a host
 *   that sets the bits sees them read back.
 * BAR sizing: a BAR's address bits below its size are hard-wired to 0 and its low dword keeps
 *   its type bits (64-bit, prefetchable), so writing all ones and reading back gives the size
 *   mask; whatever the host writes afterwards is the assigned base.
 * Timing: none (configuration accesses are untimed here).
 * Sources:
 *   vendor 0x1E52, device 0xB140: tenstorrent/tt-kmd enumerate.h (PCI_VENDOR_ID_TENSTORRENT,
 *     PCI_DEVICE_ID_BLACKHOLE)
 *   BAR0 512 MiB, BAR2 1 MiB, BAR4 32 GiB: jasondavies/tt-isa-documentation
 *     BlackholeA0/PCIExpressTile/README.md ("Host MMU"); tenstorrent/tt-zephyr-platforms
 *     lib/tenstorrent/bh_arc/pcie.c (PCIE_BAR{0,2,4}_SIZE_DEFAULT_MB 512/1/32768, the masks
 *     it programs are size - 1)
 *   class 0x12 (processing accelerator): lspci names Blackhole boards "Processing
 *     accelerators" (tenstorrent/tt-vscode-toolkit content/lessons/hardware-detection.md);
 *     sub-class and programming interface 0 are assumptions
 *   PCIe 5.0 x16: BlackholeA0/PCIExpressTile/README.md
 *   PCI Express capability at 0x70: the controller's DBI mirrors this space from offset 0
 *     (pcie_dbi.h), and tenstorrent/tt-kmd pcie.h reads device control / status there at
 *     DBI_DEVICE_CONTROL_DEVICE_STATUS 0x78, the capability's word at +8
 *   status capabilities-list bit: PCI Express Base 5.0, 7.5.1.1.4 (hard-wired 1 in every
 *     PCI Express function, which must have the PCI Express capability)
 * Assumptions (no public source): revision 0; subsystem device 0x0040 (the p150a card type
 *   of tt-kmd blackhole.c; its Galaxy subsystem ID 0x0047 equals the Galaxy card type); all
 *   three BARs 64-bit (BAR1/3/5 are never mentioned); none prefetchable (ttsim reports BAR4
 *   non-prefetchable, and no public lspci of a Blackhole card shows otherwise; the type bits
 *   are set by CntlInitV2, which tt-zephyr-platforms lib/tenstorrent/bh_arc/pcie.c calls in
 *   a binary library, with only the BAR masks visible); max payload
 *   supported 512 B; interrupt pin 0; the capability list holds only the PCI Express
 *   capability (the controller's power management / MSI capabilities before it are not
 *   modeled, so the pointer goes straight to 0x70).
 * Not modeled: extended capabilities (AER, ...), MSI/MSI-X, power management, the expansion
 *   ROM, status error bits (always 0), I/O space.
 */
#ifndef BH_PCIE_CFG_H
#define BH_PCIE_CFG_H
#include <stdint.h>
#include "model/common/bh_common.h"
#ifdef __cplusplus
extern "C" {
#endif

#define PCIE_CFG_BYTES 4096u
#define PCIE_CFG_BARS 3 /* BAR0, BAR2, BAR4: index i is BAR 2i */
#define PCIE_CFG_CAP_OFF 0x70u

/* Command register bits (PCI Local Bus Specification 3.0, 6.2.2) */
#define PCIE_CMD_MEM_SPACE (1u << 1)
#define PCIE_CMD_BUS_MASTER (1u << 2)

/* Parameters: name, default, min, max, meaning. The platform makes each the key
 * "pcie.cfg.<name>" (platform/params.def, BH_PARAM_BLOCK). */
#define PCIE_CFG_PARAMS(X)                                                                         \
    X(vendor_id, 0x1E52, 0, 0xFFFF, "PCI vendor ID (tt-kmd enumerate.h)")                          \
    X(device_id, 0xB140, 0, 0xFFFF, "PCI device ID of Blackhole (tt-kmd enumerate.h)")             \
    X(revision_id, 0x00, 0, 0xFF, "revision ID (assumption)")                                      \
    X(class_code, 0x120000, 0, 0xFFFFFF,                                                           \
      "class, sub-class, prog-if: processing accelerator (lspci; sub-class 0 assumed)")            \
    X(subsystem_id, 0x0040, 0, 0xFFFF, "subsystem device ID (assumption: p150a card type)")        \
    X(bar0_log2, 29, 12, 40, "log2 of BAR0's size (512 MiB)")                                      \
    X(bar2_log2, 20, 12, 40, "log2 of BAR2's size (1 MiB)")                                        \
    X(bar4_log2, 35, 12, 40, "log2 of BAR4's size (32 GiB)")                                       \
    X(prefetch_mask, 0, 0, 0x7, "bit i: BAR 2i is prefetchable (assumption: none, as ttsim)")      \
    X(mps_supported_bytes, 512, 128, 4096,                                                         \
      "max payload size supported, a power of two (assumption)")                                   \
    X(link_speed, 5, 1, 5, "max and current link speed code (5: 32 GT/s, PCIe 5.0)")               \
    X(link_width, 16, 1, 16, "max and negotiated link width, lanes (x16)")

typedef struct PcieCfgConfig {
#define PCIE_CFG_X_FIELD(name, def, lo, hi, doc) uint32_t name;
    PCIE_CFG_PARAMS(PCIE_CFG_X_FIELD)
#undef PCIE_CFG_X_FIELD
} PcieCfgConfig;

typedef struct PcieCfg {
    PcieCfgConfig cfg;                /* copied at init */
    uint64_t bar_mask[PCIE_CFG_BARS]; /* size - 1 of each BAR */
    uint64_t bar_base[PCIE_CFG_BARS]; /* address bits the host wrote (size-aligned) */
    uint16_t command;                 /* writable bits of the command register */
    uint16_t dev_ctrl;                /* PCIe device control (MPS [7:5], MRRS [14:12], ...) */
    uint8_t int_line;                 /* interrupt line (scratch for the host) */
} PcieCfg;

PcieCfgConfig pcie_cfg_config_default(void);
BhStatus pcie_cfg_config_check(const PcieCfgConfig *c, char *why, size_t why_len);
BhStatus pcie_cfg_init(PcieCfg *p, const PcieCfgConfig *c); /* also resets */
void pcie_cfg_reset(PcieCfg *p);
/* off: byte offset, a multiple of 4 below PCIE_CFG_BYTES, else BH_ERR_ADDR */
BhStatus pcie_cfg_read32(const PcieCfg *p, uint32_t off, uint32_t *val);
BhStatus pcie_cfg_write32(PcieCfg *p, uint32_t off, uint32_t val);
/* BH_OK: *bar (0, 2 or 4) and *offset; BH_ERR_ADDR: no assigned BAR holds host_addr (a BAR
 * whose base is 0 counts as unassigned). Memory space enable is not required (above). */
BhStatus pcie_cfg_bar_decode(const PcieCfg *p, uint64_t host_addr, int *bar, uint64_t *offset);
/* Device control's max payload size and max read request size, bytes */
uint32_t pcie_cfg_mps_bytes(const PcieCfg *p);
uint32_t pcie_cfg_mrrs_bytes(const PcieCfg *p);

#ifdef __cplusplus
}
#endif
#endif
