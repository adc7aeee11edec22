#!/usr/bin/env python3
"""tests/programs/check_mbox.py DUMP - checks what mbox_sum.c (TRISC0) and mbox_send.c (BRISC)
left in L1 (32 bytes from 0x30000): the sum and rotating xor of the numbers BRISC sent through
the mailbox, their count, then BRISC's copy of the sum TRISC0 sent back and the mailbox's
not-empty status before and after."""
import struct
import sys

M = 0xFFFFFFFF
N = 200
values = [((i * 2654435761) ^ (i << 7) ^ (i * i)) & M for i in range(N)]
mix = 0
for v in values:
    mix = (((mix << 1) | (mix >> 31)) & M) ^ v
total = sum(values) & M
expect = [total, mix, N, 0, total, 0, 0, 0]
got = list(struct.unpack("<8I", open(sys.argv[1], "rb").read()))
names = ["sum", "xor", "count", "(unused)", "sum at BRISC", "status before", "status after",
         "(unused)"]
bad = [i for i in range(8) if got[i] != expect[i]]
for i in bad:
    print(f"check_mbox: {names[i]} is 0x{got[i]:08x}, expected 0x{expect[i]:08x}")
if bad:
    sys.exit(1)
print(f"check_mbox: {N} values through the mailbox, sum 0x{total:08x}, back at BRISC")
