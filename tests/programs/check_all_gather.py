#!/usr/bin/env python3
"""tests/programs/check_all_gather.py N REPORT RESULT_0 SLOTS_0 ... RESULT_N-1 SLOTS_N-1 -
all_gather on a line of N chips: every chip's Tensix tile holds every chip's buffer as
computed here (chip c's word k: (c + 1) * 0x01000193 ^ k * 0x9E3779B1), counted them all as
such itself, and took no less than the analytic bound for the chip that waits longest.

The bound, from the eth.link defaults (400 Gb/s, 20 ps a byte; preamble 8, FCS 4, gap 12;
500 ns from a frame's last byte to the receiver): the buffer from one end of the line to the
other crosses N - 1 cables one after the other, each as a 4096-byte TT-link packet (a frame of
14 + 18 + 4096 bytes) and its flag line (a 64-byte frame), plus the latency, per hop. The
NoC copies between and within chips are not in it (a lower bound)."""
import json
import struct
import sys

PS_PER_BYTE = 20
LATENCY_PS = 500_000
AICLK_MHZ = 1350.0
WORDS = 1024

n = int(sys.argv[1])
report = json.load(open(sys.argv[2]))
files = sys.argv[3:]
if len(files) != 2 * n:
    sys.exit(f"check_all_gather: expected {2 * n} dumps, got {len(files)}")
worst = 0
for c in range(n):
    same, cycles = struct.unpack("<2I", open(files[2 * c], "rb").read())
    slots = open(files[2 * c + 1], "rb").read()
    for j in range(n):
        got = struct.unpack(f"<{WORDS}I", slots[j * 4096 : (j + 1) * 4096])
        for k, g in enumerate(got):
            want = ((j + 1) * 0x01000193 ^ k * 0x9E3779B1) & 0xFFFFFFFF
            if g != want:
                sys.exit(f"check_all_gather: chip {c} slot {j} word {k} is 0x{g:08x}, "
                         f"expected 0x{want:08x}")
    if same != n * WORDS:
        sys.exit(f"check_all_gather: chip {c} counted {same} words as computed, not {n * WORDS}")
    worst = max(worst, cycles)
hop_ps = ((8 + 14 + 18 + 4096 + 4 + 12) + (8 + 64)) * PS_PER_BYTE + LATENCY_PS
bound = (n - 1) * hop_ps * AICLK_MHZ / 1e6
if worst < bound:
    sys.exit(f"check_all_gather: {worst} cycles, below the bound {bound:.0f}")
cables = report.get("ethernet", [])
used = [c for c in cables if c["directions"][0]["frames_delivered"] or
        c["directions"][1]["frames_delivered"]]
if len(used) != n - 1:
    sys.exit(f"check_all_gather: {len(used)} cables carried frames, expected {n - 1}")
if len(report.get("chips", [])) != n - 1:
    sys.exit("check_all_gather: the report's chips section does not list the other chips")
print(f"check_all_gather: {n} chips hold all {n} buffers; the slowest took {worst} cycles "
      f"against the bound {bound:.0f} ({worst / bound:.2f}x)")
