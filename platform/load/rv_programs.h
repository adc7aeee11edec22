/* platform/load/rv_programs.h - the riscv workload's programs (workload.elf): which ELF runs on
 * which core of which Tensix tile, read and checked before the run.
 *
 * Entries are separated by ';': "X,Y:CORE:FILE" with X,Y an enabled Tensix tile (NoC0) or
 * "all" (every enabled Tensix tile), CORE
 * one of brisc, ncrisc, trisc0, trisc1, trisc2, FILE the rest of the entry. Each file is read
 * (at most kElfFileMaxBytes) and parsed (model/riscv/rv_elf.h); its PT_LOAD segments must lie in
 * the tile's L1 or in that core's local data RAM (0xFFB00000, 8 KiB for brisc and ncrisc, 4 KiB
 * for the TRISCs). BRISC always starts at address 0 (docs/hardware.md#riscv): a BRISC program
 * whose entry is not 0 gets a jump to its entry at 0 (lui t0 / jalr, 8 bytes, as tt-metal's
 * host places one), so its own segments must leave [0, 8) free. Two entries for one core, or
 * segments of two programs of one tile that overlap in L1, are errors. Every error names the
 * key, the entry and what is wrong. */
#ifndef BH_RV_PROGRAMS_H
#define BH_RV_PROGRAMS_H
#include <cstdint>
#include <string>
#include <vector>
#include "model/chip/bh_grid.h"
#include "model/riscv/rv_elf.h"

namespace bh
{

constexpr uint64_t kElfFileMaxBytes = 64ull << 20;

struct RvSegment {
    uint32_t addr; /* L1 address, or 0xFFB00000-based for the core's local RAM */
    std::vector<uint8_t> bytes;
};

struct RvProgram {
    uint32_t node;    /* NoC0 node of the tile */
    uint32_t core;    /* TileCore (an Ethernet tile's E0, E1: TILE_E0, TILE_E1) */
    bool eth = false; /* on an Ethernet tile */
    std::string path;
    uint32_t entry;
    std::vector<RvSegment> segments; /* in file order; the BRISC jump appended last */
    std::vector<RvElfSym> syms;      /* sorted by address */
};

/* workload.elf's entries; l1_bytes and eth_l1_bytes bound the programs of Tensix and of
 * Ethernet tiles */
bool plan_rv_programs(const BhGrid &g, const std::string &text, uint64_t l1_bytes,
                      uint64_t eth_l1_bytes, std::vector<RvProgram> *out, std::string *err);
/* "brisc".. or "e0", "e1" */
std::string rv_core_name(const RvProgram &prog);
/* the symbol of `prog` containing addr, as "name+0xoff", or "" */
std::string rv_symbol_text(const RvProgram &prog, uint32_t addr);

} // namespace bh
#endif
