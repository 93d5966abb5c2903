"""A run as the reports read it: `records.read_run`, strictly (run.json must parse), with every
agent command parsed once (`Command`), and what the analyses share about a run (node roles and
OS labels, whether a text mentions a name)."""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import msgspec

import records
from records import CommandRecord, Run, RunPaths, Snapshot, epoch
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


def read_run(run_dir: Path) -> Run:
    """The run, strictly (run.json must parse), its agent commands parsed once."""
    run = records.read_run(run_dir, strict=True, command_kind=Command)
    return replace(run, commands=tuple(_derive(c) for c in run.commands))  # type: ignore[arg-type]


def node_roles(record: Run) -> dict[str, str]:
    """`appliance` for the topology's router/firewall nodes, `host` for every other node."""
    topo_nodes = (record.topology or {}).get("nodes")
    nodes = topo_nodes.values() if isinstance(topo_nodes, dict) else topo_nodes or []
    return {str(n["name"]): str(n.get("role") or "host") for n in nodes
            if isinstance(n, dict) and n.get("name")}


def node_os_labels(record: Run, snapshots: list[Snapshot | None]) -> dict[str, str]:
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
