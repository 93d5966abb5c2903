"""What the verifier says about one requirement: each method's judgement and the final verdict."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Mapping

from records import Method

Status = Literal["satisfied", "partially_satisfied", "not_satisfied", "indeterminate"]
STATUSES: tuple[Status, ...] = (
    "satisfied", "partially_satisfied", "not_satisfied", "indeterminate")


@dataclass(frozen=True)
class Judgement:
    method: Method
    status: Status
    summary: str
    evidence: tuple[str, ...]
    dropped_evidence: tuple[str, ...] = ()  # cited by the model but not in the record
    reason: str | None = None  # why it is indeterminate (refusal, malformed reply, no evidence…)
    phases: Mapping[str, str] = field(default_factory=dict)  # checks: status per check phase

    def to_json(self) -> dict[str, Any]:
        return {"method": self.method, "status": self.status, "summary": self.summary,
                "evidence": list(self.evidence), "dropped_evidence": list(self.dropped_evidence),
                "reason": self.reason, "phases": dict(self.phases)}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> "Judgement":
        return cls(method=d["method"], status=d["status"], summary=d.get("summary", ""),
                   evidence=tuple(d.get("evidence", ())),
                   dropped_evidence=tuple(d.get("dropped_evidence", ())),
                   reason=d.get("reason"), phases=dict(d.get("phases") or {}))


@dataclass(frozen=True)
class RequirementVerdict:
    id: str
    text: str
    method: Method  # the method whose judgement stands
    status: Status
    summary: str
    evidence: tuple[str, ...]
    judgements: tuple[Judgement, ...]  # every method that judged it
    disagreement: bool  # two methods judged it and differ

    def judgement(self, method: Method) -> Judgement | None:
        return next((j for j in self.judgements if j.method == method), None)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "text": self.text, "method": self.method, "status": self.status,
                "summary": self.summary, "evidence": list(self.evidence),
                "disagreement": self.disagreement,
                "judgements": [j.to_json() for j in self.judgements]}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> "RequirementVerdict":
        return cls(id=d["id"], text=d["text"], method=d["method"], status=d["status"],
                   summary=d.get("summary", ""), evidence=tuple(d.get("evidence", ())),
                   judgements=tuple(Judgement.from_json(j) for j in d.get("judgements", ())),
                   disagreement=bool(d.get("disagreement")))
