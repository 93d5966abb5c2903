"""The evidence ids the verifier may cite, pointing into a run's record (a command, a snapshot
key, a check result); the run itself is read by `records.read_run`, tolerantly, so the verifier
can say what it could not see."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import AbstractSet, Iterable, Sequence

from records import Run, read_run

# -- evidence ----------------------------------------------------------------------------------
# Evidence ids the verifier may cite, and the filter that drops the ones that do not exist.
#
# Three kinds of id point into a run's record:
#   `c0042`                              a command in commands.jsonl
#   `snapshot:<phase>:<node>:<key>`      one key of one node in snapshots/<phase>.json
#   `check:<phase>:<requirement-id>`     one deterministic result in verifier/checks.json

@dataclass(frozen=True)
class FilteredEvidence:
    kept: tuple[str, ...]  # known ids, first occurrence order, no duplicates
    dropped: tuple[str, ...]  # everything else, as text, for the record


def filter_evidence(cited: Sequence[object], known: AbstractSet[str]) -> FilteredEvidence:
    """Keep the cited ids that exist; a model's non-string "ids" are dropped like unknown ones."""
    kept: list[str] = []
    dropped: list[str] = []
    for item in cited:
        if isinstance(item, str) and item in known:
            if item not in kept:
                kept.append(item)
        else:
            text = item if isinstance(item, str) else repr(item)
            if text not in dropped:
                dropped.append(text)
    return FilteredEvidence(kept=tuple(kept), dropped=tuple(dropped))


def snapshot_ref(phase: str, node: str, key: str) -> str:
    return f"snapshot:{phase}:{node}:{key}"


def check_ref(phase: str, requirement_id: str) -> str:
    return f"check:{phase}:{requirement_id}"


def load_run(run_dir: Path) -> Run:
    """The run as the verifier reads it: every file optional, run.json too."""
    return read_run(run_dir, strict=False)


def known_ids(record: Run, include_checks: bool = True) -> frozenset[str]:
    """Every id that may be cited for `record`; check results only when the judge saw them."""
    ids: set[str] = {c.id for c in record.commands if c.id}
    ids.update(_snapshot_refs(record))
    if include_checks and record.checks is not None:
        ids.update(check_ref(phase, r.id) for phase, results in record.checks.phases.items()
                   for r in results)
    return frozenset(ids)


def _snapshot_refs(record: Run) -> Iterable[str]:
    for phase, snap in record.snapshots.items():
        for node, data in (snap.get("nodes") or {}).items():
            if isinstance(data, dict):
                for key in data:
                    yield snapshot_ref(phase, node, key)
