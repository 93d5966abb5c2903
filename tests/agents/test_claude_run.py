"""The Claude agent over the real SDK and real HTTP, with commands really run: the happy path."""
from __future__ import annotations

import json

import pytest

from agents import AgentLimits, AgentOptions, make_agent
from tests.agents.local_session import LocalSession
from tests.support.messages_api import MessagesAPIServer, Usage, message, text, thinking, tool_use


def finish(*evidence: tuple[str, list[str]], status: str = "completed") -> dict:
    return tool_use("finish", {"status": status, "summary": "done", "evidence": [
        {"requirement": r, "command_ids": ids} for r, ids in evidence]})


def three_turns() -> list:
    return [
        message(text("Writing the file."),
                tool_use("run_command", {"node": "node1", "command": "echo hello > hello && cat hello"}),
                usage=Usage(1000, 50, 0, 900)),
        message(tool_use("run_command", {"node": "node2", "command": "echo on-$NODE; echo oops >&2; exit 3"}),
                usage=Usage(120, 40, 900, 200)),
        message(finish(("req-1", ["c0001"])), usage=Usage(80, 30, 1100, 150)),
    ]


@pytest.mark.parametrize("stream", [True, False], ids=["stream", "json"])
def test_multi_turn_run_ends_with_finish_and_is_recorded(drive, stream):
    run = drive(three_turns(), stream=stream)

    assert run.error is None
    assert run.report.status == "completed"
    assert [e.command_ids for e in run.report.evidence] == [("c0001",)]
    assert all(r.body.get("stream", False) is stream for r in run.api.requests)

    # The commands really ran, on the named node, and were recorded.
    commands = run.session.commands()
    assert [(c["id"], c["node"], c["exit_code"]) for c in commands] == [
        ("c0001", "node1", 0), ("c0002", "node2", 3)]
    assert (run.session.node_dir("node1") / "hello").read_text() == "hello\n"
    assert commands[1]["stdout"] == "on-node2\n" and commands[1]["stderr"] == "oops\n"

    # The model saw each command's id, exit code, duration and output.
    first = run.tool_results(1)[0]["content"]
    assert first.startswith("command c0001 on node1: exit 0, ") and "stdout:\nhello\n" in first
    second = run.tool_results(2)[0]["content"]
    assert "exit 3" in second and "stdout:\non-node2\n" in second and "stderr:\noops\n" in second

    # report.json, with evidence ids that exist in commands.jsonl
    report = run.json("report.json")
    assert report == {"status": "completed", "summary": "done", "reason": None,
                      "evidence": [{"requirement": "req-1", "command_ids": ["c0001"]}]}
    ids = {c["id"] for c in commands}
    assert all(i in ids for e in report["evidence"] for i in e["command_ids"])

    # usage.json: per turn and totals
    usage = run.json("usage.json")
    assert [t["input_tokens"] for t in usage["turns"]] == [1000, 120, 80]
    assert [t["cache_read_tokens"] for t in usage["turns"]] == [0, 900, 1100]
    assert [t["stop_reason"] for t in usage["turns"]] == ["tool_use", "tool_use", "tool_use"]
    assert usage["totals"] == {"turns": 3, "input_tokens": 1200, "output_tokens": 120,
                               "cache_read_tokens": 2000, "cache_write_tokens": 1250,
                               "total_tokens": 4570}

    # messages.jsonl: start, the conversation in order, end
    lines = run.lines
    assert [line["seq"] for line in lines] == list(range(1, len(lines) + 1))
    assert [(line["type"], line.get("role")) for line in lines] == [
        ("start", None), ("message", "user"), ("message", "assistant"), ("message", "user"),
        ("message", "assistant"), ("message", "user"), ("message", "assistant"), ("end", None)]
    assert "node1" in lines[0]["system"] and lines[0]["tools"][0]["name"] == "run_command"
    assert "Write hello to /tmp/hello on node1." in lines[1]["content"][0]["text"]
    assert lines[2]["turn"] == 1 and lines[2]["usage"]["input_tokens"] == 1000
    assert lines[-1]["status"] == "completed"


def test_cost_comes_from_the_price_table(drive):
    run = drive(three_turns(), model="claude-sonnet-5")
    usage = run.json("usage.json")
    # 1200 in × $3 + 120 out × $15 + 2000 read × $0.30 + 1250 write × $3.75, per MTok
    assert usage["cost"]["usd"] == pytest.approx((1200 * 3 + 120 * 15 + 2000 * 0.3 + 1250 * 3.75) / 1e6)
    assert usage["turns"][0]["cost_usd"] is not None


def test_unknown_model_has_null_cost_with_a_note(drive):
    run = drive(three_turns(), model="claude-unpriced-9")
    cost = run.json("usage.json")["cost"]
    assert cost["usd"] is None and "claude-unpriced-9" in cost["note"]
    assert run.report.status == "completed"


def test_cache_breakpoints_on_system_tools_and_last_message(drive):
    run = drive(three_turns())
    for body in run.bodies():
        assert body["system"][-1]["cache_control"] == {"type": "ephemeral"}
        assert body["tools"][-1]["cache_control"] == {"type": "ephemeral"}
        assert all("cache_control" not in t for t in body["tools"][:-1])
        messages = body["messages"]
        assert messages[-1]["content"][-1]["cache_control"] == {"type": "ephemeral"}
        marked = [b for m in messages for b in m["content"] if "cache_control" in b]
        assert len(marked) == 1  # one moving breakpoint: at most 4 in all


def test_the_api_key_reaches_the_server_but_no_record(drive, api_key):
    script = three_turns()
    # The key even turns up in a command's output: the record must still not hold it.
    script[0] = message(tool_use("run_command", {"node": "node1", "command": "echo $ANTHROPIC_API_KEY"}))
    run = drive(script)
    assert run.report.status == "completed"
    headers = run.api.requests[0].headers
    assert api_key in headers.get("x-api-key", "") + headers.get("authorization", "")
    assert api_key in run.session.commands()[0]["stdout"]  # the lab's record is not ours to edit
    agent_files = [p for p in (run.record_dir / "agent").rglob("*") if p.is_file()]
    assert {p.name for p in agent_files} == {"messages.jsonl", "usage.json", "report.json"}
    for path in agent_files:
        assert api_key not in path.read_text(), path
    assert "[REDACTED]" in (run.record_dir / "agent" / "messages.jsonl").read_text()


def test_sdk_retries_are_off(drive):
    run = drive(three_turns())
    assert {r.headers["x-stainless-retry-count"] for r in run.api.requests} == {"0"}


def test_long_output_is_capped_with_head_tail_and_marker(drive):
    limits = AgentLimits(output_chars_shown=300)
    script = [message(tool_use("run_command", {"node": "node1",
                                               "command": "echo HEAD; seq 1 5000; echo TAIL"})),
              message(finish(("req-1", ["c0001"])))]
    run = drive(script, limits=limits)
    shown = run.tool_results(1)[0]["content"]
    body = shown.split("\n", 1)[1]
    assert body.startswith("stdout:\nHEAD\n1\n2\n") and body.endswith("4999\n5000\nTAIL\n")
    assert "characters cut ...]" in body and len(shown) < 500
    assert run.session.commands()[0]["stdout"].count("\n") == 5002  # the record keeps it all


def test_effort_turns_on_extended_thinking_and_thinking_blocks_go_back(drive):
    script = [message(thinking("plan the work", signature="sig-1"),
                      tool_use("run_command", {"node": "node1", "command": "true"})),
              message(finish(("req-1", ["c0001"])))]
    run = drive(script, effort="medium")
    first, second = run.bodies()
    assert first["thinking"] == {"type": "enabled", "budget_tokens": 16_000}
    assert first["max_tokens"] > 16_000
    assert second["messages"][1]["content"][0] == {"type": "thinking", "thinking": "plan the work",
                                                   "signature": "sig-1"}


def test_no_effort_means_no_thinking_and_the_default_model(drive):
    run = drive([message(finish())])
    assert "thinking" not in run.bodies()[0]
    assert run.bodies()[0]["model"] == "claude-sonnet-5"


def test_blocked_finish(drive):
    run = drive([message(finish(status="blocked"))])
    assert run.report.status == "blocked"
    assert run.json("report.json")["status"] == "blocked"


def test_registry_builds_the_agent_from_the_environment(api_key, tmp_path, monkeypatch):
    with MessagesAPIServer([message(finish())]) as api:
        monkeypatch.setenv("ANTHROPIC_BASE_URL", api.base_url)
        agent = make_agent("claude", AgentOptions(model="claude-haiku-4-5"))
        report = agent.solve(LocalSession(tmp_path))
    assert report.status == "completed"
    assert api.requests[0].body["model"] == "claude-haiku-4-5"


def test_messages_and_usage_are_on_disk_while_the_run_goes_on(drive):
    agent_dir = drive.tmp_path / "run1" / "agent"  # the first run of this driver
    seen = {}

    def script(request):
        if len(request.body["messages"]) == 1:  # the first turn
            return message(tool_use("run_command", {"node": "node1", "command": "true"}))
        seen["lines"] = (agent_dir / "messages.jsonl").read_text().splitlines()
        seen["usage"] = (agent_dir / "usage.json").read_text()
        return message(finish(("req-1", ["c0001"])))

    run = drive(script)
    assert run.report.status == "completed"
    assert [json.loads(line)["type"] for line in seen["lines"]] == ["start", "message", "message", "message"]
    assert json.loads(seen["usage"])["totals"]["turns"] == 1
