// SPDX-License-Identifier: Apache-2.0
#include "platform/output/vcd_views.h"
#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <fstream>
#include <set>
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
const char *const kComment = "@200"; /* a comment row */

/* The window the save file asks for, and the width of its wave area there, measured in GTKWave
 * 3.3 under xvfb with the signal search tree shown: 766 pixels with short row names, 670 when
 * the longest row (a group title such as "tile_x01_y02_l1 coprocessor: threads, units busy")
 * widens the name column; 600 leaves a margin. GTKWave shows 2^-zoom * 200 (its
 * pixelsperframe) time units per pixel, so the zoom that fits `end` time units into kWaveWidth
 * pixels is -log2(end * 200 / kWaveWidth). */
constexpr int kWindowW = 1400, kWindowH = 900, kSignalsW = 300, kWaveWidth = 600;
constexpr double kPixelsPerFrame = 200.0;
constexpr double kEndRoom = 1.02; /* a little room after the end, which shows it */

struct Ranked {
    uint64_t activity;
    std::string signal, alias;
};

/* the `keep` most active entries with activity, in signal name order (grid order) */
std::vector<Ranked> busiest(std::vector<Ranked> r, size_t keep)
{
    std::stable_sort(r.begin(), r.end(),
                     [](const Ranked &a, const Ranked &b) { return a.activity > b.activity; });
    r.resize(std::min(r.size(), keep));
    while (!r.empty() && r.back().activity == 0)
        r.pop_back();
    std::sort(r.begin(), r.end(),
              [](const Ranked &a, const Ranked &b) { return a.signal < b.signal; });
    return r;
}

std::string absolute(const std::string &path)
{
    std::error_code ec;
    std::filesystem::path p = std::filesystem::absolute(path, ec);
    return ec ? path : p.lexically_normal().string();
}

/* A trace row: "+{display name} full.signal.path". GTKWave shows a signal by its last name
 * segment (eight rows read out_east_busy); the alias says whose it is. Written as a marker
 * for Writer::group, which makes the alias unique in the file. */
std::string sig(const std::string &alias, const std::string &name, const char *range = "")
{
    return "+{" + alias + "} " + kTop + name + range;
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
            if (l[0] == '+')
                out += unique(l) + "\n";
            else if (l[0] != '@' || l != flags)
                out += l + "\n", flags = l[0] == '@' ? l : flags;
        out += std::string(closed ? kClosedEnd : kGroupEnd) + "\n-" + title + "\n";
    }

  private:
    std::set<std::string> aliases_;
    /* a row whose alias is taken gets " #2", " #3"... (two rows never share a name) */
    std::string unique(const std::string &row)
    {
        const size_t close = row.find("} ");
        const std::string alias = row.substr(2, close - 2);
        std::string a = alias;
        for (int n = 2; !aliases_.insert(a).second; n++)
            a = alias + " #" + std::to_string(n);
        return "+{" + a + row.substr(close);
    }
};

/* "(x,y)": a tile by its NoC0 coordinates, as the docs and the report name it */
std::string xy(uint32_t x, uint32_t y)
{
    return "(" + std::to_string(x) + "," + std::to_string(y) + ")";
}

std::string node_xy(const BhGrid &g, uint32_t noc0_node)
{
    return xy(g.tiles[noc0_node].x, g.tiles[noc0_node].y);
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

/* The program's tiles: for a host program, those where it placed a kernel on a core (the host
 * boots firmware on every Tensix tile); for the riscv workload, its tiles (workload.elf). Their
 * traced cores that were released during the run (grid order, at most kRvTiles tiles): per core
 * its state through the filter rv_states, then its pc in hex. */
bool riscv_groups(Chip &chip, const std::string &base, Writer *w, std::string *err)
{
    const BhGrid &g = *chip.plan().grid;
    std::vector<std::pair<const TensixTileTlm *, uint32_t>> tiles, kernels; /* (L1, node) */
    for (size_t i = 0; i < chip.rv_tiles().size(); i++) {
        const TensixTileTlm *l1 = chip.rv_tiles()[i];
        const uint32_t node = chip.rv_node(i);
        if (!l1->traced())
            continue;
        tiles.push_back({l1, node});
        bool kernel = false;
        for (uint32_t c = 0; c < TILE_CORES; c++)
            kernel = kernel || chip.kernel_core(node, c);
        if (kernel)
            kernels.push_back({l1, node});
    }
    if (!kernels.empty())
        tiles = kernels;
    std::sort(tiles.begin(), tiles.end(), [](const auto &a, const auto &b) {
        return std::string(a.first->name()) < b.first->name();
    });
    if (tiles.size() > kRvTiles)
        tiles.resize(kRvTiles);
    if (tiles.empty())
        return true;
    const std::string filter = base + ".rv_states.txt";
    std::string text = "# bhsim RISC-V core states (model/tile/tensix_tile.h "
                       "TILE_CORE_STATE_TABLE): GTKWave translate filter, values in decimal\n";
    for (uint32_t k = 0; k < TILE_CORE_STATES; k++)
        text += std::to_string(k) + " " + tile_core_state_name(k) + "\n";
    if (!write_text(filter, text, err))
        return false;
    const std::string filter_line = "^2 " + absolute(filter);
    for (const auto &[l1, node] : tiles) {
        std::vector<std::string> lines;
        for (uint32_t c = 0; c < TILE_CORES; c++) {
            if (!l1->tile().cores[c].released)
                continue;
            const std::string who = node_xy(g, node) + " " + tile_core_name(c);
            lines.insert(lines.end(), {kTranslated, filter_line,
                                       sig(who + " state", l1->core_signal(c, "state"), "[2:0]"),
                                       kHex, sig(who + " pc", l1->core_signal(c, "pc"), "[31:0]")});
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
    const BhGrid &g = *chip.plan().grid;
    std::vector<std::pair<uint64_t, const TensixTileTlm *>> tiles;
    std::map<const TensixTileTlm *, uint32_t> node_of;
    for (uint32_t node : chip.plan().vcd_l1_tiles)
        if (const TensixTileTlm *l1 = chip.timed_l1(node);
            l1 && l1->traced() && l1->coprocessor_traced()) {
            const TensixCore *c = l1->tile().core;
            node_of[l1] = node;
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
        const std::string at = node_xy(g, node_of.at(l1)) + " ";
        std::vector<std::string> lines;
        for (uint32_t t = 0; t < TENSIX_THREADS; t++)
            lines.insert(lines.end(), {kTranslated, filter_line,
                                       sig(at + "T" + std::to_string(t) + " state",
                                           l1->thread_signal(t), "[2:0]")});
        /* the units that were not idle all the time: their state by name, then busy */
        const TensixCore *c = l1->tile().core;
        std::vector<uint32_t> shown;
        for (uint32_t u = 0; u < TENSIX_UNITS; u++)
            if (unit_cycles(c, u, TENSIX_US_IDLE) != tensix_core_unit_window(c))
                shown.push_back(u);
        for (uint32_t u : shown)
            lines.insert(lines.end(), {kTranslated, unit_filter_line,
                                       sig(at + tensix_core_unit_name(u) + " state",
                                           l1->unit_signal(u, "state"), "[2:0]")});
        lines.push_back(kBits);
        for (uint32_t u : shown)
            if (unit_cycles(c, u, TENSIX_US_BUSY))
                lines.push_back(
                    sig(at + tensix_core_unit_name(u) + " busy", l1->unit_signal(u, "busy")));
        w->group(std::string(l1->basename()) + " coprocessor: threads, units busy", lines);
    }
    return true;
}

/* The save file's head: the files, a window whose wave area shows the whole run (the VCD's
 * last time, now), and a first row saying what a cycle is in the file's femtoseconds. */
std::string head(Chip &chip, const std::string &base, const std::string &gtkw)
{
    const uint64_t end_fs = sc_core::sc_time_stamp().value();
    const Clock &clk = chip.clock();
    const uint64_t cycles = clk.now();
    char text[160], zoom[64];
    std::snprintf(text, sizeof text, "1 cycle = %.0f fs", 1e9 / clk.initial_mhz());
    std::string row = text; /* short: GTKWave widens its name column to the longest row */
    if (clk.segments() > 1) {
        std::snprintf(text, sizeof text, " then %.0f fs", 1e9 / clk.mhz());
        row += text;
    }
    std::snprintf(text, sizeof text, "AICLK %.0f MHz", clk.initial_mhz());
    std::string note = std::string(text) + (clk.segments() > 1 ? " (retimed in the run)" : "") +
                       ": " + row + " (time in fs); the run ends at cycle " +
                       std::to_string(cycles) + ", " + std::to_string(end_fs) + " fs";
    std::snprintf(zoom, sizeof zoom, "*%.6f -1",
                  end_fs ? -std::log2(kEndRoom * (double)end_fs * kPixelsPerFrame / kWaveWidth)
                         : -24.0);
    std::string out =
        "[*] bhsim: the useful signals of this run, grouped (written with the VCD)\n[*] " + note +
        "\n[dumpfile] \"" + absolute(base + ".vcd") + "\"\n[savefile] \"" + absolute(gtkw) +
        "\"\n[timestart] 0\n[size] " + std::to_string(kWindowW) + " " + std::to_string(kWindowH) +
        "\n[signals_width] " + std::to_string(kSignalsW) + "\n" + zoom;
    for (int m = 0; m < 26; m++) /* named markers A-Z: none */
        out += " -1";
    return out + "\n" + kComment + "\n-" + row + "\n";
}

/* the NoC links' display names: "NoC0 (3,4)->(4,4) busy", "NoC0 (3,4) router->NIU busy" */
std::string link_alias(const BhGrid &g, const NocNet &net, uint32_t k, uint32_t li,
                       const std::vector<uint32_t> &noc0_of, uint32_t port)
{
    const NocLink &l = net.links[li];
    std::string a = "NoC" + std::to_string(k) + " " + node_xy(g, noc0_of[l.src_node]);
    if (l.dst_port == NOC_PORTS)
        return a + " router->NIU busy";
    a += "->" + node_xy(g, noc0_of[l.dst_node]);
    return a + (net.nports == 3 ? "" : " out" + std::to_string(port)) + " busy";
}

/* "gddr3 (0,5)": the controller and the tile of its first NoC endpoint (port 0) */
std::string gddr_alias(const BhGrid &g, uint32_t ctl)
{
    for (uint32_t i = 0; i < g.w * g.h; i++)
        if (g.tiles[i].kind == BH_TILE_DRAM && g.tiles[i].index == (int)ctl &&
            g.tiles[i].dram_port == 0)
            return "gddr" + std::to_string(ctl) + " " + node_xy(g, i);
    return "gddr" + std::to_string(ctl);
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
    w.out = head(chip, base, gtkw);
    /* 1. the riscv workload's cores: state and pc; the coprocessors' threads and units */
    if (!riscv_groups(chip, base, &w, err) || !coprocessor_groups(chip, base, &w, err))
        return false;
    /* 2. per NoC: the busiest router outputs, and the NIUs that injected most of those that
     * issued requests of their own (a target only answering them never shows outstanding) */
    for (uint32_t k = 0; k < chip.n_nocs(); k++) {
        const NocNet &net = chip.noc(k).net();
        std::vector<uint32_t> noc0_of(net.n_nodes, 0); /* NoC k node -> NoC0 node */
        for (uint32_t i = 0; i < g.w * g.h; i++)
            noc0_of.at(chip.tile_at(i % g.w, i / g.w).node(k)) = i;
        std::vector<Ranked> links, nius;
        for (uint32_t i = 0; i < g.w * g.h; i++) {
            const TileTlm &t = chip.tile_at(i % g.w, i / g.w);
            const uint32_t node = t.node(k);
            for (uint32_t p = 0; p < net.nports; p++) {
                uint32_t li = net.routers[node].out[p].link;
                if (li != NOC_NONE)
                    links.push_back({net.links[li].flits, t.link_signal(k, p),
                                     link_alias(g, net, k, li, noc0_of, p)});
            }
            const NocNiu &niu = net.nius[node];
            const uint32_t *n = niu.counters;
            const uint64_t requests =
                (uint64_t)n[NOC_CNT_MST_RD_REQ_SENT] + n[NOC_CNT_MST_NONPOSTED_WR_REQ_SENT] +
                n[NOC_CNT_MST_POSTED_WR_REQ_SENT] + n[NOC_CNT_MST_NONPOSTED_ATOMIC_SENT] +
                n[NOC_CNT_MST_POSTED_ATOMIC_SENT];
            if (niu.link_out != NOC_NONE && requests > 0)
                nius.push_back(
                    {net.links[niu.link_out].flits, t.niu_signal(k),
                     "NoC" + std::to_string(k) + " " + xy(i % g.w, i / g.w) + " NIU outstanding"});
        }
        std::vector<std::string> lines;
        for (const Ranked &r : busiest(links, kLinksPerNoc))
            lines.push_back(sig(r.alias, r.signal));
        if (!lines.empty())
            lines.insert(lines.begin(), kBits);
        w.group("NoC" + std::to_string(k) + " busiest router links", lines);
        lines.clear();
        for (const Ranked &r : busiest(nius, kNiusPerNoc))
            lines.push_back(sig(r.alias, r.signal, "[31:0]"));
        if (!lines.empty())
            lines.insert(lines.begin(), kDecimal);
        w.group("NoC" + std::to_string(k) + " NIUs injecting most: outstanding", lines);
    }
    /* 3. the traced L1s that moved most: used ports (holder named by the filter, blocked), banks */
    std::vector<std::pair<uint64_t, uint32_t>> l1s; /* (bytes moved, NoC0 node) in grid order */
    for (uint32_t node : chip.plan().vcd_l1_tiles) {
        if (const TensixTileTlm *l1 = chip.timed_l1(node); l1 && l1->traced())
            l1s.push_back({l1->state().st.bytes_moved, node});
    }
    std::vector<std::pair<uint64_t, uint32_t>> top = l1s;
    std::stable_sort(top.begin(), top.end(),
                     [](const auto &a, const auto &b) { return a.first > b.first; });
    if (top.size() > kL1Tiles)
        top.resize(kL1Tiles);
    const std::string filter_line = "^1 " + absolute(filter);
    for (const auto &e : l1s) {
        if (std::find(top.begin(), top.end(), e) == top.end())
            continue;
        const TensixTileTlm &l1 = *chip.timed_l1(e.second);
        const std::string at = node_xy(g, e.second) + " L1 ";
        const L1 &s = l1.state();
        bool any = false;
        for (uint32_t p = 0; p < s.cfg.ports; p++)
            any |= s.st.port_busy[p] > 0;
        std::vector<std::string> ports, banks;
        char id[16];
        for (uint32_t p = 0; p < s.cfg.ports; p++)
            if (!any || s.st.port_busy[p]) {
                std::snprintf(id, sizeof id, "port%02u ", p);
                ports.insert(ports.end(),
                             {kTranslated, filter_line,
                              sig(at + id + "holder", l1.signal("port", p, "holder"), "[3:0]"),
                              kBits, sig(at + id + "blocked", l1.signal("port", p, "blocked"))});
            }
        for (uint32_t b = 0; b < s.cfg.banks; b++)
            if (s.st.bank_busy[b]) {
                std::snprintf(id, sizeof id, "bank%02u ", b);
                banks.insert(banks.end(),
                             {kTranslated, filter_line,
                              sig(at + id + "holder", l1.signal("bank", b, "holder"), "[3:0]")});
            }
        w.group(std::string(l1.basename()) + (any ? " ports used" : " ports"), ports);
        w.group(std::string(l1.basename()) + " banks used", banks, true);
    }
    /* 4. GDDR6 controllers that moved data (names as Gddr6Tlm::trace gives them) */
    for (size_t c = 0; c < chip.gddr().size(); c++) {
        const auto &d = chip.gddr()[c];
        if (!d || d->state().st.reads + d->state().st.writes == 0)
            continue;
        const std::string n = d->name(), a = gddr_alias(g, (uint32_t)c) + " ";
        w.group(d->basename(), {kDecimal, sig(a + "read queue", n + ".read_queue", "[31:0]"),
                                sig(a + "write queue", n + ".write_queue", "[31:0]"), kBits,
                                sig(a + "data bus busy", n + ".data_bus_busy")});
    }
    return write_text(gtkw, w.out, err);
}

} // namespace bh
