#!/usr/bin/env python3
"""Checks a host workload's report (the "program" section the host program writes after
comparing the result with its C reference): it passed, it names the expected program, its
cycle count is positive, and its figures respect ceilings computed here, independently of the
model: the matrix unit's peak FLOP/cycle (one 8x16x16 MVMUL per cycle per core, divided by the
fidelity's phases), for DRAM traffic the GDDR6 data rate of the controllers involved, for
host memory traffic the PCIe link's payload rate (TLP overheads from the pcie.link.* keys), and
for the dm kernels one link's flit rate less the packets' headers.

usage: check_program.py REPORT NAME [--key=value ...] [--key=lo..hi ...]
  --key=value  the section's key must equal value
  --key=lo..hi the section's key must be a number in [lo, hi] (a band a fidelity row states)
"""
import json
import sys


def main():
    path, name = sys.argv[1], sys.argv[2]
    want = dict(a[2:].split("=", 1) for a in sys.argv[3:] if a.startswith("--"))
    with open(path) as f:
        rep = json.load(f)
    fails = []
    prog = rep.get("program")
    if prog is None:
        print(f"check_program: {path} has no program section")
        return 1
    if prog.get("name") != name:
        fails.append(f"program.name is {prog.get('name')!r}, want {name!r}")
    if prog.get("passed") is not True:
        fails.append("program.passed is not true: the result differs from the host reference")
    if not prog.get("cycles", 0) > 0:
        fails.append("program.cycles is not positive")
    if "flop_per_cycle" in prog and "fidelity" in prog:
        phases = {"lofi": 1, "hifi2": 2, "hifi3": 3, "hifi4": 4}[prog["fidelity"]]
        peak = 2 * 8 * 16 * 16 / phases * prog["cores"]
        if prog["flop_per_cycle"] > peak * 1.0001:
            fails.append(f"flop_per_cycle {prog['flop_per_cycle']} above the peak {peak}")
    if "host_gbps" in prog:
        # host memory through the PCIe link: the payload share of each TLP's wire bytes (a
        # 3-dword header below 4 GiB; writes in max-payload MWr TLPs, reads answered by
        # completions of the host's read completion boundary) of the lanes' encoded rate
        cfg = rep["config"]
        k = lambda n: cfg["pcie.link." + n]
        wire_gbps = (k("lanes") * k("rate_mtps") * 1e6 * k("enc_data_bits") / k("enc_block_bits")
                     / 8 / 1e9)
        payload = k("mps_bytes") if prog["op"] == "host_write" else k("host_rcb_bytes")
        tlp = k("framing_bytes") + k("seq_bytes") + 12 + payload + k("ecrc_bytes") + k("lcrc_bytes")
        ceiling = wire_gbps * payload / tlp
        if prog["host_gbps"] > ceiling:
            fails.append(f"host_gbps {prog['host_gbps']} above the link's {ceiling:.2f}")
        if prog.get("mismatched_pages", 1) != 0:
            fails.append("pages in host memory / L1 differ from what was moved")
    elif name == "dm":
        # one NIU sends or receives at most one 64-byte flit per cycle, and every packet of at
        # most 16 KiB spends one more on its header; one DRAM bank moves at most its
        # controller's data rate
        cfg = rep["config"]
        size = prog["transaction_bytes"]
        flits = size // 64
        ceiling = 64.0 * flits / (flits + (size + 16383) // 16384)
        if prog["test"] == "dram":
            ceiling = min(ceiling, cfg["dram.data_rate_mts"] * 1e6 * cfg["dram.bus_bits"]
                          * cfg["dram.channels"] / 8 / (cfg["chip.aiclk_mhz"] * 1e6))
        # (with several timed kernels, all_to_all and all_from_all, the figure is their median
        # and the _max key the fastest: each one NIU's)
        for k in ("write_bytes_per_cycle", "read_bytes_per_cycle", "write_bytes_per_cycle_max",
                  "read_bytes_per_cycle_max"):
            if prog.get(k, 0) > ceiling:
                fails.append(f"{k} {prog[k]} above the ceiling {ceiling:.2f}")
        if prog.get("mismatched", 1) != 0:
            fails.append("destinations differ from what was sent")
    elif "bytes_per_cycle" in prog:
        # each GDDR6 controller moves at most data_rate * bus width per second
        cfg = rep["config"]
        per_ctrl = (cfg["dram.data_rate_mts"] * 1e6 * cfg["dram.bus_bits"] * cfg["dram.channels"]
                    / 8 / (cfg["chip.aiclk_mhz"] * 1e6))
        ceiling = per_ctrl * 8
        if prog["bytes_per_cycle"] > ceiling:
            fails.append(f"bytes_per_cycle {prog['bytes_per_cycle']} above 8 controllers' "
                         f"{ceiling:.1f}")
    for k, v in want.items():
        if ".." in v:
            lo, hi = (float(x) for x in v.split(".."))
            got = prog.get(k)
            if not isinstance(got, (int, float)) or not lo <= got <= hi:
                fails.append(f"program.{k} is {got!r}, want {lo}..{hi}")
        elif str(prog.get(k)).lower() != v.lower():
            fails.append(f"program.{k} is {prog.get(k)!r}, want {v}")
    for f in fails:
        print("check_program: " + f)
    if not fails:
        print(f"check_program: {name} passed in {prog['cycles']} cycles")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
