#!/usr/bin/env python3
"""bhsim-sweep on a real Dask cluster: Debian's dask-scheduler and two dask-worker processes
on localhost, the sweep through --scheduler. One worker is killed (SIGKILL, no nanny to
restart it) while it runs a point; the scheduler gives its work to the other, and the table
must still have every point, each metric equal to the value in that point's own report.

usage: check_sweep_dask.py BHSIM WORKDIR"""
import csv
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time

TOOL = os.path.join(os.path.dirname(__file__), "..", "..", "tools", "bhsim-sweep")
PY = "/usr/bin/python3"

SWEEP = """name: dask_test
base:
  workload: uniform
  cycles: 2500
  set: {workload.rate: 0.2}
axes:
  - {key: noc.router_latency_cycles, values: [5, 9, 13, 18]}
  - {key: noc.vc_buffer_flits, values: [4, 20]}
metrics:
  lat: noc0.packet_latency.mean
"""


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def wait_for(pred, seconds, what):
    end = time.time() + seconds
    while time.time() < end:
        if pred():
            return
        time.sleep(0.2)
    raise SystemExit(f"FAIL: timed out waiting for {what}")


def main(bhsim, work):
    for tool in ("dask-scheduler", "dask-worker"):
        if not shutil.which(tool):
            print(f"SKIP: {tool} not installed (Debian package python3-distributed)")
            return 77
    os.makedirs(work, exist_ok=True)
    port = free_port()
    addr = f"tcp://127.0.0.1:{port}"
    logs = {n: open(os.path.join(work, f"{n}.log"), "w") for n in ("scheduler", "w1", "w2")}
    procs = {}
    errors = []
    try:
        procs["scheduler"] = subprocess.Popen(
            ["dask-scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
            stdout=logs["scheduler"], stderr=subprocess.STDOUT)
        wait_for(lambda: socket.socket().connect_ex(("127.0.0.1", port)) == 0, 60, "scheduler")
        for w in ("w1", "w2"):  # no nanny: a killed worker stays dead
            procs[w] = subprocess.Popen(
                ["dask-worker", addr, "--name", w, "--nworkers", "1", "--nthreads", "1",
                 "--no-nanny", "--no-dashboard"],
                stdout=logs[w], stderr=subprocess.STDOUT)
        wait_for(lambda: all("Registered to" in open(os.path.join(work, f"{w}.log")).read()
                             for w in ("w1", "w2")), 60, "both workers to register")
        path = os.path.join(work, "dask.yaml")
        open(path, "w").write(SWEEP)
        out = os.path.join(work, "dask-out")
        shutil.rmtree(out, ignore_errors=True)
        env = dict(os.environ, BHSIM=bhsim)
        p = subprocess.Popen([PY, TOOL, "run", path, "-o", out, "--scheduler", addr,
                              "--no-plots"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True, env=env)
        lines, killed_at = [], None
        for line in p.stdout:
            lines.append(line)
            done = sum(l.startswith("[") for l in lines)
            # the first point runs alone (the metric probe); kill w1 once the cluster has
            # finished one point of its own, while both are busy with the next ones
            if killed_at is None and done >= 2:
                running = [d for d in os.listdir("/proc") if d.isdigit() and _child_of(
                    int(d), procs["w1"].pid)]
                procs["w1"].send_signal(signal.SIGKILL)
                killed_at = (done, len(running))
        p.wait(timeout=300)
        if killed_at is None:
            errors.append("the sweep ended before a worker could be killed")
        elif killed_at[1] == 0:
            errors.append("w1 ran no bhsim when it was killed: nothing was at stake")
        if p.returncode != 0:
            errors.append(f"sweep exit {p.returncode}: {''.join(lines[-5:])}")
        rows = list(csv.DictReader(open(os.path.join(out, "results.csv"))))
        if len(rows) != 8:
            errors.append(f"{len(rows)} rows, want 8: a point was lost")
        for r in rows:
            if r["status"] != "ok":
                errors.append(f"point {r['index']}: {r['status']} {r['error']}")
                continue
            rep = json.load(open(r["report"]))
            want = rep["noc0"]["packet_latency"]["mean"]
            if abs(float(r["lat"]) - want) > 1e-9:
                errors.append(f"point {r['index']}: table {r['lat']}, report {want}")
        if not errors:
            print(f"check_sweep_dask: 8 points through {addr} on 2 workers; w1 killed after "
                  f"{killed_at[0]} points while running {killed_at[1]} bhsim; every point in "
                  f"the table, equal to its report")
    finally:
        for pr in procs.values():
            if pr.poll() is None:
                pr.kill()
                pr.wait()
    for e in errors:
        print("FAIL:", e)
    if errors:
        for n in ("scheduler", "w1", "w2"):
            print(f"--- {n}.log (tail)")
            print("".join(open(os.path.join(work, f"{n}.log")).readlines()[-15:]))
    return 1 if errors else 0


def _child_of(pid, parent):
    """pid is a bhsim descended from parent"""
    try:
        stat = open(f"/proc/{pid}/stat").read()
        comm = stat[stat.index("(") + 1:stat.rindex(")")]
        ppid = int(stat[stat.rindex(")") + 2:].split()[1])
    except (OSError, ValueError):
        return False
    while ppid > 1:
        if ppid == parent:
            return comm == "bhsim"
        try:
            s = open(f"/proc/{ppid}/stat").read()
            ppid = int(s[s.rindex(")") + 2:].split()[1])
        except (OSError, ValueError):
            return False
    return False


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
