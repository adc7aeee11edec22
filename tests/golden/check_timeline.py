#!/usr/bin/env python3
"""The timeline (--timeline) follows the Trace Event Format's rules and agrees with the report.

Runs bhsim with the given arguments, --timeline OUT and --report, then checks:
- the file loads as JSON (gzip when it ends in .gz), with traceEvents of phases M, X, C and the
  NoC transfers' async b, n, e only (check_timeline_noc.py checks those);
- every X event has a non-negative duration, a named process and thread, and the spans of one
  thread follow one another in the file without overlapping (times are monotonic per thread);
  on a core's zones thread (cat "zones") spans nest instead: each starts no earlier than the one
  before it and lies within every enclosing zone still open;
- every C (counter) series is in time order;
- each coprocessor unit's spans, by state, add up to the report's cycles for that unit and state
  (busy_cycles, and stall_cycles by cause), tile by tile; a core's spans lie within the run.
With --set output.timeline_tiles=... or output.timeline_window=A:B among the arguments, the sums
are not compared (the filter cuts them); instead only those tiles appear, and every span and
counter lies within the window.

usage: check_timeline.py BHSIM OUT [bhsim arguments...]"""
import collections
import gzip
import json
import subprocess
import sys


def load(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        return json.load(f)


def main(bhsim, out, args):
    report = out + ".report.json"
    subprocess.run([bhsim, "-q", *args, "--timeline", out, "--report", report], check=True)
    d, r = load(out), json.load(open(report))
    errors = []
    sets = dict(a.split("=", 1) for a in args if "=" in a and a.startswith("output.timeline"))
    tiles = sets.get("output.timeline_tiles")
    first, _, end = sets.get("output.timeline_window", ":").partition(":")
    per_us = r["sim"]["aiclk_mhz"]  # cycles per microsecond
    lo = int(first) / per_us if first else 0
    hi = int(end) / per_us if end else float("inf")
    events = d["traceEvents"]
    names, threads = {}, {}
    for e in events:
        if e["ph"] == "M" and e["name"] == "process_name":
            names[e["pid"]] = e["args"]["name"]
        if e["ph"] == "M" and e["name"] == "thread_name":
            threads[(e["pid"], e["tid"])] = e["args"]["name"]
    phases = collections.Counter(e["ph"] for e in events)
    if set(phases) - {"M", "X", "C", "b", "n", "e"}:
        errors.append(f"unexpected phases {set(phases) - {'M', 'X', 'C', 'b', 'n', 'e'}}")
    last_end, last_counter, open_zones = {}, {}, collections.defaultdict(list)
    sums = collections.Counter()  # (pid, thread name, state) -> cycles
    end_us = r["sim"]["simulated_seconds"] * 1e6
    for e in events:
        if e["ph"] == "X":
            key = (e["pid"], e["tid"])
            if e["dur"] < 0 or e["pid"] not in names or key not in threads:
                errors.append(f"bad span {e}")
                continue
            if e.get("cat") == "zones":
                stack = open_zones[key]  # the ends of the enclosing zones
                while stack and stack[-1] <= e["ts"] + 1e-9:
                    stack.pop()
                if e["ts"] < last_end.get(key, 0) - 1e-9 or (
                        stack and e["ts"] + e["dur"] > stack[-1] + 1e-9):
                    errors.append(f"zone {e['name']} of {threads[key]} at {e['ts']} goes back "
                                  f"or leaves its enclosing zone")
                last_end[key] = e["ts"]
                stack.append(e["ts"] + e["dur"])
            elif e["ts"] < last_end.get(key, 0) - 1e-9:
                errors.append(f"span of {names[e['pid']]} {threads[key]} at {e['ts']} overlaps "
                              f"or goes back before {last_end[key]}")
            if e.get("cat") != "zones":
                last_end[key] = e["ts"] + e["dur"]
            if e["ts"] < lo - 1e-6 or e["ts"] + e["dur"] > hi + 1e-6:
                errors.append(f"span outside the window {lo}..{hi} us: {e}")
            if e["ts"] + e["dur"] > end_us + 1e-6:
                errors.append(f"span past the run's end ({end_us} us): {e}")
            sums[(e["pid"], threads[key], e["name"])] += e["args"]["cycles"]
        elif e["ph"] == "C":
            key = (e["pid"], e["name"])
            if e["ts"] < last_counter.get(key, 0):
                errors.append(f"counter {key} goes back in time at {e['ts']}")
            last_counter[key] = e["ts"]
            if e["ts"] < lo - 1e-6 or e["ts"] > hi + 1e-6:
                errors.append(f"counter outside the window {lo}..{hi} us: {e}")
        if len(errors) > 20:
            break
    pid_of = {v: k for k, v in names.items()}
    if tiles or "output.timeline_window" in sets:
        shown = sorted(n for n in names.values() if n.startswith("tile"))
        want = sorted("tile (%s)" % xy for xy in tiles.split(";")) if tiles else shown
        if shown != want:
            errors.append(f"tiles shown {shown[:5]}, the filter names {want[:5]}")
        if not phases["X"]:
            errors.append("no span in the window")
        for e in errors[:20]:
            print("FAIL:", e)
        if not errors:
            print(f"check_timeline: {len(events)} events, {len(shown)} tiles, all within "
                  f"{lo:.3f}..{hi:.3f} us")
        return 1 if errors else 0
    # the units' spans against the report, tile by tile
    compared = 0
    for t in r.get("riscv", []) + r.get("tiles", []):
        pid = pid_of.get("tile (%d,%d)" % tuple(t["tile"]))
        if pid is None:
            continue
        for unit, u in t.get("units", {}).items():
            want = {"busy": u["busy_cycles"], **u["stall_cycles"]}
            for state, cycles in want.items():
                got = sums[(pid, "unit " + unit, state)]
                compared += 1
                if got != cycles:
                    errors.append(f"tile {t['tile']} unit {unit} {state}: spans {got} cycles, "
                                  f"report {cycles}")
    if compared == 0:
        errors.append("no coprocessor unit to compare with the report")
    for e in errors[:20]:
        print("FAIL:", e)
    if not errors:
        print(f"check_timeline: {len(events)} events ({dict(phases)}), {len(threads)} threads, "
              f"{compared} unit/state sums equal to the report's")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
