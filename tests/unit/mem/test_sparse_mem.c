// SPDX-License-Identifier: Apache-2.0
#include "model/mem/bh_sparse_mem.h"
#include "tests/check.h"
#include <stdlib.h>
#include <string.h>

#define KIB 1024ull
#define MIB (1024ull * KIB)
#define GIB (1024ull * MIB)
#define PAGE BH_SPARSE_PAGE_BYTES

/* First-level directory for a memory of size bytes, as the header describes it. */
static uint64_t dir_bytes(uint64_t size)
{
    const uint64_t span = (uint64_t)PAGE * BH_SPARSE_TABLE_ENTRIES;
    return (size + span - 1) / span * sizeof(uint8_t **);
}

static void fill_pattern(uint8_t *b, size_t n, uint32_t seed)
{
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        b[i] = (uint8_t)((seed >> 16) | 1u);
    }
}

static void test_init_checks_size(void)
{
    BhSparseMem m;
    CHECK_EQ_U32(bh_sparse_init(&m, 0), BH_ERR_CONFIG);
    CHECK_EQ_U32(bh_sparse_init(&m, 4095), BH_ERR_CONFIG);
    CHECK_EQ_U32(bh_sparse_init(&m, 4097), BH_ERR_CONFIG);
    CHECK_EQ_U32(bh_sparse_init(&m, 64 * GIB + PAGE), BH_ERR_CONFIG);
    CHECK_OK(bh_sparse_init(&m, PAGE));
    CHECK_EQ_U64(m.dir_entries, 1);
    bh_sparse_destroy(&m);
    CHECK_OK(bh_sparse_init(&m, 64 * GIB));
    CHECK_EQ_U64(bh_sparse_resident_bytes(&m), dir_bytes(64 * GIB));
    CHECK_EQ_U64(m.pages, 0);
    bh_sparse_destroy(&m);
    CHECK_EQ_U64(bh_sparse_resident_bytes(&m), 0);
    bh_sparse_destroy(&m); /* twice is harmless */
}

static void test_round_trip_across_pages(void)
{
    BhSparseMem m;
    CHECK_OK(bh_sparse_init(&m, 16 * MIB));
    enum { N = 3 * PAGE + 100 };
    uint8_t *src = malloc(N), *dst = malloc(N + 200);
    fill_pattern(src, N, 1);

    /* Starts 37 bytes before a page end: touches 5 pages. */
    const uint64_t base = 2 * MIB - PAGE - 37;
    CHECK_OK(bh_sparse_write(&m, base, src, N));
    CHECK_EQ_U64(m.pages, 5);
    memset(dst, 0xee, N + 200);
    CHECK_OK(bh_sparse_read(&m, base - 100, dst, N + 200));
    for (int i = 0; i < 100; i++)
        CHECK_EQ_U32(dst[i], 0);
    CHECK(!memcmp(dst + 100, src, N));
    for (int i = 0; i < 100; i++)
        CHECK_EQ_U32(dst[100 + N + i], 0);

    /* Overwrite a piece straddling one boundary; the rest is untouched. */
    const uint8_t patch[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    CHECK_OK(bh_sparse_write(&m, 2 * MIB - 4, patch, sizeof patch));
    CHECK_OK(bh_sparse_read(&m, base, dst, N));
    const uint64_t at = 2 * MIB - 4 - base;
    CHECK(!memcmp(dst + at, patch, sizeof patch));
    CHECK(!memcmp(dst, src, at));
    CHECK(!memcmp(dst + at + 8, src + at + 8, N - at - 8));
    CHECK_EQ_U64(m.pages, 5);

    /* Last byte of one page, first of the next. */
    const uint8_t two[2] = {0xaa, 0xbb};
    uint8_t back[2] = {0, 0};
    CHECK_OK(bh_sparse_write(&m, 8 * MIB - 1, two, 2));
    CHECK_EQ_U64(m.pages, 7);
    CHECK_OK(bh_sparse_read(&m, 8 * MIB - 1, back, 2));
    CHECK_EQ_U32(back[0], 0xaa);
    CHECK_EQ_U32(back[1], 0xbb);

    /* Every byte of the memory, first to last, in one access. */
    uint8_t *all = malloc(16 * MIB);
    CHECK_OK(bh_sparse_read(&m, 0, all, 16 * MIB));
    CHECK(!memcmp(all + 8 * MIB - 1, two, 2));
    CHECK(!memcmp(all + 2 * MIB - 4, patch, 8));
    fill_pattern(all, 16 * MIB, 7);
    CHECK_OK(bh_sparse_write(&m, 0, all, 16 * MIB));
    CHECK_EQ_U64(m.pages, 16 * MIB / PAGE);
    memset(dst, 0, N);
    CHECK_OK(bh_sparse_read(&m, 16 * MIB - N, dst, N));
    CHECK(!memcmp(dst, all + 16 * MIB - N, N));
    free(all);
    free(src);
    free(dst);
    bh_sparse_destroy(&m);
}

static void test_unwritten_reads_zero_and_allocate_nothing(void)
{
    BhSparseMem m;
    CHECK_OK(bh_sparse_init(&m, 4 * GIB));
    const uint64_t dir = bh_sparse_resident_bytes(&m);
    CHECK_EQ_U64(dir, dir_bytes(4 * GIB));
    uint8_t buf[3 * PAGE];
    memset(buf, 0x77, sizeof buf);
    CHECK_OK(bh_sparse_read(&m, 3 * GIB + 123, buf, sizeof buf));
    for (size_t i = 0; i < sizeof buf; i++)
        if (buf[i]) {
            CHECK_EQ_U32(buf[i], 0);
            break;
        }
    CHECK_EQ_U64(m.pages, 0);
    CHECK_EQ_U64(bh_sparse_resident_bytes(&m), dir);

    /* Zeros written to untouched memory need no page either. */
    memset(buf, 0, sizeof buf);
    CHECK_OK(bh_sparse_write(&m, 1 * GIB + 5, buf, sizeof buf));
    CHECK_EQ_U64(m.pages, 0);
    CHECK_EQ_U64(bh_sparse_resident_bytes(&m), dir);
    /* ...but zeros over written data do land. */
    const uint8_t one = 0x5c;
    uint8_t back = 0xff;
    CHECK_OK(bh_sparse_write(&m, 1 * GIB + 7, &one, 1));
    CHECK_EQ_U64(m.pages, 1);
    CHECK_OK(bh_sparse_write(&m, 1 * GIB + 5, buf, 4));
    CHECK_OK(bh_sparse_read(&m, 1 * GIB + 7, &back, 1));
    CHECK_EQ_U32(back, 0);
    bh_sparse_destroy(&m);
}

static void test_out_of_range_does_nothing(void)
{
    BhSparseMem m;
    const uint64_t size = 1 * MIB;
    CHECK_OK(bh_sparse_init(&m, size));
    uint8_t buf[16];
    memset(buf, 0x42, sizeof buf);

    /* last valid byte and zero-length accesses at the end are fine */
    CHECK_OK(bh_sparse_write(&m, size - 1, buf, 1));
    CHECK_OK(bh_sparse_read(&m, size - 1, buf, 1));
    CHECK_OK(bh_sparse_read(&m, size, buf, 0));
    CHECK_OK(bh_sparse_write(&m, size, buf, 0));
    CHECK_EQ_U64(m.pages, 1);
    const uint64_t resident = bh_sparse_resident_bytes(&m);

    memset(buf, 0x42, sizeof buf);
    CHECK_EQ_U32(bh_sparse_write(&m, size - 1, buf, 2), BH_ERR_ADDR);
    CHECK_EQ_U32(bh_sparse_write(&m, size, buf, 1), BH_ERR_ADDR);
    CHECK_EQ_U32(bh_sparse_write(&m, size + 1, buf, 0), BH_ERR_ADDR);
    CHECK_EQ_U32(bh_sparse_write(&m, UINT64_MAX, buf, 2), BH_ERR_ADDR);         /* wraps */
    CHECK_EQ_U32(bh_sparse_write(&m, 16, buf, UINT64_MAX - 8), BH_ERR_ADDR);    /* wraps */
    CHECK_EQ_U32(bh_sparse_write(&m, UINT64_MAX - 7, buf, 16), BH_ERR_ADDR);    /* wraps */
    CHECK_EQ_U32(bh_sparse_write(&m, size - PAGE, buf, PAGE + 1), BH_ERR_ADDR); /* partly in */
    CHECK_EQ_U32(bh_sparse_read(&m, size - 1, buf, 2), BH_ERR_ADDR);
    CHECK_EQ_U32(bh_sparse_read(&m, size, buf, 1), BH_ERR_ADDR);
    CHECK_EQ_U32(bh_sparse_read(&m, UINT64_MAX, buf, 2), BH_ERR_ADDR);
    CHECK_EQ_U32(bh_sparse_read(&m, 16, buf, UINT64_MAX - 8), BH_ERR_ADDR);
    for (size_t i = 0; i < sizeof buf; i++)
        CHECK_EQ_U32(buf[i], 0x42); /* rejected reads wrote nothing */
    CHECK_EQ_U64(m.pages, 1);
    CHECK_EQ_U64(bh_sparse_resident_bytes(&m), resident);

    /* the rejected partial write left the page before the end as it was */
    uint8_t tail[PAGE];
    CHECK_OK(bh_sparse_read(&m, size - PAGE, tail, PAGE));
    for (size_t i = 0; i + 1 < PAGE; i++)
        if (tail[i]) {
            CHECK_EQ_U32(tail[i], 0);
            break;
        }
    CHECK_EQ_U32(tail[PAGE - 1], 0x42);
    bh_sparse_destroy(&m);
}

static void test_sparse_4gib_stays_small(void)
{
    BhSparseMem m;
    const uint64_t size = 4 * GIB, stride = 1 * MIB;
    const uint64_t touched = size / stride;
    CHECK_OK(bh_sparse_init(&m, size));
    for (uint64_t i = 0; i < touched; i++) {
        const uint8_t v = (uint8_t)(i * 7 + 1) | 1u;
        CHECK_OK(bh_sparse_write(&m, i * stride + (i % PAGE), &v, 1));
    }
    CHECK_EQ_U64(m.pages, touched);

    /* one page per write, one second-level table per 2 MiB region holding a write */
    const uint64_t table_span = (uint64_t)PAGE * BH_SPARSE_TABLE_ENTRIES;
    const uint64_t tables = (size + table_span - 1) / table_span;
    const uint64_t bound =
        touched * PAGE + dir_bytes(size) + tables * BH_SPARSE_TABLE_ENTRIES * sizeof(uint8_t *);
    const uint64_t resident = bh_sparse_resident_bytes(&m);
    CHECK(resident <= bound);
    CHECK(resident >= touched * PAGE);
    CHECK(bound < 25 * MIB); /* versus 4 GiB dense */

    for (uint64_t i = 0; i < touched; i++) {
        uint8_t got[2] = {0, 0xff};
        CHECK_OK(bh_sparse_read(&m, i * stride + (i % PAGE), &got[0], 1));
        CHECK_EQ_U32(got[0], (uint8_t)(i * 7 + 1) | 1u);
        CHECK_OK(bh_sparse_read(&m, i * stride + stride / 2, &got[1], 1)); /* never written */
        CHECK_EQ_U32(got[1], 0);
    }
    CHECK_EQ_U64(m.pages, touched);
    CHECK_EQ_U64(bh_sparse_resident_bytes(&m), resident);
    bh_sparse_destroy(&m);
    CHECK_EQ_U64(bh_sparse_resident_bytes(&m), 0);
    CHECK(m.dir == NULL);
}

int main(void)
{
    RUN(test_init_checks_size);
    RUN(test_round_trip_across_pages);
    RUN(test_unwritten_reads_zero_and_allocate_nothing);
    RUN(test_out_of_range_does_nothing);
    RUN(test_sparse_4gib_stays_small);
    return check_failures();
}
