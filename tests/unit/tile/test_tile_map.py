#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks model/tile/tile_map.def and tile_regs.def against their two sources: ttsim's
tile_regs.json (model/tile/ttsim-data/, "address_map" and the "riscv_debug_regs" block) and the
tables of docs/hardware.md#tile-map (regions: base, last byte, cores, NoC) and #riscv (reset and
start registers), which this test reads, so the page and the tables cannot drift apart.
Python because the sources are JSON and Markdown; the compiled table's own consistency (order,
overlaps, decode) is test_tensix_tile.c's job.
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

# tile_regs.def rows whose access differs from tile_regs.json, and why
ACCESS_EXCEPTIONS = {
    "DBG_BUS_CTRL": "json: wo; tt-umd's TTDeviceRegIO test reads back what it wrote on silicon",
}

# where the .def's size differs from tile_regs.json, and why (the base always agrees)
SIZE_EXCEPTIONS = {
    "NOC_OVERLAY": "json gives one byte; the doc: 0xFFB4_0000-0xFFB7_FFFF",
    "MOP_CFG": "the doc: 0xFFB8_0000-0023 (9 words); json rounds to 4 KiB",
    "INSTRN_BUF": "the doc gives the base only; the coprocessor decodes 64 KiB (any offset pushes)",
    "INSTRN1_BUF": "as INSTRN_BUF",
    "INSTRN2_BUF": "as INSTRN_BUF",
    "PC_BUF": "the doc: 0xFFE8_0020-FFFF semaphores, so 64 KiB",
    "PC1_BUF": "as PC_BUF",
    "PC2_BUF": "as PC_BUF",
    "TENSIX_CFG": "the doc: 0xFFEF_0000-FFFF",
}

B, NC, T = {"B"}, {"NC"}, {"T0", "T1", "T2"}
ALL = B | NC | T
DOC = os.path.join(ROOT, "docs", "hardware.md")
CORE_WORDS = {"all": ALL, "B": B, "NC": NC, "T0-T2": T, "T0": {"T0"}, "T1": {"T1"}, "T2": {"T2"}}


def doc_section(anchor):
    """docs/hardware.md from <a id="anchor"> to the next anchor of its level or above"""
    text = open(DOC).read()
    m = re.search(r'<a id="%s"></a>\n(#+) ' % re.escape(anchor), text)
    if not m:
        sys.exit("docs/hardware.md: no section #%s" % anchor)
    level = len(m.group(1))
    rest = text[m.end():]
    nxt = re.search(r'<a id="[^"]+"></a>\n#{1,%d} ' % level, rest)
    return rest[:nxt.start()] if nxt else rest


def doc_rows(anchor, ncols):
    """Table rows of a section whose first cell is a `NAME`, as lists of cells, backticks off."""
    rows = {}
    for line in doc_section(anchor).splitlines():
        m = re.match(r"^\| `(\w+)` \|(.*)\|\s*$", line)
        if m:
            cells = [c.strip().strip("`") for c in m.group(2).split("|")]
            if len(cells) < ncols:
                sys.exit("docs/hardware.md#%s: short row %r" % (anchor, line))
            rows[m.group(1)] = cells
    return rows


def doc_regions():
    """#tile-map: name -> (base, last byte or None, cores, NoC-visible)"""
    out = {}
    for name, (first, last, cores, noc, _what) in doc_rows("tile-map", 5).items():
        seen = set()
        for w in cores.split():
            seen |= CORE_WORDS[w]
        out[name] = (int(first, 16), None if last == "-" else int(last, 16), seen,
                     {"yes": 1, "no": 0}[noc])
    return out


def doc_regs():
    """#riscv: reset and start registers, name -> offset in the debug window"""
    return {name: int(cells[0], 16) for name, cells in doc_rows("riscv", 2).items()}


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
    regions_doc, regs_doc = doc_regions(), doc_regs()
    if set(rows) != set(regions_doc):
        errors.append("rows not in the doc's #tile-map: %s; doc rows not in tile_map.def: %s" %
                      (sorted(set(rows) - set(regions_doc)), sorted(set(regions_doc) - set(rows))))
    for name, (fbase, flast, fcores, fnoc) in regions_doc.items():
        if name not in rows:
            continue
        base, size, seen, noc = rows[name]
        if base != fbase or (flast is not None and base + size - 1 != flast):
            errors.append("%s: [0x%x, 0x%x], the doc [0x%x, %s]" % (
                name, base, base + size - 1, fbase, "?" if flast is None else hex(flast)))
        if seen != fcores:
            errors.append("%s: seen by %s, the doc %s" % (name, sorted(seen), sorted(fcores)))
        if noc != fnoc:
            errors.append("%s: NoC-visible %d, the doc %d" % (name, noc, fnoc))
    # registers: offsets against the doc's #riscv, offset / access / reset value against the json
    jregs = {r["name"].upper(): r for blk in data["regs"] if blk["name"] == "riscv_debug_regs"
             for r in blk["regs"]}
    jregs["WALL_CLOCK_L"], jregs["WALL_CLOCK_H_NOW"] = jregs["WALL_CLOCK_0"], jregs["WALL_CLOCK_1"]
    jregs["WALL_CLOCK_H"] = jregs["WALL_CLOCK_1_AT"]
    # the Ethernet tile's reset PCs: its eth_risc_ctrl page (0xFFB1_4000), 0x2000 past the
    # debug registers in the one window of eth_tile_map.def
    eth_names = {"IERISC_RESET_PC": "ETH_RESET_PC0", "SUBORDINATE_IERISC_RESET_PC": "ETH_RESET_PC1"}
    for blk in data["regs"]:
        if blk["name"] == "eth_risc_ctrl":
            for r in blk["regs"]:
                if r["name"].upper() in eth_names:
                    jregs[eth_names[r["name"].upper()]] = dict(
                        r, offset=hex(int(r["offset"], 16) + 0x2000))
    for name, off, reset, acc, _doc in load_def("tile_regs.def", "TILE_REG", 5):
        if name in regs_doc and num(off) != regs_doc[name]:
            errors.append("register %s at 0x%x, the doc 0x%x" % (name, num(off), regs_doc[name]))
        j = jregs.get(name)
        if name.startswith("SIM_"):  # bhsim's own: at an offset silicon leaves free
            taken = [r["name"] for r in jregs.values() if int(r["offset"], 16) == num(off)]
            if j is not None or taken:
                errors.append("bhsim register %s at 0x%x collides with tile_regs.json %s" % (
                    name, num(off), j["name"] if j else taken[0]))
            continue
        if j is None:
            errors.append("register %s not in tile_regs.json" % name)
            continue
        if int(j["offset"], 16) != num(off):
            errors.append("register %s at 0x%x, tile_regs.json %s" % (name, num(off), j["offset"]))
        if j["rw"] and j["rw"].upper() != acc and name not in ACCESS_EXCEPTIONS:
            errors.append("register %s is %s, tile_regs.json %s" % (name, acc, j["rw"]))
        if j["reset_value"] is not None and int(j["reset_value"], 16) != num(reset):
            errors.append("register %s resets to 0x%x, tile_regs.json %s" % (
                name, num(reset), j["reset_value"]))
    # ignored registers: at tile_regs.json's offset where it names them; the WH_ rows (Wormhole
    # offsets tt-umd uses on Blackhole) where it names nothing
    for name, off, _read, _who, _why in load_def("tile_regs_ignored.def", "TILE_IGNORED", 5):
        j = jregs.get(name)
        taken = [r["name"] for r in jregs.values() if int(r["offset"], 16) == num(off)]
        if name.startswith("WH_"):
            if taken:
                errors.append("ignored %s at 0x%x is tile_regs.json's %s" % (name, num(off), taken[0]))
        elif j is None:
            errors.append("ignored register %s not in tile_regs.json" % name)
        elif int(j["offset"], 16) != num(off):
            errors.append("ignored register %s at 0x%x, tile_regs.json %s" % (
                name, num(off), j["offset"]))
    for e in errors:
        print("tile map:", e)
    print("tile map: %d regions, %d registers checked, %d problems" % (
        len(rows), len(regs_doc), len(errors)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
