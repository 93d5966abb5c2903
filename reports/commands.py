"""Command statistics (finding 2) and durations per phase (finding 4).

The fail rate counts agent commands with a non-zero exit status among those that returned an
exit status. Timeouts and transport errors have none: they are counted apart, never as failures.
"""
from __future__ import annotations

from typing import Any, Mapping

from records import Run
from reports.records import Command


def _counts(cmds: list[Command]) -> dict[str, int]:
    with_exit = [c for c in cmds if c.exit_code is not None]
    return {
        "total": len(cmds),
        "with_exit": len(with_exit),
        "failed": sum(1 for c in with_exit if c.exit_code != 0),
        "timeouts": sum(1 for c in cmds if c.timed_out),
        "transport_errors": sum(1 for c in cmds if c.transport_error),
    }


def command_stats(record: Run, node_os: Mapping[str, str],
                  roles: Mapping[str, str] | None = None) -> dict[str, Any]:
    agent = [c for c in record.commands if c.is_agent]
    by_node: dict[str, Any] = {}
    for node in sorted({c.node for c in agent} | set(node_os)):
        mine = [c for c in agent if c.node == node]
        by_node[node] = {"os": node_os.get(node) or str(record.run.get("os") or "unknown"),
                         "role": (roles or {}).get(node, "host"), **_counts(mine)}
    phases: dict[str, dict[str, float]] = {}
    for p in record.run.get("phases") or []:
        if isinstance(p, dict) and p.get("name"):
            phases[str(p["name"])] = {"duration_s": float(p.get("duration_s") or 0.0),
                                      "commands": 0, "command_s": 0.0}
    for c in record.commands:
        ph = phases.setdefault(c.phase or "unknown",
                               {"duration_s": 0.0, "commands": 0, "command_s": 0.0})
        ph["commands"] += 1
        ph["command_s"] += c.duration_ms / 1000.0
    return {**_counts(agent), "by_node": by_node, "phases": phases,
            "agent_s": agent_seconds(record)}


def agent_seconds(record: Run) -> float | None:
    """How long the agent worked: its phase, else the span of its commands."""
    for p in record.run.get("phases") or []:
        if isinstance(p, dict) and p.get("name") == "agent" and p.get("duration_s") is not None:
            return float(p["duration_s"])
    spans = [(c.start, c.end) for c in record.commands if c.is_agent and c.start is not None]
    if not spans:
        return None
    return max(e for _, e in spans if e is not None) - min(s for s, _ in spans if s is not None)
