"""The illusion of done: the agent's claim or the checks at the agent's end said "done", and the
record says otherwise.

Two kinds, per requirement and disjoint:
  claimed but failed   the agent reported `completed`, yet the run failed on a requirement that
                       was not satisfied right after it (post_agent: a check, or a requirement the
                       LLM or an imported record decided);
  lost on reboot       a check was satisfied post_agent and not satisfied post_reboot (the work
                       held while the agent looked and vanished with the restart).
A check that errored is neither; a run without post_agent checks is undetermined. This is the
only definition: the evaluation report and the reports' analysis both use it.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from records import (CheckRecord, RunPaths, find_runs, read_json_optional, read_object_optional,
                     read_sweep)

EXCLUDED_OUTCOMES = ("error", "skipped")  # infrastructure, not the agent's doing


@dataclass(frozen=True)
class RunIllusion:
    determined: bool
    agent_claimed_completed: bool | None  # None: the agent left no report
    failed_post_agent: tuple[str, ...]
    lost_on_reboot: tuple[str, ...]
    outcome: str | None = None

    @property
    def claimed_but_failed(self) -> bool:
        """Said done, and the run failed on something not lost at the reboot."""
        failed = bool(self.failed_post_agent) if self.outcome is None else \
            self.outcome == "failed" and (bool(self.failed_post_agent) or not self.lost_on_reboot)
        return bool(self.determined and self.agent_claimed_completed and failed)

    @property
    def any(self) -> bool:
        return self.claimed_but_failed or bool(self.lost_on_reboot)

    def to_json(self) -> dict[str, Any]:
        return {"determined": self.determined,
                "agent_claimed_completed": self.agent_claimed_completed,
                "claimed_but_failed": self.claimed_but_failed,
                "failed_post_agent": list(self.failed_post_agent),
                "lost_on_reboot": list(self.lost_on_reboot)}


def run_illusion(checks: CheckRecord | None, agent_status: str | None,
                 outcome: str | None = None) -> RunIllusion:
    """`outcome`: the run's final outcome (verifier.policy), when known."""
    claimed = None if agent_status is None else agent_status == "completed"
    if checks is None or "post_agent" not in checks.phases:
        return RunIllusion(False, claimed, (), (), outcome)
    after_agent = checks.phases["post_agent"]
    failed = tuple(r.id for r in after_agent if r.status == "not_satisfied")
    lost = tuple(r.id for r in after_agent if r.status == "satisfied"
                 and (after := checks.result("post_reboot", r.id)) is not None
                 and after.status == "not_satisfied")
    return RunIllusion(True, claimed, failed, lost, outcome)


def run_illusion_from_dir(run_dir: Path) -> RunIllusion:
    """From the files alone (no snapshots or commands needed), so sweeps are cheap to count."""
    paths = RunPaths(run_dir)
    checks = read_json_optional(paths.checks)
    report = read_json_optional(paths.report)
    run = read_object_optional(paths.run) or {}
    status = report.get("status") if isinstance(report, dict) else run.get("agent_status")
    return run_illusion(CheckRecord.from_json(checks) if isinstance(checks, dict) else None, status,
                        run.get("outcome"))


@dataclass(frozen=True)
class SweepIllusion:
    runs: int  # runs counted (infrastructure errors and skips excluded)
    excluded: int
    undetermined: int
    claimed_completed: int
    claimed_but_failed: int
    lost_on_reboot: int
    either: int  # runs with at least one of the two kinds

    def to_json(self) -> dict[str, int]:
        return asdict(self)


def sweep_illusion(sweep_dir: Path) -> SweepIllusion:
    read_sweep(sweep_dir)  # a clear error when it is not a sweep
    counted: list[RunIllusion] = []
    excluded = 0
    for run_dir in find_runs(sweep_dir):
        run = read_object_optional(RunPaths(run_dir).run) or {}
        if run.get("outcome") in EXCLUDED_OUTCOMES:
            excluded += 1
            continue
        counted.append(run_illusion_from_dir(run_dir))
    return SweepIllusion(
        runs=len(counted), excluded=excluded,
        undetermined=sum(not r.determined for r in counted),
        claimed_completed=sum(bool(r.agent_claimed_completed) for r in counted),
        claimed_but_failed=sum(r.claimed_but_failed for r in counted),
        lost_on_reboot=sum(bool(r.lost_on_reboot) for r in counted),
        either=sum(r.any for r in counted),
    )
