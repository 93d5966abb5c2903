"""One run folder read back (docs/records.md): the one reader the verifier and the reports share.

Records may be partial (a crashed or errored run): every file may be missing and reads as empty,
except run.json when `strict` (the reports need to know what ran; the verifier judges whatever
is there and says what it could not see). Files are read when first asked for."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Mapping

from records._checks import CheckRecord
from records._commands import CommandRecord, read_commands
from records._io import RecordError, read_json, read_json_optional, read_object_optional
from records._paths import SNAPSHOT_PHASES, RunPaths
from records._report import AgentReport
from records._snapshots import Snapshot, read_snapshot
from records._task import Expected, Requirement, load_requirements, read_expected


@dataclass(frozen=True)
class Run:
    path: Path
    run: Mapping[str, Any]  # run.json ({} when missing and not strict)
    commands: tuple[CommandRecord, ...]  # commands.jsonl in seq order (a subclass: see read_run)
    topology: Mapping[str, Any] | None
    checks_json: Mapping[str, Any] | None  # verifier/checks.json as written
    report_json: Mapping[str, Any] | None  # agent/report.json as written

    @property
    def paths(self) -> RunPaths:
        return RunPaths(self.path)

    @property
    def persist(self) -> bool:
        return bool(self.run.get("persist"))

    @property
    def reboot_checked(self) -> bool:
        """False when the run was told to skip the reboot re-check (--no-reboot-check)."""
        return self.run.get("reboot_check") is not False

    @cached_property
    def checks(self) -> CheckRecord | None:
        """The check results as the verdict policy reads them (an unknown status is `error`)."""
        return CheckRecord.from_json(self.checks_json) if self.checks_json is not None else None

    @cached_property
    def agent_report(self) -> AgentReport | None:
        return AgentReport.from_json(self.report_json) if self.report_json is not None else None

    @property
    def agent_status(self) -> str | None:
        """The agent's own claim: its report's status, else what run.json recorded."""
        if self.agent_report is not None:
            return self.agent_report.status
        return self.run.get("agent_status")

    @property
    def agent_commands(self) -> tuple[CommandRecord, ...]:
        return tuple(c for c in self.commands if c.is_agent)

    def command(self, command_id: str) -> CommandRecord | None:
        return self._by_id.get(command_id)

    @cached_property
    def _by_id(self) -> dict[str, CommandRecord]:
        return {c.id: c for c in self.commands}

    @cached_property
    def requirements(self) -> tuple[Requirement, ...]:
        """From the task copy; RequirementsError when it is missing or malformed."""
        return load_requirements(self.path)

    @cached_property
    def instruction(self) -> str | None:
        path = self.paths.instruction
        return path.read_text(encoding="utf-8") if path.exists() else None

    @cached_property
    def expected(self) -> Expected:
        return read_expected(self.path)

    def snapshot(self, phase: str) -> Snapshot | None:
        """The phase's snapshot, its nodes' sections decoded on first use; None when missing."""
        return read_snapshot(self.paths.snapshot(phase))

    @cached_property
    def snapshots(self) -> dict[str, Mapping[str, Any]]:
        """Every snapshot present, whole, in phase order (what the verifier shows and keeps)."""
        out: dict[str, Mapping[str, Any]] = {}
        for phase in SNAPSHOT_PHASES:
            snap = read_json_optional(self.paths.snapshot(phase))
            if isinstance(snap, dict):
                out[phase] = snap
        return out


def read_run(run_dir: Path, *, strict: bool = True,
             command_kind: type[CommandRecord] = CommandRecord) -> Run:
    """The run in `run_dir`. `strict`: RecordError when run.json is missing or not an object.
    `command_kind`: a CommandRecord subclass with derived fields to decode the lines into."""
    paths = RunPaths(Path(run_dir))
    if strict:
        if not paths.run.is_file():
            raise RecordError(f"{paths.dir}: not a run folder (expected {paths.run})")
        run = read_json(paths.run)
        if not isinstance(run, dict):
            raise RecordError(f"{paths.run}: expected a JSON object")
    else:
        run = read_object_optional(paths.run) or {}
    return Run(path=paths.dir, run=run, commands=tuple(read_commands(paths.commands, command_kind)),
               topology=read_object_optional(paths.topology),
               checks_json=read_object_optional(paths.checks),
               report_json=read_object_optional(paths.report))
