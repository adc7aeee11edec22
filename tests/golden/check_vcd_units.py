#!/usr/bin/env python3
"""The coprocessor's VCD signals agree with its report: for every traced tile of the report's
"tiles" (or host "riscv" tiles with units), each unit's busy signal is 1 for exactly the
report's busy_cycles of that unit (the VCD's timescale is femtoseconds; a cycle is
1/aiclk_mhz microseconds).

usage: check_vcd_units.py REPORT.json RUN.vcd"""
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
            if len(scopes) >= 3 and scopes[-2] == "unit" and w[4] == "busy":
                ids[w[3]] = (scopes[-3], "unit", scopes[-1])
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


def main(report, vcd):
    r = json.load(open(report))
    tiles = r.get("tiles", []) + [t for t in r.get("riscv", []) if "units" in t]
    tvals, period = durations(vcd)
    cycle = 1e15 / (r["sim"]["aiclk_mhz"] * 1e6)  # femtoseconds, the VCD's timescale
    errors, checked = [], 0
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
    for e in errors:
        print("FAIL:", e)
    if not checked:
        print("FAIL: no unit was busy: nothing checked")
        return 1
    if not errors:
        print(f"check_vcd_units: {checked} busy units agree with the report")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
