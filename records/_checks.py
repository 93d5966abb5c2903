"""verifier/checks.json: the deterministic checks' results per phase, as the lifecycle writes them
and the verifier and the reports read them."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Mapping

CheckStatus = Literal["satisfied", "not_satisfied", "error"]
CHECK_PHASES = ("post_agent", "post_reboot")


@dataclass(frozen=True)
class CheckResult:
    id: str
    text: str
    status: CheckStatus
    detail: str
    command_ids: tuple[str, ...]  # the commands the check ran: its evidence

    def to_json(self) -> dict:
        return {"id": self.id, "text": self.text, "status": self.status, "detail": self.detail,
                "command_ids": list(self.command_ids)}


@dataclass(frozen=True)
class CheckRecord:
    """Results per phase; a phase absent from the file is absent here (e.g. no reboot)."""
    phases: Mapping[str, tuple[CheckResult, ...]]

    def result(self, phase: str, requirement_id: str) -> CheckResult | None:
        for r in self.phases.get(phase, ()):
            if r.id == requirement_id:
                return r
        return None

    @classmethod
    def from_json(cls, data: Mapping) -> "CheckRecord":
        phases = {}
        for phase in CHECK_PHASES:
            if isinstance(data.get(phase), list):
                phases[phase] = tuple(_result(d) for d in data[phase] if isinstance(d, dict))
        return cls(phases=phases)


def _result(d: Mapping) -> CheckResult:
    status = d.get("status")
    return CheckResult(
        id=str(d.get("id", "")),
        text=str(d.get("text", "")),
        # An unknown status is not a verdict the verifier can trust.
        status=status if status in ("satisfied", "not_satisfied") else "error",
        detail=str(d.get("detail") or ""),
        command_ids=tuple(str(c) for c in d.get("command_ids") or ()),
    )
