#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the table of deliberately ignored control/debug registers into
docs/tt-metal-compat.md, between "<!-- ignored-regs:begin -->" and "<!-- ignored-regs:end -->",
from model/tile/tile_regs_ignored.def, so the page and the decode come from one table. A row's
"as NAME" in its who or reason column stands for NAME's text (": more" is appended).

Also checks what a table row cannot say for itself: offsets ascending, none also a row of
tile_regs.def, every register of tile_regs.def named on the page (the hand-written table of
modelled registers), and every address of the generated table word-aligned in the window.

usage: gen_compat_regs.py [--check] [PAGE]
  --check  rewrite nothing; exit 1 when the page's table differs or a check fails (the test
           unit.compat_regs_doc runs this)"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TILE = os.path.join(ROOT, "model", "tile")
BASE = 0xFFB12000
WINDOW = 0x1000
BEGIN = "<!-- ignored-regs:begin -->"
END = "<!-- ignored-regs:end -->"
STR = r'"((?:[^"\\]|\\.)*)"'
IGNORED = re.compile(r"TILE_IGNORED\(\s*(\w+),\s*(0x[0-9A-Fa-f]+),\s*(\w+),\s*" + STR + r",\s*" +
                     STR + r"\s*\)")
MODELLED = re.compile(r"TILE_REG\(\s*(\w+),\s*(0x[0-9A-Fa-f]+),")


def strip_comments(text):
    return re.sub(r"/\*.*?\*/", "", text, flags=re.S)


def load(name, pattern):
    with open(os.path.join(TILE, name)) as f:
        return pattern.findall(strip_comments(f.read()))


def resolve(rows, name, col, depth=0):
    text = rows[name][col]
    m = re.match(r"as (\w+)(?::\s*(.*))?$", text)
    if not m or m.group(1) not in rows or depth > 4:
        return text
    base = resolve(rows, m.group(1), col, depth + 1)
    return base + ("; " + m.group(2) if m.group(2) else "")


def table():
    rows = {}
    order = []
    for name, off, read, who, why in load("tile_regs_ignored.def", IGNORED):
        rows[name] = (int(off, 16), read.rstrip("uU"), who, why)
        order.append(name)
    lines = ["| Address | Name | Touched by | Reads | Why it is ignored |",
             "|---|---|---|---|---|"]
    for name in order:
        off, read = rows[name][0], rows[name][1]
        who = resolve({k: (v[2],) for k, v in rows.items()}, name, 0)
        why = resolve({k: (v[3],) for k, v in rows.items()}, name, 0)
        lines.append("| `0x%08X` | %s | %s | %s | %s |" % (BASE + off, name, who, read, why))
    return rows, order, lines


def checks(rows, order, page):
    errors = []
    offs = [rows[n][0] for n in order]
    if offs != sorted(offs) or len(set(offs)) != len(offs):
        errors.append("tile_regs_ignored.def: offsets not strictly ascending")
    modelled = {name: int(off, 16) for name, off in load("tile_regs.def", MODELLED)}
    for name, (off, _r, _w, _y) in rows.items():
        if off % 4 or off >= WINDOW:
            errors.append("%s: offset 0x%x is not a word of the window" % (name, off))
        for mname, moff in modelled.items():
            if moff == off:
                errors.append("%s: offset 0x%x is also tile_regs.def's %s" % (name, off, mname))
    for mname, moff in modelled.items():
        if "`0x%08X`" % (BASE + moff) not in page:
            errors.append("docs: tile_regs.def's %s (0x%08X) is not on the page" %
                          (mname, BASE + moff))
    return errors


def main(argv):
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    page_path = args[0] if args else os.path.join(ROOT, "docs", "tt-metal-compat.md")
    with open(page_path) as f:
        page = f.read()
    if page.count(BEGIN) != 1 or page.count(END) != 1 or page.index(BEGIN) > page.index(END):
        print("gen_compat_regs: %s needs one %s ... %s pair" % (page_path, BEGIN, END))
        return 1
    rows, order, lines = table()
    errors = checks(rows, order, page)
    head, rest = page.split(BEGIN)
    old, tail = rest.split(END)
    new = "\n" + "\n".join(lines) + "\n"
    if old.strip() != new.strip():
        if check:
            errors.append("docs: the ignored-register table differs from tile_regs_ignored.def "
                          "(run python3 tools/gen_compat_regs.py)")
        else:
            with open(page_path, "w") as f:
                f.write(head + BEGIN + new + END + tail)
    for e in errors:
        print("gen_compat_regs:", e)
    print("gen_compat_regs: %d ignored registers, %d problems" % (len(order), len(errors)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
