// SPDX-License-Identifier: Apache-2.0
#include "platform/load/rv_programs.h"
#include <cstring>
#include <sstream>
#include "model/tile/tensix_tile.h"
#include "platform/chip.h"
#include "platform/load/file_read.h"

namespace bh
{

static bool fail(std::string *err, const std::string &msg)
{
    *err = msg;
    return false;
}

static std::string hex(uint64_t v)
{
    std::ostringstream s;
    s << "0x" << std::hex << v;
    return s.str();
}

/* Where a program's bytes may go: the tile's L1, or the core's own local RAM. */
struct Placer {
    uint64_t l1_bytes;
    uint32_t local_bytes;
    std::vector<RvSegment> *segs;
};

static BhStatus place(void *ctx, uint32_t addr, const uint8_t *data, uint32_t len, char *why,
                      size_t why_len)
{
    Placer *p = static_cast<Placer *>(ctx);
    const uint32_t local = tile_region(TILE_RG_LOCAL_MEM)->base;
    const bool in_l1 = addr < p->l1_bytes && len <= p->l1_bytes - addr;
    const bool in_local = addr >= local && (uint64_t)(addr - local) + len <= p->local_bytes;
    if (!in_l1 && !in_local) {
        std::snprintf(why, why_len,
                      "outside the tile's memory: L1 is 0x0..0x%llx and this core's local RAM "
                      "0x%08x..0x%08x",
                      (unsigned long long)p->l1_bytes - 1, local, local + p->local_bytes - 1);
        return BH_ERR_ADDR;
    }
    RvSegment s;
    s.addr = addr;
    if (data)
        s.bytes.assign(data, data + len);
    else
        s.bytes.assign(len, 0);
    p->segs->push_back(std::move(s));
    return BH_OK;
}

static bool core_of(const std::string &name, uint32_t *core)
{
    for (uint32_t c = 0; c < TILE_CORES; c++)
        if (name == tile_core_name(c)) {
            *core = c;
            return true;
        }
    return false;
}

static bool overlaps(const RvSegment &a, const RvSegment &b)
{
    const uint64_t local = tile_region(TILE_RG_LOCAL_MEM)->base;
    if ((a.addr >= local) != (b.addr >= local) || a.addr >= local)
        return false; /* local RAMs are per core */
    return a.addr < b.addr + (uint64_t)b.bytes.size() && b.addr < a.addr + (uint64_t)a.bytes.size();
}

/* BRISC starts at 0: lui t0, %hi(entry); jalr x0, %lo(entry)(t0) */
static RvSegment brisc_jump(uint32_t entry)
{
    const uint32_t lo = entry & 0xFFF, hi = (entry + 0x800) & 0xFFFFF000u;
    const uint32_t lui = hi | 5u << 7 | 0x37u;
    const uint32_t jalr = lo << 20 | 5u << 15 | 0x67u;
    RvSegment s;
    s.addr = 0;
    for (uint32_t w : {lui, jalr})
        for (int b = 0; b < 4; b++)
            s.bytes.push_back((uint8_t)(w >> (8 * b)));
    return s;
}

/* An Ethernet tile's cores: E0 and E1 in the tile module's BRISC and NCRISC slots */
static bool eth_core_of(const std::string &name, uint32_t *core)
{
    if (name != "e0" && name != "e1")
        return false;
    *core = name == "e0" ? (uint32_t)TILE_E0 : (uint32_t)TILE_E1;
    return true;
}

static bool plan_one(const BhGrid &g, const std::string &e, uint64_t l1_bytes,
                     uint64_t eth_l1_bytes, RvProgram *prog, std::string *err)
{
    const std::string where = "workload.elf: entry '" + e + "'";
    size_t c1 = e.find(':'), c2 = c1 == std::string::npos ? c1 : e.find(':', c1 + 1);
    if (c2 == std::string::npos || c2 + 1 >= e.size())
        return fail(err, where + ": expected X,Y:CORE:FILE");
    const std::string core = e.substr(c1 + 1, c2 - c1 - 1);
    prog->eth = eth_core_of(core, &prog->core);
    if (prog->eth) {
        if (!eth_tile(g, where, e.substr(0, c1), &prog->node, err))
            return fail(err, *err + ": e0 and e1 are Ethernet cores");
        l1_bytes = eth_l1_bytes;
    } else if (!core_of(core, &prog->core)) {
        return fail(err, where + ": core '" + core +
                             "' is not one of brisc, ncrisc, trisc0, trisc1, trisc2 (a Tensix "
                             "tile's) or e0, e1 (an Ethernet tile's)");
    } else if (e.substr(0, c1) == "all") {
        prog->node = UINT32_MAX; /* every enabled Tensix tile: the caller copies it */
    } else if (!compute_tile(g, where, e.substr(0, c1), &prog->node, err)) {
        return false;
    }
    prog->path = e.substr(c2 + 1);
    std::string text, why;
    if (!read_file_capped(prog->path, kElfFileMaxBytes, &text, &why))
        return fail(err, where + ": cannot read '" + prog->path + "': " + why);
    Placer placer{l1_bytes, tile_core_ram_bytes(prog->core), &prog->segments};
    std::vector<RvElfSym> syms(RV_ELF_SYMS_MAX);
    RvElfInfo info{};
    info.syms = syms.data();
    char ewhy[512] = "";
    if (rv_elf_load(reinterpret_cast<const uint8_t *>(text.data()), text.size(), place, &placer,
                    &info, ewhy, sizeof ewhy) != BH_OK)
        return fail(err, where + ": '" + prog->path + "': " + ewhy);
    prog->entry = info.entry;
    syms.resize(info.n_syms);
    prog->syms = std::move(syms);
    if (prog->core == TILE_BRISC && !prog->eth && prog->entry != 0) {
        RvSegment jump = brisc_jump(prog->entry);
        for (const RvSegment &s : prog->segments)
            if (overlaps(s, jump))
                return fail(err, where +
                                     ": BRISC starts at address 0, where its program has a "
                                     "segment, but its entry is " +
                                     hex(prog->entry) + " (link it to start at 0)");
        prog->segments.push_back(std::move(jump));
    }
    if (prog->entry >= l1_bytes)
        return fail(err, where + ": entry " + hex(prog->entry) +
                             " is not in L1: cores fetch instructions from L1 only");
    return true;
}

static bool add_program(RvProgram prog, const std::string &e, std::vector<RvProgram> *out,
                        std::string *err);

std::string rv_core_name(const RvProgram &prog)
{
    return prog.eth ? (prog.core == TILE_E0 ? "e0" : "e1") : tile_core_name(prog.core);
}

bool plan_rv_programs(const BhGrid &g, const std::string &text, uint64_t l1_bytes,
                      uint64_t eth_l1_bytes, std::vector<RvProgram> *out, std::string *err)
{
    std::istringstream in(text);
    for (std::string e; std::getline(in, e, ';');) {
        size_t a = e.find_first_not_of(" \t"), b = e.find_last_not_of(" \t");
        if (a == std::string::npos)
            continue;
        e = e.substr(a, b - a + 1);
        RvProgram one;
        if (!plan_one(g, e, l1_bytes, eth_l1_bytes, &one, err))
            return false;
        std::vector<RvProgram> copies;
        if (one.node != UINT32_MAX)
            copies.push_back(std::move(one));
        else
            for (uint32_t i = 0; i < g.w * g.h; i++)
                if (g.tiles[i].enabled && g.tiles[i].kind == BH_TILE_TENSIX) {
                    copies.push_back(one);
                    copies.back().node = i;
                }
        for (RvProgram &prog : copies)
            if (!add_program(std::move(prog), e, out, err))
                return false;
    }
    if (out->empty())
        return fail(err, "workload.elf: the riscv workload needs at least one program "
                         "(--set workload.elf=X,Y:CORE:FILE)");
    return true;
}

static bool add_program(RvProgram prog, const std::string &e, std::vector<RvProgram> *out,
                        std::string *err)
{
    {
        for (const RvProgram &o : *out) {
            if (o.node != prog.node)
                continue;
            if (o.core == prog.core)
                return fail(err, "workload.elf: entry '" + e + "': " + rv_core_name(o) +
                                     " of this tile already runs '" + o.path + "'");
            for (const RvSegment &s : prog.segments)
                for (const RvSegment &t : o.segments)
                    if (overlaps(s, t))
                        return fail(err, "workload.elf: entry '" + e + "': its bytes at " +
                                             hex(s.addr) + ".." + hex(s.addr + s.bytes.size() - 1) +
                                             " overlap those of '" + o.path + "' (" +
                                             rv_core_name(o) + ") in L1");
        }
        out->push_back(std::move(prog));
    }
    return true;
}

std::string rv_symbol_text(const RvProgram &prog, uint32_t addr)
{
    RvElfInfo info{};
    info.syms = const_cast<RvElfSym *>(prog.syms.data());
    info.n_syms = (uint32_t)prog.syms.size();
    const RvElfSym *s = rv_elf_symbol_at(&info, addr);
    if (!s)
        return "";
    return addr == s->addr ? std::string(s->name)
                           : std::string(s->name) + "+" + hex(addr - s->addr);
}

} // namespace bh
