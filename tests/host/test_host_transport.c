// SPDX-License-Identifier: Apache-2.0
/* tests/host/test_host_transport.c - how the host library reaches the chip (host.transport):
 * over PCIe a device boots through multicast windows (on a p150a too, whose harvested columns
 * sit inside the rectangle and take no multicast), a buffer straddling a 2 MiB window boundary
 * in every bank round-trips, and the host's time is counted per phase; over the backdoor the
 * same round trip takes no host time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/bh_host.h"
#include "tests/check.h"

static BhDevice *open_on(const char *config, const char *transport, BhChip **chip)
{
    char set[64], err[4096] = "";
    snprintf(set, sizeof set, "host.transport=%s", transport);
    /* buffers through BAR0's windows, whatever their size (the bulk path: test_host_cpu) */
    const char *const sets[] = {"workload.name=host", set, "host.bulk_write_min_bytes=0",
                                "host.bulk_read_min_bytes=0"};
    BhChipOptions o = {0};
    o.config = config;
    o.sets = sets;
    o.nsets = 4;
    o.quiet = 1;
    *chip = NULL;
    CHECK_EQ_U32(bh_chip_create(&o, chip, err, sizeof err), BH_CHIP_OK);
    BhDevice *dev = *chip ? bh_device_open(*chip, err, sizeof err) : NULL;
    CHECK(dev != NULL);
    if (!dev)
        fprintf(stderr, "test_host_transport: %s\n", err);
    return dev;
}

/* a DRAM buffer whose pages cross the first 2 MiB boundary of every bank */
static void straddle(BhDevice *dev)
{
    const uint32_t banks = bh_device_dram_banks(dev), page = 2048;
    BhBuffer *filler = bh_buffer_create(dev, BH_BUFFER_DRAM, (uint64_t)banks * ((2u << 20) - 4096),
                                        page); /* never written: only moves the allocator */
    const uint64_t size = (uint64_t)banks * 4 * page;
    BhBuffer *b = bh_buffer_create(dev, BH_BUFFER_DRAM, size, page);
    CHECK(filler && b);
    if (!filler || !b)
        return;
    CHECK(bh_buffer_address(b) < (2u << 20) && bh_buffer_address(b) + 4 * page > (2u << 20));
    uint8_t *in = malloc(size), *out = malloc(size);
    for (uint64_t i = 0; i < size; i++)
        in[i] = (uint8_t)(i * 11u + (i >> 10));
    CHECK_EQ_U32(bh_buffer_write(dev, b, in, size), 0);
    memset(out, 0, size);
    CHECK_EQ_U32(bh_buffer_read(dev, b, out, size), 0);
    CHECK(memcmp(in, out, size) == 0);
    free(in);
    free(out);
    bh_buffer_free(dev, b);
    bh_buffer_free(dev, filler);
}

static void test_pcie(void)
{
    BhChip *c;
    BhDevice *dev = open_on("p150b", "pcie", &c);
    if (!dev) {
        bh_chip_free(c);
        return;
    }
    BhHostTimes h;
    bh_device_host_times(dev, &h);
    CHECK(strcmp(h.transport, "pcie") == 0);
    CHECK(h.firmware_ps > 0 && h.boot_poll_ps > 0);
    CHECK(h.mcast_writes > 0 && h.tlb_programs > 0);
    fprintf(stderr, "pcie: firmware on 140 workers %.1f us, boot polls %.1f us\n",
            (double)h.firmware_ps * 1e-6, (double)h.boot_poll_ps * 1e-6);
    straddle(dev);
    bh_device_host_times(dev, &h);
    CHECK(h.buffer_write_ps > 0 && h.buffer_read_ps > 0);
    CHECK(h.bytes_read >= 8 * 4 * 2048);
    CHECK_EQ_U64(h.bulk_bytes, 0);
    bh_device_close(dev);
    bh_chip_free(c);
}

static void test_pcie_harvested(void)
{
    BhChip *c;
    BhDevice *dev = open_on("p150a", "pcie", &c);
    if (dev) {
        uint32_t cols, rows;
        bh_device_grid(dev, &cols, &rows);
        CHECK_EQ_U32(cols * rows, 120);
        BhHostTimes h;
        bh_device_host_times(dev, &h);
        CHECK(h.mcast_writes > 0);
        bh_device_close(dev);
    }
    bh_chip_free(c);
}

static void test_backdoor(void)
{
    BhChip *c;
    BhDevice *dev = open_on("p150b", "backdoor", &c);
    if (dev) {
        straddle(dev);
        BhHostTimes h;
        bh_device_host_times(dev, &h);
        CHECK(strcmp(h.transport, "backdoor") == 0);
        CHECK_EQ_U64(h.firmware_ps + h.buffer_write_ps + h.buffer_read_ps, 0);
        CHECK_EQ_U64(h.bytes_written + h.tlb_programs, 0);
        bh_device_close(dev);
    }
    bh_chip_free(c);
}

int main(void)
{
    RUN(test_pcie);
    RUN(test_pcie_harvested);
    RUN(test_backdoor);
    return check_failures();
}
