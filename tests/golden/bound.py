"""Channel-load bound and mean hop count for uniform traffic with dimension-order routing,
computed from the topology alone (independent of the simulator). Injectors: Blackhole's
enabled Tensix tiles, or every node of a generic network; destinations uniform over the
other injectors."""
TENSIX_X = [1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 16]


def nodes(topo, w, h, harvested):
    if topo == "blackhole":
        return [(x, y) for x in TENSIX_X if x not in harvested for y in range(2, 12)]
    return [(x, y) for x in range(w) for y in range(h)]


def _steps(a, b, n, topo):
    if a == b:
        return []
    if topo == "mesh":
        s = 1 if b > a else -1
        return [s] * abs(b - a)
    fwd = (b - a) % n
    if topo == "torus" and fwd > n - fwd:
        return [-1] * (n - fwd)
    return [1] * fwd


def route(s, d, topo, w, h, noc):
    """Links ((x, y), (x', y')) in NoC0 coordinates; NoC1 flows -x/-y, Y first."""
    (x, y), links = s, []
    if topo == "blackhole" and noc == 1:
        for _ in range((y - d[1]) % h):
            ny = (y - 1) % h; links.append(((x, y), (x, ny))); y = ny
        for _ in range((x - d[0]) % w):
            nx = (x - 1) % w; links.append(((x, y), (nx, y))); x = nx
        return links
    for st in _steps(x, d[0], w, topo):
        nx = (x + st) % w; links.append(((x, y), (nx, y))); x = nx
    for st in _steps(y, d[1], h, topo):
        ny = (y + st) % h; links.append(((x, y), (x, ny))); y = ny
    return links


def _loads(topo, w, h, noc, harvested):
    ns = nodes(topo, w, h, harvested)
    load, hops, pairs = {}, 0, 0
    for s in ns:
        dsts = [d for d in ns if d != s]
        for d in dsts:
            r = route(s, d, topo, w, h, noc)
            hops += len(r)
            pairs += 1
            for l in r:
                load[l] = load.get(l, 0.0) + 1.0 / len(dsts)
    return load, hops / pairs


def uniform_bound(topo, w, h, noc=0, harvested=()):
    load, _ = _loads(topo, w, h, noc, list(harvested))
    return 1.0 / max(load.values())


def mean_hops(topo, w, h, noc=0, harvested=()):
    return _loads(topo, w, h, noc, list(harvested))[1]


if __name__ == "__main__":
    for name, args in (("p150b", ("blackhole", 17, 12, 0, [])), ("p150a", ("blackhole", 17, 12, 0, [7, 10])),
                       ("mesh8", ("mesh", 8, 8, 0, [])), ("torus8", ("torus", 8, 8, 0, [])),
                       ("unitorus8", ("unitorus", 8, 8, 0, []))):
        print(name, "bound %.4f mean hops %.2f" % (uniform_bound(*args), mean_hops(*args)))
