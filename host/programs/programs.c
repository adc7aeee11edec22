// SPDX-License-Identifier: Apache-2.0
/* The host workloads' dispatcher and what they share (programs.h). */
#define _POSIX_C_SOURCE 200809L
#include "host/programs/programs.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef BH_SOURCE_DIR
#error "BH_SOURCE_DIR: the build passes the source tree (the built-in kernels live there)"
#endif

int hp_fail(HpRun *r, int status, const char *fmt, ...)
{
    (void)r;
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(stderr, "bhsim: %s%s\n", status == HP_USAGE ? "config: " : "", msg);
    return status;
}

void *hp_malloc(HpRun *r, uint64_t bytes)
{
    void *m = bytes <= SIZE_MAX ? malloc(bytes ? (size_t)bytes : 1) : NULL;
    if (!m) {
        hp_fail(r, HP_FAILED, "the host has no memory left for %llu bytes of a program's data",
                (unsigned long long)bytes);
        exit(HP_FAILED);
    }
    return m;
}

int hp_text(HpRun *r, const char *key, char *buf, size_t len)
{
    if (bh_chip_param_text(r->chip, key, buf, len) != BH_CHIP_OK)
        return hp_fail(r, HP_USAGE, "%s: cannot read this key", key);
    return HP_OK;
}

int hp_u32(HpRun *r, const char *key, uint32_t min, uint32_t max, uint32_t *out)
{
    char buf[64], *end;
    if (hp_text(r, key, buf, sizeof buf) != HP_OK)
        return HP_USAGE;
    unsigned long long v = strtoull(buf, &end, 0);
    if (!strcmp(buf, "true") || !strcmp(buf, "false")) /* a boolean key, as JSON writes it */
        v = buf[0] == 't', end = buf + strlen(buf);
    if (end == buf || *end || buf[0] == '-' || v < min || v > max)
        return hp_fail(r, HP_USAGE, "%s: must be an integer in %u..%u, got '%s'", key, min, max,
                       buf);
    *out = (uint32_t)v;
    return HP_OK;
}

int hp_u32_or(HpRun *r, const char *key, uint32_t dflt, uint32_t min, uint32_t max, uint32_t *out)
{
    char buf[64];
    if (hp_text(r, key, buf, sizeof buf) != HP_OK)
        return HP_USAGE;
    if (!buf[0]) {
        *out = dflt;
        return HP_OK;
    }
    return hp_u32(r, key, min, max, out);
}

int hp_op(HpRun *r, const char *dflt, char *buf, size_t len)
{
    if (hp_text(r, "workload.op", buf, len) != HP_OK)
        return HP_USAGE;
    if (strcmp(buf, "auto") == 0)
        snprintf(buf, len, "%s", dflt);
    return HP_OK;
}

/* A decimal count of at most `limit` starting at *s, digits only (no sign, space or wrap past
 * the limit); *s moves past it. 0 if there is none or it is larger. */
static int parse_count(const char **s, uint32_t limit, uint32_t *out)
{
    uint64_t v = 0;
    const char *p = *s;
    for (; *p >= '0' && *p <= '9'; p++) {
        v = v * 10 + (uint64_t)(*p - '0');
        if (v > limit)
            return 0;
    }
    if (p == *s)
        return 0;
    *s = p;
    *out = (uint32_t)v;
    return 1;
}

int hp_grid(HpRun *r, uint32_t *cols, uint32_t *rows)
{
    char buf[64];
    uint32_t gc, gr;
    if (hp_text(r, "workload.grid", buf, sizeof buf) != HP_OK)
        return HP_USAGE;
    bh_device_grid(r->dev, &gc, &gr);
    uint32_t c = 0, w = 0;
    const char *at = buf;
    const int ok = parse_count(&at, gc, &c) && *at++ == 'x' && parse_count(&at, gr, &w) && !*at;
    if (!ok || c < 1 || w < 1)
        return hp_fail(r, HP_USAGE,
                       "workload.grid: must be CxR with 1 <= C <= %u and 1 <= R <= %u (the "
                       "worker grid), got '%s'",
                       gc, gr, buf);
    *cols = c, *rows = w;
    return HP_OK;
}

int hp_kernel_path(HpRun *r, const char *key, const char *builtin, char *buf, size_t len)
{
    char user[1024];
    if (hp_text(r, key, user, sizeof user) != HP_OK)
        return HP_USAGE;
    int n = user[0] ? snprintf(buf, len, "%s", user)
                    : snprintf(buf, len, "%s/firmware/kernels/%s", BH_SOURCE_DIR, builtin);
    if (n < 0 || (size_t)n >= len)
        return hp_fail(r, HP_USAGE, "%s: path too long", key);
    FILE *f = fopen(buf, "r");
    if (!f)
        return hp_fail(r, HP_USAGE, "%s: cannot read the kernel source '%s'", key, buf);
    fclose(f);
    return HP_OK;
}

uint64_t hp_rand(HpRun *r)
{
    uint64_t z = (r->rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint16_t hp_rand_bf16(HpRun *r, int lo_exp, int hi_exp, int sign)
{
    uint64_t x = hp_rand(r);
    uint32_t e = (uint32_t)(127 + lo_exp + (int)(x % (uint64_t)(hi_exp - lo_exp + 1)));
    uint32_t m = (uint32_t)(x >> 16) & 0x7F;
    uint32_t s = sign ? (uint32_t)(x >> 40) & 1 : 0;
    return (uint16_t)(s << 15 | e << 7 | m);
}

uint32_t hp_f32_bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

float hp_bits_f32(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

float hp_bf16_to_f32(uint16_t b)
{
    return hp_bits_f32((uint32_t)b << 16);
}

static uint32_t tiled_index(uint32_t i, uint32_t j, uint32_t cols)
{
    uint32_t tile = (i / 32) * (cols / 32) + j / 32, ti = i % 32, tj = j % 32;
    uint32_t face = (ti / 16) * 2 + tj / 16;
    return tile * 1024 + face * 256 + (ti % 16) * 16 + tj % 16;
}

void hp_tilize(const uint16_t *m, uint32_t rows, uint32_t cols, uint16_t *tiles)
{
    for (uint32_t i = 0; i < rows; i++)
        for (uint32_t j = 0; j < cols; j++)
            tiles[tiled_index(i, j, cols)] = m[i * cols + j];
}

void hp_untilize(const uint16_t *tiles, uint32_t rows, uint32_t cols, uint16_t *m)
{
    for (uint32_t i = 0; i < rows; i++)
        for (uint32_t j = 0; j < cols; j++)
            m[i * cols + j] = tiles[tiled_index(i, j, cols)];
}

void hp_split(uint32_t n, uint32_t cores, uint32_t core, uint32_t *start, uint32_t *count)
{
    uint32_t base = n / cores, extra = n % cores;
    *count = base + (core < extra);
    *start = core * base + (core < extra ? core : extra);
}

void hp_json(HpRun *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || r->json_lost) {
        r->json_lost = 1;
        return;
    }
    const size_t need = r->json_len + 1 + (size_t)n + 1; /* a comma, the pairs, the NUL */
    if (need > r->json_cap) {
        const size_t cap = need > 2 * r->json_cap ? need : 2 * r->json_cap;
        char *grown = realloc(r->json, cap);
        if (!grown) {
            r->json_lost = 1;
            return;
        }
        r->json = grown;
        r->json_cap = cap;
    }
    if (r->json_len)
        r->json[r->json_len++] = ',';
    va_start(ap, fmt);
    vsnprintf(r->json + r->json_len, r->json_cap - r->json_len, fmt, ap);
    va_end(ap);
    r->json_len += (size_t)n;
}

int hp_run(HpRun *r, BhProgram *p, BhProgramTiming *t)
{
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    const uint64_t c0 = bh_chip_now(r->chip);
    if (bh_program_run(r->dev, p, 2000000000ull, t) != 0) {
        fprintf(stderr, "bhsim: %s\n", bh_device_error(r->dev));
        return -1;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    r->device_cycles += t->cycles;
    r->device_ps += bh_chip_cycle_ps(r->chip, t->finished) - bh_chip_cycle_ps(r->chip, t->launched);
    /* the simulation's own speed: the chip cycles this launch advanced (to its last done line
     * seen) over the wall time of the launch and the wait, kernel builds included */
    const double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    const uint64_t cycles = bh_chip_now(r->chip) - c0;
    hp_json(r, "\"sim_wall_seconds\":%.3f,\"sim_chip_cycles_per_second\":%.0f", s,
            s > 0 ? (double)cycles / s : 0.0);
    return 0;
}

/* A statistics table's rows as "key":value pairs (bh_stats.h): times in microseconds */
static void hp_json_stats(HpRun *r, const BhStatTable *t, const void *base)
{
    for (uint32_t i = 0; i < t->n; i++) {
        const BhStat *st = &t->stats[i];
        const uint64_t v = bh_stat_value(st, base);
        if (st->kind == BH_STAT_PICOSECONDS)
            hp_json(r, "\"%s\":%.3f", st->key, (double)v * 1e-6);
        else
            hp_json(r, "\"%s\":%llu", st->key, (unsigned long long)v);
    }
}

/* Where the host's simulated time went (bh_device_host_times, BH_HOST_STATS), and the figures
 * derived from it: the transfers (uploads, runtime arguments, launches, buffers), the device's
 * time from launch to done, and the chip's whole simulated time */
static void host_figures(HpRun *r)
{
    BhHostTimes h;
    bh_device_host_times(r->dev, &h);
    const double us = 1e-6;
    const uint64_t transfer =
        h.firmware_ps + h.upload_ps + h.rta_ps + h.launch_ps + h.buffer_write_ps + h.buffer_read_ps;
    hp_json(r,
            "\"host_transport\":\"%s\",\"host_transfer_us\":%.3f,\"device_us\":%.3f,"
            "\"host_upload_us\":%.3f,\"chip_us\":%.3f",
            h.transport, (double)transfer * us, (double)r->device_ps * us,
            (double)(h.firmware_ps + h.upload_ps) * us, (double)bh_chip_time_ps(r->chip) * us);
    hp_json_stats(r, &bh_host_stat_table, &h);
}

int hp_finish(HpRun *r, const char *name, int passed)
{
    host_figures(r);
    if (r->json_lost)
        return hp_fail(r, HP_FAILED, "program: out of host memory building the report section");
    const char *pairs = r->json_len ? r->json : "";
    const size_t len = strlen(name) + r->json_len + 64;
    char *section = hp_malloc(r, len);
    snprintf(section, len, "{\"name\":\"%s\",\"passed\":%s%s%s}", name, passed ? "true" : "false",
             r->json_len ? "," : "", pairs);
    const BhChipStatus st = bh_chip_set_report_section(r->chip, "program", section);
    if (st != BH_CHIP_OK) {
        const int rc =
            hp_fail(r, HP_FAILED, "program: the report section is not valid JSON: %s", section);
        free(section);
        return rc;
    }
    free(section);
    fprintf(stderr, "bhsim: %s: %s\n", name,
            passed ? "result matches the host reference" : "RESULT DIFFERS from the reference");
    return passed ? HP_OK : HP_FAILED;
}

int hp_add_kernels(BhProgram *p, const BhCoreRange *cores, const HpKernels *k, int ids[3])
{
    const uint32_t batch[] = {k->batch}, out_cb[] = {k->out_cb};
    const char *defs[] = {k->define};
    const BhKernelSpec rs = {.source = k->reader,
                             .type = BH_KERNEL_DM1,
                             .noc = 1,
                             .compile_args = batch,
                             .n_compile_args = 1};
    const BhKernelSpec ws = {.source = k->writer,
                             .type = BH_KERNEL_DM0,
                             .noc = 0,
                             .compile_args = out_cb,
                             .n_compile_args = 1};
    const BhKernelSpec cs = {.source = k->compute,
                             .type = BH_KERNEL_COMPUTE,
                             .defines = defs,
                             .n_defines = k->define ? 1 : 0,
                             .math_fidelity = k->fidelity};
    ids[0] = bh_program_add_kernel(p, cores, &rs);
    ids[1] = ids[0] < 0 ? -1 : bh_program_add_kernel(p, cores, &ws);
    ids[2] = ids[1] < 0 || !k->compute ? -1 : bh_program_add_kernel(p, cores, &cs);
    return ids[0] < 0 || ids[1] < 0 || (k->compute && ids[2] < 0) ? -1 : 0;
}

int hp_set_split_args(BhProgram *p, const int ids[3], uint32_t cols, uint32_t rows, uint32_t items,
                      const uint32_t *in_addrs, uint32_t n_in, uint32_t out_addr)
{
    const uint32_t cores = cols * rows;
    for (uint32_t i = 0; i < cores; i++) {
        uint32_t start, count, ra[8];
        hp_split(items, cores, i, &start, &count);
        for (uint32_t j = 0; j < n_in; j++)
            ra[j] = in_addrs[j];
        ra[n_in] = count, ra[n_in + 1] = start;
        const uint32_t wa[] = {out_addr, count, start};
        if (bh_program_set_runtime_args(p, ids[0], i % cols, i / cols, ra, n_in + 2) ||
            bh_program_set_runtime_args(p, ids[1], i % cols, i / cols, wa, 3) ||
            (ids[2] >= 0 && bh_program_set_runtime_args(p, ids[2], i % cols, i / cols, &count, 1)))
            return -1;
    }
    return 0;
}

typedef struct HpProgram {
    const char *name;
    int (*run)(HpRun *r);
} HpProgram;

static const HpProgram kPrograms[] = {
    {"eltwise", hp_eltwise}, {"dram_copy", hp_dram_copy}, {"matmul", hp_matmul},
    {"sfpu", hp_sfpu},       {"dram_bw", hp_dram_bw},     {"dm", hp_dm},
};

int bh_host_workload_run(BhChip *chip, const char *name)
{
    HpRun r;
    memset(&r, 0, sizeof r);
    r.chip = chip;
    const HpProgram *prog = NULL;
    for (size_t i = 0; i < sizeof kPrograms / sizeof kPrograms[0]; i++)
        if (strcmp(kPrograms[i].name, name) == 0)
            prog = &kPrograms[i];
    if (!prog && strcmp(name, "host") != 0)
        return hp_fail(&r, HP_USAGE, "workload.name: '%s' is not a host workload", name);
    uint32_t seed = 0;
    if (hp_u32(&r, "sim.seed", 0, UINT32_MAX, &seed) != HP_OK)
        return HP_USAGE;
    r.rng = seed * 0x2545F4914F6CDD1Dull + 1;
    char err[1024];
    r.dev = bh_device_open(chip, err, sizeof err);
    if (!r.dev)
        return hp_fail(&r, HP_FAILED, "device: %s", err);
    int rc = prog ? prog->run(&r) : HP_OK;
    bh_device_close(r.dev);
    free(r.json);
    return rc;
}
