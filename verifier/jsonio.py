"""Reading the run's JSON files, and publishing a record under a name that must not exist yet.

Records that may be replaced are written with `llm.records.write_json_atomic` (temp file and
rename, secrets redacted); `create_json_atomic` is its no-overwrite twin for versioned records.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from llm.redact import redact


def read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def read_json_or_none(path: Path) -> Any:
    """The parsed file, or None when it does not exist (records may be partial)."""
    try:
        return read_json(path)
    except FileNotFoundError:
        return None


def create_json_atomic(path: Path, data: Any) -> None:
    """Write `data` to `path` only if no file is there; FileExistsError otherwise.

    A hard link publishes the complete temp file and fails when the name is taken, so two
    writers racing for the same name never overwrite each other.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(json.dumps(redact(data), indent=2, ensure_ascii=False, default=str) + "\n")
        os.link(tmp, path)
    finally:
        os.unlink(tmp)
