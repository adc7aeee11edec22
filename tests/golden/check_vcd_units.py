#!/usr/bin/env python3
"""The coprocessor's VCD signals agree with its report: for every traced tile of the report's
"tiles" (or host "riscv" tiles with units), each unit's busy signal is 1 for exactly the
report's busy_cycles of that unit, and its state signal holds each non-idle state (1 busy,
2.. the stall causes, model/tile/tensix/tensix_core.h TENSIX_UNIT_STATES) for exactly the
report's cycles of it (the VCD's timescale is femtoseconds; a cycle is 1/aiclk_mhz
microseconds). Every unit's busy, idle and stalled cycles sum to its window's `cycles`; with
--matrix-stalled, some tile's matrix unit stalled for a cause.

usage: check_vcd_units.py REPORT.json RUN.vcd [--matrix-stalled]"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vcd_walk import walk  # noqa: E402


def durations(path):
    """{(tile, kind, name): {value: total time}} and the timescale's cycle in VCD units"""
    ids, tvals, last, t = {}, {}, {}, 0
    period = None
    for scopes, w in walk(path):
        if w[0] == "$var":
            if len(scopes) >= 3 and scopes[-2] == "unit" and w[4] in ("busy", "state"):
                ids[w[3]] = (scopes[-3], "unit" if w[4] == "busy" else "unit_state", scopes[-1])
            elif len(scopes) >= 2 and scopes[-1] in ("T0", "T1", "T2") and w[4] == "state":
                ids[w[3]] = (scopes[-2], "thread", scopes[-1])
        elif w[0].startswith("#"):
            t = int(w[0][1:])
        elif w[0] in ("$dumpvars", "$end", "$enddefinitions", "$timescale", "$date",
                      "$version", "$comment"):
            continue
        else:
            if w[0].startswith("b") and len(w) == 2:
                val, code = int(w[0][1:], 2), w[1]
            elif w[0][0] in "01":
                val, code = int(w[0][0]), w[0][1:]
            else:
                continue
            if code not in ids:
                continue
            key = ids[code]
            if key in last:
                v0, t0 = last[key]
                tvals.setdefault(key, {}).setdefault(v0, 0)
                tvals[key][v0] += t - t0
                if t > t0 and v0 != 0 and (period is None or t - t0 < period):
                    period = t - t0
            last[key] = (val, t)
    for key, (v0, t0) in last.items():  # the last value lasts until the file's last time
        tvals.setdefault(key, {}).setdefault(v0, 0)
        tvals[key][v0] += t - t0
    return tvals, period


STATES = ["idle", "busy", "l1", "src", "dst", "semaphore", "fifo", "other"]


def main(report, vcd, matrix_stalled=False):
    r = json.load(open(report))
    tiles = r.get("tiles", []) + [t for t in r.get("riscv", []) if "units" in t]
    tvals, period = durations(vcd)
    cycle = 1e15 / (r["sim"]["aiclk_mhz"] * 1e6)  # femtoseconds, the VCD's timescale
    errors, checked, matrix_causes = [], 0, 0
    for t in tiles:
        name = "tile_x%02d_y%02d_l1" % tuple(t["tile"])
        for unit, u in t["units"].items():
            got = tvals.get((name, "unit", unit), {}).get(1, 0)
            want = u["busy_cycles"]
            if period is None and want:
                errors.append(f"{name} {unit}: no busy interval in the VCD")
            elif want and round(got / cycle) != want:
                errors.append(f"{name} {unit}: busy {got / cycle:.1f} cycles in the VCD, "
                              f"{want} in the report")
            checked += want > 0
            stalls = u["stall_cycles"]
            total = u["busy_cycles"] + u["idle_cycles"] + sum(stalls.values())
            if sorted(stalls) != sorted(STATES[2:]):
                errors.append(f"{name} {unit}: stall causes {sorted(stalls)}")
            if total != u["cycles"]:
                errors.append(f"{name} {unit}: busy + idle + stalls = {total}, cycles {u['cycles']}")
            for k, state in enumerate(STATES[1:], 1):
                want = u["busy_cycles"] if k == 1 else stalls.get(state, 0)
                got = tvals.get((name, "unit_state", unit), {}).get(k, 0)
                if round(got / cycle) != want:
                    errors.append(f"{name} {unit}: state {state} {got / cycle:.1f} cycles in the "
                                  f"VCD, {want} in the report")
            if unit == "matrix" and sum(stalls.values()):
                matrix_causes += 1
    if matrix_stalled and not matrix_causes:
        errors.append("no matrix unit stalled for any cause")
    for e in errors:
        print("FAIL:", e)
    if not checked:
        print("FAIL: no unit was busy: nothing checked")
        return 1
    if not errors:
        print(f"check_vcd_units: {checked} busy units agree with the report")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], "--matrix-stalled" in sys.argv[3:]))
