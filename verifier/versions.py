"""Names of versioned verifier records: version 1 is the evaluation made with the run
(`evaluation-report.json`); re-verifications add `evaluation-report.v2.json`, v3, … beside it."""
from __future__ import annotations

import re
from pathlib import Path

_VERSIONED = re.compile(r"^evaluation-report\.v(\d+)\.json$")


def versioned(stem: str, suffix: str, version: int) -> str:
    """`usage.json` for version 1, `usage.v3.json` for version 3."""
    return f"{stem}{suffix}" if version == 1 else f"{stem}.v{version}{suffix}"


def report_name(version: int) -> str:
    return versioned("evaluation-report", ".json", version)


def existing_versions(verifier_dir: Path) -> list[int]:
    found = [1] if (verifier_dir / report_name(1)).exists() else []
    if verifier_dir.is_dir():
        found += [int(m.group(1)) for p in verifier_dir.iterdir()
                  if (m := _VERSIONED.match(p.name))]
    return sorted(found)


def next_version(verifier_dir: Path) -> int:
    """The first version above every existing one (at least 2: version 1 is the run's own)."""
    return max([1, *existing_versions(verifier_dir)]) + 1
