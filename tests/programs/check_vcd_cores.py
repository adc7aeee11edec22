#!/usr/bin/env python3
"""Checks the RISC-V core signals of a riscv run's VCD (platform/tile/tensix_tile_tlm.h): the
core's `<tile>_l1.<core>.pc` (32 bits) and `.state` (3 bits) exist, the pc takes values inside the
program's text (its executable ELF segments) and more than one of them, the state is running
(1) at some point, and the last state is ebreak (4). A core given with --held must stay held
(0) throughout.

usage: check_vcd_cores.py VCD SCOPE CORE ELF [--held CORE ...]
SCOPE is the L1's scope, e.g. tile_x01_y02_l1; CORE brisc, ncrisc, trisc0, trisc1 or trisc2.
"""
import argparse
import struct
import sys

HELD, RUNNING, EBREAK = 0, 1, 4


def text_ranges(elf):
    """[lo, hi) of each executable PT_LOAD segment of an ELF32 little-endian file."""
    data = open(elf, "rb").read()
    if data[:4] != b"\x7fELF" or data[4] != 1 or data[5] != 1:
        raise SystemExit("FAIL: %s is not an ELF32 little-endian file" % elf)
    phoff, = struct.unpack_from("<I", data, 28)
    phentsize, phnum = struct.unpack_from("<HH", data, 42)
    out = []
    for i in range(phnum):
        p_type, _, p_vaddr, _, _, p_memsz, p_flags, _ = struct.unpack_from(
            "<8I", data, phoff + i * phentsize)
        if p_type == 1 and p_flags & 1:  # PT_LOAD, PF_X
            out.append((p_vaddr, p_vaddr + p_memsz))
    return out


def read_vcd(path, wanted):
    """{full name: [(time, value)]} for the wanted names (scopes joined with dots)."""
    ids, scopes, changes = {}, [], {n: [] for n in wanted}
    time = 0
    with open(path) as f:
        defs = True
        for line in f:
            w = line.split()
            if not w:
                continue
            if defs:
                if w[0] == "$scope":
                    scopes.append(w[2])
                elif w[0] == "$upscope":
                    scopes.pop()
                elif w[0] == "$var":
                    name = ".".join(scopes + [w[4]])
                    if name in wanted:
                        ids.setdefault(w[3], []).append(name)
                elif w[0] == "$enddefinitions":
                    defs = False
                continue
            tok = w[0]
            if tok[0] == "#":
                time = int(tok[1:])
            elif tok[0] in "bB" and len(w) > 1:
                for n in ids.get(w[1], []):
                    changes[n].append((time, int(tok[1:], 2) if set(tok[1:]) <= set("01") else None))
            elif tok[0] in "01xXzZ" and tok[1:] in ids:
                for n in ids[tok[1:]]:
                    changes[n].append((time, int(tok[0]) if tok[0] in "01" else None))
    return changes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("vcd")
    ap.add_argument("scope")
    ap.add_argument("core")
    ap.add_argument("elf")
    ap.add_argument("--held", action="append", default=[])
    a = ap.parse_args()
    base = "SystemC.chip." + a.scope + "."
    names = [base + c + "." + s for c in [a.core] + a.held for s in ("pc", "state")]
    ch = read_vcd(a.vcd, set(names))
    failures = []
    for n in names:
        if not ch[n]:
            failures.append("%s: not in the VCD (or never dumped)" % n)
    if failures:
        print("\n".join("check_vcd_cores: FAIL: " + f for f in failures))
        return 1
    pcs = {v for _, v in ch[base + a.core + ".pc"] if v is not None}
    text = text_ranges(a.elf)
    inside = {pc for pc in pcs if any(lo <= pc < hi for lo, hi in text)}
    states = [v for _, v in ch[base + a.core + ".state"]]
    if len(inside) < 2:
        failures.append("%s.pc takes %d values inside the text %s: %s" %
                        (a.core, len(inside), ["0x%x..0x%x" % r for r in text],
                         sorted(hex(p) for p in pcs)[:16]))
    if RUNNING not in states:
        failures.append("%s.state is never 1 (running): %s" % (a.core, states[:16]))
    if states[-1] != EBREAK:
        failures.append("%s.state ends at %s, want 4 (ebreak)" % (a.core, states[-1]))
    if any(not (0 <= s <= 5) for s in states if s is not None):
        failures.append("%s.state leaves 0..5: %s" % (a.core, sorted(set(states))))
    for h in a.held:
        hs = {v for _, v in ch[base + h + ".state"]}
        if hs != {HELD}:
            failures.append("%s.state, a core without a program, takes %s, want only 0 (held)"
                            % (h, sorted(hs)))
    for f in failures:
        print("check_vcd_cores: FAIL: " + f)
    if not failures:
        print("check_vcd_cores: %s pc takes %d values in the text, %d state changes, ends in ebreak"
              % (a.core, len(inside), len(states)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
