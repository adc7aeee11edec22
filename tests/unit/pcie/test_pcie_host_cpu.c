// SPDX-License-Identifier: Apache-2.0
/* The host CPU's shaping of BAR accesses (pcie_host_cpu.h) on the host link, against hand
 * arithmetic from the keys: a write leaves as write-combined TLPs of wc_bytes, one per
 * wc_gap_ps unless the wire is slower; a read is loads of load_bytes, each leaving once the
 * previous one's completion is back (one round trip each). No ACK DLLPs (ack_every_tlps 0), so
 * every TLP's time is the formula's. */
#include <string.h>
#include "model/pcie/pcie_host_cpu.h"
#include "model/pcie/pcie_link.h"
#include "tests/check.h"

static PcieLink l;
static PcieLinkConfig c;
static PcieHostCpu cpu;
static PcieHostConfig hc;

#define EV_MAX 4096
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
    c = pcie_link_config_default();
    c.ack_every_tlps = 0;
    CHECK_OK(pcie_link_init(&l, &c, on_event, NULL));
    hc = pcie_host_config_default();
    n_ev = 0;
}

static void start_cpu(void)
{
    CHECK_OK(pcie_host_config_check(&hc, &c, (char[128]){0}, 128));
    pcie_host_cpu_init(&cpu, &hc);
}

/* ps to serialise w wire bytes from the start of a busy period (32 GT/s x16, 128b/130b) */
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

static void cpu_write(uint64_t now, uint64_t addr, uint32_t bytes, uint64_t token)
{
    PcieLinkPace pace;
    const uint64_t ready = pcie_host_cpu_write(&cpu, now, addr, bytes, &pace);
    CHECK_OK(pcie_link_write_paced(&l, PCIE_H2D, ready, addr, bytes, &pace, token, NULL));
}

/* 4 KiB with the defaults: 64 TLPs of 64 B (84 wire bytes, 1.33 ns on the wire) one per 5 ns:
 * the CPU bounds the rate at 64 B / 5 ns = 12.8 GB/s; each TLP acts link latency + NIU
 * crossing after its last byte left. */
static void test_write_cpu_bound(void)
{
    setup();
    start_cpu();
    cpu_write(0, 0x10000, 4096, 1);
    run();
    CHECK_EQ_U32(n_ev, 64);
    CHECK_EQ_U64(l.side[PCIE_H2D].tlps, 64);
    CHECK_EQ_U64(l.side[PCIE_H2D].wire_bytes, 64 * (4 + 12 + 64 + 4));
    const uint64_t fly = c.link_latency_ps + c.niu_crossing_ps;
    for (uint32_t k = 0; k < 64 && k < n_ev; k++) {
        CHECK_EQ_U32(evs[k].bytes, 64);
        CHECK_EQ_U64(evs[k].addr, 0x10000 + 64u * k);
        CHECK_EQ_U64(evs[k].time_ps, k * 5000ull + ser_ps(84) + fly);
    }
    CHECK(n_ev == 64 && evs[63].op_done);
    CHECK_EQ_U64(cpu.wc_tlps, 64);
    CHECK_EQ_U64(cpu.store_free_ps, 64 * 5000ull);
}

/* wc_gap_ps 0: the wire bounds it; the 64-byte TLPs go back to back in one busy period, so
 * 64 B of payload cost 84 wire bytes (76% of the link's rate, against 93% with 256 B). */
static void test_write_wire_bound(void)
{
    setup();
    hc.wc_gap_ps = 0;
    start_cpu();
    cpu_write(0, 0x10000, 4096, 1);
    run();
    CHECK_EQ_U32(n_ev, 64);
    const uint64_t fly = c.link_latency_ps + c.niu_crossing_ps;
    for (uint32_t k = 0; k < 64 && k < n_ev; k++)
        CHECK_EQ_U64(evs[k].time_ps, ser_ps(84ull * (k + 1)) + fly);
}

/* A write that starts and ends inside lines: the partial lines leave as they are (16, 64, 20
 * bytes); the next write continues the CPU's store stream after the last line's slot. */
static void test_write_partial_lines_and_order(void)
{
    setup();
    start_cpu();
    cpu_write(0, 0x1030, 100, 1);
    cpu_write(0, 0x2000, 8, 2); /* made at time 0 too: waits for the stores before it */
    run();
    CHECK_EQ_U32(n_ev, 4);
    const uint32_t want[4] = {16, 64, 20, 8};
    const uint64_t fly = c.link_latency_ps + c.niu_crossing_ps;
    const uint64_t wire[4] = {4 + 12 + 16 + 4, 84, 4 + 12 + 20 + 4, 4 + 12 + 8 + 4};
    for (uint32_t k = 0; k < 4 && k < n_ev; k++) {
        CHECK_EQ_U32(evs[k].bytes, want[k]);
        CHECK_EQ_U64(evs[k].time_ps, k * 5000ull + ser_ps(wire[k]) + fly);
    }
    CHECK_EQ_U64(pcie_host_cpu_pieces(0x1030, 100, 64), 3);
    CHECK_EQ_U64(pcie_host_cpu_pieces(0x1000, 64, 64), 1);
    CHECK_EQ_U64(pcie_host_cpu_pieces(0x1000, 0, 64), 0);
}

/* A 16-byte read as 4-byte loads, the device answering after dev_read_latency: each load is
 * a full round trip, MRd (20 wire bytes) down, NIU crossing, the device, the crossing back,
 * CplD (24 wire bytes: 12-byte header + 4 data) up, then load_gap_ps before the next. */
static void test_read_one_load_at_a_time(void)
{
    setup();
    hc.load_gap_ps = 1000;
    start_cpu();
    PcieLinkPace pace;
    const uint64_t ready = pcie_host_cpu_read(&cpu, 0, 0x40, 16, &pace);
    CHECK_EQ_U64(ready, 0);
    CHECK_EQ_U32(pace.serial, 1);
    CHECK_OK(pcie_link_read_paced(&l, PCIE_H2D, ready, 0x40, 16, 1, &pace, 7, NULL));
    run();
    const uint64_t rt = ser_ps(20) + c.link_latency_ps + c.niu_crossing_ps + c.dev_read_latency_ps +
                        c.niu_crossing_ps + ser_ps(24) + c.link_latency_ps;
    uint32_t loads = 0, cpls = 0;
    for (uint32_t k = 0; k < n_ev; k++) {
        if (evs[k].kind == PCIE_TLP_MRD) {
            CHECK_EQ_U32(evs[k].bytes, 4);
            CHECK_EQ_U64(evs[k].addr, 0x40 + 4u * loads);
            loads++;
        } else if (evs[k].kind == PCIE_TLP_CPLD) {
            /* the (cpls+1)-th answer: cpls earlier round trips and gaps, then its own */
            CHECK_EQ_U64(evs[k].time_ps, (cpls + 1) * rt + cpls * 1000ull);
            CHECK_EQ_U32(evs[k].op_done, cpls == 3);
            cpls++;
        }
    }
    CHECK_EQ_U32(loads, 4);
    CHECK_EQ_U32(cpls, 4);
    CHECK_EQ_U64(cpu.loads, 4);
    CHECK_EQ_U32(l.side[PCIE_H2D].tags_used, 0);
}

/* A load after stores leaves once the CPU has sent them. */
static void test_read_after_writes(void)
{
    setup();
    start_cpu();
    cpu_write(0, 0x0, 256, 1); /* 4 lines: the stream ends at 20 ns */
    PcieLinkPace pace;
    CHECK_EQ_U64(pcie_host_cpu_read(&cpu, 0, 0x0, 4, &pace), 20000);
    CHECK_EQ_U64(pcie_host_cpu_read(&cpu, 30000, 0x0, 4, &pace), 30000);
}

static void test_config_check(void)
{
    setup();
    char why[160];
    PcieHostConfig bad = pcie_host_config_default();
    CHECK_OK(pcie_host_config_check(&bad, &c, why, sizeof why));
    bad.wc_bytes = 48;
    CHECK_EQ_U32(pcie_host_config_check(&bad, &c, why, sizeof why), BH_ERR_CONFIG);
    CHECK(strstr(why, "wc_bytes") != NULL);
    bad.wc_bytes = 512; /* above mps 256 */
    CHECK_EQ_U32(pcie_host_config_check(&bad, &c, why, sizeof why), BH_ERR_CONFIG);
    bad = pcie_host_config_default();
    bad.load_bytes = 0;
    CHECK_EQ_U32(pcie_host_config_check(&bad, &c, why, sizeof why), BH_ERR_CONFIG);
    CHECK(strstr(why, "load_bytes") != NULL);
    bad.load_bytes = 12;
    CHECK_EQ_U32(pcie_host_config_check(&bad, &c, why, sizeof why), BH_ERR_CONFIG);
}

int main(void)
{
    RUN(test_write_cpu_bound);
    RUN(test_write_wire_bound);
    RUN(test_write_partial_lines_and_order);
    RUN(test_read_one_load_at_a_time);
    RUN(test_read_after_writes);
    RUN(test_config_check);
    return check_failures();
}
