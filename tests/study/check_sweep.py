#!/usr/bin/env python3
"""bhsim-sweep end to end, serial engine:
- the table: one row per point, every swept key, the seed, each metric equal to the value read
  here from that point's own report, status ok; results.sqlite holds the same rows;
- resume: a sweep interrupted (SIGINT) after two points, run again, runs exactly the points
  that have no row, and leaves the finished points' rows untouched; resuming with another
  bhsim build is refused;
- bad sweep files stop before anything runs, naming the problem: an unknown key, an empty axis,
  a value bhsim refuses, a metric that matches nothing (the first point alone runs).

usage: check_sweep.py BHSIM WORKDIR"""
import csv
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

TOOL = os.path.join(os.path.dirname(__file__), "..", "..", "tools", "bhsim-sweep")
PY = "/usr/bin/python3"  # Debian's, with its packages (PyYAML)

SWEEP = """name: serial_test
base:
  workload: uniform
  cycles: 600
  set: {workload.rate: 0.15}
axes:
  - {key: noc.router_latency_cycles, values: [5, 9, 18]}
  - zip:
      - {key: noc.vc_buffer_flits, values: [4, 20]}
      - {key: workload.packet_bytes, values: [64, 256]}
seeds: [1, 2]
metrics:
  lat: noc0.packet_latency.mean
  injected: noc0.flits.injected
  busiest: max:noc0.link_utilisation.max
"""


def sweep(args, **kw):
    return subprocess.run([PY, TOOL, *args], capture_output=True, text=True, **kw)


def value(report, path):
    node = json.load(open(report))
    for part in path.split("."):
        node = node[part]
    return node


def main(bhsim, work):
    os.makedirs(work, exist_ok=True)
    env = dict(os.environ, BHSIM=bhsim)
    errors = []
    path = os.path.join(work, "serial.yaml")
    open(path, "w").write(SWEEP)
    out = os.path.join(work, "serial-out")
    subprocess.run(["rm", "-rf", out], check=True)

    # resume: stop after two points have finished, then run again
    p = subprocess.Popen([PY, TOOL, "run", path, "-o", out, "--engine", "serial", "--no-plots"],
                         stdout=subprocess.PIPE, text=True, env=env)
    done = 0
    for line in p.stdout:
        if line.startswith("["):
            done += 1
            if done == 2:
                p.send_signal(signal.SIGINT)
                break
    p.communicate(timeout=120)
    rows_before = {h: os.path.getmtime(os.path.join(out, "points", h, "row.json"))
                   for h in os.listdir(os.path.join(out, "points"))
                   if os.path.exists(os.path.join(out, "points", h, "row.json"))}
    if p.returncode != 130 or len(rows_before) < 2:
        errors.append(f"interrupted sweep: exit {p.returncode} with {len(rows_before)} rows "
                      f"(want 130, at least 2)")
    r = sweep(["run", path, "-o", out, "--engine", "serial", "--no-plots"], env=env)
    ran = [l.split("(")[1].split(")")[0] for l in r.stdout.splitlines() if l.startswith("[")]
    if r.returncode != 0:
        errors.append(f"resumed sweep: exit {r.returncode}: {r.stderr}")
    if set(ran) & set(rows_before) or len(ran) + len(rows_before) != 12:
        errors.append(f"resume ran {len(ran)} points, {len(set(ran) & set(rows_before))} of them "
                      f"already done ({len(rows_before)} done before; 12 in all)")
    for h, t in rows_before.items():
        if os.path.getmtime(os.path.join(out, "points", h, "row.json")) != t:
            errors.append(f"resume rewrote the finished point {h}")

    # another bhsim build: resuming would mix two builds in one table, so it is refused
    other = os.path.join(work, "bhsim-other")
    subprocess.run(["cp", bhsim, other], check=True)
    with open(other, "ab") as f:
        f.write(b"\0")  # another build, as far as its hash can tell
    r = sweep(["run", path, "-o", out, "--engine", "serial", "--no-plots", "--bhsim", other])
    if r.returncode != 2 or "ran with another bhsim" not in r.stderr:
        errors.append(f"resume with another bhsim: exit {r.returncode}: {r.stderr.strip()!r}")

    # the table against each point's own report
    rows = list(csv.DictReader(open(os.path.join(out, "results.csv"))))
    if len(rows) != 12:
        errors.append(f"{len(rows)} rows, want 12 (3 x 2 x 2 seeds)")
    seen = set()
    for row in rows:
        seen.add((row["noc.router_latency_cycles"], row["noc.vc_buffer_flits"],
                  row["workload.packet_bytes"], row["seed"]))
        if row["status"] != "ok":
            errors.append(f"point {row['index']}: {row['status']} {row['error']}")
            continue
        rep = row["report"]
        cfg = json.load(open(rep))["config"]
        for key in ("noc.router_latency_cycles", "noc.vc_buffer_flits", "workload.packet_bytes"):
            sect, _, name = key.partition(".")
            got = cfg.get(key, cfg.get(sect, {}).get(name) if isinstance(cfg.get(sect), dict)
                          else None)
            if str(got) != row[key]:
                errors.append(f"point {row['index']}: {key} {row[key]} in the table, "
                              f"{got} in its report's config")
        want_lat = value(rep, "noc0.packet_latency.mean")
        want_inj = value(rep, "noc0.flits.injected")
        if abs(float(row["lat"]) - want_lat) > 1e-9 or int(row["injected"]) != want_inj:
            errors.append(f"point {row['index']}: table {row['lat']}/{row['injected']}, report "
                          f"{want_lat}/{want_inj}")
    if len(seen) != 12:
        errors.append(f"{len(seen)} distinct points in the table, want 12")
    con = sqlite3.connect(os.path.join(out, "results.sqlite"))
    n, mean = con.execute("SELECT count(*), avg(lat) FROM runs WHERE status='ok'").fetchone()
    csv_mean = sum(float(r["lat"]) for r in rows) / max(len(rows), 1)
    if n != 12 or abs(mean - csv_mean) > 1e-6:
        errors.append(f"results.sqlite: {n} rows, mean lat {mean}; the CSV's {csv_mean}")

    # bad sweep files: an error before anything runs
    bad = {
        "unknown key": (SWEEP.replace("noc.router_latency_cycles", "noc.router_latncy"),
                        "unknown configuration key 'noc.router_latncy'"),
        "empty axis": (SWEEP.replace("values: [5, 9, 18]", "values: []"), "the axis is empty"),
        "refused value": (SWEEP.replace("values: [5, 9, 18]", "values: [5, 9, 5000]"),
                          "value '5000'"),
        "metric matching nothing": (SWEEP.replace("noc0.flits.injected", "noc0.flits.nosuch"),
                                    "injected (noc0.flits.nosuch) match nothing"),
    }
    for what, (text, want) in bad.items():
        bpath = os.path.join(work, "bad.yaml")
        open(bpath, "w").write(text)
        bout = os.path.join(work, "bad-out")
        subprocess.run(["rm", "-rf", bout], check=True)
        r = sweep(["run", bpath, "-o", bout, "--engine", "serial", "--no-plots"], env=env)
        points = os.listdir(os.path.join(bout, "points")) if os.path.isdir(
            os.path.join(bout, "points")) else []
        allowed = 1 if what == "metric matching nothing" else 0  # the probe
        if r.returncode != 2 or want not in r.stderr or len(points) > allowed:
            errors.append(f"{what}: exit {r.returncode}, {len(points)} points run, stderr "
                          f"{r.stderr.strip()!r} (want 2, at most {allowed}, {want!r})")
    for e in errors:
        print("FAIL:", e)
    if not errors:
        print(f"check_sweep: 12 points, {len(ran)} run on resume after {len(rows_before)}; the "
              f"table equals the reports; {len(bad)} bad sweep files refused")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
