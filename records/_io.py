"""Reading and writing record files. Every writer redacts (records/_redact.py) and publishes whole
files only (temp file, then rename or link), so no caller can forget a secret and no reader sees
half a file; JSON lines are appended and flushed one by one, so a crash keeps what happened."""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any, Iterable

import msgspec

from records._redact import redact_text
from records._paths import SweepPaths


class RecordError(Exception):
    """A record, run or sweep folder is not what docs/records.md describes; the message names
    the file or folder."""


def read_json(path: Path) -> Any:
    """The parsed file; RecordError naming it when it is not JSON (FileNotFoundError when it is
    missing, for callers to whom that is normal)."""
    try:
        return msgspec.json.decode(Path(path).read_bytes())
    except msgspec.DecodeError as e:
        raise RecordError(f"{path}: not valid JSON ({e})") from None


def read_json_optional(path: Path) -> Any:
    """The parsed file, or None when it is missing or torn (written by a crashed run)."""
    try:
        return msgspec.json.decode(Path(path).read_bytes())
    except (FileNotFoundError, NotADirectoryError, msgspec.DecodeError):
        return None


def read_object_optional(path: Path) -> dict[str, Any] | None:
    """Like read_json_optional, but only a JSON object counts."""
    data = read_json_optional(path)
    return data if isinstance(data, dict) else None


def _encode(data: Any) -> str:
    # Sorted keys (and sets): the same data gives the same bytes in every process. Anything
    # msgspec cannot encode (a Path, a datetime subclass) is written as its str().
    raw = msgspec.json.encode(data, order="sorted", enc_hook=str)
    return msgspec.json.format(raw, indent=2).decode("utf-8") + "\n"


def json_text(data: Any) -> str:
    """`data` as the JSON text a record file holds, redacted."""
    # Redacted as encoded text: one pass over the text (walking a large snapshot string by
    # string costs more), and what msgspec encodes natively (a dataclass) is covered too.
    return redact_text(_encode(data), encoded=True)


def _publish(path: Path, text: str, exclusive: bool) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        if exclusive:
            os.link(tmp, path)  # fails when the name is taken: two racing writers never overwrite
        else:
            os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def write_json(path: Path, data: Any) -> None:
    """Write `data` as JSON, redacted, replacing the file whole."""
    _publish(path, json_text(data), exclusive=False)


def create_json(path: Path, data: Any) -> None:
    """write_json for a record that must never be replaced (a versioned evaluation):
    FileExistsError when the name is taken."""
    _publish(path, json_text(data), exclusive=True)


def write_text(path: Path, text: str) -> None:
    """Write `text` (Markdown, HTML, TOML, or JSON text as it is), redacted, replacing the file
    whole. JSON text is redacted as encoded text, so it stays valid JSON."""
    _publish(path, redact_text(text, encoded=Path(path).suffix in (".json", ".jsonl")),
             exclusive=False)


def write_jsonl(path: Path, rows: Iterable[Any]) -> None:
    """Write JSON lines, redacted, replacing the file whole (a record converted at once)."""
    text = "".join(msgspec.json.encode(r, enc_hook=str).decode("utf-8") + "\n" for r in rows)
    _publish(path, redact_text(text, encoded=True), exclusive=False)


def copy_tree(src: Path, dst: Path) -> None:
    """Copy a folder (a task as it ran): text files redacted (a replayed study trial's
    instruction is outside text), anything else as it is; caches left out."""
    def copy(s: str, d: str) -> None:
        try:
            text = Path(s).read_text(encoding="utf-8")
        except (UnicodeDecodeError, ValueError):
            shutil.copy2(s, d)
            return
        write_text(Path(d), text)
        shutil.copystat(s, d)

    shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__"), copy_function=copy)


class JsonlWriter:
    """Appends one JSON object per line, redacted, and flushes it, so a crash keeps what
    happened up to the last line."""

    def __init__(self, path: Path) -> None:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._file = path.open("a", encoding="utf-8")

    def write(self, obj: Any) -> None:
        line = msgspec.json.encode(obj, enc_hook=str).decode("utf-8")
        self._file.write(redact_text(line, encoded=True) + "\n")
        self._file.flush()

    def close(self) -> None:
        if not self._file.closed:
            self._file.close()


def read_sweep(sweep_dir: Path) -> dict[str, Any]:
    """sweep.json of `sweep_dir`; RecordError naming the folder when it is not a sweep."""
    sweep_dir = Path(sweep_dir)
    marker = SweepPaths(sweep_dir).meta
    if not sweep_dir.is_dir():
        raise RecordError(f"{sweep_dir}: no such directory (expected a sweep folder with sweep.json)")
    if not marker.is_file():
        raise RecordError(f"{sweep_dir} is not a sweep: expected {marker} (written by a pytest "
                          "sweep, or by `python -m reports import`)")
    return read_object_optional(marker) or {}
