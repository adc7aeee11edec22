// SPDX-License-Identifier: Apache-2.0
/* The host side of PCIe in the C API (platform/bhsim.h): configuration space, BAR accesses
 * over the timed link, host memory. A host read waits in simulated time: the PCIe block
 * pauses the simulation at the cycle the read's last completion arrives, so the host resumes
 * exactly then. */
#include "platform/bhsim_internal.h"

static PcieTlm *pcie_of(const BhChip *c)
{
    return c->chip ? c->target()->pcie() : nullptr;
}

/* Issues through `issue` until the link takes the access (advancing while it is full). */
template <typename Issue> static BhChipStatus host_access(BhChip *c, Issue issue, uint64_t *id)
{
    PcieTlm *p = pcie_of(c);
    if (!p)
        return BH_CHIP_ERR_ADDRESS;
    for (;;) {
        std::string why;
        BhStatus st;
        {
            Enter in(c);
            st = issue(p, id, &why);
        }
        if (st == BH_OK) {
            c->refusal.clear();
            return BH_CHIP_OK;
        }
        if (st != BH_ERR_FULL) { /* the reason, for bh_chip_refusal: nothing failed */
            c->refusal =
                why.empty() ? std::string("pcie: host access refused: ") + bh_status_name(st) : why;
            return st == BH_ERR_ADDR ? BH_CHIP_ERR_ADDRESS : BH_CHIP_ERR_CONFIG;
        }
        if (BhChipStatus s = advance_chip(c, 1, nullptr); s != BH_CHIP_OK)
            return s;
    }
}

/* Advances until host access `id` is done, at most max_cycles. */
static BhChipStatus pci_wait(BhChip *c, PcieTlm *p, uint64_t id, uint64_t max_cycles)
{
    if (p->done(id, nullptr, nullptr) < 0)
        return BH_CHIP_ERR_CONFIG;
    const uint64_t start = chip_now(c);
    struct Unawait { /* the simulation no longer pauses for it, however this returns */
        PcieTlm *p;
        ~Unawait()
        {
            p->await(UINT64_MAX);
        }
    } unawait{p};
    p->await(id);
    while (p->done(id, nullptr, nullptr) == 0) {
        const uint64_t spent = chip_now(c) - start;
        if (spent >= max_cycles) {
            const std::string why = "pcie: host access " + std::to_string(id) +
                                    " still in flight after " + std::to_string(max_cycles) +
                                    " cycles";
            if (c->host_driven) { /* a completion timeout: the host gets no data, the chip goes on
                                   */
                c->refusal = why + " (completion timeout)";
                return BH_CHIP_ERR_BUSY;
            }
            c->error = why;
            return BH_CHIP_ERR_SIM;
        }
        if (BhChipStatus st = advance_chip(c, max_cycles - spent,
                                           [p, id] { return p->done(id, nullptr, nullptr) != 0; });
            st != BH_CHIP_OK)
            return st;
    }
    return BH_CHIP_OK;
}

extern "C" {

BhChipStatus bh_chip_pcie_tile(const BhChip *c, uint32_t *x, uint32_t *y)
{
    return api_status(c, __func__, [&] {
        if (!pcie_of(c))
            return BH_CHIP_ERR_ADDRESS;
        const ChipPlan &plan = c->chip->plan();
        if (x) /* either may be NULL: the caller wants only the other */
            *x = plan.pcie.node0 % plan.grid->w;
        if (y)
            *y = plan.pcie.node0 / plan.grid->w;
        return BH_CHIP_OK;
    });
}

uint32_t bh_chip_pci_config_read32(BhChip *c, uint32_t offset)
{
    return api_value(c, __func__, 0xFFFFFFFFu, 0xFFFFFFFFu, [&] {
        PcieTlm *p = pcie_of(c);
        return p ? p->cfg_read32(offset) : 0xFFFFFFFFu;
    });
}

BhChipStatus bh_chip_pci_config_write32(BhChip *c, uint32_t offset, uint32_t value)
{
    return api_status(c, __func__, [&] {
        PcieTlm *p = pcie_of(c);
        if (!p)
            return BH_CHIP_ERR_ADDRESS;
        return p->cfg_write32(offset, value) == BH_OK ? BH_CHIP_OK : BH_CHIP_ERR_CONFIG;
    });
}

uint64_t bh_chip_cycle_ps(const BhChip *c, uint64_t cycle)
{
    /* saturates rather than wrap in femtoseconds */
    return api_value(c, __func__, uint64_t{0}, uint64_t{0},
                     [&] { return c->chip->clock().edge_ps(cycle); });
}

uint64_t bh_chip_time_ps(const BhChip *c)
{
    return api_value(c, __func__, uint64_t{0}, uint64_t{0}, [&] {
        Enter in(c);
        return Clock::ps_of(sc_core::sc_time_stamp());
    });
}

BhChipStatus bh_chip_pci_write(BhChip *c, uint64_t paddr, const void *data, uint32_t len,
                               uint64_t *id)
{
    return api_status(c, __func__, [&] {
        if (!data && len) {
            c->refusal = "pcie: host write of " + std::to_string(len) + " bytes from NULL";
            return BH_CHIP_ERR_CONFIG;
        }
        uint64_t tmp;
        return host_access(
            c,
            [&](PcieTlm *p, uint64_t *oid, std::string *why) {
                return p->host_write(paddr, data, len, oid, why);
            },
            id ? id : &tmp);
    });
}

int bh_chip_pci_done(const BhChip *c, uint64_t id, uint64_t *done_ps)
{
    return api_value(c, __func__, -1, -1, [&] {
        PcieTlm *p = pcie_of(c);
        return p ? p->done(id, nullptr, done_ps) : -1;
    });
}

BhChipStatus bh_chip_pci_wait(BhChip *c, uint64_t id, uint64_t max_cycles)
{
    return api_status(c, __func__, [&] {
        PcieTlm *p = pcie_of(c);
        return p ? pci_wait(c, p, id, max_cycles) : BH_CHIP_ERR_CONFIG;
    });
}

BhChipStatus bh_chip_pci_read(BhChip *c, uint64_t paddr, void *buf, uint32_t len)
{
    return api_status(c, __func__, [&] {
        if (!buf && len) {
            c->refusal = "pcie: host read of " + std::to_string(len) + " bytes into NULL";
            return BH_CHIP_ERR_CONFIG;
        }
        uint64_t id = 0;
        BhChipStatus st = host_access(
            c,
            [&](PcieTlm *p, uint64_t *oid, std::string *why) {
                return p->host_read(paddr, len, oid, why);
            },
            &id);
        /* a host-driven chip's reads end as PCIe reads do without a completion: after the
         * completion timeout, 50 us per load (a read is len / 4 loads at most), the lower end
         * of the PCIe Base specification's default range (50 us - 50 ms; assumption: no
         * Blackhole figure is published) */
        const uint64_t loads = len / 4 + 1;
        const uint64_t limit =
            c->host_driven ? (uint64_t)(50.0 * c->p.chip_aiclk_mhz) * loads : UINT64_MAX / 4;
        if (st == BH_CHIP_OK)
            st = pci_wait(c, pcie_of(c), id, limit);
        if (st == BH_CHIP_OK)
            pcie_of(c)->done(id, buf, nullptr);
        return st;
    });
}

void bh_chip_set_host_memory(BhChip *c, BhHostMemRead rd, BhHostMemWrite wr, void *ctx)
{
    api_void(c, __func__, [&] {
        if (PcieTlm *p = pcie_of(c))
            p->set_host_memory(rd, wr, ctx);
    });
}

BhChipStatus bh_chip_host_mem_read(BhChip *c, uint64_t addr, void *buf, uint64_t len)
{
    return api_status(c, __func__, [&] {
        if (!buf && len)
            return BH_CHIP_ERR_CONFIG;
        PcieTlm *p = pcie_of(c);
        return p && p->host_mem_read(addr, buf, len) ? BH_CHIP_OK : BH_CHIP_ERR_ADDRESS;
    });
}

int bh_chip_host_mem_own(const BhChip *c)
{
    return api_value(c, __func__, -1, -1, [&] {
        const PcieTlm *p = pcie_of(c);
        return p ? (p->host_mem_own() ? 1 : 0) : -1;
    });
}

BhChipStatus bh_chip_host_mem_write(BhChip *c, uint64_t addr, const void *data, uint64_t len)
{
    return api_status(c, __func__, [&] {
        if (!data && len)
            return BH_CHIP_ERR_CONFIG;
        PcieTlm *p = pcie_of(c);
        return p && p->host_mem_write(addr, data, len) ? BH_CHIP_OK : BH_CHIP_ERR_ADDRESS;
    });
}

} /* extern "C" */
