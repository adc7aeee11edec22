/* platform/output/vcd_views.h - files that make a run's VCD readable in GTKWave, written next
 * to it after the run (also after a failed one):
 *   <base>.l1_clients.txt  translate filter naming the L1 `holder` values (l1_ports.h)
 *   <base>.rv_states.txt   translate filter naming the RISC-V cores' `state` values
 *                          (TILE_CORE_STATE_TABLE), written when a riscv tile is traced
 *   <base>.coproc_states.txt, <base>.unit_states.txt  the coprocessors' thread and unit states
 *   <base>.gtkw            save file: `gtkwave <base>.gtkw` opens <base>.vcd with the run's
 *                          useful signals grouped: per program tile (a host program's kernel
 *                          tiles, else the riscv tiles; the first eight in grid order) the state
 *                          (filter attached) and pc of each core released during the run; the
 *                          coprocessors with most matrix work; per NoC the busiest router links
 *                          and the NIUs that issued requests and injected most (outstanding
 *                          transactions); per traced L1 (the busiest four) its used ports'
 *                          holders, filter attached, and blocked flags, its banks in a closed
 *                          group; and the GDDR6 controllers that moved data. Every row has a
 *                          display name with its tile, "(1,2) brisc pc", "NoC0 (3,2)->(4,2)
 *                          busy", unique in the file; the window opens on the whole run, and a
 *                          comment row gives a cycle in the VCD's femtoseconds.
 * <base> is output.vcd without its ".vcd" (the file is <base>.vcd). */
#ifndef BH_VCD_VIEWS_H
#define BH_VCD_VIEWS_H
#include <string>

namespace bh
{

class Chip;

/* false with a message naming the file when one cannot be written */
bool write_vcd_views(Chip &chip, const std::string &vcd_path, std::string *err);

} // namespace bh
#endif
