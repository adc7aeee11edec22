#!/usr/bin/env python3
"""tests/programs/check_noc_write.py DUMP REPORT_SLEEP REPORT_NO_SLEEP - the 4 KiB noc_write.c
sent hold its pattern (computed here), and the runs with riscv.poll_sleep 1 and 0 report the
same for every core (all counters but the sleep's own) and the same run length; the sleeping
run must actually have slept."""
import json
import struct
import sys

got = struct.unpack("<1024I", open(sys.argv[1], "rb").read())
for i, w in enumerate(got):
    want = ((i * 0x01000193) & 0xFFFFFFFF) ^ 0x5A5A0000
    if w != want:
        sys.exit(f"check_noc_write: word {i} is 0x{w:08x}, expected 0x{want:08x}")

own = ("poll_sleeps", "poll_skipped_iterations")
runs = [json.load(open(p)) for p in sys.argv[2:4]]
cores = []
for r in runs:
    cores.append([{k: v for k, v in c.items() if k not in own}
                  for t in r["riscv"] for c in t["cores"]])
if cores[0] != cores[1]:
    for a, b in zip(cores[0], cores[1]):
        for k in a:
            if a[k] != b.get(k):
                print(f"  {a['core']}.{k}: {a[k]} with sleep, {b.get(k)} without")
    sys.exit("check_noc_write: the cores differ with and without poll sleep")
if runs[0]["sim"]["cycles"] != runs[1]["sim"]["cycles"]:
    sys.exit(f"check_noc_write: {runs[0]['sim']['cycles']} cycles with sleep, "
             f"{runs[1]['sim']['cycles']} without")
slept = sum(c["poll_skipped_iterations"] for t in runs[0]["riscv"] for c in t["cores"])
if slept == 0:
    sys.exit("check_noc_write: the core never slept on its poll")
print(f"check_noc_write: 4 KiB as sent; same report with and without poll sleep "
      f"({slept} iterations skipped)")
