// SPDX-License-Identifier: Apache-2.0
/* firmware/include/bh_niu.h - a Tensix core's two NIUs as RV32 code reaches them: the windows,
 * the command-buffer register offsets and the status counter indices. The offsets and indices
 * are generated from the model's table, model/noc/noc_niu_regs.def, so the firmware, the
 * kernels and the test programs never type them again. C and freestanding C++. */
#ifndef BH_FW_NIU_H
#define BH_FW_NIU_H
#include <stdint.h>

#define BH_NIU_BASE(noc) (0xFFB20000u + ((uint32_t)(noc) << 16)) /* NoC0, NoC1 */
#define BH_NIU_CMD_BUF_STRIDE 0x800u /* command buffer i at BH_NIU_BASE + i * stride */
#define BH_NIU_COUNTER_BASE 0x200u   /* counter i at BH_NIU_BASE + BH_NIU_COUNTER_BASE + 4 * i */

/* BH_NIU_TARG_ADDR_LO, ..., BH_NIU_CMD_CTRL, ...: offsets in a command buffer */
enum BhNiuReg {
#define NOC_CMD_REG(name, off, access, doc) BH_NIU_##name = off,
#include "model/noc/noc_niu_regs.def"
#undef NOC_CMD_REG
};

/* BH_NIU_MST_ATOMIC_RESP_RECEIVED, ...: counter indices (the per-ID ones: + transaction id) */
enum BhNiuCounter {
#define NOC_COUNTER(name, idx) BH_NIU_##name = idx,
#include "model/noc/noc_niu_regs.def"
#undef NOC_COUNTER
};

#endif
