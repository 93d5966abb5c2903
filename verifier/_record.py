"""One run folder as the verifier reads it, and the evidence ids that point into it (a command, a
snapshot key, a check result).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import AbstractSet, Any, Iterable, Mapping, Sequence

from records import (AgentReport, CheckRecord, CommandRecord, Requirement, RunPaths,
                     SNAPSHOT_PHASES, load_requirements, read_commands, read_json_optional)

# -- run record --------------------------------------------------------------------------------
# One run folder read back as typed data (docs/records.md).
#
# Records may be partial (a crashed or errored run): every file but task/task.toml is optional,
# and what is missing reads as empty, so the verifier can say what it could not see.

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


# -- evidence ----------------------------------------------------------------------------------
# Evidence ids the verifier may cite, and the filter that drops the ones that do not exist.
#
# Three kinds of id point into a run's record:
#   `c0042`                              a command in commands.jsonl
#   `snapshot:<phase>:<node>:<key>`      one key of one node in snapshots/<phase>.json
#   `check:<phase>:<requirement-id>`     one deterministic result in verifier/checks.json

@dataclass(frozen=True)
class FilteredEvidence:
    kept: tuple[str, ...]  # known ids, first occurrence order, no duplicates
    dropped: tuple[str, ...]  # everything else, as text, for the record


def filter_evidence(cited: Sequence[object], known: AbstractSet[str]) -> FilteredEvidence:
    """Keep the cited ids that exist; a model's non-string "ids" are dropped like unknown ones."""
    kept: list[str] = []
    dropped: list[str] = []
    for item in cited:
        if isinstance(item, str) and item in known:
            if item not in kept:
                kept.append(item)
        else:
            text = item if isinstance(item, str) else repr(item)
            if text not in dropped:
                dropped.append(text)
    return FilteredEvidence(kept=tuple(kept), dropped=tuple(dropped))


def snapshot_ref(phase: str, node: str, key: str) -> str:
    return f"snapshot:{phase}:{node}:{key}"


def check_ref(phase: str, requirement_id: str) -> str:
    return f"check:{phase}:{requirement_id}"


def known_ids(record: RunRecord, include_checks: bool = True) -> frozenset[str]:
    """Every id that may be cited for `record`; check results only when the judge saw them."""
    ids: set[str] = {c.id for c in record.commands if c.id}
    ids.update(_snapshot_refs(record))
    if include_checks and record.checks is not None:
        ids.update(check_ref(phase, r.id) for phase, results in record.checks.phases.items()
                   for r in results)
    return frozenset(ids)


def _snapshot_refs(record: RunRecord) -> Iterable[str]:
    for phase, snap in record.snapshots.items():
        for node, data in (snap.get("nodes") or {}).items():
            if isinstance(data, dict):
                for key in data:
                    yield snapshot_ref(phase, node, key)
