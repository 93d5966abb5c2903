"""Live phases (fixtures/progress.py): what a person watching the sweep sees, read from the runs'
records as they are written, and the sweep's estimate from earlier runs' durations."""
from __future__ import annotations

import json
from pathlib import Path

from fixtures.durations import History
from fixtures.progress import LiveProgress

def _write(path: Path, run: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(run))


def _run(task: str, phases: list[tuple[str, float | None]], outcome: str | None = None,
         started: str = "2026-12-07T10:00:00Z", finished: str | None = None, **extra) -> dict:
    return {"task": task, "category": "single-node", "os": "debian12", "agent": "claude",
            "trial": 1, "started_at": started, "finished_at": finished, "outcome": outcome,
            "phases": [{"name": n, "duration_s": d} for n, d in phases], **extra}


def test_phase_changes_agent_turns_and_the_end_are_printed_once_each(tmp_path):
    sweep = tmp_path / "sweeps" / "s1"
    lines: list[str] = []
    clock = [1796637600.0 + 30]  # 10:00:30
    live = LiveProgress(sweep, lines.append, history=History(), clock=lambda: clock[0])
    live.plan([("disk-full-recovery", "brownfield"), ("disk-full-recovery", "brownfield")])
    run_json = sweep / "disk-full-recovery" / "debian12" / "r1" / "run.json"
    _write(run_json, _run("disk-full-recovery", [("lease", 0.1), ("provision", None)]))
    live.poll()
    live.poll()  # nothing new: nothing printed
    assert lines == ["disk-full-recovery[debian12-claude] +0:30 → provision"]

    clock[0] += 60
    _write(run_json, _run("disk-full-recovery", [("provision", 30.0), ("agent", None)]))
    _write(run_json.parent / "agent" / "usage.json",
           {"totals": {"turns": 3, "total_tokens": 12345}, "cost": {"usd": 0.0421}})
    live.poll()
    assert lines[1:] == ["disk-full-recovery[debian12-claude] +1:30 → agent",
                         "disk-full-recovery[debian12-claude]   agent: turn 3, 12,345 tokens, $0.042"]

    _write(run_json, _run("disk-full-recovery", [("agent", 40.0), ("verifier", 1.0)], outcome="passed",
                          finished="2026-12-07T10:05:00Z"))
    live.poll()
    assert lines[-2] == "disk-full-recovery[debian12-claude] passed in 5:00"
    # one run of two left; its expected time is this sweep's own runs so far
    assert lines[-1] == "sweep: 1/2 runs done, 1 left, about 5:00 min left"
    n = len(lines)
    live.poll()
    assert len(lines) == n


def test_the_estimate_uses_earlier_sweeps_of_the_same_task_then_its_category(tmp_path):
    root = tmp_path / "sweeps"
    for i, (task, minutes) in enumerate([("a", 10), ("a", 20), ("b", 4)]):
        _write(root / "old" / task / "debian12" / f"r{i}" / "run.json",
               _run(task, [], outcome="passed", finished=f"2026-12-07T10:{minutes:02d}:00Z"))
    _write(root / "old" / "c" / "debian12" / "rx" / "run.json",
           _run("c", [], outcome="error", finished="2026-12-07T11:00:00Z"))  # errors do not count
    history = History.of(root, exclude=root / "now")
    assert history.expected_s("a", "single-node", None) == 15 * 60
    assert history.expected_s("zzz", "single-node", None) == 10 * 60  # the category's median
    assert history.expected_s("zzz", "network", 99.0) == 99.0
    live = LiveProgress(root / "now", [].append, workers=2, history=history)
    live.plan([("a", "single-node"), ("a", "single-node"), ("b", "single-node"), ("q", "network")])
    # 15 + 15 + 4 min for three runs it knows, the fourth counted at their mean, over 2 workers
    assert live.estimate() == "sweep: 0/4 runs done, 4 left, about 22:40 min left"
