/* platform/load/l1_image.h - bytes placed in a tile's L1 before a run (workload.l1_init) and read
 * out of it after the run (output.dump_l1, --dump-l1).
 *
 * Entries are separated by ';'. An init entry is "X,Y:ADDR:FILE" (the whole file goes to
 * ADDR), a dump entry "X,Y:ADDR:LEN:FILE". X,Y name an enabled Tensix tile in NoC0
 * coordinates; ADDR and LEN are decimal or 0x-hex; the range must lie inside the 1536 KiB L1.
 * FILE is the rest of the entry (it may contain ':'), relative to the working directory.
 * Every error names the key, the entry and what is wrong. */
#ifndef BH_L1_IMAGE_H
#define BH_L1_IMAGE_H
#include <cstdint>
#include <string>
#include <vector>
#include "model/chip/bh_grid.h"

namespace bh
{

struct L1Blob {
    uint32_t node; /* NoC0 node */
    uint32_t addr;
    std::vector<uint8_t> bytes;
};

struct L1Dump {
    uint32_t chip = 0; /* of system.chips ("C@X,Y:..."; 0 without) */
    uint32_t node;
    uint32_t addr, len;
    std::string path;
};

/* Reads every init file now, so a bad entry stops the run before it starts. */
bool plan_l1_init(const BhGrid &g, const std::string &text, uint64_t l1_bytes,
                  std::vector<L1Blob> *out, std::string *err);
/* Checks every dump entry and that its file can be written; errors name `key`. */
bool plan_l1_dumps(const BhGrid &g, const std::string &key, const std::string &text,
                   uint64_t l1_bytes, std::vector<L1Dump> *out, std::string *err);

} // namespace bh
#endif
