#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Lint: nothing in the repository cites a file outside it, and every docs/hardware.md anchor a
file cites exists.

Hardware facts are cited as docs/hardware.md#<anchor> (that page names the public sources).
This fails on:
  - a citation of the old notes outside the repository: "blackhole-facts", "facts §N",
    "facts section N", "facts N.N", "tensix-isa-notes";
  - a path that leaves the repository ("../shared", "/work/...") or names a reference/ or
    seeds/ folder the repository does not have;
  - docs/hardware.md#<anchor> (and the ", #<anchor>" that may follow it) where the page has no
    <a id="<anchor>">.
Files checked: `git ls-files` of the repository (this script excepted). Exit 0 clean, 1 with
findings (one line each: file:line: what), 77 when the source tree is not a git checkout.

usage: check_citations.py [ROOT] [--also FILE]...   (--also: check FILE too, tracked or not)"""
import os
import re
import subprocess
import sys

OUTSIDE = [
    (re.compile(r"blackhole-facts", re.I), "cites blackhole-facts.md, not in the repository"),
    (re.compile(r"\bfacts\s*(?:§|section\s+\d|\d+\.\d)", re.I), "cites the facts file by section"),
    (re.compile(r"tensix-isa-notes", re.I), "cites tensix-isa-notes.md, not in the repository"),
    (re.compile(r"\.\./shared\b|/work/"), "a path outside the repository"),
]
# path-like words naming a reference/ or seeds/ folder; flagged unless the path exists here
FOLDER = re.compile(r"[\w.\-/]*\b(?:reference|seeds)/[\w.\-/]*")
ANCHOR = re.compile(r"hardware\.md#([\w-]+)((?:(?:,| and)\s*#[\w-]+)*)")
MORE = re.compile(r"#([\w-]+)")


def tracked(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], check=True,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return [p for p in out.decode().split("\0") if p]


def anchors(root):
    try:
        text = open(os.path.join(root, "docs", "hardware.md"), encoding="utf-8").read()
    except OSError:
        return set()
    return set(re.findall(r'<a id="([\w-]+)"></a>', text))


def check_file(root, rel, ids, out):
    try:
        text = open(os.path.join(root, rel), encoding="utf-8").read()
    except (OSError, UnicodeDecodeError):
        return  # binary or unreadable: nothing to cite
    for n, line in enumerate(text.splitlines(), 1):
        for pat, what in OUTSIDE:
            if pat.search(line):
                out.append("%s:%d: %s: %s" % (rel, n, what, line.strip()))
        for m in FOLDER.finditer(line):
            path = m.group(0).strip("./")
            here = os.path.join(root, os.path.dirname(rel), m.group(0))
            if not (os.path.exists(os.path.join(root, path)) or os.path.exists(here)):
                out.append("%s:%d: names %s, not in the repository" % (rel, n, m.group(0)))
        for m in ANCHOR.finditer(line):
            for a in [m.group(1)] + MORE.findall(m.group(2)):
                if a not in ids:
                    out.append("%s:%d: docs/hardware.md has no anchor #%s" % (rel, n, a))


def main(argv):
    args = argv[1:]
    also = []
    while "--also" in args:
        i = args.index("--also")
        also.append(args[i + 1])
        del args[i:i + 2]
    root = os.path.abspath(args[0] if args else os.path.join(os.path.dirname(__file__), ".."))
    files = tracked(root)
    if files is None:
        print("check_citations: %s is not a git checkout; skipped" % root)
        return 77
    me = os.path.relpath(os.path.abspath(__file__), root)
    ids = anchors(root)
    out = []
    for rel in sorted(set(f for f in files if f != me) | set(also)):
        check_file(root, rel, ids, out)
    for line in out:
        print(line)
    print("check_citations: %d files, %d anchors in docs/hardware.md, %d findings" % (
        len(files) + len(also), len(ids), len(out)))
    return 1 if out else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
