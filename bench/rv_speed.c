// SPDX-License-Identifier: Apache-2.0
/* bench/rv_speed.c - simulation speed of one baby RISC-V core on compute-bound code: a loop of
 * 8 independent ALU instructions and a backward branch in a fast region, run for a number of
 * core cycles (argv[1], default 100M). Prints simulated core cycles per host second and CPI. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "model/riscv/rv_core.h"

static RvMemResult no_bus(void *ctx, RvCore *core, const RvMemReq *req, uint64_t at, uint8_t *rdata,
                          uint32_t *latency, uint64_t *when, char *why, size_t why_len)
{
    (void)ctx, (void)core, (void)req, (void)at, (void)rdata, (void)when;
    *latency = 1;
    snprintf(why, why_len, "no bus in this benchmark");
    return req->kind == RV_ACC_FETCH ? RV_MEM_DONE : RV_MEM_FAULT;
}

static uint32_t enc_i(int32_t imm, uint32_t rs1, uint32_t f3, uint32_t rd, uint32_t op)
{
    return ((uint32_t)imm & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}

static uint32_t enc_r(uint32_t f7, uint32_t rs2, uint32_t rs1, uint32_t f3, uint32_t rd)
{
    return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | 0x33;
}

static uint32_t enc_b(int32_t off, uint32_t rs2, uint32_t rs1, uint32_t f3)
{
    uint32_t u = (uint32_t)off;
    return (u >> 12 & 1) << 31 | (u >> 5 & 0x3f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 |
           (u >> 1 & 0xf) << 8 | (u >> 11 & 1) << 7 | 0x63;
}

int main(int argc, char **argv)
{
    const uint64_t cycles = argc > 1 ? strtoull(argv[1], NULL, 0) : 100000000ull;
    static uint8_t ram[4096];
    const uint32_t prog[] = {
        enc_r(0, 11, 10, 0, 12),    /* add a2, a0, a1 */
        enc_r(0, 11, 10, 4, 13),    /* xor a3, a0, a1 */
        enc_i(3, 10, 1, 14, 0x13),  /* slli a4, a0, 3 */
        enc_r(0x20, 11, 10, 0, 15), /* sub a5, a0, a1 */
        enc_r(0, 11, 10, 6, 16),    /* or a6, a0, a1 */
        enc_i(7, 11, 7, 17, 0x13),  /* andi a7, a1, 7 */
        enc_r(0x10, 11, 10, 4, 28), /* sh2add t3, a0, a1 */
        enc_i(1, 11, 0, 11, 0x13),  /* addi a1, a1, 1 */
        enc_i(-1, 10, 0, 10, 0x13), /* addi a0, a0, -1 */
        enc_b(-36, 0, 10, 1),       /* bnez a0, -36 (to the add) */
        0x00100073u,                /* ebreak */
    };
    for (uint32_t i = 0; i < sizeof prog / 4; i++)
        for (int b = 0; b < 4; b++)
            ram[4 * i + (uint32_t)b] = (uint8_t)(prog[i] >> (8 * b));
    RvConfig cfg = rv_config_default();
    RvCore *c = rv_core_create(&cfg, 0, no_bus, NULL);
    RvRegion r = {0, sizeof ram, ram, RV_REGION_READ | RV_REGION_WRITE | RV_REGION_FETCH};
    if (!c || rv_core_map(c, &r) != BH_OK)
        return 1;
    rv_core_reset(c, 0, 0);
    rv_core_set_reg(c, 10, 0x7fffffff); /* the loop outlasts the run */
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint64_t wake;
    RvRun run = rv_core_run(c, cycles, &wake);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    const RvStats *st = rv_core_stats(c);
    printf("rv_speed: run %d, %llu cycles, %llu instructions in %.3f s: %.1f M cycles/s, "
           "%.1f M instructions/s, CPI %.3f (mispredicts %llu)\n",
           (int)run, (unsigned long long)rv_core_cycle(c), (unsigned long long)st->instret, s,
           (double)rv_core_cycle(c) / s / 1e6, (double)st->instret / s / 1e6,
           (double)rv_core_cycle(c) / (double)st->instret, (unsigned long long)st->mispredicts);
    rv_core_destroy(c);
    return run == RV_RUN_UNTIL ? 0 : 1;
}
