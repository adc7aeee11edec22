// SPDX-License-Identifier: Apache-2.0
/* The PCIe tile's configuration space (pcie_cfg.h). */
#include "model/pcie/pcie_cfg.h"
#include <stdio.h>
#include <string.h>

enum {
    OFF_ID = 0x00,
    OFF_CMD = 0x04,
    OFF_CLASS = 0x08,
    OFF_HDR = 0x0C,
    OFF_BAR0 = 0x10,
    OFF_BAR5_END = 0x28,
    OFF_SUBSYS = 0x2C,
    OFF_CAP_PTR = 0x34,
    OFF_INT = 0x3C,
    /* PCI Express capability (PCIe Base Specification 5.0, 7.5.3) */
    OFF_PCIE_CAP = PCIE_CFG_CAP_OFF,
    OFF_DEV_CAP = PCIE_CFG_CAP_OFF + 0x04,
    OFF_DEV_CTRL = PCIE_CFG_CAP_OFF + 0x08,
    OFF_LINK_CAP = PCIE_CFG_CAP_OFF + 0x0C,
    OFF_LINK_CTRL = PCIE_CFG_CAP_OFF + 0x10,
};

#define CMD_WRITABLE 0x0546u    /* memory space, bus master, parity, SERR, INTx disable */
#define STATUS_CAP_LIST 0x0010u /* status bit 4: a capability list exists */
#define PCIE_CAP_ID 0x10u
#define PCIE_CAP_VERSION 2u
#define DEV_CTRL_WRITABLE 0x7CFFu /* everything but bit 15 and reserved 8..9 kept simple */
#define DEV_CTRL_RESET (2u << 12) /* MPS 128 B (000b), MRRS 512 B (010b): spec reset values */
#define BAR_TYPE_64 0x4u
#define BAR_PREFETCH 0x8u

static uint32_t log2_u32(uint32_t v)
{
    uint32_t n = 0;
    while (v > 1) {
        v >>= 1;
        n++;
    }
    return n;
}

PcieCfgConfig pcie_cfg_config_default(void)
{
    PcieCfgConfig c;
#define PCIE_CFG_X_DEFAULT(name, def, lo, hi, doc) c.name = (def);
    PCIE_CFG_PARAMS(PCIE_CFG_X_DEFAULT)
#undef PCIE_CFG_X_DEFAULT
    return c;
}

/* a function, so that a bound of 0 draws no always-false warning */
static int out_of_range(uint32_t v, uint32_t lo, uint32_t hi)
{
    return v < lo || v > hi;
}

BhStatus pcie_cfg_config_check(const PcieCfgConfig *c, char *why, size_t len)
{
#define PCIE_CFG_X_CHECK(name, def, lo, hi, doc)                                                   \
    if (out_of_range(c->name, (lo), (hi))) {                                                       \
        snprintf(why, len, "%s: must be %u..%u, got %u", #name, (unsigned)(lo), (unsigned)(hi),    \
                 c->name);                                                                         \
        return BH_ERR_CONFIG;                                                                      \
    }
    PCIE_CFG_PARAMS(PCIE_CFG_X_CHECK)
#undef PCIE_CFG_X_CHECK
    if (c->mps_supported_bytes & (c->mps_supported_bytes - 1)) {
        snprintf(why, len, "mps_supported_bytes: must be a power of two, got %u",
                 c->mps_supported_bytes);
        return BH_ERR_CONFIG;
    }
    return BH_OK;
}

void pcie_cfg_reset(PcieCfg *p)
{
    memset(p->bar_base, 0, sizeof p->bar_base);
    p->command = 0;
    p->dev_ctrl = DEV_CTRL_RESET;
    p->int_line = 0;
}

BhStatus pcie_cfg_init(PcieCfg *p, const PcieCfgConfig *c)
{
    char why[128];
    if (pcie_cfg_config_check(c, why, sizeof why) != BH_OK)
        return BH_ERR_CONFIG;
    memset(p, 0, sizeof *p);
    p->cfg = *c;
    const uint32_t lg[PCIE_CFG_BARS] = {c->bar0_log2, c->bar2_log2, c->bar4_log2};
    for (int i = 0; i < PCIE_CFG_BARS; i++)
        p->bar_mask[i] = (1ull << lg[i]) - 1;
    pcie_cfg_reset(p);
    return BH_OK;
}

/* the low dword of BAR i: base bits above the size, then the type bits */
static uint32_t bar_low(const PcieCfg *p, int i)
{
    uint32_t type = BAR_TYPE_64 | (p->cfg.prefetch_mask >> i & 1 ? BAR_PREFETCH : 0);
    return (uint32_t)(p->bar_base[i] & 0xFFFFFFF0u) | type;
}

BhStatus pcie_cfg_read32(const PcieCfg *p, uint32_t off, uint32_t *val)
{
    if (off % 4 || off >= PCIE_CFG_BYTES)
        return BH_ERR_ADDR;
    const PcieCfgConfig *c = &p->cfg;
    uint32_t v = 0;
    if (off >= OFF_BAR0 && off < OFF_BAR5_END) {
        int i = (int)(off - OFF_BAR0) / 8;
        v = (off - OFF_BAR0) % 8 ? (uint32_t)((p->bar_base[i] & ~p->bar_mask[i]) >> 32)
                                 : bar_low(p, i);
        *val = v;
        return BH_OK;
    }
    switch (off) {
    case OFF_ID:
        v = c->device_id << 16 | c->vendor_id;
        break;
    case OFF_CMD:
        v = (uint32_t)STATUS_CAP_LIST << 16 | p->command;
        break;
    case OFF_CLASS:
        v = c->class_code << 8 | c->revision_id;
        break;
    case OFF_HDR:
        v = 0; /* header type 0, single function */
        break;
    case OFF_SUBSYS:
        v = c->subsystem_id << 16 | c->vendor_id;
        break;
    case OFF_CAP_PTR:
        v = PCIE_CFG_CAP_OFF;
        break;
    case OFF_INT:
        v = p->int_line; /* interrupt pin 0 */
        break;
    case OFF_PCIE_CAP:
        v = PCIE_CAP_VERSION << 16 | PCIE_CAP_ID; /* endpoint, next pointer 0 */
        break;
    case OFF_DEV_CAP:
        v = log2_u32(c->mps_supported_bytes / 128);
        break;
    case OFF_DEV_CTRL:
        v = p->dev_ctrl; /* device status 0 */
        break;
    case OFF_LINK_CAP:
        v = c->link_width << 4 | c->link_speed;
        break;
    case OFF_LINK_CTRL:
        v = (c->link_width << 4 | c->link_speed) << 16; /* status: current speed, width */
        break;
    default:
        v = 0;
    }
    *val = v;
    return BH_OK;
}

BhStatus pcie_cfg_write32(PcieCfg *p, uint32_t off, uint32_t val)
{
    if (off % 4 || off >= PCIE_CFG_BYTES)
        return BH_ERR_ADDR;
    if (off >= OFF_BAR0 && off < OFF_BAR5_END) {
        int i = (int)(off - OFF_BAR0) / 8;
        uint64_t b = p->bar_base[i];
        if ((off - OFF_BAR0) % 8)
            b = (b & 0xFFFFFFFFull) | (uint64_t)val << 32;
        else
            b = (b & ~0xFFFFFFFFull) | (val & 0xFFFFFFF0u);
        p->bar_base[i] = b & ~p->bar_mask[i]; /* bits below the size are hard-wired to 0 */
        return BH_OK;
    }
    switch (off) {
    case OFF_CMD:
        p->command = (uint16_t)(val & CMD_WRITABLE); /* status bits: RO 0 or RW1C of 0 */
        break;
    case OFF_INT:
        p->int_line = (uint8_t)val;
        break;
    case OFF_DEV_CTRL: {
        uint16_t v = (uint16_t)(val & DEV_CTRL_WRITABLE);
        uint32_t mps = v >> 5 & 7, mrrs = v >> 12 & 7;
        /* MPS above what device capabilities advertises, or a reserved MRRS code: keep old */
        if (128u << mps > p->cfg.mps_supported_bytes)
            v = (uint16_t)((v & ~(7u << 5)) | (p->dev_ctrl & (7u << 5)));
        if (mrrs > 5)
            v = (uint16_t)((v & ~(7u << 12)) | (p->dev_ctrl & (7u << 12)));
        p->dev_ctrl = v;
        break;
    }
    default:
        break; /* read-only or reserved: ignored */
    }
    return BH_OK;
}

BhStatus pcie_cfg_bar_decode(const PcieCfg *p, uint64_t host_addr, int *bar, uint64_t *offset)
{
    for (int i = 0; i < PCIE_CFG_BARS; i++) {
        uint64_t base = p->bar_base[i];
        if (base == 0 || base == ~p->bar_mask[i])
            continue; /* unassigned, or still holding the sizing pattern */
        if (host_addr >= base && host_addr - base <= p->bar_mask[i]) {
            *bar = 2 * i;
            *offset = host_addr - base;
            return BH_OK;
        }
    }
    return BH_ERR_ADDR;
}

uint32_t pcie_cfg_mps_bytes(const PcieCfg *p)
{
    return 128u << (p->dev_ctrl >> 5 & 7);
}

uint32_t pcie_cfg_mrrs_bytes(const PcieCfg *p)
{
    return 128u << (p->dev_ctrl >> 12 & 7);
}
