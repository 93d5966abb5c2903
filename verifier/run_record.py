"""One run folder read back as typed data (docs/records.md).

Records may be partial (a crashed or errored run): every file but task/task.toml is optional,
and what is missing reads as empty, so the verifier can say what it could not see.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Mapping

from records import (SNAPSHOT_PHASES, AgentReport, CheckRecord, CommandRecord, Requirement,
                     RunPaths, load_requirements, read_commands, read_json_optional)


@dataclass(frozen=True)
class RunRecord:
    run_dir: Path
    run: Mapping[str, Any]  # run.json, {} when missing
    requirements: tuple[Requirement, ...]
    instruction: str | None
    topology: Mapping[str, Any] | None
    commands: tuple[CommandRecord, ...]
    snapshots: Mapping[str, Mapping[str, Any]]  # phase -> snapshot, in phase order
    checks: CheckRecord | None
    agent_report: AgentReport | None

    @property
    def persist(self) -> bool:
        return bool(self.run.get("persist"))

    @property
    def reboot_checked(self) -> bool:
        """False when the run was told to skip the reboot re-check (--no-reboot-check)."""
        return self.run.get("reboot_check") is not False

    @property
    def agent_status(self) -> str | None:
        if self.agent_report is not None:
            return self.agent_report.status
        return self.run.get("agent_status")

    def command(self, command_id: str) -> CommandRecord | None:
        return self._by_id.get(command_id)

    @cached_property
    def _by_id(self) -> dict[str, CommandRecord]:
        return {c.id: c for c in self.commands}


def load_run(run_dir: Path) -> RunRecord:
    paths = RunPaths(Path(run_dir))
    checks = read_json_optional(paths.checks)
    report = read_json_optional(paths.report)
    return RunRecord(
        run_dir=paths.dir,
        run=read_json_optional(paths.run) or {},
        requirements=load_requirements(paths.dir),
        instruction=paths.instruction.read_text(encoding="utf-8") if paths.instruction.exists() else None,
        topology=read_json_optional(paths.topology),
        commands=tuple(read_commands(paths.commands)),
        snapshots=_snapshots(paths),
        checks=CheckRecord.from_json(checks) if isinstance(checks, dict) else None,
        agent_report=AgentReport.from_json(report) if isinstance(report, dict) else None,
    )


def _snapshots(paths: RunPaths) -> dict[str, Mapping[str, Any]]:
    out: dict[str, Mapping[str, Any]] = {}
    for phase in SNAPSHOT_PHASES:
        snap = read_json_optional(paths.snapshot(phase))
        if isinstance(snap, dict):
            out[phase] = snap
    return out
