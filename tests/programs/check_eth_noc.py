#!/usr/bin/env python3
"""tests/programs/check_eth_noc.py PEER_DUMP ETH_DUMP - eth_noc.c on RISCV E1 of an Ethernet tile:
the 2 KiB it wrote over NoC0 reached the Tensix tile with the pattern computed here, the copy it
read back sits in the Ethernet tile's L1, and its two result words are 512 (words back as sent)
and the sum of i*i for i < 64 (its local RAM)."""
import struct
import sys

want = [((i * 0x9E3779B1) & 0xFFFFFFFF) ^ 0xE1E1E1E1 for i in range(512)]
peer = struct.unpack("<512I", open(sys.argv[1], "rb").read())
eth = open(sys.argv[2], "rb").read()
back = struct.unpack("<512I", eth[: 512 * 4])
res = struct.unpack("<2I", eth[0x7000 : 0x7008])
for name, got in (("Tensix tile (5,7) at 0x30000", peer), ("Ethernet tile L1 at 0x28000", back)):
    for i, (g, w) in enumerate(zip(got, want)):
        if g != w:
            sys.exit(f"check_eth_noc: {name}: word {i} is 0x{g:08x}, expected 0x{w:08x}")
if res != (512, sum(i * i for i in range(64))):
    sys.exit(f"check_eth_noc: result words {res}, expected (512, {sum(i * i for i in range(64))})")
print("check_eth_noc: 2 KiB written and read back by E1 as computed on the host")
