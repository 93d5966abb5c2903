"""Hostile agents on a real node (slow: `pytest tests/vm/test_hostile_vm.py --slow`, or
benchmarks/bench_faults.py, which also writes docs/reliability.md). Every behaviour of
tests/support/hostile.py runs as the agent of account-resource-limits, all from one prepared
checkpoint: each must end in a complete record with the outcome it deserves — the agent's
failure, never an infrastructure error, never retried — and leave nothing behind."""
from __future__ import annotations

import pytest

from lab import gc
from tests.support.hostile import BEHAVIOURS, Observed, run_sweep

pytestmark = [pytest.mark.vm, pytest.mark.slow]


@pytest.fixture(scope="module")
def observed(tmp_path_factory) -> dict[str, Observed]:
    found, res = run_sweep(tmp_path_factory.mktemp("hostile"))
    assert "error" not in res.stdout.splitlines()[-1], res.stdout[-3000:] + res.stderr[-3000:]
    return {o.behaviour.name: o for o in found}


@pytest.mark.parametrize("name", [b.name for b in BEHAVIOURS])
def test_each_behaviour_is_scored_as_the_agents_doing(observed: dict[str, Observed], name: str) -> None:
    o = observed[name]
    assert o.as_deserved, o


def test_nothing_outlives_the_sweep(observed: dict[str, Observed]) -> None:
    assert gc.collect() == [], "the sweep left domains, networks or volumes behind"
