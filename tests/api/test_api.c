// SPDX-License-Identifier: Apache-2.0
/* tests/api/test_api.c - a host program in C that knows bhsim only through platform/bhsim.h:
 * chips created from a product name and overrides, bytes moved by backdoor into and out of L1
 * and DRAM, time advanced, the report read; then two chips in one process, which must keep
 * their own time, memory and log apart; then the errors a host program can make. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "platform/bhsim.h"
#include "tests/check.h"

static const char *const kNone[] = {"workload.name=none"};

static BhChip *make(const char *config)
{
    BhChipOptions o = {0};
    o.config = config;
    o.sets = kNone;
    o.nsets = 1;
    o.quiet = 1;
    char err[512] = "";
    BhChip *c = NULL;
    CHECK_EQ_U32(bh_chip_create(&o, &c, err, sizeof err), BH_CHIP_OK);
    if (!c) {
        fprintf(stderr, "test_api: %s\n", err);
        exit(1);
    }
    return c;
}

static void fill(uint8_t *b, size_t n, uint32_t seed)
{
    for (size_t i = 0; i < n; i++)
        b[i] = (uint8_t)(i * 7u + seed * 13u + (i >> 8));
}

/* 4 KiB into Tensix (1,2)'s L1 and back; a DRAM endpoint's store; nothing at a PCIe tile. */
static void test_backdoor(BhChip *c, uint32_t seed)
{
    uint8_t in[4096], out[4096];
    fill(in, sizeof in, seed);
    CHECK_EQ_U32(bh_chip_mem_write(c, 1, 2, 0x10000, in, sizeof in), BH_CHIP_OK);
    memset(out, 0, sizeof out);
    CHECK_EQ_U32(bh_chip_mem_read(c, 1, 2, 0x10000, out, sizeof out), BH_CHIP_OK);
    CHECK(memcmp(in, out, sizeof in) == 0);
    CHECK(strcmp(bh_chip_tile_kind(c, 0, 0), "dram") == 0);
    CHECK_EQ_U32(bh_chip_mem_write(c, 0, 0, 0x12345678, in, 64), BH_CHIP_OK);
    memset(out, 0, 64);
    CHECK_EQ_U32(bh_chip_mem_read(c, 0, 0, 0x12345678, out, 64), BH_CHIP_OK);
    CHECK(memcmp(in, out, 64) == 0);
    /* the last byte of L1 is reachable, one past it is not */
    CHECK_EQ_U32(bh_chip_mem_write(c, 1, 2, 1536 * 1024 - 1, in, 1), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_mem_write(c, 1, 2, 1536 * 1024 - 1, in, 2), BH_CHIP_ERR_ADDRESS);
    CHECK_EQ_U32(bh_chip_mem_read(c, 99, 2, 0, out, 4), BH_CHIP_ERR_ADDRESS);
    CHECK(bh_chip_tile_kind(c, 17, 0) == NULL);
}

static void test_one_chip(void)
{
    BhChip *c = make("p150b");
    CHECK_EQ_U32(bh_chip_width(c), 17);
    CHECK_EQ_U32(bh_chip_height(c), 12);
    CHECK(strcmp(bh_chip_tile_kind(c, 1, 2), "tensix") == 0);
    CHECK_EQ_U64(bh_chip_now(c), 0);
    test_backdoor(c, 1);
    CHECK_EQ_U32(bh_chip_advance(c, 1000), BH_CHIP_OK);
    CHECK_EQ_U64(bh_chip_now(c), 1000);
    CHECK_EQ_U32(bh_chip_advance(c, 4321), BH_CHIP_OK);
    CHECK_EQ_U64(bh_chip_now(c), 5321);
    const char *r = bh_chip_report(c);
    CHECK(r && strstr(r, "\"cycles\":5321") != NULL);
    CHECK(strcmp(bh_chip_error(c), "") == 0);
    bh_chip_free(c);
}

/* Two chips: each keeps its own clock and bytes; freeing one leaves the other working. */
static void test_two_chips(void)
{
    BhChip *a = make("p150b"), *b = make("p100a");
    test_backdoor(a, 2);
    test_backdoor(b, 3);
    CHECK_EQ_U32(bh_chip_advance(a, 700), BH_CHIP_OK);
    CHECK_EQ_U64(bh_chip_now(a), 700);
    CHECK_EQ_U64(bh_chip_now(b), 0);
    CHECK_EQ_U32(bh_chip_advance(b, 300), BH_CHIP_OK);
    CHECK_EQ_U64(bh_chip_now(a), 700);
    CHECK_EQ_U64(bh_chip_now(b), 300);
    uint8_t x[4096], y[4096], want[4096];
    CHECK_EQ_U32(bh_chip_mem_read(a, 1, 2, 0x10000, x, sizeof x), BH_CHIP_OK);
    CHECK_EQ_U32(bh_chip_mem_read(b, 1, 2, 0x10000, y, sizeof y), BH_CHIP_OK);
    fill(want, sizeof want, 2);
    CHECK(memcmp(x, want, sizeof x) == 0);
    fill(want, sizeof want, 3);
    CHECK(memcmp(y, want, sizeof y) == 0);
    bh_chip_free(a);
    CHECK_EQ_U32(bh_chip_advance(b, 100), BH_CHIP_OK);
    CHECK_EQ_U64(bh_chip_now(b), 400);
    BhChip *c = make("p150a"); /* a chip created after another ran and was freed */
    CHECK_EQ_U64(bh_chip_now(c), 0);
    CHECK_EQ_U32(bh_chip_advance(c, 10), BH_CHIP_OK);
    CHECK_EQ_U64(bh_chip_now(b), 400);
    bh_chip_free(c);
    bh_chip_free(b);
}

static void test_bad_input(void)
{
    const char *const bad[] = {"noc.vc_buffer_flits=0"};
    BhChipOptions o = {0};
    o.config = "p150b";
    o.sets = bad;
    o.nsets = 1;
    char err[512] = "";
    BhChip *c = (BhChip *)&o; /* must be overwritten with NULL */
    CHECK_EQ_U32(bh_chip_create(&o, &c, err, sizeof err), BH_CHIP_ERR_CONFIG);
    CHECK(c == NULL);
    CHECK(strstr(err, "config: noc.vc_buffer_flits: must be 1..255, got 0") == err);
    o.sets = NULL;
    o.nsets = 0;
    o.config = "p999";
    CHECK_EQ_U32(bh_chip_create(&o, &c, err, sizeof err), BH_CHIP_ERR_CONFIG);
    CHECK(strstr(err, "config 'p999' not found") != NULL);
}

int main(void)
{
    RUN(test_one_chip);
    RUN(test_two_chips);
    RUN(test_bad_input);
    return check_failures();
}
