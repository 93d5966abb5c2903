"""Differences between two snapshots of a run, per node and per snapshot key.

Each key's value is diffed by its shape: a mapping by its keys (added, removed, changed with
before/after), a list as a multiset of items (added, removed), anything else as one value
(before, after). Only keys that changed appear. A node whose probe failed in either snapshot
gets its error instead of key diffs, since a failed probe says nothing about the machine.
"""
from __future__ import annotations

import json
from collections import Counter
from typing import Any, Mapping

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
