// SPDX-License-Identifier: Apache-2.0
/* The multicast matmul (workload.mcast=1), laid out as tt-metal's matmul_multicore_reuse_mcast:
 * core (x, y) of a C x R grid computes the output block of tile rows y*pcM.. and tile columns
 * x*pcN.. (pcM = M / R, pcN = N / C); the core in column 0 of each row reads that row's A blocks
 * from DRAM once and multicasts them along the row (mm_mcast_in0.cc, NCRISC), the core in row 0
 * of each column reads that column's B blocks and multicasts them down the column
 * (mm_mcast_in1.cc, BRISC, which also writes C; the handshake of both in mm_mcast_block.h), K in
 * blocks of workload.k_block tiles, double buffered. The output block stays in Dst: pcM * pcN <= 8.
 */
#include <stdio.h>
#include "host/programs/matmul_common.h"

static int noc_of(HpRun *r, uint32_t x, uint32_t y, uint32_t *nx, uint32_t *ny)
{
    return bh_device_worker_noc(r->dev, x, y, nx, ny);
}

int hp_matmul_mcast(HpRun *r, HpMatmul *mm)
{
    const uint32_t C = mm->cols, R = mm->rows;
    uint32_t kb;
    if (hp_u32(r, "workload.k_block", 0, 1024, &kb))
        return HP_USAGE;
    if (mm->mt % R || mm->nt % C)
        return hp_fail(r, HP_USAGE,
                       "workload.mcast=1: workload.m (%u) must divide by the grid's rows (%u) and "
                       "workload.n (%u) by its columns (%u)",
                       mm->mt, R, mm->nt, C);
    const uint32_t pcM = mm->mt / R, pcN = mm->nt / C;
    if (pcM * pcN > 8)
        return hp_fail(r, HP_USAGE,
                       "workload.mcast=1: each core's output block (%u x %u tiles) must fit in "
                       "half of Dst (8 tiles): use a larger grid or smaller workload.m/n",
                       pcM, pcN);
    if (!kb)
        for (kb = 4; mm->kt % kb; kb--)
            ;
    if (mm->kt % kb)
        return hp_fail(r, HP_USAGE, "workload.k_block: %u does not divide workload.k (%u)", kb,
                       mm->kt);
    char in0[1024], in1[1024], compute[1024];
    if (hp_kernel_path(r, "workload.reader", "dataflow/mm_mcast_in0.cc", in0, sizeof in0) ||
        hp_kernel_path(r, "workload.writer", "dataflow/mm_mcast_in1.cc", in1, sizeof in1) ||
        hp_kernel_path(r, "workload.compute", "compute/matmul_block.cc", compute, sizeof compute))
        return HP_USAGE;
    const uint32_t page = 2048;
    const BhCoreRange all = {0, 0, C - 1, R - 1};
    BhProgram *p = bh_program_create(r->dev);
    int rc = HP_FAILED;
    if (!p)
        return hp_fail(r, HP_FAILED, "matmul: %s", bh_device_error(r->dev));
    const int s0 = bh_program_add_semaphore(p, &all, 0), s1 = bh_program_add_semaphore(p, &all, 0);
    const int s2 = bh_program_add_semaphore(p, &all, 0), s3 = bh_program_add_semaphore(p, &all, 0);
    const uint32_t in0_sems[] = {(uint32_t)s0, (uint32_t)s1},
                   in1_sems[] = {(uint32_t)s2, (uint32_t)s3};
    BhKernelSpec k0 = {.source = in0,
                       .type = BH_KERNEL_DM1,
                       .noc = 1,
                       .compile_args = in0_sems,
                       .n_compile_args = 2};
    BhKernelSpec k1 = {.source = in1,
                       .type = BH_KERNEL_DM0,
                       .noc = 0,
                       .compile_args = in1_sems,
                       .n_compile_args = 2};
    BhKernelSpec kc = {.source = compute, .type = BH_KERNEL_COMPUTE, .math_fidelity = mm->fidelity};
    int id0 = -1, id1 = -1, idc = -1;
    if (s0 < 0 || s1 < 0 || s2 < 0 || s3 < 0 || (id0 = bh_program_add_kernel(p, &all, &k0)) < 0 ||
        (id1 = bh_program_add_kernel(p, &all, &k1)) < 0 ||
        (idc = bh_program_add_kernel(p, &all, &kc)) < 0 ||
        bh_program_add_cb(p, &all, 0, page, 2 * pcM * kb, BH_FMT_FLOAT16_B) ||
        bh_program_add_cb(p, &all, 1, page, 2 * kb * pcN, BH_FMT_FLOAT16_B) ||
        bh_program_add_cb(p, &all, 16, page, pcM * pcN, BH_FMT_FLOAT16_B)) {
        hp_fail(r, HP_FAILED, "matmul: %s", bh_device_error(r->dev));
        goto out;
    }
    for (uint32_t y = 0; y < R; y++)
        for (uint32_t x = 0; x < C; x++) {
            uint32_t a0[11] = {
                (uint32_t)bh_buffer_address(mm->a), mm->kt, kb, pcM, y * pcM, x == 0};
            uint32_t a1[15] = {
                (uint32_t)bh_buffer_address(mm->b), mm->kt, kb,      pcN,   x * pcN, mm->nt,
                (uint32_t)bh_buffer_address(mm->c), pcM,    y * pcM, y == 0};
            uint32_t n0 = 8, n1 = 12;
            if (x == 0) { /* the row's A sender: receivers are (1..C-1, y); on NoC1 (which
                             flows -x, -y) the rectangle starts at its far corner */
                noc_of(r, C - 1, y, &a0[6], &a0[7]);
                noc_of(r, C > 1 ? 1 : 0, y, &a0[8], &a0[9]);
                a0[10] = C - 1, n0 = 11;
            } else {
                noc_of(r, 0, y, &a0[6], &a0[7]);
            }
            if (y == 0) { /* the column's B sender: receivers are (x, 1..R-1) */
                noc_of(r, x, R > 1 ? 1 : 0, &a1[10], &a1[11]);
                noc_of(r, x, R - 1, &a1[12], &a1[13]);
                a1[14] = R - 1, n1 = 15;
            } else {
                noc_of(r, x, 0, &a1[10], &a1[11]);
            }
            const uint32_t ac[] = {mm->kt / kb, kb, pcM, pcN};
            if (bh_program_set_runtime_args(p, id0, x, y, a0, n0) ||
                bh_program_set_runtime_args(p, id1, x, y, a1, n1) ||
                bh_program_set_runtime_args(p, idc, x, y, ac, 4)) {
                hp_fail(r, HP_FAILED, "matmul: %s", bh_device_error(r->dev));
                goto out;
            }
        }
    hp_json(r, "\"per_core_m\":%u,\"per_core_n\":%u,\"k_block\":%u", pcM, pcN, kb);
    BhProgramTiming t;
    if (hp_run(r, p, &t))
        goto out;
    rc = hp_matmul_check(r, mm, &t, C * R);
out:
    bh_program_free(r->dev, p);
    return rc;
}
