"""What the record shows beside the verdicts: the differences between snapshot phases, the agent's
command counts, and the two study records built from them (global-observations.json, executor-
evidence.json).
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import asdict, dataclass
from typing import Any, Iterable, Mapping

from msgspec import structs

from records import CommandRecord, SNAPSHOT_PHASES
from verifier._record import Run

# -- snapshot diff -----------------------------------------------------------------------------
# Differences between two snapshots of a run, per node and per snapshot key.
#
# Each key's value is diffed by its shape: a mapping by its keys (added, removed, changed with
# before/after), a list as a multiset of items (added, removed), anything else as one value
# (before, after). Only keys that changed appear. A node whose probe failed in either snapshot
# gets its error instead of key diffs, since a failed probe says nothing about the machine.

# The phase pairs the verifier compares: what the harness prepared, what the agent did, and
# what survived the reboot.
PHASE_PAIRS = (("pre_prepare", "post_prepare"), ("post_prepare", "post_agent"),
               ("post_agent", "post_reboot"))
_NODE_META = ("ok",)


def diff_snapshots(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, Any]:
    """`{node: {"error": str} | {"keys": {key: diff}}}` for every node in either snapshot."""
    nodes_before, nodes_after = before.get("nodes") or {}, after.get("nodes") or {}
    out: dict[str, Any] = {}
    for node in sorted(set(nodes_before) | set(nodes_after)):
        b, a = nodes_before.get(node), nodes_after.get(node)
        error = _node_error(before.get("phase"), b) or _node_error(after.get("phase"), a)
        # Without an error both nodes are there; `or {}` only tells the type checker so.
        out[node] = {"error": error} if error else {"keys": diff_node(b or {}, a or {})}
    return out


def diff_node(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, Any]:
    out = {}
    for key in sorted((set(before) | set(after)) - set(_NODE_META)):
        d = diff_value(before.get(key), after.get(key))
        if d is not None:
            out[key] = d
    return out


def diff_value(before: Any, after: Any) -> dict[str, Any] | None:
    """The diff of one snapshot key, or None when nothing changed (a missing key reads as an
    empty value of the other side's shape)."""
    if before == after:
        return None
    if _is(before, dict) and _is(after, dict):
        d = _diff_map(before or {}, after or {})
    elif _is(before, list) and _is(after, list):
        d = _diff_list(before or [], after or [])
    else:
        return {"kind": "value", "before": before, "after": after}
    return d if any(v for k, v in d.items() if k != "kind") else None


def _is(value: Any, kind: type) -> bool:
    return value is None or isinstance(value, kind)


def _diff_map(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "kind": "map",
        "added": {k: after[k] for k in sorted(set(after) - set(before))},
        "removed": {k: before[k] for k in sorted(set(before) - set(after))},
        "changed": {k: {"before": before[k], "after": after[k]}
                    for k in sorted(set(before) & set(after)) if before[k] != after[k]},
    }


def _diff_list(before: list, after: list) -> dict[str, Any]:
    # Items are compared by canonical JSON so dict items (sockets, mounts) count as equal
    # regardless of key order.
    key = lambda item: json.dumps(item, sort_keys=True)  # noqa: E731
    cb, ca = Counter(map(key, before)), Counter(map(key, after))
    return {
        "kind": "list",
        "added": [json.loads(k) for k in sorted((ca - cb).elements())],
        "removed": [json.loads(k) for k in sorted((cb - ca).elements())],
    }


def _node_error(phase: str | None, node: Mapping[str, Any] | None) -> str | None:
    if node is None:
        return f"{phase}: node absent from the snapshot"
    if not node.get("ok"):
        return f"{phase}: probe failed: {node.get('error') or 'no reason recorded'}"
    return None


# -- command stats -----------------------------------------------------------------------------
# Counts of the agent's commands, as the reference study counted them: a command failed when it
# returned a non-zero exit status; one with no exit status (timeout, dropped connection) is
# neither successful nor failed.

@dataclass(frozen=True)
class CommandStats:
    total: int
    successful: int
    failed: int
    no_exit_status: int

    def to_json(self) -> dict[str, int]:
        return asdict(self)


def command_stats(commands: Iterable[CommandRecord]) -> CommandStats:
    agent = [c for c in commands if c.source == "agent"]
    return CommandStats(
        total=len(agent),
        successful=sum(c.exit_code == 0 for c in agent),
        failed=sum(c.exit_code not in (None, 0) for c in agent),
        no_exit_status=sum(c.exit_code is None for c in agent),
    )


# -- global observations -----------------------------------------------------------------------
# `verifier/global-observations.json`: the run's snapshots and the diffs between its phases.

GLOBAL_OBSERVATIONS_SCHEMA = "opsbench.global-observations/1"


def phase_diffs(record: Run) -> list[dict[str, Any]]:
    """One entry per phase pair whose two snapshots were both taken."""
    out = []
    for before, after in PHASE_PAIRS:
        if before in record.snapshots and after in record.snapshots:
            out.append({"from": before, "to": after,
                        "nodes": diff_snapshots(record.snapshots[before], record.snapshots[after])})
    return out


def global_observations(record: Run, diffs: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "schema": GLOBAL_OBSERVATIONS_SCHEMA,
        "run_id": record.run.get("run_id"),
        "snapshots": {phase: record.snapshots[phase] for phase in SNAPSHOT_PHASES
                      if phase in record.snapshots},
        "missing_phases": [p for p in SNAPSHOT_PHASES if p not in record.snapshots],
        "diffs": diffs,
    }


# -- executor evidence -------------------------------------------------------------------------
# `verifier/executor-evidence.json`: the agent's cited evidence resolved to the full commands.
#
# The agent cites command ids per requirement in agent/report.json. Each cited id is replaced by the
# complete recorded command; ids that name no command, and requirements the task does not have,
# are listed apart so a reader sees exactly what the claim rested on.

EXECUTOR_EVIDENCE_SCHEMA = "opsbench.executor-evidence/1"


def executor_evidence(record: Run) -> dict[str, Any]:
    report = record.agent_report
    known_requirements = {r.id for r in record.requirements}
    entries: list[dict[str, Any]] = []
    unknown_ids: list[str] = []
    unknown_requirements: list[str] = []
    for ev in report.evidence if report else ():
        commands: list[dict[str, Any]] = []
        unknown: list[str] = []
        for cid in dict.fromkeys(ev.command_ids):  # dedupe, keep order
            cmd = record.command(cid)
            if cmd is None:
                unknown.append(cid)
            else:
                commands.append(structs.asdict(cmd))
        entries.append({"requirement": ev.requirement, "commands": commands,
                        "unknown_ids": unknown})
        unknown_ids.extend(u for u in unknown if u not in unknown_ids)
        if ev.requirement not in known_requirements and ev.requirement not in unknown_requirements:
            unknown_requirements.append(ev.requirement)
    cited = {e["requirement"] for e in entries}
    return {
        "schema": EXECUTOR_EVIDENCE_SCHEMA,
        "run_id": record.run.get("run_id"),
        "agent_report_present": report is not None,
        "agent_status": report.status if report else None,
        "agent_summary": report.summary if report else None,
        "evidence": entries,
        "unknown_ids": unknown_ids,
        "unknown_requirements": unknown_requirements,
        "uncited_requirements": [r.id for r in record.requirements if r.id not in cited],
    }
