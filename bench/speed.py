#!/usr/bin/env python3
"""Simulation speed and memory of bhsim on a whole chip.

Three runs, one at a time (pinned to CPU 0 with taskset when it is available):
  loaded      the whole chip (default p150b), both NoCs, uniform traffic at half the
              channel-load bound from nocbound.py (p150b: 0.5 x 0.1527 = 0.0764 flits/node/cycle
              per NoC), bhsim's default op and packet size, 20000 cycles, tracing off;
  loaded+vcd  the same with --vcd (a temporary file, deleted afterwards; its size is printed);
  idle        --workload none --cycles 10000000.
For each it prints the simulated cycles (including the drain), wall seconds as measured by bhsim
and by this script (process start to exit), simulated cycles per second, router-cycles per
second (cycles x routers / wall, from the report) and the peak RSS in MiB, then compares the
router-cycles per second with the 1.5 million target and the RSS with the 400 MiB budget.

Example: python3 bench/speed.py            python3 bench/speed.py --rate 0.1 --repeat 3
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in bench/
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nocbound  # noqa: E402
from latency_vs_load import DEFAULT_BHSIM  # noqa: E402

TARGET_ROUTER_CPS = 1.5e6
RSS_BUDGET_MIB = 400.0


def timed_run(cmd, report):
    """Runs cmd once; returns (report dict, wall seconds of the whole process)."""
    t = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - t
    if p.returncode != 0:
        raise RuntimeError('%s\nexit %d: %s' % (' '.join(cmd), p.returncode,
                                                p.stderr.strip() or p.stdout.strip()))
    with open(report) as f:
        return json.load(f), wall


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0], epilog=__doc__.split(
        '\n\n', 1)[1], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--config', default='p150b', choices=sorted(nocbound.CONFIGS))
    ap.add_argument('--rate', type=float,
                    help='uniform rate per node per NoC (default 0.5 x the channel-load bound)')
    ap.add_argument('--op', help='workload.op (default: bhsim default)')
    ap.add_argument('--packet-bytes', type=int, help='workload.packet_bytes (bhsim default)')
    ap.add_argument('--cycles', type=int, default=20000, help='loaded runs: sim.cycles (20000)')
    ap.add_argument('--idle-cycles', type=int, default=10000000,
                    help='idle run: sim.cycles (10000000)')
    ap.add_argument('--repeat', type=int, default=1,
                    help='runs of each case; the fastest is reported (1)')
    ap.add_argument('--no-pin', action='store_true', help='do not pin to CPU 0 with taskset')
    ap.add_argument('--vcd', help='VCD path for the traced run (default: a temporary file)')
    ap.add_argument('--bhsim', default=DEFAULT_BHSIM, help='simulator binary')
    a = ap.parse_args(argv)

    bound = nocbound.bound_for_config(a.config, 0)
    rate = a.rate if a.rate is not None else round(0.5 * bound, 4)
    pin = [] if a.no_pin or not shutil.which('taskset') else ['taskset', '-c', '0']
    tmpdir = tempfile.mkdtemp(prefix='bhspeed')
    report = os.path.join(tmpdir, 'r.json')
    vcd = a.vcd or os.path.join(tmpdir, 'x.vcd')
    load = ['--config', a.config, '--workload', 'uniform', '--set', 'workload.noc=2',
            '--set', 'workload.rate=%g' % rate, '--cycles', str(a.cycles),
            '--set', 'sim.warmup_cycles=%d' % (a.cycles // 10)]
    if a.op:
        load += ['--set', 'workload.op=' + a.op]
    if a.packet_bytes:
        load += ['--set', 'workload.packet_bytes=%d' % a.packet_bytes]
    cases = [('loaded', load), ('loaded+vcd', load + ['--vcd', vcd]),
             ('idle', ['--config', a.config, '--workload', 'none',
                       '--cycles', str(a.idle_cycles),
                       '--set', 'sim.warmup_cycles=%d' % (a.idle_cycles // 10)])]
    print('# %s, uniform on both NoCs at %g flits/node/cycle (bound %.4f), warmup 10%%, %s; best of %d' %
          (a.config, rate, bound, ' '.join(pin) if pin else 'not pinned', a.repeat))
    print('%-11s %10s %9s %9s %14s %15s %9s %9s' %
          ('case', 'cycles', 'wall_s', 'proc_s', 'cycles/s', 'router-cyc/s', 'RSS_MiB',
           'vcd_MiB'))
    results = []
    err = 0
    try:
        for name, args in cases:
            best = None
            for _ in range(max(1, a.repeat)):
                rep, proc = timed_run(pin + [a.bhsim] + args + ['--report', report, '-q'],
                                      report)
                if best is None or rep['sim']['wall_seconds'] < best[0]['sim']['wall_seconds']:
                    best = (rep, proc)
            rep, proc = best
            s = rep['sim']
            vcd_mib = os.path.getsize(vcd) / 2**20 if name == 'loaded+vcd' and \
                os.path.exists(vcd) else None
            results.append((name, s))
            print('%-11s %10d %9.3f %9.3f %14.4g %15.4g %9.1f %9s' %
                  (name, s['cycles'], s['wall_seconds'], proc, s['cycles_per_second'],
                   s['router_cycles_per_second'], s['peak_rss_mib'],
                   '%.1f' % vcd_mib if vcd_mib is not None else '-'), flush=True)
            if name == 'loaded':
                for k in ('noc0', 'noc1'):
                    if k in rep:
                        n = rep[k]
                        print('%-11s %s offered %.4f accepted %.4f latency mean %.1f' %
                              ('', k, n['offered_flits_per_node_cycle'],
                               n['accepted_flits_per_node_cycle'],
                               n['packet_latency']['mean']))
    except RuntimeError as e:
        print('bhsim failed: %s' % e, file=sys.stderr)
        err = 1
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)  # holds the report, and the VCD by default
    print()
    for name, s in results:
        rc = s['router_cycles_per_second']
        print('%-11s router-cycles/s %.3g vs target %.3g: %s; peak RSS %.1f MiB vs %.0f MiB: %s'
              % (name, rc, TARGET_ROUTER_CPS, 'PASS' if rc >= TARGET_ROUTER_CPS else 'FAIL',
                 s['peak_rss_mib'], RSS_BUDGET_MIB,
                 'PASS' if s['peak_rss_mib'] <= RSS_BUDGET_MIB else 'FAIL'))
        if name == 'idle' and s['wall_seconds'] < 0.01:
            print('%-11s (%d cycles in %.2g s: idle cycles are skipped, not simulated one by one)'
                  % ('', s['cycles'], s['wall_seconds']))
    return err


if __name__ == '__main__':
    sys.exit(main())
