#!/usr/bin/env python3
"""Zero-load packet latency by hop count in bhsim, against the sum of the stage latencies.

For each hop count h, one source tile (default 1,2) sends to one target tile that its NoC's
dimension-order route reaches in exactly h router-to-router hops (NoC0 on Blackhole: +x then +y
with wrap, hops = (tx-sx) mod 17 + (ty-sy) mod 12; NoC1: -y then -x). The run uses the gather
pattern with the source as the only injector (workload.name=gather, workload.target=T,
workload.injectors=S), so every measured packet travels S -> T and the figure is unambiguous.
At a very low rate no packet ever meets another, so every latency should equal

    1 (the register write that starts the transfer lands) + noc.niu_to_router_cycles
    + h * noc.router_latency_cycles + noc.router_to_niu_cycles + (flits - 1)

with the stage latencies read from the run's own config and flits = header + data flits.
The table prints h, the target, that expected value, the measured p50, mean and max (min is
not reported; at this load p50 = max = the minimum), the packet count, and 'ok' when p50 and
max both equal the expectation.

Example: python3 bench/zero_load.py            (p150b NoC0, 64-byte posted writes)
         python3 bench/zero_load.py --noc 1 --config p150a
"""
import argparse
import os
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in bench/
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nocbound  # noqa: E402
from latency_vs_load import DEFAULT_BHSIM, run_bhsim  # noqa: E402


def parse_xy(s):
    x, y = (int(v) for v in s.split(','))
    return x, y


def targets_by_hops(config, noc, src):
    """{h: target} picking, for every reachable hop count, the target with the fewest hops
    in the second routed dimension (ties: lowest x, then y)."""
    topo, w, h, harv = nocbound.CONFIGS[config]
    nodes = nocbound.injectors(topo, w, h, harv)
    if src not in nodes:
        raise SystemExit('source %d,%d is not an injecting tile of %s' % (src + (config,)))
    best = {}
    for d in nodes:
        if d == src:
            continue
        links = nocbound.routes(src, d, topo, w, h, noc)[0][1]
        first_dim = 0 if not (topo == 'blackhole' and noc == 1) else 1
        second = sum(1 for a, b in links if a[first_dim] == b[first_dim])
        key = (second, d[0], d[1])
        n = len(links)
        if n not in best or key < best[n][0]:
            best[n] = (key, d)
    return {n: d for n, (key, d) in sorted(best.items())}


def expected_latency(cfg, op, packet_bytes, hops):
    fb, maxp = cfg['noc.flit_bytes'], cfg['noc.max_packet_bytes']
    flits = -(-packet_bytes // maxp) + -(-packet_bytes // fb)
    if op == 'atomic':
        flits = 1
    return (1 + cfg['noc.niu_to_router_cycles'] + hops * cfg['noc.router_latency_cycles'] +
            cfg['noc.router_to_niu_cycles'] + flits - 1), flits


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0], epilog=__doc__.split(
        '\n\n', 1)[1], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--config', default='p150b', choices=sorted(nocbound.CONFIGS))
    ap.add_argument('--noc', type=int, default=0, choices=(0, 1))
    ap.add_argument('--source', default='1,2', help='sending tile "x,y" in NoC0 coordinates')
    ap.add_argument('--op', default='posted_write', choices=('posted_write', 'write'),
                    help='write op (latency counts the data packet only)')
    ap.add_argument('--packet-bytes', type=int, default=64, help='bytes per transfer (64)')
    ap.add_argument('--rate', type=float, default=0.0005, help='flits/cycle (0.0005)')
    ap.add_argument('--cycles', type=int, default=200000, help='sim.cycles (200000)')
    ap.add_argument('--warmup', type=int, default=2000, help='sim.warmup_cycles (2000)')
    ap.add_argument('--max-hops', type=int, help='stop after this hop count')
    ap.add_argument('--set', action='append', default=[], metavar='KEY=VALUE',
                    help='extra bhsim config override (repeatable)')
    ap.add_argument('--bhsim', default=DEFAULT_BHSIM, help='simulator binary')
    a = ap.parse_args(argv)
    if a.noc == 1 and nocbound.CONFIGS[a.config][0] != 'blackhole':
        ap.error('--noc 1 needs a Blackhole config; %s has one NoC' % a.config)
    src = parse_xy(a.source)
    targets = targets_by_hops(a.config, a.noc, src)
    print('# %s NoC%d, source %d,%d, %s %d B, rate %g, %d cycles' %
          (a.config, a.noc, src[0], src[1], a.op, a.packet_bytes, a.rate, a.cycles))
    print('%4s %8s %9s %7s %8s %6s %6s  %s' %
          ('hops', 'target', 'expected', 'p50', 'mean', 'max', 'count', 'check'))
    fd, tmp = tempfile.mkstemp(prefix='zl', suffix='.json')
    os.close(fd)
    bad = 0
    try:
        for h, t in targets.items():
            if a.max_hops and h > a.max_hops:
                break
            sets = ['workload.name=gather', 'workload.target=%d,%d' % t,
                    'workload.injectors=%d,%d' % src, 'workload.noc=%d' % a.noc,
                    'workload.op=' + a.op, 'workload.packet_bytes=%d' % a.packet_bytes,
                    'workload.rate=%g' % a.rate, 'sim.warmup_cycles=%d' % a.warmup] + a.set
            rep = run_bhsim(a.bhsim, a.config, sets, a.cycles, tmp)
            lat = rep['noc%d' % a.noc]['packet_latency']
            exp, flits = expected_latency(rep['config'], a.op, a.packet_bytes, h)
            ok = lat['count'] > 0 and lat['p50'] == exp and lat['max'] == exp
            bad += not ok
            check = 'ok' if ok else 'NO PACKETS (raise --rate or --cycles)' if not lat[
                'count'] else 'MISMATCH'
            print('%4d %8s %9d %7d %8.1f %6d %6d  %s' %
                  (h, '%d,%d' % t, exp, lat['p50'], lat['mean'], lat['max'], lat['count'], check),
                  flush=True)
    finally:
        os.unlink(tmp)
    print('\nexpected = 1 + niu_to_router + hops x router_latency + router_to_niu + (%d flits '
          '- 1); %s' % (flits, 'all match' if not bad else '%d failed' % bad))
    return 1 if bad else 0


if __name__ == '__main__':
    try:
        sys.exit(main())
    except RuntimeError as e:
        sys.exit('bhsim failed: %s' % e)
