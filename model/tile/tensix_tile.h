/* model/tile/tensix_tile.h - one Tensix tile: its address map (tile_map.def), its L1 (l1.h),
 * its coprocessor (tensix_core.h), slots for its five baby RISC-V cores with their private
 * data RAMs, and its control/debug registers (tile_regs.def).
 *
 * Interface (exposed by TileTlm's `mmio` target and TensixTileTlm, platform/tile/):
 *   the map             tile_map.h: tile_map.def's regions, their decode and checks.
 *   tensix_tile_access  a synchronous access by `who` (TileCore, or TILE_NOC) of len bytes at
 *                       addr, at cycle now; returns status, the region, the offset in it and
 *                       its latency class (TileLatency: docs/hardware.md#riscv's loads; data,
 *                       not yet timing).
 *                       A region `who` does not see, or not mapped: BH_ERR_ADDR. What a
 *                       region does and the sizes it takes are its device's
 *                       (tile_region_ops, bh_region.h, in tensix_tile_regions.c): register
 *                       windows take aligned 4-byte accesses only (else BH_ERR_WIDTH,
 *                       width_error); NIU regions go to the NoC model's register file
 *                       (TileNiuFn), which states its own rule.
 *                       Targets: L1 (untimed, as the loaders use it), private local RAM (the
 *                       core's own; 8 KiB B/NC, 4 KiB T), the slow local-RAM windows (any
 *                       core's RAM), the debug registers, the coprocessor's windows (TDMA-RISC,
 *                       MopCfg, GPRs, instruction pushes, PCBufs/semaphores, configuration;
 *                       wake is set: the owner must step the tile this cycle). An NIU region
 *                       sets niu = 1 + the NoC; without cores (no TileNiuFn) it answers
 *                       BH_ERR_UNSUPPORTED. The mailboxes (mailbox.h) are
 *                       the tile's own: 4-byte accesses by B and the TRISCs only; a push that
 *                       does not fit or a pop from an empty FIFO is BH_ERR_FULL (retry).
 *                       DST: a TRISC's 1-, 2- or 4-byte access in its thread's view
 *                       (tensix_core_dst_access, dst_riscv.h), no wake.
 *                       The NoC overlay (overlay.h) and the PIC (pic.h): 4-byte accesses
 *                       by any core or the NoC; a refused one leaves its reason in
 *                       overlay.why or pic.why (tensix_tile_reg_why).
 *                       TILE_T_ABSENT regions (PC snapshots) answer BH_ERR_ADDR.
 *   tensix_tile_noc_access  a NoC access past L1 of any length (tile_noc_access below).
 *   tensix_tile_debug   the same without side effects (transport_dbg): L1, local RAMs and
 *                       stored registers, Dst; the coprocessor's other windows and the NIUs
 *                       are BH_ERR_UNSUPPORTED. Timing: tensix_tile_step(now) steps the cores,
 * wakes the cores sleeping on a mailbox if one changed during the step, steps the coprocessor (if
 * enabled), then L1, then hands out L1's finished requests: the coprocessor's to it, the others to
 * the `done` callback in completion order. Returns the next cycle with work, or BH_IDLE. Registers:
 * stored with their reset values (tile_regs.def); WALL_CLOCK_* read `now`; the ones software
 * touches but bhsim leaves out drop writes (tile_regs_ignored.def). SOFT_RESET_0 holds and
 * releases the cores (tensix_tile_reset_changed), whoever writes it. NoC: the shell sends every NoC
 * access past L1 here (tensix_tile_noc_access): inline writes, atomics, and the data of streaming
 * reads and writes, a flit at a time. The slow local-RAM windows take any length; register regions
 * (control/debug, overlay) take a 4-byte aligned address and a multiple of 4 bytes, performed one
 * 32-bit word per 4 bytes in address order, at once, as a word access is. An access may cross
 * regions. The first word that fails stops it (the words before it are done) and its status is the
 * access's; a length or address that is not word-aligned, or a region the NoC does not see, fails
 * before any word is performed. Each failure is a guest error naming the address and the reason.
 *   tensix_tile_noc_wrote wakes cores asleep on a tile register.
 * Not modeled: PC snapshots (BH_ERR_ADDR, as the coprocessor has always answered); interrupts
 *   (the PIC refuses what would interrupt a core).
 */
#ifndef BH_TENSIX_TILE_H
#define BH_TENSIX_TILE_H
#include <stddef.h>
#include <stdint.h>
#include "model/common/bh_common.h"
#include "model/eth/eth_mac.h"
#include "model/riscv/rv_core.h"
#include "model/tile/l1.h"
#include "model/tile/mailbox.h"
#include "model/tile/overlay.h"
#include "model/tile/pic.h"
#include "model/tile/tensix/tensix_core.h"
#include "model/tile/tile_map.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum TileReg {
#define TILE_REG(name, off, rst, acc, doc) TILE_R_##name,
#include "model/tile/tile_regs.def"
#undef TILE_REG
    TILE_NUM_REGS
} TileReg;

struct TensixTile;

typedef struct TileCoreSlot {
    /* what the tile's every step reads of each core, first: the slots are small and adjacent
     * (the data RAM lives in TensixTile.core_ram) so a step touches few cache lines */
    uint64_t wake;        /* next cycle to run it; BH_IDLE: waits for an event */
    uint8_t held;         /* in reset (SOFT_RESET_0) */
    uint8_t stopped;      /* ebreak, or a guest error (the tile's error) */
    uint8_t sleeping;     /* on a poll (riscv.poll_sleep): watch says what wakes it */
    uint8_t wait_coproc;  /* sleeps until the coprocessor steps (full FIFO) */
    uint8_t wait_push;    /* its last bus access: an instruction push to region
                             push_region at pc push_pc, refused (FIFO full) */
    uint8_t wait_mailbox; /* sleeps until a mailbox changes (full or empty) */
    uint8_t wait_pcbuf;   /* a TRISC popping its empty PCBuf: sleeps until the sync unit
                             changes (pcbuf_version: its version then), not every cycle */
    uint8_t released;     /* has left reset at least once */
    uint8_t watch;        /* TileWatch */
    RvCore *rv;           /* NULL until tensix_tile_enable_cores */
    uint64_t pcbuf_version;
    struct TensixTile *tile; /* for the core's bus callback */
    uint32_t id;             /* TileCore */
    uint32_t ram_bytes;      /* TILE_CORE_TABLE's size */
    uint8_t *ram;            /* private data RAM: TensixTile.core_ram[id] */
    uint32_t watch_region;   /* tile_map.def region of the polled address */
    uint32_t push_region, push_pc;
    /* Retries of that push refused without touching the RvCore (tensix_tile_cores.c,
     * retry_refused): push_k the last, push_wake a wake since; push_word the instruction at
     * push_pc; they stay refusals before push_limit (the core's store-queue deadline). */
    uint8_t push_lazy;
    uint32_t push_word;
    uint64_t push_k, push_wake, push_limit;
    uint64_t push_watch; /* l1.watch_gen when push_word was last read */
} TileCoreSlot;

/* What a core sleeping on a poll waits for (tensix_tile_cores.c). */
typedef enum TileWatch {
    TILE_WATCH_FOREVER, /* nothing from outside enters its loop: only a reset ends it */
    TILE_WATCH_NIU,     /* an NIU register: the NoC model tells the tile when it changes */
    TILE_WATCH_COPROC,  /* a semaphore, GPR or configuration word of the coprocessor */
    TILE_WATCH_DEBUG,   /* a tile register: control/debug, NoC overlay, PIC */
    TILE_WATCH_L1,      /* an L1 word (riscv.poll_sleep_l1): any write that lands in L1 */
} TileWatch;

/* What a core is doing at the tile's step (the VCD's `<core>.state`): value, name, meaning.
 * A core runs ahead of the tile's cycle on private work, so this is its state as the tile sees
 * it at `now`: WAITING only while it is stuck at a cycle not after `now`. */
#define TILE_CORE_STATE_TABLE(X)                                                                   \
    X(HELD, "held", "in reset, or never released")                                                 \
    X(RUNNING, "running", "executing, or ahead of the tile's cycle on private work")               \
    X(WAITING, "waiting", "for a load, a store queue or L1 queue slot, a coprocessor FIFO")        \
    X(POLL_SLEEP, "poll_sleep", "asleep on a poll until what it polls changes (riscv.poll_sleep)") \
    X(EBREAK, "ebreak", "executed ebreak: done")                                                   \
    X(ERROR, "error", "stopped on a guest error (the tile's error)")

typedef enum TileCoreState {
#define TILE_X_STATE(name, str, doc) TILE_CORE_##name,
    TILE_CORE_STATE_TABLE(TILE_X_STATE)
#undef TILE_X_STATE
        TILE_CORE_STATES
} TileCoreState;

typedef void (*TileL1DoneFn)(void *ctx, const L1Done *d);
/* A core's access of len bytes to NIU `noc`'s register at offset off (the platform's NoC
 * model, noc_niu_reg_access, which holds their access rule). */
typedef BhStatus (*TileNiuFn)(void *ctx, uint32_t noc, uint32_t off, uint32_t len, int write,
                              int debug, uint32_t *val, uint64_t now);

/* A profiler zone of `core` (tile register SIM_ZONE): opened at `now` with its name at
 * `name_addr` (an address the core reads, tensix_tile_debug), or, name_addr 0, its innermost
 * zone closed. At most TILE_ZONE_DEPTH zones are open on a core. */
typedef void (*TileZoneFn)(void *ctx, uint32_t core, uint32_t name_addr, uint64_t now);
/* An Ethernet tile's access of one 32-bit word of its MAC's registers (TILE_T_ETH rows of
 * eth_tile_map.def) at absolute address addr; *why may name the reason of a refusal. */
typedef BhStatus (*TileEthFn)(void *ctx, uint32_t addr, int write, uint32_t *val, uint64_t now,
                              int debug, const char **why);
/* An Ethernet tile's MAC hands a frame (no FCS) to its port's cable at cycle now;
 * BH_ERR_FULL: no room now (the MAC retries) */
typedef BhStatus (*TileEthSendFn)(void *ctx, const uint8_t *frame, uint32_t len, uint64_t now);
#define TILE_ZONE_DEPTH 16 /* deeper zones are reported once and not shown */

typedef struct TensixTile {
    /* what every step reads first and together, then the small core slots; the large state
     * (L1, the map, the cores' RAM) after them */
    TensixCore *core;   /* coprocessor, NULL unless enabled at init */
    uint64_t last_busy; /* the last cycle stepped */
    uint64_t now;       /* the cycle being stepped (the cores' bus performs accesses at it) */
    uint8_t cores_enabled;
    uint8_t kind;           /* TileKind: a Tensix tile, or an Ethernet tile (E0, E1, no
                               coprocessor, eth_tile_map.def) */
    uint8_t chip_id, chips; /* SIM_CHIP_ID: this chip of system.chips (0 of 1 unless set) */
    uint8_t cores_kick;     /* a core was released during the step: step again next cycle */
    uint8_t failed;         /* a core stopped on a guest error: the run stops */
    uint8_t poll_dirty;     /* bits 1 << TileWatch: a core wrote what sleepers may poll */
    uint32_t niu_sleepers;  /* cores sleeping on an NIU register */
    uint32_t l1_sleepers;   /* ... on an L1 word */
    uint32_t idle_poll;     /* L1 word whose sleeping pollers are idle, not stuck (firmware
                               waiting for a launch); UINT32_MAX: none */
    uint64_t l1_gen_seen;   /* l1.write_gen when they were last re-checked */
    uint64_t l1_watch_seen; /* l1.watch_gen then (a write on a word L1 watches for the tile) */
    uint64_t niu_vis;       /* first cycle a core's load sees an NIU change (BH_IDLE: none) */
    uint64_t noc_reg_vis;   /* ... a NoC write to a tile register (BH_IDLE: none) */
    uint64_t cores_ran_at;  /* the cycle whose cores have run (an NIU change after it is seen
                               the next cycle) */
    uint64_t horizon;       /* the cores do not run at or past it (the run's end; BH_IDLE) */
    TileL1DoneFn done;      /* L1 completions of clients outside the tile module */
    void *done_ctx;
    TileCoreSlot cores[TILE_CORES];
    L1 l1;
    TileMap map;
    uint32_t regs[TILE_NUM_REGS]; /* index TILE_R_* */
    Mailboxes mbox;               /* between B, T0, T1, T2 */
    BhLogContext *log;            /* the chip's; the L1, mailboxes and coprocessor log there */
    Overlay overlay;              /* the NoC overlay's stream registers */
    Pic pic;                      /* the PIC's IRQ registers */
    TileNiuFn niu;
    void *niu_ctx;
    TileEthFn eth; /* an Ethernet tile's MAC registers; NULL: not modeled */
    void *eth_ctx;
    const char *eth_why;    /* the MAC's reason for its last refusal */
    EthMac *mac;            /* an Ethernet tile's MAC (eth_tile.c), stepped with the tile */
    TileEthSendFn eth_send; /* its port's cable; NULL: no cable, frames are lost */
    void *eth_send_ctx;
    uint64_t eth_now;            /* the cycle a received frame is handled at */
    uint64_t eth_frames_no_link; /* frames sent from a port with no cable */
    TileZoneFn zone;             /* NULL: nobody observes zones (their depth is still checked) */
    void *zone_ctx;
    uint16_t zone_depth[TILE_CORES];     /* zones open, shown or not */
    uint32_t l1_path_cycles;             /* the cores' riscv.l1_path_cycles */
    uint32_t lat_cycles[TILE_LATENCIES]; /* a core's load-to-use by class (set_latencies) */
    char name[32];                       /* for messages, e.g. "tile (1,2)" */
    char error[384];
    uint8_t core_ram[TILE_CORES][TILE_LOCAL_RAM_MAX]; /* each core's private data RAM */
} TensixTile;

typedef struct TileAccess {
    BhStatus status;
    uint32_t offset;     /* from the region's base */
    uint8_t region;      /* TILE_RG_*, TILE_RG_NONE if unmapped */
    uint8_t latency;     /* TileLatency */
    uint8_t niu;         /* 1 + NoC: the caller performs the access at that NIU */
    uint8_t wake;        /* the coprocessor was reached: step the tile this cycle */
    uint8_t width_error; /* the region does not take this size (BH_ERR_WIDTH) */
} TileAccess;

/* The control/debug register at byte offset off (tile_regs.def): one 32-bit word; debug reads
 * latch nothing. An offset of tile_regs_ignored.def takes a write and drops it, and reads its
 * fixed value. BH_ERR_ADDR where neither table has the offset, BH_ERR_ACCESS for a write to a
 * read-only one.
 * The debug-register region's device (tensix_tile_regions.c) calls it. */
BhStatus tensix_tile_reg_access(TensixTile *t, uint32_t off, int write, uint32_t *val, uint64_t now,
                                int debug);
const char *tile_reg_name(uint32_t reg);
/* 1 if the control/debug offset off is a row of tile_regs_ignored.def */
int tile_reg_is_ignored(uint32_t off);
/* A core's write of `val` to SIM_ZONE at now: opens or closes a zone (TileZoneFn); a close with
 * no zone open, or an open past TILE_ZONE_DEPTH, is the guest's error, logged (an open past the
 * depth is counted, not shown). */
void tensix_tile_zone_mark(TensixTile *t, uint32_t core, uint32_t val, uint64_t now);
uint32_t tile_reg_offset(uint32_t reg);
uint32_t tile_reg_reset_value(uint32_t reg);

/* The tile's L1 per cfg, the map checked, registers at reset, core RAMs zeroed. `done` gets the
 * L1 completions of clients outside the tile (NoC, ...). Its blocks log to `log` (the chip's).
 * Reason in why on failure. */
BhStatus tensix_tile_init(TensixTile *t, const L1Config *cfg, TileL1DoneFn done, void *done_ctx,
                          BhLogContext *log, char *why, size_t why_len);
/* The same for a tile of `kind`. An Ethernet tile (TILE_KIND_ETH): eth_tile_map.def's map (cfg
 * gives its L1, whose size must be the map's 512 KiB), RISCV E0 in the BRISC slot and E1 in the
 * NCRISC slot, the TRISC slots always held, no coprocessor (enable_coprocessor refuses). E0 is
 * held by SOFT_RESET_0 bit 11 and E1 by any of bits 12-14 and 18 (tt-metal writes 0x47000 to
 * hold E1 alone: tt_metal/lite_fabric ConnectedRisc1Interface); they start at ETH_RESET_PC0 and
 * ETH_RESET_PC1 (0xFFB1_4000, 0xFFB1_4008: tt-metal blackhole dev_mem_map.h AERISC_RESET_PC,
 * SUBORDINATE_AERISC_RESET_PC). */
BhStatus tensix_tile_init_kind(TensixTile *t, TileKind kind, const L1Config *cfg, TileL1DoneFn done,
                               void *done_ctx, BhLogContext *log, char *why, size_t why_len);
/* At elaboration, on an Ethernet tile: its MAC (eth_mac.h) with cfg, answering the TX/RX queue
 * and header-table registers, reading and writing L1 (functional: the MAC's L1 traffic takes no
 * port, docs/ethernet.md) and performing received MMIO writes as the NoC would; stepped by
 * tensix_tile_step. Its frames go to send (NULL: the port has no cable; they are counted in
 * eth_frames_no_link and lost). BH_ERR_CONFIG: not an Ethernet tile, or cfg is bad (why). */
BhStatus tensix_tile_attach_mac(TensixTile *t, const EthMacConfig *cfg, TileEthSendFn send,
                                void *send_ctx, char *why, size_t why_len);
/* A frame the cable delivered to this Ethernet tile's MAC at cycle now, handled at once (its
 * L1 writes wake cores polling L1; the owner steps the tile). */
BhStatus tensix_tile_eth_receive(TensixTile *t, const uint8_t *frame, uint32_t len, uint64_t now);
/* a core's name on this tile: "brisc".. on a Tensix tile, "e0", "e1" on an Ethernet tile */
const char *tensix_tile_core_name(const TensixTile *t, uint32_t core);
/* the SOFT_RESET_0 bits that hold `core` of this tile (0: the slot has no core) */
uint32_t tensix_tile_core_reset_mask(const TensixTile *t, uint32_t core);
/* At elaboration only: creates the coprocessor (its Mover, ThCon, unpackers and packer become
 * clients of this L1) with cfg's unit timing. deadlock_cycles as TensixCore's. */
BhStatus tensix_tile_enable_coprocessor(TensixTile *t, const TensixCoreConfig *cfg,
                                        uint64_t deadlock_cycles);
void tensix_tile_destroy(TensixTile *t);
void tensix_tile_reset_regs(TensixTile *t);
TileAccess tensix_tile_access(TensixTile *t, uint32_t who, uint64_t addr, uint32_t len, int write,
                              void *data, uint64_t now);
/* the same once the caller has decoded addr to (region, offset) with tile_map_lookup */
TileAccess tensix_tile_access_region(TensixTile *t, uint32_t who, uint32_t region, uint32_t offset,
                                     uint32_t len, int write, void *data, uint64_t now);
BhStatus tensix_tile_debug(TensixTile *t, uint32_t who, uint64_t addr, uint32_t len, int write,
                           void *data, uint64_t now);
/* A NoC access of len bytes at addr past L1 (the NoC header above): status, and wake = 1 if a
 * core asleep on a register may see the write (the owner must step the tile); niu = 1 + NoC if
 * it reached an NIU's registers, which the caller answers. */
/* the reason a register of region's target (TILE_T_OVERLAY, TILE_T_PIC) refused its last access;
 * NULL for other targets */
const char *tensix_tile_reg_why(const TensixTile *t, uint32_t target);
/* 1 for the targets the tile answers as 32-bit registers: control/debug, overlay, PIC */
int tensix_tile_is_register(uint32_t target);
TileAccess tensix_tile_noc_access(TensixTile *t, uint64_t addr, uint32_t len, int write, void *data,
                                  uint64_t now);
uint64_t tensix_tile_step(TensixTile *t, uint64_t now);
/* Starts loading the state a step of t reads first (no effect on the model): the scheduler
 * calls it for the next tile while it steps this one, so the misses of stepping a hundred tiles
 * one after the other overlap instead of following each other. */
void tensix_tile_prefetch(const TensixTile *t);
/* From the registers, for the cores (next issue): `core` held in reset by SOFT_RESET_0, and the
 * PC it starts at (TILE_CORE_TABLE's, or its RESET_PC register if its override bit is set). */
int tensix_tile_core_in_reset(const TensixTile *t, uint32_t core);
uint32_t tensix_tile_core_start_pc(const TensixTile *t, uint32_t core);

/* The five baby RISC-V cores (tensix_tile_cores.c). At elaboration: creates them with cfg's
 * timing, each held in reset as SOFT_RESET_0 says; niu performs their NIU register accesses.
 * From then on SOFT_RESET_0 (written by anyone) holds and releases them, and tensix_tile_step
 * runs them. */
BhStatus tensix_tile_enable_cores(TensixTile *t, const RvConfig *cfg, TileNiuFn niu, void *niu_ctx,
                                  char *why, size_t why_len);
void tensix_tile_destroy_cores(TensixTile *t);
/* the register classes' load-to-use cycles (defaults: tile_latency_config_default) */
void tensix_tile_set_latencies(TensixTile *t, const TileLatencyConfig *c);
void tensix_tile_reset_changed(TensixTile *t, uint32_t old, uint64_t now);
/* every core that has been released is stopped (ebreak or error) or held again */
int tensix_tile_cores_idle(const TensixTile *t);
/* core's TileCoreState at the tile's current cycle (t->now); TILE_CORE_HELD without cores */
TileCoreState tensix_tile_core_state(const TensixTile *t, uint32_t core);
const char *tile_core_state_name(uint32_t state); /* "held", ...; "?" out of range */
uint32_t tile_core_reset_bit(uint32_t core);      /* its SOFT_RESET_0 bit */
uint32_t tile_core_ram_bytes(uint32_t core);      /* its local data RAM */
/* inside tensix_tile_step */
uint64_t tensix_tile_step_cores(TensixTile *t, uint64_t now);
uint64_t tensix_tile_wake_coproc_waiters(TensixTile *t, uint64_t now);
typedef enum TileWait { TILE_WAIT_COPROC, TILE_WAIT_MAILBOX } TileWait;
uint64_t tensix_tile_wake_waiters(TensixTile *t, TileWait what, uint64_t now);
int tensix_tile_owns_l1_client(uint32_t client);
/* an NIU register of this tile changed at `now` (the NoC model's watch; the shell calls it);
 * returns 1 if the tile must step this cycle (a core sleeps on it) */
int tensix_tile_niu_changed(TensixTile *t, uint64_t now);
/* the NoC wrote `region` of this tile at `now` (before the tile's step of that cycle): a
 * SOFT_RESET_0 write may have released cores, and cores asleep on a poll of a tile register
 * re-read it; returns 1 if the tile must step this cycle */
int tensix_tile_noc_wrote(TensixTile *t, uint32_t region, uint64_t now);
/* 1: every released, unfinished core waits for something only another agent could change and
 * the tile's coprocessor and L1 are idle (what each waits for in what, if not NULL); 0: no
 * core waits (all finished or held, or asleep on the idle_poll word); -1: something on the
 * tile runs */
int tensix_tile_cores_stuck(const TensixTile *t, char *what, size_t len);
/* Cores released once that are held in reset again before they stopped (ebreak or a guest
 * error): at the end of a run nothing can release them, so their program never finished.
 * Describes them into what; returns how many. */
int tensix_tile_cores_held_unfinished(const TensixTile *t, char *what, size_t len);
/* the end of a run: sleeping cores account the iterations they would have run until end */
void tensix_tile_settle_cores(TensixTile *t, uint64_t end);
/* Brings every core's RvCore up to date (refused push retries it owes, tensix_tile_cores.c);
 * before reading the cores' state or statistics from outside the tile's step. */
void tensix_tile_sync_cores(TensixTile *t);
uint64_t tensix_tile_core_l1_done(TensixTile *t, const L1Done *d, uint64_t now);

#ifdef __cplusplus
}
#endif
#endif
