/* host/programs/programs.h - the host workloads bhsim's command line runs (workload.name
 * eltwise, dram_copy, matmul, sfpu, dram_bw): each builds buffers and a program with the host
 * API (host/bh_host.h), runs it, checks the result against a reference written independently
 * in C, and adds a "program" section to the report.
 *
 * Shared here: reading workload.* keys, BF16 and tile layout helpers, a seeded generator, and
 * the report section. */
#ifndef BH_HOST_PROGRAMS_H
#define BH_HOST_PROGRAMS_H
#include <stddef.h>
#include <stdint.h>
#include "host/bh_host.h"

enum { HP_OK = 0, HP_FAILED = 1, HP_USAGE = 2 };

typedef struct HpRun {
    BhChip *chip;
    BhDevice *dev;
    uint64_t rng;    /* splitmix64 state, from sim.seed */
    char *json;      /* the program section being built: "key":value pairs, comma separated */
    size_t json_len; /* bytes in json, without its terminating NUL */
    size_t json_cap; /* bytes allocated; it grows, nothing is ever cut */
    int json_lost;   /* out of host memory while adding to it: the run fails (hp_finish) */
    uint64_t device_cycles; /* launch to done, summed over the runs of hp_run */
    uint64_t device_ps;     /* the same in simulated time (AICLK may change meanwhile) */
} HpRun;

/* ---- configuration (each names the key and the allowed values on error, exit status 2) */
int hp_u32(HpRun *r, const char *key, uint32_t min, uint32_t max, uint32_t *out);
/* a string key holding a number, `dflt` when empty */
int hp_u32_or(HpRun *r, const char *key, uint32_t dflt, uint32_t min, uint32_t max, uint32_t *out);
/* workload.op, with auto replaced by the workload's default */
int hp_op(HpRun *r, const char *dflt, char *buf, size_t len);
int hp_text(HpRun *r, const char *key, char *buf, size_t len);
/* workload.grid "CxR" (columns x rows of workers), within the device's grid */
int hp_grid(HpRun *r, uint32_t *cols, uint32_t *rows);
/* the kernel source: workload.<key> if set, else the built-in firmware/kernels/<builtin> */
int hp_kernel_path(HpRun *r, const char *key, const char *builtin, char *buf, size_t len);
/* workload.fidelity: lofi|hifi2|hifi3|hifi4 as the API enum and the phase count */
int hp_fidelity(HpRun *r, BhMathFidelity *f, unsigned *phases);
int hp_fail(HpRun *r, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* host memory for a program's data; when the host has none left, the run stops here with a
 * message naming the size (a host program cannot go on without its data, and a NULL would
 * crash it further on) */
void *hp_malloc(HpRun *r, uint64_t bytes);

/* ---- data */
uint64_t hp_rand(HpRun *r);
/* a BF16 value, normal, magnitude in [2^lo_exp, 2^(hi_exp+1)), random sign if `sign` */
uint16_t hp_rand_bf16(HpRun *r, int lo_exp, int hi_exp, int sign);
float hp_bf16_to_f32(uint16_t b);
uint32_t hp_f32_bits(float f);
float hp_bits_f32(uint32_t b);
/* rows x cols (multiples of 32) row-major <-> tiles in row-major tile order, each tile four
 * 16x16 faces (tt-metal's TILE layout) */
void hp_tilize(const uint16_t *m, uint32_t rows, uint32_t cols, uint16_t *tiles);
void hp_untilize(const uint16_t *tiles, uint32_t rows, uint32_t cols, uint16_t *m);

/* ---- work split: item i of n goes to core i * cores / n ... as tt-metal's split_work_to_cores:
 * the first (n % cores) cores take one more */
void hp_split(uint32_t n, uint32_t cores, uint32_t core, uint32_t *start, uint32_t *count);

/* ---- kernels */

/* The usual kernels of a host workload: a reader on NCRISC (NoC1) whose compile-time arg 0 is
 * `batch` (tiles per barrier), a writer on BRISC (NoC0) whose compile-time arg 0 is the CB it
 * drains, and, if `compute` is set, a compute kernel with `define` (if set) at `fidelity`. */
typedef struct HpKernels {
    const char *reader, *writer, *compute, *define;
    uint32_t batch, out_cb;
    BhMathFidelity fidelity;
} HpKernels;
/* adds them on every core of `cores`; ids[0..2] reader, writer, compute (-1: none); -1 on
 * failure (bh_device_error says why) */
int hp_add_kernels(BhProgram *p, const BhCoreRange *cores, const HpKernels *k, int ids[3]);

/* Splits `items` over the cols x rows cores (hp_split) and gives each core the usual runtime
 * args: the reader (ids[0]) in_addrs[0..n_in-1], count, start; the writer (ids[1]) out_addr,
 * count, start; the compute kernel (ids[2], if >= 0) count. -1 on failure. */
int hp_set_split_args(BhProgram *p, const int ids[3], uint32_t cols, uint32_t rows, uint32_t items,
                      const uint32_t *in_addrs, uint32_t n_in, uint32_t out_addr);

/* ---- report */
void hp_json(HpRun *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "program": {"name": ..., "passed": ..., <pairs>} into the chip's report; prints a line */
int hp_finish(HpRun *r, const char *name, int passed);

/* runs a program, waits, and records its cycles in the section; -1 with the error logged */
int hp_run(HpRun *r, BhProgram *p, BhProgramTiming *t);

int hp_eltwise(HpRun *r);
int hp_dram_copy(HpRun *r);
int hp_matmul(HpRun *r);
int hp_sfpu(HpRun *r);
int hp_dram_bw(HpRun *r);
int hp_dm(HpRun *r);
/* dram_bw's host_read / host_write (prog_host_bw.c) */
int hp_host_bw(HpRun *r, int is_read, uint32_t cols, uint32_t rows, uint32_t pages, uint32_t page,
               uint32_t depth);

#endif
