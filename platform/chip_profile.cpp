// SPDX-License-Identifier: Apache-2.0
/* platform/chip_profile.cpp - output.profile: every Tensix core counts its cycles per PC
 * (model/riscv/rv_profile.h); the chip attributes them to the ELF that held each PC (a reloaded
 * kernel slot hands its counts to the kernel that ran there before) and
 * platform/output/profile.cpp writes the files. */
#include "model/riscv/rv_profile.h"
#include "platform/chip.h"
#include "platform/output/profile.h"

namespace bh
{

namespace
{

/* the addresses [lo, hi) of a program: its segments in L1 (workload.elf, the BRISC reset jump
 * included), else what its symbols span (a host's, as Chip::add_symbols judges overlap) */
bool range_of(const RvProgram &p, uint32_t *lo, uint32_t *hi)
{
    *lo = UINT32_MAX, *hi = 0;
    for (const RvSegment &s : p.segments)
        if (s.addr < 0xFFB00000u && !s.bytes.empty()) { /* not the core's local RAM */
            *lo = std::min(*lo, s.addr);
            *hi = std::max(*hi, s.addr + (uint32_t)s.bytes.size());
        }
    if (*lo < *hi)
        return true;
    if (p.syms.empty())
        return false;
    *lo = p.syms.front().addr;
    *hi = p.syms.back().addr + std::max<uint32_t>(p.syms.back().size, 1);
    if (p.entry < *lo && *lo - p.entry < 0x1000u) /* start-up code before the first symbol */
        *lo = p.entry;
    return true;
}

struct Take {
    ProfileElf *elf;
};

void take_pc(void *ctx, uint32_t pc, const RvProfEntry *e)
{
    profile_add(&static_cast<Take *>(ctx)->elf->pcs[pc], *e);
}

} // namespace

void Chip::enable_profile()
{
    for (TensixTileTlm *l1 : l1_of_node_)
        if (l1)
            for (uint32_t c = 0; c < TILE_CORES; c++)
                if (RvCore *rv = l1->tile().cores[c].rv)
                    rv_core_profile_enable(rv);
}

void Chip::take_profile(uint32_t node, uint32_t core, const RvProgram *prog)
{
    TensixTileTlm *l1 = node < l1_of_node_.size() ? l1_of_node_[node] : nullptr;
    RvCore *rv = l1 ? l1->tile().cores[core].rv : nullptr;
    RvProfile *p = rv ? rv_core_profile(rv) : nullptr;
    if (!p)
        return;
    uint32_t lo = 0, hi = UINT32_MAX;
    if (prog && !range_of(*prog, &lo, &hi))
        return;
    ProfileElf got;
    Take t{&got};
    rv_profile_each(p, lo, hi, 1, take_pc, &t);
    if (got.pcs.empty())
        return;
    ProfileElf &elf = prof_[prog ? prog->path : std::string()];
    for (const auto &[pc, e] : got.pcs)
        profile_add(&elf.pcs[pc], e);
    elf.cores.insert(node * TILE_CORES + core);
    if (prog && elf.syms.empty())
        elf.syms = prog->syms;
}

const ProfileData &Chip::collect_profile()
{
    for (uint32_t node = 0; node < l1_of_node_.size(); node++) {
        TensixTileTlm *l1 = l1_of_node_[node];
        if (!l1)
            continue;
        tensix_tile_sync_cores(&l1->tile());
        for (uint32_t core = 0; core < TILE_CORES; core++) {
            auto it = syms_.find(node * TILE_CORES + core);
            if (it != syms_.end())
                for (const auto &prog : it->second)
                    take_profile(node, core, prog.get());
            for (const RvProgram &prog : plan_.rv_programs)
                if (prog.node == node && prog.core == core)
                    take_profile(node, core, &prog);
            take_profile(node, core, nullptr); /* what is left: PCs of no known program */
        }
    }
    return prof_;
}

} // namespace bh
