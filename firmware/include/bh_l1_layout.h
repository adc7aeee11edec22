/* firmware/include/bh_l1_layout.h - the L1 layout and launch protocol a Tensix tile's firmware,
 * its kernels and the host share. Plain C (C99 and C++), no includes beyond <stdint.h>, so the
 * RV32 firmware, the kernels (freestanding C++) and the host library (x86-64) build the same
 * structs with the same offsets; every struct is made of 32-bit words, so no padding differs.
 *
 * Roles: a tile runs up to five kernels, one per core, named by role in tt-metal's order:
 *   BH_ROLE_BRISC (data movement 0), BH_ROLE_NCRISC (data movement 1),
 *   BH_ROLE_TRISC0 (unpack), BH_ROLE_TRISC1 (math), BH_ROLE_TRISC2 (pack).
 *
 * Map of L1 (1536 KiB):
 *   0x00000  firmware images, each at its core's hardware reset PC (docs/hardware.md#riscv),
 *            so the host needs no reset-PC overrides: BRISC 0x0 (24 KiB), TRISC0 0x6000,
 *            TRISC1 0xA000, TRISC2 0xE000 (16 KiB each), NCRISC 0x12000 (16 KiB)
 *   0x16000  launch message (host -> every core of the tile)
 *   0x16100  done messages, one 16-B line per role (core -> host)
 *   0x16200  bank tables: the NoC coordinates of DRAM and L1 banks for interleaved buffers
 *   0x16800  circular-buffer configuration, BH_CB_COUNT entries (host -> cores)
 *   0x16C00  circular-buffer counters: pages pushed and pages popped, each in its own 16-B
 *            line (one writer per line: the producer writes `received`, the consumer `acked`)
 *   0x17000  semaphores, BH_SEMAPHORE_COUNT words, each in its own 16-B line
 *   0x17200  runtime arguments, BH_RTA_WORDS words per role
 *   0x20000  kernel images, BH_KERNEL_SLOT_BYTES per role, in role order; a kernel is linked
 *            to run at its slot (code, read-only data, data and bss all inside the slot)
 *   0x70000  unreserved: circular buffers and L1 buffers, up to BH_L1_SIZE
 *
 * Launch protocol (persistent firmware, modelled on tt-metal's; not its contract):
 *   1. After reset every core's firmware writes its done line with seq 0 and status
 *      BH_DONE_READY, then waits for the launch message's `seq` to change (a poll: the core
 *      sleeps until the word is written).
 *   2. The host writes the kernels, runtime arguments, CB configuration, semaphores and bank
 *      tables, zeroes the counter lines of every CB, then writes the launch message with `seq`
 *      (last, one 32-bit write) one above the last.
 *   3. Each core sees the new seq. If BH_LAUNCH_EXIT is set it writes its done line and stops
 *      (ebreak). Otherwise, if its role's bit is in `kernel_mask`, it fills its CB interface
 *      (firmware/include/bh_cb.h, in its local data RAM) from the CB configuration, records
 *      the start cycle, calls the kernel at its slot's base (the slot's first instruction) and
 *      records the end cycle. Then it writes its done line {seq, status, start, end} and waits
 *      again. A role without a kernel answers at once.
 *   4. The host waits until every done line of every tile in the program holds the new seq.
 * Cycles are the tile's wall clock (RISCV_DEBUG_REGS WALL_CLOCK_L), AICLK cycles since reset. */
#ifndef BH_L1_LAYOUT_H
#define BH_L1_LAYOUT_H
#include <stdint.h>

#define BH_L1_SIZE 0x180000u

enum BhRole {
    BH_ROLE_BRISC = 0,
    BH_ROLE_NCRISC = 1,
    BH_ROLE_TRISC0 = 2,
    BH_ROLE_TRISC1 = 3,
    BH_ROLE_TRISC2 = 4,
    BH_ROLES = 5
};

/* firmware images, at the hardware reset PCs */
#define BH_FW_BRISC_BASE 0x00000u
#define BH_FW_BRISC_BYTES 0x6000u
#define BH_FW_TRISC0_BASE 0x06000u
#define BH_FW_TRISC1_BASE 0x0A000u
#define BH_FW_TRISC2_BASE 0x0E000u
#define BH_FW_TRISC_BYTES 0x4000u
#define BH_FW_NCRISC_BASE 0x12000u
#define BH_FW_NCRISC_BYTES 0x4000u

#define BH_L1_LAUNCH 0x16000u
#define BH_L1_DONE 0x16100u        /* + role * 16 */
#define BH_L1_BANKS 0x16200u       /* BhBankTable */
#define BH_L1_CB_CONFIG 0x16800u   /* BhCbConfig[BH_CB_COUNT] */
#define BH_L1_CB_COUNTERS 0x16C00u /* per CB: received at + cb * 32, acked at + cb * 32 + 16 */
#define BH_L1_SEMAPHORES 0x17000u  /* semaphore i at + i * 16 */
#define BH_L1_RTA 0x17200u         /* role r's runtime arguments at + r * BH_RTA_WORDS * 4 */
#define BH_L1_KERNELS 0x20000u     /* role r's kernel slot at + r * BH_KERNEL_SLOT_BYTES */
#define BH_L1_UNRESERVED 0x70000u

#define BH_CB_COUNT 32
#define BH_SEMAPHORE_COUNT 16
#define BH_RTA_WORDS 256
#define BH_KERNEL_SLOT_BYTES 0x10000u
#define BH_DRAM_BANKS_MAX 8
#define BH_L1_BANKS_MAX 140

#define BH_L1_DONE_LINE(role) (BH_L1_DONE + (uint32_t)(role)*16u)
#define BH_L1_CB_RECEIVED(cb) (BH_L1_CB_COUNTERS + (uint32_t)(cb)*32u)
#define BH_L1_CB_ACKED(cb) (BH_L1_CB_COUNTERS + (uint32_t)(cb)*32u + 16u)
#define BH_L1_SEMAPHORE(i) (BH_L1_SEMAPHORES + (uint32_t)(i)*16u)
#define BH_L1_RTA_OF(role) (BH_L1_RTA + (uint32_t)(role)*BH_RTA_WORDS * 4u)
#define BH_L1_KERNEL_OF(role) (BH_L1_KERNELS + (uint32_t)(role)*BH_KERNEL_SLOT_BYTES)

#define BH_LAUNCH_EXIT 1u /* flags: firmware stops (ebreak) instead of running kernels */

typedef struct BhLaunchMsg {
    uint32_t seq;                   /* the launch number; the host writes it last */
    uint32_t flags;                 /* BH_LAUNCH_* */
    uint32_t kernel_mask;           /* bit r: role r runs the kernel in its slot */
    uint32_t cb_mask;               /* bit i: CB i is configured (BhCbConfig i is valid) */
    uint32_t noc_of_role[BH_ROLES]; /* the NoC (0 or 1) the dataflow API of role r uses */
    uint32_t tile_x[2], tile_y[2];  /* this tile's coordinates on NoC0 and NoC1 */
    uint32_t reserved[3];
} BhLaunchMsg; /* 64 bytes */

enum BhDoneStatus {
    BH_DONE_READY = 0, /* firmware started, no kernel run yet (seq 0) */
    BH_DONE_OK = 1,    /* the kernel of launch `seq` returned (or the role had none) */
    BH_DONE_EXITED = 2 /* BH_LAUNCH_EXIT seen */
};

typedef struct BhDoneMsg {
    uint32_t seq;    /* the launch this line answers */
    uint32_t status; /* BhDoneStatus */
    uint32_t start;  /* wall clock (low 32 bits) when the kernel was called */
    uint32_t end;    /* wall clock (low 32 bits) when it returned */
} BhDoneMsg;

/* Interleaved buffers: page i of a DRAM buffer lives in DRAM bank i % num_dram_banks at
 * bank offset base + (i / num_dram_banks) * aligned page size; of an L1 buffer in L1 bank
 * i % num_l1_banks, the L1 of Tensix tile l1_x/l1_y[bank]. Coordinates per NoC (index 0 or 1);
 * for DRAM, the host picks per tile the endpoint of each controller it reaches in the fewest
 * NoC0 hops. */
typedef struct BhBankTable {
    uint32_t num_dram_banks;
    uint32_t num_l1_banks;
    uint32_t reserved[2];
    uint8_t dram_x[2][BH_DRAM_BANKS_MAX], dram_y[2][BH_DRAM_BANKS_MAX];
    uint8_t l1_x[2][BH_L1_BANKS_MAX], l1_y[2][BH_L1_BANKS_MAX];
} BhBankTable; /* 16 + 32 + 560 = 608 bytes */

/* tt-metal's DataFormat codes, as the host passes them; the same numbers as the Tensix
 * unpacker's and packer's format fields for the formats listed */
enum BhDataFormat {
    BH_FMT_FLOAT32 = 0,
    BH_FMT_FLOAT16 = 1,
    BH_FMT_BFP8 = 2,
    BH_FMT_TF32 = 4,
    BH_FMT_FLOAT16_B = 5, /* BF16 */
    BH_FMT_BFP8_B = 6,
    BH_FMT_UINT32 = 24,
    BH_FMT_UINT16 = 9,
    BH_FMT_INT32 = 8
};

typedef struct BhCbConfig {
    uint32_t addr;      /* L1 address of the ring, 16-byte aligned */
    uint32_t size;      /* bytes: num_pages * page_size */
    uint32_t num_pages; /* pages in the ring */
    uint32_t page_size; /* bytes per page (a tile: 2048 for BF16 32x32) */
    uint32_t format;    /* BhDataFormat of the pages */
    uint32_t reserved[3];
} BhCbConfig; /* 32 bytes */

#endif
