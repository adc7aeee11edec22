#!/usr/bin/env python3
"""--profile on tests/programs/hot_loop.c: the LCOV file's cycles land >= 90% on the loop's lines
(between the HOT LOOP BEGIN/END markers of the source), and its total plus the cycles hot.txt
lists as having no source line equals BRISC's cycles in the report. With --genhtml, genhtml
renders the .info into DIR/html (skipped, exit 0, if genhtml is not installed). With
--callgrind, valgrind's callgrind_annotate reads the .callgrind file: its program total of Cycles
must be BRISC's cycles in the report and its hottest function the loop's (skipped, exit 0, if
callgrind_annotate is not installed).

usage: check_profile.py DIR REPORT SOURCE [--genhtml | --callgrind]"""
import json
import os
import re
import shutil
import subprocess
import sys


def main():
    d, report, source = sys.argv[1:4]
    info = os.path.join(d, "hot_loop.info")
    if "--genhtml" in sys.argv[4:]:
        if not shutil.which("genhtml"):
            print("SKIP: genhtml not installed (Debian package lcov)")
            return 0
        out = os.path.join(d, "html")
        r = subprocess.run(["genhtml", "-q", "-o", out, info], capture_output=True, text=True)
        if r.returncode != 0 or not os.path.isfile(os.path.join(out, "index.html")):
            print("FAIL: genhtml exit %d: %s" % (r.returncode, r.stderr))
            return 1
        print("ok: %s/index.html" % out)
        return 0
    if "--callgrind" in sys.argv[4:]:
        return check_callgrind(d, report)
    lines = open(source).read().splitlines()
    begin = next(i for i, l in enumerate(lines, 1) if "HOT LOOP BEGIN" in l)
    end = next(i for i, l in enumerate(lines, 1) if "HOT LOOP END" in l)
    total = loop = 0
    sf = None
    for l in open(info):
        l = l.strip()
        if l.startswith("SF:"):
            sf = l[3:]
        elif l.startswith("DA:"):
            n, c = map(int, l[3:].split(",")[:2])
            total += c
            if os.path.samefile(sf, source) and begin <= n <= end:
                loop += c
    hot = open(os.path.join(d, "hot.txt")).read()
    m = re.search(r"cycles at PCs without a source line.*: (\d+)", hot)
    no_line = int(m.group(1)) if m else 0
    rep = json.load(open(report))
    core = rep["riscv"][0]["cores"][0]
    share = 100.0 * loop / total
    print("loop lines %d-%d: %d of %d LCOV cycles (%.2f%%); + %d without a line; report %d"
          % (begin, end, loop, total, share, no_line, core["cycles"]))
    ok = True
    if share < 90.0:
        print("FAIL: under 90% of the cycles on the loop's lines")
        ok = False
    if total + no_line != core["cycles"]:
        print("FAIL: LCOV cycles + cycles without a line != the core's cycles in the report")
        ok = False
    return 0 if ok else 1


def check_callgrind(d, report):
    if not shutil.which("callgrind_annotate"):
        print("SKIP: callgrind_annotate not installed (Debian package valgrind)")
        return 0
    r = subprocess.run(["callgrind_annotate", os.path.join(d, "hot_loop.callgrind")],
                       capture_output=True, text=True)
    total = re.search(r"^\s*([\d,]+) \([\d.]+%\).*PROGRAM TOTALS", r.stdout, re.M)
    funcs = re.findall(r"^\s*([\d,]+) \([\d.]+%\)\s+\S.*?\s(\S+:\S+)$", r.stdout, re.M)
    cycles = json.load(open(report))["riscv"][0]["cores"][0]["cycles"]
    if r.returncode != 0 or not total or not funcs:
        print("FAIL: callgrind_annotate exit %d, no totals or functions: %s" % (
            r.returncode, (r.stderr or r.stdout)[:400]))
        return 1
    got = int(total.group(1).replace(",", ""))
    top = funcs[0][1]
    print("callgrind_annotate: %d cycles in all (report %d), hottest %s" % (got, cycles, top))
    if got != cycles or ":spin" not in top:
        print("FAIL: want the report's cycles and the loop's function (spin) hottest")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
