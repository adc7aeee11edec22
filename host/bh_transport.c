// SPDX-License-Identifier: Apache-2.0
/* host/bh_transport.c - how the host library reaches the chip (host.transport).
 *
 * pcie (the default): as a driver does, through BAR0's 2 MiB TLB windows over the timed host
 * link (platform/bhsim.h, bh_chip_pci_*). BAR0 comes from configuration space at open. A small
 * cache maps (rectangle, multicast, address >> 21) to one of windows 0..BH_HX_WINDOWS-1 and
 * reprograms the least recently used one when none fits, three 32-bit words written to its
 * configuration (BAR0 + 0x1FC0_0000 + 12 x index) as tt-umd writes them. Accesses are split at
 * window boundaries. Writes are posted on the link (bh_chip_pci_write returns once the link
 * took them) and go out as acknowledged NoC writes (ordering 0), so each write's id tells when
 * its bytes landed; the transport keeps the ids still in flight and a fence
 * (hx_fence: bh_chip_pci_wait on each) waits for them. A read fences first, so it sees every
 * earlier write, then waits for its data (bh_chip_pci_read). A configuration word written on
 * the link before a window's data is decoded before it (the tile decodes each TLP as it
 * arrives), so reprogramming a window needs no fence.
 * Multicast: a core range whose NoC0 rectangle holds no enabled Tensix tile outside the range
 * (harvested tiles and other kinds take no multicast) is written once through a multicast
 * window on NoC0; otherwise core by core.
 *
 * backdoor: bh_chip_mem_write / bh_chip_mem_read, no simulated time (fast set-up, not what
 * silicon does); fences do nothing. */
#include <stdlib.h>
#include <string.h>
#include "host/bh_host_internal.h"

#define WINDOW_BITS 21u
#define WINDOW_BYTES (1ull << WINDOW_BITS)
#define TLB_CONFIG_OFF 0x1FC00000ull
#define FENCE_MAX_CYCLES 100000000ull
#define PCI_VENDOR_TENSTORRENT 0x1E52u

uint64_t hx_now_ps(const BhDevice *dev)
{
    return bh_chip_time_ps(dev->chip);
}

/* the phases as the timeline's host track names them */
static const char *const hx_phase_name[HX_PHASES] = {
    [HX_FIRMWARE] = "firmware and bank tables",
    [HX_UPLOAD] = "kernel upload",
    [HX_RTA] = "runtime arguments",
    [HX_LAUNCH] = "launch (CBs, semaphores, message)",
    [HX_BUF_WRITE] = "buffer write",
    [HX_BUF_READ] = "buffer read",
    [HX_BOOT_POLL] = "waiting for boot",
    [HX_DONE_POLL] = "waiting for done (kernels run)",
};

void hx_account(BhDevice *dev, BhHxPhase phase, uint64_t since_ps)
{
    if (dev->hx.in_bulk) /* a bulk transfer's own launch and polls: the buffer phase's time */
        return;
    const uint64_t now = hx_now_ps(dev);
    dev->hx.phase_ps[phase] += now - since_ps;
    bh_chip_host_span(dev->chip, hx_phase_name[phase], since_ps, now);
}

int hx_open(BhDevice *dev)
{
    BhTransport *t = &dev->hx;
    char mode[32] = "";
    if (bh_chip_param_text(dev->chip, "host.transport", mode, sizeof mode) != BH_CHIP_OK)
        return bh_host_fail(dev, "host.transport: cannot read this key");
    t->pcie = strcmp(mode, "backdoor") != 0;
    if (!t->pcie)
        return 0;
    if ((bh_chip_pci_config_read32(dev->chip, 0x00) & 0xFFFFu) != PCI_VENDOR_TENSTORRENT)
        return bh_host_fail(dev, "host.transport=pcie: the chip has no PCIe tile facing the "
                                 "host (host.transport=backdoor reaches it without one)");
    const uint32_t lo = bh_chip_pci_config_read32(dev->chip, 0x10);
    const uint32_t hi = bh_chip_pci_config_read32(dev->chip, 0x14);
    t->bar0 = ((uint64_t)hi << 32) | (lo & ~0xFu);
    static const char *const windows[] = {"noc.deadlock_cycles", "tensix.deadlock_cycles"};
    for (int i = 0; i < 2; i++) {
        char v[32] = "0";
        bh_chip_param_text(dev->chip, windows[i], v, sizeof v);
        const uint64_t c = strtoull(v, NULL, 10);
        t->quiet_cycles = c > t->quiet_cycles ? c : t->quiet_cycles;
    }
    hx_bulk_open(dev);
    return 0;
}

void hx_close(BhDevice *dev)
{
    free(dev->hx.pending);
    dev->hx.pending = NULL;
}

/* Programs window i: local_offset [42:0], x_end [48:43], y_end [54:49], x_start [60:55],
 * y_start [66:61], noc_sel 67 (NoC0), mcast 69, ordering [71:70] (0: acknowledged writes) */
/* why a BAR access failed: the chip stopped, or it refused the access */
static const char *pci_why(const BhDevice *dev, BhChipStatus st)
{
    return st == BH_CHIP_ERR_SIM ? bh_chip_error(dev->chip) : bh_chip_refusal(dev->chip);
}

static int program_window(BhDevice *dev, uint32_t i, const BhHxWindow *w)
{
    const uint64_t lo = w->page | ((uint64_t)w->x1 << 43) | ((uint64_t)w->y1 << 49) |
                        ((uint64_t)w->x0 << 55) | ((uint64_t)(w->y0 & 7u) << 61);
    const uint32_t words[3] = {(uint32_t)lo, (uint32_t)(lo >> 32),
                               ((uint32_t)w->y0 >> 3) | ((uint32_t)w->mcast << 5)};
    for (uint32_t k = 0; k < 3; k++) {
        const BhChipStatus st = bh_chip_pci_write(
            dev->chip, dev->hx.bar0 + TLB_CONFIG_OFF + 12u * i + 4u * k, &words[k], 4, NULL);
        if (st != BH_CHIP_OK)
            return bh_host_fail(dev, "cannot program TLB %u: %s", i, pci_why(dev, st));
    }
    dev->hx.tlb_programs++;
    return 0;
}

/* The window that maps `want` (its page included), programming the least recently used one
 * if none does; -1 on failure */
static int window_for(BhDevice *dev, const BhHxWindow *want)
{
    BhTransport *t = &dev->hx;
    uint32_t lru = 0;
    for (uint32_t i = 0; i < BH_HX_WINDOWS; i++) {
        BhHxWindow *w = &t->win[i];
        if (w->valid && w->page == want->page && w->mcast == want->mcast && w->x0 == want->x0 &&
            w->y0 == want->y0 && w->x1 == want->x1 && w->y1 == want->y1) {
            w->used = ++t->tick;
            return (int)i;
        }
        if (!w->valid || w->used < t->win[lru].used)
            lru = i;
        if (!w->valid)
            break;
    }
    t->win[lru] = *want;
    t->win[lru].valid = 1;
    t->win[lru].used = ++t->tick;
    return program_window(dev, lru, &t->win[lru]) == 0 ? (int)lru : -1;
}

static int remember(BhDevice *dev, uint64_t id)
{
    BhTransport *t = &dev->hx;
    if (t->n_pending == t->cap_pending) { /* drop the writes that landed, else grow */
        uint32_t n = 0;
        for (uint32_t i = 0; i < t->n_pending; i++)
            if (bh_chip_pci_done(dev->chip, t->pending[i], NULL) == 0)
                t->pending[n++] = t->pending[i];
        t->n_pending = n;
    }
    if (t->n_pending == t->cap_pending) {
        const uint32_t cap = t->cap_pending ? 2 * t->cap_pending : 256;
        uint64_t *p = realloc(t->pending, cap * sizeof *p);
        if (!p)
            return bh_host_fail(dev, "out of memory");
        t->pending = p;
        t->cap_pending = cap;
    }
    t->pending[t->n_pending++] = id;
    return 0;
}

/* through windows shaped like `shape` (rectangle, multicast), split at window boundaries */
static int pcie_access(BhDevice *dev, BhHxWindow shape, uint64_t addr, uint8_t *data, uint64_t len,
                       int write)
{
    if (!write && hx_fence(dev) != 0)
        return -1;
    while (len) {
        shape.page = addr >> WINDOW_BITS;
        const uint64_t off = addr & (WINDOW_BYTES - 1);
        const uint32_t n = (uint32_t)(len < WINDOW_BYTES - off ? len : WINDOW_BYTES - off);
        const int i = window_for(dev, &shape);
        if (i < 0)
            return -1;
        const uint64_t paddr = dev->hx.bar0 + (uint64_t)i * WINDOW_BYTES + off;
        uint64_t id = 0;
        const BhChipStatus st = write ? bh_chip_pci_write(dev->chip, paddr, data, n, &id)
                                      : bh_chip_pci_read(dev->chip, paddr, data, n);
        if (st != BH_CHIP_OK)
            return bh_host_fail(dev, "pcie: %s %u bytes at 0x%llx of tile (%u,%u)%s: %s",
                                write ? "writing" : "reading", n, (unsigned long long)addr,
                                shape.x0, shape.y0, shape.mcast ? " (multicast)" : "",
                                pci_why(dev, st));
        if (write && remember(dev, id) != 0)
            return -1;
        if (write)
            dev->hx.bytes_written += n;
        else
            dev->hx.bytes_read += n;
        addr += n, data += n, len -= n;
    }
    return 0;
}

static BhHxWindow unicast(uint32_t x, uint32_t y)
{
    BhHxWindow w;
    memset(&w, 0, sizeof w);
    w.x0 = w.x1 = (uint8_t)x;
    w.y0 = w.y1 = (uint8_t)y;
    return w;
}

int hx_write(BhDevice *dev, uint32_t x, uint32_t y, uint64_t addr, const void *data, uint64_t len)
{
    if (dev->hx.pcie)
        return pcie_access(dev, unicast(x, y), addr, (uint8_t *)(uintptr_t)data, len, 1);
    if (bh_chip_mem_write(dev->chip, x, y, addr, data, len) != BH_CHIP_OK)
        return bh_host_fail(dev, "cannot write %llu bytes at 0x%llx of tile (%u,%u)",
                            (unsigned long long)len, (unsigned long long)addr, x, y);
    return 0;
}

int hx_read(BhDevice *dev, uint32_t x, uint32_t y, uint64_t addr, void *data, uint64_t len)
{
    if (dev->hx.pcie)
        return pcie_access(dev, unicast(x, y), addr, data, len, 0);
    if (bh_chip_mem_read(dev->chip, x, y, addr, data, len) != BH_CHIP_OK)
        return bh_host_fail(dev, "cannot read %llu bytes at 0x%llx of tile (%u,%u)",
                            (unsigned long long)len, (unsigned long long)addr, x, y);
    return 0;
}

/* 1 if the NoC0 rectangle of logical range r holds no enabled Tensix tile outside r */
static int multicast_exact(const BhDevice *dev, const BhCoreRange *r)
{
    const uint32_t x0 = dev->wx[r->y0 * dev->cols + r->x0], y0 = dev->wy[r->y0 * dev->cols + r->x0];
    const uint32_t x1 = dev->wx[r->y1 * dev->cols + r->x1], y1 = dev->wy[r->y1 * dev->cols + r->x1];
    uint32_t receivers = 0;
    for (uint32_t y = y0; y <= y1; y++)
        for (uint32_t x = x0; x <= x1; x++) {
            const char *kind = bh_chip_tile_kind(dev->chip, x, y);
            receivers +=
                kind && !strcmp(kind, "tensix") && bh_chip_tile_index(dev->chip, x, y, NULL) >= 0;
        }
    return receivers == (r->x1 - r->x0 + 1) * (r->y1 - r->y0 + 1);
}

int hx_write_range(BhDevice *dev, const BhCoreRange *r, uint64_t addr, const void *data,
                   uint64_t len)
{
    const int single = r->x0 == r->x1 && r->y0 == r->y1;
    if (dev->hx.pcie && !single && multicast_exact(dev, r)) {
        BhHxWindow w;
        memset(&w, 0, sizeof w);
        w.x0 = (uint8_t)dev->wx[r->y0 * dev->cols + r->x0];
        w.y0 = (uint8_t)dev->wy[r->y0 * dev->cols + r->x0];
        w.x1 = (uint8_t)dev->wx[r->y1 * dev->cols + r->x1];
        w.y1 = (uint8_t)dev->wy[r->y1 * dev->cols + r->x1];
        w.mcast = 1;
        dev->hx.mcast_writes++;
        return pcie_access(dev, w, addr, (uint8_t *)(uintptr_t)data, len, 1);
    }
    for (uint32_t y = r->y0; y <= r->y1; y++)
        for (uint32_t x = r->x0; x <= r->x1; x++) {
            const uint32_t w = y * dev->cols + x;
            if (hx_write(dev, dev->wx[w], dev->wy[w], addr, data, len) != 0)
                return -1;
        }
    return 0;
}

int hx_fence(BhDevice *dev)
{
    BhTransport *t = &dev->hx;
    for (uint32_t i = 0; i < t->n_pending; i++) {
        if (bh_chip_pci_done(dev->chip, t->pending[i], NULL) == 0 &&
            bh_chip_pci_wait(dev->chip, t->pending[i], FENCE_MAX_CYCLES) != BH_CHIP_OK) {
            t->n_pending = 0;
            return bh_host_fail(dev, "pcie: waiting for the host's writes to land: %s",
                                bh_chip_error(dev->chip));
        }
    }
    t->n_pending = 0;
    return 0;
}

void bh_device_host_times(const BhDevice *dev, BhHostTimes *out)
{
    const BhTransport *t = &dev->hx;
    memset(out, 0, sizeof *out);
    out->transport = t->pcie ? "pcie" : "backdoor";
    out->firmware_ps = t->phase_ps[HX_FIRMWARE];
    out->upload_ps = t->phase_ps[HX_UPLOAD];
    out->rta_ps = t->phase_ps[HX_RTA];
    out->launch_ps = t->phase_ps[HX_LAUNCH];
    out->buffer_write_ps = t->phase_ps[HX_BUF_WRITE];
    out->buffer_read_ps = t->phase_ps[HX_BUF_READ];
    out->boot_poll_ps = t->phase_ps[HX_BOOT_POLL];
    out->done_poll_ps = t->phase_ps[HX_DONE_POLL];
    out->bytes_written = t->bytes_written;
    out->bytes_read = t->bytes_read;
    out->tlb_programs = t->tlb_programs;
    out->mcast_writes = t->mcast_writes;
    out->bulk_bytes = t->bulk_bytes;
    out->copy_ps = t->copy_ps;
}

#define HX_X_ROW(field, key, kind, text) BH_STAT_ROW_(BhHostTimes, field, key, kind, text)
static const BhStat host_stats[] = {BH_HOST_STATS(HX_X_ROW)};
#undef HX_X_ROW
const BhStatTable bh_host_stat_table = {"BhHostTimes", "program (host workloads)", host_stats,
                                        sizeof host_stats / sizeof host_stats[0]};
