#!/usr/bin/env python3
"""tests/programs/check_pic.py DUMP REPORT_SLEEP REPORT_NO_SLEEP - (5,7)'s BRISC read 0xC0FFEE
from software IRQ 9 once the NoC raised it, and 0 right after (the read clears the IRQ, as the
Tensix-tile PIC page says); the runs with and without poll sleep report the same, and the
poller slept."""
import struct
import sys

from sleep_twins import same_with_and_without_sleep

got = struct.unpack("<2I", open(sys.argv[1], "rb").read())
if got != (0xC0FFEE, 0):
    sys.exit(f"check_pic: (5,7) read {[hex(v) for v in got]}, expected ['0xc0ffee', '0x0']")
tiles = same_with_and_without_sleep("check_pic", sys.argv[2], sys.argv[3])
if any(c["state"] != "ebreak" for t in tiles for c in t["cores"]):
    sys.exit("check_pic: a core did not finish")
poller = next(c for t in tiles if t["tile"] == [5, 7] for c in t["cores"])
if poller["poll_skipped_iterations"] == 0:
    sys.exit("check_pic: (5,7)'s BRISC never slept on the IRQ register")
print(f"check_pic: IRQ raised over the NoC, read once then cleared; same report with and "
      f"without poll sleep ({poller['poll_skipped_iterations']} iterations skipped)")
