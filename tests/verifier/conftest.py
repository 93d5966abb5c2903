from __future__ import annotations

from pathlib import Path

import pytest

from tests.verifier.sweep_factory import RunSpec, make_run, make_sweep


@pytest.fixture
def sweep(tmp_path: Path) -> Path:
    return make_sweep(tmp_path / "sweep")


@pytest.fixture
def run_dir(tmp_path: Path) -> Path:
    """A run whose agent claimed completion and whose req-2 check failed after the agent."""
    return make_run(tmp_path / "sweep", RunSpec(post_agent={"req-2": "not_satisfied"}, outcome="failed"))
