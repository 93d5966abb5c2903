"""agent/report.json: what the agent says it did, its claim per requirement with the commands it
cites as evidence; written by every agent, read by the verifier and the reports."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Mapping

AgentStatus = Literal["completed", "blocked", "limit", "none"]
AGENT_STATUSES: tuple[AgentStatus, ...] = ("completed", "blocked", "limit", "none")


@dataclass(frozen=True)
class Evidence:
    requirement: str
    command_ids: tuple[str, ...]


@dataclass(frozen=True)
class AgentReport:
    status: AgentStatus
    summary: str = ""
    evidence: tuple[Evidence, ...] = ()
    reason: str | None = None  # why the run ended (limit hit, refusal, …)

    def to_json(self) -> dict:
        return {
            "status": self.status,
            "summary": self.summary,
            "reason": self.reason,
            "evidence": [{"requirement": e.requirement, "command_ids": list(e.command_ids)}
                         for e in self.evidence],
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> AgentReport:
        """A report as written; an unknown status reads as `none` (no claim)."""
        status = d.get("status")
        evidence = tuple(
            Evidence(requirement=str(e.get("requirement", "")),
                     command_ids=tuple(str(c) for c in e.get("command_ids") or ()))
            for e in d.get("evidence") or () if isinstance(e, dict))
        return cls(status=status if status in AGENT_STATUSES else "none",
                   summary=str(d.get("summary") or ""), evidence=evidence, reason=d.get("reason"))
