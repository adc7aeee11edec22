// SPDX-License-Identifier: Apache-2.0
/* host/bh_kernel_build.c - kernels from source to an image in their slot: the cross compiler
 * (riscv64-unknown-elf-g++, found by CMake) compiles firmware/kernel_entry.cc with the user's
 * source included, then links it at the role's slot with firmware/kernel.ld.
 *
 * Cache: the key hashes the preprocessed translation unit (so every header it includes counts,
 * not only the source file), the compiler flags and the link's slot; a hit costs one
 * preprocessor run and no compilation. Entries are written under a temporary name and renamed,
 * so two processes sharing a cache never read half an ELF. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "host/bh_host_internal.h"

extern char **environ;

#define MAX_ARGS 160
#define FLAG_BYTES 8192

typedef struct Args {
    const char *v[MAX_ARGS + 1];
    int n;
    char store[FLAG_BYTES]; /* the text of formatted arguments */
    size_t used;
} Args;

static void add(Args *a, const char *s)
{
    if (a->n < MAX_ARGS)
        a->v[a->n++] = s;
    a->v[a->n] = NULL;
}

static void addf(Args *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void addf(Args *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const int n = vsnprintf(a->store + a->used, sizeof a->store - a->used, fmt, ap);
    va_end(ap);
    if (n < 0 || a->used + (size_t)n + 1 > sizeof a->store)
        return;
    add(a, a->store + a->used);
    a->used += (size_t)n + 1;
}

/* FNV-1a, 64 bits: a cache key, not a defence against anyone */
static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

/* runs argv with stdout to out_path (if any) and stderr to err_path; the exit status or -1 */
static int run(const Args *a, const char *out_path, const char *err_path)
{
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    if (out_path)
        posix_spawn_file_actions_addopen(&fa, 1, out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&fa, 2, err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    pid_t pid;
    int rc = posix_spawn(&pid, a->v[0], &fa, NULL, (char *const *)a->v, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0)
        return -1;
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* the whole file, NUL-terminated (*len without it); NULL if unreadable */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + n, 1, cap - n - 1, f)) > 0;) {
        n += got;
        if (cap - n - 1 == 0) {
            char *bigger = realloc(buf, cap * 2);
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    fclose(f);
    if (buf) {
        buf[n] = 0;
        if (len)
            *len = n;
    }
    return buf;
}

/* the compiler's first lines (its first error is what the user needs) */
static int tool_failed(BhDevice *dev, const BhKernel *k, uint32_t role, const char *what,
                       const char *err_path)
{
    char *text = slurp(err_path, NULL);
    const size_t max = 1500;
    if (text && strlen(text) > max)
        strcpy(text + max - 4, "...");
    bh_host_fail(dev, "kernel %s (%s): %s failed:\n%s", k->source, bh_host_role_name(role), what,
                 text ? text : "(no message)");
    free(text);
    return -1;
}

static const char *cache_dir(BhDevice *dev, char *buf, size_t len)
{
    const char *env = getenv("BHSIM_KERNEL_CACHE");
    snprintf(buf, len, "%s", env && *env ? env : BH_BUILD_DIR "/kernel-cache");
    if (mkdir(buf, 0755) != 0 && errno != EEXIST) {
        bh_host_fail(dev, "kernel cache: cannot create '%s': %s", buf, strerror(errno));
        return NULL;
    }
    return buf;
}

/* the compiler's flags for kernel k on role (everything but input and output) */
static void compile_flags(Args *a, const BhKernel *k, uint32_t role)
{
    add(a, BH_RV_GXX);
    static const char *const fixed[] = {"-march=rv32im_zicsr_zba_zbb",
                                        "-mabi=ilp32",
                                        "-O2",
                                        "-g", /* line tables for --profile; code unchanged */
                                        "-std=c++17",
                                        "-ffreestanding",
                                        "-fno-exceptions",
                                        "-fno-rtti",
                                        "-fno-threadsafe-statics",
                                        "-nostdlib",
                                        "-mno-relax",
                                        "-Wall",
                                        "-Wextra",
                                        "-fno-use-cxa-atexit"};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        add(a, fixed[i]);
    addf(a, "-I%s", BH_SOURCE_DIR);
    addf(a, "-I%s/firmware/api", BH_SOURCE_DIR);
    addf(a, "-DKERNEL_FILE=\"%s\"", k->source);
    if (role == BH_ROLE_BRISC || role == BH_ROLE_NCRISC) {
        add(a, role == BH_ROLE_BRISC ? "-DCOMPILE_FOR_BRISC" : "-DCOMPILE_FOR_NCRISC");
        addf(a, "-DNOC_INDEX=%u", k->spec.noc);
    } else {
        static const char *const ns[] = {"chlkc_unpack", "chlkc_math", "chlkc_pack"};
        static const char *const main_fn[] = {"unpack_main()", "math_main()", "pack_main()"};
        static const char *const which[] = {"UNPACK", "MATH", "PACK"};
        const uint32_t t = role - BH_ROLE_TRISC0;
        addf(a, "-DCOMPILE_FOR_TRISC=%u", t);
        addf(a, "-DTRISC_%s", which[t]);
        addf(a, "-DUCK_CHLKC_%s", which[t]);
        addf(a, "-DNAMESPACE=%s", ns[t]);
        addf(a, "-DMAIN=%s", main_fn[t]);
        addf(a, "-DMATH_FIDELITY=%u", (unsigned)k->spec.math_fidelity);
        addf(a, "-DDST_ACCUM_MODE=%d", k->spec.fp32_dest_acc_en ? 1 : 0);
        addf(a, "-DAPPROX=%d", k->spec.math_approx_mode ? 1 : 0);
    }
    if (k->spec.n_compile_args) {
        char list[2048];
        size_t n = 0;
        for (uint32_t i = 0; i < k->spec.n_compile_args && n < sizeof list - 16; i++)
            n += (size_t)snprintf(list + n, sizeof list - n, "%s%uu", i ? "," : "",
                                  k->compile_args[i]);
        addf(a, "-DKERNEL_COMPILE_TIME_ARGS=%s", list);
    }
    for (uint32_t i = 0; i < k->spec.n_defines; i++)
        addf(a, "-D%s", k->defines[i]);
}

int bh_kernel_build(BhDevice *dev, const BhKernel *k, uint32_t role, BhKernelImage *img)
{
    char dir[1024], tmp[1200], pre[1300], obj[1300], err[1300], elf[1300];
    if (!cache_dir(dev, dir, sizeof dir))
        return -1;
    if (access(k->source, R_OK) != 0)
        return bh_host_fail(dev, "kernel %s: cannot read the source: %s", k->source,
                            strerror(errno));
    snprintf(tmp, sizeof tmp, "%s/tmp-%ld-%p-%u", dir, (long)getpid(), (void *)dev,
             dev->tmp_serial++);
    snprintf(pre, sizeof pre, "%s.ii", tmp);
    snprintf(obj, sizeof obj, "%s.o", tmp);
    snprintf(err, sizeof err, "%s.err", tmp);
    const uint32_t base = BH_L1_KERNEL_OF(role);
    Args a = {0};
    compile_flags(&a, k, role);
    const int n_flags = a.n;
    /* 1. preprocess: the key covers every byte the compiler will see */
    add(&a, "-E");
    addf(&a, "%s/firmware/kernel_entry.cc", BH_SOURCE_DIR);
    add(&a, "-o");
    add(&a, pre);
    if (run(&a, NULL, err) != 0) {
        tool_failed(dev, k, role, "the compiler", err);
        unlink(pre), unlink(err);
        return -1;
    }
    size_t len = 0;
    char *text = slurp(pre, &len);
    uint64_t h = fnv(0xcbf29ce484222325ull, text ? text : "", len);
    free(text);
    for (int i = 0; i < n_flags; i++)
        h = fnv(h, a.v[i], strlen(a.v[i]) + 1);
    h = fnv(h, &base, sizeof base);
    h = fnv(h, &role, sizeof role);
    char ld[1100]; /* the link script places the image: a change must miss the cache */
    snprintf(ld, sizeof ld, "%s/firmware/kernel.ld", BH_SOURCE_DIR);
    char *script = slurp(ld, &len);
    h = fnv(h, script ? script : "", script ? len : 0);
    free(script);
    unlink(pre);
    snprintf(elf, sizeof elf, "%s/%016llx.elf", dir, (unsigned long long)h);
    /* 2. on a miss: compile, then link at the slot (the plain rv32im multilib's libgcc) */
    if (access(elf, R_OK) != 0) {
        a.n = n_flags;
        a.v[a.n] = NULL;
        add(&a, "-c");
        addf(&a, "%s/firmware/kernel_entry.cc", BH_SOURCE_DIR);
        add(&a, "-o");
        add(&a, obj);
        dev->compiler_runs++;
        if (run(&a, NULL, err) != 0) {
            tool_failed(dev, k, role, "the compiler", err);
            unlink(obj), unlink(err);
            return -1;
        }
        Args l = {0};
        add(&l, BH_RV_GXX);
        add(&l, "-march=rv32im");
        add(&l, "-mabi=ilp32");
        add(&l, "-nostdlib");
        add(&l, "-nostartfiles");
        addf(&l, "-T%s/firmware/kernel.ld", BH_SOURCE_DIR);
        /* the link may fill L1; the host checks the slot itself to say which kernel is big */
        addf(&l, "-Wl,--defsym=KERNEL_BASE=0x%x", base);
        addf(&l, "-Wl,--defsym=KERNEL_BYTES=0x%x", BH_L1_SIZE - base);
        add(&l, "-Wl,--no-relax");
        add(&l, "-Wl,--gc-sections");
        add(&l, "-Wl,--no-warn-rwx-segments");
        add(&l, obj);
        add(&l, "-lgcc");
        add(&l, "-o");
        addf(&l, "%s.elf", tmp);
        if (run(&l, NULL, err) != 0) {
            tool_failed(dev, k, role, "the linker", err);
            unlink(obj), unlink(err);
            return -1;
        }
        char built[1300];
        snprintf(built, sizeof built, "%s.elf", tmp);
        if (rename(built, elf) != 0) {
            unlink(obj), unlink(err), unlink(built);
            return bh_host_fail(dev, "kernel cache: cannot write '%s': %s", elf, strerror(errno));
        }
        unlink(obj);
    }
    unlink(err);
    if (bh_host_load_elf(dev, elf, img) != 0)
        return -1;
    if (img->lo < base || img->hi > base + BH_KERNEL_SLOT_BYTES) {
        const uint32_t size = img->hi - (img->lo < base ? img->lo : base);
        bh_host_image_free(img);
        return bh_host_fail(dev,
                            "kernel %s (%s): the image is %u bytes (code, data and bss), more "
                            "than its %u KiB slot at 0x%05x (BH_KERNEL_SLOT_BYTES)",
                            k->source, bh_host_role_name(role), size, BH_KERNEL_SLOT_BYTES / 1024,
                            base);
    }
    return 0;
}
