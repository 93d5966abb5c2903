"""fixtures.prepared: which run gets a held cluster, and that none outlives its last user."""
from __future__ import annotations

from pathlib import Path

from fixtures.prepared import Prepared, PreparedPool


class FakeCluster:
    def __init__(self, name: str) -> None:
        self.name, self.destroyed = name, 0

    def destroy(self) -> None:
        self.destroyed += 1


A, B = ("task-a", "debian12"), ("task-b", "debian12")


def _pool(*keys) -> PreparedPool:
    pool = PreparedPool()
    for k in keys:
        pool.expect(k)
    return pool


def test_the_next_agent_of_the_same_task_gets_the_cluster():
    pool = _pool(A, A, A)                    # three agents on task-a
    assert pool.claim(A) is None             # the first prepares its own
    assert pool.wanted(A)
    c = FakeCluster("a")
    pool.hold(A, Prepared(c, Path("/runs/a1")))
    got = pool.claim(A)
    assert got is not None and got.cluster is c and got.run_dir == Path("/runs/a1")
    assert pool.wanted(A)                    # a third run is still to come
    pool.hold(A, got)                        # handed on again: not destroyed
    assert pool.claim(A).cluster is c and not pool.wanted(A) and c.destroyed == 0


def test_a_run_that_prepares_evicts_other_held_clusters():
    pool = _pool(A, A, B, B)
    pool.claim(A)
    a = FakeCluster("a")
    pool.hold(A, Prepared(a, Path("/runs/a1")))
    assert pool.claim(B) is None and a.destroyed == 1   # its lease could keep task-b waiting
    assert pool.claim(A) is None                         # task-a's nop now starts from scratch


def test_close_destroys_what_is_held_and_forgets_expected_runs():
    pool = _pool(A, A)
    pool.claim(A)
    a = FakeCluster("a")
    pool.hold(A, Prepared(a, Path("/runs/a1")))
    pool.close()
    assert a.destroyed == 1 and not pool.wanted(A) and pool.claim(A) is None


def test_holding_a_new_cluster_for_a_key_destroys_the_old_one():
    pool = _pool(A, A, A)
    old, new = FakeCluster("old"), FakeCluster("new")
    pool.hold(A, Prepared(old, Path("/r/1")))
    pool.hold(A, Prepared(new, Path("/r/2")))
    assert old.destroyed == 1 and pool.claim(A).cluster is new
