"""A sweep's findings: (re)compute every run's analysis, then write `summary.md`,
`findings.html` and `data/`. A folder is a sweep when it has `sweep.json`."""
from __future__ import annotations

import gc
import multiprocessing
import os
from pathlib import Path
from typing import Any

from reports.analysis import analyse
from reports.data import command_rows, requirement_rows, write_dataset
from reports.dns import resolve_all
from reports.records import RecordError, read_json_optional, read_run, write_json_atomic, \
    write_text_atomic
from reports.render import html_fragment, markdown
from reports.summary import SweepSummary, summarise

# Below this many runs a process pool costs more than it saves.
_PARALLEL_MIN_RUNS = 64


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


def _analyse_one(run_dir: Path) -> tuple[str, Any]:
    """Worker: analysis (written to analysis.json) and the run's data rows, or why it failed."""
    try:
        record = read_run(run_dir)
        result = analyse(record)
    except RecordError as e:
        return "error", (str(run_dir), str(e))
    write_json_atomic(run_dir / "analysis.json", result)
    return "ok", (run_dir, result, command_rows(record, result), requirement_rows(record, result))


def _map(runs: list[Path], workers: int | None) -> list[tuple[str, Any]]:
    # Decoding allocates millions of acyclic containers; the cyclic collector would rescan them
    # over and over while they are alive, for nothing. Paused here, back on afterwards.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        n = workers if workers is not None else (os.cpu_count() or 1)
        if n <= 1 or len(runs) < _PARALLEL_MIN_RUNS:
            return [_analyse_one(r) for r in runs]
        # fork: workers inherit the imported modules (and the paused collector)
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(n) as pool:
            return pool.map(_analyse_one, runs, chunksize=max(1, len(runs) // (n * 8)))
    finally:
        if was_enabled:
            gc.enable()


def build(sweep_dir: Path, check_dns: bool = False, workers: int | None = None) -> SweepSummary:
    sweep_dir = Path(sweep_dir)
    meta = require_sweep(sweep_dir)
    sweep_id = str(meta.get("sweep_id") or sweep_dir.name)
    analyses: list[dict[str, Any]] = []
    run_dirs: list[Path] = []
    commands: list[tuple] = []
    requirements: list[tuple] = []
    unreadable: list[tuple[str, str]] = []
    for status, payload in _map(find_runs(sweep_dir), workers):
        if status == "error":
            unreadable.append(payload)
            continue
        run_dir, a, cmd_rows, req_rows = payload
        run_dirs.append(run_dir)
        analyses.append(a)
        commands.extend(cmd_rows)
        requirements.extend(req_rows)
    if check_dns:
        _apply_dns(run_dirs, analyses)
    summary = summarise(sweep_dir, sweep_id, analyses, unreadable)
    write_text_atomic(sweep_dir / "summary.md", markdown(summary))
    write_text_atomic(sweep_dir / "findings.html", html_fragment(summary))
    write_dataset(sweep_dir / "data", analyses, commands, requirements, sweep_id)
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
