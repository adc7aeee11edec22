"""The sweep's table: a row per point (the swept keys, seed, metrics, status, error, wall
time, report path), from each point's row.json, to results.csv and results.sqlite (table
runs). Rebuilt whole from the rows every time, so it is never half-written or stale."""
import csv
import json
import os
import sqlite3

from bhstudy.run import read_row
from bhstudy.sweep import metric_value

FIXED = ["index", "hash", "seed"]
TAIL = ["status", "exit", "error", "wall_s", "report", "host", "bhsim", "args"]


def columns(sweep):
    return FIXED + sweep.keys() + list(sweep.metrics) + TAIL


def with_metrics(row, metrics):
    """the row with each metric read from its report; a run that succeeded but whose report
    has no value for a metric is failed, saying which"""
    row = dict(row)
    rep = None
    if row.get("report"):
        try:
            with open(row["report"]) as f:
                rep = json.load(f)
        except (OSError, json.JSONDecodeError) as e:
            if row["status"] == "ok":
                row["status"], row["error"] = "failed", f"report unreadable: {e}"
    missing = []
    for col, path in metrics.items():
        row[col] = metric_value(rep, path) if rep is not None else None
        if row[col] is None:
            missing.append(f"{col} ({path})")
    if missing and row["status"] == "ok":
        row["status"], row["error"] = "failed", "no value in the report for " + ", ".join(missing)
    return row


def rows_of(sweep, out, points):
    """(rows with their metrics, missing points) for these points"""
    rows, missing = [], []
    for p in points:
        r = read_row(out, p.hash)
        (rows.append(with_metrics(r, sweep.metrics)) if r else missing.append(p))
    rows.sort(key=lambda r: r["index"])
    return rows, missing


def _sql_type(values):
    vals = [v for v in values if v is not None and v != ""]
    if vals and all(isinstance(v, int) and not isinstance(v, bool) for v in vals):
        return "INTEGER"
    if vals and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in vals):
        return "REAL"
    return "TEXT"


def _typed(v):
    """a swept value as a number where it is one (so plots and SQL sort it as a number)"""
    if isinstance(v, str):
        for conv in (int, float):
            try:
                return conv(v)
            except ValueError:
                pass
    return v


def write(sweep, out, rows):
    cols = columns(sweep)
    keys = set(sweep.keys())
    table = [{c: (_typed(r.get(c)) if c in keys else r.get(c)) for c in cols} for r in rows]
    tmp = os.path.join(out, "results.csv.tmp")
    with open(tmp, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=cols)
        w.writeheader()
        for r in table:
            w.writerow({c: "" if r[c] is None else r[c] for c in cols})
    os.replace(tmp, os.path.join(out, "results.csv"))
    db = os.path.join(out, "results.sqlite")
    tmp = db + ".tmp"
    if os.path.exists(tmp):
        os.remove(tmp)
    con = sqlite3.connect(tmp)
    types = {c: _sql_type([r[c] for r in table]) for c in cols}
    con.execute("CREATE TABLE runs (%s)" % ", ".join(f'"{c}" {types[c]}' for c in cols))
    con.executemany("INSERT INTO runs VALUES (%s)" % ", ".join("?" * len(cols)),
                    [[r[c] if not isinstance(r[c], (dict, list)) else json.dumps(r[c])
                      for c in cols] for r in table])
    con.commit()
    con.close()
    os.replace(tmp, db)
