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
    uint64_t launch_cycle;                    /* the cycle its launch words were sent */
    int window_closed;                        /* the report's window ended at its done */
    uint64_t finished;                        /* the latest end of a kernel seen so far */
    uint32_t poll_next;                       /* the waits have seen workers below it done */
    int launched;
    int internal; /* the library's own (bh_bulk.c): leaves the report's window alone */
    BhProgram *next;
};

/* ---- the transport (bh_transport.c): how the library reaches the chip, host.transport */

#define BH_HX_WINDOWS 184 /* BAR0's 2 MiB TLB windows 0..183 the library uses */

typedef struct BhHxWindow {
    uint8_t valid, mcast;
    uint8_t x0, y0, x1, y1; /* NoC0 rectangle (x0, y0 alone: unicast) */
    uint64_t page;          /* NoC address >> 21 */
    uint64_t used;          /* LRU stamp */
} BhHxWindow;

/* where the host's time goes (simulated picoseconds between the phase's first and last
 * access; BhHostTimes) */
typedef enum BhHxPhase {
    HX_FIRMWARE,  /* firmware, bank tables, reset (bh_device_open) */
    HX_UPLOAD,    /* kernel images */
    HX_RTA,       /* runtime arguments */
    HX_LAUNCH,    /* circular buffers, semaphores, launch messages */
    HX_BUF_WRITE, /* bh_buffer_write */
    HX_BUF_READ,  /* bh_buffer_read */
    HX_BOOT_POLL, /* waiting for the firmware's READY */
    HX_DONE_POLL, /* bh_program_wait */
    HX_PHASES
} BhHxPhase;

typedef struct BhTransport {
    int pcie;              /* 0: backdoor */
    uint64_t bar0;         /* host physical address of BAR0 */
    uint64_t quiet_cycles; /* the stall watchdogs' window: noc. and tensix.deadlock_cycles */
    BhHxWindow win[BH_HX_WINDOWS];
    uint64_t tick;
    uint64_t *pending; /* ids of writes that may not have landed yet */
    uint32_t n_pending, cap_pending;
    uint64_t phase_ps[HX_PHASES];
    uint64_t bytes_written, bytes_read, tlb_programs, mcast_writes;
    /* the bulk path (bh_bulk.c): host.bulk_*_min_bytes (0: never), host.memcpy_mbps,
     * host.bulk_cores */
    uint64_t bulk_write_min, bulk_read_min, memcpy_mbps;
    uint32_t bulk_cores;
    uint32_t bulk_serial; /* the flag value of the last bulk transfer */
    int in_bulk;          /* a bulk transfer runs: its launch and polls are the buffer phase's */
    uint64_t bulk_bytes, copy_ps;
} BhTransport;

/* the watch over a launched program (bh_program_watch.c) */
typedef struct BhWatch {
    uint64_t deadline;        /* the chip cycle every program must be done by */
    char deadline_keys[96];   /* the keys that set it, for the message */
    uint64_t livelock_cycles; /* host.livelock_cycles; 0: no livelock detector */
    uint64_t sig;             /* the program's progress signature last seen ... */
    uint64_t sig_cycle;       /* ... and the cycle it was first seen */
} BhWatch;

struct BhDevice {
    BhChip *chip;
    BhTransport hx;
    BhWatch watch;
    char err[BH_HOST_ERR];
    uint32_t cols, rows, n_workers;
    uint32_t wx[BH_HOST_MAX_WORKERS], wy[BH_HOST_MAX_WORKERS]; /* NoC0, index y * cols + x */
    uint32_t seq[BH_HOST_MAX_WORKERS];                         /* last launch seq per worker */
    uint32_t seen_done[BH_HOST_MAX_WORKERS]; /* the last seq the host saw finish */
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

/* ---- the watch over a launched program (bh_program_watch.c) */
void bh_watch_open(BhDevice *dev); /* reads the deadline and livelock keys */
/* the program's progress signature as the wait starts at cycle now */
void bh_watch_start(BhDevice *dev, const BhProgram *prog, uint64_t now);
/* 1: no kernel finished, no CB page moved, no semaphore changed and no NIU accepted a command
 * on any core of the launch for host.livelock_cycles up to cycle now */
int bh_watch_livelock(BhDevice *dev, const BhProgram *prog, uint64_t now);
/* the launch's unfinished cores, each with its kernel, what it is doing and, when it polls a
 * CB counter or a semaphore, which one and whether the program set it up */
void bh_watch_explain(BhDevice *dev, const BhProgram *prog, char *out, size_t len);

/* printf into dev->err; returns -1 */
int bh_host_fail(BhDevice *dev, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* the worker index of logical (x, y), or -1 */
int bh_host_worker(const BhDevice *dev, uint32_t x, uint32_t y);
const char *bh_host_role_name(uint32_t role); /* brisc, ncrisc, trisc0.. */
/* Reads an RV32 ELF's loadable bytes into img (bh_host_image_free frees them); 0 or -1 with
 * the reason in dev->err. */
int bh_host_load_elf(BhDevice *dev, const char *path, BhKernelImage *img);
void bh_host_image_free(BhKernelImage *img);
/* Writes img into the L1 of every worker of logical range r (multicast where the transport
 * can), zeros included; 0 or -1. */
int bh_host_image_write(BhDevice *dev, const BhKernelImage *img, const BhCoreRange *r);

/* The transport: 0, or -1 with the reason in dev->err. Tiles in NoC0 coordinates. */
int hx_open(BhDevice *dev); /* reads host.transport; pcie: finds BAR0 */
void hx_close(BhDevice *dev);
int hx_write(BhDevice *dev, uint32_t x, uint32_t y, uint64_t addr, const void *data, uint64_t len);
/* the same bytes to every worker of logical range r */
int hx_write_range(BhDevice *dev, const BhCoreRange *r, uint64_t addr, const void *data,
                   uint64_t len);
/* fences, then reads */
int hx_read(BhDevice *dev, uint32_t x, uint32_t y, uint64_t addr, void *data, uint64_t len);
/* returns once every earlier write has landed */
int hx_fence(BhDevice *dev);
uint64_t hx_now_ps(const BhDevice *dev);
/* BhPollNamer for the firmware and the kernel APIs' words (bh_l1_layout.h, bh_niu.h): CB
 * counters, semaphores, the launch message, the NIU counters the barriers poll */
int bh_fw_poll_name(void *ctx, uint32_t x, uint32_t y, uint32_t addr, char *name, size_t len);
/* adds the time since since_ps to the phase */
void hx_account(BhDevice *dev, BhHxPhase phase, uint64_t since_ps);
/* The bulk path (bh_bulk.c): reads its keys at open; moves a whole buffer through pinned host
 * memory and kernels: 0, -1 (dev->err says why), or 1 when it does not apply (too small,
 * backdoor, pages not 64-byte multiples, no L1 to stage in) and the caller uses the BARs. */
void hx_bulk_open(BhDevice *dev);
int hx_bulk(BhDevice *dev, const BhBuffer *buf, uint8_t *data, uint64_t len, int write);

/* Compiles (or finds in the cache) the image of kernel k for `role` and loads it into img;
 * 0 or -1 (dev->err names the kernel's source and role). */
int bh_kernel_build(BhDevice *dev, const BhKernel *k, uint32_t role, BhKernelImage *img);

#endif
