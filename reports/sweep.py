"""A sweep's findings: (re)compute every run's analysis, then write `summary.md`,
`findings.html` and `data/`. A folder is a sweep when it has `sweep.json`.

Runs are analysed in worker processes, a contiguous slice of runs per task, so the results come
back in run order and a parallel build writes the same tables as a serial one. Each worker also
builds the Arrow tables of its slice's commands and requirements, so the bulk of the data set is
built in parallel. The figures are rendered in the pool while the main process writes the data set.
"""
from __future__ import annotations

import gc
import multiprocessing
import os
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterator

import pyarrow as pa

from reports.analysis import analyse
from reports.data import command_rows, load_table, requirement_rows, save_table, table, \
    write_dataset
from reports.dns import resolve_all
from reports.plots import figure_jobs, figures
from records import (RecordError, RunPaths, SweepPaths, find_runs, read_sweep, write_json,
                     write_text)
from reports.records import read_run
from reports.render import html_fragment, markdown
from reports.run_page import write_run_page
from reports.summary import SweepSummary, summarise

# Below this many runs a process pool costs more than it saves.
_PARALLEL_MIN_RUNS = 64
_SLICES_PER_WORKER = 8  # many small slices each, so the last one does not leave a worker idle


@dataclass(frozen=True)
class _Slice:
    """What a worker sends back for a slice of runs."""
    run_dirs: list[Path]
    analyses: list[dict[str, Any]]
    unreadable: list[tuple[str, str]]
    # A worker hands its tables over in Arrow files: through the pool's pipe, their hundreds of
    # MB of command output would be pickled, copied 64 KiB at a time and unpickled.
    commands: pa.Table | Path
    requirements: pa.Table | Path

    def spill(self, stem: Path) -> _Slice:
        """The same slice with its tables saved to `<stem>.<table>` files."""
        return replace(self, **{name: save_table(self.table(name), stem.with_suffix(f".{name}"))
                                for name in ("commands", "requirements")})

    def table(self, name: str) -> pa.Table:
        t = getattr(self, name)
        return t if isinstance(t, pa.Table) else load_table(t)


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
        write_json(RunPaths(run_dir).analysis, result)
        write_run_page(run_dir, record, result)
        done.append(run_dir)
        analyses.append(result)
        commands.extend(command_rows(record, result))
        requirements.extend(requirement_rows(record, result))
    return _Slice(done, analyses, unreadable, table("commands", commands),
                  table("requirements", requirements))


def _analyse_slice_spilled(job: tuple[list[Path], Path]) -> _Slice:
    run_dirs, stem = job
    return _analyse_slice(run_dirs).spill(stem)


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
    meta = read_sweep(sweep_dir)
    sweep_id = str(meta.get("sweep_id") or sweep_dir.name)
    runs = find_runs(sweep_dir)
    n = workers if workers is not None else (os.cpu_count() or 1)
    with _collector_paused():
        if n <= 1 or len(runs) < _PARALLEL_MIN_RUNS:
            return _finish(sweep_dir, sweep_id, [_analyse_slice(runs)], check_dns, None)
        # contiguous slices, so the tables come back in run order, as a serial build makes them
        size = -(-len(runs) // (n * _SLICES_PER_WORKER))
        parts = [runs[i:i + size] for i in range(0, len(runs), size)]
        # fork: workers inherit the imported modules instead of importing them again
        with multiprocessing.get_context("fork").Pool(n) as pool, \
                tempfile.TemporaryDirectory(prefix=".build-", dir=sweep_dir) as spill_dir:
            jobs = [(part, Path(spill_dir) / str(k)) for k, part in enumerate(parts)]
            done = pool.map(_analyse_slice_spilled, jobs, chunksize=1)
            return _finish(sweep_dir, sweep_id, done, check_dns, pool)


def _finish(sweep_dir: Path, sweep_id: str, parts: list[_Slice], check_dns: bool,
            pool: Any) -> SweepSummary:
    run_dirs = [d for p in parts for d in p.run_dirs]
    analyses = [a for p in parts for a in p.analyses]
    if check_dns:
        _apply_dns(run_dirs, analyses)
    summary = summarise(sweep_dir, sweep_id, analyses, [u for p in parts for u in p.unreadable])
    # one figure per task: the workers render them side by side while this process writes
    pending = None if pool is None else [
        (key, pool.apply_async(render, args)) for key, render, args in figure_jobs(summary)]
    write_text(SweepPaths(sweep_dir).summary, markdown(summary))
    write_dataset(SweepPaths(sweep_dir).data, analyses,
                  pa.concat_tables([p.table("commands") for p in parts]),
                  pa.concat_tables([p.table("requirements") for p in parts]), sweep_id)
    figs = {key: job.get() for key, job in pending} if pending is not None else figures(summary)
    write_text(SweepPaths(sweep_dir).findings, html_fragment(summary, figs))
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
            write_json(RunPaths(run_dir).analysis, a)


def findings_html(sweep_dir: Path, check_dns: bool = False) -> str:
    """The sweep's findings as an HTML fragment, for embedding in the pytest-html report: the
    findings.html its build wrote (a sweep builds once, when it ends), built first only if the
    sweep has none yet."""
    path = SweepPaths(Path(sweep_dir)).findings
    if not path.is_file():
        build(Path(sweep_dir), check_dns=check_dns)
    return path.read_text(encoding="utf-8")
