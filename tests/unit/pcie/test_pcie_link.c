// SPDX-License-Identifier: Apache-2.0
/* The host link against hand arithmetic from its parameters: TLP counts and sizes, the
 * serialisation time of 32 GT/s x16 with 128b/130b, streaming efficiency, and read latency as
 * request + round trip + completions. The expected times are computed here from the PCIe
 * rules (framing 4 B, header 12/16 B, LCRC 4 B, dword-padded payload), never read from the
 * model. */
#include <string.h>
#include "model/pcie/pcie_link.h"
#include "tests/check.h"

static PcieLink l;
static PcieLinkConfig c;

#define EV_MAX 20000
static PcieLinkEvent evs[EV_MAX];
static uint32_t n_ev;

static void on_event(void *ctx, const PcieLinkEvent *ev)
{
    (void)ctx;
    if (n_ev < EV_MAX)
        evs[n_ev] = *ev;
    n_ev++;
}

static void setup(void)
{
    CHECK_OK(pcie_link_init(&l, &c, on_event, NULL));
    n_ev = 0;
}

/* picoseconds to serialise w wire bytes from the start of a busy period: w bytes over
 * `lanes` lanes, 8 bits each, 130 wire bits per 128 data bits, one bit per lane per
 * 1 / (32000 MT/s) = 31.25 ps; rounded up */
static uint64_t ser_ps(uint64_t w)
{
    uint64_t num = w * 8 * c.enc_block_bits * 1000000ull;
    uint64_t den = (uint64_t)c.lanes * c.enc_data_bits * c.rate_mtps;
    return (num + den - 1) / den;
}

static void run(void)
{
    uint64_t t = pcie_link_step(&l, 0);
    while (t != BH_IDLE)
        t = pcie_link_step(&l, t);
}

static void test_rate_constants(void)
{
    c = pcie_link_config_default();
    /* 16 lanes x 32 GT/s x 128/130 / 8 = 63.015 GB/s: 256 B take 256 / 63.015 = 4062.5 ps */
    CHECK_EQ_U64(ser_ps(256), 4063);
    CHECK_EQ_U64(ser_ps(512), 8125);
}

/* One posted write of 1000 B at an aligned address: ceil(1000 / 256) = 4 TLPs of 256, 256,
 * 256, 232 B, each 4 + 12 + payload + 4 wire bytes. */
static void test_one_write(void)
{
    c = pcie_link_config_default();
    setup();
    uint32_t op;
    CHECK_OK(pcie_link_write(&l, PCIE_H2D, 0, 0x1000, 1000, 77, &op));
    run();
    CHECK_EQ_U32(n_ev, 4);
    const uint32_t pay[4] = {256, 256, 256, 232};
    uint64_t cum = 0;
    for (uint32_t i = 0; i < 4; i++) {
        cum += 20 + pay[i];
        CHECK_EQ_U32(evs[i].kind, PCIE_TLP_MWR);
        CHECK_EQ_U32(evs[i].dir, PCIE_H2D);
        CHECK_EQ_U32(evs[i].bytes, pay[i]);
        CHECK_EQ_U64(evs[i].addr, 0x1000 + 256 * i);
        CHECK_EQ_U64(evs[i].token, 77);
        CHECK_EQ_U32(evs[i].op_done, i == 3);
        /* serialised back to back, then the link and the NIU crossing */
        CHECK_EQ_U64(evs[i].time_ps, ser_ps(cum) + 50000 + 10000);
    }
    CHECK_EQ_U64(cum, 1080);
    CHECK_EQ_U64(evs[3].time_ps, 17139 + 60000); /* 1080 x 15.869140625 ps = 17138.7 */
    CHECK_EQ_U64(l.side[PCIE_H2D].tlps, 4);
    CHECK_EQ_U64(l.side[PCIE_H2D].payload_bytes, 1000);
    CHECK_EQ_U64(l.side[PCIE_H2D].wire_bytes, 1080);
    CHECK_EQ_U64(l.side[PCIE_D2H].dllps, 1); /* one ACK for 4 TLPs */
    /* above 4 GiB: 4-dword headers; a device-to-host write starts after the NIU crossing and
     * lands at the host without one */
    setup();
    CHECK_OK(pcie_link_write(&l, PCIE_D2H, 1000, 0x100000000ull, 4096, 1, NULL));
    run();
    CHECK_EQ_U32(n_ev, 16);
    CHECK_EQ_U64(evs[15].time_ps, 1000 + 10000 + ser_ps(16 * (24 + 256)) + 50000);
    CHECK_EQ_U32(evs[15].op_done, 1);
}

/* Odd sizes: dword padding and splits at MPS-aligned addresses. */
static void test_padding_and_alignment(void)
{
    c = pcie_link_config_default();
    setup();
    CHECK_OK(pcie_link_write(&l, PCIE_H2D, 0, 0x1003, 10, 0, NULL));
    run();
    /* bytes 0x1003..0x100C span dwords 0x1000..0x100F: 16 B of payload */
    CHECK_EQ_U64(l.side[PCIE_H2D].wire_bytes, 4 + 12 + 16 + 4);
    setup();
    CHECK_OK(pcie_link_write(&l, PCIE_H2D, 0, 0xF0, 100, 0, NULL));
    run();
    CHECK_EQ_U32(n_ev, 2); /* 0xF0..0xFF, then 84 B from 0x100 */
    CHECK_EQ_U32(evs[0].bytes, 16);
    CHECK_EQ_U32(evs[1].bytes, 84);
    CHECK_EQ_U64(evs[1].addr, 0x100);
}

/* Many back-to-back writes reach payload / (payload + overhead) of the raw rate. */
static void test_streaming(void)
{
    c = pcie_link_config_default();
    setup();
    const uint32_t ops = 60, bytes = 65536;
    for (uint32_t i = 0; i < ops; i++)
        CHECK_OK(pcie_link_write(&l, PCIE_H2D, 0, (uint64_t)i * bytes, bytes, i, NULL));
    run();
    const uint64_t tlps = (uint64_t)ops * bytes / 256;
    CHECK_EQ_U32(n_ev, tlps);
    const uint64_t wire = (uint64_t)ops * bytes + tlps * 20;
    const uint64_t end = ser_ps(wire);
    CHECK_EQ_U64(evs[tlps - 1].time_ps, end + 60000);
    /* raw 63.015384615 GB/s x 256 / 276 = 58.448 GB/s, from the parameters */
    const double raw = 16.0 * 32e9 * 128.0 / 130.0 / 8.0;
    const double expect = raw * 256.0 / 276.0;
    const double got = (double)ops * bytes / ((double)end * 1e-12);
    CHECK(got / expect > 1 - 1e-6 && got / expect < 1 + 1e-6);
    CHECK_EQ_U64(l.side[PCIE_D2H].dllps, tlps / 4); /* ACKs went the other way */
    CHECK_EQ_U64(l.side[PCIE_D2H].tlps, 0);
}

/* The device reads 256 B of host memory: MRd (20 wire bytes) up, 400 ns in the host, four
 * 64-B completions (84 wire bytes each) down. */
static void test_device_read_latency(void)
{
    c = pcie_link_config_default();
    setup();
    const uint64_t t0 = 1000;
    CHECK_OK(pcie_link_read(&l, PCIE_D2H, t0, 0x2000, 256, 1, 5, NULL));
    run();
    CHECK_EQ_U32(n_ev, 5);
    const uint64_t at_host = t0 + 10000 + ser_ps(20) + 50000;
    CHECK_EQ_U32(evs[0].kind, PCIE_TLP_MRD);
    CHECK_EQ_U64(evs[0].time_ps, at_host);
    CHECK_EQ_U64(at_host, 61318);
    const uint64_t cpl_ready = at_host + 400000;
    for (uint32_t i = 0; i < 4; i++) {
        CHECK_EQ_U32(evs[1 + i].kind, PCIE_TLP_CPLD);
        CHECK_EQ_U32(evs[1 + i].dir, PCIE_H2D);
        CHECK_EQ_U32(evs[1 + i].bytes, 64);
        CHECK_EQ_U64(evs[1 + i].time_ps, cpl_ready + ser_ps(84 * (i + 1)) + 50000 + 10000);
    }
    CHECK_EQ_U32(evs[4].op_done, 1);
    CHECK_EQ_U64(evs[4].time_ps, 526651);
}

/* The host reads 64 B of the device; the test answers the request as the NoC would. */
static void test_host_read_caller_responds(void)
{
    c = pcie_link_config_default();
    setup();
    uint32_t op;
    CHECK_OK(pcie_link_read(&l, PCIE_H2D, 0, 0x40, 64, 0, 9, &op));
    run();
    CHECK_EQ_U32(n_ev, 1);
    const uint64_t at_dev = ser_ps(20) + 50000 + 10000;
    CHECK_EQ_U64(evs[0].time_ps, at_dev);
    CHECK_EQ_U32(evs[0].op, op);
    CHECK_EQ_U32(evs[0].bytes, 64);
    const uint64_t answer = at_dev + 1234;
    CHECK_OK(pcie_link_respond(&l, op, answer, 0x40, 64));
    uint64_t t = pcie_link_step(&l, answer);
    while (t != BH_IDLE)
        t = pcie_link_step(&l, t);
    CHECK_EQ_U32(n_ev, 2);
    CHECK_EQ_U32(evs[1].kind, PCIE_TLP_CPLD);
    CHECK_EQ_U32(evs[1].dir, PCIE_D2H);
    CHECK_EQ_U32(evs[1].op_done, 1);
    CHECK_EQ_U64(evs[1].time_ps, answer + 10000 + ser_ps(84) + 50000);
    CHECK_EQ_U32(pcie_link_respond(&l, op, answer, 0x40, 64), BH_ERR_ACCESS); /* done */
}

/* 8 KiB read with MRRS 4096: two requests; with one tag the second waits for every
 * completion of the first. */
static void test_mrrs_and_tags(void)
{
    c = pcie_link_config_default();
    c.read_tags = 1;
    c.ack_every_tlps = 0;
    setup();
    CHECK_OK(pcie_link_read(&l, PCIE_D2H, 0, 0, 8192, 1, 3, NULL));
    run();
    uint32_t mrd = 0, cpl = 0, sum = 0;
    for (uint32_t i = 0; i < n_ev; i++) {
        mrd += evs[i].kind == PCIE_TLP_MRD;
        cpl += evs[i].kind == PCIE_TLP_CPLD;
        sum += evs[i].kind == PCIE_TLP_CPLD ? evs[i].bytes : 0;
    }
    CHECK_EQ_U32(mrd, 2);
    CHECK_EQ_U32(cpl, 128); /* 8192 / 64 */
    CHECK_EQ_U32(sum, 8192);
    const uint64_t cpls = ser_ps(64 * 84);
    const uint64_t last1 = 10000 + ser_ps(20) + 50000 + 400000 + cpls + 50000; /* link layer */
    const uint64_t done = last1 + ser_ps(20) + 50000 + 400000 + cpls + 50000 + 10000;
    CHECK_EQ_U64(evs[n_ev - 1].time_ps, done);
    CHECK_EQ_U64(done, 1191262);
    CHECK_EQ_U32(evs[n_ev - 1].op_done, 1);
}

/* An ACK DLLP (8 wire bytes) goes before a TLP that became ready at the same time. */
static void test_ack_priority(void)
{
    c = pcie_link_config_default();
    setup();
    CHECK_OK(pcie_link_write(&l, PCIE_H2D, 0, 0, 1024, 1, NULL)); /* 4 TLPs: one ACK back */
    const uint64_t ack_at = ser_ps(4 * 276) + 50000; /* the 4th TLP at the device's link layer */
    /* a device write whose TLP is ready at the transmitter at the same time */
    CHECK_OK(pcie_link_write(&l, PCIE_D2H, ack_at - 10000, 0x100, 256, 2, NULL));
    run();
    CHECK_EQ_U32(n_ev, 5);
    CHECK_EQ_U64(evs[4].token, 2);
    CHECK_EQ_U64(evs[4].time_ps, ack_at + ser_ps(8 + 276) + 50000);
    CHECK_EQ_U64(l.side[PCIE_D2H].dllps, 1);
    CHECK_EQ_U64(l.side[PCIE_D2H].wire_bytes, 8 + 276);
}

static void test_limits_and_config(void)
{
    c = pcie_link_config_default();
    setup();
    for (uint32_t i = 0; i < PCIE_LINK_OPS_MAX; i++)
        CHECK_OK(pcie_link_write(&l, PCIE_H2D, 0, 0, 4, i, NULL));
    CHECK_EQ_U32(pcie_link_write(&l, PCIE_H2D, 0, 0, 4, 0, NULL), BH_ERR_FULL);
    CHECK_EQ_U32(pcie_link_read(&l, PCIE_H2D, 0, 0, 4, 1, 0, NULL), BH_ERR_FULL);
    run();
    CHECK_EQ_U32(n_ev, PCIE_LINK_OPS_MAX);
    CHECK_EQ_U32(pcie_link_write(&l, PCIE_H2D, 0, 0, 0, 0, NULL), BH_ERR_ACCESS);
    CHECK_EQ_U32(pcie_link_respond(&l, 0, 0, 0, 4), BH_ERR_ACCESS); /* not a read */
    char why[128];
    const struct {
        uint32_t *f, v;
    } bad[] = {{&c.lanes, 3},           {&c.mps_bytes, 300},      {&c.host_rcb_bytes, 96},
               {&c.dev_cpl_bytes, 512}, {&c.enc_block_bits, 100}, {&c.read_tags, 0},
               {&c.rate_mtps, 1000}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        c = pcie_link_config_default();
        uint32_t *f = (uint32_t *)((char *)&c + ((char *)bad[i].f - (char *)&c));
        *f = bad[i].v;
        CHECK_EQ_U32(pcie_link_config_check(&c, why, sizeof why), BH_ERR_CONFIG);
    }
    c = pcie_link_config_default();
    CHECK_OK(pcie_link_config_check(&c, why, sizeof why));
}

int main(void)
{
    RUN(test_rate_constants);
    RUN(test_one_write);
    RUN(test_padding_and_alignment);
    RUN(test_streaming);
    RUN(test_device_read_latency);
    RUN(test_host_read_caller_responds);
    RUN(test_mrrs_and_tags);
    RUN(test_ack_priority);
    RUN(test_limits_and_config);
    return check_failures();
}
