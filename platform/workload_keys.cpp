// SPDX-License-Identifier: Apache-2.0
/* The workload key table (workload_keys.h): the platform's rows here, the host programs' rows
 * from host/host_workloads.h. */
#include "platform/workload_keys.h"
#include <cstring>
#include <stdexcept>
#include "host/host_workloads.h"
#include "platform/config.h"

namespace bh
{

namespace json = boost::json;

namespace
{

struct Row {
    const char *name;
    const char *keys; /* full key names, separated by spaces */
};

/* synthetic traffic (plan_traffic, model/workload/noc_traffic.c): what each transfer is and
 * how often the injectors make one; the source pattern lies at src_addr */
#define BH_TRAFFIC_OP                                                                              \
    "workload.op workload.injection workload.rate workload.packet_bytes workload.noc "
#define BH_TRAFFIC_CREDITS " workload.max_outstanding workload.src_addr workload.dst_addr"
#define BH_TRAFFIC BH_TRAFFIC_OP "workload.injectors" BH_TRAFFIC_CREDITS

constexpr Row kRows[] = {
    {"none", ""},
    {"uniform", BH_TRAFFIC},
    {"transpose", BH_TRAFFIC},
    {"hotspot", BH_TRAFFIC " workload.target workload.hotspot_fraction"},
    {"neighbour", BH_TRAFFIC},
    {"gather", BH_TRAFFIC " workload.target"},
    /* one sender, workload.multicast_source: workload.injectors means nothing to it */
    {"multicast", BH_TRAFFIC_OP
     "workload.multicast_source workload.multicast_rect "
     "workload.multicast_y_major workload.multicast_path_reserve "
     "workload.multicast_linked workload.multicast_include_source" BH_TRAFFIC_CREDITS},
    /* plan_dram_stream: pages through dst_addr's staging slots; workload.rate in open loop */
    {"dram_stream", "workload.cores workload.banks workload.page_bytes workload.read_fraction "
                    "workload.in_flight workload.dram_pattern workload.dram_port "
                    "workload.dram_buffer_bytes workload.open_loop workload.rate workload.noc "
                    "workload.dst_addr"},
    /* plan_trace: events without addresses use src_addr and dst_addr */
    {"noc_trace", "workload.trace workload.trace_coords workload.src_addr workload.dst_addr"},
    {"tensix_stream", "workload.tiles workload.t0 workload.t1 workload.t2 workload.brisc"},
    {"riscv", "workload.elf"},
#define BH_HOST_ROW(name, keys) {#name, keys},
    BH_HOST_PROGRAMS(BH_HOST_ROW)
#undef BH_HOST_ROW
};
#undef BH_TRAFFIC
#undef BH_TRAFFIC_OP
#undef BH_TRAFFIC_CREDITS

/* keys of every workload */
constexpr const char *kCommon[] = {"workload.name", "workload.l1_init"};

constexpr bool same(const char *a, const char *b)
{
    return *a == *b && (!*a || same(a + 1, b + 1));
}
#define BH_HOST_BAR(name, keys) "|" #name
static_assert(same(BH_HOST_WORKLOADS, &BH_HOST_PROGRAMS(BH_HOST_BAR)[1]), /* past the first | */
              "host/host_workloads.h: BH_HOST_WORKLOADS must list BH_HOST_PROGRAMS' names");
#undef BH_HOST_BAR

const Row *row_of(const std::string &workload)
{
    for (const Row &r : kRows)
        if (workload == r.name)
            return &r;
    return nullptr;
}

std::vector<std::string> split(const char *keys)
{
    std::vector<std::string> out;
    for (const char *at = keys; *at;) {
        const char *end = std::strchr(at, ' ');
        if (!end)
            end = at + std::strlen(at);
        if (end > at)
            out.emplace_back(at, end);
        at = *end ? end + 1 : end;
    }
    return out;
}

} // namespace

std::vector<std::string> workload_keys(const std::string &workload)
{
    const Row *r = row_of(workload);
    return r ? split(r->keys) : std::vector<std::string>();
}

bool check_workload_keys(const BhParams &p, const std::set<std::string> &chosen, std::string *err)
{
    const Row *row = row_of(p.workload_name);
    if (!row) /* workload.name's values and the rows are kept together */
        throw std::logic_error(std::string("platform/workload_keys.cpp: workload '") +
                               p.workload_name + "' has no row in the key table");
    const std::vector<std::string> reads = split(row->keys);
    const json::object now = config_to_json(p), defaults = config_to_json(config_defaults());
    for (const std::string &k : reads)
        if (!now.contains(k))
            throw std::logic_error("platform/workload_keys.cpp: " + k + " (" + row->name +
                                   ") is not a key");
    for (const auto &kv : now) { /* params.def order: the first refused key is named */
        const std::string key = kv.key();
        if (key.rfind("workload.", 0) != 0 || !chosen.count(key) || kv.value() == defaults.at(key))
            continue;
        bool used = false;
        for (const char *c : kCommon)
            used = used || key == c;
        for (const std::string &k : reads)
            used = used || key == k;
        if (used)
            continue;
        std::string list;
        for (const std::string &k : reads)
            list += (list.empty() ? "" : ", ") + k;
        *err = key + ": " + p.workload_name + " does not use this key (" +
               (list.empty() ? std::string("it reads no workload key but workload.name and "
                                           "workload.l1_init")
                             : "it reads " + list) +
               ")";
        return false;
    }
    return true;
}

json::object workload_keys_json(const BhParams &p)
{
    const json::object all = config_to_json(p);
    json::object o{{"name", p.workload_name}};
    for (const std::string &k : workload_keys(p.workload_name)) {
        o[k.substr(std::strlen("workload."))] = all.at(k); /* config_load checked the rows */
    }
    return o;
}

} // namespace bh
