// SPDX-License-Identifier: Apache-2.0
/* tests/fuzz/fuzz_libttsim.c - libFuzzer harness for libbhsim's libttsim API (libttsim/
 * libttsim.c) as a careless host driver calls it: configuration reads and writes at any
 * offset and device, BAR reads and writes at any address and length (TLB configuration words
 * and NIU windows included, so windows end up aimed anywhere, translated or not), clocking,
 * DMA-callback traffic to a host buffer, and the status call. The library must never end the
 * process, and its status must stay one of libbhsim.h's.
 *
 * Records: one byte picks the call, the operands follow (missing bytes read as 0). The chip is
 * a process-wide singleton: it is made at the first input and again (libttsim_exit, then
 * libttsim_init) after an input that stopped it or every REMAKE_EVERY inputs. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "libttsim/libbhsim.h"

void libttsim_set_pci_dma_mem_callbacks(void (*rd)(uint64_t, void *, uint32_t),
                                        void (*wr)(uint64_t, const void *, uint32_t));
void libttsim_init(void);
void libttsim_exit(void);
uint32_t libttsim_pci_config_rd32(uint32_t bdf, uint32_t offset);
void libttsim_pci_config_wr32(uint32_t bdf, uint32_t offset, uint32_t data);
void libttsim_pci_mem_rd_bytes(uint64_t paddr, void *dst, uint32_t size);
void libttsim_pci_mem_wr_bytes(uint64_t paddr, const void *src, uint32_t size);
void libttsim_clock(uint32_t n);
void libttsim_tile_rd_bytes(uint32_t x, uint32_t y, uint64_t addr, void *dst, uint32_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define REMAKE_EVERY 64
#define HOST_BYTES (1u << 16)
#define XFER_MAX 8192u
#define CLOCK_BUDGET 20000u

static uint8_t host[HOST_BYTES];
static uint8_t buf[XFER_MAX];
static int made;
static unsigned inputs;

/* device DMA into a small host buffer: any address folds into it */
static void dma_rd(uint64_t a, void *dst, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        ((uint8_t *)dst)[i] = host[(a + i) % HOST_BYTES];
}

static void dma_wr(uint64_t a, const void *src, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        host[(a + i) % HOST_BYTES] = ((const uint8_t *)src)[i];
}

typedef struct Reader {
    const uint8_t *p;
    size_t n;
} Reader;

static uint8_t u8(Reader *r)
{
    if (!r->n)
        return 0;
    r->n--;
    return *r->p++;
}

static uint32_t u32(Reader *r)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++)
        v |= (uint32_t)u8(r) << (8 * i);
    return v;
}

/* an address near what a driver would touch: BAR0's windows and configuration, BAR2, BAR4,
 * or anywhere */
static uint64_t address(Reader *r, uint64_t bar0, uint64_t bar2, uint64_t bar4)
{
    const uint8_t k = u8(r);
    const uint32_t off = u32(r);
    switch (k & 7) {
    case 0:
        return bar0 + (off & 0x1FFFFFFFu);
    case 1:
        return bar0 + 0x1FC00000u + (off & 0xFFFu); /* TLB configuration */
    case 2:
        return bar2 + (off & 0xFFFFFu);
    case 3:
        return bar4 + off;
    case 4:
        return bar0 + (uint64_t)(off % 202u) * (2u << 20) + (u32(r) & 0x1FFFFFu);
    default: {
        const uint64_t hi = u32(r);
        return hi << 32 | off;
    }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!made || ++inputs % REMAKE_EVERY == 0) {
        if (made)
            libttsim_exit();
        libttsim_set_pci_dma_mem_callbacks(dma_rd, dma_wr);
        libttsim_init();
        made = 1;
    }
    const uint64_t bar0 = ((uint64_t)libttsim_pci_config_rd32(0, 0x14) << 32) |
                          (libttsim_pci_config_rd32(0, 0x10) & ~0xFu);
    const uint64_t bar2 = ((uint64_t)libttsim_pci_config_rd32(0, 0x1C) << 32) |
                          (libttsim_pci_config_rd32(0, 0x18) & ~0xFu);
    const uint64_t bar4 = ((uint64_t)libttsim_pci_config_rd32(0, 0x24) << 32) |
                          (libttsim_pci_config_rd32(0, 0x20) & ~0xFu);
    Reader r = {data, size};
    uint32_t clock_left = CLOCK_BUDGET;
    while (r.n) {
        switch (u8(&r) % 8) {
        case 0: {
            const uint32_t bdf = u8(&r) % 3 ? 0 : u32(&r), off = u32(&r) & 0x1FFF;
            (void)libttsim_pci_config_rd32(bdf, off);
            break;
        }
        case 1: { /* the header only: rewriting the capabilities is a host's own doing */
            const uint32_t bdf = u8(&r) % 3 ? 0 : u32(&r), off = u32(&r) & 0x3F, v = u32(&r);
            libttsim_pci_config_wr32(bdf, off, v);
            break;
        }
        case 2: {
            const uint64_t a = address(&r, bar0, bar2, bar4);
            const uint32_t n = u32(&r) % XFER_MAX;
            libttsim_pci_mem_rd_bytes(a, buf, n);
            break;
        }
        case 3: {
            const uint64_t a = address(&r, bar0, bar2, bar4);
            const uint32_t n = u32(&r) % XFER_MAX;
            for (uint32_t i = 0; i < n; i++)
                buf[i] = u8(&r);
            libttsim_pci_mem_wr_bytes(a, buf, n);
            break;
        }
        case 4: {
            const uint32_t n = u32(&r) % (clock_left + 1);
            clock_left -= n;
            libttsim_clock(n);
            break;
        }
        case 5: {
            const uint32_t x = u8(&r), y = u8(&r), a = u32(&r), n = u32(&r) % XFER_MAX;
            libttsim_tile_rd_bytes(x, y, a, buf, n);
            break;
        }
        default: {
            char msg[256];
            const int st = libbhsim_status(msg, sizeof msg);
            if (st < LIBBHSIM_OK || st > LIBBHSIM_NOT_INITIALISED) {
                fprintf(stderr, "fuzz_libttsim: status %d\n", st);
                abort();
            }
            break;
        }
        }
    }
    if (libbhsim_status(NULL, 0) == LIBBHSIM_STOPPED)
        inputs = REMAKE_EVERY - 1; /* a stopped chip is made again at the next input */
    return 0;
}
