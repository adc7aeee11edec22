"""A sweep as it is being run: its output directory and sweep.json there (the expanded
points, metrics, keys and bhsim), which collect, plot and the Slurm tasks read; and the checks
made before anything runs."""
import json
import os
import re
import subprocess

from bhstudy.run import _write_json
from bhstudy.sweep import Point, SweepError


class Study:
    def __init__(self, out, name, keys, axis_values, metrics, timeout, bhsim, points):
        self.out, self.name, self.keys_ = out, name, keys
        self.axis_values, self.metrics, self.timeout = axis_values, metrics, timeout
        self.bhsim, self.points = bhsim, points

    def keys(self):
        return self.keys_

    @staticmethod
    def from_sweep(sweep, out, bhsim):
        return Study(os.path.abspath(out), sweep.name, sweep.keys(), sweep.axis_values(),
                     sweep.metrics, sweep.timeout, bhsim, sweep.points())

    def save(self):
        from bhstudy.run import bhsim_id
        os.makedirs(self.out, exist_ok=True)
        _write_json(os.path.join(self.out, "sweep.json"), {
            "name": self.name, "bhsim_id": bhsim_id(self.bhsim), "keys": self.keys_, "axis_values": self.axis_values,
            "metrics": self.metrics, "timeout": self.timeout, "bhsim": self.bhsim,
            "points": [p.to_dict() for p in self.points]})

    @staticmethod
    def recorded_bhsim_id(out):
        """the bhsim build the sweep in out last ran with, or None"""
        try:
            with open(os.path.join(out, "sweep.json")) as f:
                return json.load(f).get("bhsim_id")
        except (OSError, ValueError):
            return None

    @staticmethod
    def load(out):
        path = os.path.join(out, "sweep.json")
        try:
            with open(path) as f:
                d = json.load(f)
        except OSError:
            raise SweepError(f"{out}: no sweep here (no sweep.json: run bhsim-sweep run first)")
        except json.JSONDecodeError as e:
            raise SweepError(f"{path}: not JSON: {e}")
        return Study(os.path.abspath(out), d["name"], d["keys"], d["axis_values"], d["metrics"],
                     d["timeout"], d["bhsim"], [Point.from_dict(p) for p in d["points"]])


def known_keys(bhsim):
    r = subprocess.run([bhsim, "--list-params"], capture_output=True, text=True)
    return set(re.findall(r"^  ([a-z_][a-z0-9_]*\.[a-z0-9_.]+) ", r.stdout, re.M))


def _config_error(bhsim, args):
    """bhsim's own verdict on a configuration (it stops naming the key), without running it"""
    r = subprocess.run([bhsim, *args, "--list-tiles"], capture_output=True, text=True)
    if r.returncode == 0:
        return None
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    return (lines or [f"exit {r.returncode}"])[-1]


def check(sweep, bhsim):
    """every key known to bhsim, the base and every axis value accepted, before any run"""
    known = known_keys(bhsim)
    if not known:
        raise SweepError(f"{bhsim} --list-params listed no keys: is it bhsim?")
    for k in list(sweep.base_sets) + sweep.keys():
        if k not in known:
            near = [n for n in sorted(known) if n.split(".")[-1] == k.split(".")[-1]]
            hint = f" (did you mean {', '.join(near[:3])}?)" if near else ""
            raise SweepError(f"{sweep.path}: unknown configuration key {k!r}{hint}; "
                             f"bhsim --list-params lists them")
    base = list(sweep.base_args)
    for k, v in sweep.base_sets.items():
        base += ["--set", f"{k}={v}"]
    err = _config_error(bhsim, base)
    if err:
        raise SweepError(f"{sweep.path}: the base command is refused: {err}")
    for k, vals in sweep.axis_values().items():
        for v in vals:
            err = _config_error(bhsim, base + ["--set", f"{k}={v}"])
            if err:
                raise SweepError(f"{sweep.path}: axis {k}, value {v!r}: {err}")
