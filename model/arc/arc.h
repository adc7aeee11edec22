/* model/arc/arc.h - the ARC tile (NoC0 (8,0)) as the host driver sees it once the SMC
 * firmware has booted: the reset unit's registers, the CSM holding the message queues and the
 * telemetry table as bytes, and the firmware's answers to host messages.
 *
 * Interface (a NoC target; the platform forwards every access to tile (8,0) unchanged):
 *   arc_access  a read or write of len bytes at ARC NoC address noc_addr:
 *               - registers (arc_regs.def): 0x8003_0000.. (reset unit), 0x800B_0000 (MSI
 *                 catcher); one aligned 32-bit word per access;
 *               - CSM: ARC_CSM_BASE.. + ARC_CSM_SIZE, any length inside it, plain bytes
 *                 (the host reads and writes the queues and the telemetry with these).
 *               Statuses: BH_ERR_ADDR (nothing there, or an access running past the CSM),
 *               BH_ERR_ACCESS (a length other than 4 or a misaligned register access, a
 *               write to a read-only register, a read of the MSI FIFO, length 0), each with
 *               the reason, naming the address, in a->why. debug: no side effect (no
 *               doorbell, no log).
 *   aiclk_changed  callback given at init: called when a message changes AICLK, with the
 *               new MHz and the cycle, so the platform can retime the AICLK domain.
 * Message queues: ARC_MSGQ_COUNT queues of ARC_MSGQ_ENTRIES entries at ARC_MSGQ_BASE, each a
 *   32-byte header {request wptr, response rptr, -, -, request rptr, response wptr,
 *   last_serial, -}, the request entries, then the response entries, 8 words each; pointers
 *   count modulo 2 x entries (equal: empty, entries apart: full). The control block at
 *   *SCRATCH_RAM_11 is {queue base, entries | queues << 8, 0, 0}. A doorbell (ARC_MISC_CNTL
 *   irq0_trig, or 0 written to the MSI FIFO) makes the firmware, msg_latency_cycles later,
 *   run every queue in order 0..3: each pending request whose response slot is free is
 *   popped, answered (arc_msgs.def), pushed as a response, and last_serial advances. A
 *   queue with a pointer >= 2 x entries is skipped, as the firmware does.
 * Telemetry: at *SCRATCH_RAM_13 {u32 version 0x100, u32 entry_count, {u16 tag, u16 offset}
 *   [entry_count]}, immediately followed by the data, u32[ARC_TAG_COUNT] indexed by offset
 *   (= tag), which *SCRATCH_RAM_12 points to (arc_telem.def). The data are rewritten from
 *   the model's state before every CSM read, so host writes to them do not stick.
 * Timing: arc_step() runs in the AICLK domain: it processes the queues when the doorbell's
 *   latency has passed and returns that cycle while one is pending, else BH_IDLE. A changed
 *   AICLK takes effect at the cycle its message is processed. REFCLK counts the 50 MHz
 *   reference exactly from AICLK cycles and the AICLK of each stretch (a rational carry
 *   across changes, exact while the lcm of the AICLK values used stays below 2^32); the
 *   telemetry heartbeat derives from it.
 * Sources (tenstorrent/tt-zephyr-platforms @74122be "ZEP", tenstorrent/tt-umd @3ed9cb6 "UMD"):
 *   queue layout and processing: ZEP include/tenstorrent/msgqueue.h,
 *     lib/tenstorrent/bh_arc/msgqueue.c; host side: UMD device/arc/blackhole_arc_message_queue
 *     .cpp, device/api/umd/device/arch/blackhole_implementation.hpp (header/entry sizes,
 *     SCRATCH_RAM_11, doorbell 0x10000 at 0x8003_0100, OK limit 240);
 *   MSI doorbell: ZEP msgqueue.c (MSI catcher at 0x800B_0000, data 0) and tt-kmd blackhole.c;
 *   CSM 512 KiB at 0x1000_0000: ZEP dts/vendor/tenstorrent/tt_blackhole_smc.dtsi; the host
 *     reads it at the same address on tile (8,0) (UMD reads the queue control block and the
 *     telemetry at the pointer values themselves: blackhole_arc_message_queue.cpp,
 *     arc_telemetry_reader.cpp);
 *   telemetry: ZEP lib/tenstorrent/bh_arc/telemetry.{c,h}, harvesting.{c,h} (bit orders);
 *   AICLK: ZEP lib/tenstorrent/bh_arc/aiclk_ppm.c (busy -> fmax, idle -> fmin, forcing,
 *     200..1400 MHz bounds), boards' fw_table.txt (fmax 1350, fmin 800); UMD AICLK_BUSY_VAL
 *     1350, AICLK_IDLE_VAL 800; clocks 960 (AXI) / 800 (ARC, L2CPU) MHz: the boot PLL
 *     settings of the dtsi (docs/hardware.md#arc);
 *   board id: UMD device/api/umd/device/types/cluster_descriptor_types.hpp (UPI in [55:36]).
 * Assumptions: where the firmware's data sit in the CSM depends on its link map, which is not
 *   published: ARC_MSGQ_INFO_ADDR, ARC_MSGQ_BASE and ARC_TELEM_TABLE_ADDR are chosen here.
 *   The firmware's handling time is not published: msg_latency_cycles is a guess. AICLK at
 *   init is the idle value (the firmware boots idle). Registers start in the state the
 *   firmware's boot leaves (arc_regs.def). Telemetry tag 59 (rows) is in ZEP's telemetry.h
 *   but not yet in its table; it is published here with all 10 rows enabled by default.
 * Not modeled: the firmware's execution (ARC cores, Zephyr, interrupts, its own NoC
 *   traffic), PLLs and their relock time, voltage regulation and DVFS arbiters (throttling
 *   by power, current or temperature), fans, sensors (every sensor value is a constant
 *   parameter), the effect of the reset registers on the tiles (storage only), ARC_MISC_CNTL
 *   bits other than irq0_trig, the MSI FIFO's contents, SPI flash, I2C, PVT, GPIO, the
 *   ARC's NIU registers and every other ARC peripheral (BH_ERR_ADDR), messages not listed
 *   in arc_msgs.def (answered 0xFF), the host-visible effect of bad queue pointers beyond
 *   skipping the queue.
 */
#ifndef BH_ARC_H
#define BH_ARC_H
#include <stddef.h>
#include <stdint.h>
#include "model/common/bh_common.h"
#ifdef __cplusplus
extern "C" {
#endif

#define ARC_NOC_X 8
#define ARC_NOC_Y 0
#define ARC_CSM_BASE 0x10000000u
#define ARC_CSM_SIZE 0x80000u /* 512 KiB */
#define ARC_MSGQ_COUNT 4
#define ARC_MSGQ_ENTRIES 4
#define ARC_MSGQ_ENTRY_WORDS 8
#define ARC_MSGQ_HEADER_BYTES 32
#define ARC_MSGQ_BYTES (ARC_MSGQ_HEADER_BYTES + 2 * ARC_MSGQ_ENTRIES * 4 * ARC_MSGQ_ENTRY_WORDS)
#define ARC_MSGQ_INFO_ADDR 0x10001000u   /* assumption: the queue control block */
#define ARC_MSGQ_BASE 0x10001100u        /* assumption: queue 0's header */
#define ARC_TELEM_TABLE_ADDR 0x10002000u /* assumption: the telemetry table */
#define ARC_TELEM_VERSION 0x00000100u
#define ARC_TAG_COUNT 71u             /* the firmware's TAG_COUNT: data words */
#define ARC_CM_FW_VERSION 0x001F6300u /* 0.31.99 (ZEP app/smc/VERSION) as Zephyr's APPVERSION */
#define ARC_MSG_STATUS_UNKNOWN 0xFFu  /* not recognised */
#define ARC_MSG_STATUS_SCRATCH 0xFEu  /* scratch-only */
#define ARC_DOORBELL_MASK 0x000F0000u /* ARC_MISC_CNTL irq0_trig */
#define ARC_POST_CODE_MSG_DONE 0xC0DE003Fu

/* Telemetry rows (arc_telem.def) and their tag numbers. */
typedef enum ArcTagRow {
#define ARC_TAG(name, tag, value, doc) ARC_TAG_ROW_##name,
#include "model/arc/arc_telem.def"
#undef ARC_TAG
    ARC_TELEM_ENTRIES
} ArcTagRow;
enum {
#define ARC_TAG(name, tag, value, doc) ARC_TAG_##name = tag,
#include "model/arc/arc_telem.def"
#undef ARC_TAG
};
#define ARC_TELEM_DATA_ADDR (ARC_TELEM_TABLE_ADDR + 8u + 4u * (uint32_t)ARC_TELEM_ENTRIES)

/* Register rows (arc_regs.def) and register slots (one per 32-bit instance). */
typedef enum ArcReg {
#define ARC_REG(id, name, first, addr, count, init, kind, doc) ARC_R_##id,
#include "model/arc/arc_regs.def"
#undef ARC_REG
    ARC_NUM_REGS
} ArcReg;
enum {
#define ARC_REG(id, name, first, addr, count, init, kind, doc)                                     \
    ARC_S_##id, ARC_S_##id##_END = ARC_S_##id + (count)-1,
#include "model/arc/arc_regs.def"
#undef ARC_REG
    ARC_SLOTS
};

/* Message codes (arc_msgs.def). */
enum {
#define ARC_MSG(name, code, umd_only, doc) ARC_MSG_##name = code,
#include "model/arc/arc_msgs.def"
#undef ARC_MSG
};

/* Parameters: name, default, min, max, meaning. The platform makes each the key
 * "arc.<name>" (BH_PARAM_BLOCK). Masks use the firmware's bit orders (arc_telem.def). */
#define ARC_PARAMS(X)                                                                              \
    X(msg_latency_cycles, 5400, 0, 1000000000,                                                     \
      "AICLK cycles from a doorbell to the firmware answering the queued requests (not "           \
      "published; assumed 4 us at 1350 MHz: interrupt, Zephyr work queue, handler)")               \
    X(aiclk_fmax_mhz, 1350, 800, 1400, "AICLK after AICLK_GO_BUSY (boards' fw tables)")            \
    X(aiclk_fmin_mhz, 800, 200, 1400, "AICLK after AICLK_GO_LONG_IDLE (boards' fw tables)")        \
    X(umd_only_msgs, 1, 0, 1,                                                                      \
      "answer NOP (0x11) and GET_HARVESTING (0x57), which tt-umd names but the Zephyr "            \
      "firmware does not handle (0: answer them 0xFF, as boards do)")                              \
    X(axiclk_mhz, 960, 1, 4000, "AXICLK telemetry, MHz (boot PLL1)")                               \
    X(arcclk_mhz, 800, 1, 4000, "ARCCLK telemetry, MHz (boot PLL1)")                               \
    X(l2cpuclk_mhz, 800, 1, 4000, "L2CPUCLK0..3 telemetry, MHz (boot PLL4)")                       \
    X(board_id_hi, 0x400, 0, 0xFFFFFFFF, "board id bits 63:32 (default: UPI 0x40, a P150)")        \
    X(board_id_lo, 0x1, 0, 0xFFFFFFFF, "board id bits 31:0")                                       \
    X(l2cpu_enabled, 0xF, 0, 0xF, "enabled L2CPU clusters")                                        \
    X(noc_translation, 0, 0, 1,                                                                    \
      "NoC translation telemetry (boards enable it; bhsim's NIUs do not translate)")               \
    X(fw_bundle_version, 0x13050000, 0, 0xFFFFFFFF, "firmware bundle version tag (19.5.0)")        \
    X(telem_interval_ms, 100, 1, 100000, "telemetry update interval (the heartbeat's period)")     \
    X(vcore_mv, 800, 0, 2000, "core voltage, mV (modelled, not measured)")                         \
    X(tdp_w, 40, 0, 1000, "core power, W (modelled, not measured)")                                \
    X(tdc_a, 50, 0, 1000, "core current, A (modelled, not measured)")                              \
    X(asic_temp_mc, 45000, 0, 150000,                                                              \
      "ASIC temperature, milli-degrees C (modelled, not measured)")                                \
    X(fan_pct, 35, 0, 100, "fan speed, percent (modelled, not measured)")                          \
    X(tdp_limit_w, 150, 0, 1000, "TDP limit telemetry, W (boards' fw tables)")                     \
    X(tdc_limit_a, 200, 0, 1000, "TDC limit telemetry, A (boards' fw tables)")                     \
    X(thm_limit_c, 90, 0, 200, "thermal throttle limit telemetry, degrees C (fw tables)")

/* What the chip itself decides (its AICLK, harvesting, PCIe tile), filled by the platform from
 * the chip's configuration, not keys of their own: name, default, min, max, meaning. */
#define ARC_CHIP_FIELDS(X)                                                                         \
    X(aiclk_init_mhz, 800, 200, 3000, "AICLK at init (the platform gives chip.aiclk_mhz)")         \
    X(tensix_col_enabled, 0x3FFF, 0, 0x3FFF,                                                       \
      "enabled Tensix columns, bit i = physical column i (arc_tensix_cols_from_noc_x)")            \
    X(tensix_row_enabled, 0x3FF, 0, 0x3FF, "enabled Tensix rows, bit i = NoC0 y 2 + i")            \
    X(eth_enabled, 0x3EDF, 0, 0x3FFF, "enabled Ethernet channels (default: all but 5 and 8)")      \
    X(gddr_enabled, 0xFF, 0, 0xFF, "enabled GDDR controllers")                                     \
    X(pcie_usage, 0x1, 0, 0xF, "[1:0] PCIe 0, [3:2] PCIe 1: 0 disabled, 1 endpoint")

typedef struct ArcConfig {
#define ARC_X_FIELD(name, def, lo, hi, doc) uint32_t name;
    ARC_PARAMS(ARC_X_FIELD)
    ARC_CHIP_FIELDS(ARC_X_FIELD)
#undef ARC_X_FIELD
} ArcConfig;

typedef void (*ArcAiclkFn)(void *ctx, uint32_t mhz, uint64_t now_cycle);

typedef struct Arc {
    ArcConfig cfg;     /* copied at init, read-only afterwards */
    BhLogContext *log; /* the chip's */
    ArcAiclkFn aiclk_changed;
    void *aiclk_ctx;
    uint32_t regs[ARC_SLOTS]; /* by ARC_S_* */
    uint32_t aiclk_mhz;       /* current */
    uint32_t forced_mhz;      /* FORCE_AICLK's value, 0: not forced */
    uint8_t busy;             /* the last of GO_BUSY / GO_LONG_IDLE was GO_BUSY */
    uint64_t pending_at;      /* cycle the firmware answers the queues, or BH_IDLE */
    uint64_t seg_start;       /* cycle AICLK took its current value */
    uint64_t ref_whole;       /* REFCLK at seg_start = ref_whole + ref_num / ref_den */
    uint64_t ref_num, ref_den;
    uint64_t msgs;             /* messages answered */
    uint64_t doorbells;        /* doorbells rung (debug accesses excluded) */
    char why[160];             /* the reason of the last refused access */
    uint8_t csm[ARC_CSM_SIZE]; /* the firmware's data, little endian */
} Arc;

ArcConfig arc_config_default(void);
BhStatus arc_config_check(const ArcConfig *cfg, char *why, size_t why_len);
/* also resets: registers as the firmware's boot leaves them, empty queues, telemetry */
BhStatus arc_init(Arc *a, const ArcConfig *cfg, BhLogContext *log, ArcAiclkFn aiclk_changed,
                  void *ctx);
uint64_t arc_step(Arc *a, uint64_t now_cycle);
BhStatus arc_access(Arc *a, uint64_t noc_addr, int write, void *buf, uint32_t len, int debug,
                    uint64_t now);
uint32_t arc_aiclk_mhz(const Arc *a);
/* the 50 MHz reference clock counter at AICLK cycle now (>= the last AICLK change) */
uint64_t arc_refclk(const Arc *a, uint64_t now);
/* a mask of NoC0 x of Tensix columns (bit x) as the firmware's physical column bitmap */
uint32_t arc_tensix_cols_from_noc_x(uint32_t noc_x_mask);
/* the register's name at a register address (instances: e.g. "TENSIX_RESET_3"), or NULL */
const char *arc_reg_name(uint64_t noc_addr, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
