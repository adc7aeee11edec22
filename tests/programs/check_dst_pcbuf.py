#!/usr/bin/env python3
"""tests/programs/check_dst_pcbuf.py DUMP - checks what pcbuf_send.c (BRISC) and dst_fill.c
(TRISC1) left in L1 from 0x30000: the numbers BRISC sent through PC1_BUF as TRISC1 read them
back from Dst in the FP32/uint32 view, the high halves in the BF16 view, the low halves through
the int16 view (sign-magnitude in Dst: -2^15 comes back as -(2^15 - 1)), TRISC1's copy of the
sentinel, and what BRISC's PC1_BUF read returned (0, here plus 0xB0000000)."""
import struct
import sys

M = 0xFFFFFFFF
N = 40
values = [((i * 2654435761) ^ (i << 7) ^ (i * i)) & M for i in range(N)]


def int16_roundtrip(x):
    x &= 0xFFFF
    return 0x8001 if x == 0x8000 else x  # the store clamps -2^15, the load converts back


expect = ([v for v in values] + [v >> 16 for v in values] +
          [int16_roundtrip(v) for v in values] + [0x5EA1, 0xB0000000])
got = list(struct.unpack(f"<{3 * N + 2}I", open(sys.argv[1], "rb").read()[:4 * (3 * N + 2)]))
bad = [i for i in range(len(expect)) if got[i] != expect[i]]
for i in bad[:20]:
    print(f"check_dst_pcbuf: word {i} is 0x{got[i]:08x}, expected 0x{expect[i]:08x}")
if bad:
    sys.exit(1)
print(f"check_dst_pcbuf: {N} values BRISC -> PC1_BUF -> TRISC1 -> Dst (fp32, bf16, int16 views)")
