#!/usr/bin/env python3
"""tests/programs/check_xmov.py SRC DST [OTHER_SRC OTHER_DST] - the 1 KiB ThCon wrote at 0x8000
(SRC) and the Mover's copy at 0xC000 (DST) hold the STOREIND data (GPR8..11: 0x22221111,
0x00003333, 0x00005555, 0x00007777, repeated 64 times); with OTHER_*, a second run's dumps must
be byte-identical (the RISC-V program against the equivalent tensix_stream script)."""
import struct
import sys

expect = struct.pack("<4I", 0x22221111, 0x00003333, 0x00005555, 0x00007777) * 64
dumps = [open(p, "rb").read() for p in sys.argv[1:]]
for path, data in zip(sys.argv[1:], dumps):
    if data != expect:
        at = next(i for i in range(len(expect)) if i >= len(data) or data[i] != expect[i])
        sys.exit(f"check_xmov: {path} differs from the STOREIND data at byte {at}")
print(f"check_xmov: {len(dumps)} dumps hold the expected 1 KiB")
