"""Plots of a sweep's table (matplotlib, PNG and SVG in OUT/plots): a metric against one
axis with a line per value of the other axes (the mean over seeds, each seed's run a dot), and
a heat map of a metric over two axes (the mean over the rest)."""
import os
import statistics

from bhstudy import results
from bhstudy.sweep import SweepError


def _mpl():
    try:
        import matplotlib
    except ImportError:
        raise SweepError("plots need matplotlib (Debian: python3-matplotlib)")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _rows(study):
    rows, _ = results.rows_of(study, study.out, study.points)
    return [r for r in rows if r["status"] == "ok"]


def _order(study, key):
    return [results._typed(v) for v in study.axis_values[key]]


def _save(fig, study, stem):
    d = os.path.join(study.out, "plots")
    os.makedirs(d, exist_ok=True)
    out = []
    for ext in ("png", "svg"):
        path = os.path.join(d, f"{stem}.{ext}")
        # no date in the SVG: the same results draw the same file
        fig.savefig(path, dpi=110, bbox_inches="tight",
                    metadata={"Date": None} if ext == "svg" else None)
        out.append(path)
    return out


def line(study, metric, x):
    plt = _mpl()
    rows = [r for r in _rows(study) if _num(r.get(metric))]
    if not rows:
        raise SweepError(f"no run has a number for {metric}")
    others = [k for k in study.keys() if k != x]
    series = {}
    for r in rows:
        label = ", ".join(f"{k}={r[k]}" for k in others) or metric
        series.setdefault(label, {}).setdefault(results._typed(r[x]), []).append(r[metric])
    xs = _order(study, x)
    numeric_x = all(_num(v) for v in xs)
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    for label, pts in series.items():
        got = [v for v in xs if v in pts]
        pos = got if numeric_x else [xs.index(v) for v in got]
        ax.plot(pos, [statistics.mean(pts[v]) for v in got], marker="o", label=label)
        for p, v in zip(pos, got):
            if len(pts[v]) > 1:
                ax.scatter([p] * len(pts[v]), pts[v], s=8, alpha=0.5)
    if not numeric_x:
        ax.set_xticks(range(len(xs)), [str(v) for v in xs])
    ax.set_xlabel(x)
    ax.set_ylabel(metric)
    ax.set_title(f"{study.name}: {metric}")
    ax.grid(alpha=0.3)
    if len(series) > 1:
        ax.legend(fontsize=7)
    paths = _save(fig, study, f"{metric}_vs_{x}")
    plt.close(fig)
    return paths


def heatmap(study, metric, kx, ky):
    plt = _mpl()
    rows = [r for r in _rows(study) if _num(r.get(metric))]
    xs, ys = _order(study, kx), _order(study, ky)
    cells = {}
    for r in rows:
        cells.setdefault((results._typed(r[kx]), results._typed(r[ky])), []).append(r[metric])
    grid = [[statistics.mean(cells[(x, y)]) if (x, y) in cells else float("nan") for x in xs]
            for y in ys]
    fig, ax = plt.subplots(figsize=(6.4, 4.8))
    im = ax.imshow(grid, origin="lower", aspect="auto", cmap="viridis")
    ax.set_xticks(range(len(xs)), [str(v) for v in xs])
    ax.set_yticks(range(len(ys)), [str(v) for v in ys])
    for j, row in enumerate(grid):
        for i, v in enumerate(row):
            if v == v:
                ax.text(i, j, f"{v:.4g}", ha="center", va="center", fontsize=7, color="white")
    ax.set_xlabel(kx)
    ax.set_ylabel(ky)
    ax.set_title(f"{study.name}: {metric}")
    fig.colorbar(im, ax=ax)
    paths = _save(fig, study, f"{metric}_{kx}_x_{ky}")
    plt.close(fig)
    return paths


def plots(study, metrics=None, x=None, pair=None):
    metrics = metrics or list(study.metrics)
    for m in metrics:
        if m not in study.metrics:
            raise SweepError(f"no metric {m!r} in this sweep ({', '.join(study.metrics)})")
    keys = study.keys()
    x = x or keys[0]
    if x not in keys:
        raise SweepError(f"no axis {x!r} in this sweep ({', '.join(keys)})")
    out = []
    for m in metrics:
        if not any(_num(r.get(m)) for r in _rows(study)):
            continue  # a text metric: nothing to draw
        out += line(study, m, x)
        if pair:
            kx, _, ky = pair.partition(",")
            if kx not in keys or ky not in keys:
                raise SweepError(f"--heatmap {pair}: two axes of {', '.join(keys)}")
            out += heatmap(study, m, kx, ky)
        elif len(keys) >= 2:
            out += heatmap(study, m, keys[0], keys[1])
    return out


def default_plots(study):
    return plots(study)
