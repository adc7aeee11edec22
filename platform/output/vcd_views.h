/* platform/output/vcd_views.h - files that make a run's VCD readable in GTKWave, written next
 * to it after the run (also after a failed one):
 *   <base>.l1_clients.txt  translate filter naming the L1 `holder` values (l1_ports.h)
 *   <base>.rv_states.txt   translate filter naming the RISC-V cores' `state` values
 *                          (TILE_CORE_STATE_TABLE), written when a riscv tile is traced
 *   <base>.gtkw            save file: `gtkwave <base>.gtkw` opens <base>.vcd with the run's
 *                          useful signals grouped: per traced riscv tile (the first eight in
 *                          grid order) the state (filter attached) and pc of each core released
 *                          during the run; per NoC the busiest router links and the NIUs that
 *                          injected most (outstanding transactions); per traced L1 (the busiest
 *                          four) its used ports' holders, filter attached, and blocked flags, its
 *                          banks in a closed group; and the GDDR6 controllers that moved data.
 *                          Names come from the shells that traced them.
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
