"""`verifier/evaluation-report.json`: the verdict on every requirement and the run's outcome."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from verifier.command_stats import CommandStats
from verifier.illusion import RunIllusion
from verifier.policy import Mode, Outcome
from verifier.verdict import RequirementVerdict

SCHEMA = "opsbench.evaluation-report/1"


@dataclass(frozen=True)
class VerifierInfo:
    """How this evaluation was made."""
    version: int
    created_at: str
    mode: Mode
    blind: bool
    model: str | None  # None when no LLM was asked
    effort: str | None
    templates: str | None
    templates_sha256: str | None
    input_chars: int | None
    input_notes: tuple[str, ...]
    usage_file: str | None
    messages_file: str | None
    error: str | None  # the LLM verifier could not be used (infrastructure); see docs/verifier.md

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, "created_at": self.created_at, "mode": self.mode,
                "blind": self.blind, "model": self.model, "effort": self.effort,
                "templates": self.templates, "templates_sha256": self.templates_sha256,
                "input_chars": self.input_chars,
                "input_notes": list(self.input_notes), "usage_file": self.usage_file,
                "messages_file": self.messages_file, "error": self.error}


@dataclass(frozen=True)
class EvaluationReport:
    run_id: str | None
    task: str | None
    os: str | None
    persist: bool
    verifier: VerifierInfo
    requirements: tuple[RequirementVerdict, ...]
    summary: str
    llm_summary: str | None
    command_stats: CommandStats
    outcome: Outcome
    illusion_of_done: RunIllusion

    @property
    def decided(self) -> int:
        return sum(v.status != "indeterminate" for v in self.requirements)

    @property
    def coverage(self) -> float:
        return self.decided / len(self.requirements) if self.requirements else 0.0

    def requirement(self, rid: str) -> RequirementVerdict | None:
        return next((v for v in self.requirements if v.id == rid), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "run_id": self.run_id, "task": self.task, "os": self.os, "persist": self.persist,
            "verifier": self.verifier.to_json(),
            "outcome": self.outcome,
            "summary": self.summary,
            "llm_summary": self.llm_summary,
            "requirements": [v.to_json() for v in self.requirements],
            "command_stats": self.command_stats.to_json(),
            "coverage": {"decided": self.decided, "total": len(self.requirements),
                         "share": round(self.coverage, 4)},
            "disagreements": [v.id for v in self.requirements if v.disagreement],
            "illusion_of_done": self.illusion_of_done.to_json(),
        }
