// SPDX-License-Identifier: Apache-2.0
#include "model/mem/bh_sparse_mem.h"
#include <stdlib.h>
#include <string.h>

#define PAGE_SHIFT 12
#define TABLE_SHIFT 9
#define TABLE_MASK (BH_SPARSE_TABLE_ENTRIES - 1u)

_Static_assert(BH_SPARSE_PAGE_BYTES == 1u << PAGE_SHIFT, "page size and shift disagree");
_Static_assert(BH_SPARSE_TABLE_ENTRIES == 1u << TABLE_SHIFT, "table size and shift disagree");

BhStatus bh_sparse_init(BhSparseMem *m, uint64_t size_bytes)
{
    memset(m, 0, sizeof *m);
    if (size_bytes == 0 || size_bytes % BH_SPARSE_PAGE_BYTES || size_bytes > BH_SPARSE_MAX_BYTES)
        return BH_ERR_CONFIG;
    const uint64_t pages = size_bytes >> PAGE_SHIFT;
    const uint64_t entries = (pages + TABLE_MASK) >> TABLE_SHIFT;
    m->dir = calloc((size_t)entries, sizeof *m->dir);
    if (!m->dir)
        return BH_ERR_FULL;
    m->dir_entries = (uint32_t)entries;
    m->size_bytes = size_bytes;
    return BH_OK;
}

void bh_sparse_destroy(BhSparseMem *m)
{
    if (m->dir) {
        for (uint32_t hi = 0; hi < m->dir_entries; hi++) {
            uint8_t **table = m->dir[hi];
            if (!table)
                continue;
            for (uint32_t lo = 0; lo < BH_SPARSE_TABLE_ENTRIES; lo++)
                free(table[lo]);
            free(table);
        }
        free(m->dir);
    }
    memset(m, 0, sizeof *m);
}

static int in_range(const BhSparseMem *m, uint64_t addr, uint64_t len)
{
    /* written so that addr + len never wraps */
    return len <= m->size_bytes && addr <= m->size_bytes - len;
}

static uint8_t *page_find(const BhSparseMem *m, uint64_t page)
{
    uint8_t **table = m->dir[page >> TABLE_SHIFT];
    return table ? table[page & TABLE_MASK] : NULL;
}

/* Returns the page, allocating its table and itself (zero-filled) if needed; NULL when the
 * host is out of memory. */
static uint8_t *page_alloc(BhSparseMem *m, uint64_t page)
{
    uint8_t ***slot = &m->dir[page >> TABLE_SHIFT];
    if (!*slot) {
        *slot = calloc(BH_SPARSE_TABLE_ENTRIES, sizeof **slot);
        if (!*slot)
            return NULL;
    }
    uint8_t **p = &(*slot)[page & TABLE_MASK];
    if (!*p) {
        *p = calloc(1, BH_SPARSE_PAGE_BYTES);
        if (!*p)
            return NULL;
        m->pages++;
    }
    return *p;
}

static int all_zero(const uint8_t *b, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        if (b[i])
            return 0;
    return 1;
}

/* Length of the piece of [addr, addr+len) that lies in addr's page. */
static uint64_t chunk_len(uint64_t addr, uint64_t len)
{
    const uint64_t room = BH_SPARSE_PAGE_BYTES - (addr & (BH_SPARSE_PAGE_BYTES - 1u));
    return BH_MIN(len, room);
}

BhStatus bh_sparse_read(const BhSparseMem *m, uint64_t addr, void *buf, uint64_t len)
{
    if (!in_range(m, addr, len))
        return BH_ERR_ADDR;
    BH_ASSERT(buf || len == 0);
    uint8_t *out = buf;
    while (len) {
        const uint64_t n = chunk_len(addr, len);
        const uint8_t *p = page_find(m, addr >> PAGE_SHIFT);
        if (p)
            memcpy(out, p + (addr & (BH_SPARSE_PAGE_BYTES - 1u)), (size_t)n);
        else
            memset(out, 0, (size_t)n);
        out += n;
        addr += n;
        len -= n;
    }
    return BH_OK;
}

BhStatus bh_sparse_write(BhSparseMem *m, uint64_t addr, const void *buf, uint64_t len)
{
    if (!in_range(m, addr, len))
        return BH_ERR_ADDR;
    BH_ASSERT(buf || len == 0);
    const uint8_t *in = buf;

    /* 1. Allocate every page the data needs first, so running out of host memory leaves
     *    the contents untouched (new pages read as zeros, as before). A zero chunk aimed
     *    at an absent page needs no page. */
    for (uint64_t a = addr, left = len, off = 0; left;) {
        const uint64_t n = chunk_len(a, left);
        if (!page_find(m, a >> PAGE_SHIFT) && !all_zero(in + off, n) &&
            !page_alloc(m, a >> PAGE_SHIFT))
            return BH_ERR_FULL;
        a += n;
        off += n;
        left -= n;
    }

    /* 2. Copy into the pages that exist. */
    while (len) {
        const uint64_t n = chunk_len(addr, len);
        uint8_t *p = page_find(m, addr >> PAGE_SHIFT);
        if (p)
            memcpy(p + (addr & (BH_SPARSE_PAGE_BYTES - 1u)), in, (size_t)n);
        in += n;
        addr += n;
        len -= n;
    }
    return BH_OK;
}

uint64_t bh_sparse_resident_bytes(const BhSparseMem *m)
{
    uint64_t tables = 0;
    for (uint32_t hi = 0; hi < m->dir_entries; hi++)
        tables += m->dir[hi] != NULL;
    return m->pages * BH_SPARSE_PAGE_BYTES + (uint64_t)m->dir_entries * sizeof *m->dir +
           tables * BH_SPARSE_TABLE_ENTRIES * sizeof **m->dir;
}
