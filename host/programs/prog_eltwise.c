// SPDX-License-Identifier: Apache-2.0
/* eltwise: c = a OP b on workload.tiles BF16 tiles, DRAM to DRAM, on workload.grid cores: a
 * reader (NCRISC, NoC1) fills CBs 0 and 1, the compute kernel (TRISC0-2) writes CB 16, a writer
 * (BRISC, NoC0) drains it. Tiles are split over the cores. Checked bit for bit against
 * ref_fpu.c. User kernels (workload.reader, .writer, .compute) get the documented runtime
 * args: reader (a_addr, b_addr, n_tiles, start_tile), writer (dst_addr, n_tiles, start_tile),
 * compute (n_tiles). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/programs/programs.h"
#include "host/programs/ref_fpu.h"

int hp_fidelity(HpRun *r, BhMathFidelity *f, unsigned *phases)
{
    char buf[32];
    if (hp_text(r, "workload.fidelity", buf, sizeof buf))
        return HP_USAGE;
    static const struct {
        const char *name;
        BhMathFidelity f;
        unsigned phases;
    } k[] = {{"lofi", BH_LOFI, 1},
             {"hifi2", BH_HIFI2, 2},
             {"hifi3", BH_HIFI3, 3},
             {"hifi4", BH_HIFI4, 4}};
    for (size_t i = 0; i < sizeof k / sizeof k[0]; i++)
        if (strcmp(buf, k[i].name) == 0) {
            *f = k[i].f, *phases = k[i].phases;
            return HP_OK;
        }
    return hp_fail(r, HP_USAGE, "workload.fidelity: must be lofi|hifi2|hifi3|hifi4, got '%s'", buf);
}

int hp_eltwise(HpRun *r)
{
    uint32_t tiles, cols, rows;
    char op[16], reader[1024], writer[1024], compute[1024];
    BhMathFidelity fid = BH_HIFI4; /* set by hp_fidelity; GCC -O2 cannot see it */
    unsigned phases = 4;
    if (hp_u32_or(r, "workload.tiles", 64, 1, 1u << 16, &tiles) || hp_grid(r, &cols, &rows) ||
        hp_op(r, "add", op, sizeof op) || hp_fidelity(r, &fid, &phases) ||
        hp_kernel_path(r, "workload.reader", "dataflow/reader_binary.cc", reader, sizeof reader) ||
        hp_kernel_path(r, "workload.writer", "dataflow/writer_unary.cc", writer, sizeof writer) ||
        hp_kernel_path(r, "workload.compute", "compute/eltwise_binary.cc", compute, sizeof compute))
        return HP_USAGE;
    char sym;
    const char *define;
    if (strcmp(op, "add") == 0)
        sym = '+', define = "BH_OP_ADD";
    else if (strcmp(op, "sub") == 0)
        sym = '-', define = "BH_OP_SUB";
    else if (strcmp(op, "mul") == 0)
        sym = '*', define = "BH_OP_MUL";
    else
        return hp_fail(r, HP_USAGE, "workload.op: eltwise takes add|sub|mul, got '%s'", op);
    const uint32_t page = 2048, cores = cols * rows, n = tiles * 1024;
    const uint64_t bytes = (uint64_t)tiles * page;
    uint16_t *a = hp_malloc(r, bytes), *b = hp_malloc(r, bytes), *c = hp_malloc(r, bytes);
    /* exponents within 2^4 of each other: sums keep most bits, and nothing overflows */
    for (uint32_t i = 0; i < n; i++) {
        a[i] = hp_rand_bf16(r, -4, 4, 1);
        b[i] = hp_rand_bf16(r, -4, 4, 1);
    }
    BhBuffer *ba = bh_buffer_create(r->dev, BH_BUFFER_DRAM, bytes, page);
    BhBuffer *bb = bh_buffer_create(r->dev, BH_BUFFER_DRAM, bytes, page);
    BhBuffer *bc = bh_buffer_create(r->dev, BH_BUFFER_DRAM, bytes, page);
    BhProgram *p = bh_program_create(r->dev);
    int rc = HP_FAILED;
    const BhCoreRange all = {0, 0, cols - 1, rows - 1};
    const HpKernels ks = {.reader = reader,
                          .writer = writer,
                          .compute = compute,
                          .define = define,
                          .batch = 4,
                          .out_cb = 16,
                          .fidelity = fid};
    int k[3];
    if (!ba || !bb || !bc || !p || bh_buffer_write(r->dev, ba, a, bytes) ||
        bh_buffer_write(r->dev, bb, b, bytes) || hp_add_kernels(p, &all, &ks, k) ||
        bh_program_add_cb(p, &all, 0, page, 8, BH_FMT_FLOAT16_B) ||
        bh_program_add_cb(p, &all, 1, page, 8, BH_FMT_FLOAT16_B) ||
        bh_program_add_cb(p, &all, 16, page, 4, BH_FMT_FLOAT16_B)) {
        hp_fail(r, HP_FAILED, "eltwise: %s", bh_device_error(r->dev));
        goto out;
    }
    const uint32_t in[] = {(uint32_t)bh_buffer_address(ba), (uint32_t)bh_buffer_address(bb)};
    if (hp_set_split_args(p, k, cols, rows, tiles, in, 2, (uint32_t)bh_buffer_address(bc))) {
        hp_fail(r, HP_FAILED, "eltwise: %s", bh_device_error(r->dev));
        goto out;
    }
    BhProgramTiming t;
    if (hp_run(r, p, &t) || bh_buffer_read(r->dev, bc, c, bytes))
        goto out;
    uint32_t bad = 0, first = UINT32_MAX;
    for (uint32_t i = 0; i < n; i++) {
        float want = ref_fpu_eltwise(hp_bf16_to_f32(a[i]), hp_bf16_to_f32(b[i]), sym, phases);
        if (c[i] != (uint16_t)(hp_f32_bits(want) >> 16)) {
            bad++;
            if (first == UINT32_MAX)
                first = i;
        }
    }
    hp_json(r,
            "\"op\":\"%s\",\"tiles\":%u,\"cores\":%u,\"cycles\":%llu,\"flop_per_cycle\":%.4f,"
            "\"mismatches\":%u",
            op, tiles, cores, (unsigned long long)t.cycles,
            t.cycles ? (double)n / (double)t.cycles : 0.0, bad);
    if (bad)
        fprintf(stderr,
                "bhsim: eltwise: %u of %u values differ; the first, datum %u (tile %u): a 0x%04x "
                "b 0x%04x got 0x%04x want 0x%04x\n",
                bad, n, first, first / 1024, a[first], b[first], c[first],
                (unsigned)(hp_f32_bits(ref_fpu_eltwise(hp_bf16_to_f32(a[first]),
                                                       hp_bf16_to_f32(b[first]), sym, phases)) >>
                           16));
    rc = hp_finish(r, "eltwise", bad == 0);
out:
    if (p)
        bh_program_free(r->dev, p);
    BhBuffer *bufs[] = {ba, bb, bc};
    for (int i = 0; i < 3; i++)
        if (bufs[i])
            bh_buffer_free(r->dev, bufs[i]);
    free(a);
    free(b);
    free(c);
    return rc;
}
