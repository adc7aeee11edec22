// SPDX-License-Identifier: Apache-2.0
#include "platform/output/vcd_views.h"
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <utility>
#include <vector>
#include "platform/chip.h"
#include "platform/tile/l1_ports.h"

namespace bh
{

namespace
{

/* the VCD writer (vcd_writer.h) puts every signal under a top scope of this name */
const char *const kTop = "SystemC.";
constexpr size_t kLinksPerNoc = 8, kNiusPerNoc = 8, kL1Tiles = 4, kRvTiles = 8;

/* GTKWave trace flags (its save-file format, hexadecimal) */
const char *const kBits = "@28";          /* binary, right-justified */
const char *const kHex = "@22";           /* hexadecimal, right-justified */
const char *const kDecimal = "@24";       /* decimal, right-justified */
const char *const kTranslated = "@2024";  /* decimal through the file filter */
const char *const kGroup = "@800200";     /* group start */
const char *const kGroupEnd = "@1000200"; /* group end */
const char *const kClosed = "@c00200";    /* closed group start */
const char *const kClosedEnd = "@1401200";

using Ranked = std::vector<std::pair<uint64_t, std::string>>; /* (activity, signal) */

/* the `keep` most active entries with activity, in name order (names sort in grid order) */
std::vector<std::string> busiest(Ranked r, size_t keep)
{
    std::stable_sort(r.begin(), r.end(),
                     [](const auto &a, const auto &b) { return a.first > b.first; });
    std::vector<std::string> names;
    for (size_t i = 0; i < r.size() && i < keep && r[i].first > 0; i++)
        names.push_back(r[i].second);
    std::sort(names.begin(), names.end());
    return names;
}

std::string absolute(const std::string &path)
{
    std::error_code ec;
    std::filesystem::path p = std::filesystem::absolute(path, ec);
    return ec ? path : p.lexically_normal().string();
}

class Writer
{
  public:
    std::string out;
    void group(const std::string &title, const std::vector<std::string> &lines, bool closed = false)
    {
        if (lines.empty())
            return;
        out += std::string(closed ? kClosed : kGroup) + "\n-" + title + "\n";
        std::string flags; /* GTKWave keeps flags until the next '@' line */
        for (const std::string &l : lines)
            if (l[0] != '@' || l != flags)
                out += l + "\n", flags = l[0] == '@' ? l : flags;
        out += std::string(closed ? kClosedEnd : kGroupEnd) + "\n-" + title + "\n";
    }
};

std::string sig(const std::string &name, const char *range = "")
{
    return kTop + name + range;
}

bool write_text(const std::string &path, const std::string &text, std::string *err)
{
    std::ofstream f(path);
    if (!(f << text) || !f.flush()) {
        *err = "cannot write '" + path + "'";
        return false;
    }
    return true;
}

/* The riscv tiles' traced cores that were released during the run (grid order, at most
 * kRvTiles tiles): per core its state through the filter rv_states, then its pc in hex. */
bool riscv_groups(Chip &chip, const std::string &base, Writer *w, std::string *err)
{
    std::vector<const TensixTileTlm *> tiles;
    for (const TensixTileTlm *l1 : chip.rv_tiles())
        if (l1->traced() && tiles.size() < kRvTiles)
            tiles.push_back(l1);
    if (tiles.empty())
        return true;
    const std::string filter = base + ".rv_states.txt";
    std::string text = "# bhsim RISC-V core states (model/tile/tensix_tile.h "
                       "TILE_CORE_STATE_TABLE): GTKWave translate filter, values in decimal\n";
    for (uint32_t k = 0; k < TILE_CORE_STATES; k++)
        text += std::to_string(k) + " " + tile_core_state_name(k) + "\n";
    if (!write_text(filter, text, err))
        return false;
    std::sort(tiles.begin(), tiles.end(), [](const TensixTileTlm *a, const TensixTileTlm *b) {
        return std::string(a->name()) < b->name();
    });
    const std::string filter_line = "^2 " + absolute(filter);
    for (const TensixTileTlm *l1 : tiles) {
        std::vector<std::string> lines;
        for (uint32_t c = 0; c < TILE_CORES; c++) {
            if (!l1->tile().cores[c].released)
                continue;
            lines.insert(lines.end(),
                         {kTranslated, filter_line, sig(l1->core_signal(c, "state"), "[2:0]"), kHex,
                          sig(l1->core_signal(c, "pc"), "[31:0]")});
        }
        w->group(std::string(l1->basename()) + " riscv cores: state, pc", lines);
    }
    return true;
}

/* The traced coprocessors that issued, most matrix-unit work first (at most kL1Tiles, shown in
 * grid order): per thread its state through the filter coproc_states, then the units that
 * worked, one busy bit each. */
uint64_t unit_cycles(const TensixCore *c, uint32_t unit, uint32_t state)
{
    uint64_t n[TENSIX_UNIT_STATE_COUNT];
    tensix_core_unit_cycles(c, unit, n);
    return n[state];
}

bool coprocessor_groups(Chip &chip, const std::string &base, Writer *w, std::string *err)
{
    std::vector<std::pair<uint64_t, const TensixTileTlm *>> tiles;
    for (uint32_t node : chip.plan().vcd_l1_tiles)
        if (const TensixTileTlm *l1 = chip.timed_l1(node);
            l1 && l1->traced() && l1->coprocessor_traced()) {
            const TensixCore *c = l1->tile().core;
            if (c->thr[0].issued + c->thr[1].issued + c->thr[2].issued)
                tiles.push_back({unit_cycles(c, TENSIX_UNIT_MATRIX, TENSIX_US_BUSY), l1});
        }
    if (tiles.empty())
        return true;
    std::stable_sort(tiles.begin(), tiles.end(),
                     [](const auto &a, const auto &b) { return a.first > b.first; });
    if (tiles.size() > kL1Tiles)
        tiles.resize(kL1Tiles);
    std::sort(tiles.begin(), tiles.end(), [](const auto &a, const auto &b) {
        return std::string(a.second->name()) < b.second->name();
    });
    const std::string filter = base + ".coproc_states.txt";
    std::string text = "# bhsim coprocessor thread states (TensixTileTlm::trace): GTKWave "
                       "translate filter, values in decimal\n0 idle\n1 issued\n";
    for (uint32_t k = 0; k < TENSIX_STALLS; k++)
        text += std::to_string(2 + k) + " " + tensix_stall_name((TensixStall)k) + "\n";
    if (!write_text(filter, text, err))
        return false;
    const std::string unit_filter = base + ".unit_states.txt";
    text = "# bhsim coprocessor unit states (model/tile/tensix/tensix_core.h TENSIX_UNIT_STATES): "
           "GTKWave translate filter, values in decimal\n";
    for (uint32_t k = 0; k < TENSIX_UNIT_STATE_COUNT; k++)
        text += std::to_string(k) + " " + tensix_unit_state_name(k) + "\n";
    if (!write_text(unit_filter, text, err))
        return false;
    const std::string filter_line = "^3 " + absolute(filter);
    const std::string unit_filter_line = "^4 " + absolute(unit_filter);
    for (const auto &[matrix, l1] : tiles) {
        std::vector<std::string> lines;
        for (uint32_t t = 0; t < TENSIX_THREADS; t++)
            lines.insert(lines.end(),
                         {kTranslated, filter_line, sig(l1->thread_signal(t), "[2:0]")});
        /* the units that were not idle all the time: their state by name, then busy */
        const TensixCore *c = l1->tile().core;
        std::vector<uint32_t> shown;
        for (uint32_t u = 0; u < TENSIX_UNITS; u++)
            if (unit_cycles(c, u, TENSIX_US_IDLE) != tensix_core_unit_window(c))
                shown.push_back(u);
        for (uint32_t u : shown)
            lines.insert(lines.end(), {kTranslated, unit_filter_line,
                                       sig(l1->unit_signal(u, "state"), "[2:0]")});
        lines.push_back(kBits);
        for (uint32_t u : shown)
            if (unit_cycles(c, u, TENSIX_US_BUSY))
                lines.push_back(sig(l1->unit_signal(u, "busy")));
        w->group(std::string(l1->basename()) + " coprocessor: threads, units busy", lines);
    }
    return true;
}

} // namespace

bool write_vcd_views(Chip &chip, const std::string &vcd_path, std::string *err)
{
    std::string base = vcd_path;
    if (base.size() > 4 && base.compare(base.size() - 4, 4, ".vcd") == 0)
        base.resize(base.size() - 4);
    const std::string filter = base + ".l1_clients.txt", gtkw = base + ".gtkw";
    std::vector<char> text(bh_l1_holder_filter_format(nullptr, 0) + 1);
    bh_l1_holder_filter_format(text.data(), text.size());
    if (!write_text(filter, text.data(), err))
        return false;
    const BhGrid &g = *chip.plan().grid;
    Writer w;
    w.out = "[*] bhsim: the useful signals of this run, grouped (written with the VCD)\n"
            "[dumpfile] \"" +
            absolute(base + ".vcd") + "\"\n[savefile] \"" + absolute(gtkw) + "\"\n[timestart] 0\n";
    /* 1. the riscv workload's cores: state and pc; the coprocessors' threads and units */
    if (!riscv_groups(chip, base, &w, err) || !coprocessor_groups(chip, base, &w, err))
        return false;
    /* 2. per NoC: the busiest router outputs and the NIUs that injected most */
    for (uint32_t k = 0; k < chip.n_nocs(); k++) {
        const NocNet &net = chip.noc(k).net();
        Ranked links, nius;
        for (uint32_t i = 0; i < g.w * g.h; i++) {
            const TileTlm &t = chip.tile_at(i % g.w, i / g.w);
            const uint32_t node = t.node(k);
            for (uint32_t p = 0; p < net.nports; p++) {
                uint32_t li = net.routers[node].out[p].link;
                if (li != NOC_NONE)
                    links.push_back({net.links[li].flits, t.link_signal(k, p)});
            }
            uint32_t inj = net.nius[node].link_out;
            if (inj != NOC_NONE)
                nius.push_back({net.links[inj].flits, t.niu_signal(k)});
        }
        std::vector<std::string> lines;
        for (const std::string &n : busiest(links, kLinksPerNoc))
            lines.push_back(sig(n));
        if (!lines.empty())
            lines.insert(lines.begin(), kBits);
        w.group("NoC" + std::to_string(k) + " busiest router links", lines);
        lines.clear();
        for (const std::string &n : busiest(nius, kNiusPerNoc))
            lines.push_back(sig(n, "[31:0]"));
        if (!lines.empty())
            lines.insert(lines.begin(), kDecimal);
        w.group("NoC" + std::to_string(k) + " NIUs injecting most: outstanding", lines);
    }
    /* 3. the traced L1s that moved most: used ports (holder named by the filter, blocked), banks */
    std::vector<std::pair<uint64_t, const TensixTileTlm *>>
        l1s; /* (bytes moved, L1) in grid order */
    for (uint32_t node : chip.plan().vcd_l1_tiles) {
        if (const TensixTileTlm *l1 = chip.timed_l1(node); l1 && l1->traced())
            l1s.push_back({l1->state().st.bytes_moved, l1});
    }
    std::vector<std::pair<uint64_t, const TensixTileTlm *>> top = l1s;
    std::stable_sort(top.begin(), top.end(),
                     [](const auto &a, const auto &b) { return a.first > b.first; });
    if (top.size() > kL1Tiles)
        top.resize(kL1Tiles);
    const std::string filter_line = "^1 " + absolute(filter);
    for (const auto &e : l1s) {
        if (std::find(top.begin(), top.end(), e) == top.end())
            continue;
        const TensixTileTlm &l1 = *e.second;
        const L1 &s = l1.state();
        bool any = false;
        for (uint32_t p = 0; p < s.cfg.ports; p++)
            any |= s.st.port_busy[p] > 0;
        std::vector<std::string> ports, banks;
        for (uint32_t p = 0; p < s.cfg.ports; p++)
            if (!any || s.st.port_busy[p])
                ports.insert(ports.end(), {kTranslated, filter_line,
                                           sig(l1.signal("port", p, "holder"), "[3:0]"), kBits,
                                           sig(l1.signal("port", p, "blocked"))});
        for (uint32_t b = 0; b < s.cfg.banks; b++)
            if (s.st.bank_busy[b])
                banks.insert(banks.end(), {kTranslated, filter_line,
                                           sig(l1.signal("bank", b, "holder"), "[3:0]")});
        w.group(std::string(l1.basename()) + (any ? " ports used" : " ports"), ports);
        w.group(std::string(l1.basename()) + " banks used", banks, true);
    }
    /* 4. GDDR6 controllers that moved data (names as Gddr6Tlm::trace gives them) */
    for (const auto &d : chip.gddr()) {
        if (!d || d->state().st.reads + d->state().st.writes == 0)
            continue;
        std::string n = d->name();
        w.group(d->basename(),
                {kDecimal, sig(n + ".read_queue", "[31:0]"), sig(n + ".write_queue", "[31:0]"),
                 kBits, sig(n + ".data_bus_busy")});
    }
    return write_text(gtkw, w.out, err);
}

} // namespace bh
