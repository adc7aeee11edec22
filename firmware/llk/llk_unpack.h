/* firmware/llk/llk_unpack.h - the unpack thread (TRISC0): configures the two unpackers for a
 * CB's format and unpacks whole 32x32 tiles into SrcA (unpacker 0) and SrcB (unpacker 1).
 *
 * A tile in L1 (tt-metal's layout: four 16x16 faces, row-major inside a face) is 1024
 * consecutive datums, and SrcA/SrcB rows 0..63 hold the four faces one after the other, so one
 * UNPACR per operand moves a whole tile (tt-llk's Blackhole unpack also sets the ADC X range to
 * num_faces * 256 datums). The L1 address changes per tile: SETDMAREG + WRCFG into the
 * unpacker's Base_address in stream order (the unpacker samples its config when it accepts
 * the UNPACR, so the next tile's WRCFG cannot disturb the previous one). SetDatValid hands the
 * bank to the matrix unit, whose instructions wait for it (the hardware dvalid handshake). */
#ifndef BH_LLK_UNPACK_H
#define BH_LLK_UNPACK_H
#include "firmware/llk/llk_cb.h"

namespace llk
{

constexpr uint32_t TILE_DATUMS = 1024;

/* ADDR_MODE of UNPACR: bits 1:0 step the input channel's Z counter, i.e. the next tile */
constexpr uint32_t UNPACR_NEXT_TILE = 1;

constexpr uint32_t unpacr(uint32_t which, uint32_t dvalid, uint32_t addr_mode = 0)
{
    return TENSIX_WORD(UNPACR) | TENSIX_PUT(UNPACR, UNPACK_BLOCK_SELECTION, which) |
           TENSIX_PUT(UNPACR, SET_DAT_VALID, dvalid) | TENSIX_PUT(UNPACR, ADDR_MODE, addr_mode);
}

constexpr uint32_t setadcxx(uint32_t sets, uint32_t x_end, uint32_t x_start)
{
    return TENSIX_WORD(SETADCXX) | TENSIX_PUT(SETADCXX, CNT_SET_MASK, sets) |
           TENSIX_PUT(SETADCXX, X_END2, x_end) | TENSIX_PUT(SETADCXX, X_START, x_start);
}

constexpr uint32_t setadczw_zero(uint32_t sets)
{
    return TENSIX_WORD(SETADCZW) | TENSIX_PUT(SETADCZW, CNT_SET_MASK, sets) |
           TENSIX_PUT(SETADCZW, BIT_MASK, 0xF);
}

/* the L1 address as the unpacker's Base_address holds it: 16-byte units, minus one (no tile
 * header in front of our tiles) */
constexpr uint32_t l1_addr16(uint32_t addr)
{
    return addr / 16u - 1u;
}

/* Config words of unpacker `which` for whole tiles of `fmt`; the unpack core owns these words
 * and ALU_FORMAT_SPEC (word of SrcA/SrcB/Dstacc formats), which the unpack hw-configure of
 * tt-llk also writes. */
static inline void unpack_config(uint32_t which, uint32_t fmt, uint32_t dst_fmt, int fp32_dst)
{
    using namespace cfg;
    const uint32_t s = which * THCON_SEC_STRIDE;
    const uint32_t td = THCON_SEC0_REG0_TileDescriptor.addr32 + s;
    /* descriptor: in format, uncompressed, X = a whole tile; then Y = 1, Z = 1 */
    cfg_write(td, fmt | 1u << 4 | TILE_DATUMS << 16);
    cfg_write(td + 1, 1u | 1u << 16);
    /* out format and the x4 bandwidth tier */
    cfg_write(THCON_SEC0_REG2_Out_data_format.addr32 + s,
              THCON_SEC0_REG2_Out_data_format.put(fmt) | THCON_SEC0_REG2_Throttle_mode.put(2));
    if (which == 0) /* SrcA's write address starts 4 rows in, as the unpack tests have it */
        cfg_write(UNP0_ADDR_BASE_REG_1_Base.addr32, UNP0_ADDR_BASE_REG_1_Base.put(4 * 16 * 2));
    else
        cfg_write(UNP1_ADDR_BASE_REG_1_Base.addr32, 0);
    if (which == 0)
        cfg_write(ALU_FORMAT_SPEC_REG0_SrcA.addr32,
                  ALU_FORMAT_SPEC_REG0_SrcA.put(fmt) | ALU_FORMAT_SPEC_REG1_SrcB.put(fmt) |
                      ALU_FORMAT_SPEC_REG2_Dstacc.put(dst_fmt) |
                      ALU_ACC_CTRL_Fp32_enabled.put((uint32_t)fp32_dst));
}

/* the unpack thread's start: the format of the CBs it reads */
static inline void unpack_hw_configure(uint32_t fmt_a, uint32_t fmt_b, int fp32_dst)
{
    sync();
    unpack_config(0, fmt_a, fp32_dst ? 0u : fmt_a, fp32_dst);
    unpack_config(1, fmt_b, fp32_dst ? 0u : fmt_a, fp32_dst);
    push(setadcxx(3, TILE_DATUMS - 1, 0));
    push(setadczw_zero(3));
    push(seminit(SEM_UNPACK_DONE, 0, 15));
    state().hw.unp_next[0] = state().hw.unp_next[1] = 0;
}

/* unpacks the tile at L1 `addr` (`bytes` long) through unpacker `which`.
 * The unpacker reads tile Z of its descriptor (Z x 1024 datums past Base_address), and each
 * UNPACR steps Z, so consecutive tiles of a CB cost one push: only a jump (the ring wrapped,
 * another CB, another index) rewrites Base_address and zeroes Z, and so does every 64th tile,
 * which keeps Z far from its counter's width. */
static inline void unpack_tile(uint32_t which, uint32_t addr, uint32_t bytes)
{
    HwState &s = state().hw;
    if (LLK_UNLIKELY(addr != s.unp_next[which] || s.unp_run[which] >= 64)) {
        const uint32_t base = cfg::THCON_SEC0_REG3_Base_address.addr32 + which * THCON_SEC_STRIDE;
        stream_cfg_write(which ? GPR_ADDR_B : GPR_ADDR_A, base, l1_addr16(addr), &s.gpr_hi[which]);
        push(setadczw_zero(1u << which));
        s.unp_run[which] = 0;
    }
    push(unpacr(which, 1, UNPACR_NEXT_TILE));
    s.unp_next[which] = addr + bytes;
    s.unp_run[which]++;
}

} // namespace llk
#endif
