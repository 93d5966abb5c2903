"""Finding the runs of a sweep folder (docs/records.md: sweep.json marks a sweep)."""
from __future__ import annotations

from pathlib import Path


class NotASweepError(ValueError):
    """The folder given as a sweep has no sweep.json; the message names the folder."""


def require_sweep(sweep_dir: Path) -> Path:
    sweep_dir = Path(sweep_dir)
    if not (sweep_dir / "sweep.json").is_file():
        raise NotASweepError(f"{sweep_dir}: not a sweep folder (no sweep.json in it)")
    return sweep_dir


def run_dirs(sweep_dir: Path) -> list[Path]:
    """Every run folder (one holding run.json) under the sweep, in path order."""
    return sorted(p.parent for p in require_sweep(sweep_dir).rglob("run.json"))
