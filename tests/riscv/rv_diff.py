#!/usr/bin/env python3
"""Differential test of the baby RISC-V core against QEMU.

For each seed, generates an RV32 assembly program of many blocks; each block sets all registers
from the seed (edge values among them), runs random RV32IM + Zba + Zbb + Zbkb (pack, packh,
brev8) + Zaamo instructions, loads and stores into a data window, forward branches and jumps,
lui/auipc; then stores all registers and prints them and the window over the UART. The program
is built with the cross compiler, run on qemu-system-riscv32 -M virt and on rv_flat_run, and the
two outputs must be identical; rv_flat_run runs each program twice, with all RAM a fast region
and with the data half through the bus as L1 (--l1-bus: L0 D-cache, store queue, bus atomics). On a mismatch: the seed, the block, the first differing register
or word, and the block's source and disassembly.

Nothing that QEMU and Blackhole define differently is used: no counters, no mstatus/misa or
custom CSRs, no misaligned accesses, no lr/sc, no compressed code.

  rv_diff.py --gcc G --objdump O --qemu Q --flat RV_FLAT_RUN --rt DIR --workdir DIR
             [--seeds N] [--first S] [--shard I/K] [--blocks B] [--insns N] [--keep]
  rv_diff.py --emit SEED          (print one program's assembly)
BH_RV_DIFF_SEEDS in the environment overrides --seeds (a long run).
"""
import argparse
import os
import random
import re
import subprocess
import sys
import time

MARCH = "rv32ima_zicsr_zba_zbb_zbkb"
WIN_BYTES = 128  # the data window loads, stores and AMOs touch
EDGES = [0, 1, 2, 0xFFFFFFFF, 0xFFFFFFFE, 0x80000000, 0x7FFFFFFF, 0x80000001, 0x80, 0x7F,
         0xFF, 0x8000, 0x7FFF, 0xFFFF, 0xFFFF8000, 0xFFFFFF80, 31, 32, 33, 0x10000]
IMM_EDGES = [0, 1, -1, 2047, -2048, 0x7F, 0x80, -0x80, 0x7FF, 31]

RR = ["add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and",
      "mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu",
      "sh1add", "sh2add", "sh3add", "andn", "orn", "xnor", "max", "maxu", "min", "minu",
      "rol", "ror", "pack", "packh"]
R1 = ["clz", "ctz", "cpop", "sext.b", "sext.h", "zext.h", "orc.b", "rev8", "brev8"]
RI = ["addi", "slti", "sltiu", "xori", "ori", "andi"]
SH = ["slli", "srli", "srai", "rori"]
BR = ["beq", "bne", "blt", "bge", "bltu", "bgeu"]
AMO = ["amoswap.w", "amoadd.w", "amoxor.w", "amoand.w", "amoor.w", "amomin.w", "amomax.w",
       "amominu.w", "amomaxu.w"]
LOADS = [("lb", 1), ("lbu", 1), ("lh", 2), ("lhu", 2), ("lw", 4)]
STORES = [("sb", 1), ("sh", 2), ("sw", 4)]

# rv_flat_run's memory modes (see rv_flat_run.c)
MODES = {"fast": [], "l1bus": ["--l1-bus"]}

# relative weights of the instruction kinds
KINDS = [("rr", 30), ("r1", 8), ("ri", 12), ("sh", 6), ("upper", 3), ("load", 12),
         ("store", 10), ("amo", 5), ("branch", 8), ("jal", 2), ("jalr", 2), ("fence", 1),
         ("loop", 2)]
BODY_KINDS = ["rr", "r1", "ri", "sh", "upper", "load", "store", "amo"]


def reg_value(rng):
    r = rng.random()
    if r < 0.4:
        return rng.choice(EDGES)
    if r < 0.55:
        return rng.randrange(0, 40)
    return rng.getrandbits(32)


def imm12(rng):
    return rng.choice(IMM_EDGES) if rng.random() < 0.3 else rng.randrange(-2048, 2048)


class Gen:
    def __init__(self, seed, blocks, insns):
        self.rng = random.Random(seed)
        self.seed = seed
        self.blocks = blocks
        self.insns = insns

    def rd(self, reserved):
        if self.rng.random() < 0.03:
            return 0
        while True:
            r = self.rng.randrange(1, 32)
            if r != reserved:
                return r

    def rs(self):
        return self.rng.randrange(0, 32)

    def scratch(self, reserved):
        """A register the block may overwrite (not x0, not the reserved one)."""
        while True:
            r = self.rng.randrange(1, 32)
            if r != reserved:
                return r

    def addr(self, reserved, width, with_offset=True):
        """(setup line, base register, offset) for a naturally aligned access in the window;
        the base may lie outside the window, the offset brings it back."""
        target = self.rng.randrange(0, WIN_BYTES // width) * width
        base = self.rng.randrange(-256, WIN_BYTES + 256) if with_offset else target
        rb = self.scratch(reserved)
        return "la x%d, diff_win%+d" % (rb, base), rb, target - base

    def item(self, k, i, n, reserved, kind=None):
        """Lines of the i-th item of block k (a label precedes each item)."""
        rng = self.rng
        if kind is None:
            kind = rng.choices([a for a, _ in KINDS], [w for _, w in KINDS])[0]
        rd = self.rd(reserved)

        def fwd():
            return ".L%d_%d" % (k, rng.randrange(i + 1, min(i + 9, n) + 1))
        if kind == "rr":
            return ["%s x%d, x%d, x%d" % (rng.choice(RR), rd, self.rs(), self.rs())]
        if kind == "r1":
            return ["%s x%d, x%d" % (rng.choice(R1), rd, self.rs())]
        if kind == "ri":
            return ["%s x%d, x%d, %d" % (rng.choice(RI), rd, self.rs(), imm12(rng))]
        if kind == "sh":
            return ["%s x%d, x%d, %d" % (rng.choice(SH), rd, self.rs(), rng.randrange(32))]
        if kind == "upper":
            imm = rng.choice([0, 1, 0x7FFFF, 0x80000, 0xFFFFF, rng.getrandbits(20)])
            return ["%s x%d, 0x%x" % (rng.choice(["lui", "auipc"]), rd, imm)]
        if kind == "load":
            op, w = rng.choice(LOADS)
            setup, rb, off = self.addr(reserved, w)
            return [setup, "%s x%d, %d(x%d)" % (op, rd, off, rb)]
        if kind == "store":
            op, w = rng.choice(STORES)
            setup, rb, off = self.addr(reserved, w)
            return [setup, "%s x%d, %d(x%d)" % (op, self.rs(), off, rb)]
        if kind == "amo":
            setup, rb, _ = self.addr(reserved, 4, with_offset=False)
            return [setup, "%s x%d, x%d, (x%d)" % (rng.choice(AMO), rd, self.rs(), rb)]
        if kind == "branch":
            return ["%s x%d, x%d, %s" % (rng.choice(BR), self.rs(), self.rs(), fwd())]
        if kind == "jal":
            return ["jal x%d, %s" % (rd, fwd())]
        if kind == "jalr":
            rt = self.scratch(reserved)
            off = rng.choice([0, 0, 4, -8, 2047, -2048])
            odd = rng.choice([0, 0, 1])  # jalr clears bit 0 of the target
            return ["la x%d, %s%+d" % (rt, fwd(), odd - off),
                    "jalr x%d, %d(x%d)" % (rd, off, rt)]
        if kind == "loop":
            # a counted loop: a backward taken branch; the body never writes the counter
            rc = self.scratch(reserved)
            body = []
            for _ in range(rng.randrange(1, 6)):
                while True:
                    lines = self.item(k, i, n, reserved, rng.choice(BODY_KINDS))
                    if not any(re.match(r"\S+ x%d\b" % rc, ln) for ln in lines):
                        break
                body += lines
            return (["li x%d, %d" % (rc, rng.randrange(1, 6)), "%d:" % (1 + i % 9)] + body +
                    ["addi x%d, x%d, -1" % (rc, rc), "bnez x%d, %db" % (rc, 1 + i % 9)])
        return ["fence"]

    def block(self, k):
        rng = self.rng
        reserved = rng.randrange(1, 32)  # not written in the block; holds the dump's base
        init = [reg_value(rng) for _ in range(32)]
        out = ["blk_%d:" % k]
        for r in range(1, 32):
            out.append("    li x%d, 0x%x" % (r, init[r]))
        for i in range(self.insns):
            out.append(".L%d_%d:" % (k, i))
            out += ["    " + line for line in self.item(k, i, self.insns, reserved)]
        out.append(".L%d_%d:" % (k, self.insns))
        out.append("blk_%d_end:" % k)
        # dump: every register but the reserved one through it, then its known value
        out.append("    la x%d, diff_regs" % reserved)
        for r in range(1, 32):
            if r != reserved:
                out.append("    sw x%d, %d(x%d)" % (r, 4 * r, reserved))
        tmp = 1 if reserved != 1 else 2
        out.append("    li x%d, 0x%x" % (tmp, init[reserved]))
        out.append("    sw x%d, %d(x%d)" % (tmp, 4 * reserved, reserved))
        out.append("    la sp, __stack_top")
        out.append("    li a0, %d" % k)
        out.append("    call diff_dump")
        return out

    def program(self):
        out = ["# rv_diff.py seed %d: %d blocks of %d instructions" %
               (self.seed, self.blocks, self.insns),
               "    .option norelax", "    .data", "    .balign 16", "    .globl diff_win",
               "diff_win:"]
        for i in range(0, WIN_BYTES, 16):
            out.append("    .byte " + ", ".join(
                "0x%02x" % self.rng.choice([self.rng.getrandbits(8), 0x80, 0x7F, 0xFF, 0])
                for _ in range(16)))
        out += ["    .text", "    .globl main", "main:"]
        for k in range(self.blocks):
            out += self.block(k)
        out += ["    la sp, __stack_top", "    li a0, 0", "    call rt_exit"]
        return "\n".join(out) + "\n"


# ---------------------------------------------------------------- running and comparing

def run(cmd, timeout):
    t = time.time()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
        return p.returncode, p.stdout.decode("latin-1"), p.stderr.decode("latin-1"), time.time() - t
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode("latin-1")
        return None, out, "timeout after %ds" % timeout, time.time() - t


def parse(text):
    """{block: (regs list, window list)} from the dump lines."""
    blocks = {}
    cur = None
    for line in text.splitlines():
        f = line.split()
        if not f:
            continue
        if f[0] == "b":
            cur = int(f[1], 16)
            blocks[cur] = [None, None]
        elif f[0] == "r" and cur is not None:
            blocks[cur][0] = f[1:]
        elif f[0] == "m" and cur is not None:
            blocks[cur][1] = f[1:]
    return blocks


def block_source(asm, k):
    m = re.search(r"^blk_%d:\n(.*?)^blk_%d_end:" % (k, k), asm, re.S | re.M)
    return m.group(1) if m else "(block not found)"


def disasm(args, elf, k):
    try:
        syms = subprocess.run([args.objdump.replace("objdump", "nm"), elf],
                              stdout=subprocess.PIPE).stdout.decode()
        a = re.search(r"^([0-9a-f]+) \w blk_%d$" % k, syms, re.M).group(1)
        b = re.search(r"^([0-9a-f]+) \w blk_%d_end$" % k, syms, re.M).group(1)
        return subprocess.run([args.objdump, "-d", "--start-address=0x" + a,
                               "--stop-address=0x" + b, elf],
                              stdout=subprocess.PIPE).stdout.decode()
    except (AttributeError, OSError) as e:
        return "(no disassembly: %s)" % e


def compare(args, seed, asm, elf, q, f, mode):
    """Returns a report string, or None when the outputs agree."""
    qrc, qout, qerr, _ = q
    frc, fout, ferr, _ = f
    if qrc != 0:
        return "QEMU failed (rc %s): %s" % (qrc, qerr.strip()[-2000:])
    if qout == fout and frc == 0:
        return None
    qb, fb = parse(qout), parse(fout)
    rep = ["seed %d: outputs differ (rv_flat_run %s, rc %s)" % (seed, mode, frc)]
    if ferr.strip():
        rep.append("rv_flat_run stderr: " + ferr.strip()[-2000:])
    bad = None
    for k in sorted(qb):
        if fb.get(k) != qb[k]:
            bad = k
            break
    if bad is None:
        rep.append("no block differs (the end of the output does)")
        return "\n".join(rep)
    rep.append("first differing block: %d" % bad)
    if bad not in fb:
        rep.append("rv_flat_run printed no dump for it (stopped before)")
    else:
        (qr, qm), (fr, fm) = qb[bad], fb[bad]
        src = block_source(asm, bad)
        for i, (x, y) in enumerate(zip(qr or [], fr or [])):
            if x != y:
                writers = [ln.strip() for ln in src.splitlines()
                           if re.match(r"\s+(?!s[bhw] |b[a-z]+ )\S+ x%d\b" % (i + 1), ln)]
                rep.append("  x%d: qemu %s, rv_flat_run %s (last written by: %s)" %
                           (i + 1, x, y, writers[-1] if writers else "its initial li"))
        for i, (x, y) in enumerate(zip(qm or [], fm or [])):
            if x != y:
                rep.append("  diff_win+%d: qemu %s, rv_flat_run %s" % (4 * i, x, y))
        if bad > 0 and bad - 1 in qb:
            rep.append("registers are set at the block's start; the window carries over from "
                       "block %d, where both agreed" % (bad - 1))
    rep.append("--- source of block %d" % bad)
    rep.append(block_source(asm, bad))
    rep.append("--- disassembly")
    rep.append(disasm(args, elf, bad))
    return "\n".join(rep)


def build(args, seed, work):
    g = Gen(seed, args.blocks, args.insns)
    asm = g.program()
    src = os.path.join(work, "diff_%d.S" % seed)
    elf = os.path.join(work, "diff_%d.elf" % seed)
    with open(src, "w") as fp:
        fp.write(asm)
    rt = args.rt
    # one invocation: no libgcc needed (GCC 12 has no multilib for this -march anyway)
    cmd = [args.gcc, "-march=" + MARCH, "-mabi=ilp32", "-O2", "-ffreestanding", "-mno-relax",
           "-nostdlib", "-nostartfiles", "-Wl,--no-relax", "-Wl,--no-warn-rwx-segments",
           "-I" + args.srcroot, "-T", os.path.join(rt, "flat.ld"),
           os.path.join(rt, "crt0.S"), os.path.join(rt, "rt.c"),
           os.path.join(os.path.dirname(os.path.abspath(__file__)), "diff_rt.c"), src, "-o", elf]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if p.returncode:
        raise SystemExit("seed %d: build failed:\n%s" % (seed, p.stdout.decode()))
    return asm, src, elf


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--emit", type=int, help="print the program of this seed and exit")
    ap.add_argument("--gcc")
    ap.add_argument("--objdump")
    ap.add_argument("--qemu")
    ap.add_argument("--flat", help="rv_flat_run")
    ap.add_argument("--rt", help="tests/riscv/rt")
    ap.add_argument("--srcroot", default=os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))))
    ap.add_argument("--workdir", default=".")
    ap.add_argument("--seeds", type=int, default=40)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--shard", default="0/1")
    ap.add_argument("--blocks", type=int, default=100)
    ap.add_argument("--insns", type=int, default=200)
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--modes", default="fast,l1bus",
                    help="rv_flat_run modes, of: " + ", ".join(MODES))
    ap.add_argument("--keep", action="store_true", help="keep the files of passing seeds")
    args = ap.parse_args()
    if args.emit is not None:
        sys.stdout.write(Gen(args.emit, args.blocks, args.insns).program())
        return 0
    for need in ("gcc", "objdump", "qemu", "flat", "rt"):
        if not getattr(args, need):
            ap.error("--%s is required" % need)
    seeds = int(os.environ.get("BH_RV_DIFF_SEEDS", args.seeds))
    shard, nshards = (int(x) for x in args.shard.split("/"))
    os.makedirs(args.workdir, exist_ok=True)
    failed = 0
    ran = 0
    tq = tf = 0.0
    for seed in range(args.first, args.first + seeds):
        if seed % nshards != shard:
            continue
        asm, src, elf = build(args, seed, args.workdir)
        q = run([args.qemu, "-M", "virt", "-cpu", "rv32,zba=true,zbb=true,zbkb=true",
                 "-bios", "none", "-nographic", "-monitor", "none", "-serial", "stdio",
                 "-kernel", elf], args.timeout)
        tq += q[3]
        ran += 1
        rep = None
        for mode in args.modes.split(","):
            f = run([args.flat, "--max-cycles", "2000000000"] + MODES[mode] + [elf], args.timeout)
            tf += f[3]
            rep = compare(args, seed, asm, elf, q, f, mode)
            if rep:
                break
        if rep:
            failed += 1
            print(rep)
            print("reproduce: %s --emit %d > p.S (files kept in %s)" %
                  (sys.argv[0], seed, args.workdir))
        elif not args.keep:
            os.remove(src)
            os.remove(elf)
    print("rv_diff: %d programs x %d blocks x %d instructions, rv_flat_run modes %s, %d failed "
          "(qemu %.1fs, rv_flat_run %.1fs)" % (ran, args.blocks, args.insns, args.modes, failed,
                                                tq, tf))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
