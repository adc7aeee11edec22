// SPDX-License-Identifier: Apache-2.0
/* The RISC-V cores of the chip: on every enabled Tensix tile (with the timed L1) the coprocessor
 * and the five cores, held in reset; then the riscv workload's programs placed, the reset PCs
 * set and the loaded cores released at cycle 0 (as a host does: all cores held, program, reset
 * PCs and overrides, release). */
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include "platform/chip.h"
#include "platform/tile/tile_report.h"

namespace bh
{

static void write_reg(TensixTile &t, uint32_t reg, uint32_t val)
{
    const uint64_t addr = tile_region(TILE_RG_DEBUG_REGS)->base + tile_reg_offset(reg);
    if (tensix_tile_debug(&t, TILE_BRISC, addr, 4, 1, &val, 0) != BH_OK)
        throw std::logic_error(std::string("riscv: cannot write ") + tile_reg_name(reg));
}

static uint32_t read_reg(TensixTile &t, uint32_t reg)
{
    return t.regs[reg];
}

void Chip::assemble_cores()
{
    const BhGrid &g = *plan_.grid;
    if (!plan_.tensix_cores)
        return;
    std::vector<uint8_t> runs(g.w * g.h, 0);
    for (uint32_t node : plan_.rv_tiles)
        runs[node] = 1;
    for (uint32_t node = 0; node < g.w * g.h; node++) {
        const BhTile &bt = g.tiles[node];
        TensixTileTlm *l1 = l1_of_node_.at(node);
        if (!bt.enabled || (bt.kind != BH_TILE_TENSIX && bt.kind != BH_TILE_ETH) || !l1)
            continue;
        if (bt.kind == BH_TILE_TENSIX) /* an Ethernet tile has its two cores and no coprocessor */
            l1->enable_coprocessor(plan_.tensix, plan_.tensix_deadlock_cycles);
        TileTlm *tile = tiles_.at(node).get();
        l1->enable_cores(plan_.riscv, &TileTlm::core_niu, tile);
        tensix_tile_set_latencies(&l1->tile(), &plan_.riscv_latency);
        for (uint32_t k = 0; k < plan_.n_nocs; k++)
            nocs_[k]->watch_niu(tile->node(k), &TensixTileTlm::niu_watch, l1);
        if (!runs[node])
            idle_cores_.push_back(l1);
    }
    for (uint32_t node : plan_.rv_tiles) {
        TensixTileTlm *l1 = l1_of_node_.at(node); /* planning checked: a timed Tensix tile */
        l1->trace_cores(true);
        rv_tiles_.push_back(l1);
    }
    if (plan_.profile)
        enable_profile();
    setup_programs();
}

void Chip::setup_programs()
{
    const BhGrid &g = *plan_.grid;
    std::vector<uint32_t> release(g.w * g.h, 0);
    for (const RvProgram &prog : plan_.rv_programs) {
        TensixTile &t = l1_of_node_.at(prog.node)->tile();
        for (const RvSegment &s : prog.segments) {
            BhStatus st = tensix_tile_debug(&t, prog.core, s.addr, (uint32_t)s.bytes.size(), 1,
                                            const_cast<uint8_t *>(s.bytes.data()), 0);
            if (st != BH_OK) /* planning checked every segment against L1 and the local RAM */
                throw std::logic_error("riscv: placing " + prog.path + " failed");
        }
        if (prog.eth) {
            write_reg(t, prog.core == TILE_E0 ? TILE_R_ETH_RESET_PC0 : TILE_R_ETH_RESET_PC1,
                      prog.entry);
        } else if (prog.core <= TILE_TRISC2) {
            write_reg(t, TILE_R_TRISC0_RESET_PC + prog.core, prog.entry);
            write_reg(t, TILE_R_TRISC_RESET_PC_OVERRIDE,
                      read_reg(t, TILE_R_TRISC_RESET_PC_OVERRIDE) | 1u << prog.core);
        } else if (prog.core == TILE_NCRISC) {
            write_reg(t, TILE_R_NCRISC_RESET_PC, prog.entry);
            write_reg(t, TILE_R_NCRISC_RESET_PC_OVERRIDE, 1);
        }
        release[prog.node] |= tensix_tile_core_reset_mask(&t, prog.core);
    }
    for (uint32_t node : plan_.rv_tiles) {
        TensixTile &t = l1_of_node_.at(node)->tile();
        write_reg(t, TILE_R_SOFT_RESET_0, read_reg(t, TILE_R_SOFT_RESET_0) & ~release[node]);
    }
    for (size_t i = 0; i < rv_tiles_.size(); i++) {
        TensixTileTlm *l1 = rv_tiles_[i];
        const uint32_t node = plan_.rv_tiles[i];
        BlockHooks h;
        h.name = l1->basename();
        h.error_kind = "riscv";
        h.idle = [l1](uint64_t) {
            return tensix_tile_cores_idle(&l1->tile()) &&
                   (!l1->core() || tensix_core_idle(l1->core())) && l1_idle(&l1->tile().l1);
        };
        h.error = [this, l1, node] {
            const TensixTile &t = l1->tile();
            if (t.failed)
                return name_pcs(node, std::string(t.name) + " " + t.error);
            if (t.core && t.core->failed)
                return std::string(t.name) + ": " + t.core->error;
            return std::string();
        };
        h.last_busy = [l1] { return l1->last_busy_cycle(); };
        h.busy = [this, l1, node](uint64_t) { return name_pcs(node, rv_busy_text(l1->tile())); };
        h.unfinished = [this, l1, node] {
            char buf[512];
            return tensix_tile_cores_held_unfinished(&l1->tile(), buf, sizeof buf)
                       ? "stall: " + name_pcs(node, buf)
                       : std::string();
        };
        h.report_key = "riscv";
        h.report = [l1, node](const ReportContext &ctx, boost::json::array &tiles) {
            tensix_tile_sync_cores(&l1->tile());
            tiles.push_back(riscv_tile_json(*l1, node, ctx));
        };
        blocks_.add(std::move(h));
    }
    /* the cores nothing runs on: if something starts them (a host through the C API), their
     * guest errors stop the run and they hold it open while they run */
    for (TensixTileTlm *l1 : idle_cores_) {
        BlockHooks h;
        h.name = l1->basename();
        h.error_kind = "riscv";
        h.idle = [l1](uint64_t) { return tensix_tile_cores_idle(&l1->tile()) != 0; };
        h.error = [l1] {
            const TensixTile &t = l1->tile();
            return t.failed ? std::string(t.name) + " " + t.error : std::string();
        };
        h.busy = [l1](uint64_t) { return rv_busy_text(l1->tile()); };
        blocks_.add(std::move(h));
    }
    if (!rv_tiles_.empty()) {
        BlockHooks h;
        h.name = "riscv";
        h.stall = [this](uint64_t now, uint64_t quiet_since, uint64_t limit) {
            return riscv_stalled(now, quiet_since, limit);
        };
        blocks_.add(std::move(h));
    }
}

/* The programs' stall: on every tile the released cores that have not finished wait for
 * something only another agent could change (a word they poll, a mailbox, a FIFO), no
 * coprocessor or L1 works, every network is empty, and nothing has moved for `limit`
 * (noc.deadlock_cycles) cycles: nothing can ever wake them. */
std::string Chip::riscv_stalled(uint64_t now, uint64_t last_move, uint64_t limit) const
{
    uint32_t tiles = 0;
    for (TensixTileTlm *l1 : rv_tiles_) {
        const int stuck = tensix_tile_cores_stuck(&l1->tile(), nullptr, 0);
        if (stuck < 0)
            return "";
        last_move = std::max<uint64_t>(last_move, l1->last_busy_cycle());
        tiles += stuck > 0;
    }
    if (!tiles || now <= last_move + limit)
        return "";
    std::string what;
    uint32_t shown = 0;
    for (size_t i = 0; i < rv_tiles_.size(); i++) {
        char buf[1024];
        if (tensix_tile_cores_stuck(&rv_tiles_[i]->tile(), buf, sizeof buf) > 0 &&
            shown++ < NOC_WAIT_LIST_SHOWN)
            what += name_pcs(rv_node(i), buf) + "\n";
    }
    return "stall: the RISC-V cores of " + std::to_string(tiles) +
           " tile(s) wait for what nothing can change: nothing has moved since cycle " +
           std::to_string(last_move) + " (now " + std::to_string(now) +
           (limit ? ", noc.deadlock_cycles " + std::to_string(limit)
                  : std::string(", the end of the run: sim.cycles")) +
           ")" +
           (tiles > NOC_WAIT_LIST_SHOWN
                ? "; the first " + std::to_string(NOC_WAIT_LIST_SHOWN) + " tiles"
                : std::string()) +
           ":\n" + what;
}

void Chip::add_symbols(uint32_t node, uint32_t core, std::shared_ptr<const RvProgram> prog)
{
    if (prog->syms.empty())
        return;
    const uint32_t lo = prog->syms.front().addr,
                   hi = prog->syms.back().addr + std::max<uint32_t>(prog->syms.back().size, 1);
    auto &list = syms_[node * TILE_CORES + core];
    for (auto it = list.begin(); it != list.end();) {
        const RvProgram &o = **it;
        const bool overlap = o.syms.front().addr < hi && lo < o.syms.back().addr + 1;
        if ((overlap || o.path == prog->path) && plan_.profile)
            take_profile(node, core, &o); /* what ran there so far was o */
        it = overlap || o.path == prog->path ? list.erase(it) : it + 1;
    }
    list.push_back(std::move(prog));
}

const RvProgram *Chip::program_at(uint32_t node, uint32_t core, uint32_t pc) const
{
    auto it = syms_.find(node * TILE_CORES + core);
    if (it == syms_.end() || it->second.empty())
        return nullptr;
    for (const auto &prog : it->second)
        if (!rv_symbol_text(*prog, pc).empty())
            return prog.get();
    return it->second.back().get();
}

bool Chip::kernel_core(uint32_t node, uint32_t core) const
{
    /* no program holds this PC: the last registered */
    const RvProgram *last = program_at(node, core, UINT32_MAX);
    for (const RvElfSym &s : last ? last->syms : std::vector<RvElfSym>())
        if (!std::strcmp(s.name, "bh_kernel_entry"))
            return true;
    return false;
}

std::string Chip::name_pcs(uint32_t node, const std::string &text) const
{
    if (syms_.empty())
        return text;
    std::string out;
    size_t from = 0;
    int core = -1; /* the core named last before the PC */
    const TensixTileTlm *l1 = node < l1_of_node_.size() ? l1_of_node_[node] : nullptr;
    for (size_t at; (at = text.find("pc 0x", from)) != std::string::npos;) {
        size_t last = from;
        for (uint32_t c = 0; c < TILE_CORES; c++) {
            const size_t k =
                text.rfind(l1 ? tensix_tile_core_name(&l1->tile(), c) : tile_core_name(c), at);
            if (k != std::string::npos && k >= last)
                core = (int)c, last = k;
        }
        const size_t end = at + 13;
        out += text.substr(from, std::min(end, text.size()) - from);
        from = std::min(end, text.size());
        auto it = core < 0 ? syms_.end() : syms_.find(node * TILE_CORES + (uint32_t)core);
        if (it == syms_.end() || end > text.size())
            continue;
        const uint32_t pc = (uint32_t)std::strtoul(text.substr(at + 5, 8).c_str(), nullptr, 16);
        for (const auto &prog : it->second)
            if (std::string sym = rv_symbol_text(*prog, pc); !sym.empty()) {
                out += " (" + sym + ")";
                break;
            }
    }
    return out + text.substr(from);
}

void Chip::set_core_horizon(uint64_t end)
{
    for (const auto *list : {&rv_tiles_, &idle_cores_})
        for (TensixTileTlm *l1 : *list)
            l1->tile().horizon = end;
}

void Chip::settle_cores(uint64_t end)
{
    for (const auto *list : {&rv_tiles_, &idle_cores_})
        for (TensixTileTlm *l1 : *list)
            tensix_tile_settle_cores(&l1->tile(), end);
}

/* which cores still run, and where */
std::string rv_busy_text(const TensixTile &t)
{
    std::string s;
    for (uint32_t c = 0; c < TILE_CORES; c++) {
        const TileCoreSlot &slot = t.cores[c];
        if (!slot.released || slot.held || slot.stopped)
            continue;
        char b[96];
        std::snprintf(b, sizeof b, "%s%s at pc 0x%08x", s.empty() ? "" : ", ",
                      tensix_tile_core_name(&t, c), rv_core_pc(slot.rv));
        s += b;
    }
    if (t.core && !tensix_core_idle(t.core))
        s += std::string(s.empty() ? "" : ", ") + "its Tensix coprocessor";
    return std::string(t.name) + ": " + (s.empty() ? "idle" : s) + " still running; ";
}

} // namespace bh
