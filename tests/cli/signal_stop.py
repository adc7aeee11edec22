#!/usr/bin/env python3
"""A run stopped by SIGINT or SIGTERM finishes its outputs: the report says error.kind
"interrupted" at a cycle inside the run, the VCD ends on a whole timestamp line, and bhsim exits
128 + the signal (130, 143), as a shell reports a process a signal ended.

Usage: signal_stop.py BHSIM OUTDIR INT|TERM [bhsim args...]
The signal is sent once the progress line shows the run is under way (not after a fixed time,
so a slow machine cannot send it before bhsim is listening)."""
import json
import os
import signal
import subprocess
import sys
import time


def main(bhsim, out, name, args):
    sig = {"INT": signal.SIGINT, "TERM": signal.SIGTERM}[name]
    os.makedirs(out, exist_ok=True)
    report, vcd = os.path.join(out, f"stop_{name}.json"), os.path.join(out, f"stop_{name}.vcd")
    for f in (report, vcd):
        if os.path.exists(f):
            os.remove(f)
    p = subprocess.Popen([bhsim, *args, "--report", report, "--vcd", vcd],
                         stderr=subprocess.PIPE, stdout=subprocess.DEVNULL)
    seen = b""
    deadline = time.time() + 300
    while b"bhsim: cycle" not in seen:  # the progress line: the run loop is running
        chunk = p.stderr.read1(4096)
        if not chunk or time.time() > deadline:
            p.kill()
            sys.exit(f"signal_stop: no progress line before the run ended: {seen[-500:]!r}")
        seen += chunk
    p.send_signal(sig)
    rest = p.communicate(timeout=300)[1]
    errors = []
    if p.returncode != 128 + sig:
        errors.append(f"exit {p.returncode}, expected {128 + sig}")
    r = json.load(open(report))
    e = r.get("error", {})
    if e.get("kind") != "interrupted" or f"signal {int(sig)}" not in e.get("message", ""):
        errors.append(f"report error {e}, expected kind interrupted by signal {int(sig)}")
    if not 0 < e.get("cycle", 0) <= r["sim"]["cycles"]:
        errors.append(f"error cycle {e.get('cycle')} outside the run's {r['sim']['cycles']}")
    with open(vcd, "rb") as f:
        text = f.read()
    last = text.rstrip(b"\n").rsplit(b"\n", 1)[-1]
    if not text.endswith(b"\n") or not (last.startswith(b"#") and last[1:].isdigit()):
        errors.append(f"the VCD does not end on a whole timestamp line: {text[-80:]!r}")
    if b"interrupted by signal" not in rest:
        errors.append(f"stderr does not say it was interrupted: {rest[-300:]!r}")
    for err in errors:
        print("FAIL:", err)
    if not errors:
        print(f"signal_stop {name}: exit {p.returncode}, stopped at cycle {e['cycle']}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]))
