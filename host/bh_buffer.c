// SPDX-License-Identifier: Apache-2.0
/* host/bh_buffer.c - interleaved buffers (bh_l1_layout.h BhBankTable): page i in bank
 * i % banks at the buffer's address + (i / banks) * the aligned page. DRAM space is handed out
 * upwards from 0 in every bank, L1 space downwards from the top of every worker's L1; both are
 * bump allocators, so freeing gives space back only for the most recent buffer (enough for
 * host programs that allocate, run and free in order). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/bh_host_internal.h"

#define DRAM_BANK_BYTES (4ull << 30)

static uint32_t banks_of(const BhDevice *dev, const BhBuffer *b)
{
    return b->type == BH_BUFFER_DRAM ? dev->n_dram : dev->n_workers;
}

/* NoC0 tile and address of page i */
static void page_place(const BhDevice *dev, const BhBuffer *b, uint64_t i, uint32_t *x, uint32_t *y,
                       uint64_t *addr)
{
    const uint32_t nb = banks_of(dev, b);
    const uint32_t bank = (uint32_t)(i % nb);
    *addr = b->addr + (i / nb) * b->aligned;
    *x = b->type == BH_BUFFER_DRAM ? dev->dram_x[bank] : dev->wx[bank];
    *y = b->type == BH_BUFFER_DRAM ? dev->dram_y[bank] : dev->wy[bank];
}

BhBuffer *bh_buffer_create(BhDevice *dev, BhBufferType type, uint64_t size, uint32_t page_size)
{
    if (!size || !page_size || page_size % 4) {
        bh_host_fail(dev,
                     "buffer: size %llu and page size %u must be non-zero, the page size a "
                     "multiple of 4",
                     (unsigned long long)size, page_size);
        return NULL;
    }
    BhBuffer *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->type = type;
    b->size = size;
    b->page_size = page_size;
    const uint32_t align = type == BH_BUFFER_DRAM ? 64 : 16;
    b->aligned = (page_size + align - 1) / align * align;
    const uint64_t pages = (size + page_size - 1) / page_size;
    const uint32_t nb = banks_of(dev, b);
    const uint64_t per_bank = (pages + nb - 1) / nb * b->aligned;
    if (type == BH_BUFFER_DRAM) {
        b->addr = dev->dram_top;
        b->end = dev->dram_top + per_bank;
        if (!dev->n_dram || b->end > DRAM_BANK_BYTES) {
            free(b);
            bh_host_fail(dev, "buffer: %llu bytes do not fit in DRAM", (unsigned long long)size);
            return NULL;
        }
        dev->dram_top = b->end;
    } else {
        const uint64_t floor = dev->cb_top > BH_L1_UNRESERVED ? dev->cb_top : BH_L1_UNRESERVED;
        if (per_bank > dev->l1_bottom - floor) { /* not over CBs a program placed */
            free(b);
            bh_host_fail(dev,
                         "buffer: %llu bytes do not fit in L1 (%llu bytes per worker, "
                         "0x%05x..0x%05llx free)",
                         (unsigned long long)size, (unsigned long long)per_bank, BH_L1_UNRESERVED,
                         (unsigned long long)dev->l1_bottom);
            return NULL;
        }
        b->addr = dev->l1_bottom - per_bank;
        b->end = dev->l1_bottom; /* L1 grows down: the mark above it */
        dev->l1_bottom = b->addr;
    }
    b->next = dev->buffers;
    dev->buffers = b;
    return b;
}

void bh_buffer_free(BhDevice *dev, BhBuffer *buf)
{
    for (BhBuffer **p = &dev->buffers; *p; p = &(*p)->next)
        if (*p == buf) {
            *p = buf->next;
            break;
        }
    if (buf->type == BH_BUFFER_DRAM && buf->end == dev->dram_top)
        dev->dram_top = buf->addr;
    if (buf->type == BH_BUFFER_L1 && buf->addr == dev->l1_bottom)
        dev->l1_bottom = buf->end;
    free(buf);
}

uint64_t bh_buffer_address(const BhBuffer *buf)
{
    return buf->addr;
}

uint64_t bh_buffer_size(const BhBuffer *buf)
{
    return buf->size;
}

uint32_t bh_buffer_page_size(const BhBuffer *buf)
{
    return buf->page_size;
}

/* Bank by bank: a bank's pages sit one after the other when the page needs no padding, so
 * they move as one access (gathered in host memory), else page by page. */
static int transfer(BhDevice *dev, const BhBuffer *buf, uint8_t *data, uint64_t len, int write)
{
    if (len != buf->size)
        return bh_host_fail(dev,
                            "buffer: %s %llu bytes of a %llu-byte buffer (the whole buffer "
                            "only)",
                            write ? "writing" : "reading", (unsigned long long)len,
                            (unsigned long long)buf->size);
    const uint64_t t0 = hx_now_ps(dev);
    const int bulk = hx_bulk(dev, buf, data, len, write);
    if (bulk <= 0) {
        hx_account(dev, write ? HX_BUF_WRITE : HX_BUF_READ, t0);
        if (bulk == 0)
            return 0;
        char why[BH_HOST_ERR];
        snprintf(why, sizeof why, "%s", dev->err);
        return bh_host_fail(dev, "buffer: %s", why);
    }
    const uint32_t nb = banks_of(dev, buf);
    const uint64_t pages = (len + buf->page_size - 1) / buf->page_size;
    const int slab = buf->aligned == buf->page_size && pages > nb;
    uint8_t *tmp = slab ? malloc((size_t)((pages + nb - 1) / nb * buf->page_size)) : NULL;
    if (slab && !tmp)
        return bh_host_fail(dev, "out of memory");
    int rc = 0;
    for (uint32_t b = 0; b < nb && b < pages && !rc; b++) {
        uint64_t n = 0; /* bytes of this bank's pages gathered in tmp */
        uint32_t x = 0, y = 0;
        uint64_t base = 0;
        page_place(dev, buf, b, &x, &y, &base);
        for (uint64_t i = b; i < pages && !rc; i += nb) {
            uint64_t addr;
            page_place(dev, buf, i, &x, &y, &addr);
            const uint64_t off = i * buf->page_size;
            const uint64_t m = len - off < buf->page_size ? len - off : buf->page_size;
            if (slab && write)
                memcpy(tmp + n, data + off, m);
            else if (!slab)
                rc = write ? hx_write(dev, x, y, addr, data + off, m)
                           : hx_read(dev, x, y, addr, data + off, m);
            n += m;
        }
        if (slab && !rc)
            rc = write ? hx_write(dev, x, y, base, tmp, n) : hx_read(dev, x, y, base, tmp, n);
        for (uint64_t i = b, k = 0; slab && !write && !rc && i < pages; i += nb, k++) {
            const uint64_t off = i * buf->page_size;
            memcpy(data + off, tmp + k * buf->page_size,
                   len - off < buf->page_size ? len - off : buf->page_size);
        }
    }
    free(tmp);
    if (!rc && write)
        rc = hx_fence(dev);
    hx_account(dev, write ? HX_BUF_WRITE : HX_BUF_READ, t0);
    if (rc) {
        char why[BH_HOST_ERR];
        snprintf(why, sizeof why, "%s", dev->err);
        return bh_host_fail(dev, "buffer: %s", why);
    }
    return 0;
}

int bh_buffer_write(BhDevice *dev, BhBuffer *buf, const void *data, uint64_t len)
{
    return transfer(dev, buf, (uint8_t *)(uintptr_t)data, len, 1);
}

int bh_buffer_read(BhDevice *dev, const BhBuffer *buf, void *data, uint64_t len)
{
    return transfer(dev, buf, data, len, 0);
}
