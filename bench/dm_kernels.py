#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""tt-metal's directed data-movement tests run as kernels in bhsim (the dm workload,
host/programs/prog_dm.c), each figure beside the one tt-metal publishes for Blackhole.

Every row runs build/bhsim once (p150b, the default host transport) and prints the command it
ran. A row is one test at one transaction size with workload.tiles transactions (default 256,
the largest count tt-metal publishes); both the published and the bhsim figure are bytes moved
over the kernel's span from its first issue to the end of its barrier, in AICLK cycles.

The published column: tenstorrent/tt-metal tests/tt_metal/tt_metal/data_movement/documentation/
perf_plots/blackhole/<plot>.md, the rows of 256 (or --transactions 64: 64) transactions:
  dram_read, dram_write   "DRAM Interleaved Packet Sizes" (Receiver = the reader on NCRISC,
                          NoC1; Sender = the writer on BRISC, NoC0; both target DRAM bank 0)
  one_to_one              "One to One Packet Sizes"
  one_from_one            "One from One Packet Sizes"
  mcast, mcast_linked     "One to All Multicast [Linked] 11x10 Packet Sizes without Loopback"
  mcast_loopback, mcast_linked_loopback
                          "One to All Multicast [Linked] 11x10 Packet Sizes with Loopback"
  one_to_all_2x2          "One to All Unicast 2x2 Packet Sizes without Loopback" (3 receivers)
  one_to_all_5x5          "One to All Unicast 4x4 Packet Sizes without Loopback": its Transaction
                          Size column is 24 x the transaction size, so 24 receivers, a 5x5
                          rectangle whatever the title says
  one_to_all              "One to All Unicast 10x10 Packet Sizes without Loopback": 109 x the
                          size, so the 11x10 rectangle (as the multicasts)
  one_from_all            "One from All Packet Sizes" (16 cores, 4x4 at logical (1,1))
  For one_to_all* and one_from_all the table's Transaction Size is the bytes of one transaction
  times the cores and its bandwidth all cores' bytes over the span; the rows are transcribed by
  the size of one transaction.
Also printed: the link's bound for the size (payload over payload plus one header flit per
16 KiB packet, 64 B per flit per cycle), which nothing one NIU sends can exceed.

usage: python3 bench/dm_kernels.py [--bhsim PATH] [--tests a,b] [--sizes 64,1024,...]
       [--transactions 256|64] [--set KEY=VALUE ...] [--json FILE]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SIZES = [64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536]

# published Blackhole bytes/cycle, per transaction size in SIZES order, by transaction count
PUBLISHED = {
    256: {
        "dram_read": [1.750, 3.496, 6.982, 13.97, 20.81, 21.31, 21.27, 23.21, 23.56, 34.03, 34.93],
        "dram_write": [2.517, 5.019, 10.04, 20.08, 21.35, 21.58, 23.74, 23.59, 37.05, 34.26, 34.98],
        "one_to_one": [2.522, 5.047, 10.09, 20.16, 40.27, 58.25, 60.86, 61.82, 62.32, 62.45, 62.54],
        "one_from_one": [1.766, 3.532, 7.054, 14.11, 28.21, 56.31, 59.98, 61.14, 61.57, 61.70,
                         61.78],
        "mcast": [0.171, 0.341, 0.678, 1.342, 2.611, 5.041, 9.187, 14.94, 23.85, 23.93, 24.62],
        "mcast_linked": [0.575, 1.150, 2.299, 4.599, 8.975, 16.15, 26.05, 35.68, 45.38, 45.45,
                         45.52],
        "mcast_loopback": [0.171, 0.341, 0.678, 1.342, 2.623, 5.032, 9.233, 15.59, 24.83, 24.91,
                           25.04],
        "mcast_linked_loopback": [0.559, 1.109, 2.183, 4.230, 7.944, 14.15, 23.15, 33.90, 41.51,
                                  41.58, 41.61],
        "one_to_all_2x2": [2.629, 5.262, 10.52, 21.05, 42.06, 59.78, 61.86, 62.34, 62.52, 62.58,
                           62.60],
        "one_to_all_5x5": [2.655, 5.309, 10.62, 21.24, 42.47, 60.30, 62.18, 62.51, 62.66, 62.66,
                           62.66],
        "one_to_all": [2.657, 5.315, 10.63, 21.26, 42.52, 60.71, 62.28, 62.63, 62.73, 62.72, 62.73],
        "one_from_all": [1.827, 3.653, 7.306, 14.61, 29.22, 58.44, 61.63, 61.83, 62.41, 62.33,
                         62.12],
    },
    64: {
        "dram_read": [1.523, 3.031, 6.091, 12.13, 19.24, 20.64, 20.84, 23.03, 23.35, 33.76, 34.79],
        "dram_write": [2.082, 4.282, 8.551, 16.52, 22.32, 21.74, 23.87, 23.70, 37.28, 34.15, 34.96],
        "one_to_one": [2.167, 4.348, 8.660, 17.39, 34.53, 52.01, 57.14, 59.99, 61.28, 61.90, 62.27],
        "one_from_one": [1.601, 3.201, 6.383, 12.75, 25.47, 50.61, 56.48, 59.11, 60.57, 61.23,
                         61.60],
        "mcast": [0.169, 0.336, 0.669, 1.325, 2.595, 4.982, 9.192, 15.03, 23.16, 23.76, 23.84],
        "mcast_linked": [0.541, 1.083, 2.168, 4.328, 8.506, 15.43, 24.86, 34.60, 44.41, 44.76,
                         44.45],
        "mcast_loopback": [0.169, 0.336, 0.670, 1.325, 2.595, 4.973, 9.070, 15.80, 24.99, 24.80,
                           25.04],
        "mcast_linked_loopback": [0.529, 1.052, 2.078, 4.036, 7.631, 13.67, 22.51, 32.93, 40.75,
                                  41.05, 41.18],
        "one_to_all_2x2": [2.525, 5.062, 10.13, 20.21, 40.28, 58.63, 60.98, 61.95, 62.29, 62.49,
                           62.53],
        "one_to_all_5x5": [2.619, 5.239, 10.48, 20.95, 41.90, 60.11, 62.07, 62.47, 62.64, 62.65,
                           62.65],
        "one_to_all": [2.630, 5.260, 10.52, 21.04, 42.08, 60.60, 62.26, 62.62, 62.71, 62.72, 62.73],
        "one_from_all": [1.821, 3.642, 7.282, 14.56, 29.12, 58.21, 61.32, 61.90, 62.24, 61.48,
                         61.42],
    },
}


# test -> (workload.dm_test, extra arguments, the report's figure)
TESTS = {
    "dram_read": ("dram", [], "read_bytes_per_cycle"),
    "dram_write": ("dram", [], "write_bytes_per_cycle"),
    "one_to_one": ("one_to_one", [], "write_bytes_per_cycle"),
    "one_from_one": ("one_from_one", [], "read_bytes_per_cycle"),
    "mcast": ("mcast", ["--set", "workload.grid=11x10"], "write_bytes_per_cycle"),
    "mcast_linked": ("mcast_linked", ["--set", "workload.grid=11x10"], "write_bytes_per_cycle"),
    "mcast_loopback": ("mcast_loopback", ["--set", "workload.grid=11x10"],
                       "write_bytes_per_cycle"),
    "mcast_linked_loopback": ("mcast_linked_loopback", ["--set", "workload.grid=11x10"],
                              "write_bytes_per_cycle"),
    "one_to_all_2x2": ("one_to_all", ["--set", "workload.grid=2x2"],
                       "write_bytes_per_cycle"),
    "one_to_all_5x5": ("one_to_all", ["--set", "workload.grid=5x5"],
                       "write_bytes_per_cycle"),
    "one_to_all": ("one_to_all", ["--set", "workload.grid=11x10"],
                   "write_bytes_per_cycle"),
    "one_from_all": ("one_from_all", ["--set", "workload.grid=4x4"],
                     "read_bytes_per_cycle"),
}


def link_bound(size):
    flits = size // 64
    packets = (size + 16383) // 16384
    return 64.0 * flits / (flits + packets)


def run(bhsim, dm_test, extra, n, size, sets, cache):
    cmd = [bhsim, "-q", "--workload", "dm", "--set", "workload.dm_test=" + dm_test,
           "--set", f"workload.tiles={n}", "--set", f"workload.packet_bytes={size}"] + extra
    for kv in sets:
        cmd += ["--set", kv]
    with tempfile.TemporaryDirectory() as tmp:
        rep = os.path.join(tmp, "r.json")
        p = subprocess.run(cmd + ["--report", rep], capture_output=True, text=True, env=dict(
            os.environ, SYSTEMC_DISABLE_COPYRIGHT_MESSAGE="1", BHSIM_KERNEL_CACHE=cache))
        prog = json.load(open(rep)).get("program", {}) if os.path.exists(rep) else {}
    if p.returncode != 0 or not prog.get("passed"):
        return None, cmd, p.stderr.strip()[-300:]
    return prog, cmd, ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bhsim", default=os.path.join(HERE, "..", "build", "bhsim"))
    ap.add_argument("--tests", default=",".join(TESTS))
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)))
    ap.add_argument("--transactions", type=int, default=256, choices=sorted(PUBLISHED))
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--json", help="also write the figures here")
    a = ap.parse_args()
    cache = os.environ.get("BHSIM_KERNEL_CACHE",
                           os.path.join(os.path.dirname(a.bhsim), "kernel-cache"))
    n = a.transactions
    out, memo = [], {}
    print(f"{'test':21} {'bytes':>6} {'tt-metal':>8} {'bhsim':>7} {'ratio':>6} {'link':>6}"
          "  command")
    for name in a.tests.split(","):
        dm_test, extra, key = TESTS[name]
        for size in map(int, a.sizes.split(",")):
            ref = PUBLISHED[n][name][SIZES.index(size)] if size in SIZES else None
            # the dram test times its writer and its reader in one run
            memo_key = (dm_test, tuple(extra), size)
            if memo_key not in memo:
                memo[memo_key] = run(a.bhsim, dm_test, extra, n, size, a.set, cache)
            prog, cmd, err = memo[memo_key]
            shown = "bhsim " + " ".join(c for c in cmd[1:] if c != "-q")
            if prog is None:
                print(f"{name:21} {size:6} failed: {err}  ({shown})")
                continue
            v = prog[key]
            ratio = f"{v / ref:6.2f}" if ref else "     -"
            print(f"{name:21} {size:6} {ref if ref else '-':>8} {v:7.2f} {ratio} "
                  f"{link_bound(size):6.1f}  {shown}")
            out.append({"test": name, "bytes": size, "transactions": n, "published": ref,
                        "bhsim": v, "span_cycles": prog[key.replace("bytes_per_cycle", "cycles")],
                        "command": shown})
    if a.json:
        with open(a.json, "w") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
