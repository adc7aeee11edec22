// SPDX-License-Identifier: Apache-2.0
/* Vector Unit (sfpu.h): moves between LRegs and Dst (SFPLOAD, SFPSTORE) with their format
 * conversions and addressing, and SFPLOADI. */
#include "model/tile/tensix/sfpu.h"
#include "model/tile/tensix/tensix_isa.h"

#define BIT(lane) (1u << (lane))
#define M10 0x3FFu

static uint32_t resolve_srcb(const TensixCfg *cfg, uint32_t state)
{
    if (TCFG_GET(cfg, state, ALU_ACC_CTRL_SFPU_Fp32_enabled))
        return SFPU_FMT_FP32;
    uint32_t f = TCFG_GET(cfg, state, ALU_FORMAT_SPEC_REG_SrcB_override)
                     ? TCFG_GET(cfg, state, ALU_FORMAT_SPEC_REG_SrcB_val)
                     : TCFG_GET(cfg, state, ALU_FORMAT_SPEC_REG1_SrcB);
    switch (f) { /* FormatConversion.md codes: FP32 TF32 BF16 BFP8 BFP4 BFP2 INT32 INT16 */
    case 0:
    case 4:
    case 5:
    case 6:
    case 7:
    case 15:
    case 8:
    case 9:
        return SFPU_FMT_BF16;
    default:
        return SFPU_FMT_FP16;
    }
}

/* Dst address of SFPLOAD/SFPSTORE; INT32_ALL steps the thread's Sp (before a load, after a
 * store) and addresses by it instead of the Dst RWC. */
static uint32_t dst_addr(Sfpu *s, const Rwc *rwc, const TensixCfg *cfg, uint32_t thread,
                         uint32_t state, uint32_t imm10, uint32_t mod0, int is_load)
{
    uint32_t addr = imm10 + TCFG_THD_GET(cfg, thread, DEST_TARGET_REG_CFG_MATH_Offset);
    uint32_t dst_off = (rwc->dst + TCFG_GET(cfg, state, DEST_REGW_BASE_Base)) & M10;
    uint32_t incr = TCFG_THD_GET(cfg, thread, SFPU_STACK_Incr);
    if (mod0 == SFPU_FMT_INT32_ALL && is_load && s->sp[thread] != 0)
        s->sp[thread] = (uint16_t)((s->sp[thread] - incr) & M10);
    uint32_t sp_off = (s->sp[thread] + TCFG_GET(cfg, state, DEST_SP_BASE_Base)) & M10;
    if (mod0 == SFPU_FMT_INT32_ALL) {
        addr += sp_off + (dst_off & 3);
        if (!is_load)
            s->sp[thread] = (uint16_t)((s->sp[thread] + incr) & M10);
    } else {
        addr += dst_off + (sp_off & 3);
    }
    return addr & M10;
}

static uint32_t dst_bf16_to_fp32(uint16_t x) /* Dst: sign, man 7, exp 8 */
{
    return ((uint32_t)(x & 0x8000) | (uint32_t)(x & 0xFF) << 7 | (uint32_t)(x & 0x7F00) >> 8) << 16;
}

static uint32_t dst_fp16_to_fp32(uint16_t x, int fp16a_inf) /* Dst: sign, man 10, exp 5 */
{
    uint32_t sign = x >> 15, man = (x >> 5) & 0x3FF, exp = x & 0x1F;
    if (fp16a_inf && exp == 0x1F && man == 0x3FF)
        exp = 255, man = 0;
    else if (exp != 0)
        exp += 112; /* a zero exponent stays: denormals become other denormals */
    return sign << 31 | exp << 23 | man << 13;
}

static uint16_t fp32_to_dst_fp16(uint32_t x) /* flush, saturate, truncate; NaN saturates */
{
    uint32_t sign = x >> 31, man = x & 0x7FFFFF;
    int32_t exp = (int32_t)((x >> 23) & 0xFF) - 112;
    if (exp <= 0)
        exp = 0, man = 0;
    else if (exp > 31)
        exp = 31, man = 0x7FFFFF;
    return (uint16_t)(sign << 15 | (man >> 13) << 5 | (uint32_t)exp);
}

static uint16_t fp32_to_dst_bf16(uint32_t x) /* flush denormals, truncate */
{
    if (!(x & 0x7F800000))
        x &= 0x80000000;
    return (uint16_t)((x >> 16 & 0x8000) | (x >> 16 & 0x7F) << 8 | (x >> 23 & 0xFF));
}

uint32_t sfpu_resolve_mod0(const TensixCfg *cfg, uint32_t thread, uint32_t mod0)
{
    return mod0 == SFPU_FMT_SRCB ? resolve_srcb(cfg, tensix_cfg_state_id(cfg, thread)) : mod0;
}

uint32_t sfpu_load_word(Sfpu *s, SrcDst *r, Rwc *rwc, const TensixCfg *cfg, uint32_t thread,
                        uint32_t w)
{
    uint32_t vd = TENSIX_GET(SFPLOAD, LREG_IND, w), mod0 = TENSIX_GET(SFPLOAD, INSTR_MOD0, w);
    uint32_t state = tensix_cfg_state_id(cfg, thread);
    if (mod0 == SFPU_FMT_SRCB)
        mod0 = resolve_srcb(cfg, state);
    uint32_t addr =
        dst_addr(s, rwc, cfg, thread, state, TENSIX_GET(SFPLOAD, DEST_REG_ADDR, w), mod0, 1);
    uint32_t en = sfpu_lane_enabled(s);
    for (uint32_t l = 0; vd < 8 && l < SFPU_LANES; l++) {
        uint32_t lc = s->lane_config[l & 7];
        if ((lc & SFPU_LC_BLOCK_SFPU_RD_FROM_DEST) ||
            (!(en & BIT(l)) && mod0 != SFPU_FMT_INT32_ALL))
            continue;
        uint32_t row = ((addr & ~3u) + l / 8) & M10;
        uint32_t col = (l & 7) * 2 + (((addr & 2) || (lc & SFPU_LC_DEST_RD_COL_EXCHANGE)) ? 1 : 0);
        uint16_t h = r->dst[row][col];
        uint32_t old = s->lreg[vd][l], v;
        switch (mod0) {
        case SFPU_FMT_FP16:
            v = dst_fp16_to_fp32(h, lc & SFPU_LC_ENABLE_FP16A_INF);
            break;
        case SFPU_FMT_BF16:
            v = dst_bf16_to_fp32(h);
            break;
        case SFPU_FMT_INT8:
            v = (uint32_t)(h >> 15) << 31 | ((h >> 5) & 0xFF);
            break;
        case SFPU_FMT_INT8_COMP:
            v = (uint32_t)(h >> 15) << 31 | ((h >> 5) & 0x3FF);
            break;
        case SFPU_FMT_LO16_ONLY:
            v = (old & 0xFFFF0000u) | h;
            break;
        case SFPU_FMT_HI16_ONLY:
            v = (uint32_t)h << 16 | (old & 0xFFFF);
            break;
        case SFPU_FMT_INT16:
            v = (uint32_t)(h >> 15) << 31 | (h & 0x7FFF);
            break;
        case SFPU_FMT_UINT16:
        case SFPU_FMT_LO16:
            v = h;
            break;
        case SFPU_FMT_HI16:
            v = (uint32_t)h << 16;
            break;
        case SFPU_FMT_ZERO:
            v = 0;
            break;
        default: /* FP32, INT32, INT32_ALL, INT32_SM: the same unshuffle for either type */
            v = dst32_to_fp32(dst32_read(r, row, col));
            break;
        }
        s->lreg[vd][l] = v;
        if (vd < 4 && (lc & SFPU_LC_ENABLE_DEST_INDEX) && (lc & SFPU_LC_CAPTURE_DEFAULT_DEST_INDEX))
            s->lreg[vd + 4][l] = row << 4 | col;
    }
    rwc_apply_addr_mod(rwc, cfg, thread, TENSIX_GET(SFPLOAD, SFPU_ADDR_MODE, w), 0);
    s->stats.loads++;
    return addr;
}

void sfpu_store_lanes(Sfpu *s, SrcDst *r, uint32_t vd, uint32_t mod0, uint32_t addr)
{
    uint32_t en = sfpu_lane_enabled(s);
    for (uint32_t l = 0; l < SFPU_LANES; l++) {
        uint32_t lc = s->lane_config[l & 7];
        if ((lc & SFPU_LC_BLOCK_DEST_WR_FROM_SFPU) ||
            (!(en & BIT(l)) && mod0 != SFPU_FMT_INT32_ALL))
            continue;
        uint32_t row = ((addr & ~3u) + l / 8) & M10;
        uint32_t col = (l & 7) * 2 + (((addr & 2) || (lc & SFPU_LC_DEST_WR_COL_EXCHANGE)) ? 1 : 0);
        uint32_t v = s->lreg[vd][l];
        uint16_t *h = &r->dst[row][col];
        switch (mod0) {
        case SFPU_FMT_FP16:
            *h = fp32_to_dst_fp16(v);
            break;
        case SFPU_FMT_BF16:
            *h = fp32_to_dst_bf16(v);
            break;
        case SFPU_FMT_FP32:
            dst32_write(r, row, col, dst32_from_fp32((v & 0x7F800000) ? v : v & 0x80000000));
            break;
        case SFPU_FMT_INT8:
        case SFPU_FMT_INT8_COMP: /* sign, 10-bit magnitude, the fixed exponent 16 */
            *h = (uint16_t)((v >> 31) << 15 | (v & 0x3FF) << 5 | 16);
            break;
        case SFPU_FMT_LO16_ONLY:
        case SFPU_FMT_UINT16:
            *h = (uint16_t)v;
            break;
        case SFPU_FMT_HI16_ONLY:
            *h = (uint16_t)(v >> 16);
            break;
        case SFPU_FMT_INT16:
            *h = (uint16_t)((v >> 31) << 15 | (v & 0x7FFF));
            break;
        case SFPU_FMT_LO16:
            dst32_write(r, row, col, v << 16 | v >> 16);
            break;
        case SFPU_FMT_HI16:
            dst32_write(r, row, col, v);
            break;
        case SFPU_FMT_ZERO:
            *h = 0;
            break;
        default: /* INT32, INT32_ALL, INT32_SM: shuffled, no flush */
            dst32_write(r, row, col, dst32_from_fp32(v));
            break;
        }
    }
    s->stats.stores++;
}

static void exec_store(Sfpu *s, SrcDst *r, Rwc *rwc, const TensixCfg *cfg, uint32_t thread,
                       uint32_t w)
{
    uint32_t vd = TENSIX_GET(SFPSTORE, LREG_IND, w), mod0 = TENSIX_GET(SFPSTORE, INSTR_MOD0, w);
    uint32_t state = tensix_cfg_state_id(cfg, thread);
    if (mod0 == SFPU_FMT_SRCB)
        mod0 = resolve_srcb(cfg, state);
    uint32_t addr =
        dst_addr(s, rwc, cfg, thread, state, TENSIX_GET(SFPSTORE, DEST_REG_ADDR, w), mod0, 0);
    sfpu_store_lanes(s, r, vd, mod0, addr);
    rwc_apply_addr_mod(rwc, cfg, thread, TENSIX_GET(SFPSTORE, SFPU_ADDR_MODE, w), 0);
}

static void exec_loadi(Sfpu *s, uint32_t w)
{
    uint32_t vd = TENSIX_GET(SFPLOADI, LREG_IND, w), mod0 = TENSIX_GET(SFPLOADI, INSTR_MOD0, w);
    uint32_t imm = TENSIX_GET(SFPLOADI, IMM16, w), en = sfpu_lane_enabled(s);
    if (mod0 != 0 && mod0 != 1 && mod0 != 2 && mod0 != 4 && mod0 != 8 && mod0 != 10) {
        BH_LOG_GUEST(s->log, "sfpu: SFPLOADI reserved Mod0 %u (ignored)", mod0);
        return;
    }
    for (uint32_t l = 0; vd < 8 && l < SFPU_LANES; l++) {
        if (!(en & BIT(l)))
            continue;
        uint32_t *d = &s->lreg[vd][l];
        switch (mod0) {
        case 0:
            *d = imm << 16;
            break;
        case 1: /* rebias only, even for zero and the top exponent */
            *d = (imm >> 15) << 31 | (((imm >> 10) & 0x1F) + 112) << 23 | (imm & 0x3FF) << 13;
            break;
        case 2:
            *d = imm;
            break;
        case 4:
            *d = (uint32_t)(int32_t)(int16_t)imm;
            break;
        case 8:
            *d = imm << 16 | (*d & 0xFFFF);
            break;
        default:
            *d = (*d & 0xFFFF0000u) | imm;
            break;
        }
    }
}

BhStatus sfpu_exec_mem(Sfpu *s, SrcDst *r, Rwc *rwc, const TensixCfg *cfg, uint32_t thread,
                       uint32_t w)
{
    switch (w >> 24) {
    case TENSIX_OP_SFPLOAD:
        sfpu_load_word(s, r, rwc, cfg, thread, w);
        return BH_OK;
    case TENSIX_OP_SFPSTORE:
        exec_store(s, r, rwc, cfg, thread, w);
        return BH_OK;
    default:
        exec_loadi(s, w);
        return BH_OK;
    }
}
