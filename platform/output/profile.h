/* platform/output/profile.h - the source-level profile of the RISC-V cores (output.profile):
 * the cycles per PC the cores counted (model/riscv/rv_profile.h), grouped by the ELF that holds
 * each PC, mapped to source lines through the ELF's DWARF line table (elfutils libdw) after the
 * run, and written as <elf>.info (LCOV, line counts = cycles), <elf>.callgrind (events Cycles,
 * Stalls, CoprocInsns) and hot.txt (each ELF's hottest lines, stalls by cause).
 * No SystemC here: the chip gathers the counts (chip_profile.cpp), this file only writes them.
 */
#ifndef BH_PROFILE_H
#define BH_PROFILE_H
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>
#include "model/riscv/rv_elf.h"
#include "model/riscv/rv_profile.h"

namespace bh
{

struct ProfileElf {
    std::vector<RvElfSym> syms;          /* sorted by address (function names) */
    std::map<uint32_t, RvProfEntry> pcs; /* counts per PC, summed over the cores */
    std::set<uint32_t> cores;            /* node * TILE_CORES + core of the cores that ran it */
};

/* by ELF path; "" holds the PCs of no known program (reported by address) */
using ProfileData = std::map<std::string, ProfileElf>;

/* Adds e into d (every field). */
void profile_add(RvProfEntry *d, const RvProfEntry &e);
/* Writes the profile files into dir (which exists); false with a message naming the file. */
bool write_profile(const ProfileData &data, const std::string &dir, std::string *err);

} // namespace bh
#endif
