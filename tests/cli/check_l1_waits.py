#!/usr/bin/env python3
"""The report's waiter-by-holder split of L1 waits adds up: in every tile, each client's
"waited_on" sums to its wait_cycles, and the chip's l1_waits (by waiter and holder) sums the
tiles' exactly, pair by pair; and some wait is there to split.

Usage: check_l1_waits.py BHSIM REPORT [bhsim args...]"""
import collections
import json
import subprocess
import sys


def main(bhsim, report, args):
    subprocess.run([bhsim, "-q", *args, "--report", report], check=True)
    r = json.load(open(report))
    tiles = [t["l1_clients"] for t in r.get("riscv", [])]
    tiles += [t["l1"]["clients"] for t in r.get("tiles", []) if "l1" in t]
    errors, pairs, total = [], collections.Counter(), 0
    for clients in tiles:
        for c in clients:
            split = sum(c["waited_on"].values())
            if split != c["wait_cycles"]:
                errors.append(f"{c['client']}: waited_on sums to {split}, wait_cycles "
                              f"{c['wait_cycles']}")
            total += c["wait_cycles"]
            for holder, n in c["waited_on"].items():
                pairs[(c["client"], holder)] += n
    chip = r.get("l1_waits", {"wait_cycles": 0, "by_waiter_and_holder": []})
    got = collections.Counter({(p["waiter"], p["holder"]): p["cycles"]
                               for p in chip["by_waiter_and_holder"]})
    if got != pairs:
        errors.append(f"l1_waits pairs differ from the tiles' sums: {got} vs {pairs}")
    if chip["wait_cycles"] != total:
        errors.append(f"l1_waits.wait_cycles {chip['wait_cycles']}, the clients' sum {total}")
    cycles = [p["cycles"] for p in chip["by_waiter_and_holder"]]
    if cycles != sorted(cycles, reverse=True):
        errors.append("l1_waits is not largest first")
    if total == 0:
        errors.append("no L1 wait at all: nothing was checked")
    for e in errors:
        print("FAIL:", e)
    if not errors:
        print(f"check_l1_waits: {total} wait cycles in {len(pairs)} waiter/holder pairs")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
