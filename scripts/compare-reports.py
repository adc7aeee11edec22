#!/usr/bin/env python3
"""Refactor check: same runs, same reports.

Usage: scripts/compare-reports.py [--new-keys] [--ignore FIELD ...] OLD_BUILD NEW_BUILD

Runs, with each build's bhsim, every golden run of its ctest (the `golden.*.run` entries and
the fixtures they need; every JSON file they write under the build's tests/ is a report), the
default run (the bhsim command of scripts/run.sh) and every build/bhsim example of the ```sh
blocks of README.md and docs/running.md, then
compares the JSON reports key by key. Fields that measure the host rather than the chip
(wall-clock time, simulation speed, memory) are left out, and each build's source and build
directories are replaced by placeholders, since golden runs name input files by absolute
path. Prints one line per report and every differing field; exits 1 if any differ or a run
is missing on one side. --new-keys: configuration keys the new build adds (present in the
new report's "config" only) are listed once instead of counted as differences. --ignore FIELD
(repeatable): fields of that name, wherever they are, are left out like the host's, for a
change that reshapes them on purpose (e.g. --ignore workload --ignore kernel: the workload
block and the host cores' kernel flag of issue 28).

OLD_BUILD is usually a build of the commit before the refactor, e.g.
  git worktree add /tmp/base <commit> && cmake -S /tmp/base -B /tmp/base/build \\
    -DCMAKE_BUILD_TYPE=Release && cmake --build /tmp/base/build -j2
"""
import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
import time

HOST_FIELDS = {"wall_seconds", "cycles_per_second", "router_cycles_per_second", "peak_rss_mib",
               "sim_wall_seconds", "sim_chip_cycles_per_second"}  # a host program's own speed
README_PLACEHOLDERS = {"FILE": "traces/samples/dram_reads.json"}


def source_dir(build):
    with open(os.path.join(build, "CMakeCache.txt")) as f:
        for line in f:
            if line.startswith("CMAKE_HOME_DIRECTORY:"):
                return line.split("=", 1)[1].strip()
    sys.exit(f"compare-reports: {build} is not a CMake build directory")


def default_run(src):
    """scripts/run.sh's bhsim command line, its outputs dropped (the report is ours)."""
    text = open(os.path.join(src, "scripts", "run.sh")).read().replace("\\\n", " ")
    m = re.search(r"^exec \./(build/bhsim .*?)\s*\"\$@\"\s*$", text, re.M)
    if not m:
        sys.exit("compare-reports: scripts/run.sh has no 'exec ./build/bhsim ... \"$@\"' line")
    args = shlex.split(m.group(1))
    keep, skip = [], False
    for a in args:
        if skip:
            skip = False
        elif a in ("--report", "--heatmap", "--vcd"):
            skip = True
        else:
            keep.append(a)
    return shlex.join(keep)


def readme_examples(src):
    """The bhsim command lines of the ```sh blocks of README.md and docs/running.md
    (continuations joined; --help and --list-* left out), or, in a source from before the
    docs moved, of README's Examples block."""
    text = open(os.path.join(src, "README.md")).read()
    m = re.search(r"^Examples:\n\n```\n(.*?)\n```", text, re.S | re.M)
    if m:
        blocks = [m.group(1)]
    else:
        blocks = []
        for page in ("README.md", os.path.join("docs", "running.md")):
            path = os.path.join(src, page)
            if os.path.exists(path):
                blocks += re.findall(r"^```sh\n(.*?)\n```", open(path).read(), re.S | re.M)
        if not blocks:
            sys.exit("compare-reports: README.md and docs/running.md have no examples")
    lines, cur = [default_run(src)], ""  # the default run (scripts/run.sh) first
    for raw in "\n".join(blocks).splitlines():
        line = raw.split("#", 1)[0].rstrip()
        cur += line[:-1] + " " if line.endswith("\\") else line
        if not line.endswith("\\"):
            if cur.strip().startswith("build/bhsim") and not re.search(r" --(help|list)", cur):
                lines.append(cur.strip())
            cur = ""
    return lines


def placeholder(arg):
    """KEY=FILE in a README example becomes KEY=<a sample file>."""
    key, eq, val = arg.partition("=")
    return key + "=" + README_PLACEHOLDERS[val] if eq and val in README_PLACEHOLDERS else arg


def run_readme(build, src, out):
    os.makedirs(out, exist_ok=True)
    reports = {}
    for line in readme_examples(src):
        args = shlex.split(line)[1:]
        args = [placeholder(a) for a in args]
        # keyed (and its files named) by the command without its output paths, so the same
        # example matches when pages move it
        outputs = ("--vcd", "--dump-l1", "--report")
        shown = [a if not (j > 0 and args[j - 1] in outputs) else "OUT" for j, a in
                 enumerate(args)]
        name = "example_" + hashlib.sha1(shlex.join(shown).encode()).hexdigest()[:12]
        for j, a in enumerate(args):  # outputs go to the scratch directory, not traces/
            if a == "--vcd" and j + 1 < len(args):
                args[j + 1] = os.path.join(out, name + ".vcd")
        rep = os.path.join(out, name + ".json")
        cmd = [os.path.join(build, "bhsim"), "-q", *args, "--report", rep]
        r = subprocess.run(cmd, cwd=src, capture_output=True, text=True,
                           env={**os.environ, "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"})
        reports[f"example ({shlex.join(shown)})"] = (rep, r.returncode)
    return reports


def run_golden(build):
    start = time.time() - 1  # reports are the JSON files the runs write from now on
    r = subprocess.run(["ctest", "--test-dir", build, "-L", "golden", "-R", r"\.(run|gen)$",
                        "-j", str(os.cpu_count() or 1)], capture_output=True, text=True)
    if r.returncode != 0:
        print(f"compare-reports: some golden runs failed in {build} (compared anyway)")
    tests = os.path.join(build, "tests")
    reports = {}
    for root, _, files in os.walk(tests):
        for n in sorted(files):
            path = os.path.join(root, n)
            if n.endswith(".json") and os.path.getmtime(path) >= start:
                reports[os.path.relpath(path, tests)] = (path, 0)
    return reports


IGNORED = set()  # --ignore


def normalize(v, subst):
    if isinstance(v, dict):
        return {k: normalize(x, subst) for k, x in v.items()
                if k not in HOST_FIELDS and k not in IGNORED}
    if isinstance(v, list):
        return [normalize(x, subst) for x in v]
    if isinstance(v, str):
        for a, b in subst:
            v = v.replace(a, b)
    return v


ADDED_KEYS = set()


def diff(a, b, path, out, new_keys=False):
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if new_keys and path == ".config" and k not in a:
                ADDED_KEYS.add(f"{k}={b[k]!r}")
            elif k not in a or k not in b:
                out.append(f"  {path}.{k}: {'missing' if k not in a else a[k]!r} -> "
                           f"{'missing' if k not in b else b[k]!r}")
            else:
                diff(a[k], b[k], f"{path}.{k}", out, new_keys)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            diff(x, y, f"{path}[{i}]", out)
    elif a != b:
        out.append(f"  {path}: {a!r} -> {b!r}")


def collect(build):
    build = os.path.abspath(build)
    src = source_dir(build)
    subst = [(build, "<build>"), (src, "<src>")]
    reports = run_golden(build)
    reports.update(run_readme(build, src, os.path.join(build, "compare-reports")))
    return reports, subst


def load(path, subst):
    try:
        with open(path) as f:
            return normalize(json.load(f), subst)
    except (OSError, ValueError) as e:
        return f"unreadable: {e}"


def main():
    args = sys.argv[1:]
    new_keys = "--new-keys" in args
    args = [a for a in args if a != "--new-keys"]
    while "--ignore" in args:
        i = args.index("--ignore")
        if i + 1 >= len(args):
            sys.exit(__doc__)
        IGNORED.add(args[i + 1])
        del args[i:i + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    old, old_subst = collect(args[0])
    new, new_subst = collect(args[1])
    bad = 0
    for name in sorted(set(old) | set(new)):
        if name not in old or name not in new:
            print(f"MISSING {name}: only in {'new' if name not in old else 'old'}")
            bad += 1
            continue
        lines = []
        if old[name][1] != new[name][1]:
            lines.append(f"  exit status: {old[name][1]} -> {new[name][1]}")
        diff(load(old[name][0], old_subst), load(new[name][0], new_subst), "", lines, new_keys)
        print(f"{'same' if not lines else 'DIFFERS'} {name}")
        for line in lines[:20]:
            print(line)
        bad += bool(lines)
    if ADDED_KEYS:
        print("new configuration keys (values as reported): " + ", ".join(sorted(ADDED_KEYS)))
    print(f"compare-reports: {len(set(old) | set(new)) - bad} identical, {bad} differ or missing")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
