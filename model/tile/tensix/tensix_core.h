/* model/tile/tensix/tensix_core.h - a Tensix tile's coprocessor: three thread frontends
 * (tensix_frontend.h) feeding the backend units (sync, configuration, ThCon, Mover, unpackers,
 * matrix unit, vector unit, packer), which reach the tile's L1 (l1.h) as its clients; and the
 * RISC-V view of all of them (the coprocessor's windows of the tile map, model/tile/tile_map.def).
 * The tile module (tensix_tile.h) owns it and steps it.
 *
 * Interface:
 *   tensix_core_region_write/read  a core's 32-bit access to one of the coprocessor's windows
 *     of the tile map (tile_map.def: region and offset; core 0..2 = TRISC0..2, 3 = BRISC, each
 *     seeing the windows of its TILE_SEEN_* mask, else BH_ERR_ADDR): INSTRN_BUF (TRISC i: its
 *     thread; BRISC: thread 0 after the MOP expander), INSTRN1/2_BUF (BRISC to threads 1 / 2;
 *     a TRISC storing there is the hang the hardware has: the core stops with an error naming
 *     it), MOP_CFG (TRISC i: thread i's MopCfg), TDMA_REGS (the Mover), PC_BUF (semaphores,
 *     PCBufs, TTSync; TRISC i reads PCBuf[i]), PC1/PC2_BUF (BRISC's pushes to PCBuf[1] / [2],
 *     i.e. to TRISC1 / TRISC2), REGFILE (GPRs), TENSIX_CFG (configuration). BH_ERR_FULL: the
 *     core stalls and retries.
 *   tensix_core_dst_access  a TRISC's 1-, 2- or 4-byte access to the DST window (dst_riscv.h),
 *     in the view its thread's RISC_DEST_ACCESS_CTRL_SEC selects (Config[CFG_STATE_ID]);
 *     BRISC and NCRISC: BH_ERR_ADDR. Reads have no side effects (also a debug access).
 *   tensix_core_mmio_write/read   the same by absolute address, decoded with tile_map_search
 *     (ThCon's MMIO port, tests); addresses outside those windows: BH_ERR_ADDR.
 *   tensix_core_l1_done          the owner of the L1 hands over completions of THCON / MOVER
 * Timing: tensix_core_step(now) steps the Mover and ThCon, then the three threads (wait gate,
 *   replay, MOP); returns now + 1 while anything is in flight, else BH_IDLE.
 * Instructions executed (field layouts from tensix_isa.def; dispatch: tensix_issue.c): NOP;
 *   ThCon's DMANOP, SETDMAREG (plain form), ADD/SUB/MUL/BITWOP/SHIFT/CMPDMAREG, LOADIND,
 *   STOREIND (L1 and MMIO forms), LOADREG, STOREREG, ATINCGET, ATINCGETPTR, ATCAS, ATSWAP; the
 *   sync unit's SEMINIT, SEMPOST, SEMGET, SEMWAIT, STALLWAIT, ATGETM, ATRELM; the config unit's
 *   WRCFG, RDCFG, SETC16, RMWCIB0..3, CFGSHIFTMASK; XMOV; the matrix unit's SETRWC, INCRWC,
 *   CLEARDVALID, SETDVALID and its math (fpu.h); the unpackers' UNPACR (unpacker.h), the
 *   packer's PACR (packer.h), the vector unit's instructions (sfpu.h), the address counters'
 *   (adc.h); MOP, MOP_CFG and REPLAY in the frontend. Anything else (and the forms the units
 *   do not model) stops the run, naming the mnemonic, thread and cycle.
 * STALLWAIT / SEMWAIT conditions answered (busy_conditions): C0 ThCon busy for the thread,
 *   C1/C2 unpacker 0/1 busy for it, C3 packer busy for it, C4 matrix unit busy, C5..C8 the Src
 *   banks not yet writable by the unpackers / readable by the matrix unit, C9 Mover busy, C11
 *   vector unit busy, C12 configuration unit busy.
 */
#ifndef BH_TENSIX_CORE_H
#define BH_TENSIX_CORE_H
#include <stddef.h>
#include <stdint.h>
#include "model/common/bh_common.h"
#include "model/tile/l1.h"
#include "model/tile/tensix/mover.h"
#include "model/tile/tensix/sync_unit.h"
#include "model/tile/tensix/tensix_cfg.h"
#include "model/tile/tensix/tensix_frontend.h"
#include "model/tile/tensix/thcon.h"
#include "model/tile/tensix/srcdst.h"
#include "model/tile/tensix/dst_riscv.h"
#include "model/tile/tensix/rwc.h"
#include "model/tile/tensix/adc.h"
#include "model/tile/tensix/unpacker.h"
#include "model/tile/tensix/packer.h"
#include "model/tile/tensix/fpu.h"
#include "model/tile/tensix/sfpu.h"
#ifdef __cplusplus
extern "C" {
#endif

#define TENSIX_THREADS 3
#define TENSIX_CORE_BRISC 3
/* sync, config, thcon, mover, matrix, unpack0, unpack1, pack, adc, vector
 * (tensix_core_unit_name) */
#define TENSIX_UNITS 10
enum TensixUnit {
    TENSIX_UNIT_SYNC,
    TENSIX_UNIT_CFG,
    TENSIX_UNIT_THCON,
    TENSIX_UNIT_MOVER,
    TENSIX_UNIT_MATRIX,
    TENSIX_UNIT_UNPACK0,
    TENSIX_UNIT_UNPACK1,
    TENSIX_UNIT_PACK,
    TENSIX_UNIT_ADC,
    TENSIX_UNIT_VECTOR
};

/* What a unit did in one cycle of the coprocessor's active window (tensix_units.c), one state
 * per unit per cycle, so a unit's counts sum to the window: busy (working: an instruction
 * accepted, in address setup, in its pipeline, its L1 requests in flight), idle (no
 * instruction for it: the thread that last fed it holds nothing), or stalled, by cause: l1 (its
 * L1 requests waited for a port or bank another client held), src (an unpacker's queue head
 * waits for its Src bank to come back; the matrix unit refused for SrcA/SrcB not valid; an
 * instruction held by a STALLWAIT on Src or the unpackers), dst (refused for Dst rows still
 * being written; held by a STALLWAIT on the matrix unit, the packer or the vector unit),
 * semaphore (held by a SEMWAIT, or refused by the sync unit: a mutex, the semaphore port),
 * fifo (no instruction for it at any gate while the thread that last fed it holds
 * instructions for other units or a latched wait: it waits for that thread), other (held by
 * a STALLWAIT on the Mover, ThCon or config, the cycle after a wait, refused for any other
 * reason while not busy). The VCD's unit.<name>.state is the value (0..7). */
#define TENSIX_UNIT_STATES(X)                                                                      \
    X(IDLE, "idle")                                                                                \
    X(BUSY, "busy")                                                                                \
    X(L1, "l1")                                                                                    \
    X(SRC, "src")                                                                                  \
    X(DST, "dst")                                                                                  \
    X(SEMAPHORE, "semaphore")                                                                      \
    X(FIFO, "fifo")                                                                                \
    X(OTHER, "other")

typedef enum TensixUnitState {
#define TENSIX_X_ENUM(name, str) TENSIX_US_##name,
    TENSIX_UNIT_STATES(TENSIX_X_ENUM)
#undef TENSIX_X_ENUM
        TENSIX_UNIT_STATE_COUNT
} TensixUnitState;
const char *tensix_unit_state_name(uint32_t state);

typedef struct TensixCore {
    /* what every step reads first and together: with 130 or so coprocessors stepping each
     * cycle the run is bound by cache misses more than by instructions */
    L1 *l1; /* the tile's L1, owned elsewhere */
    uint64_t now;
    uint8_t failed; /* a run-stopping error: message in error */
    uint32_t thcon_mmio_n;
    uint64_t issued;          /* instructions the threads issued, NOPs included */
    uint64_t deadlock_cycles; /* no progress for this long while holding work: stop (0: never) */
    uint64_t last_progress, last_issued;
    uint64_t last_l1_others; /* L1 requests by clients other than ThCon, at the last check */
    /* the units' states (tensix_units.c): each unit's since usince[u]; the window is
     * [acct_first, acct_end), its cycles classified; ukey the inputs of the last cycle's
     * classification (the same inputs: the same states) */
    uint8_t ustate[TENSIX_UNITS];
    uint8_t feeder[TENSIX_UNITS]; /* the thread that last issued to it (TENSIX_THREADS: none) */
    uint8_t issuing_thread;
    uint8_t refuse_cause;                  /* TensixUnitState of the issue being refused */
    uint8_t refused_cause[TENSIX_THREADS]; /* of each thread's refusal this cycle */
    uint8_t acct_started;
    uint32_t accepted; /* units that took an instruction this cycle (bits) */
    uint64_t ukey, acct_end;
    TensixThread thr[TENSIX_THREADS];
    Thcon thcon;
    Mover mover;
    Unpackers unp; /* unpacker 0 (SrcA / Dst) and 1 (SrcB) (unpacker.h) */
    Packer pack;   /* (packer.h) */
    Fpu fpu;       /* the matrix unit's math (fpu.h) */
    Sfpu sfpu;     /* the vector unit (sfpu.h) */
    SyncUnit sync;
    TensixCfg cfg;
    BhLogContext *log; /* the chip's; the units get it at init */
    uint64_t unit_instructions[TENSIX_UNITS];
    uint64_t acct_first, acct_issued; /* issued at the last classification */
    uint64_t usince[TENSIX_UNITS];
    uint64_t ucycles[TENSIX_UNITS][TENSIX_UNIT_STATE_COUNT]; /* closed runs only */
    uint64_t l1_waits_seen[TENSIX_UNITS]; /* the unit's L1 client's waits behind others */
    uint64_t pack_dst_races; /* PACRs that read Dst rows the matrix unit was still writing */
    SrcDst regs;             /* SrcA, SrcB, Dst (srcdst.h) */
    Rwc rwc[TENSIX_THREADS]; /* per-thread counters (rwc.h) */
    AdcFile adc;             /* the unpackers' and packer's address counters (adc.h) */
    struct {
        uint64_t token;
        uint32_t addr, data;
        uint8_t write, thread;
    } thcon_mmio[THCON_MAX_OUTSTANDING]; /* ThCon's MMIO requests, performed next step */
    char error[512];
} TensixCore;

/* The timing parameters of the units that have them (keys mover.* and thcon.*). */
typedef struct TensixCoreConfig {
    MoverConfig mover;
    ThconConfig thcon;
} TensixCoreConfig;

TensixCoreConfig tensix_core_config_default(void);
/* Units at reset, the Mover and ThCon per cfg, with the L1 size set from `l1` (the one L1 size,
 * l1.size_bytes). BH_ERR_CONFIG if cfg is bad. */
BhStatus tensix_core_init(TensixCore *c, L1 *l1, const TensixCoreConfig *cfg, BhLogContext *log);
uint64_t tensix_core_step(TensixCore *c, uint64_t now);
BhStatus tensix_core_region_write(TensixCore *c, uint32_t core, uint32_t region, uint32_t off,
                                  uint32_t val, uint64_t now);
/* A write of `core` to `region` now would be an instruction push its full FIFO refuses: 1 after
 * doing what that refused write does (BH_ERR_FULL from tensix_core_region_write), else 0 and
 * nothing changes. */
int tensix_core_refuse_push(TensixCore *c, uint32_t core, uint32_t region, uint64_t now);
BhStatus tensix_core_dst_access(TensixCore *c, uint32_t core, uint32_t off, uint32_t len, int write,
                                void *data);
BhStatus tensix_core_region_read(TensixCore *c, uint32_t core, uint32_t region, uint32_t off,
                                 uint32_t *val, uint64_t now);
BhStatus tensix_core_mmio_write(TensixCore *c, uint32_t core, uint32_t addr, uint32_t val,
                                uint64_t now);
BhStatus tensix_core_mmio_read(TensixCore *c, uint32_t core, uint32_t addr, uint32_t *val,
                               uint64_t now);
void tensix_core_l1_done(TensixCore *c, const L1Done *d, uint64_t now);
/* 1 for the L1 clients inside the coprocessor (Mover, ThCon, unpackers, packer) */
int tensix_core_owns_client(uint32_t client);
int tensix_core_idle(const TensixCore *c);
void tensix_core_prefetch(const TensixCore *c); /* as tensix_tile_prefetch, for the coprocessor */
/* A TRISC's read of CSR 0xBC0 (tensix_queue_status: own bits [12:0], OR over the three
 * threads in [25:13]) or 0xBC1 (tensix_busy_status: "queued or executing", own [10:0], all
 * threads [21:11]); other CSR numbers: BH_ERR_ADDR. For the RISC-V cores (next issue). */
BhStatus tensix_core_csr_read(const TensixCore *c, uint32_t thread, uint32_t csr, uint32_t *val);
const char *tensix_core_unit_name(uint32_t unit);
/* The units' accounting of cycle `now` (tensix_units.c), at the end of its step: busy the
 * units working (bits by TensixUnit), src the unpackers whose queue head waited for its bank,
 * threads those holding work; a cycle nothing is active in costs nothing, and the gap before
 * the next active cycle counts as idle then. */
void tensix_units_account(TensixCore *c, uint32_t busy, uint32_t src, uint32_t threads,
                          uint64_t now);
/* cycles in the units' window: from the first active cycle to the last, inclusive */
uint64_t tensix_core_unit_window(const TensixCore *c);
/* unit's cycles by state (TENSIX_UNIT_STATE_COUNT of them), summing to the window */
void tensix_core_unit_cycles(const TensixCore *c, uint32_t unit, uint64_t *cycles);
/* unit's state in cycle `now` if the core classified it, else idle (the VCD's sample) */
uint32_t tensix_core_unit_state(const TensixCore *c, uint32_t unit, uint64_t now);
/* The backend's issue of instruction word w from thread (tensix_issue.c): 1 issued, 0 not this
 * cycle, -1 not modeled. The frontends call it through their issue callback. */
int tensix_core_issue(TensixCore *c, uint32_t thread, uint32_t w, uint64_t now);
/* What each thread holding work waits for, and the state it waits on (a stuck run's message) */
void tensix_core_describe_wait(const TensixCore *c, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
