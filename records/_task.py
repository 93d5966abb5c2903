"""What a run's copy of its task declares (task/task.toml): the requirements it is judged on and
the changes it expects, shared by the task loader (fixtures.tasks), the verifier and the reports."""
from __future__ import annotations

import fnmatch
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from records._io import RecordError
from records._paths import RunPaths

Method = Literal["check", "llm"]
METHODS: tuple[Method, ...] = ("check", "llm")


class RequirementsError(RecordError, ValueError):
    """task.toml is missing or its requirements are malformed; the message names file and field."""


@dataclass(frozen=True)
class Requirement:
    id: str
    text: str
    method: Method  # check: a deterministic check decides; llm: the LLM verifier does


@dataclass(frozen=True)
class Expected:
    """The task's declared `[expected]` changes (globs): never counted as leftovers."""
    paths: tuple[str, ...] = ()
    packages: tuple[str, ...] = ()
    services: tuple[str, ...] = ()
    ports: tuple[int | str, ...] = ()  # 80, or "80/tcp"
    users: tuple[str, ...] = ()
    groups: tuple[str, ...] = ()

    def path(self, path: str) -> bool:
        """A declared path glob covers the path itself and everything below it; `dir/*` (what a
        folder holds) covers the folder too (a mount point, the folder made for the files)."""
        return any(fnmatch.fnmatchcase(path, g) or path.startswith(g.rstrip("/") + "/")
                   or (g.endswith("/*") and path == g[:-2]) for g in self.paths)

    def package(self, name: str) -> bool:
        return _any_glob(name, self.packages)

    def service(self, unit: str) -> bool:
        """systemd names units `x.service`, OpenRC just `x`: either form matches either."""
        name = unit.removesuffix(".service")
        return any(fnmatch.fnmatchcase(unit, g) or fnmatch.fnmatchcase(name, g.removesuffix(".service"))
                   for g in self.services)

    def port(self, port: int | str) -> bool:
        p = str(port)
        return any(str(x).split("/", 1)[0] == p for x in self.ports)

    def user(self, name: str) -> bool:
        return _any_glob(name, self.users)

    def group(self, name: str) -> bool:
        return _any_glob(name, self.groups) or _any_glob(name, self.users)


def _any_glob(name: str, globs: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatchcase(name, g) for g in globs)


def read_expected(run_dir: Path) -> Expected:
    """`[expected]` from the task copy in the run; missing or unreadable → nothing expected."""
    try:
        data = tomllib.loads(RunPaths(run_dir).task_toml.read_text(encoding="utf-8"))
    except (FileNotFoundError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        return Expected()
    exp = data.get("expected") or {}

    def strs(key: str) -> tuple[str, ...]:
        v = exp.get(key) or []
        return tuple(str(x) for x in v) if isinstance(v, list) else ()

    return Expected(strs("paths"), strs("packages"), strs("services"), strs("ports"),
                    strs("users"), strs("groups"))


def load_requirements(run_dir: Path) -> tuple[Requirement, ...]:
    """The requirements of the task as it was run (`<run_dir>/task/task.toml`), in file order."""
    path = RunPaths(Path(run_dir)).task_toml
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
