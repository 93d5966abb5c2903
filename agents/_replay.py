"""The replay agent: re-runs a recorded command log, in order, on a fresh cluster.

Two log formats are read (the format is recognised from the content):

- ours, `commands.jsonl` (docs/records.md): the lines with `"phase": "agent"`, in `seq` order.
- the reference study's `agent/executor-commands.jsonl`: per command a `requested` record
  (`"outcome": "requested"`) and a completion record, sharing `command_id`, replayed in the
  order of their first record. Node, command and timeout come from the first record of each id
  (the requested one), filled in from later records. Field names are read tolerantly: the node from
  `node`, `node_name` or `host`; the command from `command` or `cmd`. When the file joins several
  executor attempts (`executor_attempt`), only the last attempt is replayed: earlier attempts ran
  on a cluster that was thrown away.

In both, a timeout is kept when the record states it (`timeout_s`, `timeout_sec`,
`timeout_seconds` or `timeout`); otherwise the session's default applies. A command recorded
as run by `root` (`user`) runs as root again; any other runs as the node's login user, whose
name may differ on the new cluster's OS. The study's records name no user: a log in which the
agent never typed `sudo` was run as root (the study's executor was root on those images) and is
replayed as root; one that used sudo is replayed as the login user. `path` may be the log
file or a run folder holding `commands.jsonl`, or a study trial folder holding
`agent/executor-commands.jsonl` (or, where only that was kept, the last
`agent/attempts/NN/executor-commands.jsonl`).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from agents._base import AgentReport, AgentSession
from records import ConfigurationError, RunPaths, study_command_log, write_json

STUDY = Path("agent") / "executor-commands.jsonl"
_NODE_KEYS = ("node", "node_name", "host")
_COMMAND_KEYS = ("command", "cmd")
_TIMEOUT_KEYS = ("timeout_s", "timeout_sec", "timeout_seconds", "timeout")


@dataclass(frozen=True)
class ReplayStep:
    node: str
    command: str
    timeout_s: float | None
    user: str | None  # "root", or None: the node's login user
    source_id: str  # the command's id in the log it came from


class ReplayAgent:
    name = "replay"

    def __init__(self, path: Path | str) -> None:
        self.path = _log_file(Path(path))
        self.steps = load_log(self.path)  # a bad log fails here, before a cluster exists

    def solve(self, session: AgentSession) -> AgentReport:
        nodes = [n.name for n in session.cluster.nodes]
        unknown = sorted({s.node for s in self.steps} - set(nodes))
        if unknown:
            raise ConfigurationError(f"replay log {self.path} runs commands on {', '.join(unknown)}, "
                           f"which this cluster lacks; its nodes: {', '.join(nodes)}")
        failed = 0
        for step in self.steps:
            rec = session.run(step.node, step.command, step.timeout_s, user=step.user)
            failed += rec.exit_code != 0
        report = AgentReport("completed", summary=f"replayed {len(self.steps)} commands from "
                                                  f"{self.path}; {failed} did not exit 0")
        write_json(RunPaths(session.record_dir).report, report.to_json())
        return report


def _log_file(path: Path) -> Path:
    if path.is_file():
        return path
    if path.is_dir():
        ours = RunPaths(path).commands
        if ours.is_file():
            return ours
        study = study_command_log(path)
        if study is not None:
            return study
        raise ConfigurationError(f"replay: {path} holds neither {RunPaths(path).commands.name} nor {STUDY} "
                       f"(nor agent/attempts/NN/executor-commands.jsonl)")
    raise ConfigurationError(f"replay: no such file or folder: {path}")


def load_log(path: Path) -> tuple[ReplayStep, ...]:
    records = list(_read_jsonl(path))
    if any("command_id" in r for r in records):
        steps = _study_steps(records, path)
    else:
        steps = _our_steps(records, path)
    if not steps:
        raise ConfigurationError(f"replay: {path} has no agent commands to replay")
    return steps


def _read_jsonl(path: Path) -> Iterable[dict[str, Any]]:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as e:
            raise ConfigurationError(f"replay: {path}:{number} is not JSON: {e}") from None
        if not isinstance(record, dict):
            raise ConfigurationError(f"replay: {path}:{number} is not a JSON object")
        yield record


def _our_steps(records: list[dict[str, Any]], path: Path) -> tuple[ReplayStep, ...]:
    agent = sorted((r for r in records if r.get("phase") == "agent"), key=lambda r: r.get("seq", 0))
    return tuple(_step(r, str(r.get("id", f"line {i}")), path) for i, r in enumerate(agent, 1))


def _study_steps(records: list[dict[str, Any]], path: Path) -> tuple[ReplayStep, ...]:
    attempts = [r["executor_attempt"] for r in records if isinstance(r.get("executor_attempt"), int)]
    if attempts:
        records = [r for r in records if r.get("executor_attempt") == max(attempts)]
    merged: dict[str, dict[str, Any]] = {}
    for r in records:
        cid = r.get("command_id")
        if isinstance(cid, str) and cid:
            merged[cid] = {**r, **merged.get(cid, {})}  # earlier records win, later ones fill gaps
    # The study's executor ran as root on some images and as a sudo user on others; its logs
    # name no user. An agent that never typed sudo was root (it wrote /etc and rebooted without
    # it), so its commands run as root again; one that used sudo runs as the login user.
    as_root = not any(re.search(r"(?<![\w-])sudo\s", str(r.get("command") or "")) for r in records)
    return tuple(_step(r, cid, path, "root" if as_root else None) for cid, r in merged.items())


def _step(record: dict[str, Any], source_id: str, path: Path,
          default_user: str | None = None) -> ReplayStep:
    node = next((record[k] for k in _NODE_KEYS if isinstance(record.get(k), str)), None)
    command = next((record[k] for k in _COMMAND_KEYS if isinstance(record.get(k), str)), None)
    if node is None or command is None:
        raise ConfigurationError(f"replay: {path}: command {source_id} lacks a node ({'/'.join(_NODE_KEYS)}) "
                       f"or a command ({'/'.join(_COMMAND_KEYS)})")
    timeout = next((float(record[k]) for k in _TIMEOUT_KEYS
                    if isinstance(record.get(k), (int, float)) and not isinstance(record[k], bool)
                    and record[k] > 0), None)
    user = record.get("user", default_user)
    return ReplayStep(node, command, timeout, "root" if user == "root" else None, source_id)
