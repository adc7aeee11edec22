/* host/programs/prog_dm.h - the dm workload's parts (prog_dm.c: keys, run and report;
 * prog_dm_tests.c: each test's kernels, data placement and check). */
#ifndef BH_PROG_DM_H
#define BH_PROG_DM_H
#include <stdint.h>
#include "host/programs/programs.h"

/* dm_tests.cc's modes */
enum { DM_DRAM_WRITE, DM_DRAM_READ, DM_WRITE, DM_READ, DM_MCAST, DM_WRITE_ALL, DM_READ_ALL };
/* flags, compile-time arg 3 */
enum { DM_LINKED = 1, DM_LOOPBACK = 2 };
/* every worker of the largest grid, plus the DRAM test's two */
#define DM_MAX_SPANS 256u

typedef struct DmSpan {
    const char *what; /* "write" or "read" */
    uint32_t x, y;    /* NoC0 tile of the kernel, and its result word */
    uint32_t addr;
} DmSpan;

typedef struct DmRun {
    HpRun *r;
    BhProgram *p;
    const char *test, *kernel;
    uint32_t n, size, cols, rows; /* transactions, bytes each, workload.grid */
    uint32_t gc, gr;              /* the device's worker grid */
    int noc;                      /* workload.dm_noc: -1 each RISC's default, else 0 or 1 */
    uint32_t flags;               /* DM_LINKED | DM_LOOPBACK */
    uint32_t l1, result;          /* every worker's data region and its result words */
    uint32_t mx, my;              /* NoC0 of logical (0,0), the sender of most tests */
    uint8_t *src, *junk, *got;    /* size bytes each */
    /* the cores visited, NoC0 x << 16 | y, in order (each a runtime argument) */
    uint32_t peers[BH_RTA_WORDS], n_peers;
    uint32_t px, py; /* one_to_one's peer, a multicast's far corner */
    uint32_t remote; /* the destination (or a read's source) address at the peers */
    double bytes;    /* what the figure counts */
    uint32_t receivers;
    DmSpan *spans;
    uint32_t n_spans;
    /* the DRAM test's bank */
    BhBuffer *bd;
    uint8_t *in;
    uint32_t dx, dy, dram_base;
} DmRun;

typedef struct DmTest {
    const char *name;
    int (*setup)(DmRun *d, const struct DmTest *t); /* HP_OK, or the run's status */
    uint64_t (*check)(DmRun *d);                    /* destinations that differ */
    uint32_t flags;
} DmTest;

const DmTest *dm_test_find(const char *name);
void dm_free(DmRun *d);
/* helpers for the tests (prog_dm.c) */
int dm_kernel(DmRun *d, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1, int dm1, uint32_t mode);
int dm_args(DmRun *d, int k, uint32_t x, uint32_t y, const uint32_t *a, uint32_t n);
int dm_put(DmRun *d, uint32_t x, uint32_t y, uint32_t addr, const uint8_t *buf);
uint64_t dm_differs(DmRun *d, uint32_t x, uint32_t y, uint32_t addr);
#endif
