// SPDX-License-Identifier: Apache-2.0
/* The riscv workload's report: per tile, per core that ran a program, what it executed and why
 * it waited, and the tile's L1 clients; and its lines of the console summary. */
#include <cstdio>
#include "platform/output/report.h"

namespace bh
{

namespace json = boost::json;

static const char *core_state(const TileCoreSlot &s)
{
    if (s.held)
        return "held";
    if (!s.stopped)
        return "running";
    return rv_core_stop(s.rv) == RV_STOP_EBREAK ? "ebreak" : "error";
}

static json::object core_json(const TileCoreSlot &s, const RvProgram &prog)
{
    const RvStats &st = *rv_core_stats(s.rv);
    json::object stalls;
    uint64_t stalled = 0;
    for (uint32_t k = 0; k < RV_STALLS; k++) {
        stalls[rv_stall_name(k)] = st.stall[k];
        stalled += st.stall[k];
    }
    const uint32_t pc = rv_core_pc(s.rv);
    json::object o = {{"core", tile_core_name(s.id)},
                      {"program", prog.path},
                      {"state", core_state(s)},
                      {"pc", pc},
                      {"pc_symbol", rv_symbol_text(prog, pc)},
                      {"instret", st.instret},
                      {"cycles", st.cycles_run},
                      {"cpi", st.instret ? (double)st.cycles_run / (double)st.instret : 0.0},
                      {"stall_cycles", std::move(stalls)},
                      {"stall_cycles_total", stalled},
                      {"loads", st.loads},
                      {"stores", st.stores},
                      {"icache_misses", st.icache_misses},
                      {"dcache_hits", st.dcache_hits},
                      {"dcache_misses", st.dcache_misses},
                      {"mispredicts", st.mispredicts},
                      {"l1_bytes_read", st.l1_bytes_read},
                      {"l1_bytes_written", st.l1_bytes_written},
                      {"bus_accesses", st.bus_accesses},
                      {"poll_sleeps", st.poll_sleeps},
                      {"poll_skipped_iterations", st.poll_skipped_iterations}};
    if (s.stopped && rv_core_stop(s.rv) != RV_STOP_EBREAK)
        o["error"] = rv_core_why(s.rv);
    return o;
}

json::array riscv_json(Chip &chip)
{
    json::array tiles;
    const ChipPlan &plan = chip.plan();
    const BhGrid &g = *plan.grid;
    for (size_t i = 0; i < plan.rv_tiles.size(); i++) {
        const uint32_t node = plan.rv_tiles[i];
        const TensixTile &t = chip.rv_tiles()[i]->tile();
        json::array cores;
        for (const RvProgram &prog : plan.rv_programs)
            if (prog.node == node)
                cores.push_back(core_json(t.cores[prog.core], prog));
        json::array clients;
        for (uint32_t k = 0; k < L1_CLIENTS; k++)
            if (t.l1.st.client_requests[k])
                clients.push_back({{"client", l1_client_name(k)},
                                   {"requests", t.l1.st.client_requests[k]},
                                   {"bytes", t.l1.st.client_bytes[k]},
                                   {"read_modify_writes", t.l1.st.client_rmw[k]},
                                   {"wait_cycles", t.l1.st.client_wait[k]}});
        tiles.push_back({{"tile", json::array{node % g.w, node / g.w}},
                         {"cores", std::move(cores)},
                         {"l1_clients", std::move(clients)}});
    }
    return tiles;
}

static double num(const json::value &v)
{
    return v.is_double()  ? v.as_double()
           : v.is_int64() ? (double)v.as_int64()
                          : (double)v.as_uint64();
}

void print_riscv_summary(const json::object &r, std::FILE *out)
{
    const json::array &tiles = r.at("riscv").as_array();
    std::fprintf(out, "bhsim: %s, riscv on %zu tiles, %lld cycles\n",
                 r.at("bhsim").at("config").as_string().c_str(), tiles.size(),
                 (long long)num(r.at("sim").at("cycles")));
    for (const json::value &tv : tiles) {
        const json::array &xy = tv.at("tile").as_array();
        for (const json::value &cv : tv.at("cores").as_array()) {
            const json::object &c = cv.as_object();
            std::fprintf(
                out, "  tile (%lld,%lld) %-6s %-7s %lld instructions, %lld cycles, CPI %.2f",
                (long long)num(xy[0]), (long long)num(xy[1]), c.at("core").as_string().c_str(),
                c.at("state").as_string().c_str(), (long long)num(c.at("instret")),
                (long long)num(c.at("cycles")), num(c.at("cpi")));
            if (c.at("state").as_string() != "ebreak")
                std::fprintf(out, ", pc 0x%08llx %s", (unsigned long long)num(c.at("pc")),
                             c.at("pc_symbol").as_string().c_str());
            std::fprintf(out, "\n");
        }
    }
}

} // namespace bh
