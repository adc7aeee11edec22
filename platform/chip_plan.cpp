// SPDX-License-Identifier: Apache-2.0
/* plan_chip: the configuration keys become the models' configurations, stage by stage (grid,
 * networks, L1, DRAM, traffic, the other workloads, loaded files, tracing), checking what the
 * key table alone cannot and naming the key in every message. Which workload.* keys each
 * workload reads here is declared in platform/workload_keys.cpp: a workload that reads a new
 * key lists it there (the loader refuses the others). */
#include <algorithm>
#include <cstring>
#include "platform/chip.h"
#include "platform/bhsim.h"
#include "platform/config.h"
#include "platform/tile/l1_ports.h"

namespace bh
{

static bool fail(std::string *err, const std::string &msg)
{
    *err = msg;
    return false;
}

static uint32_t mask_of(const std::vector<int> &v)
{
    uint32_t m = 0;
    for (int i : v)
        m |= 1u << i;
    return m;
}

/* "x,y" naming one tile of the grid -> its NoC0 node; errors name `key` */
static bool grid_tile(const BhGrid &g, const std::string &key, const std::string &text,
                      uint32_t *node, std::string *err)
{
    std::vector<std::pair<int, int>> xy;
    if (!parse_xy_list(key, text, &xy, err))
        return false;
    if (xy.size() != 1)
        return fail(err, key + ": expected one tile \"x,y\", got \"" + text + "\"");
    auto [x, y] = xy[0];
    if (x >= (int)g.w || y >= (int)g.h)
        return fail(err, key + ": (" + std::to_string(x) + "," + std::to_string(y) +
                             ") is outside the " + std::to_string(g.w) + "x" + std::to_string(g.h) +
                             " grid");
    *node = (uint32_t)(y * g.w + x);
    return true;
}

/* the tile at node is not what `want` names */
static bool not_a(const BhGrid &g, const std::string &key, uint32_t node, const char *want,
                  std::string *err)
{
    const BhTile &t = g.tiles[node];
    return fail(err, key + ": (" + std::to_string(node % g.w) + "," + std::to_string(node / g.w) +
                         ") is " + t.label + " (" + bh_tile_kind_name((BhTileKind)t.kind) +
                         (t.enabled ? "" : ", disabled") + "), not an enabled " + want);
}

bool compute_tile(const BhGrid &g, const std::string &key, const std::string &text, uint32_t *node,
                  std::string *err)
{
    if (!grid_tile(g, key, text, node, err))
        return false;
    return is_compute(g.tiles[*node]) || not_a(g, key, *node, "Tensix tile", err);
}

bool eth_tile(const BhGrid &g, const std::string &key, const std::string &text, uint32_t *node,
              std::string *err)
{
    if (!grid_tile(g, key, text, node, err))
        return false;
    const BhTile &t = g.tiles[*node];
    return (t.kind == BH_TILE_ETH && t.enabled) || not_a(g, key, *node, "Ethernet tile", err);
}

/* in NocPattern order; dram_stream is not a NoC pattern and maps to "none" */
static const char *const kPatterns[] = {"none",      "uniform", "transpose", "hotspot",
                                        "neighbour", "gather",  "multicast"};
static const char *const kOps[] = {"write", "posted_write", "read", "atomic"};
static const char *const kTopologies[] = {"blackhole", "mesh", "torus", "unitorus"};

static uint32_t index_of(const char *const *names, size_t n, const char *v)
{
    for (size_t i = 0; i < n; i++)
        if (!std::strcmp(names[i], v))
            return (uint32_t)i;
    return 0; /* the loader has already checked enum values */
}

static bool plan_dram_stream(const BhParams &p, ChipPlan *plan, std::string *err);
static bool plan_trace(const BhParams &p, ChipPlan *plan, std::string *err);
static bool plan_vcd_l1(const BhParams &p, ChipPlan *plan, std::string *err);
static bool plan_tensix_stream(const BhParams &p, ChipPlan *plan, std::string *err);
static bool plan_riscv(const BhParams &p, ChipPlan *plan, std::string *err);
static bool plan_host(const BhParams &p, ChipPlan *plan, std::string *err);

/* 1. the grid of tiles, with its harvesting */
static bool plan_grid(const BhParams &p, ChipPlan *plan, std::string *err)
{
    char why[256];
    BhGridConfig gc = bh_grid_config_default();
    gc.topology = index_of(kTopologies, 4, p.chip_topology);
    gc.width = (uint32_t)p.chip_width;
    gc.height = (uint32_t)p.chip_height;
    std::vector<int> list;
    if (!parse_int_list("chip.harvested_tensix_columns", p.chip_harvested_tensix_columns, 0, 16,
                        &list, err))
        return false;
    gc.harvested_tensix_cols = mask_of(list);
    if (!parse_int_list("chip.disabled_dram_controllers", p.chip_disabled_dram_controllers, 0, 7,
                        &list, err))
        return false;
    gc.disabled_dram_mask = mask_of(list);
    if (!std::strcmp(p.chip_disabled_ethernet, "all")) {
        gc.disabled_eth_mask = (1u << BH_ETH_CHANNELS) - 1;
    } else {
        if (!parse_int_list("chip.disabled_ethernet", p.chip_disabled_ethernet, 0, 13, &list, err))
            return false;
        gc.disabled_eth_mask = mask_of(list);
    }
    if (gc.topology != BH_TOPO_BLACKHOLE)
        gc.harvested_tensix_cols = gc.disabled_dram_mask = gc.disabled_eth_mask = 0;
    if (bh_grid_config_check(&gc, why, sizeof why) != BH_OK) {
        /* the grid names its fields; the user knows the keys */
        static const char *const names[][2] = {
            {"harvested_tensix_cols", "chip.harvested_tensix_columns"},
            {"disabled_dram_mask", "chip.disabled_dram_controllers"},
            {"disabled_eth_mask", "chip.disabled_ethernet"},
            {"width", "chip.width"},
            {"height", "chip.height"}};
        std::string msg = why;
        for (auto &n : names)
            if (msg.rfind(n[0], 0) == 0)
                return fail(err, n[1] + msg.substr(std::strlen(n[0])));
        return fail(err, "chip: " + msg);
    }
    plan->grid = std::make_unique<BhGrid>();
    bh_grid_init(plan->grid.get(), &gc);
    plan->aiclk_mhz = p.chip_aiclk_mhz;
    return true;
}

/* 2. networks: Blackhole has NoC0 and NoC1 (NoC1 in its own rotated frame, Y first) */
static bool plan_nocs(const BhParams &p, ChipPlan *plan, std::string *err)
{
    char why[256];
    const BhGrid &g = *plan->grid;
    plan->n_nocs = g.cfg.topology == BH_TOPO_BLACKHOLE ? 2 : 1;
    for (uint32_t k = 0; k < plan->n_nocs; k++) {
        NocNetConfig &c = plan->noc[k];
        c = p.noc; /* the noc.* keys; the chip sets the rest */
        c.topology = g.cfg.topology;
        c.w = g.w;
        c.h = g.h;
        c.noc_id = k;
        c.y_first = (k == 1) != (c.route_swap != 0);
        if (noc_net_config_check(&c, why, sizeof why) != BH_OK)
            return fail(err, std::string("noc.") + why);
    }
    return true;
}

/* 3. L1 and the coprocessor units that reach it */
static bool plan_l1(const BhParams &p, ChipPlan *plan, std::string *err)
{
    char why[256];
    plan->l1_timed = p.l1_timed != 0;
    L1Config &l1 = plan->l1;
    l1 = p.l1;
    if (!bh_l1_port_map_apply(p.l1_port_map, &l1, err))
        return false;
    if (l1_config_check(&l1, why, sizeof why) != BH_OK)
        return fail(err, std::string("l1.") + why);
    /* the coprocessor's units (their L1 size is l1.size_bytes, set when a tile creates them) */
    plan->tensix.mover = p.mover;
    plan->tensix.thcon = p.thcon;
    if (mover_config_check(&p.mover, why, sizeof why) != BH_OK)
        return fail(err, std::string("mover.") + why);
    if (thcon_config_check(&p.thcon, why, sizeof why) != BH_OK)
        return fail(err, std::string("thcon.") + why);
    plan->tensix_deadlock_cycles = (uint64_t)p.tensix_deadlock_cycles;
    /* every Tensix tile's cores (L1 clients: they need its ports) */
    plan->tensix_cores = plan->l1_timed;
    plan->riscv = p.riscv;
    plan->riscv_latency = p.riscv_latency;
    /* riscv.poll_sleep_l1=2 ("host workloads only"): the idle firmware of a host program polls
     * L1 and may sleep; a riscv program's polls run exactly */
    if (plan->riscv.poll_sleep_l1 == 2)
        plan->riscv.poll_sleep_l1 = bh_workload_is_host(p.workload_name) ? 1 : 0;
    if (rv_config_check(&plan->riscv, why, sizeof why) != BH_OK)
        return fail(err, why);
    return true;
}

/* 4. DRAM: the GDDR6 controllers' configuration */
static bool plan_dram(const BhParams &p, ChipPlan *plan, std::string *err)
{
    char why[256];
    plan->dram_timed = p.dram_timed != 0;
    plan->dram_endpoint_in_flight = (uint32_t)p.dram_endpoint_in_flight;
    Gddr6Config &d = plan->gddr6;
    d = gddr6_config_for_rate(p.dram.data_rate_mts); /* the timings' reference values */
#define GDDR6_X_KEY(name, def, lo, hi, doc) d.name = p.dram.name;
    GDDR6_PARAMS(GDDR6_X_KEY)
#undef GDDR6_X_KEY
#define BH_DRAM_TIMING(name, ps, ck, lo, hi, doc)                                                  \
    if (p.dram_##name)                                                                             \
        d.name = (uint32_t)p.dram_##name;
    GDDR6_TIMINGS(BH_DRAM_TIMING)
#undef BH_DRAM_TIMING
    if (std::strlen(p.dram_address_map) >= sizeof d.address_map)
        return fail(err, "dram.address_map: at most " + std::to_string(sizeof d.address_map - 1) +
                             " characters, e.g. \"ro-ba-co-bg-ch\"");
    std::memcpy(d.address_map, p.dram_address_map, std::strlen(p.dram_address_map) + 1);
    d.page_policy = std::strcmp(p.dram_page_policy, "closed") ? GDDR6_PAGE_OPEN : GDDR6_PAGE_CLOSED;
    d.refresh = (uint32_t)p.dram_refresh;
    if (gddr6_config_check(&d, why, sizeof why) != BH_OK)
        return fail(err, std::string("dram.") + why); /* the model's fields are the keys */

    /* the write queue can only fill as far as the endpoints can have writes in flight */
    uint32_t burst_bytes = d.bus_bits / 8 * d.burst_length;
    uint64_t reachable = (uint64_t)3 * plan->dram_endpoint_in_flight *
                         ((plan->noc[0].flit_bytes + burst_bytes - 1) / burst_bytes);
    if (plan->dram_timed && d.write_high_watermark > reachable)
        return fail(err,
                    "dram.write_high_watermark: " + std::to_string(d.write_high_watermark) +
                        " bursts can never be queued: 3 endpoints x dram.endpoint_in_flight (" +
                        std::to_string(plan->dram_endpoint_in_flight) + ") accesses of " +
                        std::to_string(plan->noc[0].flit_bytes) + " bytes fill at most " +
                        std::to_string(reachable) + " write bursts");
    return true;
}

/* 5. the synthetic traffic's configuration and its injectors */
static bool plan_traffic(const BhParams &p, ChipPlan *plan, std::string *err)
{
    char why[256];
    const BhGrid &g = *plan->grid;
    NocTrafficConfig &t = plan->traffic;
    t = NocTrafficConfig{};
    t.pattern = index_of(kPatterns, 7, p.workload_name);
    const char *op = std::strcmp(p.workload_op, "auto") ? p.workload_op : "write";
    bool known = false;
    for (const char *k : kOps)
        known = known || !std::strcmp(k, op);
    if (!known && t.pattern != 0) /* the host workloads' ops mean nothing to traffic */
        return fail(err, std::string("workload.op: synthetic traffic takes "
                                     "auto|write|posted_write|read|atomic, got '") +
                             op + "'");
    t.op = index_of(kOps, 4, op);
    t.rate = p.workload_rate;
    t.back_to_back = !std::strcmp(p.workload_injection, "back_to_back");
    t.packet_bytes = (uint32_t)p.workload_packet_bytes;
    t.flit_bytes = plan->noc[0].flit_bytes;
    t.max_packet_bytes = plan->noc[0].max_packet_bytes;
    if (p.workload_noc == 2)
        t.noc_mask = plan->n_nocs == 2 ? 3u : 1u;
    else if ((uint32_t)p.workload_noc < plan->n_nocs)
        t.noc_mask = 1u << p.workload_noc;
    else
        return fail(err, "workload.noc: the " + std::string(p.chip_topology) +
                             " topology has only NoC 0, got " + std::to_string(p.workload_noc));
    t.w = g.w;
    t.h = g.h;
    t.mirror_noc1 = g.cfg.topology == BH_TOPO_BLACKHOLE;
    t.max_outstanding = (uint32_t)p.workload_max_outstanding;
    t.src_addr = (uint64_t)p.workload_src_addr;
    t.dst_addr = (uint64_t)p.workload_dst_addr;
    t.mem_bytes = plan->l1.size_bytes;
    t.hotspot_fraction = p.workload_hotspot_fraction;
    t.queue_limit = NOC_TRAFFIC_QUEUE;
    t.seed = (uint64_t)p.sim_seed;
    t.warmup =
        p.sim_warmup_cycles < 0 ? (uint64_t)p.sim_cycles / 10 : (uint64_t)p.sim_warmup_cycles;
    t.stop = (uint64_t)p.sim_cycles;
    if (t.warmup >= t.stop)
        return fail(err, "sim.warmup_cycles: must be less than sim.cycles (" +
                             std::to_string(t.stop) + "), got " + std::to_string(t.warmup));
    plan->injectors.clear();
    if (!std::strcmp(p.workload_injectors, "tensix")) {
        for (uint32_t i = 0; i < g.w * g.h; i++)
            if (is_compute(g.tiles[i]))
                plan->injectors.push_back(i);
    } else {
        std::vector<std::pair<int, int>> xy;
        if (!parse_xy_list("workload.injectors", p.workload_injectors, &xy, err))
            return false;
        for (auto [x, y] : xy) {
            uint32_t node;
            std::string one = std::to_string(x) + "," + std::to_string(y);
            if (!compute_tile(g, "workload.injectors", one, &node, err))
                return false;
            plan->injectors.push_back(node);
        }
    }
    if (t.pattern == NOC_PAT_HOTSPOT || t.pattern == NOC_PAT_GATHER)
        if (!compute_tile(g, "workload.target", p.workload_target, &t.target, err))
            return false;
    if (t.pattern == NOC_PAT_MULTICAST) {
        if (g.cfg.topology == BH_TOPO_MESH || g.cfg.topology == BH_TOPO_TORUS)
            return fail(err, "workload.name: multicast needs a unidirectional torus (chip.topology "
                             "blackhole or unitorus), got " +
                                 std::string(p.chip_topology));
        if (!compute_tile(g, "workload.multicast_source", p.workload_multicast_source, &t.mcast_src,
                          err))
            return false;
        std::vector<int> r;
        if (!parse_int_list("workload.multicast_rect", p.workload_multicast_rect, 0, 63, &r, err))
            return false;
        if (r.size() != 4 || r[0] >= (int)g.w || r[2] >= (int)g.w || r[1] >= (int)g.h ||
            r[3] >= (int)g.h)
            return fail(err, "workload.multicast_rect: expected \"x0,y0,x1,y1\" inside the " +
                                 std::to_string(g.w) + "x" + std::to_string(g.h) + " grid, got \"" +
                                 p.workload_multicast_rect + "\"");
        for (int i = 0; i < 4; i++)
            t.mcast_rect[i] = (uint8_t)r[i];
        t.mcast_y_major = (uint8_t)p.workload_multicast_y_major;
        t.mcast_reserve = (uint8_t)p.workload_multicast_path_reserve;
        t.mcast_linked = (uint8_t)p.workload_multicast_linked;
        t.mcast_include_src = (uint8_t)p.workload_multicast_include_source;
        plan->injectors = {t.mcast_src};
        /* who receives (and so acknowledges): enabled Tensix tiles in the rectangle, which
         * may wrap around (start > end) */
        auto in_span = [](uint32_t v, uint32_t a, uint32_t b) {
            return a <= b ? v >= a && v <= b : v >= a || v <= b;
        };
        t.mcast_receivers = 0;
        for (uint32_t y = 0; y < g.h; y++)
            for (uint32_t x = 0; x < g.w; x++)
                if (in_span(x, r[0], r[2]) && in_span(y, r[1], r[3]) &&
                    is_compute(g.tiles[y * g.w + x]) &&
                    (y * g.w + x != t.mcast_src || t.mcast_include_src))
                    t.mcast_receivers++;
        if (!t.mcast_receivers)
            return fail(err, "workload.multicast_rect: \"" +
                                 std::string(p.workload_multicast_rect) +
                                 "\" holds no enabled Tensix tile other than the source, so "
                                 "nothing would receive the multicast");
    }
    if (t.pattern != NOC_PAT_NONE &&
        noc_traffic_config_check(&t, (uint32_t)plan->injectors.size(), why, sizeof why) != BH_OK)
        return fail(err, why);
    return true;
}

bool plan_chip(const BhParams &p, ChipPlan *plan, std::string *err)
{
    if (!plan_grid(p, plan, err) || !plan_nocs(p, plan, err) || !plan_l1(p, plan, err) ||
        !plan_dram(p, plan, err) || !plan_traffic(p, plan, err) || !plan_host_side(p, plan, err) ||
        !plan_eth(p, plan, err))
        return false;
    const BhGrid &g = *plan->grid;
    plan->dram_stream = !std::strcmp(p.workload_name, "dram_stream");
    if (plan->dram_stream && !plan_dram_stream(p, plan, err))
        return false;
    if (!std::strcmp(p.workload_name, "noc_trace") && !plan_trace(p, plan, err))
        return false;
    if (!std::strcmp(p.workload_name, "tensix_stream") && !plan_tensix_stream(p, plan, err))
        return false;
    if (!std::strcmp(p.workload_name, "riscv") && !plan_riscv(p, plan, err))
        return false;
    if (bh_workload_is_host(p.workload_name) && !plan_host(p, plan, err))
        return false;
    if (!plan_l1_init(g, p.workload_l1_init, plan->l1.size_bytes, &plan->l1_init, err) ||
        !plan_l1_dumps(g, "output.dump_l1", p.output_dump_l1, plan->l1.size_bytes, &plan->l1_dumps,
                       err))
        return false; /* --dump-l1 entries are added by the caller (plan_l1_dumps) */
    plan->profile = *p.output_profile != 0;
    return plan_vcd_l1(p, plan, err);
}

/* output.vcd_l1: which tiles' L1 ports and banks go into the VCD (each costs ~56 signals) */
static bool plan_vcd_l1(const BhParams &p, ChipPlan *plan, std::string *err)
{
    const BhGrid &g = *plan->grid;
    std::string v = p.output_vcd_l1;
    if (v == "none")
        return true;
    if (v == "auto") {
        plan->vcd_l1_tiles = plan->stream_tiles;
        plan->vcd_l1_tiles.insert(plan->vcd_l1_tiles.end(), plan->rv_tiles.begin(),
                                  plan->rv_tiles.end());
        return true;
    }
    if (!plan->l1_timed)
        return fail(err, "output.vcd_l1: \"" + v +
                             "\" needs the timed L1 (l1.timed=true); use "
                             "auto or none");
    if (v == "all") {
        for (uint32_t i = 0; i < g.w * g.h; i++)
            if (g.tiles[i].enabled &&
                (g.tiles[i].kind == BH_TILE_TENSIX || g.tiles[i].kind == BH_TILE_GENERIC))
                plan->vcd_l1_tiles.push_back(i);
        return true;
    }
    std::vector<std::pair<int, int>> xy;
    if (!parse_xy_list("output.vcd_l1", v, &xy, err))
        return fail(err, "output.vcd_l1: expected auto, all, none or tiles \"x,y;x,y\", got \"" +
                             v + "\"");
    for (auto [x, y] : xy) {
        uint32_t node;
        if (!compute_tile(g, "output.vcd_l1", std::to_string(x) + "," + std::to_string(y), &node,
                          err))
            return false;
        plan->vcd_l1_tiles.push_back(node);
    }
    return true;
}

/* tensix_stream: the tiles and the four scripts (the same scripts on every tile). */
static bool plan_tensix_stream(const BhParams &p, ChipPlan *plan, std::string *err)
{
    const BhGrid &g = *plan->grid;
    if (!plan->l1_timed)
        return fail(err, "l1.timed: tensix_stream needs the timed L1 (its Mover and ThCon are "
                         "L1 clients)");
    std::vector<std::pair<int, int>> xy;
    if (!parse_xy_list("workload.tiles", *p.workload_tiles ? p.workload_tiles : "1,2", &xy, err))
        return false;
    if (xy.empty())
        return fail(err, "workload.tiles: name at least one tile");
    const char *files[TENSIX_STREAM_CORES] = {p.workload_t0, p.workload_t1, p.workload_t2,
                                              p.workload_brisc};
    const char *keys[TENSIX_STREAM_CORES] = {"workload.t0", "workload.t1", "workload.t2",
                                             "workload.brisc"};
    std::vector<TensixStreamItem> scripts[TENSIX_STREAM_CORES];
    bool any = false;
    for (int c = 0; c < TENSIX_STREAM_CORES; c++) {
        if (!*files[c])
            continue;
        std::string why;
        if (!load_tensix_stream(files[c], &scripts[c], &why))
            return fail(err, std::string(keys[c]) + ": " + why);
        any = true;
    }
    if (!any)
        return fail(err, "workload.t0: tensix_stream needs at least one script (workload.t0, "
                         "t1, t2 or brisc)");
    for (auto [x, y] : xy) {
        uint32_t node;
        if (!compute_tile(g, "workload.tiles", std::to_string(x) + "," + std::to_string(y), &node,
                          err))
            return false;
        plan->stream_tiles.push_back(node);
    }
    /* one copy of each script, which every tile runs: a large script on many tiles costs its
     * size once */
    for (int c = 0; c < TENSIX_STREAM_CORES; c++)
        plan->stream_items.push_back(std::move(scripts[c]));
    return true;
}

/* riscv: the programs, and the tiles they run on (every Tensix tile has its cores). */
static bool plan_riscv(const BhParams &p, ChipPlan *plan, std::string *err)
{
    if (!plan->tensix_cores)
        return fail(err, "l1.timed: the riscv workload needs the timed L1 (the cores are L1 "
                         "clients)");
    if (!plan_rv_programs(*plan->grid, p.workload_elf, plan->l1.size_bytes, plan->eth_l1_bytes,
                          &plan->rv_programs, err))
        return false;
    for (const RvProgram &prog : plan->rv_programs)
        if (std::find(plan->rv_tiles.begin(), plan->rv_tiles.end(), prog.node) ==
            plan->rv_tiles.end())
            plan->rv_tiles.push_back(prog.node);
    return true;
}

/* A host workload: the host program loads firmware on every enabled Tensix tile's cores,
 * held in reset until then, and releases them (host/); the run follows all of them. */
static bool plan_host(const BhParams &p, ChipPlan *plan, std::string *err)
{
    if (!plan->tensix_cores)
        return fail(err, std::string("l1.timed: the host workload ") + p.workload_name +
                             " needs the timed L1 (the cores are L1 clients)");
    const BhGrid &g = *plan->grid;
    for (uint32_t i = 0; i < g.w * g.h; i++)
        if (g.tiles[i].enabled && g.tiles[i].kind == BH_TILE_TENSIX)
            plan->rv_tiles.push_back(i);
    return true;
}

/* noc_trace: load and check the trace against this chip; the replay is measured whole. */
static bool plan_trace(const BhParams &p, ChipPlan *plan, std::string *err)
{
    const BhGrid &g = *plan->grid;
    if (!*p.workload_trace)
        return fail(err,
                    "workload.trace: noc_trace needs a trace file (--set workload.trace=FILE)");
    if (g.cfg.topology != BH_TOPO_BLACKHOLE)
        return fail(err, "workload.name: noc_trace replays Blackhole traces (chip.topology "
                         "blackhole), got " +
                             std::string(p.chip_topology));
    ChipShape shape;
    shape.w = (int)g.w;
    shape.h = (int)g.h;
    shape.tile_exists = [&g](int x, int y) {
        const BhTile &t = g.tiles[y * g.w + x];
        return t.enabled && t.kind != BH_TILE_EMPTY;
    };
    for (uint32_t x = 0; x < g.w; x++)
        if (g.cfg.harvested_tensix_cols & (1u << x))
            shape.harvested_tensix_cols.push_back((int)x);
    for (int c = 0; c < BH_DRAM_CONTROLLERS; c++)
        if (g.cfg.disabled_dram_mask & (1u << c))
            shape.disabled_dram.push_back(c);
    for (int c = 0; c < BH_ETH_CHANNELS; c++)
        if (g.cfg.disabled_eth_mask & (1u << c))
            shape.disabled_eth.push_back(c);
    CoordSpace space = !std::strcmp(p.workload_trace_coords, "translated") ? CoordSpace::Translated
                       : !std::strcmp(p.workload_trace_coords, "native")   ? CoordSpace::NocNative
                                                                           : CoordSpace::Noc0;
    plan->trace = std::make_unique<NocTrace>();
    std::string why;
    if (!load_noc_trace(p.workload_trace, space, shape, plan->trace.get(), &why))
        return fail(err, "workload.trace: " + why);
    for (const NocTraceStream &s : plan->trace->streams)
        if (!is_compute(g.tiles[s.y * g.w + s.x]) && s.transfers)
            return fail(err, "workload.trace: processor " + plan->trace->procs[s.proc] + " on (" +
                                 std::to_string(s.x) + "," + std::to_string(s.y) +
                                 ") issues transfers, but only Tensix tiles are driven");
    plan->traffic.warmup = 0;
    return true;
}

/* dram_stream: cores, controllers and their endpoints, the interleaved buffer. */
static bool plan_dram_stream(const BhParams &p, ChipPlan *plan, std::string *err)
{
    const BhGrid &g = *plan->grid;
    if (g.cfg.topology != BH_TOPO_BLACKHOLE)
        return fail(err, "workload.name: dram_stream needs the blackhole topology (it has the "
                         "GDDR6 controllers), got " +
                             std::string(p.chip_topology));
    DramStreamConfig &d = plan->dram;
    d = DramStreamConfig{};
    d.w = g.w;
    d.h = g.h;
    d.mirror_noc1 = 1;
    d.noc_mask = plan->traffic.noc_mask;
    d.page_bytes = (uint32_t)p.workload_page_bytes;
    d.read_fraction = p.workload_read_fraction;
    d.in_flight = (uint32_t)p.workload_in_flight;
    d.port = (int32_t)p.workload_dram_port;
    d.random = !std::strcmp(p.workload_dram_pattern, "random");
    d.buffer_bytes = (uint64_t)p.workload_dram_buffer_bytes;
    d.dram_base = 0;
    d.l1_addr = (uint64_t)p.workload_dst_addr;
    d.l1_bytes = plan->l1.size_bytes;
    d.open_loop = (uint32_t)p.workload_open_loop;
    d.rate = p.workload_rate;
    d.seed = (uint64_t)p.sim_seed;
    d.warmup = plan->traffic.warmup;
    d.stop = plan->traffic.stop;
    /* controllers: every enabled one, or the listed ones (which must be enabled) */
    std::vector<int> banks;
    if (!std::strcmp(p.workload_banks, "all")) {
        for (int c = 0; c < BH_DRAM_CONTROLLERS; c++)
            if (!(g.cfg.disabled_dram_mask & (1u << c)))
                banks.push_back(c);
    } else {
        if (!parse_int_list("workload.banks", p.workload_banks, 0, BH_DRAM_CONTROLLERS - 1, &banks,
                            err))
            return false;
        for (int c : banks)
            if (g.cfg.disabled_dram_mask & (1u << c))
                return fail(err, "workload.banks: controller " + std::to_string(c) +
                                     " is disabled on " + p.chip_product);
        if (banks.empty())
            return fail(err, "workload.banks: name at least one controller");
    }
    d.banks = (uint32_t)banks.size();
    for (uint32_t i = 0; i < g.w * g.h; i++) {
        const BhTile &t = g.tiles[i];
        if (t.kind != BH_TILE_DRAM)
            continue;
        for (uint32_t b = 0; b < d.banks; b++)
            if (banks[b] == t.index)
                d.bank_node[b][t.dram_port] = i;
    }
    /* cores: the first workload.cores enabled Tensix tiles in row-major order */
    plan->cores.clear();
    for (uint32_t i = 0; i < g.w * g.h; i++)
        if (is_compute(g.tiles[i]) &&
            (p.workload_cores == 0 || plan->cores.size() < (size_t)p.workload_cores))
            plan->cores.push_back(i);
    if (p.workload_cores > 0 && plan->cores.size() < (size_t)p.workload_cores)
        return fail(err, "workload.cores: " + std::string(p.chip_product) + " has only " +
                             std::to_string(plan->cores.size()) + " enabled Tensix cores, got " +
                             std::to_string(p.workload_cores));
    char why[256];
    if (dram_stream_config_check(&d, (uint32_t)plan->cores.size(), why, sizeof why) != BH_OK)
        return fail(err, why);
    return true;
}

} // namespace bh
