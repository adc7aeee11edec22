#!/usr/bin/env python3
"""A host program's worker tiles count their NIUs among their L1 clients (issue 27): in every
tile that ran compute (its unpackers read L1), noc0 and noc1 both moved bytes through its L1,
and the NoC clients waited for ports or banks somewhere.

Usage: check_noc_l1_clients.py BHSIM REPORT [bhsim args...]"""
import json
import subprocess
import sys


def main(bhsim, report, args):
    subprocess.run([bhsim, "-q", *args, "--report", report], check=True)
    r = json.load(open(report))
    errors, workers, noc_waits = [], 0, 0
    for t in r.get("riscv", []):
        clients = {c["client"]: c for c in t["l1_clients"]}
        unpacked = sum(clients.get(u, {}).get("bytes", 0) for u in ("unpack0", "unpack1"))
        if unpacked == 0:
            continue
        workers += 1
        where = f"tile {t.get('tile')}"
        for niu in ("noc0", "noc1"):
            c = clients.get(niu)
            if not c or c["bytes"] == 0 or c["requests"] == 0:
                errors.append(f"{where}: {niu} moved no bytes through L1")
                continue
            noc_waits += c["wait_cycles"]
    if workers == 0:
        errors.append("no worker tile: nothing was checked")
    if noc_waits == 0:
        errors.append("the NoC clients never waited for an L1 port or bank")
    for e in errors:
        print("FAIL:", e)
    if not errors:
        print(f"check_noc_l1_clients: {workers} worker tiles, NoC clients waited {noc_waits} "
              "cycles in all")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
