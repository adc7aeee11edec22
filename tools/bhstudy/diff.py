"""bhsim-diff's logic: two bhsim reports, or two points of sweeps, compared figure by figure.

    from bhstudy import diff
    a, la = diff.load("a.json")            # a report file, or OUT:INDEX / OUT:HASH of a sweep
    b, lb = diff.load("sweep_out:3")
    result = diff.compare(a, b)            # {"config", "changed", "added", "removed", ...}
    result = diff.select(result, top=20, min_rel=1.0)
    print(diff.format_text(result, la, lb))

The configuration ("config", a flat key -> value map) is compared apart and listed first,
except output.report (each report's own name, always different). Everything else is walked
together: objects key by key, lists of objects element by element matched by what identifies
them (a tile's coordinates, a core's name, a link's ends: ID_FIELDS), lists of numbers by
position. A number that differs is a changed figure, with its absolute and
relative change; a string, boolean or null that differs is a changed value; what only one report
has is added (only in B) or removed (only in A). Fields that measure the host rather than the
chip (HOST_FIELDS) are left out unless asked for. Errors in the inputs are DiffError, naming
the input. Plain standard library."""
import json
import math
import os
import re

# The same set as scripts/compare-reports.py's HOST_FIELDS (tests/golden/check_bhsim_diff.py
# checks they agree): the simulator's own speed and memory, which change from one run of the
# same configuration to the next and say nothing about the chip.
HOST_FIELDS = frozenset({"wall_seconds", "cycles_per_second", "router_cycles_per_second",
                         "peak_rss_mib", "sim_wall_seconds", "sim_chip_cycles_per_second"})

# What identifies an element of a list of objects in a report: every one of these fields its
# elements have, together, must be distinct within each report's list. riscv[] and tiles[] by
# tile, cores[] by core, threads[] by thread, L1 clients, ports and banks, DRAM controllers, a
# trace's processors by tile and proc, l1_waits' pairs by waiter and holder, NoC links by from
# and to, their blocked_flows by source and target (or multicast rectangle), ejection links by
# tile. Matching by identity rather than position keeps two reports listing the same elements in
# another order, or one element more (a link that waited in one run only), from pairing
# unrelated elements. All the fields, not the fewest that happen to be distinct: a flow's source
# alone may be distinct on a link in both runs and still be two different flows.
ID_FIELDS = ("tile", "core", "thread", "client", "port", "bank", "controller", "proc",
             "waiter", "holder", "from", "to", "source", "target", "multicast", "name", "id")

# The output keys change no figure of the chip (observing is pure: docs/outputs.md), so they
# are listed after the keys that change the simulation; output.report, the report's own file
# name, differs between any two reports and is not compared at all.
OUTPUT_KEYS_PREFIX = "output."
NOT_COMPARED_KEYS = frozenset({"output.report"})


class DiffError(Exception):
    pass


# --- inputs -----------------------------------------------------------------------------------

def _sweep_point(out, which, arg):
    """the report of point `which` (an index, or a hash or its unique prefix) of the sweep in
    directory out; (path, label)"""
    from bhstudy.study import Study
    from bhstudy.sweep import SweepError
    try:
        study = Study.load(out)
    except SweepError as e:
        raise DiffError(f"{arg}: {e}")
    except (KeyError, TypeError, AssertionError):
        raise DiffError(f"{arg}: {out}/sweep.json is not a sweep bhsim-sweep wrote")
    pts = study.points
    if which.isdigit():
        found = [p for p in pts if p.index == int(which)]
    else:
        found = [p for p in pts if p.hash == which] or \
                [p for p in pts if len(which) >= 4 and p.hash.startswith(which)]
    if len(found) != 1:
        what = "more than one point's hash starts with" if found else "no point"
        raise DiffError(f"{arg}: the sweep {out} has {what} {which!r} (its {len(pts)} points: "
                        f"indices 0-{len(pts) - 1}, or a point's hash from its sweep.json)")
    p = found[0]
    report = os.path.join(study.out, "points", p.hash, "report.json")
    if not os.path.isfile(report):
        raise DiffError(f"{arg}: point {p.index} ({p.hash}) has no report: not run yet, or its "
                        f"run failed (see {os.path.join(study.out, 'points', p.hash, 'log.txt')})")
    vals = ", ".join(f"{k}={v}" for k, v in p.values.items())
    seed = "" if p.seed is None else f", seed {p.seed}"
    return report, f"{arg}: point {p.index} ({p.hash}; {vals}{seed}) {report}"


def resolve(arg):
    """a report file, OUT:INDEX or OUT:HASH (a point of the sweep in directory OUT), or a
    point's own directory -> (report path, label saying what it is)"""
    if os.path.isfile(arg):
        return arg, arg
    out, sep, which = arg.rpartition(":")
    if sep and out and which:
        if os.path.isfile(os.path.join(out, "sweep.json")):
            return _sweep_point(out, which, arg)
        if os.path.isdir(out):
            raise DiffError(f"{arg}: {out} is not a sweep directory (no sweep.json)")
        raise DiffError(f"{arg}: no such report file, nor a sweep directory {out}")
    if os.path.isdir(arg):
        if os.path.isfile(os.path.join(arg, "sweep.json")):
            raise DiffError(f"{arg}: a sweep directory: name one of its points, {arg}:INDEX or "
                            f"{arg}:HASH")
        if os.path.isfile(os.path.join(arg, "report.json")):  # OUT/points/HASH
            return os.path.join(arg, "report.json"), arg
        raise DiffError(f"{arg}: a directory, neither a sweep nor one of its points")
    raise DiffError(f"{arg}: no such file")


def load(arg):
    """(report, label) for a report file or a sweep point; DiffError naming arg if it is
    neither, or not a bhsim report"""
    path, label = resolve(arg)
    try:
        with open(path) as f:
            rep = json.load(f)
    except OSError as e:
        raise DiffError(f"{label}: cannot read: {e.strerror}")
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise DiffError(f"{label}: not JSON ({e}): not a bhsim report")
    if not isinstance(rep, dict) or not isinstance(rep.get("config"), dict) or \
            not isinstance(rep.get("sim"), dict):
        raise DiffError(f"{label}: JSON but not a bhsim report (no \"config\" and \"sim\" "
                        f"sections; bhsim --report FILE writes one)")
    return rep, label


# --- comparing --------------------------------------------------------------------------------

def _is_num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _same(a, b):
    if _is_num(a) and _is_num(b):
        return a == b or (isinstance(a, float) and isinstance(b, float) and
                          math.isnan(a) and math.isnan(b))
    return type(a) is type(b) and a == b


def _freeze(v):
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    if isinstance(v, dict):
        return tuple(sorted((k, _freeze(x)) for k, x in v.items()))
    return v


def _identity(a, b):
    """the ID_FIELDS that identify the elements of lists a and b (a tuple), or None: compare
    them by position"""
    elems = a + b
    if not elems or not all(isinstance(e, dict) for e in elems):
        return None
    combo = tuple(f for f in ID_FIELDS if any(f in e for e in elems))
    if not combo:
        return None
    for lst in (a, b):
        if len({_freeze([e.get(f) for f in combo]) for e in lst}) != len(lst):
            return None
    return combo


def _show_key(v):
    if isinstance(v, list):
        return ",".join(f"({_show_key(x)})" if isinstance(x, list) else _show_key(x) for x in v)
    return str(v)


def _element_path(path, e, combo):
    return path + "[" + " ".join(f"{f}={_show_key(e[f])}" for f in combo if f in e) + "]"


class _Walk:
    def __init__(self, skip):
        self.skip = skip
        self.changed, self.values, self.added, self.removed = [], [], [], []
        self.positional = []  # lists of objects with nothing identifying their elements

    def node(self, a, b, path):
        if isinstance(a, dict) and isinstance(b, dict):
            for k in list(a) + [k for k in b if k not in a]:  # A's order, then B's own keys
                if k in self.skip:
                    continue
                p = f"{path}.{k}" if path else k
                if k not in b:
                    self.removed.append({"path": p, "value": a[k]})
                elif k not in a:
                    self.added.append({"path": p, "value": b[k]})
                else:
                    self.node(a[k], b[k], p)
        elif isinstance(a, list) and isinstance(b, list):
            self.list(a, b, path)
        elif _is_num(a) and _is_num(b):
            if not _same(a, b):
                self.changed.append(_figure(path, a, b))
        elif not _same(a, b):
            self.values.append({"path": path, "a": a, "b": b, "delta": None, "rel_pct": None})

    def list(self, a, b, path):
        combo = _identity(a, b)
        if combo is None:
            if any(isinstance(e, dict) for e in a + b):
                self.positional.append(path)
            for i in range(max(len(a), len(b))):
                p = f"{path}[{i}]"
                if i >= len(b):
                    self.removed.append({"path": p, "value": a[i]})
                elif i >= len(a):
                    self.added.append({"path": p, "value": b[i]})
                else:
                    self.node(a[i], b[i], p)
            return
        key = lambda e: _freeze([e.get(f) for f in combo])  # noqa: E731
        in_b = {key(e): e for e in b}
        in_a = {key(e): e for e in a}
        for e in a:
            p = _element_path(path, e, combo)
            if key(e) in in_b:
                self.node(e, in_b[key(e)], p)
            else:
                self.removed.append({"path": p, "value": e})
        for e in b:
            if key(e) not in in_a:
                self.added.append({"path": _element_path(path, e, combo), "value": e})


def _figure(path, a, b):
    delta = b - a
    if isinstance(delta, float):
        delta = float(f"{delta:.12g}")  # 0.30000000000000004 is 0.3
    rel = None if a == 0 else float(f"{delta / abs(a) * 100:.6g}")
    return {"path": path, "a": a, "b": b, "delta": delta, "rel_pct": rel}


def _rel_size(c):
    """a changed figure's sort key: the largest relative change first, a figure leaving 0
    (infinitely large) before all; ties by absolute change, then path"""
    rel = math.inf if c["rel_pct"] is None else abs(c["rel_pct"])
    return (-rel, -abs(c["delta"]), c["path"])


def compare(a, b, include_host=False):
    """every difference between reports a and b: {"config": [{key, a, b}], "changed": [{path,
    a, b, delta, rel_pct}], "added": [{path, value}], "removed": [...], "host_left_out",
    "positional"}. "changed" holds the figures, largest relative change first (rel_pct None:
    from 0), then the strings, booleans and nulls that differ (delta and rel_pct None). A key
    missing from one configuration has null there."""
    ca, cb = a.get("config", {}), b.get("config", {})
    config = [{"key": k, "a": ca.get(k), "b": cb.get(k)}
              for k in list(ca) + [k for k in cb if k not in ca]
              if k not in NOT_COMPARED_KEYS and
              (k not in ca or k not in cb or not _same(ca[k], cb[k]))]
    config.sort(key=lambda c: c["key"].startswith(OUTPUT_KEYS_PREFIX))  # stable: report order
    skip = set() if include_host else set(HOST_FIELDS)
    w = _Walk(skip)
    w.node({k: v for k, v in a.items() if k != "config"},
           {k: v for k, v in b.items() if k != "config"}, "")
    w.changed.sort(key=_rel_size)
    return {"config": config, "changed": w.changed + w.values, "added": w.added,
            "removed": w.removed, "host_left_out": sorted(skip), "positional": w.positional}


def select(result, top=None, min_rel=None, only=None):
    """result with only the paths matching one of the regular expressions `only` (if given),
    the changed figures whose relative change is under min_rel percent left out, then only
    the top largest kept, and at most top of the added and of the removed (values that are
    not numbers are kept whatever their change); result["counts"] says how many there were
    before min_rel and top. The configuration is always kept whole."""
    if only:
        pats = [re.compile(p) for p in only]
        keep = lambda entries: [c for c in entries  # noqa: E731
                                if any(p.search(c["path"]) for p in pats)]
        result = {**result, "changed": keep(result["changed"]), "added": keep(result["added"]),
                  "removed": keep(result["removed"])}
    figs = [c for c in result["changed"] if c["delta"] is not None]
    vals = [c for c in result["changed"] if c["delta"] is None]
    counts = {"figures": len(figs), "added": len(result["added"]),
              "removed": len(result["removed"]), "added_kinds": _kinds(result["added"]),
              "removed_kinds": _kinds(result["removed"])}
    if min_rel is not None:
        figs = [c for c in figs if c["rel_pct"] is None or abs(c["rel_pct"]) >= min_rel]
    counts["figures_over_min_rel"] = len(figs)
    added, removed = result["added"], result["removed"]
    if top is not None:
        figs, added, removed = figs[:top], added[:top], removed[:top]
    return {**result, "changed": figs + vals, "added": added, "removed": removed,
            "counts": counts}


def differs(result):
    """anything differs (after select's only and min_rel; top only shortens the lists)"""
    c = result.get("counts")
    if c:
        return bool(result["config"] or result["changed"] or c["added"] or c["removed"])
    return bool(result["config"] or result["changed"] or result["added"] or result["removed"])


# --- output -----------------------------------------------------------------------------------

def _fmt(v):
    if _is_num(v):
        return str(v) if isinstance(v, int) else f"{v:.6g}"
    if v is None:
        return "(none)"
    if isinstance(v, str):
        return v if v else "''"
    return json.dumps(v, separators=(",", ":"))


def _fmt_short(v, width=72):
    s = _fmt(v) if not isinstance(v, (dict, list)) else json.dumps(v, separators=(",", ":"))
    return s if len(s) <= width else s[:width - 3] + "..."


def _fmt_delta(d):
    s = _fmt(d)
    return s if d < 0 else "+" + s


def _fmt_rel(r):
    if r is None:
        return "from 0"
    if abs(r) >= 100:
        return f"{r:+.0f}%"
    if abs(r) >= 1:
        return f"{r:+.1f}%"
    return f"{r:+.2g}%"


def _table(rows, right_from):
    """rows of cells, columns padded; columns from right_from on aligned right (numbers)"""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for r in rows:
        cells = [c.rjust(w) if i >= right_from else c.ljust(w)
                 for i, (c, w) in enumerate(zip(r, widths))]
        out.append("  " + "  ".join(cells).rstrip())
    return out


def _kinds(entries):
    """'noc0.links[].blocked_flows[] 450, ...': how many entries of each kind, most first"""
    n = {}
    for c in entries:
        k = re.sub(r"\[[^\]]*\]", "[]", c["path"])
        n[k] = n.get(k, 0) + 1
    top = sorted(n.items(), key=lambda kv: (-kv[1], kv[0]))
    more = f", {len(top) - 6} more kinds" if len(top) > 6 else ""
    return ", ".join(f"{k} {v}" for k, v in top[:6]) + more


def format_text(result, label_a, label_b):
    if "counts" not in result:
        result = select(result)
    counts = result["counts"]
    host = result["host_left_out"]
    lines = [f"A: {label_a}", f"B: {label_b}",
             f"host measurements ({', '.join(host)}) left out: --include-host compares them"
             if host else "host measurements included"]
    if not differs(result):
        lines.append("no differences")
        return "\n".join(lines) + "\n"
    cfg = result["config"]
    lines.append("")
    if cfg:
        lines.append(f"configuration: {len(cfg)} key{'s' if len(cfg) > 1 else ''} differ"
                     f"{'' if len(cfg) > 1 else 's'}")
        lines += _table([["key", "A", "B"]] + [[c["key"], _fmt(c["a"]), _fmt(c["b"])]
                                               for c in cfg], 3)
    else:
        lines.append("configuration: the same")
    figs = [c for c in result["changed"] if c["delta"] is not None]
    vals = [c for c in result["changed"] if c["delta"] is None]
    total, over = counts["figures"], counts["figures_over_min_rel"]
    shown = f"{total or 'none'} changed"
    if over != total:
        shown += f", {total - over} under --min-rel left out"
    if len(figs) != over:
        shown += f", the largest {len(figs)} shown"
    lines += ["", f"figures: {shown}; largest relative change first"]
    if figs:
        lines += _table([["path", "A", "B", "B-A", "change"]] +
                        [[c["path"], _fmt(c["a"]), _fmt(c["b"]), _fmt_delta(c["delta"]),
                          _fmt_rel(c["rel_pct"])] for c in figs], 1)
    if vals:
        lines += ["", f"other values that differ: {len(vals)}"]
        lines += _table([["path", "A", "B"]] +
                        [[c["path"], _fmt_short(c["a"], 40), _fmt_short(c["b"], 40)]
                         for c in vals], 3)
    for name, what in (("removed", "only in A (removed)"), ("added", "only in B (added)")):
        if counts[name]:
            shown = "" if len(result[name]) == counts[name] else \
                f", the first {len(result[name])} shown"
            lines += ["", f"{what}: {counts[name]}{shown}; by kind: {counts[name + '_kinds']}"]
            if result[name]:
                lines += _table([[c["path"], _fmt_short(c["value"])] for c in result[name]], 2)
    if result.get("positional"):
        lines += ["", "compared by position (no identifying field in their elements): " +
                  ", ".join(result["positional"][:10])]
    return "\n".join(lines) + "\n"


def format_json(result, label_a, label_b):
    out = {"a": label_a, "b": label_b, "host_left_out": result["host_left_out"],
           "config": result["config"], "changed": result["changed"], "added": result["added"],
           "removed": result["removed"]}
    if "counts" in result:  # before --top and --min-rel
        out["counts"] = {k: v for k, v in result["counts"].items() if not k.endswith("_kinds")}
    return json.dumps(out, indent=1) + "\n"
