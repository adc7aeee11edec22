// SPDX-License-Identifier: Apache-2.0
/* Routing: dimension-order unicast and the multicast tree, both pure functions of the
 * router's position and the packet (routes are static on Blackhole: RoutingPaths.md). */
#include "model/chip/bh_grid.h"
#include "model/noc/noc_net.h"

int noc_topology_bidirectional(const NocNetConfig *cfg)
{
    return cfg->topology == BH_TOPO_MESH || cfg->topology == BH_TOPO_TORUS;
}

/* Output port that moves from a towards b along one dimension of size len, or -1 when
 * a == b. pos/neg are the ports for the two directions. */
static int step_dim(const NocNetConfig *cfg, uint32_t a, uint32_t b, uint32_t len, NocPort pos,
                    NocPort neg)
{
    if (a == b)
        return -1;
    if (cfg->topology == BH_TOPO_MESH)
        return b > a ? (int)pos : (int)neg;
    if (cfg->topology == BH_TOPO_TORUS) {
        uint32_t fwd = (b + len - a) % len;
        return fwd <= len - fwd ? (int)pos : (int)neg; /* ties go the + way */
    }
    return (int)pos; /* unidirectional torus */
}

NocPort noc_route_unicast(const NocNetConfig *cfg, uint32_t x, uint32_t y, uint32_t dx, uint32_t dy)
{
    int px = step_dim(cfg, x, dx, cfg->w, NOC_PORT_XP, NOC_PORT_XN);
    int py = step_dim(cfg, y, dy, cfg->h, NOC_PORT_YP, NOC_PORT_YN);
    if (cfg->y_first)
        return py >= 0 ? (NocPort)py : px >= 0 ? (NocPort)px : NOC_PORT_LOCAL;
    return px >= 0 ? (NocPort)px : py >= 0 ? (NocPort)py : NOC_PORT_LOCAL;
}

int noc_link_is_wrap(const NocNetConfig *cfg, uint32_t x, uint32_t y, NocPort out)
{
    if (cfg->topology == BH_TOPO_MESH)
        return 0;
    switch (out) {
    case NOC_PORT_XP:
        return x == cfg->w - 1;
    case NOC_PORT_YP:
        return y == cfg->h - 1;
    case NOC_PORT_XN:
        return x == 0;
    case NOC_PORT_YN:
        return y == 0;
    default:
        return 0;
    }
}

static int in_span(uint32_t v, uint32_t start, uint32_t end)
{
    return start <= end ? (v >= start && v <= end) : (v >= start || v <= end);
}

int noc_rect_contains(const NocNetConfig *cfg, const uint8_t rect[4], uint32_t x, uint32_t y)
{
    (void)cfg;
    return in_span(x, rect[0], rect[2]) && in_span(y, rect[1], rect[3]);
}

/* Farthest offset (in flow direction, from `from`) of a member of the span [start..end]. */
static uint32_t span_reach(uint32_t from, uint32_t start, uint32_t end, uint32_t len)
{
    uint32_t best = 0;
    for (uint32_t v = 0; v < len; v++)
        if (in_span(v, start, end)) {
            uint32_t d = (v + len - from) % len;
            if (d > best)
                best = d;
        }
    return best;
}

/* The tree (RoutingPaths.md and the ISA diagrams' generator): with X major, travel along X
 * to the rectangle's start column unless already inside the X span (stage 1); then run a
 * trunk along Y from the sender's row, and on every wanted row branch along X from the
 * trunk column until every wanted column has been passed. Y major swaps the axes. */
void noc_route_mcast_prepare(const NocNetConfig *cfg, NocPacket *p)
{
    uint32_t sx = p->src % cfg->w, sy = p->src / cfg->w;
    if (!p->y_major) {
        uint32_t xt = in_span(sx, p->rect[0], p->rect[2]) ? sx : p->rect[0];
        p->trunk[0] = (uint8_t)xt;
        p->trunk[1] = (uint8_t)sy;
    } else {
        uint32_t yt = in_span(sy, p->rect[1], p->rect[3]) ? sy : p->rect[1];
        p->trunk[0] = (uint8_t)sx;
        p->trunk[1] = (uint8_t)yt;
    }
    p->span[0] = (uint8_t)span_reach(p->trunk[0], p->rect[0], p->rect[2], cfg->w);
    p->span[1] = (uint8_t)span_reach(p->trunk[1], p->rect[1], p->rect[3], cfg->h);
}

uint32_t noc_route_mcast(const NocNet *n, uint32_t node, const NocPacket *p)
{
    const NocNetConfig *cfg = &n->cfg;
    uint32_t x = node % cfg->w, y = node / cfg->w;
    uint32_t sx = p->src % cfg->w, sy = p->src / cfg->w;
    /* major axis a (branches run along it), minor axis b (the trunk runs along it) */
    uint32_t a = p->y_major ? y : x, b = p->y_major ? x : y;
    uint32_t sa = p->y_major ? sy : sx;
    uint32_t a_len = p->y_major ? cfg->h : cfg->w, b_len = p->y_major ? cfg->w : cfg->h;
    uint32_t a_start = p->y_major ? p->rect[1] : p->rect[0];
    uint32_t a_end = p->y_major ? p->rect[3] : p->rect[2];
    uint32_t b_start = p->y_major ? p->rect[0] : p->rect[1];
    uint32_t b_end = p->y_major ? p->rect[2] : p->rect[3];
    uint32_t a_trunk = p->y_major ? p->trunk[1] : p->trunk[0];
    uint32_t b_from = p->y_major ? p->trunk[0] : p->trunk[1];
    uint32_t a_reach = p->y_major ? p->span[1] : p->span[0];
    uint32_t b_reach = p->y_major ? p->span[0] : p->span[1];
    NocPort a_port = p->y_major ? NOC_PORT_YP : NOC_PORT_XP;
    NocPort b_port = p->y_major ? NOC_PORT_XP : NOC_PORT_YP;
    uint32_t out = 0;
    int receives = n->nius[node].mcast_receiver && noc_rect_contains(cfg, p->rect, x, y) &&
                   (node != p->src || p->src_include);

    if (a != a_trunk) {
        if (!in_span(sa, a_start, a_end) && !in_span(a, a_start, a_end))
            return 1u << a_port; /* stage 1: heading for the start of the major span */
        /* on a branch */
        if (receives)
            out |= 1u << NOC_PORT_LOCAL;
        if ((a + a_len - a_trunk) % a_len < a_reach)
            out |= 1u << a_port;
        return out;
    }
    /* on the trunk */
    if (in_span(b, b_start, b_end)) {
        if (receives)
            out |= 1u << NOC_PORT_LOCAL;
        if (a_reach > 0)
            out |= 1u << a_port;
    }
    if ((b + b_len - b_from) % b_len < b_reach)
        out |= 1u << b_port;
    return out;
}

void noc_mcast_leaf_reached(NocNet *n, NocPacket *p, uint32_t node, uint64_t now)
{
    const NocNetConfig *c = &n->cfg;
    uint32_t hops =
        (node % c->w + c->w - p->src % c->w) % c->w + (node / c->w + c->h - p->src / c->w) % c->h;
    uint64_t back = now + c->niu_to_router_cycles + (uint64_t)hops * c->mcast_grant_hop_cycles +
                    c->router_to_niu_cycles;
    if (back > p->grant_at)
        p->grant_at = back;
}
