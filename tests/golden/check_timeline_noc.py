#!/usr/bin/env python3
"""The timeline's NoC transfers match the NoC's own flit counts (issue 29): runs bhsim with the
given arguments (unicast synthetic traffic that drains), --timeline OUT restricted to the noc
category and --report, then checks on each NoC:
- every transfer begins ("b"), is delivered ("n") as often as it has targets, and ends ("e")
  once, after its begin, all with the same id;
- the flits its transfers imply (a request of 1 + ceil(bytes / 64) flits for a write, 1 for a
  read; one response flit per acknowledgement, 1 + ceil(bytes / 64) for read data) add up to
  the report's injected flits of that NoC exactly.

usage: check_timeline_noc.py BHSIM OUT [bhsim arguments...]"""
import collections
import json
import math
import subprocess
import sys


def main(bhsim, out, args):
    report = out + ".report.json"
    subprocess.run([bhsim, "-q", *args, "--timeline", out, "--report", report,
                    "--set", "output.timeline_categories=noc"], check=True)
    d, r = json.load(open(out)), json.load(open(report))
    names = {e["pid"]: e["args"]["name"] for e in d["traceEvents"]
             if e["ph"] == "M" and e["name"] == "process_name"}
    errors, flits, seen = [], collections.Counter(), {}
    for e in d["traceEvents"]:
        if e["ph"] not in "bne":
            continue
        key = (e["pid"], e["id"])
        if e["ph"] == "b":
            if key in seen:
                errors.append(f"transfer {key} begins twice")
            seen[key] = {"b": e, "n": 0, "e": 0}
            data = math.ceil(e["args"]["bytes"] / 64)
            read = e["name"].startswith("read")
            flits[names[e["pid"]]] += (1 if read else 1 + data) + \
                (1 + data if read else e["args"]["responses"])
            continue
        t = seen.get(key)
        if t is None or t["e"] or e["ts"] < t["b"]["ts"]:
            errors.append(f"{e['ph']} of {key} without an open transfer before it")
            continue
        t[e["ph"]] += 1
    for key, t in seen.items():
        if t["e"] != 1 or t["n"] < 1:
            errors.append(f"transfer {key}: {t['n']} deliveries, {t['e']} ends")
    for noc in ("NoC0", "NoC1"):
        want = r.get(noc.lower(), {}).get("flits", {}).get("injected", 0)
        if flits[noc] != want:
            errors.append(f"{noc}: the transfers imply {flits[noc]} flits, the report injected "
                          f"{want}")
    if not seen:
        errors.append("no transfer in the timeline")
    for e in errors[:20]:
        print("FAIL:", e)
    if not errors:
        print(f"check_timeline_noc: {len(seen)} transfers, flits {dict(flits)} as reported")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
