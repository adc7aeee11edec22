#!/usr/bin/env python3
"""Lint: the C++ shells and the C clients of the platform (platform/, libttsim/, host/) never
reach into the NoC model's packets. What a master needs of a transfer comes through the NIU's
interfaces (NocMemAccess on a timed access, the request port's completion callback), so a shell
that reads NocNet.pkts or a packet's memory counters is deciding hardware behaviour.

Usage: tools/check_shell_boundary.py [--self-test] [ROOT]
Exits 1 naming every offending line; --self-test checks that a planted line is caught.
"""
import os
import re
import sys

DIRS = ("platform", "libttsim", "host")
EXTS = (".c", ".cc", ".cpp", ".h", ".hpp")
FORBIDDEN = [
    (re.compile(r"\bpkts\s*\["), "indexes NocNet's packets"),
    (re.compile(r"\bNocPacket\b"), "names the NoC's packet record"),
    (re.compile(r"\bmem_(done|needed)\b"), "reads a packet's timed-memory counters"),
]


def offences(text):
    for n, line in enumerate(text.splitlines(), 1):
        for rx, why in FORBIDDEN:
            if rx.search(line):
                yield n, why, line.strip()


def main(argv):
    if "--self-test" in argv:
        planted = "const NocPacket &p = chip_.noc(0).net().pkts[k];\nif (a->mem_done + 1)"
        found = list(offences(planted))
        ok = len(found) == 3 and not list(offences("noc_net_mem_done(&net, node, tok);"))
        print("check_shell_boundary self-test:", "ok" if ok else "FAILED")
        return 0 if ok else 1
    args = [a for a in argv if not a.startswith("--")]
    root = args[0] if args else os.path.join(os.path.dirname(__file__), "..")
    bad = 0
    for d in DIRS:
        for dirpath, _, files in os.walk(os.path.join(root, d)):
            for f in sorted(files):
                if not f.endswith(EXTS):
                    continue
                path = os.path.join(dirpath, f)
                with open(path, encoding="utf-8", errors="replace") as fh:
                    for n, why, line in offences(fh.read()):
                        print(f"{os.path.relpath(path, root)}:{n}: {why}: {line}")
                        bad += 1
    if bad:
        print(f"check_shell_boundary: {bad} line(s) reach into the NoC model's packets")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
