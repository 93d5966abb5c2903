"""The model's two tools: their definitions, and checked parsing of what the model sends."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Mapping, Sequence

from agents._base import Evidence
from llm import ToolSpec, render

TOOLS_FILE = Path(__file__).parent / "prompts" / "tools.toml"


class ToolInputError(ValueError):
    """The model's tool input is not usable; the message is shown to the model."""


@dataclass(frozen=True)
class RunCommand:
    node: str
    command: str
    timeout_s: float | None


@dataclass(frozen=True)
class Finish:
    status: Literal["completed", "blocked"]
    summary: str
    evidence: tuple[Evidence, ...]


def tool_definitions(nodes: Sequence[str], requirement_ids: Sequence[str],
                     command_timeout_s: float) -> list[ToolSpec]:
    text = tomllib.loads(render(TOOLS_FILE, {
        "nodes": ", ".join(nodes), "command_timeout_s": f"{command_timeout_s:g}",
        "requirement_ids": ", ".join(requirement_ids) or "as the task names it"}))
    run, fin = text["run_command"], text["finish"]
    return [
        ToolSpec("run_command", run["description"], {
            "type": "object", "required": ["node", "command"], "properties": {
                "node": {"type": "string", "enum": list(nodes), "description": run["node"]},
                "command": {"type": "string", "description": run["command"]},
                "timeout_s": {"type": "number", "exclusiveMinimum": 0,
                              "description": run["timeout_s"]}}}),
        ToolSpec("finish", fin["description"], {
            "type": "object", "required": ["status", "summary", "evidence"], "properties": {
                "status": {"type": "string", "enum": ["completed", "blocked"],
                           "description": fin["status"]},
                "summary": {"type": "string", "description": fin["summary"]},
                "evidence": {"type": "array", "description": fin["evidence"], "items": {
                    "type": "object", "required": ["requirement", "command_ids"], "properties": {
                        "requirement": {"type": "string", "description": fin["requirement"]},
                        "command_ids": {"type": "array", "items": {"type": "string"},
                                        "description": fin["command_ids"]}}}}}}),
    ]


def _fields(tool: str, data: Any, required: set[str], optional: set[str]) -> Mapping[str, Any]:
    if not isinstance(data, dict):
        raise ToolInputError(f"{tool}: input must be a JSON object, got {type(data).__name__}")
    problems = []
    if missing := sorted(required - data.keys()):
        problems.append(f"missing {', '.join(missing)}")
    if unknown := sorted(data.keys() - required - optional):
        problems.append(f"unknown field(s) {', '.join(unknown)}")
    if problems:
        raise ToolInputError(f"{tool}: {'; '.join(problems)}; fields: "
                             f"{', '.join(sorted(required | optional))}")
    return data


def parse_run_command(data: Any, nodes: Sequence[str]) -> RunCommand:
    d = _fields("run_command", data, {"node", "command"}, {"timeout_s"})
    if d["node"] not in nodes:
        raise ToolInputError(f"run_command: no node {d['node']!r}; nodes: {', '.join(nodes)}")
    if not isinstance(d["command"], str) or not d["command"].strip():
        raise ToolInputError("run_command: command must be a non-empty string")
    timeout = d.get("timeout_s")
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float))
                                or timeout <= 0):
        raise ToolInputError(f"run_command: timeout_s must be a positive number of seconds, "
                             f"got {timeout!r}")
    return RunCommand(d["node"], d["command"], None if timeout is None else float(timeout))


def parse_finish(data: Any, command_ids: Sequence[str], requirement_ids: Sequence[str]) -> Finish:
    d = _fields("finish", data, {"status", "summary", "evidence"}, set())
    if d["status"] not in ("completed", "blocked"):
        raise ToolInputError(f"finish: status must be completed or blocked, got {d['status']!r}")
    if not isinstance(d["summary"], str):
        raise ToolInputError("finish: summary must be a string")
    if not isinstance(d["evidence"], list):
        raise ToolInputError("finish: evidence must be a list of {requirement, command_ids}")
    evidence = tuple(_evidence(item, set(command_ids), requirement_ids) for item in d["evidence"])
    return Finish(d["status"], d["summary"], evidence)


def _evidence(item: Any, known: set[str], requirement_ids: Sequence[str]) -> Evidence:
    e = _fields("finish evidence", item, {"requirement", "command_ids"}, set())
    req, ids = e["requirement"], e["command_ids"]
    if not isinstance(req, str):
        raise ToolInputError(f"finish: requirement must be a string, got {req!r}")
    if requirement_ids and req not in requirement_ids:
        raise ToolInputError(f"finish: unknown requirement {req!r}; requirements: "
                             f"{', '.join(requirement_ids)}")
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        raise ToolInputError(f"finish: command_ids of {req} must be a list of command ids")
    if unknown := [i for i in ids if i not in known]:
        raise ToolInputError(f"finish: {req} cites {', '.join(unknown)}, which are not commands "
                             f"you ran in this task; yours: {', '.join(sorted(known)) or 'none'}")
    return Evidence(req, tuple(ids))
