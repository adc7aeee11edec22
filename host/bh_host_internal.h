/* host/bh_host_internal.h - what the host library's files share: the device, buffer and
 * program structs, and the kernel builder (bh_kernel_build.c). Not for host programs. */
#ifndef BH_HOST_INTERNAL_H
#define BH_HOST_INTERNAL_H
#include <stddef.h>
#include <stdint.h>
#include "host/bh_host.h"

#define BH_HOST_MAX_WORKERS BH_L1_BANKS_MAX
#define BH_HOST_MAX_KERNELS 16
#define BH_HOST_MAX_CBS 64
#define BH_HOST_MAX_SEMS BH_SEMAPHORE_COUNT
#define BH_HOST_ERR 4096

struct BhBuffer {
    BhBufferType type;
    uint64_t addr, size;
    uint32_t page_size, aligned; /* aligned: the page's stride in a bank */
    uint64_t end; /* DRAM: the allocator's mark after it; L1: the mark before it (above) */
    BhBuffer *next;
};

#define BH_IMAGE_PIECES 16

/* An RV32 image's loadable bytes (firmware, or a kernel in its slot): pieces in ELF order,
 * each the file bytes of a segment or the zeros after them (data NULL: zeros, the bss). */
typedef struct BhKernelImage {
    char elf_path[512];
    uint32_t n;
    uint32_t addr[BH_IMAGE_PIECES], len[BH_IMAGE_PIECES];
    uint8_t *data[BH_IMAGE_PIECES];
    uint32_t lo, hi; /* the bytes it covers: [lo, hi) */
} BhKernelImage;

typedef struct BhKernel {
    BhCoreRange range;
    BhKernelSpec spec;
    char source[512];
    uint32_t *compile_args;
    char **defines;
    uint32_t n_roles, first_role; /* BRISC, NCRISC, or the three TRISCs */
    BhKernelImage images[3];      /* one per role, built at the first launch */
    int built;
    uint32_t *rta[BH_HOST_MAX_WORKERS]; /* runtime arguments per worker (NULL: none) */
    uint32_t n_rta[BH_HOST_MAX_WORKERS];
} BhKernel;

typedef struct BhCb {
    BhCoreRange range;
    uint32_t index, page_size, num_pages, format;
} BhCb;

typedef struct BhSem {
    BhCoreRange range;
    uint32_t initial;
} BhSem;

struct BhProgram {
    BhDevice *dev;
    BhKernel kernels[BH_HOST_MAX_KERNELS];
    uint32_t n_kernels;
    BhCb cbs[BH_HOST_MAX_CBS];
    uint32_t n_cbs;
    BhSem sems[BH_HOST_MAX_SEMS];
    uint32_t n_sems;
    uint8_t launched_on[BH_HOST_MAX_WORKERS]; /* worker is part of the last launch */
    uint32_t seq[BH_HOST_MAX_WORKERS];        /* the seq it was launched with */
    uint64_t launch_cycle;
    int launched;
    BhProgram *next;
};

struct BhDevice {
    BhChip *chip;
    char err[BH_HOST_ERR];
    uint32_t cols, rows, n_workers;
    uint32_t wx[BH_HOST_MAX_WORKERS], wy[BH_HOST_MAX_WORKERS]; /* NoC0, index y * cols + x */
    uint32_t seq[BH_HOST_MAX_WORKERS];                         /* last launch seq per worker */
    uint32_t n_dram;
    uint32_t dram_x[BH_DRAM_BANKS_MAX], dram_y[BH_DRAM_BANKS_MAX]; /* one endpoint per bank */
    uint32_t grid_w, grid_h;
    uint64_t dram_top;  /* bump allocator, upwards from 0 in every bank */
    uint64_t l1_bottom; /* bump allocator, downwards from BH_L1_SIZE in every worker */
    uint32_t cb_top;    /* the end of the highest circular buffer launched so far */
    BhBuffer *buffers;
    BhProgram *programs;
    char fw_elf[BH_ROLES][512];
    uint64_t boot_cycles;
    uint64_t compiler_runs; /* compiler invocations (tests check the cache) */
    uint32_t tmp_serial;    /* names the compiler's temporary files */
};

/* printf into dev->err; returns -1 */
int bh_host_fail(BhDevice *dev, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* the worker index of logical (x, y), or -1 */
int bh_host_worker(const BhDevice *dev, uint32_t x, uint32_t y);
const char *bh_host_role_name(uint32_t role); /* brisc, ncrisc, trisc0.. */
/* Reads an RV32 ELF's loadable bytes into img (bh_host_image_free frees them); 0 or -1 with
 * the reason in dev->err. */
int bh_host_load_elf(BhDevice *dev, const char *path, BhKernelImage *img);
void bh_host_image_free(BhKernelImage *img);
/* Writes img by backdoor into the L1 of NoC0 tile (x, y), zeros included; 0 or -1. */
int bh_host_image_write(BhDevice *dev, const BhKernelImage *img, uint32_t x, uint32_t y);

/* Compiles (or finds in the cache) the image of kernel k for `role` and loads it into img;
 * 0 or -1 (dev->err names the kernel's source and role). */
int bh_kernel_build(BhDevice *dev, const BhKernel *k, uint32_t role, BhKernelImage *img);

#endif
