#!/usr/bin/env python3
"""The NoC's own L1 traffic shows in a tile's L1 port signals (issue 27): in a dram_stream run
whose VCD traces the one reading tile's L1, its NIU holds its ports, only those the client table
gives it: write ports while the data it read from DRAM lands, read ports while it reads the data
of the writes it sends. Each 64-byte flit holds a port at least one cycle, so the cycles held
cover the bytes the GDDR6 controllers report read and written (an independent count).

Usage: check_l1_noc_holders.py REPORT VCD TILE_SCOPE NIU (noc0 or noc1)"""
import json
import sys

from vcd_walk import walk

# 1 + the client's index in the L1 client table (docs/outputs.md): noc0 6, noc1 7
NOC_HOLDERS = {6: "noc0", 7: "noc1"}
# the ports the table gives each NIU: written through (landing data), read through (sending)
NOC_PORTS = {"noc0": ({4, 5, 16, 17}, {6, 7, 18, 19}),
             "noc1": ({12, 13, 20, 21}, {14, 15, 22, 23})}


def held_cycles(vcd, scope):
    """{(port, holder): cycles held}, with the VCD's timescale turned into cycles by the
    shortest interval between two changes of any port's holder (one cycle)"""
    ids, changes, now = {}, [], 0
    for scopes, w in walk(vcd):
        if w[0] == "$var" and len(scopes) >= 2 and scopes[-2] == scope and \
                scopes[-1].startswith("port") and w[4] == "holder":
            ids[w[3]] = int(scopes[-1][4:])
        elif w[0].startswith("#"):
            now = int(w[0][1:])
        elif w[0].startswith("b") and len(w) == 2 and w[1] in ids:
            changes.append((now, ids[w[1]], int(w[0][1:], 2)))
    times = sorted({t for t, _, _ in changes})
    step = min((b - a for a, b in zip(times, times[1:])), default=1)
    held, last = {}, {}
    for t, port, v in changes:
        if port in last and last[port][1]:
            key = (port, last[port][1])
            held[key] = held.get(key, 0) + (t - last[port][0]) // step
        last[port] = (t, v)
    return held


def main(report, vcd, scope, niu):
    held = held_cycles(vcd, scope)
    code = {v: k for k, v in NOC_HOLDERS.items()}[niu]
    wr, rd = NOC_PORTS[niu]
    on_wr = sum(c for (p, h), c in held.items() if h == code and p in wr)
    on_rd = sum(c for (p, h), c in held.items() if h == code and p in rd)
    elsewhere = sum(c for (p, h), c in held.items() if h == code and p not in wr | rd)
    dram = json.load(open(report))["dram"]["controllers"]
    read = sum(c["bytes_read"] for c in dram)
    written = sum(c["bytes_written"] for c in dram)
    print(f"{niu} at {scope}: write ports held {on_wr} cycles for {read} bytes read from DRAM, "
          f"read ports {on_rd} for {written} bytes written to it, other ports {elsewhere}")
    errors = []
    if not held:
        errors.append(f"no port holder changes under {scope}: is the tile traced?")
    if elsewhere:
        errors.append(f"{niu} held ports the client table does not give it")
    if read == 0 or on_wr < read // 64:
        errors.append(f"{niu} held write ports {on_wr} cycles, fewer than the {read // 64} "
                      "flits read from DRAM: read data landed untimed")
    if on_rd < written // 64:
        errors.append(f"{niu} held read ports {on_rd} cycles, fewer than the {written // 64} "
                      "flits written to DRAM: sent data was read untimed")
    for e in errors:
        print("FAIL:", e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:5]))
