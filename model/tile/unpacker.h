/* model/tile/unpacker.h - the two unpackers: UNPACR moves a tile face (or any run of datums)
 * from L1 through format conversion into SrcA (unpacker 0; or Dst), SrcB (unpacker 1);
 * UNPACR_NOP clears Src banks and hands them to the matrix unit in the unpackers' order.
 *
 * Sources: shared/reference/seeds/unpack-data-path.txt (the UNPACR functional model, sections
 * 2, 4, 8, 12, 13); tt-isa-documentation WormholeB0/TensixTile/TensixCoprocessor/
 * UNPACR_Regular.md; tt-llk tt_llk_blackhole/common/inc/ckernel_ops.h and
 * ckernel_instr_params.h (Blackhole's UNPACR_NOP field layout: Unpack_Pop 1 clears a Src bank,
 * 2 is a plain NOP; Set_Dvalid then hands the bank over). Formats: tile_format.h.
 *
 * Interface: unpacker_can_issue()/unpacker_issue() for UNPACR and UNPACR_NOP words (the
 *   caller's issue() answers 0 until can_issue holds, then calls issue once); unpacker_step()
 *   each cycle; unpacker_l1_done() with each completed L1 read; unpacker_busy_thread() for
 *   STALLWAIT C1/C2. Configuration is sampled when the instruction is accepted (the address
 *   setup), as are the ADC and SrcRow updates, so the thread's next instructions see them.
 * Timing: an UNPACR spends 2 cycles in address setup, during which its thread cannot issue
 *   and no other UNPACR can start (the issuing thread presents it twice); it then waits in the
 *   unpacker's queue (UNPACK_QUEUE). The queue head waits until its Src bank belongs to the
 *   unpackers, then reads L1 as 16-byte requests of client UNPACK0/UNPACK1, at most `tier`
 *   requests a cycle (Throttle_mode 0/1/2 = x1/x2/x4; forced x1 for BFP2 and UpsampleZeroes
 *   >= 3, x4 for tilize); the L1 model arbitrates its ports and banks, so two unpackers
 *   sharing ports slow each other down by simulation, not by the documents' table. When the
 *   last read returns, the datums are converted and written (one cycle), FlipSrc hands the
 *   bank to the matrix unit, and the next queued instruction starts.
 * Errors: illegal format pairs, compressed tiles, RowSearch, the overlay-stream forms of
 *   UNPACR_NOP and runs longer than UNPACK_MAX_DATUMS stop the run with a message naming the
 *   instruction (UNPACK_ERR in `error`); the guest's view of everything else is as documented.
 * Not modeled: compressed (zero-RLE) input, row search/blobs, the overlay message pops, the
 *   FP8 e4m3 variant, the exact Src/Dst write rate (conversion is one cycle per instruction).
 */
#ifndef BH_UNPACKER_H
#define BH_UNPACKER_H
#include <stdint.h>
#include "model/common/bh_common.h"
#include "model/tile/adc.h"
#include "model/tile/l1.h"
#include "model/tile/srcdst.h"
#include "model/tile/tensix_cfg.h"
#include "model/tile/tile_format.h"
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

typedef struct UnpackJob {
    uint8_t thread, which, nop, flip, all_zero, to_dst, transpose, ovrd_with_addr;
    uint8_t tier, upsample_zeroes, upsample_skip;
    TfmtUnpack conv;
    uint32_t n_datums, out_addr, src_row, col_shift;
    uint32_t data_bytes, exp_bytes; /* staged in buf: data rows, then exponents */
    uint32_t first_in_row;          /* FirstDatum % 16 carried to the conversion */
    uint32_t nreqs, issued, done;
    uint32_t nop_word;
    uint64_t ready_at; /* conversion finishes */
    UnpackReq req[UNPACK_MAX_REQS];
    uint8_t buf[UNPACK_MAX_ROWS * 64 + UNPACK_MAX_ROWS + 1]; /* data rows, then exponents */
} UnpackJob;

typedef struct Unpacker {
    UnpackJob q[UNPACK_QUEUE];
    uint32_t head, count;
    uint32_t src_row[3];     /* SrcRow per thread */
    uint32_t ctx_counter[3]; /* ContextCounter per thread */
} Unpacker;

typedef struct UnpackerStats {
    uint64_t instructions, datums, l1_bytes, busy_cycles, bank_wait_cycles;
} UnpackerStats;

typedef struct Unpackers {
    Unpacker u[2];
    uint64_t setup_until; /* address setup of the UNPACR being accepted */
    uint32_t setup_word;
    int8_t setup_thread; /* -1: no setup in progress */
    UnpackerStats stats[2];
    uint32_t converted[UNPACK_MAX_DATUMS]; /* scratch of the conversion */
    char error[200];
    char why[80]; /* scratch of a format error */
    uint8_t failed;
} Unpackers;

void unpackers_init(Unpackers *u);
/* 1: accepted now (the caller counts it issued); 0: present it again next cycle */
int unpacker_try_issue(Unpackers *u, SrcDst *r, AdcFile *adc, TensixCfg *cfg, uint32_t thread,
                       uint32_t word, uint64_t now);
/* Runs the queues; returns 1 while any work remains. */
int unpackers_step(Unpackers *u, SrcDst *r, L1 *l1, uint64_t now);
void unpacker_l1_done(Unpackers *u, uint32_t which, uint64_t token, const uint8_t *data16);
int unpacker_busy_thread(const Unpackers *u, uint32_t which, uint32_t thread);
int unpackers_busy(const Unpackers *u);
/* SETDVALID's side effect: the thread's SrcRow of `which` back to SRC{A,B}_SET_Base << 4 */
void unpacker_reset_src_row(Unpackers *u, const TensixCfg *cfg, uint32_t which, uint32_t thread);

#ifdef __cplusplus
}
#endif
#endif
