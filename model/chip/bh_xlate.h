/* model/chip/bh_xlate.h - Blackhole's translated ("virtual") NoC coordinates as firmware
 * numbers the tiles, and the NIU translation registers that realise them on each NoC.
 *
 * The numbering (jasondavies/tt-isa-documentation BlackholeA0/NoC/Coordinates.md; the rules for
 * harvested tiles from tenstorrent/tt-umd device/coordinates/blackhole_coordinate_manager.cpp,
 * whose coordinates tt-umd and tt-metal put in their NoC addresses):
 *   rows 0 and 1: raw NoC0 X (the row mask keeps X), Y 0 / 1;
 *   Tensix rows 2-11: enabled columns renumbered in NoC0 X order onto 1-7, 10-16; disabled
 *     columns after them, from 16 down, in the order of their physical column index
 *     (NoC0 X 1, 16, 2, 15, 3, 14, 4, 13, 5, 12, 6, 11, 7, 10); X 0, 8, 9 stay;
 *   DRAM (17 or 18, 12-23), three Y per controller in port order; with every controller
 *     enabled 0-3 at X 17 and 4-7 at X 18; with controller h disabled, the enabled ones of
 *     h's side and of the other side fill Y 12-20 of X 18 and X 17 (h < 4: the west ones at
 *     X 18) and the pair (h, h +- 4) takes Y 21-23 (h at X 18);
 *   the PCIe tile the host uses: (19, 24); enabled Ethernet channels in channel order:
 *     (20 + k, 25); L2CPU n: (8, 26 + n); security (8, 30); ARC (8, 0) as raw;
 *   a disabled Ethernet channel or the other PCIe tile keeps its raw NoC0 coordinates.
 * The tables: X and Y are separable for every product (a controller and the one 4 further
 * share their ports' Y), so one X table, one Y table and a row mask for rows 0-1 give the
 * numbering on NoC0; on NoC1 the same translated numbers map to NoC1's raw coordinates
 * (16 - x, 11 - y): the translated space is the same on both NoCs. The DDR feature is off.
 */
#ifndef BH_XLATE_H
#define BH_XLATE_H
#include <stddef.h>
#include <stdint.h>
#include "model/chip/bh_grid.h"
#include "model/noc/noc_xlate.h"
#ifdef __cplusplus
extern "C" {
#endif

/* The translated coordinates, on NoC `noc`, of the tile at NoC0 (x, y). pcie_x: NoC0 X of the
 * PCIe tile the host uses (2 or 11). Rows 0 and 1 keep the raw X of the NoC asked for (NoC1:
 * 16 - x), the one place the two NoCs' numbering differs. BH_ERR_CONFIG for a generic grid,
 * (x, y) outside the grid, or more than one disabled DRAM controller. */
BhStatus bh_xlate_of(const BhGrid *g, uint32_t pcie_x, uint32_t noc, uint32_t x, uint32_t y,
                     uint32_t *tx, uint32_t *ty);
/* The registers firmware writes into every NIU of NoC `noc` (0 or 1); BH_ERR_CONFIG (why
 * says so) for a generic grid, more than one disabled DRAM controller, or a numbering the
 * tables cannot realise. */
BhStatus bh_xlate_regs(const BhGrid *g, uint32_t pcie_x, uint32_t noc, NocXlateRegs *r, char *why,
                       size_t why_len);

#ifdef __cplusplus
}
#endif
#endif
