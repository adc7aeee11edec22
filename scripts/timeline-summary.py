#!/usr/bin/env python3
"""Summarise a bhsim timeline: where a host program's time went, summed over every traced tile.

usage: scripts/timeline-summary.py --timeline FILE [--report REPORT] [--top N]

FILE is what `bhsim --timeline FILE` wrote (.json, or .json.gz). REPORT, the same run's
`--report` file, adds the program's result line and the L1 waits by waiter and holder.
Prints, each under its heading:
- host: the host track's phases, each with its start, end and length in us;
- kernels: each firmware kernel zone (BRISC-KERNEL, ...): when the program's kernels started
  and ended, over the tiles, in us and in cycles from the first start;
- waits: per core type, the share of its kernel's cycles spent asleep in each named wait
  (cb_wait_front (CB 0), noc_semaphore_wait (semaphore 1), ...), largest first; then the same
  over the cycles left once the last math kernel (TRISC1) has ended: the write-back;
- units: each coprocessor unit's state (busy, src, l1, fifo, ...) as a share of its spans;
- L1 waits (with REPORT): the largest waiter-behind-holder pairs of the report's l1_waits.
docs/timeline.md reads the default run with it. Exits 0, or 2 on a missing or malformed
file."""
import argparse
import collections
import gzip
import json
import sys

CORES = ("brisc", "ncrisc", "trisc0", "trisc1", "trisc2")


class Bad(Exception):
    """a file this script cannot read: the message says which and why"""


def load_json(path, what):
    opener = gzip.open if path.endswith(".gz") else open
    try:
        with opener(path, "rt", encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:  # missing, unreadable, or a .gz that is not gzip
        raise Bad(f"cannot read {what} '{path}': {e.strerror or e}")
    except (ValueError, EOFError) as e:  # not JSON, or cut short
        raise Bad(f"{what} '{path}' is not valid JSON: {e}")


def spans_by_thread(trace, path):
    """{(process name, thread name): [X events in file order]}, and the cycles per us"""
    events = trace.get("traceEvents") if isinstance(trace, dict) else None
    if not isinstance(events, list):
        raise Bad(f"'{path}' is not a bhsim timeline: no traceEvents list")
    procs, threads = {}, {}
    for e in events:
        if e.get("ph") == "M" and e.get("name") == "process_name":
            procs[e["pid"]] = e["args"]["name"]
        elif e.get("ph") == "M" and e.get("name") == "thread_name":
            threads[(e["pid"], e["tid"])] = e["args"]["name"]
    spans = collections.defaultdict(list)
    cycles_per_us, longest = None, 0.0
    try:
        for e in events:
            if e.get("ph") != "X":
                continue
            key = (procs.get(e["pid"], f"pid {e['pid']}"),
                   threads.get((e["pid"], e["tid"]), f"tid {e['tid']}"))
            spans[key].append(e)
            if e["dur"] > longest:  # the longest span gives the clock most exactly
                longest, cycles_per_us = e["dur"], e["args"]["cycles"] / e["dur"]
    except (KeyError, TypeError) as e:
        raise Bad(f"'{path}': a span without its fields ({e}): not a bhsim timeline")
    if not spans:
        raise Bad(f"'{path}' has no spans")
    return spans, cycles_per_us


def pct(part, whole):
    return f"{100 * part / whole:.1f}%" if whole else "-"


def host_section(spans):
    host = spans.get(("host", "host program"), [])
    print("host (us):")
    if not host:
        print("  no host track (not a host program, or the host category filtered out)")
        return
    for e in host:  # in the order the host ran them
        end = e["ts"] + e["dur"]
        print(f"  {e['ts']:9.1f} to {end:9.1f}  {e['dur']:7.1f}  {e['name']}")


def program_window(spans):
    """(from, to) in us of the host's launch and its wait for done, or None without a host
    track: the program's kernels start there"""
    host = spans.get(("host", "host program"), [])
    launch = [e["ts"] for e in host if e["name"].startswith("launch")]
    done = [e["ts"] + e["dur"] for e in host if e["name"].startswith("waiting for done")]
    return (launch[-1], done[-1]) if launch and done else None


def program_kernels(spans):
    """{(tile, core): (start, end)} of each core's <CORE>-KERNEL zone of the program: the one
    that starts within the host's launch and wait for done, since the bulk path's cores (row 0)
    run kernels of their own before and after it; without a host track, each core's last"""
    window, kernels = program_window(spans), {}
    for (proc, thread), events in spans.items():
        core = thread[:-len(" zones")] if thread.endswith(" zones") else None
        if core not in CORES:
            continue
        name = core.upper() + "-KERNEL"
        for e in events:
            if e["name"] == name and (not window or window[0] <= e["ts"] <= window[1]):
                kernels[(proc, core)] = (e["ts"], e["ts"] + e["dur"])
    return kernels


def kernel_section(kernels, cycles_per_us):
    print("kernels: start and end over the tiles, us (cycles from the first start)")
    if not kernels:
        print("  no kernel zones (the cores category filtered out?)")
        return
    first = min(s for s, _ in kernels.values())
    cyc = lambda t: round((t - first) * cycles_per_us)
    for core in CORES:
        ranges = [v for (_, c), v in kernels.items() if c == core]
        if not ranges:
            continue
        starts, ends = [s for s, _ in ranges], [e for _, e in ranges]
        print(f"  {core.upper() + '-KERNEL':14} {len(ranges):4} cores  start {min(starts):.1f}"
              f"-{max(starts):.1f}  end {min(ends):.1f}-{max(ends):.1f}"
              f"  ({cyc(min(starts))}-{cyc(max(starts))} / {cyc(min(ends))}-{cyc(max(ends))})")


def asleep(spans, intervals):
    """the poll_sleep spans within intervals {(tile, core): (from, to)}: the intervals' total
    length and the time asleep by wait name, in us"""
    total, waits = 0.0, collections.Counter()
    for (proc, core), (start, end) in intervals.items():
        total += end - start
        for e in spans.get((proc, core), []):
            if e["args"].get("state") != "poll_sleep":
                continue
            inside = min(end, e["ts"] + e["dur"]) - max(start, e["ts"])
            if inside > 0:
                waits[e["name"]] += inside
    return total, waits


def wait_line(label, total, waits, top):
    shown = ", ".join(f"{name} {pct(t, total)}" for name, t in waits.most_common(top))
    print(f"  {label:7} asleep {pct(sum(waits.values()), total)}: {shown or 'none'}")


def wait_section(spans, kernels, top):
    """the named waits (poll_sleep spans) inside each core's kernel, as a share of the kernel
    cycles of that core type over all tiles; then of the cores still running once the last
    math kernel (TRISC1) has ended, over that remainder"""
    print(f"waits: share of each core type's kernel cycles asleep, top {top}")
    for core in CORES:
        total, waits = asleep(spans, {k: v for k, v in kernels.items() if k[1] == core})
        if total:
            wait_line(core, total, waits, top)
    math_end = max((e for (_, c), (_, e) in kernels.items() if c == "trisc1"), default=None)
    if math_end is None:
        return
    print(f"  after the last math kernel ends ({math_end:.1f} us), of the cycles left:")
    for core in CORES:
        tails = {k: (max(s, math_end), e) for k, (s, e) in kernels.items()
                 if k[1] == core and e > math_end}
        total, waits = asleep(spans, tails)
        if total:
            wait_line(core, total, waits, top)


def unit_section(spans):
    """each unit's states over its spans, summed over the tiles; the two unpackers together"""
    print("units: state shares over their spans (all tiles)")
    states = collections.defaultdict(collections.Counter)
    for (proc, thread), events in spans.items():
        if not thread.startswith("unit "):
            continue
        unit = thread[5:]
        unit = "unpackers" if unit.startswith("unpack") else unit
        for e in events:
            states[unit][e["name"]] += e["args"]["cycles"]
    if not states:
        print("  no unit spans (the units category filtered out?)")
        return
    for unit, by_state in sorted(states.items(), key=lambda kv: -sum(kv[1].values())):
        total = sum(by_state.values())
        shown = ", ".join(f"{s} {pct(n, total)}" for s, n in by_state.most_common())
        print(f"  {unit:9} {total:10} cycles: {shown}")


def report_sections(report, path, top):
    try:
        p = report.get("program", {})
        if "cycles" in p:
            line = f"program: {p.get('name', '?')}, {p['cycles']} device cycles"
            if "fpu_utilisation" in p:
                line += (f", {p['tflops']:.2f} TFLOP/s, matrix unit "
                         f"{100 * p['fpu_utilisation']:.1f}% of its {p['fidelity']} peak")
            print(line)
        waits = report.get("l1_waits")
        if waits:
            print(f"L1 waits (report): {waits['wait_cycles']} cycles, top {top} waiter behind "
                  "holder:")
            for w in waits["by_waiter_and_holder"][:top]:
                print(f"  {w['waiter']:8} behind {w['holder']:8} {w['cycles']:9}")
    except (KeyError, TypeError, AttributeError) as e:
        raise Bad(f"'{path}' is not a bhsim report: missing {e}")


def main(argv):
    ap = argparse.ArgumentParser(
        description="Summarise a bhsim timeline (--timeline FILE): host phases, kernel start "
                    "and end times, named waits per core type, unit state shares, and with "
                    "--report the L1 waits.",
        epilog="docs/timeline.md reads the default run's timeline with it.")
    ap.add_argument("--timeline", required=True, metavar="FILE",
                    help="the timeline bhsim wrote (.json or .json.gz)")
    ap.add_argument("--report", metavar="REPORT", help="the same run's report JSON")
    ap.add_argument("--top", type=int, default=3, metavar="N",
                    help="waits and L1 pairs shown per line (default 3)")
    a = ap.parse_args(argv)
    try:
        report = load_json(a.report, "report") if a.report else None
        spans, cycles_per_us = spans_by_thread(load_json(a.timeline, "timeline"), a.timeline)
        if report and "sim" in report:  # the report's clock is exact
            cycles_per_us = report["sim"]["aiclk_mhz"]
        if report:
            report_sections(report, a.report, a.top)
        host_section(spans)
        kernels = program_kernels(spans)
        kernel_section(kernels, cycles_per_us)
        wait_section(spans, kernels, a.top)
        unit_section(spans)
    except Bad as e:
        print(f"timeline-summary: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
