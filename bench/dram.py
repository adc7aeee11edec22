#!/usr/bin/env python3
"""GDDR6 bandwidth, latency and simulation speed of bhsim's dram_stream workload.

Subcommands (each runs bhsim once per table row, one run at a time):
  sequential  one controller (workload.banks=0), one core, sequential 2 KiB reads, swept over
              workload.in_flight: GB/s against the controller's peak and the refresh bound
              1 - tRFC/tREFI, row-hit rate, data-bus utilisation, latencies.
  mixed       every core and controller, 50 % reads, random pages: total and per-controller
              GB/s and row-hit rate, with the cores on endpoint 2 (tt-metal's) and spread over
              the 3 endpoints (workload.dram_port=-1).
  latency     one controller, N cores, open loop: random reads offered from ~5 % to 120 % of
              the controller's peak; controller-side and core-side read latency (ns).
  speed       the whole-chip default dram_stream: simulated cycles/s and router-cycles/s,
              timed GDDR6 against dram.timed=false.

Peak per controller = dram.data_rate_mts x channels x bus_bits / 8 (64 GB/s by default), i.e.
the report's dram.peak_gbps over the enabled controllers. tRFC and tREFI come from the report's
dram.timings_tck (dram.trfc/trefi read 0, "reference value", in its config); failing that,
from model/dram/gddr6.h's picosecond references converted as gddr6_config_for_rate() does
(240 and 3906 tCK at 16000 MT/s).
Latencies in the report are AICLK cycles; ns = cycles / (chip.aiclk_mhz / 1000).

Example: python3 bench/dram.py latency --cores 16 --json /tmp/dram_lat.json
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

DEFAULT_BHSIM = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'build', 'bhsim')
TRFC_PS, TREFI_PS = 119700, 1953125  # model/dram/gddr6.h GDDR6_TIMINGS reference values


def run_bhsim(a, sets, cycles=None):
    """Runs bhsim with the dram_stream workload; returns the parsed JSON report."""
    fd, rep = tempfile.mkstemp(prefix='dram', suffix='.json')
    os.close(fd)
    cmd = [a.bhsim, '--config', a.config, '--workload', 'dram_stream', '-q', '--cycles',
           str(cycles or a.cycles), '--report', rep]
    for s in sets + a.set:
        cmd += ['--set', s]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0:
            raise RuntimeError('%s\nexit %d: %s' % (' '.join(cmd), p.returncode,
                                                    p.stderr.strip() or p.stdout.strip()))
        with open(rep) as f:
            return json.load(f)
    finally:
        os.unlink(rep)


def peak_one(rep):
    """Peak GB/s of one controller (the report's peak_gbps is summed over enabled ones)."""
    c = rep['config']
    return c['dram.data_rate_mts'] * c['dram.channels'] * c['dram.bus_bits'] / 8 / 1000


def refresh_tck(rep):
    """(tRFC, tREFI, source) in tCK: the report's dram.timings_tck if it has them, else the
    dram.trfc/trefi keys if set, else gddr6.h's picosecond references at the data rate."""
    t, cfg = rep['dram'].get('timings_tck'), rep['config']
    if t:
        return t['trfc'], t['trefi'], "the report's dram.timings_tck"
    rate = cfg['dram.data_rate_mts']
    return (cfg['dram.trfc'] or (TRFC_PS * rate + 7999999) // 8000000,
            cfg['dram.trefi'] or TREFI_PS * rate // 8000000, 'model/dram/gddr6.h references')


def core_lat(rep, kind='read'):
    """Core-side latency over both NoCs: count, weighted mean, max of the per-NoC p99s."""
    ls = [rep[n]['dram_stream'][kind + '_latency'] for n in ('noc0', 'noc1')
          if n in rep and 'dram_stream' in rep[n]]
    cnt = sum(x['count'] for x in ls)
    mean = sum(x['mean'] * x['count'] for x in ls) / cnt if cnt else 0.0
    return cnt, mean, max((x['p99'] for x in ls if x['count']), default=0)


def ints(s):
    return [int(x) for x in s.split(',') if x.strip()]


def cmd_sequential(a):
    rows = []
    print('# one controller (banks=0), one core, sequential reads of %d B, %d cycles'
          % (a.page_bytes, a.cycles))
    print('%9s %7s %6s %7s %7s %7s %6s %8s %8s %9s %9s' %
          ('in_flight', 'GB/s', 'peak', 'refbnd', 'rowhit', 'busutil', 'refs', 'ctl_mean',
           'ctl_p99', 'core_mean', 'lat_bound'))
    lat0 = None
    for n in ints(a.in_flight):
        rep = run_bhsim(a, ['workload.cores=1', 'workload.banks=0', 'workload.read_fraction=1',
                            'workload.dram_pattern=sequential', 'workload.in_flight=%d' % n,
                            'workload.page_bytes=%d' % a.page_bytes])
        c, cfg = rep['dram']['controllers'][0], rep['config']
        pk = peak_one(rep)
        trfc, trefi, src = refresh_tck(rep)
        bound = pk * (1 - trfc / trefi)
        _, cmean, _ = core_lat(rep)
        lat0 = lat0 or cmean  # the first (smallest) in_flight's latency ~ unloaded
        # Little's law with the unloaded latency: what n requests in flight can sustain
        lb = n * a.page_bytes / (lat0 / cfg['chip.aiclk_mhz'] * 1e3) if lat0 else 0.0
        tck = rep['sim']['measured_cycles'] / cfg['chip.aiclk_mhz'] * cfg[
            'dram.data_rate_mts'] / 8
        row = dict(in_flight=n, gbps=c['gbps'], peak_gbps=pk, frac_peak=c['gbps'] / pk,
                   frac_refresh_bound=c['gbps'] / bound, row_hit_rate=c['row_hit_rate'],
                   row_misses=c['row_misses'], row_conflicts=c['row_conflicts'],
                   bus_util=c['data_bus_utilisation'], refreshes=c['refreshes'],
                   refresh_share=c['refreshes'] / cfg['dram.channels'] * trfc / tck,
                   ctl_lat_mean=c['read_latency']['mean'], ctl_lat_p99=c['read_latency']['p99'],
                   core_lat_mean=cmean, latency_bound_gbps=lb, trfc=trfc, trefi=trefi)
        rows.append(row)
        print('%9d %7.2f %6.3f %7.3f %7.4f %7.3f %6d %8.1f %8.1f %9.1f %9.1f' %
              (n, c['gbps'], row['frac_peak'], row['frac_refresh_bound'], c['row_hit_rate'],
               row['bus_util'], c['refreshes'], row['ctl_lat_mean'], row['ctl_lat_p99'], cmean,
               min(lb, pk)), flush=True)
    b = max(rows, key=lambda r: r['gbps'])
    f = 1 - b['trfc'] / b['trefi']
    print('\npeak %.1f GB/s; refresh bound 1 - tRFC/tREFI = 1 - %d/%d = %.4f -> %.2f GB/s '
          '(tCK from %s)' % (b['peak_gbps'], b['trfc'], b['trefi'], f, b['peak_gbps'] * f, src))
    print('best %.2f GB/s at in_flight=%d: %.3f of peak, %.3f of the refresh bound; gap to peak '
          '%.3f = refresh %.3f (tRFC share of the window) + rest %.3f (row misses %d, '
          'conflicts %d, row-hit rate %.4f; bus idle otherwise)' %
          (b['gbps'], b['in_flight'], b['frac_peak'], b['frac_refresh_bound'],
           1 - b['frac_peak'], b['refresh_share'], 1 - b['frac_peak'] - b['refresh_share'],
           b['row_misses'], b['row_conflicts'], b['row_hit_rate']))
    print('lat_bound = in_flight x page / unloaded core latency (Little\'s law), capped at peak;'
          ' latencies in AICLK cycles')
    return rows


def cmd_mixed(a):
    out = {}
    for port in (2, -1):
        rep = run_bhsim(a, ['workload.cores=0', 'workload.banks=all',
                            'workload.read_fraction=0.5', 'workload.dram_pattern=random',
                            'workload.dram_port=%d' % port,
                            'workload.page_bytes=%d' % a.page_bytes])
        d = rep['dram']
        out[port] = dict(total_gbps=d['total_gbps'], controllers_gbps=d['controllers_gbps'],
                         peak_gbps=peak_one(rep) * (8 - len(ints(rep['config'][
                             'chip.disabled_dram_controllers']))), read_lat=core_lat(rep, 'read'),
                         write_lat=core_lat(rep, 'write'),
                         controllers=[dict(controller=c['controller'], gbps=c['gbps'],
                                           row_hit_rate=c['row_hit_rate'], bus_util=c[
                                               'data_bus_utilisation'], ctl_lat_mean=c[
                                               'read_latency']['mean']) for c in d['controllers']])
    p2, pa = out[2], out[-1]
    print('# every core and controller, 50 %% reads, random %d B pages, %d cycles'
          % (a.page_bytes, a.cycles))
    print('%4s | %7s %7s %7s %8s | %7s %7s %7s %8s' %
          (('ctl',) + ('GB/s', 'rowhit', 'busutil', 'ctl_lat') * 2))
    print('%4s | %-33s | %-33s' % ('', 'dram_port=2', 'dram_port=-1 (i mod 3)'))
    for x, y in zip(p2['controllers'], pa['controllers']):
        print('%4d | %7.2f %7.4f %7.3f %8.1f | %7.2f %7.4f %7.3f %8.1f' %
              (x['controller'], x['gbps'], x['row_hit_rate'], x['bus_util'], x['ctl_lat_mean'],
               y['gbps'], y['row_hit_rate'], y['bus_util'], y['ctl_lat_mean']))
    for name, k in (('total (core side)', 'total_gbps'),
                    ('sum of controllers', 'controllers_gbps')):
        print('%-18s port 2: %7.2f GB/s = %.3f of %.0f | port -1: %7.2f GB/s = %.3f' %
              (name, p2[k], p2[k] / p2['peak_gbps'], p2['peak_gbps'], pa[k],
               pa[k] / pa['peak_gbps']))
    for name, k in (('core read lat', 'read_lat'), ('core write lat', 'write_lat')):
        print('%-18s port 2: mean %.0f p99 %d | port -1: mean %.0f p99 %d (AICLK cycles)' %
              (name, p2[k][1], p2[k][2], pa[k][1], pa[k][2]))
    return {'port2': p2, 'port_spread': pa}


def cmd_latency(a):
    probe = run_bhsim(a, ['workload.cores=1', 'workload.banks=0'], cycles=1000)
    cfg, pk = probe['config'], peak_one(probe)
    mhz, P = cfg['chip.aiclk_mhz'], a.page_bytes
    flits = 1 + -(-P // 64)  # header + data flits per page, as dram_stream counts them
    fracs = [float(x) for x in a.loads.split(',') if x.strip()]
    print('# one controller (banks=0), %d cores, open loop, random reads of %d B (%d flits), '
          'in_flight %d, %d cycles; peak %.1f GB/s; ns = cycles / %.3f' %
          (a.cores, P, flits, a.in_flight, a.cycles, pk, mhz / 1000))
    print('%5s %8s %8s %8s %7s %7s %8s %8s %9s %9s %9s %7s' %
          ('load', 'rate', 'offered', 'achieved', 'rowhit', 'busutil', 'ctl_mean', 'ctl_p99',
           'core_mean', 'core_p99', 'core_GB/s', 'dropped'))
    rows = []
    for f in fracs:
        # offered GB/s = rate / flits (pages/core/cycle) x cores x page bytes x AICLK
        rate = f * pk * 1e9 / (a.cores * P * mhz * 1e6) * flits
        if rate > 1.0:
            print('%5.2f skipped: rate %.3f > 1 flit/core/cycle' % (f, rate))
            continue
        offered = rate / flits * a.cores * P * mhz * 1e6 / 1e9
        rep = run_bhsim(a, ['workload.cores=%d' % a.cores, 'workload.banks=0',
                            'workload.read_fraction=1', 'workload.dram_pattern=random',
                            'workload.open_loop=true', 'workload.rate=%.6g' % rate,
                            'workload.in_flight=%d' % a.in_flight,
                            'workload.page_bytes=%d' % P])
        c, (_, cm, cp), ns = rep['dram']['controllers'][0], core_lat(rep), 1000 / mhz
        row = dict(load=f, rate=rate, offered_gbps=offered, achieved_gbps=c['gbps'],
                   row_hit_rate=c['row_hit_rate'], bus_util=c['data_bus_utilisation'],
                   ctl_lat_mean_ns=c['read_latency']['mean'] * ns,
                   ctl_lat_p99_ns=c['read_latency']['p99'] * ns, core_lat_mean_ns=cm * ns,
                   core_lat_p99_ns=cp * ns, core_gbps=rep['dram']['total_gbps'], dropped=sum(
                       rep[n]['dram_stream']['dropped_at_source'] for n in ('noc0', 'noc1')))
        rows.append(row)
        print('%5.2f %8.5f %8.2f %8.2f %7.4f %7.3f %8.1f %8.1f %9.1f %9.1f %9.2f %7d' %
              tuple(row.values()), flush=True)
    print('\nGB/s: offered (analytic from rate), achieved (controller 0), core_GB/s (data '
          'landed in L1); latencies in ns: ctl = one 64-B access (the endpoint splits pages), '
          'enqueue at the controller to data; core = page request created to data landed '
          '(includes queueing at the core)')
    return rows


def cmd_speed(a):
    print('# whole chip, dram_stream defaults, %d cycles' % a.cycles)
    print('%-16s %9s %8s %12s %14s %8s %8s' % ('run', 'cycles', 'wall_s', 'cycles/s',
                                               'router-cyc/s', 'GB/s', 'rss_MiB'))
    rows = []
    for name, sets in (('timed', []), ('dram.timed=false', ['dram.timed=false'])):
        rep = run_bhsim(a, sets)
        s = rep['sim']
        row = dict(run=name, **{k: s[k] for k in ('cycles', 'wall_seconds', 'cycles_per_second',
                                                  'router_cycles_per_second')},
                   total_gbps=rep['dram']['total_gbps'], peak_rss_mib=s['peak_rss_mib'])
        rows.append(row)
        print('%-16s %9d %8.3f %12.0f %14.3e %8.1f %8.1f' % tuple(row.values()), flush=True)
    print('\ntimed / untimed speed: %.3f' % (rows[0]['cycles_per_second'] /
                                              rows[1]['cycles_per_second']))
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0], epilog=__doc__.split(
        '\n\n', 1)[1], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('cmd', choices=('sequential', 'mixed', 'latency', 'speed'))
    ap.add_argument('--config', default='p150b', help='chip config (p150b)')
    ap.add_argument('--cycles', type=int, default=40000, help='sim.cycles per run (40000)')
    ap.add_argument('--page-bytes', type=int, default=2048, help='workload.page_bytes (2048)')
    ap.add_argument('--in-flight', help='sequential: in_flight values (1,2,4,8,16,32,64); '
                    'latency: workload.in_flight per core (8)')
    ap.add_argument('--cores', type=int, default=16, help='latency: cores (16)')
    ap.add_argument('--loads', default='0.05,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.85,0.9,0.95,1.0,'
                    '1.05,1.1,1.2', help='latency: offered loads as fractions of the peak')
    ap.add_argument('--set', action='append', default=[], metavar='KEY=VALUE',
                    help='extra bhsim config override (repeatable)')
    ap.add_argument('--bhsim', default=DEFAULT_BHSIM, help='simulator binary')
    ap.add_argument('--json', metavar='OUT', help='save the rows as JSON')
    a = ap.parse_args(argv)
    if a.cmd == 'sequential':
        a.in_flight = a.in_flight or '1,2,4,8,16,32,64'
    elif a.cmd == 'latency':
        a.in_flight = int(a.in_flight or 8)
    rows = {'sequential': cmd_sequential, 'mixed': cmd_mixed, 'latency': cmd_latency,
            'speed': cmd_speed}[a.cmd](a)
    if a.json:
        with open(a.json, 'w') as f:
            json.dump({'subcommand': a.cmd, 'args': vars(a), 'rows': rows}, f, indent=2)
    return 0


if __name__ == '__main__':
    try:
        sys.exit(main())
    except RuntimeError as e:
        sys.exit('bhsim failed: %s' % e)
