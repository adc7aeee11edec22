// SPDX-License-Identifier: Apache-2.0
#include "platform/chip.h"
#include <fstream>
#include <cstring>
#include <stdexcept>
#include "platform/config.h"
#include "platform/dram/gddr6_report.h"
#include "platform/output/report.h"
#include "platform/noc/noc_report.h"
#include "platform/tile/tile_report.h"

namespace bh
{

/* An enabled Tensix tile, or a node of a generic network: what injects and takes multicast */
static bool is_compute(const BhTile &t)
{
    return t.enabled && (t.kind == BH_TILE_TENSIX || t.kind == BH_TILE_GENERIC);
}

uint32_t Chip::noc0_node_of_frame(uint32_t noc, uint32_t frame_node) const
{
    return noc_frame_node(&frame_, noc, frame_node);
}

Chip::Chip(sc_core::sc_module_name name, const ChipPlan &plan, bool trace_busy, BhLogContext *log)
    : sc_module(name), plan_(plan),
      clk_(plan.aiclk_mhz), frame_{plan.grid->w, plan.grid->h,
                                   plan.grid->cfg.topology == BH_TOPO_BLACKHOLE}
{
    const BhGrid &g = *plan.grid;
    NocMemOps ops = TileTlm::mem_ops();
    for (uint32_t k = 0; k < plan.n_nocs; k++)
        nocs_[k] = std::make_unique<NocNetTlm>(("noc" + std::to_string(k)).c_str(), plan.noc[k],
                                               ops, clk_, trace_busy, log);
    /* each NoC's report section, "noc<k>", before the tiles' and cores' sections */
    static const char *const noc_keys[2] = {"noc0", "noc1"};
    for (uint32_t k = 0; k < plan.n_nocs; k++) {
        BlockHooks h;
        h.name = nocs_[k]->basename();
        h.report_key = noc_keys[k];
        h.report_object = [k](const ReportContext &ctx, boost::json::object &n) {
            noc_report(k, ctx, n);
        };
        blocks_.add(std::move(h));
    }
    nothing_ = std::make_unique<MemoryTlm>("unmodeled_memory", 0, false, log);
    /* one GDDR6 controller per enabled bank: timed, or an untimed store (dram.timed) */
    if (plan.grid->cfg.topology == BH_TOPO_BLACKHOLE)
        for (uint32_t c = 0; c < BH_DRAM_CONTROLLERS; c++) {
            std::string n = "gddr" + std::to_string(c);
            if (g.cfg.disabled_dram_mask & (1u << c))
                gddr_.push_back(nullptr), dram_.push_back(nullptr);
            else if (plan.dram_timed)
                gddr_.push_back(std::make_unique<Gddr6Tlm>(n.c_str(), plan.gddr6, log)),
                    dram_.push_back(nullptr);
            else
                gddr_.push_back(nullptr),
                    dram_.push_back(std::make_unique<MemoryTlm>(n.c_str(), kDramBytes, true, log));
        }
    std::vector<int> socket_of(g.w * g.h, -1);
    poke_.assign(g.w * g.h, nullptr);
    peek_.assign(g.w * g.h, nullptr);
    l1_of_node_.assign(g.w * g.h, nullptr);
    int sockets = 0;
    for (uint32_t i = 0; i < g.w * g.h; i++) {
        const BhTile &t = g.tiles[i];
        NocNetTlm *nets[2] = {nocs_[0].get(), nocs_[1].get()};
        uint32_t nodes[2] = {i, noc_frame_node(&frame_, 1, i)};
        std::string tname = tile_module_name(t.x, t.y);
        auto tile = std::make_unique<TileTlm>(tname.c_str(), t, nets, nodes, plan.n_nocs, clk_);
        if (t.kind == BH_TILE_TENSIX || t.kind == BH_TILE_GENERIC) {
            if (plan.l1_timed) { /* the NIUs reach L1 through its ports, as clients NOC0/NOC1 */
                tl1_.push_back(
                    std::make_unique<L1Tlm>((tname + "_l1").c_str(), plan.l1, clk_, log));
                L1Tlm &l1 = *tl1_.back();
                l1_of_node_[i] = &l1;
                std::snprintf(l1.tile().name, sizeof l1.tile().name, "tile (%u,%u)", t.x, t.y);
                tile->set_tensix(&l1);
                tile->mem_out.bind(l1.functional);
                for (uint32_t k = 0; k < plan.n_nocs; k++) {
                    tile->attach_timed_port((int)k, plan.l1.queue_depth).out.bind(l1.port);
                    l1.bind_client(k == 0 ? L1_NOC0 : L1_NOC1);
                }
                poke_[i] = [&l1](uint64_t a, const void *d, uint64_t n) {
                    return l1.poke(a, d, n);
                };
                peek_[i] = [&l1](uint64_t a, void *d, uint64_t n) { return l1.peek(a, d, n); };
            } else {
                l1_.push_back(std::make_unique<MemoryTlm>((tname + "_l1").c_str(),
                                                          plan.l1.size_bytes, false, log));
                tile->mem_out.bind(l1_.back()->port);
                MemoryTlm &m = *l1_.back();
                poke_[i] = [&m](uint64_t a, const void *d, uint64_t n) { return m.poke(a, d, n); };
                peek_[i] = [&m](uint64_t a, void *d, uint64_t n) { return m.peek(a, d, n); };
            }
        } else if (t.kind == BH_TILE_DRAM && gddr_.at((size_t)t.index)) {
            Gddr6Tlm &ctl = *gddr_[(size_t)t.index];
            tile->mem_out.bind(ctl.functional);
            tile->attach_timed_port(-1, plan.dram_endpoint_in_flight)
                .out.bind(ctl.port[t.dram_port]);
        } else if (t.kind == BH_TILE_DRAM && dram_.at((size_t)t.index)) {
            tile->mem_out.bind(dram_[(size_t)t.index]->port);
        } else {
            tile->mem_out.bind(nothing_->port);
        }
        /* every NIU answers at its registers; only enabled Tensix tiles take multicast */
        for (uint32_t k = 0; k < plan.n_nocs; k++)
            noc_net_set_node(&nocs_[k]->net(), nodes[k], tile.get(), bh_tile_endpoint_id(&t, k),
                             is_compute(t));
        if (is_compute(t))
            socket_of[i] = sockets++;
        tiles_.push_back(std::move(tile));
    }
    /* the VCD's signals, in the order of its header: every tile's routers and NIUs, then the
     * GDDR6 controllers, then the L1s of output.vcd_l1 */
    for (auto &t : tiles_) {
        BlockHooks h;
        h.name = t->basename();
        h.trace = [tile = t.get()](sc_core::sc_trace_file *tf) { tile->trace(tf); };
        blocks_.add(std::move(h));
    }
    for (auto &d : gddr_)
        if (d) {
            BlockHooks h;
            h.name = d->basename();
            h.trace = [ctl = d.get()](sc_core::sc_trace_file *tf) { ctl->trace(tf); };
            blocks_.add(std::move(h));
        }
    if (!gddr_.empty()) {
        /* what the GDDR6 controllers did, for every workload: over the whole run for whatever
         * drove them (a host program's kernels, a trace), or over the measured window with the
         * figures of a workload that has its own (dram_stream: WorkloadModel::report_dram) */
        BlockHooks h;
        h.name = "dram";
        h.report_key = "dram";
        h.report_object = [this](const ReportContext &ctx, boost::json::object &d) {
            WorkloadModel::DramFigures f;
            const bool own = workload_ && workload_->model().report_dram(ctx, &f);
            d = own ? dram_report(ctx.run.dram_from, ctx.run.dram_to, ctx.run.window_cycles)
                    : dram_report(std::vector<Gddr6Stats>(ctx.run.dram_to.size()), ctx.run.dram_to,
                                  ctx.run.cycles);
            double total = 0, peak = d.at("peak_gbps").to_number<double>(), used = 0;
            const boost::json::array &ctls = d.at("controllers").as_array();
            const double n = (double)ctls.size(); /* ctls dangles once d grows */
            for (const boost::json::value &c : ctls) {
                total += c.at("gbps").to_number<double>();
                used += c.at("bytes_read").to_number<double>() +
                            c.at("bytes_written").to_number<double>() >
                        0;
            }
            const double peak_one = n > 0 ? peak / n : 0.0;
            if (own) {
                d["total_gbps"] = f.total_gbps;
                d["banks_used"] = f.banks_used;
                d["peak_gbps_per_controller"] = peak_one;
                d["peak_gbps_banks_used"] = peak_one * f.banks_used;
            } else {
                d["total_gbps"] = total;
                d["banks_used"] = used;
                d["peak_gbps_banks_used"] = peak_one * used;
            }
        };
        blocks_.add(std::move(h));
    }
    for (uint32_t node : plan.vcd_l1_tiles)
        if (L1Tlm *l1 = l1_of_node_.at(node)) {
            BlockHooks h;
            h.name = l1->basename();
            h.trace = [l1](sc_core::sc_trace_file *tf) { l1->trace(tf); };
            blocks_.add(std::move(h));
        }
    if (!plan.rv_tiles.empty())
        setup_riscv();
    WorkloadTlm::Factory make;
    const std::vector<uint32_t> *sources = &plan.injectors;
    std::vector<uint32_t> trace_tiles;
    if (!plan.stream_tiles.empty()) {
        core_of_node_.assign(g.w * g.h, nullptr);
        for (uint32_t node : plan.stream_tiles) {
            L1Tlm *l1 = l1_of_node_.at(node); /* planning checked: a timed L1 on a Tensix tile */
            l1->enable_coprocessor(plan.tensix, plan.tensix_deadlock_cycles);
            core_of_node_[node] = l1;
        }
        make = [&plan](const WorkloadTlm::Io &io) -> std::unique_ptr<WorkloadModel> {
            return std::make_unique<TensixStreamWorkload>(plan, io.core);
        };
        sources = &trace_tiles;
    } else if (plan.trace) {
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
        make = [&plan, rc](const WorkloadTlm::Io &io) -> std::unique_ptr<WorkloadModel> {
            return std::make_unique<TraceReplay>(*plan.trace, rc, io.noc);
        };
        sources = &trace_tiles;
    } else if (plan.dram_stream) {
        make = [&plan](const WorkloadTlm::Io &io) -> std::unique_ptr<WorkloadModel> {
            return std::make_unique<DramStreamWorkload>(plan.dram, plan.cores, io.noc);
        };
        sources = &plan.cores;
    } else if (plan.traffic.pattern != NOC_PAT_NONE && plan.traffic.rate > 0.0) {
        make = [&plan](const WorkloadTlm::Io &io) -> std::unique_ptr<WorkloadModel> {
            return std::make_unique<SyntheticTraffic>(plan.traffic, plan.injectors, io.noc);
        };
    }
    /* what the run loop asks of blocks: the coprocessors first (their errors come first) */
    for (uint32_t node : plan.stream_tiles) {
        L1Tlm *l1 = core_of_node_[node];
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
    if (make) {
        workload_ = std::make_unique<WorkloadTlm>("workload", make, frame_, socket_of, clk_);
        WorkloadModel *w = &workload_->model();
        BlockHooks h;
        h.name = "workload";
        h.error_kind = "workload";
        h.idle = [w](uint64_t now) { return w->idle(now); };
        h.error = [w] { return w->error(); };
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
        blocks_.add(std::move(h));
        for (auto &tile : tiles_)
            if (is_compute(tile->tile()))
                workload_->mmio_out.bind(tile->mmio);
        for (uint32_t k = 0; k < plan.n_nocs; k++)
            noc_net_set_delivery(&nocs_[k]->net(), &WorkloadTlm::delivered,
                                 workload_->delivery_ctx(k));
        /* source buffers hold a pattern that names the sender, so moved data is recognisable */
        for (uint32_t node : *sources) {
            std::vector<uint8_t> buf(plan.traffic.packet_bytes);
            for (size_t b = 0; b < buf.size(); b++)
                buf[b] = (uint8_t)(node * 31u + b);
            poke_.at(node)(plan.traffic.src_addr, buf.data(), buf.size());
        }
    }
    /* the user's bytes last, so they win over the workload's source pattern */
    for (const L1Blob &b : plan.l1_init)
        poke_.at(b.node)(b.addr, b.bytes.data(), b.bytes.size());
}

bool Chip::dump_l1(std::string *err) const
{
    for (const L1Dump &d : plan_.l1_dumps) {
        std::vector<uint8_t> buf(d.len);
        std::ofstream f(d.path, std::ios::binary | std::ios::trunc);
        if (!peek_.at(d.node)(d.addr, buf.data(), buf.size()) ||
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

/* A tile with cores: the tile map by debug access, as BRISC's debugger port sees it. */
static bool backdoor_tile(L1Tlm &l1, bool write, uint64_t addr, uint8_t *data, uint64_t len,
                          uint64_t now)
{
    TensixTile &t = l1.tile();
    while (len > 0) {
        const uint32_t n = (uint32_t)std::min<uint64_t>(len, 1u << 20);
        if (addr + n < addr || addr + n > 0x100000000ull ||
            tensix_tile_debug(&t, TILE_BRISC, addr, n, write, data, now) != BH_OK)
            return false;
        if (write) { /* cores asleep on a register re-read it; a release must step the tile */
            tensix_tile_noc_wrote(&t, tile_map_lookup(&t.map, addr), now);
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
    if (L1Tlm *l1 = l1_of_node_.at(node); l1 && l1->tile().cores_enabled)
        return backdoor_tile(*l1, true, addr, d, len, clk_.now());
    return backdoor(*tiles_[node], tlm::TLM_WRITE_COMMAND, addr, d, len);
}

bool Chip::backdoor_read(uint32_t node, uint64_t addr, void *data, uint64_t len) const
{
    if (node >= tiles_.size())
        return false;
    uint8_t *d = static_cast<uint8_t *>(data);
    if (L1Tlm *l1 = l1_of_node_.at(node); l1 && l1->tile().cores_enabled)
        return backdoor_tile(*l1, false, addr, d, len, clk_.now());
    return backdoor(*tiles_[node], tlm::TLM_READ_COMMAND, addr, d, len);
}

Chip::~Chip() = default;

void Chip::trace(sc_core::sc_trace_file *tf)
{
    blocks_.trace(tf);
}

uint64_t Chip::dram_resident_bytes() const
{
    uint64_t sum = 0;
    for (auto &d : dram_)
        if (d)
            sum += d->resident_bytes();
    for (auto &d : gddr_)
        if (d)
            sum += d->resident_bytes();
    return sum;
}

} // namespace bh

namespace bh
{

std::vector<Gddr6Stats> Chip::dram_stats() const
{
    std::vector<Gddr6Stats> v(gddr_.size());
    for (size_t c = 0; c < gddr_.size(); c++)
        if (gddr_[c])
            v[c] = gddr_[c]->state().st;
    return v;
}

/* Counters are cumulative, so the window is the difference of two snapshots. */
boost::json::object Chip::dram_report(const std::vector<Gddr6Stats> &from,
                                      const std::vector<Gddr6Stats> &to, uint64_t cycles) const
{
    return gddr6_report(gddr_, plan_.gddr6, plan_.dram_timed, plan_.aiclk_mhz, from, to, cycles);
}

} // namespace bh

namespace bh
{

} // namespace bh
