// SPDX-License-Identifier: Apache-2.0
/* tests/compute/compute_ref.c - inputs and independent references for the compute kernel runs
 * (tests/compute/CMakeLists.txt).
 *
 *   compute_ref gen OP N KT DIR        writes DIR/cb.bin (the CB configuration at
 *                                      BH_L1_CB_CONFIG), DIR/counters.bin (BH_L1_CB_COUNTERS:
 *                                      the inputs already pushed by a pretend reader),
 *                                      DIR/in0.bin and DIR/in1.bin (the pages of CB 0 and 1)
 *   compute_ref gen OP N KT DIR RING   the same with rings of RING pages for CBs 0, 1 and 16 at
 *                                      RING_ADDR (tests/compute/cb_feeder.c fills and drains
 *                                      them from IN0/IN1_ADDR and into OUT_ADDR) and counters 0
 *   compute_ref check OP N KT DIR FID  compares DIR/out.bin (CB 16, dumped after the run) with
 *                                      the reference; exit 0 when it matches
 * OP: copy (bytes), add, sub, mul (BF16 arithmetic as the matrix unit does it: binary32 then
 * round to nearest even into 16-bit Dst; mul in FID fidelity phases added up in Dst), matmul
 * (N output tiles, each the sum over KT tile products, tests/ref/ref_matmul.c per phase),
 * exp, recip (vs libm, relative tolerance). Tiles are BF16 32x32 in tt-metal's layout: four
 * 16x16 faces, face f = (i / 16) * 2 + j / 16, row-major inside. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "firmware/include/bh_l1_layout.h"
#include "tests/ref/ref_matmul.h"

enum { CB_IN0 = 0, CB_IN1 = 1, CB_OUT = 16, TILE_BYTES = 2048 };
#define IN0_ADDR 0x80000u
#define IN1_ADDR 0xC0000u
#define OUT_ADDR 0x100000u
#define RING_ADDR 0x60000u /* rings: CB 0, CB 1, CB 16, 0x4000 bytes apart */

static uint32_t rng = 0x2468ACE1u;
static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static uint32_t bits_of(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

/* a BF16 value, as FP32 bits, for op: magnitudes in [2^-3, 2^4), random sign; exp inputs
 * in about [-4, 2], recip inputs positive and negative in [2^-2, 2^4) */
static uint32_t rnd_input(const char *op)
{
    uint32_t r = rnd();
    uint32_t man = (r & 0x7F) << 16, sign = (r >> 31) << 31;
    uint32_t e = 124 + (r >> 16) % 7;
    if (!strcmp(op, "exp"))
        e = 124 + (r >> 16) % 5, sign = (r >> 30 & 3) ? 1u << 31 : 0;
    if (!strcmp(op, "recip"))
        e = 125 + (r >> 16) % 6;
    return sign | e << 23 | man;
}

static size_t tile_index(uint32_t i, uint32_t j)
{
    return ((i / 16) * 2 + j / 16) * 256 + (i % 16) * 16 + j % 16;
}

static int is_matmul(const char *op)
{
    return !strncmp(op, "matmul", 6);
}
static int n_in0(const char *op, uint32_t n, uint32_t kt)
{
    return is_matmul(op) ? (int)(n * kt) : (int)n;
}
static int n_in1(const char *op, uint32_t n, uint32_t kt)
{
    if (is_matmul(op))
        return (int)(n * kt);
    return !strncmp(op, "add", 3) || !strcmp(op, "sub") || !strcmp(op, "mul") ? (int)n : 0;
}

static int write_file(const char *dir, const char *name, const void *p, size_t len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(p, 1, len, f) != len) {
        fprintf(stderr, "compute_ref: cannot write %s\n", path);
        return -1;
    }
    fclose(f);
    return 0;
}

static int read_file(const char *dir, const char *name, void *p, size_t len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f || fread(p, 1, len, f) != len) {
        fprintf(stderr, "compute_ref: cannot read %zu bytes of %s\n", len, path);
        return -1;
    }
    fclose(f);
    return 0;
}

/* every input tile: the matrices as FP32 bits (the generator's seed makes gen and check agree) */
static void make_inputs(const char *op, int t0, int t1, uint32_t (*a)[32][32],
                        uint32_t (*b)[32][32])
{
    for (int t = 0; t < t0; t++)
        for (int i = 0; i < 32; i++)
            for (int j = 0; j < 32; j++)
                a[t][i][j] = rnd_input(op);
    for (int t = 0; t < t1; t++)
        for (int i = 0; i < 32; i++)
            for (int j = 0; j < 32; j++)
                b[t][i][j] = rnd_input(op);
}

static void to_pages(int nt, uint32_t (*m)[32][32], uint16_t *pages)
{
    for (int t = 0; t < nt; t++)
        for (uint32_t i = 0; i < 32; i++)
            for (uint32_t j = 0; j < 32; j++)
                pages[(size_t)t * 1024 + tile_index(i, j)] = (uint16_t)(m[t][i][j] >> 16);
}

static int gen(const char *op, uint32_t n, uint32_t kt, const char *dir, uint32_t ring,
               uint32_t (*a)[32][32], uint32_t (*b)[32][32])
{
    int t0 = n_in0(op, n, kt), t1 = n_in1(op, n, kt);
    BhCbConfig cb[BH_CB_COUNT];
    memset(cb, 0, sizeof cb);
    cb[CB_IN0] = (BhCbConfig){IN0_ADDR,   (uint32_t)t0 * TILE_BYTES, (uint32_t)t0,
                              TILE_BYTES, BH_FMT_FLOAT16_B,          {0}};
    if (t1)
        cb[CB_IN1] = (BhCbConfig){IN1_ADDR,   (uint32_t)t1 * TILE_BYTES, (uint32_t)t1,
                                  TILE_BYTES, BH_FMT_FLOAT16_B,          {0}};
    cb[CB_OUT] = (BhCbConfig){OUT_ADDR, n * TILE_BYTES, n, TILE_BYTES, BH_FMT_FLOAT16_B, {0}};
    uint32_t counters[BH_CB_COUNT * 8];
    memset(counters, 0, sizeof counters);
    counters[CB_IN0 * 8] = (uint32_t)t0; /* received, as a reader would have pushed */
    counters[CB_IN1 * 8] = (uint32_t)t1;
    if (ring) { /* small rings; the feeder pushes and pops, the counters start at 0 */
        const uint32_t ids[3] = {CB_IN0, CB_IN1, CB_OUT};
        for (uint32_t i = 0; i < 3; i++)
            cb[ids[i]] = (BhCbConfig){RING_ADDR + i * 0x4000u,
                                      ring * TILE_BYTES,
                                      ring,
                                      TILE_BYTES,
                                      BH_FMT_FLOAT16_B,
                                      {0}};
        memset(counters, 0, sizeof counters);
    }
    static uint16_t pages[64 * 1024];
    if (write_file(dir, "cb.bin", cb, sizeof cb) ||
        write_file(dir, "counters.bin", counters, sizeof counters))
        return 1;
    to_pages(t0, a, pages);
    if (write_file(dir, "in0.bin", pages, (size_t)t0 * TILE_BYTES))
        return 1;
    to_pages(t1 ? t1 : 1, b, pages);
    return write_file(dir, "in1.bin", pages, (size_t)(t1 ? t1 : 1) * TILE_BYTES);
}

/* round to BF16 as Dst does: nearest even, results below the smallest normal to signed zero */
static uint32_t dst_bf16(float x)
{
    return bits_of(ref_round_dst(x, REF_DST_BF16));
}

/* FP32 to BF16 as the packer rounds: to nearest, ties away from zero (on the magnitude);
 * denormals to +0 */
static uint32_t pack_bf16(uint32_t v)
{
    if ((v >> 23 & 0xFF) == 0)
        return 0;
    return (v & 0x80000000u) | (((v & 0x7FFFFFFFu) + 0x8000u) & 0x7FFF0000u);
}

/* the part of each operand that an ELWMUL phase multiplies (ELWMUL.md SrcAFidelityBits /
 * SrcBFidelityBits on the binary32 pattern) */
static float elw_a(float x, unsigned p)
{
    float hi = ref_f32(bits_of(x) & 0xFFF80000u);
    return p & 1u ? x - ref_f32(bits_of(x) & 0xFFF83FFFu) : hi;
}
static float elw_b(float x, unsigned p)
{
    float hi = ref_f32(bits_of(x) & 0xFFFE0000u);
    return p & 2u ? x - ref_f32(bits_of(x) & 0xFFFE1FFFu) : hi;
}

static int check(const char *op, uint32_t n, uint32_t kt, const char *dir, unsigned phases,
                 uint32_t (*a)[32][32], uint32_t (*b)[32][32])
{
    static uint16_t out[64 * 1024];
    if (read_file(dir, "out.bin", out, (size_t)n * TILE_BYTES))
        return 1;
    uint32_t bad = 0, shown = 0;
    double worst = 0;
    for (uint32_t t = 0; t < n; t++) {
        static uint32_t c[32][32];
        if (is_matmul(op)) { /* matmul_fp32: Dst holds FP32, the packer rounds to BF16 */
            const int fp32 = !strcmp(op, "matmul_fp32");
            memset(c, 0, sizeof c);
            for (uint32_t k = 0; k < kt; k++)
                ref_matmul_acc(a[t * kt + k], b[t * kt + k], REF_SRC_BF16, phases,
                               fp32 ? REF_DST_FP32 : REF_DST_BF16, c);
            if (fp32)
                for (uint32_t i = 0; i < 32; i++)
                    for (uint32_t j = 0; j < 32; j++)
                        c[i][j] = pack_bf16(c[i][j]);
        }
        for (uint32_t i = 0; i < 32; i++)
            for (uint32_t j = 0; j < 32; j++) {
                float x = ref_f32(a[t][i][j]), y = ref_f32(b[t][i][j]);
                uint32_t want = 0, got = (uint32_t)out[(size_t)t * 1024 + tile_index(i, j)] << 16;
                double tol = 0, ref = 0;
                if (!strcmp(op, "copy"))
                    want = a[t][i][j];
                else if (!strcmp(op, "add"))
                    want = dst_bf16(x + y);
                else if (!strcmp(op, "add_fp32")) /* FP32 Dst, the packer rounds */
                    want = pack_bf16(bits_of(ref_round_dst(x + y, REF_DST_FP32)));
                else if (!strcmp(op, "sub"))
                    want = dst_bf16(x - y);
                else if (!strcmp(op, "mul")) {
                    float d = 0;
                    for (unsigned p = 0; p < phases; p++)
                        d = ref_f32(dst_bf16(d + elw_a(x, p) * elw_b(y, p)));
                    want = bits_of(d);
                } else if (is_matmul(op))
                    want = c[i][j];
                else if (!strcmp(op, "exp"))
                    ref = exp((double)x), tol = 2e-2;
                else if (!strcmp(op, "recip"))
                    ref = 1.0 / (double)x, tol = 1e-2;
                int ok;
                if (tol > 0) {
                    double e = fabs((double)ref_f32(got) - ref) / fabs(ref);
                    worst = e > worst ? e : worst;
                    ok = e <= tol;
                } else {
                    ok = got == want;
                }
                if (!ok && shown++ < 8)
                    fprintf(stderr, "  %s tile %u (%u,%u): got %08x want %08x (ref %g)\n", op, t, i,
                            j, got, want, ref);
                bad += !ok;
            }
    }
    printf("%s: %u tiles, %u of %u datums differ", op, n, bad, n * 1024);
    if (worst > 0)
        printf(", worst relative error %.3g", worst);
    printf("\n");
    return bad != 0;
}

int main(int argc, char **argv)
{
    if (argc < 6) {
        fprintf(stderr, "usage: compute_ref gen|check OP N KT DIR [FIDELITY]\n");
        return 2;
    }
    const char *op = argv[2], *dir = argv[5];
    uint32_t n = (uint32_t)atoi(argv[3]), kt = (uint32_t)atoi(argv[4]);
    if (n == 0 || kt == 0 || n * kt > 64) {
        fprintf(stderr, "compute_ref: N * KT must be 1..64\n");
        return 2;
    }
    static uint32_t a[64][32][32], b[64][32][32];
    int t0 = n_in0(op, n, kt), t1 = n_in1(op, n, kt);
    make_inputs(op, t0, t1, a, b);
    if (!strcmp(argv[1], "gen"))
        return gen(op, n, kt, dir, argc > 6 ? (uint32_t)atoi(argv[6]) : 0, a, b);
    unsigned fid = argc > 6 ? (unsigned)atoi(argv[6]) : 4;
    return check(op, n, kt, dir, fid == 0 ? 1 : fid, a, b);
}
