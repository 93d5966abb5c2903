"""snapshots/<phase>.json read lazily: most of a sweep's bytes, and mostly unchanged between
phases, so each node keeps its sections (files, etc, packages, …) as raw JSON and decodes one on
first use; two byte-identical sections are known equal without decoding either."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

import msgspec

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
