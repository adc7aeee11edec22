/* model/noc/noc_xlate.h - an NIU's coordinate translation: the registers firmware programs and
 * the function the hardware applies to the X/Y of NOC_TARG_ADDR_HI / NOC_RET_ADDR_HI when
 * NIU_CFG_0 bit 14 is set.
 *
 * Algorithm (jasondavies/tt-isa-documentation BlackholeA0/NoC/Coordinates.md, "Translation
 * Algorithm"): each of the X, Y and DDR tables is 32 entries of 5 bits, six per 32-bit register
 * (bits 0-29), the sixth register holding the last two. With x31 = x & 31, y31 = y & 31:
 *   X: if DDR_COORD_TRANSLATE_COL_SWAP bit y31 and (x31 ^ 9) is a DDR column: x31 ^ 9;
 *      else if NOC_ID_TRANSLATE_ROW_MASK bit y31: x unchanged; else x_table[x31]
 *   Y: if x31 is a DDR column: ddr_table[y31]; else if NOC_ID_TRANSLATE_COL_MASK bit x31: y
 *      unchanged; else y_table[y31]
 * where the DDR columns are 9 (DDR_COORD_TRANSLATE_TABLE_5 bit 10) and 0 (bit 11). Firmware
 * leaves the DDR feature off; it is modelled anyway, as the registers can be written.
 * Register offsets (from the NIU's base; BlackholeA0/NoC/MemoryMap.md): NIU_CFG_0 0x100,
 * NOC_X_ID_TRANSLATE_TABLE_0..5 0x118.., NOC_Y_ID_TRANSLATE_TABLE_0..5 0x130..,
 * NOC_ID_LOGICAL 0x148, COL_MASK 0x150, ROW_MASK 0x154, DDR_COORD_TRANSLATE_TABLE_0..5
 * 0x158.., DDR_COORD_TRANSLATE_COL_SWAP 0x170.
 */
#ifndef BH_NOC_XLATE_H
#define BH_NOC_XLATE_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

#define NOC_XLATE_ENABLE (1u << 14) /* NIU_CFG_0 */
#define NOC_XLATE_OFF_NIU_CFG_0 0x100u
#define NOC_XLATE_OFF_X_TABLE 0x118u
#define NOC_XLATE_OFF_Y_TABLE 0x130u
#define NOC_XLATE_OFF_ID_LOGICAL 0x148u
#define NOC_XLATE_OFF_COL_MASK 0x150u
#define NOC_XLATE_OFF_ROW_MASK 0x154u
#define NOC_XLATE_OFF_DDR_TABLE 0x158u
#define NOC_XLATE_OFF_COL_SWAP 0x170u

/* the registers, as firmware writes them */
typedef struct NocXlateRegs {
    uint32_t x_table[6], y_table[6], ddr_table[6];
    uint32_t col_mask, row_mask, col_swap;
} NocXlateRegs;

/* decoded for use at every command */
typedef struct NocXlate {
    uint8_t x[32], y[32], ddr[32];
    uint32_t col_mask, row_mask, col_swap;
    uint8_t ddr_col0, ddr_col9; /* columns 0 / 9 are DDR columns */
} NocXlate;

void noc_xlate_decode(NocXlate *t, const NocXlateRegs *r);
/* (x, y) as written by software -> raw NoC coordinates (6-bit fields: bits above 4 of the
 * input select nothing, as the hardware uses x & 31 and y & 31) */
void noc_xlate_apply(const NocXlate *t, uint32_t *x, uint32_t *y);
/* the 32 x 5-bit table `table` packed into six registers, as parse_table reads them */
void noc_xlate_pack(const uint8_t table[32], uint32_t regs[6]);
/* true if `off` (from the NIU's base) is one of the registers above that decode reads */
int noc_xlate_is_reg(uint32_t off);

#ifdef __cplusplus
}
#endif
#endif
