"""`verifier/global-observations.json`: the run's snapshots and the diffs between its phases."""
from __future__ import annotations

from typing import Any

from records import SNAPSHOT_PHASES
from verifier.run_record import RunRecord
from verifier.snapshot_diff import PHASE_PAIRS, diff_snapshots

SCHEMA = "opsbench.global-observations/1"


def phase_diffs(record: RunRecord) -> list[dict[str, Any]]:
    """One entry per phase pair whose two snapshots were both taken."""
    out = []
    for before, after in PHASE_PAIRS:
        if before in record.snapshots and after in record.snapshots:
            out.append({"from": before, "to": after,
                        "nodes": diff_snapshots(record.snapshots[before], record.snapshots[after])})
    return out


def global_observations(record: RunRecord, diffs: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "schema": SCHEMA,
        "run_id": record.run.get("run_id"),
        "snapshots": {phase: record.snapshots[phase] for phase in SNAPSHOT_PHASES
                      if phase in record.snapshots},
        "missing_phases": [p for p in SNAPSHOT_PHASES if p not in record.snapshots],
        "diffs": diffs,
    }
