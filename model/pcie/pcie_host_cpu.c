// SPDX-License-Identifier: Apache-2.0
/* The host CPU's stores and loads to a BAR (pcie_host_cpu.h). */
#include "model/pcie/pcie_host_cpu.h"
#include <stdio.h>
#include <string.h>

static int pow2(uint32_t v)
{
    return v && !(v & (v - 1));
}

/* a function, so that a bound of 0 draws no always-false warning */
static int out_of_range(uint32_t v, uint32_t lo, uint32_t hi)
{
    return v < lo || v > hi;
}

PcieHostConfig pcie_host_config_default(void)
{
    PcieHostConfig c;
#define PCIE_HOST_X_DEFAULT(name, def, lo, hi, doc) c.name = (def);
    PCIE_HOST_PARAMS(PCIE_HOST_X_DEFAULT)
#undef PCIE_HOST_X_DEFAULT
    return c;
}

BhStatus pcie_host_config_check(const PcieHostConfig *c, const PcieLinkConfig *link, char *why,
                                size_t len)
{
#define REJECT(...)                                                                                \
    do {                                                                                           \
        snprintf(why, len, __VA_ARGS__);                                                           \
        return BH_ERR_CONFIG;                                                                      \
    } while (0)
#define PCIE_HOST_X_CHECK(name, def, lo, hi, doc)                                                  \
    if (out_of_range(c->name, (lo), (hi)))                                                         \
        REJECT("%s: must be %u..%u, got %u", #name, (unsigned)(lo), (unsigned)(hi), c->name);
    PCIE_HOST_PARAMS(PCIE_HOST_X_CHECK)
#undef PCIE_HOST_X_CHECK
    if (!pow2(c->wc_bytes) || (link && c->wc_bytes > link->mps_bytes))
        REJECT("wc_bytes: must be a power of two <= pcie.link.mps_bytes (%u), got %u",
               link ? link->mps_bytes : 4096u, c->wc_bytes);
    if (!pow2(c->load_bytes) || (link && c->load_bytes > link->mrrs_bytes))
        REJECT("load_bytes: must be a power of two <= pcie.link.mrrs_bytes (%u), got %u",
               link ? link->mrrs_bytes : 4096u, c->load_bytes);
    return BH_OK;
#undef REJECT
}

void pcie_host_cpu_init(PcieHostCpu *h, const PcieHostConfig *c)
{
    memset(h, 0, sizeof *h);
    h->cfg = *c;
}

uint64_t pcie_host_cpu_pieces(uint64_t addr, uint64_t bytes, uint32_t unit)
{
    return bytes ? (addr + bytes - 1) / unit - addr / unit + 1 : 0;
}

uint64_t pcie_host_cpu_write(PcieHostCpu *h, uint64_t now_ps, uint64_t addr, uint32_t bytes,
                             PcieLinkPace *pace)
{
    const uint64_t tlps = pcie_host_cpu_pieces(addr, bytes, h->cfg.wc_bytes);
    const uint64_t first = BH_MAX(now_ps, h->store_free_ps);
    *pace = (PcieLinkPace){.tlp_bytes = h->cfg.wc_bytes, .gap_ps = h->cfg.wc_gap_ps};
    h->store_free_ps = first + tlps * h->cfg.wc_gap_ps;
    h->wc_tlps += tlps;
    return first;
}

uint64_t pcie_host_cpu_read(PcieHostCpu *h, uint64_t now_ps, uint64_t addr, uint32_t bytes,
                            PcieLinkPace *pace)
{
    *pace =
        (PcieLinkPace){.tlp_bytes = h->cfg.load_bytes, .gap_ps = h->cfg.load_gap_ps, .serial = 1};
    h->loads += pcie_host_cpu_pieces(addr, bytes, h->cfg.load_bytes);
    return BH_MAX(now_ps, h->store_free_ps);
}
