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
- a core asleep on a poll has its span named by what it polls: in a host program, a CB counter
  line is cb_wait_front or cb_reserve_back of that CB, a semaphore noc_semaphore_wait, the
  launch message the firmware's wait (addresses from firmware/include/bh_l1_layout.h, read
  here), and every other poll is named by what it reads, never plain "poll_sleep";
- in a host program, the host track's spans add up, phase by phase, to the report's host_*_us.
With --set output.timeline_tiles=... or output.timeline_window=A:B among the arguments, the sums
are not compared (the filter cuts them); instead only those tiles appear, and every span and
counter lies within the window.

usage: check_timeline.py BHSIM OUT [bhsim arguments...]"""
import collections
import gzip
import json
import os
import re
import subprocess
import sys

LAYOUT = os.path.join(os.path.dirname(__file__), "..", "..", "firmware", "include",
                      "bh_l1_layout.h")
# the host track's span names and the report's figure of each (host/bh_transport.c)
HOST_PHASES = {"firmware and bank tables": "host_firmware_us", "kernel upload":
               "host_kernel_upload_us", "runtime arguments": "host_runtime_args_us",
               "launch (CBs, semaphores, message)": "host_launch_us",
               "buffer write": "host_buffer_write_us", "buffer read": "host_buffer_read_us",
               "waiting for boot": "host_boot_poll_us",
               "waiting for done (kernels run)": "host_done_poll_us"}


def layout():
    text = open(LAYOUT).read()
    return {m.group(1): int(m.group(2), 16) for m in
            re.finditer(r"#define (BH_L1_\w+) (0x[0-9A-Fa-f]+)u", text)}


def wait_name(addr, lay):
    """what the firmware's layout says a poll of addr waits for (None: not its word)"""
    cb = lay["BH_L1_CB_COUNTERS"]
    if cb <= addr < cb + 32 * 32:
        api = "cb_reserve_back" if (addr - cb) % 32 >= 16 else "cb_wait_front"
        return f"{api} (CB {(addr - cb) // 32})"
    sem = lay["BH_L1_SEMAPHORES"]
    if sem <= addr < sem + 16 * 16:
        return f"noc_semaphore_wait (semaphore {(addr - sem) // 16})"
    if lay["BH_L1_LAUNCH"] <= addr < lay["BH_L1_LAUNCH"] + 64:
        return "firmware: waiting for a launch"
    return None


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
            # the report counts whole AICLK cycles; the kernel's clock may stand inside the next
            # (a PCIe completion lands between edges)
            if e["ts"] + e["dur"] > end_us + 1 / per_us:
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
    # what sleeping cores wait for, named
    lay, host = layout(), "host_transport" in r.get("program", {})
    waits = collections.Counter()
    for e in events:
        if e["ph"] != "X" or e.get("cat") != "cores":
            continue
        if e["name"] == "poll_sleep":
            errors.append(f"a poll_sleep span left unnamed: {e}")
        elif e["args"].get("state") == "poll_sleep":
            want = wait_name(int(e["args"]["polls"], 16), lay) if host else None
            if want and e["name"] != want:
                errors.append(f"span {e['name']!r} polls {e['args']['polls']}: want {want!r}")
            waits[e["name"]] += e["args"]["cycles"]
    if not waits:
        errors.append("no core asleep on a poll")
    # the host's phases against the report
    if host:
        spans = collections.Counter()
        for e in events:
            if e["ph"] == "X" and e.get("cat") == "host":
                spans[e["name"]] += e["dur"]
        for name, key in HOST_PHASES.items():
            if abs(spans[name] - r["program"][key]) > 0.002:
                errors.append(f"host spans '{name}' add up to {spans[name]:.3f} us, the report's "
                              f"{key} {r['program'][key]}")
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
              f"{compared} unit/state sums equal to the report's; waits by cycles: "
              f"{dict(waits.most_common(4))}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
