#!/usr/bin/env python3
"""Checks the GTKWave files bhsim writes next to a VCD (platform/output/vcd_views.h) against the VCD
and the L1 client table: every signal the save file names exists in the VCD, its groups open
and close in pairs, its dump file is the VCD, the L1 translate filter it attaches maps 0 to
idle and 1 + i to client i of `bhsim --list-l1-ports`, the RISC-V core state filter (if
any) maps 0..5 to the states of docs/outputs.md, and the coprocessor thread and unit state
filters (if any) map 0..4 and 0..7 to their states.

The rows are for people: every signal row has a display name ("+{alias} signal") naming its
tile "(x,y)" (a NoC link names both ends, a GDDR6 controller the tile of its first endpoint),
no two rows share one, and none has a dot (GTKWave shows a name from its last dot on). The
file opens on the whole run: time starts at 0 and the zoom fits the VCD's last time into the
wave area bhsim assumes (WAVE_WIDTH pixels, platform/output/vcd_views.cpp), filling at least a
quarter of it; a comment row says what a cycle is in the file's time unit.

usage: check_gtkw.py BHSIM BASE [--expect-group TEXT ...] [--expect-rv-tiles "x,y x,y..."]
                     [--expect-niu-tiles "x,y x,y..."]
BASE is the VCD path without ".vcd"; a run that wrote a VCD and no BASE.gtkw fails.
--expect-rv-tiles: the riscv cores groups show exactly these tiles (a host program's grid).
--expect-niu-tiles: each NoC's NIU group shows exactly these tiles (the traffic's injectors).
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
# the wave area's width the save file's zoom is computed for, and GTKWave's pixelsperframe
WAVE_WIDTH, PIXELS_PER_FRAME = 600, 200
TILE = re.compile(r"\((\d+),(\d+)\)")


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


def vcd_end(path):
    """The VCD's last time (the run's end): its last '#' line."""
    with open(path, "rb") as f:
        f.seek(0, 2)
        f.seek(max(0, f.tell() - 4096))
        tail = f.read().decode("ascii", "replace").split("\n")
    times = [int(t[1:]) for t in tail if t.startswith("#") and t[1:].isdigit()]
    return times[-1] if times else 0


def tile_set(text):
    return {tuple(int(v) for v in xy.split(",")) for xy in re.split(r"[; ]+", text) if xy}


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
    ap.add_argument("--expect-rv-tiles")
    ap.add_argument("--expect-niu-tiles")
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
    aliases = {}  # display name -> line number
    rows_of = {}  # group title -> the display names of its rows
    zoom = timestart = None
    comments = []
    for i, line in enumerate(lines):
        if line.startswith("[timestart]"):
            timestart = int(line.split()[1])
        elif line.startswith("*"):
            zoom = float(line[1:].split()[0])
        elif line[:1] == "-" and i > 0 and lines[i - 1] == "@200":
            comments.append(line[1:])
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
            m = re.match(r"^\+\{([^}]*)\} (\S+)$", line)
            check(m is not None, "line %d: signal row without a display name: %s" % (i + 1, line))
            alias, signal = (m.group(1), m.group(2)) if m else (None, line)
            check(signal in names, "line %d: signal %s is not in the VCD" % (i + 1, signal))
            if alias is None:
                continue
            check(TILE.search(alias) is not None,
                  "line %d: display name '%s' names no tile (x,y)" % (i + 1, alias))
            check("." not in alias, "line %d: display name '%s' has a dot" % (i + 1, alias))
            check(alias not in aliases, "line %d: display name '%s' also on line %s"
                  % (i + 1, alias, aliases.get(alias)))
            aliases[alias] = i + 1
            if open_groups:
                rows_of.setdefault(open_groups[-1], []).append(alias)
    check(not open_groups, "groups left open: %s" % open_groups)
    check(signals > 0, "the save file names no signal")
    end = vcd_end(a.base + ".vcd")
    check(timestart == 0, "[timestart] is %s, not 0" % timestart)
    check(zoom is not None, "no zoom line ('*<zoom> ...')")
    if zoom is not None and end > 0:
        span = WAVE_WIDTH * 2.0 ** -zoom / PIXELS_PER_FRAME
        check(end <= span <= 4 * end, "zoom %g shows 0..%d in %d pixels, the run ends at %d"
              % (zoom, span, WAVE_WIDTH, end))
    check(any(re.match(r"^1 cycle = \d+ fs", c) for c in comments),
          "no comment row '1 cycle = N fs' in %s" % comments)
    if a.expect_rv_tiles is not None:
        got = set()
        for title, rows in rows_of.items():
            if "riscv cores" in title:
                got |= {tuple(int(v) for v in TILE.search(r).groups()) for r in rows}
        check(got == tile_set(a.expect_rv_tiles),
              "riscv cores groups show tiles %s, want %s" % (sorted(got),
                                                            sorted(tile_set(a.expect_rv_tiles))))
    if a.expect_niu_tiles is not None:
        niu_groups = [t for t in rows_of if "NIUs injecting most" in t]
        check(niu_groups, "no NIU group")
        for title in niu_groups:
            got = {tuple(int(v) for v in TILE.search(r).groups()) for r in rows_of[title]}
            check(got == tile_set(a.expect_niu_tiles), "%s shows tiles %s, want %s"
                  % (title, sorted(got), sorted(tile_set(a.expect_niu_tiles))))
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
        print("check_gtkw: %d signals, %d groups, %d filters, names and zoom OK"
              % (signals, len(groups), len(filters)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
