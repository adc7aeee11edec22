// SPDX-License-Identifier: Apache-2.0
/* tests/golden/matmul_tile_check - inputs for, and the independent check of, the matmul_tile
 * traces (traces/matmul_tile/): bhsim multiplies two BF16 32x32 tiles it finds in L1 and packs
 * C as BF16; this program makes the tiles and checks C without any model code.
 *
 *   matmul_tile_check gen SEED A.bin B.bin
 *       random BF16 tiles (mixed signs, exponents 2^-4..2^3) in tt-metal's layout
 *   matmul_tile_check check A.bin B.bin C.bin PHASES [LOOSER.bin]
 *       C.bin holds one tile or several back to back (the matmul_stream traces write the same
 *       product N times); each must equal, bit for bit, the reference product at PHASES fidelity
 * phases (tests/ref/ref_matmul.c: per-phase mantissa slices, FP32 Dst) packed to BF16 the way
 *       Packers/FormatConversion.md says (round to nearest, ties away from zero; denormals
 *       and -0 to +0). Prints the mean error against the exact (FP64) product, and requires
 *       the reference's own FP32 result at PHASES to be strictly closer to FP64 than at
 *       PHASES - 1 (the point of fidelity phases). With LOOSER.bin (C from a run at fewer
 *       phases) C must be no further from FP64 than LOOSER: BF16 rounding of the output can
 *       hide the last phases' gain, so only "no worse" holds there.
 *       Exit 0 pass, 1 fail, 2 usage or I/O.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/ref/ref_matmul.h"

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

/* tile `k` of the file (2048 bytes each) */
static int load_nth(const char *path, unsigned k, uint32_t m[32][32])
{
    uint16_t t[1024];
    FILE *f = fopen(path, "rb");
    int ok = f && fseek(f, (long)k * 2048, SEEK_SET) == 0 && fread(t, 1, sizeof t, f) == sizeof t;
    if (f)
        fclose(f);
    if (!ok) {
        fprintf(stderr, "matmul_tile_check: cannot read tile %u of '%s'\n", k, path);
        return 0;
    }
    for (unsigned i = 0; i < 32; i++)
        for (unsigned j = 0; j < 32; j++)
            m[i][j] = (uint32_t)t[at(i, j)] << 16;
    return 1;
}

static int load(const char *path, uint32_t m[32][32])
{
    return load_nth(path, 0, m);
}

static unsigned tiles_in(const char *path)
{
    FILE *f = fopen(path, "rb");
    long n = f && fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (f)
        fclose(f);
    return n > 0 && n % 2048 == 0 ? (unsigned)(n / 2048) : 0;
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

int main(int argc, char **argv)
{
    if (argc == 5 && !strcmp(argv[1], "gen")) {
        uint64_t s = strtoull(argv[2], NULL, 0) * 2 + 1;
        for (int k = 3; k <= 4; k++) {
            uint16_t t[1024];
            for (unsigned n = 0; n < 1024; n++) {
                uint32_t r = rng(&s);
                t[n] = (uint16_t)((r & 0x8000u) | (123u + r % 8) << 7 | (r >> 8 & 0x7F));
            }
            if (!io_file(argv[k], t, sizeof t, 1))
                return 2;
        }
        return 0;
    }
    if ((argc != 6 && argc != 7) || strcmp(argv[1], "check")) {
        fprintf(stderr, "usage: matmul_tile_check gen SEED A.bin B.bin\n"
                        "       matmul_tile_check check A.bin B.bin C.bin PHASES [LOOSER.bin]\n");
        return 2;
    }
    static uint32_t a[32][32], b[32][32], got[32][32], ref[32][32], looser[32][32];
    static double exact[32][32];
    unsigned phases = (unsigned)atoi(argv[5]);
    if (phases < 1 || phases > 4 || !load(argv[2], a) || !load(argv[3], b) || !load(argv[4], got) ||
        (argc == 7 && !load(argv[6], looser)))
        return 2;
    ref_matmul(a, b, REF_SRC_BF16, phases, REF_DST_FP32, ref);
    ref_matmul_fp64(a, b, exact);
    unsigned bad = 0, ntiles = tiles_in(argv[4]);
    if (!ntiles) {
        fprintf(stderr, "matmul_tile_check: '%s' is not a whole number of 2048-byte tiles\n",
                argv[4]);
        return 2;
    }
    for (unsigned k = 0; k < ntiles; k++) {
        if (!load_nth(argv[4], k, got))
            return 2;
        for (unsigned i = 0; i < 32; i++)
            for (unsigned j = 0; j < 32; j++) {
                uint32_t want = (uint32_t)bf16_rne_away(ref[i][j]) << 16;
                if (got[i][j] != want && bad++ < 5)
                    fprintf(stderr, "tile %u C[%u][%u] = 0x%04x, reference 0x%04x\n", k, i, j,
                            got[i][j] >> 16, want >> 16);
            }
    }
    double err = mean_err(got, exact);
    printf("matmul_tile_check: %u phase(s), %u tile(s): %u of %u datums differ from the "
           "reference; mean error vs FP64 %.6g\n",
           phases, ntiles, bad, 1024 * ntiles, err);
    int fail = bad != 0;
    if (phases > 1) {
        static uint32_t fewer[32][32];
        ref_matmul(a, b, REF_SRC_BF16, phases - 1, REF_DST_FP32, fewer);
        double now_e = mean_err(ref, exact), before = mean_err(fewer, exact);
        printf("matmul_tile_check: reference FP32 mean error %.6g at %u phases, %.6g at %u\n",
               now_e, phases, before, phases - 1);
        if (!(now_e < before)) {
            fprintf(stderr, "the reference did not move closer to FP64 with one more phase\n");
            fail = 1;
        }
    }
    if (argc == 7) {
        double lerr = mean_err(looser, exact);
        printf("matmul_tile_check: the run with fewer phases: mean error %.6g\n", lerr);
        if (err > lerr) {
            fprintf(stderr, "more fidelity phases moved C further from FP64\n");
            fail = 1;
        }
    }
    return fail;
}
