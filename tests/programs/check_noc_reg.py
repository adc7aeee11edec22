#!/usr/bin/env python3
"""tests/programs/check_noc_reg.py DUMP REPORT_SLEEP REPORT_NO_SLEEP - (5,7)'s BRISC read 0x1234
from its register after the NoC's inline write, both cores finished, and the runs with
riscv.poll_sleep 1 and 0 report the same for every core (but the sleep's own counters) and
the same length; with sleep, (5,7)'s BRISC slept on the register."""
import struct
import sys

from sleep_twins import same_with_and_without_sleep

(v,) = struct.unpack("<I", open(sys.argv[1], "rb").read())
if v != 0x1234:
    sys.exit(f"check_noc_reg: (5,7) stored 0x{v:08x}, expected 0x00001234")
tiles = same_with_and_without_sleep("check_noc_reg", sys.argv[2], sys.argv[3])
if any(c["state"] != "ebreak" for t in tiles for c in t["cores"]):
    sys.exit("check_noc_reg: a core did not finish: " +
             str([c["state"] for t in tiles for c in t["cores"]]))
poller = next(c for t in tiles if t["tile"] == [5, 7] for c in t["cores"])
if poller["poll_skipped_iterations"] == 0:
    sys.exit("check_noc_reg: (5,7)'s BRISC never slept on the register")
print(f"check_noc_reg: 0x1234 through the NoC; same report with and without poll sleep "
      f"({poller['poll_skipped_iterations']} iterations skipped)")
