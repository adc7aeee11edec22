/* model/tile/tensix/unpacker.h - the two unpackers: UNPACR moves a tile face (or any run of datums)
 * from L1 through format conversion into SrcA (unpacker 0; or Dst), SrcB (unpacker 1);
 * UNPACR_NOP clears Src banks and hands them to the matrix unit in the unpackers' order.
 *
 * Sources: tt-isa-documentation WormholeB0/TensixTile/TensixCoprocessor/UNPACR_Regular.md (the
 *   functional model: contexts, row search and blobs, compressed tiles and the decompression
 *   loop, the speed rules), UNPACR_IncrementContextCounter.md, UNPACR_FlushCache.md,
 *   Packers/Compression.md (the compressed layout); anuraagw.me's "unpack data path" notes
 *   (sections 1.3, 2, 4, 8, 12, 13; docs/hardware.md#unpackers); tt-llk
 *   tt_llk_blackhole/common/inc/ckernel_ops.h and ckernel_instr_params.h (Blackhole's
 *   UNPACR_NOP: Unpack_Pop 0 overlay pop, 1 clear a Src bank, 2 plain NOP, 3 overlay pop of a
 *   named stream; Src_ClrVal_Ctrl 0 zero, 1 -inf, 2 one, 3 the NOP_REG value; Clr_to1_fmt_Ctrl
 *   0 FP16, 1 BF16/TF32, 2 INT8; Set_Dvalid then hands the bank over). Formats: tile_format.h;
 *   Src layouts: srcdst.h.
 *
 * Interface: unpacker_try_issue() for UNPACR and UNPACR_NOP words (the caller presents the
 *   word each cycle until it answers 1); unpackers_step() each cycle; unpacker_l1_done() with
 *   each completed L1 read; unpacker_busy_thread() for STALLWAIT C1/C2. Configuration is
 *   sampled when the instruction is accepted (the end of address setup), as are the ADC,
 *   SrcRow and context counter updates, so the thread's next instructions see them.
 * UNPACR forms: Regular (uncompressed or compressed input, RowSearch with or without blobs);
 *   IncrementContextCounter (bit 13) steps the thread's context counter of that unpacker;
 *   FlushCache (bit 1) is a no-op: the documents call the decompression row-start cache
 *   unmodelled and give neither its contents nor its timing, so nothing observable follows
 *   from it (we read the RSI entries from L1 for every compressed UNPACR). Both take one cycle
 *   once no UNPACR is in address setup and do not queue (queued UNPACRs read the counter at
 *   their own setup).
 * Compressed tiles: the RSI entries an UNPACR needs (RSI[Y] and RSI[Y + 1], or RSI[X + 1] for
 *   RowSearch; only RSI[Y] for a partial row) are read from L1 during address setup; the
 *   datum / RLE-nibble groups and the exponents are then read and decompressed per the
 *   document's loop (zeros after each datum, DecompressDrop / DecompressNumDatums for a partial
 *   row, AllDatumsAreZero dropping the zeros).
 * UNPACR_NOP clears: zero, -inf (SrcA only, as UNPACR_NOP_ZEROSRC.md has it), one in the
 *   Clr_to1_fmt_Ctrl format (the Src layout of 1.0 or integer 1), or the low 19 bits of
 *   UNP{0,1}_NOP_REG_CLR_VAL used as a Src datum as they are. Blackhole's UNPACR_NOP has no
 *   SETREG form (the "unpack data path" notes' 5-bit mode table is Wormhole's; Unpack_Pop is
 *   two bits here).
 * Timing: an UNPACR spends 2 cycles in address setup, during which its thread cannot issue
 *   and no other UNPACR can start (the issuing thread presents it twice); a compressed one
 *   stays in setup until its RSI reads return (the documents' "more" cycles, timed by the L1
 *   model). It then waits in the unpacker's queue (UNPACK_QUEUE). The queue head waits until
 *   its Src bank belongs to the unpackers, then reads L1 as 16-byte requests of client
 *   UNPACK0/UNPACK1, at most `tier` requests a cycle (Throttle_mode 0/1/2 = x1/x2/x4; x4 for
 *   tilize; x1 for compressed input, BFP2 and UpsampleZeroes >= 3; at most x2 for
 *   UpsampleZeroes == 1 and for BFP4/BFP4a to Dst); the L1 model arbitrates its ports and
 *   banks, so two unpackers sharing ports slow each other down by simulation, not by the
 *   documents' table. When the last read returns, the datums are converted and written (one
 *   cycle), FlipSrc hands the bank to the matrix unit, and the next queued instruction starts.
 *   A partial compressed row reads DecompressDrop + DecompressNumDatums augmented datums, the
 *   most it can need (how many it does need is known only from the nibbles).
 * Errors: illegal format pairs, the overlay-stream forms of UNPACR_NOP, Clr_to1_fmt_Ctrl 3,
 *   compressed BFP2/BFP2a (no documented layout: a group of 32 two-bit datums is not whole
 *   16-byte blocks), compressed with tilize, RSI rows that end before they start, blob bounds
 *   past BlobsYStart[7], and runs longer than the model's staging stop the run with a message
 *   naming the instruction (`failed` set, the message in `error`); the guest's view of
 *   everything else is as documented.
 * Not modeled: the overlay message pops (no NoC overlay here), the decompression cache, the FP8
 *   e4m3 variant, the exact Src/Dst write rate (conversion is one cycle per instruction).
 */
#ifndef BH_UNPACKER_H
#define BH_UNPACKER_H
#include <stdint.h>
#include "model/common/bh_common.h"
#include "model/tile/tensix/adc.h"
#include "model/tile/l1.h"
#include "model/tile/tensix/srcdst.h"
#include "model/tile/tensix/tensix_cfg.h"
#include "model/tile/tensix/tile_format.h"
#ifdef __cplusplus
extern "C" {
#endif

#define UNPACK_QUEUE 2
#define UNPACK_MAX_DATUMS 4096
#define UNPACK_MAX_ROWS (UNPACK_MAX_DATUMS / 16 + 1) /* a run need not start a row */
#define UNPACK_MAX_REQS (UNPACK_MAX_ROWS * 5 + UNPACK_MAX_ROWS / 16 + 2)

typedef struct UnpackReq {
    uint32_t addr;    /* L1 byte address, 16-byte aligned */
    uint32_t buf_off; /* where byte lo of the block lands in the job's buffer */
    uint8_t lo, hi;   /* the block's bytes [lo, hi) belong to the run */
} UnpackReq;

/* where a compressed UNPACR's stream walk starts (UNPACR_Regular.md's pointers, in nibbles
 * for datums and RLE counters, bytes plus sixteenths for exponents) and how far it goes */
typedef struct UnpackRle {
    uint32_t datums, deltas; /* InAddr_Datums, InAddr_Deltas, in nibbles */
    uint32_t exps, exp_frac; /* InAddr_Exponents: byte address and sixteenths */
    uint32_t limit, fifo;    /* WrapAddr's bounds, bytes */
    uint32_t n_aug;          /* augmented datums read (InputNumDatums, or the bound) */
    uint32_t drop, n_out;    /* DecompressDrop, DecompressNumDatums (UINT32_MAX: whole) */
    uint8_t datum_nibbles;   /* DatumSizeBytes * 2 */
} UnpackRle;

typedef struct UnpackJob {
    uint8_t thread, which, nop, flip, all_zero, to_dst, transpose, ovrd_with_addr;
    uint8_t tier, upsample_zeroes, upsample_skip, compressed, has_exp;
    TfmtUnpack conv;
    uint32_t n_datums, out_addr, src_row, col_shift;
    uint32_t data_bytes, exp_bytes; /* staged in buf: data rows, then exponents */
    uint32_t first_in_row;          /* FirstDatum % 16 carried to the conversion */
    uint32_t nreqs, issued, done;
    uint32_t nop_word, clear_val; /* UNPACR_NOP: the word, the Src value a clear writes */
    uint64_t ready_at;            /* conversion finishes */
    UnpackRle rle;                /* compressed input: reqs are whole 16-byte blocks */
    UnpackReq req[UNPACK_MAX_REQS];
    uint8_t buf[UNPACK_MAX_ROWS * 64 + UNPACK_MAX_ROWS + 1]; /* data rows, then exponents */
} UnpackJob;

typedef struct Unpacker {
    uint32_t head, count;    /* before the jobs: a step reads them every cycle */
    uint32_t src_row[3];     /* SrcRow per thread */
    uint32_t ctx_counter[3]; /* ContextCounter per thread */
    UnpackJob q[UNPACK_QUEUE];
} Unpacker;

/* the RSI entries a compressed UNPACR in address setup waits for */
typedef struct UnpackRsi {
    uint32_t addr[2]; /* byte addresses of the uint16 entries */
    uint16_t val[2];
    uint8_t n, issued, landed; /* entries wanted; bit masks */
    uint8_t ready;             /* all n landed for these addresses */
    uint8_t seq;               /* tags the reads: a stale one is ignored */
} UnpackRsi;

/* What the report shows of each unpacker (bh_stats.h): field, report key, kind, text */
#define UNPACK_STATS(X)                                                                            \
    X(l1_bytes, "l1_bytes", BYTES, "bytes it read from L1")                                        \
    X(bank_wait_cycles, "bank_wait_cycles", CYCLES,                                                \
      "cycles its queue head waited for its Src bank to come back from the matrix unit")

typedef struct UnpackerStats {
    uint64_t instructions, datums, busy_cycles;
    BH_STAT_FIELDS(UNPACK_STATS)
} UnpackerStats;
extern const BhStatTable unpack_stat_table;

typedef struct Unpackers {
    /* what a step reads every cycle first, before the large job queues */
    uint64_t setup_until; /* address setup of the UNPACR being accepted */
    uint32_t setup_word;
    int8_t setup_thread; /* -1: no setup in progress */
    uint8_t failed;
    uint32_t jobs; /* UNPACRs queued in both unpackers: u[0].count + u[1].count */
    UnpackRsi rsi; /* of the UNPACR in setup */
    UnpackerStats stats[2];
    BhLogContext *log; /* the chip's, from the core at init */
    Unpacker u[2];
    uint32_t converted[UNPACK_MAX_DATUMS]; /* scratch of the conversion */
    char error[200];
    char why[80]; /* scratch of a format error */
} Unpackers;

void unpackers_init(Unpackers *u, BhLogContext *log);
/* 1: accepted now (the caller counts it issued); 0: present it again next cycle */
int unpacker_try_issue(Unpackers *u, SrcDst *r, AdcFile *adc, TensixCfg *cfg, uint32_t thread,
                       uint32_t word, uint64_t now);
/* Runs the queues; returns 1 while any work remains. */
int unpackers_step(Unpackers *u, SrcDst *r, L1 *l1, uint64_t now);
void unpacker_l1_done(Unpackers *u, uint32_t which, uint64_t token, const uint8_t *data16);
int unpacker_busy_thread(const Unpackers *u, uint32_t which, uint32_t thread);
int unpackers_busy(const Unpackers *u);
/* 1: busy, but every queue's head waits for a Src bank and nothing is being read (what only
 * another unit, handing the bank back, can end; a deadlock check does not count it as work) */
int unpackers_blocked_on_banks(const Unpackers *u, const SrcDst *r);
/* SETDVALID's side effect: the thread's SrcRow of `which` back to SRC{A,B}_SET_Base << 4 */
void unpacker_reset_src_row(Unpackers *u, const TensixCfg *cfg, uint32_t which, uint32_t thread);

/* ---- shared by unpacker*.c */
/* the UNPACR in address setup into job j: 0 while its RSI entries are on their way, else 1
 * with *why NULL (counters updated) or the reason it cannot be modelled */
int unpacker_decode(Unpackers *u, UnpackJob *j, AdcFile *adc, TensixCfg *cfg, uint32_t thread,
                    uint32_t word, const char **why);
/* UNPACR_IncrementContextCounter.md */
void unpacker_increment_context(Unpackers *u, const TensixCfg *cfg, uint32_t thread,
                                uint32_t which);
#define UNPACK_TOKEN_RSI (1ull << 40) /* L1 token of an RSI read in address setup */
/* UNPACR's write of output datum index `o` (before the SrcA/Dst row offset) */
void unpacker_write_datum(const UnpackJob *j, SrcDst *r, uint32_t o, uint32_t d);
/* the inputs of a compressed UNPACR's address computation (UNPACR_Regular.md) */
typedef struct UnpackRleIn {
    uint32_t rsi_addr, exp_addr, data_addr; /* bytes: RSI section, exponents, datum groups */
    uint32_t xdim, ydim, zdim, blobs;
    uint32_t x, y, z, w, x1; /* ADC_XY.X/Y, ADC_ZW.Z/W, channel 1 X of ADC_XY's set */
    uint32_t limit, fifo;    /* WrapAddr's bounds, bytes */
    uint8_t in, row_search, transpose;
} UnpackRleIn;
/* compressed input in address setup: 0 while the RSI entries it needs are on their way (u->rsi
 * asks for them), else 1 with j->rle and its reads planned, or *why set */
int unpacker_rle_decode(Unpackers *u, UnpackJob *j, const UnpackRleIn *in, const char **why);
/* compressed input: the stream's 16-byte reads for j->rle (NULL or why not) */
const char *unpacker_rle_plan(UnpackJob *j);
/* compressed input: decompress the staged blocks into the registers; returns datums written */
uint32_t unpacker_rle_finish(const UnpackJob *j, SrcDst *r);

#ifdef __cplusplus
}
#endif
#endif
