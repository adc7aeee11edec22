/* firmware/llk/llk_pack.h - the pack thread (TRISC2): the packer's config for a CB's format,
 * packing a 32x32 tile from Dst to L1, and the pack half of the Dst handshake.
 *
 * A tile is 16 PACRs of 4 Dst rows each (one row per read interface), the ADDR_MOD_PACK slots
 * stepping Y by 4 rows, then to the next face, then back to the start at the tile's end (the
 * unit tests' sequence; tt-llk's Blackhole pack MOP walks the same rows). The 16 words live in
 * the replay buffer. Per tile the core sets, in stream order, the L1 address (Config
 * L1_Dest_addr) and the Dst row offset (DEST_TARGET_REG_CFG_PACK_SEC0_Offset, in rows) with
 * SETDMAREG + WRCFG; the packer samples both when it accepts a PACR.
 *
 * Dst handshake (the math side is in llk_math.h):
 *   wait      SEMWAIT(block packer, while MATH_PACK == 0): math has committed a half
 *   release   STALLWAIT(block FPU + Sync, until the packer drains); ZEROACC of the half (so
 *             matmul accumulates onto zero next time); SEMGET(MATH_PACK) */
#ifndef BH_LLK_PACK_H
#define BH_LLK_PACK_H
#include "firmware/llk/llk_cb.h"
#include "firmware/llk/llk_unpack.h"

namespace llk
{

constexpr uint32_t PACK_REPLAY = 0;
constexpr uint32_t PACK_REPLAY_LEN = 16;

constexpr uint32_t pacr(uint32_t addr_mod, uint32_t last)
{
    return TENSIX_WORD(PACR) | TENSIX_PUT(PACR, ADDR_MODE, addr_mod) | TENSIX_PUT(PACR, LAST, last);
}

/* the pack thread's start: packer formats and strides, its ADDR_MODs, the tile loop */
static inline void pack_hw_configure(uint32_t out_fmt, int fp32_dst)
{
    using namespace cfg;
    state().hw.pack_half = 0;
    state().hw.dst_half = fp32_dst ? DST_HALF_ROWS_32 : DST_HALF_ROWS_16;
    sync();
    const uint32_t dst_fmt = fp32_dst ? 0u : out_fmt;
    cfg_write(THCON_SEC0_REG1_Out_data_format.addr32,
              THCON_SEC0_REG1_Out_data_format.put(out_fmt) |
                  THCON_SEC0_REG1_In_data_format.put(dst_fmt));
    /* Dst side of the packer: 16 datums (2 bytes each in 16-bit Dst) a row, 16 rows a face */
    const uint32_t bpd = fp32_dst ? 4 : 2;
    cfg_write(PCK0_ADDR_CTRL_XY_REG_0_Ystride.addr32,
              PCK0_ADDR_CTRL_XY_REG_0_Ystride.put(16 * bpd));
    cfg_write(PCK0_ADDR_CTRL_ZW_REG_0_Zstride.addr32,
              PCK0_ADDR_CTRL_ZW_REG_0_Zstride.put(16 * 16 * bpd));
    cfg_write(PCK_EDGE_OFFSET_SEC0_mask.addr32, PCK_EDGE_OFFSET_SEC0_mask.put(0xFFFF));
    /* a 32-bit Dst is read as 32-bit data; the packer's own Dst format (the override of word 0,
     * which only the packer reads) is the output's, so its early conversion rounds FP32 to it
     * (nearest, ties away) rather than passing FP32 to a late conversion that drops the low
     * bits */
    cfg_write(PCK_DEST_RD_CTRL_Read_32b_data.addr32,
              PCK_DEST_RD_CTRL_Read_32b_data.put((uint32_t)fp32_dst));
    if (fp32_dst)
        cfg_write(ALU_FORMAT_SPEC_REG_Dstacc_val.addr32,
                  ALU_FORMAT_SPEC_REG_Dstacc_val.put(out_fmt) |
                      ALU_FORMAT_SPEC_REG_Dstacc_override.put(1));
    /* ADDR_MOD_PACK 0: next 4 rows; 1: end of tile (Y and Z to 0); 2: end of face */
    const uint32_t am = thd::ADDR_MOD_PACK_SEC0_YsrcIncr.addr32;
    push(setc16(am + 0, 4u | 4u << 6));
    push(setc16(am + 1, 1u << 5 | 1u << 11 | 1u << 13));
    push(setc16(am + 2, 1u << 5 | 4u << 6 | 1u << 12));
    push(setadcxx(4, 15, 0));
    push(setadczw_zero(4));
    push(seminit(SEM_PACK_DONE, 0, 15));
    /* the Dst offsets of the two halves, for tile 0 of a half (the common case) */
    push(setdmareg(GPR_PACK_HALF, 0, 0));
    push(setdmareg(GPR_PACK_HALF, 1, 0));
    push(setdmareg(GPR_PACK_HALF + 1, 0, state().hw.dst_half));
    push(setdmareg(GPR_PACK_HALF + 1, 1, 0));
    push(replay_load(PACK_REPLAY, PACK_REPLAY_LEN));
    for (uint32_t f = 0; f < 4; f++)
        for (uint32_t k = 0; k < 4; k++)
            push(pacr(k < 3 ? 0 : f < 3 ? 2 : 1, f == 3 && k == 3));
}

/* packs Dst tile `dst_index` of the half being packed to L1 `addr` */
static inline void pack_tile_to(uint32_t dst_index, uint32_t addr)
{
    HwState &s = state().hw;
    stream_cfg_write(GPR_PACK_ADDR, cfg::THCON_SEC0_REG1_L1_Dest_addr.addr32, l1_addr16(addr),
                     &s.gpr_hi[0]);
    if (LLK_LIKELY(dst_index == 0)) /* GPR_PACK_HALF + h holds half h's offset (init) */
        push(wrcfg(GPR_PACK_HALF + (s.pack_half ? 1 : 0),
                   cfg::DEST_TARGET_REG_CFG_PACK_SEC0_Offset.addr32));
    else
        stream_cfg_write(
            GPR_PACK_DST, cfg::DEST_TARGET_REG_CFG_PACK_SEC0_Offset.addr32,
            cfg::DEST_TARGET_REG_CFG_PACK_SEC0_Offset.put(s.pack_half + dst_index * DST_TILE_ROWS),
            &s.gpr_hi[1]);
    push(replay(PACK_REPLAY, PACK_REPLAY_LEN));
}

static inline void pack_wait()
{
    push(semwait(STALL_PACK, SEM_MATH_PACK, SEMWAIT_ZERO));
}

static inline void pack_release()
{
    HwState &s = state().hw;
    push(stallwait(STALL_MATH | STALL_SYNC, WAIT_PACK));
    push(TENSIX_WORD(ZEROACC) | TENSIX_PUT(ZEROACC, CLEAR_MODE, 2) |
         TENSIX_PUT(ZEROACC, WHERE, s.pack_half ? 1 : 0));
    push(semget(SEM_MATH_PACK));
    s.pack_half ^= s.dst_half;
}

} // namespace llk
#endif
