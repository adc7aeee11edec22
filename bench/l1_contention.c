// SPDX-License-Identifier: Apache-2.0
/* bench/l1_contention.c - the Mover's L1-to-L1 memcpy inside a Tensix tile's coprocessor
 * (model/tile/tensix/tensix_core.h) over the real L1 model of each preset (l1.preset: blackhole,
 * wormhole), alone and while other L1 clients hammer the same L1: NoC0 writing 64-byte flits at one
 * per cycle, unpacker 0 reading 64 bytes per cycle, or both; RISCV T1 storing words on port 3,
 * the Mover's write port (a narrow store holds it 5 cycles); all three. Every slowdown comes from
 * the L1's port and bank arbitration; the report gives the copy rate in bits per cycle and the
 * cycles the Mover waited, by which client held the bank or port it wanted. Usage:
 * bench_l1_contention [KiB to copy, default 256]. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/tile/tensix/tensix_core.h"
#include "tests/test_log.h"

typedef struct Load {
    int noc_writes, unpack_reads, risc_stores;
    uint64_t noc_addr, unpack_addr, risc_addr;
} Load;

static void offer_load(L1 *l1, Load *ld, uint64_t now)
{
    static const uint8_t flit[64];
    if (ld->noc_writes &&
        l1_request(l1, L1_NOC0, 0x100000 + ld->noc_addr % 0x40000, 64, 1, flit, 1, now) == BH_OK)
        ld->noc_addr += 64;
    if (ld->unpack_reads && l1_request(l1, L1_UNPACK0, 0x80000 + ld->unpack_addr % 0x40000, 64, 0,
                                       NULL, 2, now) == BH_OK)
        ld->unpack_addr += 64;
    /* RISCV T1 storing words, as a core does at its best, one per 5 cycles: narrow writes are
     * read-modify-writes that hold its port, port 3, the Mover's write port (WH L1.md) */
    if (ld->risc_stores &&
        l1_request(l1, L1_TRISC1, 0x120000 + ld->risc_addr % 0x10000, 4, 1, flit, 3, now) == BH_OK)
        ld->risc_addr += 16;
}

static void run(uint32_t preset, const char *name, int noc, int unpack, int risc, uint32_t bytes)
{
    L1 *l1 = calloc(1, sizeof *l1);
    TensixCore *c = calloc(1, sizeof *c);
    L1Config cfg = l1_config_preset(preset);
    TensixCoreConfig cc = tensix_core_config_default();
    if (l1_init(l1, &cfg, &test_log) != BH_OK || tensix_core_init(c, l1, &cc, &test_log) != BH_OK) {
        fprintf(stderr, "bench: cannot build the tile\n");
        exit(1);
    }
    Load ld = {noc, unpack, risc, 0, 0, 0};
    uint64_t now = 0;
    const uint32_t tdma = 0xFFB11000u;
    tensix_core_mmio_write(c, 3, tdma + 0x000, 0x10000 / 16, now); /* source */
    tensix_core_mmio_write(c, 3, tdma + 0x004, 0x50000 / 16, now); /* destination */
    tensix_core_mmio_write(c, 3, tdma + 0x008, bytes / 16, now);
    tensix_core_mmio_write(c, 3, tdma + 0x00C, 3, now); /* L1 to L1 */
    tensix_core_mmio_write(c, 3, tdma + 0x010, 0x40, now);
    uint64_t start = 0, end = 0;
    for (; now < 100000000; now++) {
        tensix_core_step(c, now);
        offer_load(l1, &ld, now);
        l1_step(l1, now);
        L1Done d[32];
        uint32_t n;
        while ((n = l1_take_done(l1, d, 32)) > 0)
            for (uint32_t i = 0; i < n; i++)
                tensix_core_l1_done(c, &d[i], now);
        if (!start && mover_busy(&c->mover))
            start = now;
        if (start && !mover_busy(&c->mover)) {
            end = now;
            break;
        }
    }
    const L1Stats *st = &l1->st;
    uint64_t waited = st->client[L1_MOVER].wait_cycles, by_noc = 0, by_unpack = 0, by_self = 0,
             by_risc = 0;
    for (uint32_t p = 0; p < l1->cfg.ports; p++) {
        by_noc += st->port_conflict[p][L1_NOC0];
        by_unpack += st->port_conflict[p][L1_UNPACK0];
        by_self += st->port_conflict[p][L1_MOVER];
        by_risc += st->port_conflict[p][L1_TRISC1];
    }
    for (uint32_t b = 0; b < l1->cfg.banks; b++) {
        by_noc += st->bank_conflict[b][L1_NOC0];
        by_unpack += st->bank_conflict[b][L1_UNPACK0];
        by_self += st->bank_conflict[b][L1_MOVER];
        by_risc += st->bank_conflict[b][L1_TRISC1];
    }
    double cycles = (double)(end - start);
    printf("%-18s %7.0f cycles %6.1f bits/cycle; Mover waited %5llu; all waits on noc0 %llu, on "
           "unpack0 %llu, on trisc1 %llu, on the Mover %llu; noc0 %.2f flits/cycle, unpack0 "
           "%.2f x64B/cycle, trisc1 %.2f stores/cycle\n",
           name, cycles, 8.0 * bytes / cycles, (unsigned long long)waited,
           (unsigned long long)by_noc, (unsigned long long)by_unpack, (unsigned long long)by_risc,
           (unsigned long long)by_self, (double)ld.noc_addr / 64 / (double)now,
           (double)ld.unpack_addr / 64 / (double)now, (double)ld.risc_addr / 16 / (double)now);
    l1_destroy(l1);
    free(l1);
    free(c);
}

int main(int argc, char **argv)
{
    uint32_t kib = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 0) : 256;
    if (kib < 1 || kib > 256) {
        fprintf(stderr, "usage: bench_l1_contention [KiB 1..256]\n");
        return 2;
    }
    printf("Mover L1-to-L1 copy of %u KiB (documented ideal, Mover.md: 93.1 bits/cycle, 8 reads + "
           "8 writes per 11 cycles)\n",
           kib);
    static const char *const preset[L1_PRESETS] = {"blackhole", "wormhole"};
    for (uint32_t p = 0; p < L1_PRESETS; p++) {
        printf("l1.preset=%s\n", preset[p]);
        run(p, "alone", 0, 0, 0, kib * 1024);
        run(p, "+ NoC0 writes", 1, 0, 0, kib * 1024);
        run(p, "+ unpacker reads", 0, 1, 0, kib * 1024);
        run(p, "+ both", 1, 1, 0, kib * 1024);
        run(p, "+ T1 stores", 0, 0, 1, kib * 1024);
        run(p, "+ all three", 1, 1, 1, kib * 1024);
    }
    return 0;
}
