"""Running one point of a sweep, anywhere (this process, a Dask worker, a Slurm task): bhsim
as a process, its report, the metrics, and one row that says what happened. The row is
written last, atomically, next to the report: a point whose row exists is done, which is
what resuming relies on."""
import json
import os
import shutil
import socket
import subprocess
import time

from bhstudy.sweep import Point, SweepError


def find_bhsim(hint=None):
    """the bhsim to run: hint, $BHSIM, bhsim on PATH, else this checkout's build/bhsim"""
    here = os.path.dirname(os.path.abspath(__file__))
    for c in (hint, os.environ.get("BHSIM"), shutil.which("bhsim"),
              os.path.join(here, "..", "..", "build", "bhsim")):
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return os.path.abspath(c)
    raise SweepError("no bhsim found: give --bhsim PATH, set $BHSIM, put bhsim on PATH, or "
                     "build this checkout (build/bhsim)")


_IDS = {}


def bhsim_id(path):
    """the first 12 hex digits of the bhsim binary's SHA-256: which build ran a point"""
    import hashlib
    st = os.stat(path)
    key = (path, st.st_mtime_ns, st.st_size)
    if key not in _IDS:
        h = hashlib.sha256()
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
        _IDS[key] = h.hexdigest()[:12]
    return _IDS[key]


def point_dir(out, point_hash):
    return os.path.join(out, "points", point_hash)


def read_row(out, point_hash):
    try:
        with open(os.path.join(point_dir(out, point_hash), "row.json")) as f:
            return json.load(f)
    except (OSError, json.JSONDecodeError):
        return None


def _write_json(path, data):
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "w") as f:
        json.dump(data, f, indent=1)
    os.replace(tmp, path)


def _error_line(text):
    """what bhsim said went wrong: its last 'bhsim:' line, else the last line"""
    lines = [l for l in text.splitlines() if l.strip()]
    said = [l for l in lines if l.startswith("bhsim:")]
    return (said or lines or [""])[-1][:400]


def run_point(point, out, bhsim, timeout):
    """runs point (a Point or its dict) with bhsim into out/points/HASH/; returns its row: how
    the run went (the metrics are read from its report when the table is made, so a sweep's
    metrics can change without running anything again)"""
    if isinstance(point, dict):
        point = Point.from_dict(point)
    d = point_dir(out, point.hash)
    os.makedirs(d, exist_ok=True)
    report = os.path.join(d, "report.json")
    if os.path.exists(report):
        os.remove(report)  # a report left by a run that died is not this run's
    argv = [bhsim, "-q", *point.args, "--report", report]
    row = {"index": point.index, "hash": point.hash, "seed": point.seed, **point.values}
    t0 = time.monotonic()
    try:
        with open(os.path.join(d, "log.txt"), "w") as log:
            log.write(" ".join(argv) + "\n")
            log.flush()
            p = subprocess.run(argv, stdout=log, stderr=subprocess.STDOUT, timeout=timeout,
                               cwd=d)
        rc = p.returncode
        status = "ok" if rc == 0 else "failed"
    except subprocess.TimeoutExpired:
        rc, status = None, "timeout"
    wall = time.monotonic() - t0
    log_text = open(os.path.join(d, "log.txt")).read()
    error = ""
    if status == "timeout":
        error = f"killed after {timeout:g} s (the sweep's timeout)"
    elif status == "failed":
        error = f"exit {rc}: {_error_line(log_text.split(chr(10), 1)[-1])}"
    if status == "ok" and not os.path.exists(report):
        status, error = "failed", "bhsim wrote no report"
    row.update({"status": status, "exit": rc, "error": error, "wall_s": round(wall, 3),
                "bhsim": bhsim_id(bhsim),
                "report": report if os.path.exists(report) else "", "host": socket.gethostname(),
                "args": " ".join(point.args)})
    _write_json(os.path.join(d, "row.json"), row)
    return row
