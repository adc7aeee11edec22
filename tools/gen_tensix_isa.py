#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generate model/tile/tensix/tensix_isa.def, the Tensix instruction table, from ttsim's tensix_isa.json.

    tools/gen_tensix_isa.py            rewrite the checked-in table
    tools/gen_tensix_isa.py --check    regenerate into a temporary file, diff it against the
                                       checked-in table, exit 1 if they differ (ctest
                                       lint.tensix_isa_generated)

Output: one row per instruction, in opcode order, followed by one row per operand field,
lowest bit first:

    TENSIX_OP(MNEMONIC, opcode, supported)
    TENSIX_FIELD(MNEMONIC, FIELD, lo_bit, width)

Field names are the JSON's (tt-llk's ckernel_ops.h argument names) in upper case, except
for the few instructions the JSON gives no operands, whose fields come from the encoding
diagrams (DOCUMENTED_FIELDS below).
`supported` is 0 where the JSON marks the instruction "unsupported" (by ttsim).

How the JSON's "args" bit ranges read
-------------------------------------
Every instruction word is 32 bits with the opcode in bits 31:24 (TT_OP(op, params) is
((op << 24) + params) in tt-llk's ckernel_ops.h; every encoding diagram in tt-isa-documentation's
Diagrams/Src/Bits32.lua ends with {24, 8, "0x.."}), so operands live in bits 23:0. A range
"hi:lo" names bits hi down to lo of the word, both inclusive: width = hi - lo + 1. Checked
field by field against Bits32.lua ({lo, width, name}, the 2025-09 revision with the _BH
variants): of the JSON fields that start where a documented field starts, 238 agree on the
width under this reading, for example
  SEMINIT sem_sel "9:2"      = SemaphoreMask {2, 8}     NewValue {16, 4} = init_value "19:16"
  MVMUL   dst "9:0"          = DstRow [9:0] (10 bits, though tt-llk's MVMUL_VALID allows 14)
  MVMUL   instr_mod19 "19:19"= BroadcastSrcBRow, 1 bit (tt-llk allows 3: the gap up to bit 22)
  SFPSETCC imm12_math "12:12"= Imm1 {12, 1};  SFPENCC imm12_math "13:12" = Imm2 {12, 2}
  WRCFG wr128b "15:15"       = Is128Bit {15, 1}
(an exclusive hi would make DstRow 9 bits and Imm1 empty), and every JSON lo bit equals the
shift of the same-named argument in tt-llk's TT_OP_* macro. Of the 42 that differ, most are
tt-llk-style groups of documented one-bit flags (SETRWC bit_mask "3:0" is the four
set-enables, SETADC* cnt_set_mask "23:21" is U0/U1/PK, clear_dvalid "23:22" is
FlipSrcA/FlipSrcB), a few are data differences the table keeps as given (STALLWAIT wait_res
"11:0" where Blackhole documents a 13-bit ConditionMask, SFPDIVP2 imm12_math "23:12" where
the documented immediate is Imm8), and five are the exception below.

The exception: MOP, MOP_CFG and REPLAY (the instructions the MOP and replay expanders consume
before any backend decoder sees them) give only the START bit of their wide fields, as
"lo:lo". Their real extents, from tt-isa-documentation Bits32.lua and tt-llk's TT_OP_* macros
(ckernel_ops.h, which anuraagw.me's "mop and replay expanders" notes quote; TT_OP_MOP:
(mop_type << 23) + (loop_count << 16) + zmask_lo16_or_loop_count; TT_OP_REPLAY: (start_idx << 14) + (len << 4) + (exec << 1) + load):
  MOP     zmask_lo16_or_loop_count  "0:0"   is MaskLo  [15:0]   (16 bits)
  MOP     loop_count                "16:16" is Count1  [22:16]  (7 bits)
  MOP_CFG zmask_hi16                "0:0"   is MaskHi  [15:0]   (16 bits)
  REPLAY  len                       "4:4"   is Count   [9:4]    (6 bits)
  REPLAY  start_idx                 "14:14" is Index   [18:14]  (5 bits)
A literal reading would make REPLAY(16, 16) (word 0x04040100, the lltt::replay_insn of the
matmul example) a one-bit len of 0. The genuinely one-bit fields of these instructions
(MOP mop_type "23:23", REPLAY load_mode "0:0" and execute_while_loading "1:1") agree with
the documentation as written. A blanket rule ("a lo:lo field runs up to the next field") is
wrong elsewhere (MVMUL instr_mod19 "19:19" is one bit followed by unused bits 21:20), so the
five fields are corrected by name below, and the generator stops if the JSON ever changes
them, so a new data file is looked at rather than silently reinterpreted.
"""
import argparse
import difflib
import json
import os
import re
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JSON_PATH = os.path.join(ROOT, "model", "tile", "ttsim-data", "tensix_isa.json")
DEF_PATH = os.path.join(ROOT, "model", "tile", "tensix", "tensix_isa.def")

# (mnemonic, field): (the JSON's "lo:lo" text, documented width). See the module docstring.
START_BIT_ONLY = {
    ("MOP", "zmask_lo16_or_loop_count"): ("0:0", 16),
    ("MOP", "loop_count"): ("16:16", 7),
    ("MOP_CFG", "zmask_hi16"): ("0:0", 16),
    ("REPLAY", "len"): ("4:4", 6),
    ("REPLAY", "start_idx"): ("14:14", 5),
}

# Instructions the JSON lists without operands (ttsim marks them unsupported), with fields
# (lo, width, NAME) read off tt-isa-documentation Diagrams/Out/Bits32_<name>.svg (the
# WormholeB0 TensixCoprocessor pages); tt-llk's tt_llk_blackhole/common/inc/ckernel_ops.h
# TT_OP_* macros put the same arguments at the same shifts on Blackhole. STOREIND's three
# forms share one opcode: bit 23 (MEM_HIER_SEL) selects L1, else bit 22 (SIZE_SEL) MMIO,
# else SrcA/SrcB; in the L1 form SIZE_SEL:REG_SIZE_SEL is the 2-bit Size. The generator
# stops if the JSON ever gives these instructions operands of its own.
DOCUMENTED_FIELDS = {
    "LOADIND": [(0, 6, "ADDR_REG"), (6, 6, "RESULT_REG"), (12, 2, "OFFSET_INCREMENT"),
                (14, 7, "OFFSET_HALF_REG"), (22, 2, "SIZE")],
    "STOREIND": [(0, 6, "ADDR_REG"), (6, 6, "DATA_REG"), (12, 2, "OFFSET_INCREMENT"),
                 (14, 7, "OFFSET_HALF_REG"), (21, 1, "REG_SIZE_SEL"), (22, 1, "SIZE_SEL"),
                 (23, 1, "MEM_HIER_SEL")],
    "ATINCGET": [(0, 6, "ADDR_REG"), (6, 6, "IN_OUT_REG"), (12, 2, "OFS"), (14, 5, "INT_WIDTH")],
    "ATCAS": [(0, 6, "ADDR_REG"), (12, 2, "OFS"), (14, 4, "CMP_VAL"), (18, 4, "SET_VAL")],
    "ATSWAP": [(0, 6, "ADDR_REG"), (6, 6, "DATA_REG"), (14, 8, "MASK"), (22, 1, "SINGLE_DATA_REG")],
    "ATINCGETPTR": [(0, 6, "ADDR_REG"), (6, 6, "RESULT_REG"), (12, 2, "OFS"), (14, 4, "INT_WIDTH"),
                    (18, 4, "INCR_LOG2"), (22, 1, "NO_INCR")],
    "LOADREG": [(0, 18, "ADDR_LO"), (18, 6, "RESULT_REG")],
    "XMOV": [],  # bits 23:0 are zero (TT_XMOV(0, 0))
    # ThCon arithmetic: as the JSON's ADDDMAREG, plus the 3-bit Mode of Bits32_<name>.svg
    "SUBDMAREG": [(0, 6, "OP_A_REG_INDEX"), (6, 6, "OP_B_REG_INDEX"), (12, 6, "RESULT_REG_INDEX"),
                  (23, 1, "OP_B_IS_CONST")],
    **{name: [(0, 6, "OP_A_REG_INDEX"), (6, 6, "OP_B_REG_INDEX"), (12, 6, "RESULT_REG_INDEX"),
              (18, 3, "OP_SEL"), (23, 1, "OP_B_IS_CONST")]
       for name in ("BITWOPDMAREG", "SHIFTDMAREG", "CMPDMAREG")},
}

IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def fail(msg):
    sys.exit("gen_tensix_isa: " + msg)


def parse_fields(mnemonic, args):
    fields = []
    for name, rng in args.items():
        if not IDENT.match(name):
            fail(f"{mnemonic}: field name {name!r} is not a C identifier")
        m = re.fullmatch(r"(\d+):(\d+)", rng)
        if not m:
            fail(f"{mnemonic}.{name}: range {rng!r} is not hi:lo")
        hi, lo = int(m.group(1)), int(m.group(2))
        if hi < lo:
            fail(f"{mnemonic}.{name}: range {rng!r} has hi < lo")
        width = hi - lo + 1
        fix = START_BIT_ONLY.get((mnemonic, name))
        if fix:
            if rng != fix[0]:
                fail(f"{mnemonic}.{name}: expected the start-bit-only range {fix[0]!r}, got "
                     f"{rng!r}; re-check this field against tt-isa-documentation")
            width = fix[1]
        if lo + width > 24:
            fail(f"{mnemonic}.{name}: bits {lo}+{width} reach the opcode byte")
        fields.append((lo, width, name.upper()))
    fields.sort()
    for (lo0, w0, n0), (lo1, _, n1) in zip(fields, fields[1:]):
        if lo0 + w0 > lo1:
            fail(f"{mnemonic}: fields {n0} and {n1} overlap")
    if len({n for _, _, n in fields}) != len(fields):
        fail(f"{mnemonic}: two fields have the same upper-case name")
    return fields


def generate(json_path):
    with open(json_path, encoding="utf-8") as f:
        isa = json.load(f)
    used = set()
    for (mnemonic, name) in START_BIT_ONLY:
        if name not in isa.get(mnemonic, {}).get("args", {}):
            fail(f"{mnemonic}.{name} is no longer in the data file")
    rows = []
    for mnemonic, ins in isa.items():
        if not IDENT.match(mnemonic) or mnemonic.upper() != mnemonic:
            fail(f"mnemonic {mnemonic!r} is not an upper-case C identifier")
        opcode = ins.get("opcode")
        if not isinstance(opcode, int) or not 0 <= opcode <= 0xFF:
            fail(f"{mnemonic}: opcode {opcode!r} is not 0..255")
        if opcode in used:
            fail(f"{mnemonic}: opcode 0x{opcode:02X} used twice")
        used.add(opcode)
        supported = 0 if ins.get("unsupported", False) else 1
        fields = parse_fields(mnemonic, ins.get("args") or {})
        if mnemonic in DOCUMENTED_FIELDS:
            if fields:
                fail(f"{mnemonic}: the data file now gives operands; compare them with "
                     "DOCUMENTED_FIELDS and drop the entry")
            fields = DOCUMENTED_FIELDS[mnemonic]
        rows.append((opcode, mnemonic, supported, fields))
    rows.sort()

    rel = os.path.relpath(json_path, ROOT)
    out = [
        f"/* Generated by tools/gen_tensix_isa.py from {rel}: do not edit. */",
        "/* TENSIX_OP(MNEMONIC, opcode, supported) then its TENSIX_FIELD(MNEMONIC, FIELD, lo_bit,",
        " * width) rows, lowest bit first; the opcode is bits 31:24 of the word. The includer",
        " * defines the macros it needs; the others expand to nothing. */",
        "#ifndef TENSIX_OP",
        "#define TENSIX_OP(mnemonic, opcode, supported)",
        "#endif",
        "#ifndef TENSIX_FIELD",
        "#define TENSIX_FIELD(mnemonic, field, lo_bit, width)",
        "#endif",
    ]
    for opcode, mnemonic, supported, fields in rows:
        out.append(f"TENSIX_OP({mnemonic}, 0x{opcode:02X}, {supported})")
        for lo, width, name in fields:
            out.append(f"TENSIX_FIELD({mnemonic}, {name}, {lo}, {width})")
    out += ["#undef TENSIX_OP", "#undef TENSIX_FIELD", ""]
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--json", default=JSON_PATH, help="input data file")
    ap.add_argument("--out", default=DEF_PATH, help="generated table")
    ap.add_argument("--check", action="store_true",
                    help="regenerate into a temporary file and diff against --out")
    a = ap.parse_args()
    text = generate(a.json)
    if not a.check:
        with open(a.out, "w", encoding="utf-8") as f:
            f.write(text)
        return 0
    with tempfile.NamedTemporaryFile("w", suffix=".def", delete=False, encoding="utf-8") as t:
        t.write(text)
        tmp = t.name
    try:
        with open(tmp, encoding="utf-8") as f:
            new = f.read().splitlines(keepends=True)
        try:
            with open(a.out, encoding="utf-8") as f:
                old = f.read().splitlines(keepends=True)
        except FileNotFoundError:
            old = []
        diff = list(difflib.unified_diff(old, new, a.out, "regenerated"))
    finally:
        os.unlink(tmp)
    if diff:
        sys.stdout.writelines(diff)
        print(f"{a.out} is out of date: run tools/gen_tensix_isa.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
