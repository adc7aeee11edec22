#!/usr/bin/env python3
"""bench/riscv.py - the baby RISC-V cores' benchmarks (run from the repository root after
building; programs from tests/programs, built by the build):
  compute  one core, compute-bound from its L0 I-cache (compute_loop.S: 8 instructions per
           iteration, CPI 1.0 by the documented latencies): simulated core-cycles per second
           and CPI; also the bare interpreter (build/bench_rv_speed)
  idle     every core of a p150b (700) released and waiting on a poll of its NIU for 10 M
           cycles: chip-cycles per second with riscv.poll_sleep and, over 100 k cycles,
           without it
  memcpy   TRISC0 copies 16 KiB in L1 word by word, alone and while another tile's BRISC
           writes 8 KiB blocks into the same L1 over NoC0: bytes per cycle, and the slowdown
           beside the cycles L1 says the core waited for its banks and ports
Usage: python3 bench/riscv.py [compute|idle|memcpy ...] (default: all)."""
import json
import os
import subprocess
import sys
import tempfile

BUILD = os.environ.get("BH_BUILD", "build")
BHSIM = os.path.join(BUILD, "bhsim")
PROG = os.path.join(BUILD, "tests", "programs")


def run(args, tmp, name, stalls=False):
    """The run's report; with stalls, a run whose cores can never finish (it ends at sim.cycles
    as a stall, exit 1) counts as done: idle pollers are what the bench measures."""
    report = os.path.join(tmp, name + ".json")
    rc = subprocess.run([BHSIM, "-q", "--workload", "riscv", "--report", report] + args).returncode
    r = json.load(open(report)) if os.path.exists(report) else {}
    if rc != 0 and not (stalls and r.get("error", {}).get("kind") == "stall"):
        sys.exit(f"bench: {name}: bhsim exited {rc}")
    return r


def elf(name):
    return os.path.join(PROG, name + ".elf")


def cores(r):
    return [c for t in r["riscv"] for c in t["cores"]]


def compute(tmp):
    r = run(["--cycles", "100000000", "--set", "workload.elf=1,2:brisc:" + elf("compute")],
            tmp, "compute")
    c = cores(r)[0]
    s = r["sim"]
    print(f"compute: {c['instret']} instructions in {c['cycles']} core cycles, CPI {c['cpi']:.3f} "
          f"(documented latencies: 1.000); {s['cycles'] / s['wall_seconds'] / 1e6:.1f} M "
          f"simulated core-cycles/s through bhsim ({s['wall_seconds']:.2f} s)")
    speed = os.path.join(BUILD, "bench_rv_speed")
    if os.path.exists(speed):
        out = subprocess.run([speed], check=True, capture_output=True, text=True).stdout
        print("compute, bare interpreter:", out.strip().splitlines()[-1])


def idle(tmp):
    spec = ";".join(f"all:{role}:{elf('poll_idle_' + role)}"
                    for role in ("brisc", "ncrisc", "trisc0", "trisc1", "trisc2"))
    # nothing can ever wake them: the stall watchdog would end the run after noc.deadlock_cycles,
    # and at sim.cycles the run ends as a stall
    quiet = ["--set", "noc.deadlock_cycles=100000000"]
    on = run(["--cycles", "10000000", "--set", "workload.elf=" + spec] + quiet, tmp, "idle",
             stalls=True)
    off = run(["--cycles", "100000", "--set", "workload.elf=" + spec, "--set",
               "riscv.poll_sleep=0"] + quiet, tmp, "idle_nosleep", stalls=True)
    n = len(cores(on))
    rate_on = on["sim"]["cycles"] / on["sim"]["wall_seconds"]
    rate_off = off["sim"]["cycles"] / off["sim"]["wall_seconds"]
    print(f"idle: {n} cores polling, {on['sim']['cycles']} cycles in "
          f"{on['sim']['wall_seconds']:.2f} s: {rate_on / 1e6:.1f} M chip-cycles/s with poll sleep; "
          f"{rate_off / 1e3:.1f} k chip-cycles/s without ({rate_on / rate_off:.0f}x), peak RSS "
          f"{on['sim']['peak_rss_mib']:.0f} MiB")


def memcpy(tmp):
    figures = []
    for name, extra in (("alone", ""), ("noc", ";2,2:brisc:" + elf("noc_flood"))):
        dump = os.path.join(tmp, name + ".bin")
        r = run(["--cycles", "400000", "--set",
                 "workload.elf=1,2:trisc0:" + elf("memcpy") + extra,
                 "--dump-l1", "1,2:0x70000:4:" + dump], tmp, "memcpy_" + name)
        cycles = int.from_bytes(open(dump, "rb").read(), "little")
        tile = next(t for t in r["riscv"] if t["tile"] == [1, 2])
        l1 = {c["client"]: c for c in tile["l1_clients"]}
        figures.append((name, cycles, l1))
    base = figures[0][1]
    for name, cycles, l1 in figures:
        wait = l1.get("trisc0", {}).get("wait_cycles", 0)
        noc = l1.get("noc0", {}).get("bytes", 0)
        print(f"memcpy {name}: 16384 bytes in {cycles} cycles = {16384 / cycles:.3f} B/cycle, "
              f"slowdown {cycles - base} cycles; trisc0 waited {wait} cycles for L1 banks and "
              f"ports; noc0 wrote {noc} bytes into the tile")


def main():
    which = sys.argv[1:] or ["compute", "idle", "memcpy"]
    with tempfile.TemporaryDirectory() as tmp:
        for w in which:
            {"compute": compute, "idle": idle, "memcpy": memcpy}[w](tmp)


if __name__ == "__main__":
    main()
