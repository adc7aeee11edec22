#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks model/tile/tile_map.def and tile_regs.def against their two sources: ttsim's
tile_regs.json (model/tile/ttsim-data/, "address_map" and the "riscv_debug_regs" block) and
blackhole-facts.md §3.4 / §4 (transcribed below, since the facts file is not part of the
repository). Python because the sources are JSON and prose; the compiled table's own
consistency (order, overlaps, decode) is test_tensix_tile.c's job.
Exit status 0 when every row agrees or differs only as listed in SIZE_EXCEPTIONS."""
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
TILE = os.path.join(ROOT, "model", "tile")

# tile_regs.json region name -> tile_map.def row; rows of other tiles (eth_*, arc_*, pcie_*)
# are not the Tensix tile's
JSON_NAME = {
    "riscv_local_mem": "LOCAL_MEM", "riscv_tdma_regs": "TDMA_REGS",
    "riscv_debug_regs": "DEBUG_REGS", "brisc_local_mem": "BRISC_LOCAL_MEM",
    "ncrisc_local_mem": "NCRISC_LOCAL_MEM", "trisc0_local_mem": "TRISC0_LOCAL_MEM",
    "trisc1_local_mem": "TRISC1_LOCAL_MEM", "trisc2_local_mem": "TRISC2_LOCAL_MEM",
    "noc0_regs": "NOC0_NIU", "noc1_regs": "NOC1_NIU", "noc_overlay": "NOC_OVERLAY",
    "tensix_mop_cfg": "MOP_CFG", "tensix_dst": "DST", "tensix_regfile": "REGFILE",
    "tensix_inst": "INSTRN_BUF", "tensix_inst1": "INSTRN1_BUF", "tensix_inst2": "INSTRN2_BUF",
    "tensix_pc_buf": "PC_BUF", "tensix_pc1_buf": "PC1_BUF", "tensix_pc2_buf": "PC2_BUF",
    "tensix_mailbox0": "MAILBOX0", "tensix_mailbox1": "MAILBOX1",
    "tensix_mailbox2": "MAILBOX2", "tensix_mailbox3": "MAILBOX3", "tensix_cfg": "TENSIX_CFG",
}
OTHER_TILES = ("eth_", "arc_", "pcie_")

# where the .def's size differs from tile_regs.json, and why (the base always agrees)
SIZE_EXCEPTIONS = {
    "NOC_OVERLAY": "json gives one byte; facts §3.4: 0xFFB4_0000-0xFFB7_FFFF",
    "MOP_CFG": "facts §3.4: 0xFFB8_0000-0023 (9 words); json rounds to 4 KiB",
    "INSTRN_BUF": "facts gives the base only; the coprocessor decodes 64 KiB (any offset pushes)",
    "INSTRN1_BUF": "as INSTRN_BUF",
    "INSTRN2_BUF": "as INSTRN_BUF",
    "PC_BUF": "facts §3.4: 0xFFE8_0020-FFFF semaphores, so 64 KiB",
    "PC1_BUF": "as PC_BUF",
    "PC2_BUF": "as PC_BUF",
    "TENSIX_CFG": "facts §3.4: 0xFFEF_0000-FFFF",
}

B, NC, T = {"B"}, {"NC"}, {"T0", "T1", "T2"}
ALL = B | NC | T
# facts §3.4 (and §3.2 for the RAM sizes): name -> (base, last byte or None, cores, NoC-visible)
FACTS = {
    "L1": (0x0, 0x17FFFF, ALL, 1),
    "LOCAL_MEM": (0xFFB00000, 0xFFB00FFF, ALL, 0),
    "LOCAL_MEM_HI": (0xFFB01000, 0xFFB01FFF, B | NC, 0),
    "TDMA_REGS": (0xFFB11000, 0xFFB11FFF, B | T, 0),
    "DEBUG_REGS": (0xFFB12000, 0xFFB12FFF, ALL, 1),
    "PIC": (0xFFB13000, 0xFFB13137, ALL, 1),
    "PC_SNAPSHOT": (0xFFB13138, 0xFFB1314B, ALL, 1),
    "BRISC_LOCAL_MEM": (0xFFB14000, 0xFFB15FFF, ALL, 1),
    "NCRISC_LOCAL_MEM": (0xFFB16000, 0xFFB17FFF, ALL, 1),
    "TRISC0_LOCAL_MEM": (0xFFB18000, None, ALL, 1),
    "TRISC1_LOCAL_MEM": (0xFFB1A000, None, ALL, 1),
    "TRISC2_LOCAL_MEM": (0xFFB1C000, None, ALL, 1),
    "NOC0_NIU": (0xFFB20000, 0xFFB2FFFF, ALL, 1),
    "NOC1_NIU": (0xFFB30000, 0xFFB3FFFF, ALL, 1),
    "NOC_OVERLAY": (0xFFB40000, 0xFFB7FFFF, ALL, 1),
    "MOP_CFG": (0xFFB80000, 0xFFB80023, T, 0),
    "DST": (0xFFBD8000, 0xFFBDFFFF, T, 0),
    "REGFILE": (0xFFE00000, 0xFFE00FFF, B | T, 0),
    "INSTRN_BUF": (0xFFE40000, None, B | T, 0),
    "INSTRN1_BUF": (0xFFE50000, None, B, 0),
    "INSTRN2_BUF": (0xFFE60000, None, B, 0),
    "PC_BUF": (0xFFE80000, 0xFFE8FFFF, B | T, 0),
    "PC1_BUF": (0xFFE90000, None, B, 0),
    "PC2_BUF": (0xFFEA0000, None, B, 0),
    "MAILBOX0": (0xFFEC0000, None, B | T, 0),
    "MAILBOX1": (0xFFEC1000, None, B | T, 0),
    "MAILBOX2": (0xFFEC2000, None, B | T, 0),
    "MAILBOX3": (0xFFEC3000, None, B | T, 0),
    "TENSIX_CFG": (0xFFEF0000, 0xFFEFFFFF, B | T, 0),
}
# facts §4: reset/start registers (offsets in the debug window)
FACTS_REGS = {"SOFT_RESET_0": 0x1B0, "TRISC0_RESET_PC": 0x228, "TRISC1_RESET_PC": 0x22C,
              "TRISC2_RESET_PC": 0x230, "TRISC_RESET_PC_OVERRIDE": 0x234,
              "NCRISC_RESET_PC": 0x238, "NCRISC_RESET_PC_OVERRIDE": 0x23C,
              "DISABLE_RESET": 0x224, "WALL_CLOCK_L": 0x1F0, "WALL_CLOCK_H": 0x1F8}
SEEN = {"TILE_SEEN_B": B, "TILE_SEEN_NC": NC, "TILE_SEEN_T": T, "TILE_SEEN_ALL": ALL,
        "TILE_SEEN_T0": {"T0"}, "TILE_SEEN_T1": {"T1"}, "TILE_SEEN_T2": {"T2"}}


def load_def(name, macro, nargs):
    text = open(os.path.join(TILE, name)).read()
    rows = []
    for m in re.finditer(r"^%s\((.*?)\)\s*$" % macro, text, re.M | re.S):
        args = [a.strip() for a in re.split(r",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)", m.group(1))]
        if len(args) != nargs:
            sys.exit("%s: bad row %r" % (name, m.group(0)))
        rows.append(args)
    return rows


def num(s):
    return int(s.rstrip("uU"), 0)


def main():
    errors = []
    rows = {}
    for name, base, size, target, arg, cores, noc, lat in load_def("tile_map.def", "TILE_REGION", 8):
        seen = set()
        for part in cores.split("|"):
            seen |= SEEN[part.strip()]
        rows[name] = (num(base), num(size), seen, int(noc))
    data = json.load(open(os.path.join(TILE, "ttsim-data", "tile_regs.json")))
    for region in data["address_map"]:
        jname = region["name"]
        if jname.startswith(OTHER_TILES):
            continue
        if jname not in JSON_NAME:
            errors.append("tile_regs.json region %s has no tile_map.def row" % jname)
            continue
        base, size, _, _ = rows[JSON_NAME[jname]]
        jbase, jlast = int(region["base"], 16), int(region["limit"], 16)
        if base != jbase:
            errors.append("%s: base 0x%x, tile_regs.json 0x%x" % (JSON_NAME[jname], base, jbase))
        if size != jlast - jbase + 1 and JSON_NAME[jname] not in SIZE_EXCEPTIONS:
            errors.append("%s: size 0x%x, tile_regs.json 0x%x" % (JSON_NAME[jname], size,
                                                                   jlast - jbase + 1))
    if set(rows) != set(FACTS):
        errors.append("rows not in facts §3.4: %s; facts not in rows: %s" %
                      (sorted(set(rows) - set(FACTS)), sorted(set(FACTS) - set(rows))))
    for name, (fbase, flast, fcores, fnoc) in FACTS.items():
        if name not in rows:
            continue
        base, size, seen, noc = rows[name]
        if base != fbase or (flast is not None and base + size - 1 != flast):
            errors.append("%s: [0x%x, 0x%x], facts §3.4 [0x%x, %s]" % (
                name, base, base + size - 1, fbase, "?" if flast is None else hex(flast)))
        if seen != fcores:
            errors.append("%s: seen by %s, facts §3.4 %s" % (name, sorted(seen), sorted(fcores)))
        if noc != fnoc:
            errors.append("%s: NoC-visible %d, facts §3.4 %d" % (name, noc, fnoc))
    # registers: offsets against facts §4, offset / access / reset value against the json
    jregs = {r["name"].upper(): r for blk in data["regs"] if blk["name"] == "riscv_debug_regs"
             for r in blk["regs"]}
    jregs["WALL_CLOCK_L"], jregs["WALL_CLOCK_H_NOW"] = jregs["WALL_CLOCK_0"], jregs["WALL_CLOCK_1"]
    jregs["WALL_CLOCK_H"] = jregs["WALL_CLOCK_1_AT"]
    for name, off, reset, acc, _doc in load_def("tile_regs.def", "TILE_REG", 5):
        if name in FACTS_REGS and num(off) != FACTS_REGS[name]:
            errors.append("register %s at 0x%x, facts §4 0x%x" % (name, num(off), FACTS_REGS[name]))
        j = jregs.get(name)
        if j is None:
            errors.append("register %s not in tile_regs.json" % name)
            continue
        if int(j["offset"], 16) != num(off):
            errors.append("register %s at 0x%x, tile_regs.json %s" % (name, num(off), j["offset"]))
        if j["rw"] and j["rw"].upper() != acc:
            errors.append("register %s is %s, tile_regs.json %s" % (name, acc, j["rw"]))
        if j["reset_value"] is not None and int(j["reset_value"], 16) != num(reset):
            errors.append("register %s resets to 0x%x, tile_regs.json %s" % (
                name, num(reset), j["reset_value"]))
    for e in errors:
        print("tile map:", e)
    print("tile map: %d regions, %d registers checked, %d problems" % (
        len(rows), len(FACTS_REGS), len(errors)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
