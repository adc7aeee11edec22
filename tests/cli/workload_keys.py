#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The workload key table (platform/workload_keys.cpp, host/host_workloads.h) against what the
workloads do.

Usage: workload_keys.py BHSIM WORKLOAD    one workload (run from the source tree)
       workload_keys.py BHSIM --cover     every workload.* key is some workload's

For WORKLOAD, the keys its row lists are the ones the report's workload block shows (besides
name and injecting_tiles). They must be the keys EFFECT below names for it, and each must be read:
set to another valid value it is accepted and changes the run (the report, without the
configuration, the workload block and the host's own speed, differs from the run without it),
or the workload itself refuses the value naming the key. Every other workload.* key (but
workload.name and workload.l1_init) set to a value other than its default is refused by the
configuration ("KEY: WORKLOAD does not use this key"), and set to its default is accepted.
So the test fails when a row lists a key its workload does not read, or when a workload and
its row change without this file.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

COMMON = {"workload.name", "workload.l1_init"}
HOST_FIELDS = {"wall_seconds", "cycles_per_second", "router_cycles_per_second", "peak_rss_mib",
               "sim_wall_seconds", "sim_chip_cycles_per_second"}
STREAM = "traces/tensix/mop_loop/t0.txt"
ELF = "tests/programs/l1_fill.elf"  # in the build directory (main)
MISSING = "/nonexistent/bhsim-test-kernel.cc"

# A value of every workload.* key other than its default, valid for the key (what the
# configuration refuses for a workload that does not read the key).
OTHER = {
    "workload.rate": "0.02", "workload.injection": "back_to_back", "workload.packet_bytes": "1024",
    "workload.op": "read", "workload.noc": "0", "workload.injectors": "1,2;2,2",
    "workload.target": "5,6", "workload.hotspot_fraction": "0.5",
    "workload.multicast_source": "2,2", "workload.multicast_rect": "2,2,7,5",
    "workload.multicast_y_major": "true", "workload.multicast_path_reserve": "false",
    "workload.multicast_linked": "true", "workload.multicast_include_source": "true",
    "workload.max_outstanding": "1", "workload.src_addr": "0x30000",
    "workload.dst_addr": "0xB0000", "workload.cores": "4", "workload.banks": "0,1",
    "workload.page_bytes": "1024", "workload.read_fraction": "0.5", "workload.in_flight": "2",
    "workload.dram_pattern": "random", "workload.dram_port": "0",
    "workload.dram_buffer_bytes": "0x1000", "workload.open_loop": "true",
    "workload.trace": "traces/samples/dram_reads.json", "workload.trace_coords": "translated",
    "workload.tiles": "2,2", "workload.t0": STREAM, "workload.t1": STREAM, "workload.t2": STREAM,
    "workload.brisc": STREAM, "workload.grid": "2x1", "workload.dm_test": "one_to_one",
    "workload.dm_noc": "1",
    "workload.m": "2", "workload.n": "2", "workload.k": "2", "workload.fidelity": "lofi",
    "workload.mcast": "true", "workload.k_block": "2", "workload.reader": MISSING,
    "workload.writer": MISSING, "workload.compute": MISSING,
    "workload.elf": "2,2:brisc:" + ELF,
}
# the arguments of a run that shows the workload's block, when its keys' defaults cannot run
PROBE = {"tensix_stream": ["--set", "workload.t0=" + STREAM],
         "riscv": ["--set", "workload.elf=1,2:brisc:" + ELF]}

SHORT = ["--cycles", "3000"]
HOST = ["--set", "host.transport=backdoor"]
# the arguments every run of a workload takes (keys of its own at a value its runs need)
BASE = {
    "none": SHORT, "host": HOST,
    **{w: SHORT for w in ("uniform", "transpose", "hotspot", "neighbour", "gather")},
    "multicast": SHORT + ["--set", "workload.multicast_rect=3,2,12,9"],
    "dram_stream": SHORT,
    "noc_trace": ["--set", "workload.trace=traces/samples/small_reads_writes.json"],
    "tensix_stream": [], "riscv": [],
    **{w: HOST for w in ("eltwise", "matmul", "dram_copy", "sfpu", "dram_bw", "dm")},
}

SYNTHETIC = {
    "workload.op": None, "workload.injection": None, "workload.rate": None,
    "workload.packet_bytes": None, "workload.noc": None, "workload.max_outstanding": None,
    "workload.injectors": None,
    # the source buffer must hold a packet: a source at L1's end is refused
    "workload.src_addr": ("0x17FF00", "error", r"workload\.src_addr"),
    "workload.dst_addr": ("0x17FF00", "error", r"workload\.dst_addr"),
}
B2B = ["--set", "workload.injection=back_to_back"]
KERNELS = {k: (MISSING, "error", re.escape(k) + ": cannot read the kernel source")
           for k in ("workload.reader", "workload.writer", "workload.compute")}
# per workload, each key its row lists: None (OTHER's value, the run changes), or (value,
# "differs", extra arguments of both runs), or (value, "error", what the workload says)
EFFECT = {
    "none": {}, "host": {},
    "uniform": SYNTHETIC, "transpose": SYNTHETIC, "neighbour": SYNTHETIC,
    "hotspot": {**SYNTHETIC, "workload.target": None, "workload.hotspot_fraction": None},
    "gather": {**SYNTHETIC, "workload.target": None},
    "multicast": {**{k: v for k, v in SYNTHETIC.items() if k != "workload.injectors"},
                  "workload.op": ("posted_write", "differs", []),
                  "workload.max_outstanding": ("1", "differs", B2B),
                  "workload.multicast_linked": ("true", "differs", B2B),
                  "workload.multicast_source": ("4,3", "differs", []),
                  "workload.multicast_rect": None, "workload.multicast_y_major": None,
                  "workload.multicast_path_reserve": None,
                  "workload.multicast_include_source": ("true", "differs",
                                                        ["--set", "workload.multicast_source=4,3"])},
    "dram_stream": {
        "workload.cores": None, "workload.banks": None, "workload.page_bytes": None,
        "workload.read_fraction": None, "workload.in_flight": None, "workload.dram_pattern": None,
        "workload.dram_port": None, "workload.dram_buffer_bytes": None, "workload.open_loop": None,
        "workload.rate": ("0.02", "differs", ["--set", "workload.open_loop=true"]),
        "workload.noc": None,
        # the staging slots must fit in L1
        "workload.dst_addr": ("0x17F000", "error", r"L1|workload\.dst_addr")},
    "noc_trace": {
        "workload.trace": ("traces/samples/npe_workload.json", "differs", []),
        # the sample's NoC0 coordinates read as each event's own NoC name a router-only tile
        "workload.trace_coords": ("native", "error", r"workload\.trace: .* not an enabled tile"),
        # its second event has no addresses: tile (1,2) writes 2 KiB from src_addr (past L1's
        # end: guest errors) to dst_addr of tile (2,2)
        "workload.src_addr": ("0x17FF00", "differs", []),
        "workload.dst_addr": ("0xB0000", "differs",
                              ["--set", "workload.l1_init=1,2:0x20000:{tmp}/ones.bin",
                               "--dump-l1", "2,2:0xA0000:2048:{out}.bin"])},
    "tensix_stream": {
        "workload.tiles": ("2,2", "differs", ["--set", "workload.t0=" + STREAM]),
        "workload.t0": (STREAM, "differs", ["--set", "workload.t1=" + STREAM]),
        "workload.t1": (STREAM, "differs", ["--set", "workload.t0=" + STREAM]),
        "workload.t2": (STREAM, "differs", ["--set", "workload.t0=" + STREAM]),
        "workload.brisc": ("/nonexistent/script.txt", "error", r"workload\.brisc: ")},
    "riscv": {"workload.elf": ("/nonexistent.elf", "error", r"workload\.elf: ")},
    "eltwise": {"workload.grid": None, "workload.tiles": ("8", "differs", []),
                "workload.op": ("mul", "differs", []),
                "workload.fidelity": ("lofi", "differs", ["--set", "workload.op=mul"]),
                **KERNELS},
    "matmul": {"workload.grid": None, "workload.m": None, "workload.n": None, "workload.k": None,
               "workload.fidelity": None,
               # a multicast core's 4 x 4 output tiles do not fit Dst: 2 x 2 per core
               "workload.mcast": ("true", "differs", ["--set", "workload.grid=2x2"]),
               "workload.k_block": ("2", "differs", ["--set", "workload.grid=2x2",
                                                     "--set", "workload.mcast=true"]),
               **KERNELS},
    "dram_copy": {"workload.grid": None, "workload.tiles": ("8", "differs", []),
                  "workload.reader": KERNELS["workload.reader"],
                  "workload.writer": KERNELS["workload.writer"]},
    "sfpu": {"workload.grid": None, "workload.tiles": ("8", "differs", []),
             "workload.op": ("recip", "differs", []), **KERNELS},
    "dram_bw": {"workload.grid": None, "workload.tiles": ("8", "differs", []),
                "workload.page_bytes": None, "workload.in_flight": None,
                "workload.op": ("write", "differs", []),
                "workload.reader": KERNELS["workload.reader"]},
    "dm": {"workload.dm_test": None, "workload.tiles": ("16", "differs", []),
           # the dram test runs on one core whatever the grid: a bad grid shows it is read
           "workload.grid": ("99x1", "error", r"workload\.grid: must be CxR"),
           "workload.packet_bytes": None, "workload.reader": KERNELS["workload.reader"],
           "workload.dm_noc": ("7", "error", r"workload\.dm_noc")},
}

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg)


def bhsim(bin, args, report=None):
    cmd = [bin, "-q"] + args + (["--report", report] if report else [])
    r = subprocess.run(cmd, capture_output=True, text=True,
                       env={**os.environ, "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"})
    return r.returncode, r.stdout + r.stderr, " ".join(cmd)


def params(bin):
    """workload.* key -> default text, and workload.name's values, from --list-params"""
    code, out, _ = bhsim(bin, ["--list-params"])
    keys, names = {}, []
    for line in out.splitlines():
        f = line.split()
        if line.startswith("  workload.") and len(f) >= 3:
            keys[f[0]] = json.loads(f[2]) if f[1] == "string" else f[2]
            if f[0] == "workload.name":
                names = f[3].split("|")
    return keys, names


def normal(v):
    if isinstance(v, dict):
        return {k: normal(x) for k, x in v.items() if k not in HOST_FIELDS}
    if isinstance(v, list):
        return [normal(x) for x in v]
    return v


def outcome(path):
    """the report without what is not the run's outcome, and the L1 bytes dumped beside it"""
    r = json.load(open(path))
    for k in ("config", "workload", "bhsim"):
        r.pop(k, None)
    dump = path[:-len(".json")] + ".bin"
    return normal(r), open(dump, "rb").read() if os.path.exists(dump) else None


def as_json(text, like):
    if isinstance(like, bool):
        return text == "true"
    if isinstance(like, int):
        return int(text, 0)
    if isinstance(like, float):
        return float(text)
    return text


def run_ok(bin, args, report, what):
    tmp = os.path.dirname(report)
    args = [a.replace("{out}", report[:-len(".json")]).replace("{tmp}", tmp) for a in args]
    code, out, cmd = bhsim(bin, args, report)
    if code != 0:
        fail(f"{what}: exit {code}\n  {cmd}\n  {out.strip()[-400:]}")
        return None
    return report


def one(bin, w):
    keys, names = params(bin)
    if w not in names:
        fail(f"{w} is not a value of workload.name")
        return
    with tempfile.TemporaryDirectory(prefix="bhsim-wk-") as tmp:
        with open(os.path.join(tmp, "ones.bin"), "wb") as f:
            f.write(b"\xff" * 2048)
        check(bin, w, keys, tmp)


def check(bin, w, keys, tmp):
    base = ["--workload", w] + BASE[w]
    baselines = {}

    def baseline(extra):
        key = tuple(extra)
        if key not in baselines:
            rep = os.path.join(tmp, f"base{len(baselines)}.json")
            baselines[key] = run_ok(bin, base + extra, rep, f"{w} {' '.join(extra)}")
        return baselines[key]

    first = baseline(PROBE.get(w, []))
    if not first:
        return
    block = json.load(open(first))["workload"]
    listed = {"workload." + k for k in block if k not in ("name", "injecting_tiles")}
    want = set(EFFECT[w])
    for k in sorted(listed - want):
        fail(f"{w}: its row lists {k}, which this test does not know (add it to EFFECT)")
    for k in sorted(want - listed):
        fail(f"{w}: its row does not list {k}, which this test expects it to read")
    for k in sorted(listed & want):
        spec = EFFECT[w][k]
        value = spec[0] if spec else OTHER[k]
        if spec and spec[1] == "error":
            code, out, cmd = bhsim(bin, base + ["--set", f"{k}={value}"])
            if code == 0 or "does not use this key" in out or not re.search(spec[2], out):
                fail(f"{w}: {k}={value}: expected {w} to refuse it ({spec[2]}), got exit "
                     f"{code}\n  {cmd}\n  {out.strip()[-300:]}")
            else:
                print(f"ok: {w} reads {k} (refuses {value})")
            continue
        extra = spec[2] if spec else []
        ref = baseline(extra)
        rep = os.path.join(tmp, k + ".json")
        if not ref or not run_ok(bin, base + extra + ["--set", f"{k}={value}"], rep,
                                 f"{w}: {k}={value}"):
            continue
        shown = json.load(open(rep))["workload"].get(k[len("workload."):])
        if shown != as_json(value, shown):
            fail(f"{w}: {k}={value}: the report's workload block shows {shown!r}")
        if outcome(rep) == outcome(ref):
            fail(f"{w}: {k}={value} changes nothing in the run: does {w} read it?")
        else:
            print(f"ok: {w} reads {k} ({value} changes the run)")
    others = sorted(set(keys) - listed - COMMON)
    plan = base + PROBE.get(w, []) + ["--list-tiles"]  # the configuration and the plan only
    for k in others:
        code, out, cmd = bhsim(bin, plan + ["--set", f"{k}={OTHER[k]}"])
        if code != 2 or f"{k}: {w} does not use this key" not in out:
            fail(f"{w}: {k}={OTHER[k]}: expected the configuration to refuse it, got exit "
                 f"{code}\n  {cmd}\n  {out.strip()[-300:]}")
    if others:  # a key at its default is not "set"
        k = others[0]
        d = keys[k]
        code, out, cmd = bhsim(bin, plan + ["--set", f"{k}={d}"])
        if code != 0:
            fail(f"{w}: {k} at its default ({d}) refused: {out.strip()[-300:]}")
    print(f"{w}: {len(listed)} keys read, {len(others)} refused")


def cover(bin):
    keys, names = params(bin)
    read = set()
    for w in names:
        if w not in EFFECT:
            fail(f"workload {w} has no entry in this test")
        read |= set(EFFECT.get(w, {}))
    for k in sorted(set(keys) - read - COMMON):
        fail(f"{k}: no workload reads it (a key of none)")
    for k in sorted(set(OTHER) ^ (set(keys) - COMMON)):
        fail(f"{k}: OTHER must hold a value of every workload.* key but name and l1_init")
    print(f"{len(keys)} workload keys, {len(names)} workloads")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    bin = os.path.abspath(sys.argv[1])
    global ELF
    ELF = os.path.join(os.path.dirname(bin), ELF)
    OTHER["workload.elf"] = "2,2:brisc:" + ELF
    PROBE["riscv"][1] = "workload.elf=1,2:brisc:" + ELF
    os.chdir(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    cover(bin) if sys.argv[2] == "--cover" else one(bin, sys.argv[2])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
