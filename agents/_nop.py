"""The nop agent does nothing: a task's checks must fail against it (they bite)."""
from __future__ import annotations

from agents._base import AgentReport, AgentSession


class NopAgent:
    name = "nop"

    def solve(self, session: AgentSession) -> AgentReport:
        return AgentReport(status="completed", summary="nop agent: did nothing")
