#!/usr/bin/env python3
"""Lint: every kind of run failure the platform can report (the report's error.kind: a block's
BlockHooks error_kind or watchdog_kind, the run loop's own, or a host program's through
bh_chip_fail) is named in README.md's list.

Usage: tools/check_error_kinds.py [--self-test] [ROOT]
Exits 1 naming each kind the README does not list."""
import os
import re
import sys

PATTERNS = [re.compile(r'\b(?:error_kind|watchdog_kind)\s*=\s*"([a-z_]+)"'),
            re.compile(r'\bfailed\(run,\s*"([a-z_]+)"'),
            re.compile(r'\bbh_chip_fail\([^,]+,\s*"([a-z_]+)"')]


def kinds(text):
    found = set()
    for rx in PATTERNS:
        found.update(rx.findall(text))
    return found


def main(argv):
    if "--self-test" in argv:
        got = kinds('h.error_kind = "riscv";\nreturn failed(run, "stall", now, st);\n'
                    'h.watchdog_kind = "noc_deadlock";\nbh_chip_fail(dev->chip, "livelock", e);')
        ok = got == {"riscv", "stall", "noc_deadlock", "livelock"}
        print("check_error_kinds self-test:", "ok" if ok else f"FAILED ({sorted(got)})")
        return 0 if ok else 1
    args = [a for a in argv if not a.startswith("--")]
    root = args[0] if args else os.path.join(os.path.dirname(__file__), "..")
    found = set()
    for dirpath, _, files in [w for d in ("platform", "host") for w in os.walk(os.path.join(root, d))]:
        for f in files:
            if f.endswith((".cpp", ".c", ".h")):
                with open(os.path.join(dirpath, f), encoding="utf-8") as fh:
                    found |= kinds(fh.read())
    with open(os.path.join(root, "README.md"), encoding="utf-8") as fh:
        readme = fh.read()
    m = re.search(r"with an `error` object \(`kind`:(.*?);", readme, re.S)
    listed = set(re.findall(r"`([a-z_]+)`", m.group(1))) if m else set()
    missing = sorted(found - listed)
    for k in missing:
        print(f"check_error_kinds: error kind '{k}' is reported but README.md's list lacks it")
    if not found:
        print("check_error_kinds: found no error kinds in platform/ (the patterns are stale)")
        return 1
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
