"""Plots for the findings, rendered headless (Agg) as base64 PNG to embed in HTML."""
from __future__ import annotations

import base64
import io
from typing import Mapping, Sequence

import matplotlib

matplotlib.use("Agg")  # no display on CI or the lab host

import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)
from matplotlib.figure import Figure  # noqa: E402

from reports.summary import SweepSummary, Table  # noqa: E402


def _png(fig: Figure) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def _percent(cell: object) -> float:
    text = str(cell).split("(")[-1].rstrip(")").rstrip("%")
    try:
        return float(text)
    except ValueError:
        return 0.0


def _barh(labels: Sequence[str], values: Sequence[float], xlabel: str, title: str) -> str:
    fig, ax = plt.subplots(figsize=(7, 0.35 * max(3, len(labels)) + 0.8))
    ax.barh(list(labels)[::-1], list(values)[::-1], color="#4c72b0")
    ax.set_xlabel(xlabel)
    ax.set_title(title, fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    return _png(fig)


def _rows(t: Table) -> list[tuple]:
    return [r for r in t.rows if r[0] != "Total" and r[0] != "Any class"]


def figures(summary: SweepSummary) -> dict[str, str]:
    """Table key → base64 PNG, for the findings people would rather look at than read."""
    out: dict[str, str] = {}
    if summary.counted == 0:
        return out
    rows = _rows(summary.table("pass_rate"))
    out["pass_rate"] = _barh([r[0] for r in rows], [_percent(r[4]) for r in rows],
                             "pass rate (%)", "Pass rate by category")
    rows = [r for r in _rows(summary.table("fail_rate_os")) if r[3]]
    if rows:
        out["fail_rate_os"] = _barh([r[0] for r in rows], [_percent(r[5]) for r in rows],
                                    "command fail rate (%)", "Command fail rate by node OS")
    rows = _rows(summary.table("leftover_classes"))
    out["leftover_classes"] = _barh([r[0] for r in rows], [r[1] for r in rows], "runs",
                                    "Runs with leftovers, by class")
    out["completion"] = _boxplot(summary.series["completion_min"])
    rows = _rows(summary.table("high_impact"))
    out["high_impact"] = _barh([r[0] for r in rows], [_percent(r[2]) for r in rows],
                               "share of runs (%)", "Runs with a high-impact command class")
    rows = [r for r in _rows(summary.table("polling")) if r[6]][:12]
    if rows:
        out["polling"] = _barh([f"{r[0]} / {r[1]}" for r in rows], [r[6] for r in rows],
                               "minutes slept after the job finished (est.)", "The polling trap")
    return out


def _boxplot(series: Mapping[str, tuple[float, ...]]) -> str:
    data = {k: v for k, v in series.items() if v}
    fig, ax = plt.subplots(figsize=(7, 3.2))
    if data:
        ax.boxplot(list(data.values()), vert=False, showfliers=True)
        ax.set_yticks(range(1, len(data) + 1), list(data.keys()))
    ax.set_xlabel("agent minutes")
    ax.set_title("Completion time by task type", fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    return _png(fig)
