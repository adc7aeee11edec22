#!/usr/bin/env python3
"""tests/programs/check_l1_fill.py DUMP - checks what l1_fill.c left in L1 (1028 bytes from
0x20000) against the same computation done here in Python."""
import struct
import sys

M = 0xFFFFFFFF


def word(i):
    a = (i * 0x9E3779B1) & M
    b = (i + 7) // 3 + i % 5
    return ((a ^ (a >> 13)) + ((b << 7) & M) - bin(i).count("1")) & M


expect = [word(i) for i in range(256)]
expect.append(sum(w ^ i for i, w in enumerate(expect)) & M)
got = struct.unpack("<257I", open(sys.argv[1], "rb").read())
bad = [i for i in range(257) if got[i] != expect[i]]
if bad:
    i = bad[0]
    sys.exit(f"check_l1_fill: {len(bad)} words differ; first: word {i} is 0x{got[i]:08x}, "
             f"expected 0x{expect[i]:08x}")
print("check_l1_fill: 257 words as computed on the host")
