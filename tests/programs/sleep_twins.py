"""tests/programs/sleep_twins.py - shared by the checks of runs made twice, with
riscv.poll_sleep 1 and 0: every core must report the same (all but the sleep's own counters)
and the runs must be as long; returns the sleeping run's cores, for the caller's own checks."""
import json
import sys

OWN = ("poll_sleeps", "poll_skipped_iterations")


def same_with_and_without_sleep(name, report_sleep, report_nosleep):
    runs = [json.load(open(p)) for p in (report_sleep, report_nosleep)]
    cores = [[{k: v for k, v in c.items() if k not in OWN}
              for t in r["riscv"] for c in t["cores"]] for r in runs]
    if cores[0] != cores[1]:
        for a, b in zip(cores[0], cores[1]):
            for k in a:
                if a[k] != b.get(k):
                    print(f"  {a['core']}.{k}: {a[k]} with sleep, {b.get(k)} without")
        sys.exit(f"{name}: the cores differ with and without poll sleep")
    if runs[0]["sim"]["cycles"] != runs[1]["sim"]["cycles"]:
        sys.exit(f"{name}: {runs[0]['sim']['cycles']} cycles with sleep, "
                 f"{runs[1]['sim']['cycles']} without")
    return runs[0]["riscv"]
