"""A sweep file: a base command, axes over configuration keys, seeds and metrics; its grid of
points, each identified by a hash of its full configuration.

The file is YAML or JSON (docs/studies.md):

    name: router_latency_x_vcs
    base:
      workload: matmul            # --workload
      config: p150b               # --config (optional)
      cycles: 20000               # --cycles (optional)
      set: {workload.grid: 4x4, host.transport: backdoor}
    axes:                          # crossed, in order; a "zip" entry moves its keys together
      - {key: noc.router_latency_cycles, values: [5, 9, 18]}
      - {key: noc.request_vcs, range: [1, 4]}          # [start, stop] inclusive, step 1
      - zip:
          - {key: workload.m, values: [8, 16]}
          - {key: workload.n, values: [8, 16]}
    seeds: [1, 2]                  # optional: one run per seed (default: the base's)
    metrics:                       # column -> report path (sweep.metric_values)
      cycles: program.cycles
      matrix: program.matrix_utilization
    timeout: 600                   # seconds per run (optional)

Errors name the file and the entry: SweepError."""
import hashlib
import itertools
import json
import os
import re

ALLOWED_TOP = {"name", "base", "axes", "seeds", "metrics", "timeout", "bhsim"}
ALLOWED_BASE = {"workload", "config", "cycles", "set"}


class SweepError(Exception):
    pass


def _load_text(path):
    try:
        text = open(path).read()
    except OSError as e:
        raise SweepError(f"{path}: cannot read: {e.strerror}")
    if path.endswith(".json"):
        try:
            return json.loads(text)
        except json.JSONDecodeError as e:
            raise SweepError(f"{path}: not JSON: {e}")
    try:
        import yaml
    except ImportError:
        raise SweepError(f"{path}: YAML needs PyYAML (Debian: python3-yaml), or write JSON")
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise SweepError(f"{path}: not YAML: {e}")


def _scalar(v, where):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float, str)):
        return str(v)
    raise SweepError(f"{where}: {v!r} is not a number, string or boolean")


def _axis_values(a, where):
    if not isinstance(a, dict) or "key" not in a:
        raise SweepError(f"{where}: an axis is {{key: K, values: [...]}} or {{key: K, range: "
                         f"[start, stop(, step)]}}")
    extra = set(a) - {"key", "values", "range"}
    if extra:
        raise SweepError(f"{where}: unknown field(s) {sorted(extra)}")
    key = a["key"]
    if not isinstance(key, str) or not key:
        raise SweepError(f"{where}: key must be a configuration key")
    if ("values" in a) == ("range" in a):
        raise SweepError(f"{where} ({key}): give exactly one of values and range")
    if "values" in a:
        vals = a["values"]
        if not isinstance(vals, list):
            raise SweepError(f"{where} ({key}): values must be a list")
        vals = [_scalar(v, f"{where} ({key})") for v in vals]
    else:
        r = a["range"]
        if (not isinstance(r, list) or len(r) not in (2, 3) or
                not all(isinstance(x, int) and not isinstance(x, bool) for x in r)):
            raise SweepError(f"{where} ({key}): range is [start, stop] or [start, stop, step], "
                             f"integers, stop included")
        step = r[2] if len(r) == 3 else 1
        if step == 0:
            raise SweepError(f"{where} ({key}): range step 0")
        vals = [str(v) for v in range(r[0], r[1] + (1 if step > 0 else -1), step)]
    if not vals:
        raise SweepError(f"{where} ({key}): the axis is empty")
    return key, vals


class Point:
    """one run: its index in the grid, the swept values, the seed and bhsim's arguments"""

    def __init__(self, index, values, seed, args):
        self.index = index
        self.values = values  # key -> value text, in axis order
        self.seed = seed
        self.args = args      # bhsim's arguments, without --report or outputs
        canon = json.dumps(args, separators=(",", ":"))
        self.hash = hashlib.sha256(canon.encode()).hexdigest()[:16]

    def to_dict(self):
        return {"index": self.index, "values": self.values, "seed": self.seed,
                "args": self.args, "hash": self.hash}

    @staticmethod
    def from_dict(d):
        p = Point(d["index"], d["values"], d["seed"], d["args"])
        assert p.hash == d["hash"], "a point's hash is of its arguments"
        return p


class Sweep:
    def __init__(self, path):
        self.path = path
        d = _load_text(path)
        if not isinstance(d, dict):
            raise SweepError(f"{path}: the sweep is a mapping with base, axes and metrics")
        extra = set(d) - ALLOWED_TOP
        if extra:
            raise SweepError(f"{path}: unknown field(s) {sorted(extra)} (allowed: "
                             f"{sorted(ALLOWED_TOP)})")
        self.name = str(d.get("name") or os.path.splitext(os.path.basename(path))[0])
        base = d.get("base")
        if not isinstance(base, dict) or "workload" not in base:
            raise SweepError(f"{path}: base must name at least its workload")
        extra = set(base) - ALLOWED_BASE
        if extra:
            raise SweepError(f"{path}: base: unknown field(s) {sorted(extra)} (allowed: "
                             f"{sorted(ALLOWED_BASE)})")
        self.base_args = ["--workload", _scalar(base["workload"], f"{path}: base.workload")]
        if "config" in base:
            cfg = _scalar(base["config"], f"{path}: base.config")
            if os.sep in cfg or cfg.endswith(".json"):  # a file: relative to the sweep file
                cfg = os.path.abspath(os.path.join(os.path.dirname(path), cfg))
            self.base_args += ["--config", cfg]
        if "cycles" in base:
            self.base_args += ["--cycles", _scalar(base["cycles"], f"{path}: base.cycles")]
        sets = base.get("set") or {}
        if not isinstance(sets, dict):
            raise SweepError(f"{path}: base.set maps keys to values")
        self.base_sets = {str(k): _scalar(v, f"{path}: base.set.{k}") for k, v in sets.items()}
        axes = d.get("axes")
        if not isinstance(axes, list) or not axes:
            raise SweepError(f"{path}: axes must be a non-empty list")
        self.axes = []  # each: list of (key, values) moving together
        for i, a in enumerate(axes):
            where = f"{path}: axes[{i}]"
            if isinstance(a, dict) and "zip" in a:
                if set(a) != {"zip"} or not isinstance(a["zip"], list) or not a["zip"]:
                    raise SweepError(f"{where}: zip is a non-empty list of axes")
                group = [_axis_values(z, f"{where}.zip[{j}]") for j, z in enumerate(a["zip"])]
                lens = {len(v) for _, v in group}
                if len(lens) != 1:
                    raise SweepError(f"{where}: zipped axes differ in length "
                                     f"({', '.join(f'{k}: {len(v)}' for k, v in group)})")
                self.axes.append(group)
            else:
                self.axes.append([_axis_values(a, where)])
        keys = [k for g in self.axes for k, _ in g]
        dup = {k for k in keys if keys.count(k) > 1}
        if dup:
            raise SweepError(f"{path}: key(s) {sorted(dup)} on more than one axis")
        clash = set(keys) & set(self.base_sets)
        if clash:
            raise SweepError(f"{path}: key(s) {sorted(clash)} both in base.set and on an axis")
        seeds = d.get("seeds")
        if seeds is None:
            self.seeds = [None]
        elif (isinstance(seeds, list) and seeds and
              all(isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in seeds)):
            self.seeds = seeds
        else:
            raise SweepError(f"{path}: seeds must be a non-empty list of integers >= 0")
        metrics = d.get("metrics")
        if not isinstance(metrics, dict) or not metrics:
            raise SweepError(f"{path}: metrics maps column names to report paths")
        self.metrics = {}
        for col, mpath in metrics.items():
            if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", str(col)):
                raise SweepError(f"{path}: metric name {col!r}: letters, digits and _ only")
            try:
                parse_metric(str(mpath))
            except SweepError as e:
                raise SweepError(f"{path}: metrics.{col}: {e}")
            self.metrics[str(col)] = str(mpath)
        t = d.get("timeout", 3600)
        if not isinstance(t, (int, float)) or isinstance(t, bool) or t <= 0:
            raise SweepError(f"{path}: timeout is seconds per run, above 0")
        self.timeout = float(t)
        self.bhsim = d.get("bhsim")

    def keys(self):
        return [k for g in self.axes for k, _ in g]

    def axis_values(self):
        """key -> its values, in order"""
        return {k: v for g in self.axes for k, v in g}

    def points(self):
        out = []
        ranges = [range(len(g[0][1])) for g in self.axes]
        for combo in itertools.product(*ranges):
            values = {}
            for g, i in zip(self.axes, combo):
                for k, vals in g:
                    values[k] = vals[i]
            for seed in self.seeds:
                args = list(self.base_args)
                for k, v in sorted({**self.base_sets, **values}.items()):
                    args += ["--set", f"{k}={v}"]
                if seed is not None:
                    args += ["--seed", str(seed)]
                out.append(Point(len(out), values, seed, args))
        return out


def parse_metric(text):
    """'program.cycles', 'riscv.*.cores.*.cycles', 'sum:riscv.*.cores.*.cycles' (sum, mean,
    max, min over a wildcard's matches) -> (aggregate or None, [parts])"""
    agg, _, path = text.rpartition(":")
    if agg and agg not in ("sum", "mean", "max", "min", "count"):
        raise SweepError(f"{text!r}: unknown aggregate {agg!r} (sum, mean, max, min, count)")
    parts = path.split(".")
    if not path or any(not p for p in parts):
        raise SweepError(f"{text!r}: a report path is dot-separated names, indices or *")
    if "*" in parts and not agg:
        raise SweepError(f"{text!r}: a path with * needs an aggregate (sum:, mean:, max:, min:, "
                         f"count:)")
    return (agg or None), parts


def _walk(node, parts):
    if not parts:
        yield node
        return
    head, rest = parts[0], parts[1:]
    if head == "*":
        children = node.values() if isinstance(node, dict) else (
            node if isinstance(node, list) else [])
        for c in children:
            yield from _walk(c, rest)
    elif isinstance(node, dict) and head in node:
        yield from _walk(node[head], rest)
    elif isinstance(node, list) and re.fullmatch(r"\d+", head) and int(head) < len(node):
        yield from _walk(node[int(head)], rest)


def metric_value(report, text):
    """the metric's value in the report: a number or a string; None if the path matches
    nothing (or, aggregated, no number)"""
    agg, parts = parse_metric(text)
    found = list(_walk(report, parts))
    if agg is None:
        if not found or isinstance(found[0], (dict, list)):
            return None
        return found[0]
    nums = [x for x in found if isinstance(x, (int, float)) and not isinstance(x, bool)]
    if agg == "count":
        return len(found)
    if not nums:
        return None
    return {"sum": sum(nums), "mean": sum(nums) / len(nums), "max": max(nums),
            "min": min(nums)}[agg]
