#!/usr/bin/env python3
"""l1.port_map moves a client's traffic: the same Tensix demo with the Mover moved from its
default ports (2 read, 3 write: bhsim --list-l1-ports) to ports 20 (read) and 21 (write) must
show the busy cycles of ports 2 and 3 on 20 and 21, and nothing left on 2 and 3, with the same
total and the same run length (nothing else in the demo shares those ports).

Usage: check_port_map.py DEFAULT_REPORT MOVED_REPORT"""
import json
import sys


def ports(path):
    r = json.load(open(path))
    tile = r["tiles"][0]
    return {p["port"]: p["utilisation"] for p in tile["l1"]["ports"]}, r["sim"]["cycles"]


def main():
    (base, base_cycles), (moved, moved_cycles) = ports(sys.argv[1]), ports(sys.argv[2])
    bad = []
    if base[2] <= 0 or base[3] <= 0:
        bad.append(f"the default run does not use ports 2 and 3 ({base[2]}, {base[3]})")
    if moved[2] != 0 or moved[3] != 0:
        bad.append(f"ports 2 and 3 still busy after the move ({moved[2]}, {moved[3]})")
    if abs(moved[20] - base[2]) > 1e-12 or abs(moved[21] - base[3]) > 1e-12:
        bad.append(f"ports 20/21 ({moved[20]}, {moved[21]}) do not carry what 2/3 did "
                   f"({base[2]}, {base[3]})")
    if moved_cycles != base_cycles:
        bad.append(f"run length changed: {base_cycles} -> {moved_cycles} cycles")
    for b in bad:
        print("FAIL:", b)
    if not bad:
        print(f"ok: ports 2/3 -> 20/21 carry {moved[20]:.4f}/{moved[21]:.4f} of the cycles")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
