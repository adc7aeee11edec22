/* model/tile/tensix/packer.h - Blackhole's packer: PACR reads rows of Dst through up to four read
 * interfaces, passes each datum through the early conversion, edge masking, ReLU, exponent
 * thresholding and downsampling, then the late conversion (tile_format.h), and writes L1 as a
 * data stream (and, for formats under 16 bits, an exponent stream), with the packed-size metadata.
 *
 * Sources: tt-isa-documentation WormholeB0/TensixTile/TensixCoprocessor/PACR.md,
 * Packers/README.md and Diagrams/Src/PackerPipeline.lua (stage order),
 * Packers/InputAddressGenerator.md, Packers/OutputAddressGenerator.md, Packers/FormatConversion.md,
 * Packers/EdgeMasking.md, Packers/ReLU.md, Packers/ExponentThresholding.md,
 * Packers/Downsampling.md, TDMA-RISC.md and SETDMAREG_Special.md (tile size and header);
 * docs/hardware.md#packer (Blackhole: one packer with four Dst read
 * interfaces chosen by ReadIntfSel, 0 = all; sub-byte outputs zero-fill the last 16-byte block
 * on flush); tt-llk tt_llk_blackhole/llk_lib/llk_pack.h (a 32x32 tile is 16 PACRs of 4 rows,
 * ADDR_MOD_PACK Y/Z steps, Last on the final one) and common/inc/cpack_common.h
 * (configure_pack: Exp_section_size = faces for BFP, 0 for INT8/FP8; the edge-mask select
 * fields tile_row_set_select_pack0..3; pack_reads_per_xy_plane = face rows).
 *
 * Interface: packer_try_issue() for a PACR word (0: present it again next cycle);
 *   packer_step() each cycle; packer_l1_done() with each completed write; packer_busy_thread()
 *   for STALLWAIT C3. Metadata: on a PACR with Last, the tile's size in 16-byte units (plus
 *   Add_tile_header_size) is reported through the `tile_done` hook (the TDMA-RISC registers
 *   PACKED_SIZE_T<n> and ACC_PACKED_SIZE_T<n> of packer 0 live in mover.c).
 * Addresses: input datum index = ((Base + X*Xstride + Y*Ystride + Z*Zstride + W*Wstride) /
 *   BytesPerDatum, X aligned) + DEST_TARGET_REG_CFG_PACK_SEC0_Offset * 16; interface i reads
 *   Dst row (StartRow & ~3) | i, columns ch0.X .. ch1.X. Output: on a PACR while the streams
 *   need addresses (reset, or after Last / Flush) they take L1_Dest_addr +
 *   !Sub_l1_tile_header_size + the channel-1 offset (wrapped by Pack_0_2_limit_address /
 *   fifo_size), the exponent stream first and the data Exp_section_size units later for
 *   Out_data_format & 2 (BFP, but also FP8 and INT8, which write no exponents); otherwise data
 *   is appended.
 * Tile header: the packer only skips its 16-byte slot (Sub_l1_tile_header_size = 0) and never
 *   writes it: OutputAddressGenerator.md adds the slot to the address and writes only the
 *   RSI / exponent / data streams; software builds a header from SETDMAREG_Special.md's
 *   TileHeader (TileSize = LastTileSize + 1) and stores it itself (cpack_common.h: "we do not
 *   write tile headers in tt-metal").
 * Datum stages (packer_stages.c, configuration sampled when the PACR starts):
 *   edge masking  one tile position generator per packer advancing per datum read from Dst
 *                 (so with the LLK sequence Y is the row in the face, Z the face); read
 *                 interface i uses the 2-bit row / face set selects at bits 2i; masked datums
 *                 become 0, or -inf (FP32 0xFF800000, FP16 0xFFFF, the FPU's "infinity");
 *                 Last / Flush restart the generator (the documents do not say when it resets).
 *   ReLU          modes 0-3 on the intermediate value, threshold read as BF16 or FP16.
 *   thresholding  datums whose exponent is under Exp_threshold become +0 (integers untouched).
 *   downsampling  Downsample_mask rotates over each interface's datums (Downsample_rate is not
 *                 documented and is ignored); ZeroWrite datums skip the stages before it and do
 *                 not advance the position generator.
 *   BFP groups    the 16 datums sharing an exponent are taken from the datum stream, so a group
 *                 may span PACRs; Last / Flush emit a short group.
 * Timing: the issuing thread waits only until the packer's queue (PACK_QUEUE) takes the PACR.
 *   The queue head reads Dst and converts in one cycle, then writes 16-byte blocks to L1 as
 *   client PACK, at most PACK_WRITES_PER_CYCLE a cycle (four interfaces, 64 B/cycle: the WH
 *   figure of 16 B/cycle per packer times four, BH's rate is not documented); partial blocks
 *   wait in the stream's output buffer until filled or flushed. A PACR counts as busy until
 *   its writes have landed.
 * Errors (the run stops, naming the PACR and the reason): the strided Dst access mode,
 *   RowPadZero, CtxtCtrl and CfgContext (not documented), L1 input, L1 accumulation, stochastic
 *   rounding, undocumented conversions, ReLU modes 2/3 on integers or with a threshold <= -0
 *   (UndefinedBehaviour), thresholding with In_data_format BFP2a (a hardware bug), -inf masking
 *   of integers. PACR_SETREG is not the packer's: on Blackhole it writes MMIO through
 *   TDMA-RISC-held address bases (tt-llk assembly.yaml) and tensix_core.c reports it unimplemented.
 * Not modeled: compression (Disable_zero_compress is not consulted, output is uncompressed),
 *   the exponent histogram, INT_DESCALE shift amounts (0), Add_l1_dest_addr_offset. Nothing
 *   holds a PACR back from Dst rows the matrix unit is still writing (software orders them);
 *   the PACR reads the new values and tensix_core.c reports the race (read_row/read_wide).
 */
#ifndef BH_PACKER_H
#define BH_PACKER_H
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

/* EdgeMasking.md's tile position generator: X counts datums read from Dst, Y rows (wrapping at
 * pack_reads_per_xy_plane into Z), or Z first when pack_yz_transposed */
typedef struct PackTpg {
    uint32_t x, y, z;
} PackTpg;

/* the configuration of the datum stages, sampled when a PACR starts (packer_stages.c) */
typedef struct PackStages {
    TfmtPack plan;         /* early and late conversion */
    uint32_t relu_thr;     /* STACC_RELU_ReluThreshold as an intermediate-format pattern */
    uint32_t row_map[4];   /* TILE_ROW_SET_MAPPING_<b>: 2 bits per row of a face */
    uint32_t face_map[4];  /* TILE_FACE_SET_MAPPING_<a>: 2 bits per face */
    uint16_t edge_mask[4]; /* PCK_EDGE_OFFSET_SEC<c>_mask: bit = column kept */
    uint16_t ds_mask;      /* Downsample_mask (0 means 0xFFFF) */
    uint8_t read_32b, row_select, face_select, face_enable, zoffset, reads_per_plane;
    uint8_t yz_transposed;
    uint8_t edge_ninf; /* PCK_EDGE_MODE_mode: masked datums become -inf rather than 0 */
    uint8_t relu;      /* STACC_RELU_ApplyRelu & 3 */
    uint8_t thr_en, thr;
} PackStages;

/* What the report shows of the packer (bh_stats.h): field, report key, kind, text */
#define PACK_STATS(X)                                                                              \
    X(l1_bytes, "l1_bytes", BYTES, "bytes it wrote to L1")                                         \
    X(tiles, "tiles", COUNT, "tiles it packed")

typedef struct PackerStats {
    uint64_t instructions, datums, busy_cycles;
    BH_STAT_FIELDS(PACK_STATS)
} PackerStats;
extern const BhStatTable pack_stat_table;

typedef struct Packer {
    uint32_t head, count; /* before the jobs: a step reads them every cycle */
    uint8_t failed;
    PackerStats stats;
    BhLogContext *log; /* the chip's, from the core at init */
    PackJob q[PACK_QUEUE];
    PackStream exp, data;
    uint32_t tile_start; /* byte address where the current tile's first stream began */
    PackTpg tpg;
    uint32_t grp[16]; /* BFP outputs: intermediate values waiting for their group of 16 */
    uint32_t grp_n;
    /* the Dst rows the last accepted PACR read: 4 from read_row (32-bit rows if read_wide),
     * none if read_none; the coprocessor checks them against the matrix unit's results in
     * flight */
    uint16_t read_row;
    uint8_t read_wide, read_none;
    void (*tile_done)(void *ctx, uint32_t thread, uint32_t size16);
    void *ctx;
    char error[200];
} Packer;

void packer_init(Packer *p, void (*tile_done)(void *, uint32_t, uint32_t), void *ctx,
                 BhLogContext *log);
/* 1: accepted (Dst read and converted now); 0: present it again next cycle */
int packer_try_issue(Packer *p, const SrcDst *r, AdcFile *adc, const TensixCfg *cfg,
                     uint32_t thread, uint32_t word, uint64_t now);
int packer_step(Packer *p, L1 *l1, uint64_t now); /* 1 while work remains */
void packer_l1_done(Packer *p, uint64_t token);
int packer_busy_thread(const Packer *p, uint32_t thread);

/* packer_stages.c: decode the stages (BH_ERR_UNSUPPORTED and a reason for an undocumented or
 * undefined configuration), then run n datums of Dst row `row` from column col0 through one read
 * interface: returns how many survive downsampling, as intermediate values in out[] */
BhStatus packer_stages_decode(PackStages *s, const TfmtPackCfg *pc, const TensixCfg *cfg,
                              uint32_t st, char *why, size_t why_len);
uint32_t packer_stages_read(const PackStages *s, PackTpg *g, const SrcDst *r, int zero,
                            uint32_t intf, uint32_t row, uint32_t col0, uint32_t n, uint32_t *out);

#ifdef __cplusplus
}
#endif
#endif
