#!/usr/bin/env python3
"""Tensix tile compute benchmarks: matmul throughput, the limiting unit, unpacker bandwidth.

  single    traces/matmul_tile/{lofi,hifi4}: one 32x32 BF16 tile product (MOP + replay of 16
            MVMULs per fidelity phase). MVMULs per cycle over the matrix unit's issue window
            (first to last MVMUL), and FLOP per cycle as the hardware counts it (4096 per MVMUL,
            i.e. per phase) and as useful work (65536 per tile product / phases), beside the
            4096 FLOP/cycle peak of a tile.
  stream    traces/matmul_stream/{lofi,hifi4}: 16 products through unpack -> math -> pack on the
            three threads. Useful FLOP per cycle over the whole run, and each unit's busy share
            (busy cycles / run cycles, from the report): the busiest one limits the stream.
  unpack    one thread issues 64 UNPACRs of one BF16 face (512 B) to unpacker 0, or 64 to each
            unpacker, at Throttle_mode 0/1/2 (x1/x2/x4): bytes per busy cycle of each unpacker.
  speed     a 256-tile HiFi4 stream (the stream traces regenerated with more tiles): simulated
            tile-cycles per second of the one busy tile, from the report.

Inputs are random BF16 tiles written to a temporary directory; bhsim is build/bhsim unless
--bhsim is given. Example: python3 bench/tensix_matmul.py
"""
import argparse
import json
import os
import random
import struct
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from tensix_asm import CfgMap, Isa, Words  # noqa: E402


def run(bhsim, scripts, tmp, extra=()):
    rep = os.path.join(tmp, "r.json")
    cmd = [bhsim, "-q", "--workload", "tensix_stream", "--report", rep]
    for k, path in scripts.items():
        cmd += ["--set", "workload.%s=%s" % (k, path)]
    cmd += list(extra)
    subprocess.run(cmd, check=True)
    r = json.load(open(rep))
    return r, r["tiles"][0]


def tiles_inputs(tmp):
    rnd = random.Random(7)
    paths = []
    for name in ("a", "b"):
        p = os.path.join(tmp, name + ".bin")
        vals = [(rnd.getrandbits(1) << 15) | (123 + rnd.randrange(8)) << 7 | rnd.getrandbits(7)
                for _ in range(1024)]
        open(p, "wb").write(struct.pack("<1024H", *vals))
        paths.append(p)
    return "--set=workload.l1_init=1,2:0x20000:%s;1,2:0x21000:%s" % tuple(paths)


def matmul(bhsim, tmp):
    init = tiles_inputs(tmp)
    print("%-14s %7s %6s %9s %12s %12s %s" % ("run", "cycles", "MVMUL", "MVMUL/cyc",
                                            "hw FLOP/cyc", "useful F/cyc", "unit busy share"))
    for kind, tiles in (("matmul_tile", 1), ("matmul_stream", 16)):
        for fid, phases in (("lofi", 1), ("hifi4", 4)):
            d = os.path.join(ROOT, "traces", kind, fid)
            r, t = run(bhsim, {"t%d" % i: os.path.join(d, "t%d.txt" % i) for i in range(3)}, tmp,
                       [init])
            cycles = r["sim"]["cycles"]
            mv = t["threads"][1]["opcodes"].get("MVMUL", 0)
            u = t["units"]
            window = u["matrix"]["last_issue_cycle"] - u["matrix"]["first_issue_cycle"] + 1
            busy = {n: u[n]["busy_cycles"] / cycles for n in ("unpack0", "unpack1", "matrix", "pack")}
            top = max(busy, key=busy.get)
            share = " ".join("%s %.2f" % (n, v) for n, v in busy.items())
            print("%-14s %7d %6d %9.3f %12.0f %12.0f %s -> %s" % (
                kind[7:] + "/" + fid, cycles, mv, mv / window, mv * 4096 / window,
                tiles * 65536 / cycles, share, top))


def unpack(bhsim, tmp):
    isa, cfgmap = Isa(), CfgMap()
    init = tiles_inputs(tmp)
    print("%-10s %-6s %10s %10s" % ("tier", "units", "u0 B/cyc", "u1 B/cyc"))
    for mode, tier in ((0, "x1"), (1, "x2"), (2, "x4")):
        for both in (0, 1):
            w = Words(cfgmap)
            for which, addr in ((0, 0x20000), (1, 0x21000)):
                base = cfgmap.field("THCON_SEC0_REG0_TileDescriptor")[0] + 48 * which
                w.words[base] = 5 | 1 << 4 | 256 << 16
                w.words[base + 1] = 1 | 4 << 16
                sec = "THCON_SEC%d_" % which
                w.set(sec + "REG2_Out_data_format", 5).set(sec + "REG2_Throttle_mode", mode)
                w.set(sec + "REG3_Base_address", addr // 16 - 1)
            w.set("UNP0_ADDR_BASE_REG_1_Base", 128)
            lines = ["mmio 0x%08x 0x%08x" % (0xFFEF0000 + 4 * a, v) for a, v in sorted(w.words.items())]
            lines.append("0x%08x" % isa.word("SETADCXX", CNT_SET_MASK=3, X_END2=255))
            for _ in range(64):
                for which in ((0, 1) if both else (0,)):
                    lines.append("0x%08x" % isa.word("UNPACR", UNPACK_BLOCK_SELECTION=which))
            p = os.path.join(tmp, "unpack.txt")
            open(p, "w").write("\n".join(lines) + "\n")
            _, t = run(bhsim, {"t0": p}, tmp, [init])
            u = t["units"]
            bw = [u[n]["l1_bytes"] / max(1, u[n]["busy_cycles"]) for n in ("unpack0", "unpack1")]
            print("%-10s %-6s %10.1f %10s" % (tier, "both" if both else "u0", bw[0],
                                             "%.1f" % bw[1] if both else "-"))


def speed(bhsim, tmp, tiles=256):
    import gen_matmul_tile as gen
    gen.STREAM_TILES = tiles
    init = tiles_inputs(tmp)
    scripts = {}
    for i, text in enumerate((gen.stream_unpack().text(), gen.stream_math(4).text(),
                              gen.stream_pack().text())):
        scripts["t%d" % i] = os.path.join(tmp, "s%d.txt" % i)
        open(scripts["t%d" % i], "w").write(text)
    r, t = run(bhsim, scripts, tmp, [init])
    print("speed: %d tiles, %d cycles in %.3f s: %.0f tile-cycles/s, %d MVMULs" % (
        tiles, r["sim"]["cycles"], r["sim"]["wall_seconds"], r["sim"]["cycles_per_second"],
        t["threads"][1]["opcodes"].get("MVMUL", 0)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bhsim", default=os.path.join(ROOT, "build", "bhsim"))
    ap.add_argument("what", nargs="*", default=["matmul", "unpack", "speed"],
                    help="matmul, unpack, speed")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if "matmul" in a.what:
            matmul(a.bhsim, tmp)
        if "unpack" in a.what:
            unpack(a.bhsim, tmp)
        if "speed" in a.what:
            speed(a.bhsim, tmp)


if __name__ == "__main__":
    main()
