"""A sweep's findings as Markdown (`summary.md`) and as a self-contained HTML fragment
(`findings.html`, embedded in the pytest-html report)."""
from __future__ import annotations

import html
from typing import Any, Mapping

from reports.plots import figures
from reports.summary import SweepSummary, Table


def _header(s: SweepSummary) -> str:
    return (f"{s.runs} runs: {s.counted} counted (passed or failed), {s.errors} infrastructure "
            f"errors (excluded from every rate), {s.other} skipped, unfinished or undecided")


def _md_cell(v: Any) -> str:
    return str(v).replace("|", "\\|").replace("\n", " ")


def markdown(s: SweepSummary) -> str:
    out = [f"# Findings — sweep {s.sweep_id}", "", _header(s) + ".", ""]
    for t in s.tables:
        out += [f"## {t.title}", ""]
        if t.rows:
            out.append("| " + " | ".join(t.columns) + " |")
            out.append("|" + "|".join("---" for _ in t.columns) + "|")
            out += ["| " + " | ".join(_md_cell(c) for c in r) + " |" for r in t.rows]
        else:
            out.append("_none_")
        if t.note:
            out += ["", f"_{t.note}_"]
        out.append("")
    if s.unreadable:
        out += ["## Unreadable run folders", ""] + [f"- `{p}`: {why}" for p, why in s.unreadable] + [""]
    out += ["Data: `data/*.parquet` (see `data/README.md`); per run: `analysis.json`.", ""]
    return "\n".join(out)


_CSS = """
.opsbench-findings{font-family:system-ui,sans-serif;font-size:13px;max-width:1100px}
.opsbench-findings table{border-collapse:collapse;margin:6px 0 4px}
.opsbench-findings th,.opsbench-findings td{border:1px solid #ccc;padding:3px 8px;text-align:left}
.opsbench-findings th{background:#f0f0f0}
.opsbench-findings td.n{text-align:right}
.opsbench-findings p.note{color:#555;margin:2px 0 10px;font-style:italic}
.opsbench-findings img{display:block;margin:4px 0 14px;max-width:100%}
"""


def _html_table(t: Table) -> str:
    if not t.rows:
        return "<p><em>none</em></p>"
    head = "".join(f"<th>{html.escape(c)}</th>" for c in t.columns)
    body = []
    for r in t.rows:
        cells = "".join(
            f'<td class="n">{html.escape(str(c))}</td>' if isinstance(c, (int, float))
            else f"<td>{html.escape(str(c))}</td>" for c in r)
        body.append(f"<tr>{cells}</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


# the findings drawn when they have data (reports/plots.py)
PLOTTED = frozenset({"pass_rate", "fail_rate_os", "leftover_classes", "completion", "high_impact",
                     "polling"})


def html_fragment(s: SweepSummary, figs: Mapping[str, str] | None = None) -> str:
    """The fragment; `figs` (table key → base64 PNG) when already rendered elsewhere."""
    figs = figures(s) if figs is None else figs
    parts = [f'<section class="opsbench-findings"><style>{_CSS}</style>',
             f"<h2>Findings — sweep {html.escape(s.sweep_id)}</h2>",
             f"<p>{html.escape(_header(s))}.</p>"]
    for t in s.tables:
        parts.append(f"<h3>{html.escape(t.title)}</h3>")
        parts.append(_html_table(t))
        if t.note:
            parts.append(f'<p class="note">{html.escape(t.note)}</p>')
        if t.key in figs:
            parts.append(f'<img alt="{html.escape(t.title)}" '
                         f'src="data:image/png;base64,{figs[t.key]}">')
        elif t.key in PLOTTED:
            parts.append('<p class="note">Plot: none (no run of this sweep has any).</p>')
    if s.unreadable:
        items = "".join(f"<li><code>{html.escape(p)}</code>: {html.escape(w)}</li>"
                        for p, w in s.unreadable)
        parts.append(f"<h3>Unreadable run folders</h3><ul>{items}</ul>")
    parts.append("</section>")
    return "\n".join(parts)
