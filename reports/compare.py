"""Sweeps side by side: `python -m reports compare SWEEP [SWEEP …] --by model|effort|agent|os|os-release
[--map FILE] [--out DIR]` writes `compare.md` and a self-contained `compare.html`.

Groups are the values of `--by` (os: the OS family; os-release: the OS id, e.g. debian11 against
debian13). A cell is what stays fixed across groups: task × OS id × agent × model × effort, less
the dimension compared. Runs count as in every rate (passed or failed; errors and undecided runs
are in none), one per cell and trial. For every group: the pass rate with its Wilson interval,
overall, per category and per task; with trials, pass^k and pass@k; the illusion of done, the
leftover share, the high-impact share and the command fail rate per OS id; tokens, cost per
passed run and agent minutes. For the groups in pairs, on the cells and trials both ran:
McNemar's exact test (Holm-corrected when there are more than two groups), the difference with
its bootstrap interval, and a warning where the cells are too few to detect a difference of that
size (80% power). The statistics are reports/stats.py's, each from statsmodels or scipy.

Imported study sweeps (`python -m reports import`) compare too: `--map` names, per study use case,
the opsbench task that stands for it (default: reports/study_tasks.toml), so their cells meet ours.
"""
from __future__ import annotations

import argparse
import html
import io
import itertools
import tomllib
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

import pyarrow.parquet as pq

from reports import stats
from records import RecordError, SweepPaths, read_sweep, write_text
from reports.sweep import build

BY = {"model": "model", "effort": "effort", "agent": "agent", "os": "family", "os-release": "os"}
CELL = ("task", "os", "agent", "model", "effort")
COUNTED = ("passed", "failed")
DEFAULT_MAP = Path(__file__).with_name("study_tasks.toml")
_COLUMNS = ("sweep_id", "task", "category", "os", "family", "agent", "model", "effort", "trial",
            "attempt", "outcome", "agent_status", "agent_s", "input_tokens", "output_tokens",
            "cost_usd", "leftovers", "high_impact_commands", "commands_with_exit", "commands_failed",
            "claimed_but_failed")


def load_runs(sweeps: Sequence[Path], task_map: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """The runs table of every sweep (built first where it is missing), study tasks renamed."""
    rows: list[dict[str, Any]] = []
    for sweep in sweeps:
        read_sweep(sweep)
        data = SweepPaths(sweep).table("runs")
        if not data.is_file():
            build(sweep)
        names = set(pq.read_schema(data).names)
        table = pq.read_table(data, columns=[c for c in _COLUMNS if c in names])
        for row in table.to_pylist():
            row.setdefault("trial", 1)
            row.setdefault("effort", None)
            row["task"] = (task_map or {}).get(row["task"], row["task"])
            rows.append(row)
    return rows


def read_map(path: Path | None) -> dict[str, str]:
    """`[tasks]` study use case = opsbench task."""
    path = path or DEFAULT_MAP
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RecordError(f"{path}: no such task map (a TOML file with a [tasks] table: "
                          "study use case = opsbench task)") from None
    except tomllib.TOMLDecodeError as exc:
        raise RecordError(f"{path}: not valid TOML: {exc}") from None
    tasks = data.get("tasks")
    if not isinstance(tasks, dict):
        raise RecordError(f"{path}: no [tasks] table (study use case = opsbench task)")
    return {str(k): str(v) for k, v in tasks.items()}


def _group(row: Mapping[str, Any], by: str) -> str:
    return str(row.get(BY[by]) if row.get(BY[by]) is not None else "–")


def _cell(row: Mapping[str, Any], by: str) -> tuple:
    # A model is served by one agent (claude, openai): models of two providers pair up too.
    drop = {"os"} if by in ("os", "os-release") else {"model", "agent"} if by == "model" else {BY[by]}
    return tuple(row.get(k) for k in CELL if k not in drop)


def counted(rows: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The runs that count: passed or failed, the last attempt of each (cell, trial)."""
    last: dict[tuple, Mapping[str, Any]] = {}
    for r in rows:
        if r.get("outcome") not in COUNTED:
            continue
        key = (r.get("sweep_id"), *(r.get(k) for k in CELL), r.get("trial"))
        if key not in last or (r.get("attempt") or 1) > (last[key].get("attempt") or 1):
            last[key] = r
    return list(last.values())


def pass_rate(rows: Sequence[Mapping[str, Any]]) -> stats.Rate:
    return stats.wilson(sum(r["outcome"] == "passed" for r in rows), len(rows))


@dataclass(frozen=True)
class Comparison:
    by: str
    groups: dict[str, list[Mapping[str, Any]]]
    pairs: list[tuple[str, str, stats.Paired, float, float | None]]  # a, b, test, Holm p, detectable

    def markdown(self) -> str:
        return _markdown(self)


def compare(rows: Sequence[Mapping[str, Any]], by: str) -> Comparison:
    if by not in BY:
        raise RecordError(f"--by {by}: not one of {', '.join(BY)}")
    groups: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for r in counted(rows):
        groups[_group(r, by)].append(r)
    groups = dict(sorted(groups.items()))
    tests = []
    for a, b in itertools.combinations(groups, 2):
        ra = {(_cell(r, by), r.get("trial")): r["outcome"] == "passed" for r in groups[a]}
        rb = {(_cell(r, by), r.get("trial")): r["outcome"] == "passed" for r in groups[b]}
        both = sorted(set(ra) & set(rb), key=repr)
        test = stats.paired([ra[c] for c in both], [rb[c] for c in both])
        pooled = (sum(ra[c] for c in both) + sum(rb[c] for c in both)) / (2 * len(both)) if both else 0.5
        tests.append((a, b, test, stats.detectable_difference(len(both), pooled)))
    adjusted = stats.holm([t[2].p for t in tests]) if len(groups) > 2 else [t[2].p for t in tests]
    pairs = [(a, b, t, p, d) for (a, b, t, d), p in zip(tests, adjusted)]
    return Comparison(by, groups, pairs)


def _pct(v: float | None) -> str:
    return "–" if v is None else f"{100 * v:.1f}%"


def _share(rows: Sequence[Mapping[str, Any]], pred) -> stats.Rate:
    return stats.wilson(sum(bool(pred(r)) for r in rows), len(rows))


def _per_trials(rows: Sequence[Mapping[str, Any]], by: str) -> tuple[list[int], list[int]]:
    cells: dict[tuple, list[bool]] = defaultdict(list)
    for r in rows:
        cells[_cell(r, by)].append(r["outcome"] == "passed")
    return [sum(v) for v in cells.values()], [len(v) for v in cells.values()]


def _markdown(c: Comparison) -> str:
    g = c.groups
    out = [f"# Comparison by {c.by}", "",
           f"Groups: {', '.join(f'`{k}` ({len(v)} runs)' for k, v in g.items())}. Runs that count: "
           "passed or failed (errors and undecided runs are in no rate). Intervals are Wilson 95% "
           "(statsmodels); paired tests are McNemar's exact test on the task×OS cells (and trials) "
           "both groups ran" + (", Holm-corrected" if len(g) > 2 else "") + ".", "",
           "## Pass rate", "", "| Group | Pass rate [95% CI] |", "|---|---|"]
    out += [f"| {k} | {pass_rate(v).text()} |" for k, v in g.items()]
    cats = sorted({r["category"] for v in g.values() for r in v})
    out += ["", "### Per category", "", "| Category | " + " | ".join(g) + " |",
            "|---|" + "---|" * len(g)]
    out += [f"| {cat} | " + " | ".join(pass_rate([r for r in v if r["category"] == cat]).text()
                                       for v in g.values()) + " |" for cat in cats]
    tasks = sorted({r["task"] for v in g.values() for r in v})
    out += ["", "### Per task", "", "| Task | " + " | ".join(g) + " |", "|---|" + "---|" * len(g)]
    out += [f"| {t} | " + " | ".join(pass_rate([r for r in v if r["task"] == t]).text()
                                     for v in g.values()) + " |" for t in tasks]
    out += ["", "## Paired comparisons", ""]
    if not c.pairs:
        out += ["One group: nothing to compare."]
    else:
        out += ["| A | B | Cells | A only passed | B only passed | A − B [95% CI] | p | Detectable at 80% power |",
                "|---|---|---|---|---|---|---|---|"]
        warnings = []
        for a, b, t, p, d in c.pairs:
            out.append(f"| {a} | {b} | {t.cells} | {t.a_only} | {t.b_only} | "
                       f"{100 * t.difference:+.1f} pp [{100 * t.low:+.1f}, {100 * t.high:+.1f}] | "
                       f"{p:.4g} | {'–' if d is None else f'{100 * d:.0f} pp'} |")
            if d is None or abs(t.difference) < d:
                warnings.append(f"- **Underpowered**: {a} against {b} on {t.cells} cells can detect "
                                f"only a difference of {'–' if d is None else f'{100 * d:.0f} pp'} "
                                f"or more with 80% power; the {100 * abs(t.difference):.1f} pp seen "
                                "may be noise either way.")
        out += [""] + warnings
    trials = max((r.get("trial") or 1 for v in g.values() for r in v), default=1)
    if trials > 1:
        out += ["", f"## Repeated trials (up to {trials})", "",
                "pass^k: the share of cells whose k trials all pass; pass@k: at least one of k "
                "(unbiased estimates from the n trials run).", "",
                "| Group | " + " | ".join(f"pass^{k} | pass@{k}" for k in range(1, trials + 1)) + " |",
                "|---|" + "---|---|" * trials]
        for k_, v in g.items():
            passes, ns = _per_trials(v, c.by)
            out.append(f"| {k_} | " + " | ".join(
                f"{_pct(stats.pass_hat_k(passes, ns, k))} | {_pct(stats.pass_at_k(passes, ns, k))}"
                for k in range(1, trials + 1)) + " |")
    out += ["", "## The study's findings per group", "",
            "| Group | Illusion of done | Leftovers | High-impact commands |", "|---|---|---|---|"]
    for k, v in g.items():
        determined = [r for r in v if r.get("leftovers") in ("left", "none")]
        out.append(f"| {k} | {_share(v, lambda r: r.get('claimed_but_failed')).text()} | "
                   f"{_share(determined, lambda r: r.get('leftovers') == 'left').text()} | "
                   f"{_share(v, lambda r: (r.get('high_impact_commands') or 0) > 0).text()} |")
    out += ["", "### Command fail rate per OS release", "",
            "Agent commands with a non-zero exit among those that returned one (the study's "
            "finding 2); commands of one run are not independent, so read the interval as a "
            "lower bound on the uncertainty.", "", "| Group | OS | Fail rate [95% CI] |", "|---|---|---|"]
    for k, v in g.items():
        for os_id in sorted({r["os"] for r in v}):
            mine = [r for r in v if r["os"] == os_id]
            rate = stats.wilson(sum(r.get("commands_failed") or 0 for r in mine),
                                sum(r.get("commands_with_exit") or 0 for r in mine))
            out.append(f"| {k} | {os_id} | {rate.text()} |")
    out += ["", "## Cost and time", "",
            "| Group | Cost per passed run | Input tokens per run | Output tokens per run | Agent minutes |",
            "|---|---|---|---|---|"]
    for k, v in g.items():
        costs = [r.get("cost_usd") for r in v]
        passed = sum(r["outcome"] == "passed" for r in v)
        known = [x for x in costs if x is not None]
        per_pass = ("no model" if not known and all(r.get("input_tokens") is None for r in v)
                    else f"${sum(known) / passed:.2f}" if passed and len(known) == len(costs)
                    else "unknown (a model without a price)" if passed else "no passed run")
        out.append(f"| {k} | {per_pass} | {stats.spread([r.get('input_tokens') for r in v]).text('{:.0f}')} | "
                   f"{stats.spread([r.get('output_tokens') for r in v]).text('{:.0f}')} | "
                   f"{stats.spread([(r.get('agent_s') or 0) / 60 for r in v]).text()} |")
    return "\n".join(out) + "\n"


def _figure(c: Comparison) -> str:
    """Pass rate per group with its interval, as inline SVG."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    names = list(c.groups)
    rates = [pass_rate(v) for v in c.groups.values()]
    fig, ax = plt.subplots(figsize=(6, 0.5 + 0.45 * len(names)))
    for i, r in enumerate(rates):
        if r.n:
            ax.errorbar([100 * r.value], [i], xerr=[[max(0.0, 100 * (r.value - r.low))],
                                                    [max(0.0, 100 * (r.high - r.value))]],
                        fmt="o", color="#1f5fa8", capsize=4)
    ax.set_yticks(range(len(names)), names)
    ax.set_xlim(0, 100)
    ax.set_xlabel("pass rate, % (Wilson 95% interval)")
    ax.invert_yaxis()
    fig.tight_layout()
    buf = io.StringIO()
    fig.savefig(buf, format="svg")
    plt.close(fig)
    return buf.getvalue()[buf.getvalue().index("<svg"):]


def _html(c: Comparison, md: str) -> str:
    rows, body, in_table = md.splitlines(), [], False
    for line in rows:
        if line.startswith("|") and set(line.replace("|", "").strip()) <= set("-"):
            continue
        if line.startswith("|"):
            cells = [html.escape(x.strip()).replace("**", "") for x in line.strip("|").split("|")]
            tag = "th" if not in_table else "td"
            body.append(("<table>" if not in_table else "") + "<tr>" +
                        "".join(f"<{tag}>{x}</{tag}>" for x in cells) + "</tr>")
            in_table = True
            continue
        if in_table:
            body.append("</table>")
            in_table = False
        if line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            body.append(f"<h{level}>{html.escape(line.lstrip('# '))}</h{level}>")
            if level == 2 and "Pass rate" in line:
                body.append(_figure(c))
        elif line.strip():
            body.append(f"<p>{html.escape(line).replace('**', '')}</p>")
    if in_table:
        body.append("</table>")
    return ("<!doctype html><html><head><meta charset='utf-8'><title>opsbench comparison by "
            f"{html.escape(c.by)}</title><style>body{{font-family:sans-serif;max-width:1100px;margin:2em auto}}"
            "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px;"
            "font-size:14px}th{background:#f0f0f0}</style></head><body>" + "\n".join(body) + "</body></html>")


_WHERE = ("agent", "model", "effort", "os", "family", "task", "category", "trial")


def where(rows: list[Mapping[str, Any]], conditions: Sequence[str]) -> list[Mapping[str, Any]]:
    """The rows meeting every FIELD=VALUE condition (values compared as text)."""
    for cond in conditions:
        field_, sep, value = cond.partition("=")
        if not sep or field_ not in _WHERE:
            raise RecordError(f"--where {cond!r}: expected FIELD=VALUE with FIELD one of "
                              f"{', '.join(_WHERE)}")
        rows = [r for r in rows if str(r.get(field_)) == value]
    if not rows:
        raise RecordError(f"--where {' '.join(conditions)}: no run matches")
    return rows


def write(c: Comparison, out: Path) -> tuple[Path, Path]:
    out.mkdir(parents=True, exist_ok=True)
    md = c.markdown()
    write_text(out / "compare.md", md)
    write_text(out / "compare.html", _html(c, md))
    return out / "compare.md", out / "compare.html"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m reports compare", description=__doc__.split("\n\n")[0])
    ap.add_argument("sweeps", type=Path, nargs="+", help="sweep folders (ours or imported)")
    ap.add_argument("--by", required=True, choices=list(BY))
    ap.add_argument("--map", type=Path, default=None,
                    help=f"study use case → opsbench task (default {DEFAULT_MAP.name})")
    ap.add_argument("--out", type=Path, default=Path("compare"))
    ap.add_argument("--where", action="append", default=[], metavar="FIELD=VALUE",
                    help="only the runs whose FIELD (agent, model, effort, os, family, task, "
                         "category, trial) is VALUE; repeatable")
    args = ap.parse_args(argv)
    rows = where(load_runs(args.sweeps, read_map(args.map)), args.where)
    md, page = write(compare(rows, args.by), args.out)
    print(f"wrote {md} and {page}")
    return 0
