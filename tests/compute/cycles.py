#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""tests/compute/cycles.py BUILD_DIR - per-tile cycle figures of the compute kernel runs.

Each run leaves cycles.bin: the wall-clock cycles each TRISC spent from its kernel's start to
its end (unpack, math, pack). Two runs of the same kernel with different tile counts give the
steady-state cost of one more tile, (T(long) - T(short)) / extra tiles, per thread; the
largest of the three is the pipeline's rate. Matmul: per K step (two input tiles, one
32x32x32 product), and FLOP/cycle against the matrix unit's peak of 4096 FLOP/cycle (one
MVMUL, 8x16 by 16x16, per cycle) divided by the fidelity phases."""
import struct
import sys

B = sys.argv[1] if len(sys.argv) > 1 else "build"


def cycles(name):
    with open(f"{B}/tests/compute/{name}/cycles.bin", "rb") as f:
        return struct.unpack("<3I", f.read(12))


def per_tile(short, long, extra):
    a, b = cycles(short), cycles(long)
    return [(b[i] - a[i]) / extra for i in range(3)]


print(f"{'op':<16}{'unpack':>9}{'math':>9}{'pack':>9}   per tile (cycles)")
rows = [("copy", "copy", "copy_n24", 16), ("add", "add", "add_n24", 16),
        ("mul (HiFi4)", "mul", "mul_n24", 16), ("exp", "exp", "exp_n12", 8),
        ("recip", "recip", "recip_n12", 8)]
for label, s, l, n in rows:
    u, m, p = per_tile(s, l, n)
    print(f"{label:<16}{u:9.1f}{m:9.1f}{p:9.1f}")
print()
print(f"{'matmul':<16}{'unpack':>9}{'math':>9}{'pack':>9}{'FLOP/cyc':>10}{'peak':>8}   per K step")
for fid, name in ((0, "LoFi"), (2, "HiFi2"), (3, "HiFi3"), (4, "HiFi4")):
    u, m, p = per_tile(f"matmul_k16_f{fid}", f"matmul_k48_f{fid}", 32)
    phases = max(fid, 1)
    rate = max(u, m, p)
    print(f"{name:<16}{u:9.1f}{m:9.1f}{p:9.1f}{2 * 32**3 / rate:10.0f}{4096 / phases:8.0f}")
