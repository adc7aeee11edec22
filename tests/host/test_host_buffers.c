// SPDX-License-Identifier: Apache-2.0
/* tests/host/test_host_buffers.c - interleaved buffers on a booted p150b: DRAM and L1 round
 * trips, and page i found in bank i % banks at the documented offset by reading the bank's
 * memory directly (bh_chip_mem_read on the DRAM endpoint, or the worker's L1). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/bh_host.h"
#include "tests/check.h"
#include "tests/host/host_rig.h"

static void fill(uint8_t *b, size_t n, uint32_t seed)
{
    for (size_t i = 0; i < n; i++)
        b[i] = (uint8_t)(i * 7u + seed * 13u + (i >> 8));
}

/* the bank table a worker's firmware got (what kernels use to find pages) */
static void bank_table(BhDevice *dev, BhBankTable *t)
{
    uint32_t nx, ny;
    bh_device_worker_noc(dev, 0, 0, &nx, &ny);
    CHECK_EQ_U32(bh_chip_mem_read(bh_device_chip(dev), nx, ny, BH_L1_BANKS, t, sizeof *t),
                 BH_CHIP_OK);
}

static void round_trip(BhDevice *dev, BhBufferType type, uint64_t size, uint32_t page)
{
    BhChip *chip = bh_device_chip(dev);
    BhBuffer *b = bh_buffer_create(dev, type, size, page);
    CHECK(b != NULL);
    if (!b)
        return;
    uint8_t *in = malloc(size), *out = malloc(size);
    fill(in, size, (uint32_t)size);
    CHECK_EQ_U32(bh_buffer_write(dev, b, in, size), 0);
    memset(out, 0, size);
    CHECK_EQ_U32(bh_buffer_read(dev, b, out, size), 0);
    CHECK(memcmp(in, out, size) == 0);
    BhBankTable t;
    bank_table(dev, &t);
    const uint32_t banks = type == BH_BUFFER_DRAM ? t.num_dram_banks : t.num_l1_banks;
    const uint32_t align = type == BH_BUFFER_DRAM ? 64 : 16;
    const uint32_t stride = (page + align - 1) / align * align;
    const uint64_t pages = (size + page - 1) / page;
    uint32_t checked = 0;
    for (uint64_t i = 0; i < pages; i++) {
        const uint32_t bank = (uint32_t)(i % banks);
        /* any endpoint of a controller reaches its store: use the one worker (0,0) uses */
        const uint32_t x = type == BH_BUFFER_DRAM ? t.dram_x[0][bank] : t.l1_x[0][bank];
        const uint32_t y = type == BH_BUFFER_DRAM ? t.dram_y[0][bank] : t.l1_y[0][bank];
        const uint64_t addr = bh_buffer_address(b) + (i / banks) * stride;
        const uint64_t n = size - i * page < page ? size - i * page : page;
        uint8_t direct[4096];
        CHECK_EQ_U32(bh_chip_mem_read(chip, x, y, addr, direct, n), BH_CHIP_OK);
        checked += memcmp(direct, in + i * page, n) == 0;
    }
    CHECK_EQ_U32(checked, pages);
    free(in);
    free(out);
    bh_buffer_free(dev, b);
}

static void test_buffers(void)
{
    char err[4096] = "";
    BhChip *c = host_rig_chip(err, sizeof err);
    CHECK(c != NULL);
    BhDevice *dev = c ? bh_device_open(c, err, sizeof err) : NULL;
    CHECK(dev != NULL);
    if (!dev) {
        fprintf(stderr, "%s\n", err);
        return;
    }
    BhBankTable t;
    bank_table(dev, &t);
    CHECK_EQ_U32(t.num_dram_banks, 8);
    CHECK_EQ_U32(t.num_l1_banks, 140);
    for (uint32_t b = 0; b < 8; b++) { /* bank b is controller b; NoC1 mirrors NoC0 */
        int port = -1;
        CHECK_EQ_U32(bh_chip_tile_index(c, t.dram_x[0][b], t.dram_y[0][b], &port), b);
        CHECK_EQ_U32(t.dram_x[1][b], 16 - t.dram_x[0][b]);
        CHECK_EQ_U32(t.dram_y[1][b], 11 - t.dram_y[0][b]);
    }
    round_trip(dev, BH_BUFFER_DRAM, 2048 * 37 + 100, 2048);
    round_trip(dev, BH_BUFFER_DRAM, 1000 * 20, 1000); /* pages that are not 64-byte multiples */
    round_trip(dev, BH_BUFFER_L1, 2048 * 300, 2048);
    round_trip(dev, BH_BUFFER_L1, 100 * 150, 100);
    /* L1 buffers come from the top of L1 down, DRAM from 0 up */
    BhBuffer *l1 = bh_buffer_create(dev, BH_BUFFER_L1, 16 * 140, 16);
    BhBuffer *d = bh_buffer_create(dev, BH_BUFFER_DRAM, 64 * 8, 64);
    CHECK_EQ_U64(bh_buffer_address(l1), BH_L1_SIZE - 16);
    CHECK_EQ_U64(bh_buffer_address(d), 0);
    CHECK(bh_buffer_create(dev, BH_BUFFER_L1, 2ull << 30, 2048) == NULL);
    CHECK(bh_buffer_create(dev, BH_BUFFER_DRAM, 64, 6) == NULL);
    uint8_t small[8];
    CHECK(bh_buffer_write(dev, d, small, sizeof small) != 0);
    bh_buffer_free(dev, d);
    bh_buffer_free(dev, l1);
    bh_device_close(dev);
    bh_chip_free(c);
}

int main(void)
{
    RUN(test_buffers);
    return check_failures();
}
