"""The typed form of the harness's own record files and their schema versions: run.json,
sweep.json and verifier/checks.json as msgspec Structs (commands.jsonl lines are
`CommandRecord`, agent/report.json `AgentReport`). `validate(kind, data)` holds a file to its
type; `json_schema(kind)` is the JSON Schema generated from it (records/schemas/, kept current
by tests/records). The verifier's study-format records have hand-written schemas of their own
(verifier/schemas/) that the verifier's tests hold its output to."""
from __future__ import annotations

from typing import Any, Literal

import msgspec

from records._checks import CheckResult
from records._commands import CommandRecord
from records._io import RecordError
from records._report import AgentReport, AgentStatus

RUN_SCHEMA = "opsbench.run/1"
SWEEP_SCHEMA = "opsbench.sweep/1"
SNAPSHOT_SCHEMA = "opsbench.snapshot/1"
ANALYSIS_SCHEMA = "opsbench.analysis/1"

Outcome = Literal["passed", "failed", "undecided", "error", "skipped"]


class Phase(msgspec.Struct, frozen=True):
    name: str  # lease, provision, snapshot:<phase>, prepare, checkpoint, restore, agent, …
    started_at: str | None = None
    duration_s: float | None = None  # null while the phase runs
    ok: bool | None = None
    error: str | None = None


class RunError(msgspec.Struct, frozen=True):
    type: Literal["infrastructure", "configuration", "interrupted"]
    message: str
    phase: str | None = None


class RunDoc(msgspec.Struct, frozen=True, kw_only=True):
    """run.json (docs/records.md has a row for every field)."""
    schema: Literal["opsbench.run/1"] = RUN_SCHEMA
    run_id: str
    sweep_id: str | None = None
    task: str
    category: str | None = None
    os: str
    family: str | None = None
    appliance: str | None = None
    agent: str
    model: str | None = None
    effort: str | None = None
    trial: int = 1
    host: str | None = None
    node_count: int = 1
    persist: bool = False
    reboot_check: bool = True
    attempt: int = 1
    virt_type: str | None = None
    started_at: str
    finished_at: str | None = None
    phases: tuple[Phase, ...] = ()
    outcome: Outcome | None = None
    error: RunError | None = None
    failed_requirements: tuple[str, ...] = ()
    undecided_requirements: tuple[str, ...] = ()
    agent_status: AgentStatus | None = None
    rebooted_by_agent: tuple[str, ...] = ()
    agent_lockout: dict[str, Any] | None = None
    boot_dead_end: dict[str, Any] | None = None
    node_down: dict[str, Any] | None = None
    prepared_in: str | None = None
    kept_cluster: str | None = None
    verifier_error: str | None = None
    analysis_error: str | None = None


class SweepDoc(msgspec.Struct, frozen=True, kw_only=True):
    """sweep.json: marks a folder as a sweep."""
    schema: Literal["opsbench.sweep/1"] = SWEEP_SCHEMA
    sweep_id: str
    started_at: str | None = None
    finished_at: str | None = None
    argv: tuple[str, ...] = ()
    agent: str | None = None
    model: str | None = None
    os: str | None = None


class ChecksDoc(msgspec.Struct, frozen=True, kw_only=True):
    """verifier/checks.json: each requirement's check result per phase (no reboot: no
    post_reboot)."""
    post_agent: tuple[CheckResult, ...] = ()
    post_reboot: tuple[CheckResult, ...] | None = None


KINDS: dict[str, type] = {"run": RunDoc, "sweep": SweepDoc, "checks": ChecksDoc,
                          "command": CommandRecord, "agent-report": AgentReport}


def _kind(kind: str) -> type:
    try:
        return KINDS[kind]
    except KeyError:
        raise ValueError(f"no record kind {kind!r}; kinds: {', '.join(KINDS)}") from None


def validate(kind: str, data: Any, where: str = "") -> Any:
    """`data` (decoded JSON) as the typed record; RecordError naming the field otherwise."""
    try:
        return msgspec.convert(data, _kind(kind))
    except msgspec.ValidationError as e:
        raise RecordError(f"{where or kind}: not a valid {kind} record: {e}") from None


def json_schema(kind: str) -> dict[str, Any]:
    return msgspec.json.schema(_kind(kind))
