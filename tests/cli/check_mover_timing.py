#!/usr/bin/env python3
"""A key from a model's own table takes effect: mover.max_reads_in_flight (mover.h MOVER_PARAMS)
changes the Tensix demo's copy (traces/tensix/demo: BRISC has the Mover copy 4096 units of
16 bytes) as model/tile/tensix/mover.h's timing says. Runs the demo three times.

A copy of N units with W read buffer entries, each reused every R cycles (the L1 read latency
plus mover.data_to_write_cycles), is busy for
    busy(W) = floor((N - 1) / W) * R + (N - 1) % W + R + Lw
cycles (Lw: the L1's write acknowledgement) while W < R, and N - 1 + R + Lw once W >= R covers
the read round trip. The runs with W = 1 (busy = N * R + Lw) and W = 2 give R and Lw; the
default run (W = 8) must then take exactly busy(8), and less than W = 2, and the whole run must
shrink by the same amount (the demo's end waits for the copy; nothing else in it depends on the
Mover's timing).

Usage: check_mover_timing.py BHSIM DEMO_DIR OUT_DIR"""
import json
import os
import subprocess
import sys

UNITS = 4096  # brisc.txt: XMOV_SIZE 0x1000
SLOW_W = 2


def mover(path):
    r = json.load(open(path))
    return r["tiles"][0]["units"]["mover"]["busy_cycles"], r["sim"]["cycles"]


def run(bhsim, demo, out, w):
    rep = os.path.join(out, f"mover_w{w}.json")
    cmd = [bhsim, "-q", "--report", rep, "--workload", "tensix_stream"]
    for key, f in (("t0", "t0.txt"), ("t1", "t1.txt"), ("brisc", "brisc.txt")):
        cmd += ["--set", f"workload.{key}={os.path.join(demo, f)}"]
    if w is not None:
        cmd += ["--set", f"mover.max_reads_in_flight={w}"]
    subprocess.run(cmd, check=True)
    return mover(rep)


def main():
    bhsim, demo, out = sys.argv[1:4]
    os.makedirs(out, exist_ok=True)
    n, w = UNITS, SLOW_W
    (base, base_run), (one, _), (slow, slow_run) = (run(bhsim, demo, out, v)
                                                    for v in (None, 1, SLOW_W))
    bad = []
    # R from busy(1) = N * R + Lw and busy(2) = floor((N - 1) / 2) * R + (N - 1) % 2 + R + Lw
    k = n - (n - 1) // w - 1
    r, rem = divmod(one - slow + (n - 1) % w, k)
    lw = one - n * r
    if rem or r < 2 or r > 64 or lw < 0:
        bad.append(f"W=1 ({one}) and W={w} ({slow}) busy cycles fit no R <= 64, Lw >= 0")
    else:
        d = 8  # mover.max_reads_in_flight's default
        want = n - 1 + r + lw if d >= r else (n - 1) // d * r + (n - 1) % d + r + lw
        if base != want:
            bad.append(f"W={d}: busy {base} cycles, mover.h's timing gives {want} (R={r}, Lw={lw})")
        if not slow > base:
            bad.append(f"W={w} is not slower than W={d} ({slow} <= {base})")
        if slow_run - base_run != slow - base:
            bad.append(f"the run grew by {slow_run - base_run} cycles, the Mover by {slow - base}")
    for b in bad:
        print("FAIL:", b)
    if not bad:
        print(f"ok: R={r}, Lw={lw}: W=8 {base}, W=1 {one}, W={w} {slow} busy cycles")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
