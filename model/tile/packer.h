/* model/tile/packer.h - Blackhole's packer: PACR reads rows of Dst through up to four read
 * interfaces, converts them (tile_format.h) and writes them to L1 as a data stream (and, for
 * formats under 16 bits, an exponent stream), with the packed-size metadata.
 *
 * Sources: tt-isa-documentation WormholeB0/TensixTile/TensixCoprocessor/PACR.md,
 * Packers/InputAddressGenerator.md, Packers/OutputAddressGenerator.md, Packers/README.md,
 * Packers/FormatConversion.md; shared/reference/tensix-isa-notes.md section 4 (Blackhole: one
 * packer with four Dst read interfaces chosen by ReadIntfSel, 0 = all; sub-byte outputs
 * zero-fill the last 16-byte block on flush); tt-llk tt_llk_blackhole/llk_lib/llk_pack.h (how
 * a 32x32 tile is packed: 16 PACRs of 4 rows, ADDR_MOD_PACK Y/Z steps, Last on the final one).
 *
 * Interface: packer_try_issue() for a PACR word (0: present it again next cycle);
 *   packer_step() each cycle; packer_l1_done() with each completed write; packer_busy_thread()
 *   for STALLWAIT C3. Metadata: on a PACR with Last, the tile's size in 16-byte units is
 *   reported through the `tile_done` hook (the TDMA-RISC registers PACKED_SIZE_T<n> and
 *   ACC_PACKED_SIZE_T<n> of packer 0 live in mover.c).
 * Addresses: input datum index = ((Base + X*Xstride + Y*Ystride + Z*Zstride + W*Wstride) /
 *   BytesPerDatum, X aligned) + DEST_TARGET_REG_CFG_PACK_SEC0_Offset * 16; interface i reads
 *   Dst row (StartRow & ~3) | i, columns ch0.X .. ch1.X. Output: a stream takes a new address
 *   (L1_Dest_addr + !Sub_l1_tile_header_size + the channel-1 offset, exponent section first
 *   for formats under 16 bits, wrapped by Pack_0_2_limit_address / fifo_size) on the first
 *   PACR after Last or Flush, and appends otherwise.
 * Timing: the issuing thread waits only until the packer's queue (PACK_QUEUE) takes the PACR.
 *   The queue head reads Dst and converts in one cycle, then writes 16-byte blocks to L1 as
 *   client PACK, at most PACK_WRITES_PER_CYCLE a cycle (four interfaces, 64 B/cycle: the WH
 *   figure of 16 B/cycle per packer times four, BH's rate is not documented); partial blocks
 *   wait in the stream's output buffer until filled or flushed. A PACR counts as busy until
 *   its writes have landed.
 * Not modeled: compression, edge masking, ReLU, exponent thresholding, downsampling, L1
 *   accumulation, reading L1 as input, strided Dst access mode, PACR_SETREG, the Dst
 *   read-after-write hazard against the matrix unit (software orders them with semaphores).
 */
#ifndef BH_PACKER_H
#define BH_PACKER_H
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

#define PACK_QUEUE 4
#define PACK_WRITES_PER_CYCLE 4
#define PACK_MAX_BLOCKS 24 /* 64 FP32 datums = 16 blocks, plus exponents and partial blocks */

typedef struct PackStream {
    uint32_t addr;     /* byte address of the next block's start */
    uint32_t fill;     /* bytes in `part` */
    uint8_t part[16];  /* the block being assembled */
    uint8_t need_addr; /* take a new address on the next PACR */
} PackStream;

typedef struct PackBlock {
    uint32_t addr;
    uint8_t data[16];
} PackBlock;

typedef struct PackJob {
    uint8_t thread;
    uint32_t nblocks, issued, done;
    PackBlock blk[PACK_MAX_BLOCKS];
} PackJob;

typedef struct PackerStats {
    uint64_t instructions, datums, l1_bytes, busy_cycles, tiles;
} PackerStats;

typedef struct Packer {
    PackJob q[PACK_QUEUE];
    uint32_t head, count;
    PackStream exp, data;
    uint32_t tile_start; /* byte address where the current tile's first stream began */
    PackerStats stats;
    void (*tile_done)(void *ctx, uint32_t thread, uint32_t size16);
    void *ctx;
    char error[200];
    uint8_t failed;
} Packer;

void packer_init(Packer *p, void (*tile_done)(void *, uint32_t, uint32_t), void *ctx);
/* 1: accepted (Dst read and converted now); 0: present it again next cycle */
int packer_try_issue(Packer *p, const SrcDst *r, AdcFile *adc, const TensixCfg *cfg,
                     uint32_t thread, uint32_t word, uint64_t now);
int packer_step(Packer *p, L1 *l1, uint64_t now); /* 1 while work remains */
void packer_l1_done(Packer *p, uint64_t token);
int packer_busy_thread(const Packer *p, uint32_t thread);

#ifdef __cplusplus
}
#endif
#endif
