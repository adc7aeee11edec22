/* model/dram/gddr6.h - one GDDR6 controller at command level: a Blackhole GDDR6 "bank" (4 GiB
 * behind a 32-bit interface, i.e. two independent 16-bit GDDR6 channels), reached from the
 * NoC through several endpoints ("ports"), each with its own request FIFO.
 *
 * Interface (exposed by the DRAM shell):
 *   gddr6_enqueue    a request (port, address, bytes, read/write, token) into that port's FIFO;
 *                    BH_ERR_FULL: the FIFO (or the request table) is full, retry later;
 *                    BH_ERR_ADDR: [addr, addr + bytes) leaves capacity_bytes. Only timing is
 *                    modeled here: the platform moves the data (sparse store) functionally.
 *   gddr6_take_done  finished requests, in completion order
 *   Gddr6CmdFn       optional hook told of every DRAM command (tracing)
 * Clock: every cycle count in this block is in tCK, the period of the command clock CK, and
 *   gddr6_step() runs in that clock. GDDR6 moves 8 data bits per pin per CK (CK at f, WCK at
 *   2f in QDR mode, data at 8f: Micron gddr6_sgram_8gb_brief.pdf Rev F, Figure 4 "Clocking
 *   and Interface Relationship"), so tCK = 8 / data rate: 16000 MT/s gives CK = 2 GHz,
 *   tCK = 500 ps (gddr6_clock_hz()). Blackhole's firmware derives its GDDR "memclk" as data
 *   rate / 16 = CK / 2 (docs/hardware.md#dram, ZEP gddr.c): a half-rate controller issuing up
 *   to two commands per memclk, which one command per tCK per channel models.
 * Access granularity: a column command (RD/WR) moves burst_length beats of bus_bits on one
 *   channel, 32 B with BL16 x16 (Micron brief Table 3: 256-bit prefetch per channel), and
 *   holds that channel's data bus burst_length / 8 tCK (2). A request of 1..GDDR6_MAX_REQ_BYTES
 *   bytes at any alignment is split into the 32-B bursts it covers; a partial burst is a
 *   masked write (GDDR6 WDM/WSM) with full-burst timing, never a read-modify-write.
 * Address map: the burst index (address / burst bytes) is cut into fields named by
 *   address_map, highest first: "ro-ba-co-bg-ch" (default) puts the channel in the lowest bit
 *   above the 32-B offset, then the bank group, the column, the bank, and the row on top, so a
 *   sequential stream alternates channels, rotates bank groups (tCCDS spacing) and stays in a
 *   row for 4 x 4 KiB per channel; "ro-ba-bg-co-ch" keeps consecutive bursts of a channel in
 *   one bank (tCCDL spacing); "ro-co-ba-bg-ch" spreads them over all 16 banks. Any order of
 *   the five fields is accepted; each field is log2 of its count wide (powers of two).
 * Timing: per channel, every command waits for all of: tRCD (tRCDWR for writes) after ACT,
 *   tRAS after ACT and tRTP after RD and CWL + burst + tWR after WR before PRE, tRP after PRE,
 *   tRC between ACTs of a bank, tRRDL/tRRDS between ACTs in the same / another bank group,
 *   at most four ACTs in any tFAW window, tCCDL/tCCDS between column commands of a kind in the
 *   same / another bank group, CWL + burst + tWTRL/tWTRS from WR to RD, tRFC after REF, and
 *   the data bus: a burst starts CL (CWL) after its RD (WR), never overlaps the previous burst,
 *   and leaves trtw_turn idle tCK after read data before write data and twtr_turn after write
 *   data before read data (so RD to WR is CL + burst + trtw_turn - CWL). One command per tCK
 *   per channel; the two channels share nothing but the queues.
 * Scheduling: each step moves up to intake_per_cycle bursts from the port FIFOs (round robin)
 *   into the read or write queue, then each channel issues at most one command, FR-FCFS over
 *   one queue: the oldest row hit whose RD/WR is legal now, else the oldest burst whose ACT
 *   (closed bank) or PRE (other row open, and no queued burst hits that row) is legal now.
 *   The queue is the read queue unless the write queue has reached write_high_watermark (then
 * writes drain until write_low_watermark, reads wait) or the channel has no queued reads. Open page
 * keeps rows open until a conflict or refresh; closed page adds an auto-precharge (RDA/WRA) to a
 *   column command when no other queued burst hits that row.
 * Refresh: all-bank REF per channel every trefi (the due time advances by trefi each time):
 *   once due, the channel issues nothing but PRE to its open banks, then REF when every bank
 *   is closed and past tRP and tRC; banks reopen tRFC after REF.
 * Completion: a read when its last burst's data has arrived (RD + CL + burst), a write when
 *   its last burst's data has been transferred to the device (WR + CWL + burst); the write
 *   recovery (tWR) that follows delays only the next PRE.
 * Not modeled: WCK2CK training and the rest of initialization, the PHY and controller pipeline
 *   latency (a request can ACT in the cycle it is enqueued), CRC/EDC and ECC, DBI, per-bank
 *   and per-2-bank refresh, postponed or pulled-in refreshes, temperature-dependent refresh
 *   rates, power-down and self refresh, pseudo-channel mode, read-after-write ordering or
 *   forwarding between the queues (data is functional at enqueue), a cap on row hits that can
 *   starve an older conflict. Blackhole's own controller parameters (queues, policies,
 *   timings) are not published (docs/hardware.md#dram), and JEDEC JESD250 leaves GDDR6 AC
 *   timings to vendor data sheets; the defaults come from the sources named beside each one.
 *   "Micron brief" is gddr6_sgram_8gb_brief.pdf Rev F (MT61K256M32, 8 Gb x16/x8), e.g.
 *   https://www.omo-ic.com/pdf/649409/mt61k256m32je-13-a-micron-technology/P7-P9.html.
 */
#ifndef BH_GDDR6_H
#define BH_GDDR6_H
#include <stddef.h>
#include <stdint.h>
#include "model/common/bh_common.h"
#include "model/common/bh_stats.h"
#ifdef __cplusplus
extern "C" {
#endif

#define GDDR6_BEATS_PER_CK 8 /* data beats per pin per tCK (Micron brief Figure 4) */
#define GDDR6_MAX_PORTS 4
#define GDDR6_MAX_CHANNELS 4
#define GDDR6_MAX_BANK_GROUPS 8
#define GDDR6_MAX_BANKS 32     /* per channel */
#define GDDR6_MAX_PORT_FIFO 64 /* requests per port FIFO */
#define GDDR6_MAX_QUEUE 256    /* bursts per read queue and per write queue */
#define GDDR6_MAX_REQS 1024    /* requests held at once: in FIFOs, in flight or not taken */
#define GDDR6_MAX_REQ_BYTES 65536
#define GDDR6_MAP_CHARS 32 /* address_map string, with its terminating NUL */
#define GDDR6_MAP_FIELDS 5
#define GDDR6_LAT_LINEAR 256 /* latency histogram: one bucket per cycle below this */
#define GDDR6_LAT_SUB 16     /* then 16 buckets per power of two (6.25 % resolution) */
#define GDDR6_LAT_BUCKETS (GDDR6_LAT_LINEAR + (64 - 8) * GDDR6_LAT_SUB)

typedef enum Gddr6PagePolicy { GDDR6_PAGE_OPEN, GDDR6_PAGE_CLOSED } Gddr6PagePolicy;

typedef enum Gddr6CmdKind {
    GDDR6_CMD_ACT,
    GDDR6_CMD_PRE,
    GDDR6_CMD_RD,
    GDDR6_CMD_WR,
    GDDR6_CMD_RDA, /* RD with auto-precharge (closed page) */
    GDDR6_CMD_WRA, /* WR with auto-precharge (closed page) */
    GDDR6_CMD_REF, /* all-bank refresh */
} Gddr6CmdKind;

/* Timing parameters, all in tCK. Columns: field; reference value in picoseconds, converted to
 * tCK at the configured data rate rounding up (0: the next column is a fixed tCK count);
 * fixed tCK count; accepted range; meaning. Unless noted the picosecond figures are the cycle
 * counts of preset GDDR6_2000_1350mV_double times that preset's tCK_ps = 570 (repository
 * CMU-SAFARI/ramulator2, src/dram/impl/GDDR6.cpp). Defaults at 16000 MT/s (tCK 500 ps) in [ ].
 */
#define GDDR6_TIMINGS(X)                                                                           \
    /* nCL 24 x 570 ps                                                            [28] */          \
    X(tcl, 13680, 0, 1, 255, "RD to first read data (read latency)")                               \
    /* nCWL 6 x 570 ps                                                             [7] */          \
    X(tcwl, 3420, 0, 1, 255, "WR to first write data (write latency)")                             \
    /* nRCDRD 26 x 570 ps                                                         [30] */          \
    X(trcd, 14820, 0, 1, 1023, "ACT to RD, same bank (tRCDRD)")                                    \
    /* nRCDWD 16 x 570 ps                                                         [19] */          \
    X(trcd_wr, 9120, 0, 1, 1023, "ACT to WR, same bank (tRCDWR)")                                  \
    /* nRP 26 x 570 ps                                                            [30] */          \
    X(trp, 14820, 0, 1, 1023, "PRE to ACT, same bank")                                             \
    /* nRAS 53 x 570 ps                                                           [61] */          \
    X(tras, 30210, 0, 1, 4095, "ACT to PRE, same bank")                                            \
    /* nRC 79 x 570 ps, raised to tras + trp if rounding leaves it short          [91] */          \
    X(trc, 45030, 0, 1, 4095, "ACT to ACT, same bank")                                             \
    /* one BL16 burst: ramulator2's quad-rate preset has nCCDS = nBL = 4               [2] */      \
    X(tccds, 0, 2, 1, 255, "RD to RD or WR to WR, another bank group")                             \
    /* 1.5 bursts: ramulator2's nCCDL 6 against nBL 4                                  [3] */      \
    X(tccdl, 0, 3, 1, 255, "RD to RD or WR to WR, same bank group")                                \
    /* nRRDS 5 x 570 ps, ramulator2's x16 table at its 2000 rate                   [6] */          \
    X(trrds, 2850, 0, 1, 1023, "ACT to ACT, another bank group")                                   \
    /* nRRDL 6 x 570 ps, same table                                                [7] */          \
    X(trrdl, 3420, 0, 1, 1023, "ACT to ACT, same bank group")                                      \
    /* nFAW 28 x 570 ps, same table                                               [32] */          \
    X(tfaw, 15960, 0, 1, 4095, "window holding at most four ACTs")                                 \
    /* nWR 26 x 570 ps                                                            [30] */          \
    X(twr, 14820, 0, 1, 1023, "end of write data to PRE, same bank (write recovery)")              \
    /* nWTRS 9 x 570 ps                                                           [11] */          \
    X(twtrs, 5130, 0, 1, 1023, "end of write data to RD, another bank group")                      \
    /* nWTRL 11 x 570 ps                                                          [13] */          \
    X(twtrl, 6270, 0, 1, 1023, "end of write data to RD, same bank group")                         \
    /* nRTP 4 x 570 ps                                                             [5] */          \
    X(trtp, 2280, 0, 1, 255, "RD to PRE, same bank")                                               \
    /* 32 ms / 16384 refreshes (Micron brief Table 3 "Refresh 16k/32ms"), rounded down so the  */  \
    /* interval is never exceeded                                               [3906] */          \
    X(trefi, 1953125, 0, 2, 1000000, "REF to REF, each channel")                                   \
    /* nRFC 210 x 570 ps                                                         [240] */          \
    X(trfc, 119700, 0, 1, 65535, "REF to ACT (all-bank refresh cycle)")                            \
    /* ramulator2 RD to WR = nCL + nBL + 3 - nCWL + 1: 4 x 570 ps past the read data [5] */        \
    X(trtw_turn, 2280, 0, 0, 255, "idle data bus between read data and write data")                \
    /* DRAMsim3 tRTRS = 1 at tCK 0.66 ns (hplp/DRAMsim3 configs/GDDR6_8Gb_x16.ini) [2] */          \
    X(twtr_turn, 660, 0, 0, 255, "idle data bus between write data and read data")

/* The controller's scalar parameters: name, default, min, max, meaning. This is their only
 * declaration as configuration: the platform makes each the key "dram.<name>" (platform/
 * params.def, BH_PARAM_BLOCK); gddr6_config_for_rate() takes the defaults from here and
 * gddr6_config_check() the ranges, then checks what one row cannot say (powers of two,
 * capacity, watermark order). Sources are on the fields of Gddr6Config. */
#define GDDR6_PARAMS(X)                                                                            \
    X(data_rate_mts, 16000, 1000, 32000,                                                           \
      "data rate per pin, MT/s; the command clock runs at a rate / 8 (16000: 2 GHz)")              \
    X(channels, 2, 1, GDDR6_MAX_CHANNELS,                                                          \
      "16-bit GDDR6 channels per controller (a 32-bit interface: 2)")                              \
    X(bus_bits, 16, 8, 64, "data bits per channel")                                                \
    X(bank_groups, 4, 1, GDDR6_MAX_BANK_GROUPS, "bank groups per channel")                         \
    X(banks_per_group, 4, 1, GDDR6_MAX_BANKS, "banks per bank group")                              \
    X(rows, 32768, 256, 1048576, "rows per bank")                                                  \
    X(page_bytes, 4096, 32, 65536, "row (page) size per channel, bytes")                           \
    X(burst_length, 16, 8, 32, "beats per column access (BL16: 32 B per x16 channel)")             \
    X(port_fifo_depth, 8, 1, GDDR6_MAX_PORT_FIFO,                                                  \
      "requests each NoC endpoint can queue into its controller")                                  \
    X(read_queue_depth, 64, 1, GDDR6_MAX_QUEUE, "read queue, bursts")                              \
    X(write_queue_depth, 64, 1, GDDR6_MAX_QUEUE, "write queue, bursts")                            \
    X(write_high_watermark, 48, 1, GDDR6_MAX_QUEUE,                                                \
      "write bursts queued that start a forced write drain")                                       \
    X(write_low_watermark, 16, 0, GDDR6_MAX_QUEUE - 1, "write bursts left when the drain stops")   \
    X(intake_per_cycle, 2, 1, 16, "bursts moved from the endpoint FIFOs into the queues per tCK")  \
    X(read_return_tck, 128, 0, 4096,                                                               \
      "tCK from a read's last data at the pins to its answer at the endpoint: the PHY's read "     \
      "path and the controller's return (DFI read latency, deserializer, reordering, the clock "   \
      "crossing to the NoC). Calibrated: not published; 128 (64 ns at 2 GHz) reproduces "          \
      "tt-metal's single 64-B DRAM read (perf_plots/blackhole/DRAM Interleaved Packet Sizes.md, "  \
      "Receiver, 1 transaction: 479 cycles); assumes the whole gap to an L1 read (368) beyond "    \
      "the GDDR6 timings is on the read's return, not on its way in (a write's, 392, is already "  \
      "within 6%)")

typedef struct Gddr6Config {
    uint32_t data_rate_mts;   /* MT/s per pin, 1000..32000 [16000: 16 GT/s, docs/hardware.md#dram];
                                 f(CK) = data rate / GDDR6_BEATS_PER_CK. Changing it alone
                                 keeps every timing below in tCK (their nanoseconds scale);
                                 gddr6_config_for_rate() keeps the nanoseconds instead */
    uint32_t bus_bits;        /* data bits per channel, 8/16/32/64 [16: x16 channel] */
    uint32_t channels;        /* per controller, power of two <= GDDR6_MAX_CHANNELS [2: 32-bit
                                 interface = two 16-bit channels, docs/hardware.md#dram] */
    uint32_t bank_groups;     /* per channel, power of two <= 8 [4: ramulator2 org presets] */
    uint32_t banks_per_group; /* power of two, bank_groups x this <= 32 [4: BA[3:0], Micron
                                 brief Table 3] */
    uint32_t rows;            /* per bank, power of two 256..2^20 [32768: R[14:0], ramulator2
                                 GDDR6_16Gb_x8 / GDDR6_32Gb_x16] */
    uint32_t page_bytes;      /* row size per channel, power of two, burst bytes..65536 [4096:
                                 two x8 devices in clamshell (Micron brief Figure 10) or one
                                 32 Gb x16, 2048 columns x 16 bit (ramulator2)] */
    uint32_t burst_length;    /* beats per column access, 8/16/32 [16: BL16] */
    uint64_t capacity_bytes;  /* must equal channels x bank groups x banks x rows x page
                                 [4 GiB: docs/hardware.md#dram] */
#define GDDR6_X_FIELD(name, ps, ck, lo, hi, doc) uint32_t name;
    GDDR6_TIMINGS(GDDR6_X_FIELD) /* tCK, see the table above */
#undef GDDR6_X_FIELD
    char address_map[GDDR6_MAP_CHARS]; /* fields ro, ba, bg, co, ch, highest first, joined by
                                          '-' ["ro-ba-co-bg-ch"] */
    uint32_t ports;                    /* NoC endpoints, 1..GDDR6_MAX_PORTS
                                          [3: docs/hardware.md#dram] */
    uint32_t port_fifo_depth;          /* requests per port FIFO, 1..GDDR6_MAX_PORT_FIFO [8] */
    uint32_t read_queue_depth;         /* bursts, 1..GDDR6_MAX_QUEUE [64] */
    uint32_t write_queue_depth;        /* bursts, 1..GDDR6_MAX_QUEUE [64] */
    uint32_t write_high_watermark; /* bursts: forced drain from here, <= write_queue_depth [48] */
    uint32_t write_low_watermark;  /* bursts: ... down to this many, < write_high_watermark [16] */
    uint32_t intake_per_cycle;     /* bursts moved from port FIFOs to the queues per tCK, 1..16
                                      [2] */
    uint32_t read_return_tck;      /* tCK from a read's data end to its completion [calibrated,
                                      see GDDR6_PARAMS] */
    uint32_t page_policy;          /* Gddr6PagePolicy [GDDR6_PAGE_OPEN] */
    uint32_t refresh;              /* 1: refresh every trefi, 0: never [1] */
} Gddr6Config;

typedef struct Gddr6Loc {
    uint32_t ch, bg, ba, row, col; /* col counts bursts within the row */
} Gddr6Loc;

typedef struct Gddr6Done {
    uint64_t token;      /* as given to gddr6_enqueue */
    uint64_t enq_cycle;  /* when it was enqueued */
    uint64_t done_cycle; /* when it finished (see Completion) */
    uint32_t bytes;
    uint8_t port;
    uint8_t is_write;
} Gddr6Done;

typedef struct Gddr6CmdRec {
    uint64_t cycle; /* when the command is on the command bus */
    uint64_t token; /* request served (RD/WR/ACT/PRE for a burst), 0 for REF */
    uint32_t row;   /* ACT, RD, WR */
    uint16_t col;   /* RD, WR */
    uint8_t kind;   /* Gddr6CmdKind */
    uint8_t ch, bg, ba;
} Gddr6CmdRec;
typedef void (*Gddr6CmdFn)(void *ctx, const Gddr6CmdRec *rec);

/* Internal state; read-only outside the block except through the functions below. */
typedef struct Gddr6Req {
    uint64_t addr, token;
    uint64_t enq;    /* enqueue cycle */
    uint64_t finish; /* latest data end of the bursts issued so far */
    uint64_t seq;    /* enqueue order, breaks completion ties */
    uint32_t bytes;
    uint32_t nbursts;   /* bursts the request covers */
    uint32_t moved;     /* bursts moved into a queue */
    uint32_t issued;    /* bursts whose RD/WR has issued */
    uint32_t next_free; /* free-list link */
    uint8_t port, is_write;
} Gddr6Req;

typedef struct Gddr6Burst {
    uint32_t req; /* Gddr6Req index */
    uint32_t row;
    uint16_t col;
    uint8_t ch, bg, bank; /* bank: index within the channel, bg x banks_per_group + ba */
    uint8_t classified;   /* counted as hit, miss or conflict already */
} Gddr6Burst;

typedef struct Gddr6Bank {
    uint8_t open;
    uint32_t row;
    uint64_t next_act, next_pre, next_rd, next_wr; /* earliest cycle of each command */
} Gddr6Bank;

typedef struct Gddr6Chan {
    Gddr6Bank bank[GDDR6_MAX_BANKS];
    uint64_t bg_next_act[GDDR6_MAX_BANK_GROUPS]; /* tRRDL */
    uint64_t bg_next_rd[GDDR6_MAX_BANK_GROUPS];  /* tCCDL, tWTRL */
    uint64_t bg_next_wr[GDDR6_MAX_BANK_GROUPS];  /* tCCDL */
    uint64_t next_act, next_rd, next_wr;         /* tRRDS; tCCDS, tWTRS; tCCDS */
    uint64_t faw[4];                             /* last four ACT cycles, ring */
    uint32_t faw_n, faw_pos;
    uint64_t bus_free;      /* end of the last data burst */
    uint8_t bus_dir;        /* 0 none yet, 1 read, 2 write */
    uint8_t open_banks;     /* traced */
    uint8_t refreshing;     /* refresh due, closing rows or refreshing (traced) */
    uint64_t last_cmd;      /* cycle of the last command, BH_IDLE if none */
    uint64_t refresh_due;   /* next refresh due cycle */
    uint64_t ref_end;       /* end of the last REF's tRFC */
    uint32_t rq_n, wq_n;    /* queued bursts for this channel */
    uint64_t quiet_until;   /* the last scan found no command legal before this cycle; it holds
                               until a burst joins this channel's queues or the write drain
                               toggles (0: scan) */
    uint8_t quiet_draining; /* c->draining when quiet_until was found */
    /* this channel's bursts of the read and write queues, oldest first: the scheduler scans
     * only its own channel's (the queue depths count both channels) */
    Gddr6Burst rq[GDDR6_MAX_QUEUE], wq[GDDR6_MAX_QUEUE];
} Gddr6Chan;

/* Counters that only accumulate: a window's figure is its end snapshot minus its start
 * (gddr6_stats_window). A new counter goes here, or the window silently reports it whole.
 * Statistics table (bh_stats.h): field, report key, kind, text; cycles are tCK. */
#define GDDR6_COUNTERS(X)                                                                          \
    X(reads, "reads", COUNT, "requests completed")                                                 \
    X(writes, "writes", COUNT, "requests completed")                                               \
    X(bytes_read, "bytes_read", BYTES, "requested bytes of completed requests")                    \
    X(bytes_written, "bytes_written", BYTES, "requested bytes of completed requests")              \
    X(rd_bursts, "rd_bursts", COUNT, "column commands (x burst bytes moved on the bus)")           \
    X(wr_bursts, "wr_bursts", COUNT, "column commands")                                            \
    X(row_hits, "row_hits", COUNT, "bursts served by an open row")                                 \
    X(row_misses, "row_misses", COUNT, "bursts that found their bank closed (ACT)")                \
    X(row_conflicts, "row_conflicts", COUNT, "bursts that found another row open (PRE, ACT)")      \
    X(activates, "activates", COUNT, "ACT commands")                                               \
    X(precharges, "precharges", COUNT, "PRE commands")                                             \
    X(refreshes, "refreshes", COUNT, "REF commands")                                               \
    X(bus_busy_cycles, "bus_busy_cycles", CYCLES, "tCK of data transfer, summed over channels")    \
    X(rd_lat_count, "rd_lat_count", COUNT, "reads whose latency (enqueue to completion) was seen") \
    X(rd_lat_sum, "rd_lat_sum", CYCLES, "their latencies summed, tCK")                             \
    X(rq_integral, "rq_integral", COUNT, "sum over tCK of queued read bursts")                     \
    X(wq_integral, "wq_integral", COUNT, "sum over tCK of queued write bursts")                    \
    X(integral_cycles, "integral_cycles", CYCLES, "tCK covered by the integrals")

typedef struct Gddr6Stats {
    BH_STAT_FIELDS(GDDR6_COUNTERS)
    uint64_t rd_lat_hist[GDDR6_LAT_BUCKETS]; /* read latencies by bucket (accumulates too) */
    uint64_t rd_lat_max;                     /* the largest read latency so far: not windowed */
} Gddr6Stats;

/* The statistics of the window between two snapshots: every counter and histogram bucket is
 * `to - from`; rd_lat_max is `to`'s (a maximum cannot be windowed). */
Gddr6Stats gddr6_stats_window(const Gddr6Stats *from, const Gddr6Stats *to);
extern const BhStatTable gddr6_stat_table;

typedef struct Gddr6 {
    BhLogContext *log;                   /* the chip's, for guest errors */
    Gddr6Config cfg;                     /* copied at init, read-only afterwards */
    uint32_t tburst;                     /* tCK a burst holds the data bus */
    uint32_t burst_bytes;                /* bus_bits / 8 x burst_length */
    uint32_t burst_shift;                /* log2(burst_bytes) */
    uint8_t map_field[GDDR6_MAP_FIELDS]; /* address fields, lowest first (Gddr6Field) */
    uint8_t map_bits[GDDR6_MAP_FIELDS];
    Gddr6Req req[GDDR6_MAX_REQS];
    uint32_t free_req, live_reqs;
    uint16_t fifo[GDDR6_MAX_PORTS][GDDR6_MAX_PORT_FIFO];        /* request indices */
    uint32_t fifo_rd[GDDR6_MAX_PORTS], fifo_n[GDDR6_MAX_PORTS]; /* fifo_n traced */
    uint32_t rq_n, wq_n;          /* queue depths, all channels (traced); the bursts are in ch[] */
    uint16_t fin[GDDR6_MAX_REQS]; /* fully issued requests, by (finish, seq) */
    uint32_t fin_n;
    uint16_t done[GDDR6_MAX_REQS]; /* finished, not yet taken: ring in completion order */
    uint32_t done_rd, done_n;
    Gddr6Chan ch[GDDR6_MAX_CHANNELS];
    uint8_t draining;     /* forced write drain (traced) */
    uint8_t intake_rr;    /* next port to take a burst from */
    uint32_t intake_used; /* bursts moved in cycle intake_at */
    uint64_t intake_at;
    uint64_t seq;
    uint64_t now; /* cycle of the last step */
    Gddr6CmdFn on_cmd;
    void *cmd_ctx;
    Gddr6Stats st;
} Gddr6;

/* The defaults at 16000 MT/s; gddr6_config_for_rate() converts the picosecond references of
 * GDDR6_TIMINGS to tCK at another rate (a what-if keeps its nanoseconds). */
Gddr6Config gddr6_config_default(void);
Gddr6Config gddr6_config_for_rate(uint32_t data_rate_mts);
BhStatus gddr6_config_check(const Gddr6Config *cfg, char *why, size_t why_len);
uint64_t gddr6_clock_hz(const Gddr6Config *cfg); /* f(CK) = data rate / 8 */
BhStatus gddr6_init(Gddr6 *c, const Gddr6Config *cfg, BhLogContext *log); /* also resets */
void gddr6_reset(Gddr6 *c);
void gddr6_set_cmd_hook(Gddr6 *c, Gddr6CmdFn fn, void *ctx);
/* BH_OK, BH_ERR_FULL (port FIFO or request table full: retry), BH_ERR_ADDR (beyond capacity),
 * BH_ERR_ACCESS (bytes 0 or above GDDR6_MAX_REQ_BYTES). State is unchanged unless BH_OK. */
BhStatus gddr6_enqueue(Gddr6 *c, uint32_t port, uint64_t addr, uint32_t bytes, int is_write,
                       uint64_t token, uint64_t now);
uint64_t gddr6_step(Gddr6 *c, uint64_t now);
uint32_t gddr6_take_done(Gddr6 *c, Gddr6Done *out, uint32_t max);
void gddr6_decode(const Gddr6 *c, uint64_t addr, Gddr6Loc *loc);
/* Read latency at quantile q (0..1) from the histogram: exact below GDDR6_LAT_LINEAR tCK,
 * else the lower edge of a bucket 1/16 of a power of two wide; 0 when nothing was read. */
uint64_t gddr6_read_latency_percentile(const Gddr6 *c, double q);
int gddr6_idle(const Gddr6 *c); /* nothing queued, in flight or waiting to be taken */

/* Internal, shared between gddr6.c and gddr6_sched.c. */
uint64_t gddr6_sched_channel(Gddr6 *c, uint32_t ch, uint64_t now);
void gddr6_burst_issued(Gddr6 *c, const Gddr6Burst *b, uint64_t data_end);

#ifdef __cplusplus
}
#endif
#endif
