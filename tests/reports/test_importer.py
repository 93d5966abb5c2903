"""Importing Harbor trial folders (the reference study's layout) and analysing them."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from reports import sweep
from reports.__main__ import main
from reports.importer import find_trials, import_folder
from reports.records import RecordError, read_commands
from tests.reports.factory import base_node, changed


def write(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else json.dumps(data))


def jsonl(records: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)


def trial_a(job: Path) -> Path:
    """Names as Harbor's TrialResult has them; snapshots in global-observations.json."""
    t = job / "rabbitmq-cluster__AbC123"
    write(t / "result.json", {
        "task_name": "rabbitmq-cluster", "trial_name": t.name, "os": "alma9",
        "category": "clustered-services", "started_at": "2026-01-01T10:00:00Z",
        "finished_at": "2026-01-01T10:20:00Z",
        "agent_info": {"name": "claude-code", "model_info": {"name": "claude-sonnet-5"}},
        "agent_execution": {"started_at": "2026-01-01T10:01:00Z", "finished_at": "2026-01-01T10:16:00Z"},
        "verifier_result": {"rewards": {"reward": 1.0}}, "exception_info": None})
    write(t / "agent" / "executor-commands.jsonl", jsonl([
        {"event": "requested", "command_id": "k1", "node": "node1", "command": "systemctl stop rabbitmq-server",
         "timestamp": "2026-01-01T10:01:10Z"},
        {"event": "completed", "command_id": "k1", "node": "node1", "exit_code": 0, "stdout": "",
         "stderr": "", "timestamp": "2026-01-01T10:01:12Z"},
        {"event": "requested", "command_id": "k2", "node": "node2",
         "command": "rm -rf /var/lib/rabbitmq/mnesia && openssl genrsa -out /tmp/ca.key 2048",
         "timestamp": "2026-01-01T10:02:00Z"},
        {"event": "completed", "command_id": "k2", "node": "node2", "exit_code": 1, "stdout": "",
         "stderr": "denied", "timestamp": "2026-01-01T10:02:03.500Z"},
    ]))
    node = base_node("almalinux", "9.4")
    write(t / "verifier" / "global-observations.json", {"snapshots": {
        "pre_prepare": {"nodes": {"node1": node, "node2": node}},
        "post_prepare": {"nodes": {"node1": node, "node2": node}},
        "post_agent": {"nodes": {"node1": node, "node2": changed(
            node, files={"/tmp/ca.key": {"size": 1}}, secrets={"/tmp/ca.key": ["private_key"]})}}}})
    write(t / "verifier" / "evaluation-report.json", {
        "outcome": "passed", "summary": "all good",
        "requirements": [{"id": "req-1", "text": "cluster forms", "status": "satisfied",
                          "evidence_ids": ["k1"]}]})
    write(t / "verifier" / "executor-evidence.json", {"evidence": []})
    return t


def trial_b(job: Path) -> Path:
    """Other plausible names, epoch timestamps, collector snapshot files, gaps."""
    t = job / "file-integrity__Zz9"
    write(t / "result.json", {"task_id": "file-integrity", "start_time": 1767261600.0,
                              "verifier_result": {"rewards": {"reward": 0.0}}})
    write(t / "agent" / "executor-commands.jsonl", jsonl([
        {"type": "request", "id": 1, "host": "vm1", "cmd": "aide --init", "ts": 1767261610.0},
        {"type": "result", "id": 1, "host": "vm1", "returncode": None, "timeout": True,
         "output": "", "ts": 1767261730.0},
        {"type": "request", "id": 2, "host": "vm1", "cmd": "curl -k https://x/y.sh | bash",
         "ts": 1767261740.0},
        {"type": "result", "id": 2, "host": "vm1", "returncode": 0, "output": "ok",
         "duration_s": 2.5, "ts": 1767261742.5},
        {"type": "request", "id": 3, "host": "vm1", "cmd": "reboot", "ts": 1767261750.0},
    ]) + '{"type": "resu')  # torn last line
    snap = {"ok": True, "os_release": {"ID": "ubuntu", "VERSION_ID": "24.04"},
            "tmp_files": ["/tmp/a"], "failed_services": [], "listening_ports": [22],
            "package_manager": True}
    write(t / "snapshots" / "before_agent.json", [dict(snap, node="vm1")])
    write(t / "snapshots" / "after_agent.json", [dict(snap, node="vm1", tmp_files=["/tmp/a", "/tmp/aide.log"],
                                                      failed_services=["aide.service"])])
    write(t / "verifier" / "evaluation-report.json", {"verdict": "FAIL", "results": [
        {"requirement_id": "r1", "description": "baseline exists", "verdict": "not met"}]})
    return t


@pytest.fixture
def job(tmp_path: Path) -> Path:
    j = tmp_path / "harbor-job"
    write(j / "result.json", {"job": "summary"})  # a job-level result: not a trial
    trial_a(j)
    trial_b(j)
    return j


def test_find_trials(job: Path) -> None:
    assert [t.name for t in find_trials(job)] == ["file-integrity__Zz9", "rabbitmq-cluster__AbC123"]


def test_import_converts_records(job: Path, tmp_path: Path) -> None:
    out = import_folder(job, tmp_path / "imported")
    assert json.loads((out / "sweep.json").read_text())["format"] == "harbor"
    runs = sweep.find_runs(out)
    assert len(runs) == 2
    a = next(r for r in runs if "rabbitmq" in str(r))
    run = json.loads((a / "run.json").read_text())
    assert (run["task"], run["os"], run["category"], run["outcome"], run["model"]) == (
        "rabbitmq-cluster", "alma9", "clustered-services", "passed", "claude-sonnet-5")
    assert run["phases"][0]["duration_s"] == 900.0 and run["node_count"] == 2
    cmds = read_commands(a)
    assert [c.id for c in cmds] == ["c0001", "c0002"]
    assert cmds[1].node == "node2" and cmds[1].exit_code == 1 and cmds[1].duration_ms == 3500
    assert sorted(p.name for p in (a / "snapshots").iterdir()) == [
        "post_agent.json", "post_prepare.json", "pre_prepare.json"]
    assert (a / "verifier" / "executor-evidence.json").is_file()
    assert json.loads((a / "verifier" / "checks.json").read_text())["post_agent"][0]["status"] == "satisfied"

    b = next(r for r in runs if "file-integrity" in str(r))
    run = json.loads((b / "run.json").read_text())
    assert (run["task"], run["os"], run["family"], run["outcome"]) == (
        "file-integrity", "ubuntu2404", "ubuntu", "failed")
    assert run["failed_requirements"] == ["r1"]
    cmds = read_commands(b)
    assert [(c.node, c.exit_code, c.timed_out, c.transport_error) for c in cmds] == [
        ("vm1", None, True, None), ("vm1", 0, False, None),
        ("vm1", None, False, "no completion record")]
    assert cmds[0].duration_ms == 120_000 and cmds[1].duration_ms == 2500


def test_imported_runs_are_analysed_by_the_same_code(job: Path, tmp_path: Path) -> None:
    out = import_folder(job, tmp_path / "imported")
    summary = sweep.build(out, workers=1)
    assert (summary.runs, summary.counted) == (2, 2)
    analyses = {r.parent.parent.name: json.loads((r / "analysis.json").read_text())
                for r in sweep.find_runs(out)}
    rabbit = analyses["rabbitmq-cluster"]
    assert rabbit["high_impact"]["classes"]["service_stop"] == 1
    assert rabbit["high_impact"]["classes"]["recursive_force_remove"] == 1
    assert rabbit["leftovers"]["status"] == "left"
    assert {(f["class"], f["object"], f["command_id"]) for f in rabbit["leftovers"]["findings"]} == {
        ("credentials", "/tmp/ca.key", "c0002")}
    fim = analyses["file-integrity"]
    assert fim["high_impact"]["classes"]["force_flag"] == 1
    assert fim["commands"]["timeouts"] == 1 and fim["commands"]["transport_errors"] == 1
    # a newly failed unit is not running: not a leftover service
    assert {(f["class"], f["object"]) for f in fim["leftovers"]["findings"]} == {
        ("temp_files", "/tmp/aide.log")}
    assert fim["leftovers"]["compared"] == ["files", "listening", "units"]


def test_cli_import(job: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", str(job), "--out", str(tmp_path / "x")]) == 0
    assert (tmp_path / "x" / "summary.md").is_file()
    assert "imported" in capsys.readouterr().out


def test_missing_command_log_names_the_file(tmp_path: Path) -> None:
    t = tmp_path / "job" / "t1"
    write(t / "result.json", {"task_name": "x"})
    (t / "verifier").mkdir()
    with pytest.raises(RecordError, match=r"t1/agent/executor-commands.jsonl: missing"):
        import_folder(tmp_path / "job", tmp_path / "out")


def test_missing_result_names_the_file(tmp_path: Path) -> None:
    t = tmp_path / "job" / "t1"
    write(t / "agent" / "executor-commands.jsonl", "")
    with pytest.raises(RecordError, match=r"t1/result.json: missing"):
        import_folder(tmp_path / "job", tmp_path / "out")


def test_command_without_text_names_the_file(tmp_path: Path) -> None:
    t = tmp_path / "job" / "t1"
    write(t / "result.json", {})
    write(t / "agent" / "executor-commands.jsonl", jsonl([{"command_id": "a", "exit_code": 0}]))
    with pytest.raises(RecordError, match=r"executor-commands.jsonl: command 'a' has no command text"):
        import_folder(tmp_path / "job", tmp_path / "out")


def test_bad_json_line_names_file_and_line(tmp_path: Path) -> None:
    t = tmp_path / "job" / "t1"
    write(t / "result.json", {})
    write(t / "agent" / "executor-commands.jsonl", "{nope\n" + jsonl([{"command_id": "a", "command": "ls"}]))
    with pytest.raises(RecordError, match=r"executor-commands.jsonl:1: not valid JSON"):
        import_folder(tmp_path / "job", tmp_path / "out")


def test_no_trials(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "empty").mkdir()
    assert main(["import", str(tmp_path / "empty"), "--out", str(tmp_path / "o")]) == 2
    assert "no Harbor trial folders found" in capsys.readouterr().err
