// SPDX-License-Identifier: Apache-2.0
/* The Blackhole grid as the NoC trace loader sees it: which tile sits at a NoC0 (x, y) (its
 * label, whether harvesting or a disabled controller removes it) and the firmware's translated
 * coordinates. Separate from the parsers because both formats check every coordinate here and
 * blackhole_tile_label / translated_to_noc0 are public (noc_trace_load.h). */
#include "platform/load/noc_trace_loader.h"

#include <algorithm>

namespace bh
{
namespace noc_trace_detail
{
namespace
{

/* Blackhole tables (docs/hardware.md#grid, #coordinates, #harvesting). Tensix column /
 * Ethernet channel i sits at NoC0 x kPhysX[i] (physical order, the order harvesting counts
 * in); GDDR controller c's ports 0..2 sit at x = c < 4 ? 0 : 9, y = kGddrY[c % 4][port]; L2CPU
 * i sits at (8, kL2CpuY[i]). */
const int kPhysX[14] = {1, 16, 2, 15, 3, 14, 4, 13, 5, 12, 6, 11, 7, 10};
const int kTensixX[14] = {1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 16};
const int kGddrY[4][3] = {{0, 1, 11}, {2, 10, 3}, {9, 4, 8}, {5, 7, 6}};
const int kL2CpuY[4] = {3, 9, 5, 7};

bool has(const std::vector<int> &v, int x)
{
    return std::find(v.begin(), v.end(), x) != v.end();
}

int dram_controller(int x, int y) /* -1 if (x, y) is no DRAM endpoint */
{
    for (int c = 0; c < 4 && (x == 0 || x == 9); ++c)
        if (std::find(kGddrY[c], kGddrY[c] + 3, y) != kGddrY[c] + 3)
            return (x == 9 ? 4 : 0) + c;
    return -1;
}

} // namespace

bool is_blackhole(const ChipShape &c)
{
    return c.w == 17 && c.h == 12;
}

int phys_index(int x) /* -1 if no Tensix column / Ethernet channel sits at NoC0 x */
{
    const int *p = std::find(kPhysX, kPhysX + 14, x);
    return p == kPhysX + 14 ? -1 : static_cast<int>(p - kPhysX);
}

std::string kind_of_label(const std::string &l)
{
    static const char *const kinds[][2] = {
        {"T", "Tensix"}, {"D", "DRAM"}, {"E", "Ethernet"}, {"P", "PCIe"},
        {"C", "L2CPU"},  {"A", "ARC"},  {"S", "security"}, {"-", "router only"}};
    for (const auto &k : kinds)
        if (l.compare(0, 1, k[0]) == 0)
            return k[1];
    return "";
}

bool default_exists(const ChipShape &c, int x, int y)
{
    if (!is_blackhole(c))
        return true;
    const std::string l = blackhole_tile_label(x, y);
    if (l[0] == 'T')
        return !has(c.harvested_tensix_cols, x);
    if (l[0] == 'D')
        return !has(c.disabled_dram, dram_controller(x, y));
    if (l[0] == 'E')
        return !has(c.disabled_eth, phys_index(x));
    return l != "--";
}

} // namespace noc_trace_detail

using namespace noc_trace_detail;

std::string blackhole_tile_label(int x, int y)
{
    if (x < 0 || x > 16 || y < 0 || y > 11)
        return "";
    const int dram = dram_controller(x, y);
    if (dram >= 0)
        return "D" + std::to_string(dram);
    if (y == 0)
        return x == 2 ? "P0" : x == 11 ? "P1" : x == 8 ? "ARC" : "--";
    if (y == 1)
        return x == 8 ? "--" : "E" + std::to_string(phys_index(x));
    if (x == 8) {
        const int *c = std::find(kL2CpuY, kL2CpuY + 4, y);
        return c != kL2CpuY + 4 ? "C" + std::to_string(c - kL2CpuY) : y == 2 ? "SEC" : "--";
    }
    return "T" + std::to_string((y - 2) * 14 + (std::find(kTensixX, kTensixX + 14, x) - kTensixX));
}

bool translated_to_noc0(const ChipShape &chip, int tx, int ty, int *x, int *y, std::string *why)
{
    std::string dummy;
    why = why ? why : &dummy;
    if (!is_blackhole(chip))
        return *why = "translated coordinates exist only on the 17x12 Blackhole grid", false;
    if (ty >= 0 && ty <= 11 && tx >= 0 && tx <= 16 && (ty <= 1 || tx == 0 || tx == 8 || tx == 9)) {
        *x = tx, *y = ty; /* rows 0-1 and the DRAM/CPU columns are not renumbered */
        return true;
    }
    if (ty >= 2 && ty <= 11 && tx >= 1 && tx <= 16) {
        /* Good Tensix columns fill x = 1..7, 10..16 in NoC0 order; harvested ones take the
         * highest x, lowest physical index first (at x = 16). */
        int slot[17], n = 0, bad = 0;
        for (int c : kTensixX)
            if (!has(chip.harvested_tensix_cols, c))
                slot[kTensixX[n++]] = c;
        for (int c : kPhysX)
            if (has(chip.harvested_tensix_cols, c))
                slot[16 - bad++] = c;
        if (bad > 7)
            return *why = "more than 7 harvested Tensix columns cannot be translated", false;
        *x = slot[tx], *y = ty;
        return true;
    }
    if ((tx == 17 || tx == 18) && ty >= 12 && ty <= 23) {
        if (chip.disabled_dram.size() > 1)
            return *why = "more than one disabled DRAM controller cannot be translated", false;
        /* x = 17 is the column without the bad controller (west if none), x = 18 the other;
         * both list their controllers top to bottom with the bad one's row moved last. */
        const int bad = chip.disabled_dram.empty() ? -1 : chip.disabled_dram[0];
        const bool west = (bad < 0 || bad >= 4) == (tx == 17);
        int rows[4] = {0, 1, 2, 3};
        if (bad >= 0)
            std::rotate(rows + bad % 4, rows + bad % 4 + 1, rows + 4);
        *x = west ? 0 : 9, *y = kGddrY[rows[(ty - 12) / 3]][(ty - 12) % 3];
        return true;
    }
    if (tx == 19 && ty == 24) {
        *x = chip.pcie_in_use ? 11 : 2, *y = 0;
        return true;
    }
    if (ty == 25 && tx >= 20 && tx <= 31) { /* enabled Ethernet channels in channel order */
        int k = tx - 20;
        for (int c = 0; c < 14; ++c)
            if (!has(chip.disabled_eth, c) && k-- == 0) {
                *x = kPhysX[c], *y = 1;
                return true;
            }
        return *why = "only " + std::to_string(tx - 20 - k) + " Ethernet channels are enabled",
               false;
    }
    if (tx == 8 && ty >= 26 && ty <= 30) {
        *x = 8, *y = ty == 30 ? 2 : kL2CpuY[ty - 26];
        return true;
    }
    return *why = "not in any translated region (rows 0-1; Tensix x 1..16 y 2..11; DRAM x 17..18 "
                  "y 12..23; PCIe (19,24); Ethernet x 20..31 y 25; L2CPU (8,26..29); security "
                  "(8,30))",
           false;
}

} // namespace bh
