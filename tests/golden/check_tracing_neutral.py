#!/usr/bin/env python3
"""Tracing must not change what is simulated: runs one bhsim command twice, once as given and
once writing a VCD (which wakes processes at more instants, changing the order in which
SystemC runs simultaneous ones), and requires the two reports to agree on every simulated
figure. Only wall-clock figures and the output paths may differ. When the report has
coprocessor units (the riscv tiles' `units`), their per-state cycles (busy, idle, stall causes)
are among the figures compared, and the VCD must trace every such unit's `state`.
With --profile the second run writes the source-level profile (--profile DIR) instead of a
VCD: the cores' counting per PC must not change a figure either. Without it, a third run
writes a timeline (--timeline, gzip-compressed) instead of a VCD: the same report again.

usage: check_tracing_neutral.py [--profile] BHSIM OUTDIR NAME [bhsim arguments...]"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vcd_walk import walk  # noqa: E402

# keys whose values are the host machine's, not the simulation's
WALL = {"wall_seconds", "cycles_per_second", "router_cycles_per_second", "peak_rss_mib",
        "sim_wall_seconds", "sim_chip_cycles_per_second", "vcd", "report"}


def differences(a, b, path=""):
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k in WALL or k.startswith("output."):
                continue
            if k not in a or k not in b:
                yield f"{path}.{k}: only in one report"
            else:
                yield from differences(a[k], b[k], f"{path}.{k}")
    elif isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            yield f"{path}: {len(a)} entries against {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            yield from differences(x, y, f"{path}[{i}]")
    elif a != b:
        yield f"{path}: {a!r} without tracing, {b!r} with"


def leaves(x):
    """Values compared (those not left out), for the message."""
    if isinstance(x, dict):
        return sum(leaves(v) for k, v in x.items() if k not in WALL and not k.startswith("output."))
    if isinstance(x, list):
        return sum(leaves(v) for v in x)
    return 1


def main():
    argv = sys.argv[1:]
    profile = argv[0] == "--profile"
    if profile:
        argv = argv[1:]
    bhsim, out, name, args = argv[0], argv[1], argv[2], argv[3:]
    what = "a profile" if profile else "a VCD"
    extra = ["--profile", f"{out}/{name}_profile"] if profile else ["--vcd", f"{out}/{name}.vcd"]
    plain, traced = f"{out}/{name}.json", f"{out}/{name}_{'profile' if profile else 'vcd'}.json"
    timed = f"{out}/{name}_timeline.json"
    runs = [(plain, []), (traced, extra)]
    if not profile:
        runs.append((timed, ["--timeline", f"{out}/{name}.timeline.json.gz"]))
    for report, more in runs:
        subprocess.run([bhsim, "-q", "--report", report] + args + more, check=True)
    a, b = json.load(open(plain)), json.load(open(traced))
    diffs = list(differences(a, b))
    if not profile:
        diffs += [d.replace(" with", " with a timeline") for d in
                  differences(a, json.load(open(timed)))]
    checked = leaves(a)
    if diffs:
        print(f"{len(diffs)} simulated figures change when {what} is written:")
        print("\n".join(diffs[:40]))
        sys.exit(1)
    units = [t for t in a.get("riscv", []) + a.get("tiles", []) if "units" in t]
    if profile:
        if not os.path.isfile(f"{out}/{name}_profile/hot.txt"):
            print("no hot.txt in the profile directory")
            sys.exit(1)
        units = []
    if units:  # the units' state cycles are among the figures compared, and are traced
        bad = [n for t in units for n, u in t["units"].items()
               if not {"cycles", "idle_cycles", "stall_cycles"} <= set(u)]
        traced = set()
        for scopes, w in walk(f"{out}/{name}.vcd"):
            if w[0] == "$enddefinitions":
                break
            if w[0] == "$var" and len(scopes) >= 3 and scopes[-2] == "unit" and w[4] == "state":
                traced.add(scopes[-3])
        want = {"tile_x%02d_y%02d_l1" % tuple(t["tile"]) for t in units}
        if bad or not want <= traced:
            print(f"units without state cycles: {bad[:5]}; tiles without unit state signals: "
                  f"{sorted(want - traced)[:5]}")
            sys.exit(1)
    cycles = a.get("program", {}).get("cycles", a.get("sim", {}).get("cycles"))
    print(f"same report with and without {what}{'' if profile else ' or a timeline'} ({checked} keys, {cycles} cycles)")


if __name__ == "__main__":
    main()
