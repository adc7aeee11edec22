#!/usr/bin/env python3
"""A zone written in a kernel (DeviceZoneScopedN) appears on the timeline with the cycles the
tile's wall clock measures.

The dm workload's kernel (firmware/kernels/dataflow/dm_tests.cc) reads the tile's wall clock
just inside its zone "dm transactions", at the zone's start and end, and the report gives the
difference (write_cycles or read_cycles). The zone opens one store before the first reading and
closes one store after the second, so its span must be the wall clock's difference plus the
cycles between each store and its reading: at least one cycle each, and at most an MMIO access
(mmio_load_cycles) plus one each. The zone must also sit inside the firmware's zones of that
core (BRISC-KERNEL inside BRISC-FW, or NCRISC's), on the core's own zones thread. The report's
"zones" section must give each zone the same cycles as the timeline.

usage: check_timeline_zone.py BHSIM OUT.json [bhsim arguments of a dm run...]"""
import json
import subprocess
import sys


def main(bhsim, out, args):
    report = out + ".report.json"
    subprocess.run([bhsim, "-q", "--workload", "dm", *args, "--timeline", out, "--report",
                    report], check=True)
    events = json.load(open(out))["traceEvents"]
    rep = json.load(open(report))
    prog = rep["program"]
    mmio = 7  # riscv.mmio_load_cycles, its default (model/tile/tile_map.h)
    measured = prog.get("write_cycles", prog.get("read_cycles"))
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
               if e["ph"] == "M" and e["name"] == "thread_name"}
    zones = [e for e in events if e["ph"] == "X" and e.get("cat") == "zones"]
    ours = [e for e in zones if e["name"] == "dm transactions"]
    errors = []
    if len(ours) != 1 or not measured:
        errors.append(f"{len(ours)} zones 'dm transactions' (want 1), wall clock {measured}")
    else:
        z = ours[0]
        key = (z["pid"], z["tid"])
        core = threads.get(key, "").replace(" zones", "")
        if core not in ("brisc", "ncrisc"):  # the data-movement cores
            errors.append(f"zone on thread {threads.get(key)!r}, want a data-movement core's")
        extra = z["args"]["cycles"] - measured
        if not 2 <= extra <= 2 * (mmio + 1):
            errors.append(f"zone {z['args']['cycles']} cycles, wall clock {measured}: "
                          f"{extra} apart, want 2..{2 * (mmio + 1)}")
        outer = {e["name"]: e for e in zones if (e["pid"], e["tid"]) == key}
        for name, depth in ((core.upper() + "-FW", 0), (core.upper() + "-KERNEL", 1)):
            o = outer.get(name)
            if not o or o["args"]["depth"] != depth or not (
                    o["ts"] <= z["ts"] and z["ts"] + z["dur"] <= o["ts"] + o["dur"]):
                errors.append(f"zone not inside {name} at depth {depth}: {o}")
        if z["args"]["depth"] != 2:
            errors.append(f"zone at depth {z['args']['depth']}, want 2")
        for e in zones:  # the report's statistics, zone by zone (one of each here)
            got = rep.get("zones", {}).get(e["name"], {})
            if got.get("count") != 1 or got.get("cycles") != e["args"]["cycles"]:
                errors.append(f"report zones[{e['name']!r}] = {got}, the timeline "
                              f"{e['args']['cycles']} cycles once")
    for e in errors:
        print("FAIL:", e)
    if not errors:
        print(f"check_timeline_zone: 'dm transactions' {ours[0]['args']['cycles']} cycles, the "
              f"wall clock {measured}; inside the firmware's zones")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
