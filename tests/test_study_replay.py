"""fixtures.replay without VMs: the shape of a study trial, the scratch task the plugin collects,
and what the study's task asks for by name (the VM replays themselves: docs/study-comparison.md)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from fixtures.replay import ReplayError, declare_asked_for, trial_shape, write_scratch_task
from fixtures.tasks import load_task

STUDY = Path(__file__).resolve().parent / "data" / "study"
SINGLE = STUDY / ("jobs/3541/2026-10-04__10-43-32/account-resource-limits-bash-ubuntu16-3541/"
                  "account-resource-limits-bash-ubu__2br6rH5")
NETWORK = next(STUDY.glob("jobs/vyos-networking/*/*/*/*__*"))


def test_a_trial_gives_its_node_names_category_and_a_task_the_plugin_loads(tmp_path: Path) -> None:
    shape = trial_shape(SINGLE)
    assert shape["nodes"] == ["node1"] and shape["category"] == "single-node"
    assert shape["id"].startswith("replay-account-resource-limits-ubuntu16-")
    task = load_task(write_scratch_task(tmp_path, shape, "debian12"))
    assert task.node_names == ("node1",) and [r.id for r in task.requirements] == ["req-1"]


def test_a_network_trial_is_refused_with_the_reason() -> None:
    with pytest.raises(ReplayError, match="only Linux single-node"):
        trial_shape(NETWORK)


def test_the_run_is_told_what_the_task_names(tmp_path: Path) -> None:
    run = tmp_path / "run"
    (run / "snapshots").mkdir(parents=True)
    (run / "task").mkdir()
    (run / "task" / "task.toml").write_text('id = "x"\n')
    before = {"users": {"root": {"uid": 0, "home": "/root"}}}
    after = {"users": {"root": {"uid": 0, "home": "/root"},
                       "appworker": {"uid": 1001, "home": "/home/appworker"},
                       "tester": {"uid": 1002, "home": "/home/tester"}},
             "etc": {"/etc/security/limits.d/appworker.conf": "x"}}
    for phase, node in (("post_prepare", before), ("post_agent", after)):
        (run / "snapshots" / f"{phase}.json").write_text(json.dumps({"nodes": {"node1": node}}))
    (run / "commands.jsonl").write_text("")
    declare_asked_for(run, SINGLE)  # its requirements name appworker and its limits
    toml = (run / "task" / "task.toml").read_text()
    assert 'users = ["appworker"]' in toml
    assert "/etc/security/limits.d/appworker.conf" in toml and "tester" not in toml
    declare_asked_for(run, SINGLE)  # again: replaced, not appended twice
    assert (run / "task" / "task.toml").read_text().count("[expected]") == 1
