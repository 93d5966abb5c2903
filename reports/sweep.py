"""A sweep's findings: (re)compute every run's analysis, then write `summary.md`,
`findings.html` and `data/`. A folder is a sweep when it has `sweep.json`.

Runs are analysed in worker processes, a slice of runs per task; each worker also builds the
Arrow tables of its slice's commands and requirements, so the bulk of the data set is built in
parallel. The figures are rendered in the pool while the main process writes the data set.
"""
from __future__ import annotations

import gc
import multiprocessing
import os
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import pyarrow as pa

from reports.analysis import analyse
from reports.data import command_rows, requirement_rows, table, write_dataset
from reports.dns import resolve_all
from reports.plots import figures
from reports.records import RecordError, read_json_optional, read_run, write_json_atomic, \
    write_text_atomic
from reports.render import html_fragment, markdown
from reports.summary import SweepSummary, summarise

# Below this many runs a process pool costs more than it saves.
_PARALLEL_MIN_RUNS = 64
_SLICES_PER_WORKER = 4  # several slices each, so a slow slice does not leave a worker idle


def require_sweep(sweep_dir: Path) -> dict[str, Any]:
    """sweep.json of `sweep_dir`; a clear error when the folder is not a sweep."""
    marker = sweep_dir / "sweep.json"
    if not sweep_dir.is_dir():
        raise RecordError(f"{sweep_dir}: no such directory (expected a sweep folder with sweep.json)")
    if not marker.is_file():
        raise RecordError(f"{sweep_dir} is not a sweep: expected {marker} (written by a pytest "
                          "sweep, or by `python -m reports import`)")
    data = read_json_optional(marker)
    return data if isinstance(data, dict) else {}


def find_runs(sweep_dir: Path) -> list[Path]:
    """Run folders: `<sweep>/<task>/<os>/<run-id>/run.json`."""
    return sorted(p.parent for p in sweep_dir.glob("*/*/*/run.json"))


@dataclass(frozen=True)
class _Slice:
    """What a worker sends back for a slice of runs."""
    run_dirs: list[Path]
    analyses: list[dict[str, Any]]
    unreadable: list[tuple[str, str]]
    commands: pa.Table
    requirements: pa.Table


def _analyse_slice(run_dirs: list[Path]) -> _Slice:
    """Worker: analyse each run (writing its analysis.json) and build the slice's data rows."""
    done: list[Path] = []
    analyses: list[dict[str, Any]] = []
    unreadable: list[tuple[str, str]] = []
    commands: list[tuple] = []
    requirements: list[tuple] = []
    for run_dir in run_dirs:
        try:
            record = read_run(run_dir)
            result = analyse(record)
        except RecordError as e:
            unreadable.append((str(run_dir), str(e)))
            continue
        write_json_atomic(run_dir / "analysis.json", result)
        done.append(run_dir)
        analyses.append(result)
        commands.extend(command_rows(record, result))
        requirements.extend(requirement_rows(record, result))
    return _Slice(done, analyses, unreadable, table("commands", commands),
                  table("requirements", requirements))


@contextmanager
def _collector_paused() -> Iterator[None]:
    # Decoding allocates millions of acyclic containers; the cyclic collector would rescan them
    # over and over while they are alive, for nothing. Forked workers inherit the pause.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def build(sweep_dir: Path, check_dns: bool = False, workers: int | None = None) -> SweepSummary:
    sweep_dir = Path(sweep_dir)
    meta = require_sweep(sweep_dir)
    sweep_id = str(meta.get("sweep_id") or sweep_dir.name)
    runs = find_runs(sweep_dir)
    n = workers if workers is not None else (os.cpu_count() or 1)
    with _collector_paused():
        if n <= 1 or len(runs) < _PARALLEL_MIN_RUNS:
            return _finish(sweep_dir, sweep_id, [_analyse_slice(runs)], check_dns, None)
        slices = max(1, n * _SLICES_PER_WORKER)
        parts = [runs[i::slices] for i in range(slices)]
        # fork: workers inherit the imported modules instead of importing them again
        with multiprocessing.get_context("fork").Pool(n) as pool:
            return _finish(sweep_dir, sweep_id, pool.map(_analyse_slice, parts), check_dns, pool)


def _finish(sweep_dir: Path, sweep_id: str, parts: list[_Slice], check_dns: bool,
            pool: Any) -> SweepSummary:
    run_dirs = [d for p in parts for d in p.run_dirs]
    analyses = [a for p in parts for a in p.analyses]
    if check_dns:
        _apply_dns(run_dirs, analyses)
    summary = summarise(sweep_dir, sweep_id, analyses, [u for p in parts for u in p.unreadable])
    pending = pool.apply_async(figures, (summary,)) if pool is not None else None
    write_text_atomic(sweep_dir / "summary.md", markdown(summary))
    write_dataset(sweep_dir / "data", analyses, pa.concat_tables([p.commands for p in parts]),
                  pa.concat_tables([p.requirements for p in parts]), sweep_id)
    figs = pending.get() if pending is not None else figures(summary)
    write_text_atomic(sweep_dir / "findings.html", html_fragment(summary, figs))
    return summary


def _apply_dns(run_dirs: list[Path], analyses: list[dict[str, Any]]) -> None:
    """Resolve every repository host once for the sweep; rewrite the analyses that have any."""
    hosts = {h for a in analyses for h in a["repos"]["hosts"]}
    if not hosts:
        return
    status = resolve_all(hosts)
    for run_dir, a in zip(run_dirs, analyses):
        if a["repos"]["hosts"]:
            a["repos"]["hosts"] = {h: status[h] for h in a["repos"]["hosts"]}
            write_json_atomic(run_dir / "analysis.json", a)
