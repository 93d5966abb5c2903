"""Writers for run records. Each one redacts, so no caller can forget to."""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from llm.redact import redact


def _dumps(obj: Any, **kwargs: Any) -> str:
    return json.dumps(redact(obj), ensure_ascii=False, default=str, **kwargs)


class JsonlWriter:
    """Appends one JSON object per line and flushes it, so a crash keeps what happened."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._file = path.open("a", encoding="utf-8")

    def write(self, obj: dict[str, Any]) -> None:
        self._file.write(_dumps(obj) + "\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()


def write_json_atomic(path: Path, obj: Any) -> None:
    """Write `obj` as JSON via a temp file and rename: readers never see half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(_dumps(obj, indent=2) + "\n")
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
