// SPDX-License-Identifier: Apache-2.0
#include "platform/tile/tile_report.h"
#include "model/tile/tensix/tensix_isa.h"
#include "platform/output/report.h"
#include "platform/output/stats.h"

namespace bh
{

namespace json = boost::json;

/* who used L1, and how long each waited: every client that made a request, its statistics
 * from the table (L1_CLIENT_STATS), and its wait cycles by the client that held the port or
 * bank it wanted ("waited_on", which sums to wait_cycles) */
static json::array l1_clients_json(const L1 &l1)
{
    json::array clients;
    for (uint32_t k = 0; k < L1_CLIENTS; k++)
        if (l1.st.client[k].requests) {
            json::object o = {{"client", l1_client_name(k)}};
            stats_add(o, l1_client_stat_table, &l1.st.client[k]);
            json::object by;
            for (uint32_t h = 0; h < L1_CLIENTS; h++)
                if (l1.st.waited_on[k][h])
                    by[l1_client_name(h)] = l1.st.waited_on[k][h];
            o["waited_on"] = std::move(by);
            clients.push_back(std::move(o));
        }
    return clients;
}

/* A coprocessor's threads (issued, opcodes, stall cycles by cause) and units (instructions,
 * cycles of the units' window, busy, idle and stalled cycles by cause, summing to it; each
 * unit's statistics table) */
static void coprocessor_json(const TensixCore *c, json::object &o)
{
    json::array threads;
    for (uint32_t t = 0; t < TENSIX_THREADS; t++) {
        const TensixThread &th = c->thr[t];
        json::object ops, stalls;
        for (uint32_t op = 0; op < 256; op++)
            if (th.opcode_count[op]) {
                const char *n = tensix_op_name(op);
                ops[n ? n : std::to_string(op)] = th.opcode_count[op];
            }
        for (uint32_t k = 0; k < TENSIX_STALLS; k++)
            stalls[tensix_stall_name((TensixStall)k)] = th.stall_cycles[k];
        json::object by;
        for (uint32_t k = 0; k < TENSIX_WAIT_CLASS_COUNT; k++)
            if (th.wait_gate_by[k])
                by[tensix_wait_class_name((TensixWaitClass)k)] = th.wait_gate_by[k];
        threads.push_back({{"thread", t},
                           {"issued", th.issued},
                           {"opcodes", std::move(ops)},
                           {"stall_cycles", std::move(stalls)},
                           {"wait_gate_by_condition", std::move(by)}});
    }
    json::object units;
    const uint64_t window = tensix_core_unit_window(c);
    for (uint32_t u = 0; u < TENSIX_UNITS; u++) {
        uint64_t n[TENSIX_UNIT_STATE_COUNT];
        tensix_core_unit_cycles(c, u, n);
        json::object stalls; /* every state but idle and busy is a stall cause */
        for (uint32_t s = TENSIX_US_BUSY + 1; s < TENSIX_UNIT_STATE_COUNT; s++)
            stalls[tensix_unit_state_name(s)] = n[s];
        units[tensix_core_unit_name(u)] = {{"instructions", c->unit_instructions[u]},
                                           {"cycles", window},
                                           {"busy_cycles", n[TENSIX_US_BUSY]},
                                           {"idle_cycles", n[TENSIX_US_IDLE]},
                                           {"stall_cycles", std::move(stalls)}};
    }
    stats_add(units["matrix"].as_object(), fpu_stat_table, &c->fpu.stats);
    for (uint32_t u = 0; u < 2; u++)
        stats_add(units[u ? "unpack1" : "unpack0"].as_object(), unpack_stat_table,
                  &c->unp.stats[u]);
    stats_add(units["pack"].as_object(), pack_stat_table, &c->pack.stats);
    units["pack"].as_object()["dst_races"] = c->pack_dst_races;
    o["threads"] = std::move(threads);
    o["units"] = std::move(units);
}

json::object tensix_stream_tile_json(TensixTileTlm &tl1, uint32_t node, const ReportContext &ctx)
{
    Chip &chip = ctx.chip;
    const RunInfo &run = ctx.run;
    const BhGrid &g = *ctx.plan.grid;
    double cycles = run.cycles ? (double)run.cycles : 1.0;
    TensixCore *c = tl1.core();
    const L1 &l1 = tl1.state();
    json::array cores; /* the scripts standing in for the RISC-V cores */
    if (chip.workload())
        chip.workload()->model().report_cores(node, cores);
    auto resource = [&](uint32_t n, const uint64_t *busy, const uint64_t(*conf)[L1_CLIENTS],
                        const char *what) {
        json::array a;
        for (uint32_t i = 0; i < n; i++) {
            json::object by;
            uint64_t total = 0;
            for (uint32_t k = 0; k < L1_CLIENTS; k++)
                if (conf[i][k]) {
                    by[l1_client_name(k)] = conf[i][k];
                    total += conf[i][k];
                }
            a.push_back({{what, i},
                         {"utilisation", (double)busy[i] / cycles},
                         {"conflict_cycles", total},
                         {"conflict_cycles_by_holder", std::move(by)}});
        }
        return a;
    };
    json::object o = {{"tile", json::array{node % g.w, node / g.w}}, {"cores", std::move(cores)}};
    coprocessor_json(c, o);
    o["l1"] = {{"clients", l1_clients_json(l1)},
               {"ports", resource(l1.cfg.ports, l1.st.port_busy, l1.st.port_conflict, "port")},
               {"banks", resource(l1.cfg.banks, l1.st.bank_busy, l1.st.bank_conflict, "bank")}};
    o["mover"] = {{"bytes", c->mover.st.l1_bytes_written + c->mover.st.l0_bytes_written}};
    return o;
}

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
    json::object o = {{"core", tensix_tile_core_name(s.tile, s.id)},
                      {"program", prog.path},
                      {"state", core_state(s)},
                      {"pc", pc},
                      {"pc_symbol", rv_symbol_text(prog, pc)},
                      {"instret", st.instret},
                      {"cycles", st.cycles_run},
                      {"cpi", st.instret ? (double)st.cycles_run / (double)st.instret : 0.0},
                      {"stall_cycles", std::move(stalls)},
                      {"stall_cycles_total", stalled}};
    stats_add(o, rv_core_stat_table, &st);
    if (s.stopped && rv_core_stop(s.rv) != RV_STOP_EBREAK)
        o["error"] = rv_core_why(s.rv);
    return o;
}

json::object riscv_tile_json(const TensixTileTlm &l1, uint32_t node, const ReportContext &ctx)
{
    const BhGrid &g = *ctx.plan.grid;
    const TensixTile &t = l1.tile();
    json::array cores;
    for (const RvProgram &prog : ctx.plan.rv_programs)
        if (prog.node == node)
            cores.push_back(core_json(t.cores[prog.core], prog));
    if (ctx.plan.rv_programs.empty()) /* a host's: the cores it released, named by its ELFs */
        for (uint32_t c = 0; c < TILE_CORES; c++)
            if (t.cores[c].released) {
                const RvProgram *p = ctx.chip.program_at(node, c, rv_core_pc(t.cores[c].rv));
                cores.push_back(core_json(t.cores[c], p ? *p : RvProgram{}));
            }
    json::object o = {{"tile", json::array{node % g.w, node / g.w}},
                      {"cores", std::move(cores)},
                      {"l1_clients", l1_clients_json(t.l1)}};
    if (!l1.zone_stats().empty()) { /* the profiler zones its cores closed, by core and name */
        json::array zones;
        for (const auto &[key, z] : l1.zone_stats())
            zones.push_back({{"core", tile_core_name(key.first)},
                             {"name", key.second},
                             {"count", z.count},
                             {"cycles", z.cycles},
                             {"cycles_min", z.min},
                             {"cycles_max", z.max}});
        o["zones"] = std::move(zones);
    }
    /* its coprocessor's threads and units, once the programs have used it */
    if (t.core && (t.core->thr[0].issued || t.core->thr[1].issued || t.core->thr[2].issued))
        coprocessor_json(t.core, o);
    return o;
}

} // namespace bh
