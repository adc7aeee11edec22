#!/usr/bin/env python3
"""tests/programs/check_eth_send.py RECV_BUF RECV_RESULT SEND_RESULT REPORT [--drops] - eth_send.c and
eth_recv.c on two Ethernet tiles joined by a cable: the 64 KiB landed in the receiver's L1 as
computed here, the receiver counted every word as sent, and the sender's time from its first
command to the receiver's done is no less than the link's analytic bound and within 10 % of it.

The bound, from the eth.link defaults (400 Gb/s: 20 ps a byte; preamble 8, FCS 4, gap 12,
minimum frame 64; 500 ns from a frame's last byte to the receiver): 16 data frames of
14 + 18 + 4096 bytes back to back, each 8 + 4128 + 4 + 12 wire bytes; the sync word's frame
(14 + 18 + 16 = 48 bytes, padded to 64 with the FCS) right after them, then the latency; the
receiver's done frame (the same size) and the latency again.

--drops: the link dropped frames (eth.link.drop_every): the bytes must still be right, the
report must show the drops and the TT-link re-sends that made up for them, and the time is only
checked against the bound from below."""
import json
import struct
import sys

PS_PER_BYTE = 20
LATENCY_PS = 500_000
AICLK_MHZ = 1350.0

want = [((i * 0x2545F491) & 0xFFFFFFFF) ^ 0x0E7E0E7E for i in range(16384)]
got = struct.unpack("<16384I", open(sys.argv[1], "rb").read())
for i, (g, w) in enumerate(zip(got, want)):
    if g != w:
        sys.exit(f"check_eth_send: receiver word {i} is 0x{g:08x}, expected 0x{w:08x}")
(same,) = struct.unpack("<I", open(sys.argv[2], "rb").read())
if same != 16384:
    sys.exit(f"check_eth_send: the receiver counted {same} words as sent, expected 16384")
(cycles,) = struct.unpack("<I", open(sys.argv[3], "rb").read())

data_ps = 16 * (8 + 14 + 18 + 4096 + 4 + 12) * PS_PER_BYTE
small_ps = (8 + 64) * PS_PER_BYTE
bound_ps = data_ps + small_ps + LATENCY_PS + small_ps + LATENCY_PS
bound_cycles = bound_ps * AICLK_MHZ / 1e6
if cycles < bound_cycles:
    sys.exit(f"check_eth_send: {cycles} cycles, below the link's bound {bound_cycles:.0f}")
drops = "--drops" in sys.argv[5:]
if cycles > 1.10 * bound_cycles and not drops:
    sys.exit(f"check_eth_send: {cycles} cycles, more than 10 % over the bound {bound_cycles:.0f}")

report = json.load(open(sys.argv[4]))
links = report.get("ethernet", [])
if len(links) != 1:
    sys.exit(f"check_eth_send: the report lists {len(links)} cables, expected 1")
d = links[0]["directions"]
if d[0]["frames_delivered"] < 17 or d[0]["crc_errors"] or bool(d[0]["frames_dropped"]) != drops:
    sys.exit(f"check_eth_send: sender to receiver: {d[0]}")
if drops:
    txq = links[0]["ends"][0]["tx_queues"][0]
    if txq["resends"] == 0 or txq["timeouts"] == 0:
        sys.exit(f"check_eth_send: frames were dropped but never sent again: {txq}")
    print(f"check_eth_send: {d[0]['frames_dropped']} frames dropped, {txq['resends']} re-sent "
          f"after {txq['timeouts']} timeouts")
print(f"check_eth_send: 64 KiB as sent; {cycles} cycles for the link's bound "
      f"{bound_cycles:.0f} ({cycles / bound_cycles:.3f}x); "
      f"{d[0]['frames_delivered']} frames out, {d[1]['frames_delivered']} back")
