#!/usr/bin/env python3
"""NoC link waits in the report (issue 27) under hotspot traffic: on each NoC the links into the
hotspot tile waited, and their blocked flows include flows to the hotspot; the hotspot's
ejection link waited, for flows to it only; and the figures add up on every link (per VC and
over the listed flows to its wait_cycles, the links to link_waits, the ejection links to
ejection_waits), flows most first.

Usage: check_noc_waits.py BHSIM REPORT X,Y [bhsim args...]  (X,Y: workload.target)"""
import json
import subprocess
import sys


def main(bhsim, report, target, args):
    subprocess.run([bhsim, "-q", "--workload", "hotspot", "--set", "workload.target=" + target,
                    *args, "--report", report], check=True)
    r = json.load(open(report))
    hot = [int(v) for v in target.split(",")]
    errors = []
    for k in (0, 1):
        n = r["noc%d" % k]
        waited = [l for l in n["links"] if "wait_cycles" in l]
        for l in waited + n["ejection_links"]:
            where = "noc%d %s" % (k, l.get("from", l.get("tile")))
            flows = l["blocked_flows"]
            if sum(l["vc_wait_cycles"]) != l["wait_cycles"] or l["wait_cycles"] <= 0:
                errors.append(f"{where}: vc_wait_cycles do not sum to wait_cycles")
            if sum(f["cycles"] for f in flows) != l["wait_cycles"]:
                errors.append(f"{where}: blocked_flows do not sum to wait_cycles")
            if not 1 <= len(flows) <= 4 or [f["cycles"] for f in flows] != sorted(
                    (f["cycles"] for f in flows), reverse=True):
                errors.append(f"{where}: blocked_flows not 1..4 entries, most first")
        if n["link_waits"] != sum(l["wait_cycles"] for l in waited):
            errors.append(f"noc{k}: link_waits is not the links' sum")
        if n["ejection_waits"] != sum(l["wait_cycles"] for l in n["ejection_links"]):
            errors.append(f"noc{k}: ejection_waits is not the ejection links' sum")
        into = [l for l in waited if l["to"] == hot]
        if not into:
            errors.append(f"noc{k}: no link into the hotspot {hot} waited")
        elif not any(f.get("target") == hot for l in into for f in l["blocked_flows"]):
            errors.append(f"noc{k}: no flow to the hotspot among the blocked flows into it")
        ej = [l for l in n["ejection_links"] if l["tile"] == hot]
        if not ej:
            errors.append(f"noc{k}: the hotspot's ejection link did not wait")
        elif any(f.get("target") != hot for f in ej[0]["blocked_flows"]):
            errors.append(f"noc{k}: a flow into the hotspot's NIU has another target")
        if errors:
            continue
        top = max(into, key=lambda l: l["wait_cycles"])
        print(f"check_noc_waits: noc{k} link_waits {n['link_waits']}, ejection_waits "
              f"{n['ejection_waits']}; into the hotspot most at {top['from']}: "
              f"{top['wait_cycles']}, flows {top['blocked_flows']}")
    for e in errors:
        print("FAIL:", e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]))
