#!/usr/bin/env python3
"""Channel-load bound for uniform random traffic with dimension-order routing.

The bound is the highest injection rate (flits per injecting node per cycle) at which no link
is asked to carry more than one flit per cycle: every injector sends to every other injector
(never itself) with equal probability, each packet follows its dimension-order route, and the
busiest link sets the limit (bound = 1 / max link load at rate 1). No correct NoC model can
accept more than this; a good one saturates somewhat below it.

Topologies (names as bhsim's chip.topology):
  blackhole  17x12 grid; NoC0 goes +x then +y, NoC1 -y then -x (NoC0 coordinates), both
             unidirectional with wrap; the injectors are the Tensix tiles (x in 1..7,10..16,
             y in 2..11) minus harvested columns.
  mesh       k x k (or w x h), bidirectional, XY, no wrap; every node injects.
  torus      bidirectional with wrap, minimal direction per dimension, ties go + (as bhsim;
             --ties split sends half of them each way, the textbook assumption), XY.
  unitorus   +x then +y with wrap; every node injects.

Usage as a module: bound_for_config('p150b', noc=0) or bound(nodes, topology, w, h, noc).
CLI: python3 bench/nocbound.py                  (table of all known configs)
     python3 bench/nocbound.py --config p150a --noc 1
     python3 bench/nocbound.py --topology torus -k 8 --ties split
"""
import argparse
import json
import sys

BH_W, BH_H = 17, 12
TENSIX_X = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 16)
TENSIX_Y = tuple(range(2, 12))

# bhsim product configs: (topology, width, height, harvested Tensix columns)
CONFIGS = {
    'p150b': ('blackhole', BH_W, BH_H, ()),
    'p150a': ('blackhole', BH_W, BH_H, (7, 10)),
    'p100a': ('blackhole', BH_W, BH_H, (7, 10)),
    'mesh8': ('mesh', 8, 8, ()),
    'torus8': ('torus', 8, 8, ()),
    'unitorus8': ('unitorus', 8, 8, ()),
}


def injectors(topology, w, h, harvested=()):
    """Injecting nodes (x, y) in NoC0 coordinates."""
    if topology == 'blackhole':
        return [(x, y) for x in TENSIX_X if x not in harvested for y in TENSIX_Y]
    return [(x, y) for y in range(h) for x in range(w)]


def _dim_options(a, b, n, kind, ties):
    """Ways to travel one dimension from a to b: list of (weight, step)."""
    if a == b:
        return [(1.0, 0)]
    if kind == 'mesh':
        return [(1.0, 1 if b > a else -1)]
    if kind == 'torus':
        fwd, back = (b - a) % n, (a - b) % n
        if fwd != back:
            return [(1.0, 1 if fwd < back else -1)]
        return [(1.0, 1)] if ties == 'plus' else [(0.5, 1), (0.5, -1)]
    return [(1.0, 1 if kind == 'uni+' else -1)]


def routes(s, d, topology, w, h, noc=0, ties='plus'):
    """Dimension-order routes from s to d: list of (weight, [link, ...]), link = (from, to)."""
    if topology == 'blackhole' and noc == 0:
        kinds, order = ('uni+', 'uni+'), (0, 1)
    elif topology == 'blackhole':
        kinds, order = ('uni-', 'uni-'), (1, 0)
    elif topology in ('mesh', 'torus'):
        kinds, order = (topology, topology), (0, 1)
    elif topology == 'unitorus':
        kinds, order = ('uni+', 'uni+'), (0, 1)
    else:
        raise ValueError('unknown topology %r' % topology)
    size = (w, h)
    first, second = order
    out = []
    for w1, st1 in _dim_options(s[first], d[first], size[first], kinds[first], ties):
        for w2, st2 in _dim_options(s[second], d[second], size[second], kinds[second], ties):
            pos, links = list(s), []
            for dim, step in ((first, st1), (second, st2)):
                while pos[dim] != d[dim]:
                    nxt = list(pos)
                    nxt[dim] = (pos[dim] + step) % size[dim]
                    links.append((tuple(pos), tuple(nxt)))
                    pos = nxt
            out.append((w1 * w2, links))
    return out


def hops(s, d, topology, w, h, noc=0):
    """Router-to-router hops of the (first) dimension-order route from s to d."""
    return len(routes(s, d, topology, w, h, noc)[0][1])


def link_loads(nodes, topology, w, h, noc=0, ties='plus', self_traffic=False):
    """Flits per cycle on every used link when each node injects 1 flit per cycle."""
    load = {}
    for s in nodes:
        dsts = [d for d in nodes if self_traffic or d != s]
        p = 1.0 / len(dsts)
        for d in dsts:
            for wt, links in routes(s, d, topology, w, h, noc, ties):
                for l in links:
                    load[l] = load.get(l, 0.0) + p * wt
    return load


def bound(nodes, topology, w, h, noc=0, ties='plus', self_traffic=False):
    """(bound in flits/node/cycle, busiest link, its load at rate 1)."""
    load = link_loads(nodes, topology, w, h, noc, ties, self_traffic)
    link = max(load, key=load.get)
    return 1.0 / load[link], link, load[link]


def bound_for_config(name, noc=0, ties='plus', self_traffic=False):
    """Bound of a bhsim product config by name (see CONFIGS)."""
    topology, w, h, harvested = CONFIGS[name]
    return bound(injectors(topology, w, h, harvested), topology, w, h, noc, ties,
                 self_traffic)[0]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog='Without --config or --topology: a table of every '
                                 'known config (%s), both NoCs.' % ', '.join(CONFIGS))
    ap.add_argument('--config', choices=sorted(CONFIGS), help='a bhsim product config')
    ap.add_argument('--topology', choices=('blackhole', 'mesh', 'torus', 'unitorus'))
    ap.add_argument('-k', type=int, default=8, help='generic topologies: k x k (default 8)')
    ap.add_argument('--width', type=int, help='generic topologies: width (overrides -k)')
    ap.add_argument('--height', type=int, help='generic topologies: height (overrides -k)')
    ap.add_argument('--harvested', default='', help='blackhole: disabled Tensix columns, "7,10"')
    ap.add_argument('--noc', choices=('0', '1', 'both'), default='both',
                    help='Blackhole NoC (generic topologies have only NoC0)')
    ap.add_argument('--ties', choices=('plus', 'split'), default='plus',
                    help='torus: half-way destinations go + (bhsim) or split evenly')
    ap.add_argument('--self', action='store_true', dest='self_traffic',
                    help='let nodes send to themselves too (textbook uniform)')
    ap.add_argument('--json', action='store_true', help='print JSON instead of a table')
    a = ap.parse_args(argv)

    cases = []  # (label, topology, w, h, harvested)
    if a.topology:
        w, h = a.width or a.k, a.height or a.k
        if a.topology == 'blackhole':
            w, h = BH_W, BH_H
        harv = tuple(int(c) for c in a.harvested.split(',') if c.strip())
        cases.append(('%s %dx%d' % (a.topology, w, h), a.topology, w, h, harv))
    else:
        for name in ([a.config] if a.config else CONFIGS):
            cases.append((name,) + CONFIGS[name])
    rows = []
    for label, topo, w, h, harv in cases:
        nocs = (0,)
        if topo == 'blackhole':
            nocs = (0, 1) if a.noc == 'both' else (int(a.noc),)
        nodes = injectors(topo, w, h, harv)
        for noc in nocs:
            b, link, ld = bound(nodes, topo, w, h, noc, a.ties, a.self_traffic)
            rows.append({'config': label, 'topology': topo, 'width': w, 'height': h,
                         'noc': noc, 'injectors': len(nodes), 'bound': b,
                         'busiest_link': [list(link[0]), list(link[1])],
                         'busiest_link_load_at_rate_1': ld})
    if a.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
        return 0
    print('%-16s %3s %9s %8s  %s' % ('config', 'noc', 'injectors', 'bound', 'busiest link'))
    for r in rows:
        (fx, fy), (tx, ty) = r['busiest_link']
        print('%-16s %3d %9d %8.4f  (%d,%d)->(%d,%d)' % (r['config'], r['noc'], r['injectors'],
                                                        r['bound'], fx, fy, tx, ty))
    return 0


if __name__ == '__main__':
    sys.exit(main())
