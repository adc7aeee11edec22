#!/usr/bin/env python3
"""tests/programs/check_overlay.py RECV_DUMP SEND_DUMP REPORT_SLEEP REPORT_NO_SLEEP - the overlay
scenario (overlay_send.c on (1,2), overlay_recv.c on (5,7)) against AsGeneralUse.md and the
Blackhole register widths of tt-metal's blackhole/noc/noc_overlay_parameters.h:
REMOTE_DEST_BUF_SIZE = 3 sets SPACE_AVAILABLE to 3; updates of 1, 2 and 4 over the NoC make 10;
stream 20's REMOTE_SRC (24 bits), REMOTE_SRC_PHASE (20, phase base 0), ACK_THRESHOLD (4) and
REMOTE_DEST (18) keep only their widths of all-ones, seen alike by (5,7)'s loads and (1,2)'s NoC
read; the runs with and without poll sleep report the same, and (5,7)'s BRISC slept."""
import struct
import sys

from sleep_twins import same_with_and_without_sleep

WIDTHS = (24, 20, 4, 18)
block = [(1 << w) - 1 for w in WIDTHS]
recv = list(struct.unpack("<6I", open(sys.argv[1], "rb").read()))
send = list(struct.unpack("<4I", open(sys.argv[2], "rb").read()))
want = [3, 10] + block
if recv != want:
    sys.exit(f"check_overlay: (5,7) stored {[hex(v) for v in recv]}, expected "
             f"{[hex(v) for v in want]}")
if send != block:
    sys.exit(f"check_overlay: (1,2) read back {[hex(v) for v in send]}, expected "
             f"{[hex(v) for v in block]}")
tiles = same_with_and_without_sleep("check_overlay", sys.argv[3], sys.argv[4])
if any(c["state"] != "ebreak" for t in tiles for c in t["cores"]):
    sys.exit("check_overlay: a core did not finish: " +
             str([c["state"] for t in tiles for c in t["cores"]]))
poller = next(c for t in tiles if t["tile"] == [5, 7] for c in t["cores"])
if poller["poll_skipped_iterations"] == 0:
    sys.exit("check_overlay: (5,7)'s BRISC never slept on SPACE_AVAILABLE")
print(f"check_overlay: space 3 -> 10 over the NoC, the register block as documented both ways; "
      f"same report with and without poll sleep ({poller['poll_skipped_iterations']} iterations "
      f"skipped)")
