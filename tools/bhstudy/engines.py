"""Where the points run: here one after another (serial), on a Dask cluster (a local one
sized to the machine, or --scheduler tcp://HOST:PORT), or as a Slurm job array. Each engine
runs only the points given (the missing ones) and leaves a row.json per point."""
import io
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import zipfile

from bhstudy.run import _write_json, point_dir, run_point
from bhstudy.sweep import SweepError

HERE = os.path.dirname(os.path.abspath(__file__))


def serial(study, points, progress):
    for p in points:
        progress(run_point(p, study.out, study.bhsim, study.timeout))


def _remote(point, bhsim, timeout, files):
    """on a Dask worker: the point in a temporary directory of its own (no shared file system
    needed); returns its row, report and log for the client to store"""
    import tempfile as tf
    from bhstudy import run as r
    exe = bhsim if os.path.isfile(bhsim) else shutil.which("bhsim")
    if not exe:
        raise RuntimeError(f"no bhsim on worker {os.uname().nodename}: neither {bhsim} nor "
                           f"bhsim on its PATH")
    with tf.TemporaryDirectory(prefix="bhsim-sweep-") as d:
        args = list(point["args"])
        for i, a in enumerate(args):  # a config file travels with the task
            if a in files:
                path = os.path.join(d, os.path.basename(a))
                with open(path, "w") as f:
                    f.write(files[a])
                args[i] = path
        row = r.run_point(dict(point, args=args), d, exe, timeout)
        pd = r.point_dir(d, point["hash"])
        report = log = None
        if row["report"]:
            with open(row["report"]) as f:
                report = f.read()
        with open(os.path.join(pd, "log.txt")) as f:
            log = f.read()
        row["args"] = " ".join(point["args"])
        return row, report, log


def _package_zip():
    """bhstudy as a zip for the workers (Client.upload_file): they need only bhsim"""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name in sorted(os.listdir(HERE)):
            if name.endswith(".py"):
                z.write(os.path.join(HERE, name), os.path.join("bhstudy", name))
    path = os.path.join(tempfile.mkdtemp(prefix="bhstudy-"), "bhstudy.zip")
    with open(path, "wb") as f:
        f.write(buf.getvalue())
    return path


def dask(study, points, progress, scheduler=None, workers=None):
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise SweepError("the Dask engine needs Dask distributed (Debian: python3-distributed)")
    cluster = None
    if scheduler:
        try:
            client = Client(scheduler, timeout=30)
        except (OSError, TimeoutError) as e:
            raise SweepError(f"cannot reach the Dask scheduler {scheduler}: {e}")
    else:
        n = workers or os.cpu_count() or 1
        cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
    try:
        client.upload_file(_package_zip())
        files = {}
        for p in points:
            for a in p.args:
                if a.endswith(".json") and os.path.isfile(a) and a not in files:
                    files[a] = open(a).read()
        # pure=False: a point is its own task even if two sweeps name it; a worker that dies
        # has its tasks run again elsewhere (the scheduler's allowed-failures)
        futs = {client.submit(_remote, p.to_dict(), study.bhsim, study.timeout,
                              files, key=f"bhsim-point-{p.hash}", pure=False): p
                for p in points}
        for fut in as_completed(futs):
            p = futs[fut]
            try:
                row, report, log = fut.result()
            except Exception as e:  # the task itself failed (killed too often, no bhsim)
                row, report, log = _lost_row(study, p, f"{type(e).__name__}: {e}"), None, ""
            d = point_dir(study.out, p.hash)
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, "log.txt"), "w") as f:
                f.write(log or "")
            if report is not None:
                path = os.path.join(d, "report.json")
                with open(path, "w") as f:
                    f.write(report)
                row["report"] = path
            if not isinstance(row.get("exit"), int) and row["status"] == "failed":
                progress(row)  # lost, not run: no row.json, so a resume runs it again
                continue
            _write_json(os.path.join(d, "row.json"), row)
            progress(row)
    finally:
        client.close()
        if cluster:
            cluster.close()


def _lost_row(study, p, error):
    row = {"index": p.index, "hash": p.hash, "seed": p.seed, **p.values}
    row.update({"status": "failed", "exit": None, "error": error, "wall_s": None,
                "report": "", "host": "", "args": " ".join(p.args)})
    return row


# Slurm job states: still to end, and ended by Slurm rather than by the task's own exit
ACTIVE = {"PENDING", "RUNNING", "CONFIGURING", "COMPLETING", "SUSPENDED", "REQUEUED",
          "REQUEUE_FED", "REQUEUE_HOLD", "RESIZING", "SIGNALING", "STAGE_OUT", "STOPPED",
          "RESV_DEL_HOLD", "SPECIAL_EXIT"}
KILLED = {"CANCELLED", "TIMEOUT", "NODE_FAIL", "OUT_OF_MEMORY", "PREEMPTED", "BOOT_FAIL",
          "DEADLINE"}


def slurm_submit(study, points, sbatch_args, wait):
    """a job array, one task per point: bhsim-sweep point OUT I for each I"""
    if not shutil.which("sbatch"):
        raise SweepError("--slurm needs Slurm's sbatch on PATH (Debian: slurm-client)")
    d = os.path.join(study.out, "slurm")
    os.makedirs(d, exist_ok=True)
    for name in os.listdir(d):  # a task's output is read for why Slurm killed it: not stale
        if name.startswith("task-") and name.endswith(".out"):
            os.remove(os.path.join(d, name))
    _write_json(os.path.join(d, "points.json"), [p.to_dict() for p in points])
    tool = os.path.abspath(os.path.join(HERE, "..", "bhsim-sweep"))
    script = os.path.join(d, "job.sh")
    with open(script, "w") as f:
        f.write("#!/bin/sh\n"
                f"#SBATCH --job-name=bhsim-{study.name}\n"
                f"#SBATCH --array=0-{len(points) - 1}\n"
                f"#SBATCH --chdir={study.out}\n"
                f"#SBATCH --output={d}/task-%a.out\n"
                f"#SBATCH --time={max(1, int(study.timeout // 60) + 2)}\n"
                f"exec {shlex.quote(sys.executable)} {shlex.quote(tool)} point "
                f"{shlex.quote(study.out)} \"$SLURM_ARRAY_TASK_ID\"\n")
    cmd = ["sbatch", "--parsable", *sbatch_args, *(["--wait"] if wait else []), script]
    # sbatch prints the job's id when it is queued; with --wait it returns only when the job
    # ends: the id is recorded first, so collect (or a second run) knows the job meanwhile
    with tempfile.TemporaryFile("w+") as err:
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=err, text=True)
        job = p.stdout.readline().strip().split(";")[0]
        if job:
            _write_json(os.path.join(d, "job.json"), {"job": job, "points": len(points)})
            if wait:
                print(f"bhsim-sweep: Slurm job {job}: {len(points)} tasks queued; waiting for "
                      f"them to end", flush=True)
        rc = p.wait()
        p.stdout.close()
        err.seek(0)
        msg = err.read().strip()
    if not job:
        raise SweepError(f"sbatch failed (exit {rc}): {msg}")
    if wait and rc != 0:
        print(f"bhsim-sweep: Slurm job {job} ended with failed tasks (sbatch exit {rc}); "
              f"collect reports them", file=sys.stderr)
    return job


def _task_ids(spec):
    """an array's task list as Slurm prints it ('3', '[1-3,5%2]', '1-3') -> [1, 2, 3, ...]"""
    ids = []
    for part in spec.strip("[]").split("%")[0].split(","):
        lo, _, hi = part.partition("-")
        if lo.isdigit() and (not hi or hi.isdigit()):
            ids += range(int(lo), int(hi or lo) + 1)
    return ids


def _sacct_states(job):
    """from Slurm's accounting; {} where there is none (sacct: 'accounting storage is
    disabled')"""
    if not shutil.which("sacct"):
        return {}
    r = subprocess.run(["sacct", "-j", job, "-n", "-P", "-X", "--format=JobID,State,ExitCode"],
                       capture_output=True, text=True)
    states = {}
    for line in r.stdout.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[0].startswith(job + "_"):
            state = (parts[1].split() or ["?"])[0]  # 'CANCELLED by 0' -> CANCELLED
            for i in _task_ids(parts[0][len(job) + 1:]):
                states[i] = (state, parts[2])
    return states


def _scontrol_states(job):
    """from slurmctld, which knows a job until MinJobAge (300 s by default) after it ends"""
    if not shutil.which("scontrol"):
        return {}
    r = subprocess.run(["scontrol", "-o", "show", "job", job], capture_output=True, text=True)
    states = {}
    for line in r.stdout.splitlines():
        f = dict(re.findall(r"(?:^| )(ArrayJobId|ArrayTaskId|JobState|ExitCode)=(\S+)", line))
        if f.get("ArrayJobId") == job and "ArrayTaskId" in f and "JobState" in f:
            for i in _task_ids(f["ArrayTaskId"]):
                states[i] = (f["JobState"], f.get("ExitCode"))
    return states


_STEPD_KILL = re.compile(r"\*\*\* JOB \d+ ON \S+ CANCELLED AT \S+"
                         r"(?: DUE TO ([A-Z ]+?))? \*\*\*")
_DUE_TO = {"TIME LIMIT": "TIMEOUT", "PREEMPTION": "PREEMPTED", "NODE FAILURE": "NODE_FAIL"}


def _output_states(out, n):
    """from the tasks' own output files, where slurmstepd writes why it killed one: what is
    left once slurmctld has forgotten the job, on a cluster without accounting"""
    states = {}
    for i in range(n):
        try:
            with open(os.path.join(out, "slurm", f"task-{i}.out"), errors="replace") as f:
                text = f.read()
        except OSError:
            continue
        m = _STEPD_KILL.findall(text)
        if m:
            states[i] = (_DUE_TO.get(m[-1], "CANCELLED"), None)
        elif "oom-kill event" in text:
            states[i] = ("OUT_OF_MEMORY", None)
    return states


def slurm_task_states(out):
    """(job, task index -> (state, exit code or None), the points submitted) for the last job
    submitted; states from sacct, else (no accounting) from scontrol while slurmctld still
    knows the job, else from what slurmstepd wrote in the tasks' output files"""
    try:
        with open(os.path.join(out, "slurm", "job.json")) as f:
            job = str(json.load(f)["job"])
        with open(os.path.join(out, "slurm", "points.json")) as f:
            submitted = json.load(f)
    except (OSError, ValueError, KeyError):
        return None, {}, []
    states = _output_states(out, len(submitted))
    states.update(_scontrol_states(job))
    states.update(_sacct_states(job))
    return job, states, submitted


def slurm_active(out):
    """(job, its tasks still pending or running) for the last job submitted from out"""
    job, states, _ = slurm_task_states(out)
    return job, sorted(i for i, (state, _) in states.items() if state in ACTIVE)
