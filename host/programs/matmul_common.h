/* host/programs/matmul_common.h - what both matmul variants share: the keys, the inputs in
 * DRAM, the check against the reference and the figures of the report. */
#ifndef BH_HOST_MATMUL_COMMON_H
#define BH_HOST_MATMUL_COMMON_H
#include "host/programs/programs.h"

typedef struct HpMatmul {
    uint32_t mt, nt, kt; /* workload.m, .n, .k in tiles */
    uint32_t cols, rows; /* workload.grid */
    uint32_t mcast;      /* workload.mcast */
    BhMathFidelity fidelity;
    unsigned phases;
    uint16_t *ha, *hb;   /* row-major BF16, (32 mt) x (32 kt) and (32 kt) x (32 nt) */
    BhBuffer *a, *b, *c; /* the matrices tilized, interleaved in DRAM */
} HpMatmul;

int hp_matmul_setup(HpRun *r, HpMatmul *mm);
void hp_matmul_free(HpRun *r, HpMatmul *mm);
/* reads C back, compares with the reference, fills the report section; HP_OK if it matches */
int hp_matmul_check(HpRun *r, HpMatmul *mm, const BhProgramTiming *t, uint32_t cores);
int hp_matmul_mcast(HpRun *r, HpMatmul *mm);

#endif
