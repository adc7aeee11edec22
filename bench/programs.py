#!/usr/bin/env python3
"""bench/programs.py - the host programs' benchmarks (run from the repository root after
building; each run checks its result against its host reference):
  matmul1   one core, 4x4x8 tiles, at each fidelity: FLOP/cycle against the matrix unit's peak
            (one 8x16x16 MVMUL a cycle, over the fidelity's phases), and per TRISC where its
            core's time went: waiting on the coprocessor's FIFO, asleep on a CB word, or
            running its own instructions (the one that neither waits nor sleeps bounds it)
  matmul130 the default run: 130 cores of a p150b, multicast matmul at HiFi2: fraction of peak,
            NoC and DRAM use, and the simulation's speed in chip-cycles per second, over PCIe
            and loaded by backdoor (the speed to compare: every cycle of its window computes)
  dram_bw   one core's DRAM read and write bandwidth in bytes per cycle, by transfers in flight
  contention  L1 contention in a kernel pipeline: an eltwise add of 64 tiles on one core (the
            reader streams DRAM into two CBs, compute unpacks them and packs into a third that
            the writer drains), under both L1 presets, with the NIU's own side of each transfer
            untimed and timed (noc.local_l1_timed): program cycles, the NoC and unpacker
            clients' bytes and wait cycles in the core's L1, and who waited behind whom most
Usage: python3 bench/programs.py [matmul1|matmul130|dram_bw|contention ...] (default: all)."""
import json
import os
import subprocess
import sys
import tempfile

BUILD = os.environ.get("BH_BUILD", "build")
BHSIM = os.path.join(BUILD, "bhsim")


def run(tmp, name, args):
    report = os.path.join(tmp, name + ".json")
    subprocess.run([BHSIM, "-q", "--report", report] + args, check=True)
    r = json.load(open(report))
    assert r["program"]["passed"], name + ": result differs from the reference"
    return r


def matmul1(tmp):
    for fid in ("lofi", "hifi2", "hifi3", "hifi4"):
        r = run(tmp, "mm1_" + fid, ["--workload", "matmul", "--set", "workload.m=4", "--set",
                                     "workload.n=4", "--set", "workload.k=8", "--set",
                                     "workload.fidelity=" + fid])
        p = r["program"]
        print(f"matmul 1 core {fid}: {p['cycles']} cycles, {p['flop_per_cycle']:.0f} FLOP/cycle "
              f"of {p['peak_flop_per_cycle']:.0f} peak ({100 * p['fpu_utilisation']:.1f}%)")
        tile = next(t for t in r["riscv"] if t["tile"] == [1, 2])
        for c in tile["cores"]:
            if c["core"] not in ("trisc0", "trisc1", "trisc2", "brisc", "ncrisc"):
                continue
            st = c["stall_cycles"]
            print(f"    {c['core']:6s} {c['instret']:7d} instructions, {c['cycles']:7d} cycles: "
                  f"FIFO full {st['fifo']:6d}, L1 loads {st['load']:6d}, asleep on polls "
                  f"{c['poll_skipped_iterations']:6d} iterations")


MM130 = ["--workload", "matmul", "--set", "workload.grid=13x10", "--set", "workload.m=20", "--set",
         "workload.n=52", "--set", "workload.k=16", "--set", "workload.mcast=true", "--set",
         "workload.fidelity=hifi2"]


def matmul130(tmp):
    r = run(tmp, "mm130", MM130)
    p, d = r["program"], r.get("dram", {})
    print(f"matmul 130 cores hifi2: {p['cycles']} cycles, {p['tflops']:.1f} TFLOP/s, "
          f"{100 * p['fpu_utilisation']:.1f}% of peak; NoC0 links mean "
          f"{100 * r['noc0']['link_utilisation']['mean']:.1f}% max "
          f"{100 * r['noc0']['link_utilisation']['max']:.1f}%, NoC1 mean "
          f"{100 * r['noc1']['link_utilisation']['mean']:.1f}%; DRAM "
          f"{d.get('total_gbps', 0):.0f} GB/s of {d.get('peak_gbps', 0):.0f}; simulation "
          f"{p['sim_chip_cycles_per_second']:.0f} chip-cycles/s ({p['sim_wall_seconds']:.1f} s)")
    # Over PCIe the launch's window also holds the host's kernel and argument uploads, cycles in
    # which the chip mostly waits for the link; loaded by backdoor, every cycle of the window
    # computes: that is the simulation speed to compare.
    b = run(tmp, "mm130_backdoor", MM130 + ["--set", "host.transport=backdoor"])["program"]
    print(f"  loaded by backdoor: {b['cycles']} cycles, simulation "
          f"{b['sim_chip_cycles_per_second']:.0f} chip-cycles/s ({b['sim_wall_seconds']:.1f} s)")


def dram_bw(tmp):
    for op in ("read", "write"):
        for depth in (1, 4, 16):
            r = run(tmp, f"bw_{op}_{depth}", ["--workload", "dram_bw", "--set", "workload.op=" + op,
                                              "--set", "workload.tiles=256", "--set",
                                              f"workload.in_flight={depth}"])
            p = r["program"]
            print(f"dram_bw 1 core {op:5s} {depth:2d} in flight: "
                  f"{p['bytes_per_cycle_per_core']:.1f} B/cycle ({p['cycles']} cycles)")


def contention(tmp):
    base = ["--workload", "eltwise", "--set", "workload.op=add", "--set", "workload.tiles=64",
            "--set", "workload.grid=1x1", "--set", "host.transport=backdoor"]
    for preset in ("blackhole", "wormhole"):
        for timed in (0, 1):
            name = f"cont_{preset}_{timed}"
            r = run(tmp, name, base + ["--set", "l1.preset=" + preset, "--set",
                                       f"noc.local_l1_timed={timed}"])
            tile = next(t for t in r["riscv"] if t["tile"] == [1, 2])
            clients = {c["client"]: c for c in tile["l1_clients"]}
            shown = ", ".join(f"{k} {clients[k]['bytes']} B waited {clients[k]['wait_cycles']}"
                              for k in ("noc0", "noc1", "unpack0", "unpack1", "pack")
                              if k in clients)
            top = r.get("l1_waits", {}).get("by_waiter_and_holder", [])[:3]
            pairs = ", ".join(f"{p['waiter']} behind {p['holder']} {p['cycles']}" for p in top)
            print(f"eltwise 64 tiles, {preset:9s} L1, NIU side {'timed' if timed else 'untimed'}: "
                  f"{r['program']['cycles']} cycles; {shown}; most waits: {pairs}")


def main():
    benches = {"matmul1": matmul1, "matmul130": matmul130, "dram_bw": dram_bw,
               "contention": contention}
    todo = sys.argv[1:] or list(benches)
    if any(a in ("-h", "--help") for a in todo):
        print(__doc__)
        return 0
    unknown = [a for a in todo if a not in benches]
    if unknown:
        print(f"programs.py: no benchmark {', '.join(unknown)} (there are {', '.join(benches)});"
              " --help says what each measures", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        for name in todo:
            benches[name](tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
