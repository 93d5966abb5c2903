"""agent/messages.jsonl: the conversation and its events, one line each, as they happen."""
from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from records import JsonlWriter, RunPaths


class Transcript:
    """Lines are `{"seq", "at", "type", ...}`; types: start, message (role, content; assistant
    lines add turn, stop_reason, usage), retry, tool_error, end, error."""

    def __init__(self, record_dir: Path) -> None:
        self._writer = JsonlWriter(RunPaths(record_dir).messages)
        self._seq = 0

    def event(self, type: str, **fields: Any) -> None:
        self._seq += 1
        self._writer.write({"seq": self._seq, "at": datetime.now(timezone.utc).isoformat(),
                            "type": type, **fields})

    def message(self, role: str, content: list[dict[str, Any]], **fields: Any) -> None:
        self.event("message", role=role, content=content, **fields)

    def close(self) -> None:
        self._writer.close()
