// SPDX-License-Identifier: Apache-2.0
#include "platform/output/heatmap.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <set>

#include "model/chip/bh_grid.h"

namespace bh
{
namespace
{

constexpr int kMaxDim = 256;
constexpr double kCell = 60;      // grid pitch
constexpr double kBox = 44;       // tile box side
constexpr double kPad = 44;       // panel margin around the grid: wrap stubs, axis numbers
constexpr double kGap = 24;       // between panels
constexpr double kMargin = 16;    // around everything
constexpr double kTitleH = 34;    // document title
constexpr double kPanelHead = 42; // panel title and statistics
constexpr double kLegendH = 116;
constexpr double kLaneOff = 11; // arrow shift off the tile centre line
constexpr double kStart = 13;   // arrow start/end distance from the tile centre
constexpr double kStub = 16;    // how far a wrap stub reaches past the grid edge
constexpr double kShaft = 2.6;  // half widths and head length of an arrow
constexpr double kHead = 6;
constexpr double kHeadLen = 8.5;

struct Stop {
    double at;
    int r, g, b;
};
constexpr Stop kScale[] = {
    {0.00, 0xe8, 0xf1, 0xfa}, {0.25, 0x6f, 0xa8, 0xdc}, {0.50, 0xff, 0xe0, 0x4a},
    {0.75, 0xfd, 0x8d, 0x3c}, {1.00, 0xd7, 0x19, 0x1c},
};

std::string num(double v)
{
    char b[32];
    std::snprintf(b, sizeof b, "%.1f", v);
    return b;
}

std::string pct(double u)
{
    char b[32];
    std::snprintf(b, sizeof b, "%.1f%%", u * 100.0);
    return b;
}

std::string hex_colour(int r, int g, int b)
{
    char s[8];
    std::snprintf(s, sizeof s, "#%02x%02x%02x", r & 0xff, g & 0xff, b & 0xff);
    return s;
}

std::string util_colour(double u)
{
    u = std::clamp(u, 0.0, 1.0);
    for (size_t i = 1; i < std::size(kScale); i++) {
        const Stop &a = kScale[i - 1], &b = kScale[i];
        if (u <= b.at) {
            const double t = (u - a.at) / (b.at - a.at);
            auto mix = [t](int p, int q) { return static_cast<int>(std::lround(p + (q - p) * t)); };
            return hex_colour(mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b));
        }
    }
    const Stop &z = kScale[std::size(kScale) - 1];
    return hex_colour(z.r, z.g, z.b);
}

const char *kind_fill(int kind)
{
    switch (kind) {
    case BH_TILE_TENSIX:
        return "#e2f0d9";
    case BH_TILE_DRAM:
        return "#fde3c8";
    case BH_TILE_ETH:
        return "#e6defa";
    case BH_TILE_PCIE:
        return "#d4ecf7";
    case BH_TILE_ARC:
        return "#f9d5dc";
    case BH_TILE_L2CPU:
        return "#fdf3c4";
    case BH_TILE_SECURITY:
        return "#dfe5e8";
    case BH_TILE_GENERIC:
        return "#e4ebf5";
    default:
        return "#f5f5f5";
    }
}

std::string kind_name(int kind)
{
    if (kind < BH_TILE_EMPTY || kind > BH_TILE_GENERIC)
        return "kind " + std::to_string(kind);
    return bh_tile_kind_name(static_cast<BhTileKind>(kind));
}

std::string esc(const std::string &s)
{
    std::string o;
    for (char c : s) {
        switch (c) {
        case '&':
            o += "&amp;";
            break;
        case '<':
            o += "&lt;";
            break;
        case '>':
            o += "&gt;";
            break;
        case '"':
            o += "&quot;";
            break;
        case '\'':
            o += "&apos;";
            break;
        default:
            // XML 1.0 forbids most control characters even as references.
            if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n')
                o += '?';
            else
                o += c;
        }
    }
    return o;
}

std::string xy(int x, int y)
{
    return "(" + std::to_string(x) + "," + std::to_string(y) + ")";
}

// Direction of travel of a link, and whether it crosses the torus edge; false if the two
// tiles are not neighbours.
bool link_dir(const HeatLink &l, int w, int h, int *ux, int *uy, bool *wrap)
{
    const int dx = l.to_x - l.from_x, dy = l.to_y - l.from_y;
    *ux = *uy = 0;
    *wrap = false;
    if (dy == 0 && (dx == 1 || dx == -1))
        *ux = dx;
    else if (dx == 0 && (dy == 1 || dy == -1))
        *uy = dy;
    else if (dy == 0 && w > 2 && (dx == w - 1 || dx == 1 - w))
        *ux = dx > 0 ? -1 : 1, *wrap = true;
    else if (dx == 0 && h > 2 && (dy == h - 1 || dy == 1 - h))
        *uy = dy > 0 ? -1 : 1, *wrap = true;
    else
        return false;
    return true;
}

// Arrow from (x0,y0) to (x1,y1) as one outlined polygon: shaft plus head.
std::string arrow(double x0, double y0, double x1, double y1, const std::string &fill)
{
    const double len = std::hypot(x1 - x0, y1 - y0);
    const double ux = (x1 - x0) / len, uy = (y1 - y0) / len;
    const double nx = -uy, ny = ux;
    const double head = std::min(kHeadLen, len * 0.6);
    const double bx = x1 - ux * head, by = y1 - uy * head;
    const double pts[][2] = {
        {x0 + nx * kShaft, y0 + ny * kShaft}, {bx + nx * kShaft, by + ny * kShaft},
        {bx + nx * kHead, by + ny * kHead},   {x1, y1},
        {bx - nx * kHead, by - ny * kHead},   {bx - nx * kShaft, by - ny * kShaft},
        {x0 - nx * kShaft, y0 - ny * kShaft},
    };
    std::string s = "<polygon points=\"";
    for (const auto &p : pts)
        s += num(p[0]) + "," + num(p[1]) + " ";
    s.back() = '"';
    return s + " fill=\"" + fill + "\"/>";
}

struct Panel {
    int noc;
    double ox, oy; // top-left corner of the grid area
};

class Svg
{
  public:
    Svg(int w, int h) : w_(w), h_(h) {}
    std::string out;

    double cx(const Panel &p, int x) const
    {
        return p.ox + (x + 0.5) * kCell;
    }
    double cy(const Panel &p, int y) const
    {
        return p.oy + (y + 0.5) * kCell;
    }

    void tiles(const Panel &p, const std::vector<HeatTile> &tiles)
    {
        for (int x = 0; x < w_; x++)
            out += "<text class=\"ax\" x=\"" + num(cx(p, x)) + "\" y=\"" + num(p.oy - kPad + 14) +
                   "\">" + std::to_string(x) + "</text>\n";
        for (int y = 0; y < h_; y++)
            out += "<text class=\"ax\" x=\"" + num(p.ox - kPad + 10) + "\" y=\"" +
                   num(cy(p, y) + 4) + "\">" + std::to_string(y) + "</text>\n";
        for (const HeatTile &t : tiles) {
            const double x0 = cx(p, t.x) - kBox / 2, y0 = cy(p, t.y) - kBox / 2;
            const std::string box = "x=\"" + num(x0) + "\" y=\"" + num(y0) + "\" width=\"" +
                                    num(kBox) + "\" height=\"" + num(kBox) + "\" rx=\"6\"";
            out += "<g><title>" + esc(t.label) + " " + xy(t.x, t.y) + " " + kind_name(t.kind) +
                   (t.enabled ? "" : ", disabled") + "</title>";
            if (t.enabled) {
                out += "<rect class=\"tile\" " + box + " fill=\"" + kind_fill(t.kind) + "\"/>";
            } else {
                out += "<rect class=\"tile\" " + box + " fill=\"#d4d4d4\"/>";
                out += "<rect " + box + " fill=\"url(#hatch)\" stroke=\"none\"/>";
            }
            out += "<text class=\"" + std::string(t.enabled ? "lbl" : "lbl off") + "\" x=\"" +
                   num(cx(p, t.x)) + "\" y=\"" + num(cy(p, t.y) + 4) + "\">" + esc(t.label) +
                   "</text></g>\n";
        }
    }

    void link(const Panel &p, const HeatLink &l, int ux, int uy, bool wrap)
    {
        const std::string fill = util_colour(l.utilisation);
        const double offx = -uy * kLaneOff, offy = ux * kLaneOff; // right of travel
        const double sx = cx(p, l.from_x) + offx, sy = cy(p, l.from_y) + offy;
        const double ex = cx(p, l.to_x) + offx, ey = cy(p, l.to_y) + offy;
        out += "<g><title>from " + xy(l.from_x, l.from_y) + " to " + xy(l.to_x, l.to_y) + ": " +
               pct(l.utilisation) + "</title>";
        if (!wrap) {
            out +=
                arrow(sx + ux * kStart, sy + uy * kStart, ex - ux * kStart, ey - uy * kStart, fill);
        } else {
            // Leave through the edge ahead, come back in through the opposite edge.
            const double reach = kCell / 2 + kStub;
            out +=
                arrow(sx + ux * kStart, sy + uy * kStart, sx + ux * reach, sy + uy * reach, fill);
            out +=
                arrow(ex - ux * reach, ey - uy * reach, ex - ux * kStart, ey - uy * kStart, fill);
        }
        out += "</g>\n";
    }

  private:
    int w_, h_;
};

std::string panel_stats(const std::vector<HeatLink> &links, int noc)
{
    double sum = 0, max = 0;
    size_t n = 0;
    for (const HeatLink &l : links) {
        if (l.noc != noc)
            continue;
        sum += l.utilisation;
        max = std::max(max, l.utilisation);
        n++;
    }
    if (!n)
        return "no links";
    return std::to_string(n) + " links, mean " + pct(sum / n) + ", max " + pct(max);
}

bool fail(std::string *err, const std::string &why)
{
    if (err)
        *err = why;
    return false;
}

} // namespace

bool write_heatmap_svg(const std::string &path, const std::string &title, int w, int h,
                       const std::vector<HeatTile> &tiles, const std::vector<HeatLink> &links,
                       std::string *err)
{
    // 1. Check the input and collect the panels.
    if (w < 1 || h < 1 || w > kMaxDim || h > kMaxDim)
        return fail(err, "heatmap: grid " + std::to_string(w) + " x " + std::to_string(h) +
                             " must be 1..256 on each side");
    auto inside = [w, h](int x, int y) { return x >= 0 && y >= 0 && x < w && y < h; };
    for (const HeatTile &t : tiles)
        if (!inside(t.x, t.y))
            return fail(err, "heatmap: tile " + t.label + " at " + xy(t.x, t.y) +
                                 " is outside the grid");
    std::set<int> nocs;
    for (const HeatLink &l : links) {
        const std::string name =
            "heatmap: link from " + xy(l.from_x, l.from_y) + " to " + xy(l.to_x, l.to_y);
        int ux, uy;
        bool wrap;
        if (!inside(l.from_x, l.from_y) || !inside(l.to_x, l.to_y))
            return fail(err, name + " leaves the " + std::to_string(w) + " x " + std::to_string(h) +
                                 " grid");
        if (!link_dir(l, w, h, &ux, &uy, &wrap))
            return fail(err, name + " does not join neighbouring tiles");
        if (std::isnan(l.utilisation))
            return fail(err, name + " has utilisation NaN");
        nocs.insert(l.noc);
    }
    if (nocs.empty())
        nocs.insert(-1);
    const bool generic = !tiles.empty() && std::all_of(tiles.begin(), tiles.end(), [](auto &t) {
        return t.kind == BH_TILE_GENERIC;
    });

    // 2. Lay out: panels side by side under the title, legend underneath.
    const double panel_w = 2 * kPad + w * kCell, panel_h = kPanelHead + 2 * kPad + h * kCell;
    const double total_w =
        std::max(2 * kMargin + nocs.size() * panel_w + (nocs.size() - 1) * kGap, 600.0);
    const double total_h = kMargin + kTitleH + panel_h + kLegendH + kMargin;
    std::vector<Panel> panels;
    double px = kMargin;
    for (int noc : nocs) {
        panels.push_back({noc, px + kPad, kMargin + kTitleH + kPanelHead + kPad});
        px += panel_w + kGap;
    }

    Svg svg(w, h);
    std::string &o = svg.out;
    o += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    o += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + num(total_w) +
         "\" height=\"" + num(total_h) + "\" viewBox=\"0 0 " + num(total_w) + " " + num(total_h) +
         "\">\n";
    o += "<title>" + esc(title) + "</title>\n";
    o += "<defs>\n<style type=\"text/css\"><![CDATA[\n"
         "text { font-family: DejaVu Sans, Arial, Helvetica, sans-serif; fill: #222; }\n"
         ".title { font-size: 18px; font-weight: bold; }\n"
         ".ptitle { font-size: 15px; font-weight: bold; }\n"
         ".stats, .cap { font-size: 11px; fill: #555; }\n"
         ".ax { font-size: 10px; fill: #888; text-anchor: middle; }\n"
         ".lbl { font-size: 11px; text-anchor: middle; }\n"
         ".off { fill: #777; }\n"
         ".tile { stroke: #8a8a8a; stroke-width: 1; }\n"
         "polygon { stroke: #333; stroke-width: 0.6; stroke-linejoin: round; }\n"
         "]]></style>\n"
         "<pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
         "patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" "
         "stroke=\"#a0a0a0\" stroke-width=\"2\"/></pattern>\n"
         "<linearGradient id=\"scale\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"0\">\n";
    for (const Stop &s : kScale)
        o += "<stop offset=\"" + num(s.at * 100) + "%\" stop-color=\"" + hex_colour(s.r, s.g, s.b) +
             "\"/>\n";
    o += "</linearGradient>\n</defs>\n";
    o += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
    o += "<text class=\"title\" x=\"" + num(kMargin) + "\" y=\"" + num(kMargin + 20) + "\">" +
         esc(title) + "</text>\n";

    // 3. Panels: frame, title, tiles, then links on top.
    for (const Panel &p : panels) {
        const std::string name = (p.noc < 0 || (panels.size() == 1 && generic))
                                     ? std::string("NoC")
                                     : "NoC" + std::to_string(p.noc);
        const double fx = p.ox - kPad, fy = p.oy - kPad - kPanelHead;
        o += "<g>\n<rect x=\"" + num(fx) + "\" y=\"" + num(fy) + "\" width=\"" + num(panel_w) +
             "\" height=\"" + num(panel_h) + "\" rx=\"8\" fill=\"#fbfbfb\" stroke=\"#cccccc\"/>\n";
        o += "<text class=\"ptitle\" x=\"" + num(fx + 12) + "\" y=\"" + num(fy + 20) + "\">" +
             name + "</text>\n";
        o += "<text class=\"stats\" x=\"" + num(fx + 12) + "\" y=\"" + num(fy + 35) + "\">" +
             (p.noc < 0 && links.empty() ? std::string("no links") : panel_stats(links, p.noc)) +
             "</text>\n";
        svg.tiles(p, tiles);
        for (const HeatLink &l : links) {
            if (l.noc != p.noc)
                continue;
            int ux, uy;
            bool wrap;
            link_dir(l, w, h, &ux, &uy, &wrap);
            svg.link(p, l, ux, uy, wrap);
        }
        o += "</g>\n";
    }

    // 4. Legend: utilisation scale, then tile kinds present.
    const double ly = kMargin + kTitleH + panel_h + 18, lx = kMargin, bar_w = 320;
    o += "<text class=\"cap\" x=\"" + num(lx) + "\" y=\"" + num(ly) +
         "\">link utilisation, fixed scale</text>\n";
    o += "<rect x=\"" + num(lx) + "\" y=\"" + num(ly + 8) + "\" width=\"" + num(bar_w) +
         "\" height=\"14\" fill=\"url(#scale)\" stroke=\"#666\" stroke-width=\"0.6\"/>\n";
    for (int i = 0; i <= 4; i++) {
        const double tx = lx + bar_w * i / 4.0;
        o += "<line x1=\"" + num(tx) + "\" y1=\"" + num(ly + 22) + "\" x2=\"" + num(tx) +
             "\" y2=\"" + num(ly + 27) + "\" stroke=\"#666\"/>";
        o += "<text class=\"ax\" x=\"" + num(tx) + "\" y=\"" + num(ly + 38) + "\">" +
             std::to_string(25 * i) + "%</text>\n";
    }
    std::set<int> kinds;
    bool any_disabled = false;
    for (const HeatTile &t : tiles) {
        kinds.insert(t.kind);
        any_disabled |= !t.enabled;
    }
    double kx = lx, ky = ly + 52;
    auto swatch = [&](const std::string &fill, const std::string &text, bool hatched) {
        const std::string r =
            "x=\"" + num(kx) + "\" y=\"" + num(ky) + "\" width=\"16\" height=\"16\" rx=\"3\"";
        o += "<rect class=\"tile\" " + r + " fill=\"" + fill + "\"/>";
        if (hatched)
            o += "<rect " + r + " fill=\"url(#hatch)\"/>";
        o += "<text class=\"cap\" x=\"" + num(kx + 22) + "\" y=\"" + num(ky + 12) + "\">" +
             esc(text) + "</text>\n";
        kx += 34 + 7.0 * text.size();
    };
    for (int k : kinds)
        swatch(kind_fill(k), kind_name(k), false);
    if (any_disabled)
        swatch("#d4d4d4", "disabled", true);
    o += "<text class=\"cap\" x=\"" + num(lx) + "\" y=\"" + num(ky + 36) +
         "\">arrows keep right of travel; wrap links exit one edge, re-enter the "
         "opposite</text>\n";
    o += "</svg>\n";

    // 5. Write.
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    if (!f)
        return fail(err, "heatmap: cannot open " + path + ": " + std::strerror(errno));
    f << o;
    f.close();
    if (!f)
        return fail(err, "heatmap: cannot write " + path + ": " + std::strerror(errno));
    return true;
}

} // namespace bh
