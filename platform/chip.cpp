// SPDX-License-Identifier: Apache-2.0
#include "platform/chip.h"
#include <fstream>
#include <cstring>
#include <stdexcept>
#include "platform/config.h"
#include "platform/output/report.h"

namespace bh
{

uint32_t Chip::noc0_node_of_frame(uint32_t noc, uint32_t frame_node) const
{
    return noc_frame_node(&frame_, noc, frame_node);
}

Chip::Chip(sc_core::sc_module_name name, const ChipPlan &plan, bool trace_busy, BhLogContext *log,
           uint32_t chip_id)
    : sc_module(name), plan_(plan), chip_id_(chip_id),
      clk_(plan.aiclk_mhz), frame_{plan.grid->w, plan.grid->h,
                                   plan.grid->cfg.topology == BH_TOPO_BLACKHOLE}
{
    /* Assembly by area. Blocks register in this order, which is the order of the report's
     * sections and of the VCD's signals: the networks, the tiles, the GDDR6 controllers and
     * the dram section, the traced L1s, the RISC-V cores (every Tensix tile's; the workload's
     * tiles first), the coprocessors, the workload, the host side. */
    assemble_nocs(trace_busy, log);                         /* noc/chip_noc.cpp */
    make_memories(log);                                     /* dram/chip_dram.cpp */
    make_host_side(log);                                    /* pcie/chip_pcie.cpp */
    const std::vector<int> socket_of = assemble_tiles(log); /* tile/chip_tiles.cpp */
    register_dram();
    register_l1_traces();
    assemble_cores();             /* chip_riscv.cpp */
    assemble_eth();               /* eth/chip_eth.cpp */
    assemble_workload(socket_of); /* workload/chip_workload.cpp */
    register_host_side();
    /* the user's bytes last, so they win over the workload's source pattern */
    for (const L1Blob &b : plan.l1_init) /* planning checked each range against L1 */
        if (!backdoor_write(b.node, b.addr, b.bytes.data(), b.bytes.size()))
            throw std::logic_error("workload.l1_init: the backdoor refused a planned write");
}

bool Chip::dump_l1(std::string *err) const
{
    for (const L1Dump &d : plan_.l1_dumps) {
        if (d.chip != chip_id_)
            continue; /* another chip's */
        std::vector<uint8_t> buf(d.len);
        std::ofstream f(d.path, std::ios::binary | std::ios::trunc);
        if (!backdoor_read(d.node, d.addr, buf.data(), buf.size()) ||
            !f.write(reinterpret_cast<const char *>(buf.data()), (std::streamsize)buf.size())) {
            *err = "output.dump_l1: cannot write '" + d.path + "'";
            return false;
        }
    }
    return true;
}

/* Through the tile's memory socket by debug transport, so it reaches whatever memory the NIUs
 * reach (L1, a GDDR6 controller's store, an untimed store), in chunks transport_dbg can count. */
static bool backdoor(TileTlm &tile, tlm::tlm_command cmd, uint64_t addr, uint8_t *data,
                     uint64_t len)
{
    /* the last byte first: a memory that holds both ends holds the range, so an access that
     * would fail part way fails before it moves anything */
    if (len > 1) {
        uint8_t last;
        if (!backdoor(tile, tlm::TLM_READ_COMMAND, addr + len - 1, &last, 1))
            return false;
    }
    while (len > 0) {
        const uint32_t n = (uint32_t)std::min<uint64_t>(len, 1u << 20);
        tlm::tlm_generic_payload gp;
        gp.set_command(cmd);
        gp.set_address(addr);
        gp.set_data_ptr(data);
        gp.set_data_length(n);
        gp.set_streaming_width(n);
        if (addr + n < addr || tile.mem_out->transport_dbg(gp) != n)
            return false;
        addr += n, data += n, len -= n;
    }
    return true;
}

/* The range is inside one region of the tile's map (and of L1's configured size), so an
 * access either fails at its start or not at all: nothing is half written. */
static bool one_region(const TensixTile &t, uint64_t addr, uint64_t len)
{
    if (len == 0 || addr + len < addr || addr + len > 0x100000000ull)
        return len == 0;
    const uint32_t id = tile_map_lookup(&t.map, addr);
    const TileRegion *r = tile_region(id);
    if (!r || tile_map_lookup(&t.map, addr + len - 1) != id)
        return false;
    return r->target != TILE_T_L1 || addr + len <= t.l1.cfg.size_bytes;
}

/* A tile with cores: the tile map by debug access, as BRISC's debugger port sees it. */
static bool backdoor_tile(TensixTileTlm &l1, bool write, uint64_t addr, uint8_t *data, uint64_t len,
                          uint64_t now)
{
    TensixTile &t = l1.tile();
    if (!one_region(t, addr, len))
        return false;
    const TileRegion *r = tile_region(tile_map_lookup(&t.map, addr));
    if (r && r->target == TILE_T_NIU) { /* the NoC model's registers, read through it, a word at
                                           a time; a backdoor write could issue a command */
        if (write || !t.niu || addr % 4 || len % 4)
            return false;
        for (uint64_t i = 0; i < len; i += 4) {
            uint32_t v = 0;
            if (t.niu(t.niu_ctx, r->arg, (uint32_t)(addr + i - r->base), 4, 0, 1, &v, now) != BH_OK)
                return false;
            std::memcpy(data + i, &v, 4);
        }
        return true;
    }
    while (len > 0) {
        const uint32_t n = (uint32_t)std::min<uint64_t>(len, 1u << 20);
        if (tensix_tile_debug(&t, TILE_BRISC, addr, n, write, data, now) != BH_OK)
            return false; /* one_region checked the range's bounds */
        if (write) {      /* cores asleep on a register re-read it; a release must step the tile */
            tensix_tile_noc_wrote(&t, tile_map_lookup(&t.map, addr), now);
            if (sc_core::sc_start_of_simulation_invoked()) /* before: every tile starts anyway */
                l1.kick();
        }
        addr += n, data += n, len -= n;
    }
    return true;
}

bool Chip::backdoor_write(uint32_t node, uint64_t addr, const void *data, uint64_t len)
{
    if (node >= tiles_.size())
        return false;
    uint8_t *d = static_cast<uint8_t *>(const_cast<void *>(data));
    if (TensixTileTlm *l1 = l1_of_node_.at(node); l1 && l1->tile().cores_enabled)
        return backdoor_tile(*l1, true, addr, d, len, clk_.now());
    /* an L1 directly (the sockets are not bound before the simulation starts, when loaders
     * write), anything else through the tile's memory socket */
    if (TensixTileTlm *l1 = l1_of_node_.at(node))
        return l1->debug_access(true, addr, d, len);
    if (MemoryTlm *m = untimed_l1_of_node_.at(node))
        return m->debug_access(true, addr, d, len);
    return backdoor(*tiles_[node], tlm::TLM_WRITE_COMMAND, addr, d, len);
}

bool Chip::backdoor_read(uint32_t node, uint64_t addr, void *data, uint64_t len) const
{
    if (node >= tiles_.size())
        return false;
    uint8_t *d = static_cast<uint8_t *>(data);
    if (TensixTileTlm *l1 = l1_of_node_.at(node); l1 && l1->tile().cores_enabled)
        return backdoor_tile(*l1, false, addr, d, len, clk_.now());
    if (TensixTileTlm *l1 = l1_of_node_.at(node))
        return l1->debug_access(false, addr, d, len);
    if (MemoryTlm *m = untimed_l1_of_node_.at(node))
        return m->debug_access(false, addr, d, len);
    return backdoor(*tiles_[node], tlm::TLM_READ_COMMAND, addr, d, len);
}

Chip::~Chip() = default;

void Chip::trace(VcdWriter &w)
{
    blocks_.trace(w);
}

} // namespace bh
