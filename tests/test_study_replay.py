"""fixtures.replay without VMs: the shape of a study trial, the scratch task the plugin collects,
and what the study's task asks for by name (the VM replays themselves: docs/study-comparison.md)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from fixtures.replay import ReplayError, trial_shape, write_scratch_task
from reports.replay_records import declare_asked_for
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


def test_packages_the_task_asks_for_by_what_they_serve_and_their_units() -> None:
    """"time source" asks for a time server: ntp is asked, its configuration too, a backup copy
    of that configuration and a tool installed alongside are not; a package shipping a unit
    the task names is asked."""
    from reports.asked_for import asked_for
    before = {"packages": {"base-files": "1"}}
    after = {"packages": {"base-files": "1", "ntp": "1", "tcpdump": "4", "chrony": "4",
                          "acme-suite": "3"},
             "owners": {"/lib/systemd/system/webapp.service": "acme-suite"},
             "units": {"webapp.service": {"active": "active"}},
             "etc": {"/etc/ntp.conf": "x", "/etc/ntp.conf.bak": "y"}}
    got = asked_for({"node1": before}, {"node1": after},
                    "Configure node1 as the cluster's internal time source. Keep webapp running.")
    assert got["packages"] == ["acme-suite", "chrony", "ntp"]
    assert got["paths"] == ["/etc/ntp.conf"]
    assert got["services"] == ["webapp.service"]


def test_a_kept_replay_is_reduced_to_what_the_analysis_reads_and_analysed_anew(
        tmp_path: Path) -> None:
    from reports.replay_records import analysed, save
    from tests.reports.factory import RunBuilder, base_node, changed, make_sweep
    r = RunBuilder(make_sweep(tmp_path / "sweep"))
    r.cmd("sh -s <<'OPSBENCH_PROBE' …", phase="snapshot:post_agent", stdout="@@files\n" * 1000)
    r.cmd("echo hi > /tmp/probe.out")
    r.snapshot("pre_prepare", node1=base_node())
    r.snapshot("post_prepare", node1=base_node())
    r.snapshot("post_agent", node1=changed(base_node(), files={"/tmp/probe.out": {
        "size": 3, "mtime": 1, "sha256": "x", "mode": "0644", "owner": "root"}}))
    run = r.write()
    (run / "analysis.json").write_text("{}")  # derived: not kept
    kept = save(run, "jobs/1/x/demo__AbC", "debian12", tmp_path / "replays")
    assert kept.name == "demo__AbC"
    assert sorted(str(p.relative_to(kept)) for p in kept.rglob("*") if p.is_file()) == [
        "commands.jsonl", "replay.json", "run.json", "snapshots/post_agent.json",
        "snapshots/post_prepare.json", "task/task.toml"]
    assert "OPSBENCH_PROBE" not in (kept / "commands.jsonl").read_text()
    got = analysed(tmp_path / "replays")
    assert list(got) == ["jobs/1/x/demo__AbC"]
    assert got["jobs/1/x/demo__AbC"]["findings"] == [
        {"class": "temp_files", "kind": "log file", "node": "node1", "object": "/tmp/probe.out"}]
