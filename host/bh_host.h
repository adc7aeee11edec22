/* host/bh_host.h - the host API: what a host program uses to run kernels on a chip, in the
 * spirit of tt-metal's host API (devices, interleaved buffers, programs of kernels, circular
 * buffers, semaphores, runtime arguments), in C.
 *
 * A BhDevice wraps one BhChip (platform/bhsim.h) whose Tensix tiles have their cores
 * (a host workload: workload.name one of the host programs, or workload.name=host). Opening
 * it places the persistent firmware (firmware/, built by the build) on every worker tile and
 * releases the cores, which boot and wait for a launch message (bh_l1_layout.h).
 * The host reaches the chip as host.transport says: pcie (the default) through BAR0's TLB
 * windows over the timed host link, as a driver does (uploads, arguments, buffers, launches and
 * the polls for done all take host time; images for a rectangle of cores are multicast), or
 * backdoor (bhsim.h's backdoor: no host time passes, only the kernels' work is timed; fast
 * set-up, not what silicon does). Every call that writes returns once its writes have landed.
 *
 * Cores are named by logical worker coordinates, as tt-metal's CoreCoord: x in 0..cols-1
 * and y in 0..rows-1 over the enabled Tensix tiles, columns and rows in NoC0 order.
 *
 * Kernels are source files compiled when a program is first launched (riscv64-unknown-elf-g++,
 * freestanding C++17), cached by the hash of everything that goes into the image (source and
 * the headers it includes, defines, compile-time arguments, role, toolchain flags) in
 * $BHSIM_KERNEL_CACHE, else the build tree's kernel-cache/. Data-movement kernels define
 * `void kernel_main()` and include "dataflow_api.h"; compute kernels define
 * `namespace NAMESPACE { void MAIN { ... } }` and include "compute_kernel_api/..." headers,
 * and are compiled three times (unpack, math, pack), as tt-metal does.
 *
 * Errors: functions return 0 on success and -1 on failure; bh_device_error() says what failed,
 * naming the kernel, core, buffer or argument (a compile error carries the compiler's first
 * lines). Nothing aborts the process. */
#ifndef BH_HOST_H
#define BH_HOST_H
#include <stddef.h>
#include <stdint.h>
#include "firmware/include/bh_l1_layout.h"
#include "model/common/bh_stats.h"
#include "platform/bhsim.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef struct BhDevice BhDevice;
typedef struct BhBuffer BhBuffer;
typedef struct BhProgram BhProgram;

/* ---- device */

/* Opens a device on `chip` (which must outlive it) and boots the firmware on every worker
 * tile. NULL on failure, with the reason in err. */
BhDevice *bh_device_open(BhChip *chip, char *err, size_t err_len);
void bh_device_close(BhDevice *dev); /* frees buffers and programs still open; not the chip */
BhChip *bh_device_chip(BhDevice *dev);
const char *bh_device_error(const BhDevice *dev); /* the last failure, "" if none */

void bh_device_grid(const BhDevice *dev, uint32_t *cols, uint32_t *rows); /* worker grid */
/* NoC0 coordinates of worker (x, y); -1 outside the grid */
int bh_device_worker_noc(const BhDevice *dev, uint32_t x, uint32_t y, uint32_t *noc_x,
                         uint32_t *noc_y);
uint32_t bh_device_dram_banks(const BhDevice *dev);
/* NoC0 coordinates of an endpoint of DRAM bank `bank` (every endpoint of a bank reaches the
 * same memory, so backdoor accesses may use this one); -1 if there is no such bank */
int bh_device_dram_bank_noc(const BhDevice *dev, uint32_t bank, uint32_t *noc_x, uint32_t *noc_y);

/* Where the host's simulated time went since the device opened (host.transport), in
 * picoseconds, and what it moved (bh_stats.h: field, report key in the program section, kind,
 * text); under backdoor every time but the polls is 0. */
#define BH_HOST_STATS(X)                                                                           \
    X(firmware_ps, "host_firmware_us", PICOSECONDS,                                                \
      "bh_device_open: firmware, bank tables, reset release")                                      \
    X(upload_ps, "host_kernel_upload_us", PICOSECONDS, "kernel images")                            \
    X(rta_ps, "host_runtime_args_us", PICOSECONDS, "runtime arguments")                            \
    X(launch_ps, "host_launch_us", PICOSECONDS, "circular buffers, semaphores, launch messages")   \
    X(buffer_write_ps, "host_buffer_write_us", PICOSECONDS, "bh_buffer_write")                     \
    X(buffer_read_ps, "host_buffer_read_us", PICOSECONDS, "bh_buffer_read")                        \
    X(boot_poll_ps, "host_boot_poll_us", PICOSECONDS, "waiting for the firmware to boot")          \
    X(done_poll_ps, "host_done_poll_us", PICOSECONDS,                                              \
      "bh_program_wait: the kernels run meanwhile")                                                \
    X(bytes_written, "host_bytes_written", BYTES, "bytes the host wrote to the chip")              \
    X(bytes_read, "host_bytes_read", BYTES, "bytes the host read from the chip")                   \
    X(tlb_programs, "host_tlb_programs", COUNT, "TLB windows (re)programmed")                      \
    X(mcast_writes, "host_multicast_writes", COUNT, "writes through a multicast window")           \
    X(bulk_bytes, "host_bulk_bytes", BYTES,                                                        \
      "buffer bytes moved through pinned host memory by kernels (host.bulk_*_min_bytes)")          \
    X(copy_ps, "host_memcpy_us", PICOSECONDS,                                                      \
      "the host CPU copying bulk buffers to and from pinned memory (host.memcpy_mbps)")

typedef struct BhHostTimes {
    const char *transport; /* "pcie" or "backdoor" */
    BH_STAT_FIELDS(BH_HOST_STATS)
} BhHostTimes;
extern const BhStatTable bh_host_stat_table;
void bh_device_host_times(const BhDevice *dev, BhHostTimes *out);

/* ---- buffers */

typedef enum BhBufferType { BH_BUFFER_DRAM = 0, BH_BUFFER_L1 = 1 } BhBufferType;

/* An interleaved buffer of `size` bytes in pages of `page_size` bytes: page i in bank
 * i % banks at address() + (i / banks) * aligned page size (bh_l1_layout.h, BhBankTable).
 * DRAM pages align to 64 bytes, L1 pages to 16. L1 buffers have the same address in every
 * worker's L1, allocated downwards from the top of L1; DRAM buffers upwards from 0 in every
 * bank. NULL if the size or page size is 0, the page size is not a multiple of 4, or the
 * space is exhausted. */
BhBuffer *bh_buffer_create(BhDevice *dev, BhBufferType type, uint64_t size, uint32_t page_size);
void bh_buffer_free(BhDevice *dev, BhBuffer *buf);
uint64_t bh_buffer_address(const BhBuffer *buf); /* the base address in each bank */
uint64_t bh_buffer_size(const BhBuffer *buf);
uint32_t bh_buffer_page_size(const BhBuffer *buf);
/* The whole buffer's contents in page order (len must equal the size). */
int bh_buffer_write(BhDevice *dev, BhBuffer *buf, const void *data, uint64_t len);
int bh_buffer_read(BhDevice *dev, const BhBuffer *buf, void *data, uint64_t len);

/* ---- programs */

typedef struct BhCoreRange {
    uint32_t x0, y0, x1, y1; /* inclusive, logical worker coordinates */
} BhCoreRange;

typedef enum BhKernelType {
    BH_KERNEL_DM0 = 0,    /* data movement on BRISC (tt-metal RISCV_0) */
    BH_KERNEL_DM1 = 1,    /* data movement on NCRISC (tt-metal RISCV_1) */
    BH_KERNEL_COMPUTE = 2 /* TRISC0..2 */
} BhKernelType;

typedef enum BhMathFidelity {
    BH_LOFI = 0,
    BH_HIFI2 = 2,
    BH_HIFI3 = 3,
    BH_HIFI4 = 4
} BhMathFidelity;

typedef struct BhKernelSpec {
    const char *source; /* path of the kernel's source file */
    BhKernelType type;
    uint32_t noc;                 /* data movement: the NoC its dataflow API uses (0 or 1) */
    const uint32_t *compile_args; /* get_compile_time_arg_val(i) */
    uint32_t n_compile_args;
    const char *const *defines; /* "NAME" or "NAME=VALUE" */
    uint32_t n_defines;
    BhMathFidelity math_fidelity; /* compute */
    int fp32_dest_acc_en;         /* compute: Dst holds FP32 */
    int math_approx_mode;         /* compute: SFPU approximations allowed */
} BhKernelSpec;

BhProgram *bh_program_create(BhDevice *dev);
void bh_program_free(BhDevice *dev, BhProgram *prog);
/* A kernel on every core of `cores`; returns its id (>= 0), or -1 (a core already has a kernel
 * of that type in this program, the range is outside the grid, ...). The source is compiled at
 * the first launch. */
int bh_program_add_kernel(BhProgram *prog, const BhCoreRange *cores, const BhKernelSpec *spec);
/* Runtime arguments of `kernel` on worker (x, y), at most BH_RTA_WORDS. */
int bh_program_set_runtime_args(BhProgram *prog, int kernel, uint32_t x, uint32_t y,
                                const uint32_t *args, uint32_t n);
/* Circular buffer `index` (0..BH_CB_COUNT-1) on every core of `cores`: num_pages pages of
 * page_size bytes in `format` (BhDataFormat), placed in the unreserved L1 of those cores at
 * launch (the same address on each). */
int bh_program_add_cb(BhProgram *prog, const BhCoreRange *cores, uint32_t index, uint32_t page_size,
                      uint32_t num_pages, uint32_t format);
/* A semaphore with `initial` value on every core of `cores`; returns its id (what
 * get_semaphore(id) takes in a kernel), or -1. */
int bh_program_add_semaphore(BhProgram *prog, const BhCoreRange *cores, uint32_t initial);

/* Compiles what is not compiled yet, writes kernels, arguments, CBs, semaphores and bank
 * tables, and launches the program on its cores (bh_l1_layout.h, launch protocol). */
int bh_program_launch(BhDevice *dev, BhProgram *prog);

typedef struct BhProgramTiming {
    uint64_t launched; /* chip cycle of the launch */
    uint64_t finished; /* chip cycle the last kernel returned */
    uint64_t cycles;   /* finished - launched */
} BhProgramTiming;

/* Advances the chip until every core of the last launch of `prog` reports done, at most
 * max_cycles. On a watchdog (a stall: kernels waiting for what nothing can change, a NoC
 * deadlock) or when max_cycles pass, -1 and the error names the cores still running, their
 * PCs with symbols and what they wait for. */
int bh_program_wait(BhDevice *dev, BhProgram *prog, uint64_t max_cycles, BhProgramTiming *t);

/* Launch then wait. */
int bh_program_run(BhDevice *dev, BhProgram *prog, uint64_t max_cycles, BhProgramTiming *t);

/* ---- host workloads (the CLI's eltwise, matmul, ...) */

/* Runs the host program that workload.name of `chip` names; returns the exit status bhsim
 * uses (0 passed, 1 simulation error or wrong result, 2 bad configuration), having added a
 * "program" section to the chip's report. `name` is not a host workload: 2. */
int bh_host_workload_run(BhChip *chip, const char *name);

#ifdef __cplusplus
}
#endif
#endif
