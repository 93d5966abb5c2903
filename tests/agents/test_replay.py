"""The replay agent re-runs recorded logs (ours and the study's) with real local execution."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from agents._replay import ReplayAgent, load_log
from records import ConfigurationError
from tests.agents.local_session import LocalSession, local_cluster

DATA = Path(__file__).parent / "data"


def test_replays_our_commands_jsonl_agent_phase_in_seq_order(tmp_path):
    session = LocalSession(tmp_path)
    report = ReplayAgent(DATA / "run-ours").solve(session)  # a run folder

    commands = session.commands()
    assert [(c["node"], c["command"]) for c in commands] == [
        ("node1", "echo first > first"), ("node2", "echo second > second"),
        ("node1", "sleep 5; echo never > late")]
    assert (session.node_dir("node1") / "first").read_text() == "first\n"
    assert (session.node_dir("node2") / "second").read_text() == "second\n"
    assert commands[2]["timed_out"] is True  # its recorded timeout_s (0.3 s) was kept
    assert [c["user"] for c in commands] == ["admin", "root", "admin"]  # root stays root
    assert report.status == "completed"
    assert report.summary.startswith("replayed 3 commands from ") and "1 did not exit 0" in report.summary
    assert json.loads((tmp_path / "agent" / "report.json").read_text())["status"] == "completed"


def test_replays_the_study_format_from_the_file(tmp_path):
    session = LocalSession(tmp_path)
    ReplayAgent(DATA / "run-study" / "agent" / "executor-commands.jsonl").solve(session)
    assert [(c["node"], c["command"], c["timed_out"]) for c in session.commands()] == [
        ("node1", "echo one > one", False), ("node2", "echo two > two", False),
        ("node1", "sleep 5", True)]


def test_a_study_log_without_sudo_replays_as_root_one_with_sudo_as_the_login_user(tmp_path):
    """The study's executor was root on some images and a sudo user on others; its records say
    which only by what the agent typed."""
    def log(commands):
        path = tmp_path / f"log{len(commands)}.jsonl"
        path.write_text("".join(json.dumps({"command_id": f"c{i}", "outcome": "requested",
                                            "node": "node1", "command": c}) + "\n"
                                for i, c in enumerate(commands)))
        return path
    assert {s.user for s in load_log(log(["useradd ops", "systemctl reboot"]))} == {"root"}
    assert {s.user for s in load_log(log(["id", "sudo -n useradd ops", "uptime"]))} == {None}
    assert {s.user for s in load_log(log(["echo pseudo sudoers", "visudo -c"]))} == {"root"}


def test_study_format_from_a_run_folder_keeps_timeouts():
    steps = load_log(DATA / "run-study" / "agent" / "executor-commands.jsonl")
    assert [(s.source_id, s.timeout_s) for s in steps] == [("cmd-1", None), ("cmd-2", 30.0),
                                                          ("cmd-3", 0.3)]
    assert ReplayAgent(DATA / "run-study").steps == steps


def test_study_format_replays_only_the_last_executor_attempt():
    steps = load_log(DATA / "study-attempts.jsonl")
    assert [s.command for s in steps] == ["echo attempt2 > attempt"]


def test_unknown_node_is_one_error_listing_the_cluster(tmp_path):
    session = LocalSession(tmp_path, cluster=local_cluster("node1"))
    with pytest.raises(ConfigurationError) as e:
        ReplayAgent(DATA / "run-ours").solve(session)
    assert str(e.value).endswith("runs commands on node2, which this cluster lacks; its nodes: node1")
    assert session.commands() == []  # checked before anything ran


@pytest.mark.parametrize("content, says", [
    ("", "has no agent commands to replay"),
    ('{"phase": "prepare", "node": "node1", "command": "x"}\n', "has no agent commands"),
    ("not json\n", ":1 is not JSON"),
    ('{"command_id": "c1", "outcome": "requested", "command": "x"}\n', "command c1 lacks a node"),
])
def test_bad_logs_fail_up_front(tmp_path, content, says):
    path = tmp_path / "log.jsonl"
    path.write_text(content)
    with pytest.raises(ConfigurationError, match=says):
        ReplayAgent(path)


def test_a_folder_without_a_log(tmp_path):
    with pytest.raises(ConfigurationError, match="holds neither commands.jsonl nor agent/executor-commands.jsonl"):
        ReplayAgent(tmp_path)
    with pytest.raises(ConfigurationError, match="no such file or folder"):
        ReplayAgent(tmp_path / "missing")
