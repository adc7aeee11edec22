// SPDX-License-Identifier: Apache-2.0
/* BAR2: the PCIe controller's DBI and its outbound iATU (pcie_dbi.h). */
#include "model/pcie/pcie_dbi.h"
#include <string.h>

#define IATU_END (PCIE_DBI_IATU + PCIE_IATU_REGIONS * PCIE_IATU_STRIDE)

void pcie_dbi_reset(PcieDbi *d)
{
    memset(d, 0, sizeof *d);
}

/* BAR2 offset off as an index into the flattened iatu array, or -1 where the iATU holds no
 * word (reads 0, writes ignored). */
static int iatu_index(uint32_t off)
{
    if (off < PCIE_DBI_IATU || off >= IATU_END)
        return -1;
    const uint32_t rel = off - PCIE_DBI_IATU, region = rel / PCIE_IATU_STRIDE;
    const uint32_t in_region = rel % PCIE_IATU_STRIDE;
    const uint32_t word = in_region % PCIE_IATU_INBOUND / 4;
    if (word >= PCIE_IATU_WORDS)
        return -1;
    const uint32_t dir = in_region >= PCIE_IATU_INBOUND;
    return (int)((dir * PCIE_IATU_REGIONS + region) * PCIE_IATU_WORDS + word);
}

BhStatus pcie_dbi_read32(const PcieDbi *d, const PcieCfg *cfg, uint32_t off, uint32_t *val)
{
    if (off % 4 || off >= PCIE_BAR2_BYTES)
        return BH_ERR_ADDR;
    if (off < PCIE_CFG_BYTES)
        return pcie_cfg_read32(cfg, off, val);
    const int i = iatu_index(off);
    *val = i < 0 ? 0 : (&d->iatu[0][0][0])[i];
    return BH_OK;
}

BhStatus pcie_dbi_write32(PcieDbi *d, PcieCfg *cfg, uint32_t off, uint32_t val)
{
    if (off % 4 || off >= PCIE_BAR2_BYTES)
        return BH_ERR_ADDR;
    if (off < PCIE_CFG_BYTES)
        return pcie_cfg_write32(cfg, off, val);
    const int i = iatu_index(off);
    if (i >= 0)
        (&d->iatu[0][0][0])[i] = val;
    return BH_OK; /* the rest: ignored (pcie_dbi.h) */
}

int pcie_dbi_outbound(const PcieDbi *d, uint64_t addr, uint64_t *host)
{
    for (uint32_t i = 0; i < PCIE_IATU_REGIONS; i++) {
        const uint32_t *r = d->iatu[0][i];
        if (!(r[PCIE_IATU_CTRL_2] & PCIE_IATU_REGION_EN))
            continue;
        const uint64_t base = (uint64_t)r[PCIE_IATU_UPPER_BASE] << 32 | r[PCIE_IATU_LOWER_BASE];
        const uint32_t limit_hi = r[PCIE_IATU_CTRL_1] & PCIE_IATU_INCREASE_REGION_SIZE
                                      ? r[PCIE_IATU_UPPER_LIMIT]
                                      : r[PCIE_IATU_UPPER_BASE];
        const uint64_t limit = (uint64_t)limit_hi << 32 | r[PCIE_IATU_LOWER_LIMIT];
        if (addr < base || addr > limit)
            continue;
        const uint64_t target =
            (uint64_t)r[PCIE_IATU_UPPER_TARGET] << 32 | r[PCIE_IATU_LOWER_TARGET];
        *host = target + (addr - base);
        return 1;
    }
    *host = addr;
    return 0;
}
