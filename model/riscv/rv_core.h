/* model/riscv/rv_core.h - one baby RISC-V core: an RV32 instruction-set simulator with the
 * Blackhole core's timing (docs/hardware.md#riscv; tt-isa-documentation
 * BlackholeA0/TensixTile/BabyRISCV/README.md and CSRs.md).
 *
 * ISA: RV32IM, Zicsr, Zaamo (amo*.w; no LR/SC), Zba, Zbb, Zbkb's pack/packh/brev8 (the
 *   Blackhole additions to Zbb), cycle/instret (+h) of Zicntr, `misa` = 0x40201123, `fence`
 *   and `ecall`/`ebreak`/`mret`, and `.ttinsn` (a 32-bit word whose low two bits are not 0b11:
 *   the Tensix instruction is the word rotated right by 2, pushed as a store of it to
 *   RV_TTINSN_ADDR). One table, rv_insn.def, drives decode, disassembly and the opcode-overlap
 *   test. F, Zfh and vector encodings are recognised and stop the core with RV_STOP_UNIMP
 *   naming the instruction; any other word is RV_STOP_ILLEGAL (a guest error, not a crash).
 *   `ebreak` stops with RV_STOP_EBREAK (the end of a test program); `ecall` with RV_STOP_ECALL;
 *   both first drain the store queue and wait for outstanding accesses, as a fence does.
 *   `mret` and `wfi` stop with RV_STOP_UNIMP (no interrupts are modeled, so there is nothing
 *   to return from or wait for); `fence.i` is a nop (no Zifencei: WH InstructionCache.md says
 *   hardware treats it as a nop). Misaligned loads, stores and atomics are RV_STOP_FAULT
 *   "misaligned" (behaviour NOT FOUND in the documents).
 *
 * Memory: the core sees memory through
 *   - fast regions (rv_core_map): host byte arrays the core reads and writes itself at a fixed
 *     load latency, without calling out (a core's private local RAM; a test harness's RAM);
 *     flagged RV_REGION_FETCH if instructions can be fetched from them (L1 on the tile);
 *   - the bus (RvBus.access) for everything else: every access to shared state (L1 data, MMIO)
 *     is performed by the bus at the global cycle it happens, so cores that run ahead of global
 *     time on private work still touch shared state in time order:
 *       RV_MEM_DONE     performed now; a load's value in *rdata; *latency its load latency
 *       RV_MEM_PENDING  accepted; a load's value comes later by rv_core_mem_done(tag, ...)
 *                       (the core marks rd pending and goes on with independent instructions)
 *                       and a store's slot frees by the same call
 *       RV_MEM_LATER    not before cycle *when: the core stops (RV_WAIT) with wake = *when;
 *                       the bus answers LATER whenever `at` is after the caller's global now
 *                       and for a FIFO that is full or empty (then *when = BH_IDLE: the owner
 *                       wakes the core with rv_core_wake when the FIFO changes)
 *       RV_MEM_FAULT    the core cannot see that address or width: RV_STOP_FAULT, bus's why
 *   Instruction fetch reads the bytes of the fetch region directly (functional), while the
 *   timing of the L0 instruction cache is modelled by tags: a miss is a bus access of kind
 *   RV_ACC_FETCH for one line.
 *
 * Time: the core keeps its own cycle (core->cycle). rv_core_run(core, until) executes
 *   instructions while core->cycle < until and nothing stops it, and returns why it stopped
 *   (RvRun) and the cycle it wants to run again (BH_IDLE: only an external event, mem_done or
 *   wake, can restart it). Timing rules (RV_PARAMS; figures from the README above):
 *   - in order, single issue: an instruction enters EX1 at max(cycle, ready[rs1], ready[rs2]);
 *     most take 1 cycle; mul results 2 cycles after issue (EX1 + EX2); div/rem occupy EX1
 *     2 cycles for a divisor of 0 or 1 or INT_MIN / -1, else max(6, 1 + significant bits of the
 *     dividend's magnitude), at most 33;
 *   - loads: the result is ready `latency` cycles after issue (2 for fast regions and L0 D-cache
 *     hits; the bus's figure or completion otherwise). Bus accesses are made at the issue
 *     cycle; a DONE *latency and a PENDING completion's `at` are load-to-use: the consumer
 *     issues at issue + *latency, or at `at` (+0), so the platform includes the core-side path
 *     in them (an uncontended L1 load totals the documented 8); at most loads_in_flight bus
 *     loads are in flight, a credit freeing the cycle before its data is usable, so sustained
 *     independent L1 loads run 4 per 7 cycles and dependent ones 1 per 8 (WH L1.md);
 *   - branches: a mispredict costs mispredict_cycles (4) of bubble; prediction per
 *     RvBranchPredictor (Blackhole's predictor is NOT FOUND in the documents: see rv_core.c);
 *   - L0 I-cache: icache_bytes in lines of icache_line_bytes; a miss stalls the frontend until
 *     the line's fetch completes;
 *   - L0 D-cache: 4 lines x 16 B, write-through, not coherent (a hit returns the line's copy, so
 *     a stale read after another agent's write happens as on silicon), flushed by fence and
 *     atomics; disabled by cfg0 bit 3 (DisLowCash) or by dcache_enable = 0;
 *   - store queue: stores to L1 (RV_REGION_L1 addresses given by rv_core_set_l1) coalesce into
 *     16-B blocks when adjacent as documented, then drain to the bus as one write with a byte
 *     mask; a load overlapping a queued store drains the queue first; fence waits for it.
 *
 * Stops: RV_STOP_* with stop_pc, stop_insn and a message in why (the platform adds tile, core
 *   and cycle). A stopped core stays stopped until rv_core_reset.
 * Not modeled: interrupts (the PIC), F/Zfh/V execution, the 0.8% periodic L0 D-cache flush
 *   (off, as cfg0.DisLowCachePeriodicFlush = 1 would make it), .ttinsn fusing (one push per
 *   cycle), cfg0 bits other than DisLowCash and DisBp, HPM counters 3/4 (read 0).
 */
#ifndef BH_RV_CORE_H
#define BH_RV_CORE_H
#include <stddef.h>
#include <stdint.h>
#include "model/common/bh_common.h"
#include "model/common/bh_stats.h"
#ifdef __cplusplus
extern "C" {
#endif

#define RV_MISA 0x40201123u
#define RV_MSTATUS 0x80006600u
#define RV_TTINSN_ADDR 0xFFE40000u /* INSTRN_BUF_BASE: where .ttinsn pushes */
#define RV_REGIONS_MAX 4
#define RV_LOADS_MAX 8 /* outstanding loads and stores (the 8-entry retire queue) */
#define RV_ICACHE_LINES_MAX 512
#define RV_DCACHE_LINES 4
#define RV_DCACHE_LINE_BYTES 16
#define RV_SQ_MAX 4 /* store queue entries of 16 B */

/* Timing parameters: name, default, min, max, meaning. The platform makes each the key
 * "riscv.<name>" (BH_PARAM_BLOCK). */
#define RV_PARAMS(X)                                                                               \
    X(mispredict_cycles, 4, 0, 64, "bubble after a mispredicted branch (BH BabyRISCV README)")     \
    X(mul_latency_cycles, 2, 1, 16, "issue to result of mul/mulh* (EX1 + EX2)")                    \
    X(local_load_cycles, 2, 1, 16, "load latency of local data RAM and L0 D-cache hits")           \
    X(branch_predictor, 1, 0, 2,                                                                   \
      "0: always not taken, 1: backward taken / forward not taken, 2: 2-bit counters per PC")      \
    X(icache_bytes, 4096, 0, 65536, "L0 instruction cache bytes (0: every fetch misses)")          \
    X(icache_line_bytes, 32, 4, 64, "bytes of an L0 instruction cache line, a power of two")       \
    X(dcache_enable, 1, 0, 1, "L0 data cache (4 lines of 16 B) on, as hardware resets cfg0")       \
    X(store_merge, 1, 0, 1, "the store queue coalesces adjacent stores into 16-B blocks")          \
    X(poll_sleep, 1, 0, 1,                                                                         \
      "a core spinning on a poll sleeps until what it polls changes (same results and cycle "      \
      "counts as 0, which executes every iteration)")                                              \
    X(poll_sleep_l1, 2, 0, 2,                                                                      \
      "poll sleep also for loops polling an L1 word (0 off, 1 on, 2 only in host workloads, "      \
      "whose idle firmware polls L1): approximate, since the skipped iterations' L1 reads no "     \
      "longer contend for L1, and a woken core resumes within one iteration of the write")         \
    X(loads_in_flight, 4, 1, RV_LOADS_MAX,                                                         \
      "loads to memory outside the core (L1, registers, mailboxes) in flight at once; a new one "  \
      "may issue the cycle before the oldest's data is usable, so loads of latency N sustain "     \
      "4 per N - 1 cycles (WH BabyRISCV README: 4 in aggregate; BH's does not say: kept)")         \
    X(l1_path_cycles, 2, 0, 64,                                                                    \
      "cycles a core's L1 read (load, atomic, I-cache line) spends outside L1, added to L1's "     \
      "completion: EX1 and the Load/Store Unit, the 2 cycles of the minimum load (BH BabyRISCV "   \
      "README); with l1.access_latency_cycles 6 an uncontended L1 load totals the documented 8 "   \
      "and an atomic 12")

typedef struct RvConfig {
#define RV_X_FIELD(name, def, lo, hi, doc) uint32_t name;
    RV_PARAMS(RV_X_FIELD)
#undef RV_X_FIELD
} RvConfig;

typedef enum RvAccKind {
    RV_ACC_LOAD,
    RV_ACC_STORE, /* data in wdata, bytes enabled by mask (bit i: byte i of [addr, addr+size)) */
    RV_ACC_AMO,   /* op in amo (RvAmo), operand in wdata[0..3]; returns the old word */
    RV_ACC_FETCH, /* one I-cache line (timing only: no data returned) */
    RV_ACC_CSR,   /* read of a custom status CSR (addr = CSR number): tt_cfg_qstatus/bstatus */
} RvAccKind;

typedef enum RvAmo {
    RV_AMO_SWAP,
    RV_AMO_ADD,
    RV_AMO_XOR,
    RV_AMO_AND,
    RV_AMO_OR,
    RV_AMO_MIN,
    RV_AMO_MAX,
    RV_AMO_MINU,
    RV_AMO_MAXU
} RvAmo;

typedef struct RvMemReq {
    uint32_t addr;
    uint32_t size; /* bytes: 1, 2, 4 (loads, AMOs, single stores), 16 (store-queue blocks, lines) */
    uint8_t kind;  /* RvAccKind */
    uint8_t amo;   /* RvAmo */
    uint16_t tag;  /* for PENDING: passed back in rv_core_mem_done */
    uint16_t mask; /* store byte enables */
    uint8_t wdata[16];
} RvMemReq;

typedef enum RvMemResult { RV_MEM_DONE, RV_MEM_PENDING, RV_MEM_LATER, RV_MEM_FAULT } RvMemResult;

typedef struct RvCore RvCore;
/* at: the core's cycle of the access. rdata: up to 16 bytes for a DONE load (little endian).
 * why: the reason for FAULT (NUL-terminated). */
typedef RvMemResult (*RvAccessFn)(void *ctx, RvCore *core, const RvMemReq *req, uint64_t at,
                                  uint8_t *rdata, uint32_t *latency, uint64_t *when, char *why,
                                  size_t why_len);

typedef struct RvRegion {
    uint32_t base, size;
    uint8_t *mem; /* host bytes (size), owned by the caller */
    uint8_t flags;
} RvRegion;
#define RV_REGION_READ 1u
#define RV_REGION_WRITE 2u
#define RV_REGION_FETCH 4u /* instructions come from here; data accesses still as flagged */

typedef enum RvStop {
    RV_RUNNING,
    RV_STOP_EBREAK,
    RV_STOP_ECALL,
    RV_STOP_ILLEGAL, /* not an instruction of any extension the model knows */
    RV_STOP_UNIMP,   /* a documented instruction the model does not implement (F, Zfh, V) */
    RV_STOP_FAULT,   /* bus FAULT, fetch outside the fetch region, misaligned access */
} RvStop;

typedef enum RvRun {
    RV_RUN_UNTIL,   /* reached `until` */
    RV_RUN_WAIT,    /* waits: for a cycle (LATER), a completion (PENDING) or a wake */
    RV_RUN_STOPPED, /* see core->stop */
    RV_RUN_POLL,    /* spins on a poll (rv_core_poll): the caller sleeps it or rejects it */
} RvRun;

/* A poll loop (poll_sleep): the core came back to the loop head `pc` with every register as on
 * its previous visit, and in between executed instructions whose only input from outside the
 * core was one bus load (addr, size) returning value, answered DONE: every further iteration
 * repeats the last one exactly (same instructions, same `period` cycles, the load `load_offset`
 * cycles after the head) until that load returns something else. With loads == 0 nothing from
 * outside enters the loop at all: it spins until reset. The core stands at the head, at the
 * cycle the next iteration would begin. */
typedef struct RvPoll {
    uint32_t pc, addr, size, value;
    uint32_t loads; /* 0 or 1 */
    uint64_t head_cycle, period, load_offset;
} RvPoll;

/* Stall cycles by cause: name, report name. */
#define RV_STALL_TABLE(X)                                                                          \
    X(FETCH, "fetch")                                                                              \
    X(LOAD, "load")                   /* L1 or the L0 D-cache, or what the bus did not name */     \
    X(LOAD_LOCAL, "load_local")       /* the core's own data RAM */                                \
    X(LOAD_REGISTER, "load_register") /* a register window (the bus names it) */                   \
    X(STORE_QUEUE, "store_queue")                                                                  \
    X(FIFO, "fifo")                                                                                \
    X(MAILBOX, "mailbox")                                                                          \
    X(MISPREDICT, "mispredict")                                                                    \
    X(MULDIV, "muldiv")

typedef enum RvStall {
#define RV_X_ENUM(name, str) RV_STALL_##name,
    RV_STALL_TABLE(RV_X_ENUM)
#undef RV_X_ENUM
        RV_STALLS
} RvStall;

/* A core's event counters (bh_stats.h): field, report key, kind, text. The report shows them
 * after instret, cycles, cpi and the stalls by cause. */
#define RV_CORE_STATS(X)                                                                           \
    X(loads, "loads", COUNT, "loads executed")                                                     \
    X(stores, "stores", COUNT, "stores executed")                                                  \
    X(icache_misses, "icache_misses", COUNT, "instruction fetches that went to the bus")           \
    X(dcache_hits, "dcache_hits", COUNT, "L1 loads served by the L0 D-cache")                      \
    X(dcache_misses, "dcache_misses", COUNT, "L1 loads that filled a D-cache line")                \
    X(mispredicts, "mispredicts", COUNT, "branches and jumps whose target was mispredicted")       \
    X(l1_bytes_read, "l1_bytes_read", BYTES, "bytes the core read from L1")                        \
    X(l1_bytes_written, "l1_bytes_written", BYTES, "bytes the core's stores wrote to L1")          \
    X(bus_accesses, "bus_accesses", COUNT, "accesses the tile's bus took (not a fast region)")     \
    X(poll_sleeps, "poll_sleeps", COUNT, "times the core slept on a poll instead of spinning")     \
    X(poll_skipped_iterations, "poll_skipped_iterations", COUNT,                                   \
      "poll iterations accounted while asleep, as if run")
extern const BhStatTable rv_core_stat_table;

typedef struct RvStats { /* uint64_t fields only: poll skipping adds them as an array */
    uint64_t instret, cycles_run, stall[RV_STALLS];
    BH_STAT_FIELDS(RV_CORE_STATS)
} RvStats;

/* The core's state is in rv_core_state.h (private to model/riscv, visible to its tests). */
typedef struct RvCoreState RvCoreState;

RvConfig rv_config_default(void);
BhStatus rv_config_check(const RvConfig *cfg, char *why, size_t why_len);
/* Fixed-size allocation at init (no allocation after). id: reported in messages. */
RvCore *rv_core_create(const RvConfig *cfg, uint32_t id, RvAccessFn access, void *access_ctx);
void rv_core_destroy(RvCore *c);
/* Fast regions, at most RV_REGIONS_MAX, not overlapping; flags RV_REGION_*. */
BhStatus rv_core_map(RvCore *c, const RvRegion *r);
/* [base, base+size): L1, where stores go through the store queue and loads through the
 * L0 D-cache; accesses to it are bus accesses unless a fast region covers them. */
void rv_core_set_l1(RvCore *c, uint32_t base, uint32_t size);
/* Registers 0, CSRs at reset, caches and queues empty, stats kept; pc = start_pc; cycle = now. */
void rv_core_reset(RvCore *c, uint32_t start_pc, uint64_t now);
RvRun rv_core_run(RvCore *c, uint64_t until, uint64_t *wake);
/* A PENDING access finished at cycle `at`: a load's or AMO's value in rdata (16 bytes). */
void rv_core_mem_done(RvCore *c, uint16_t tag, const uint8_t *rdata, uint64_t at);
/* What the core waited for (a FIFO, a LATER with BH_IDLE) may have changed: run it again at
 * `at` or later. */
void rv_core_wake(RvCore *c, uint64_t at);

/* A core woken (rv_core_wake) while it waits at a store the bus refused with LATER and no
 * cycle (a full coprocessor FIFO): the cycle at which rv_core_run(c, until) would offer that
 * store to the bus again, having done nothing else first (no operand stall, no store-queue
 * deadline, fetch and decode hits, a free LSU slot, the same instruction at pc); BH_IDLE if the
 * run would do anything else. Until the core runs, a completion reaches it or a cycle at or
 * after *valid_before, later wakes would find it the same way. A caller that knows the bus would
 * refuse the store again calls rv_core_refused instead of running the core. */
uint64_t rv_core_retry_at(const RvCore *c, uint64_t until, uint64_t *valid_before);
/* What such runs do when the bus refuses the store again, the last at cycle `at`: the core
 * resumes at `at` (the wait charged to its cause), offers the store and waits again, charged to
 * `cause`, until the next wake. */
void rv_core_refused(RvCore *c, uint32_t cause, uint64_t at);

/* From inside the bus callback only: the RvStall cause of waiting for this access (its load's
 * data, or the wait a LATER starts), e.g. RV_STALL_LOAD_REGISTER for a register window or
 * RV_STALL_MAILBOX; without it a load's data is RV_STALL_LOAD and a LATER RV_STALL_FIFO. */
void rv_core_set_stall_cause(RvCore *c, uint32_t cause);

/* After RV_RUN_POLL: the loop found. */
const RvPoll *rv_core_poll(const RvCore *c);
/* The core skips `iterations` iterations of the loop as if it had executed them (cycle,
 * instret, stall and access counters advance by that many iterations' worth). */
void rv_core_poll_skip(RvCore *c, uint64_t iterations);
/* The caller will not sleep this loop (it cannot watch what it polls): the core runs it
 * iteration by iteration and does not report it again until it leaves it. */
void rv_core_poll_reject(RvCore *c);

/* Inspection (tests, reports, VCD) */
uint32_t rv_core_reg(const RvCore *c, uint32_t r);
void rv_core_set_reg(RvCore *c, uint32_t r, uint32_t v);
uint32_t rv_core_pc(const RvCore *c);
uint64_t rv_core_cycle(const RvCore *c);
RvStop rv_core_stop(const RvCore *c);
/* 1 while the last rv_core_run ended in RV_RUN_WAIT and the core has not resumed: the
 * instruction at pc waits for a completion, a wake or a cycle (its own or later) */
int rv_core_waiting(const RvCore *c);
const char *rv_core_why(const RvCore *c); /* the stop's message, "" while running */
const RvStats *rv_core_stats(const RvCore *c);
const char *rv_stop_name(RvStop s);
const char *rv_stall_name(uint32_t s);

/* Disassembly of one word at pc into buf ("addi a0, a0, 1"); returns buf. */
const char *rv_disasm(uint32_t word, uint32_t pc, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
