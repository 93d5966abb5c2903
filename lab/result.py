"""The result of one command on one node."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CommandResult:
    node: str
    command: str
    user: str
    started_at: str  # ISO-8601 UTC
    duration_ms: int
    exit_code: int | None  # None: no exit status (timeout, transport error)
    stdout: str
    stderr: str
    truncated: bool = False
    output_cap: int = 0
    timed_out: bool = False
    transport_error: str | None = None

    @property
    def ok(self) -> bool:
        return self.exit_code == 0

    @property
    def rc(self) -> int | None:
        return self.exit_code
