/* model/tile/tensix/mover.h - the Tensix tile's Mover (memcpy / memset-zero DMA in aligned 16-byte
 * units) together with TDMA-RISC, the register block through which RISCV B/T0/T1/T2 instruct it
 * (tt-isa-documentation WormholeB0/TensixTile/Mover.md, TDMA-RISC.md, TensixCoprocessor/XMOV.md;
 * Blackhole defers to these).
 *
 * Interface:
 *   mmio      mover_mmio_read/write: the 4 KiB block at 0xFFB1_1000, offsets per tdma_regs.def,
 *             with the accessing RISC (MovCmdBase is per RISC). Unmapped or unaligned offset:
 *             BH_ERR_ADDR; write to an RO register: BH_ERR_ACCESS; COMMAND_ADDR with the command
 *             queue full: BH_ERR_FULL (the hardware stalls the store: retry). State is unchanged
 *             unless BH_OK.
 *   xmov      mover_xmov: the Tensix XMOV instruction, given the THCON_SEC0_REG6_* words the
 *             frontend read from Config[StateID]. BH_ERR_FULL while the Mover is busy (the
 *             issuing thread stalls until the Mover can start); BH_OK once it has started.
 *   busy      mover_busy: the Mover has a transfer with memory requests outstanding (STATUS bit
 *             0, the STALLWAIT Mover condition a wait gate polls).
 *   ports     MoverPorts: 16-byte L1 reads and writes through an abstract L1 (the tile's L1
 *             arbitration), completed later by mover_l1_done; 16-byte writes to the "L0" side
 *             (Tensix backend configuration or NCRISC IRAM), which the platform routes.
 *   sideband  mover_sideband_set: the packer model sets the RO metadata registers.
 *
 * Directions (xmov_direction_t): 0 L0_TO_L1 zero-fill L1; 1 L1_TO_L0 copy L1 to the L0 side;
 *   2 L0_TO_L0 zero-fill the L0 side; 3 L1_TO_L1 copy. An L0 destination d (bytes) maps to
 *   TENSIX_CFG_BASE + d for d <= 0xFFFF, to MEM_NCRISC_IRAM_BASE + d - 0x40000 for 0x40000 <= d
 *   <= 0x4FFFF, and otherwise to nowhere: the transfer still runs (L1 reads included) and its
 *   writes are discarded without reaching the port. An l0_write that answers BH_ERR_ADDR (e.g.
 *   Blackhole has no NCRISC IRAM) is discarded too. A transfer that leaves L1 or crosses its
 *   64 KiB L0 region is undefined in hardware: logged as a guest error and dropped.
 *
 * Command processor: a queue of cmd_queue_depth (4) commands. Non-compact commands (bit 31
 *   clear) take the four CmdParams staging registers with them into a ring of param_credits
 *   (2) parameter slots; a slot returns when its command leaves the queue. Compact commands
 *   (bit 31 set) carry [15:8] source offset from MovCmdBase of the RISC that wrote them, read
 *   when the command starts, [23:16] destination, [29:24] size (16-byte units) and [30]
 *   direction (0 L1_TO_L0, 1 L1_TO_L1). Opcodes: 0x40 start the Mover (waits while it is
 *   busy), 0x46 wait until the Mover is idle, 0x89 NOP, 0x66 L1 write (not modeled: logged and
 *   skipped), others undefined (logged, skipped). One command leaves the queue per cycle.
 *   Hardware bug (TDMA-RISC.md EnqueueCmd): a non-compact command enqueued with no parameter
 *   credit left does not stall. The documentation leaves the result undefined; this model
 *   accepts the command and writes its parameters over the ring slot the write pointer has
 *   reached, i.e. over the oldest queued command's: that command then runs with the new
 *   parameters, the new command runs with them too, and the overwritten transfer is lost.
 *   Software avoids it by enqueueing a NOP (0x80000089) after each parameterised command.
 *
 * Timing (cycles of the tile clock): the Mover has one L1 read connection and one L1 write
 *   connection. Each cycle it issues up to writes_per_cycle writes, then up to reads_per_cycle
 *   reads; an access the L1 refuses (BH_ERR_FULL) is retried the next cycle and nothing more
 *   is tried on that connection that cycle. A copy holds each 16-byte unit in one of
 *   max_reads_in_flight read buffer entries from the cycle its read is accepted until the
 *   cycle its write is accepted; a write goes out data_to_write_cycles after its read data
 *   arrives (mover_l1_done), in the order the reads were issued, and an entry freed by a write
 *   takes a new read in the same cycle. So one entry is reused every
 *       R = L + data_to_write_cycles   cycles, L = the L1's read latency at the port,
 *   and an uncontended copy moves min(reads_per_cycle, writes_per_cycle,
 *   max_reads_in_flight / R) units per cycle: the Mover issues W = max_reads_in_flight reads
 *   back to back, waits for the first entry to come back, then repeats. A unit that is
 *   number n (from 0) of a copy has its read at floor(n / W) * R + n % W and its write R
 *   later, so N units finish at floor((N - 1) / W) * R + (N - 1) % W + R + Lw (Lw: the L1's
 *   write acknowledgement latency) cycles after the start.
 *   Derivation of the defaults: Mover.md measured "eight 128b reads and eight 128b writes
 *   every 11 cycles" (93.1 bits copied per cycle) for L1_TO_L1 and L1_TO_L0, so W = 8 entries
 *   and R = 11. L is the L1's, l1.access_latency_cycles = 6 (itself inferred from the RISC
 *   load's documented 8 cycles, l1.h), which leaves data_to_write_cycles = 5 for the Mover's
 *   own path from read data to write issue. That is an assumption inferred from the same
 *   measurement, not an independent figure: no document describes the Mover's pipeline. A
 *   zero-fill has no reads and writes one unit per cycle (128 bits per cycle, as measured).
 *   Busy ends when the last write has been acknowledged (L0 writes are complete when
 *   accepted). The figures come out of the simulation of the Mover over the L1 model (unit
 *   test test_l1 "mover_ideal", bench/l1_contention.c), which checks that nothing else on the
 *   path (queue depth, arbitration, the tile's step order) adds to R.
 *   Contention: a refused access is retried the next cycle, which delays its entry's round
 *   and the entries behind it in order, so a refusal costs a copy at most one cycle. If the
 *   L1 refuses one access in k on the connections it contends (a = 2 accesses per unit on
 *   both, 1 on one), a copy moves at least 128 x W / (R + a x W / (k - 1)) bits per cycle, and
 *   exactly 128 x W / (R + 1) (85.3 with the defaults) when the refusal lands at the same place
 *   of every round (k = a x W + 1). Other patterns cost less, because an entry that is already
 *   late absorbs a later refusal in the slack of the round (R - W idle read cycles): one read
 *   in 9 refused costs 8.3 %, one in 8 costs 1.4 %. A zero-fill moves 128 x (k - 1) / k.
 *
 * Not modeled: a second mover (STATUS bit 1 reads 0; the mover number in bits [15:8] of a
 *   non-compact command is ignored), the L1 write command 0x66, the packer/unpacker side of
 *   the sideband registers (metadata FIFO push/pop and peek stalls, clock gating, unpacker
 *   register-address decode): they are storage the packer model fills through
 *   mover_sideband_set, plus the documented scaler and accumulator-reset writes. NCRISC IRAM
 *   corruption when the NCRISC fetches during a Mover write.
 */
#ifndef BH_MOVER_H
#define BH_MOVER_H
#include <stddef.h>
#include <stdint.h>
#include "model/common/bh_common.h"
#ifdef __cplusplus
extern "C" {
#endif

#define MOVER_MMIO_SIZE 0x1000u
#define MOVER_UNIT_BYTES 16u
#define MOVER_MAX_READS 64 /* read buffer entries */
#define MOVER_MAX_QUEUE 16 /* command queue entries */
#define MOVER_MAX_PARAMS 8 /* parameter slots */
#define MOVER_TENSIX_CFG_BASE 0xFFEF0000u
#define MOVER_NCRISC_IRAM_BASE 0xFFC00000u /* MEM_NCRISC_IRAM_BASE (Wormhole dev_mem_map.h) */
#define MOVER_NOWHERE 0xFFFFFFFFu          /* resolved L0 destination that discards writes */

/* STATUS bits (TDMA-RISC.md StatusBits) */
#define MOVER_STATUS_BUSY 0x01u
#define MOVER_STATUS_QUEUE_FULL 0x04u
#define MOVER_STATUS_QUEUE_EMPTY 0x08u
#define MOVER_STATUS_PARAMS_FULL 0x10u  /* ParameterCredits == 0 */
#define MOVER_STATUS_PARAMS_EMPTY 0x20u /* ParameterCredits at its maximum */
#define MOVER_STATUS_FREE_SHIFT 8       /* [15:8] free command queue slots */

#define MOVER_CMD_COMPACT 0x80000000u
#define MOVER_OP_MOVE 0x40u
#define MOVER_OP_WAIT 0x46u
#define MOVER_OP_L1_WRITE 0x66u
#define MOVER_OP_NOP 0x89u

typedef enum MoverDir {
    MOVER_L0_TO_L1 = 0, /* memset(0) into L1 */
    MOVER_L1_TO_L0 = 1, /* memcpy L1 to backend configuration or NCRISC IRAM */
    MOVER_L0_TO_L0 = 2, /* memset(0) into backend configuration or NCRISC IRAM */
    MOVER_L1_TO_L1 = 3, /* memcpy within L1 */
} MoverDir;

/* Who accesses TDMA-RISC; indexes MovCmdBase. Any other value uses RISCV T0's (TDMA-RISC.md). */
typedef enum MoverRisc { MOVER_RISC_B, MOVER_RISC_T0, MOVER_RISC_T1, MOVER_RISC_T2 } MoverRisc;

typedef enum TdmaReg {
#define TDMA_REG(name, off, rst, acc, doc) TDMA_R_##name,
#include "model/tile/tensix/tdma_regs.def"
#undef TDMA_REG
    TDMA_NUM_REGS
} TdmaReg;

/* Scalar parameters: name, default, min, max, meaning. This is their only declaration: the
 * platform makes each the configuration key "mover.<name>" with this default, range and text
 * (platform/params.def, BH_PARAM_BLOCK). Sources: the derivation under Timing above. */
#define MOVER_PARAMS(X)                                                                            \
    X(max_reads_in_flight, 8, 1, MOVER_MAX_READS,                                                  \
      "Mover read buffer entries (16 B each) of a copy: reads issued before the first write "      \
      "(Mover.md: eight 128b reads and eight 128b writes every 11 cycles)")                        \
    X(reads_per_cycle, 1, 1, 4, "Mover L1 reads issued per cycle (one read connection, Mover.md)") \
    X(writes_per_cycle, 1, 1, 4,                                                                   \
      "Mover L1 or L0 writes issued per cycle (one write connection; a zero-fill writes 128 "      \
      "bits per cycle, Mover.md)")                                                                 \
    X(data_to_write_cycles, 5, 0, 64,                                                              \
      "Mover cycles from read data arriving to its write issuing (internal pipeline, NOT FOUND: "  \
      "assumed as what Mover.md's 8 reads + 8 writes per 11 cycles leaves after the L1's "         \
      "6-cycle read, l1.access_latency_cycles)")                                                   \
    X(cmd_queue_depth, 4, 1, MOVER_MAX_QUEUE,                                                      \
      "TDMA-RISC command queue entries (TDMA-RISC.md: 4-entry command queue)")                     \
    X(param_credits, 2, 1, MOVER_MAX_PARAMS,                                                       \
      "TDMA-RISC parameter slots for non-compact commands (TDMA-RISC.md ParameterCredits)")

typedef struct MoverConfig {
#define MOVER_X_FIELD(name, def, lo, hi, doc) uint32_t name;
    MOVER_PARAMS(MOVER_X_FIELD)
#undef MOVER_X_FIELD
    uint32_t l1_size_bytes; /* L1 bytes a transfer may touch, a multiple of 16 in 16..1 GiB:
                               the tile's L1 size (tensix_core_init), not a key of its own */
} MoverConfig;

typedef struct MoverPorts {
    /* issue one 16-byte L1 access; return BH_OK if the L1 took it, BH_ERR_FULL to retry next
     * cycle. Reads pass wdata16 NULL. Completion: mover_l1_done with the same token. */
    BhStatus (*l1_access)(void *ctx, uint64_t addr, int is_write, const uint8_t *wdata16,
                          uint64_t token);
    /* write 16 bytes to the config space / NCRISC IRAM destination (L0 side); BH_ERR_ADDR if
     * unmapped (discarded), BH_ERR_FULL to retry next cycle */
    BhStatus (*l0_write)(void *ctx, uint32_t addr, const uint8_t *data16);
    void *ctx;
} MoverPorts;

typedef struct MoverCmd {
    uint32_t cmd;
    uint8_t risc; /* MoverRisc of the writer */
} MoverCmd;

typedef struct MoverSlot {
    uint8_t state;     /* 0 free, 1 read outstanding, 2 data held */
    uint64_t ready_at; /* cycle its write may issue */
    uint8_t data[MOVER_UNIT_BYTES];
} MoverSlot;

typedef struct MoverXfer {
    uint8_t active; /* the Mover is busy (traced) */
    uint8_t dir;    /* MoverDir */
    uint8_t to_l0;  /* destination is the L0 side (dst already resolved) */
    uint32_t src;   /* L1 byte address */
    uint32_t dst;   /* L1 byte address, resolved L0 address or MOVER_NOWHERE */
    uint32_t units;
    uint32_t reads;      /* units whose read was accepted */
    uint32_t writes;     /* units whose write was accepted (or discarded) */
    uint32_t writes_out; /* L1 writes not yet acknowledged */
    uint32_t head, used; /* read buffer ring: oldest entry, entries in use */
    uint64_t start;
} MoverXfer;

typedef struct MoverStats {
    uint64_t transfers, xmov_instrs, commands, compact_commands;
    uint64_t l1_bytes_read, l1_bytes_written, l0_bytes_written;
    uint64_t bytes_discarded; /* writes to nowhere or refused by l0_write */
    uint64_t read_refusals, write_refusals;
    uint64_t busy_cycles;      /* summed over finished transfers */
    uint64_t param_credit_bug; /* non-compact commands enqueued with no credit */
    uint64_t guest_errors;
} MoverStats;

typedef struct Mover {
    /* what the coprocessor's every step reads, first */
    MoverXfer x;
    uint32_t q_head, q_n; /* q_n traced */
    uint64_t cmd_cycle;   /* cycle a command last left the queue */
    uint64_t cyc;         /* cycle of the per-cycle issue counters below */
    uint32_t reads_now, writes_now;
    uint8_t read_blocked, write_blocked; /* refused this cycle */
    BhLogContext *log;                   /* the chip's, from the core at init */
    MoverConfig cfg;                     /* copied at init, read-only afterwards */
    MoverPorts port;
    uint32_t regs[TDMA_NUM_REGS]; /* storage of RW and sideband registers, index TDMA_R_* */
    uint32_t cmd_params[4];       /* CmdParams staging registers */
    uint32_t mov_cmd_base[4];     /* MovCmdBase, index MoverRisc */
    uint32_t scaler[4];           /* packers' SetRegHiScaler, 9 bits each */
    uint32_t pack_reg_addr_raw;
    MoverCmd queue[MOVER_MAX_QUEUE];
    uint32_t params[MOVER_MAX_PARAMS][4];
    uint32_t p_rd, p_wr;
    uint32_t param_credits; /* ParameterCredits */
    MoverSlot slot[MOVER_MAX_READS];
    MoverStats st;
} Mover;

MoverConfig mover_config_default(void);
BhStatus mover_config_check(const MoverConfig *cfg, char *why, size_t why_len);
BhStatus mover_init(Mover *m, const MoverConfig *cfg, const MoverPorts *ports,
                    BhLogContext *log); /* and reset */
void mover_reset(Mover *m);

BhStatus mover_mmio_read(Mover *m, uint32_t risc, uint32_t off, uint32_t *val, uint64_t now);
BhStatus mover_mmio_write(Mover *m, uint32_t risc, uint32_t off, uint32_t val, uint64_t now);
/* XMOV from Tensix thread 0..2: src/dst/size are THCON_SEC0_REG6_Source_address,
 * _Destination_address, _Buffer_size (16-byte units; size uses its low 16 bits) and
 * _Transfer_direction (low 2 bits). */
BhStatus mover_xmov(Mover *m, uint32_t thread, uint32_t src_16B, uint32_t dst_16B,
                    uint32_t size_16B, uint32_t direction, uint64_t now);
void mover_l1_done(Mover *m, uint64_t token, const uint8_t *rdata16, uint64_t now);
uint64_t mover_step(Mover *m, uint64_t now);
int mover_busy(const Mover *m);
int mover_has_work(const Mover *m);    /* busy, or a command queued: mover_step has work */
uint32_t mover_status(const Mover *m); /* the STATUS register value */
void mover_sideband_set(Mover *m, TdmaReg r, uint32_t val);

const char *mover_reg_name(TdmaReg r);
uint32_t mover_reg_offset(TdmaReg r);
uint32_t mover_reg_reset(TdmaReg r);
int mover_reg_decode(uint32_t off); /* TdmaReg, or -1 if unmapped */

#ifdef __cplusplus
}
#endif
#endif
