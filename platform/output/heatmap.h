// SPDX-License-Identifier: Apache-2.0
/* platform/output/heatmap.h - link-utilisation heat map of the NoC grid as a self-contained SVG 1.1
 * file.
 *
 * One panel per NoC id found in the links, side by side in increasing id order, each showing
 * the tile grid in NoC0 coordinates with y = 0 at the top (the layout of docs/hardware.md#grid).
 * Panel titles are "NoC<id>"; they are "NoC" for a negative id, or when there is a single
 * panel and every tile is BH_TILE_GENERIC (a generic topology has one NoC). With no links at
 * all, one "NoC" panel shows the tiles alone.
 * Tiles are rounded boxes filled by kind; disabled tiles are grey and hatched. A link is an
 * arrow between neighbouring tiles, shifted to the right of its direction of travel so the
 * two directions between a pair do not overlap; a link across the torus edge (x = w-1 to 0
 * and so on) is a stub leaving one edge and a stub entering the opposite one. Arrow colour is
 * utilisation on a fixed 0..1 scale (pale blue, blue, yellow, orange, red; values outside are
 * clamped), with a legend bar and a "from (x,y) to (x,y): 37.5%" tooltip per link.
 */
#ifndef BH_PLATFORM_HEATMAP_H
#define BH_PLATFORM_HEATMAP_H
#include <string>
#include <vector>

namespace bh
{

struct HeatTile {
    int x, y;          /* NoC0 coordinates */
    std::string label; /* e.g. "T12"; shown inside the box */
    int kind;          /* BhTileKind */
    bool enabled;
};

struct HeatLink {
    int noc;                        /* NoC id: selects the panel */
    int from_x, from_y, to_x, to_y; /* NoC0 coordinates of neighbouring tiles (or across a wrap) */
    double utilisation;             /* 0..1 */
};

/* Writes the SVG to path. Returns false with a reason in *err (when err is non-null) if the
 * grid is empty or larger than 256 x 256, a tile or link lies outside it, a link does not
 * join neighbours, a utilisation is NaN, or the file cannot be written. */
bool write_heatmap_svg(const std::string &path, const std::string &title, int w, int h,
                       const std::vector<HeatTile> &tiles, const std::vector<HeatLink> &links,
                       std::string *err);

} // namespace bh
#endif
