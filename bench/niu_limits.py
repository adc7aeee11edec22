#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""What one tile can move by itself: single-core DRAM read and write, core-to-core read and
write, and a multicast with and without VC_LINKED, in bytes per cycle of payload.

Each row runs build/bhsim once on p150b NoC0 (python3 bench/niu_limits.py [--bhsim PATH]
[--cycles N] [--set KEY=VALUE ...] [--rows a,b]) and prints the command it ran, so every
figure can be reproduced by hand. The tt-metal column is the Blackhole figure of tt-metal's
directed ideal data-movement tests (tests/tt_metal/tt_metal/data_movement/documentation/
ideal_performance.md), for orientation only: those kernels run on the RISC-V cores and pay
their issue costs, which these synthetic workloads do not, and the DRAM ones use one core and
one DRAM bank where dram_read/dram_write here interleave over every controller. Like-for-like
kernel runs: bench/dm_kernels.py.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FLIT = 64

# name, workload arguments, how to read the figure, tt-metal ideal (B/cycle) or None
ROWS = [
    ("dram_read", ["--workload", "dram_stream", "--set", "workload.cores=1",
                   "--set", "workload.in_flight=32"], "dram_read", 33),
    ("dram_read_one_ctrl", ["--workload", "dram_stream", "--set", "workload.cores=1",
                            "--set", "workload.in_flight=32", "--set", "workload.banks=0"],
     "dram_read", None),
    ("dram_write", ["--workload", "dram_stream", "--set", "workload.cores=1",
                    "--set", "workload.in_flight=32", "--set", "workload.read_fraction=0"],
     "dram_write", 34),
    ("core_read", ["--workload", "gather", "--set", "workload.injectors=1,2",
                   "--set", "workload.target=5,6", "--set", "workload.op=read"], "traffic", 60),
    ("core_write", ["--workload", "gather", "--set", "workload.injectors=1,2",
                    "--set", "workload.target=5,6", "--set", "workload.op=write"], "traffic", 60),
    ("mcast", ["--workload", "multicast", "--set", "workload.multicast_rect=2,2,12,11"],
     "traffic", 24),
    ("mcast_linked", ["--workload", "multicast", "--set", "workload.multicast_rect=2,2,12,11",
                      "--set", "workload.multicast_linked=true"], "traffic", 41),
]
COMMON = ["--config", "p150b", "--set", "workload.noc=0"]
# 16 KiB per transfer: dram_stream's pages, the synthetic workloads' packets, back to back
# (each workload refuses the other's keys)
SIZE = {"dram_stream": ["--set", "workload.page_bytes=16384"]}
TRAFFIC = ["--set", "workload.injection=back_to_back", "--set", "workload.packet_bytes=16384"]


def figure(report, how, packet_bytes):
    noc = report["noc0"]
    cycles = report["sim"]["measured_cycles"]
    if how.startswith("dram"):
        w = noc["dram_stream"]["window"]
        return (w["bytes_read"] if how == "dram_read" else w["bytes_written"]) / cycles
    data = packet_bytes // FLIT
    return noc["accepted_flits_per_node_cycle"] * FLIT * data / (data + 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bhsim", default=os.path.join(HERE, "..", "build", "bhsim"))
    ap.add_argument("--cycles", type=int, default=20000)
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--rows", default="", help="comma-separated row names (default: all)")
    ap.add_argument("--json", help="also write the figures here")
    a = ap.parse_args()
    want = set(a.rows.split(",")) if a.rows else None
    out = {}
    print(f"{'row':20} {'B/cycle':>8} {'tt-metal':>8}  command")
    for name, args, how, ref in ROWS:
        if want and name not in want:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            rep = os.path.join(tmp, "r.json")
            cmd = [a.bhsim, "-q", "--cycles", str(a.cycles)] + COMMON + args
            cmd += SIZE.get(args[1], TRAFFIC)  # args: "--workload", NAME, ...
            for kv in a.set:
                cmd += ["--set", kv]
            run = subprocess.run(cmd + ["--report", rep], capture_output=True, text=True)
            if run.returncode != 0:
                print(f"{name:20} failed: {run.stderr.strip()[:300]}")
                continue
            with open(rep) as f:
                r = json.load(f)
        v = figure(r, how, 16384)
        out[name] = v
        shown = " ".join(c for c in cmd[1:] if c != "-q")
        print(f"{name:20} {v:8.1f} {ref if ref else '-':>8}  bhsim {shown}")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
