"""One run folder read back as typed data (docs/records.md).

Records may be partial (a crashed or errored run): every file but task/task.toml is optional,
and what is missing reads as empty, so the verifier can say what it could not see.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, fields
from functools import cached_property
from pathlib import Path
from typing import Any, Mapping

from agents.base import AgentReport, CommandRecord, Evidence
from verifier.check_record import CheckRecord
from verifier.jsonio import read_json_or_none
from verifier.requirements import Requirement, load_requirements

SNAPSHOT_PHASES = ("pre_prepare", "post_prepare", "post_agent", "post_reboot")
AGENT_STATUSES = ("completed", "blocked", "limit", "none")

_COMMAND_DEFAULTS: dict[str, Any] = {
    "id": "", "seq": 0, "phase": "", "source": "", "node": "", "user": "", "command": "",
    "started_at": "", "duration_ms": 0, "exit_code": None, "stdout": "", "stderr": "",
    "truncated": False, "output_cap": 0, "timed_out": False, "transport_error": None,
    "timeout_s": None,
}


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
    run_dir = Path(run_dir)
    instruction = run_dir / "task" / "instruction.md"
    checks = read_json_or_none(run_dir / "verifier" / "checks.json")
    report = read_json_or_none(run_dir / "agent" / "report.json")
    return RunRecord(
        run_dir=run_dir,
        run=read_json_or_none(run_dir / "run.json") or {},
        requirements=load_requirements(run_dir),
        instruction=instruction.read_text(encoding="utf-8") if instruction.exists() else None,
        topology=read_json_or_none(run_dir / "topology.json"),
        commands=load_commands(run_dir / "commands.jsonl"),
        snapshots=_snapshots(run_dir / "snapshots"),
        checks=CheckRecord.from_json(checks) if isinstance(checks, dict) else None,
        agent_report=agent_report_from_json(report) if isinstance(report, dict) else None,
    )


def load_commands(path: Path) -> tuple[CommandRecord, ...]:
    """Every complete line of commands.jsonl; a torn last line (crash mid-write) is skipped."""
    if not path.exists():
        return ()
    out = []
    names = [f.name for f in fields(CommandRecord)]
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        try:
            d = json.loads(line)
        except json.JSONDecodeError:
            continue
        out.append(CommandRecord(**{n: d.get(n, _COMMAND_DEFAULTS[n]) for n in names}))
    return tuple(out)


def agent_report_from_json(d: Mapping[str, Any]) -> AgentReport:
    status = d.get("status")
    evidence = tuple(
        Evidence(requirement=str(e.get("requirement", "")),
                 command_ids=tuple(str(c) for c in e.get("command_ids") or ()))
        for e in d.get("evidence") or () if isinstance(e, dict))
    return AgentReport(status=status if status in AGENT_STATUSES else "none",
                       summary=str(d.get("summary") or ""), evidence=evidence,
                       reason=d.get("reason"))


def _snapshots(folder: Path) -> dict[str, Mapping[str, Any]]:
    out: dict[str, Mapping[str, Any]] = {}
    for phase in SNAPSHOT_PHASES:
        snap = read_json_or_none(folder / f"{phase}.json")
        if isinstance(snap, dict):
            out[phase] = snap
    return out
