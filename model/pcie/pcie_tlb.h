/* model/pcie/pcie_tlb.h - the PCIe tile's host-to-device TLBs and what a host BAR access hits.
 *
 * Interface (the PCIe tile, pcie_tile.h; a host BAR access after pcie_cfg_bar_decode):
 *   pcie_tlb_cfg_read32 / _write32  the configuration words at BAR0 + PCIE_TLB_CFG_BAR0:
 *                                   three per TLB (low32, mid32, high32 at 12 x index), then
 *                                   one "strided" word for each of TLBs 0..31; drivers write
 *                                   them one 32-bit word at a time (pcie_tlb_regs.def)
 *   pcie_bar_access_decode          (BAR, offset, length) -> a TLB window with its NoC target,
 *                                   the TLB configuration words, NIU #0/#1's registers, ARC,
 *                                   BAR2's DBI words (pcie_dbi.h), or an error naming the BAR
 *                                   and offset
 *   pcie_tlb_get / pcie_tlb_set     a TLB's fields decoded from / encoded into its words
 * A TLB window's NoC address is (local_offset << log2(window size)) + offset in the window;
 * unicast goes to (x_end, y_end), multicast to the rectangle (x_start, y_start)..(x_end, y_end)
 * on NoC noc_sel. Coordinates are taken as the host wrote them: the PCIe NIU's coordinate
 * translation (docs/hardware.md#coordinates; firmware enables it, so hosts then write
 * translated coordinates) is the NIU's job, applied where the PCIe tile (pcie_tile_tlp.c) turns
 * a PcieTarget into a NocRequest.
 * Timing: none here; the TLB windows' transactions are timed by the NoC and pcie_link.
 * Sources: pcie_tlb_regs.def (fields, BAR0 map); 210 TLBs = 202 x 2 MiB in BAR0 + 8 x 4 GiB
 *   in BAR4, TLB 201 the kernel driver's: jasondavies/tt-isa-documentation
 *   BlackholeA0/PCIExpressTile/HostToDeviceTLBs.md and tenstorrent/tt-kmd blackhole.c
 *   (TLB_2M_WINDOW_COUNT 202, TLB_4G_WINDOW_COUNT 8, TLB_REG_SIZE 12, KERNEL_TLB_INDEX;
 *   blackhole_init: only BAR4 size / 4 GiB of the 4 GiB TLBs are reachable); ARC only on
 *   PCIe 1: BlackholeA0/PCIExpressTile/README.md.
 * Assumptions: configuration words reset to 0; reserved bits are stored as written; the
 *   configuration region takes only aligned 32-bit accesses.
 * Not modeled: strided / quadrant-excluding multicast (the strided word is stored and
 *   decoded, but an access through a multicast TLB that asks for keep/skip or exclusion is
 *   BH_ERR_UNSUPPORTED); the ordering modes' effect is not here (reported in the target,
 *   applied by the PCIe tile through pcie_order.h); the reserved holes (errors).
 */
#ifndef BH_PCIE_TLB_H
#define BH_PCIE_TLB_H
#include <stdint.h>
#include "model/common/bh_common.h"
#include "model/common/bh_region.h"
#ifdef __cplusplus
extern "C" {
#endif

#define PCIE_TLB_2M_COUNT 202
#define PCIE_TLB_4G_COUNT 8
#define PCIE_TLB_COUNT (PCIE_TLB_2M_COUNT + PCIE_TLB_4G_COUNT)
#define PCIE_TLB_STRIDED_COUNT 32
#define PCIE_TLB_KERNEL_INDEX 201 /* reserved for the kernel driver */
#define PCIE_TLB_2M_SHIFT 21
#define PCIE_TLB_4G_SHIFT 32
#define PCIE_TLB_CFG_BAR0 0x1FC00000u /* BAR0 offset of the configuration words */
#define PCIE_TLB_CFG_WORDS (3 * PCIE_TLB_COUNT + PCIE_TLB_STRIDED_COUNT)
#define PCIE_TLB_CFG_BYTES (4u * PCIE_TLB_CFG_WORDS) /* 0xA58 */
#define PCIE_TLB_STRIDED_OFF (12u * PCIE_TLB_COUNT)  /* first strided word, 0x9D8 */
#define PCIE_BAR0_BYTES (512ull << 20)
#define PCIE_BAR4_BYTES (32ull << 30)

typedef enum PcieOrdering {
    PCIE_ORDER_DEFAULT = 0,
    PCIE_ORDER_STRICT = 1,  /* strict AXI */
    PCIE_ORDER_POSTED = 2,  /* posted writes */
    PCIE_ORDER_COUNTED = 3, /* counted writes */
} PcieOrdering;

/* A TLB's fields (pcie_tlb_regs.def), by name */
typedef struct PcieTlbCfg {
#define PCIE_TLB_FIELD(name, f2, b2, f4, b4, doc) uint64_t name;
#define PCIE_TLB_STRIDE(name, first, bits, doc)
#define PCIE_BAR0_REGION(name, base, size, kind, doc)
#include "model/pcie/pcie_tlb_regs.def"
#undef PCIE_TLB_FIELD
#undef PCIE_TLB_STRIDE
#undef PCIE_BAR0_REGION
} PcieTlbCfg;

/* The strided word's fields (TLBs 0..31) */
typedef struct PcieTlbStride {
#define PCIE_TLB_FIELD(name, f2, b2, f4, b4, doc)
#define PCIE_TLB_STRIDE(name, first, bits, doc) uint32_t name;
#define PCIE_BAR0_REGION(name, base, size, kind, doc)
#include "model/pcie/pcie_tlb_regs.def"
#undef PCIE_TLB_FIELD
#undef PCIE_TLB_STRIDE
#undef PCIE_BAR0_REGION
} PcieTlbStride;

typedef enum PcieTargetKind {
    PCIE_TGT_NONE,
    PCIE_TGT_TLB,     /* a TLB window: NoC transaction(s) */
    PCIE_TGT_TLB_CFG, /* the TLB configuration words: pcie_tlb_cfg_read32/_write32 */
    PCIE_TGT_NIU,     /* NIU #niu's registers (NoC/MemoryMap.md offsets) */
    PCIE_TGT_ARC,     /* PCIe 1: the ARC window */
    PCIE_TGT_DBI,     /* BAR2: the controller's DBI and iATU (pcie_dbi.h), aligned words */
} PcieTargetKind;

typedef struct PcieTarget {
    uint8_t kind;          /* PcieTargetKind */
    uint8_t bar;           /* 0, 2 or 4 */
    uint8_t niu;           /* PCIE_TGT_NIU: 0 or 1 */
    uint16_t tlb;          /* PCIE_TGT_TLB: index 0..209 */
    uint64_t offset;       /* offset of the access in the window / region it hit */
    uint64_t window_bytes; /* PCIE_TGT_TLB: 2 MiB or 4 GiB */
    /* PCIE_TGT_TLB: the NoC transaction */
    uint64_t noc_addr;    /* address in the target tile(s) */
    uint8_t noc;          /* 0 or 1 */
    uint8_t mcast;        /* 1: to the rectangle rect */
    uint8_t x, y;         /* unicast target (x_end, y_end), coordinates as written */
    uint8_t rect[4];      /* multicast: start x, start y, end x, end y (start > end wraps) */
    uint8_t ordering;     /* PcieOrdering */
    uint8_t linked;       /* hold the VC for the following packets */
    uint8_t static_vc;    /* use vc_buddy / vc_class as given */
    uint8_t vc_buddy;     /* static_vc: buddy bit */
    uint8_t vc_class;     /* static_vc: class bits */
    uint8_t strided;      /* TLBs 0..31, multicast: keep/skip or exclusion requested */
    PcieTlbStride stride; /* TLBs 0..31: the strided word's fields (else 0) */
} PcieTarget;

/* Parameters: name, default, min, max, meaning. The platform makes each the key
 * "pcie.tlb.<name>" (BH_PARAM_BLOCK). */
#define PCIE_TLB_PARAMS(X)                                                                         \
    X(instance, 0, 0, 1,                                                                           \
      "which PCIe tile faces the host: 0 (p150, NoC0 (2,0)) or 1 (p100, (11,0)); only PCIe 1 "     \
      "maps ARC at BAR0 0x1FE0_0000")                                                              \
    X(bar4_windows, PCIE_TLB_4G_COUNT, 0, PCIE_TLB_4G_COUNT,                                       \
      "4 GiB TLBs reachable through BAR4 (its size / 4 GiB)")

typedef struct PcieTlbsConfig {
#define PCIE_TLB_X_FIELD(name, def, lo, hi, doc) uint32_t name;
    PCIE_TLB_PARAMS(PCIE_TLB_X_FIELD)
#undef PCIE_TLB_X_FIELD
} PcieTlbsConfig;

typedef struct PcieTlbs {
    PcieTlbsConfig cfg;
    uint32_t words[PCIE_TLB_CFG_WORDS]; /* as at BAR0 + PCIE_TLB_CFG_BAR0 */
} PcieTlbs;

PcieTlbsConfig pcie_tlbs_config_default(void);
BhStatus pcie_tlbs_config_check(const PcieTlbsConfig *c, char *why, size_t why_len);
BhStatus pcie_tlbs_init(PcieTlbs *t, const PcieTlbsConfig *c); /* also resets */
/* off: offset in the configuration region, 4-aligned, below PCIE_TLB_CFG_BYTES */
BhStatus pcie_tlb_cfg_read32(const PcieTlbs *t, uint32_t off, uint32_t *val);
BhStatus pcie_tlb_cfg_write32(PcieTlbs *t, uint32_t off, uint32_t val);
/* The configuration words as a region (bh_region.h; dev: the PcieTlbs): aligned 32-bit words */
extern const BhRegionOps pcie_tlb_cfg_region;
/* idx < PCIE_TLB_COUNT; set truncates each field to its width */
void pcie_tlb_get(const PcieTlbs *t, uint32_t idx, PcieTlbCfg *out);
void pcie_tlb_set(PcieTlbs *t, uint32_t idx, const PcieTlbCfg *in);
void pcie_tlb_get_stride(const PcieTlbs *t, uint32_t idx, PcieTlbStride *out); /* idx < 32 */
/* What an access of len bytes at offset of BAR bar hits. BH_OK: *out. BH_ERR_ADDR: outside
 * the BAR, a reserved hole, past the reachable 4 GiB TLBs, ARC on PCIe 0, or crossing the
 * end of the window / region it starts in; BH_ERR_ACCESS: len 0, or not an aligned 32-bit
 * access of the configuration words or BAR2; BH_ERR_UNSUPPORTED: strided multicast (*out is
 * filled). The reason, naming the BAR and offset, in why. */
BhStatus pcie_bar_access_decode(const PcieTlbs *t, int bar, uint64_t offset, uint32_t len,
                                PcieTarget *out, char *why, size_t why_len);

#ifdef __cplusplus
}
#endif
#endif
