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
    print(f"{'test':13} {'bytes':>6} {'tt-metal':>8} {'bhsim':>7} {'ratio':>6} {'link':>6}"
          "  command")
    for name in a.tests.split(","):
        dm_test, extra, key = TESTS[name]
        for size in map(int, a.sizes.split(",")):
            ref = PUBLISHED[n][name][SIZES.index(size)] if size in SIZES else None
            # the dram test times its writer and its reader in one run
            if (dm_test, size) not in memo:
                memo[(dm_test, size)] = run(a.bhsim, dm_test, extra, n, size, a.set, cache)
            prog, cmd, err = memo[(dm_test, size)]
            shown = "bhsim " + " ".join(c for c in cmd[1:] if c != "-q")
            if prog is None:
                print(f"{name:13} {size:6} failed: {err}  ({shown})")
                continue
            v = prog[key]
            ratio = f"{v / ref:6.2f}" if ref else "     -"
            print(f"{name:13} {size:6} {ref if ref else '-':>8} {v:7.2f} {ratio} "
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
