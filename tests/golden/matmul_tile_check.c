// SPDX-License-Identifier: Apache-2.0
/* tests/golden/matmul_tile_check - inputs for, and the independent check of, the matmul_tile
 * traces (traces/matmul_tile and traces/matmul_tile_FORMAT): bhsim multiplies two 32x32 tiles it
 * finds in L1 and packs C; this program makes the tiles and checks C without any model code.
 *
 *   matmul_tile_check gen FMT SEED A.bin B.bin
 *       random tiles (mixed signs, exponents 2^-4..2^3) in tt-metal's layout, in FMT:
 *         bf16  BF16 tiles, C packed as BF16    (traces/matmul_tile/)
 *         fp16  FP16 tiles, C packed as FP32    (traces/matmul_tile_fp16/)
 *         fp32  FP32 tiles, C packed as FP32    (traces/matmul_tile_fp32/)
 *         bfp8  BFP8 tiles (64 shared 8-bit exponents, then 1024 sign + 7-bit magnitude
 *               bytes, every magnitude 1..127), C packed as FP32  (traces/matmul_tile_bfp8/)
 *   matmul_tile_check check FMT A.bin B.bin C.bin PHASES [LOOSER.bin]
 *       C.bin holds one tile or several back to back (the matmul_stream traces write the same
 *       product N times); each must equal, bit for bit, the reference product at PHASES fidelity
 *       phases (tests/ref/ref_matmul.c: per-phase mantissa slices, FP32 Dst) of the values the
 *       Src registers hold: BF16 and FP16 as they are, FP32 cut to TF32 (the unpacker drops the
 *       low 13 mantissa bits, docs/hardware.md#unpackers), BFP8 datums as
 *       magnitude * 2^(exponent - 133), exact in BF16. A BF16 C is the reference rounded the way
 *       Packers/FormatConversion.md says (round to nearest, ties away from zero; denormals and
 *       -0 to +0); an FP32 C is the reference itself. Prints the mean error against the exact
 *       (FP64) product, and requires the reference's own FP32 result at PHASES to be strictly
 *       closer to FP64 than at PHASES - 1 (the point of fidelity phases), except where the
 *       format has no bits left for the extra phase (BFP8 past HiFi2): there the result must
 *       not change at all. With LOOSER.bin (C
 *       from a run at fewer phases) C must be no further from FP64 than LOOSER: BF16 rounding of
 *       the output can hide the last phases' gain, so only "no worse" holds there.
 *       Exit 0 pass, 1 fail, 2 usage or I/O.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/ref/ref_matmul.h"

typedef struct Format {
    const char *name;
    unsigned in_bytes;  /* bytes of one input tile */
    unsigned out_bytes; /* bytes of one C tile: 2048 (BF16) or 4096 (FP32) */
    RefSrcFmt src;      /* how the matrix unit sees the Src values */
    unsigned full;      /* phases that already use every significand bit (0: none do) */
} Format;

static const Format k_formats[] = {
    {"bf16", 2048, 2048, REF_SRC_BF16, 0},
    {"fp16", 2048, 4096, REF_SRC_FP16, 0},
    {"fp32", 4096, 4096, REF_SRC_TF32, 0},
    /* a BFP8 datum has at most 7 significant bits: SrcA's 5 + 3 and SrcB's 7 of phases 0 and 1
     * cover them, so HiFi3 and HiFi4 must give HiFi2's result exactly */
    {"bfp8", 64 + 1024, 4096, REF_SRC_BF16, 2},
};

static const Format *format_named(const char *name)
{
    for (unsigned k = 0; k < sizeof k_formats / sizeof k_formats[0]; k++)
        if (!strcmp(name, k_formats[k].name))
            return &k_formats[k];
    fprintf(stderr, "matmul_tile_check: unknown format '%s' (bf16, fp16, fp32, bfp8)\n", name);
    return NULL;
}

/* element (i, j) of a tile <-> its index in tt-metal's face layout */
static unsigned at(unsigned i, unsigned j)
{
    return ((i / 16) * 2 + j / 16) * 256 + (i % 16) * 16 + j % 16;
}

static int io_file(const char *path, void *buf, size_t n, int write)
{
    FILE *f = fopen(path, write ? "wb" : "rb");
    size_t done = f ? (write ? fwrite(buf, 1, n, f) : fread(buf, 1, n, f)) : 0;
    if (f)
        fclose(f);
    if (done != n) {
        fprintf(stderr, "matmul_tile_check: cannot %s %zu bytes of '%s'\n",
                write ? "write" : "read", n, path);
        return 0;
    }
    return 1;
}

static uint32_t rng(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*s >> 33);
}

static uint16_t bf16_rne_away(uint32_t f) /* FP32 -> BF16 as the packer's early conversion */
{
    uint32_t e = f >> 23 & 0xFF, sign = f & 0x80000000u, mag = f & 0x7FFFFFFFu;
    if (e == 0)
        return 0;
    if (e == 0xFF)
        return (uint16_t)((sign | 0x7F800000u) >> 16);
    mag = (mag + 0x8000u) & ~0xFFFFu;
    return (uint16_t)((sign | mag) >> 16);
}

static uint32_t f32_bits(float v)
{
    uint32_t b;
    memcpy(&b, &v, 4);
    return b;
}

/* one datum of an input tile as the Src register holds it, as an FP32 bit pattern */
static uint32_t src_value(const Format *f, const uint8_t *t, unsigned n)
{
    if (!strcmp(f->name, "bf16"))
        return (uint32_t)(t[2 * n] | t[2 * n + 1] << 8) << 16;
    if (!strcmp(f->name, "fp16")) { /* normal numbers only (gen makes no others) */
        uint32_t h = t[2 * n] | t[2 * n + 1] << 8;
        float v = ldexpf((float)(1024 + (h & 0x3FF)), (int)(h >> 10 & 31) - 25);
        return f32_bits(h >> 15 ? -v : v);
    }
    if (!strcmp(f->name, "fp32")) {
        uint32_t w =
            t[4 * n] | t[4 * n + 1] << 8 | t[4 * n + 2] << 16 | (uint32_t)t[4 * n + 3] << 24;
        return w & ~0x1FFFu; /* TF32: 10 mantissa bits */
    }
    uint8_t m = t[64 + n]; /* bfp8 */
    float v = ldexpf((float)(m & 0x7F), (int)t[n / 16] - 133);
    return f32_bits(m >> 7 ? -v : v);
}

/* input tile in a file of one tile */
static int load_input(const Format *f, const char *path, uint32_t m[32][32])
{
    static uint8_t t[4096];
    if (!io_file(path, t, f->in_bytes, 0))
        return 0;
    for (unsigned i = 0; i < 32; i++)
        for (unsigned j = 0; j < 32; j++)
            m[i][j] = src_value(f, t, at(i, j));
    return 1;
}

/* C tile `k` of a file of back-to-back C tiles, as FP32 bit patterns */
static int load_output(const Format *f, const char *path, unsigned k, uint32_t m[32][32])
{
    static uint8_t t[4096];
    FILE *fp = fopen(path, "rb");
    int ok = fp && fseek(fp, (long)k * f->out_bytes, SEEK_SET) == 0 &&
             fread(t, 1, f->out_bytes, fp) == f->out_bytes;
    if (fp)
        fclose(fp);
    if (!ok) {
        fprintf(stderr, "matmul_tile_check: cannot read tile %u of '%s'\n", k, path);
        return 0;
    }
    for (unsigned i = 0; i < 32; i++)
        for (unsigned j = 0; j < 32; j++) {
            unsigned n = at(i, j);
            m[i][j] = f->out_bytes == 2048
                          ? (uint32_t)(t[2 * n] | t[2 * n + 1] << 8) << 16
                          : (uint32_t)(t[4 * n] | t[4 * n + 1] << 8 | t[4 * n + 2] << 16) |
                                (uint32_t)t[4 * n + 3] << 24;
        }
    return 1;
}

static unsigned tiles_in(const char *path, unsigned tile_bytes)
{
    FILE *f = fopen(path, "rb");
    long n = f && fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (f)
        fclose(f);
    return n > 0 && n % tile_bytes == 0 ? (unsigned)(n / tile_bytes) : 0;
}

static double mean_err(const uint32_t c[32][32], const double exact[32][32])
{
    double sum = 0;
    for (unsigned i = 0; i < 32; i++)
        for (unsigned j = 0; j < 32; j++) {
            float v;
            memcpy(&v, &c[i][j], 4);
            sum += fabs((double)v - exact[i][j]);
        }
    return sum / 1024;
}

/* a random input tile of format f: signs mixed, exponents 2^-4..2^3 */
static void gen_tile(const Format *f, uint64_t *s, uint8_t *t)
{
    for (unsigned n = 0; n < 1024; n++) {
        uint32_t r = rng(s), sign = r & 0x8000u, e = r % 8;
        if (!strcmp(f->name, "bf16")) {
            uint32_t v = sign | (123u + e) << 7 | (r >> 8 & 0x7F);
            t[2 * n] = (uint8_t)v, t[2 * n + 1] = (uint8_t)(v >> 8);
        } else if (!strcmp(f->name, "fp16")) {
            uint32_t v = sign | (11u + e) << 10 | (r >> 8 & 0x3FF);
            t[2 * n] = (uint8_t)v, t[2 * n + 1] = (uint8_t)(v >> 8);
        } else if (!strcmp(f->name, "fp32")) {
            uint32_t v = sign << 16 | (123u + e) << 23 | (r >> 8 & 0x7FFFFF) | (rng(s) & 0x7F);
            for (unsigned b = 0; b < 4; b++)
                t[4 * n + b] = (uint8_t)(v >> 8 * b);
        } else { /* bfp8: one exponent per 16 datums, magnitudes 1..127 (some not normalised) */
            if (n % 16 == 0)
                t[n / 16] = (uint8_t)(123u + e);
            t[64 + n] = (uint8_t)((sign ? 0x80 : 0) | (1 + (r >> 8) % 127));
        }
    }
}

static int gen(const Format *f, const char *seed, const char *a, const char *b)
{
    uint64_t s = strtoull(seed, NULL, 0) * 2 + 1;
    static uint8_t t[4096];
    gen_tile(f, &s, t);
    if (!io_file(a, t, f->in_bytes, 1))
        return 2;
    gen_tile(f, &s, t);
    return io_file(b, t, f->in_bytes, 1) ? 0 : 2;
}

int main(int argc, char **argv)
{
    const Format *f = argc >= 3 ? format_named(argv[2]) : NULL;
    if (argc == 6 && !strcmp(argv[1], "gen") && f)
        return gen(f, argv[3], argv[4], argv[5]);
    if ((argc != 7 && argc != 8) || strcmp(argv[1], "check") || !f) {
        fprintf(stderr, "usage: matmul_tile_check gen FMT SEED A.bin B.bin\n"
                        "       matmul_tile_check check FMT A.bin B.bin C.bin PHASES [LOOSER.bin]\n"
                        "FMT: bf16, fp16, fp32, bfp8\n");
        return 2;
    }
    static uint32_t a[32][32], b[32][32], got[32][32], ref[32][32], looser[32][32];
    static double exact[32][32];
    unsigned phases = (unsigned)atoi(argv[6]);
    if (phases < 1 || phases > 4 || !load_input(f, argv[3], a) || !load_input(f, argv[4], b) ||
        (argc == 8 && !load_output(f, argv[7], 0, looser)))
        return 2;
    ref_matmul(a, b, f->src, phases, REF_DST_FP32, ref);
    ref_matmul_fp64(a, b, exact);
    unsigned bad = 0, ntiles = tiles_in(argv[5], f->out_bytes);
    if (!ntiles) {
        fprintf(stderr, "matmul_tile_check: '%s' is not a whole number of %u-byte tiles\n", argv[5],
                f->out_bytes);
        return 2;
    }
    for (unsigned k = 0; k < ntiles; k++) {
        if (!load_output(f, argv[5], k, got))
            return 2;
        for (unsigned i = 0; i < 32; i++)
            for (unsigned j = 0; j < 32; j++) {
                uint32_t want =
                    f->out_bytes == 2048 ? (uint32_t)bf16_rne_away(ref[i][j]) << 16 : ref[i][j];
                if (got[i][j] != want && bad++ < 5)
                    fprintf(stderr, "tile %u C[%u][%u] = 0x%08x, reference 0x%08x\n", k, i, j,
                            got[i][j], want);
            }
    }
    double err = mean_err(got, exact);
    printf("matmul_tile_check: %s, %u phase(s), %u tile(s): %u of %u datums differ from the "
           "reference; mean error vs FP64 %.6g\n",
           f->name, phases, ntiles, bad, 1024 * ntiles, err);
    int fail = bad != 0;
    if (phases > 1) {
        static uint32_t fewer[32][32];
        ref_matmul(a, b, f->src, phases - 1, REF_DST_FP32, fewer);
        double now_e = mean_err(ref, exact), before = mean_err(fewer, exact);
        printf("matmul_tile_check: reference FP32 mean error %.6g at %u phases, %.6g at %u\n",
               now_e, phases, before, phases - 1);
        if (f->full && phases > f->full) {
            if (memcmp(ref, fewer, sizeof ref)) {
                fprintf(stderr,
                        "phase %u changed the reference although phase %u had used every "
                        "significand bit\n",
                        phases, f->full);
                fail = 1;
            }
        } else if (!(now_e < before)) {
            fprintf(stderr, "the reference did not move closer to FP64 with one more phase\n");
            fail = 1;
        }
    }
    if (argc == 8) {
        double lerr = mean_err(looser, exact);
        printf("matmul_tile_check: the run with fewer phases: mean error %.6g\n", lerr);
        if (err > lerr) {
            fprintf(stderr, "more fidelity phases moved C further from FP64\n");
            fail = 1;
        }
    }
    return fail;
}
