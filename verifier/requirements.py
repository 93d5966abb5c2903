"""A task's authored requirements, read from the copy of task.toml kept in a run's record."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

Method = Literal["check", "llm"]
METHODS: tuple[Method, ...] = ("check", "llm")


class RequirementsError(ValueError):
    """task.toml is missing or its requirements are malformed; the message names file and field."""


@dataclass(frozen=True)
class Requirement:
    id: str
    text: str
    method: Method


def load_requirements(run_dir: Path) -> tuple[Requirement, ...]:
    """The requirements of the task as it was run (`<run_dir>/task/task.toml`), in file order."""
    path = Path(run_dir) / "task" / "task.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RequirementsError(
            f"{path}: missing (the run record has no copy of its task)") from None
    except tomllib.TOMLDecodeError as e:
        raise RequirementsError(f"{path}: not valid TOML: {e}") from None
    entries = data.get("requirements")
    if not isinstance(entries, list) or not entries:
        raise RequirementsError(f"{path}: [[requirements]]: expected at least one entry")
    out: list[Requirement] = []
    for i, entry in enumerate(entries):
        out.append(_requirement(path, i, entry))
    ids = [r.id for r in out]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise RequirementsError(f"{path}: [[requirements]]: duplicate id {', '.join(dupes)}")
    return tuple(out)


def _requirement(path: Path, index: int, entry: object) -> Requirement:
    where = f"{path}: requirements[{index}]"
    if not isinstance(entry, dict):
        raise RequirementsError(f"{where}: expected a table")
    rid, text, method = entry.get("id"), entry.get("text"), entry.get("method", "check")
    if not isinstance(rid, str) or not rid.strip():
        raise RequirementsError(f"{where}.id: expected a non-empty string")
    if not isinstance(text, str) or not text.strip():
        raise RequirementsError(f"{where}.text: expected a non-empty string")
    if method not in METHODS:
        raise RequirementsError(
            f"{where}.method: expected one of {', '.join(METHODS)}, got {method!r}")
    return Requirement(id=rid, text=text.strip(), method=method)
