#!/usr/bin/env python3
"""bhsim-diff (tools/bhsim-diff, tools/bhstudy/diff.py) on real reports and on a real sweep.

Two short synthetic runs differing in one key, noc.router_latency_cycles 9 and 18: the key is
the first configuration difference, with both values; the packet latency is listed as grown, by
what the two reports, read here apart from bhsim-diff, say. A report against itself, against a
copy and against a rerun of its configuration into another file: no difference, exit 0 (the
host's own measurements and the report's name are left out). A copy with its lists shuffled:
no difference (elements are matched by what identifies them, not by position); a copy without
one link: that link alone, removed or added. Bad inputs exit 2 naming the input. A two-point
sweep (tools/bhsim-sweep, serial): OUT:INDEX and OUT:HASH name its points. And on hand-made
reports, the identities nested lists and multicast flows get; --top, --min-rel and --only.

Usage: check_bhsim_diff.py BHSIM SOURCE_DIR WORK_DIR"""
import ast
import copy
import json
import os
import random
import re
import shutil
import subprocess
import sys

FAILS = []


def check(cond, what):
    if not cond:
        FAILS.append(what)
        print("FAIL:", what)
    return cond


def main():
    bhsim, src, work = (os.path.abspath(a) for a in sys.argv[1:4])
    # the tools are Debian-python scripts (#!/usr/bin/python3); run them as they would run
    py = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
    tool = os.path.join(src, "tools", "bhsim-diff")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    env = {**os.environ, "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"}

    def run_bhsim(report, *args):
        r = subprocess.run([bhsim, "-q", "--workload", "uniform", "--cycles", "2000", *args,
                            "--report", report], capture_output=True, text=True, env=env)
        if r.returncode != 0:
            sys.exit(f"FAIL: bhsim {' '.join(args)}: exit {r.returncode}: {r.stderr[-2000:]}")
        return report

    def diff(*args):
        r = subprocess.run([py, tool, *args], capture_output=True, text=True, env=env)
        return r.returncode, r.stdout, r.stderr

    def diff_json(*args):
        rc, out, err = diff("--json", *args)
        try:
            return rc, json.loads(out), err
        except ValueError:
            check(False, f"bhsim-diff --json {' '.join(args)}: not JSON (exit {rc}): {err}")
            return rc, {"config": [], "changed": [], "added": [], "removed": []}, err

    def path(name):
        return os.path.join(work, name)

    lat9 = run_bhsim(path("lat9.json"), "--set", "noc.router_latency_cycles=9")
    lat18 = run_bhsim(path("lat18.json"), "--set", "noc.router_latency_cycles=18")
    rep9, rep18 = json.load(open(lat9)), json.load(open(lat18))

    # (a) the changed key first among the configuration differences, with both values
    rc, res, err = diff_json(lat9, lat18)
    check(rc == 1, f"reports that differ: exit {rc}, not 1 ({err})")
    cfg = res["config"]
    check(cfg and cfg[0]["key"] == "noc.router_latency_cycles" and
          str(cfg[0]["a"]) == "9" and str(cfg[0]["b"]) == "18",
          f"first configuration difference is not noc.router_latency_cycles 9 -> 18: {cfg[:3]}")
    check(all(c["key"] != "output.report" for c in cfg), "output.report compared")
    rc, text, _ = diff(lat9, lat18)
    m = re.search(r"^configuration: .*\n.*\n  (\S+)\s+(\S+)\s+(\S+)\s*$", text, re.M)
    check(m and m.groups() == ("noc.router_latency_cycles", "9", "18"),
          f"the text output does not list noc.router_latency_cycles 9 18 first: "
          f"{m.groups() if m else text[:600]}")

    # (b) the packet latency grew, as the reports themselves say
    for noc in ("noc0", "noc1"):
        la, lb = rep9[noc]["packet_latency"]["mean"], rep18[noc]["packet_latency"]["mean"]
        check(lb > la, f"{noc}: twice the router latency, the mean packet latency did not grow "
                       f"({la} -> {lb}): the runs, not bhsim-diff, are wrong")
        got = [c for c in res["changed"] if c["path"] == f"{noc}.packet_latency.mean"]
        if check(len(got) == 1, f"{noc}.packet_latency.mean not listed once among the changes"):
            c = got[0]
            check(c["a"] == la and c["b"] == lb and c["delta"] > 0 and
                  abs(c["delta"] - (lb - la)) < 1e-9 * abs(lb) and
                  abs(c["rel_pct"] - (lb - la) / la * 100) < 1e-3,
                  f"{noc}.packet_latency.mean listed as {c}, the reports say {la} -> {lb}")
        line = [l for l in text.splitlines() if l.split()[:1] == [f"{noc}.packet_latency.mean"]]
        check(len(line) == 1 and line[0].split()[3].startswith("+"),
              f"text output: {noc}.packet_latency.mean not listed as grown: {line}")
    cyc = [c for c in res["changed"] if c["path"] == "sim.cycles"]
    check(len(cyc) == 1 and cyc[0]["delta"] == rep18["sim"]["cycles"] - rep9["sim"]["cycles"],
          f"sim.cycles: {cyc}")
    # sorted by size of the relative change, from 0 (infinite) first
    figs = [c for c in res["changed"] if c["delta"] is not None]
    sizes = [float("inf") if c["rel_pct"] is None else abs(c["rel_pct"]) for c in figs]
    check(figs and sizes == sorted(sizes, reverse=True), "changes not sorted by relative size")
    host = {"wall_seconds", "cycles_per_second", "router_cycles_per_second", "peak_rss_mib"}
    check(not any(c["path"].split(".")[-1] in host for c in res["changed"]),
          "host measurements compared without --include-host")
    check("left out" in text and "--include-host" in text,
          "the text output does not say host measurements are left out")

    # (c) no differences: itself, a copy, a rerun into another file
    shutil.copy(lat9, path("lat9_copy.json"))
    again = run_bhsim(path("lat9_again.json"), "--set", "noc.router_latency_cycles=9")
    for other in (lat9, path("lat9_copy.json"), again):
        rc, res_same, err = diff_json(lat9, other)
        check(rc == 0 and not any(res_same[k] for k in ("config", "changed", "added", "removed")),
              f"{os.path.basename(other)} against lat9.json: exit {rc}, "
              f"{ {k: res_same[k][:3] for k in ('config', 'changed', 'added', 'removed')} }")
        rc, text_same, _ = diff(lat9, other)
        check(rc == 0 and "no differences" in text_same, f"text: exit {rc}: {text_same[-300:]}")
    rc, res_host, _ = diff_json("--include-host", lat9, again)
    check(rc == 1 and res_host["changed"] and
          all(c["path"].split(".")[-1] in host for c in res_host["changed"]),
          f"--include-host on a rerun: exit {rc}, changes {res_host['changed'][:4]}")

    # (d) bad inputs: exit 2 and a message naming the input
    missing = path("no_such_report.json")
    with open(path("not_json.json"), "w") as f:
        f.write("this is not JSON\n")
    with open(path("not_report.json"), "w") as f:
        json.dump({"cycles": 3}, f)
    for bad in (missing, path("not_json.json"), path("not_report.json")):
        for args in ((bad, lat9), (lat9, bad)):
            rc, out, err = diff(*args)
            check(rc == 2 and bad in err and not out,
                  f"bad input {os.path.basename(bad)}: exit {rc}, stderr {err.strip()!r}")
    rc, _, err = diff("--top", "x", lat9, lat9)
    check(rc == 2, f"--top x: exit {rc}")

    # (e) lists matched by identity: shuffled, the same; one link fewer, that link alone
    shuffled = copy.deepcopy(rep9)
    rng = random.Random(30)
    for noc in ("noc0", "noc1"):
        rng.shuffle(shuffled[noc]["links"])
        rng.shuffle(shuffled[noc]["ejection_links"])
        for link in shuffled[noc]["links"] + shuffled[noc]["ejection_links"]:
            rng.shuffle(link.get("blocked_flows", []))
    rng.shuffle(shuffled["dram"]["controllers"])
    check(shuffled["noc0"]["links"] != rep9["noc0"]["links"], "the shuffle moved nothing")
    with open(path("lat9_shuffled.json"), "w") as f:
        json.dump(shuffled, f)
    rc, res_shuf, _ = diff_json(lat9, path("lat9_shuffled.json"))
    check(rc == 0 and not any(res_shuf[k] for k in ("config", "changed", "added", "removed")),
          f"a shuffled copy differs: exit {rc}: "
          f"{ {k: res_shuf[k][:3] for k in ('changed', 'added', 'removed')} }")
    fewer = copy.deepcopy(rep9)
    gone = fewer["noc1"]["links"].pop(17)
    with open(path("lat9_fewer.json"), "w") as f:
        json.dump(fewer, f)
    gone_path = (f"noc1.links[from={gone['from'][0]},{gone['from'][1]} "
                 f"to={gone['to'][0]},{gone['to'][1]}]")
    rc, r1, _ = diff_json(lat9, path("lat9_fewer.json"))
    check(rc == 1 and [c["path"] for c in r1["removed"]] == [gone_path] and
          r1["removed"][0]["value"] == gone and not r1["changed"] and not r1["added"],
          f"one link fewer: exit {rc}, removed {[c['path'] for c in r1['removed']]}, "
          f"{len(r1['changed'])} changed, expected {gone_path} removed alone")
    rc, r2, _ = diff_json(path("lat9_fewer.json"), lat9)
    check(rc == 1 and [c["path"] for c in r2["added"]] == [gone_path] and not r2["removed"],
          f"one link more: added {[c['path'] for c in r2['added']]}")

    # --top, --min-rel
    rc, top, _ = diff_json("--top", "3", lat9, lat18)
    check(rc == 1 and len([c for c in top["changed"] if c["delta"] is not None]) == 3 and
          top["changed"][:3] == figs[:3], "--top 3 does not give the 3 largest")
    rc, big, _ = diff_json("--min-rel", "50", lat9, lat18)
    check(rc == 1 and [c for c in big["changed"] if c["delta"] is not None] ==
          [c for c, size in zip(figs, sizes) if size >= 50],
          "--min-rel 50 keeps a smaller change, or drops a larger one")

    # --only: the paths a pattern matches, the configuration whole
    rc, only, _ = diff_json("--only", r"^noc[01]\.packet_latency\.", lat9, lat18)
    check(rc == 1 and only["config"] == res["config"] and not only["added"] and
          not only["removed"] and sorted(c["path"] for c in only["changed"]) ==
          sorted(c["path"] for c in res["changed"] if ".packet_latency." in c["path"]),
          f"--only: exit {rc}, {[c['path'] for c in only['changed']]}")
    rc, _, _ = diff("--only", "no_such_figure", lat9, again)
    check(rc == 0, f"--only matching nothing, same configuration: exit {rc}")

    # a sweep's points: OUT:INDEX and OUT:HASH
    sweep_file, out = path("lat_sweep.json"), path("sweep")
    with open(sweep_file, "w") as f:
        json.dump({"name": "router_latency", "base": {"workload": "uniform", "cycles": 500},
                   "axes": [{"key": "noc.router_latency_cycles", "values": [5, 9]}],
                   "metrics": {"lat": "noc0.packet_latency.mean"}}, f)
    r = subprocess.run([py, os.path.join(src, "tools", "bhsim-sweep"), "run", sweep_file, "-o",
                        out, "--engine", "serial", "--no-plots", "--bhsim", bhsim],
                       capture_output=True, text=True, env=env)
    if check(r.returncode == 0, f"bhsim-sweep run: exit {r.returncode}: {r.stdout[-800:]}"
                                f"{r.stderr[-800:]}"):
        points = json.load(open(os.path.join(out, "sweep.json")))["points"]
        reps = [json.load(open(os.path.join(out, "points", p["hash"], "report.json")))
                for p in points]
        rc, res_sw, err = diff_json(f"{out}:0", f"{out}:1")
        cfg = res_sw["config"]
        check(rc == 1 and cfg and cfg[0]["key"] == "noc.router_latency_cycles" and
              str(cfg[0]["a"]) == "5" and str(cfg[0]["b"]) == "9",
              f"OUT:0 OUT:1: exit {rc}, configuration {cfg[:3]} {err}")
        la = reps[0]["noc0"]["packet_latency"]["mean"]
        lb = reps[1]["noc0"]["packet_latency"]["mean"]
        got = [c for c in res_sw["changed"] if c["path"] == "noc0.packet_latency.mean"]
        check(lb > la and len(got) == 1 and got[0]["a"] == la and got[0]["b"] == lb and
              got[0]["delta"] > 0, f"sweep points: packet latency {la} -> {lb}, listed {got}")
        check(str(points[1]["index"]) in res_sw["b"] and points[1]["hash"] in res_sw["b"],
              f"the label does not name the point: {res_sw['b']}")
        rc, _, err = diff(f"{out}:1", f"{out}:{points[1]['hash']}")
        check(rc == 0, f"OUT:1 against OUT:HASH of point 1: exit {rc} {err}")
        rc, _, err = diff(f"{out}:{points[0]['hash'][:8]}", lat9)
        check(rc == 1, f"OUT:HASH-PREFIX against another report: exit {rc} {err}")
        for bad in (f"{out}:99", f"{out}:ffffffffffff", out):
            rc, _, err = diff(bad, f"{out}:0")
            check(rc == 2 and bad in err, f"{bad}: exit {rc}, stderr {err.strip()!r}")

    # hand-made reports: nested lists, multicast flows
    sys.dont_write_bytecode = True  # nothing written into the source tree
    sys.path.insert(0, os.path.join(src, "tools"))
    from bhstudy import diff as d
    base = {"config": {"k": 1}, "sim": {"cycles": 10},
            "riscv": [{"tile": [1, 2], "cores": [{"core": "brisc", "cycles": 5},
                                                 {"core": "ncrisc", "cycles": 7}]},
                      {"tile": [2, 2], "cores": [{"core": "brisc", "cycles": 6}]}],
            "noc0": {"links": [{"from": [1, 2], "to": [2, 2], "blocked_flows": [
                {"source": [1, 2], "target": [3, 2], "cycles": 4},
                {"source": [1, 2], "multicast": [[3, 2], [5, 4]], "cycles": 2},
                {"source": [1, 2], "multicast": [[3, 3], [5, 4]], "cycles": 1}]}]}}
    other = copy.deepcopy(base)
    other["riscv"].reverse()
    other["riscv"][1]["cores"].reverse()
    other["riscv"][1]["cores"][1]["cycles"] = 8  # (1,2)'s brisc
    other["noc0"]["links"][0]["blocked_flows"].reverse()
    other["noc0"]["links"][0]["blocked_flows"][1]["cycles"] = 3  # the (3,2)-(5,4) multicast
    res_h = d.compare(base, other)
    check([(c["path"], c["delta"]) for c in res_h["changed"]] ==
          [("riscv[tile=1,2].cores[core=brisc].cycles", 3),
           ("noc0.links[from=1,2 to=2,2].blocked_flows[source=1,2 multicast=(3,2),(5,4)].cycles",
            1)] and not res_h["added"] and not res_h["removed"],
          f"hand-made reports: {[(c['path'], c['delta']) for c in res_h['changed']]}, "
          f"added {res_h['added']}, removed {res_h['removed']}")
    check(not res_h["positional"], f"compared by position: {res_h['positional']}")

    # the host's fields are compare-reports.py's
    text_cr = open(os.path.join(src, "scripts", "compare-reports.py")).read()
    m = re.search(r"^HOST_FIELDS = (\{.*?\})", text_cr, re.S | re.M)
    check(m and ast.literal_eval(m.group(1)) == set(d.HOST_FIELDS),
          "tools/bhstudy/diff.py's HOST_FIELDS differ from scripts/compare-reports.py's")

    rc, out_help, _ = diff("--help")
    check(rc == 0 and "OUT:INDEX" in out_help, f"--help: exit {rc}")

    if not FAILS:
        print(f"ok: router latency 9 -> 18 listed first; packet latency "
              f"{rep9['noc0']['packet_latency']['mean']:.1f} -> "
              f"{rep18['noc0']['packet_latency']['mean']:.1f} listed as grown among "
              f"{len(figs)} changed figures; identical, copied, rerun and shuffled reports the "
              f"same; bad inputs exit 2; sweep points by index and hash")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
