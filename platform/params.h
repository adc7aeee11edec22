/* platform/params.h - BhParams: one field per configuration key, generated from params.def. */
#ifndef BH_PARAMS_H
#define BH_PARAMS_H
#include <stdint.h>
#include "model/arc/arc.h"            /* ARC_PARAMS: the arc.* keys */
#include "model/dram/gddr6.h"         /* GDDR6_TIMINGS: the dram.t* keys */
#include "model/eth/eth_link.h"       /* ETH_LINK_PARAMS: the eth.link.* keys */
#include "model/eth/eth_mac.h"        /* ETH_MAC_PARAMS: the eth.mac.* keys */
#include "model/noc/noc_net.h"        /* NOC_PARAMS: the noc.* keys but deadlock_cycles */
#include "model/pcie/pcie_cfg.h"      /* PCIE_CFG_PARAMS: the pcie.cfg.* keys */
#include "model/pcie/pcie_host_cpu.h" /* PCIE_HOST_PARAMS: the pcie.host.* keys */
#include "model/pcie/pcie_link.h"     /* PCIE_LINK_PARAMS: the pcie.link.* keys */
#include "model/pcie/pcie_tlb.h"      /* PCIE_TLB_PARAMS: the pcie.tlb.* keys */
#include "model/riscv/rv_core.h"      /* RV_PARAMS: the riscv.* keys */
#include "model/tile/tile_map.h"      /* TILE_LATENCY_PARAMS: riscv.*_load_cycles */
#include "model/tile/l1.h"            /* L1_PARAMS: the l1.* keys */
#include "model/tile/tensix/mover.h"  /* MOVER_PARAMS: the mover.* keys */
#include "model/tile/tensix/thcon.h"  /* THCON_PARAMS: the thcon.* keys */
#ifdef __cplusplus
extern "C" {
#endif

#define BH_PARAM_STR_MAX 4096 /* workload.elf lists several programs by path */

typedef struct BhParams {
#define BH_PARAM_INT(f, k, d, lo, hi, doc) int64_t f;
#define BH_PARAM_REAL(f, k, d, lo, hi, doc) double f;
#define BH_PARAM_BOOL(f, k, d, doc) int f;
#define BH_PARAM_STR(f, k, d, doc) char f[BH_PARAM_STR_MAX];
#define BH_PARAM_ENUM(f, k, d, vals, doc) char f[BH_PARAM_STR_MAX];
#define BH_PARAM_BLOCK(f, k, type, table, defaults) type f;
#include "platform/params.def"
#undef BH_PARAM_INT
#undef BH_PARAM_REAL
#undef BH_PARAM_BOOL
#undef BH_PARAM_STR
#undef BH_PARAM_ENUM
#undef BH_PARAM_BLOCK
} BhParams;

#ifdef __cplusplus
}
#endif
#endif
