#!/usr/bin/env python3
"""Latency and accepted throughput versus offered load for uniform random traffic in bhsim.

Runs bhsim once per injection rate (one NoC, uniform random destinations, fixed op and packet
size, no drain) and prints one row per rate: the requested rate, the offered and accepted load
(flits per injecting node per cycle, header + data flits, over the measurement window), packet
latency mean / p50 / p99 in cycles, the busiest link's utilisation, and the utilisation that
the analytic channel load predicts for the accepted rate (accepted / bound). Then the
saturation throughput: the highest accepted rate measured, and the offered rate at which the
mean latency first exceeds 3x the zero-load latency, each next to the channel-load bound from
nocbound.py as a ratio.

The zero-load latency is the average over all source/destination pairs of
1 + noc.niu_to_router_cycles + hops * noc.router_latency_cycles + noc.router_to_niu_cycles +
(flits - 1) for writes, read from the run's own config; for reads and atomics it is the mean
latency measured at the lowest rate.

Example: python3 bench/latency_vs_load.py --config p150b --noc 0 --json /tmp/lvl.json
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in bench/
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nocbound  # noqa: E402

DEFAULT_BHSIM = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'build', 'bhsim')


def run_bhsim(bhsim, config, sets, cycles, report):
    """Runs bhsim; returns the parsed JSON report. Raises RuntimeError on failure."""
    cmd = [bhsim, '--config', config, '--cycles', str(cycles), '--report', report, '-q']
    for s in sets:
        cmd += ['--set', s]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError('%s\nexit %d: %s' % (' '.join(cmd), p.returncode,
                                                p.stderr.strip() or p.stdout.strip()))
    with open(report) as f:
        return json.load(f)


def default_rates(bound, points=10):
    """points evenly spaced from 0.01 to 1.3 x bound, then 1.6, 2 and 2.5 x bound (max 1.0)."""
    top = 1.3 * bound
    rates = [0.01 + (top - 0.01) * i / (points - 1) for i in range(points)]
    rates += [1.6 * bound, 2.0 * bound, 2.5 * bound]
    out = []
    for r in rates:
        r = round(min(r, 1.0), 4)
        if r not in out:
            out.append(r)
    return out


def mean_hops(config, noc):
    topo, w, h, harv = nocbound.CONFIGS[config]
    nodes = nocbound.injectors(topo, w, h, harv)
    tot = n = 0
    for s in nodes:
        for d in nodes:
            if s != d:
                tot += nocbound.hops(s, d, topo, w, h, noc)
                n += 1
    return tot / n


def zero_load_latency(cfg, op, packet_bytes, hops):
    """Analytic zero-load latency of a write (None for other ops)."""
    if op not in ('write', 'posted_write'):
        return None
    fb, maxp = cfg['noc.flit_bytes'], cfg['noc.max_packet_bytes']
    flits = -(-packet_bytes // maxp) + -(-packet_bytes // fb)
    return (1 + cfg['noc.niu_to_router_cycles'] + hops * cfg['noc.router_latency_cycles'] +
            cfg['noc.router_to_niu_cycles'] + flits - 1)


def saturation(rows, t0, bound):
    best = max(rows, key=lambda r: r['accepted'])
    sat = {'max_accepted': best['accepted'], 'max_accepted_at_rate': best['rate'],
           'bound': bound, 'max_accepted_over_bound': best['accepted'] / bound,
           'zero_load_latency': t0, 'knee_latency': 3 * t0, 'knee_offered': None,
           'knee_offered_interpolated': None}
    prev = None
    for r in rows:
        if r['lat_mean'] is not None and r['lat_mean'] > 3 * t0:
            sat['knee_offered'] = r['offered']
            if prev is not None and prev['lat_mean'] is not None:
                f = (3 * t0 - prev['lat_mean']) / (r['lat_mean'] - prev['lat_mean'])
                sat['knee_offered_interpolated'] = prev['offered'] + f * (r['offered'] -
                                                                          prev['offered'])
            break
        prev = r
    if sat['knee_offered'] is not None:
        sat['knee_offered_over_bound'] = sat['knee_offered'] / bound
    return sat


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0], epilog=__doc__.split(
        '\n\n', 1)[1], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--config', default='p150b', choices=sorted(nocbound.CONFIGS))
    ap.add_argument('--noc', type=int, default=0, choices=(0, 1),
                    help='NoC carrying the traffic (generic topologies: 0 only)')
    ap.add_argument('--op', default='posted_write',
                    choices=('posted_write', 'write', 'read', 'atomic'))
    ap.add_argument('--packet-bytes', type=int, default=512)
    ap.add_argument('--rates', help='comma-separated rates (flits/node/cycle); default: 10 '
                    'points from 0.01 to 1.3 x bound, then 1.6, 2 and 2.5 x bound')
    ap.add_argument('--points', type=int, default=10, help='points up to 1.3 x bound (10)')
    ap.add_argument('--cycles', type=int, default=20000, help='sim.cycles (20000)')
    ap.add_argument('--warmup', type=int, default=5000, help='sim.warmup_cycles (5000)')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--set', action='append', default=[], metavar='KEY=VALUE',
                    help='extra bhsim config override (repeatable)')
    ap.add_argument('--bhsim', default=DEFAULT_BHSIM, help='simulator binary')
    ap.add_argument('--json', metavar='OUT', help='save the table and saturation figures')
    a = ap.parse_args(argv)
    if a.noc == 1 and nocbound.CONFIGS[a.config][0] != 'blackhole':
        ap.error('--noc 1 needs a Blackhole config; %s has one NoC' % a.config)

    bound = nocbound.bound_for_config(a.config, a.noc)
    rates = ([float(r) for r in a.rates.split(',') if r.strip()] if a.rates
             else default_rates(bound, a.points))
    hops = mean_hops(a.config, a.noc)
    print('# %s NoC%d, uniform %s %d B, %d cycles (warmup %d), channel-load bound %.4f, '
          'mean hops %.2f' % (a.config, a.noc, a.op, a.packet_bytes, a.cycles, a.warmup, bound,
                              hops))
    hdr = ('%7s %8s %8s %9s %7s %7s %8s %8s %7s' %
           ('rate', 'offered', 'accepted', 'lat_mean', 'p50', 'p99', 'max_util', 'pred_util',
            'dropped'))
    print(hdr)
    rows, cfg = [], None
    fd, tmp = tempfile.mkstemp(prefix='lvl', suffix='.json')
    os.close(fd)
    try:
        for rate in rates:
            sets = ['workload.name=uniform', 'workload.noc=%d' % a.noc, 'workload.op=' + a.op,
                    'workload.packet_bytes=%d' % a.packet_bytes, 'workload.rate=%g' % rate,
                    'sim.warmup_cycles=%d' % a.warmup, 'sim.drain=false',
                    'sim.seed=%d' % a.seed] + a.set
            rep = run_bhsim(a.bhsim, a.config, sets, a.cycles, tmp)
            cfg = rep['config']
            n = rep['noc%d' % a.noc]
            lat = n['packet_latency']
            row = {'rate': rate, 'offered': n['offered_flits_per_node_cycle'],
                   'accepted': n['accepted_flits_per_node_cycle'],
                   'lat_count': lat['count'],
                   'lat_mean': lat['mean'] if lat['count'] else None,
                   'lat_p50': lat['p50'], 'lat_p99': lat['p99'], 'lat_max': lat['max'],
                   'max_link_util': n['link_utilisation']['max'],
                   'pred_link_util': n['accepted_flits_per_node_cycle'] / bound,
                   'dropped': n['transfers']['dropped_at_source'],
                   'wall_seconds': rep['sim']['wall_seconds']}
            rows.append(row)
            print('%7.4f %8.4f %8.4f %9.1f %7d %7d %8.3f %8.3f %7d' %
                  (rate, row['offered'], row['accepted'], row['lat_mean'] or 0.0,
                   row['lat_p50'], row['lat_p99'], row['max_link_util'],
                   row['pred_link_util'], row['dropped']), flush=True)
    finally:
        os.unlink(tmp)

    t0 = zero_load_latency(cfg, a.op, a.packet_bytes, hops)
    t0_src = 'analytic'
    if t0 is None:
        t0, t0_src = rows[0]['lat_mean'] or 0.0, 'measured at rate %g' % rows[0]['rate']
    sat = saturation(rows, t0, bound)
    print()
    print('zero-load latency        %8.1f cycles (%s; lowest-rate mean %.1f)' %
          (t0, t0_src, rows[0]['lat_mean'] or 0.0))
    print('channel-load bound       %8.4f flits/node/cycle' % bound)
    print('max accepted             %8.4f  = %.3f x bound (at rate %g)' %
          (sat['max_accepted'], sat['max_accepted_over_bound'], sat['max_accepted_at_rate']))
    if sat['knee_offered'] is None:
        print('mean latency never exceeded 3 x zero-load (%.1f cycles)' % (3 * t0))
    else:
        interp = sat['knee_offered_interpolated']
        print('latency > 3 x zero-load  %8.4f  = %.3f x bound (first offered point above %.1f '
              'cycles; interpolated %s)' %
              (sat['knee_offered'], sat['knee_offered_over_bound'], 3 * t0,
               '%.4f = %.3f x bound' % (interp, interp / bound) if interp else 'n/a'))
    if a.json:
        out = {'config': a.config, 'noc': a.noc, 'op': a.op, 'packet_bytes': a.packet_bytes,
               'cycles': a.cycles, 'warmup': a.warmup, 'seed': a.seed, 'extra_sets': a.set,
               'mean_hops': hops, 'rows': rows, 'saturation': sat}
        with open(a.json, 'w') as f:
            json.dump(out, f, indent=2)
    return 0


if __name__ == '__main__':
    try:
        sys.exit(main())
    except RuntimeError as e:
        sys.exit('bhsim failed: %s' % e)
