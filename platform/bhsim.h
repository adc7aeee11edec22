/* platform/bhsim.h - bhsim as a library: the C API of the platform.
 *
 * A BhChip is one Blackhole chip (or generic network) built from a configuration, with its own
 * SystemC simulation context and its own log, so several chips live in one process without
 * sharing time, state or messages. A host program (C or C++) creates a chip, moves bytes in and
 * out of any tile's memory by backdoor (no simulated time), issues timed accesses from a tile's
 * NIU, advances the chip, and reads its report. bhsim's command line (sc_main.c) is the first
 * client: it creates a chip, runs its configured workload (bh_chip_run) and writes the outputs.
 *
 * Time: every chip counts AICLK cycles from 0. bh_chip_advance runs the chip's own simulation
 * for N cycles, with the same watchdogs as a run (NoC deadlock, cores stalled on NIU state that
 * nothing can change); another chip does not move meanwhile.
 * Threads: a chip must be used by one thread at a time; different chips from different threads
 * is not supported (the SystemC kernel keeps one current context per process).
 * Errors: no call exits or aborts the caller, and no C++ exception leaves one. A NULL chip is
 * refused: a status is BH_CHIP_ERR_CONFIG, a count or time 0, a pointer NULL, a done test -1,
 * bh_chip_error and bh_chip_refusal a message saying so; a void call does nothing. A NULL
 * buffer with a non-zero length is BH_CHIP_ERR_CONFIG (nothing moves); any other pointer the
 * description does not allow to be NULL is refused the same way. An exception inside bhsim
 * (out of memory, a SystemC error, a bhsim bug) stops the chip as a watchdog does: the call
 * answers BH_CHIP_ERR_SIM (or its neutral value), bh_chip_error says "<function>: internal
 * error: <what>", the chip's log has it at level 3, and every later call that would advance
 * the chip answers BH_CHIP_ERR_SIM; the chip can still be read (report, backdoor) and freed. An
 * internal consistency check that fails (a bhsim bug in the C models) still aborts, with a message.
 * Linking: libbhsim.so (installed: pkg-config bhsim, or CMake's find_package(bhsim) and the
 * target bhsim::bhsim; docs/api.md), or the static bh_platform with SystemC inside the build;
 * a program without sc_main gets a weak one that says to use this API. */
#ifndef BH_BHSIM_H
#define BH_BHSIM_H
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

typedef struct BhChip BhChip;

typedef enum BhChipStatus {
    BH_CHIP_OK = 0,
    BH_CHIP_ERR_CONFIG,  /* bad configuration or argument; the message names it */
    BH_CHIP_ERR_SIM,     /* the simulation failed (deadlock, stall, ...): see bh_chip_error */
    BH_CHIP_ERR_ADDRESS, /* no such tile, no memory there, or outside it */
    BH_CHIP_ERR_BUSY,    /* the NIU cannot take the request now: advance and retry */
    BH_CHIP_ERR_OUTPUT,  /* an output file could not be written */
} BhChipStatus;

/* Where the chip's messages go: level 0 info, 1 guest error, 2 not modeled, 3 error. NULL
 * sink: stderr. */
typedef void (*BhChipLogFn)(void *ctx, int level, const char *msg);

typedef struct BhChipOptions {
    const char *config;      /* product (p150b, p150a, p100a, mesh8, ...) or a JSON file path */
    const char *const *sets; /* "key=value" overrides, in order, after the file */
    int nsets;
    BhChipLogFn log;
    void *log_ctx;
    int quiet;                /* no progress line or info messages on stderr */
    const char *const *dumps; /* extra output.dump_l1 entries "X,Y:ADDR:LEN:FILE" (--dump-l1) */
    int ndumps;
    /* NULL, or a flag a signal handler sets to the signal's number: once it is non-zero, a run
     * or an advance stops at its next slice (within a few thousand cycles) as a failure of kind
     * "interrupted" (BH_CHIP_ERR_SIM), and the chip's outputs can still be written. */
    const volatile sig_atomic_t *stop_signal;
    /* 1: a host outside the simulation drives the chip (libbhsim's libttsim API) and may still
     * change what the chip waits for. A stall (cores waiting on what nothing on the chip can
     * change) and a Tensix tile's guest error (its cores stop) are then notices, logged and
     * kept in bh_chip_notice, and the chip goes on advancing (a call waiting for an access,
     * such as bh_chip_pci_read, then answers BH_CHIP_ERR_BUSY: the access cannot complete);
     * a NoC deadlock or a bhsim error still stops it. 0: both stop the chip (BH_CHIP_ERR_SIM), as a
     * run from the CLI ends. */
    int host_driven;
} BhChipOptions;

/* A chip as the configuration describes it, workload included (workload.name=none for a
 * chip that only a host program drives), in *out. On failure *out is NULL and err says why,
 * starting with "config: " or "output: " (BH_CHIP_ERR_CONFIG: a bad key or value, an output
 * path that cannot be written) or "elaboration failed: " (BH_CHIP_ERR_SIM). */
BhChipStatus bh_chip_create(const BhChipOptions *opts, BhChip **out, char *err, size_t err_len);
void bh_chip_free(BhChip *chip); /* NULL: nothing */

uint64_t bh_chip_now(const BhChip *chip); /* AICLK cycles simulated */
uint32_t bh_chip_width(const BhChip *chip);
uint32_t bh_chip_height(const BhChip *chip);
/* the tile kind at NoC0 (x, y): "tensix", "dram", "pcie", ... or NULL outside the grid */
const char *bh_chip_tile_kind(const BhChip *chip, uint32_t x, uint32_t y);

/* The tile's number within its kind at NoC0 (x, y): a DRAM endpoint's GDDR6 controller (and
 * in *port, if not NULL, which of its endpoints, 0..2), a Tensix tile's n of Tn, ...; -1
 * outside the grid, for a disabled (harvested) tile or a kind without numbers. */
int bh_chip_tile_index(const BhChip *chip, uint32_t x, uint32_t y, int *port);

/* Advances `cycles` AICLK cycles. BH_CHIP_ERR_SIM if a watchdog stops the chip;
 * BH_CHIP_ERR_CONFIG (bh_chip_refusal says why) for a count past the last cycle the simulation
 * can represent (about 2.5e13 at 1.35 GHz). An idle chip (every block idle) goes to the end
 * in one step, however far it is, instead of in slices that look at the watchdogs. */
BhChipStatus bh_chip_advance(BhChip *chip, uint64_t cycles);
/* Advances until nothing is left to do: every network empty, the workload (if any) and every
 * registered block idle; at most max_cycles. *cycles (if not NULL) says how many it took.
 * BH_CHIP_ERR_SIM if a watchdog stops the chip or the chip is still busy after max_cycles (the
 * error names what is busy). */
BhChipStatus bh_chip_advance_until_idle(BhChip *chip, uint64_t max_cycles, uint64_t *cycles);
/* Runs the configured workload to its end exactly as bhsim's command line does: injection for
 * sim.cycles, then drain, with every watchdog. */
BhChipStatus bh_chip_run(BhChip *chip);
/* The error that stopped the chip, "" if none; never NULL. */
const char *bh_chip_error(const BhChip *chip);
/* A host-driven chip's latest notice (BhChipOptions.host_driven): "stall at cycle N: ..." or
 * "tensix at cycle N: ..."; "" if none. *cycle (may be NULL) gets its cycle. */
const char *bh_chip_notice(const BhChip *chip, uint64_t *cycle);
/* Why the last call that refused an access without stopping the chip (BH_CHIP_ERR_ADDRESS or
 * BH_CHIP_ERR_CONFIG from bh_chip_pci_write / bh_chip_pci_read) refused it; "" if the last
 * such call succeeded. */
const char *bh_chip_refusal(const BhChip *chip);

/* Several chips (system.chips, docs/ethernet.md): how many the simulation has, and which one
 * the backdoor (bh_chip_mem_*) and the host's PCIe functions (bh_chip_pci_*) act on from now
 * on (0 at creation; each chip has its own host link). Advancing advances them all; NoC
 * accesses, cores, symbols and the outputs are chip 0's. BH_CHIP_ERR_CONFIG: no such chip. */
uint32_t bh_chip_count(const BhChip *chip);
BhChipStatus bh_chip_select(BhChip *chip, uint32_t chip_id);

/* Backdoor access to the memory of the tile at NoC0 (x, y) (its L1, or its DRAM controller's
 * store for a DRAM endpoint): no time passes, nothing is counted. All or nothing: a range the
 * memory does not hold whole (past L1's end, across two regions of a Tensix tile's map) is
 * BH_CHIP_ERR_ADDRESS before any byte moves. A Tensix tile's NIU registers are read through the
 * NoC model, whole aligned words only, and cannot be written this way (a write could issue a
 * command): BH_CHIP_ERR_ADDRESS. */
BhChipStatus bh_chip_mem_write(BhChip *chip, uint32_t x, uint32_t y, uint64_t addr,
                               const void *data, uint64_t len);
BhChipStatus bh_chip_mem_read(BhChip *chip, uint32_t x, uint32_t y, uint64_t addr, void *data,
                              uint64_t len);

/* A timed NoC read issued by the NIU of tile (x, y) on NoC `noc` through its request port, as a
 * hardware master's would: `len` bytes at src_addr of tile (src_x, src_y) (NoC0 coordinates)
 * land at dst_addr of tile (x, y). It counts on transaction ID 15 of that NIU. *id names the
 * access for bh_chip_access_done (id may be NULL: not followed). BH_CHIP_ERR_BUSY: the NIU has no
 * free request record; advance and retry. BH_CHIP_ERR_ADDRESS: no such tile; BH_CHIP_ERR_CONFIG: no
 * such NoC or a malformed request (zero length, ...), which the chip also logs as a guest error. */
BhChipStatus bh_chip_noc_read(BhChip *chip, uint32_t noc, uint32_t x, uint32_t y, uint32_t src_x,
                              uint32_t src_y, uint64_t src_addr, uint64_t dst_addr, uint32_t len,
                              uint64_t *id);
/* 1 once access `id` has completed (its last byte landed), with the cycle it was issued and the
 * cycle it completed; 0 while in flight; -1 for an unknown id. */
int bh_chip_access_done(const BhChip *chip, uint64_t id, uint64_t *issued, uint64_t *completed);
/* Advances until access `id` has completed, at most max_cycles; BH_CHIP_ERR_SIM if a watchdog
 * stops the chip or the access is still in flight after max_cycles (the error says so). */
BhChipStatus bh_chip_advance_until_done(BhChip *chip, uint64_t id, uint64_t max_cycles);

/* The report's measured window, for a host program: the NoC links' and the GDDR6
 * controllers' counters restart at bh_chip_window_begin and freeze at bh_chip_window_end,
 * and the report's rates divide them by `cycles` (0: the cycles from begin to end), e.g. a
 * program's launch to its last kernel's return, while the host's uploads and reads stay out.
 * Without them the window is the chip's whole time. A later begin starts a new window. */
void bh_chip_window_begin(BhChip *chip);
void bh_chip_window_end(BhChip *chip, uint64_t cycles);

/* The report as JSON text (what --report writes), valid until the next call on this chip;
 * NULL if it could not be built (bh_chip_error says why). */
const char *bh_chip_report(BhChip *chip);
/* Writes the outputs the configuration asks for (output.report, output.heatmap, output.vcd
 * and its views, output.dump_l1); err names the first that failed. */
BhChipStatus bh_chip_write_outputs(BhChip *chip, char *err, size_t err_len);
/* The console summary of the report, on stdout. */
void bh_chip_print_summary(BhChip *chip);
/* Messages the chip logged at `level` (0..3) */
uint64_t bh_chip_log_count(const BhChip *chip, int level);

/* The value of configuration key `key` (e.g. "workload.name", "noc.vc_buffer_flits") as text:
 * strings as they are, numbers and booleans as JSON writes them. BH_CHIP_ERR_CONFIG for a key
 * that does not exist or is NULL, or a NULL chip (buf then holds the message, cut to len), or
 * a buffer that is NULL or too small for the value. */
BhChipStatus bh_chip_param_text(const BhChip *chip, const char *key, char *buf, size_t len);
/* A top-level section `key` of the report (bh_chip_report, output.report) holding json_text,
 * replacing any earlier section of that key (a host program's "program" section). The report's
 * own sections cannot be replaced. BH_CHIP_ERR_CONFIG if json_text is not valid JSON or the
 * key is empty or the report's own (the reason in bh_chip_error is not set: nothing failed). */
BhChipStatus bh_chip_set_report_section(BhChip *chip, const char *key, const char *json_text);
/* A host program that gives up on the chip says why: the chip stops as a failed run would,
 * with bh_chip_error = message and the report's error object {kind, message, cycle: now}
 * (the host library's kinds: "deadline", a program not finished by the end of the run;
 * "livelock", one that made no progress for host.livelock_cycles). A chip that has
 * already stopped keeps its first error. BH_CHIP_ERR_CONFIG for a NULL or empty kind or
 * message. */
BhChipStatus bh_chip_fail(BhChip *chip, const char *kind, const char *message);
/* The function and object symbols of the RV32 ELF at elf_path, for the core `core_name`
 * (brisc, ncrisc, trisc0, trisc1, trisc2) of the Tensix tile at NoC0 (x, y): the chip's
 * stall, busy and error messages then name a PC inside them as "pc 0x... (symbol+0xoff)".
 * Several ELFs may be registered per core (firmware, then kernels); a later ELF whose symbols
 * overlap an earlier one's addresses replaces it (a kernel slot reloaded). BH_CHIP_ERR_ADDRESS:
 * no such Tensix tile; BH_CHIP_ERR_CONFIG: no such core, or the file is not a readable RV32
 * ELF. */
BhChipStatus bh_chip_add_symbols(BhChip *chip, uint32_t x, uint32_t y, const char *core_name,
                                 const char *elf_path);
/* What core `core_name` of the Tensix tile at NoC0 (x, y) is doing now, as a debugger would
 * say it: its state (held, running, waiting, poll_sleep, ebreak, error) and PC, named by the
 * symbols of bh_chip_add_symbols, e.g. "brisc running at pc 0x00020010 (kernel_main+0x10)",
 * "brisc poll_sleep at pc 0x00020010 (kernel_main+0x10), polling 0x00080000 (still 0x0)".
 * BH_CHIP_ERR_ADDRESS: no such tile, or its cores are not modelled (not a riscv or host
 * workload); BH_CHIP_ERR_CONFIG: no such core, or buf NULL or len 0 (a longer text is cut to
 * len - 1 characters). */
BhChipStatus bh_chip_core_text(const BhChip *chip, uint32_t x, uint32_t y, const char *core_name,
                               char *buf, size_t len);
/* Cores asleep on a poll of L1 word `addr` (on any tile with cores) are idle firmware waiting
 * for work, not stuck: the stall watchdog does not count them and its message leaves them
 * out. UINT32_MAX: none (the default). */
void bh_chip_set_idle_poll(BhChip *chip, uint32_t addr);
/* Names what a core waits for while it sleeps polling a word, for the timeline
 * (output.timeline): fn(ctx, x, y, addr, name, len) writes a name for a poll of addr by a core
 * of the Tensix tile at NoC0 (x, y) ("cb_wait_front (CB 2)"), NUL-terminated in len bytes, and
 * returns 1; 0 keeps the chip's own name (the region polled, "poll L1 0x00016c40"). The host
 * library names its firmware's words. NULL: the chip's own names only. */
typedef int (*BhPollNamer)(void *ctx, uint32_t x, uint32_t y, uint32_t addr, char *name,
                           size_t len);
void bh_chip_set_poll_namer(BhChip *chip, BhPollNamer fn, void *ctx);
/* A span of the host's own activity on the timeline's host track (output.timeline): `name`
 * from from_ps to to_ps, simulated picoseconds (bh_chip_time_ps). Nothing without a timeline;
 * a span that ends before it begins is dropped. */
void bh_chip_host_span(BhChip *chip, const char *name, uint64_t from_ps, uint64_t to_ps);
/* 1 if workload.name `name` is run by a host program (host, eltwise, matmul, ...: every Tensix
 * tile has its cores, held in reset, and nothing runs until the host program starts it) */
int bh_workload_is_host(const char *name);

/* The host side of PCIe: the PCIe tile facing the host (pcie.tlb.instance) with its
 * configuration space, BARs and TLB windows, reached over the timed host link (pcie.link.*).
 * At creation the chip assigns the BARs as firmware would (BAR0 at 4 GiB, BAR2 at 4.5 GiB,
 * BAR4 at 32 GiB: read them from configuration space) and enables memory space. Generic
 * networks have no PCIe tile: these calls answer BH_CHIP_ERR_ADDRESS (reads 0xFFFFFFFF). */
/* NoC0 coordinates of the PCIe tile facing the host: kernels reach host memory through its
 * host windows (NoC address bit 60 and the host address, as tt-metal's NOC_XY_PCIE_ENCODING).
 * BH_CHIP_ERR_ADDRESS on a generic network. Either pointer may be NULL. */
BhChipStatus bh_chip_pcie_tile(const BhChip *chip, uint32_t *x, uint32_t *y);
uint32_t bh_chip_pci_config_read32(BhChip *chip, uint32_t offset);
BhChipStatus bh_chip_pci_config_write32(BhChip *chip, uint32_t offset, uint32_t value);
/* A host write of len bytes at host physical address paddr (a BAR's base + offset), posted as
 * a CPU's is: it returns once the link has taken it, advancing the chip while the link has
 * no room; its TLPs, and the NoC writes each becomes through a TLB window, complete as the
 * chip advances. The host CPU shapes them (pcie.host.*): write-combined TLPs of wc_bytes, one
 * every wc_gap_ps at most, after the stores of the writes before it. *id (may be NULL) names
 * it for bh_chip_pci_done. BH_CHIP_ERR_ADDRESS: not inside a BAR (bh_chip_error is not set:
 * nothing failed); what a TLP hits inside a BAR that is not modeled is the chip's guest error. */
BhChipStatus bh_chip_pci_write(BhChip *chip, uint64_t paddr, const void *data, uint32_t len,
                               uint64_t *id);
/* A host read of len bytes at paddr: uncacheable loads of pcie.host.load_bytes, one at a time,
 * each waiting for its data; advances the chip until the last completion reaches the host,
 * then copies the data to buf. */
BhChipStatus bh_chip_pci_read(BhChip *chip, uint64_t paddr, void *buf, uint32_t len);
/* 1 once host access `id` is done (a write's bytes landed at every NoC target), with the time
 * in picoseconds; 0 while in flight; -1 for an unknown id. */
int bh_chip_pci_done(const BhChip *chip, uint64_t id, uint64_t *done_ps);
/* Advances until host access `id` is done, at most max_cycles. */
BhChipStatus bh_chip_pci_wait(BhChip *chip, uint64_t id, uint64_t max_cycles);
/* The chip's time in picoseconds (AICLK cycles are its own clock's). */
uint64_t bh_chip_time_ps(const BhChip *chip);
/* The time of AICLK cycle `cycle`'s edge in picoseconds, by the clock's frequency segments (an
 * ARC message may change AICLK): per-second figures over cycles [a, b) divide by
 * bh_chip_cycle_ps(b) - bh_chip_cycle_ps(a). UINT64_MAX for a cycle past what 64 bits of
 * picoseconds hold (it saturates, never wraps). */
uint64_t bh_chip_cycle_ps(const BhChip *chip, uint64_t cycle);
/* Host memory, where the device's writes to the PCIe tile's host windows land and its reads
 * come from: the chip's own 64 GiB store (read and written by these calls, no time), or the
 * embedder's callbacks (libttsim's DMA callbacks) once set; a NULL callback is the chip's own
 * store again for that direction. The host_mem calls: BH_CHIP_ERR_ADDRESS outside the store or
 * on a generic network. */
typedef void (*BhHostMemRead)(void *ctx, uint64_t addr, void *dst, uint32_t len);
typedef void (*BhHostMemWrite)(void *ctx, uint64_t addr, const void *src, uint32_t len);
void bh_chip_set_host_memory(BhChip *chip, BhHostMemRead rd, BhHostMemWrite wr, void *ctx);
BhChipStatus bh_chip_host_mem_read(BhChip *chip, uint64_t addr, void *buf, uint64_t len);
BhChipStatus bh_chip_host_mem_write(BhChip *chip, uint64_t addr, const void *data, uint64_t len);
/* 1 when devices reach the chip's own store both ways (no callback set), so what the host_mem
 * calls write is what kernels read; 0 with an embedder's callback; -1 without a PCIe tile. */
int bh_chip_host_mem_own(const BhChip *chip);

#ifdef __cplusplus
}
#endif
#endif
