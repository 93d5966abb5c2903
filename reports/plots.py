"""Plots for the findings, rendered headless (Agg) as base64 PNG to embed in HTML."""
from __future__ import annotations

import base64
import io
from typing import Any, Callable, Mapping, Sequence

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from reports.summary import SweepSummary, Table

# Figures are built without pyplot (no global state, no display backend) and laid out by hand:
# automatic layout ("tight", "constrained") triples the rendering time.


def _figure(width: float, height: float, label_chars: int) -> tuple[Figure, Any]:
    fig = Figure(figsize=(width, height), dpi=80)
    FigureCanvasAgg(fig)
    left = min(0.6, 0.03 + 0.083 * label_chars / width)  # ~0.083 in per character at 10 pt
    # fixed margins in inches: ~0.55 below for the axis label, ~0.35 above for the title
    fig.subplots_adjust(left=left, right=0.97, top=1 - 0.35 / height, bottom=0.55 / height)
    return fig, fig.add_subplot()


def _png(fig: Figure) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return base64.b64encode(buf.getvalue()).decode("ascii")


def _percent(cell: object) -> float:
    text = str(cell).split("(")[-1].rstrip(")").rstrip("%")
    try:
        return float(text)
    except ValueError:
        return 0.0


def _barh(labels: Sequence[str], values: Sequence[float], xlabel: str, title: str) -> str:
    fig, ax = _figure(8, 0.3 * max(3, len(labels)) + 1.0, max(len(x) for x in labels))
    ax.barh(list(labels)[::-1], list(values)[::-1], color="#4c72b0")
    ax.set_xlabel(xlabel)
    ax.set_title(title, fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    return _png(fig)


def _rows(t: Table) -> list[tuple]:
    return [r for r in t.rows if r[0] != "Total" and r[0] != "Any class"]


def figures(summary: SweepSummary) -> dict[str, str]:
    """Table key → base64 PNG, for the findings people would rather look at than read."""
    return {key: render(*args) for key, render, args in figure_jobs(summary)}


def figure_jobs(summary: SweepSummary) -> list[tuple[str, Callable[..., str], tuple]]:
    """(table key, renderer, its arguments) per figure: each renders on its own, so a process
    pool can share them out."""
    jobs: list[tuple[str, Callable[..., str], tuple]] = []

    def barh(key: str, labels: list[str], values: list[float], xlabel: str, title: str) -> None:
        if any(v for v in values):  # all zero: the page says "none", an empty plot says nothing
            jobs.append((key, _barh, (labels, values, xlabel, title)))

    if summary.counted == 0:
        return jobs
    rows = _rows(summary.table("pass_rate"))
    barh("pass_rate", [r[0] for r in rows], [_percent(r[4]) for r in rows], "pass rate (%)",
         "Pass rate by category")
    rows = [r for r in _rows(summary.table("fail_rate_os")) if r[3]]
    if rows:
        barh("fail_rate_os", [r[0] for r in rows], [_percent(r[5]) for r in rows],
             "command fail rate (%)", "Command fail rate by node OS")
    rows = _rows(summary.table("leftover_classes"))
    barh("leftover_classes", [r[0] for r in rows], [r[1] for r in rows], "runs",
         "Runs with leftovers, by class")
    if any(summary.series["completion_min"].values()):
        jobs.append(("completion", _boxplot, (summary.series["completion_min"],)))
    rows = _rows(summary.table("high_impact"))
    barh("high_impact", [r[0] for r in rows], [_percent(r[2]) for r in rows],
         "share of runs (%)", "Runs with a high-impact command class")
    rows = [r for r in _rows(summary.table("polling")) if r[6]][:12]
    if rows:
        barh("polling", [f"{r[0]} / {r[1]}" for r in rows], [r[6] for r in rows],
             "minutes slept after the job finished (est.)", "The polling trap")
    return jobs


def _boxplot(series: Mapping[str, tuple[float, ...]]) -> str:
    data = {k: v for k, v in series.items() if v}
    fig, ax = _figure(8, 3.0, max((len(k) for k in data), default=10))
    if data:
        ax.boxplot(list(data.values()), orientation="horizontal", showfliers=True)
        ax.set_yticks(range(1, len(data) + 1), list(data.keys()))
    ax.set_xlabel("agent minutes")
    ax.set_title("Completion time by task type", fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    return _png(fig)
