// SPDX-License-Identifier: Apache-2.0
/* Routes as pure functions: every source/destination pair, both NoCs and the generic
 * topologies, checked against hop counts computed independently from the coordinates; the
 * multicast tree against the rectangle it must cover. */
#include <string.h>
#include "tests/check.h"
#include "tests/unit/noc/noc_harness.h"

static NocNetConfig topo(uint32_t t, uint32_t w, uint32_t h, int y_first)
{
    NocNetConfig c = noc_net_config_default();
    c.topology = t;
    c.w = w;
    c.h = h;
    c.y_first = (uint32_t)y_first;
    return c;
}

static uint32_t ring_dist(uint32_t a, uint32_t b, uint32_t len)
{
    return (b + len - a) % len;
}

static uint32_t expected_hops(const NocNetConfig *c, uint32_t s, uint32_t d)
{
    uint32_t sx = s % c->w, sy = s / c->w, dx = d % c->w, dy = d / c->w;
    if (c->topology == BH_TOPO_MESH)
        return (uint32_t)(abs((int)dx - (int)sx) + abs((int)dy - (int)sy));
    if (c->topology == BH_TOPO_TORUS) {
        uint32_t fx = ring_dist(sx, dx, c->w), fy = ring_dist(sy, dy, c->h);
        return BH_MIN(fx, c->w - fx) + BH_MIN(fy, c->h - fy);
    }
    return ring_dist(sx, dx, c->w) + ring_dist(sy, dy, c->h);
}

/* Walks a unicast route; checks it ends at d, takes the expected number of hops, and turns
 * at most once in the configured order. */
static void walk_all_pairs(const NocNetConfig *c)
{
    uint32_t n = c->w * c->h, bad = 0;
    for (uint32_t s = 0; s < n; s++)
        for (uint32_t d = 0; d < n; d++) {
            uint32_t cur = s, hops = 0, turned = 0, last_dim = 2;
            for (;;) {
                NocPort p = noc_route_unicast(c, cur % c->w, cur / c->w, d % c->w, d / c->w);
                if (p == NOC_PORT_LOCAL)
                    break;
                uint32_t dim = (p == NOC_PORT_XP || p == NOC_PORT_XN) ? 0 : 1;
                if (c->topology != BH_TOPO_MESH && c->topology != BH_TOPO_TORUS)
                    bad += p != NOC_PORT_XP && p != NOC_PORT_YP; /* unidirectional */
                bad += dim == (c->y_first ? 0u : 1u) ? 0 : (last_dim != 2 && last_dim != dim);
                if (last_dim != 2 && dim != last_dim)
                    turned++;
                last_dim = dim;
                uint32_t nxt;
                if (!noc_net_neighbour(c, cur, p, &nxt) || ++hops > 200) {
                    bad++;
                    break;
                }
                cur = nxt;
            }
            if (cur != d || hops != expected_hops(c, s, d) || turned > 1)
                bad++;
        }
    CHECK_EQ_U32(bad, 0);
}

static void test_unicast_blackhole_both_nocs(void)
{
    NocNetConfig noc0 = topo(BH_TOPO_BLACKHOLE, 17, 12, 0);
    NocNetConfig noc1 = topo(BH_TOPO_BLACKHOLE, 17, 12, 1);
    walk_all_pairs(&noc0);
    walk_all_pairs(&noc1);
    /* the example of RoutingPaths.md: NoC0 goes right first, NoC1 up (its +y) first */
    CHECK_EQ_U32(noc_route_unicast(&noc0, 2, 3, 7, 10), NOC_PORT_XP);
    CHECK_EQ_U32(noc_route_unicast(&noc1, 2, 3, 7, 10), NOC_PORT_YP);
    CHECK_EQ_U32(noc_route_unicast(&noc0, 7, 3, 7, 10), NOC_PORT_YP);
    CHECK_EQ_U32(noc_route_unicast(&noc1, 2, 10, 7, 10), NOC_PORT_XP);
}

static void test_unicast_generic(void)
{
    NocNetConfig mesh = topo(BH_TOPO_MESH, 8, 8, 0);
    NocNetConfig torus = topo(BH_TOPO_TORUS, 8, 8, 0);
    NocNetConfig uni = topo(BH_TOPO_UNITORUS, 5, 7, 0);
    walk_all_pairs(&mesh);
    walk_all_pairs(&torus);
    walk_all_pairs(&uni);
    uint32_t dummy;
    CHECK(!noc_net_neighbour(&mesh, 7, NOC_PORT_XP, &dummy)); /* mesh edges do not wrap */
    CHECK(noc_net_neighbour(&torus, 7, NOC_PORT_XP, &dummy) && dummy == 0);
}

static void test_dateline_links(void)
{
    NocNetConfig c = topo(BH_TOPO_BLACKHOLE, 17, 12, 0);
    CHECK(noc_link_is_wrap(&c, 16, 4, NOC_PORT_XP));
    CHECK(!noc_link_is_wrap(&c, 15, 4, NOC_PORT_XP));
    CHECK(noc_link_is_wrap(&c, 3, 11, NOC_PORT_YP));
    NocNetConfig m = topo(BH_TOPO_MESH, 8, 8, 0);
    CHECK(!noc_link_is_wrap(&m, 7, 7, NOC_PORT_XP));
}

/* Explores the multicast tree from the sender; every router is visited at most once and the
 * set of local deliveries must equal the receivers inside the rectangle. */
static void check_tree(Harness *h, uint32_t src, const uint8_t rect[4], int y_major, int include,
                       const uint8_t *receiver)
{
    NocNet *n = &h->net[0];
    NocPacket p;
    memset(&p, 0, sizeof p);
    p.mcast = 1;
    p.src = src;
    memcpy(p.rect, rect, 4);
    p.y_major = (uint8_t)y_major;
    p.src_include = (uint8_t)include;
    noc_route_mcast_prepare(&n->cfg, &p);
    uint8_t visits[BH_GRID_MAX_NODES] = {0}, got[BH_GRID_MAX_NODES] = {0};
    uint32_t stack[BH_GRID_MAX_NODES], sp = 0, bad = 0;
    stack[sp++] = src;
    while (sp) {
        uint32_t node = stack[--sp];
        if (++visits[node] > 1) {
            bad++;
            continue;
        }
        uint32_t out = noc_route_mcast(n, node, &p);
        if (out & 1u)
            got[node]++;
        for (uint32_t port = 1; port < NOC_PORTS; port++)
            if (out & (1u << port)) {
                uint32_t nxt;
                if (noc_net_neighbour(&n->cfg, node, (NocPort)port, &nxt))
                    stack[sp++] = nxt;
                else
                    bad++;
            }
    }
    for (uint32_t i = 0; i < h->nodes; i++) {
        int want = receiver[i] && noc_rect_contains(&n->cfg, rect, i % h->w, i / h->w) &&
                   (i != src || include);
        bad += (uint32_t)(want != got[i]);
    }
    CHECK_EQ_U32(bad, 0);
}

static void test_multicast_trees(void)
{
    Harness h;
    h_init(&h, BH_TOPO_BLACKHOLE, 17, 12, 4096);
    h_start(&h);
    BhGrid *g = malloc(sizeof *g);
    BhGridConfig gc = bh_grid_config_default();
    CHECK_OK(bh_grid_init(g, &gc));
    uint8_t rx[BH_GRID_MAX_NODES] = {0};
    for (uint32_t i = 0; i < h.nodes; i++) {
        rx[i] = g->tiles[i].kind == BH_TILE_TENSIX;
        h.net[0].nius[i].mcast_receiver = rx[i];
    }
    const uint8_t rects[][4] = {{1, 2, 16, 11}, {3, 5, 7, 9}, {14, 9, 3, 4},
                                {0, 0, 16, 11}, {5, 5, 5, 5}, {10, 2, 2, 11}};
    const uint32_t srcs[] = {1 + 2 * 17, 9 * 17 + 12, 4 * 17 + 5, 0, 11 * 17 + 16};
    for (uint32_t r = 0; r < BH_ARRAY_LEN(rects); r++)
        for (uint32_t s = 0; s < BH_ARRAY_LEN(srcs); s++)
            for (int ym = 0; ym < 2; ym++)
                for (int inc = 0; inc < 2; inc++)
                    check_tree(&h, srcs[s], rects[r], ym, inc, rx);
    free(g);
    h_destroy(&h);
}

int main(void)
{
    RUN(test_unicast_blackhole_both_nocs);
    RUN(test_unicast_generic);
    RUN(test_dateline_links);
    RUN(test_multicast_trees);
    return check_failures();
}
