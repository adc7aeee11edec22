/* tests/unit/tile/test_l1_presets.c - the L1 presets (model/tile/l1.h) against the documents:
 * the Wormhole layout of tt-isa-documentation WormholeB0/TensixTile/L1.md (16 banks, 16 ports,
 * clients on shared ports) and the Mover's measured ideal rates of Mover.md (memcpy: eight
 * 128-bit reads and eight writes per 11 cycles, 93.1 bits per cycle; L1 zero-fill 128 bits per
 * cycle), which must come out of the Mover simulated over the L1 model, within 2 %. The
 * expectations are the documents' figures, never numbers read back from the model. */
#include <stdlib.h>
#include <string.h>
#include "model/tile/tensix/tensix_core.h"
#include "tests/check.h"
#include "tests/test_log.h"

/* the ports of client k that carry direction dir */
static uint32_t ports_of(const L1Config *c, uint32_t k, uint32_t dir)
{
    uint32_t m = 0;
    for (uint32_t s = 0; s < c->client_ports[k]; s++)
        if (c->port_dir[k][s] & dir)
            m |= 1u << c->port_of_client[k][s];
    return m;
}

/* WH L1.md: 1464 KiB in 16 banks, 16 ports, each NoC two write and two read connections;
 * RISCV B, NC, T0, ThCon and the Mover's reads on port 2; T1, T2 and the Mover's writes on
 * port 3 (Diagrams/Src/L1.lua). Blackhole differs only where l1.h says. */
static void test_wormhole_layout(void)
{
    const L1Config w = l1_config_preset(L1_PRESET_WORMHOLE), b = l1_config_default();
    char why[128];
    CHECK_OK(l1_config_check(&w, why, sizeof why));
    CHECK_EQ_U32(w.size_bytes, 1464u * 1024);
    CHECK_EQ_U32(w.banks, 16);
    CHECK_EQ_U32(w.ports, 16);
    CHECK_EQ_U32(w.bank_width_bytes, 16);
    CHECK_EQ_U32(w.rmw_cycles, 5);
    for (uint32_t k = L1_BRISC; k <= L1_TRISC0; k++)
        CHECK_EQ_U32(ports_of(&w, k, L1_DIR_READ | L1_DIR_WRITE), 1u << 2);
    CHECK_EQ_U32(ports_of(&w, L1_THCON, L1_DIR_READ | L1_DIR_WRITE), 1u << 2);
    CHECK_EQ_U32(ports_of(&w, L1_TRISC1, L1_DIR_READ | L1_DIR_WRITE), 1u << 3);
    CHECK_EQ_U32(ports_of(&w, L1_TRISC2, L1_DIR_READ | L1_DIR_WRITE), 1u << 3);
    CHECK_EQ_U32(ports_of(&w, L1_MOVER, L1_DIR_READ), 1u << 2);
    CHECK_EQ_U32(ports_of(&w, L1_MOVER, L1_DIR_WRITE), 1u << 3);
    CHECK_EQ_U32(ports_of(&w, L1_NOC0, L1_DIR_WRITE), 3u << 4);
    CHECK_EQ_U32(ports_of(&w, L1_NOC0, L1_DIR_READ), 3u << 6);
    CHECK_EQ_U32(ports_of(&w, L1_NOC1, L1_DIR_WRITE), 3u << 12);
    CHECK_EQ_U32(ports_of(&w, L1_NOC1, L1_DIR_READ), 3u << 14);
    /* Blackhole: twice the banks, 1536 KiB, four write and four read ports per NoC */
    CHECK_EQ_U32(b.banks, 2 * w.banks);
    CHECK_EQ_U32(b.size_bytes, 1536u * 1024);
    CHECK_EQ_U32(__builtin_popcount(ports_of(&b, L1_NOC0, L1_DIR_WRITE)), 4);
    CHECK_EQ_U32(__builtin_popcount(ports_of(&b, L1_NOC1, L1_DIR_READ)), 4);
    CHECK_EQ_U32(b.access_latency_cycles, w.access_latency_cycles);
    for (uint32_t k = 0; k < L1_CLIENTS; k++)
        if (k != L1_NOC0 && k != L1_NOC1)
            CHECK_EQ_U32(ports_of(&b, k, 3), ports_of(&w, k, 3));
}

/* Two clients keep their queues full of 16-B reads, each to its own banks (no bank conflict
 * between them); returns the accesses granted to both in `cycles` cycles. */
static uint64_t two_clients(uint32_t preset, uint32_t a, uint32_t b, uint64_t cycles)
{
    L1 *l = calloc(1, sizeof *l);
    const L1Config cfg = l1_config_preset(preset);
    CHECK_OK(l1_init(l, &cfg, &test_log));
    const uint32_t k[2] = {a, b};
    uint64_t n[2] = {0, 0};
    for (uint64_t now = 0; now < cycles; now++) {
        for (uint32_t i = 0; i < 2; i++) /* client i reads the banks of parity i */
            while (l1_request(l, k[i], 0x40000 + 16 * ((2 * n[i] + i) % (2 * cfg.banks)), 16, 0,
                              NULL, 0, now) == BH_OK)
                n[i]++;
        l1_step(l, now);
        L1Done d[32];
        while (l1_take_done(l, d, 32) > 0) {
        }
    }
    const uint64_t got = l->st.client[a].accesses + l->st.client[b].accesses;
    CHECK(l->st.client[a].accesses > 0 && l->st.client[b].accesses > 0);
    l1_destroy(l);
    free(l);
    return got;
}

/* WH L1.md: "Some ports have multiple clients attached to them, and in such cases, only one
 * client can use the port on any given cycle". RISCV B and RISCV NC share port 2: one access
 * per cycle together; RISCV B and RISCV T1 (port 3) two. */
static void test_shared_port_caps_two_clients(void)
{
    const uint64_t cycles = 1000;
    for (uint32_t p = 0; p < L1_PRESETS; p++) {
        const uint64_t shared = two_clients(p, L1_BRISC, L1_NCRISC, cycles);
        const uint64_t apart = two_clients(p, L1_BRISC, L1_TRISC1, cycles);
        CHECK(shared <= cycles);
        CHECK(shared >= cycles - 10); /* the port never idles once both queues are full */
        CHECK(apart >= 2 * cycles - 20 && apart <= 2 * cycles);
    }
}

/* WH L1.md: "Where an access port has multiple levels of muxing, there is independent conflict
 * resolution and round-robin allocation at each mux". Port 2 (Diagrams/Src/L1.lua): an inner
 * mux (packer 0's reads, packer 2, ThCon, the Mover's reads) beside RISCV B, NC and T0. With
 * B, NC, T0, ThCon and the Mover all reading, each RISC gets a quarter of the port and ThCon and
 * the Mover an eighth each (one round robin flat over the five would give each a fifth). */
static void test_inner_mux_share(void)
{
    static const uint32_t k[5] = {L1_BRISC, L1_NCRISC, L1_TRISC0, L1_THCON, L1_MOVER};
    static const double share[5] = {0.25, 0.25, 0.25, 0.125, 0.125};
    const uint64_t cycles = 4000;
    for (uint32_t p = 0; p < L1_PRESETS; p++) {
        L1 *l = calloc(1, sizeof *l);
        const L1Config cfg = l1_config_preset(p);
        CHECK_OK(l1_init(l, &cfg, &test_log));
        uint64_t n[5] = {0};
        for (uint64_t now = 0; now < cycles; now++) {
            for (uint32_t i = 0; i < 5; i++) /* client i: banks i mod 8, none shared */
                while (l1_request(l, k[i], 0x40000 + 16 * ((8 * n[i] + i) % (4 * cfg.banks)), 16, 0,
                                  NULL, 0, now) == BH_OK)
                    n[i]++;
            l1_step(l, now);
            L1Done d[32];
            while (l1_take_done(l, d, 32) > 0) {
            }
        }
        for (uint32_t i = 0; i < 5; i++) {
            const double got = (double)l->st.client[k[i]].accesses / (double)cycles;
            if (got < 0.98 * share[i] || got > 1.02 * share[i]) {
                fprintf(stderr, "  %s: %.3f of port 2, want %.3f\n", l1_client_name(k[i]), got,
                        share[i]);
                CHECK(0);
            }
        }
        l1_destroy(l);
        free(l);
    }
}

/* The Mover (model/tile/tensix/mover.c, through TDMA-RISC) copying or zero-filling `bytes`
 * over the L1 of `preset`; returns bits per cycle from the cycle it starts to its last write's
 * acknowledgement. */
static double mover_rate(uint32_t preset, uint32_t dir, uint32_t bytes)
{
    L1 *l = calloc(1, sizeof *l);
    TensixCore *c = calloc(1, sizeof *c);
    const L1Config cfg = l1_config_preset(preset);
    const TensixCoreConfig cc = tensix_core_config_default();
    CHECK_OK(l1_init(l, &cfg, &test_log));
    CHECK_OK(tensix_core_init(c, l, &cc, &test_log));
    const uint32_t tdma = 0xFFB11000u;
    CHECK_OK(tensix_core_mmio_write(c, 3, tdma + 0x000, 0x10000 / 16, 0)); /* source */
    CHECK_OK(tensix_core_mmio_write(c, 3, tdma + 0x004, 0x50000 / 16, 0)); /* destination */
    CHECK_OK(tensix_core_mmio_write(c, 3, tdma + 0x008, bytes / 16, 0));
    CHECK_OK(tensix_core_mmio_write(c, 3, tdma + 0x00C, dir, 0));
    CHECK_OK(tensix_core_mmio_write(c, 3, tdma + 0x010, 0x40, 0));
    uint64_t start = 0, end = 0;
    for (uint64_t now = 0; now < 1000000 && !end; now++) {
        tensix_core_step(c, now);
        l1_step(l, now);
        L1Done d[32];
        uint32_t n;
        while ((n = l1_take_done(l, d, 32)) > 0)
            for (uint32_t i = 0; i < n; i++)
                tensix_core_l1_done(c, &d[i], now);
        if (!start && mover_busy(&c->mover))
            start = now;
        if (start && !mover_busy(&c->mover))
            end = now;
    }
    CHECK(end > start);
    l1_destroy(l);
    free(l);
    free(c);
    return 8.0 * bytes / (double)(end - start);
}

static int within(double got, double want, double rel)
{
    const double d = got > want ? got - want : want - got;
    if (d > rel * want)
        fprintf(stderr, "  got %.2f bits/cycle, want %.2f within %.0f %%\n", got, want, 100 * rel);
    return d <= rel * want;
}

/* Mover.md "Measured performance (ideal conditions)": memcpy 8 x 128 bits per 11 cycles,
 * L1 memset 128 bits per cycle; both presets (the Mover alone meets no contention in either) */
static void test_mover_ideal(void)
{
    for (uint32_t p = 0; p < L1_PRESETS; p++) {
        CHECK(within(mover_rate(p, 3, 64 * 1024), 128.0 * 8 / 11, 0.02)); /* XMOV_L1_TO_L1 */
        CHECK(within(mover_rate(p, 0, 64 * 1024), 128.0, 0.02));          /* XMOV_L0_TO_L1 */
    }
}

int main(void)
{
    RUN(test_wormhole_layout);
    RUN(test_shared_port_caps_two_clients);
    RUN(test_inner_mux_share);
    RUN(test_mover_ideal);
    return check_failures();
}
