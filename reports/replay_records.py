"""Study trials replayed on our VMs (`python -m fixtures.replay`), kept as test data in
`tests/data/replays/`: each run folder reduced to what the analysis reads (run.json, the
commands, the task's `[expected]`, the topology, the post_prepare and post_agent snapshots) and
analysed again, whenever asked, by the code as it is now. The leftover labels' precision
(`reports.labels`) and the comparison with the study (`reports.study_comparison`) read the
replays from here, so neither scores what an older analysis once found.
"""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

import msgspec

from reports.asked_for import asked_for, expected_toml
from reports.importer import task_text
from records import (RunPaths, SweepPaths, find_runs, read_commands, read_json_optional,
                     write_json, write_text)
from reports.sweep import build

ROOT = Path(__file__).resolve().parent.parent
REPLAYS = ROOT / "tests" / "data" / "replays"


def kept(run: RunPaths) -> tuple[Path, ...]:
    """The files of a replayed run kept as test data: what the analysis reads."""
    return (run.run, run.commands, run.topology, run.task_toml, run.snapshot("post_prepare"),
            run.snapshot("post_agent"))


ORIGIN = "replay.json"  # {trial: the study trial replayed, os: the OS it replayed on}
# where the replayed trials' own records are copied (their requirement texts name the work)
TRIAL_COPIES = (ROOT / "tests" / "data" / "study", ROOT / "tests" / "data" / "study-logs")


def declare_asked_for(run_dir: Path, trial: Path) -> None:
    """The run's task copy gets the `[expected]` the study's task asks for by name (its
    requirement texts and instruction; reports/asked_for.py), so the analysis does not count the
    work itself as left behind."""
    text = task_text(trial)
    paths = RunPaths(run_dir)
    nodes = {p: (read_json_optional(paths.snapshot(p)) or {}).get("nodes") or {}
             for p in ("post_prepare", "post_agent")}
    commands = [msgspec.structs.asdict(c) for c in read_commands(paths.commands) if c.phase == "agent"]
    toml = paths.task_toml
    body = toml.read_text().split("\n# what the task asked for by name")[0].rstrip() + "\n\n"
    write_text(toml, body + expected_toml(asked_for(nodes["post_prepare"], nodes["post_agent"],
                                                           text, commands)))


def save(run_dir: Path, trial: str, os_id: str, root: Path = REPLAYS) -> Path:
    """Keep one replayed run: `root/<trial folder name>/` (replaced if there)."""
    dest = root / Path(trial).name
    if dest.exists():
        shutil.rmtree(dest)
    for path in kept(RunPaths(run_dir)):
        if path.is_file():
            copy = dest / path.relative_to(run_dir)
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, copy)
    # the probe's own commands repeat the snapshots in full; the analysis reads the snapshots
    log = RunPaths(dest).commands
    if log.is_file():
        lines = log.read_text(encoding="utf-8").splitlines(keepends=True)
        write_text(log, "".join(ln for ln in lines if '"phase": "snapshot:' not in ln
                                       and '"phase":"snapshot:' not in ln))
    write_json(dest / ORIGIN, {"trial": trial, "os": os_id})
    return dest


def summarise(run_dir: Path) -> dict[str, Any]:
    """What a replay came to: outcome, the agent's reboots, leftovers by class and object (the
    run's analysis.json must exist)."""
    run = read_json_optional(RunPaths(run_dir).run) or {}
    analysis = read_json_optional(RunPaths(run_dir).analysis) or {}
    left = analysis.get("leftovers") or {}
    boots = {p: {n: v.get("boot_id") for n, v in
                 ((read_json_optional(run_dir / "snapshots" / f"{p}.json") or {}).get("nodes")
                  or {}).items()} for p in ("post_prepare", "post_agent")}
    rebooted = {n for n, b in boots["post_agent"].items()
                if b and boots["post_prepare"].get(n) not in (None, b)}
    return {"outcome": run.get("outcome"), "error": run.get("error"),
            "rebooted_by_agent": sorted(set(run.get("rebooted_by_agent") or []) | rebooted),
            "boot_dead_end": bool(run.get("boot_dead_end")), "node_down": run.get("node_down"),
            "agent_s": (analysis.get("commands") or {}).get("agent_s"),
            "transport_errors": (analysis.get("commands") or {}).get("transport_errors"),
            "leftovers": left.get("status"),
            "findings": [{"class": f["class"], "kind": f["kind"], "node": f["node"],
                          "object": f["object"]} for f in left.get("findings", [])]}


def analysed(root: Path = REPLAYS) -> dict[str, dict[str, Any]]:
    """{trial: summary} of every kept replay, analysed now in a scratch sweep."""
    kept = sorted(d for d in root.glob("*") if (d / ORIGIN).is_file()) if root.is_dir() else []
    if not kept:
        return {}
    with tempfile.TemporaryDirectory() as tmp:
        sweep = Path(tmp) / "sweep"
        origin = {}
        for d in kept:
            meta = read_json_optional(d / ORIGIN) or {}
            run_dir = sweep / d.name / str(meta.get("os") or "os") / "run"
            shutil.copytree(d, run_dir)
            origin[run_dir] = trial = str(meta.get("trial") or d.name)
            # what the trial asks for, read as the code reads it now
            copy = next((c / trial for c in TRIAL_COPIES if (c / trial).is_dir()), None)
            if copy is not None:
                declare_asked_for(run_dir, copy)
        write_json(SweepPaths(sweep).meta, {"sweep_id": "replays"})
        build(sweep, workers=1)
        return {origin[r]: summarise(r) for r in find_runs(sweep) if r in origin}
