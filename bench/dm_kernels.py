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
  loopback                "Loopback Packet Sizes": BRISC of (0,0) writes its own L1 (NoC0)
  mcast[_linked][_loopback]_2x2, ..._5x5
                          "One to All Multicast [Linked] 2x2|5x5 Packet Sizes with[out]
                          Loopback": the sender (0,0) and the 2x2 or 5x5 rectangle from it (3 or
                          24 receivers without loopback, 4 or 25 with)
  one_to_all_loopback_2x2, one_to_all_loopback_5x5, one_to_all_loopback
                          "One to All Unicast 2x2|4x4|10x10 Packet Sizes with Loopback": as
                          the rows without loopback, the sender among the cores written (4,
                          25, 110: the sizes say so, "4x4" being 5x5 and "10x10" 11x10 again)
  all_to_all              "All to All Packet Sizes": every core of the 11x10 grid (BRISC, NoC0)
                          writes n transactions to each of the 110, itself included, all in
                          the same order; the figure is the median over the 110 kernels
  all_from_all            "All from All Packet Sizes": every core (NCRISC, NoC1) reads n
                          transactions from each of the 110 the same way
  For one_to_all*, one_from_all, all_to_all and all_from_all the table's Transaction Size is
  the bytes of one transaction times the cores and its bandwidth all cores' bytes over the span;
  the rows are transcribed by the size of one transaction.
Also printed: the link's bound for the size (payload over payload plus one header flit per
16 KiB packet, 64 B per flit per cycle), which nothing one NIU sends can exceed. After the
table, per test, the median and the worst |bhsim / published - 1| over the sizes run.
The all-to-all and all-from-all rows are long (110 cores, each moving 110 x the row's bytes:
at 256 x 64 KiB about 330 million cycles on silicon): give them --sizes.

usage: python3 bench/dm_kernels.py [--bhsim PATH] [--tests a,b] [--sizes 64,1024,...]
       [--transactions 256|64] [--set KEY=VALUE ...] [--json FILE] [--markdown FILE] [--jobs N]
"""
import argparse
import concurrent.futures
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
        "loopback": [2.626, 5.250, 10.51, 21.00, 41.92, 58.36, 59.65, 59.52, 59.35, 59.56, 59.48],
        "mcast_2x2": [1.590, 3.089, 5.889, 10.80, 18.47, 28.53, 39.41, 48.10, 54.44, 54.54, 54.68],
        "mcast_linked_2x2": [2.508, 5.027, 10.05, 20.08, 40.01, 58.09, 60.26, 61.36, 61.90, 62.06,
                             62.22],
        "mcast_loopback_2x2": [1.589, 3.091, 5.823, 10.59, 18.47, 27.88, 38.59, 47.43, 53.22, 53.22,
                               53.25],
        "mcast_linked_loopback_2x2": [2.510, 5.025, 10.03, 20.09, 40.02, 52.81, 57.83, 59.53, 60.04,
                                      59.85, 59.99],
        "mcast_5x5": [0.469, 0.932, 1.836, 3.570, 6.761, 11.28, 18.43, 28.96, 39.47, 39.65, 39.68],
        "mcast_linked_5x5": [2.475, 4.951, 9.892, 19.70, 30.30, 38.88, 47.67, 53.92, 57.85, 57.98,
                             58.04],
        "mcast_loopback_5x5": [0.469, 0.932, 1.798, 3.417, 6.568, 11.26, 18.86, 28.81, 38.12, 38.29,
                               38.26],
        "mcast_linked_loopback_5x5": [2.176, 4.322, 8.110, 14.49, 23.84, 34.30, 44.33, 48.36, 54.56,
                                      54.68, 54.71],
        "one_to_all_loopback_2x2": [2.621, 5.242, 10.48, 20.96, 41.90, 59.22, 61.11, 61.56, 61.81,
                                    61.78, 61.80],
        "one_to_all_loopback_5x5": [2.652, 5.303, 10.61, 21.21, 42.42, 60.14, 62.05, 62.38, 62.52,
                                    62.52, 62.52],
        "one_to_all_loopback": [2.656, 5.313, 10.63, 21.25, 42.50, 60.27, 62.25, 62.60, 62.69,
                                62.70, 62.69],
        "all_to_all": [1.855, 2.907, 4.139, 4.928, 5.441, 5.566, 5.603, 5.479, 5.500, 5.508, 5.480],
        "all_from_all": [1.626, 2.696, 2.295, 2.392, 2.432, 2.294, 2.369, 2.472, 2.365, 2.731,
                         2.786],
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
        "loopback": [2.424, 5.020, 10.03, 19.99, 39.74, 56.30, 58.82, 58.96, 59.12, 59.41, 59.38],
        "mcast_2x2": [1.435, 2.792, 5.358, 9.891, 17.15, 26.88, 37.93, 46.95, 53.70, 54.16, 54.45],
        "mcast_linked_2x2": [2.129, 4.256, 8.538, 17.02, 33.78, 51.50, 56.41, 59.36, 60.81, 61.49,
                             61.75],
        "mcast_loopback_2x2": [1.397, 2.792, 5.299, 9.695, 17.12, 26.34, 37.29, 46.17, 52.42, 53.04,
                               52.92],
        "mcast_linked_loopback_2x2": [1.879, 3.765, 7.561, 15.00, 29.90, 47.20, 54.20, 57.51, 58.53,
                                      59.79, 59.94],
        "mcast_5x5": [0.455, 0.903, 1.782, 3.465, 6.577, 10.79, 18.71, 28.62, 38.56, 39.32, 39.55],
        "mcast_linked_5x5": [2.033, 4.059, 8.143, 16.18, 26.14, 35.40, 44.93, 52.00, 56.69, 57.22,
                             57.54],
        "mcast_loopback_5x5": [0.454, 0.902, 1.745, 3.319, 6.391, 10.48, 18.59, 28.37, 37.72, 38.05,
                               38.18],
        "mcast_linked_loopback_5x5": [1.803, 3.606, 7.114, 12.94, 22.04, 31.84, 41.90, 46.91, 53.64,
                                      54.00, 54.27],
        "one_to_all_loopback_2x2": [2.494, 4.984, 9.964, 19.91, 39.77, 57.48, 60.04, 61.02, 61.42,
                                    61.61, 61.70],
        "one_to_all_loopback_5x5": [2.607, 5.215, 10.43, 20.86, 41.71, 59.89, 61.90, 62.34, 62.47,
                                    62.51, 62.53],
        "one_to_all_loopback": [2.626, 5.252, 10.50, 21.01, 42.01, 60.25, 62.22, 62.58, 62.69,
                                62.69, 62.69],
        "all_to_all": [2.623, 5.246, 4.549, 5.083, 5.628, 5.645, 5.566, 5.353, 5.413, 5.512, 5.499],
        "all_from_all": [1.834, 3.667, 3.718, 2.490, 2.157, 1.899, 1.804, 1.861, 1.721, 2.157,
                         2.413],
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
    "loopback": ("loopback", [], "write_bytes_per_cycle"),
    "one_to_all_loopback_2x2": ("one_to_all_loopback", ["--set", "workload.grid=2x2"],
                                "write_bytes_per_cycle"),
    "one_to_all_loopback_5x5": ("one_to_all_loopback", ["--set", "workload.grid=5x5"],
                                "write_bytes_per_cycle"),
    "one_to_all_loopback": ("one_to_all_loopback", ["--set", "workload.grid=11x10"],
                            "write_bytes_per_cycle"),
    "all_to_all": ("all_to_all", ["--set", "workload.grid=11x10"], "write_bytes_per_cycle"),
    "all_from_all": ("all_from_all", ["--set", "workload.grid=11x10"], "read_bytes_per_cycle"),
}
# the multicasts on the 2x2 and 5x5 rectangles (tt-metal's NIGHTLY tests 9, 10, 12, 13)
for _g in ("2x2", "5x5"):
    for _m in ("mcast", "mcast_linked", "mcast_loopback", "mcast_linked_loopback"):
        TESTS[f"{_m}_{_g}"] = (_m, ["--set", f"workload.grid={_g}"], "write_bytes_per_cycle")


# the rows a parameter was calibrated on (its key's text names the figure); every other row is
# validation: (transactions, test, bytes) -> key
CALIBRATED = {
    (256, "one_from_one", 64): "noc.read_request_interval_cycles",
    (256, "one_to_one", 64): "noc.write_request_interval_cycles",
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
    ap.add_argument("--markdown", help="also write the table and the summary here, as Markdown")
    ap.add_argument("--jobs", type=int, default=1, help="runs at once (default 1)")
    a = ap.parse_args()
    cache = os.environ.get("BHSIM_KERNEL_CACHE",
                           os.path.join(os.path.dirname(a.bhsim), "kernel-cache"))
    n = a.transactions
    points = [(name, size) for name in a.tests.split(",") for size in map(int, a.sizes.split(","))]
    # every distinct run once (the dram test times its writer and its reader in one run),
    # a.jobs at once; the rows below read them
    runs = {(TESTS[name][0], tuple(TESTS[name][1]), size) for name, size in points}
    with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as pool:
        futs = {k: pool.submit(run, a.bhsim, k[0], list(k[1]), n, k[2], a.set, cache)
                for k in runs}
        memo = {k: f.result() for k, f in futs.items()}
    out = []
    print(f"{'test':25} {'bytes':>6} {'tt-metal':>8} {'bhsim':>7} {'ratio':>6} {'link':>6}"
          "  command")
    for name, size in points:
        dm_test, extra, key = TESTS[name]
        ref = PUBLISHED[n][name][SIZES.index(size)] if size in SIZES else None
        prog, cmd, err = memo[(dm_test, tuple(extra), size)]
        shown = "bhsim " + " ".join(c for c in cmd[1:] if c != "-q")
        if prog is None:
            print(f"{name:25} {size:6} failed: {err}  ({shown})")
            continue
        v = prog[key]
        ratio = f"{v / ref:6.2f}" if ref else "     -"
        print(f"{name:25} {size:6} {ref if ref else '-':>8} {v:7.2f} {ratio} "
              f"{link_bound(size):6.1f}  {shown}")
        out.append({"test": name, "bytes": size, "transactions": n, "published": ref,
                    "bhsim": v, "span_cycles": prog[key.replace("bytes_per_cycle", "cycles")],
                    "calibrated": CALIBRATED.get((n, name, size)), "command": shown})
    summary = summarize(out)
    if summary:
        print(f"\n{'test':25} {'sizes':>5} {'median |ratio-1|':>17} {'worst |ratio-1|':>16}"
              "  (worst at)")
        for name, s in summary.items():
            print(f"{name:25} {s['sizes']:5} {100 * s['median_dev']:16.1f}% "
                  f"{100 * s['worst_dev']:15.1f}%  {s['worst_bytes']} B")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"rows": out, "summary": summary}, f, indent=1)
    if a.markdown:
        with open(a.markdown, "w") as f:
            f.write(markdown(out, summary, n))
    return 0


def markdown(rows, summary, n):
    """the rows and the summary as two Markdown tables"""
    t = [f"| Test | Bytes | tt-metal ({n} transactions) | bhsim | Ratio | Calibrated on | Command |",
         "|---|---|---|---|---|---|---|"]
    for r in rows:
        ref = f"{r['published']:g}" if r["published"] else "-"
        ratio = f"{r['bhsim'] / r['published']:.2f}" if r["published"] else "-"
        cal = f"yes: `{r['calibrated']}`" if r["calibrated"] else "no (validation)"
        t.append(f"| {r['test']} | {r['bytes']} | {ref} | {r['bhsim']:.2f} | {ratio} | {cal} | "
                 f"`{r['command']}` |")
    t += ["", "| Test | Sizes | Median \\|ratio - 1\\| | Worst \\|ratio - 1\\| | Worst at |",
          "|---|---|---|---|---|"]
    for name, s in summary.items():
        t.append(f"| {name} | {s['sizes']} | {100 * s['median_dev']:.1f}% | "
                 f"{100 * s['worst_dev']:.1f}% | {s['worst_bytes']} B |")
    return "\n".join(t) + "\n"


def summarize(rows):
    """per test over the sizes that have a published figure: the median and the largest
    |bhsim / published - 1|, and the size of the largest"""
    by = {}
    for r in rows:
        if r["published"]:
            by.setdefault(r["test"], []).append((abs(r["bhsim"] / r["published"] - 1), r["bytes"]))
    out = {}
    for name, devs in by.items():
        d = sorted(v for v, _ in devs)
        k = len(d)
        worst = max(devs)
        out[name] = {"sizes": k, "median_dev": round((d[(k - 1) // 2] + d[k // 2]) / 2, 4),
                     "worst_dev": round(worst[0], 4), "worst_bytes": worst[1]}
    return out


if __name__ == "__main__":
    sys.exit(main())
