#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A real browser opens bhsim's timeline: tools/timeline-view.html in headless Chromium
(scripts/check-timeline-browser.py), and its counts equal an independent parse.

usage: check_timeline_browser.py BHSIM OUT.json[.gz] [bhsim arguments...]
       check_timeline_browser.py --broken OUT.json

The first form runs bhsim with --timeline OUT, parses OUT with Python's json (and gzip), and
requires the viewer to load it with no error, draw something, and count the same events (every
element of traceEvents), processes (distinct pids), threads (distinct pid and tid of the X, B,
E, i, I events and thread_name/thread_sort_index metadata), spans (X), counter values (C) and
async spans (b).

The second writes a trace broken three ways (an X without dur, an E without a B, the text cut
off inside an event) and requires the check to fail naming each problem.

Exit 77 (skipped) where Chromium is not installed (scripts/deps.sh installs it)."""
import gzip
import json
import os
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
CHECK = os.path.join(ROOT, "scripts", "check-timeline-browser.py")
NO_CHROMIUM = 3  # check-timeline-browser.py's exit status when Chromium is missing


def check(trace, state):
    r = subprocess.run([sys.executable, CHECK, trace, "--timeout", "120", "--json", state],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(r.stdout, end="")
    if r.returncode == NO_CHROMIUM:
        print("skipped: chromium missing")
        sys.exit(77)
    return r


def counts(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        events = json.load(f)["traceEvents"]
    threads = {(e["pid"], e["tid"]) for e in events
               if e["ph"] in ("X", "B", "E", "i", "I")
               or (e["ph"] == "M" and e["name"] in ("thread_name", "thread_sort_index"))}
    return {"events": len(events), "processes": len({e["pid"] for e in events if "pid" in e}),
            "threads": len(threads), "spans": sum(e["ph"] == "X" for e in events),
            "counters": sum(e["ph"] == "C" for e in events),
            "asyncSpans": sum(e["ph"] == "b" for e in events)}


def good(bhsim, out, args):
    subprocess.run([bhsim, "-q", *args, "--timeline", out], check=True)
    want = counts(out)
    r = check(out, out + ".viewer.json")
    if r.returncode != 0:
        return f"FAIL: the viewer did not load {out} cleanly (exit {r.returncode})"
    with open(out + ".viewer.json") as f:
        got = json.load(f)
    wrong = [f"{k}: viewer {got.get(k)}, Python {v}" for k, v in want.items() if got.get(k) != v]
    if wrong:
        return "FAIL: the viewer's counts differ from Python's parse:\n  " + "\n  ".join(wrong)
    if want["spans"] == 0 or got["drawn"] <= 0:
        return f"FAIL: nothing to see ({want['spans']} spans, {got['drawn']} rectangles drawn)"
    print(f"ok: the viewer's counts equal Python's ({want}), {got['drawn']} rectangles drawn")
    return None


BROKEN = """{"traceEvents":[
{"ph":"M","name":"process_name","pid":1,"args":{"name":"tile (1,2)"}},
{"ph":"M","name":"thread_name","pid":1,"tid":0,"args":{"name":"brisc"}},
{"ph":"X","name":"running","pid":1,"tid":0,"ts":0.5,"dur":1.25,"args":{"cycles":1688}},
{"ph":"X","name":"waiting","pid":1,"tid":0,"ts":2.0,"args":{"cycles":10}},
{"ph":"E","pid":1,"tid":1,"ts":3.0},
{"ph":"X","name":"running","pid":1,"tid":0,"ts":4.0,"du"""


def broken(out):
    with open(out, "w") as f:
        f.write(BROKEN)
    r = check(out, out + ".viewer.json")
    want = ["event 3: X span \"waiting\" on pid 1 tid 0 without dur",
            "event 4: E without a matching B on pid 1 tid 1",
            "truncated JSON: the text ends inside event 5, after 5 events"]
    missing = [w for w in want if w not in r.stdout]
    if r.returncode != 1 or missing:
        return (f"FAIL: exit {r.returncode} (want 1); messages missing: {missing}")
    print("ok: the broken trace fails, each problem named")
    return None


def main(argv):
    if len(argv) == 3 and argv[1] == "--broken":
        failure = broken(argv[2])
    elif len(argv) >= 3:
        failure = good(argv[1], argv[2], argv[3:])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    if failure:
        print(failure)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
