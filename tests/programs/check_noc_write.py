#!/usr/bin/env python3
"""tests/programs/check_noc_write.py DUMP REPORT_SLEEP REPORT_NO_SLEEP - the 4 KiB noc_write.c
sent hold its pattern (computed here), and the runs with riscv.poll_sleep 1 and 0 report the
same for every core (all counters but the sleep's own) and the same run length; the sleeping
run must actually have slept."""
import struct
import sys

from sleep_twins import same_with_and_without_sleep

got = struct.unpack("<1024I", open(sys.argv[1], "rb").read())
for i, w in enumerate(got):
    want = ((i * 0x01000193) & 0xFFFFFFFF) ^ 0x5A5A0000
    if w != want:
        sys.exit(f"check_noc_write: word {i} is 0x{w:08x}, expected 0x{want:08x}")

tiles = same_with_and_without_sleep("check_noc_write", sys.argv[2], sys.argv[3])
slept = sum(c["poll_skipped_iterations"] for t in tiles for c in t["cores"])
if slept == 0:
    sys.exit("check_noc_write: the core never slept on its poll")
print(f"check_noc_write: 4 KiB as sent; same report with and without poll sleep "
      f"({slept} iterations skipped)")
