#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""bhsim-sweep's Slurm engine on a real Slurm: a private single-node cluster
(tests/study/slurm_cluster.sh: munged, slurmctld and slurmd on this machine, started and
stopped around this check).

usage: check_sweep_slurm.py BHSIM WORKDIR

Run outside such a cluster (no $BHSIM_SLURM_DIR), it starts one with slurm_cluster.sh and runs
itself inside it. Three sweeps, each into WORKDIR:

  ok      4 points (noc.router_latency_cycles 3, 5, 9, 18; --workload uniform --cycles 500),
          `run --slurm --wait` then `collect`: 4 rows, all ok, each row's metric equal to the one
          read here from its point's report.json (and in results.sqlite); the points after the
          first (which bhsim-sweep runs itself, as its check of the metrics) ran as the tasks of
          one Slurm job array: Slurm says each COMPLETED, each task's output file
          (OUT/slurm/task-N.out) names its point, each row's host is the Slurm node.
  failing 3 points, the last with sim.drain_limit_cycles=1 (accepted by `bhsim --list-tiles`,
          refused by the run): `run` and `collect` exit non-zero and name the point and bhsim's
          reason; Slurm says that task FAILED.
  killed  2 points, the second 10^9 cycles long: submitted without --wait; while its task runs
          a second `run` refuses (the task would read the new points.json) and `collect` counts
          it pending; scancel; `collect` gives it a failed row whose error names the Slurm state
          (CANCELLED), and again where slurmctld and sacct know nothing of the job (the task's
          output file, where slurmstepd wrote why it killed it).

The cluster has no accounting (no slurmdbd), so sacct reports nothing: bhsim-sweep reads the
tasks' states from scontrol, then from their output files. Exit 77 where this machine cannot run
Slurm (slurm_cluster.sh says why)."""
import csv
import json
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
TOOL = os.path.join(ROOT, "tools", "bhsim-sweep")
CLUSTER = os.path.join(HERE, "slurm_cluster.sh")
METRIC = ("noc0", "packet_latency", "mean")
failures = []


def ok(msg):
    print(f"ok: {msg}", flush=True)


def bad(msg):
    print(f"FAIL: {msg}", flush=True)
    failures.append(msg)


def need(cond, msg):
    (ok if cond else bad)(msg)
    return cond


def sh(*cmd, env=None):
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    return r.returncode, r.stdout + r.stderr


def sweep_tool(*args, env=None):
    t0 = time.monotonic()
    rc, out = sh(TOOL, *args, env=env)
    print(f"$ bhsim-sweep {' '.join(args)}   # exit {rc}, {time.monotonic() - t0:.1f} s")
    print("  " + out.rstrip().replace("\n", "\n  "), flush=True)
    return rc, out


def write_sweep(path, name, base, axes):
    with open(path, "w") as f:
        json.dump({"name": name, "base": base, "axes": axes,
                   "metrics": {"lat": ".".join(METRIC)}}, f, indent=1)


def job_of(out):
    with open(os.path.join(out, "slurm", "job.json")) as f:
        return str(json.load(f)["job"])


def submitted(out):
    with open(os.path.join(out, "slurm", "points.json")) as f:
        return json.load(f)


def slurm_tasks(job):
    """task -> (JobState, ExitCode), from slurmctld"""
    _, text = sh("scontrol", "-o", "show", "job", job)
    tasks = {}
    for line in text.splitlines():
        f = dict(re.findall(r"(?:^| )(ArrayJobId|ArrayTaskId|JobState|ExitCode)=(\S+)", line))
        if f.get("ArrayJobId") == job and f.get("ArrayTaskId", "").isdigit():
            tasks[int(f["ArrayTaskId"])] = (f["JobState"], f.get("ExitCode"))
    return tasks


def time_limit(job):
    _, text = sh("scontrol", "-o", "show", "job", job)
    m = re.search(r" TimeLimit=(\S+)", text)
    return m and m.group(1)


def rows_of(out):
    with open(os.path.join(out, "results.csv"), newline="") as f:
        return list(csv.DictReader(f))


def report_metric(out, h):
    with open(os.path.join(out, "points", h, "report.json")) as f:
        v = json.load(f)
    for k in METRIC:
        v = v[k]
    return v


def task_output(out, i):
    try:
        with open(os.path.join(out, "slurm", f"task-{i}.out")) as f:
            return f.read()
    except OSError:
        return None


def check_ok_sweep(bhsim, work, nodes):
    out = os.path.join(work, "ok")
    sweep = os.path.join(work, "ok.json")
    write_sweep(sweep, "slurm_ok", {"workload": "uniform", "cycles": 500},
                [{"key": "noc.router_latency_cycles", "values": [3, 5, 9, 18]}])
    rc, text = sweep_tool("run", sweep, "-o", out, "--slurm", "--wait", "--no-plots",
                          "--sbatch-arg=--time=7", "--bhsim", bhsim)
    need(rc == 0, f"run --slurm --wait exits 0 (got {rc})")
    if not os.path.exists(os.path.join(out, "slurm", "job.json")):
        return bad("no OUT/slurm/job.json: nothing was submitted")
    job, sub = job_of(out), submitted(out)
    need(f"Slurm job {job}: 3 tasks queued" in text, f"run names Slurm job {job} as it waits")
    rc, text = sweep_tool("collect", out)
    need(rc == 0 and "4 points: 4 ok, 0 failed, 0 not run" in text, "collect: 4 ok")
    rows = rows_of(out)
    need(len(rows) == 4 and all(r["status"] == "ok" for r in rows),
         f"results.csv: 4 rows, all ok ({[r['status'] for r in rows]})")
    con = sqlite3.connect(os.path.join(out, "results.sqlite"))
    db = {h: lat for h, lat in con.execute("SELECT hash, lat FROM runs WHERE status = 'ok'")}
    con.close()
    lats = []
    for r in rows:
        want = report_metric(out, r["hash"])
        lats.append(want)
        need(float(r["lat"]) == want and db.get(r["hash"]) == want,
             f"point {r['index']} (router latency {r['noc.router_latency_cycles']}): lat "
             f"{r['lat']} in results.csv, {db.get(r['hash'])} in results.sqlite, {want} in "
             f"its report.json")
    need(lats == sorted(lats) and len(set(lats)) == 4,
         f"the mean latency grows with the router latency: {lats}")
    # under Slurm: the points after the first are the tasks of job J, which Slurm ran
    need([p["index"] for p in sub] == [1, 2, 3],
         "points 1-3 were submitted as tasks 0-2 (point 0 ran here, the metric check)")
    need(time_limit(job) == "00:07:00", f"--sbatch-arg=--time=7 overrides job.sh's --time "
         f"(TimeLimit {time_limit(job)})")
    tasks = slurm_tasks(job)
    need(sorted(tasks) == [0, 1, 2] and all(s == ("COMPLETED", "0:0") for s in tasks.values()),
         f"scontrol: job {job}'s tasks all COMPLETED, exit 0:0 ({tasks})")
    by_hash = {r["hash"]: r for r in rows}
    for i, p in enumerate(sub):
        text = task_output(out, i)
        need(text is not None and f"point {p['index']} ({p['hash']}): ok" in text,
             f"OUT/slurm/task-{i}.out names point {p['index']} ({p['hash']}) ok")
        host = by_hash[p["hash"]]["host"]
        need(host.split(".")[0] in nodes,
             f"point {p['index']}'s row: host {host}, a Slurm node {nodes}")


def check_failing_sweep(bhsim, work):
    out = os.path.join(work, "failing")
    sweep = os.path.join(work, "failing.json")
    write_sweep(sweep, "slurm_failing", {"workload": "uniform", "cycles": 500},
                [{"zip": [{"key": "noc.router_latency_cycles", "values": [3, 5, 9]},
                          {"key": "sim.drain_limit_cycles", "values": [10000000, 10000000, 1]}]}])
    rc, _ = sh(bhsim, "--workload", "uniform", "--cycles", "500", "--set",
               "sim.drain_limit_cycles=1", "--list-tiles")
    need(rc == 0, "bhsim --list-tiles accepts sim.drain_limit_cycles=1 (the sweep's check does)")
    rc, text = sweep_tool("run", sweep, "-o", out, "--slurm", "--wait", "--no-plots",
                          "--bhsim", bhsim)
    need(rc != 0, f"run --slurm --wait exits non-zero with a failed point (got {rc})")
    need("ended with failed tasks" in text, "run says the Slurm job ended with failed tasks")
    rc, text = sweep_tool("collect", out)
    need(rc == 1 and "3 points: 2 ok, 1 failed, 0 not run" in text, "collect: 2 ok, 1 failed")
    need(re.search(r"point 2 \(\w+\): failed: exit 1: bhsim: .*sim\.drain_limit_cycles", text),
         "collect names point 2 and bhsim's reason (sim.drain_limit_cycles)")
    rows = {int(r["index"]): r for r in rows_of(out)}
    need(rows[2]["status"] == "failed" and "drain_limit_cycles" in rows[2]["error"]
         and rows[0]["status"] == rows[1]["status"] == "ok",
         f"results.csv: point 2 failed ({rows[2]['error'][:60]}...), 0 and 1 ok")
    need(time_limit(job_of(out)) == "01:02:00",
         f"job.sh's --time: the sweep's timeout (3600 s) + 2 min (TimeLimit "
         f"{time_limit(job_of(out))})")
    tasks = slurm_tasks(job_of(out))
    need(tasks.get(1) == ("FAILED", "1:0") and tasks.get(0) == ("COMPLETED", "0:0"),
         f"scontrol: task 1 (point 2) FAILED exit 1:0, task 0 COMPLETED ({tasks})")


def cmdline(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().decode(errors="replace")
    except OSError:
        return ""


def wait_for(what, cond, limit):
    t0 = time.monotonic()
    while time.monotonic() - t0 < limit:
        v = cond()
        if v:
            return v
        time.sleep(0.5)
    bad(f"{what}: not within {limit} s")
    return None


def check_killed_sweep(bhsim, work):
    out = os.path.join(work, "killed")
    sweep = os.path.join(work, "killed.json")
    write_sweep(sweep, "slurm_killed", {"workload": "uniform"},
                [{"key": "sim.cycles", "values": [500, 1000000000]}])
    rc, text = sweep_tool("run", sweep, "-o", out, "--slurm", "--no-plots", "--bhsim", bhsim)
    if not need(rc == 0 and os.path.exists(os.path.join(out, "slurm", "job.json")),
                "run --slurm (no --wait) submits and returns"):
        return
    job, sub = job_of(out), submitted(out)
    long_log = os.path.join(out, "points", sub[0]["hash"], "log.txt")
    if not wait_for(f"task {job}_0 running bhsim",
                    lambda: slurm_tasks(job).get(0, ("",))[0] == "RUNNING"
                    and os.path.exists(long_log), 60):
        return
    ok(f"task {job}_0 runs point 1 (10^9 cycles)")
    rc, text = sweep_tool("run", sweep, "-o", out, "--slurm", "--no-plots", "--bhsim", bhsim)
    need(rc == 2 and f"Slurm job {job} still has 1 task(s) pending or running" in text,
         "a second run refuses while the job's task runs")
    rc, text = sweep_tool("collect", out)
    need(rc == 1 and "1 ok, 0 failed, 1 not run" in text and "still pending or running" in text,
         "collect while it runs: 1 not run, the task counted as running, not as failed")
    sh("scancel", f"{job}_0")
    if not wait_for(f"task {job}_0 cancelled",
                    lambda: slurm_tasks(job).get(0, ("",))[0] == "CANCELLED", 30):
        return
    ok(f"scancel {job}_0: scontrol says CANCELLED")
    left = [pid for pid in os.listdir("/proc") if pid.isdigit() and sub[0]["hash"] in cmdline(pid)]
    need(not left, f"no process of point 1 outlives its task ({left})")
    rc, text = sweep_tool("collect", out)
    rows = {int(r["index"]): r for r in rows_of(out)}
    need(rc == 1 and "1 ok, 1 failed, 0 not run" in text, "collect: 1 ok, 1 failed")
    need(rows[1]["status"] == "failed" and f"Slurm task {job}_0: CANCELLED" in rows[1]["error"],
         f"point 1's row names the Slurm state: {rows[1]['error']!r}")
    # once slurmctld has forgotten the job (MinJobAge), with no accounting: the task's output
    shim = os.path.join(work, "forgotten-bin")
    os.makedirs(shim, exist_ok=True)
    for name in ("scontrol", "sacct"):
        with open(os.path.join(shim, name), "w") as f:
            f.write("#!/bin/sh\necho 'slurm_load_jobs error: Invalid job id specified' >&2\n"
                    "exit 1\n")
        os.chmod(os.path.join(shim, name), 0o755)
    env = dict(os.environ, PATH=shim + os.pathsep + os.environ["PATH"])
    need("CANCELLED AT" in (task_output(out, 0) or ""),
         "slurmstepd wrote why it killed the task in OUT/slurm/task-0.out")
    rc, text = sweep_tool("collect", out, env=env)
    rows = {int(r["index"]): r for r in rows_of(out)}
    need(rc == 1 and f"Slurm task {job}_0: CANCELLED" in rows[1]["error"],
         f"with scontrol and sacct knowing nothing, point 1's row still says CANCELLED "
         f"({rows[1]['error']!r})")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    bhsim, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    if not os.environ.get("BHSIM_SLURM_DIR"):  # not inside a private cluster yet: start one
        os.execvp("bash", ["bash", CLUSTER, "run", "--", sys.executable,
                           os.path.abspath(__file__), bhsim, work])
    if not shutil.which("/usr/bin/python3"):
        print("skipped: tools/bhsim-sweep runs with /usr/bin/python3, not here")
        sys.exit(77)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    os.environ.setdefault("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1")
    _, text = sh("sinfo", "-h", "-N", "-o", "%n")
    nodes = sorted({n.split(".")[0] for n in text.split()}) or [socket.gethostname()]
    t0 = time.monotonic()
    print(f"== Slurm: {os.environ.get('SLURM_CONF')}, nodes {nodes}", flush=True)
    for name, fn, args in (("ok", check_ok_sweep, (bhsim, work, nodes)),
                           ("failing", check_failing_sweep, (bhsim, work)),
                           ("killed", check_killed_sweep, (bhsim, work))):
        print(f"== sweep {name}", flush=True)
        fn(*args)
    print(f"== {time.monotonic() - t0:.0f} s in the cluster")
    if failures:
        print(f"{len(failures)} check(s) failed:\n  " + "\n  ".join(failures))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
