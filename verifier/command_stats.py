"""Counts of the agent's commands, as the reference study counted them: a command failed when it
returned a non-zero exit status; one with no exit status (timeout, dropped connection) is
neither successful nor failed."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Iterable
from records import CommandRecord



@dataclass(frozen=True)
class CommandStats:
    total: int
    successful: int
    failed: int
    no_exit_status: int

    def to_json(self) -> dict[str, int]:
        return asdict(self)


def command_stats(commands: Iterable[CommandRecord]) -> CommandStats:
    agent = [c for c in commands if c.source == "agent"]
    return CommandStats(
        total=len(agent),
        successful=sum(c.exit_code == 0 for c in agent),
        failed=sum(c.exit_code not in (None, 0) for c in agent),
        no_exit_status=sum(c.exit_code is None for c in agent),
    )
