#!/usr/bin/env python3
"""The sweep file without bhsim: expansion (crossed axes in order, zipped axes together, ranges
with their stop included, seeds innermost), a point's hash (the same command, the same hash;
any difference, another), metric paths (wildcards need an aggregate; aggregates over the
matches), and each malformed file refused with its problem named."""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
from bhstudy.sweep import Sweep, SweepError, metric_value  # noqa: E402

BASE = """name: t
base: {workload: uniform, cycles: 100, set: {workload.rate: 0.1}}
axes:
  - {key: a.x, values: [1, 2]}
  - zip:
      - {key: b.y, range: [10, 30, 10]}
      - {key: b.z, values: [p, q, r]}
seeds: [7, 8]
metrics: {m: noc0.flits.injected}
"""


def load(text, suffix=".yaml"):
    f = tempfile.NamedTemporaryFile("w", suffix=suffix, delete=False)
    f.write(text)
    f.close()
    try:
        return Sweep(f.name)
    finally:
        os.unlink(f.name)


def refused(text, want, suffix=".yaml"):
    try:
        load(text, suffix)
    except SweepError as e:
        assert want in str(e), f"{want!r} not in {e}"
        return
    raise AssertionError(f"accepted a sweep that should fail with {want!r}")


def main():
    s = load(BASE)
    pts = s.points()
    assert len(pts) == 2 * 3 * 2, len(pts)
    combos = [(p.values["a.x"], p.values["b.y"], p.values["b.z"], p.seed) for p in pts]
    assert combos[:4] == [("1", "10", "p", 7), ("1", "10", "p", 8), ("1", "20", "q", 7),
                          ("1", "20", "q", 8)], combos[:4]
    assert combos[-1] == ("2", "30", "r", 8)
    assert len({p.hash for p in pts}) == len(pts), "two points share a hash"
    assert [p.hash for p in load(BASE).points()] == [p.hash for p in pts], "hash not stable"
    p0 = pts[0].args
    assert p0[:4] == ["--workload", "uniform", "--cycles", "100"], p0
    assert "--seed" in p0 and p0[p0.index("--seed") + 1] == "7"
    moved = load(BASE.replace("rate: 0.1", "rate: 0.2")).points()
    assert not {p.hash for p in moved} & {p.hash for p in pts}, "a base change kept a hash"
    json_sweep = load('{"base": {"workload": "none"}, "axes": [{"key": "k.a", "values": [true]}],'
                      ' "metrics": {"m": "sim.cycles"}}', ".json")
    assert json_sweep.points()[0].values == {"k.a": "true"}

    rep = {"a": {"b": [{"c": 1}, {"c": 5}], "s": "text"}, "n": 3}
    assert metric_value(rep, "n") == 3
    assert metric_value(rep, "a.b.1.c") == 5
    assert metric_value(rep, "sum:a.b.*.c") == 6 and metric_value(rep, "max:a.b.*.c") == 5
    assert metric_value(rep, "mean:a.b.*.c") == 3 and metric_value(rep, "count:a.b.*") == 2
    assert metric_value(rep, "a.s") == "text"
    assert metric_value(rep, "a.nope") is None and metric_value(rep, "a.b") is None

    refused(BASE.replace("values: [1, 2]", "values: []"), "the axis is empty")
    refused(BASE.replace("range: [10, 30, 10]", "range: [10, 30, 0]"), "range step 0")
    refused(BASE.replace("values: [p, q, r]", "values: [p, q]"), "zipped axes differ in length")
    refused(BASE.replace("key: b.z", "key: a.x"), "on more than one axis")
    refused(BASE.replace("workload.rate", "a.x"), "both in base.set and on an axis")
    refused(BASE.replace("seeds: [7, 8]", "seeds: []"), "seeds must be")
    refused(BASE.replace("m: noc0.flits.injected", "m: noc0.*.injected"), "needs an aggregate")
    refused(BASE.replace("m: noc0", "m: avg:noc0"), "unknown aggregate")
    refused(BASE.replace("metrics: {m: noc0.flits.injected}", "metrics: {}"), "metrics maps")
    refused(BASE.replace("name: t", "nmae: t"), "unknown field(s) ['nmae']")
    refused(BASE.replace("base: {workload: uniform,", "base: {"), "base must name")
    refused("axes: [\n", "not YAML")
    refused("{", "not JSON", ".json")
    print("test_sweepfile: expansion, hashes, metric paths and 13 malformed files ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
