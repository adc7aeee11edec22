#!/usr/bin/env python3
"""Runs a reference command and a program, and passes when both exit 0 and print the same text.

  rv_compare.py --ref 'CMD ARGS' --run 'CMD ARGS' [--timeout S]
On a difference: the first differing lines (numbered) and the run's stderr.
"""
import argparse
import shlex
import subprocess
import sys


def run(cmd, timeout):
    try:
        p = subprocess.run(shlex.split(cmd), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout)
        return p.returncode, p.stdout.decode("latin-1"), p.stderr.decode("latin-1")
    except subprocess.TimeoutExpired as e:
        return None, (e.stdout or b"").decode("latin-1"), "timeout after %ds" % timeout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ref", required=True)
    ap.add_argument("--run", required=True)
    ap.add_argument("--timeout", type=int, default=300)
    a = ap.parse_args()
    rrc, rout, rerr = run(a.ref, a.timeout)
    xrc, xout, xerr = run(a.run, a.timeout)
    ok = True
    if rrc != 0:
        print("reference failed (rc %s): %s" % (rrc, rerr.strip()))
        ok = False
    if xrc != 0:
        print("run failed (rc %s): %s" % (xrc, xerr.strip()))
        ok = False
    rl, xl = rout.splitlines(), xout.splitlines()
    shown = 0
    for i in range(max(len(rl), len(xl))):
        r = rl[i] if i < len(rl) else "<end>"
        x = xl[i] if i < len(xl) else "<end>"
        if r != x:
            if shown == 0:
                print("line: expected | got")
            print("%6d: %s | %s" % (i + 1, r, x))
            shown += 1
            ok = False
            if shown >= 20:
                print("... (first 20 differences shown)")
                break
    print("%s: %d lines expected, %d printed" % ("PASS" if ok else "FAIL", len(rl), len(xl)))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
