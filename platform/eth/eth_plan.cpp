// SPDX-License-Identifier: Apache-2.0
/* The Ethernet side of a chip's plan: the MACs' and links' keys checked, and eth.cables parsed
 * into pairs of enabled Ethernet tiles. */
#include <cstdio>
#include <set>
#include <sstream>
#include "platform/chip.h"

namespace bh
{

using PlanSystemCable = HardwarePlan::SystemCable;

static bool fail(std::string *err, const std::string &msg)
{
    *err = msg;
    return false;
}

/* channel text -> the NoC0 node of its enabled Ethernet tile */
static bool eth_channel(const BhGrid &g, const std::string &where, const std::string &text,
                        uint32_t *node, std::string *err)
{
    int ch = -1;
    char tail = 0;
    if (std::sscanf(text.c_str(), "%d%c", &ch, &tail) != 1 || ch < 0)
        return fail(err, where + ": '" + text + "' is not an Ethernet channel number");
    for (uint32_t i = 0; i < g.w * g.h; i++) {
        const BhTile &t = g.tiles[i];
        if (t.kind != BH_TILE_ETH || t.index != ch)
            continue;
        if (!t.enabled)
            return fail(err, where + ": Ethernet channel " + text + " (" + t.label +
                                 ") is disabled (chip.disabled_ethernet)");
        *node = i;
        return true;
    }
    return fail(err, where + ": this chip has no Ethernet channel " + text);
}

/* system.cables: "C:A-D:B,..." between chips; a port has one cable, whatever joins it (eth.cables
 * are on every chip: `local` holds their ports) */
static bool plan_system_cables(const BhParams &p, ChipPlan *plan, const std::set<uint32_t> &local,
                               std::string *err)
{
    const BhGrid &g = *plan->grid;
    plan->chips = (uint32_t)p.system_chips;
    std::set<std::pair<uint32_t, uint32_t>> used;
    std::istringstream in(p.system_cables);
    for (std::string e; std::getline(in, e, ',');) {
        const size_t a = e.find_first_not_of(" \t"), b = e.find_last_not_of(" \t");
        if (a == std::string::npos)
            continue;
        e = e.substr(a, b - a + 1);
        const std::string where = "system.cables: '" + e + "'";
        const size_t dash = e.find('-');
        if (dash == std::string::npos)
            return fail(err, where + ": expected C:A-D:B, chip C's channel A to chip D's B");
        PlanSystemCable c;
        const std::string ends[2] = {e.substr(0, dash), e.substr(dash + 1)};
        for (int k = 0; k < 2; k++) {
            int chip = -1, n = 0;
            if (std::sscanf(ends[k].c_str(), "%d:%n", &chip, &n) != 1 || n == 0 || chip < 0)
                return fail(err, where + ": '" + ends[k] + "' is not CHIP:CHANNEL");
            if ((uint32_t)chip >= plan->chips)
                return fail(err, where + ": chip " + std::to_string(chip) + " is not one of the " +
                                     std::to_string(plan->chips) + " chips (system.chips)");
            c.chip[k] = (uint32_t)chip;
            if (!eth_channel(g, where, ends[k].substr((size_t)n), &c.node[k], err))
                return false;
            if (local.count(c.node[k]))
                return fail(err, where + ": channel " + ends[k].substr((size_t)n) +
                                     " has a cable of eth.cables on every chip");
            if (!used.insert({c.chip[k], c.node[k]}).second)
                return fail(err, where + ": chip " + std::to_string(chip) + "'s channel " +
                                     ends[k].substr((size_t)n) +
                                     " already has a cable (one per port)");
        }
        if (c.chip[0] == c.chip[1])
            return fail(err, where + ": joins two ports of one chip (eth.cables does that)");
        if (!plan->l1_timed)
            return fail(err, "system.cables: the MACs need the timed L1 (l1.timed=true)");
        plan->system_cables.push_back(c);
    }
    return true;
}

bool plan_eth(const BhParams &p, ChipPlan *plan, std::string *err)
{
    char why[256];
    plan->eth_mac = p.eth_mac;
    plan->eth_link = p.eth_link;
    if (eth_mac_config_check(&plan->eth_mac, why, sizeof why) != BH_OK)
        return fail(err, std::string("eth.mac.") + why);
    if (eth_link_config_check(&plan->eth_link, why, sizeof why) != BH_OK)
        return fail(err, why); /* "eth.link.<field>: ..." */
    const BhGrid &g = *plan->grid;
    std::istringstream in(p.eth_cables);
    std::set<uint32_t> used;
    for (std::string e; std::getline(in, e, ',');) {
        const size_t a = e.find_first_not_of(" \t"), b = e.find_last_not_of(" \t");
        if (a == std::string::npos)
            continue;
        e = e.substr(a, b - a + 1);
        const std::string where = "eth.cables: '" + e + "'";
        const size_t dash = e.find('-');
        if (dash == std::string::npos)
            return fail(err, where + ": expected A-B, two Ethernet channels");
        uint32_t n[2];
        if (!eth_channel(g, where, e.substr(0, dash), &n[0], err) ||
            !eth_channel(g, where, e.substr(dash + 1), &n[1], err))
            return false;
        if (n[0] == n[1])
            return fail(err, where + ": a cable joins two different ports");
        for (uint32_t k : n)
            if (!used.insert(k).second)
                return fail(err, where + ": channel " + std::to_string(g.tiles[k].index) +
                                     " already has a cable (one per port)");
        if (!plan->l1_timed)
            return fail(err, "eth.cables: the MACs need the timed L1 (l1.timed=true)");
        plan->eth_cables.push_back({n[0], n[1]});
    }
    return plan_system_cables(p, plan, used, err);
}

} // namespace bh
