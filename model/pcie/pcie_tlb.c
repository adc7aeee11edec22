// SPDX-License-Identifier: Apache-2.0
/* The PCIe tile's host-to-device TLBs and BAR decode (pcie_tlb.h, pcie_tlb_regs.def). */
#include "model/pcie/pcie_tlb.h"
#include "model/pcie/pcie_dbi.h"
#include <stdio.h>
#include <string.h>

typedef struct Field {
    uint8_t first[2], bits[2]; /* [0]: 2 MiB layout, [1]: 4 GiB layout */
} Field;

enum {
#define PCIE_TLB_FIELD(name, f2, b2, f4, b4, doc) F_##name,
#define PCIE_TLB_STRIDE(name, first, bits, doc)
#define PCIE_BAR0_REGION(name, base, size, kind, doc)
#include "model/pcie/pcie_tlb_regs.def"
#undef PCIE_TLB_FIELD
#undef PCIE_TLB_STRIDE
#undef PCIE_BAR0_REGION
    NUM_FIELDS
};

static const Field fields[NUM_FIELDS] = {
#define PCIE_TLB_FIELD(name, f2, b2, f4, b4, doc) {{f2, f4}, {b2, b4}},
#define PCIE_TLB_STRIDE(name, first, bits, doc)
#define PCIE_BAR0_REGION(name, base, size, kind, doc)
#include "model/pcie/pcie_tlb_regs.def"
#undef PCIE_TLB_FIELD
#undef PCIE_TLB_STRIDE
#undef PCIE_BAR0_REGION
};

static const struct {
    const char *name;
    uint32_t base, size;
    uint8_t kind;
} regions[] = {
#define PCIE_TLB_FIELD(name, f2, b2, f4, b4, doc)
#define PCIE_TLB_STRIDE(name, first, bits, doc)
#define PCIE_BAR0_REGION(nm, b, sz, k, doc) {#nm, b, sz, PCIE_TGT_##k},
#include "model/pcie/pcie_tlb_regs.def"
#undef PCIE_TLB_FIELD
#undef PCIE_TLB_STRIDE
#undef PCIE_BAR0_REGION
};

static uint64_t mask_of(uint32_t bits)
{
    return bits >= 64 ? ~0ull : (1ull << bits) - 1;
}

/* bits [first, first + n) of the 96-bit value w[0] | w[1] << 32 | w[2] << 64, n <= 64 */
static uint64_t get_bits(const uint32_t *w, uint32_t first, uint32_t n)
{
    uint64_t v = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t b = first + i;
        v |= (uint64_t)(w[b / 32] >> (b % 32) & 1) << i;
    }
    return v;
}

static void set_bits(uint32_t *w, uint32_t first, uint32_t n, uint64_t v)
{
    for (uint32_t i = 0; i < n; i++) {
        uint32_t b = first + i;
        w[b / 32] = (w[b / 32] & ~(1u << (b % 32))) | (uint32_t)(v >> i & 1) << (b % 32);
    }
}

PcieTlbsConfig pcie_tlbs_config_default(void)
{
    PcieTlbsConfig c;
#define PCIE_TLB_X_DEFAULT(name, def, lo, hi, doc) c.name = (def);
    PCIE_TLB_PARAMS(PCIE_TLB_X_DEFAULT)
#undef PCIE_TLB_X_DEFAULT
    return c;
}

/* a function, so that a bound of 0 draws no always-false warning */
static int out_of_range(uint32_t v, uint32_t lo, uint32_t hi)
{
    return v < lo || v > hi;
}

BhStatus pcie_tlbs_config_check(const PcieTlbsConfig *c, char *why, size_t len)
{
#define PCIE_TLB_X_CHECK(name, def, lo, hi, doc)                                                   \
    if (out_of_range(c->name, (lo), (hi))) {                                                       \
        snprintf(why, len, "%s: must be %u..%u, got %u", #name, (unsigned)(lo), (unsigned)(hi),    \
                 c->name);                                                                         \
        return BH_ERR_CONFIG;                                                                      \
    }
    PCIE_TLB_PARAMS(PCIE_TLB_X_CHECK)
#undef PCIE_TLB_X_CHECK
    return BH_OK;
}

BhStatus pcie_tlbs_init(PcieTlbs *t, const PcieTlbsConfig *c)
{
    char why[128];
    if (pcie_tlbs_config_check(c, why, sizeof why) != BH_OK)
        return BH_ERR_CONFIG;
    memset(t, 0, sizeof *t);
    t->cfg = *c;
    return BH_OK;
}

BhStatus pcie_tlb_cfg_read32(const PcieTlbs *t, uint32_t off, uint32_t *val)
{
    if (off % 4 || off >= PCIE_TLB_CFG_BYTES)
        return BH_ERR_ADDR;
    *val = t->words[off / 4];
    return BH_OK;
}

BhStatus pcie_tlb_cfg_write32(PcieTlbs *t, uint32_t off, uint32_t val)
{
    if (off % 4 || off >= PCIE_TLB_CFG_BYTES)
        return BH_ERR_ADDR;
    t->words[off / 4] = val;
    return BH_OK;
}

void pcie_tlb_get(const PcieTlbs *t, uint32_t idx, PcieTlbCfg *out)
{
    BH_ASSERT(idx < PCIE_TLB_COUNT);
    const uint32_t *w = &t->words[3 * idx];
    const int l = idx >= PCIE_TLB_2M_COUNT;
#define PCIE_TLB_FIELD(name, f2, b2, f4, b4, doc)                                                  \
    out->name = get_bits(w, fields[F_##name].first[l], fields[F_##name].bits[l]);
#define PCIE_TLB_STRIDE(name, first, bits, doc)
#define PCIE_BAR0_REGION(name, base, size, kind, doc)
#include "model/pcie/pcie_tlb_regs.def"
#undef PCIE_TLB_FIELD
#undef PCIE_TLB_STRIDE
#undef PCIE_BAR0_REGION
}

void pcie_tlb_set(PcieTlbs *t, uint32_t idx, const PcieTlbCfg *in)
{
    BH_ASSERT(idx < PCIE_TLB_COUNT);
    uint32_t *w = &t->words[3 * idx];
    const int l = idx >= PCIE_TLB_2M_COUNT;
#define PCIE_TLB_FIELD(name, f2, b2, f4, b4, doc)                                                  \
    set_bits(w, fields[F_##name].first[l], fields[F_##name].bits[l],                               \
             in->name &mask_of(fields[F_##name].bits[l]));
#define PCIE_TLB_STRIDE(name, first, bits, doc)
#define PCIE_BAR0_REGION(name, base, size, kind, doc)
#include "model/pcie/pcie_tlb_regs.def"
#undef PCIE_TLB_FIELD
#undef PCIE_TLB_STRIDE
#undef PCIE_BAR0_REGION
}

void pcie_tlb_get_stride(const PcieTlbs *t, uint32_t idx, PcieTlbStride *out)
{
    BH_ASSERT(idx < PCIE_TLB_STRIDED_COUNT);
    const uint32_t w = t->words[PCIE_TLB_STRIDED_OFF / 4 + idx];
#define PCIE_TLB_FIELD(name, f2, b2, f4, b4, doc)
#define PCIE_TLB_STRIDE(name, first, bits, doc) out->name = w >> (first) & ((1u << (bits)) - 1);
#define PCIE_BAR0_REGION(name, base, size, kind, doc)
#include "model/pcie/pcie_tlb_regs.def"
#undef PCIE_TLB_FIELD
#undef PCIE_TLB_STRIDE
#undef PCIE_BAR0_REGION
}

/* A TLB window access: the TLB's NoC target. */
static BhStatus decode_window(const PcieTlbs *t, int bar, uint64_t offset, uint32_t idx,
                              uint64_t in_win, PcieTarget *out, char *why, size_t len)
{
    PcieTlbCfg c;
    pcie_tlb_get(t, idx, &c);
    const uint32_t shift = idx < PCIE_TLB_2M_COUNT ? PCIE_TLB_2M_SHIFT : PCIE_TLB_4G_SHIFT;
    out->kind = PCIE_TGT_TLB;
    out->tlb = (uint16_t)idx;
    out->offset = in_win;
    out->window_bytes = 1ull << shift;
    out->noc_addr = (c.local_offset << shift) + in_win;
    out->noc = (uint8_t)c.noc_sel;
    out->mcast = (uint8_t)c.mcast;
    out->x = (uint8_t)c.x_end;
    out->y = (uint8_t)c.y_end;
    out->rect[0] = (uint8_t)c.x_start;
    out->rect[1] = (uint8_t)c.y_start;
    out->rect[2] = (uint8_t)c.x_end;
    out->rect[3] = (uint8_t)c.y_end;
    out->ordering = (uint8_t)c.ordering;
    out->linked = (uint8_t)c.linked;
    out->static_vc = (uint8_t)c.static_vc;
    out->vc_buddy = (uint8_t)c.static_vc_buddy;
    out->vc_class = (uint8_t)c.static_vc_class;
    if (idx < PCIE_TLB_STRIDED_COUNT) {
        const PcieTlbStride *s = &out->stride;
        pcie_tlb_get_stride(t, idx, &out->stride);
        out->strided =
            c.mcast && ((s->x_keep && s->x_skip) || (s->y_keep && s->y_skip) || s->apply_exclusion);
        if (out->strided) {
            snprintf(why, len,
                     "BAR%d offset 0x%llx: TLB %u asks for strided or quadrant-excluding "
                     "multicast (strided word 0x%08x), not modeled",
                     bar, (unsigned long long)offset, idx,
                     t->words[PCIE_TLB_STRIDED_OFF / 4 + idx]);
            return BH_ERR_UNSUPPORTED;
        }
    }
    return BH_OK;
}

BhStatus pcie_bar_access_decode(const PcieTlbs *t, int bar, uint64_t offset, uint32_t len,
                                PcieTarget *out, char *why, size_t why_len)
{
    memset(out, 0, sizeof *out);
    out->bar = (uint8_t)bar;
    const unsigned long long o = (unsigned long long)offset;
#define FAIL(st, ...)                                                                              \
    do {                                                                                           \
        snprintf(why, why_len, __VA_ARGS__);                                                       \
        return st;                                                                                 \
    } while (0)
    if (len == 0)
        FAIL(BH_ERR_ACCESS, "BAR%d offset 0x%llx: zero-length access", bar, o);
    if (bar == 2) {
        if (offset >= PCIE_BAR2_BYTES)
            FAIL(BH_ERR_ADDR, "BAR2 offset 0x%llx: beyond BAR2's 1 MiB", o);
        if (len != 4 || offset % 4)
            FAIL(BH_ERR_ACCESS,
                 "BAR2 offset 0x%llx: the controller's DBI takes aligned 32-bit accesses, got %u "
                 "bytes",
                 o, len);
        out->kind = PCIE_TGT_DBI;
        out->offset = offset;
        return BH_OK;
    }
    if (bar == 4) {
        uint64_t idx4 = offset >> PCIE_TLB_4G_SHIFT;
        if (offset >= PCIE_BAR4_BYTES || idx4 >= t->cfg.bar4_windows)
            FAIL(BH_ERR_ADDR, "BAR4 offset 0x%llx: beyond the %u reachable 4 GiB TLB windows", o,
                 t->cfg.bar4_windows);
        uint64_t in_win = offset & ((1ull << PCIE_TLB_4G_SHIFT) - 1);
        if (in_win + len > 1ull << PCIE_TLB_4G_SHIFT)
            FAIL(BH_ERR_ADDR, "BAR4 offset 0x%llx: %u bytes cross the end of TLB %u's window", o,
                 len, (unsigned)(PCIE_TLB_2M_COUNT + idx4));
        return decode_window(t, 4, offset, (uint32_t)(PCIE_TLB_2M_COUNT + idx4), in_win, out, why,
                             why_len);
    }
    if (bar != 0)
        FAIL(BH_ERR_ADDR, "BAR%d offset 0x%llx: the PCIe tile has BARs 0, 2 and 4 only", bar, o);
    if (offset >= PCIE_BAR0_BYTES)
        FAIL(BH_ERR_ADDR, "BAR0 offset 0x%llx: beyond BAR0's 512 MiB", o);
    for (size_t r = 0; r < BH_ARRAY_LEN(regions); r++) {
        if (offset < regions[r].base || offset >= (uint64_t)regions[r].base + regions[r].size)
            continue;
        uint64_t in = offset - regions[r].base;
        out->kind = regions[r].kind;
        out->offset = in;
        switch (regions[r].kind) {
        case PCIE_TGT_TLB: {
            uint32_t idx = (uint32_t)(offset >> PCIE_TLB_2M_SHIFT);
            uint64_t in_win = offset & ((1ull << PCIE_TLB_2M_SHIFT) - 1);
            if (in_win + len > 1ull << PCIE_TLB_2M_SHIFT)
                FAIL(BH_ERR_ADDR, "BAR0 offset 0x%llx: %u bytes cross the end of TLB %u's window",
                     o, len, idx);
            return decode_window(t, 0, offset, idx, in_win, out, why, why_len);
        }
        case PCIE_TGT_TLB_CFG:
            if (len != 4 || offset % 4)
                FAIL(BH_ERR_ACCESS,
                     "BAR0 offset 0x%llx: TLB configuration takes aligned 32-bit accesses, got "
                     "%u bytes",
                     o, len);
            return BH_OK;
        case PCIE_TGT_ARC:
            if (t->cfg.instance == 0)
                FAIL(BH_ERR_ADDR, "BAR0 offset 0x%llx: ARC window is reserved on PCIe 0", o);
            break;
        case PCIE_TGT_NIU:
            out->niu = regions[r].base == 0x1FD14000u;
            break;
        default:
            break;
        }
        if (in + len > regions[r].size)
            FAIL(BH_ERR_ADDR, "BAR0 offset 0x%llx: %u bytes cross the end of %s", o, len,
                 regions[r].name);
        return BH_OK;
    }
    FAIL(BH_ERR_ADDR, "BAR0 offset 0x%llx: reserved (nothing mapped)", o);
#undef FAIL
}

static BhStatus cfg_region_read(void *dev, BhRegionAccess *a)
{
    uint32_t v = 0; /* a->data may be any byte of a TLP's payload: not aligned for a uint32_t */
    const BhStatus st = pcie_tlb_cfg_read32(dev, a->off, &v);
    memcpy(a->data, &v, 4);
    return st;
}

static BhStatus cfg_region_write(void *dev, BhRegionAccess *a)
{
    uint32_t v;
    memcpy(&v, a->data, 4);
    return pcie_tlb_cfg_write32(dev, a->off, v);
}

const BhRegionOps pcie_tlb_cfg_region = {"TLB configuration",
                                         cfg_region_read,
                                         cfg_region_write,
                                         4,
                                         4,
                                         1 /* aligned */,
                                         0 /* answers at once */};
