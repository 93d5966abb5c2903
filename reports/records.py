"""Reading a run folder (docs/records.md): the only input of `reports`.

Readers are tolerant where the format allows a gap (a crash leaves a partial record: a missing
snapshot, a torn last line of commands.jsonl) and strict where it does not (run.json must parse).

Snapshots are most of the bytes of a sweep and mostly unchanged between phases, so a snapshot
node keeps each section (files, etc, packages, …) as raw JSON and decodes it on first use; two
byte-identical sections are known equal without decoding either.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

import msgspec

import records
from records import (CommandRecord, Expected, RecordError, RunPaths, epoch, read_expected, read_json,
                     read_object_optional)
from reports.shell import SimpleCommand, parse


class Command(CommandRecord, frozen=True):
    """A line of commands.jsonl plus what every analysis shares: its start as POSIX seconds and
    its parse (done once)."""
    start: float | None = None  # POSIX seconds (derived)
    simple: tuple[SimpleCommand, ...] = ()  # parse of `command`, agent commands only (derived)

    @property
    def end(self) -> float | None:
        return None if self.start is None else self.start + self.duration_ms / 1000.0


# Agents repeat commands across the runs of a sweep (the same task on every OS, status checks);
# a parse depends on the text alone, so each distinct text is parsed once per process.
_PARSED: dict[str, tuple[SimpleCommand, ...]] = {}
_PARSED_MAX = 50_000


def _parse_cached(text: str) -> tuple[SimpleCommand, ...]:
    hit = _PARSED.get(text)
    if hit is None:
        if len(_PARSED) >= _PARSED_MAX:
            _PARSED.clear()
        hit = _PARSED[text] = parse(text)
    return hit


def _derive(c: Command) -> Command:
    # harness commands are never classified; parsing them would only cost time
    return msgspec.structs.replace(c, start=epoch(c.started_at),
                                   simple=_parse_cached(c.command) if c.is_agent else ())


def read_commands(run_dir: Path) -> tuple[Command, ...]:
    """commands.jsonl in `seq` order; a torn or malformed line (crash mid-append) is skipped."""
    return tuple(_derive(c) for c in records.read_commands(RunPaths(run_dir).commands, Command))


@dataclass(frozen=True)
class RunRecord:
    path: Path
    run: Mapping[str, Any]
    commands: tuple[Command, ...]
    expected: Expected
    topology: Mapping[str, Any] | None
    checks: Mapping[str, Any] | None
    report: Mapping[str, Any] | None

    @property
    def paths(self) -> RunPaths:
        return RunPaths(self.path)

    @property
    def agent_commands(self) -> tuple[Command, ...]:
        return tuple(c for c in self.commands if c.is_agent)

    def snapshot(self, phase: str) -> Snapshot | None:
        return read_snapshot(self.paths.snapshot(phase))


def read_run(run_dir: Path) -> RunRecord:
    paths = RunPaths(run_dir)
    run_path = paths.run
    if not run_path.is_file():
        raise RecordError(f"{run_dir}: not a run folder (expected {run_path})")
    run = read_json(run_path)
    if not isinstance(run, dict):
        raise RecordError(f"{run_path}: expected a JSON object")
    return RunRecord(
        path=run_dir, run=run, commands=read_commands(run_dir), expected=read_expected(run_dir),
        topology=read_object_optional(paths.topology), checks=read_object_optional(paths.checks),
        report=read_object_optional(paths.report),
    )


# Runs of one OS start from the same image, so a large section (packages, /etc hashes, users)
# is often byte-identical across the runs a process analyses: each distinct one is decoded once.
# Decoded sections are shared, so readers never modify them. Small sections decode faster than
# they hash.
_SHARED_MIN_BYTES = 2048


@lru_cache(maxsize=256)
def _decode_shared(raw: bytes) -> Any:
    return msgspec.json.decode(raw)


class Node:
    """One node of a snapshot; sections decoded lazily (see the module docstring)."""

    __slots__ = ("_raw", "_decoded")

    def __init__(self, raw: Mapping[str, msgspec.Raw]) -> None:
        self._raw = raw
        self._decoded: dict[str, Any] = {}

    def get(self, key: str, default: Any = None) -> Any:
        if key in self._decoded:
            return self._decoded[key]
        raw = self._raw.get(key)
        if raw is None:
            return default
        value = self._decoded[key] = _decode_shared(bytes(raw)) \
            if len(raw) >= _SHARED_MIN_BYTES else msgspec.json.decode(raw)
        return value

    def __contains__(self, key: str) -> bool:
        return key in self._raw

    def same(self, other: Node, key: str) -> bool:
        """The section is byte-identical in both (so certainly unchanged)."""
        a, b = self._raw.get(key), other._raw.get(key)
        return a is not None and a == b

    @property
    def ok(self) -> bool:
        return bool(self.get("ok"))


Snapshot = dict[str, Node]  # node name → node


class _SnapshotDoc(msgspec.Struct):
    nodes: dict[str, dict[str, msgspec.Raw]] = {}


_SNAPSHOT = msgspec.json.Decoder(_SnapshotDoc)


def read_snapshot(path: Path) -> Snapshot | None:
    """Nodes of a snapshot file; None when missing or unreadable (the run is then undetermined)."""
    try:
        doc = _SNAPSHOT.decode(path.read_bytes())
    except (FileNotFoundError, msgspec.DecodeError, msgspec.ValidationError):
        return None
    return {name: Node(raw) for name, raw in doc.nodes.items()}


def node_roles(record: RunRecord) -> dict[str, str]:
    """`appliance` for the topology's router/firewall nodes, `host` for every other node."""
    topo_nodes = (record.topology or {}).get("nodes")
    nodes = topo_nodes.values() if isinstance(topo_nodes, dict) else topo_nodes or []
    return {str(n["name"]): str(n.get("role") or "host") for n in nodes
            if isinstance(n, dict) and n.get("name")}


def node_os_labels(record: RunRecord, snapshots: list[Snapshot | None]) -> dict[str, str]:
    """OS per node: the topology's catalog id, else the run's OS, else the snapshot's os-release."""
    labels: dict[str, str] = {}
    topo_nodes = (record.topology or {}).get("nodes")
    items = topo_nodes.items() if isinstance(topo_nodes, dict) else (
        ((n.get("name"), n) for n in topo_nodes if isinstance(n, dict))
        if isinstance(topo_nodes, list) else ())
    for name, n in items:
        if isinstance(n, dict) and name:
            os_id = n.get("os") or n.get("image")
            if os_id:
                labels[str(name)] = str(os_id)
    for snap in snapshots:
        for name, node in (snap or {}).items():
            if name in labels:
                continue
            if record.run.get("os"):
                labels[name] = str(record.run["os"])
            else:
                rel = node.get("os_release") or {}
                label = f"{rel.get('ID', '')}{rel.get('VERSION_ID', '')}".strip()
                if label:
                    labels[name] = label
    return labels


_WORD_CHARS = r"[\w.+@-]"


def mentions(text: str, needle: str) -> bool:
    """`needle` occurs in `text` as a whole word/path (not as part of a longer name)."""
    if not needle or needle not in text:  # fast path: most commands mention nothing
        return False
    pattern = re.compile(rf"(?<![\w.+@/-]){re.escape(needle)}(?!{_WORD_CHARS})")
    return pattern.search(text) is not None
