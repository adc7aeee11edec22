#!/usr/bin/env python3
"""tests/programs/check_noc_reg.py DUMP REPORT_SLEEP REPORT_NO_SLEEP - (5,7)'s BRISC read 0x1234
from its register after the NoC's inline write, both cores finished, and the runs with
riscv.poll_sleep 1 and 0 report the same for every core (but the sleep's own counters) and
the same length; with sleep, (5,7)'s BRISC slept on the register."""
import json
import struct
import sys

(v,) = struct.unpack("<I", open(sys.argv[1], "rb").read())
if v != 0x1234:
    sys.exit(f"check_noc_reg: (5,7) stored 0x{v:08x}, expected 0x00001234")
own = ("poll_sleeps", "poll_skipped_iterations")
runs = [json.load(open(p)) for p in sys.argv[2:4]]
cores = [[{k: x for k, x in c.items() if k not in own} for t in r["riscv"] for c in t["cores"]]
         for r in runs]
if any(c["state"] != "ebreak" for c in cores[0]):
    sys.exit("check_noc_reg: a core did not finish: " + str([c["state"] for c in cores[0]]))
if cores[0] != cores[1]:
    for a, b in zip(cores[0], cores[1]):
        for k in a:
            if a[k] != b.get(k):
                print(f"  {a['core']}.{k}: {a[k]} with sleep, {b.get(k)} without")
    sys.exit("check_noc_reg: the cores differ with and without poll sleep")
if runs[0]["sim"]["cycles"] != runs[1]["sim"]["cycles"]:
    sys.exit("check_noc_reg: the runs' lengths differ")
poller = next(c for t in runs[0]["riscv"] if t["tile"] == [5, 7] for c in t["cores"])
if poller["poll_skipped_iterations"] == 0:
    sys.exit("check_noc_reg: (5,7)'s BRISC never slept on the register")
print(f"check_noc_reg: 0x1234 through the NoC; same report with and without poll sleep "
      f"({poller['poll_skipped_iterations']} iterations skipped)")
