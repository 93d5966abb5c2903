"""The reference study's trial folders (Harbor job folders of `open-sudo/infraset`), as far as
tools outside the importer read them: the agent's command log, which `--agent=replay:<trial>`
replays and `python -m reports import` converts."""
from __future__ import annotations

from pathlib import Path


def study_command_log(trial: Path) -> Path | None:
    """`agent/executor-commands.jsonl`, else the last executor attempt's log; None without one."""
    main = trial / "agent" / "executor-commands.jsonl"
    if main.is_file():
        return main
    attempts = sorted((trial / "agent" / "attempts").glob("*/executor-commands.jsonl"))
    return attempts[-1] if attempts else None
