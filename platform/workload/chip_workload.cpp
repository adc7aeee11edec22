// SPDX-License-Identifier: Apache-2.0
/* The chip's workload, if it has one: which model drives the chip (a tensix_stream's scripts
 * on the coprocessors, a NoC trace replayed, DRAM streaming, synthetic traffic), the blocks the
 * run loop asks about (each stream tile's coprocessor, then the workload), its sockets bound to
 * the compute tiles' MMIO, and the sources' L1 pattern. */
#include <string>
#include "platform/chip.h"
#include "platform/tile/tile_report.h"

namespace bh
{

/* The coprocessor of a tensix_stream tile, for the run loop (its errors come first) and the
 * report's tiles section. */
void Chip::register_coprocessor(uint32_t node)
{
    TensixTileTlm *l1 = core_of_node_[node];
    BlockHooks h;
    h.name = l1->basename();
    h.error_kind = "tensix";
    h.idle = [l1](uint64_t) { return tensix_core_idle(l1->core()) != 0; };
    h.error = [l1] {
        return l1->core()->failed ? std::string(l1->basename()) + ": " + l1->core()->error
                                  : std::string();
    };
    h.last_busy = [l1] { return l1->last_busy_cycle(); };
    h.busy = [l1](uint64_t) {
        return std::string(l1->basename()) + ": its Tensix coprocessor is busy; ";
    };
    h.report_key = "tiles";
    h.report = [l1, node](const ReportContext &ctx, boost::json::array &tiles) {
        tiles.push_back(tensix_stream_tile_json(*l1, node, ctx));
    };
    blocks_.add(std::move(h));
}

void Chip::register_workload()
{
    WorkloadModel *w = &workload_->model();
    BlockHooks h;
    h.name = "workload";
    h.error_kind = "workload";
    h.idle = [w](uint64_t now) { return w->idle(now); };
    h.error = [w] { return w->error(); };
    h.retime = [t = workload_.get()] { t->retime(); };
    h.busy = [w](uint64_t now) {
        std::string what;
        const uint32_t n = w->waiting(now, &what);
        return "the workload has work left" +
               (n ? ", " + std::to_string(n) + " core(s) polling NIU state" +
                        (n > NOC_WAIT_LIST_SHOWN
                             ? " (the first " + std::to_string(NOC_WAIT_LIST_SHOWN) + ")"
                             : std::string()) +
                        ":\n" + what
                  : std::string("; "));
    };
    /* cores polling NIU state that no packet in flight can change */
    h.stall = [w](uint64_t now, uint64_t quiet_since, uint64_t limit) {
        std::string what;
        if (now <= quiet_since + limit)
            return what;
        const uint32_t n = w->waiting(now, &what);
        if (!n)
            return std::string();
        return "stall: " + std::to_string(n) +
               " core(s) poll NIU state that nothing can change: every network has been empty "
               "since cycle " +
               std::to_string(quiet_since) + " (now " + std::to_string(now) +
               (limit ? ", noc.deadlock_cycles " + std::to_string(limit)
                      : std::string(", the end of the run: sim.cycles")) +
               ")" +
               (n > NOC_WAIT_LIST_SHOWN ? "; the first " + std::to_string(NOC_WAIT_LIST_SHOWN)
                                        : std::string()) +
               ":\n" + what;
    };
    blocks_.add(std::move(h));
}

/* Which workload model drives the chip (null: none); *sources: the nodes whose L1 gets the
 * source pattern, or null */
WorkloadTlm::Factory Chip::workload_factory(const std::vector<uint32_t> **sources)
{
    const ChipPlan &plan = plan_;
    const BhGrid &g = *plan.grid;
    if (!plan.stream_tiles.empty()) {
        *sources = nullptr; /* the scripts or the trace hold the data */
        return [&plan](const WorkloadTlm::Io &io) -> std::unique_ptr<WorkloadModel> {
            return std::make_unique<TensixStreamWorkload>(plan, io.core);
        };
    }
    if (plan.trace) {
        is_dram_.assign(g.w * g.h, 0);
        for (uint32_t i = 0; i < g.w * g.h; i++)
            is_dram_[i] = g.tiles[i].kind == BH_TILE_DRAM;
        NocReplayConfig rc = {g.w,
                              g.h,
                              1,
                              plan.l1.size_bytes,
                              plan.traffic.src_addr,
                              plan.traffic.dst_addr,
                              plan.l1.size_bytes - plan.traffic.dst_addr,
                              is_dram_.data()};
        *sources = nullptr; /* the scripts or the trace hold the data */
        return [&plan, rc](const WorkloadTlm::Io &io) -> std::unique_ptr<WorkloadModel> {
            return std::make_unique<TraceReplay>(*plan.trace, rc, io.noc);
        };
    }
    if (plan.dram_stream) {
        *sources = &plan.cores;
        return [&plan](const WorkloadTlm::Io &io) -> std::unique_ptr<WorkloadModel> {
            return std::make_unique<DramStreamWorkload>(plan.dram, plan.cores, io.noc);
        };
    }
    *sources = &plan.injectors;
    if (plan.traffic.pattern != NOC_PAT_NONE && plan.traffic.rate > 0.0)
        return [&plan](const WorkloadTlm::Io &io) -> std::unique_ptr<WorkloadModel> {
            return std::make_unique<SyntheticTraffic>(plan.traffic, plan.injectors, io.noc);
        };
    return nullptr;
}

void Chip::assemble_workload(const std::vector<int> &socket_of)
{
    const BhGrid &g = *plan_.grid;
    if (!plan_.stream_tiles.empty()) {
        core_of_node_.assign(g.w * g.h, nullptr);
        for (uint32_t node : plan_.stream_tiles) {
            TensixTileTlm *l1 =
                l1_of_node_.at(node); /* planning checked: a timed L1 on a Tensix tile */
            if (!l1->core())          /* every Tensix tile has one with the timed L1 */
                l1->enable_coprocessor(plan_.tensix, plan_.tensix_deadlock_cycles);
            core_of_node_[node] = l1;
        }
    }
    const std::vector<uint32_t> *sources = nullptr;
    WorkloadTlm::Factory make = workload_factory(&sources);
    for (uint32_t node : plan_.stream_tiles)
        register_coprocessor(node);
    if (!make)
        return;
    workload_ = std::make_unique<WorkloadTlm>("workload", make, frame_, socket_of, clk_);
    register_workload();
    for (auto &tile : tiles_)
        if (is_compute(tile->tile()))
            workload_->mmio_out.bind(tile->mmio);
    for (uint32_t k = 0; k < plan_.n_nocs; k++)
        noc_net_set_delivery(&nocs_[k]->net(), &WorkloadTlm::delivered, workload_->delivery_ctx(k));
    /* source buffers hold a pattern that names the sender, so moved data is recognisable */
    for (uint32_t node : sources ? *sources : std::vector<uint32_t>()) {
        std::vector<uint8_t> buf(plan_.traffic.packet_bytes);
        for (size_t b = 0; b < buf.size(); b++)
            buf[b] = (uint8_t)(node * 31u + b);
        if (!backdoor_write(node, plan_.traffic.src_addr, buf.data(), buf.size()))
            throw std::logic_error("workload: the backdoor refused a source buffer's pattern");
    }
}

} // namespace bh
