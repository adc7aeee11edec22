#!/usr/bin/env python3
"""Checks the GTKWave files bhsim writes next to a VCD (platform/output/vcd_views.h) against the VCD
and the L1 client table: every signal the save file names exists in the VCD, its groups open
and close in pairs, its dump file is the VCD, the L1 translate filter it attaches maps 0 to
idle and 1 + i to client i of `bhsim --list-l1-ports`, the RISC-V core state filter (if
any) maps 0..5 to the states of docs/outputs.md, and the coprocessor thread and unit state
filters (if any) map 0..4 and 0..7 to their states.

usage: check_gtkw.py BHSIM BASE [--expect-group TEXT ...]
BASE is the VCD path without ".vcd"; a run that wrote a VCD and no BASE.gtkw fails.
"""
import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vcd_walk import walk  # noqa: E402

failures = []
# the RISC-V core states of the VCD (model/tile/tensix_tile.h TILE_CORE_STATE_TABLE, docs/outputs.md)
RV_STATES = ["held", "running", "waiting", "poll_sleep", "ebreak", "error"]
# a coprocessor thread's traced state (platform/tile/tensix_tile_tlm.h, docs/outputs.md): idle,
# issued, or why it did not issue
COPROC_STATES = ["idle", "issued", "wait_gate", "unit_busy", "wait_latched"]
# a coprocessor unit's traced state (model/tile/tensix/tensix_core.h TENSIX_UNIT_STATES)
UNIT_STATES = ["idle", "busy", "l1", "src", "dst", "semaphore", "fifo", "other"]


def check(cond, what):
    if not cond:
        failures.append(what)


def vcd_names(path):
    """Full names as GTKWave shows them: scopes joined with dots, the range glued on."""
    names = set()
    for scopes, w in walk(path):
        if w[0] == "$var":
            rng = w[5] if len(w) > 6 and w[5] != "$end" else ""
            names.add(".".join(scopes + [w[4] + rng]))
        elif w[0] == "$enddefinitions":
            break
    return names


def l1_clients(bhsim):
    out = subprocess.run([bhsim, "--list-l1-ports=markdown"], capture_output=True, text=True,
                         check=True).stdout
    rows = re.findall(r"^\| (\d+) \| `([a-z0-9_]+)` \|", out, re.M)
    return {int(v): n for v, n in rows}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bhsim")
    ap.add_argument("base")
    ap.add_argument("--expect-group", action="append", default=[])
    a = ap.parse_args()
    gtkw = a.base + ".gtkw"
    if not os.path.exists(gtkw):
        print("FAIL: %s not written next to the VCD" % gtkw)
        return 1
    names = vcd_names(a.base + ".vcd")
    clients = l1_clients(a.bhsim)
    check(len(clients) > 0, "bhsim --list-l1-ports=markdown lists no client")
    lines = open(gtkw).read().splitlines()
    open_groups, groups, filters, signals = [], [], set(), 0
    for i, line in enumerate(lines):
        if line.startswith("[dumpfile]"):
            dump = line.split('"')[1]
            check(os.path.samefile(dump, a.base + ".vcd"), "dumpfile %s is not the VCD" % dump)
        elif line.startswith("^"):
            filters.add(line.split(None, 1)[1])
        elif line in ("@800200", "@c00200", "@1000200", "@1401200"):
            title = lines[i + 1][1:] if i + 1 < len(lines) and lines[i + 1][:1] == "-" else None
            check(title is not None, "line %d: a group flag without a '-title' line" % (i + 1))
            if line in ("@800200", "@c00200"):
                open_groups.append(title)
                groups.append(title)
            else:
                check(open_groups and open_groups.pop() == title,
                      "line %d: group end '%s' does not close the open group" % (i + 1, title))
        elif line and line[0] not in "[@-*":
            signals += 1
            check(line in names, "line %d: signal %s is not in the VCD" % (i + 1, line))
    check(not open_groups, "groups left open: %s" % open_groups)
    check(signals > 0, "the save file names no signal")
    for want in a.expect_group:
        check(any(want in g for g in groups), "no group titled '...%s...' in %s" % (want, groups))
    for path in filters:
        entries = {}
        for line in open(path):
            w = line.split(None, 1)
            if w and not w[0].startswith("#"):
                entries[int(w[0])] = w[1].strip()
        if path.endswith(".rv_states.txt"):
            want = dict(enumerate(RV_STATES))
        elif path.endswith(".coproc_states.txt"):
            want = dict(enumerate(COPROC_STATES))
        elif path.endswith(".unit_states.txt"):
            want = dict(enumerate(UNIT_STATES))
        else:
            check(path.endswith(".l1_clients.txt"), "filter %s: unknown kind" % path)
            want = dict(clients)
            want[0] = "idle"
        check(entries == want, "filter %s maps %s, want %s" % (path, entries, want))
    for f in failures:
        print("check_gtkw: FAIL: " + f)
    if not failures:
        print("check_gtkw: %d signals, %d groups, %d filters OK" % (signals, len(groups), len(filters)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
